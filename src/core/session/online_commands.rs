//! The station's side of an online game (issue 24) beyond its moves: draw offers, takeback
//! requests, resignation, abort and the claimed win go to the server
//! ([`OnlineRequest`]), which answers through its game's next state; the opponent's offers
//! and requests, read from that state, are told to the player and answered by voice or
//! keys ("ja", "nein", "Remis annehmen"). What only the arbiter does at a board (the
//! clock, penalties, adjournment) has no counterpart online and is refused in words.

use crate::core::input::{Actor, Command};
use crate::core::output::{OnlineRequest, Output, Priority};
use crate::core::phrases::Message;

use super::{Session, audience};

impl Session {
    /// Hands `request` to the online adapter; whether the game is online (otherwise
    /// nothing is sent).
    pub(super) fn request_online(&mut self, request: OnlineRequest, out: &mut Vec<Output>) -> bool {
        if self.setup.online.is_none() {
            return false;
        }
        out.push(Output::Online(request));
        true
    }

    /// A command in an online game that acts otherwise than at the board: sent to the
    /// server, or refused; returns whether it was handled so (otherwise it acts as at the
    /// board).
    pub(super) fn online_command(
        &mut self,
        by: Actor,
        command: &Command,
        out: &mut Vec<Output>,
    ) -> bool {
        if self.setup.online.is_none() || self.result.is_some() {
            return false;
        }
        let to = audience(by);
        let request = match command {
            // The opponent gone, a draw is claimed as the win is (issue 32.3); otherwise
            // a threefold repetition is claimed on the server by offering a draw.
            Command::ClaimDraw if self.online.opponent_gone => OnlineRequest::ClaimDraw,
            Command::OfferDraw | Command::ClaimDraw => OnlineRequest::Draw { accept: true },
            Command::TakeBack => OnlineRequest::Takeback { accept: true },
            Command::ClaimVictory => OnlineRequest::ClaimVictory,
            Command::Start
            | Command::Pause
            | Command::Resume
            | Command::SetClock { .. }
            | Command::SetMoves { .. }
            | Command::AddTime { .. }
            | Command::Penalty { .. }
            | Command::TakeBackTo { .. }
            | Command::Adjourn
            | Command::ResumeAdjourned
            | Command::Executed => {
                self.tell(to, Priority::Answer, Message::new("online-not-here"), out);
                return true;
            }
            _ => return false,
        };
        if self.online_stopped(by, out) {
            return true;
        }
        self.request_online(request, out);
        self.online_asked(command);
        let id = match command {
            Command::OfferDraw => "draw-offered-ack",
            Command::TakeBack => "online-takeback-sent",
            _ => "online-request-sent",
        };
        self.tell(to, Priority::Answer, Message::new(id), out);
        true
    }

    /// "ja" or "nein" to the opponent's takeback request, if one is open: sent; returns
    /// whether one was.
    pub(super) fn answer_takeback(
        &mut self,
        by: Actor,
        accept: bool,
        out: &mut Vec<Output>,
    ) -> bool {
        let ours = self.setup.online.is_some_and(|r| by != Actor::Player(r));
        if !ours || !std::mem::take(&mut self.online.takeback_asked) {
            return false;
        }
        self.online.offers.takeback_answered = true;
        self.request_online(OnlineRequest::Takeback { accept }, out);
        self.tell(
            audience(by),
            Priority::Answer,
            Message::new("online-request-sent"),
            out,
        );
        true
    }
}
