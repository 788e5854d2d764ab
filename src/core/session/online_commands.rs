//! The station's side of an online game (issue 24) beyond its moves: draw offers, takeback
//! requests, resignation, abort and the claimed win go to the server
//! ([`OnlineRequest`]), which answers through its game's next state; the opponent's offers
//! and requests, read from that state, are told to the player and answered by voice or
//! keys ("ja", "nein", "Remis annehmen"). What only the arbiter does at a board (the
//! clock, penalties, adjournment) has no counterpart online and is refused in words.

use shakmaty::Color;

use crate::core::input::{Actor, Command};
use crate::core::online::game::GameState;
use crate::core::output::{Audience, OnlineRequest, Output, Priority};
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
            // A threefold repetition is claimed on the server by offering a draw.
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
        self.request_online(request, out);
        let id = match command {
            Command::OfferDraw => "draw-offered-ack",
            Command::TakeBack => "online-takeback-sent",
            _ => "online-request-sent",
        };
        self.tell(to, Priority::Answer, Message::new(id), out);
        true
    }

    /// The opponent's draw offer and takeback request as the server's state shows them:
    /// each told once when it appears (and answered by "ja" or "nein"), forgotten when it
    /// is gone.
    pub(super) fn server_offers(
        &mut self,
        state: &GameState,
        remote: Color,
        out: &mut Vec<Output>,
    ) {
        let us = Audience::player(!remote);
        let offers = state.offers_draw(remote.into());
        if offers && self.draw_offer != Some(remote) {
            self.draw_offer = Some(remote);
            let msg = Message::new("draw-offered").arg("side", self.color_name(remote));
            self.tell(us, Priority::Move, msg, out);
        } else if !offers && self.draw_offer == Some(remote) {
            self.draw_offer = None;
        }
        let asks = state.asks_takeback(remote.into());
        if asks && !self.online.takeback_asked {
            self.tell(
                us,
                Priority::Move,
                Message::new("online-takeback-asked"),
                out,
            );
        }
        self.online.takeback_asked = asks;
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
