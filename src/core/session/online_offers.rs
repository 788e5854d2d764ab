//! Draw offers and takeback requests in an online game, both ways, each told exactly once
//! (issue 32.3). The server shows them only as flags of its game's state (`wdraw`,
//! `bdraw`, `wtakeback`, `btakeback`), and answers an offer or request with `ok` even when
//! it ignores it, so the session reads them back from the states:
//! - the opponent's offer or request is told when its flag appears, and not again while
//!   the flag stays after the player answered it (the server's next state may still show
//!   it), nor in the state that ends the game;
//! - the player's own draw offer is kept as at the board (`Session::draw_offer`): a move
//!   of the opponent declines it (told by `make`), and a flag that the server showed and
//!   then drops while no move was made is the opponent's "no", told;
//! - the player's own takeback request, once shown, is accepted when the server's list of
//!   moves shrinks (the takeback is told as such) and declined when the flag goes without.

use shakmaty::Color;

use crate::core::input::Command;
use crate::core::online::game::GameState;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;

use super::Session;

/// The player's own request as the server shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Own {
    /// None asked.
    #[default]
    None,
    /// Sent; the server has not shown it yet.
    Sent,
    /// Shown by the server, when the game had this many plies.
    Shown {
        /// The plies of the game when the server first showed it.
        plies: usize,
    },
}

/// The offers and requests of both sides as far as the server has shown them.
#[derive(Clone, Debug, Default)]
pub(super) struct Offers {
    /// The player's own draw offer (`Session::draw_offer`) was shown by the server.
    draw_shown: bool,
    /// The player's own takeback request.
    takeback: Own,
    /// The opponent's draw offer was answered: not told again while the server shows it.
    pub(super) draw_answered: bool,
    /// The opponent's takeback request was answered.
    pub(super) takeback_answered: bool,
}

impl Session {
    /// The player asked the server (`command`, sent): his draw offer stands as at the
    /// board, his takeback request waits to be shown.
    pub(super) fn online_asked(&mut self, command: &Command) {
        let Some(remote) = self.setup.online else {
            return;
        };
        match command {
            Command::OfferDraw if self.draw_offer != Some(remote) => {
                self.draw_offer = Some(!remote);
                self.online.offers.draw_shown = false;
            }
            Command::TakeBack => self.online.offers.takeback = Own::Sent,
            _ => {}
        }
    }

    /// The player answered the opponent's draw offer (accepted or declined): it is not
    /// told again while the server still shows it.
    pub(super) fn online_draw_answered(&mut self) {
        if self.setup.online.is_some() {
            self.online.offers.draw_answered = true;
        }
    }

    /// The offers and requests of both sides as the server's state shows them (after its
    /// moves were made): each told once.
    pub(super) fn server_offers(
        &mut self,
        state: &GameState,
        remote: Color,
        out: &mut Vec<Output>,
    ) {
        let ongoing = state.status.ongoing();
        self.opponents_offers(state, remote, ongoing, out);
        self.own_draw_offer(state, remote, ongoing, out);
        self.own_takeback(state, remote, ongoing, out);
    }

    /// The opponent's draw offer and takeback request: told when they appear (and
    /// answered by "ja" or "nein"), forgotten when they are gone; never in a state that
    /// ends the game, never again once answered.
    fn opponents_offers(
        &mut self,
        state: &GameState,
        remote: Color,
        ongoing: bool,
        out: &mut Vec<Output>,
    ) {
        let us = Audience::player(!remote);
        let offers = ongoing && state.offers_draw(remote.into());
        if !offers {
            self.online.offers.draw_answered = false;
            if self.draw_offer == Some(remote) {
                self.draw_offer = None;
            }
        } else if self.draw_offer != Some(remote) && !self.online.offers.draw_answered {
            self.draw_offer = Some(remote);
            let msg = Message::new("draw-offered").arg("side", self.color_name(remote));
            self.tell(us, Priority::Move, msg, out);
        }
        let asks = ongoing && state.asks_takeback(remote.into());
        if !asks {
            self.online.offers.takeback_answered = false;
        } else if !self.online.takeback_asked && !self.online.offers.takeback_answered {
            let msg = Message::new("online-takeback-asked");
            self.tell(us, Priority::Move, msg, out);
        }
        self.online.takeback_asked = asks && !self.online.offers.takeback_answered;
    }

    /// The player's own draw offer: shown by the server, then dropped while the game goes
    /// on (a move of the opponent has already declined it, and said so): declined.
    fn own_draw_offer(
        &mut self,
        state: &GameState,
        remote: Color,
        ongoing: bool,
        out: &mut Vec<Output>,
    ) {
        if self.draw_offer != Some(!remote) {
            self.online.offers.draw_shown = false;
            return;
        }
        if state.offers_draw((!remote).into()) {
            self.online.offers.draw_shown = true;
        } else if std::mem::take(&mut self.online.offers.draw_shown) && ongoing {
            self.draw_offer = None;
            let msg = Message::new("draw-declined-by").arg("side", self.color_name(remote));
            self.tell(Audience::player(!remote), Priority::Move, msg, out);
        }
    }

    /// The player's own takeback request: shown by the server, then gone: taken back (the
    /// list of moves shrank, and the takeback was told) or declined (told).
    fn own_takeback(
        &mut self,
        state: &GameState,
        remote: Color,
        ongoing: bool,
        out: &mut Vec<Output>,
    ) {
        let shown = state.asks_takeback((!remote).into());
        let plies = self.history.len();
        self.online.offers.takeback = match self.online.offers.takeback {
            Own::None => Own::None,
            Own::Sent | Own::Shown { .. } if !ongoing => Own::None,
            Own::Sent if shown => Own::Shown { plies },
            Own::Sent => Own::Sent,
            Own::Shown { .. } if shown => self.online.offers.takeback,
            Own::Shown { plies: then } => {
                if plies >= then {
                    let msg = Message::new("online-takeback-declined");
                    self.tell(Audience::player(!remote), Priority::Move, msg, out);
                }
                Own::None
            }
        };
    }
}
