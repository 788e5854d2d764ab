//! How the game ends: resignation, a flag that falls (FIDE Laws 6.9), and the one place
//! that ends it for every reason (checkmate, stalemate and 9.6 after a move, agreement and
//! claims, 6.12.a: the clocks stop).

use shakmaty::Color;

use crate::core::input::Actor;
use crate::core::laws;
use crate::core::output::{Audience, GameResult, Output, Priority, Termination};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;

use super::protocol::Pending;
use super::{Session, audience};

impl Session {
    /// A resignation announced: it waits for the player's "ja".
    pub(super) fn resign(&mut self, by: Actor, out: &mut Vec<Output>) {
        let side = self.side_of(by);
        self.pending = Pending::Resign { side };
        self.tell(
            audience(by),
            Priority::Move,
            Message::new("resign-confirm"),
            out,
        );
    }

    /// FIDE Laws 6.9: the flag fell; the player loses unless the opponent cannot
    /// checkmate by any possible series of legal moves.
    pub(super) fn flag_fell(&mut self, side: Color, at: Timestamp, out: &mut Vec<Output>) {
        if self.result.is_some() {
            self.emit_clock(at, out);
            return;
        }
        self.pending = Pending::None;
        if laws::can_checkmate(self.position(), !side) {
            self.end_by(Some(!side), Some(side), Termination::FlagFall, out);
        } else {
            self.end_by(None, Some(side), Termination::FlagFallInsufficient, out);
        }
    }

    /// Ends the game; the loser is the winner's opponent.
    pub(super) fn end(
        &mut self,
        winner: Option<Color>,
        reason: Termination,
        out: &mut Vec<Output>,
    ) {
        self.end_by(winner, winner.map(|w| !w), reason, out);
    }

    /// Ends the game; `loser` is the side whose act or flag ended it, if any.
    fn end_by(
        &mut self,
        winner: Option<Color>,
        loser: Option<Color>,
        reason: Termination,
        out: &mut Vec<Output>,
    ) {
        let result = GameResult {
            winner,
            loser,
            reason,
        };
        self.pending = Pending::None;
        // The game is over: the clocks stop (FIDE Laws 6.12.a).
        let now = self.now;
        if let Some(clock) = self.clock.as_mut().filter(|c| c.running().is_some()) {
            clock.pause(now);
            self.emit_clock(now, out);
        }
        let text = self.result_text(&result);
        self.result = Some(result.clone());
        out.push(Output::Result(result));
        let msg = Message::new("game-end").arg("result", text);
        self.tell(Audience::All, Priority::Urgent, msg, out);
    }
}
