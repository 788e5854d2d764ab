//! Outputs held for a device that is not open yet: nothing the session says before a
//! device is ready is lost, and the device gets it in the order it was said.
//!
//! The station speaks from its first instant (that it is starting, a resumed game's
//! announcements), while speech-dispatcher and BRLTTY may take seconds to open, or open
//! later than the game starts. [`Held`] wraps a device's [`Sink`]: until the device says it
//! is [`Sink::ready`], every step's outputs wait, in order; the first time it is ready they
//! are handed over, oldest first, and from then on outputs pass straight through (a
//! device lost later keeps its own state, as the Braille display's thread does).

use std::collections::VecDeque;

use crate::core::output::Output;
use crate::core::time::Timestamp;

use super::Sink;

/// At most this many steps wait for a device that never opens: the oldest are dropped
/// first (a display that opens an hour late shows where the game is, not every word of
/// the hour before).
pub const HOLD_LIMIT: usize = 256;

/// What the session said before the station's devices were open: each step's instant and
/// outputs, in order.
pub type Backlog = Vec<(Timestamp, Vec<Output>)>;

/// A device's sink, with the outputs held until it is first ready.
pub struct Held {
    inner: Box<dyn Sink + Send>,
    waiting: VecDeque<(Timestamp, Vec<Output>)>,
    opened: bool,
}

impl std::fmt::Debug for Held {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Held")
            .field("waiting", &self.waiting.len())
            .field("opened", &self.opened)
            .finish_non_exhaustive()
    }
}

impl Held {
    /// `inner`, with what was said before it was attached (`backlog`) to be handed over
    /// first, as soon as it is ready.
    pub fn new(inner: Box<dyn Sink + Send>, backlog: &[(Timestamp, Vec<Output>)]) -> Held {
        let mut held = Held {
            inner,
            waiting: backlog.iter().cloned().collect(),
            opened: false,
        };
        held.trim();
        held.flush();
        held
    }

    fn trim(&mut self) {
        while self.waiting.len() > HOLD_LIMIT {
            self.waiting.pop_front();
        }
    }
}

impl Sink for Held {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        if self.opened {
            self.inner.deliver(at, outputs);
            return;
        }
        if !outputs.is_empty() {
            self.waiting.push_back((at, outputs.to_vec()));
            self.trim();
        }
        self.flush();
    }

    fn observe(&mut self, step: &crate::core::step_view::StepView) {
        self.inner.observe(step);
    }

    fn ready(&mut self) -> bool {
        self.opened || self.inner.ready()
    }

    fn holding(&self) -> bool {
        !self.waiting.is_empty()
    }

    fn opening(&mut self) -> bool {
        !self.opened && self.inner.opening()
    }

    fn flush(&mut self) {
        if self.opened || !self.inner.ready() {
            return;
        }
        self.opened = true;
        while let Some((at, outputs)) = self.waiting.pop_front() {
            self.inner.deliver(at, &outputs);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::core::output::{Audience, Braille};

    /// What a device got: each Braille line with its instant.
    type Got = Arc<Mutex<Vec<(Timestamp, String)>>>;

    /// A device that opens when the test says so and records what it got.
    struct Late {
        open: Arc<AtomicBool>,
        got: Got,
    }

    impl Sink for Late {
        fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
            assert!(self.open.load(Ordering::SeqCst), "delivered before ready");
            let mut got = self.got.lock().unwrap();
            for o in outputs {
                if let Output::Braille(b) = o {
                    got.push((at, b.text.clone()));
                }
            }
        }

        fn ready(&mut self) -> bool {
            self.open.load(Ordering::SeqCst)
        }
    }

    fn line(text: &str) -> Vec<Output> {
        vec![Output::Braille(Braille {
            text: text.into(),
            to: Audience::All,
            kind: crate::core::output::BrailleKind::Message,
        })]
    }

    fn late() -> (Late, Arc<AtomicBool>, Got) {
        let open = Arc::new(AtomicBool::new(false));
        let got = Arc::new(Mutex::new(Vec::new()));
        let sink = Late {
            open: Arc::clone(&open),
            got: Arc::clone(&got),
        };
        (sink, open, got)
    }

    #[test]
    fn what_is_said_before_the_device_opens_comes_in_order_when_it_does() {
        let (sink, open, got) = late();
        let backlog = vec![
            (Timestamp::ZERO, line("starting")),
            (Timestamp::from_millis(5), line("resumed")),
        ];
        let mut held = Held::new(Box::new(sink), &backlog);
        held.deliver(Timestamp::from_millis(7), &line("clocks"));
        assert!(held.holding());
        assert!(got.lock().unwrap().is_empty());
        held.flush();
        assert!(got.lock().unwrap().is_empty(), "not ready: still held");
        open.store(true, Ordering::SeqCst);
        held.flush();
        held.deliver(Timestamp::from_millis(9), &line("ready"));
        let texts: Vec<(u64, String)> = got
            .lock()
            .unwrap()
            .iter()
            .map(|(t, s)| (t.as_millis(), s.clone()))
            .collect();
        assert_eq!(
            texts,
            [
                (0, "starting".to_owned()),
                (5, "resumed".to_owned()),
                (7, "clocks".to_owned()),
                (9, "ready".to_owned()),
            ]
        );
        assert!(!held.holding());
    }

    #[test]
    fn a_device_open_at_once_gets_the_backlog_at_once() {
        let (sink, open, got) = late();
        open.store(true, Ordering::SeqCst);
        let held = Held::new(Box::new(sink), &[(Timestamp::ZERO, line("starting"))]);
        assert!(!held.holding());
        assert_eq!(got.lock().unwrap().len(), 1);
    }

    #[test]
    fn a_device_that_never_opens_keeps_only_the_newest() {
        let (sink, open, got) = late();
        let mut held = Held::new(Box::new(sink), &[]);
        for i in 0..(HOLD_LIMIT + 10) {
            held.deliver(Timestamp::from_millis(i as u64), &line(&i.to_string()));
        }
        open.store(true, Ordering::SeqCst);
        held.flush();
        let got = got.lock().unwrap();
        assert_eq!(got.len(), HOLD_LIMIT);
        assert_eq!(got[0].1, "10");
    }
}
