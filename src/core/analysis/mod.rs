//! The engine's analysis of a game (issue 34.4) as pure data: each move judged as lichess
//! judges it ([`classify`]: an inaccuracy, a mistake or a blunder, by how much it lowered
//! the mover's chances of winning), the count per side, and the annotated game as PGN
//! ([`annotated`]: `[%eval …]` after every move, the NAGs `$6`, `$2`, `$4` and the
//! engine's better move as a variation), readable by other programs.
//!
//! The evaluations come from the engine adapter (`crate::engine`, feature `engine`),
//! never from here: this module only reads what it found.

pub mod annotated;
pub mod classify;

pub use classify::{Judgement, judge, winning_chances};

use shakmaty::{Color, Move};

use crate::core::engine::score::Score;

/// What the engine found for one move of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNote {
    /// The evaluation after the move, from White's point of view (`None`: not analysed).
    pub eval: Option<Score>,
    /// How the move is judged.
    pub judgement: Option<Judgement>,
    /// The engine's move in the position before it, where it judged the move worse.
    pub best: Option<Move>,
}

/// Each move's note, from the evaluations of every position of the game (White's point of
/// view): `evals[0]` the starting position's, `evals[i]` after move `i`; `best[i]` the
/// engine's move in the position before move `i + 1`. A move between two known
/// evaluations is judged; the engine's move is kept only for a judged move that was not
/// the engine's own.
pub fn notes(
    start_turn: Color,
    moves: &[Move],
    evals: &[Option<Score>],
    best: &[Option<Move>],
) -> Vec<MoveNote> {
    let mut mover = start_turn;
    let mut out = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let before = evals.get(i).copied().flatten();
        let after = evals.get(i + 1).copied().flatten();
        let judgement = match (before, after) {
            (Some(b), Some(a)) => judge(mover, b, a),
            _ => None,
        };
        let engine = best.get(i).cloned().flatten();
        out.push(MoveNote {
            eval: after,
            judgement,
            best: engine.filter(|b| judgement.is_some() && b != mv),
        });
        mover = !mover;
    }
    out
}

/// How many moves of each side are judged so: `[inaccuracies, mistakes, blunders]` of
/// `side`, whose moves are every other note from `first` (the side of the first move).
pub fn counts(notes: &[MoveNote], first: Color, side: Color) -> [usize; 3] {
    let mut out = [0; 3];
    let own = usize::from(first != side);
    for note in notes.iter().skip(own).step_by(2) {
        if let Some(j) = note.judgement {
            out[j as usize] += 1;
        }
    }
    out
}
