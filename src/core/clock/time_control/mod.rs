//! Time controls: what each player's clock is set to, and how it changes as moves are
//! completed (FIDE Laws 6.3).
//!
//! # Text forms
//!
//! [`TimeControl`] reads ([`FromStr`](std::str::FromStr)) and writes ([`fmt::Display`](std::fmt::Display)) text. Amounts of time
//! may carry a unit suffix `h`, `m` or `s` (and decimals down to the millisecond, `1.5s`);
//! without a suffix the unit is chosen as follows.
//!
//! * **PGN, de-facto and strict** (seconds): periods separated by `:`, each
//!   `[moves/]seconds[+increment][d|b delay]`:
//!   `40/5400+30:1800+30` (FIDE standard), `40/9000:1800`, `300+3`, `300`.
//!   A period with a move count that is the *last* one repeats (`40/7200:20/3600` means 20
//!   moves in an hour, again and again, after the first 40); see [`TimeControl::position`].
//!   [`TimeControl::from_pgn`] reads it: the form of PGN files, the settings file and
//!   scripts' `tc=`, and what [`fmt::Display`](std::fmt::Display) writes.
//! * **The command line** ([`FromStr`](std::str::FromStr), `--tc`) has one rule: a number
//!   without a unit is **minutes**, as chess players write a time control (`15+10` is 15
//!   minutes + 10 s, `3+2`, `90+30`), increments and delays always seconds; **except in
//!   the PGN form**, recognised by a `/` after the moves or a `:` between periods, which
//!   counts **seconds** (`40/5400+30:1800+30`). What could be read both ways is refused
//!   with what to write instead: a bare number above 120 minutes (`300`, `900+10`: most
//!   likely PGN's seconds; write `5` or `300s`, `15+10` or `900s+10`) and a bare PGN base
//!   under a minute (`90/40+30`, FIDE's "90 minutes for 40 moves" written backwards).
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
//!
//! # Layout
//!
//! This file holds the model: periods, controls and the set-up of both clocks. The text
//! forms live beside it: `error` (why a text is not a time control), `amount` (numbers,
//! units and the pieces of a period), `human` (the forms for the command line, read by
//! [`FromStr`](std::str::FromStr)) and `pgn` (the PGN TimeControl tag, [`TimeControl::from_pgn`] and
//! [`fmt::Display`](std::fmt::Display)).

mod amount;
mod error;
mod human;
mod pgn;

use std::time::Duration;

use shakmaty::Color;

pub use error::TimeControlError;

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

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    pub(super) fn sd(base: u64, inc: u64) -> TimeControl {
        TimeControl::sudden_death(s(base), s(inc))
    }

    pub(super) fn delay(base: u64, kind: DelayKind, len: u64) -> TimeControl {
        TimeControl::with_delay(s(base), kind, s(len))
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
