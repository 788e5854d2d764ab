//! An engine's evaluation, and what it means in words: who stands better and by how much
//! (the trainer's "Bewertung", issue 34.2; the analysis of 34.4 classifies moves by it).

use shakmaty::Color;

/// An evaluation as the engine gives it: from the side to move's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// In hundredths of a pawn (`score cp 35`).
    Centipawns(i32),
    /// Mate in this many moves (`score mate 3`); negative: the side to move is mated.
    Mate(i32),
}

/// Who stands better, and by how much: the evaluation as the player hears it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Within [`EQUAL`] of level.
    Equal,
    /// This side stands slightly better (up to [`SLIGHTLY`]).
    SlightlyBetter(Color),
    /// This side stands better (up to [`BETTER`]).
    Better(Color),
    /// This side stands clearly better (up to [`WINNING`]).
    ClearlyBetter(Color),
    /// This side is winning.
    Winning(Color),
    /// This side mates in so many moves.
    Mates(Color, u32),
}

/// Centipawns up to which the position is level.
pub const EQUAL: i32 = 30;
/// Centipawns up to which a side stands slightly better.
pub const SLIGHTLY: i32 = 100;
/// Centipawns up to which a side stands better.
pub const BETTER: i32 = 250;
/// Centipawns from which a side is winning.
pub const WINNING: i32 = 500;

/// Centipawns a mate counts as when scores are compared (a mate is worth more than any
/// material, a nearer one more than a farther one).
const MATE: i32 = 100_000;

impl Score {
    /// The score from White's point of view, when `to_move` is to move.
    pub fn for_white(self, to_move: Color) -> Score {
        match (self, to_move) {
            (s, Color::White) => s,
            (Score::Centipawns(cp), Color::Black) => Score::Centipawns(-cp),
            (Score::Mate(n), Color::Black) => Score::Mate(-n),
        }
    }

    /// As centipawns, a mate far beyond any material (comparing two moves, a warning's
    /// loss of two pawns).
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Centipawns(cp) => cp,
            Score::Mate(n) if n > 0 => MATE - n.min(1000),
            Score::Mate(n) => -MATE - n.max(-1000),
        }
    }

    /// What a White-relative score means ([`Score::for_white`] first).
    pub fn verdict(self) -> Verdict {
        let side = |positive: bool| if positive { Color::White } else { Color::Black };
        match self {
            Score::Mate(n) => Verdict::Mates(side(n > 0), n.unsigned_abs().max(1)),
            Score::Centipawns(cp) => {
                let (who, size) = (side(cp > 0), cp.saturating_abs());
                match size {
                    s if s <= EQUAL => Verdict::Equal,
                    s if s <= SLIGHTLY => Verdict::SlightlyBetter(who),
                    s if s <= BETTER => Verdict::Better(who),
                    s if s < WINNING => Verdict::ClearlyBetter(who),
                    _ => Verdict::Winning(who),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        let table = [
            (Score::Centipawns(0), Verdict::Equal),
            (Score::Centipawns(-30), Verdict::Equal),
            (Score::Centipawns(31), Verdict::SlightlyBetter(Color::White)),
            (
                Score::Centipawns(-100),
                Verdict::SlightlyBetter(Color::Black),
            ),
            (Score::Centipawns(180), Verdict::Better(Color::White)),
            (
                Score::Centipawns(-499),
                Verdict::ClearlyBetter(Color::Black),
            ),
            (Score::Centipawns(500), Verdict::Winning(Color::White)),
            (Score::Centipawns(i32::MIN), Verdict::Winning(Color::Black)),
            (Score::Mate(3), Verdict::Mates(Color::White, 3)),
            (Score::Mate(-2), Verdict::Mates(Color::Black, 2)),
            (Score::Mate(0), Verdict::Mates(Color::Black, 1)),
        ];
        for (score, want) in table {
            assert_eq!(score.verdict(), want, "{score:?}");
        }
    }

    #[test]
    fn black_to_move_is_turned_round() {
        assert_eq!(
            Score::Centipawns(40).for_white(Color::Black),
            Score::Centipawns(-40)
        );
        assert_eq!(Score::Mate(-1).for_white(Color::Black), Score::Mate(1));
        assert_eq!(Score::Mate(2).for_white(Color::White), Score::Mate(2));
    }

    #[test]
    fn a_nearer_mate_is_worth_more_than_any_material() {
        let order = [
            Score::Mate(-1),
            Score::Mate(-5),
            Score::Centipawns(-3000),
            Score::Centipawns(0),
            Score::Centipawns(3000),
            Score::Mate(5),
            Score::Mate(1),
        ];
        for pair in order.windows(2) {
            assert!(pair[0].centipawns() < pair[1].centipawns(), "{pair:?}");
        }
    }
}
