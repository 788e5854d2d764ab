//! The pieces every text form shares: amounts of time with their units, move counts, delays
//! and one period's `base[+increment][d|b delay]` (FIDE Laws 6.3).

use std::time::Duration;

use super::{Delay, DelayKind, Period, TimeControlError};

/// The unit of an amount of time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Unit {
    Seconds,
    Minutes,
    Hours,
}

impl Unit {
    fn millis(self) -> u64 {
        match self {
            Unit::Seconds => 1_000,
            Unit::Minutes => 60_000,
            Unit::Hours => 3_600_000,
        }
    }
}

/// A number as written: value in thousandths, and the unit suffix if any.
pub(super) struct Amount {
    pub(super) thousandths: u64,
    unit: Option<Unit>,
    text: String,
}

impl Amount {
    pub(super) fn parse(text: &str) -> Result<Amount, TimeControlError> {
        let invalid = || TimeControlError::InvalidNumber {
            text: text.to_string(),
        };
        let too_large = || TimeControlError::TooLarge {
            text: text.to_string(),
        };
        let (number, unit) = match text.char_indices().last() {
            Some((i, 'h' | 'H')) => (&text[..i], Some(Unit::Hours)),
            Some((i, 'm' | 'M')) => (&text[..i], Some(Unit::Minutes)),
            Some((i, 's' | 'S')) => (&text[..i], Some(Unit::Seconds)),
            _ => (text, None),
        };
        let (int, frac) = match number.split_once('.') {
            Some((int, frac)) => (int, frac),
            None => (number, ""),
        };
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || !digits(int) || !digits(frac) || frac.len() > 3 {
            return Err(invalid());
        }
        let int: u64 = int.parse().map_err(|_| too_large())?;
        let mut frac_value: u64 = 0;
        for b in frac.bytes().chain(std::iter::repeat(b'0')).take(3) {
            frac_value = frac_value * 10 + u64::from(b - b'0');
        }
        let thousandths = int
            .checked_mul(1000)
            .and_then(|v| v.checked_add(frac_value))
            .ok_or_else(too_large)?;
        Ok(Amount {
            thousandths,
            unit,
            text: text.to_string(),
        })
    }

    /// The unit written after the number, if any.
    pub(super) fn unit(&self) -> Option<Unit> {
        self.unit
    }

    /// The amount as written.
    pub(super) fn text(&self) -> &str {
        &self.text
    }

    pub(super) fn duration(&self, default: Unit) -> Result<Duration, TimeControlError> {
        let unit = self.unit.unwrap_or(default);
        // thousandths of the unit, times the unit in ms, over 1000
        let ms = self
            .thousandths
            .checked_mul(unit.millis())
            .map(|v| v / 1000)
            .ok_or_else(|| TimeControlError::TooLarge {
                text: self.text.clone(),
            })?;
        Ok(Duration::from_millis(ms))
    }
}

pub(super) fn parse_moves(text: &str, period: usize) -> Result<u32, TimeControlError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TimeControlError::InvalidNumber {
            text: text.to_string(),
        });
    }
    let n: u32 = text.parse().map_err(|_| TimeControlError::TooLarge {
        text: text.to_string(),
    })?;
    if n == 0 {
        return Err(TimeControlError::ZeroMoves { period });
    }
    Ok(n)
}

/// Splits `rest` at a delay marker `d`/`b`: (before, delay).
type DelaySplit<'a> = (&'a str, Option<(DelayKind, Amount)>);

fn split_delay(rest: &str) -> Result<DelaySplit<'_>, TimeControlError> {
    let Some(pos) = rest.find(['d', 'D', 'b', 'B']) else {
        return Ok((rest, None));
    };
    let kind = match rest.as_bytes().get(pos) {
        Some(b'd' | b'D') => DelayKind::Simple,
        _ => DelayKind::Bronstein,
    };
    let after = &rest[pos + 1..];
    if after.is_empty() {
        return Err(TimeControlError::Malformed {
            text: rest.to_string(),
            reason: "a delay marker d or b must be followed by the delay in seconds",
        });
    }
    Ok((&rest[..pos], Some((kind, Amount::parse(after)?))))
}

/// Parses `base[+increment][d|b delay]`, with `base_unit` for a bare base (or why the
/// base cannot stand without a unit).
pub(super) fn parse_period_body(
    text: &str,
    moves: Option<u32>,
    base_unit: impl Fn(&Amount) -> Result<Unit, TimeControlError>,
) -> Result<Period, TimeControlError> {
    let (before, delay) = split_delay(text)?;
    let (base, increment) = match before.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (before, None),
    };
    let base = Amount::parse(base)?;
    let base = base.duration(base_unit(&base)?)?;
    let increment = match increment {
        Some(i) => Amount::parse(i)?.duration(Unit::Seconds)?,
        None => Duration::ZERO,
    };
    let delay = match delay {
        Some((kind, a)) => Some(Delay {
            kind,
            length: a.duration(Unit::Seconds)?,
        }),
        None => None,
    };
    Ok(Period {
        moves,
        base,
        increment,
        delay,
    })
}
