//! Clock announcements for the blind player, scheduled purely from the clock's state.
//!
//! FIDE Laws D.2.5.c allow a clock with an audio aid; D.2.9.d lets the player ask for the
//! time used. The station announces on its own: periodic reminders of the remaining time,
//! warnings when player-set low-time thresholds are crossed, and passed time controls.
//! Every kind can be switched off ([`AlarmSettings::off`]).
//!
//! A threshold `t` is *crossed* when the remaining time of a clock goes from above `t` to
//! `t` or below while it runs. Because the remaining time of the running clock is
//! `min(main time, deadline - now)`, the crossing instant is exactly `deadline - t` (a
//! simple delay in progress is part of the deadline), which is what
//! [`Alarms::next_deadline`] returns. [`Alarms::poll`] compares the remaining time with the
//! one seen at the previous poll and reports, per side, only the lowest reminder mark and the
//! lowest low-time threshold crossed in between: after a stall of the event loop there is
//! never a backlog, each crossing is reported at most once, and a crossing polled at its
//! instant is reported then. The first poll only observes.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use super::clock::{Clock, MoveTiming};
use super::notice::ClockNotice;
use crate::core::time::Timestamp;

/// One step of a [`ReminderSchedule`]: a reminder at every multiple of `every` that is at or
/// below `below`.
///
/// FIDE Laws D.2.5.c: audio aid of the clock for the visually impaired player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReminderStep {
    /// FIDE Laws D.2.5.c: the step applies to marks at or below this remaining time.
    pub below: Duration,
    /// FIDE Laws D.2.5.c: the spacing of the marks (a step with zero spacing is ignored).
    pub every: Duration,
}

/// When to remind the player of the remaining time: the union of the marks of all steps.
///
/// FIDE Laws D.2.5.c: audio aid. The default ([`ReminderSchedule::default`]) reminds every
/// 10 minutes (at every multiple of 10 minutes), every minute at 5 minutes and below,
/// every 10 s at 1 minute and below, and each second of the last 10 s: ..., 20:00, 10:00,
/// 5:00, 4:00, 3:00, 2:00, 1:00, 0:50, ..., 0:20, 0:10, 0:09, ..., 0:01.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReminderSchedule {
    /// FIDE Laws D.2.5.c: the steps, in any order.
    pub steps: Vec<ReminderStep>,
}

impl Default for ReminderSchedule {
    /// FIDE Laws D.2.5.c: the documented default schedule.
    fn default() -> ReminderSchedule {
        let step = |below: Duration, every: Duration| ReminderStep { below, every };
        ReminderSchedule {
            steps: vec![
                step(Duration::MAX, Duration::from_secs(600)),
                step(Duration::from_secs(300), Duration::from_secs(60)),
                step(Duration::from_secs(60), Duration::from_secs(10)),
                step(Duration::from_secs(10), Duration::from_secs(1)),
            ],
        }
    }
}

fn from_nanos(n: u128) -> Duration {
    let secs = u64::try_from(n / 1_000_000_000).unwrap_or(u64::MAX);
    // The remainder is below 10^9 and fits.
    let nanos = u32::try_from(n % 1_000_000_000).unwrap_or(0);
    Duration::new(secs, nanos)
}

impl ReminderSchedule {
    /// FIDE Laws D.2.5.c: the largest mark at or below `x`, if any.
    pub fn mark_at_or_below(&self, x: Duration) -> Option<Duration> {
        self.steps
            .iter()
            .filter(|s| !s.every.is_zero())
            .filter_map(|s| {
                let every = s.every.as_nanos();
                let k = x.min(s.below).as_nanos() / every;
                (k > 0).then(|| from_nanos(k * every))
            })
            .max()
    }

    /// FIDE Laws D.2.5.c: the smallest mark at or above `x` (and positive), if any.
    pub fn mark_at_or_above(&self, x: Duration) -> Option<Duration> {
        self.steps
            .iter()
            .filter(|s| !s.every.is_zero())
            .filter_map(|s| {
                let every = s.every.as_nanos();
                let k = x.as_nanos().div_ceil(every).max(1);
                let mark = from_nanos(k.saturating_mul(every));
                (mark <= s.below).then_some(mark)
            })
            .min()
    }
}

/// Which announcements are on. FIDE requires that clock alarms can be switched off: each
/// kind can be.
///
/// FIDE Laws D.2.5.c: audio aid of the clock.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AlarmSettings {
    /// FIDE Laws D.2.5.c: periodic reminders of the remaining time; `None` is off.
    pub reminders: Option<ReminderSchedule>,
    /// FIDE Laws D.2.5.c: low-time warnings, set by the player (e.g. 2 minutes); empty is off.
    pub low_time: Vec<Duration>,
    /// FIDE Laws 6.3.b: announce when a time control is passed and time is added.
    pub control_passed: bool,
}

impl Default for AlarmSettings {
    /// FIDE Laws D.2.5.c: the default reminders, no low-time warnings (the player sets
    /// them), control passing announced.
    fn default() -> AlarmSettings {
        AlarmSettings {
            reminders: Some(ReminderSchedule::default()),
            low_time: Vec::new(),
            control_passed: true,
        }
    }
}

impl AlarmSettings {
    /// FIDE Laws D.2.5.c: every announcement switched off.
    pub fn off() -> AlarmSettings {
        AlarmSettings {
            reminders: None,
            low_time: Vec::new(),
            control_passed: false,
        }
    }
}

/// Schedules the [`ClockNotice`]s of a [`Clock`]; pure, time passed in.
///
/// FIDE Laws D.2.5.c: audio aid of the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alarms {
    settings: AlarmSettings,
    seen: ByColor<Option<Duration>>,
}

impl Alarms {
    /// FIDE Laws D.2.5.c: alarms with these settings; nothing seen yet.
    pub fn new(settings: AlarmSettings) -> Alarms {
        Alarms {
            settings,
            seen: ByColor::default(),
        }
    }

    /// FIDE Laws D.2.5.c: the player changes the settings (e.g. switches alarms off).
    pub fn set_settings(&mut self, settings: AlarmSettings) {
        self.settings = settings;
    }

    /// The largest mark (reminder or low time) at or below `x`.
    fn mark_at_or_below(&self, x: Duration) -> Option<Duration> {
        let reminder = self
            .settings
            .reminders
            .as_ref()
            .and_then(|r| r.mark_at_or_below(x));
        let low = self
            .settings
            .low_time
            .iter()
            .copied()
            .filter(|&t| !t.is_zero() && t <= x)
            .max();
        reminder.max(low)
    }

    /// FIDE Laws D.2.5.c: the exact instant the next reminder mark or low-time threshold is
    /// crossed on the running clock, so that the event loop can sleep until the earlier of
    /// this and [`Clock::next_deadline`]. `None` if nothing is due (no clock runs, its flag
    /// fell, it is untimed, or all alarms are off).
    pub fn next_deadline(&self, clock: &Clock, now: Timestamp) -> Option<Timestamp> {
        let side = clock.running()?;
        let deadline = clock.next_deadline()?;
        let remaining = clock.remaining(side, now);
        let seen = self.seen.get(side).unwrap_or(remaining);
        // Marks strictly below what was seen, and not above what remains.
        let bound = remaining.min(seen.checked_sub(Duration::from_nanos(1))?);
        let mark = self.mark_at_or_below(bound)?;
        Some(Timestamp::from_duration(
            deadline.since_epoch().saturating_sub(mark),
        ))
    }

    /// FIDE Laws D.2.5.c: the notices that became due since the previous poll: per side at
    /// most one reminder (the lowest mark crossed) and one low-time warning (the lowest
    /// threshold crossed); a reminder at the same value as a low-time warning is left out.
    /// Nothing is reported for a clock whose flag has fallen. An arbiter's correction or a
    /// restored snapshot that lowers a clock reports the lowest mark crossed by the change.
    pub fn poll(&mut self, clock: &Clock, now: Timestamp) -> Vec<ClockNotice> {
        let mut notices = Vec::new();
        for side in [Color::White, Color::Black] {
            let current = clock.remaining(side, now);
            let previous = self.seen.get_mut(side).replace(current);
            let Some(previous) = previous else { continue };
            if current >= previous || current.is_zero() || current == Duration::MAX {
                continue;
            }
            let low = self
                .settings
                .low_time
                .iter()
                .copied()
                .filter(|&t| current <= t && t < previous)
                .min();
            let reminder = self
                .settings
                .reminders
                .as_ref()
                .and_then(|r| r.mark_at_or_above(current))
                .filter(|&m| m < previous && Some(m) != low);
            if let Some(mark) = reminder {
                notices.push(ClockNotice::Reminder {
                    side,
                    mark,
                    remaining: current,
                });
            }
            if let Some(threshold) = low {
                notices.push(ClockNotice::LowTime {
                    side,
                    threshold,
                    remaining: current,
                });
            }
        }
        notices
    }

    /// FIDE Laws 6.3.b: the notice for a completed move that passed a time control, if that
    /// announcement is on.
    pub fn on_move(&self, timing: &MoveTiming) -> Option<ClockNotice> {
        let control = timing
            .control_passed
            .filter(|_| self.settings.control_passed)?;
        Some(ClockNotice::ControlPassed {
            side: timing.side,
            control,
            remaining: timing.remaining_after,
        })
    }
}

#[cfg(test)]
mod tests;
