//! The clock's and the arbiter's actions: how the clock starts (said at the start of the
//! game), starting, pausing and resuming it, and setting or correcting it (FIDE Laws
//! 6.10.b, 6.11, 7.5.b: the two-minute penalty). Who starts, stops and restarts the clock
//! follows the Laws ([`crate::core::setup::SessionSetup::in_charge`]): with an arbiter present
//! the arbiter, without one either player. Everything done to the clock is recorded as an
//! [`Output::Arbiter`].

use std::time::Duration;

use shakmaty::Position;

use crate::core::clock::ClockNotice;
use crate::core::durations::clock_text;
use crate::core::input::{Actor, Command};
use crate::core::output::{ArbiterAction, Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;

use super::adjournment::Adjournment;
use super::{Session, audience};

/// The time the opponent gets for an illegal move (FIDE Laws 7.5.b) or a wrong draw claim
/// (9.5.b): two minutes.
pub(super) const TWO_MINUTES: Duration = Duration::from_secs(120);

impl Session {
    /// FIDE Laws 6.5, 6.6, 6.11: that the clock stands and how it starts (who may start it,
    /// and by key, Braille chords or voice): said at the start of a game with a clock
    /// (the drivers deliver it once, before the first input), and after a resume, where the
    /// clock stands until someone restarts it. Nothing while it runs, once the game is
    /// over or while it is adjourned; without a clock, before the first move, how to get
    /// help (D.2.9). Said as a clock announcement
    /// ([`Priority::Reminder`]): whoever starts the clock at once, or announces a move,
    /// cuts it short (the Braille display keeps it).
    pub fn clock_start_hint(&mut self) -> Vec<Output> {
        let mut out = Vec::new();
        if let Some(msg) = self.clock_start_message() {
            self.tell(Audience::All, Priority::Reminder, msg, &mut out);
        }
        out
    }

    /// FIDE Laws 6.5, 6.11: how the clock starts, while it stands before a move or after a
    /// resume ([`Session::clock_start_hint`]), as a message: the Braille display ends its
    /// start on it, after "Bereit" (the player must read how to start). Without a clock,
    /// before the first move: how to get help (D.2.9). Both in the words of the visually
    /// impaired player's input: typed on the Braille display, or said or typed (D.2.6).
    pub fn clock_start_message(&self) -> Option<Message> {
        // Online, the server's clock starts by itself once both sides have moved.
        let stands = self.setup.online.is_none()
            && self.clock.as_ref().is_some_and(|c| c.running().is_none());
        let sealed = matches!(self.adjournment, Adjournment::Sealed { .. });
        // FIDE Laws D.2.6: a player at the Braille display without voice input types.
        let typed = self.setup.braille_input;
        if stands && !sealed && self.result.is_none() {
            if self.training_clock_waits() {
                return Some(Message::new("clock-start-training"));
            }
            return Some(Message::new(match (self.setup.arbiter, typed) {
                (true, _) => "clock-start-by-arbiter",
                (false, false) => "clock-start-how",
                (false, true) => "clock-start-how-typed",
            }));
        }
        let fresh = self.clock.is_none() && self.history.is_empty() && self.result.is_none();
        fresh.then(|| {
            Message::new(if typed {
                "start-help-hint-typed"
            } else {
                "start-help-hint"
            })
        })
    }

    /// A training game's clock waits for both sides' first moves, as lichess's does: it
    /// was never started (a resumed game's stopped clock is started by the player) and
    /// fewer than two moves are made.
    pub(super) fn training_clock_waits(&self) -> bool {
        self.setup.engine.is_some() && !self.clock_started && self.history.len() < 2
    }

    /// A training game's clock starts by itself once both sides have made their first
    /// move (each side's first move is untimed, as on lichess): the clock of the side to
    /// move runs from the move that completed the pair. Nothing when the player started it
    /// himself before.
    pub(super) fn start_training_clock(&mut self, now: Timestamp, out: &mut Vec<Output>) {
        if self.setup.engine.is_none() || self.clock_started || self.history.len() < 2 {
            return;
        }
        let turn = self.position().turn();
        let Some(clock) = self.clock.as_mut().filter(|c| c.running().is_none()) else {
            return;
        };
        clock.start(turn, now);
        self.clock_started = true;
        out.push(Output::Arbiter(ArbiterAction::Start));
        let msg = Message::new("clock-started").arg("side", self.color_name(turn));
        self.tell(Audience::All, Priority::Move, msg, out);
        self.emit_clock(now, out);
    }

    /// Starts the clock, or restarts it after a pause (FIDE Laws 6.6, 6.11.c), if `by` is
    /// in charge of it; a refusal goes to `by` alone.
    pub(super) fn start_clock(&mut self, by: Actor, now: Timestamp, out: &mut Vec<Output>) {
        let to = audience(by);
        if matches!(self.adjournment, Adjournment::Sealed { .. }) {
            self.tell(to, Priority::Answer, Message::new("game-adjourned"), out);
            return;
        }
        let turn = self.position().turn();
        let Some(clock) = self.clock.as_ref() else {
            self.tell(to, Priority::Answer, Message::new("no-clock"), out);
            return;
        };
        if clock.running().is_some() {
            self.tell(
                to,
                Priority::Answer,
                Message::new("clock-already-running"),
                out,
            );
            return;
        }
        if !self.setup.in_charge(by) {
            self.tell(to, Priority::Answer, Message::new("arbiter-only"), out);
            return;
        }
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        let id = if self.clock_started {
            "clock-resumed"
        } else {
            "clock-started"
        };
        let action = if self.clock_started {
            clock.resume(now);
            ArbiterAction::Resume
        } else {
            clock.start(turn, now);
            self.clock_started = true;
            ArbiterAction::Start
        };
        out.push(Output::Arbiter(action));
        let msg = Message::new(id).arg("side", self.color_name(turn));
        self.tell(Audience::All, Priority::Answer, msg, out);
        self.emit_clock(now, out);
        // The alarms' first look at the running clock.
        self.poll_alarms(now, out);
    }

    /// The clocks stopped (FIDE Laws 6.11.a), by whoever is in charge of the clock; a
    /// refusal goes to `by` alone.
    pub(super) fn pause_clock(&mut self, by: Actor, now: Timestamp, out: &mut Vec<Output>) {
        let to = audience(by);
        if !self.setup.in_charge(by) {
            self.tell(to, Priority::Answer, Message::new("arbiter-only"), out);
            return;
        }
        match self.clock.as_mut() {
            Some(clock) if clock.running().is_some() => {
                clock.pause(now);
                out.push(Output::Arbiter(ArbiterAction::Pause));
                self.tell(
                    Audience::All,
                    Priority::Answer,
                    Message::new("clock-paused"),
                    out,
                );
                self.emit_clock(now, out);
            }
            Some(_) => self.tell(to, Priority::Answer, Message::new("clock-not-running"), out),
            None => self.tell(to, Priority::Answer, Message::new("no-clock"), out),
        }
    }

    /// The arbiter sets or corrects the clocks (FIDE Laws 6.10.b, 6.11, 7.5.b).
    pub(super) fn arbiter_clock(
        &mut self,
        by: Actor,
        command: Command,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let to = audience(by);
        if self.refused_unless_arbiter(by, out) {
            return;
        }
        let Some(clock) = self.clock.as_mut() else {
            self.tell(to, Priority::Answer, Message::new("no-clock"), out);
            return;
        };
        let action = match command {
            Command::SetClock { side, time } => {
                clock.set_remaining(side, time, now);
                ArbiterAction::SetClock(side, time)
            }
            Command::SetMoves { side, moves } => {
                clock.set_moves_completed(side, moves);
                ArbiterAction::SetMoves(side, moves)
            }
            Command::AddTime { side, time } => {
                clock.add_time(side, time, now);
                ArbiterAction::AddTime(side, time)
            }
            Command::Penalty { offender } => {
                clock.add_time(!offender, TWO_MINUTES, now);
                ArbiterAction::AddTime(!offender, TWO_MINUTES)
            }
            _ => return,
        };
        let Some(msg) = self.clock_set_message(&command) else {
            return;
        };
        out.push(Output::Arbiter(action));
        self.tell(Audience::All, Priority::Answer, msg, out);
        self.emit_clock(now, out);
        self.alarms_after_setting(&command, now, out);
    }

    /// FIDE Laws D.2.5.c, 6.10.b: the clock's notices due once the arbiter has set a
    /// clock, but not a reminder of the time just set: everyone has heard it and the
    /// display shows it once ("Uhr Weiß 1:05", not again "Uhr 1:05").
    fn alarms_after_setting(&mut self, command: &Command, now: Timestamp, out: &mut Vec<Output>) {
        let Some(clock) = &self.clock else { return };
        let notices = self.alarms.poll(clock, now);
        for notice in notices {
            let repeats_setting = matches!(
                (command, &notice),
                (Command::SetClock { side, .. }, ClockNotice::Reminder { side: s, .. }) if s == side
            );
            if !repeats_setting {
                self.clock_notice(notice, now, out);
            }
        }
    }

    /// What everyone hears when the arbiter has set or corrected the clocks.
    fn clock_set_message(&self, command: &Command) -> Option<Message> {
        let msg = match *command {
            Command::SetClock { side, time } => Message::new("arbiter-clock-set")
                .arg("side", self.color_name(side))
                .arg("time", self.spoken(time))
                .arg("clock", clock_text(time)),
            Command::SetMoves { side, moves } => Message::new("arbiter-moves-set")
                .arg("side", self.color_name(side))
                .arg("moves", moves),
            Command::AddTime { side, time } => Message::new("time-added")
                .arg("side", self.color_name(side))
                .arg("time", self.spoken(time)),
            Command::Penalty { offender } => Message::new("penalty-illegal-move")
                .arg("side", self.color_name(offender))
                .arg("opponent", self.color_name(!offender))
                .arg("time", self.spoken(TWO_MINUTES)),
            _ => return None,
        };
        Some(msg)
    }
}
