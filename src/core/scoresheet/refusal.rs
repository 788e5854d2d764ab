//! FIDE Laws D.2.8: why a scoresheet cannot be read, said in the language's words: which
//! game, which line (or page and line), which move, and what is wrong with it ("Partie 2,
//! Zeile 20, Zug 8 von Weiß: Bxf6 ist in dieser Stellung unmöglich.").

use shakmaty::Color;

use super::MoveError;
use super::brf::BrfError;
use super::pgn_in::{PgnError, ReadError};
use crate::core::phrases::{Message, Phrases, color_key};

/// FIDE Laws C.2: a move named by number and side ("Zug 8 von Weiß"), as words read it.
pub fn move_of(phrases: &Phrases, number: u32, side: Color) -> String {
    phrases.speech(
        &Message::new("sheet-move-of")
            .arg("number", number)
            .arg("side", color_key(side)),
    )
}

impl MoveError {
    /// What is wrong with the move, in the language's words ("in dieser Stellung unmöglich").
    pub fn message(&self, phrases: &Phrases) -> Message {
        match self {
            MoveError::Illegal => Message::new("sheet-problem-illegal"),
            MoveError::Ambiguous(options) => {
                let or = format!(" {} ", phrases.speech(&Message::new("word-or")));
                Message::new("sheet-problem-ambiguous").arg("options", options.join(&or))
            }
            MoveError::NotAMove => Message::new("sheet-problem-not-a-move"),
        }
    }
}

/// Where in a text: "Partie 2, Zeile 20".
fn at_line(phrases: &Phrases, game: usize, line: usize) -> String {
    phrases.speech(
        &Message::new("sheet-at-line")
            .arg("game", game)
            .arg("line", line),
    )
}

/// Where on a Braille scoresheet: "Seite 1, Zeile 12".
fn at_page(phrases: &Phrases, page: usize, line: usize) -> String {
    phrases.speech(
        &Message::new("sheet-at-page")
            .arg("page", page)
            .arg("line", line),
    )
}

/// A refused move: where, which, as written, and why.
fn refused_move(
    phrases: &Phrases,
    at: String,
    (number, side): (u32, Color),
    token: &str,
    problem: &MoveError,
) -> Message {
    Message::new("sheet-refused-move")
        .arg("at", at)
        .arg("move", move_of(phrases, number, side))
        .arg("token", token)
        .arg("problem", phrases.speech(&problem.message(phrases)))
}

impl PgnError {
    /// FIDE Laws D.2.8: the refusal in the language's words, naming the game, the line
    /// and the move.
    pub fn message(&self, phrases: &Phrases) -> Message {
        match self {
            PgnError::Move {
                game,
                line,
                number,
                side,
                token,
                problem,
            } => refused_move(
                phrases,
                at_line(phrases, *game, *line),
                (*number, *side),
                token,
                problem,
            ),
            PgnError::Fen {
                game,
                line,
                fen,
                detail,
            } => Message::new("sheet-refused-fen")
                .arg("at", at_line(phrases, *game, *line))
                .arg("fen", fen.as_str())
                .arg("detail", detail.as_str()),
            PgnError::Variant {
                game,
                line,
                variant,
            } => Message::new("sheet-refused-variant")
                .arg("at", at_line(phrases, *game, *line))
                .arg("variant", variant.as_str()),
            PgnError::DrawOfferWithoutMove { game, line } => {
                Message::new("sheet-refused-draw-offer").arg("at", at_line(phrases, *game, *line))
            }
            PgnError::Syntax { game, detail } => Message::new("sheet-refused-syntax")
                .arg("game", *game)
                .arg("detail", detail.as_str()),
            PgnError::NoGame => Message::new("sheet-no-game"),
        }
    }
}

impl BrfError {
    /// FIDE Laws D.2.8: the refusal in the language's words, naming the page, the line
    /// and the move.
    pub fn message(&self, phrases: &Phrases) -> Message {
        match self {
            BrfError::Move {
                page,
                line,
                number,
                side,
                token,
                problem,
            } => refused_move(
                phrases,
                at_page(phrases, *page, *line),
                (*number, *side),
                token,
                problem,
            ),
            BrfError::Braille { page, line, detail } => Message::new("sheet-refused-cells")
                .arg("at", at_page(phrases, *page, *line))
                .arg("detail", detail.as_str()),
            BrfError::Start {
                page,
                line,
                fen,
                detail,
            } => Message::new("sheet-refused-fen")
                .arg("at", at_page(phrases, *page, *line))
                .arg("fen", fen.as_str())
                .arg("detail", detail.as_str()),
            BrfError::Number {
                page,
                line,
                found,
                expected,
            } => Message::new("sheet-refused-number")
                .arg("at", at_page(phrases, *page, *line))
                .arg("found", found.as_str())
                .arg("expected", *expected),
            BrfError::DrawOfferWithoutMove { page, line } => {
                Message::new("sheet-refused-draw-offer").arg("at", at_page(phrases, *page, *line))
            }
            BrfError::Phrases(detail) => {
                Message::new("sheet-refused-phrases").arg("detail", detail.as_str())
            }
        }
    }
}

impl ReadError {
    /// FIDE Laws D.2.8: the refusal in the language's words.
    pub fn message(&self, phrases: &Phrases) -> Message {
        match self {
            ReadError::Pgn(e) => e.message(phrases),
            ReadError::Brf(e) => e.message(phrases),
        }
    }

    /// FIDE Laws D.2.8: the move that cannot be read, as written, and why, when the
    /// refusal is about a move.
    pub fn unreadable_move(&self) -> Option<(&str, &MoveError)> {
        match self {
            ReadError::Pgn(PgnError::Move { token, problem, .. })
            | ReadError::Brf(BrfError::Move { token, problem, .. }) => {
                Some((token.as_str(), problem))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lang::Language;

    #[test]
    fn says_the_game_line_and_move_in_every_language() {
        let e = PgnError::Move {
            game: 2,
            line: 20,
            number: 8,
            side: Color::White,
            token: "Bxf6".into(),
            problem: MoveError::Illegal,
        };
        let amb = BrfError::Move {
            page: 1,
            line: 9,
            number: 3,
            side: Color::Black,
            token: "Sd7".into(),
            problem: MoveError::Ambiguous(vec!["Sbd7".into(), "Sfd7".into()]),
        };
        for (lang, illegal, ambiguous) in [
            (
                Language::De,
                "Partie 2, Zeile 20, Zug 8 von Weiß: Bxf6 ist in dieser Stellung unmöglich.",
                "Seite 1, Zeile 9, Zug 3 von Schwarz: Sd7 ist mehrdeutig: Sbd7 oder Sfd7.",
            ),
            (
                Language::Es,
                "Partida 2, línea 20, jugada 8 de las blancas: Bxf6 es imposible en esta posición.",
                "Página 1, línea 9, jugada 3 de las negras: Sd7 es ambigua: Sbd7 o Sfd7.",
            ),
            (
                Language::En,
                "Game 2, line 20, White's move 8: Bxf6 is illegal in this position.",
                "Page 1, line 9, Black's move 3: Sd7 is ambiguous: Sbd7 or Sfd7.",
            ),
        ] {
            let p = Phrases::load(lang).unwrap();
            assert_eq!(p.speech(&e.message(&p)), illegal, "{lang}");
            assert_eq!(p.speech(&amb.message(&p)), ambiguous, "{lang}");
        }
    }
}
