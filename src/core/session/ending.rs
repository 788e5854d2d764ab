//! How the game ends: resignation, a flag that falls (FIDE Laws 6.9), ending it unfinished
//! ("Partie beenden", confirmed like a resignation: no result, PGN `*`, and the station
//! closes), and the one place that ends it for every reason (checkmate, stalemate and 9.6
//! after a move, agreement and claims, 6.12.a: the clocks stop).

use shakmaty::Color;

use crate::core::input::{Actor, Command, Irreversible};
use crate::core::laws;
use crate::core::output::{Audience, GameResult, OnlineRequest, Output, Priority, Termination};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;

use super::pending::Pending;
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

    /// "Partie beenden": asks the asker to confirm, as a resignation does. With an arbiter
    /// present only the arbiter ends a game unfinished (FIDE Laws 6.11.c: the arbiter
    /// decides when the game goes on); without one, either player.
    pub(super) fn ask_to_end(&mut self, by: Actor, out: &mut Vec<Output>) {
        let to = audience(by);
        if !self.setup.in_charge(by) {
            self.tell(to, Priority::Answer, Message::new("arbiter-only"), out);
            return;
        }
        self.ending = Some(by);
        self.tell(to, Priority::Move, Message::new("end-confirm"), out);
    }

    /// An irreversible act confirmed where it was given (the web page asked first):
    /// done as if the station had asked and the asker had said "ja", so that nobody is
    /// asked twice.
    pub(super) fn confirmed(
        &mut self,
        by: Actor,
        act: Irreversible,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        match act {
            Irreversible::Resign => {
                self.pending = Pending::Resign {
                    side: self.side_of(by),
                };
                self.yes(by, now, out);
            }
            Irreversible::End if !self.setup.in_charge(by) => self.tell(
                audience(by),
                Priority::Answer,
                Message::new("arbiter-only"),
                out,
            ),
            Irreversible::End => {
                self.ending = Some(by);
                self.answer_to_ending(by, &Command::Yes, out);
            }
        }
    }

    /// The answer to "Partie beenden?": the asker's (or the arbiter's) "ja" ends the game
    /// unfinished, their "nein" keeps it going. A question or "wiederholen" leaves the
    /// request open; anything else lets it lapse and acts as usual. Returns whether the
    /// command was that answer.
    pub(super) fn answer_to_ending(
        &mut self,
        by: Actor,
        command: &Command,
        out: &mut Vec<Output>,
    ) -> bool {
        let Some(asker) = self.ending else {
            return false;
        };
        match command {
            Command::Ask(_) | Command::Repeat | Command::Stop => false,
            Command::Yes | Command::No if by == asker || by == Actor::Arbiter => {
                self.ending = None;
                let to = audience(by);
                match command {
                    Command::No => {
                        self.tell(to, Priority::Move, Message::new("end-cancelled"), out);
                    }
                    // A flag fell meanwhile: the game is over already.
                    _ if self.result.is_some() => self.close(to, out),
                    // Online, the server aborts the game (until both sides have moved) and
                    // says so in its next state; the station stays open until then.
                    _ if self.request_online(OnlineRequest::Abort, out) => {
                        let msg = Message::new("online-request-sent");
                        self.tell(to, Priority::Answer, msg, out);
                    }
                    _ => {
                        self.closed = true;
                        self.end_by(None, None, Termination::Unfinished, out);
                    }
                }
                true
            }
            _ => {
                self.ending = None;
                false
            }
        }
    }

    /// "beenden" once the game is over: nothing is left to lose (the records are
    /// complete), so the station closes at once.
    pub(super) fn close(&mut self, to: Audience, out: &mut Vec<Output>) {
        self.closed = true;
        // The last words: nothing still waiting is said after them.
        out.push(Output::Hush { to: Audience::All });
        self.tell(to, Priority::Urgent, Message::new("station-closing"), out);
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
    pub(super) fn end_by(
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
        self.result.set(Some(result.clone()));
        out.push(Output::Result(result));
        let msg = Message::new("game-end").arg("result", text);
        self.tell(Audience::All, Priority::Urgent, msg, out);
    }
}
