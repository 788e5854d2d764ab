//! Each move judged as lichess judges it: by how much it lowered the mover's chances of
//! winning, on a scale from -1 (lost) to 1 (won), the evaluation before the move (the
//! engine's best play) against the evaluation after it. The thresholds are lichess's
//! (lila, `Advice.scala`): a drop of at least [`INACCURACY`] is an inaccuracy, of
//! [`MISTAKE`] a mistake, of [`BLUNDER`] a blunder. The user guide names them.

use shakmaty::Color;

use crate::core::engine::score::Score;

/// A move's fault, from the least to the worst (their order counts:
/// [`super::counts`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// The mover's winning chances dropped by at least [`INACCURACY`] (PGN `?!`, `$6`).
    Inaccuracy = 0,
    /// By at least [`MISTAKE`] (PGN `?`, `$2`).
    Mistake = 1,
    /// By at least [`BLUNDER`] (PGN `??`, `$4`).
    Blunder = 2,
}

impl Judgement {
    /// The PGN NAG: `$6`, `$2`, `$4`.
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The name in messages' selectors: `inaccuracy`, `mistake`, `blunder`.
    pub fn key(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// A drop in winning chances from which a move is an inaccuracy (lichess: 0.1, five
/// points of winning percentage).
pub const INACCURACY: f64 = 0.1;
/// From which it is a mistake (lichess: 0.2).
pub const MISTAKE: f64 = 0.2;
/// From which it is a blunder (lichess: 0.3).
pub const BLUNDER: f64 = 0.3;

/// lichess's slope of the winning chances per centipawn.
const SLOPE: f64 = -0.003_682_08;

/// Centipawns beyond which an evaluation counts no more (lichess clamps at a thousand).
const CLAMP: i32 = 1000;

/// The winning chances of a White-relative score for White, from -1 to 1 (lichess's
/// `WinningChances`): `2 / (1 + e^(-0.00368208 cp)) - 1`, a mate in `n` as
/// `(21 - min(10, n)) * 100` centipawns.
pub fn winning_chances(score: Score) -> f64 {
    let cp = match score {
        Score::Centipawns(cp) => cp.clamp(-CLAMP, CLAMP),
        Score::Mate(n) => {
            let size = (21 - n.unsigned_abs().min(10) as i32) * 100;
            if n >= 0 { size } else { -size }
        }
    };
    2.0 / (1.0 + (SLOPE * f64::from(cp)).exp()) - 1.0
}

/// How `mover`'s move is judged, from the White-relative evaluations before and after it;
/// `None` when it lost less than [`INACCURACY`].
pub fn judge(mover: Color, before: Score, after: Score) -> Option<Judgement> {
    let sign = if mover.is_white() { 1.0 } else { -1.0 };
    let drop = sign * (winning_chances(before) - winning_chances(after));
    [
        (BLUNDER, Judgement::Blunder),
        (MISTAKE, Judgement::Mistake),
        (INACCURACY, Judgement::Inaccuracy),
    ]
    .into_iter()
    .find(|(threshold, _)| drop >= *threshold)
    .map(|(_, j)| j)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_judged_as_lichess_does() {
        use Color::{Black, White};
        let cp = Score::Centipawns;
        let table = [
            // A level game stays level.
            (White, cp(20), cp(10), None),
            // White drops from +0.3 to -0.3: 0.11 of chances, an inaccuracy.
            (White, cp(30), cp(-30), Some(Judgement::Inaccuracy)),
            // From level to -1.2: 0.22, a mistake.
            (White, cp(0), cp(-120), Some(Judgement::Mistake)),
            (White, cp(50), cp(0), None),
            (White, cp(0), cp(-60), Some(Judgement::Inaccuracy)),
            // A hung queen: from level to -9.
            (White, cp(0), cp(-900), Some(Judgement::Blunder)),
            // Black's fault is White's gain.
            (Black, cp(0), cp(900), Some(Judgement::Blunder)),
            (Black, cp(0), cp(-900), None),
            // Deep in a won game, a pawn is nothing.
            (White, cp(900), cp(800), None),
            // A mate let slip into a won ending is no fault; into a level game a blunder.
            (White, Score::Mate(2), cp(900), None),
            (White, Score::Mate(2), cp(0), Some(Judgement::Blunder)),
            // Walking into a mate.
            (White, cp(0), Score::Mate(-3), Some(Judgement::Blunder)),
        ];
        for (mover, before, after, want) in table {
            assert_eq!(
                judge(mover, before, after),
                want,
                "{mover:?} {before:?} {after:?}"
            );
        }
    }

    #[test]
    fn chances_are_symmetric_and_bounded() {
        for cp in [-5000, -300, -1, 0, 1, 300, 5000] {
            let w = winning_chances(Score::Centipawns(cp));
            assert!((-1.0..=1.0).contains(&w));
            assert!((w + winning_chances(Score::Centipawns(-cp))).abs() < 1e-12);
        }
        assert!(winning_chances(Score::Mate(1)) > winning_chances(Score::Mate(5)));
    }

    #[test]
    fn nags() {
        assert_eq!(
            [
                Judgement::Inaccuracy,
                Judgement::Mistake,
                Judgement::Blunder
            ]
            .map(Judgement::nag),
            [6, 2, 4]
        );
    }
}
