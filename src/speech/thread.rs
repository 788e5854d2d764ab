//! The speech thread: it keeps the [`Scheduler`]'s order, drives the synthesizer and the
//! [`Speaking`] gate, and records what it did in the [`Trace`].

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::live::Renderer;
use super::schedule::{Action, Scheduler};
use super::{Msg, Speaker, SpeakerEvent, SpeakerEventKind, Trace, Traced, Utterance};
use crate::adapter::Speaking;

/// How long to wait for a synthesizer's end event before taking the utterance as ended
/// (a lost event must not silence the station): generous for the slowest rate.
fn watchdog(u: &Utterance) -> Duration {
    Duration::from_secs(5)
        + Duration::from_millis(200) * u32::try_from(u.text.chars().count()).unwrap_or(u32::MAX)
}

/// The speech thread's state.
pub(super) struct SpeechThread {
    speaker: Box<dyn Speaker>,
    sched: Scheduler,
    /// The synthesizer's id of what plays, and since when we wait for its end.
    current: Option<(u64, Instant)>,
    tail: Duration,
    speaking: Speaking,
    trace: Trace,
    /// Renders clock answers again at their start.
    live: Renderer,
}

impl SpeechThread {
    pub(super) fn new(
        speaker: Box<dyn Speaker>,
        tail: Duration,
        speaking: Speaking,
        trace: Trace,
    ) -> SpeechThread {
        SpeechThread {
            speaker,
            sched: Scheduler::new(),
            current: None,
            tail,
            speaking,
            trace,
            live: Renderer::default(),
        }
    }

    /// Nothing plays and nothing waits.
    fn idle(&self) -> bool {
        self.current.is_none() && self.sched.playing().is_none() && self.sched.waiting() == 0
    }

    /// Runs until told to close (and everything waiting is said) or the sink is gone.
    pub(super) fn run(mut self, rx: Receiver<Msg>) {
        let mut closing = false;
        let mut idle_waiters: Vec<std::sync::mpsc::Sender<()>> = Vec::new();
        loop {
            if self.idle() {
                for w in idle_waiters.drain(..) {
                    let _ = w.send(());
                }
            }
            if closing && self.idle() {
                break;
            }
            let timeout = match (&self.current, self.sched.playing()) {
                (Some((_, since)), Some(u)) => watchdog(u).saturating_sub(since.elapsed()),
                _ => Duration::from_secs(3600),
            };
            let msg = match rx.recv_timeout(timeout) {
                Ok(m) => m,
                Err(RecvTimeoutError::Timeout) => {
                    self.no_end_event();
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            };
            let actions = match msg {
                Msg::Say(u) => self.sched.push(u, Instant::now()),
                Msg::Hush => {
                    self.speaking.barge_in();
                    self.sched.stop()
                }
                Msg::Close => {
                    closing = true;
                    Vec::new()
                }
                Msg::Idle(w) => {
                    idle_waiters.push(w);
                    Vec::new()
                }
                Msg::Event(ev) => self.event(ev),
            };
            self.act(actions);
            // A synthesizer that refused an utterance will never end it: go on at once.
            while self.current.is_none() && self.sched.playing().is_some() {
                let actions = self.sched.ended(Instant::now());
                self.act(actions);
            }
        }
    }

    /// The watchdog ran out: the utterance counts as ended.
    fn no_end_event(&mut self) {
        tracing::warn!("speech: no end event, taking the utterance as ended");
        self.current = None;
        let now = Instant::now();
        self.speaking.ended(now, self.tail);
        let actions = self.sched.ended(now);
        self.act(actions);
    }

    /// What the synthesizer reported.
    fn event(&mut self, ev: SpeakerEvent) -> Vec<Action> {
        let ours = self.current.is_some_and(|(id, _)| id == ev.id);
        match ev.kind {
            SpeakerEventKind::Began => {
                if ours {
                    self.speaking.started();
                    if let Some(u) = self.sched.playing() {
                        self.trace.push(Traced::Began(u.text.clone()));
                    }
                }
                Vec::new()
            }
            SpeakerEventKind::Ended | SpeakerEventKind::Cancelled if ours => {
                if let Some(u) = self.sched.playing() {
                    self.trace.push(Traced::Ended(u.text.clone()));
                }
                self.current = None;
                self.speaking.ended(ev.at, self.tail);
                self.sched.ended(ev.at)
            }
            _ => Vec::new(),
        }
    }

    /// Does what the scheduler decided.
    fn act(&mut self, actions: Vec<Action>) {
        for a in actions {
            match a {
                Action::Cancel => {
                    self.current = None;
                    if let Err(e) = self.speaker.stop() {
                        tracing::warn!("speech: stop failed: {e}");
                    }
                    self.speaking.ended(Instant::now(), self.tail);
                }
                Action::Drop(u, reason) => {
                    // Not the words: they may hold a web access code (never in a log).
                    let chars = u.text.chars().count();
                    tracing::debug!("speech: dropped {chars} characters ({reason:?})");
                    self.trace.push(Traced::Dropped(u.text, reason));
                }
                Action::Speak(u) => self.speak(&u),
            }
        }
    }

    /// Hands one utterance to the synthesizer.
    fn speak(&mut self, u: &Utterance) {
        // A clock answer says the time at its real start, not when it was asked.
        let fresh = self.live.rendered(u, Instant::now());
        let u = fresh.as_ref().unwrap_or(u);
        match self.speaker.speak(u) {
            Ok(id) => {
                let now = Instant::now();
                self.current = Some((id, now));
                let latency = u
                    .handed
                    .map_or(Duration::ZERO, |h| now.saturating_duration_since(h));
                self.trace.push(Traced::Accepted {
                    text: u.text.clone(),
                    latency,
                });
            }
            Err(e) => {
                tracing::warn!("speech: {e}");
                self.trace
                    .push(Traced::Failed(u.text.clone(), e.to_string()));
                self.current = None;
            }
        }
    }
}
