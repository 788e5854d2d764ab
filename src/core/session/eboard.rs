//! The sighted player's electronic board in the game (FIDE Laws D.1, D.2.1, D.2.9, 6.2.a).
//!
//! The board reports placements; a placement counts once it stood still
//! ([`Stability`]), and is then held against the game ([`classify`]):
//!
//! - the blind player's move executed on the board: nothing to say; executed wrongly: the
//!   squares that differ are said at once to both players (D.2.9), unless the placement
//!   lies on the way to the move (a capture half done), which gets the grace below;
//! - a legal move of the sighted player: echoed like a typed move, and made by the clock
//!   (6.2.a): the lever of a clock on the board, else `eboard.complete` (the board standing
//!   in the new position for a while, or the confirm key). Until then a new legal
//!   placement from the same position replaces it, and the old position withdraws it;
//! - an earlier position of the game: a take-back candidate, told to the arbiter only;
//! - anything else: after [`GRACE`] unchanged, the squares that differ, to both; and
//!   "Brett stimmt wieder" once the board matches again.
//!
//! A board that is lost is said once; when it is found again, its first stable placement
//! is checked aloud.

use std::time::Duration;

use shakmaty::{Board, Chess, Color, Move, Position};

use crate::core::eboard::classify::{Classification, Game, classify, on_the_way};
use crate::core::eboard::orientation::Orientation;
use crate::core::eboard::settings::Completion;
use crate::core::eboard::stability::Stability;
use crate::core::input::{Actor, BoardEvent};
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::setup::ConfirmPolicy;
use crate::core::time::Timestamp;

use super::Session;
use super::adjournment::Adjournment;
use super::pending::Pending;
use super::protocol::Echo;

/// How long a placement that fits nothing may stand before the squares that differ are
/// said (a hand still at work, a piece knocked over and set up again).
pub(super) const GRACE: Duration = Duration::from_secs(3);

/// What the session knows of the sighted player's board.
#[derive(Clone, Debug)]
pub(super) struct BoardWatch {
    /// Who plays on it.
    pub(super) side: Color,
    /// The board is there (found, or reporting).
    pub(super) connected: bool,
    /// It was there once (a loss is said only then).
    pub(super) seen_once: bool,
    /// A clock with a lever is attached: the lever completes the sighted player's moves.
    pub(super) clock: bool,
    /// Which way round it stands, once found from a position of the game.
    pub(super) orientation: Option<Orientation>,
    pub(super) stability: Stability,
    /// The last placement reported (the game's coordinates) and since when it stands.
    pub(super) last: Option<(Board, Timestamp)>,
    /// The last stable placement.
    pub(super) stable: Option<Board>,
    /// The last move made is not yet seen on the board (D.2.1).
    pub(super) awaiting_execution: bool,
    /// A difference was said: "Brett stimmt wieder" once the board matches.
    pub(super) diverged: bool,
    /// The stable placement fits nothing since this instant (said after [`GRACE`]).
    pub(super) unfit_since: Option<Timestamp>,
    /// The sighted player's move seen on the board, echoed and not yet made.
    pub(super) seen_move: Option<Move>,
    /// The lever was pressed while the board was still moving.
    pub(super) lever_early: bool,
    /// Found again after a loss: the next stable placement is checked aloud.
    pub(super) check_next: bool,
    /// The earlier position last told to the arbiter (told once).
    pub(super) told_earlier: Option<Board>,
}

impl BoardWatch {
    fn new(side: Color, wait: Duration) -> BoardWatch {
        BoardWatch {
            side,
            connected: false,
            seen_once: false,
            clock: false,
            orientation: None,
            stability: Stability::new(wait),
            last: None,
            stable: None,
            awaiting_execution: false,
            diverged: false,
            unfit_since: None,
            seen_move: None,
            lever_early: false,
            check_next: false,
            told_earlier: None,
        }
    }

    /// The next instant the board needs the session: a placement becoming stable, or a
    /// placement that fits nothing standing for [`GRACE`].
    pub(super) fn next_deadline(&self) -> Option<Timestamp> {
        let unfit = self.unfit_since.map(|t| t + GRACE);
        [self.stability.next_deadline(), unfit]
            .into_iter()
            .flatten()
            .min()
    }
}

impl Session {
    /// What the electronic board of `by` reported (FIDE Laws D.1). The arbiter has no board.
    pub(super) fn board(
        &mut self,
        by: Actor,
        event: BoardEvent,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let Some(side) = by.color() else { return };
        let wait = self.setup.eboard.wait;
        let watch = self
            .eboard
            .get_or_insert_with(|| BoardWatch::new(side, wait));
        if watch.side != side {
            return;
        }
        match event {
            // Found while connected: only news of the clock (the lever now counts, or no more).
            BoardEvent::Found { clock } if watch.connected => {
                watch.clock = clock;
                self.sync_completion(now);
            }
            BoardEvent::Found { clock } => {
                let back = watch.seen_once && !watch.connected;
                *watch = BoardWatch {
                    connected: true,
                    seen_once: true,
                    clock,
                    check_next: back,
                    diverged: watch.diverged,
                    awaiting_execution: watch.awaiting_execution,
                    seen_move: watch.seen_move,
                    ..BoardWatch::new(side, wait)
                };
                if back {
                    self.tell_both(side, Message::new("board-back"), out);
                }
                self.sync_completion(now);
            }
            BoardEvent::Lost => {
                let said = watch.connected && watch.seen_once;
                watch.connected = false;
                watch.stability = Stability::new(wait);
                watch.last = None;
                watch.unfit_since = None;
                if said {
                    self.tell_both(side, Message::new("board-lost"), out);
                }
                self.sync_completion(now);
            }
            BoardEvent::Lever => self.lever(now, out),
            BoardEvent::Placement(raw) => self.board_placement(raw, now, out),
        }
    }

    /// Every position of the game, from the start to the current one.
    fn positions(&self) -> Vec<Chess> {
        self.history
            .iter()
            .map(|p| p.before.clone())
            .chain(std::iter::once(self.position().clone()))
            .collect()
    }

    /// A placement as the board reports it: turned into the game's coordinates, followed
    /// for the move awaiting completion, and read once it stands still.
    fn board_placement(&mut self, raw: Board, now: Timestamp, out: &mut Vec<Output>) {
        let positions = self.positions();
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        watch.connected = true;
        watch.seen_once = true;
        let orientation = watch.orientation.or_else(|| {
            let found = [Orientation::Normal, Orientation::Reversed]
                .into_iter()
                .find(|o| positions.iter().rev().any(|p| o.apply(&raw) == *p.board()));
            watch.orientation = found;
            found
        });
        let placement = orientation.unwrap_or_default().apply(&raw);
        if watch.last.as_ref().map(|(p, _)| p) != Some(&placement) {
            watch.last = Some((placement.clone(), now));
        }
        let stable = watch.stability.observe(placement, now);
        self.sync_completion(now);
        if let Some(stable) = stable {
            self.board_stable(stable, now, out);
        }
    }

    /// The board's deadlines due by `now`: a placement that became stable, a placement
    /// that fits nothing and stood for [`GRACE`]. Returns whether one was due.
    pub(super) fn board_due(&mut self, now: Timestamp, out: &mut Vec<Output>) -> bool {
        let Some(watch) = self.eboard.as_mut() else {
            return false;
        };
        if let Some(stable) = watch.stability.poll_due(now) {
            self.board_stable(stable, now, out);
            return true;
        }
        let due = watch.unfit_since.is_some_and(|t| t + GRACE <= now);
        if due {
            watch.unfit_since = None;
            if let Some(stable) = watch.stable.clone() {
                self.tell_differences(&stable, out);
            }
        }
        due
    }

    /// A placement that stood still, held against the game.
    fn board_stable(&mut self, placement: Board, now: Timestamp, out: &mut Vec<Output>) {
        let positions = self.positions();
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        watch.stable = Some(placement.clone());
        let game = Game {
            positions: &positions,
            awaiting_execution: watch.awaiting_execution,
        };
        let lever = std::mem::take(&mut watch.lever_early);
        let side = watch.side;
        let check = std::mem::take(&mut watch.check_next);
        match classify(game, &placement) {
            Classification::Current => {
                self.withdraw_seen_move(out);
                self.board_matches(check, out);
            }
            Classification::Executed => {
                if let Some(w) = self.eboard.as_mut() {
                    w.awaiting_execution = false;
                }
                self.board_matches(check, out);
            }
            Classification::NotYetExecuted if !check => self.board_unfit(None),
            Classification::Successor(mv) if self.may_play_on_board(side) => {
                self.board_move(side, mv, lever, now, out);
            }
            Classification::Earlier { plies_back } if !check => {
                self.tell_earlier(&placement, plies_back, out);
                self.board_unfit(Some(now));
            }
            Classification::Misexecuted(_) if !check => {
                let (before, after) = match positions.as_slice() {
                    [.., b, a] => (b.board(), a.board()),
                    _ => return,
                };
                if on_the_way(before, after, &placement) {
                    self.board_unfit(Some(now));
                } else {
                    self.tell_differences(&placement, out);
                }
            }
            _ if check => self.tell_differences(&placement, out),
            _ => self.board_unfit(Some(now)),
        }
    }

    /// Whether the sighted player's move seen on his board may be played now: his turn,
    /// the game on, no sealed move.
    fn may_play_on_board(&self, side: Color) -> bool {
        self.result.is_none()
            && self.position().turn() == side
            && !matches!(self.adjournment, Adjournment::Sealed { .. })
    }

    /// Starts the grace of a placement that fits nothing (`Some(now)`), or ends it
    /// (`None`: the placement needs no word).
    fn board_unfit(&mut self, since: Option<Timestamp>) {
        if let Some(watch) = self.eboard.as_mut() {
            watch.unfit_since = since;
        }
    }

    /// The board matches the game: "Brett stimmt wieder" after a difference was said,
    /// "Brett stimmt" when a board found again is checked.
    fn board_matches(&mut self, check: bool, out: &mut Vec<Output>) {
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        watch.unfit_since = None;
        watch.told_earlier = None;
        let side = watch.side;
        let diverged = std::mem::take(&mut watch.diverged);
        if !diverged && !check {
            return;
        }
        let id = if diverged {
            "board-matches-again"
        } else {
            "board-matches"
        };
        self.tell_both(side, Message::new(id), out);
    }

    /// FIDE Laws 6.2.a: the sighted player's move seen on his board, echoed like a typed
    /// move and made by the clock: at once after an early lever, else on the lever, the
    /// confirm key, or once the board stood in the new position for `eboard.complete`.
    fn board_move(
        &mut self,
        side: Color,
        mv: Move,
        lever: bool,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let same = matches!(&self.pending, Pending::Echoed { rendered, .. } if rendered.mv == mv);
        if same {
            return;
        }
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        watch.unfit_since = None;
        let standing = watch.last.as_ref().map_or(now, |(_, since)| *since);
        let policy = match (watch.clock, self.setup.eboard.complete) {
            _ if lever => ConfirmPolicy::Window(Duration::ZERO),
            (false, Completion::Stable(d)) if standing + d <= now => {
                ConfirmPolicy::Window(Duration::ZERO)
            }
            (false, Completion::Stable(d)) => ConfirmPolicy::Window(d),
            (true, _) | (false, Completion::Key) => ConfirmPolicy::Explicit,
        };
        watch.seen_move = Some(mv);
        self.ending = None;
        let echo = Echo {
            by: Actor::Player(side),
            side,
            mv,
            sure: true,
            policy,
            draw_offer: self.draw_offer == Some(side),
        };
        self.echo(echo, now, out);
        self.sync_completion(now);
    }

    /// Keeps the correction deadline of the move seen on the board in step with the board
    /// (`eboard.complete = stable:MS`): due MS after the board came to stand in the move's
    /// position, none while it shows anything else.
    fn sync_completion(&mut self, now: Timestamp) {
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        let Some(mv) = watch.seen_move else { return };
        let Pending::Echoed {
            rendered, deadline, ..
        } = &mut self.pending
        else {
            watch.seen_move = None;
            return;
        };
        if rendered.mv != mv {
            watch.seen_move = None;
            return;
        }
        let wait = match self.setup.eboard.complete {
            Completion::Stable(wait) if !watch.clock => wait,
            // The lever or the key makes it, nothing else.
            _ => {
                *deadline = None;
                return;
            }
        };
        let mut after = self.here.position().clone();
        after.play_unchecked(mv);
        let standing = watch
            .last
            .as_ref()
            .filter(|(p, _)| p == after.board())
            .map(|(_, since)| *since);
        *deadline = standing.map(|since| (since + wait).max(now));
    }

    /// The board shows the position again from which the seen move was played: the
    /// sighted player took it back before it was made (his clock never stopped).
    fn withdraw_seen_move(&mut self, out: &mut Vec<Output>) {
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        let Some(mv) = watch.seen_move.take() else {
            return;
        };
        let side = watch.side;
        if matches!(&self.pending, Pending::Echoed { rendered, .. } if rendered.mv == mv) {
            self.pending = Pending::None;
            let msg = Message::new("board-move-withdrawn");
            self.tell(Audience::player(side), Priority::Move, msg, out);
        }
    }

    /// The lever of the clock on the board (FIDE Laws 6.2.a): makes the sighted player's
    /// echoed move; pressed while the board still moves, it makes the move once stable.
    fn lever(&mut self, now: Timestamp, out: &mut Vec<Output>) {
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        let side = watch.side;
        if matches!(self.pending, Pending::Echoed { side: s, .. } if s == side) {
            self.yes(Actor::Player(side), now, out);
        } else if watch.stability.next_deadline().is_some() {
            watch.lever_early = true;
        }
    }

    /// After a move was made or taken back: the board is expected to show the new
    /// position (D.2.1: the sighted player executes the blind player's move); a board that
    /// shows it already after a difference was said (a take-back to where the board
    /// stands) matches again; a placement that fitted nothing is held against the new
    /// position.
    pub(super) fn board_follows_game(&mut self, now: Timestamp, out: &mut Vec<Output>) {
        if self.eboard.is_none() {
            return;
        }
        let current = self.position().board().clone();
        let positions = self.positions();
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        watch.seen_move = None;
        watch.told_earlier = None;
        let Some(stable) = watch.stable.clone() else {
            return;
        };
        watch.awaiting_execution = stable != current;
        if stable == current {
            self.board_matches(false, out);
            return;
        }
        let game = Game {
            positions: &positions,
            awaiting_execution: watch.awaiting_execution,
        };
        let fits = !matches!(
            classify(game, &stable),
            Classification::Unknown(_) | Classification::Misexecuted(_)
        );
        watch.unfit_since = (!fits).then_some(now);
    }
}
