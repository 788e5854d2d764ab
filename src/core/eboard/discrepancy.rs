//! The squares where two boards differ, as a player would say it: a piece that stands on
//! the wrong square, a piece missing, a piece too many.

use shakmaty::{Piece, Square};

use super::placement::Difference;

/// One thing to say about a board that differs from the game (FIDE Laws D.2.9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Discrepancy {
    /// `piece` stands on `found` instead of `expected` ("der Springer steht auf Gustav
    /// eins statt Felix drei").
    Misplaced {
        /// The piece.
        piece: Piece,
        /// Where it stands on the board.
        found: Square,
        /// Where it stands in the game.
        expected: Square,
    },
    /// `piece` is missing on `square`.
    Missing {
        /// The piece the game has there.
        piece: Piece,
        /// The square.
        square: Square,
    },
    /// `piece` stands on `square`, where the game has no such piece.
    Extra {
        /// The piece on the board.
        piece: Piece,
        /// The square.
        square: Square,
    },
}

/// The differences (from [`super::placement::differences`]) as discrepancies: each piece
/// that appears on a square where the game lacks it is paired with the same piece missing
/// from another square (the nearest first), and said as one misplaced piece; the rest are
/// pieces missing or too many. Misplaced pieces come first, then missing, then extra ones,
/// each from a1 to h8.
pub fn discrepancies(differences: &[Difference]) -> Vec<Discrepancy> {
    let mut appeared: Vec<(Square, Piece)> = differences
        .iter()
        .filter_map(|d| d.found.map(|p| (d.square, p)))
        .collect();
    let mut vanished: Vec<(Square, Piece)> = differences
        .iter()
        .filter_map(|d| d.expected.map(|p| (d.square, p)))
        .collect();
    let mut misplaced = Vec::new();
    appeared.retain(|&(found, piece)| {
        let nearest = vanished
            .iter()
            .enumerate()
            .filter(|(_, (_, p))| *p == piece)
            .min_by_key(|(_, (sq, _))| found.distance(*sq))
            .map(|(i, _)| i);
        let Some(i) = nearest else { return true };
        let (expected, _) = vanished.remove(i);
        misplaced.push(Discrepancy::Misplaced {
            piece,
            found,
            expected,
        });
        false
    });
    let missing = vanished
        .into_iter()
        .map(|(square, piece)| Discrepancy::Missing { piece, square });
    let extra = appeared
        .into_iter()
        .map(|(square, piece)| Discrepancy::Extra { piece, square });
    misplaced.into_iter().chain(missing).chain(extra).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::eboard::placement::differences;
    use shakmaty::{Board, Color, Square::*};

    fn board(fen: &str) -> Board {
        fen.parse().expect("board fen")
    }

    #[test]
    fn discrepancies_table() {
        let after_nf3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R";
        let cases: [(&str, &str, Vec<Discrepancy>); 4] = [
            // Nf3 executed as Nh3: one misplaced knight.
            (
                after_nf3,
                "rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R",
                vec![Discrepancy::Misplaced {
                    piece: Color::White.knight(),
                    found: H3,
                    expected: F3,
                }],
            ),
            // Not executed at all: the knight still on g1.
            (
                after_nf3,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                vec![Discrepancy::Misplaced {
                    piece: Color::White.knight(),
                    found: G1,
                    expected: F3,
                }],
            ),
            // A pawn lifted and a black pawn too many.
            (
                "8/8/8/8/8/8/4P3/8",
                "8/8/8/4p3/8/8/8/8",
                vec![
                    Discrepancy::Missing {
                        piece: Color::White.pawn(),
                        square: E2,
                    },
                    Discrepancy::Extra {
                        piece: Color::Black.pawn(),
                        square: E5,
                    },
                ],
            ),
            // A bishop on a square where a knight should stand, the knight elsewhere.
            (
                "8/8/8/8/8/2N5/8/8",
                "8/8/8/8/8/2B5/8/1N6",
                vec![
                    Discrepancy::Misplaced {
                        piece: Color::White.knight(),
                        found: B1,
                        expected: C3,
                    },
                    Discrepancy::Extra {
                        piece: Color::White.bishop(),
                        square: C3,
                    },
                ],
            ),
        ];
        for (expected, found, want) in cases {
            let diffs = differences(&board(expected), &board(found));
            assert_eq!(discrepancies(&diffs), want, "{expected} vs {found}");
        }
    }
}
