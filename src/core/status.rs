//! The Braille status line (FIDE Laws D.2.6): what it is made of and how it reads. The
//! session's own status output and the display model both render it from here.

use shakmaty::Color;

use crate::core::clock::Clock;
use crate::core::durations::clock_reading;
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
    /// h:mm:ss from an hour up, rounded up to the second) and whose clock runs, or that the clock stands; without a
    /// clock, whose move it is.
    pub fn line(&self, phrases: &Phrases, vocab: &Vocabulary, now: Timestamp) -> String {
        let last = self.last.clone().unwrap_or_else(|| "-".to_owned());
        let msg = match &self.clock {
            Some(clock) => clocks(Message::new("status-line"), clock, now).arg("last", last),
            None => Message::new("status-line-no-clock")
                .arg("last", last)
                .arg("side", vocab.color_name(self.turn)),
        };
        phrases.braille(&msg)
    }

    /// FIDE Laws D.2.6, D.2.11: both clocks alone at `now` ("W*0:09 S14:58"), for the
    /// status cells beside the board or the pieces; `None` without a clock.
    pub fn clocks(&self, phrases: &Phrases, now: Timestamp) -> Option<String> {
        let clock = self.clock.as_ref()?;
        Some(phrases.braille(&clocks(Message::new("status-clocks"), clock, now)))
    }

    /// Whether the line changes with time (a clock runs).
    pub fn ticking(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.running().is_some())
    }
}

/// `msg` with both clocks at `now`, each rounded up to the whole second as the countdown
/// speaks it ([`clock_reading`]: `0:01` until the flag falls), and whose runs (`none`: the
/// clock stands).
fn clocks(msg: Message, clock: &Clock, now: Timestamp) -> Message {
    msg.arg("white", clock_reading(clock.remaining(Color::White, now)))
        .arg("black", clock_reading(clock.remaining(Color::Black, now)))
        .arg(
            "running",
            match clock.running() {
                Some(c) => color_key(c),
                None => Arg::Text("none".into()),
            },
        )
}
