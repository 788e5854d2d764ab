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

use std::ops::ControlFlow;
use std::time::Duration;

use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move};

mod prepare;

use super::brf::{BrfError, read_brf_partly};
use super::tokens::{self, Token};
use super::{MoveError, Replay, Sheet, SheetMove, move_label};
use crate::core::lang::Language;
use crate::core::setup::GameInfo;
use prepare::prepare;

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

/// The pgn-reader visitor: tags to the header and start, marked comments to moves.
struct Importer<'a> {
    lang: Language,
    tag_lines: &'a [usize],
    tags_seen: usize,
    /// The games begun so far.
    games: usize,
}

/// A game being read.
struct Game {
    replay: Replay,
    number: usize,
    sheet: Sheet,
    clocks: Vec<Option<Duration>>,
    elapsed: Vec<Option<Duration>>,
    tags: Vec<(String, String)>,
    line: usize,
}

impl Game {
    fn play(&mut self, token: &str) -> Result<(), PgnError> {
        let (number, side) = self.replay.next();
        let (mv, draw_offer) = self.replay.play(token).map_err(|problem| PgnError::Move {
            game: self.number,
            line: self.line,
            number,
            side,
            token: token.to_owned(),
            problem,
        })?;
        self.sheet.moves.push(SheetMove { mv, draw_offer });
        self.clocks.push(None);
        self.elapsed.push(None);
        Ok(())
    }

    fn offer_draw(&mut self) -> Result<(), PgnError> {
        match self.sheet.moves.last_mut() {
            Some(m) => {
                m.draw_offer = true;
                Ok(())
            }
            None => Err(PgnError::DrawOfferWithoutMove {
                game: self.number,
                line: self.line,
            }),
        }
    }

    /// The game as read so far, stopped by `stop` if given.
    fn output(&self, stop: Option<PgnError>) -> ImportedGame {
        ImportedGame {
            sheet: self.sheet.clone(),
            clocks: self.clocks.clone(),
            elapsed: self.elapsed.clone(),
            tags: self.tags.clone(),
            stop,
        }
    }

    /// Goes on, or stops the game at the error (the moves before it are kept).
    fn go_on(&self, done: Result<(), PgnError>) -> ControlFlow<ImportedGame> {
        match done {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(self.output(Some(e))),
        }
    }
}

impl Visitor for Importer<'_> {
    type Tags = Vec<(String, String, usize)>;
    type Movetext = Game;
    type Output = ImportedGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let line = self.tag_lines.get(self.tags_seen).copied().unwrap_or(0);
        self.tags_seen += 1;
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
            line,
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        match begin(self.lang, self.games, tags) {
            Ok(game) => ControlFlow::Continue(game),
            Err((tags, e)) => ControlFlow::Break(ImportedGame {
                sheet: Sheet::new(Chess::default()),
                clocks: Vec::new(),
                elapsed: Vec::new(),
                tags,
                stop: Some(e),
            }),
        }
    }

    fn san(&mut self, game: &mut Game, san: SanPlus) -> ControlFlow<Self::Output> {
        // Every main-line move arrives as a marked comment; should pgn-reader still see
        // SAN, it is played the same way.
        let done = game.play(&san.to_string());
        game.go_on(done)
    }

    fn comment(&mut self, game: &mut Game, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        let text = String::from_utf8_lossy(comment.as_bytes());
        let done = match text.strip_prefix(MARK) {
            Some(marked) => {
                let (line, word) = marked.split_once(':').unwrap_or(("0", marked));
                game.line = line.parse().unwrap_or(game.line);
                if word == "(=)" {
                    game.offer_draw()
                } else {
                    game.play(word)
                }
            }
            None => remark(game, &text),
        };
        game.go_on(done)
    }

    fn outcome(&mut self, game: &mut Game, outcome: Outcome) -> ControlFlow<Self::Output> {
        if let Outcome::Known(known) = outcome {
            game.sheet.result = Some(
                match known {
                    KnownOutcome::Decisive { winner } if winner.is_white() => "1-0",
                    KnownOutcome::Decisive { .. } => "0-1",
                    KnownOutcome::Draw => "1/2-1/2",
                }
                .to_owned(),
            );
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Game) -> Self::Output {
        game.output(None)
    }
}

/// The tags as written (name, value).
type Tags = Vec<(String, String)>;

/// The header and start of game `number` from its tags; if they set up no game of chess,
/// the tags and why.
fn begin(
    lang: Language,
    number: usize,
    tags: Vec<(String, String, usize)>,
) -> Result<Game, (Tags, PgnError)> {
    let plain = |tags: &[(String, String, usize)]| -> Tags {
        tags.iter()
            .map(|(n, v, _)| (n.clone(), v.clone()))
            .collect()
    };
    let get = |name: &str| tags.iter().find(|(n, _, _)| n == name);
    let mut chess960 = false;
    if let Some((_, variant, line)) = get("Variant") {
        let v = variant.to_ascii_lowercase();
        if v.contains("960") || v.contains("fischer") {
            chess960 = true;
        } else if !matches!(
            v.as_str(),
            "" | "standard" | "chess" | "normal" | "from position"
        ) {
            let e = PgnError::Variant {
                game: number,
                line: *line,
                variant: variant.clone(),
            };
            return Err((plain(&tags), e));
        }
    }
    let start = match get("FEN") {
        Some((_, fen, line)) => {
            let err = |detail: String| {
                let e = PgnError::Fen {
                    game: number,
                    line: *line,
                    fen: fen.clone(),
                    detail,
                };
                (plain(&tags), e)
            };
            let parsed: Fen = fen.parse().map_err(|e| err(format!("{e}")))?;
            let mode = if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::detect(parsed.as_setup())
            };
            parsed
                .into_position::<Chess>(mode)
                .map_err(|e| err(format!("{e}")))?
        }
        None => Chess::default(),
    };
    let mut info = GameInfo::default();
    for (name, value, _) in &tags {
        let field = match name.as_str() {
            "Event" => &mut info.event,
            "Site" => &mut info.site,
            "Date" => &mut info.date,
            "Round" => &mut info.round,
            "White" => &mut info.white,
            "Black" => &mut info.black,
            _ => continue,
        };
        field.clone_from(value);
    }
    let mut sheet = Sheet::new(start.clone());
    sheet.info = info;
    sheet.time_control = get("TimeControl")
        .map(|(_, v, _)| v.clone())
        .filter(|v| !matches!(v.as_str(), "" | "?" | "-"));
    sheet.result = get("Result").and_then(|(_, v, _)| tokens::result(v).map(str::to_owned));
    Ok(Game {
        replay: Replay::new(lang, start, false),
        number,
        sheet,
        clocks: Vec::new(),
        elapsed: Vec::new(),
        tags: plain(&tags),
        line: 0,
    })
}

/// A real comment: `[%clk h:mm:ss]` is the last move's clock, "(=)" its draw offer (C.12).
fn remark(game: &mut Game, text: &str) -> Result<(), PgnError> {
    if let Some(clock) = command(text, "[%clk")
        && let Some(last) = game.clocks.last_mut()
    {
        *last = Some(clock);
    }
    if let Some(emt) = command(text, "[%emt")
        && let Some(last) = game.elapsed.last_mut()
    {
        *last = Some(emt);
    }
    if text.contains("(=)") {
        game.offer_draw()?;
    }
    Ok(())
}

/// The time of a PGN command in a comment (`[%clk 0:15:05.5]` for `[%clk`).
fn command(text: &str, name: &str) -> Option<Duration> {
    let at = text.find(name)?;
    let end = text[at..].find(']')?;
    parse_clock(text.get(at + name.len()..at + end)?.trim())
}

/// `h:mm:ss` or `h:mm:ss.s` (PGN's `[%clk]` and `[%emt]`).
fn parse_clock(text: &str) -> Option<Duration> {
    let mut parts = text.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let h: u64 = h.parse().ok()?;
    let m: u64 = m.parse().ok()?;
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let whole: u64 = whole.parse().ok()?;
    // Milliseconds from the first three digits of the fraction (any text here is read
    // byte by byte: it may hold any character).
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let millis = frac
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0, |ms, b| ms * 10 + u64::from(b - b'0'));
    let total = h
        .checked_mul(60)?
        .checked_add(m)?
        .checked_mul(60)?
        .checked_add(whole)?
        .checked_mul(1000)?
        .checked_add(millis)?;
    Some(Duration::from_millis(total))
}

#[cfg(test)]
mod tests;
