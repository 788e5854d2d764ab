//! The game record: PGN with clock times (`[%clk]`, `[%emt]`), draw offers (C.12) and the
//! result.

use std::fmt::Write as _;
use std::time::Duration;

use shakmaty::{CastlingMode, EnPassantMode, fen::Fen};

use crate::core::output::Termination;
use crate::core::session::Session;

/// `h:mm:ss.s`, the form of PGN's `[%clk]` and `[%emt]` commands.
pub fn pgn_clock(d: Duration) -> String {
    let tenths = d.as_millis() / 100;
    let (h, m, s, t) = (
        tenths / 36000,
        tenths / 600 % 60,
        tenths / 10 % 60,
        tenths % 10,
    );
    format!("{h}:{m:02}:{s:02}.{t}")
}

/// The PGN of the game so far: the Seven Tag Roster, TimeControl, Termination, a FEN for
/// a non-standard start, and the moves with their clock times.
pub fn pgn(session: &Session) -> String {
    let info = &session.config().info;
    let result = session.result().map_or("*", |r| r.pgn());
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    };
    tag("Event", &info.event);
    tag("Site", &info.site);
    tag("Date", &info.date);
    tag("Round", &info.round);
    tag("White", &info.white);
    tag("Black", &info.black);
    tag("Result", result);
    if let Some(setup) = &session.config().clock {
        tag("TimeControl", &setup.white.to_string());
    }
    let termination = match session.result().map(|r| r.reason) {
        None => "unterminated",
        Some(Termination::FlagFall | Termination::FlagFallInsufficient) => "time forfeit",
        Some(_) => "normal",
    };
    tag("Termination", termination);
    let initial = session.initial_position();
    if session.castling_mode() == CastlingMode::Chess960 {
        tag("Variant", "Chess960");
    }
    if *initial != shakmaty::Chess::default() {
        tag("SetUp", "1");
        tag(
            "FEN",
            &Fen::from_position(initial, EnPassantMode::Legal).to_string(),
        );
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    for (i, ply) in session.history().iter().enumerate() {
        let m = &ply.made;
        if m.side.is_white() {
            tokens.push(format!("{}.", m.number));
        } else if i == 0 {
            tokens.push(format!("{}...", m.number));
        }
        tokens.push(m.san.clone());
        let mut comment = Vec::new();
        if let Some(clk) = m.clock {
            comment.push(format!("[%clk {}]", pgn_clock(clk)));
        }
        if let Some(emt) = m.elapsed {
            comment.push(format!("[%emt {}]", pgn_clock(emt)));
        }
        if m.draw_offer {
            comment.push("(=)".into());
        }
        if !comment.is_empty() {
            tokens.push(format!("{{ {} }}", comment.join(" ")));
        }
    }
    tokens.push(result.to_owned());
    // Export format: lines of at most 80 characters.
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
    out
}

/// The position in FEN (for transcripts and the arbiter).
pub fn fen(session: &Session) -> String {
    Fen::from_position(session.position(), EnPassantMode::Legal).to_string()
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
}
