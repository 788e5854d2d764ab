//! Who acts for whom (FIDE Laws D.2.1, D.2.3, D.2.9): the speaker of heard words, the
//! side an actor acts for, and how a move announced by an actor is confirmed.

use shakmaty::{Color, Position as _};

use super::Session;
use crate::core::input::Actor;
use crate::core::setup::ConfirmPolicy;

impl Session {
    /// FIDE Laws D.2.1: who announced the words a microphone heard. A microphone of one
    /// person (`by`) is theirs; a microphone shared by the players (the station's own) is
    /// the side to move's in the position the words are handled in, so that no adapter
    /// guesses it from a position it saw earlier.
    pub fn speaker(&self, by: Option<Actor>) -> Actor {
        by.unwrap_or(Actor::Player(self.position().turn()))
    }

    /// The side an actor acts for: a player for themselves, the arbiter or assistant for
    /// the side to move (D.2.9.b).
    pub(super) fn side_of(&self, by: Actor) -> Color {
        by.color().unwrap_or(self.position().turn())
    }

    /// How a move announced by `by` is confirmed (D.2.3, D.2.4, D.2.9.a-b).
    pub(super) fn policy(&self, by: Actor) -> ConfirmPolicy {
        match by {
            Actor::Player(c) if self.setup.impaired.includes(c) => self.setup.confirm,
            _ => self.setup.confirm_sighted,
        }
    }
}
