//! The command line's time controls: every form read, and what is refused with what to
//! write instead.

use std::time::Duration;

use super::super::DelayKind;
use super::super::tests::{delay, s, sd};
use super::*;

#[test]
fn parses_every_form() {
    let classical_repeat = TimeControl {
        periods: vec![
            Period::for_moves(40, s(7200), Duration::ZERO),
            Period::for_moves(20, s(3600), Duration::ZERO),
        ],
    };
    let cases: Vec<(&str, TimeControl)> = vec![
        // PGN, with `/` or `:`: seconds
        ("40/5400+30:1800+30", TimeControl::fide_standard()),
        (
            "40/9000:1800",
            TimeControl {
                periods: vec![
                    Period::for_moves(40, s(9000), Duration::ZERO),
                    Period::sudden_death(s(1800), Duration::ZERO),
                ],
            },
        ),
        ("40/7200:20/3600", classical_repeat),
        ("40/60", {
            TimeControl {
                periods: vec![Period::for_moves(40, s(60), Duration::ZERO)],
            }
        }),
        ("40/30s", {
            TimeControl {
                periods: vec![Period::for_moves(40, s(30), Duration::ZERO)],
            }
        }),
        (
            "40/7200",
            TimeControl {
                periods: vec![Period::for_moves(40, s(7200), Duration::ZERO)],
            },
        ),
        ("-", TimeControl::untimed()),
        // human
        ("90/40+30+30s", TimeControl::fide_standard()),
        ("90/40+30+30", TimeControl::fide_standard()),
        ("15+10", sd(900, 10)),
        ("3+2", sd(180, 2)),
        ("90+30", sd(5400, 30)),
        ("5", sd(300, 0)),
        ("120", sd(7200, 0)),
        ("300s", sd(300, 0)),
        ("900s+10", sd(900, 10)),
        ("300m", sd(18000, 0)),
        ("90m+30s", sd(5400, 30)),
        ("2h", sd(7200, 0)),
        ("60s+1", sd(60, 1)),
        ("1.5m", sd(90, 0)),
        ("0.5s+0.25", {
            TimeControl::sudden_death(Duration::from_millis(500), Duration::from_millis(250))
        }),
        ("  15+10 ", sd(900, 10)),
        // delays
        ("5d3", delay(300, DelayKind::Simple, 3)),
        ("90b30", delay(5400, DelayKind::Bronstein, 30)),
        ("5d5", delay(300, DelayKind::Simple, 5)),
        ("300sd5", delay(300, DelayKind::Simple, 5)),
        (
            "40/5400d30:1800d30",
            TimeControl {
                periods: vec![
                    Period::for_moves(40, s(5400), Duration::ZERO)
                        .with_delay(DelayKind::Simple, s(30)),
                    Period::sudden_death(s(1800), Duration::ZERO)
                        .with_delay(DelayKind::Simple, s(30)),
                ],
            },
        ),
        (
            "15+10b2",
            TimeControl {
                periods: vec![
                    Period::sudden_death(s(900), s(10)).with_delay(DelayKind::Bronstein, s(2)),
                ],
            },
        ),
        // presets
        ("fide-standard", TimeControl::fide_standard()),
        ("FIDE", TimeControl::fide_standard()),
        ("rapid", sd(900, 10)),
        ("Blitz", sd(180, 2)),
    ];
    for (text, expected) in cases {
        assert_eq!(text.parse::<TimeControl>(), Ok(expected), "{text}");
    }
}

#[test]
fn rejects_errors() {
    use TimeControlError as E;
    let invalid = |t: &str| E::InvalidNumber {
        text: t.to_string(),
    };
    let minutes = |amount: &str, as_seconds: &[&str], as_minutes: &str| E::BareMinutes {
        amount: amount.to_string(),
        as_seconds: as_seconds.iter().map(ToString::to_string).collect(),
        as_minutes: as_minutes.to_string(),
    };
    let seconds = |amount: &str| E::BareSeconds {
        amount: amount.to_string(),
    };
    let strange = |t: &str| E::Malformed {
        text: t.to_string(),
        reason: "only digits, '.', '+', '/', ':', the units h m s and the delay markers \
                 d b may appear",
    };
    let cases: Vec<(&str, TimeControlError)> = vec![
        ("", E::Empty),
        ("   ", E::Empty),
        ("?", E::Unknown),
        (
            "*60",
            E::Sandclock {
                text: "*60".to_string(),
            },
        ),
        (
            "40/5400:*60",
            E::Sandclock {
                text: "40/5400:*60".to_string(),
            },
        ),
        ("abc", strange("abc")),
        ("15+x", strange("15+x")),
        ("x/5400", strange("x/5400")),
        ("5bb", invalid("b")),
        ("m", invalid("m")),
        ("40/:1800", invalid("")),
        ("0/5400:1800", E::ZeroMoves { period: 1 }),
        ("1800:40/5400", E::SuddenDeathNotLast { period: 1 }),
        ("1.2345s", invalid("1.2345s")),
        ("-5", strange("-5")),
        ("5+", invalid("")),
        (
            "99999999999999999999",
            E::TooLarge {
                text: "99999999999999999999".to_string(),
            },
        ),
        (
            "40/5400::1800",
            E::Malformed {
                text: "40/5400::1800".to_string(),
                reason: "empty period between colons",
            },
        ),
        (
            "5d",
            E::Malformed {
                text: "5d".to_string(),
                reason: "a delay marker d or b must be followed by the delay in seconds",
            },
        ),
        (
            "15 + 10",
            E::Malformed {
                text: "15 + 10".to_string(),
                reason: "spaces are not allowed inside a time control",
            },
        ),
        // A bare number is minutes, at most two hours: PGN's seconds are refused.
        ("300", minutes("300", &["5", "300s"], "300m")),
        ("900+10", minutes("900", &["15+10", "900s+10"], "900m+10")),
        ("180+2", minutes("180", &["3+2", "180s+2"], "180m+2")),
        ("121", minutes("121", &["121s"], "121m")),
        ("300d5", minutes("300", &["5d5", "300sd5"], "300md5")),
        ("5400/40+1800+30", minutes("5400", &["5400s"], "5400m")),
        // In the PGN form a bare base is seconds, at least a minute.
        ("90/40+30", seconds("40")),
        ("40/59", seconds("59")),
        ("40/5400:20/30", seconds("30")),
    ];
    for (text, expected) in cases {
        assert_eq!(text.parse::<TimeControl>(), Err(expected), "{text:?}");
    }
}

#[test]
fn errors_say_what_is_wrong() {
    let message = |t: &str| match t.parse::<TimeControl>() {
        Ok(c) => panic!("{t} parsed as {c}"),
        Err(e) => e.to_string(),
    };
    assert!(message("?").contains("unknown"));
    assert!(message("*60").contains("sandclock"));
    assert!(message("0/60").contains("zero"));
    assert_eq!(
        message("300"),
        "300 without a unit means minutes here, and 300 minutes is more than two hours: \
         for 300 seconds write 5 or 300s, for 300 minutes 300m"
    );
    assert!(message("90/40+30").contains("90/40+30+30"));
}
