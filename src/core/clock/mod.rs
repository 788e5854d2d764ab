//! The chess clock (FIDE Laws Article 6, Appendix D.2.3, D.2.5).
//!
//! - [`time_control`]: time controls and their text forms (FIDE Laws 6.3).
//! - [`clock`]: the two-sided clock as a pure state machine, time passed in (FIDE Laws 6,
//!   D.2.3: the opponent's clock starts only once the move has been made and announced).
//! - [`alarms`]: when to announce the remaining time to the blind player (FIDE Laws D.2.5.c).
//! - [`notice`]: what each announcement says, and by when it must be said (D.2.5.c).

pub mod alarms;
#[allow(clippy::module_inception)]
pub mod clock;
pub mod notice;
pub mod time_control;

pub use alarms::{AlarmSettings, Alarms, ReminderSchedule, ReminderStep};
pub use clock::{
    Clock, ClockError, ClockSnapshot, ControlPassed, FlagFall, MoveTiming, SideSnapshot,
};
pub use notice::{COUNTDOWN, ClockNotice};
pub use time_control::{
    ClockSetup, Delay, DelayKind, Period, PeriodPosition, TimeControl, TimeControlError,
};
