//! The transcript's lines (docs/developers.md: Scripts and transcripts): one line per output
//! of the session, `@SECONDS CHANNEL:WHO …`, times and clock readings to the millisecond.

use std::time::Duration;

use crate::core::output::{AccessRequest, ArbiterAction, Output};
use crate::core::time::Timestamp;

/// `@SECONDS` with milliseconds.
pub fn stamp(at: Timestamp) -> String {
    let ms = at.as_millis();
    format!("@{}.{:03}", ms / 1000, ms % 1000)
}

/// A duration as `h:mm:ss.mmm` (clock readings in transcripts, to the millisecond).
pub fn exact(d: Duration) -> String {
    let ms = d.as_millis();
    let (h, m, s, f) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    format!("{h}:{m:02}:{s:02}.{f:03}")
}

/// The transcript line of one output.
pub fn transcript_line(at: Timestamp, output: &Output) -> String {
    let t = stamp(at);
    match output {
        Output::Say(s) => match s.expires {
            Some(until) => format!(
                "{t} say:{} [until {}] {}",
                s.to.name(),
                stamp(until),
                s.text
            ),
            None => format!("{t} say:{} {}", s.to.name(), s.text),
        },
        Output::Braille(b) => format!("{t} braille:{} {}", b.to.name(), b.text),
        Output::Clock(c) => {
            let running = match c.running {
                Some(shakmaty::Color::White) => "white",
                Some(shakmaty::Color::Black) => "black",
                None => "none",
            };
            format!(
                "{t} clock white {} black {} running {running}",
                exact(c.white),
                exact(c.black)
            )
        }
        Output::Made(m) => {
            let number = if m.side.is_white() {
                format!("{}.", m.number)
            } else {
                format!("{}...", m.number)
            };
            let mut line = format!("{t} made {number} {}", m.san);
            if let Some(clk) = m.clock {
                line.push_str(&format!(" clk {}", exact(clk)));
            }
            if let Some(emt) = m.elapsed {
                line.push_str(&format!(" emt {}", exact(emt)));
            }
            if m.draw_offer {
                line.push_str(" (=)");
            }
            line
        }
        Output::Result(r) => format!("{t} result {} {}", r.pgn(), r.reason.name()),
        Output::Flag { side, first } => {
            let which = if *first { "first" } else { "second" };
            format!("{t} clock flag {} {which}", color_word(*side))
        }
        Output::Arbiter(a) => {
            let what = match a {
                ArbiterAction::Start => "start".to_owned(),
                ArbiterAction::Pause => "pause".to_owned(),
                ArbiterAction::Resume => "resume".to_owned(),
                ArbiterAction::SetClock(c, d) => format!("set {} {}", color_word(*c), exact(*d)),
                ArbiterAction::SetMoves(c, n) => format!("moves {} {n}", color_word(*c)),
                ArbiterAction::AddTime(c, d) => format!("add {} {}", color_word(*c), exact(*d)),
            };
            format!("{t} clock arbiter {what}")
        }
        Output::Status(text) => format!("{t} braille:status {text}"),
        Output::TakenBack { plies } => format!("{t} made takeback to ply {plies}"),
        Output::Hush { to } => format!("{t} hush:{}", to.name()),
        Output::Access(AccessRequest::Code { role, to }) => {
            format!("{t} web:{} access-code {}", to.name(), role.name())
        }
        Output::Access(AccessRequest::RevokeAll { to }) => {
            format!("{t} web:{} revoke-access", to.name())
        }
        Output::Access(AccessRequest::Address { to }) => {
            format!("{t} web:{} address", to.name())
        }
        Output::Online(request) => format!("{t} online {}", request.text()),
        Output::Engine(request) => format!("{t} engine {}", request.text()),
        Output::Analyse(request) => format!("{t} engine {}", request.text()),
        Output::Annotated(pgn) => format!("{t} annotated {}", movetext(pgn)),
    }
}

pub(super) fn color_word(c: shakmaty::Color) -> &'static str {
    if c.is_white() { "white" } else { "black" }
}

/// A PGN's movetext on one line (its tags left out).
fn movetext(pgn: &str) -> String {
    let lines: Vec<&str> = pgn
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('['))
        .collect();
    lines.join(" ")
}
