//! An online game (issue 24): the online opponent's moves come from the server's game,
//! and enter the game exactly as a sighted opponent's moves (FIDE Laws D.2.1: announced
//! to the visually impaired player in the language's words, brailled, recorded). The
//! visually impaired player's move goes through the whole Appendix D dialogue and is sent
//! only once made (D.2.3). The clocks follow the server's: each of its states sets both;
//! no flag falls at the station, for only the server ends an online game.
//!
//! Every line from the server is an input (`server`), journaled like any other, so a
//! replay sees exactly what the game saw. The server always sends the whole move list, so
//! the station compares lists ([`crate::core::online::sync`]): a line lost with a broken
//! connection, or the same state sent again after a reconnection, announces no move twice
//! and misses none.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Color, Move, Position};

use crate::core::input::Actor;
use crate::core::online::game::{GameFull, GameLine, GameState, OpponentGone, Status};
use crate::core::online::sync::{Sync, sync};
use crate::core::output::{Audience, OnlineRequest, Output, Priority, Termination};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;

use super::{Session, audience};

/// What the session knows of the online game beyond the moves made.
#[derive(Clone, Debug, Default)]
pub(super) struct Online {
    /// The station's last move was sent, and the server's list does not show it yet.
    pub(super) awaiting: bool,
    /// The game's start was said (once, on the first `gameFull`).
    pub(super) greeted: bool,
    /// A move from the server is being made: it is not sent back.
    pub(super) from_server: bool,
    /// The opponent asks to take back (told once; answered by "ja" or "nein").
    pub(super) takeback_asked: bool,
    /// The moves of a game joined while running are being made: nothing is said of
    /// each; one sentence says where the game stands.
    pub(super) quiet: bool,
    /// The station's last move as sent (to send it again after a lost answer).
    pub(super) sent: Option<OnlineRequest>,
    /// The answer to that move was lost: the next `gameFull` tells whether it arrived.
    pub(super) lost: bool,
    /// That move was sent again once already: never a third time.
    pub(super) resent: bool,
    /// Online play has stopped: the server refused the token (issue 32.3).
    pub(super) stopped: bool,
    /// `quit` was typed while the game goes on, and its question asked of this actor:
    /// the answer closes the station or keeps it on (issue 32.3).
    pub(super) quitting: Option<Actor>,
    /// The opponent left the game (`opponentGone`): a draw claim goes to `claim-draw`.
    pub(super) opponent_gone: bool,
    /// The player's first move is due by the server's deadline (`expiration`).
    pub(super) first_move: Option<super::online_expiry::FirstMove>,
    /// The opponent's account name (from `gameFull`): his chat lines are said.
    pub(super) opponent_name: Option<String>,
    /// The offers and requests of both sides as the server shows them (issue 32.3).
    pub(super) offers: super::online_offers::Offers,
}

impl Session {
    /// A line of the online game's stream, from the server (the actor is the online
    /// opponent). Lines in a game at the board, or on another actor's behalf, are refused.
    pub(super) fn server(
        &mut self,
        by: Actor,
        line: GameLine,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let Some(remote) = self.setup.online.filter(|r| by == Actor::Player(*r)) else {
            self.tell(
                audience(by),
                Priority::Answer,
                Message::new("online-not-online"),
                out,
            );
            return;
        };
        match line {
            GameLine::GameFull(full) => {
                let first = !self.online.greeted;
                self.greet(remote, &full, out);
                self.online.quiet = first;
                self.server_state(&full.state, now, out);
                self.online.quiet = false;
                if first {
                    self.tell_joined(remote, out);
                }
                self.resend_lost(out);
            }
            GameLine::GameState(state) => self.server_state(&state, now, out),
            GameLine::OpponentGone(gone) => self.opponent_gone(remote, gone, out),
            GameLine::MoveRefused { error } => self.move_refused(remote, &error, now, out),
            GameLine::MoveLost => self.online.lost = self.online.awaiting,
            GameLine::TokenRefused => self.token_refused(remote, now, out),
            GameLine::ChatLine(chat) => self.chat_line(remote, &chat, out),
            // A line of an unknown type is ignored.
            GameLine::Unknown => {}
        }
    }

    /// The start of the online game, said once to the visually impaired player: against
    /// whom, his colour, and that the echo and the confirmation take his own clock time.
    fn greet(&mut self, remote: Color, full: &GameFull, out: &mut Vec<Output>) {
        if std::mem::replace(&mut self.online.greeted, true) {
            return;
        }
        let opponent = full.player(remote.into());
        let name = opponent
            .name
            .clone()
            .or_else(|| opponent.ai_level.map(|l| format!("AI {l}")))
            .unwrap_or_else(|| "?".to_owned());
        self.online.opponent_name = opponent.name.clone();
        let msg = Message::new("online-start")
            .arg("opponent", name)
            .arg("side", self.color_name(!remote));
        self.tell(Audience::player(!remote), Priority::Info, msg, out);
    }

    /// The server's state of the game: the moves it has that the station has not (made
    /// as the opponent's), our move confirmed, a takeback; then both clocks as the server
    /// has them, and the end of the game when the server says it ended.
    fn server_state(&mut self, state: &GameState, now: Timestamp, out: &mut Vec<Output>) {
        if self.result.is_some() {
            return;
        }
        let (server, unreadable) = self.server_moves(&state.moves);
        let ours: Vec<Move> = self.history.iter().map(|p| p.mv).collect();
        let answer = sync(&ours, self.online.awaiting, &server);
        // After anything but waiting, nothing of ours is on its way any more.
        self.online.awaiting = answer == Sync::Awaiting;
        if !self.online.awaiting {
            self.online.lost = false;
        }
        let (keep, moves) = match answer {
            Sync::Unchanged | Sync::Awaiting => (None, Vec::new()),
            Sync::Advanced { moves, .. } => (None, moves),
            Sync::TakenBack { to } => (Some(to), Vec::new()),
            Sync::Diverged { common, moves } => (Some(common), moves),
        };
        if let Some(keep) = keep {
            self.take_back_to(keep, now, out);
        }
        self.online.from_server = true;
        let quiet = std::mem::take(&mut self.online.quiet);
        for mv in moves {
            // Only the moves are made quietly; what follows them is said.
            self.online.quiet = quiet;
            let side = self.position().turn();
            let rendered = self.here.render(mv, self.castling_mode);
            self.make(side, rendered, false, now, out);
            self.moved_elsewhere(side, out);
        }
        self.online.quiet = false;
        self.online.from_server = false;
        if let Some(ply) = unreadable {
            let msg = Message::new("online-move-unreadable").arg("ply", ply + 1);
            self.tell(Audience::All, Priority::Urgent, msg, out);
        }
        if let Some(remote) = self.setup.online {
            self.server_offers(state, remote, out);
        }
        self.follow_server_clock(state, now, out);
        if let Some(remote) = self.setup.online {
            self.first_move_deadline(state, remote, now, out);
        }
        if let Some((winner, loser, reason)) = ending(state, self.position().turn()) {
            self.end_by(winner, loser, reason, out);
            // The station closes after the result: the online menu asks for a rematch,
            // the menu or the end (issue 32.3).
            self.closed = self.setup.online.is_some();
        }
    }

    /// A game joined while it runs: where it stands, once its moves are made (the last
    /// move, and whose move it is), to the visually impaired player.
    fn tell_joined(&mut self, remote: Color, out: &mut Vec<Output>) {
        let Some(last) = self.history.last() else {
            return;
        };
        let msg = Message::new("online-joined")
            .arg("number", last.made.number)
            .arg(
                "dots",
                if last.made.side.is_white() {
                    "."
                } else {
                    "…"
                },
            )
            .arg("move", last.made.phrase.clone())
            .arg("side", self.color_name(self.position().turn()));
        self.tell(Audience::player(!remote), Priority::Info, msg, out);
    }

    /// The server's moves as the game's moves, played from the start position: the legal
    /// ones, and the index of the first that is not legal, if one is not.
    fn server_moves(&self, ucis: &[UciMove]) -> (Vec<Move>, Option<usize>) {
        let mut pos = self.initial.clone();
        let mut moves = Vec::with_capacity(ucis.len());
        for (i, uci) in ucis.iter().enumerate() {
            match uci.to_move(&pos) {
                Ok(mv) => {
                    pos.play_unchecked(mv);
                    moves.push(mv);
                }
                Err(_) => return (moves, Some(i)),
            }
        }
        (moves, None)
    }

    /// The clocks as the server has them at `now` (its state's instant): both set, and
    /// once both sides have moved (the server's clocks run only from then on) the clock of
    /// the side to move runs.
    fn follow_server_clock(&mut self, state: &GameState, now: Timestamp, out: &mut Vec<Output>) {
        let turn = self.position().turn();
        let both_moved = self.history.len() >= 2;
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        clock.set_remaining(Color::White, Duration::from_millis(state.wtime), now);
        clock.set_remaining(Color::Black, Duration::from_millis(state.btime), now);
        if both_moved && state.status.ongoing() && clock.running() != Some(turn) {
            clock.start(turn, now);
            self.clock_started = true;
        }
        self.emit_clock(now, out);
    }

    /// The station's move was made (D.2.3): sent to the server (with a draw offer made
    /// with it, C.12), unless it came from there.
    pub(super) fn send_online(&mut self, uci: &str, offering_draw: bool, out: &mut Vec<Output>) {
        if self.setup.online.is_none() || self.online.from_server {
            return;
        }
        self.online.awaiting = true;
        self.online.lost = false;
        self.online.resent = false;
        let uci = uci.to_owned();
        let ply = self.history.len().saturating_sub(1);
        let request = OnlineRequest::Move {
            uci,
            offering_draw,
            ply,
        };
        self.online.sent = Some(request.clone());
        self.request_online(request, out);
    }

    /// After a `gameFull` (a reconnection's): if the answer to our move was lost and the
    /// server's list still lacks only that move ([`Sync::Awaiting`]), it never arrived:
    /// sent again, once (a second lost answer leaves it to the next `gameFull` no more).
    /// So our move is never made twice: it is sent again only when the server's own list
    /// shows it does not have it.
    fn resend_lost(&mut self, out: &mut Vec<Output>) {
        if !(self.online.awaiting && std::mem::take(&mut self.online.lost)) {
            return;
        }
        if std::mem::replace(&mut self.online.resent, true) || self.result.is_some() {
            return;
        }
        if let Some(request) = self.online.sent.clone() {
            self.request_online(request, out);
        }
    }

    /// The server refused the station's move on its way: taken back (the clocks as they
    /// were), and the player hears why, in his language where the server's words are
    /// known (issue 32.3), and is asked to announce again.
    fn move_refused(&mut self, remote: Color, error: &str, now: Timestamp, out: &mut Vec<Output>) {
        let ours = self.history.last().is_some_and(|p| p.made.side != remote);
        if !std::mem::take(&mut self.online.awaiting) || !ours || self.result.is_some() {
            return;
        }
        self.take_back_to(self.history.len() - 1, now, out);
        let msg = Message::new("online-move-refused").arg("side", self.color_name(!remote));
        let msg = crate::core::online::refusal::with_reason(msg, error);
        self.tell(Audience::player(!remote), Priority::Move, msg, out);
    }

    /// The online opponent left the game (with the seconds until the win may be claimed),
    /// or came back: told to the visually impaired player.
    fn opponent_gone(&mut self, remote: Color, gone: OpponentGone, out: &mut Vec<Output>) {
        self.online.opponent_gone = gone.gone;
        let msg = match (gone.gone, gone.claim_win_in_seconds) {
            (true, Some(s)) if s > 0 => Message::new("online-opponent-gone").arg("seconds", s),
            (true, _) => Message::new("online-opponent-gone-claim"),
            (false, _) => Message::new("online-opponent-back"),
        };
        self.tell(Audience::player(!remote), Priority::Info, msg, out);
    }
}

/// How the server's state ends the game, if it does: the winner, the loser (the side
/// whose act or flag ended it) and why. An outoftime without a winner is a flag that fell
/// against a side who cannot be mated (6.9): the flag of `turn`, the side to move.
fn ending(state: &GameState, turn: Color) -> Option<(Option<Color>, Option<Color>, Termination)> {
    let winner = state.winner.map(Color::from);
    let reason = match state.status {
        Status::Created | Status::Started => return None,
        Status::Mate => Termination::Checkmate,
        Status::Resign => Termination::Resignation,
        Status::Stalemate => return Some((None, None, Termination::Stalemate)),
        Status::Draw => return Some((None, None, Termination::Drawn)),
        Status::InsufficientMaterialClaim => return Some((None, None, Termination::DeadPosition)),
        Status::Outoftime if winner.is_some() => Termination::FlagFall,
        Status::Outoftime => return Some((None, Some(turn), Termination::FlagFallInsufficient)),
        Status::Timeout => Termination::Abandoned,
        Status::Aborted | Status::NoStart => return Some((None, None, Termination::Aborted)),
        Status::Cheat | Status::UnknownFinish | Status::VariantEnd | Status::Unknown => {
            if winner.is_none() {
                return Some((None, None, Termination::Unfinished));
            }
            Termination::Adjudicated
        }
    };
    Some((winner, winner.map(|w| !w), reason))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::online::Side;

    fn state(status: Status, winner: Option<Side>) -> GameState {
        GameState {
            moves: Vec::new(),
            wtime: 0,
            btime: 0,
            winc: 0,
            binc: 0,
            status,
            winner,
            wdraw: false,
            bdraw: false,
            wtakeback: false,
            btakeback: false,
            expiration: None,
        }
    }

    #[test]
    fn how_the_server_ends_a_game() {
        use Termination::*;
        let w = Some(Side::White);
        let (white, black) = (Some(Color::White), Some(Color::Black));
        let cases = [
            (Status::Started, None, None),
            (Status::Created, None, None),
            (Status::Mate, w, Some((white, black, Checkmate))),
            (Status::Resign, w, Some((white, black, Resignation))),
            (Status::Stalemate, None, Some((None, None, Stalemate))),
            (Status::Draw, None, Some((None, None, Drawn))),
            (
                Status::InsufficientMaterialClaim,
                None,
                Some((None, None, DeadPosition)),
            ),
            (Status::Outoftime, w, Some((white, black, FlagFall))),
            (
                Status::Outoftime,
                None,
                Some((None, black, FlagFallInsufficient)),
            ),
            (Status::Timeout, w, Some((white, black, Abandoned))),
            (Status::Aborted, None, Some((None, None, Aborted))),
            (Status::NoStart, w, Some((None, None, Aborted))),
            (Status::Cheat, w, Some((white, black, Adjudicated))),
            (Status::Unknown, None, Some((None, None, Unfinished))),
        ];
        for (status, winner, expected) in cases {
            assert_eq!(
                ending(&state(status, winner), Color::Black),
                expected,
                "{status:?} {winner:?}"
            );
        }
    }
}
