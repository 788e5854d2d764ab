//! The human forms of a time control, for the command line: presets, the short form
//! `base[+increment]` (minutes below 180) and the two-period form `90/40+30+30s`
//! (FIDE Laws 6.3.a). [`FromStr`] reads them, and the PGN forms too.

use std::str::FromStr;

use super::amount::{Amount, Unit, parse_moves, parse_period_body};
use super::pgn::{parse_pgn_periods, pgn_special};
use super::{Period, TimeControl, TimeControlError};

/// The bare base of the short human form: minutes below 180, seconds from 180 on.
fn short_form_unit(a: &Amount) -> Unit {
    if a.thousandths < 180_000 {
        Unit::Minutes
    } else {
        Unit::Seconds
    }
}

/// `minutes/moves+minutes+increment` (e.g. `90/40+30+30s`).
fn parse_human_two_periods(text: &str) -> Result<TimeControl, TimeControlError> {
    let malformed = |reason| TimeControlError::Malformed {
        text: text.to_string(),
        reason,
    };
    let (first, rest) = text
        .split_once('/')
        .ok_or_else(|| malformed("expected minutes/moves+minutes+increment"))?;
    let mut parts = rest.split('+');
    let (Some(moves), Some(second), Some(increment), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(malformed("expected minutes/moves+minutes+increment"));
    };
    let moves = parse_moves(moves, 1)?;
    let first = Amount::parse(first)?.duration(Unit::Minutes)?;
    let second = Amount::parse(second)?.duration(Unit::Minutes)?;
    let increment = Amount::parse(increment)?.duration(Unit::Seconds)?;
    Ok(TimeControl {
        periods: vec![
            Period::for_moves(moves, first, increment),
            Period::sudden_death(second, increment),
        ],
    })
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// FIDE Laws 6.3.a: reads a time control in any of the forms of the module
    /// documentation.
    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let text = s.trim();
        if text.is_empty() {
            return Err(TimeControlError::Empty);
        }
        match text.to_ascii_lowercase().as_str() {
            "fide-standard" | "fide" | "classical" | "standard" => {
                return Ok(TimeControl::fide_standard());
            }
            "rapid" => return Ok(TimeControl::rapid()),
            "blitz" => return Ok(TimeControl::blitz()),
            _ => {}
        }
        if let Some(special) = pgn_special(text) {
            return special;
        }
        if text.contains(char::is_whitespace) {
            return Err(TimeControlError::Malformed {
                text: text.to_string(),
                reason: "spaces are not allowed inside a time control",
            });
        }
        if !text
            .chars()
            .all(|c| c.is_ascii_digit() || ".+/:hmsdbHMSDB".contains(c))
        {
            return Err(TimeControlError::Malformed {
                text: text.to_string(),
                reason: "only digits, '.', '+', '/', ':', the units h m s and the delay markers \
                         d b may appear",
            });
        }
        let has_colon = text.contains(':');
        let has_slash = text.contains('/');
        if !has_colon && has_slash && text.matches('+').count() == 2 {
            return parse_human_two_periods(text);
        }
        if !has_colon && !has_slash {
            let period = parse_period_body(text, None, short_form_unit)?;
            return Ok(TimeControl {
                periods: vec![period],
            });
        }
        parse_pgn_periods(text)
    }
}

#[cfg(test)]
mod tests {
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
            // de-facto PGN
            ("40/5400+30:1800+30", TimeControl::fide_standard()),
            ("900+10", sd(900, 10)),
            // strict PGN
            (
                "40/9000:1800",
                TimeControl {
                    periods: vec![
                        Period::for_moves(40, s(9000), Duration::ZERO),
                        Period::sudden_death(s(1800), Duration::ZERO),
                    ],
                },
            ),
            ("300+3", sd(300, 3)),
            ("300", sd(300, 0)),
            ("180+2", sd(180, 2)),
            ("40/7200:20/3600", classical_repeat),
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
            ("179", sd(179 * 60, 0)),
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
            ("300d5", delay(300, DelayKind::Simple, 5)),
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
    }
}
