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

/// A clock's remaining time as the Braille display's clock shows it (FIDE Laws D.2.6,
/// 6.1): rounded up to the whole second, as the countdown speaks it ("eins" is said with
/// one second left), so that it reads `0:01` until the flag falls and `0:00` only then.
pub fn clock_reading(remaining: Duration) -> String {
    let up = remaining.as_secs() + u64::from(remaining.subsec_nanos() > 0);
    clock_text(Duration::from_secs(up))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each case: (remaining in milliseconds, the display's reading).
    #[test]
    fn the_display_reads_a_clock_rounded_up_to_the_second() {
        let cases = [
            (0, "0:00"),
            (1, "0:01"),
            (100, "0:01"),
            (999, "0:01"),
            (1_000, "0:01"),
            (1_001, "0:02"),
            (59_500, "1:00"),
            (60_000, "1:00"),
            (3_599_001, "1:00:00"),
            (3_600_001, "1:00:01"),
        ];
        for (ms, want) in cases {
            assert_eq!(clock_reading(Duration::from_millis(ms)), want, "{ms} ms");
        }
    }
}
