//! Adjournment (FIDE Laws Appendix E): the arbiter adjourns, the player to move seals the
//! next move (known only to the journal, never spoken or shown), and on resumption the
//! sealed move is revealed and made.

use shakmaty::{Color, Position};

use crate::core::input::{Actor, Command};
use crate::core::output::{ArbiterAction, Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;
use crate::core::words::RenderedMove;

use super::pending::Pending;
use super::{Session, audience};

/// FIDE Laws Appendix E: adjourning a game.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Adjournment {
    None,
    /// The arbiter asked the player to move to seal a move.
    Sealing {
        side: Color,
    },
    /// The move is sealed: known only to the journal, never spoken or shown.
    Sealed {
        side: Color,
        /// The move, as rendered when it was echoed to its player.
        rendered: RenderedMove,
    },
}

impl Session {
    /// FIDE Laws Appendix E: the arbiter adjourns (the player to move seals the next move)
    /// or resumes (the sealed move is revealed and made).
    pub(super) fn adjourn(
        &mut self,
        by: Actor,
        command: Command,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let to = audience(by);
        if self.refused_unless_arbiter(by, out) {
            return;
        }
        match (command, self.adjournment.clone()) {
            (Command::Adjourn, Adjournment::None) => {
                let side = self.position().turn();
                self.pending = Pending::None;
                self.adjournment = Adjournment::Sealing { side };
                let msg = Message::new("seal-please").arg("side", self.color_name(side));
                self.tell(Audience::All, Priority::Move, msg, out);
            }
            (Command::ResumeAdjourned, Adjournment::Sealed { side, rendered }) => {
                self.adjournment = Adjournment::None;
                let msg = Message::new("sealed-revealed")
                    .arg("side", self.color_name(side))
                    .arg("move", rendered.phrase.clone())
                    .arg("san", rendered.san_local.clone());
                self.tell(Audience::All, Priority::Move, msg, out);
                if let Some(clock) = self.clock.as_mut().filter(|c| c.is_paused()) {
                    clock.resume(now);
                    out.push(Output::Arbiter(ArbiterAction::Resume));
                }
                self.make(side, rendered, false, now, out);
            }
            (Command::ResumeAdjourned, Adjournment::Sealing { .. }) => {
                // The arbiter called the adjournment off before a move was sealed.
                self.adjournment = Adjournment::None;
                self.tell(
                    Audience::All,
                    Priority::Answer,
                    Message::new("adjournment-cancelled"),
                    out,
                );
            }
            _ => self.tell(
                to,
                Priority::Answer,
                Message::new("adjournment-impossible"),
                out,
            ),
        }
    }

    /// FIDE Laws E.1.a: the sealed move is kept (the journal records it), never spoken or
    /// shown to the opponent; only then does the clock stop.
    pub(super) fn seal(
        &mut self,
        side: Color,
        rendered: RenderedMove,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        self.adjournment = Adjournment::Sealed { side, rendered };
        self.tell(
            Audience::player(side),
            Priority::Move,
            Message::new("sealed-own"),
            out,
        );
        if let Some(clock) = self.clock.as_mut().filter(|c| c.running().is_some()) {
            clock.pause(now);
            out.push(Output::Arbiter(ArbiterAction::Pause));
        }
        let msg = Message::new("game-adjourned-now").arg("side", self.color_name(side));
        self.tell(Audience::All, Priority::Move, msg, out);
        self.emit_clock(now, out);
    }
}
