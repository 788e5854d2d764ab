//! What the speech thread did: said, dropped, failed, and when.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::schedule::DropReason;

/// What the speech thread did, for tests, benchmarks and the log.
#[derive(Clone, Debug, PartialEq)]
pub enum Traced {
    /// The synthesizer accepted the utterance (`speak` returned) after `latency` from the
    /// main loop's hand-over.
    Accepted {
        /// The words.
        text: String,
        /// Hand-over to accepted.
        latency: Duration,
    },
    /// It began to sound.
    Began(String),
    /// It ended (or was cancelled).
    Ended(String),
    /// It was not said, or cut short.
    Dropped(String, DropReason),
    /// The synthesizer failed.
    Failed(String, String),
}

/// The speech thread's record (the last 4096 entries).
#[derive(Clone, Debug, Default)]
pub struct Trace(Arc<Mutex<Vec<(Instant, Traced)>>>);

impl Trace {
    pub(super) fn push(&self, what: Traced) {
        if let Ok(mut v) = self.0.lock() {
            if v.len() >= 4096 {
                v.drain(..1024);
            }
            v.push((Instant::now(), what));
        }
    }

    /// Everything recorded so far.
    pub fn entries(&self) -> Vec<(Instant, Traced)> {
        self.0.lock().map(|v| v.clone()).unwrap_or_default()
    }
}
