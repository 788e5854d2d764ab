//! TEMPORARY STUB (replaced by the clock branch).
#![allow(missing_docs, dead_code, unused_variables)]
use crate::core::time::Timestamp;
use shakmaty::Color;
use std::str::FromStr;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
pub struct TimeControl {
    pub base: Duration,
}
impl FromStr for TimeControl {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        s.parse::<u64>()
            .map(|n| TimeControl {
                base: Duration::from_secs(n),
            })
            .map_err(|e| e.to_string())
    }
}
impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.base.as_secs())
    }
}
#[derive(Clone, Debug, PartialEq)]
pub struct ClockSetup {
    pub white: TimeControl,
    pub black: TimeControl,
}
#[derive(Clone, Debug, PartialEq)]
pub struct MoveTiming {
    pub side: Color,
    pub remaining_after: Duration,
    pub elapsed: Duration,
    pub increment_added: Duration,
    pub control_passed: Option<()>,
}
#[derive(Clone, Debug, PartialEq)]
pub struct FlagFall {
    pub side: Color,
    pub at: Timestamp,
    pub first: bool,
}
#[derive(Clone, Debug, PartialEq)]
pub struct ClockSnapshot {
    pub white: Duration,
    pub black: Duration,
}
pub struct Clock {
    rem: [Duration; 2],
    running: Option<(Color, Timestamp)>,
    paused: bool,
    flags: [bool; 2],
    moves: [u32; 2],
}
fn ix(c: Color) -> usize {
    if c.is_white() { 0 } else { 1 }
}
impl Clock {
    pub fn new(setup: ClockSetup) -> Clock {
        Clock {
            rem: [setup.white.base, setup.black.base],
            running: None,
            paused: false,
            flags: [false; 2],
            moves: [0; 2],
        }
    }
    pub fn start(&mut self, side: Color, now: Timestamp) {
        self.running = Some((side, now));
    }
    pub fn running(&self) -> Option<Color> {
        self.running.map(|r| r.0)
    }
    pub fn pause(&mut self, now: Timestamp) {
        if let Some((s, t)) = self.running.take() {
            self.rem[ix(s)] = self.rem[ix(s)].saturating_sub(now - t);
        }
    }
    pub fn remaining(&self, side: Color, now: Timestamp) -> Duration {
        match self.running {
            Some((s, t)) if s == side => self.rem[ix(s)].saturating_sub(now - t),
            _ => self.rem[ix(side)],
        }
    }
    pub fn used(&self, side: Color, now: Timestamp) -> Duration {
        Duration::ZERO
    }
    pub fn add_time(&mut self, side: Color, d: Duration, now: Timestamp) {
        self.rem[ix(side)] += d;
    }
    pub fn resume(&mut self, now: Timestamp) {}
    pub fn moves_completed(&self, side: Color) -> u32 {
        self.moves[ix(side)]
    }
    pub fn complete_move(&mut self, now: Timestamp) -> MoveTiming {
        let (s, t) = self.running.unwrap_or((Color::White, now));
        self.rem[ix(s)] = self.rem[ix(s)].saturating_sub(now - t);
        self.moves[ix(s)] += 1;
        self.running = Some((!s, now));
        MoveTiming {
            side: s,
            remaining_after: self.rem[ix(s)],
            elapsed: now - t,
            increment_added: Duration::ZERO,
            control_passed: None,
        }
    }
    pub fn next_deadline(&self) -> Option<Timestamp> {
        self.running
            .filter(|(s, _)| !self.flags[ix(*s)])
            .map(|(s, t)| t + self.rem[ix(s)])
    }
    pub fn check_flag(&mut self, now: Timestamp) -> Option<FlagFall> {
        let d = self.next_deadline()?;
        if now < d {
            return None;
        }
        let s = self.running()?;
        let first = !self.flags[0] && !self.flags[1];
        self.flags[ix(s)] = true;
        Some(FlagFall {
            side: s,
            at: d,
            first,
        })
    }
}
