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
