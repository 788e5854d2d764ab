//! The Braille status line (FIDE Laws D.2.6): what it is made of and how it reads. The
//! session's own status output and the display model both render it from here.

use shakmaty::Color;

use crate::core::clock::Clock;
use crate::core::durations::clock_text;
use crate::core::phrases::{Arg, Message, Phrases, color_key};
use crate::core::time::Timestamp;
use crate::core::words::Vocabulary;

/// FIDE Laws D.2.6: what the status line is made of, taken from the session after each
/// step ([`Session::status_source`](crate::core::session::Session::status_source)), so
/// that a display can redraw the running clock every second without the session.
#[derive(Clone, Debug, PartialEq)]
pub struct StatusSource {
    /// The last move made, numbered, in the language's letters ("12.Sf3", "12...Sf6").
    pub last: Option<String>,
    /// The clock, if the game has one.
    pub clock: Option<Clock>,
    /// The side to move.
    pub turn: Color,
}

impl StatusSource {
    /// FIDE Laws D.2.6: the Braille status line at `now`: the last move, both clocks (m:ss,
    /// h:mm:ss from an hour up) and whose clock runs; without a clock, whose move it is.
    pub fn line(&self, phrases: &Phrases, vocab: &Vocabulary, now: Timestamp) -> String {
        let last = self.last.clone().unwrap_or_else(|| "-".to_owned());
        let msg = match &self.clock {
            Some(clock) => Message::new("status-line")
                .arg("last", last)
                .arg("white", clock_text(clock.remaining(Color::White, now)))
                .arg("black", clock_text(clock.remaining(Color::Black, now)))
                .arg(
                    "running",
                    match clock.running() {
                        Some(c) => color_key(c),
                        None => Arg::Text("none".into()),
                    },
                ),
            None => Message::new("status-line-no-clock")
                .arg("last", last)
                .arg("side", vocab.color_name(self.turn)),
        };
        phrases.braille(&msg)
    }

    /// Whether the line changes with time (a clock runs).
    pub fn ticking(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.running().is_some())
    }
}
