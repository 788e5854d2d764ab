//! The pgn-reader visitor of [`super::read_games`]: tags to the header and start position,
//! marked comments to moves (read with the language's notation), `[%clk]` and `[%emt]` to
//! the moves' times, "(=)" to draw offers (FIDE Laws C.12); a game stops at the first move
//! that cannot be read, keeping the moves before it.

use std::ops::ControlFlow;
use std::time::Duration;

use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

use super::{ImportedGame, MARK, PgnError};
use crate::core::lang::Language;
use crate::core::scoresheet::tokens;
use crate::core::scoresheet::{Replay, Sheet, SheetMove};
use crate::core::setup::GameInfo;

/// The pgn-reader visitor: tags to the header and start, marked comments to moves.
pub(super) struct Importer<'a> {
    pub(super) lang: Language,
    pub(super) tag_lines: &'a [usize],
    pub(super) tags_seen: usize,
    /// The games begun so far.
    pub(super) games: usize,
}

/// A game being read.
pub(super) struct Game {
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
pub(super) fn parse_clock(text: &str) -> Option<Duration> {
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
