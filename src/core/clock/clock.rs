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
mod tests;
