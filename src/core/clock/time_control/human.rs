//! The forms of a time control for the command line (`--tc`): presets, the short form
//! `base[+increment]` and the two-period form `90/40+30+30` in minutes, and the PGN forms
//! in seconds (FIDE Laws 6.3.a). [`FromStr`] reads them.
//!
//! One rule: **a number without a unit is minutes** (`15+10` is 15 minutes and 10 s a
//! move; increments and delays are always seconds), **except in the PGN form, which has a
//! `/` after the moves or a `:` between periods and counts seconds** (`40/5400+30:1800+30`).
//! A unit (`h`, `m`, `s`) always wins: `300s`, `90m`, `1.5h`. What could be read both
//! ways is refused with what to write instead, never guessed: a bare number of minutes
//! above two hours ([`BARE_MINUTES_MAX`]; `--tc 300` and `--tc 900+10` are most likely
//! PGN's seconds), and a bare PGN base under a minute (`90/40+30` is FIDE's "90 minutes
//! for 40 moves" written backwards).

use std::str::FromStr;

use super::amount::{Amount, Unit, parse_moves, parse_period_body};
use super::pgn::{parse_pgn_periods, pgn_special};
use super::{Period, TimeControl, TimeControlError};

/// The most minutes a number without a unit may stand for on the command line: two hours,
/// as much as any game's first period. More is refused: `--tc 300` is far likelier PGN's
/// five minutes than five hours.
const BARE_MINUTES_MAX: u64 = 120;

/// The fewest seconds a number without a unit may stand for in a PGN period on the command
/// line: a minute.
const BARE_SECONDS_MIN: u64 = 60;

/// A bare amount of the human forms: minutes, at most [`BARE_MINUTES_MAX`]. `whole` is the
/// text, for what to write instead.
fn bare_minutes(a: &Amount, whole: &str) -> Result<Unit, TimeControlError> {
    if a.unit().is_some() || a.thousandths <= BARE_MINUTES_MAX * 1000 {
        return Ok(Unit::Minutes);
    }
    let amount = a.text();
    // The short form's base starts the text and is rewritten in it (`900+10`: `15+10`,
    // `900s+10`, `900m+10`); in the two-period form the number alone (`5400s`, `5400m`).
    let short = whole
        .strip_prefix(amount)
        .filter(|r| r.is_empty() || r.starts_with(['+', 'd', 'b', 'D', 'B']));
    let rest = short.unwrap_or("");
    let mut as_seconds = Vec::new();
    if short.is_some() && a.thousandths.is_multiple_of(60_000) {
        as_seconds.push(format!("{}{rest}", a.thousandths / 60_000));
    }
    as_seconds.push(format!("{amount}s{rest}"));
    Err(TimeControlError::BareMinutes {
        amount: amount.to_owned(),
        as_seconds,
        as_minutes: format!("{amount}m{rest}"),
    })
}

/// A bare base of a PGN period on the command line: seconds, at least [`BARE_SECONDS_MIN`].
fn bare_seconds(a: &Amount) -> Result<Unit, TimeControlError> {
    if a.unit().is_some() || a.thousandths >= BARE_SECONDS_MIN * 1000 {
        return Ok(Unit::Seconds);
    }
    Err(TimeControlError::BareSeconds {
        amount: a.text().to_owned(),
    })
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
    let minutes = |t: &str| {
        let a = Amount::parse(t)?;
        a.duration(bare_minutes(&a, text)?)
    };
    let first = minutes(first)?;
    let second = minutes(second)?;
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

    /// FIDE Laws 6.3.a: reads a time control as the command line writes it, by the one
    /// rule of the module documentation (a bare number is minutes, in the PGN form seconds).
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
            let period = parse_period_body(text, None, |a| bare_minutes(a, text))?;
            return Ok(TimeControl {
                periods: vec![period],
            });
        }
        parse_pgn_periods(text, bare_seconds)
    }
}

#[cfg(test)]
mod tests;
