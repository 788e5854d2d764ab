//! Time controls: what each player's clock is set to, and how it changes as moves are
//! completed (FIDE Laws 6.3).
//!
//! # Text forms
//!
//! [`TimeControl`] reads ([`FromStr`]) and writes ([`fmt::Display`]) text. Amounts of time
//! may carry a unit suffix `h`, `m` or `s` (and decimals down to the millisecond, `1.5s`);
//! without a suffix the unit is chosen as follows.
//!
//! * **PGN, de-facto and strict** (seconds): periods separated by `:`, each
//!   `[moves/]seconds[+increment][d|b delay]`:
//!   `40/5400+30:1800+30` (FIDE standard), `40/9000:1800`, `300+3`, `300`.
//!   A period with a move count that is the *last* one repeats (`40/7200:20/3600` means 20
//!   moves in an hour, again and again, after the first 40); see [`TimeControl::position`].
//! * **Short human form** `base[+increment][d|b delay]` without `:` and `/`: the base is in
//!   **minutes if the bare number is below 180**, in seconds from 180 on, so `15+10` is
//!   15 minutes + 10 s, `3+2` is 3 minutes + 2 s, and `300+3` and `180+2` (PGN) are read as
//!   seconds. Increments and delays are always in seconds. A bare base below 3 minutes
//!   in seconds therefore needs an explicit unit here (`60s+1`). [`fmt::Display`] writes
//!   strict PGN (`60+1`, all seconds), which [`TimeControl::from_pgn`] reads: that is the
//!   form of PGN files and of scripts' `tc=`; this human form is for the command line.
//! * **Human two-period form** `minutes/moves+minutes+increment`, e.g. `90/40+30+30s`:
//!   90 minutes for 40 moves, then 30 minutes for the rest of the game, 30 s added per move
//!   from move 1. Recognised by its two `+` signs (a PGN period has at most one).
//! * **Delay** (FIDE Laws 6.3.b, "tiempo extra fijo"): suffix `d<seconds>` for a simple (US)
//!   delay, `b<seconds>` for a Bronstein delay, after the base or the increment: `5d3` is
//!   5 minutes with a 3 s simple delay, `90b30` 90 minutes with a 30 s Bronstein delay,
//!   `40/5400d30:1800d30` in PGN form. This is an extension of PGN, which has no delay.
//! * **Named presets** (case-insensitive): `fide-standard` (alias `fide`, `classical`) =
//!   `40/5400+30:1800+30`; `rapid` = `900+10`; `blitz` = `180+2`.
//! * `-` (PGN: no time control) reads as an **untimed** control, [`TimeControl::untimed`]:
//!   no periods; the clock measures the time used but never shows a remaining time and no
//!   flag ever falls. It is written back as `-`.
//! * `?` (PGN: unknown) is an error, [`TimeControlError::Unknown`]: there is nothing to set a
//!   clock to.
//! * `*60` (PGN sandclock/hourglass) is an error, [`TimeControlError::Sandclock`]: FIDE Laws
//!   Article 6 has no hourglass mode and this clock does not implement one.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use shakmaty::Color;
use thiserror::Error;

/// The two kinds of delay ("tiempo extra fijo").
///
/// FIDE Laws 6.3.b: in the delay mode both players receive a main thinking time and a fixed
/// extra time with every move; the main time only starts counting down once the extra time
/// has run out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DelayKind {
    /// FIDE Laws 6.3.b: simple (US) delay. The clock does not count down during the first
    /// `length` of each turn; the main time does not change if the player completes the move
    /// within the delay.
    Simple,
    /// FIDE Laws 6.3.b (Bronstein variant): the clock counts down at once, and after the move
    /// the time used, up to `length`, is given back.
    Bronstein,
}

/// A delay given with every move of a period.
///
/// FIDE Laws 6.3.b: "por cada movimiento reciben un tiempo extra fijo".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Delay {
    /// FIDE Laws 6.3.b: how the extra time is applied.
    pub kind: DelayKind,
    /// FIDE Laws 6.3.b: the fixed extra time per move.
    pub length: Duration,
}

/// One period of a time control.
///
/// FIDE Laws 6.3.a: each player must complete a minimum number of moves, or all moves, in an
/// allotted period of time and/or may receive an additional amount of time with each move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// FIDE Laws 6.3.a: moves to complete in this period; `None` for the rest of the game.
    /// `Some(0)` is treated like `None`.
    pub moves: Option<u32>,
    /// FIDE Laws 6.3.a/b: the time allotted for the period, added to the time left over from
    /// the previous period.
    pub base: Duration,
    /// FIDE Laws 6.3.a: the time added after every move completed in this period (Fischer
    /// increment; "from move 1" when the first period has one).
    pub increment: Duration,
    /// FIDE Laws 6.3.b: the delay of every move of this period, if any.
    pub delay: Option<Delay>,
}

impl Period {
    /// FIDE Laws 6.3.a: a period for the rest of the game, `base` plus `increment` per move.
    pub fn sudden_death(base: Duration, increment: Duration) -> Period {
        Period {
            moves: None,
            base,
            increment,
            delay: None,
        }
    }

    /// FIDE Laws 6.3.a: a period of `moves` moves in `base`, plus `increment` per move.
    pub fn for_moves(moves: u32, base: Duration, increment: Duration) -> Period {
        Period {
            moves: Some(moves),
            base,
            increment,
            delay: None,
        }
    }

    /// FIDE Laws 6.3.b: the same period with a delay of the given kind and length per move.
    pub fn with_delay(mut self, kind: DelayKind, length: Duration) -> Period {
        self.delay = Some(Delay { kind, length });
        self
    }

    /// FIDE Laws 6.3.a: the move count of this period, `None` for the rest of the game.
    pub fn move_count(&self) -> Option<u32> {
        self.moves.filter(|&n| n > 0)
    }
}

/// A time control: a sequence of periods (FIDE Laws 6.3.a). See the module documentation for
/// the text forms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// FIDE Laws 6.3.a: the periods in order. Empty means untimed (PGN `-`). Only the last
    /// period should lack a move count; a last period with a move count repeats.
    pub periods: Vec<Period>,
}

/// Where a player stands in a [`TimeControl`] after a number of completed moves.
///
/// FIDE Laws 6.3.a: the period whose minimum number of moves the player is working on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PeriodPosition {
    /// FIDE Laws 6.3.a: index of the period in [`TimeControl::periods`] (0-based).
    pub index: usize,
    /// FIDE Laws 6.3.a: moves completed when this period (or this repetition of the
    /// repeating last period) began.
    pub start: u32,
    /// FIDE Laws 6.3.a: the total of completed moves at which this period's control is
    /// passed, `None` if the period lasts for the rest of the game.
    pub control_at: Option<u32>,
}

impl TimeControl {
    /// FIDE Laws 6.3.a: a single period for the whole game (sudden death, with an optional
    /// Fischer increment).
    pub fn sudden_death(base: Duration, increment: Duration) -> TimeControl {
        TimeControl {
            periods: vec![Period::sudden_death(base, increment)],
        }
    }

    /// FIDE Laws 6.3.b: a single period for the whole game with a delay per move.
    pub fn with_delay(base: Duration, kind: DelayKind, length: Duration) -> TimeControl {
        TimeControl {
            periods: vec![Period::sudden_death(base, Duration::ZERO).with_delay(kind, length)],
        }
    }

    /// FIDE Laws 6.3.a: no control specified (PGN `-`); the clock measures the time used,
    /// never a remaining time, and no flag falls.
    pub fn untimed() -> TimeControl {
        TimeControl {
            periods: Vec::new(),
        }
    }

    /// FIDE Laws 6.3.a, FIDE standard rate: 90 minutes for 40 moves, then 30 minutes for the
    /// rest of the game, 30 s added per move from move 1 (`40/5400+30:1800+30`).
    pub fn fide_standard() -> TimeControl {
        let inc = Duration::from_secs(30);
        TimeControl {
            periods: vec![
                Period::for_moves(40, Duration::from_secs(5400), inc),
                Period::sudden_death(Duration::from_secs(1800), inc),
            ],
        }
    }

    /// FIDE Laws 6.3.a, preset `rapid`: 15 minutes + 10 s per move (`900+10`).
    pub fn rapid() -> TimeControl {
        TimeControl::sudden_death(Duration::from_secs(900), Duration::from_secs(10))
    }

    /// FIDE Laws 6.3.a, preset `blitz`: 3 minutes + 2 s per move (`180+2`).
    pub fn blitz() -> TimeControl {
        TimeControl::sudden_death(Duration::from_secs(180), Duration::from_secs(2))
    }

    /// FIDE Laws 6.3.a: whether this control is untimed (PGN `-`, no periods).
    pub fn is_untimed(&self) -> bool {
        self.periods.is_empty()
    }

    /// FIDE Laws 6.3.a: the time on the clock at the start of the game (the first period's
    /// base), `None` if untimed.
    pub fn initial(&self) -> Option<Duration> {
        self.periods.first().map(|p| p.base)
    }

    /// FIDE Laws 6.3.a: the period a player is in after `moves_completed` moves. `None` if
    /// untimed. A period without a move count lasts for the rest of the game; a last period
    /// with a move count repeats.
    pub fn position(&self, moves_completed: u32) -> Option<PeriodPosition> {
        let last = self.periods.len().checked_sub(1)?;
        let mut start: u32 = 0;
        for (index, period) in self.periods.iter().enumerate() {
            let Some(n) = period.move_count() else {
                return Some(PeriodPosition {
                    index,
                    start,
                    control_at: None,
                });
            };
            if index == last {
                let reps = moves_completed.saturating_sub(start) / n;
                let start = start.saturating_add(reps.saturating_mul(n));
                return Some(PeriodPosition {
                    index,
                    start,
                    control_at: Some(start.saturating_add(n)),
                });
            }
            let end = start.saturating_add(n);
            if moves_completed < end {
                return Some(PeriodPosition {
                    index,
                    start,
                    control_at: Some(end),
                });
            }
            start = end;
        }
        None
    }

    /// FIDE Laws 6.3.a: the period a player is in after `moves_completed` moves.
    pub fn period_at(&self, moves_completed: u32) -> Option<&Period> {
        self.position(moves_completed)
            .and_then(|pos| self.periods.get(pos.index))
    }

    /// FIDE Laws 6.3.a: moves still to complete, after `moves_completed`, to pass the current
    /// period's time control; `None` if the period lasts for the rest of the game.
    pub fn moves_to_control(&self, moves_completed: u32) -> Option<u32> {
        self.position(moves_completed)
            .and_then(|pos| pos.control_at)
            .map(|at| at.saturating_sub(moves_completed))
    }

    /// FIDE Laws 6.3.b: when the move that brings the count to `moves_completed` passes a
    /// time control, the base time of the period that begins (the time added to the clock).
    pub fn added_at_control(&self, moves_completed: u32) -> Option<Duration> {
        let before = self.position(moves_completed.checked_sub(1)?)?;
        if before.control_at != Some(moves_completed) {
            return None;
        }
        self.period_at(moves_completed).map(|p| p.base)
    }
}

/// Different time controls for the two players (e.g. FIDE Laws 6.2.e adjustments, or
/// handicap games). FIDE Laws 6.3.a: specified in advance.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClockSetup {
    /// FIDE Laws 6.3.a: White's time control.
    pub white: TimeControl,
    /// FIDE Laws 6.3.a: Black's time control.
    pub black: TimeControl,
}

impl ClockSetup {
    /// FIDE Laws 6.3.a: each player with his own control.
    pub fn new(white: TimeControl, black: TimeControl) -> ClockSetup {
        ClockSetup { white, black }
    }

    /// FIDE Laws 6.3.a: both players with the same control.
    pub fn same(control: TimeControl) -> ClockSetup {
        ClockSetup {
            white: control.clone(),
            black: control,
        }
    }

    /// FIDE Laws 6.3.a: the control of `side`.
    pub fn get(&self, side: Color) -> &TimeControl {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl From<TimeControl> for ClockSetup {
    fn from(control: TimeControl) -> ClockSetup {
        ClockSetup::same(control)
    }
}

/// FIDE Laws 6.3.a: why a text is not a time control (which must be specified in advance).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TimeControlError {
    /// FIDE Laws 6.3.a: nothing was given.
    #[error("empty time control")]
    Empty,
    /// FIDE Laws 6.3.a: PGN `?`, the control is unknown, so a clock cannot be set to it.
    #[error("the time control is unknown (\"?\"); a clock cannot be set to an unknown control")]
    Unknown,
    /// FIDE Laws 6.3: PGN `*seconds`, an hourglass control, which Article 6 does not know.
    #[error("sandclock (hourglass) control {text:?} is not supported; FIDE Laws 6.3 have none")]
    Sandclock {
        /// The text given.
        text: String,
    },
    /// FIDE Laws 6.3.a: a number could not be read (or is finer than a millisecond).
    #[error("{text:?} is not a number of moves or an amount of time")]
    InvalidNumber {
        /// The offending part.
        text: String,
    },
    /// FIDE Laws 6.3.a: a number is too large.
    #[error("{text:?} is too large")]
    TooLarge {
        /// The offending part.
        text: String,
    },
    /// FIDE Laws 6.3.a: `0/...`, a period must have at least one move.
    #[error("period {period} has a move count of zero; a period needs at least one move")]
    ZeroMoves {
        /// 1-based number of the period.
        period: usize,
    },
    /// FIDE Laws 6.3.a: a period for the rest of the game is followed by another period.
    #[error(
        "period {period} has no move count, so it lasts the rest of the game, but more periods follow"
    )]
    SuddenDeathNotLast {
        /// 1-based number of the period.
        period: usize,
    },
    /// FIDE Laws 6.3.a: the text does not follow any of the forms.
    #[error("{text:?} is not a time control: {reason}")]
    Malformed {
        /// The offending part.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Unit {
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
struct Amount {
    thousandths: u64,
    unit: Option<Unit>,
    text: String,
}

impl Amount {
    fn parse(text: &str) -> Result<Amount, TimeControlError> {
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

    fn duration(&self, default: Unit) -> Result<Duration, TimeControlError> {
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

fn parse_moves(text: &str, period: usize) -> Result<u32, TimeControlError> {
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

/// Parses `base[+increment][d|b delay]`, with `base_unit` for a bare base.
fn parse_period_body(
    text: &str,
    moves: Option<u32>,
    base_unit: impl Fn(&Amount) -> Unit,
) -> Result<Period, TimeControlError> {
    let (before, delay) = split_delay(text)?;
    let (base, increment) = match before.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (before, None),
    };
    let base = Amount::parse(base)?;
    let base = base.duration(base_unit(&base))?;
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

/// The PGN tokens that are no periods: `-` (untimed), `?` (unknown) and a sandclock `*N`.
fn pgn_special(text: &str) -> Option<Result<TimeControl, TimeControlError>> {
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

/// PGN periods separated by `:`, every bare amount in seconds.
fn parse_pgn_periods(text: &str) -> Result<TimeControl, TimeControlError> {
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
        periods.push(parse_period_body(body, moves, |_| Unit::Seconds)?);
    }
    Ok(TimeControl { periods })
}

impl TimeControl {
    /// FIDE Laws 6.3.a: reads a PGN TimeControl tag strictly, every bare amount in seconds
    /// (`300`, `60+1`, `40/9000:1800`, `40/5400+30:1800+30`, `-`), plus this project's
    /// `d`/`b` delay suffixes. `?` and the sandclock `*60` are errors, as for [`FromStr`].
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
        parse_pgn_periods(text)
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
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    fn sd(base: u64, inc: u64) -> TimeControl {
        TimeControl::sudden_death(s(base), s(inc))
    }

    fn delay(base: u64, kind: DelayKind, len: u64) -> TimeControl {
        TimeControl::with_delay(s(base), kind, s(len))
    }

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
            "300+3",
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

    #[test]
    fn positions_and_controls() {
        let fide = TimeControl::fide_standard();
        let repeat: TimeControl = "40/7200:20/3600".parse().unwrap_or_else(|e| panic!("{e}"));
        // (control, moves completed, period index, moves to control, added when reaching it)
        type Row<'a> = (&'a TimeControl, u32, usize, Option<u32>, Option<Duration>);
        let cases: Vec<Row> = vec![
            (&fide, 0, 0, Some(40), None),
            (&fide, 39, 0, Some(1), None),
            (&fide, 40, 1, None, Some(s(1800))),
            (&fide, 41, 1, None, None),
            (&fide, 200, 1, None, None),
            (&repeat, 40, 1, Some(20), Some(s(3600))),
            (&repeat, 59, 1, Some(1), None),
            (&repeat, 60, 1, Some(20), Some(s(3600))),
            (&repeat, 80, 1, Some(20), Some(s(3600))),
            (&repeat, 81, 1, Some(19), None),
        ];
        for (control, moves, index, to_control, added) in cases {
            let pos = control.position(moves).unwrap_or_else(|| panic!("{moves}"));
            assert_eq!(pos.index, index, "{control} after {moves}");
            assert_eq!(
                control.moves_to_control(moves),
                to_control,
                "{control} {moves}"
            );
            assert_eq!(control.added_at_control(moves), added, "{control} {moves}");
        }
        assert_eq!(TimeControl::untimed().position(3), None);
        assert_eq!(fide.added_at_control(0), None);
    }

    #[test]
    fn setup_per_side() {
        let setup = ClockSetup::new(TimeControl::rapid(), TimeControl::blitz());
        assert_eq!(setup.get(Color::White), &TimeControl::rapid());
        assert_eq!(setup.get(Color::Black), &TimeControl::blitz());
        assert_eq!(
            ClockSetup::from(TimeControl::blitz()).white,
            TimeControl::blitz()
        );
    }
}
