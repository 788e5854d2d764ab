//! FIDE Laws D.2.8: "If during a game different positions should arise on the two boards,
//! they must be corrected with the assistance of the arbiter and by consulting both players'
//! scoresheets. […] When the scoresheets differ, the moves shall be retraced to the point
//! where the two scoresheets agree and the arbiter shall readjust the clocks accordingly."
//!
//! [`compare`] finds that point; [`Comparison`] also names what each scoresheet has where
//! they part, however broken either is after that (a move that cannot be played, a line
//! that cannot be read), and the clocks at that point where a scoresheet has them.
//! [`Comparison::say`] says it in words, move numbers and times spelled out as a reader
//! speaks them (de "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein.
//! Dann, Zug 7 von Weiß: Lg5 gegen Le3.").

use std::time::Duration;

use shakmaty::{Chess, Color, Move, Position};

use super::pgn_in::{Partial, ReadError};
use super::refusal::move_of;
use super::{MoveError, move_label};
use crate::core::durations::spoken_duration;
use crate::core::lang::Language;
use crate::core::phrases::{Message, Phrases};
use crate::core::words::vocabulary;

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
    /// `scoresheets-agree-until` with `$move` the last move both agree on, in words ("Zug 6
    /// von Schwarz").
    pub fn message(&self, phrases: &Phrases) -> Message {
        if self.identical() {
            return Message::new("scoresheets-agree");
        }
        match self.agreed_plies.checked_sub(1) {
            None => Message::new("scoresheets-differ-from-start"),
            Some(last) => {
                let (number, side) = self.ply(last);
                Message::new("scoresheets-agree-until").arg("move", move_of(phrases, number, side))
            }
        }
    }
}

/// FIDE Laws D.2.8: what a scoresheet has at the ply where the two part.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    /// A move, in the language's notation ("Lg5").
    Move(String),
    /// A move as written that cannot be played there, and why.
    Unreadable {
        /// The move as written.
        token: String,
        /// Why it cannot be played.
        problem: MoveError,
    },
    /// Something else that cannot be read there (a line, a move number).
    Broken(ReadError),
    /// The scoresheet ends there.
    End,
}

/// FIDE Laws D.2.8: two scoresheets compared, each read as far as it goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// How far they agree.
    pub agreement: Agreement,
    /// What each has at the first ply where they part (`None` when they agree
    /// throughout and both read to the end).
    pub parting: Option<(Entry, Entry)>,
    /// Both clocks (White, Black) after the last move both agree on, from the first
    /// scoresheet that records them there.
    pub clocks: Option<(Duration, Duration)>,
}

/// FIDE Laws D.2.8: compares two scoresheets read as far as they go (the moves after the
/// point where they part may be anything), with each one's clock times where known
/// (`[%clk]`, the mover's clock after each move). Both must start from the same position.
pub fn compare_sheets(
    lang: Language,
    (a, clocks_a): (&Partial, &[Option<Duration>]),
    (b, clocks_b): (&Partial, &[Option<Duration>]),
) -> Comparison {
    let start = &a.sheet.start;
    let agreement = compare_from(start, &a.sheet.move_list(), &b.sheet.move_list());
    let k = agreement.agreed_plies;
    let whole = agreement.identical() && a.stop.is_none() && b.stop.is_none();
    let parting = (!whole).then(|| (entry(lang, a, k), entry(lang, b, k)));
    let clocks = clocks_at(&agreement, clocks_a).or_else(|| clocks_at(&agreement, clocks_b));
    Comparison {
        agreement,
        parting,
        clocks,
    }
}

/// What `sheet` has at ply `k`.
fn entry(lang: Language, sheet: &Partial, k: usize) -> Entry {
    if let Some(m) = sheet.sheet.moves.get(k) {
        let mut pos = sheet.sheet.start.clone();
        for before in &sheet.sheet.moves[..k] {
            pos.play_unchecked(before.mv);
        }
        return Entry::Move(vocabulary(lang).localized_san(&pos, m.mv));
    }
    match &sheet.stop {
        None => Entry::End,
        Some(e) => match e.unreadable_move() {
            Some((token, problem)) => Entry::Unreadable {
                token: token.to_owned(),
                problem: problem.clone(),
            },
            None => Entry::Broken(e.clone()),
        },
    }
}

/// Both clocks after the first `agreed` plies: each side's clock after its last move
/// there, when the scoresheet records both.
fn clocks_at(agreement: &Agreement, clocks: &[Option<Duration>]) -> Option<(Duration, Duration)> {
    let (mut white, mut black) = (None, None);
    for (i, clock) in clocks.iter().enumerate().take(agreement.agreed_plies) {
        if let Some(c) = clock {
            match agreement.ply(i).1 {
                Color::White => white = Some(*c),
                Color::Black => black = Some(*c),
            }
        }
    }
    Some((white?, black?))
}

impl Comparison {
    /// FIDE Laws D.2.8: the sentences to say: how far they agree, what each has where they
    /// part, and the clocks there.
    pub fn messages(&self, phrases: &Phrases) -> Vec<Message> {
        let mut out = Vec::new();
        let agreement = &self.agreement;
        if self.parting.is_some() && agreement.identical() {
            // Alike as far as both read: the agreement is up to the last move read.
            out.push(match agreement.agreed_plies.checked_sub(1) {
                None => Message::new("scoresheets-differ-from-start"),
                Some(last) => {
                    let (number, side) = agreement.ply(last);
                    Message::new("scoresheets-agree-until")
                        .arg("move", move_of(phrases, number, side))
                }
            });
        } else {
            out.push(agreement.message(phrases));
        }
        if let Some((a, b)) = &self.parting {
            let (number, side) = agreement.ply(agreement.agreed_plies);
            out.push(
                Message::new("scoresheets-then")
                    .arg("move", move_of(phrases, number, side))
                    .arg("a", say_entry(phrases, a))
                    .arg("b", say_entry(phrases, b)),
            );
        }
        if agreement.agreed_plies > 0
            && let Some((white, black)) = self.clocks
        {
            out.push(
                Message::new("scoresheets-clocks")
                    .arg("white", spoken_duration(phrases, white))
                    .arg("black", spoken_duration(phrases, black)),
            );
        }
        out
    }

    /// FIDE Laws D.2.8: [`Comparison::messages`] as one text.
    pub fn say(&self, phrases: &Phrases) -> String {
        self.messages(phrases)
            .iter()
            .map(|m| phrases.speech(m))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What a scoresheet has where the two part, in words.
fn say_entry(phrases: &Phrases, entry: &Entry) -> String {
    let msg = match entry {
        Entry::Move(san) => return san.clone(),
        Entry::Unreadable { token, problem } => Message::new("scoresheets-unreadable")
            .arg("token", token.as_str())
            .arg("problem", phrases.speech(&problem.message(phrases))),
        Entry::Broken(e) => Message::new("scoresheets-broken").arg(
            "why",
            phrases
                .speech(&e.message(phrases))
                .trim_end_matches('.')
                .to_owned(),
        ),
        Entry::End => Message::new("scoresheets-ends"),
    };
    phrases.speech(&msg)
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
                "Die Partien stimmen bis einschließlich Zug 2 von Weiß überein.",
                "Die Partien weichen ab dem ersten Zug ab.",
            ),
            (
                Language::Es,
                "Las planillas coinciden.",
                "Las planillas coinciden hasta la jugada 2 de las blancas, incluida.",
                "Las planillas difieren desde la primera jugada.",
            ),
            (
                Language::En,
                "The scoresheets agree.",
                "The scoresheets agree up to and including White's move 2.",
                "The scoresheets differ from the first move.",
            ),
        ] {
            let p = Phrases::load(lang).unwrap();
            assert_eq!(p.speech(&compare(&game, &game).message(&p)), same);
            assert_eq!(p.speech(&compare(&game, &other).message(&p)), until);
            assert_eq!(p.speech(&compare(&game, &first).message(&p)), start);
        }
        let de = Phrases::load(Language::De).unwrap();
        let black = line(&s, "e2e4 e7e5 g1f3 b8c6 f1c4");
        let r = compare(&line(&s, "e2e4 e7e5 g1f3 b8c6 f1b5"), &black);
        assert_eq!(
            de.speech(&r.message(&de)),
            "Die Partien stimmen bis einschließlich Zug 2 von Schwarz überein."
        );
    }

    /// The two scoresheets of the brief: alike to 6…, then 7. Lg5 against 7. Le3, the
    /// second broken after that point in every way a sheet can be.
    #[test]
    fn names_the_parting_moves_however_broken_the_rest_is() {
        use crate::core::scoresheet::pgn_in::{read_any_partly, read_games};
        let head = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 ";
        let a = format!("{head}7. Lb3 d6 8. c3 O-O");
        let cases: [(&str, String, &str); 6] = [
            (
                "illegal after the parting",
                format!("{head}7. Lb3 d6 8. d4 Lxf6 9. zz"),
                "Die Partien stimmen bis einschließlich Zug 7 von Schwarz überein. \
                 Dann, Zug 8 von Weiß: c3 gegen d4.",
            ),
            (
                "parting, then garbage",
                format!("{head}7. d4 Qxq9 zz 8. Lxf6"),
                "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein. \
                 Dann, Zug 7 von Weiß: Lb3 gegen d4.",
            ),
            (
                "the parting move itself illegal",
                format!("{head}7. Lxf7 d6"),
                "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein. \
                 Dann, Zug 7 von Weiß: Lb3 gegen Lxf7 (in dieser Stellung unmöglich).",
            ),
            (
                "no move at all there",
                format!("{head}7. Xy3"),
                "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein. \
                 Dann, Zug 7 von Weiß: Lb3 gegen Xy3 (kein Zug).",
            ),
            (
                "ends there",
                head.to_owned(),
                "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein. \
                 Dann, Zug 7 von Weiß: Lb3 gegen nichts, das Formular endet dort.",
            ),
            (
                "the first move differs",
                "1. d4 e5 2. dxe5 Lxq1".to_owned(),
                "Die Partien weichen ab dem ersten Zug ab. Dann, Zug 1 von Weiß: e4 gegen d4.",
            ),
        ];
        let de = Phrases::load(Language::De).unwrap();
        let sheet_a = read_any_partly(&a, Language::De).unwrap();
        for (what, b, want) in cases {
            let sheet_b = read_any_partly(&b, Language::De).unwrap();
            let c = compare_sheets(Language::De, (&sheet_a, &[]), (&sheet_b, &[]));
            assert_eq!(c.say(&de), want, "{what}");
            // The other way round, the moves swap sides of "gegen".
            let back = compare_sheets(Language::De, (&sheet_b, &[]), (&sheet_a, &[]));
            assert_eq!(
                back.agreement.agreed_plies, c.agreement.agreed_plies,
                "{what}"
            );
        }
        // A PGN whose second sheet breaks in its tags' game: the same answer, in English.
        let en = Phrases::load(Language::En).unwrap();
        let pgn = format!("[Event \"x\"]\n\n{head}7. h3 Bxq9 *\n");
        let g = read_games(&pgn, Language::De).unwrap().remove(0);
        let b = Partial {
            sheet: g.sheet,
            stop: g.stop.map(ReadError::Pgn),
        };
        let c = compare_sheets(Language::De, (&sheet_a, &[]), (&b, &[]));
        assert_eq!(
            c.say(&en),
            "The scoresheets agree up to and including Black's move 6. \
             Then, White's move 7: Lb3 against h3."
        );
    }

    /// A Braille scoresheet broken after the point where the games part (a line that is
    /// no Braille): the parting moves are still named.
    #[test]
    fn a_braille_sheet_broken_after_the_parting() {
        use crate::core::scoresheet::brf::render_brf;
        use crate::core::scoresheet::pgn_in::read_any_partly;
        let s = Chess::default();
        let brf = format!(
            "{}\u{e9}\u{e9}\n",
            render_brf(&sheet(&s, "e2e4 e7e5 g1f3 b8c6 f1b5"), Language::De)
        );
        let a = read_any_partly(&brf, Language::De).unwrap();
        assert!(matches!(&a.stop, Some(ReadError::Brf(_))), "{:?}", a.stop);
        let b = read_any_partly("1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5", Language::De).unwrap();
        let de = Phrases::load(Language::De).unwrap();
        let c = compare_sheets(Language::De, (&a, &[]), (&b, &[]));
        assert_eq!(
            c.say(&de),
            "Die Partien stimmen bis einschließlich Zug 2 von Schwarz überein. \
             Dann, Zug 3 von Weiß: Lb5 gegen Lc4."
        );
        // Alike as far as the broken one reads: the broken line is named.
        let b = read_any_partly("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6", Language::De).unwrap();
        let c = compare_sheets(Language::De, (&a, &[]), (&b, &[]));
        let said = c.say(&de);
        assert!(
            said.starts_with(
                "Die Partien stimmen bis einschließlich Zug 3 von Weiß überein. \
                 Dann, Zug 3 von Schwarz: nicht lesbar (Seite 1, Zeile "
            ),
            "{said}"
        );
        assert!(said.ends_with(" gegen a6."), "{said}");
    }

    #[test]
    fn says_the_clocks_where_the_sheets_agree() {
        let s = Chess::default();
        let a = Partial {
            sheet: sheet(&s, "e2e4 e7e5 g1f3 b8c6"),
            stop: None,
        };
        let b = Partial {
            sheet: sheet(&s, "e2e4 e7e5 g1f3 g8f6"),
            stop: None,
        };
        let secs = |n| Some(Duration::from_secs(n));
        let clocks = [secs(895), secs(880), secs(3_601), secs(850)];
        for (lang, want) in [
            (
                Language::De,
                "Die Partien stimmen bis einschließlich Zug 2 von Weiß überein. \
                 Dann, Zug 2 von Schwarz: Sc6 gegen Sf6. \
                 Uhren an dieser Stelle: Weiß eine Stunde eine Sekunde, Schwarz 14 Minuten 40 Sekunden.",
            ),
            (
                Language::En,
                "The scoresheets agree up to and including White's move 2. \
                 Then, Black's move 2: Nc6 against Nf6. \
                 Clocks at that point: White one hour one second, Black 14 minutes 40 seconds.",
            ),
        ] {
            let p = Phrases::load(lang).unwrap();
            // The first sheet has no clocks: the second's are said.
            let c = compare_sheets(lang, (&a, &[]), (&b, &clocks));
            assert_eq!(c.say(&p), want, "{lang}");
        }
        // Only one side's clock known: no clocks said.
        let c = compare_sheets(Language::De, (&a, &[secs(1), None, secs(2)]), (&b, &[]));
        assert_eq!(c.clocks, None);
    }

    fn sheet(start: &Chess, ucis: &str) -> crate::core::scoresheet::Sheet {
        let mut sheet = crate::core::scoresheet::Sheet::new(start.clone());
        sheet.moves = line(start, ucis)
            .into_iter()
            .map(|mv| crate::core::scoresheet::SheetMove {
                mv,
                draw_offer: false,
            })
            .collect();
        sheet
    }
}
