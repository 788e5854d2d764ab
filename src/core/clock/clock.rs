//! The two-sided chess clock as a pure state machine: every instant is passed in.
//!
//! The state changes only at events (start, pause, resume, a completed move, an arbiter's
//! correction). Between events, every reading ([`Clock::remaining`], [`Clock::used`],
//! [`Clock::next_deadline`]) is computed from the instant passed in and the instant the
//! current stretch of running began, with exact integer arithmetic: nothing is accumulated
//! tick by tick.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::{ByColor, Color};
use thiserror::Error;

use super::time_control::{ClockSetup, DelayKind, Period, TimeControl};
use crate::core::time::Timestamp;

/// A time control passed with a completed move.
///
/// FIDE Laws 6.3.b: the time not used in a period is added to the next period; here, the
/// next period's base time is added to the clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ControlPassed {
    /// FIDE Laws 6.3.a: the number of moves completed at the control (e.g. 40).
    pub moves: u32,
    /// FIDE Laws 6.3.b: the time added for the new period.
    pub added: Duration,
}

/// What a completed move did to the mover's clock.
///
/// FIDE Laws 6.2.a / D.2.3: the move is completed when the mover's clock is stopped and the
/// opponent's started.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveTiming {
    /// FIDE Laws 6.2.a: the side that completed the move.
    pub side: Color,
    /// FIDE Laws 6.2.a: the number of moves this side has completed, this one included.
    pub moves_completed: u32,
    /// FIDE Laws 6.1: time on the mover's clock after the move, increment and control
    /// included (`Duration::MAX` if untimed).
    pub remaining_after: Duration,
    /// FIDE Laws 6.2.a: time the mover's clock ran for this move (pauses excluded), the
    /// move's "elapsed move time".
    pub elapsed: Duration,
    /// FIDE Laws 6.3.a/b: Fischer increment or Bronstein refund added for the move.
    pub increment_added: Duration,
    /// FIDE Laws 6.3.b: set if this move passed a time control.
    pub control_passed: Option<ControlPassed>,
    /// FIDE Laws 6.1/6.9: the mover's flag had fallen (no time was added).
    pub flag_fallen: bool,
}

/// A flag fall.
///
/// FIDE Laws 6.1: "caída de bandera" is the expiration of the time allotted to a player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlagFall {
    /// FIDE Laws 6.1: whose flag fell.
    pub side: Color,
    /// FIDE Laws 6.1: the exact instant the time ran out.
    pub at: Timestamp,
    /// FIDE Laws 6.11: whether this flag fell first (the other had not fallen).
    pub first: bool,
}

/// FIDE Laws 6.6: misuse of the clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
pub enum ClockError {
    /// FIDE Laws 6.6: no clock has been started yet, so no move can be completed.
    #[error("the clock has not been started")]
    NotStarted,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct FlagRecord {
    at: Timestamp,
    first: bool,
    reported: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct SideState {
    /// Remaining main time at the start of the current running stretch (or now, if this
    /// side's clock is not running). Zero once the flag fell.
    bank: Duration,
    /// Time this side's clock has run, up to the start of the current stretch.
    used: Duration,
    moves: u32,
    flag: Option<FlagRecord>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Turn {
    side: Color,
    /// Start of the current running stretch; `None` while paused.
    since: Option<Timestamp>,
    /// Time this turn ran before `since` (earlier stretches).
    elapsed: Duration,
    /// Simple delay left at `since`.
    delay_left: Duration,
}

/// The chess clock of FIDE Laws Article 6, for two players.
///
/// FIDE Laws 6.1: two time displays, connected so that only one of them can run at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    setup: ClockSetup,
    sides: ByColor<SideState>,
    turn: Option<Turn>,
}

fn side_state(control: &TimeControl) -> SideState {
    SideState {
        bank: control.initial().unwrap_or(Duration::ZERO),
        used: Duration::ZERO,
        moves: 0,
        flag: None,
    }
}

impl Clock {
    /// FIDE Laws 6.3.a: a clock set to the controls of `setup`, not running.
    pub fn new(setup: ClockSetup) -> Clock {
        let sides = ByColor {
            white: side_state(&setup.white),
            black: side_state(&setup.black),
        };
        Clock {
            setup,
            sides,
            turn: None,
        }
    }

    fn control(&self, side: Color) -> &TimeControl {
        self.setup.get(side)
    }

    fn is_timed(&self, side: Color) -> bool {
        !self.control(side).is_untimed()
    }

    fn period_spec(&self, side: Color) -> Option<&Period> {
        self.control(side).period_at(self.sides.get(side).moves)
    }

    /// FIDE Laws 6.3.b: the simple delay a new turn of `side` starts with.
    fn fresh_delay(&self, side: Color) -> Duration {
        match self.period_spec(side).and_then(|p| p.delay) {
            Some(d) if d.kind == DelayKind::Simple => d.length,
            _ => Duration::ZERO,
        }
    }

    fn new_turn(&self, side: Color, since: Option<Timestamp>) -> Turn {
        Turn {
            side,
            since,
            elapsed: Duration::ZERO,
            delay_left: self.fresh_delay(side),
        }
    }

    /// FIDE Laws 6.6: the arbiter starts the clock of `side` (White's at the start of the
    /// game). If a clock was running or paused, its turn ends without completing a move.
    pub fn start(&mut self, side: Color, now: Timestamp) {
        self.settle(now);
        self.turn = Some(self.new_turn(side, Some(now)));
    }

    /// FIDE Laws 6.12.a/b: the arbiter (or a player, to call the arbiter) stops the clock.
    /// Does nothing if no clock is running.
    pub fn pause(&mut self, now: Timestamp) {
        self.settle(now);
        if let Some(turn) = self.turn.as_mut() {
            turn.since = None;
        }
    }

    /// FIDE Laws 6.12.c: the arbiter restarts the clock that was running. Does nothing unless
    /// paused.
    pub fn resume(&mut self, now: Timestamp) {
        if let Some(turn) = self.turn.as_mut()
            && turn.since.is_none()
        {
            turn.since = Some(now);
        }
    }

    /// FIDE Laws 6.1: the side whose clock is running now (`None` if paused or not started).
    pub fn running(&self) -> Option<Color> {
        self.turn.filter(|t| t.since.is_some()).map(|t| t.side)
    }

    /// FIDE Laws 6.2.a: the side whose clock runs or, if paused, would run on resuming
    /// (`None` before the start).
    pub fn to_move(&self) -> Option<Color> {
        self.turn.map(|t| t.side)
    }

    /// FIDE Laws 6.12: whether the clock has been stopped during the game.
    pub fn is_paused(&self) -> bool {
        self.turn.is_some_and(|t| t.since.is_none())
    }

    /// FIDE Laws 6.3.a: the number of moves `side` has completed.
    pub fn moves_completed(&self, side: Color) -> u32 {
        self.sides.get(side).moves
    }

    /// FIDE Laws 6.3.a: the 0-based index of the period `side` is in (0 if untimed).
    pub fn period(&self, side: Color) -> usize {
        self.control(side)
            .position(self.sides.get(side).moves)
            .map_or(0, |p| p.index)
    }

    /// FIDE Laws 6.3.a: moves `side` still has to complete to pass the current time control,
    /// `None` if the period lasts for the rest of the game.
    pub fn moves_to_control(&self, side: Color) -> Option<u32> {
        self.control(side)
            .moves_to_control(self.sides.get(side).moves)
    }

    /// The running stretch of `side` at `now`: (start, stretch length), if its clock runs.
    fn stretch(&self, side: Color, now: Timestamp) -> Option<(Turn, Duration)> {
        let turn = self.turn.filter(|t| t.side == side)?;
        let since = turn.since?;
        Some((turn, now - since))
    }

    /// The running clock's current stretch: the instant it started to run and the simple
    /// delay left then (FIDE Laws 6.3.b); `None` while no clock runs. A display that
    /// counts down by itself (the web page) counts from here: at that instant the running
    /// side had [`Clock::remaining`] of that instant.
    pub fn stretch_start(&self) -> Option<(Timestamp, Duration)> {
        let turn = self.turn?;
        Some((turn.since?, turn.delay_left))
    }

    /// FIDE Laws 6.1: the instant the flag of `side` falls if its clock keeps running
    /// (`None` if not running, untimed or already fallen).
    fn deadline_of(&self, side: Color) -> Option<Timestamp> {
        let turn = self.turn.filter(|t| t.side == side)?;
        let since = turn.since?;
        let state = self.sides.get(side);
        if !self.is_timed(side) || state.flag.is_some() {
            return None;
        }
        Some(since + turn.delay_left.saturating_add(state.bank))
    }

    /// FIDE Laws 6.1, 6.3.b: the exact instant the running side's flag falls, a simple delay
    /// in progress included. `None` if no clock runs, the running control is untimed, or its
    /// flag has already fallen.
    pub fn next_deadline(&self) -> Option<Timestamp> {
        self.deadline_of(self.running()?)
    }

    /// FIDE Laws 6.1, 6.3.b: the time on the clock of `side` at `now`, zero once its flag has
    /// fallen; `Duration::MAX` if untimed. During a simple delay it does not decrease.
    pub fn remaining(&self, side: Color, now: Timestamp) -> Duration {
        if !self.is_timed(side) {
            return Duration::MAX;
        }
        let state = self.sides.get(side);
        if state.flag.is_some() {
            return Duration::ZERO;
        }
        match self.stretch(side, now) {
            Some((turn, run)) => {
                if run >= turn.delay_left.saturating_add(state.bank) {
                    Duration::ZERO
                } else {
                    state.bank - run.saturating_sub(turn.delay_left)
                }
            }
            None => state.bank,
        }
    }

    /// FIDE Laws D.2.9.d: the time `side` has used in total at `now` (the time its clock has
    /// run, delays included, increments not subtracted, pauses excluded).
    pub fn used(&self, side: Color, now: Timestamp) -> Duration {
        let base = self.sides.get(side).used;
        match self.stretch(side, now) {
            Some((_, run)) => base.saturating_add(run),
            None => base,
        }
    }

    /// FIDE Laws 6.1: whether the flag of `side` has fallen at `now` (reported or not).
    pub fn flag_fallen(&self, side: Color, now: Timestamp) -> bool {
        self.sides.get(side).flag.is_some() || self.deadline_of(side).is_some_and(|d| now >= d)
    }

    /// Records the running side's flag if its deadline has passed.
    fn detect_flag(&mut self, now: Timestamp) {
        let Some(side) = self.running() else { return };
        let Some(deadline) = self.deadline_of(side) else {
            return;
        };
        if now < deadline {
            return;
        }
        let first = self.sides.get(!side).flag.is_none();
        let state = self.sides.get_mut(side);
        state.flag = Some(FlagRecord {
            at: deadline,
            first,
            reported: false,
        });
        state.bank = Duration::ZERO;
    }

    /// Closes the current running stretch at `now` and opens a new one at `now`.
    fn settle(&mut self, now: Timestamp) {
        self.detect_flag(now);
        let Some(turn) = self.turn.as_mut() else {
            return;
        };
        let Some(since) = turn.since else { return };
        let run = now - since;
        let state = self.sides.get_mut(turn.side);
        if state.flag.is_none() {
            // No flag: the charged time is less than the bank.
            state.bank = state
                .bank
                .saturating_sub(run.saturating_sub(turn.delay_left));
        }
        state.used = state.used.saturating_add(run);
        turn.delay_left = turn.delay_left.saturating_sub(run);
        turn.elapsed = turn.elapsed.saturating_add(run);
        turn.since = Some(since.max(now));
    }

    /// FIDE Laws 6.1, 6.8, 6.11: reports a flag fall, once per side, if the running side's
    /// time has run out at `now` (`at` is the exact instant it ran out). Flags that fell
    /// unreported are reported earliest first; call until `None`.
    pub fn check_flag(&mut self, now: Timestamp) -> Option<FlagFall> {
        self.detect_flag(now);
        let mut best: Option<FlagFall> = None;
        for side in [Color::White, Color::Black] {
            if let Some(f) = self.sides.get(side).flag
                && !f.reported
                && best.is_none_or(|b| f.at < b.at)
            {
                best = Some(FlagFall {
                    side,
                    at: f.at,
                    first: f.first,
                });
            }
        }
        let fall = best?;
        if let Some(f) = self.sides.get_mut(fall.side).flag.as_mut() {
            f.reported = true;
        }
        Some(fall)
    }

    /// FIDE Laws 6.2.a, D.2.3: the move of the side to move has been made (announced and
    /// confirmed): its clock stops, it receives its Fischer increment or Bronstein refund,
    /// and the next period's time if the move passes a time control (6.3.b); then the
    /// opponent's clock starts. No time is added to a side whose flag has fallen. While
    /// paused, the move is completed and the opponent's clock stays paused.
    pub fn complete_move(&mut self, now: Timestamp) -> Result<MoveTiming, ClockError> {
        self.settle(now);
        let turn = self.turn.ok_or(ClockError::NotStarted)?;
        let side = turn.side;
        let elapsed = turn.elapsed;
        let timed = self.is_timed(side);
        let period = self.period_spec(side).cloned();
        let control = self.control(side).clone();
        let state = self.sides.get_mut(side);
        let flag_fallen = state.flag.is_some();
        state.moves = state.moves.saturating_add(1);
        let mut increment_added = Duration::ZERO;
        let mut control_passed = None;
        if timed && !flag_fallen {
            if let Some(period) = period {
                increment_added = period.increment;
                if let Some(delay) = period.delay
                    && delay.kind == DelayKind::Bronstein
                {
                    increment_added = increment_added.saturating_add(elapsed.min(delay.length));
                }
            }
            if let Some(added) = control.added_at_control(state.moves) {
                control_passed = Some(ControlPassed {
                    moves: state.moves,
                    added,
                });
                state.bank = state.bank.saturating_add(added);
            }
            state.bank = state.bank.saturating_add(increment_added);
        }
        let moves_completed = state.moves;
        let remaining_after = if timed { state.bank } else { Duration::MAX };
        let since = turn.since.map(|_| now);
        self.turn = Some(self.new_turn(!side, since));
        Ok(MoveTiming {
            side,
            moves_completed,
            remaining_after,
            elapsed,
            increment_added,
            control_passed,
            flag_fallen,
        })
    }

    /// FIDE Laws 6.3.a: a move of `side` made while the clock was never started for it: the
    /// move is counted, so the move counts and the time controls stay right (a control
    /// passed adds its time), but no time was measured, so there is no increment or delay
    /// refund, and whose clock runs does not change.
    pub fn count_move(&mut self, side: Color) {
        let timed = self.is_timed(side);
        let added = {
            let moves = self.sides.get(side).moves.saturating_add(1);
            self.control(side).added_at_control(moves)
        };
        let state = self.sides.get_mut(side);
        state.moves = state.moves.saturating_add(1);
        if let Some(added) = added.filter(|_| timed && state.flag.is_none()) {
            state.bank = state.bank.saturating_add(added);
        }
    }

    /// FIDE Laws 6.10.b, 7.1: the arbiter sets the time on the clock of `side` at `now`. A
    /// fallen flag of that side is raised again; a simple delay in progress continues.
    pub fn set_remaining(&mut self, side: Color, remaining: Duration, now: Timestamp) {
        self.settle(now);
        let state = self.sides.get_mut(side);
        state.bank = remaining;
        state.flag = None;
    }

    /// FIDE Laws 7.5.b: the arbiter adds time to the clock of `side` (e.g. two minutes to the
    /// opponent of a player who completed an illegal move). A fallen flag of that side is
    /// raised again, with the added time on the clock.
    pub fn add_time(&mut self, side: Color, extra: Duration, now: Timestamp) {
        self.settle(now);
        let state = self.sides.get_mut(side);
        state.bank = state.bank.saturating_add(extra);
        state.flag = None;
    }

    /// FIDE Laws 6.10.b, 7.1: the arbiter adjusts the move counter of `side`; the period
    /// follows from it. No time is added or removed.
    pub fn set_moves_completed(&mut self, side: Color, moves: u32) {
        self.sides.get_mut(side).moves = moves;
    }

    /// FIDE Laws D.2.8: the clock's recorded values at `now`, to restore when moves are
    /// taken back.
    pub fn snapshot(&self, now: Timestamp) -> ClockSnapshot {
        let side = |side: Color| {
            let state = self.sides.get(side);
            let flag = match state.flag {
                Some(f) => Some((f.at, f.first)),
                None => self
                    .deadline_of(side)
                    .filter(|&d| now >= d)
                    .map(|d| (d, self.sides.get(!side).flag.is_none())),
            };
            SideSnapshot {
                remaining_ms: millis(self.remaining(side, now)),
                used_ms: millis(self.used(side, now)),
                moves_completed: state.moves,
                period: u32::try_from(self.period(side)).unwrap_or(u32::MAX),
                flag_fallen_at_ms: flag.map(|(at, _)| at.as_millis()),
                flag_first: flag.is_some_and(|(_, first)| first),
            }
        };
        ClockSnapshot {
            white: side(Color::White),
            black: side(Color::Black),
            to_move: self.to_move(),
            paused: self.is_paused(),
        }
    }

    /// FIDE Laws D.2.8, 7.1: the arbiter sets the clock to recorded values: times, move
    /// counters, flags and the side to move. The side to move starts a fresh turn at `now`
    /// (with a fresh delay). The clock keeps running only if it runs now and the snapshot
    /// was not paused; otherwise it is paused (or not started, if the snapshot has no side
    /// to move), and the arbiter resumes it (6.12.c). Flags recorded in the snapshot count as
    /// already reported by [`Clock::check_flag`].
    pub fn restore(&mut self, snap: &ClockSnapshot, now: Timestamp) {
        let keep_running = self.running().is_some() && !snap.paused;
        for (side, s) in [(Color::White, &snap.white), (Color::Black, &snap.black)] {
            let state = self.sides.get_mut(side);
            state.bank = Duration::from_millis(s.remaining_ms);
            state.used = Duration::from_millis(s.used_ms);
            state.moves = s.moves_completed;
            state.flag = s.flag_fallen_at_ms.map(|at| {
                state.bank = Duration::ZERO;
                FlagRecord {
                    at: Timestamp::from_millis(at),
                    first: s.flag_first,
                    reported: true,
                }
            });
        }
        self.turn = snap
            .to_move
            .map(|side| self.new_turn(side, keep_running.then_some(now)));
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// One side of a [`ClockSnapshot`].
///
/// FIDE Laws D.2.8: the values the arbiter sets the clock to when moves are taken back.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideSnapshot {
    /// FIDE Laws 6.1: time on the clock, in milliseconds (`u64::MAX` if untimed).
    pub remaining_ms: u64,
    /// FIDE Laws D.2.9.d: time used, in milliseconds.
    pub used_ms: u64,
    /// FIDE Laws 6.3.a: moves completed.
    pub moves_completed: u32,
    /// FIDE Laws 6.3.a: 0-based period index (follows from `moves_completed`; informative).
    pub period: u32,
    /// FIDE Laws 6.1: when the flag fell, in milliseconds since the epoch, if it has.
    #[serde(default)]
    pub flag_fallen_at_ms: Option<u64>,
    /// FIDE Laws 6.11: whether this flag fell first.
    #[serde(default)]
    pub flag_first: bool,
}

/// The clock's state at one instant, for take-backs and the journal.
///
/// FIDE Laws D.2.8: when moves are taken back, the arbiter adjusts the clocks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockSnapshot {
    /// FIDE Laws 6.1: White's clock.
    pub white: SideSnapshot,
    /// FIDE Laws 6.1: Black's clock.
    pub black: SideSnapshot,
    /// FIDE Laws 6.2.a: the side whose clock runs (or would run), `None` before the start.
    #[serde(default, with = "color_opt")]
    pub to_move: Option<Color>,
    /// FIDE Laws 6.12: whether the clock was stopped.
    pub paused: bool,
}

/// Serde for `Option<Color>` as `"white"`/`"black"`.
mod color_opt {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(value: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        value.map(|c| c.fold_wb("white", "black")).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        let name: Option<String> = Option::deserialize(d)?;
        match name.as_deref() {
            None => Ok(None),
            Some("white") => Ok(Some(Color::White)),
            Some("black") => Ok(Some(Color::Black)),
            Some(other) => Err(serde::de::Error::unknown_variant(
                other,
                &["white", "black"],
            )),
        }
    }
}

#[cfg(test)]
mod tests {
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
                control: "300",
                moves: vec![10_000, 25_000, 26_000],
                expected: vec![
                    (290_000, 10_000, 0),
                    (285_000, 15_000, 0),
                    (289_000, 1_000, 0),
                ],
            },
            Case {
                name: "Fischer",
                control: "300+5",
                moves: vec![10_000, 25_000, 26_000],
                expected: vec![
                    (295_000, 10_000, 5_000),
                    (290_000, 15_000, 5_000),
                    (299_000, 1_000, 5_000),
                ],
            },
            Case {
                name: "simple delay, inside and beyond",
                control: "300d5",
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
                control: "300b5",
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
        let mut c = clock("300d5");
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
        let mut c = clock("300+2");
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
        let mut c = clock("300d5");
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
        let mut c = clock("300+2");
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
        let mut c = clock("300+2");
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
}
