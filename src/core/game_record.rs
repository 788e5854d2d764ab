//! The game record: PGN with clock times (`[%clk]`, `[%emt]`), draw offers (C.12) and the
//! result, from a session or from a scoresheet.

use std::fmt::Write as _;
use std::time::Duration;

use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, fen::Fen, san::SanPlus};

use crate::core::scoresheet::Sheet;
use crate::core::setup::GameInfo;

/// `h:mm:ss.s`, the form of PGN's `[%clk]` command: the clock as it reads, cut to the
/// tenth (a clock showing 0:00:59.96 has not yet reached a minute).
pub fn pgn_clock(d: Duration) -> String {
    tenths_text(d.as_millis() / 100)
}

/// `h:mm:ss.s`, the form of PGN's `[%emt]` command: the time a move took, rounded to the
/// nearest tenth (30.492 s is 0:00:30.5).
pub fn pgn_elapsed(d: Duration) -> String {
    tenths_text((d.as_millis() + 50) / 100)
}

/// `h:mm:ss.s` of a count of tenths of a second.
fn tenths_text(tenths: u128) -> String {
    let (h, m, s, t) = (
        tenths / 36000,
        tenths / 600 % 60,
        tenths / 10 % 60,
        tenths % 10,
    );
    format!("{h}:{m:02}:{s:02}.{t}")
}

/// One move as PGN writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnMove {
    /// The full move number.
    pub number: u32,
    /// Who moved.
    pub side: Color,
    /// SAN with English letters and the check/mate suffix.
    pub san: String,
    /// The mover's clock after the move (`[%clk]`).
    pub clock: Option<Duration>,
    /// The time the move took (`[%emt]`).
    pub elapsed: Option<Duration>,
    /// FIDE Laws C.12: a draw offer with the move, written `(=)` in its comment.
    pub draw_offer: bool,
}

/// A game as PGN writes it.
#[derive(Clone, Debug)]
pub struct PgnGame<'a> {
    /// The Seven Tag Roster's names.
    pub info: &'a GameInfo,
    /// The TimeControl tag.
    pub time_control: Option<String>,
    /// The Termination tag (`normal`, `time forfeit`, `unterminated`).
    pub termination: &'a str,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// The starting position (a FEN tag when not the standard one).
    pub initial: &'a Chess,
    /// Chess960 (Appendix F): a `Variant` tag.
    pub chess960: bool,
    /// The moves.
    pub moves: Vec<PgnMove>,
    /// Comments in the movetext: after how many moves (0: before the first), and the
    /// text (issue 34.2: the trainer's help, each use marked).
    pub comments: Vec<(usize, String)>,
}

/// One PGN tag pair, its value escaped (`\\` and `"`).
pub fn write_tag(out: &mut String, name: &str, value: &str) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{value}\"]");
}

/// The Seven Tag Roster of `info` with `result`.
pub fn write_roster(out: &mut String, info: &GameInfo, result: &str) {
    write_tag(out, "Event", &info.event);
    write_tag(out, "Site", &info.site);
    write_tag(out, "Date", &info.date);
    write_tag(out, "Round", &info.round);
    write_tag(out, "White", &info.white);
    write_tag(out, "Black", &info.black);
    write_tag(out, "Result", result);
}

/// The `SetUp` and `FEN` tags of a start that is not the standard one.
pub fn write_start(out: &mut String, start: &Chess) {
    if *start != Chess::default() {
        write_tag(out, "SetUp", "1");
        let fen = Fen::from_position(start, EnPassantMode::Legal).to_string();
        write_tag(out, "FEN", &fen);
    }
}

/// The movetext `tokens` in lines of at most 80 characters, and the blank line that ends
/// a game.
pub fn write_movetext(out: &mut String, tokens: Vec<String>) {
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push_str("\n\n");
}

/// Writes a game in PGN export format: tags, then moves in lines of at most 80 characters.
pub fn write_pgn(game: &PgnGame<'_>) -> String {
    let mut out = String::new();
    write_roster(&mut out, game.info, game.result);
    if let Some(tc) = &game.time_control {
        write_tag(&mut out, "TimeControl", tc);
    }
    write_tag(&mut out, "Termination", game.termination);
    if game.chess960 {
        write_tag(&mut out, "Variant", "Chess960");
    }
    write_start(&mut out, game.initial);
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let comments_after = |n: usize| {
        game.comments
            .iter()
            .filter(move |(at, _)| *at == n)
            .map(|(_, text)| format!("{{ {} }}", text.replace('}', ")")))
    };
    tokens.extend(comments_after(0));
    for (i, m) in game.moves.iter().enumerate() {
        let commented = i > 0 && game.comments.iter().any(|(at, _)| *at == i);
        if m.side.is_white() {
            tokens.push(format!("{}.", m.number));
        } else if i == 0 || commented {
            tokens.push(format!("{}...", m.number));
        }
        tokens.push(m.san.clone());
        let mut comment = Vec::new();
        if let Some(clk) = m.clock {
            comment.push(format!("[%clk {}]", pgn_clock(clk)));
        }
        if let Some(emt) = m.elapsed {
            comment.push(format!("[%emt {}]", pgn_elapsed(emt)));
        }
        if m.draw_offer {
            comment.push("(=)".into());
        }
        if !comment.is_empty() {
            tokens.push(format!("{{ {} }}", comment.join(" ")));
        }
        tokens.extend(comments_after(i + 1));
    }
    tokens.push(game.result.to_owned());
    write_movetext(&mut out, tokens);
    out
}

/// The PGN of a scoresheet (an imported PGN, a BRF, a move list), with the mover's clock
/// after each move and the time each move took, where known.
pub fn pgn_of_sheet(
    sheet: &Sheet,
    clocks: &[Option<Duration>],
    elapsed: &[Option<Duration>],
) -> String {
    let mut pos = sheet.start.clone();
    let mut moves = Vec::with_capacity(sheet.moves.len());
    for (i, m) in sheet.moves.iter().enumerate() {
        let number = pos.fullmoves().get();
        let side = pos.turn();
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m.mv).to_string();
        moves.push(PgnMove {
            number,
            side,
            san,
            clock: clocks.get(i).copied().flatten(),
            elapsed: elapsed.get(i).copied().flatten(),
            draw_offer: m.draw_offer,
        });
    }
    let result = sheet.result.as_deref().unwrap_or("*");
    let game = PgnGame {
        info: &sheet.info,
        time_control: sheet.time_control.clone(),
        termination: if result == "*" {
            "unterminated"
        } else {
            "normal"
        },
        result,
        initial: &sheet.start,
        chess960: CastlingMode::detect(&sheet.start.to_setup(EnPassantMode::Legal))
            == CastlingMode::Chess960,
        moves,
        comments: Vec::new(),
    };
    write_pgn(&game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_format() {
        for (ms, want) in [
            (0, "0:00:00.0"),
            (295_000, "0:04:55.0"),
            (5_400_123, "1:30:00.1"),
            (59_999, "0:00:59.9"),
        ] {
            assert_eq!(pgn_clock(Duration::from_millis(ms)), want);
        }
    }

    #[test]
    fn elapsed_time_is_rounded() {
        for (ms, want) in [
            (0, "0:00:00.0"),
            (30_492, "0:00:30.5"),
            (30_449, "0:00:30.4"),
            (30_450, "0:00:30.5"),
            (59_960, "0:01:00.0"),
            (3_599_951, "1:00:00.0"),
        ] {
            assert_eq!(pgn_elapsed(Duration::from_millis(ms)), want, "{ms}");
        }
    }
}
