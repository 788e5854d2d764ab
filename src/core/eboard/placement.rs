//! A placement read from an electronic board and the squares where two placements differ.

use shakmaty::{Board, Piece, Square};

/// What stands on the 64 squares of an electronic board (no side to move, no castling
/// rights): exactly a [`shakmaty::Board`].
pub type Placement = Board;

/// One square on which the placement found differs from the one expected.
///
/// FIDE Laws D.2.9: when the two boards differ, the players must be told where; this is
/// the data the session says and brailles in Appendix D words.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Difference {
    /// The square.
    pub square: Square,
    /// The piece that should stand there, if any.
    pub expected: Option<Piece>,
    /// The piece that stands there, if any.
    pub found: Option<Piece>,
}

/// The squares on which `found` differs from `expected`, from a1 to h8.
pub fn differences(expected: &Placement, found: &Placement) -> Vec<Difference> {
    Square::ALL
        .into_iter()
        .filter_map(|square| {
            let (e, f) = (expected.piece_at(square), found.piece_at(square));
            (e != f).then_some(Difference {
                square,
                expected: e,
                found: f,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Color, Position, Role, Square::*};

    #[test]
    fn differences_table() {
        let start = Chess::default().board().clone();
        let mut knight_wrong = start.clone();
        knight_wrong.discard_piece_at(G1);
        knight_wrong.set_piece_at(H3, Color::White.knight());
        let mut lifted = start.clone();
        lifted.discard_piece_at(E2);
        let cases: [(&Placement, Vec<Difference>); 3] = [
            (&start, vec![]),
            (
                &knight_wrong,
                vec![
                    Difference {
                        square: G1,
                        expected: Some(Color::White.knight()),
                        found: None,
                    },
                    Difference {
                        square: H3,
                        expected: None,
                        found: Some(Color::White.knight()),
                    },
                ],
            ),
            (
                &lifted,
                vec![Difference {
                    square: E2,
                    expected: Some(Piece {
                        color: Color::White,
                        role: Role::Pawn,
                    }),
                    found: None,
                }],
            ),
        ];
        for (found, want) in cases {
            assert_eq!(differences(&start, found), want);
        }
    }
}
