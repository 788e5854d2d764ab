//! FIDE Laws D.2.6: the visually impaired player's scoresheet in Braille, as a BRF file
//! (Braille Ready Format: North American Braille ASCII, for embossers and Braille
//! notetakers) or in Unicode braille, and read back.
//!
//! # Layout (the contract)
//!
//! - Pages of at most 25 lines of at most 40 cells. Each BRF line ends with CR LF; each page
//!   after the first begins with a form feed (`\x0c`) right after the previous page's last
//!   CR LF. The Unicode form has the same lines and pages, lines ending with LF.
//! - All text is in the code of [`super::braille`]: capital sign before capitals,
//!   lower-cell digits without number sign, so a square is two cells (`e4` = `E4`).
//! - A header, one line each, `Label: value`, the labels from the language's
//!   `messages.ftl` (`sheet-white` …): White, Black (always), then Event, Site, Round, Date
//!   when known (not `?`), Time control (PGN form, `5400+30`) and Result when there are
//!   any, and Position (FEN) when the game does not start from the standard position
//!   (Chess960, Appendix F, or a set-up position).
//! - A header line longer than 40 cells continues on the next lines, each opened by two
//!   blank cells; the break falls before a space where there is one.
//! - A blank line, then one line per full move: the move number (lower-cell digits, no
//!   period, as in the Braille Chess Association's code), White's move, Black's move, in
//!   the language's notation ([`crate::core::words::Vocabulary::localized_san`]: de `Sf3`,
//!   es `Cf3`, castling `0-0`, `+` check, `#` mate, promotion `e8=D`), a draw offer `(=)`
//!   after the move it came with (C.12). When Black moves first, the line reads
//!   `N -move` (dots 3-6 for print's "…", as in that code).
//! - The result (`1-0`, `0-1`, `1/2-1/2`) on a line of its own at the end.
//!
//! Example (es), the game of Appendix C, in Braille ASCII:
//!
//! ```text
//! ,BLANCAS: ,ANA
//! ,NEGRAS: ,BEA
//! ,FECHA: 2025.03.14
//!
//! 1 E4 E5
//! 2 ,CF3 ,CF6
//! 3 D4 EXD4
//! 4 E5 ,CE4
//! 5 ,DXD4 D5
//! 6 EXD6 ,CXD6
//! 7 ,AG5 ,CC6
//! 8 ,DE3+ ,AE7
//! 9 ,CBD2 0-0
//! 10 0-0-0 ,TE8
//! 11 ,RB1 (=)
//! ```
//!
//! [`read_brf`] reads this back (also in Unicode braille, lower case Braille ASCII, LF or
//! CR LF, with extra blanks, blank lines and page breaks anywhere), checking every move.

use std::sync::LazyLock;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

use super::braille::{Cell, cells_to_text, from_braille_ascii, text_to_cells, to_braille_ascii};
use super::tokens::{self, Token};
use super::{MoveError, Replay, Sheet, SheetMove, move_label};
use crate::core::lang::Language;
use crate::core::phrases::{Message, Phrases};
use crate::core::setup::GameInfo;

/// FIDE Laws D.2.6: cells in a Braille line (the BRF standard page).
pub const CELLS_PER_LINE: usize = 40;
/// FIDE Laws D.2.6: lines on a Braille page (the BRF standard page).
pub const LINES_PER_PAGE: usize = 25;
/// Blank cells that open a continuation line.
const INDENT: usize = 2;

/// The header fields, in the order written, with their message ids.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Field {
    White,
    Black,
    Event,
    Site,
    Round,
    Date,
    TimeControl,
    Result,
    Start,
}

impl Field {
    const ALL: [Field; 9] = [
        Field::White,
        Field::Black,
        Field::Event,
        Field::Site,
        Field::Round,
        Field::Date,
        Field::TimeControl,
        Field::Result,
        Field::Start,
    ];

    fn id(self) -> &'static str {
        match self {
            Field::White => "sheet-white",
            Field::Black => "sheet-black",
            Field::Event => "sheet-event",
            Field::Site => "sheet-site",
            Field::Round => "sheet-round",
            Field::Date => "sheet-date",
            Field::TimeControl => "sheet-time-control",
            Field::Result => "sheet-result",
            Field::Start => "sheet-start",
        }
    }
}

/// FIDE Laws D.2.6 and D.2.8: why a Braille scoresheet cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BrfError {
    /// A character or cell sequence that is not Braille of this code.
    #[error("page {page}, line {line}: {detail}")]
    Braille {
        /// The page (1-based).
        page: usize,
        /// The line on the page (1-based).
        line: usize,
        /// What is wrong.
        detail: String,
    },
    /// The starting position is no valid FEN.
    #[error("page {page}, line {line}: position {fen:?}: {detail}")]
    Start {
        /// The page (1-based).
        page: usize,
        /// The line on the page (1-based).
        line: usize,
        /// The FEN as read.
        fen: String,
        /// What is wrong with it.
        detail: String,
    },
    /// A move number other than the one due.
    #[error("page {page}, line {line}: move number {found}, expected {expected}")]
    Number {
        /// The page (1-based).
        page: usize,
        /// The line on the page (1-based).
        line: usize,
        /// The number read.
        found: String,
        /// The number of the move due.
        expected: u32,
    },
    /// A move that cannot be played.
    #[error("page {page}, line {line}: move {} {token}: {problem}", move_label(*number, *side))]
    Move {
        /// The page (1-based).
        page: usize,
        /// The line on the page (1-based).
        line: usize,
        /// FIDE Laws C.2: the move's number.
        number: u32,
        /// Who was to make it.
        side: Color,
        /// The token as read (in print).
        token: String,
        /// Why it cannot be played.
        problem: MoveError,
    },
    /// A draw offer "(=)" before any move.
    #[error("page {page}, line {line}: (=) before any move")]
    DrawOfferWithoutMove {
        /// The page (1-based).
        page: usize,
        /// The line on the page (1-based).
        line: usize,
    },
    /// The phrase files of the language are broken (a broken build).
    #[error("phrases: {0}")]
    Phrases(String),
}

/// FIDE Laws D.2.6: the scoresheet as lines of cells, page by page (see the module
/// documentation for the layout). Every line has at most 40 cells, every page at most 25
/// lines. The moves must be legal in turn from `sheet.start`.
pub fn pages(sheet: &Sheet, lang: Language) -> Vec<Vec<Vec<Cell>>> {
    text_pages(&print_lines(sheet, lang))
}

/// Any text in this layout (the scoresheet's, the quick reference card's): each line in
/// the code of [`super::braille`], wrapped to 40 cells (continuations opened by two blank
/// cells), an empty line kept empty, 25 lines to a page.
pub fn text_pages(lines: &[String]) -> Vec<Vec<Vec<Cell>>> {
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for line in lines {
        if line.is_empty() {
            out.push(Vec::new());
        } else {
            out.extend(wrap(&text_to_cells(line)));
        }
    }
    out.chunks(LINES_PER_PAGE).map(<[_]>::to_vec).collect()
}

/// Pages of cells as a BRF file: Braille ASCII, CR LF after each line, a form feed before
/// each page after the first.
pub fn brf_of_pages(pages: &[Vec<Vec<Cell>>]) -> String {
    join_pages(pages, "\r\n", |cells| {
        // The code writes six-dot cells only, so this never falls back.
        to_braille_ascii(cells).unwrap_or_default()
    })
}

/// FIDE Laws D.2.6 and 8.1: the scoresheet's logical lines in print (the header, a blank
/// line, one line per full move, the result), the text that [`pages`] writes in Braille
/// and [`render_text`] as plain text.
pub fn print_lines(sheet: &Sheet, lang: Language) -> Vec<String> {
    let labels = labels(lang);
    let mut lines: Vec<String> = Vec::new();
    for field in Field::ALL {
        if let Some(value) = value(sheet, field) {
            let label = labels
                .iter()
                .find(|(f, _)| *f == field)
                .map_or(field.id(), |(_, l)| l.as_str());
            lines.push(format!("{label}: {value}"));
        }
    }
    lines.push(String::new());
    // One line per full move: "N white black"; "N -black" when Black moves first.
    let mut current: Option<(u32, String)> = None;
    for w in sheet.notation(lang) {
        let line = match (current.take(), w.side) {
            (Some((n, mut line)), Color::Black) if n == w.number => {
                line.push(' ');
                line
            }
            (previous, side) => {
                if let Some((_, line)) = previous {
                    lines.push(line);
                }
                match side {
                    Color::White => format!("{} ", w.number),
                    Color::Black => format!("{} -", w.number),
                }
            }
        };
        let mut line = line;
        line.push_str(&w.san);
        if w.draw_offer {
            line.push_str(" (=)");
        }
        current = Some((w.number, line));
    }
    if let Some((_, line)) = current {
        lines.push(line);
    }
    if let Some(result) = sheet.result.as_deref().and_then(tokens::result) {
        lines.push(result.to_owned());
    }
    lines
}

/// FIDE Laws 8.1: the scoresheet as plain text, the same lines as the Braille one.
pub fn render_text(sheet: &Sheet, lang: Language) -> String {
    let mut out = print_lines(sheet, lang).join("\n");
    out.push('\n');
    out
}

/// FIDE Laws D.2.6: the scoresheet as a BRF file (Braille ASCII; CR LF after each line, a
/// form feed before each page after the first). The moves must be legal in turn from
/// `sheet.start`.
pub fn render_brf(sheet: &Sheet, lang: Language) -> String {
    brf_of_pages(&pages(sheet, lang))
}

/// FIDE Laws D.2.6: the scoresheet in Unicode braille, the same lines and pages as
/// [`render_brf`] (LF after each line, a form feed before each page after the first).
pub fn render_unicode(sheet: &Sheet, lang: Language) -> String {
    join(sheet, lang, "\n", super::braille::to_unicode)
}

fn join(sheet: &Sheet, lang: Language, eol: &str, line: impl Fn(&[Cell]) -> String) -> String {
    join_pages(&pages(sheet, lang), eol, line)
}

fn join_pages(pages: &[Vec<Vec<Cell>>], eol: &str, line: impl Fn(&[Cell]) -> String) -> String {
    let mut out = String::new();
    for (i, page) in pages.iter().enumerate() {
        if i > 0 {
            out.push('\x0c');
        }
        for cells in page {
            out.push_str(&line(cells));
            out.push_str(eol);
        }
    }
    out
}

/// The value of a header field, if it is written.
fn value(sheet: &Sheet, field: Field) -> Option<String> {
    let known = |s: &str| {
        let t = s.trim();
        (!t.is_empty() && !t.chars().all(|c| c == '?' || c == '.')).then(|| t.to_owned())
    };
    let info = &sheet.info;
    match field {
        Field::White => Some(info.white.clone()),
        Field::Black => Some(info.black.clone()),
        Field::Event => known(&info.event),
        Field::Site => known(&info.site),
        Field::Round => known(&info.round),
        Field::Date => known(&info.date),
        Field::TimeControl => sheet.time_control.as_deref().and_then(known),
        Field::Result => sheet
            .result
            .as_deref()
            .and_then(tokens::result)
            .map(str::to_owned),
        Field::Start => (sheet.start != Chess::default())
            .then(|| Fen::from_position(&sheet.start, EnPassantMode::Legal).to_string()),
    }
}

/// The labels of the header fields in each language, loaded once.
static LABELS: LazyLock<[Vec<(Field, String)>; 3]> =
    LazyLock::new(|| Language::ALL.map(load_labels));

/// The labels of the header fields in `lang`.
fn labels(lang: Language) -> Vec<(Field, String)> {
    let i = Language::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    LABELS[i].clone()
}

fn load_labels(lang: Language) -> Vec<(Field, String)> {
    match Phrases::load(lang) {
        Ok(p) => Field::ALL
            .iter()
            .map(|f| (*f, p.speech(&Message::new(f.id()))))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Breaks a logical line into lines of at most 40 cells; continuation lines are opened by
/// two blank cells. Breaks fall before a blank where possible, never inside a capital or
/// escape sequence.
fn wrap(cells: &[Cell]) -> Vec<Vec<Cell>> {
    // Units: a cell with its capital sign and escape.
    let mut units: Vec<&[Cell]> = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        let mut j = i;
        while j + 1 < cells.len() && (cells[j] == Cell::CAPITAL || cells[j] == Cell::ESCAPE) {
            j += 1;
        }
        units.push(&cells[i..=j]);
        i = j + 1;
    }
    let mut out: Vec<Vec<Cell>> = Vec::new();
    let mut rest: &[&[Cell]] = &units;
    loop {
        let room = if out.is_empty() {
            CELLS_PER_LINE
        } else {
            CELLS_PER_LINE - INDENT
        };
        let mut fit = 0;
        let mut used = 0;
        while fit < rest.len() && used + rest[fit].len() <= room {
            used += rest[fit].len();
            fit += 1;
        }
        let cut = if fit == rest.len() {
            fit
        } else {
            (1..=fit)
                .rev()
                .find(|k| rest[*k] == [Cell::BLANK])
                .unwrap_or(fit)
                .max(1)
        };
        let mut line = if out.is_empty() {
            Vec::new()
        } else {
            vec![Cell::BLANK; INDENT]
        };
        line.extend(rest[..cut].iter().flat_map(|u| u.iter().copied()));
        out.push(line);
        rest = &rest[cut..];
        if rest.is_empty() {
            return out;
        }
    }
}

/// One physical line as read: where it is and its text.
struct Line {
    page: usize,
    line: usize,
    text: String,
}

/// FIDE Laws D.2.6 and D.2.8: reads a Braille scoresheet (BRF or Unicode braille, the layout
/// of [`render_brf`]) back: the header and every move, replayed from the starting position.
/// Errors name the page, the line and the token.
pub fn read_brf(text: &str, lang: Language) -> Result<Sheet, BrfError> {
    match read_brf_partly(text, lang)? {
        (sheet, None) => Ok(sheet),
        (_, Some(e)) => Err(e),
    }
}

/// FIDE Laws D.2.8: a Braille scoresheet as far as its moves read: the header and the
/// moves up to the first that cannot be read, and why that one cannot. A header that
/// cannot be read is the error.
pub fn read_brf_partly(text: &str, lang: Language) -> Result<(Sheet, Option<BrfError>), BrfError> {
    let (lines, broken) = physical_lines(text);
    let mut all_labels: Vec<(Field, String)> = labels(lang);
    for other in Language::ALL.into_iter().filter(|l| *l != lang) {
        all_labels.extend(labels(other));
    }
    if all_labels.is_empty() {
        return Err(BrfError::Phrases(lang.to_string()));
    }
    let mut info = GameInfo::default();
    let mut sheet = Sheet::new(Chess::default());
    // The header: labelled lines and their continuations.
    let mut header: Vec<(Field, String, usize, usize)> = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let l = &lines[k];
        let trimmed = l.text.trim();
        if trimmed.is_empty() {
            k += 1;
            continue;
        }
        if l.text.starts_with("  ")
            && let Some(last) = header.last_mut()
        {
            last.1.push_str(l.text.get(INDENT..).unwrap_or(""));
            k += 1;
            continue;
        }
        let labelled = l.text.split_once(':').and_then(|(label, value)| {
            all_labels
                .iter()
                .find(|(_, text)| text == label.trim())
                .map(|(f, _)| (*f, value.to_owned()))
        });
        match labelled {
            Some((field, value)) => header.push((field, value, l.page, l.line)),
            None => break,
        }
        k += 1;
    }
    if k == lines.len()
        && let Some(e) = broken
    {
        return Err(e);
    }
    for (field, value, page, line) in header {
        let value = value.trim().to_owned();
        match field {
            Field::White => info.white = value,
            Field::Black => info.black = value,
            Field::Event => info.event = value,
            Field::Site => info.site = value,
            Field::Round => info.round = value,
            Field::Date => info.date = value,
            Field::TimeControl => sheet.time_control = Some(value),
            Field::Result => sheet.result = tokens::result(&value).map(str::to_owned),
            Field::Start => sheet.start = start(&value, page, line)?,
        }
    }
    sheet.info = info;
    let mut replay = Replay::new(lang, sheet.start.clone(), true);
    for l in &lines[k..] {
        for word in l.text.split_whitespace() {
            for token in tokens::split(word) {
                if let Err(e) = read_token(token, l, &mut replay, &mut sheet) {
                    return Ok((sheet, Some(e)));
                }
            }
        }
    }
    Ok((sheet, broken))
}

/// Reads one token of the moves.
fn read_token(
    token: Token<'_>,
    l: &Line,
    replay: &mut Replay,
    sheet: &mut Sheet,
) -> Result<(), BrfError> {
    match token {
        Token::Number(n) => {
            let digits = n.trim_end_matches(['.', '…']);
            let expected = replay.position().fullmoves().get();
            if digits.parse::<u32>().ok() != Some(expected) {
                return Err(BrfError::Number {
                    page: l.page,
                    line: l.line,
                    found: n.to_owned(),
                    expected,
                });
            }
        }
        Token::Move(text) => {
            let text = text.strip_prefix('-').unwrap_or(text);
            if text.is_empty() {
                return Ok(());
            }
            let (number, side) = replay.next();
            let (mv, draw_offer) = replay.play(text).map_err(|problem| BrfError::Move {
                page: l.page,
                line: l.line,
                number,
                side,
                token: text.to_owned(),
                problem,
            })?;
            sheet.moves.push(SheetMove { mv, draw_offer });
        }
        Token::DrawOffer => match sheet.moves.last_mut() {
            Some(m) => m.draw_offer = true,
            None => {
                return Err(BrfError::DrawOfferWithoutMove {
                    page: l.page,
                    line: l.line,
                });
            }
        },
        Token::Result(r) => {
            if let Some(r) = tokens::result(r) {
                sheet.result = Some(r.to_owned());
            }
        }
        Token::EnPassant | Token::Annotation => {}
    }
    Ok(())
}

/// The starting position of a FEN (castling mode detected, as for a FEN start).
fn start(fen: &str, page: usize, line: usize) -> Result<Chess, BrfError> {
    let err = |detail: String| BrfError::Start {
        page,
        line,
        fen: fen.to_owned(),
        detail,
    };
    let parsed: Fen = fen.parse().map_err(|e| err(format!("{e}")))?;
    let mode = CastlingMode::detect(parsed.as_setup());
    parsed.into_position(mode).map_err(|e| err(format!("{e}")))
}

/// The lines of the file as text, with their page and line numbers, up to the first that
/// is no Braille of this code (and why that one is not).
fn physical_lines(text: &str) -> (Vec<Line>, Option<BrfError>) {
    let mut out = Vec::new();
    for (p, page) in text.split('\x0c').enumerate() {
        let page_lines: Vec<&str> = page.split('\n').collect();
        let n = page_lines.len() - usize::from(page_lines.last() == Some(&""));
        for (i, raw) in page_lines[..n].iter().enumerate() {
            let raw = raw.trim_end_matches(['\r', ' ', '\u{2800}']);
            let err = |detail: String| BrfError::Braille {
                page: p + 1,
                line: i + 1,
                detail,
            };
            let text = match from_braille_ascii(raw) {
                Ok(cells) => cells_to_text(&cells).map_err(|e| err(e.to_string())),
                Err(e) => Err(err(e.to_string())),
            };
            match text {
                Ok(text) => out.push(Line {
                    page: p + 1,
                    line: i + 1,
                    text,
                }),
                Err(e) => return (out, Some(e)),
            }
        }
    }
    (out, None)
}

#[cfg(test)]
mod tests;
