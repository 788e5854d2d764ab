//! The sighted opponent's electronic board, as the core sees it: placements in, facts out.
//!
//! FIDE Laws D.1: in a dual-board game the sighted player plays on his own board; D.2.1:
//! he executes the blind player's announced moves on it. An electronic board reports its
//! placement (which piece stands on which square) whenever it changes. This module turns
//! those placements into what the session needs, with no I/O and no clock (every instant is
//! a [`Timestamp`](crate::core::time::Timestamp) handed in):
//!
//! - [`stability`]: a placement counts only once the board has stayed unchanged for a wait
//!   (250 ms by default), so a hand still moving pieces is never read as a move.
//! - [`orientation`]: the board may be set up either way round; the start position says
//!   which.
//! - [`placement`]: the squares on which two placements differ, as data.
//! - [`discrepancy`]: those squares as a player says them: a piece on the wrong square,
//!   missing, or too many.
//! - [`settings`]: `[eboard]`, the board's settings.
//! - [`classify`]: a stable placement against the game: the current position, a legal
//!   successor (the way picochess recognises moves: compare with the placement after each
//!   legal move), an earlier position (a take-back candidate), the blind player's move
//!   executed or executed wrongly (D.2.9), or none of these.

pub mod classify;
pub mod discrepancy;
pub mod orientation;
pub mod placement;
pub mod settings;
pub mod stability;
