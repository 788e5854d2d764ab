//! The order of speech: what is said next, what is cut short, what is dropped.
//!
//! Pure (time is passed in), so it is tested without a synthesizer, and the golden
//! transcripts' speech timelines run it in virtual time ([`super::timeline`]). Every rule
//! looks only at what the session put in each utterance (its [`Priority`], its listener
//! [`Utterance::to`] and its [`Utterance::expires`]), never at how long it waited: the
//! session decides, this order carries it out (the contract is documented on
//! [`Priority`] and [`crate::core::output::Speech`]).
//!
//! - **Urgency.** The queue is ordered by [`Priority`] (most urgent first), then by
//!   arrival. A new utterance *more* urgent than the one playing cuts it short (a flag fall
//!   cuts a move; a move cuts an answer or a reminder; FIDE Laws D.2.1: moves are announced
//!   at once). What was cut is not resumed: the player can press `repeat`. So the
//!   player's words come first: his move's echo or his confirmed move cuts an answer, a
//!   reminder or an informational announcement ([`Priority::Info`]: a take-back, a
//!   resumed game's summary) that plays.
//! - **Newest wins.** A new answer to a listener (a player or the arbiter) cuts short an
//!   answer or reminder still playing to that listener and drops those still waiting for them (as a screen reader
//!   does: the last question asked is the one answered). A new reminder to a listener
//!   likewise replaces an older reminder to them, playing or waiting. What was handed
//!   over together (the parts of one answer, from one step of the session) never
//!   supersedes itself. Moves and urgent announcements are never superseded: an answer
//!   waits behind them.
//! - **Expiry.** An utterance whose turn comes after its [`Utterance::expires`] is dropped
//!   unsaid ([`DropReason::Late`]): the session sets it on what would be wrong when late
//!   (the clock's reminders and countdown), never on a move.
//! - **Stop.** The `stop` key ([`crate::core::input::Key::Stop`]) cancels what plays and
//!   empties the queue.
//!
//! Moves and urgent announcements are never dropped, except by the `stop` key.

use std::time::Instant;

use crate::core::output::{Audience, Priority};

use super::Utterance;

/// What the speech thread must do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Cancel what the synthesizer says now.
    Cancel,
    /// Say this.
    Speak(Utterance),
    /// This was dropped or cut short (for the trace), and why.
    Drop(Utterance, DropReason),
}

/// Why an utterance was not said, or not to its end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DropReason {
    /// A more urgent utterance cut it short while it played.
    Interrupted,
    /// A newer answer or reminder to the same listener made it out of date (newest wins).
    Superseded,
    /// The `stop` key.
    Stopped,
    /// Its turn came after the instant the session gave it
    /// ([`Utterance::expires`]): it would have been said behind the clock.
    Late,
}

impl DropReason {
    /// Its name in traces and golden speech timelines.
    pub fn name(self) -> &'static str {
        match self {
            DropReason::Interrupted => "interrupted",
            DropReason::Superseded => "superseded",
            DropReason::Stopped => "stopped",
            DropReason::Late => "late",
        }
    }
}

/// Whether `new` makes `old` out of date (newest wins): both to the same listener (one
/// player or the arbiter; announcements to all at the board are not answers), `new` an
/// answer and `old` an answer or a reminder, or both reminders; never the parts of one
/// answer, handed over together ([`Utterance::handed`], one step of the session).
fn supersedes(new: &Utterance, old: &Utterance) -> bool {
    let together = new.handed.is_some() && new.handed == old.handed;
    !together
        && new.to == old.to
        && new.to != Audience::All
        && match new.priority {
            Priority::Answer => matches!(old.priority, Priority::Answer | Priority::Reminder),
            Priority::Reminder => old.priority == Priority::Reminder,
            Priority::Info | Priority::Move | Priority::Urgent => false,
        }
}

#[derive(Clone, Debug)]
struct Waiting {
    utterance: Utterance,
    seq: u64,
}

/// The speech queue.
#[derive(Debug, Default)]
pub struct Scheduler {
    queue: Vec<Waiting>,
    playing: Option<Utterance>,
    seq: u64,
}

impl Scheduler {
    /// An empty queue.
    pub fn new() -> Scheduler {
        Scheduler::default()
    }

    /// What plays now, if anything.
    pub fn playing(&self) -> Option<&Utterance> {
        self.playing.as_ref()
    }

    /// How many utterances wait.
    pub fn waiting(&self) -> usize {
        self.queue.len()
    }

    /// A new utterance arrived at `now`.
    pub fn push(&mut self, utterance: Utterance, now: Instant) -> Vec<Action> {
        let mut actions = Vec::new();
        let mut kept = Vec::with_capacity(self.queue.len());
        for w in self.queue.drain(..) {
            if supersedes(&utterance, &w.utterance) {
                actions.push(Action::Drop(w.utterance, DropReason::Superseded));
            } else {
                kept.push(w);
            }
        }
        self.queue = kept;
        self.seq += 1;
        let cut = self.playing.as_ref().and_then(|p| {
            if utterance.priority > p.priority {
                Some(DropReason::Interrupted)
            } else if supersedes(&utterance, p) {
                Some(DropReason::Superseded)
            } else {
                None
            }
        });
        if let Some(reason) = cut {
            actions.push(Action::Cancel);
            if let Some(p) = self.playing.take() {
                actions.push(Action::Drop(p, reason));
            }
        }
        self.queue.push(Waiting {
            utterance,
            seq: self.seq,
        });
        if self.playing.is_none() {
            actions.extend(self.next(now));
        }
        actions
    }

    /// What played has ended (or was cancelled by the synthesizer) at `now`: the next one.
    pub fn ended(&mut self, now: Instant) -> Vec<Action> {
        self.playing = None;
        self.next(now)
    }

    /// The `stop` key: cancel what plays, forget what waits.
    pub fn stop(&mut self) -> Vec<Action> {
        let mut actions = Vec::new();
        if let Some(p) = self.playing.take() {
            actions.push(Action::Cancel);
            actions.push(Action::Drop(p, DropReason::Stopped));
        }
        actions.extend(
            self.queue
                .drain(..)
                .map(|w| Action::Drop(w.utterance, DropReason::Stopped)),
        );
        actions
    }

    /// Starts the most urgent utterance whose time has not passed.
    fn next(&mut self, now: Instant) -> Vec<Action> {
        let mut actions = Vec::new();
        // Most urgent first, then in order of arrival.
        self.queue.sort_by(|a, b| {
            b.utterance
                .priority
                .cmp(&a.utterance.priority)
                .then(a.seq.cmp(&b.seq))
        });
        while !self.queue.is_empty() {
            let w = self.queue.remove(0);
            if w.utterance.expires.is_some_and(|e| now > e) {
                actions.push(Action::Drop(w.utterance, DropReason::Late));
                continue;
            }
            self.playing = Some(w.utterance.clone());
            actions.push(Action::Speak(w.utterance));
            break;
        }
        actions
    }
}

#[cfg(test)]
mod tests;
