//! Take-backs (FIDE Laws 7.5.a, D.2.8): the arbiter takes moves back, and the position,
//! the repetition count and both clocks return to what they were then.

use shakmaty::Position;

use crate::core::input::{Actor, Command};
use crate::core::laws::Repetitions;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::ply::Ply;
use crate::core::time::Timestamp;

use super::adjournment::Adjournment;
use super::pending::Pending;
use super::{Session, audience};

impl Session {
    /// FIDE Laws 7.5.a and D.2.8: the arbiter takes moves back; the position, the
    /// repetition count and both clocks return to what they were then. A result that the
    /// taken-back moves caused is undone.
    pub(super) fn take_back(
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
        let keep = match command {
            Command::TakeBack => self.history.len().checked_sub(1),
            Command::TakeBackTo { number, side } => self
                .history
                .iter()
                .position(|p| p.made.number == number && p.made.side == side)
                .map(|i| i + 1),
            _ => None,
        };
        let Some(keep) = keep.filter(|k| *k < self.history.len()) else {
            let id = if self.history.is_empty() {
                "take-back-nothing"
            } else {
                "take-back-impossible"
            };
            self.tell(to, Priority::Answer, Message::new(id), out);
            return;
        };
        self.take_back_to(keep, now, out);
    }

    /// Takes the moves after the first `keep` back (nothing when none are): the position,
    /// the repetition count and both clocks return to what they were then, and everyone is
    /// told (D.2.8). A result that the taken-back moves caused is undone.
    pub(super) fn take_back_to(&mut self, keep: usize, now: Timestamp, out: &mut Vec<Output>) {
        if keep >= self.history.len() {
            return;
        }
        let removed: Vec<Ply> = self.history.edit().drain(keep..).collect();
        self.executed = self.executed.min(self.history.len());
        let Some(first) = removed.first() else { return };
        self.set_position(first.before.clone());
        self.repetitions = Repetitions::new(&self.initial);
        let mut replay = self.initial.clone();
        for ply in self.history.iter() {
            replay.play_unchecked(ply.mv);
            self.repetitions.push(&replay);
        }
        if let (Some(clock), Some(snap)) = (self.clock.as_mut(), &first.clock_before) {
            clock.restore(snap, now);
        }
        self.pending = Pending::None;
        self.draw_offer = None;
        if self.result.is_some() {
            self.result.set(None);
        }
        self.adjournment = Adjournment::None;
        out.push(Output::TakenBack {
            plies: self.history.len(),
        });
        let msg = match self.history.last() {
            Some(p) => Message::new("taken-back")
                .arg("number", p.made.number)
                .arg("dots", if p.made.side.is_white() { "." } else { "…" })
                .arg("move", p.made.phrase.clone())
                .arg("side", self.color_name(self.position().turn())),
            None => Message::new("taken-back-to-start")
                .arg("side", self.color_name(self.position().turn())),
        };
        // Informational: the next move announced cuts it short (the player's words first).
        self.tell(Audience::All, Priority::Info, msg, out);
        self.board_follows_game(now, out);
        self.emit_clock(now, out);
        self.poll_alarms(now, out);
    }
}
