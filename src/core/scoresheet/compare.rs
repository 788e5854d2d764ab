//! FIDE Laws D.2.8: "If during a game different positions should arise on the two boards,
//! they must be corrected with the assistance of the arbiter and by consulting both players'
//! scoresheets. […] When the scoresheets differ, the moves shall be retraced to the point
//! where the two scoresheets agree and the arbiter shall readjust the clocks accordingly."
//!
//! [`compare`] finds that point; [`Agreement::message`] says it (de "Die Partien stimmen
//! bis 17… überein").

use shakmaty::{Chess, Color, Move, Position};

use super::move_label;
use crate::core::phrases::Message;

/// FIDE Laws D.2.8: how far two scoresheets agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreement {
    /// The number of plies (half-moves) both scoresheets have alike from the start.
    pub agreed_plies: usize,
    /// The number of plies on the first scoresheet.
    pub len_a: usize,
    /// The number of plies on the second scoresheet.
    pub len_b: usize,
    /// The move number of the first ply (1 from the standard start).
    pub first_number: u32,
    /// Who makes the first ply (White from the standard start).
    pub first_side: Color,
}

/// FIDE Laws D.2.8: compares two scoresheets played from the standard starting position.
pub fn compare(a: &[Move], b: &[Move]) -> Agreement {
    compare_from(&Chess::default(), a, b)
}

/// FIDE Laws D.2.8: compares two scoresheets played from `start` (which numbers the moves).
pub fn compare_from(start: &Chess, a: &[Move], b: &[Move]) -> Agreement {
    let agreed_plies = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    Agreement {
        agreed_plies,
        len_a: a.len(),
        len_b: b.len(),
        first_number: start.fullmoves().get(),
        first_side: start.turn(),
    }
}

impl Agreement {
    /// FIDE Laws D.2.8: whether both scoresheets hold the same moves.
    pub fn identical(&self) -> bool {
        self.agreed_plies == self.len_a && self.agreed_plies == self.len_b
    }

    /// FIDE Laws D.2.8: how many plies each scoresheet must take back to reach the point
    /// where both agree.
    pub fn take_back(&self) -> (usize, usize) {
        (
            self.len_a - self.agreed_plies,
            self.len_b - self.agreed_plies,
        )
    }

    /// FIDE Laws C.2: the move number and side of the ply with this index (0 is the first).
    pub fn ply(&self, index: usize) -> (u32, Color) {
        let offset = index + usize::from(self.first_side == Color::Black);
        let number = self.first_number + u32::try_from(offset / 2).unwrap_or(u32::MAX);
        let side = if offset.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        (number, side)
    }

    /// FIDE Laws D.2.8: the last move both agree on ("17…" after Black's 17th, "17." after White's), or
    /// `None` if they differ from the first move.
    pub fn last_agreed(&self) -> Option<String> {
        let last = self.agreed_plies.checked_sub(1)?;
        let (number, side) = self.ply(last);
        Some(move_label(number, side))
    }

    /// FIDE Laws D.2.8: what to tell the arbiter and the players: `scoresheets-agree` when
    /// identical, `scoresheets-differ-from-start` when the first move differs, otherwise
    /// `scoresheets-agree-until` with `$move` the last move both agree on.
    pub fn message(&self) -> Message {
        if self.identical() {
            return Message::new("scoresheets-agree");
        }
        match self.last_agreed() {
            None => Message::new("scoresheets-differ-from-start"),
            Some(label) => Message::new("scoresheets-agree-until").arg("move", label),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lang::Language;
    use crate::core::phrases::Phrases;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    fn line(start: &Chess, ucis: &str) -> Vec<Move> {
        let mut p = start.clone();
        ucis.split_whitespace()
            .map(|u| {
                let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap();
                p.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn finds_where_the_sheets_agree() {
        let s = Chess::default();
        let game = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6";
        type Case = (
            &'static str,
            &'static str,
            usize,
            Option<&'static str>,
            bool,
        );
        let cases: [Case; 7] = [
            (game, game, 6, Some("3…"), true),
            (game, "e2e4 e7e5 g1f3 b8c6 f1c4", 4, Some("2…"), false),
            (game, "e2e4 e7e5 g1f3 g8f6", 3, Some("2."), false),
            (game, "d2d4", 0, None, false),
            (game, "", 0, None, false),
            ("", "", 0, None, true),
            (game, "e2e4 e7e5", 2, Some("1…"), false),
        ];
        for (a, b, agreed, last, identical) in cases {
            let r = compare(&line(&s, a), &line(&s, b));
            assert_eq!(r.agreed_plies, agreed, "{a} / {b}");
            assert_eq!(r.last_agreed().as_deref(), last, "{a} / {b}");
            assert_eq!(r.identical(), identical, "{a} / {b}");
        }
        let r = compare(&line(&s, game), &line(&s, "e2e4 e7e5 g1f3 g8f6"));
        assert_eq!(r.take_back(), (3, 1));
    }

    #[test]
    fn numbers_from_a_position_with_black_to_move() {
        let fen: Fen = "4k3/8/8/8/8/8/8/4K3 b - - 0 17".parse().unwrap();
        let s: Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
        let a = line(&s, "e8e7 e1e2 e7e6");
        let b = line(&s, "e8e7 e1e2 e7d6");
        let r = compare_from(&s, &a, &b);
        assert_eq!(r.last_agreed().as_deref(), Some("18."));
        assert_eq!(r.ply(0), (17, Color::Black));
        assert_eq!(r.ply(2), (18, Color::Black));
    }

    #[test]
    fn says_it_in_every_language() {
        let s = Chess::default();
        let game = line(&s, "e2e4 e7e5 g1f3 b8c6");
        let other = line(&s, "e2e4 e7e5 g1f3 g8f6");
        let first = line(&s, "d2d4");
        for (lang, same, until, start) in [
            (
                Language::De,
                "Die Partien stimmen überein.",
                "Die Partien stimmen bis 2. überein.",
                "Die Partien weichen ab dem ersten Zug ab.",
            ),
            (
                Language::Es,
                "Las planillas coinciden.",
                "Hasta 2. las planillas coinciden.",
                "Las planillas difieren desde la primera jugada.",
            ),
            (
                Language::En,
                "The scoresheets agree.",
                "Up to 2. the scoresheets agree.",
                "The scoresheets differ from the first move.",
            ),
        ] {
            let p = Phrases::load(lang).unwrap();
            assert_eq!(p.speech(&compare(&game, &game).message()), same);
            assert_eq!(p.speech(&compare(&game, &other).message()), until);
            assert_eq!(p.speech(&compare(&game, &first).message()), start);
        }
        let de = Phrases::load(Language::De).unwrap();
        let black = line(&s, "e2e4 e7e5 g1f3 b8c6 f1c4");
        let r = compare(&line(&s, "e2e4 e7e5 g1f3 b8c6 f1b5"), &black);
        assert_eq!(
            de.speech(&r.message()),
            "Die Partien stimmen bis 2… überein."
        );
    }
}
