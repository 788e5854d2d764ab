//! A stable placement of the sighted player's board held against the game.

use super::placement::{Difference, Placement, differences};
use shakmaty::{Chess, Move, Position};

/// The game as the electronic board must match it.
#[derive(Copy, Clone, Debug)]
pub struct Game<'a> {
    /// Every position of the game from its start to the current one (never empty to be
    /// useful; an empty slice matches nothing).
    pub positions: &'a [Chess],
    /// The blind player's move (the last ply) is made but the sighted player has not yet
    /// been seen to execute it on his board (FIDE Laws D.2.1).
    pub awaiting_execution: bool,
}

/// What a stable placement means for the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Classification {
    /// The current position: nothing happened (or the blind player's move was executed,
    /// see [`Classification::Executed`]).
    Current,
    /// FIDE Laws D.2.1: the sighted player executed the blind player's move on his board.
    Executed,
    /// The position before the blind player's move: not yet executed, nothing to say.
    NotYetExecuted,
    /// A legal move from the current position, as played on the board (not yet made: the
    /// clock makes it, FIDE Laws 6.2.a).
    Successor(Move),
    /// An earlier position of the game, `plies_back` plies before the current one: a
    /// take-back candidate for the arbiter, never applied by itself.
    Earlier {
        /// How many plies back (at least 1).
        plies_back: usize,
    },
    /// FIDE Laws D.2.9: the blind player's move was executed wrongly; the squares where
    /// the sighted player's board differs from the position after it.
    Misexecuted(Vec<Difference>),
    /// None of the above: the squares where the board differs from the current position.
    Unknown(Vec<Difference>),
}

/// The legal move of `position` whose resulting placement is `placement`, if any.
///
/// As picochess does: compare with the placement after each legal move, so captures, en
/// passant, castling (king or rook first), promotion and under-promotion (the piece put
/// down) need no special case.
pub fn successor(position: &Chess, placement: &Placement) -> Option<Move> {
    position.legal_moves().into_iter().find(|m| {
        let mut after = position.clone();
        after.play_unchecked(*m);
        after.board() == placement
    })
}

/// Classifies a stable `placement` (in the game's coordinates) against `game`.
pub fn classify(game: Game<'_>, placement: &Placement) -> Classification {
    let Some((current, earlier)) = game.positions.split_last() else {
        return Classification::Unknown(Vec::new());
    };
    if current.board() == placement {
        return if game.awaiting_execution {
            Classification::Executed
        } else {
            Classification::Current
        };
    }
    if game.awaiting_execution && earlier.last().is_some_and(|p| p.board() == placement) {
        return Classification::NotYetExecuted;
    }
    if let Some(m) = successor(current, placement) {
        return Classification::Successor(m);
    }
    if let Some(back) = earlier.iter().rev().position(|p| p.board() == placement) {
        return Classification::Earlier {
            plies_back: back + 1,
        };
    }
    let found = differences(current.board(), placement);
    if game.awaiting_execution {
        Classification::Misexecuted(found)
    } else {
        Classification::Unknown(found)
    }
}

/// Whether `placement` lies on the way from `before` to `after`: every square holds what
/// it holds before or after the move, or nothing (a piece in the hand). A capture whose
/// captured piece is already off the board while the capturing piece is still in the hand
/// is such a placement: a move being executed, not yet wrong.
pub fn on_the_way(before: &Placement, after: &Placement, placement: &Placement) -> bool {
    shakmaty::Square::ALL.into_iter().all(|sq| {
        let found = placement.piece_at(sq);
        found.is_none() || found == before.piece_at(sq) || found == after.piece_at(sq)
    })
}

#[cfg(test)]
mod tests;
