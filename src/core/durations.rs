//! Spans of time as the station says and shows them: spoken ("4 Minuten 55 Sekunden") and
//! as a clock reads (`4:55`, `1:30:00`).

use std::time::Duration;

use crate::core::phrases::{Message, Phrases};

/// A span as spoken: "4 Minuten 55 Sekunden", "eine Stunde 30 Minuten".
pub fn spoken_duration(phrases: &Phrases, d: Duration) -> String {
    let total = d.as_secs();
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(phrases.speech(&Message::new("duration-hours").arg("n", h)));
    }
    if m > 0 {
        parts.push(phrases.speech(&Message::new("duration-minutes").arg("n", m)));
    }
    if s > 0 || parts.is_empty() {
        parts.push(phrases.speech(&Message::new("duration-seconds").arg("n", s)));
    }
    parts.join(" ")
}

/// `m:ss`, or `h:mm:ss` from an hour up (for Braille and transcripts).
pub fn clock_text(d: Duration) -> String {
    let total = d.as_secs();
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}
