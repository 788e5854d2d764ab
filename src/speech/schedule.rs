//! The order of speech: what is said next, what is cut short, what is dropped, what is
//! said again.
//!
//! Pure (time is passed in), so it is tested without a synthesizer, and the golden
//! transcripts' speech timelines run it in virtual time ([`super::timeline`]). Every rule
//! looks only at what the session put in each utterance (its [`Priority`], its listener
//! [`Utterance::to`], the input it replies to [`Utterance::reply_to`] and its
//! [`Utterance::expires`]), never at how long it waited: the session decides, this order
//! carries it out (the contract is documented on [`Priority`] and
//! [`crate::core::output::Speech`]).
//!
//! - **Newest input first** (FIDE Laws D.2.7). A reply to a listener's input makes every
//!   reply to his earlier inputs stale ([`DropReason::Stale`]): cut short if it plays,
//!   dropped if it waits, at any priority. A new announcement cuts the message about the
//!   previous one; "nein" cuts the echo it cancels; "ja" is answered at once.
//! - **The player's words come first.** A reply goes before the informational news that
//!   waits (answers, notices, reminders; urgent announcements and what is said at
//!   [`Priority::Move`], the opponent's move, a draw offer, the move count, go first and
//!   are never cut by a reply) and cuts short news below [`Priority::Move`] that plays.
//! - **Nothing the player must not miss is dropped.** News cut short (anything but a
//!   reminder) goes back to the queue, in its old place, and is said again whole after
//!   what cut it, once ([`DropReason::Deferred`]); cut short again, it goes, and so it
//!   does once a move was made after it ([`DropReason::Obsolete`]: the game moved on).
//! - **Urgency.** Otherwise the queue is ordered by [`Priority`] (most urgent first), then
//!   by arrival. A new utterance *more* urgent than the one playing cuts it short (a flag
//!   fall cuts a move; a move cuts an answer or a reminder; FIDE Laws D.2.1: moves are
//!   announced at once). A reply or a reminder cut this way is not resumed: the player
//!   can press `repeat`.
//! - **Newest wins.** A new answer to a listener (a player or the arbiter) cuts short a
//!   reply at that priority or a reminder still playing to that listener and drops those
//!   still waiting for them (as a screen reader does: the last question asked is the one
//!   answered). A new reminder to a listener likewise replaces an older reminder to them,
//!   playing or waiting. What was handed over together (the parts of one answer, from one
//!   step of the session) never supersedes itself.
//! - **Expiry.** An utterance whose turn comes after its [`Utterance::expires`] is dropped
//!   unsaid ([`DropReason::Late`]): the session sets it on what would be wrong when late
//!   (the clock's reminders and countdown), never on a move.
//! - **Stop.** The `stop` key ([`crate::core::input::Key::Stop`]) cancels what plays and
//!   empties the queue.

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
    /// It replied to an earlier input of its listener, and a reply to his newer input came
    /// (newest input first, FIDE Laws D.2.7).
    Stale,
    /// News cut short while it played: it waits again, to be said whole after what cut it.
    Deferred,
    /// News cut short and put back, and a move was made since: the game moved on, and it
    /// may no longer be true.
    Obsolete,
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
            DropReason::Stale => "stale",
            DropReason::Deferred => "deferred",
            DropReason::Obsolete => "obsolete",
            DropReason::Stopped => "stopped",
            DropReason::Late => "late",
        }
    }

    /// Whether the utterance is still to be said (it was only put back).
    pub fn said_later(self) -> bool {
        self == DropReason::Deferred
    }
}

/// Whether `old` replies to an earlier input of the listener that `new` replies to: stale
/// (newest input first).
fn stale(new: &Utterance, old: &Utterance) -> bool {
    new.to == old.to && matches!((new.reply_to, old.reply_to), (Some(n), Some(o)) if o < n)
}

/// Whether `new` makes `old` out of date (newest wins): both to the same listener (one
/// player or the arbiter; announcements to all at the board are not answers), `new` an
/// answer and `old` a reply at that priority or a reminder, or both reminders; never the
/// parts of one answer, handed over together ([`Utterance::handed`], one step of the
/// session), nor news at answer level (what the player must not miss).
fn supersedes(new: &Utterance, old: &Utterance) -> bool {
    let together = new.handed.is_some() && new.handed == old.handed;
    !together
        && new.to == old.to
        && new.to != Audience::All
        && match new.priority {
            Priority::Answer => {
                old.priority == Priority::Reminder
                    || (old.priority == Priority::Answer && old.reply_to.is_some())
            }
            Priority::Reminder => old.priority == Priority::Reminder,
            Priority::Info | Priority::Move | Priority::Urgent => false,
        }
}

/// Why `new` makes `old`, waiting, go unsaid, if it does.
fn outdates(new: &Utterance, old: &Utterance) -> Option<DropReason> {
    if stale(new, old) {
        Some(DropReason::Stale)
    } else if supersedes(new, old) {
        Some(DropReason::Superseded)
    } else {
        None
    }
}

/// Whether `u` is news the listener must not miss: said again when cut short.
fn must_not_miss(u: &Utterance) -> bool {
    u.reply_to.is_none() && u.priority != Priority::Reminder
}

/// Why `new` cuts `playing` short, if it does. News the listener must not miss is put
/// back to be said again, once: cut a second time (the player talked over it twice), it
/// goes, and the `repeat` key says it.
fn cuts(new: &Utterance, playing: &Waiting) -> Option<DropReason> {
    let p = &playing.utterance;
    if let Some(reason) = outdates(new, p) {
        return Some(reason);
    }
    let first = new.priority > p.priority
        || (new.reply_to.is_some() && p.reply_to.is_none() && p.priority < Priority::Move);
    match first {
        false => None,
        true if must_not_miss(p) && !playing.deferred => Some(DropReason::Deferred),
        true => Some(DropReason::Interrupted),
    }
}

/// The order of the queue, most pressing first: urgent announcements, then what is said
/// at [`Priority::Move`] (moves, echoes, draw offers, the move count: short, and never
/// overtaken), then the replies to the players' input (their words first), then the
/// rest of the news by priority; within each, in order of arrival.
fn rank(u: &Utterance) -> (Priority, bool, Priority) {
    let band = u.priority.max(Priority::Info);
    let reply_first = band == Priority::Info && u.reply_to.is_some();
    (band, reply_first, u.priority)
}

#[derive(Clone, Debug)]
struct Waiting {
    utterance: Utterance,
    seq: u64,
    /// It was cut short once and put back: cut again, it is not put back twice.
    deferred: bool,
}

/// The speech queue.
#[derive(Debug, Default)]
pub struct Scheduler {
    queue: Vec<Waiting>,
    playing: Option<Waiting>,
    seq: u64,
}

impl Scheduler {
    /// An empty queue.
    pub fn new() -> Scheduler {
        Scheduler::default()
    }

    /// What plays now, if anything.
    pub fn playing(&self) -> Option<&Utterance> {
        self.playing.as_ref().map(|w| &w.utterance)
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
            let reason = match outdates(&utterance, &w.utterance) {
                None if w.deferred && w.utterance.ply < utterance.ply => Some(DropReason::Obsolete),
                other => other,
            };
            match reason {
                Some(reason) => actions.push(Action::Drop(w.utterance, reason)),
                None => kept.push(w),
            }
        }
        self.queue = kept;
        self.seq += 1;
        let cut = self
            .playing
            .as_ref()
            .and_then(|p| match cuts(&utterance, p) {
                Some(DropReason::Deferred) if p.utterance.ply < utterance.ply => {
                    Some(DropReason::Obsolete)
                }
                other => other,
            });
        if let Some(reason) = cut
            && let Some(mut p) = self.playing.take()
        {
            actions.push(Action::Cancel);
            actions.push(Action::Drop(p.utterance.clone(), reason));
            if reason.said_later() {
                // Back in its old place: said whole, after what cut it.
                p.deferred = true;
                self.queue.push(p);
            }
        }
        self.queue.push(Waiting {
            utterance,
            seq: self.seq,
            deferred: false,
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
            actions.push(Action::Drop(p.utterance, DropReason::Stopped));
        }
        actions.extend(
            self.queue
                .drain(..)
                .map(|w| Action::Drop(w.utterance, DropReason::Stopped)),
        );
        actions
    }

    /// Starts the most pressing utterance whose time has not passed.
    fn next(&mut self, now: Instant) -> Vec<Action> {
        let mut actions = Vec::new();
        // Most pressing first, then in order of arrival.
        self.queue.sort_by(|a, b| {
            rank(&b.utterance)
                .cmp(&rank(&a.utterance))
                .then(a.seq.cmp(&b.seq))
        });
        while !self.queue.is_empty() {
            let w = self.queue.remove(0);
            if w.utterance.expires.is_some_and(|e| now > e) {
                actions.push(Action::Drop(w.utterance, DropReason::Late));
                continue;
            }
            actions.push(Action::Speak(w.utterance.clone()));
            self.playing = Some(w);
            break;
        }
        actions
    }
}

#[cfg(test)]
mod tests;
