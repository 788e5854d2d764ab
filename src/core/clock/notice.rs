//! What the audio clock announces: the [`ClockNotice`]s [`super::Alarms`] finds due, the
//! time each says and by when it must be said (FIDE Laws D.2.5.c).

use std::time::Duration;

use shakmaty::Color;

use super::clock::ControlPassed;
use crate::core::time::Timestamp;

/// A clock announcement that became due; words are rendered elsewhere.
///
/// FIDE Laws D.2.5.c: audio aid of the clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClockNotice {
    /// FIDE Laws D.2.5.c: a reminder mark was crossed.
    Reminder {
        /// FIDE Laws 6.1: whose clock.
        side: Color,
        /// FIDE Laws D.2.5.c: the mark crossed.
        mark: Duration,
        /// FIDE Laws 6.1: the time on the clock at the poll (equal to `mark` if polled at
        /// the crossing instant).
        remaining: Duration,
    },
    /// FIDE Laws D.2.5.c: a player-set low-time threshold was crossed.
    LowTime {
        /// FIDE Laws 6.1: whose clock.
        side: Color,
        /// FIDE Laws D.2.5.c: the threshold crossed.
        threshold: Duration,
        /// FIDE Laws 6.1: the time on the clock at the poll.
        remaining: Duration,
    },
    /// FIDE Laws 6.3.b: a time control was passed and time added.
    ControlPassed {
        /// FIDE Laws 6.1: whose clock.
        side: Color,
        /// FIDE Laws 6.3.a/b: moves completed and time added.
        control: ControlPassed,
        /// FIDE Laws 6.1: the time on the clock after the move.
        remaining: Duration,
    },
}

/// FIDE Laws D.2.5.c: the final countdown: a reminder or low-time warning at this much
/// time left or less is said as one number word ("zehn", "neun", …), short enough to fit
/// in its second.
pub const COUNTDOWN: Duration = Duration::from_secs(10);

impl ClockNotice {
    /// FIDE Laws 6.1: whose clock it concerns.
    pub fn side(&self) -> Color {
        match *self {
            ClockNotice::Reminder { side, .. }
            | ClockNotice::LowTime { side, .. }
            | ClockNotice::ControlPassed { side, .. } => side,
        }
    }

    /// FIDE Laws D.2.5.c: the time to say, the time on the clock at the poll rounded up to
    /// whole seconds: the mark itself when polled at its crossing, and the time really left
    /// when the clock jumped past marks (the arbiter set it lower, FIDE Laws 6.10.b, or the
    /// event loop stalled), never a mark above it. For a passed time control, the time
    /// added.
    pub fn spoken_time(&self) -> Duration {
        match *self {
            ClockNotice::Reminder { remaining, .. } | ClockNotice::LowTime { remaining, .. } => {
                let secs = remaining.as_secs() + u64::from(remaining.subsec_nanos() > 0);
                Duration::from_secs(secs)
            }
            ClockNotice::ControlPassed { control, .. } => control.added,
        }
    }

    /// FIDE Laws D.2.5.c: whether it is a number of the final countdown ([`COUNTDOWN`]).
    pub fn is_countdown(&self) -> bool {
        !matches!(self, ClockNotice::ControlPassed { .. }) && self.spoken_time() <= COUNTDOWN
    }

    /// FIDE Laws D.2.5.c: by when the announcement, due at `at`, must start to be spoken,
    /// or it is dropped unsaid ([`crate::core::output::Speech::expires`]): a time said
    /// late is wrong. A countdown number within half its second; a time in seconds (a
    /// minute or less, or with seconds) within 2 s; a time in whole minutes within 10 s. A passed time control
    /// stays true: no limit.
    pub fn said_by(&self, at: Timestamp) -> Option<Timestamp> {
        let within = match self {
            ClockNotice::ControlPassed { .. } => return None,
            _ if self.is_countdown() => Duration::from_millis(500),
            _ if self.spoken_time() <= Duration::from_secs(60)
                || !self.spoken_time().as_secs().is_multiple_of(60) =>
            {
                Duration::from_secs(2)
            }
            _ => Duration::from_secs(10),
        };
        Some(Timestamp::from_duration(at.since_epoch() + within))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn t(ms: u64) -> Timestamp {
        Timestamp::from_millis(ms)
    }
    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn spoken_time_countdown_and_expiry() {
        let notice = |ms: u64, remaining_ms: u64| ClockNotice::Reminder {
            side: White,
            mark: Duration::from_millis(ms),
            remaining: Duration::from_millis(remaining_ms),
        };
        let low = |threshold: u64, remaining_ms: u64| ClockNotice::LowTime {
            side: Black,
            threshold: secs(threshold),
            remaining: Duration::from_millis(remaining_ms),
        };
        let passed = ClockNotice::ControlPassed {
            side: White,
            control: ControlPassed {
                moves: 40,
                added: secs(1800),
            },
            remaining: secs(1900),
        };
        // (notice, time said in s, countdown, must start within ms of its instant)
        let cases = [
            (notice(300_000, 300_000), 300, false, Some(10_000)),
            // the arbiter set the clock from 4:00 to 1:05: the 2:00 mark was crossed, but
            // 1:05 is what is left
            (notice(120_000, 65_000), 65, false, Some(2_000)),
            (notice(60_000, 60_000), 60, false, Some(2_000)),
            (notice(50_000, 45_000), 45, false, Some(2_000)),
            (notice(20_000, 20_000), 20, false, Some(2_000)),
            (notice(10_000, 10_000), 10, true, Some(500)),
            (notice(9_000, 8_999), 9, true, Some(500)),
            (notice(1_000, 1_000), 1, true, Some(500)),
            (notice(10_000, 10_001), 11, false, Some(2_000)),
            (low(120, 120_000), 120, false, Some(10_000)),
            (low(5, 5_000), 5, true, Some(500)),
            (passed, 1800, false, None),
        ];
        for (n, said, countdown, within) in cases {
            assert_eq!(n.spoken_time(), secs(said), "{n:?}");
            assert_eq!(n.is_countdown(), countdown, "{n:?}");
            assert_eq!(n.said_by(t(7_000)), within.map(|w| t(7_000 + w)), "{n:?}");
        }
    }
}
