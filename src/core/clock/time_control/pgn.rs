//! The PGN TimeControl tag form of a time control: read strictly by
//! [`TimeControl::from_pgn`], written by [`fmt::Display`] (FIDE Laws 6.3.a).

use std::fmt;
use std::time::Duration;

use super::amount::{Amount, Unit, parse_moves, parse_period_body};
use super::{DelayKind, TimeControl, TimeControlError};

/// The PGN tokens that are no periods: `-` (untimed), `?` (unknown) and a sandclock `*N`.
pub(super) fn pgn_special(text: &str) -> Option<Result<TimeControl, TimeControlError>> {
    match text {
        "-" => Some(Ok(TimeControl::untimed())),
        "?" => Some(Err(TimeControlError::Unknown)),
        _ if text.starts_with('*') || text.contains(":*") => {
            Some(Err(TimeControlError::Sandclock {
                text: text.to_string(),
            }))
        }
        _ => None,
    }
}

/// PGN periods separated by `:`, every bare amount in seconds (`bare` says whether a bare
/// base may stand so).
pub(super) fn parse_pgn_periods(
    text: &str,
    bare: impl Fn(&Amount) -> Result<Unit, TimeControlError>,
) -> Result<TimeControl, TimeControlError> {
    let count = text.split(':').count();
    let mut periods = Vec::with_capacity(count);
    for (i, part) in text.split(':').enumerate() {
        let number = i + 1;
        if part.is_empty() {
            return Err(TimeControlError::Malformed {
                text: text.to_string(),
                reason: "empty period between colons",
            });
        }
        if part.starts_with('*') {
            return Err(TimeControlError::Sandclock {
                text: text.to_string(),
            });
        }
        let (moves, body) = match part.split_once('/') {
            Some((m, body)) => (Some(parse_moves(m, number)?), body),
            None => (None, part),
        };
        if moves.is_none() && number < count {
            return Err(TimeControlError::SuddenDeathNotLast { period: number });
        }
        periods.push(parse_period_body(body, moves, &bare)?);
    }
    Ok(TimeControl { periods })
}

impl TimeControl {
    /// FIDE Laws 6.3.a: reads a PGN TimeControl tag strictly, every bare amount in seconds
    /// (`300`, `60+1`, `40/9000:1800`, `40/5400+30:1800+30`, `-`), plus this project's
    /// `d`/`b` delay suffixes. `?` and the sandclock `*60` are errors, as for [`FromStr`](std::str::FromStr).
    /// This is the form [`fmt::Display`] writes and scripts' `tc=` use.
    pub fn from_pgn(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(TimeControlError::Empty);
        }
        if let Some(special) = pgn_special(text) {
            return special;
        }
        if !text
            .chars()
            .all(|c| c.is_ascii_digit() || ".+/:dbDB".contains(c))
        {
            return Err(TimeControlError::Malformed {
                text: text.to_string(),
                reason: "a PGN time control has only digits, '.', '+', '/', ':' and the delay \
                         markers d b",
            });
        }
        parse_pgn_periods(text, |_| Ok(Unit::Seconds))
    }
}

/// Writes seconds, with milliseconds if any.
fn write_seconds(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let ms = d.subsec_millis();
    if ms == 0 {
        write!(f, "{}", d.as_secs())
    } else {
        write!(f, "{}.{:03}", d.as_secs(), ms)
    }
}

impl fmt::Display for TimeControl {
    /// FIDE Laws 6.3.a: writes the de-facto PGN form (`40/5400+30:1800+30`, `900+10`, `60+1`),
    /// all amounts in seconds, with delays as `d`/`b` suffixes, `-` if untimed. Read it back
    /// with [`TimeControl::from_pgn`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.periods.is_empty() {
            return f.write_str("-");
        }
        for (i, period) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            if let Some(n) = period.move_count() {
                write!(f, "{n}/")?;
            }
            write_seconds(f, period.base)?;
            if !period.increment.is_zero() {
                f.write_str("+")?;
                write_seconds(f, period.increment)?;
            }
            if let Some(delay) = period.delay {
                f.write_str(match delay.kind {
                    DelayKind::Simple => "d",
                    DelayKind::Bronstein => "b",
                })?;
                write_seconds(f, delay.length)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::DelayKind;
    use super::super::tests::{delay, sd};
    use super::*;

    #[test]
    fn writes_de_facto_pgn() {
        let cases: Vec<(TimeControl, &str)> = vec![
            (TimeControl::fide_standard(), "40/5400+30:1800+30"),
            (TimeControl::rapid(), "900+10"),
            (TimeControl::blitz(), "180+2"),
            (sd(300, 0), "300"),
            (sd(60, 1), "60+1"),
            (sd(0, 5), "0+5"),
            (TimeControl::untimed(), "-"),
            (delay(300, DelayKind::Simple, 3), "300d3"),
            (delay(5400, DelayKind::Bronstein, 30), "5400b30"),
            (
                TimeControl::sudden_death(Duration::from_millis(1500), Duration::from_millis(20)),
                "1.500+0.020",
            ),
        ];
        for (control, expected) in cases {
            assert_eq!(control.to_string(), expected);
        }
    }

    #[test]
    fn pgn_is_strict_seconds() {
        for (text, want) in [
            ("300", sd(300, 0)),
            ("60+1", sd(60, 1)),
            ("15+10", sd(15, 10)),
            ("40/5400+30:1800+30", TimeControl::fide_standard()),
            ("-", TimeControl::untimed()),
        ] {
            assert_eq!(TimeControl::from_pgn(text), Ok(want), "{text}");
        }
        assert_eq!(TimeControl::from_pgn("?"), Err(TimeControlError::Unknown));
        assert!(TimeControl::from_pgn("15m").is_err());
        assert!(TimeControl::from_pgn("blitz").is_err());
        assert!(matches!(
            TimeControl::from_pgn("*60"),
            Err(TimeControlError::Sandclock { .. })
        ));
    }

    #[test]
    fn round_trips_display_from_str() {
        let texts = [
            "40/5400+30:1800+30",
            "40/9000:1800",
            "300s+3",
            "-",
            "15+10",
            "3+2",
            "1+0",
            "15s",
            "60+1",
            "5d3",
            "90b30",
            "40/7200:20/3600:15/900+5d2",
            "90/40+30+30s",
            "0.25s+0.125",
            "fide-standard",
            "rapid",
            "blitz",
        ];
        for text in texts {
            let control: TimeControl = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            let written = control.to_string();
            assert_eq!(
                TimeControl::from_pgn(&written),
                Ok(control),
                "{text} -> {written}"
            );
        }
    }
}
