//! Deadlines and alarms: a correction window that closes (D.2.7), a flag that falls (6.1),
//! the audio clock's reminders, low-time warnings and passed time controls (D.2.5.c, 6.3),
//! each at its own instant.

use crate::core::clock::{AlarmSettings, ClockNotice};
use crate::core::durations::clock_text;
use crate::core::input::Actor;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;

use super::pending::Pending;
use super::{Session, audience};

impl Session {
    /// Everything due at or before `now`, in order, each at its own instant: correction
    /// windows that closed, flags that fell, clock announcements.
    pub(super) fn run_deadlines(&mut self, now: Timestamp, out: &mut Vec<Output>) {
        while let Some(deadline) = self.next_deadline() {
            if deadline > now {
                break;
            }
            self.now = self.now.max(deadline);
            self.step += 1;
            if matches!(self.pending, Pending::Echoed { deadline: Some(d), .. } if d == deadline)
                && let Pending::Echoed {
                    side,
                    rendered,
                    draw_offer,
                    ..
                } = std::mem::replace(&mut self.pending, Pending::None)
            {
                self.make_confirmed(side, rendered, draw_offer, deadline, out);
                continue;
            }
            if self.board_due(deadline, out)
                || self.first_move_half(deadline, out)
                || self.warning_due(deadline, out)
            {
                continue;
            }
            let local_flags = self.setup.online.is_none();
            if let Some(flag) = (self.clock.as_mut())
                .filter(|_| local_flags)
                .and_then(|c| c.check_flag(deadline))
            {
                out.push(Output::Flag {
                    side: flag.side,
                    first: flag.first,
                });
                self.flag_fell(flag.side, flag.at, out);
                continue;
            }
            self.poll_alarms(deadline, out);
            if self.next_deadline() == Some(deadline) {
                break;
            }
        }
    }

    /// Announces the clock's reminders and low-time warnings that became due.
    pub(super) fn poll_alarms(&mut self, now: Timestamp, out: &mut Vec<Output>) {
        let Some(clock) = &self.clock else { return };
        let notices = self.alarms.poll(clock, now);
        for notice in notices {
            self.clock_notice(notice, now, out);
        }
    }

    /// FIDE Laws D.2.5.c: announces one of the clock's notices, due at `now`, to the side
    /// it concerns, with the time really left ([`ClockNotice::spoken_time`]): in the final
    /// countdown as one number word, otherwise as a reminder or a low-time warning. A
    /// reminder is worth saying only while it is true: it carries the instant by which it
    /// must start ([`ClockNotice::said_by`]), and is dropped unsaid after it.
    pub(super) fn clock_notice(
        &mut self,
        notice: ClockNotice,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let time = notice.spoken_time();
        let (side, msg) = match notice {
            _ if notice.is_countdown() => (
                notice.side(),
                Message::new("clock-countdown")
                    .arg("n", time.as_secs())
                    .arg("clock", clock_text(time)),
            ),
            ClockNotice::Reminder { side, .. } => (
                side,
                Message::new("clock-reminder")
                    .arg("time", self.spoken(time))
                    .arg("clock", clock_text(time)),
            ),
            ClockNotice::LowTime { side, .. } => (
                side,
                Message::new("clock-low-time")
                    .arg("time", self.spoken(time))
                    .arg("clock", clock_text(time)),
            ),
            ClockNotice::ControlPassed { side, control, .. } => (
                side,
                Message::new("clock-control-passed")
                    .arg("moves", control.moves)
                    .arg("added", self.spoken(control.added))
                    .arg("clock", clock_text(control.added)),
            ),
        };
        let by = notice.said_by(now);
        self.tell_until(Audience::player(side), Priority::Reminder, msg, by, out);
    }

    /// FIDE requires that clock alarms can be switched off: switches them off, or on again
    /// as the configuration has them.
    pub(super) fn switch_alarms(&mut self, by: Actor, on: bool, out: &mut Vec<Output>) {
        let settings = if on {
            self.setup.announce.alarms.clone()
        } else {
            AlarmSettings::off()
        };
        self.alarms.set_settings(settings);
        let id = if on { "alarms-on" } else { "alarms-off" };
        self.tell(audience(by), Priority::Answer, Message::new(id), out);
    }
}
