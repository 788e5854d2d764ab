//! Issue 31: an impossible move, however it came (typed in notation or in words, a UCI
//! pick), is said to the visually impaired player in the language's words and shown on one
//! line of a 40-cell display, in random legal positions, in de, es and en; to the sighted
//! player (issue 33) it is said in the notation the display shows.

use ansage::core::lang::Language;
use ansage::core::output::Output;
use ansage::core::script;
use ansage::core::words::vocabulary;
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position, Role, Square};

use crate::support::load;

/// A position reached by a random legal game from the start.
fn position(choices: &[u16]) -> Chess {
    let mut pos = Chess::default();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(legal[usize::from(c) % legal.len()]);
    }
    pos
}

/// What a player types for `role` to `to` (from `from` for a UCI pick), by `kind`: the
/// language's SAN, the piece's and the square's words, or UCI.
fn typed(lang: Language, kind: u8, role: Role, from: Square, to: Square) -> String {
    let v = vocabulary(lang);
    let letter = if role == Role::Pawn {
        String::new()
    } else {
        v.piece_letter(role).to_string()
    };
    match kind % 3 {
        0 => format!("{letter}{to}"),
        1 if role == Role::Pawn => v.square_name(to),
        1 => format!("{} {}", v.piece_name(role), v.square_name(to)),
        _ => format!("{from}{to}"),
    }
}

/// Whether `text` holds a move in notation ("Se5", "e5", "g1e5") rather than words; in
/// English a square's name is its notation, so only a piece letter before it counts.
fn has_notation(lang: Language, text: &str) -> bool {
    text.split_whitespace().any(|w| {
        let w: Vec<char> = w
            .trim_matches(|c: char| !c.is_alphanumeric())
            .chars()
            .collect();
        let square = |i: usize| {
            w.get(i).is_some_and(|c| ('a'..='h').contains(c))
                && w.get(i + 1).is_some_and(|c| ('1'..='8').contains(c))
        };
        match lang {
            Language::En => w.first().is_some_and(|c| c.is_ascii_uppercase()) && square(1),
            _ => (0..w.len()).any(square),
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn an_impossible_move_is_said_in_words_or_notation_and_fits_the_display(
        choices in prop::collection::vec(any::<u16>(), 0..60),
        lang in 0usize..3,
        kind in any::<u8>(),
        role in 0usize..6,
        from in 0u32..64,
        to in 0u32..64,
    ) {
        let _busy = load::busy();
        let lang = Language::ALL[lang];
        let pos = position(&choices);
        let (from, to) = (Square::new(from), Square::new(to));
        let text = typed(lang, kind, Role::ALL[role], from, to);
        let who = if pos.turn().is_white() { "white" } else { "black" };
        let fen = Fen::from_position(&pos, EnPassantMode::Legal);
        let script = format!(
            "@0 arbiter setup vi=white lang={} fen=\"{fen}\"\n@1 {who} type {text}\n",
            lang.code()
        );
        let run = script::run(&script::parse(&script).unwrap()).unwrap();
        let (said, shown) = ["Unmöglicher Zug: ", "Jugada imposible: ", "Impossible move: "]
            .into_iter()
            .zip(["Unmöglich: ", "Imposible: ", "Impossible: "])
            .nth(Language::ALL.iter().position(|l| *l == lang).unwrap())
            .unwrap();
        // White is visually impaired: told in words. Black is sighted: told in the
        // notation the display shows.
        let mut told = None;
        let mut on_display = None;
        for (_, output) in &run.outputs {
            match output {
                Output::Say(s) if s.text.starts_with(said) => {
                    let heard = s.text[said.len()..].split(". ").next().unwrap_or("");
                    if who == "white" {
                        prop_assert!(!has_notation(lang, heard), "{lang}: {text:?} said {:?}", s.text);
                    }
                    told = Some(heard.to_owned());
                }
                Output::Braille(b) if b.text.starts_with(shown) => {
                    prop_assert!(b.text.chars().count() <= 40, "{lang}: {text:?} shown {:?}", b.text);
                    on_display = b.text[shown.len()..].split(". ").next().map(str::to_owned);
                }
                _ => {}
            }
        }
        if who == "black" {
            prop_assert_eq!(told, on_display, "{}: {:?} to the sighted player", lang, text);
        }
    }
}
