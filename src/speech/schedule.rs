//! The order of speech: what is said next, what interrupts, what is dropped.
//!
//! Pure (time is passed in), so it is tested without a synthesizer. The rules:
//!
//! - **Urgency.** The queue is ordered by [`Priority`] (most urgent first), then by
//!   arrival. A new utterance that is *more* urgent than the one playing interrupts it (a
//!   flag fall or a move announcement cuts a clock reminder or an answer short; FIDE Laws
//!   D.2.1: moves are announced at once). The interrupted utterance is not resumed: the
//!   player can press `repeat`.
//! - **Staleness.** An utterance that is out of date when its turn comes is dropped, never
//!   queued behind (speech that lags ten moves behind is worse than none):
//!   a clock reminder is dropped when a move or an urgent announcement came after it, when
//!   a newer reminder to the same listener replaces it, or when it waited longer than
//!   [`Staleness::reminder`]; an answer is dropped when it waited longer than
//!   [`Staleness::answer`]. Moves and urgent announcements are never dropped.
//! - **Stop.** The `stop` key ([`crate::core::input::Key::Stop`]) cancels what plays and
//!   empties the queue.

use std::time::{Duration, Instant};

use crate::core::output::Priority;

use super::Utterance;

/// How long an utterance may wait before it is out of date.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Staleness {
    /// A clock reminder ("noch 9 Sekunden") is wrong a second later.
    pub reminder: Duration,
    /// An answer to a question.
    pub answer: Duration,
}

impl Default for Staleness {
    fn default() -> Self {
        Staleness {
            reminder: Duration::from_millis(1500),
            answer: Duration::from_secs(20),
        }
    }
}

/// What the speech thread must do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Cancel what the synthesizer says now.
    Cancel,
    /// Say this.
    Speak(Utterance),
    /// This was dropped (for the trace), and why.
    Drop(Utterance, DropReason),
}

/// Why an utterance was not said.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DropReason {
    /// A more urgent utterance cut it short while it played.
    Interrupted,
    /// A move or urgent announcement came after this reminder.
    Overtaken,
    /// A newer reminder to the same listener replaced it.
    Replaced,
    /// It waited too long.
    TooOld,
    /// The `stop` key.
    Stopped,
    /// Its turn came after the instant the session gave it
    /// ([`Utterance::expires`]): it would have been said behind the clock.
    Late,
}

#[derive(Clone, Debug)]
struct Waiting {
    utterance: Utterance,
    seq: u64,
    received: Instant,
}

/// The speech queue.
#[derive(Debug, Default)]
pub struct Scheduler {
    staleness: Staleness,
    queue: Vec<Waiting>,
    playing: Option<Utterance>,
    seq: u64,
}

impl Scheduler {
    /// An empty queue.
    pub fn new(staleness: Staleness) -> Scheduler {
        Scheduler {
            staleness,
            ..Scheduler::default()
        }
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
        let priority = utterance.priority;
        // Reminders overtaken by a move, or replaced by a newer reminder, are out of date.
        let mut kept = Vec::with_capacity(self.queue.len());
        for w in self.queue.drain(..) {
            let reason = if w.utterance.priority != Priority::Reminder {
                None
            } else if priority >= Priority::Move {
                Some(DropReason::Overtaken)
            } else if priority == Priority::Reminder && w.utterance.to == utterance.to {
                Some(DropReason::Replaced)
            } else {
                None
            };
            match reason {
                Some(r) => actions.push(Action::Drop(w.utterance, r)),
                None => kept.push(w),
            }
        }
        self.queue = kept;
        self.seq += 1;
        let interrupt = self.playing.as_ref().is_some_and(|p| priority > p.priority);
        if interrupt {
            actions.push(Action::Cancel);
            if let Some(p) = self.playing.take() {
                actions.push(Action::Drop(p, DropReason::Interrupted));
            }
            self.playing = Some(utterance.clone());
            actions.push(Action::Speak(utterance));
            return actions;
        }
        self.queue.push(Waiting {
            utterance,
            seq: self.seq,
            received: now,
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

    /// Starts the most urgent utterance that is still up to date.
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
            let age = now.saturating_duration_since(w.received);
            let limit = match w.utterance.priority {
                Priority::Reminder => Some(self.staleness.reminder),
                Priority::Answer => Some(self.staleness.answer),
                Priority::Move | Priority::Urgent => None,
            };
            if limit.is_some_and(|l| age > l) {
                actions.push(Action::Drop(w.utterance, DropReason::TooOld));
                continue;
            }
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
mod tests {
    use super::*;
    use crate::core::lang::Language;
    use crate::core::output::Audience;

    fn u(text: &str, priority: Priority) -> Utterance {
        Utterance {
            text: text.into(),
            lang: Language::De,
            priority,
            to: Audience::White,
            handed: None,
            expires: None,
            live: None,
        }
    }

    /// A compact trace: `say X`, `cancel`, `drop X (reason)`.
    fn trace(actions: &[Action]) -> Vec<String> {
        actions
            .iter()
            .map(|a| match a {
                Action::Cancel => "cancel".to_owned(),
                Action::Speak(u) => format!("say {}", u.text),
                Action::Drop(u, r) => format!("drop {} ({r:?})", u.text),
            })
            .collect()
    }

    enum Step {
        Push(&'static str, Priority, u64),
        /// Pushed at the first instant, not to be started after the second.
        PushBy(&'static str, Priority, u64, u64),
        End(u64),
        Stop,
    }
    use Step::*;

    #[test]
    fn order_interruption_and_dropping() {
        use Priority::*;
        // (case, steps with millisecond instants, the expected trace)
        let cases: Vec<(&str, Vec<Step>, Vec<&str>)> = vec![
            (
                "a move interrupts a reminder",
                vec![
                    Push("noch 5 Minuten", Reminder, 0),
                    Push("Springer f3", Move, 100),
                ],
                vec![
                    "say noch 5 Minuten",
                    "cancel",
                    "drop noch 5 Minuten (Interrupted)",
                    "say Springer f3",
                ],
            ),
            (
                "a flag interrupts a move",
                vec![
                    Push("Springer f3", Move, 0),
                    Push("Zeit abgelaufen", Urgent, 100),
                ],
                vec![
                    "say Springer f3",
                    "cancel",
                    "drop Springer f3 (Interrupted)",
                    "say Zeit abgelaufen",
                ],
            ),
            (
                "a move does not interrupt a move: it waits, in order",
                vec![Push("e4", Move, 0), Push("e5", Move, 100), End(900)],
                vec!["say e4", "say e5"],
            ),
            (
                "an answer does not cut a move short, and waits",
                vec![
                    Push("e4", Move, 0),
                    Push("Weiß am Zug", Answer, 10),
                    End(800),
                ],
                vec!["say e4", "say Weiß am Zug"],
            ),
            (
                "a waiting reminder overtaken by a move is dropped",
                vec![
                    Push("Antwort", Answer, 0),
                    Push("noch 10 Sekunden", Reminder, 100),
                    Push("e4", Move, 200),
                ],
                vec![
                    "say Antwort",
                    "drop noch 10 Sekunden (Overtaken)",
                    "cancel",
                    "drop Antwort (Interrupted)",
                    "say e4",
                ],
            ),
            (
                "an answer interrupts a reminder; a later reminder waits",
                vec![
                    Push("noch 5 Minuten", Reminder, 0),
                    Push("Antwort", Answer, 100),
                    Push("noch 4 Minuten", Reminder, 200),
                    End(900),
                ],
                vec![
                    "say noch 5 Minuten",
                    "cancel",
                    "drop noch 5 Minuten (Interrupted)",
                    "say Antwort",
                    "say noch 4 Minuten",
                ],
            ),
            (
                "a newer reminder replaces a waiting one",
                vec![
                    Push("e4", Move, 0),
                    Push("noch 9", Reminder, 100),
                    Push("noch 8", Reminder, 600),
                    End(700),
                ],
                vec!["say e4", "drop noch 9 (Replaced)", "say noch 8"],
            ),
            (
                "a reminder that waited too long is dropped",
                vec![
                    Push("e4", Move, 0),
                    Push("noch 1 Minute", Reminder, 100),
                    End(2000),
                ],
                vec!["say e4", "drop noch 1 Minute (TooOld)"],
            ),
            (
                "an answer waits up to 20 s",
                vec![Push("e4", Move, 0), Push("Zeit?", Answer, 0), End(19_000)],
                vec!["say e4", "say Zeit?"],
            ),
            (
                "moves are never dropped for age",
                vec![Push("e4", Move, 0), Push("e5", Move, 0), End(60_000)],
                vec!["say e4", "say e5"],
            ),
            (
                "the most urgent waiting one goes first",
                vec![
                    Push("e4", Move, 0),
                    Push("Antwort", Answer, 10),
                    Push("Zeit abgelaufen", Urgent, 20),
                    End(500),
                    End(900),
                ],
                vec![
                    "say e4",
                    "cancel",
                    "drop e4 (Interrupted)",
                    "say Zeit abgelaufen",
                    "say Antwort",
                ],
            ),
            (
                "what the session said to start by a deadline is dropped when its turn comes later",
                vec![
                    Push("e4", Move, 0),
                    PushBy("neun", Reminder, 100, 1300),
                    End(1400),
                    PushBy("acht", Reminder, 2000, 2300),
                ],
                vec!["say e4", "drop neun (Late)", "say acht"],
            ),
            (
                "stop cancels and forgets",
                vec![
                    Push("e4", Move, 0),
                    Push("Antwort", Answer, 10),
                    Stop,
                    End(50),
                ],
                vec![
                    "say e4",
                    "cancel",
                    "drop e4 (Stopped)",
                    "drop Antwort (Stopped)",
                ],
            ),
        ];
        for (case, steps, want) in cases {
            let t0 = Instant::now();
            let at = |ms: u64| t0 + Duration::from_millis(ms);
            let mut s = Scheduler::new(Staleness::default());
            let mut got = Vec::new();
            for step in steps {
                let actions = match step {
                    Push(text, p, ms) => s.push(u(text, p), at(ms)),
                    PushBy(text, p, ms, by) => {
                        let mut utterance = u(text, p);
                        utterance.expires = Some(at(by));
                        s.push(utterance, at(ms))
                    }
                    End(ms) => s.ended(at(ms)),
                    Stop => s.stop(),
                };
                got.extend(trace(&actions));
            }
            assert_eq!(got, want, "{case}");
        }
    }
}
