//! Draw offers (FIDE Laws 9.1, C.12) and draw claims (9.2, 9.3, 9.5); the draws that need
//! no claim (9.6) end the game when the move is made (`protocol.rs`).

use std::time::Duration;

use shakmaty::{Color, Move, Position};

use crate::core::input::Actor;
use crate::core::laws;
use crate::core::output::{ArbiterAction, Audience, OnlineRequest, Output, Priority, Termination};
use crate::core::phrases::Message;
use crate::core::setup::ConfirmPolicy;
use crate::core::time::Timestamp;
use crate::core::words::{HeardWords, Resolution};

use super::arbiter::TWO_MINUTES;
use super::pending::Pending;
use super::protocol::Echo;
use super::{Session, audience};

impl Session {
    /// FIDE Laws 9.1.b: a draw offer, recorded with the move it was made with (C.12).
    pub(super) fn offer_draw(&mut self, by: Actor, out: &mut Vec<Output>) {
        let side = self.side_of(by);
        match &mut self.pending {
            // Offered with the move being announced: recorded with it (C.12).
            Pending::Echoed {
                side: s,
                draw_offer,
                ..
            }
            | Pending::Which {
                side: s,
                draw_offer,
                ..
            } if *s == side => {
                *draw_offer = true;
            }
            _ => {
                let own_last = self.history.last().is_some_and(|p| p.made.side == side);
                if let Some(ply) = own_last.then(|| self.history.edit().last_mut()).flatten() {
                    ply.made.draw_offer = true;
                }
            }
        }
        self.draw_offer = Some(side);
        let name = self.color_name(side);
        self.tell(
            audience(by),
            Priority::Answer,
            Message::new("draw-offered-ack"),
            out,
        );
        let msg = Message::new("draw-offered").arg("side", name);
        self.tell(Audience::player(!side), Priority::Move, msg, out);
    }

    /// FIDE Laws 9.1.b: the opponent's offer accepted (by the arbiter: any offer).
    pub(super) fn accept_draw(&mut self, by: Actor, out: &mut Vec<Output>) {
        let side = self.side_of(by);
        if self.draw_offer == Some(!side) || (by == Actor::Arbiter && self.draw_offer.is_some()) {
            self.draw_offer = None;
            self.online_draw_answered();
            // Online, the server ends the game drawn (its next state says so).
            if self.request_online(OnlineRequest::Draw { accept: true }, out) {
                let msg = Message::new("online-request-sent");
                self.tell(audience(by), Priority::Answer, msg, out);
                return;
            }
            self.end(None, Termination::Agreement, out);
        } else {
            self.tell(
                audience(by),
                Priority::Answer,
                Message::new("no-draw-offer"),
                out,
            );
        }
    }

    /// FIDE Laws 9.1.b: the opponent's offer declined. The offerer is told at once, in
    /// words of his own that name who declined ("Schwarz lehnt das Remis ab."), so that
    /// they are never taken for the decliner's acknowledgement: the console prints them
    /// for a sighted offerer even while the station's voice says "Remis abgelehnt." to the
    /// visually impaired player.
    pub(super) fn decline_draw(&mut self, by: Actor, out: &mut Vec<Output>) {
        let side = self.side_of(by);
        match self.draw_offer {
            Some(offerer) if offerer != side || by == Actor::Arbiter => {
                self.draw_offer = None;
                self.online_draw_answered();
                self.request_online(OnlineRequest::Draw { accept: false }, out);
                let told = match by {
                    Actor::Player(decliner) => {
                        Message::new("draw-declined-by").arg("side", self.color_name(decliner))
                    }
                    Actor::Arbiter => Message::new("draw-declined"),
                };
                self.tell(Audience::player(offerer), Priority::Move, told, out);
                let msg = Message::new("draw-declined");
                self.tell(audience(by), Priority::Answer, msg, out);
            }
            _ => self.tell(
                audience(by),
                Priority::Answer,
                Message::new("no-draw-offer"),
                out,
            ),
        }
    }

    /// FIDE Laws 9.2, 9.3, 9.5: a draw claim by the player to move, now or with an
    /// intended move (written and declared, not made). A wrong claim is refused, the
    /// opponent gets two minutes (9.5.b), and an intended move is then made.
    pub(super) fn claim(
        &mut self,
        by: Actor,
        move_words: Option<Vec<String>>,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let to = audience(by);
        let side = self.side_of(by);
        if side != self.position().turn() {
            self.tell(to, Priority::Answer, Message::new("claim-not-on-move"), out);
            return;
        }
        let intended = match move_words {
            None => None,
            Some(words) => {
                let u = HeardWords::from_text(&words.join(" "));
                match self.here.resolve(&u, None) {
                    Resolution::Move { mv, sure: true } => Some(mv),
                    _ => {
                        let msg = Message::new("claim-move-unclear").arg("heard", u.text());
                        self.tell(to, Priority::Answer, msg, out);
                        return;
                    }
                }
            }
        };
        let verdict = match intended {
            None => laws::claimable_now(self.position(), &self.repetitions),
            Some(mv) => {
                let mut after = self.position().clone();
                after.play_unchecked(mv);
                laws::claimable_after(&after, &self.repetitions)
            }
        };
        match verdict {
            Some(termination) => {
                self.pending = Pending::None;
                self.settle_claim(side, true);
                self.end(None, termination, out);
            }
            None => {
                self.settle_claim(side, false);
                self.refuse_claim(by, side, intended, now, out);
            }
        }
    }

    /// FIDE Laws 9.5.b: a wrong claim is refused, the opponent gets two minutes, and the
    /// intended move, if any, is made.
    fn refuse_claim(
        &mut self,
        by: Actor,
        side: Color,
        intended: Option<Move>,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        self.tell(
            Audience::All,
            Priority::Move,
            Message::new("claim-refused"),
            out,
        );
        if let Some(clock) = self.clock.as_mut() {
            let extra = TWO_MINUTES;
            clock.add_time(!side, extra, now);
            out.push(Output::Arbiter(ArbiterAction::AddTime(!side, extra)));
            let msg = Message::new("time-added")
                .arg("side", self.color_name(!side))
                .arg("time", self.spoken(extra));
            self.tell(Audience::All, Priority::Answer, msg, out);
            self.emit_clock(now, out);
        }
        if let Some(mv) = intended {
            let echo = Echo {
                by,
                side,
                mv,
                sure: true,
                policy: ConfirmPolicy::Window(Duration::ZERO),
                draw_offer: false,
            };
            self.echo(echo, now, out);
        }
    }
}
