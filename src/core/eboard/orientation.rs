//! Which way round the electronic board stands, found from the start position.

use super::placement::Placement;

/// How the board was set up relative to its own square numbering.
///
/// FIDE Laws 2.1: the board stands with a white square in each player's right-hand corner;
/// a board's cable may still leave it with its a1 corner on Black's side. Picochess finds
/// this from the start position, and so does [`Orientation::detect`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// The board's own a1 is a1.
    #[default]
    Normal,
    /// The board is turned round: its own a1 is h8.
    Reversed,
}

impl Orientation {
    /// The orientation in which `raw` (as the board reports it) shows `start`, if either does.
    pub fn detect(raw: &Placement, start: &Placement) -> Option<Orientation> {
        [Orientation::Normal, Orientation::Reversed]
            .into_iter()
            .find(|o| o.apply(raw) == *start)
    }

    /// The placement `raw` (as the board reports it) in the game's coordinates.
    pub fn apply(self, raw: &Placement) -> Placement {
        let mut board = raw.clone();
        if self == Orientation::Reversed {
            board.rotate_180();
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn detect_table() {
        let start = Chess::default().board().clone();
        let mut reversed = start.clone();
        reversed.rotate_180();
        let mut other = start.clone();
        other.discard_piece_at(shakmaty::Square::E2);
        let cases = [
            (&start, Some(Orientation::Normal)),
            (&reversed, Some(Orientation::Reversed)),
            (&other, None),
        ];
        for (raw, want) in cases {
            assert_eq!(Orientation::detect(raw, &start), want);
            if let Some(o) = want {
                assert_eq!(o.apply(raw), start);
            }
        }
    }
}
