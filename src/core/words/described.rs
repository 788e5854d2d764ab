//! A move as the player described it, legal or not, in the language's words and in
//! notation (FIDE Laws D.2.1, C.5, D.2.6): an impossible move is said back in words
//! ("Springer Eva fünf") however it came (spoken, typed in words or in notation, picked on
//! the display), and shown in notation (`Se5`), short enough for one line of the display.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Position, Role};

use super::illegal::{self, Description};
use super::lexicon::Sym;
use super::{HeardWords, MovePhrases, Vocabulary, typed};

/// A move as described: what to say and what to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Described {
    /// In the language's words ("Springer Eva fünf", "kurze Rochade").
    pub words: String,
    /// In notation with the language's letters (`Se5`, `Sg1e5`, `e8=D`, `0-0`).
    pub notation: String,
}

impl MovePhrases<'_> {
    /// Words heard (or typed as words) as the move they describe, if they clearly describe
    /// one (the same reading that finds why a move is impossible).
    pub fn describe_words(&self, heard: &HeardWords) -> Option<Described> {
        let tokens = self.vocabulary().lexicon.tokenize(heard);
        illegal::describe(&tokens).map(|d| self.described(d))
    }

    /// Typed text as the move it describes: notation as [`MovePhrases::parse_typed`] reads
    /// it (SAN, UCI, castling, this language's letters), else words.
    pub fn describe_typed(&self, text: &str) -> Option<Described> {
        match typed::description(self.vocabulary(), text) {
            Some(d) => Some(self.described(d)),
            None => self.describe_words(&HeardWords::from_text(text)),
        }
    }

    /// A move picked by its squares (a routing key's pick, UCI).
    pub fn describe_uci(&self, uci: &UciMove) -> Option<Described> {
        typed::description(self.vocabulary(), &uci.to_string()).map(|d| self.described(d))
    }

    /// A description in words and notation; a piece named by its square alone is the
    /// piece that stands there.
    fn described(&self, mut d: Description) -> Described {
        if d.role.is_none()
            && d.castle.is_none()
            && let (Some(f), Some(r)) = (d.from_file, d.from_rank)
        {
            d.role = self
                .position()
                .board()
                .role_at(shakmaty::Square::from_coords(f, r));
        }
        let vocab = self.vocabulary();
        Described {
            words: vocab.render(&syms(&d)),
            notation: notation(vocab, &d),
        }
    }
}

/// The meanings of a description, in the order an announcement says them.
fn syms(d: &Description) -> Vec<Sym> {
    if let Some(side) = d.castle {
        return vec![match side {
            Some(CastlingSide::KingSide) => Sym::CASTLE_KING_SIDE,
            Some(CastlingSide::QueenSide) => Sym::CASTLE_QUEEN_SIDE,
            None => Sym::CASTLE,
        }];
    }
    let mut out = Vec::with_capacity(7);
    if let Some(role) = d.role.filter(|r| *r != Role::Pawn) {
        out.push(Sym::piece(role));
    }
    if let Some(f) = d.from_file {
        out.push(Sym::file(f as u8));
    }
    if let Some(r) = d.from_rank {
        out.push(Sym::rank(r as u8));
    }
    if let Some(to) = d.to {
        out.push(Sym::file(to.file() as u8));
        out.push(Sym::rank(to.rank() as u8));
    }
    if let Some(p) = d.promotion {
        out.push(Sym::piece(p));
    }
    out
}

/// A description in notation with the language's letters (C.5, C.13: castling with
/// zeros); castling without a side in words.
fn notation(vocab: &Vocabulary, d: &Description) -> String {
    match d.castle {
        Some(Some(CastlingSide::KingSide)) => return "0-0".to_owned(),
        Some(Some(CastlingSide::QueenSide)) => return "0-0-0".to_owned(),
        Some(None) => return vocab.render(&[Sym::CASTLE]),
        None => {}
    }
    let mut out = String::new();
    if let Some(role) = d.role.filter(|r| *r != Role::Pawn) {
        out.push(vocab.piece_letter(role));
    }
    if let Some(f) = d.from_file {
        out.push(f.char());
    }
    if let Some(r) = d.from_rank {
        out.push(r.char());
    }
    if let Some(to) = d.to {
        out.push_str(&to.to_string());
    }
    if let Some(p) = d.promotion {
        out.push('=');
        out.push(vocab.piece_letter(p));
    }
    out
}

#[cfg(test)]
mod tests {
    use shakmaty::Chess;

    use super::*;
    use crate::core::lang::Language;
    use crate::core::words::vocabulary;

    /// Each case: (language, typed text, words said, notation shown).
    #[test]
    fn typed_notation_is_said_in_the_languages_words() {
        let cases = [
            (Language::De, "Se5", "Springer Eva fünf", "Se5"),
            (Language::De, "Ne5", "Springer Eva fünf", "Se5"),
            (Language::De, "Sgxe5+", "Springer Gustav Eva fünf", "Sge5"),
            (
                Language::De,
                "g1e5",
                "Springer Gustav eins Eva fünf",
                "Sg1e5",
            ),
            (Language::De, "e8D", "Eva acht Dame", "e8=D"),
            (Language::De, "0-0-0", "Lange Rochade", "0-0-0"),
            (
                Language::De,
                "springer eva fünf",
                "Springer Eva fünf",
                "Se5",
            ),
            (Language::Es, "Ce5", "caballo e cinco", "Ce5"),
            (Language::En, "Ne5", "knight e5", "Ne5"),
            (Language::En, "O-O", "castles kingside", "0-0"),
        ];
        for (lang, typed, words, notation) in cases {
            let phrases = MovePhrases::new(vocabulary(lang), Chess::default());
            let got = phrases.describe_typed(typed);
            assert_eq!(
                got,
                Some(Described {
                    words: words.to_owned(),
                    notation: notation.to_owned()
                }),
                "{lang}: {typed}"
            );
        }
    }

    #[test]
    fn text_that_describes_no_move_is_none() {
        let phrases = MovePhrases::new(vocabulary(Language::De), Chess::default());
        for text in ["hallo", "", "wer ist am Zug"] {
            assert_eq!(phrases.describe_typed(text), None, "{text:?}");
        }
    }
}
