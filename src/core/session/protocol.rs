//! The move protocol (FIDE Laws D.2.1, D.2.3, D.2.7): announce → echo → confirm (or
//! correct) → made. A move is echoed as resolved; it is made only once confirmed
//! (explicitly, or when a correction window passes without objection), and only then does
//! the opponent's clock start.

use shakmaty::uci::UciMove;
use shakmaty::{Color, Move, Position};

use crate::core::clock::MoveTiming;
use crate::core::input::Actor;
use crate::core::laws;
use crate::core::output::{Audience, MadeMove, OnlineRequest, Output, Priority, Termination};
use crate::core::phrases::Message;
use crate::core::ply::Ply;
use crate::core::setup::ConfirmPolicy;
use crate::core::time::Timestamp;
use crate::core::words::{HeardWords, IllegalReason, RenderedMove, Resolution};

use super::adjournment::Adjournment;
use super::pending::Pending;
use super::{Session, audience};

/// What was announced: heard words, typed text, or a move given by its squares.
pub(super) enum Announced {
    Heard(HeardWords),
    Typed(String),
    /// A move picked on the Braille display's board (from and to square), never text.
    Move(UciMove),
}

/// A move resolved from an announcement, to be echoed (D.2.3).
pub(super) struct Echo {
    /// Who announced it (the echo goes to them).
    pub(super) by: Actor,
    /// The side it is played for.
    pub(super) side: Color,
    /// The move.
    pub(super) mv: Move,
    /// Whether the words named it surely (otherwise the echo asks).
    pub(super) sure: bool,
    /// How it is confirmed.
    pub(super) policy: ConfirmPolicy,
    /// A draw offer made with it (C.12).
    pub(super) draw_offer: bool,
}

impl Session {
    /// FIDE Laws D.2.1: a move announced (heard or typed) by `by`, resolved against the
    /// legal moves: echoed, asked about when several fit ("Welcher …?"), or answered
    /// with why it is impossible or not understood.
    pub(super) fn announcement(
        &mut self,
        by: Actor,
        what: Announced,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        if !self.may_announce(by, out) {
            return;
        }
        let to = audience(by);
        let side = self.side_of(by);
        let (among, carried_offer) = match &self.pending {
            Pending::Which {
                side: s,
                candidates,
                draw_offer,
            } if *s == side => (Some(candidates.clone()), *draw_offer),
            _ => (None, false),
        };
        let (resolution, draw_offer, heard_text) = self.resolve(&what, among.as_deref());
        // FIDE Laws C.12: an offer made before one's own move is recorded with that move.
        let draw_offer = draw_offer || carried_offer || self.draw_offer == Some(side);
        match resolution {
            Resolution::Move { mv, sure } => {
                let policy = self.echo_policy(by, &what, mv, sure, among.as_deref());
                let echo = Echo {
                    by,
                    side,
                    mv,
                    sure,
                    policy,
                    draw_offer,
                };
                self.echo(echo, now, out);
            }
            Resolution::Ambiguous(candidates) => {
                let msg = self.which_message(&candidates);
                self.pending = Pending::Which {
                    side,
                    candidates,
                    draw_offer,
                };
                self.tell(to, Priority::Move, msg, out);
            }
            // An answer to "Welcher …?" that fits none of the moves asked about: the
            // question again, never another move.
            _ if among.is_some() => {
                let candidates = among.unwrap_or_default();
                let question = self.which_message(&candidates);
                let msg =
                    Message::new("which-none").arg("question", self.phrases.speech(&question));
                self.tell(to, Priority::Move, msg, out);
            }
            // A fragment of a move no legal move fits ("Läufer vier"): why, not as an
            // impossible move, for no whole move was announced.
            Resolution::Illegal(reason @ IllegalReason::NothingFits { .. }) => {
                let msg = self.reason_message(&reason);
                self.tell(to, Priority::Move, msg, out);
            }
            Resolution::Illegal(reason) => {
                // The sighted player and the arbiter read notation.
                let sighted = by.color().is_none_or(|c| !self.setup.impaired.includes(c));
                let msg = self.illegal_message(&what, heard_text, &reason, sighted);
                self.tell(to, Priority::Move, msg, out);
            }
            Resolution::NotUnderstood => {
                self.tell(to, Priority::Move, Message::new("not-understood"), out);
            }
        }
    }

    /// Whether `by` may announce a move now; if not, says why (the game is over or
    /// adjourned, or it is not their move).
    fn may_announce(&mut self, by: Actor, out: &mut Vec<Output>) -> bool {
        let to = audience(by);
        if self.result.is_some() {
            self.tell_game_over(to, out);
            return false;
        }
        if matches!(self.adjournment, Adjournment::Sealed { .. }) {
            self.tell(to, Priority::Answer, Message::new("game-adjourned"), out);
            return false;
        }
        if !self.online_may_announce(by, out) || !self.engine_may_announce(by, out) {
            return false;
        }
        if self.side_of(by) != self.position().turn() {
            let msg =
                Message::new("not-your-move").arg("side", self.color_name(self.position().turn()));
            self.tell(to, Priority::Answer, msg, out);
            return false;
        }
        true
    }

    /// How a resolved move is confirmed. A correction window makes the move by silence:
    /// only for a move no likely recognizer error could have turned another move into
    /// (D.2.3, D.2.7), nor, for an answer to "Welcher …?" (`among`), another of the moves
    /// asked about; otherwise the echo asks for the player's "ja".
    fn echo_policy(
        &self,
        by: Actor,
        what: &Announced,
        mv: Move,
        sure: bool,
        among: Option<&[Move]>,
    ) -> ConfirmPolicy {
        let silent_ok = match what {
            Announced::Heard(u) => self.here.silence_safe_among(u, mv, among),
            Announced::Typed(_) | Announced::Move(_) => true,
        };
        match (sure, self.policy(by)) {
            (false, _) => ConfirmPolicy::Explicit,
            (true, ConfirmPolicy::Window(d)) if !d.is_zero() && !silent_ok => {
                ConfirmPolicy::Explicit
            }
            (true, p) => p,
        }
    }

    /// Resolves an announcement against the position's phrase forms (built once for the
    /// position). A move given by its squares is that move, or impossible, whatever was
    /// asked.
    ///
    /// While "Welcher …?" is open (`among`: the moves asked about), the words are an answer,
    /// matched against those moves alone, by any word that tells them apart. Only a
    /// complete announcement of another move, understood surely, replaces the question,
    /// and only if the words do not answer it exactly ("Felix drei" to "Springer Felix drei
    /// oder Läufer Felix drei?" is no pawn move). Whatever fits none of the moves asked
    /// about comes back as not understood, and the question is asked again: an answer never
    /// turns into a move that was not asked about.
    fn resolve(&self, what: &Announced, among: Option<&[Move]>) -> (Resolution, bool, String) {
        let once = |among: Option<&[Move]>| match what {
            Announced::Heard(u) => (self.here.resolve(u, among), false, u.text()),
            Announced::Typed(t) => {
                let typed = self.here.parse_typed(t, among);
                (typed.resolution, typed.draw_offer, t.trim().to_owned())
            }
            Announced::Move(uci) => (self.here.resolve_uci(uci), false, uci.to_string()),
        };
        let Some(candidates) = among else {
            return once(None);
        };
        let answer = once(among);
        if matches!(answer.0, Resolution::Move { sure: true, .. })
            || matches!(what, Announced::Move(_))
        {
            return answer;
        }
        let words = match what {
            Announced::Heard(u) => u.clone(),
            Announced::Typed(t) => HeardWords::from_text(t),
            Announced::Move(_) => HeardWords::default(),
        };
        if !self.here.answers_exactly(&words, candidates) {
            let whole = once(None);
            if matches!(whole.0, Resolution::Move { sure: true, .. }) {
                return whole;
            }
        }
        match answer.0 {
            Resolution::Move { .. } | Resolution::Ambiguous(_) => answer,
            _ => (Resolution::NotUnderstood, answer.1, answer.2),
        }
    }

    /// FIDE Laws D.2.3: echoes a resolved move; makes it at once, after a correction
    /// window, or only on "ja", as its policy says (a sealed move always on "ja"). The move
    /// is rendered here, once, and carried until it is made.
    pub(super) fn echo(&mut self, e: Echo, now: Timestamp, out: &mut Vec<Output>) {
        let rendered = self.here.render(e.mv, self.castling_mode);
        let sealing = self.adjournment == Adjournment::Sealing { side: e.side };
        let policy = if sealing {
            ConfirmPolicy::Explicit
        } else {
            e.policy
        };
        let id = match (e.sure, policy) {
            _ if sealing => "echo-seal",
            (false, _) => "echo-unsure",
            (true, ConfirmPolicy::Explicit) => "echo-confirm",
            (true, ConfirmPolicy::Window(_)) => "echo",
        };
        let msg = Message::new(id)
            .arg("move", rendered.phrase.clone())
            .arg("san", rendered.san_local.clone());
        self.tell(audience(e.by), Priority::Move, msg, out);
        let (side, draw_offer) = (e.side, e.draw_offer);
        let deadline = match policy {
            ConfirmPolicy::Window(d) if d.is_zero() => {
                self.pending = Pending::None;
                self.make_confirmed(side, rendered, draw_offer, now, out);
                return;
            }
            ConfirmPolicy::Window(d) => Some(now + d),
            ConfirmPolicy::Explicit => None,
        };
        self.pending = Pending::Echoed {
            side,
            rendered,
            draw_offer,
            deadline,
        };
    }

    /// "ja" or the confirm key: makes the echoed move (D.2.3), seals it (E.1.a), confirms
    /// the resignation, or accepts the opponent's draw offer.
    pub(super) fn yes(&mut self, by: Actor, now: Timestamp, out: &mut Vec<Output>) {
        let to = audience(by);
        let side = self.side_of(by);
        match std::mem::replace(&mut self.pending, Pending::None) {
            Pending::Resign { side: s } if by == Actor::Arbiter || s == side => {
                if self.request_online(OnlineRequest::Resign, out) {
                    let msg = Message::new("online-request-sent");
                    self.tell(to, Priority::Answer, msg, out);
                } else {
                    self.end(Some(!s), Termination::Resignation, out);
                }
            }
            Pending::Echoed {
                side: s,
                rendered,
                draw_offer,
                ..
            } if by == Actor::Arbiter || s == side => {
                if self.adjournment == (Adjournment::Sealing { side: s }) {
                    self.seal(s, rendered, now, out);
                } else {
                    self.make_confirmed(s, rendered, draw_offer, now, out);
                }
            }
            other => {
                self.pending = other;
                if self.answer_takeback(by, true, out) {
                } else if self.draw_offer == Some(!side) {
                    self.accept_draw(by, out);
                } else {
                    self.tell(
                        to,
                        Priority::Answer,
                        Message::new("nothing-to-confirm"),
                        out,
                    );
                }
            }
        }
    }

    /// "nein" or the cancel key: withdraws the echoed move (D.2.7) or the resignation, or
    /// declines the opponent's draw offer.
    pub(super) fn no(&mut self, by: Actor, out: &mut Vec<Output>) {
        let to = audience(by);
        let side = self.side_of(by);
        match std::mem::replace(&mut self.pending, Pending::None) {
            Pending::Resign { side: s } if by == Actor::Arbiter || s == side => {
                self.tell(to, Priority::Move, Message::new("resign-cancelled"), out);
            }
            Pending::Echoed { side: s, .. } | Pending::Which { side: s, .. }
                if by == Actor::Arbiter || s == side =>
            {
                // D.2.7: the slip of the tongue is corrected before the opponent's clock starts.
                let msg = Message::new("move-cancelled").arg("side", self.color_name(s));
                self.tell(to, Priority::Move, msg, out);
            }
            other => {
                self.pending = other;
                if self.answer_takeback(by, false, out) {
                } else if self.draw_offer == Some(!side) {
                    self.decline_draw(by, out);
                } else {
                    self.tell(to, Priority::Answer, Message::new("nothing-to-cancel"), out);
                }
            }
        }
    }

    /// FIDE Laws D.2.3: the move is made; only now does the opponent's clock start. A move
    /// made while the clock stands (not yet started, or stopped, 6.11) is said to be so to
    /// everyone ("Die Uhr steht."), after the move: nobody plays on a stopped clock
    /// without knowing it.
    pub(super) fn make(
        &mut self,
        side: Color,
        rendered: RenderedMove,
        draw_offer: bool,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let san_local = rendered.san_local.clone();
        let (made, timing) = self.record_move(side, rendered, draw_offer, now);
        out.push(Output::Made(made.clone()));
        self.send_online(&made.uci, draw_offer, out);
        if timing.is_some() {
            self.emit_clock(now, out);
        } else {
            self.emit_status(now, out);
        }
        let msg = Message::new("opponent-move")
            .arg("move", made.phrase)
            .arg("san", san_local);
        self.tell(Audience::player(!side), Priority::Move, msg, out);
        // FIDE Laws 9.1.b: a move declines an outstanding offer of the opponent, and the
        // offerer is told so after the move.
        if self.draw_offer == Some(!side) {
            self.draw_offer = None;
            let msg = Message::new("draw-declined");
            self.tell(Audience::player(!side), Priority::Move, msg, out);
        }
        self.board_follows_game(now, out);
        if draw_offer {
            self.draw_offer = Some(side);
            let msg = Message::new("draw-offered").arg("side", self.color_name(side));
            self.tell(Audience::player(!side), Priority::Move, msg, out);
        }
        if let Some((winner, termination)) = laws::automatic_end(self.position(), &self.repetitions)
        {
            self.end(winner, termination, out);
            return;
        }
        if let Some(notice) = timing.as_ref().and_then(|t| self.alarms.on_move(t)) {
            self.clock_notice(notice, now, out);
        }
        // Online, the server's clocks run only once both sides have moved, and never stand;
        // a training game's clock starts by itself after both first moves.
        self.start_training_clock(now, out);
        let waits = self.setup.online.is_some() || self.training_clock_waits();
        if !waits && self.clock.as_ref().is_some_and(|c| c.running().is_none()) {
            let msg = Message::new("clock-stands");
            self.tell(Audience::All, Priority::Move, msg, out);
        }
        self.announce_move_count(out);
        self.poll_alarms(now, out);
    }

    /// Plays the move on the board and the clock and records it: what the scoresheets get,
    /// and the clock's timing of it if the mover's clock ran or was stopped during their
    /// turn (6.11: the move completes, the opponent's clock stays stopped). A move made
    /// before the clock was first started is counted (FIDE Laws 6.3.a: the move counts and
    /// time controls stay right) but has no timing: no time was measured, so it is
    /// recorded without `[%clk]`/`[%emt]`. The position moves on, and with it the phrase
    /// forms (built for the new position when first asked for).
    pub(super) fn record_move(
        &mut self,
        side: Color,
        rendered: RenderedMove,
        draw_offer: bool,
        now: Timestamp,
    ) -> (MadeMove, Option<MoveTiming>) {
        let RenderedMove {
            mv,
            phrase,
            san_local,
            san,
            uci,
        } = rendered;
        let before = self.position().clone();
        let clock_before = self.clock.as_ref().map(|c| c.snapshot(now));
        let timing = match self.clock.as_mut() {
            Some(clock) if clock.to_move() == Some(side) => clock.complete_move(now).ok(),
            Some(clock) => {
                clock.count_move(side);
                None
            }
            None => None,
        };
        let mut after = before.clone();
        after.play_unchecked(mv);
        self.repetitions.push(&after);
        self.set_position(after);
        let made = MadeMove {
            number: before.fullmoves().get(),
            side,
            san,
            uci,
            phrase,
            clock: timing.as_ref().map(|t| t.remaining_after),
            elapsed: timing.as_ref().map(|t| t.elapsed),
            clocks: match (&self.clock, &timing) {
                (Some(c), Some(_)) => Some((
                    c.remaining(Color::White, now),
                    c.remaining(Color::Black, now),
                )),
                _ => None,
            },
            draw_offer,
        };
        self.history.edit().push(Ply {
            mv,
            before,
            san_local,
            made: made.clone(),
            clock_before,
        });
        (made, timing)
    }

    /// FIDE Laws D.2.5.c: the move count of the audio clock, to the visually impaired, after
    /// each made move. The number names the move now being played, as the line of the
    /// scoresheet the next move goes on: 1 after 1. e4 (Black plays move 1), 2 after
    /// 1... e5; the same number as the answer to the question which move it is
    /// ([`crate::core::input::Question::MoveNumber`]), and one more than the moves
    /// the side to move has completed (the count of the time answer, FIDE Laws 6.3.a).
    /// Said as a move announcement ([`Priority::Move`]): it is never dropped, and an
    /// answer waits behind it.
    fn announce_move_count(&mut self, out: &mut Vec<Output>) {
        if !self.setup.announce.move_count {
            return;
        }
        let number = self.position().fullmoves().get();
        for c in Color::ALL {
            if self.setup.impaired.includes(c) {
                let msg = Message::new("move-count").arg("number", number);
                self.tell(Audience::player(c), Priority::Move, msg, out);
            }
        }
    }
}
