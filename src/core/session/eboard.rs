//! The sighted player's electronic board (FIDE Laws D.1, D.2.1, D.2.9): being wired in.

use crate::core::input::{Actor, BoardEvent};
use crate::core::output::Output;
use crate::core::time::Timestamp;

use super::Session;

impl Session {
    /// What the electronic board of `by` reported. Not yet acted on.
    pub(super) fn board(
        &mut self,
        _by: Actor,
        _event: BoardEvent,
        _now: Timestamp,
        _out: &mut Vec<Output>,
    ) {
    }
}
