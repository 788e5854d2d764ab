use super::*;
use crate::core::clock::time_control::{Period, TimeControl};
use Color::{Black, White};

fn t(ms: u64) -> Timestamp {
    Timestamp::from_millis(ms)
}
fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}
fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}
fn control(text: &str) -> TimeControl {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}
fn clock(text: &str) -> Clock {
    Clock::new(ClockSetup::same(control(text)))
}
fn mv(clock: &mut Clock, at: u64) -> MoveTiming {
    clock
        .complete_move(t(at))
        .unwrap_or_else(|e| panic!("move at {at}: {e}"))
}

/// One scenario: a control, the instants of the moves completed (White starts at 0),
/// and the expected (remaining_after, elapsed, increment_added) of each move.
struct Case {
    name: &'static str,
    control: &'static str,
    moves: Vec<u64>,
    expected: Vec<(u64, u64, u64)>,
}

#[test]
fn each_kind_of_control() {
    let cases = vec![
        Case {
            name: "sudden death",
            control: "5",
            moves: vec![10_000, 25_000, 26_000],
            expected: vec![
                (290_000, 10_000, 0),
                (285_000, 15_000, 0),
                (289_000, 1_000, 0),
            ],
        },
        Case {
            name: "Fischer",
            control: "5+5",
            moves: vec![10_000, 25_000, 26_000],
            expected: vec![
                (295_000, 10_000, 5_000),
                (290_000, 15_000, 5_000),
                (299_000, 1_000, 5_000),
            ],
        },
        Case {
            name: "simple delay, inside and beyond",
            control: "5d5",
            // White 4 s (inside), Black 5 s exactly, White 12 s (7 s counted)
            moves: vec![4_000, 9_000, 21_000],
            expected: vec![
                (300_000, 4_000, 0),
                (300_000, 5_000, 0),
                (293_000, 12_000, 0),
            ],
        },
        Case {
            name: "Bronstein",
            control: "5b5",
            moves: vec![4_000, 9_000, 21_000],
            expected: vec![
                (300_000, 4_000, 4_000),
                (300_000, 5_000, 5_000),
                (293_000, 12_000, 5_000),
            ],
        },
    ];
    for case in cases {
        let mut c = clock(case.control);
        c.start(White, t(0));
        for (i, (&at, &(remaining, elapsed, inc))) in
            case.moves.iter().zip(&case.expected).enumerate()
        {
            let timing = mv(&mut c, at);
            let side = if i % 2 == 0 { White } else { Black };
            assert_eq!(timing.side, side, "{} move {i}", case.name);
            assert_eq!(
                (
                    timing.remaining_after,
                    timing.elapsed,
                    timing.increment_added
                ),
                (ms(remaining), ms(elapsed), ms(inc)),
                "{} move {i}",
                case.name
            );
            assert_eq!(c.remaining(side, t(at)), ms(remaining), "{}", case.name);
            assert_eq!(c.running(), Some(!side));
        }
    }
}

#[test]
fn simple_delay_clock_frozen_then_counts() {
    let mut c = clock("5d5");
    c.start(White, t(1_000));
    // (instant, remaining)
    for (at, remaining) in [
        (1_000, 300_000),
        (5_999, 300_000),
        (6_000, 300_000),
        (6_001, 299_999),
        (16_000, 290_000),
    ] {
        assert_eq!(c.remaining(White, t(at)), ms(remaining), "at {at}");
    }
    assert_eq!(c.next_deadline(), Some(t(306_000)));
}

#[test]
fn fide_standard_control_passes_at_move_40() {
    let mut c = Clock::new(ClockSetup::same(TimeControl::fide_standard()));
    c.start(White, t(0));
    let mut now = 0;
    for n in 1..=40u32 {
        now += 60_000; // White thinks one minute
        let timing = mv(&mut c, now);
        assert_eq!(timing.moves_completed, n);
        let before = 5_400_000 - u64::from(n) * 30_000;
        if n < 40 {
            assert_eq!(timing.control_passed, None, "move {n}");
            assert_eq!(timing.remaining_after, ms(before));
            assert_eq!(c.period(White), 0);
            assert_eq!(c.moves_to_control(White), Some(40 - n));
        } else {
            assert_eq!(
                timing.control_passed,
                Some(ControlPassed {
                    moves: 40,
                    added: secs(1800)
                })
            );
            assert_eq!(timing.remaining_after, ms(before + 1_800_000));
            assert_eq!(c.period(White), 1);
            assert_eq!(c.moves_to_control(White), None);
        }
        now += 1_000;
        mv(&mut c, now); // Black, one second
    }
    assert_eq!(
        c.remaining(White, t(now)),
        ms(5_400_000 - 40 * 30_000 + 1_800_000)
    );
    assert_eq!(
        c.remaining(Black, t(now)),
        ms(5_400_000 + 40 * 29_000 + 1_800_000)
    );
}

#[test]
fn per_period_increment_and_delay() {
    // 2 moves in 100 s with +1, then rest 50 s with +10 and a 3 s simple delay
    let tc = TimeControl {
        periods: vec![
            Period::for_moves(2, secs(100), secs(1)),
            Period::sudden_death(secs(50), secs(10)).with_delay(DelayKind::Simple, secs(3)),
        ],
    };
    let mut c = Clock::new(ClockSetup::new(tc, control("-")));
    c.start(White, t(0));
    let a = mv(&mut c, 10_000); // W: 100-10+1 = 91
    mv(&mut c, 11_000);
    let b = mv(&mut c, 21_000); // W: 91-10+1+50 = 132, control passed
    mv(&mut c, 22_000);
    let d = mv(&mut c, 32_000); // W: 10 s, 3 delay: 132-7+10 = 135
    assert_eq!((a.remaining_after, a.increment_added), (secs(91), secs(1)));
    assert_eq!(b.remaining_after, secs(132));
    assert_eq!(b.control_passed.map(|c| c.added), Some(secs(50)));
    assert_eq!(
        (d.remaining_after, d.increment_added),
        (secs(135), secs(10))
    );
}

#[test]
fn different_controls_per_player_and_untimed() {
    let mut c = Clock::new(ClockSetup::new(control("15+10"), control("-")));
    assert_eq!(c.remaining(White, t(0)), secs(900));
    assert_eq!(c.remaining(Black, t(0)), Duration::MAX);
    c.start(White, t(0));
    mv(&mut c, 5_000);
    assert_eq!(c.next_deadline(), None, "untimed: no flag");
    let b = mv(&mut c, 10_000_000);
    assert_eq!(b.remaining_after, Duration::MAX);
    assert_eq!(c.used(Black, t(10_000_000)), secs(9_995));
    assert_eq!(
        c.check_flag(t(20_000_000)),
        Some(FlagFall {
            side: White,
            at: t(10_000_000 + 905_000),
            first: true
        })
    );
}

#[test]
fn pause_and_resume() {
    let mut c = clock("5+2");
    c.start(White, t(0));
    c.pause(t(10_000));
    assert!(c.is_paused());
    assert_eq!(c.running(), None);
    assert_eq!(c.to_move(), Some(White));
    assert_eq!(c.next_deadline(), None);
    assert_eq!(c.remaining(White, t(50_000)), secs(290));
    c.resume(t(60_000));
    assert_eq!(c.running(), Some(White));
    assert_eq!(c.remaining(White, t(65_000)), secs(285));
    assert_eq!(c.next_deadline(), Some(t(60_000 + 290_000)));
    let m = mv(&mut c, 70_000);
    assert_eq!(m.elapsed, secs(20));
    assert_eq!(m.remaining_after, secs(282));
    assert_eq!(c.used(White, t(70_000)), secs(20));
    // a move completed while paused: the opponent's clock stays paused
    c.pause(t(75_000));
    let b = mv(&mut c, 90_000);
    assert_eq!((b.side, b.elapsed), (Black, secs(5)));
    assert!(c.is_paused());
    assert_eq!(c.to_move(), Some(White));
    assert_eq!(c.remaining(White, t(99_000)), secs(282));
}

#[test]
fn pause_during_simple_delay_keeps_the_rest_of_the_delay() {
    let mut c = clock("5d5");
    c.start(White, t(0));
    c.pause(t(3_000));
    c.resume(t(100_000));
    assert_eq!(c.remaining(White, t(102_000)), secs(300));
    assert_eq!(c.remaining(White, t(103_000)), secs(299));
    assert_eq!(c.next_deadline(), Some(t(100_000 + 2_000 + 300_000)));
}

#[test]
fn flag_exactly_at_the_deadline() {
    for (control, deadline) in [
        ("60s", 60_000),
        ("60s+5", 60_000),
        ("60sd5", 65_000),
        ("60sb5", 60_000),
    ] {
        let mut c = clock(control);
        c.start(White, t(0));
        assert_eq!(c.next_deadline(), Some(t(deadline)), "{control}");
        assert_eq!(c.check_flag(t(deadline - 1)), None, "{control}");
        assert_eq!(c.remaining(White, t(deadline - 1)), ms(1), "{control}");
        assert_eq!(c.remaining(White, t(deadline)), Duration::ZERO, "{control}");
        let fall = c.check_flag(t(deadline + 500));
        assert_eq!(
            fall,
            Some(FlagFall {
                side: White,
                at: t(deadline),
                first: true
            }),
            "{control}"
        );
        assert_eq!(c.check_flag(t(deadline + 600)), None, "once: {control}");
        assert_eq!(c.next_deadline(), None);
        assert_eq!(c.remaining(White, t(deadline + 600)), Duration::ZERO);
    }
}

#[test]
fn no_increment_after_the_flag_fell() {
    for control in ["60s+5", "60sb5", "40/60s+5:60"] {
        let mut c = clock(control);
        c.start(White, t(0));
        // completing the move exactly at the deadline is too late
        let m = mv(&mut c, 60_000);
        assert!(m.flag_fallen, "{control}");
        assert_eq!(m.increment_added, Duration::ZERO, "{control}");
        assert_eq!(m.remaining_after, Duration::ZERO, "{control}");
        assert_eq!(
            c.check_flag(t(61_000)),
            Some(FlagFall {
                side: White,
                at: t(60_000),
                first: true
            })
        );
        mv(&mut c, 61_000);
        // White's next move: still no time added, flag not reported again
        let again = mv(&mut c, 62_000);
        assert_eq!(again.remaining_after, Duration::ZERO);
        assert_eq!(c.check_flag(t(62_000)), None);
    }
    // one millisecond earlier, the increment is added
    let mut c = clock("60s+5");
    c.start(White, t(0));
    let m = mv(&mut c, 59_999);
    assert_eq!((m.flag_fallen, m.remaining_after), (false, ms(5_001)));
}

#[test]
fn both_flags_first_marked() {
    let mut c = clock("10s");
    c.start(White, t(0));
    mv(&mut c, 12_000); // White's flag fell at 10 s, unnoticed
    // Black's falls at 22 s; both reported, earliest first
    assert_eq!(
        c.check_flag(t(30_000)),
        Some(FlagFall {
            side: White,
            at: t(10_000),
            first: true
        })
    );
    assert_eq!(
        c.check_flag(t(30_000)),
        Some(FlagFall {
            side: Black,
            at: t(22_000),
            first: false
        })
    );
    assert_eq!(c.check_flag(t(30_000)), None);
}

#[test]
fn arbiter_set_and_add() {
    let mut c = clock("5+2");
    c.start(White, t(0));
    // 7.5.b: two minutes to Black
    c.add_time(Black, secs(120), t(10_000));
    assert_eq!(c.remaining(Black, t(10_000)), secs(420));
    assert_eq!(c.remaining(White, t(10_000)), secs(290));
    // 6.10.b: White's clock set, still running
    c.set_remaining(White, secs(100), t(20_000));
    assert_eq!(c.remaining(White, t(20_000)), secs(100));
    assert_eq!(c.remaining(White, t(30_000)), secs(90));
    assert_eq!(c.next_deadline(), Some(t(120_000)));
    c.set_moves_completed(White, 7);
    assert_eq!(c.moves_completed(White), 7);
    // flag fallen, then revived by the arbiter
    assert!(c.check_flag(t(130_000)).is_some());
    c.add_time(White, secs(60), t(140_000));
    assert_eq!(c.remaining(White, t(140_000)), secs(60));
    assert_eq!(c.next_deadline(), Some(t(200_000)));
    assert_eq!(
        c.check_flag(t(200_000)),
        Some(FlagFall {
            side: White,
            at: t(200_000),
            first: true
        })
    );
}

#[test]
fn not_started() {
    let mut c = clock("3+2");
    assert_eq!(c.complete_move(t(5)), Err(ClockError::NotStarted));
    assert_eq!(
        (c.running(), c.to_move(), c.is_paused()),
        (None, None, false)
    );
    assert_eq!(c.next_deadline(), None);
    c.pause(t(1));
    c.resume(t(2));
    assert_eq!(c.running(), None);
    assert_eq!(c.remaining(White, t(100)), secs(180));
}

#[test]
fn snapshot_and_restore() {
    let mut c = clock("5+2");
    c.start(White, t(0));
    mv(&mut c, 10_000);
    let snap = c.snapshot(t(10_000));
    assert_eq!(
        snap,
        ClockSnapshot {
            white: SideSnapshot {
                remaining_ms: 292_000,
                used_ms: 10_000,
                moves_completed: 1,
                period: 0,
                flag_fallen_at_ms: None,
                flag_first: false,
            },
            black: SideSnapshot {
                remaining_ms: 300_000,
                used_ms: 0,
                moves_completed: 0,
                period: 0,
                flag_fallen_at_ms: None,
                flag_first: false,
            },
            to_move: Some(Black),
            paused: false,
        }
    );
    mv(&mut c, 30_000);
    mv(&mut c, 40_000);
    // D.2.8: take back to the snapshot while running
    c.restore(&snap, t(50_000));
    assert_eq!(c.snapshot(t(50_000)), snap);
    assert_eq!(c.running(), Some(Black));
    assert_eq!(c.remaining(Black, t(60_000)), secs(290));
    // restoring while paused keeps the clock paused
    c.pause(t(60_000));
    c.restore(&snap, t(70_000));
    assert!(c.is_paused());
    assert_eq!(c.remaining(Black, t(90_000)), secs(300));
    // serializable
    let text = toml::to_string(&snap).unwrap_or_else(|e| panic!("{e}"));
    let back: ClockSnapshot = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, snap);
}

#[test]
fn snapshot_keeps_flags() {
    let mut c = clock("10s");
    c.start(White, t(0));
    let snap = c.snapshot(t(15_000));
    assert_eq!(snap.white.flag_fallen_at_ms, Some(10_000));
    assert!(snap.white.flag_first);
    let mut other = clock("10s");
    other.restore(&snap, t(20_000));
    assert_eq!(other.remaining(White, t(20_000)), Duration::ZERO);
    assert_eq!(
        other.check_flag(t(20_000)),
        None,
        "already reported with the snapshot"
    );
    let text = toml::to_string(&snap).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(toml::from_str::<ClockSnapshot>(&text).ok(), Some(snap));
}
