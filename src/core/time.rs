//! Time as the core sees it: only ever passed in.

use std::ops::{Add, Sub};
use std::time::Duration;

/// A point in time, as a span since an arbitrary epoch chosen by the adapter (the start of
/// the program, or 0 in a script). The core never reads a clock: every instant it uses is
/// one of these, handed in with an input.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(Duration);

impl Timestamp {
    /// The epoch itself.
    pub const ZERO: Timestamp = Timestamp(Duration::ZERO);

    /// The instant `ms` milliseconds after the epoch.
    pub const fn from_millis(ms: u64) -> Timestamp {
        Timestamp(Duration::from_millis(ms))
    }

    /// The instant `d` after the epoch.
    pub const fn from_duration(d: Duration) -> Timestamp {
        Timestamp(d)
    }

    /// The span since the epoch.
    pub const fn since_epoch(self) -> Duration {
        self.0
    }

    /// Milliseconds since the epoch (truncated).
    pub fn as_millis(self) -> u64 {
        u64::try_from(self.0.as_millis()).unwrap_or(u64::MAX)
    }

    /// Reads `SECONDS`, decimal with at most millisecond precision (`12`, `12.5`,
    /// `12.345`), as scripts write instants and confirmation windows.
    pub fn parse_seconds(text: &str) -> Option<Timestamp> {
        let (secs, frac) = text.split_once('.').unwrap_or((text, ""));
        if frac.len() > 3 || !frac.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let secs: u64 = secs.parse().ok()?;
        let millis: u64 = if frac.is_empty() {
            0
        } else {
            format!("{frac:0<3}").parse().ok()?
        };
        Some(Timestamp::from_millis(
            secs.checked_mul(1000)?.checked_add(millis)?,
        ))
    }

    /// The span from `earlier` to `self`, zero if `earlier` is later.
    pub fn saturating_since(self, earlier: Timestamp) -> Duration {
        self.0.saturating_sub(earlier.0)
    }
}

impl Add<Duration> for Timestamp {
    type Output = Timestamp;
    fn add(self, rhs: Duration) -> Timestamp {
        Timestamp(self.0.saturating_add(rhs))
    }
}

impl Sub<Timestamp> for Timestamp {
    type Output = Duration;
    /// Saturating: never panics, zero if `rhs` is later.
    fn sub(self, rhs: Timestamp) -> Duration {
        self.saturating_since(rhs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds() {
        for (text, ms) in [
            ("0", Some(0)),
            ("1.5", Some(1500)),
            ("12.345", Some(12_345)),
            ("1.2345", None),
            ("x", None),
        ] {
            assert_eq!(
                Timestamp::parse_seconds(text).map(Timestamp::as_millis),
                ms,
                "{text}"
            );
        }
    }
}
