//! Reading games in: PGN (with pgn-reader), plain move lists, and any of PGN, BRF or a
//! list ([`read_any`]), for `ansage compare` (FIDE Laws D.2.8) and imports.
//!
//! Accepted notation (FIDE Laws Appendix C): English SAN, and this language's piece letters
//! (es R D T A C: "Cf3", "Rb1" is the king; de K D T L S: "Sf3"); castling "0-0"/"0-0-0"
//! (C.13) or "O-O"; "exd6 a.p." / "e.p." (C.9); a draw offer "(=)" after a move (C.12),
//! also inside a comment as the station's own PGN writes it; "+", "++", "#", "!?"; move
//! numbers "11.", "1...", "9"; pawn captures without "x" ("ed4"). A game in English SAN
//! reads right in any language; once a move uses a letter only this language has, its
//! letters come first.
//!
//! Design: pgn-reader reads the PGN grammar (tags with their escapes, comments, variations,
//! NAGs, results, where games begin and end) and hands every `{comment}` to a
//! [`pgn_reader::Visitor`]. It cannot read Appendix C's forms nor localized letters, and
//! would skip them silently ("Cf3" is no SAN to it). So a small pass first wraps each move
//! word of the main line, with its line number, in a marked comment; the visitor then
//! reads every move with the language's notation, against the position, and an error names
//! the line and the move ("line 3: move 6. exd7: illegal in this position").

use std::time::Duration;

use pgn_reader::Reader;
use shakmaty::{Chess, Color, Move};

mod prepare;
mod visitor;

use super::brf::{BrfError, read_brf_partly};
use super::tokens::{self, Token};
use super::{MoveError, Replay, Sheet, SheetMove, move_label};
use crate::core::lang::Language;
use prepare::prepare;
use visitor::Importer;
#[cfg(test)]
use visitor::parse_clock;

/// The mark that opens a comment holding a move word (never in real PGN text).
const MARK: char = '\u{1}';

/// FIDE Laws 8.1: one game read from PGN, its scoresheet and clock times.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedGame {
    /// The scoresheet: names, time control, result, start, moves with draw offers (C.12).
    pub sheet: Sheet,
    /// Each move's `[%clk]` (the mover's clock after it), where given.
    pub clocks: Vec<Option<Duration>>,
    /// Each move's `[%emt]` (the time it took), where given.
    pub elapsed: Vec<Option<Duration>>,
    /// Every tag, in order, as written (unescaped).
    pub tags: Vec<(String, String)>,
    /// FIDE Laws D.2.8: where reading stopped, if it did: the sheet holds the moves before.
    pub stop: Option<PgnError>,
}

/// FIDE Laws Appendix C: why a written game cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// FIDE Laws Appendix C: a move that cannot be played in the position reached.
    #[error("game {game}, line {line}: move {} {token}: {problem}", move_label(*number, *side))]
    Move {
        /// The game (1-based) in the file.
        game: usize,
        /// The line (1-based) of the move.
        line: usize,
        /// FIDE Laws C.2: the move's number.
        number: u32,
        /// Who was to make it.
        side: Color,
        /// The move as written.
        token: String,
        /// Why it cannot be played.
        problem: MoveError,
    },
    /// The FEN tag is no valid position.
    #[error("game {game}, line {line}: FEN {fen:?}: {detail}")]
    Fen {
        /// The game (1-based) in the file.
        game: usize,
        /// The line (1-based) of the tag.
        line: usize,
        /// The FEN.
        fen: String,
        /// What is wrong.
        detail: String,
    },
    /// A Variant tag of a game that is not chess (Chess960 is, Appendix F).
    #[error("game {game}, line {line}: variant {variant:?} is not chess")]
    Variant {
        /// The game (1-based) in the file.
        game: usize,
        /// The line (1-based) of the tag.
        line: usize,
        /// The variant named.
        variant: String,
    },
    /// FIDE Laws C.12: "(=)" before any move.
    #[error("game {game}, line {line}: (=) before any move")]
    DrawOfferWithoutMove {
        /// The game (1-based) in the file.
        game: usize,
        /// The line (1-based).
        line: usize,
    },
    /// The PGN grammar is broken (pgn-reader's words, e.g. an unterminated comment).
    #[error("game {game}: PGN: {detail}")]
    Syntax {
        /// The game (1-based) in the file where reading failed.
        game: usize,
        /// pgn-reader's words.
        detail: String,
    },
    /// The text holds no game.
    #[error("no game found")]
    NoGame,
}

/// The text without a leading UTF-8 byte-order mark (as Windows programs write it).
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// FIDE Laws 8.1 and Appendix C: every game of a PGN text: tags, start position (FEN and
/// SetUp, Variant Chess960), moves (English SAN or this language's), draw offers (C.12),
/// `[%clk]` and `[%emt]` times and the result. Variations are skipped. The first game that
/// cannot be read is the error (it names the game, the line and the move).
pub fn read_pgn(text: &str, lang: Language) -> Result<Vec<ImportedGame>, PgnError> {
    let games = read_games(text, lang)?;
    match games.iter().find_map(|g| g.stop.clone()) {
        Some(e) => Err(e),
        None => Ok(games),
    }
}

/// FIDE Laws 8.1 and D.2.8: every game of a PGN text as far as it reads: a game with a
/// move that cannot be played holds the moves before it and says where it stopped
/// ([`ImportedGame::stop`]). Only a text that pgn-reader cannot go through is an error.
pub fn read_games(text: &str, lang: Language) -> Result<Vec<ImportedGame>, PgnError> {
    let prepared = prepare(without_bom(text));
    let mut reader = Reader::build(prepared.text.as_bytes())
        .set_supported_comment_length(4096)
        .set_supported_tag_line_length(4096)
        .finish();
    let mut visitor = Importer {
        lang,
        tag_lines: &prepared.tag_lines,
        tags_seen: 0,
        games: 0,
    };
    let mut games = Vec::new();
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(game)) => games.push(game),
            Ok(None) => return Ok(games),
            Err(e) => {
                return Err(PgnError::Syntax {
                    game: games.len() + 1,
                    detail: e.to_string(),
                });
            }
        }
    }
}

/// FIDE Laws Appendix C: the moves of a plain move list from the standard position, in
/// any notation [`read_pgn`] accepts ("1.e4 e5 2.Cf3 Cf6 …", "1. e4 e5 2. Nf3").
pub fn read_move_list(text: &str, lang: Language) -> Result<Vec<Move>, PgnError> {
    read_list(text, lang).map(|s| s.move_list())
}

/// FIDE Laws Appendix C: a plain move list as a scoresheet (moves, draw offers "(=)", a
/// final result), from the standard position.
pub fn read_list(text: &str, lang: Language) -> Result<Sheet, PgnError> {
    match read_list_partly(text, lang) {
        (sheet, None) => Ok(sheet),
        (_, Some(e)) => Err(e),
    }
}

/// FIDE Laws D.2.8: a plain move list as far as it reads: the moves up to the first that
/// cannot be read, and why that one cannot.
pub fn read_list_partly(text: &str, lang: Language) -> (Sheet, Option<PgnError>) {
    let mut sheet = Sheet::new(Chess::default());
    let mut replay = Replay::new(lang, Chess::default(), false);
    for (i, line) in without_bom(text).lines().enumerate() {
        for word in line.split_whitespace() {
            for token in tokens::split(word) {
                match token {
                    Token::Move(t) => {
                        let (number, side) = replay.next();
                        match replay.play(t) {
                            Ok((mv, draw_offer)) => sheet.moves.push(SheetMove { mv, draw_offer }),
                            Err(problem) => {
                                let e = PgnError::Move {
                                    game: 1,
                                    line: i + 1,
                                    number,
                                    side,
                                    token: t.to_owned(),
                                    problem,
                                };
                                return (sheet, Some(e));
                            }
                        }
                    }
                    Token::DrawOffer => match sheet.moves.last_mut() {
                        Some(m) => m.draw_offer = true,
                        None => {
                            let e = PgnError::DrawOfferWithoutMove {
                                game: 1,
                                line: i + 1,
                            };
                            return (sheet, Some(e));
                        }
                    },
                    Token::Result(r) => sheet.result = tokens::result(r).map(str::to_owned),
                    Token::Number(_) | Token::EnPassant | Token::Annotation => {}
                }
            }
        }
    }
    (sheet, None)
}

/// FIDE Laws D.2.8: the forms of scoresheet [`read_any`] tells apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// PGN (a line opens with a tag `[`).
    Pgn,
    /// A Braille scoresheet: BRF or Unicode braille ([`super::brf`]).
    Brf,
    /// A plain move list.
    List,
}

/// FIDE Laws D.2.8: which form a scoresheet text has: PGN if a line opens with `[`; BRF if it holds
/// Unicode braille, a form feed, a capital sign `,` before a letter, or capitals only;
/// otherwise a plain move list.
pub fn detect(text: &str) -> Format {
    let text = without_bom(text);
    if text.lines().any(|l| l.trim_start().starts_with('[')) {
        return Format::Pgn;
    }
    let braille = text.chars().any(|c| ('\u{2800}'..='\u{28ff}').contains(&c));
    let capital_sign = text
        .as_bytes()
        .windows(2)
        .any(|w| w[0] == b',' && w[1].is_ascii_alphabetic());
    let capitals_only = text.chars().any(|c| c.is_ascii_uppercase())
        && !text.chars().any(|c| c.is_ascii_lowercase());
    if braille || text.contains('\x0c') || capital_sign || capitals_only {
        Format::Brf
    } else {
        Format::List
    }
}

/// FIDE Laws D.2.8: why a scoresheet of any form cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// As PGN or a move list.
    #[error(transparent)]
    Pgn(#[from] PgnError),
    /// As a Braille scoresheet.
    #[error("Braille scoresheet: {0}")]
    Brf(#[from] BrfError),
}

/// FIDE Laws D.2.8: reads a scoresheet in any form `ansage compare` accepts, PGN (its first
/// game), BRF or Unicode braille, or a plain move list (see [`detect`]).
pub fn read_any(text: &str, lang: Language) -> Result<Sheet, ReadError> {
    let partial = read_any_partly(text, lang)?;
    match partial.stop {
        Some(e) => Err(e),
        None => Ok(partial.sheet),
    }
}

/// FIDE Laws D.2.8: a scoresheet in any form as far as its moves read
/// ([`Partial::stop`] says where and why it stopped). A text whose start (a FEN, a
/// variant, the header) cannot be read, or that holds no game, is the error.
pub fn read_any_partly(text: &str, lang: Language) -> Result<Partial, ReadError> {
    Ok(match detect(text) {
        Format::Pgn => {
            let game = read_games(text, lang)?
                .into_iter()
                .next()
                .ok_or(PgnError::NoGame)?;
            match game.stop {
                Some(e @ (PgnError::Fen { .. } | PgnError::Variant { .. })) => return Err(e.into()),
                stop => Partial {
                    sheet: game.sheet,
                    stop: stop.map(ReadError::Pgn),
                },
            }
        }
        Format::Brf => {
            let (sheet, stop) = read_brf_partly(text, lang)?;
            Partial {
                sheet,
                stop: stop.map(ReadError::Brf),
            }
        }
        Format::List => {
            let (sheet, stop) = read_list_partly(text, lang);
            Partial {
                sheet,
                stop: stop.map(ReadError::Pgn),
            }
        }
    })
}

/// FIDE Laws D.2.8: a scoresheet read as far as its moves go.
#[derive(Clone, Debug, PartialEq)]
pub struct Partial {
    /// The scoresheet: its header and the moves before the first that cannot be read.
    pub sheet: Sheet,
    /// Why the next move (or line) cannot be read, if one cannot.
    pub stop: Option<ReadError>,
}

#[cfg(test)]
mod tests;
