//! The embedded word files `assets/<lang>/words.toml` and their loading into a [`Vocabulary`].
//!
//! The files are compiled in with `include_str!`; nothing is read at run time. A unit test
//! proves that every shipped file loads, so [`super::vocabulary`] never needs its fallback in
//! practice.

use serde::Deserialize;
use shakmaty::Role;

use super::lexicon::{Lexicon, Sym};
use super::{CastleWords, PieceWords, Vocabulary, WordsError};
use crate::core::lang::{Language, normalize_phrase};

/// The text of the word file of `lang`, as shipped.
pub(crate) fn source(lang: Language) -> &'static str {
    match lang {
        Language::De => include_str!("../../../assets/de/words.toml"),
        Language::Es => include_str!("../../../assets/es/words.toml"),
        Language::En => include_str!("../../../assets/en/words.toml"),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    square: String,
    files: Names,
    ranks: Names,
    pieces: Pieces,
    castling: Castling,
    capture: Word,
    check: Word,
    checkmate: Word,
    en_passant: Word,
    promotion: Word,
    from: Word,
    to: Word,
    filler: Filler,
    colors: Colors,
    #[serde(default)]
    confusion: Vec<Confusion>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Names {
    say: Vec<String>,
    hear: Vec<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Pieces {
    king: Piece,
    queen: Piece,
    rook: Piece,
    bishop: Piece,
    knight: Piece,
    pawn: Piece,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Piece {
    say: String,
    plural: String,
    letter: char,
    #[serde(default)]
    hear: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Castling {
    king_side: Word,
    queen_side: Word,
    either: Word,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Word {
    say: String,
    #[serde(default)]
    hear: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Filler {
    hear: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Colors {
    white: String,
    black: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Confusion {
    words: Vec<String>,
    cost: f32,
}

/// Parses and checks the word file of `lang`.
pub(crate) fn load(lang: Language) -> Result<Vocabulary, WordsError> {
    parse(lang, source(lang))
}

/// Parses and checks a word file's text for `lang`.
pub(crate) fn parse(lang: Language, text: &str) -> Result<Vocabulary, WordsError> {
    let file: File = toml::from_str(text).map_err(|e| WordsError::Syntax {
        language: lang,
        message: e.to_string(),
    })?;
    let bad = |what: &str| invalid(lang, what);
    let files = eight(&file.files.say).ok_or_else(|| bad("files.say must have 8 names"))?;
    let ranks = eight(&file.ranks.say).ok_or_else(|| bad("ranks.say must have 8 names"))?;
    if file.files.hear.len() != 8 || file.ranks.hear.len() != 8 {
        return Err(bad("files.hear and ranks.hear must have 8 lists"));
    }
    if !file.square.contains("{file}") || !file.square.contains("{rank}") {
        return Err(bad("square must contain {file} and {rank}"));
    }

    let mut lex = Lexicon::default();
    add_board_words(&mut lex, &file);
    let pieces = piece_words(&mut lex, &file.pieces, lang)?;
    let castling = castling_words(&mut lex, &file.castling);
    add_marker_words(&mut lex, &file);
    add_confusions(&mut lex, &file.confusion, lang)?;
    Ok(Vocabulary {
        language: lang,
        square: file.square,
        files,
        ranks,
        pieces,
        castling,
        capture: file.capture.say,
        check: file.check.say,
        checkmate: file.checkmate.say,
        en_passant: file.en_passant.say,
        from: file.from.say.clone(),
        colors: [file.colors.white, file.colors.black],
        lexicon: lex,
    })
}

/// The error for a word file of `lang` that breaks a rule.
fn invalid(lang: Language, what: &str) -> WordsError {
    WordsError::Invalid {
        language: lang,
        message: what.to_owned(),
    }
}

/// Teaches `lex` the names of the files and ranks, said and heard.
fn add_board_words(lex: &mut Lexicon, file: &File) {
    for i in 0..8u8 {
        let (fi, ri) = (usize::from(i), usize::from(i));
        lex.add(&file.files.say[fi], Sym::file(i));
        for w in &file.files.hear[fi] {
            lex.add(w, Sym::file(i));
        }
        lex.add(&file.ranks.say[ri], Sym::rank(i));
        for w in &file.ranks.hear[ri] {
            lex.add(w, Sym::rank(i));
        }
    }
}

/// Teaches `lex` the piece names and returns them, pawn to king; each piece's letter must be
/// a distinct upper case ASCII letter.
fn piece_words(
    lex: &mut Lexicon,
    p: &Pieces,
    lang: Language,
) -> Result<[PieceWords; 6], WordsError> {
    let by_role = [
        (Role::Pawn, &p.pawn),
        (Role::Knight, &p.knight),
        (Role::Bishop, &p.bishop),
        (Role::Rook, &p.rook),
        (Role::Queen, &p.queen),
        (Role::King, &p.king),
    ];
    let mut pieces: Vec<PieceWords> = Vec::with_capacity(6);
    for (role, piece) in by_role {
        lex.add(&piece.say, Sym::piece(role));
        lex.add(&piece.plural, Sym::piece(role));
        for w in &piece.hear {
            lex.add(w, Sym::piece(role));
        }
        if !piece.letter.is_ascii_uppercase() {
            return Err(invalid(
                lang,
                "piece letters must be upper case ASCII letters",
            ));
        }
        pieces.push(PieceWords {
            name: piece.say.clone(),
            plural: piece.plural.clone(),
            letter: piece.letter,
        });
    }
    let letters: Vec<char> = pieces.iter().map(|p| p.letter).collect();
    for (i, c) in letters.iter().enumerate() {
        if letters[..i].contains(c) {
            return Err(invalid(lang, "piece letters must differ"));
        }
    }
    pieces
        .try_into()
        .map_err(|_| invalid(lang, "six pieces expected"))
}

/// Teaches `lex` the castling words and returns them.
fn castling_words(lex: &mut Lexicon, c: &Castling) -> CastleWords {
    let mut castle_all: [Vec<String>; 3] = Default::default();
    for (slot, (word, sym)) in [
        (&c.king_side, Sym::CASTLE_KING_SIDE),
        (&c.queen_side, Sym::CASTLE_QUEEN_SIDE),
        (&c.either, Sym::CASTLE),
    ]
    .into_iter()
    .enumerate()
    {
        for w in std::iter::once(&word.say).chain(&word.hear) {
            lex.add(w, sym);
            if !normalize_phrase(w).is_empty() && !castle_all[slot].contains(w) {
                castle_all[slot].push(w.clone());
            }
        }
    }
    CastleWords {
        king_side: c.king_side.say.clone(),
        queen_side: c.queen_side.say.clone(),
        either: c.either.say.clone(),
        all: castle_all,
    }
}

/// Teaches `lex` the words that mark a capture, check, mate, en passant, promotion, origin and
/// target, and the filler words.
fn add_marker_words(lex: &mut Lexicon, file: &File) {
    for (word, sym) in [
        (&file.capture, Sym::CAPTURE),
        (&file.check, Sym::CHECK),
        (&file.checkmate, Sym::MATE),
        (&file.en_passant, Sym::EN_PASSANT),
        (&file.promotion, Sym::PROMOTE),
        (&file.from, Sym::FROM),
        (&file.to, Sym::TO),
    ] {
        lex.add(&word.say, sym);
        for w in &word.hear {
            lex.add(w, sym);
        }
    }
    for w in &file.filler.hear {
        lex.add(w, Sym::FILLER);
    }
}

/// Teaches `lex` the groups of words the recognizer confuses, each at a cost between 0 and 1;
/// every word must already be known.
fn add_confusions(
    lex: &mut Lexicon,
    confusion: &[Confusion],
    lang: Language,
) -> Result<(), WordsError> {
    for group in confusion {
        if !(group.cost > 0.0 && group.cost < 1.0) {
            return Err(invalid(lang, "confusion cost must be between 0 and 1"));
        }
        for w in &group.words {
            if !lex.knows_single(w) {
                return Err(invalid(
                    lang,
                    &format!("confusion word {w:?} is not a known word"),
                ));
            }
        }
        for a in &group.words {
            for b in &group.words {
                if a != b {
                    lex.add_confusion(a, b, group.cost);
                }
            }
        }
    }
    Ok(())
}

fn eight(names: &[String]) -> Option<[String; 8]> {
    names.to_vec().try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_file_loads() {
        for lang in Language::ALL {
            let v = load(lang);
            assert!(v.is_ok(), "{lang}: {:?}", v.err());
        }
    }

    #[test]
    fn rejects_broken_files() {
        assert!(matches!(
            parse(Language::De, "square = 3"),
            Err(WordsError::Syntax { .. })
        ));
        let broken = source(Language::De).replace(
            "say = [\"eins\", \"zwei\", \"drei\", \"vier\", \"fünf\", \"sechs\", \"sieben\", \"acht\"]",
            "say = [\"eins\"]",
        );
        assert!(matches!(
            parse(Language::De, &broken),
            Err(WordsError::Invalid { .. })
        ));
    }
}
