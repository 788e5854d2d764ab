use super::*;
use crate::core::clock::ControlPassed;
use crate::core::clock::time_control::{ClockSetup, TimeControl};
use Color::{Black, White};

fn t(ms: u64) -> Timestamp {
    Timestamp::from_millis(ms)
}
fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}
fn clock(text: &str) -> Clock {
    let control: TimeControl = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    Clock::new(ClockSetup::same(control))
}

/// The event loop: sleep until the earlier of the alarm and the flag, poll, until `end`.
/// Returns (instant in ms, notice).
fn run(clock: &mut Clock, alarms: &mut Alarms, now: u64, end: u64) -> Vec<(u64, ClockNotice)> {
    let mut out = Vec::new();
    let mut now = t(now);
    assert!(
        alarms.poll(clock, now).is_empty(),
        "first poll only observes"
    );
    for _ in 0..10_000 {
        let next = [alarms.next_deadline(clock, now), clock.next_deadline()]
            .into_iter()
            .flatten()
            .min();
        let Some(next) = next.filter(|&n| n <= t(end)) else {
            return out;
        };
        assert!(next >= now, "deadline in the past");
        // Nothing is due a millisecond earlier.
        if next > now {
            assert!(
                alarms
                    .poll(clock, Timestamp::from_millis(next.as_millis() - 1))
                    .is_empty()
            );
        }
        now = next;
        for notice in alarms.poll(clock, now) {
            out.push((now.as_millis(), notice));
        }
        if clock.check_flag(now).is_some() {
            return out;
        }
    }
    panic!("the event loop did not settle");
}

fn reminder(side: Color, mark_ms: u64) -> ClockNotice {
    let d = Duration::from_millis(mark_ms);
    ClockNotice::Reminder {
        side,
        mark: d,
        remaining: d,
    }
}

#[test]
fn default_schedule_marks() {
    let r = ReminderSchedule::default();
    // (x, largest mark <= x, smallest mark >= x), in seconds
    let cases: [(u64, Option<u64>, Option<u64>); 11] = [
        (5400, Some(5400), Some(5400)),
        (5399, Some(4800), Some(5400)),
        (601, Some(600), Some(1200)),
        (599, Some(300), Some(600)),
        (299, Some(240), Some(300)),
        (61, Some(60), Some(120)),
        (59, Some(50), Some(60)),
        (11, Some(10), Some(20)),
        (9, Some(9), Some(9)),
        (1, Some(1), Some(1)),
        (0, None, Some(1)),
    ];
    for (x, below, above) in cases {
        assert_eq!(r.mark_at_or_below(secs(x)), below.map(secs), "below {x}");
        assert_eq!(r.mark_at_or_above(secs(x)), above.map(secs), "above {x}");
    }
    assert_eq!(
        r.mark_at_or_above(Duration::from_millis(9_500)),
        Some(secs(10))
    );
}

#[test]
fn the_arbiter_lowering_a_clock_reports_the_time_left() {
    let mut c = clock("5m");
    c.start(White, t(0));
    let mut alarms = Alarms::new(AlarmSettings::default());
    assert!(alarms.poll(&c, t(0)).is_empty());
    assert_eq!(alarms.poll(&c, t(60_000)), vec![reminder(White, 240_000)]);
    c.set_remaining(White, secs(65), t(61_000));
    let notices = alarms.poll(&c, t(61_000));
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].spoken_time(), secs(65));
    // the next mark at its own instant
    assert_eq!(alarms.next_deadline(&c, t(61_000)), Some(t(66_000)));
}

#[test]
fn each_crossing_once_at_its_instant() {
    let mut c = clock("12m");
    c.start(White, t(0));
    let mut alarms = Alarms::new(AlarmSettings {
        reminders: Some(ReminderSchedule::default()),
        low_time: vec![secs(150), secs(120)],
        control_passed: true,
    });
    let got = run(&mut c, &mut alarms, 0, 10_000_000);
    let mut expected = Vec::new();
    for mark in [600, 300, 240, 180] {
        expected.push((720_000 - mark * 1000, reminder(White, mark * 1000)));
    }
    // player-set thresholds; the 2:00 reminder gives way to the low-time warning
    expected.insert(
        4,
        (
            570_000,
            ClockNotice::LowTime {
                side: White,
                threshold: secs(150),
                remaining: secs(150),
            },
        ),
    );
    expected.push((
        600_000,
        ClockNotice::LowTime {
            side: White,
            threshold: secs(120),
            remaining: secs(120),
        },
    ));
    for mark in [60, 50, 40, 30, 20, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] {
        expected.push((720_000 - mark * 1000, reminder(White, mark * 1000)));
    }
    assert_eq!(got, expected);
    assert!(c.flag_fallen(White, t(720_000)));
    // after the flag, nothing
    assert!(alarms.poll(&c, t(800_000)).is_empty());
    assert_eq!(alarms.next_deadline(&c, t(800_000)), None);
}

#[test]
fn switched_off_nothing() {
    let mut c = clock("12m");
    c.start(White, t(0));
    let mut alarms = Alarms::new(AlarmSettings::off());
    assert_eq!(alarms.next_deadline(&c, t(0)), None);
    for at in (0..=720_000).step_by(500) {
        assert!(alarms.poll(&c, t(at)).is_empty(), "at {at}");
    }
    let timing = MoveTiming {
        side: White,
        moves_completed: 40,
        remaining_after: secs(100),
        elapsed: secs(1),
        increment_added: Duration::ZERO,
        control_passed: Some(ControlPassed {
            moves: 40,
            added: secs(1800),
        }),
        flag_fallen: false,
    };
    assert_eq!(alarms.on_move(&timing), None);
    let on = Alarms::new(AlarmSettings::default());
    assert_eq!(
        on.on_move(&timing),
        Some(ClockNotice::ControlPassed {
            side: White,
            control: ControlPassed {
                moves: 40,
                added: secs(1800)
            },
            remaining: secs(100)
        })
    );
}

#[test]
fn no_backlog_after_a_stall() {
    let mut c = clock("12m");
    c.start(White, t(0));
    let mut alarms = Alarms::new(AlarmSettings::default());
    assert!(alarms.poll(&c, t(0)).is_empty());
    // the loop stalls until 45 s are left: only the 50 s mark
    assert_eq!(
        alarms.poll(&c, t(675_000)),
        vec![ClockNotice::Reminder {
            side: White,
            mark: secs(50),
            remaining: secs(45)
        }]
    );
    assert!(alarms.poll(&c, t(675_000)).is_empty());
    assert_eq!(alarms.next_deadline(&c, t(675_000)), Some(t(680_000)));
    assert_eq!(alarms.poll(&c, t(680_000)), vec![reminder(White, 40_000)]);
}

#[test]
fn paused_clock_no_backlog_and_shifted_deadlines() {
    let mut c = clock("12m");
    c.start(White, t(0));
    let mut alarms = Alarms::new(AlarmSettings::default());
    assert!(alarms.poll(&c, t(0)).is_empty());
    c.pause(t(100_000)); // 620 s left
    assert_eq!(alarms.next_deadline(&c, t(100_000)), None);
    assert!(alarms.poll(&c, t(5_000_000)).is_empty());
    c.resume(t(5_000_000));
    assert_eq!(alarms.next_deadline(&c, t(5_000_000)), Some(t(5_020_000)));
    assert!(alarms.poll(&c, t(5_019_999)).is_empty());
    assert_eq!(
        alarms.poll(&c, t(5_020_000)),
        vec![reminder(White, 600_000)]
    );
}

#[test]
fn simple_delay_shifts_the_crossings() {
    let mut c = clock("5md5");
    c.start(White, t(0));
    let mut alarms = Alarms::new(AlarmSettings::default());
    // 300 s at the start is not a crossing; 240 s after 5 s of delay + 60 s
    let got = run(&mut c, &mut alarms, 0, 70_000);
    assert_eq!(got, vec![(65_000, reminder(White, 240_000))]);
    // a move, then Black's turn with its own delay, then White's again
    c.complete_move(t(70_000)).unwrap_or_else(|e| panic!("{e}")); // White: 235 s left
    assert_eq!(
        alarms.next_deadline(&c, t(70_000)),
        Some(t(70_000 + 5_000 + 60_000))
    );
    c.complete_move(t(71_000)).unwrap_or_else(|e| panic!("{e}"));
    // White 235 s: next mark 180 s at 71 + 5 + 55 s
    assert_eq!(alarms.next_deadline(&c, t(71_000)), Some(t(131_000)));
    let got = run(&mut c, &mut alarms, 71_000, 131_000);
    assert_eq!(got, vec![(131_000, reminder(White, 180_000))]);
}

#[test]
fn crossing_again_after_an_increment() {
    let mut c = clock("5m+30");
    c.start(White, t(0));
    let mut alarms = Alarms::new(AlarmSettings::default());
    assert!(alarms.poll(&c, t(0)).is_empty());
    assert_eq!(alarms.poll(&c, t(60_000)), vec![reminder(White, 240_000)]);
    c.complete_move(t(70_000)).unwrap_or_else(|e| panic!("{e}")); // 260 s
    assert!(alarms.poll(&c, t(70_000)).is_empty());
    c.complete_move(t(80_000)).unwrap_or_else(|e| panic!("{e}"));
    // White at 260 s crosses 240 s again, 20 s later: a new crossing
    assert_eq!(alarms.next_deadline(&c, t(80_000)), Some(t(100_000)));
    assert_eq!(alarms.poll(&c, t(100_000)), vec![reminder(White, 240_000)]);
    assert_eq!(alarms.poll(&c, t(100_000)), vec![]);
    // Black was not running: nothing for Black
    assert_eq!(c.remaining(Black, t(100_000)), secs(320));
}
