//! One move made, as the session keeps it: the move, the position before it, what was
//! recorded and the clocks before it (for take-backs, FIDE Laws 7.5 and D.2.8).

use shakmaty::{Chess, Move};

use crate::core::clock::ClockSnapshot;
use crate::core::output::MadeMove;

/// One move made, with what the scoresheets need.
#[derive(Clone, Debug, PartialEq)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// The position before it.
    pub before: Chess,
    /// The move in the language's letters ("Sf3"), as the status line and the Braille
    /// display show it (FIDE Laws C.5, D.2.6); rendered once, when it was echoed.
    pub san_local: String,
    /// What was recorded.
    pub made: MadeMove,
    /// The clocks just before the move was made, to restore them when it is taken back
    /// (FIDE Laws D.2.8, 7.5).
    pub clock_before: Option<ClockSnapshot>,
}
