//! The journal's heartbeat as a task of its own: a tick every [`Ticker::period`] while a
//! clock runs, whatever the main loop is doing. The main loop waits for each input's sync
//! before it hands the input on (FIDE Laws D.2.3), and under I/O pressure a sync can take
//! longer than a heartbeat; were the ticks the main loop's, a crash in that time would
//! bring the clocks back to the instant of the input, not of the crash (FIDE Laws 6.1).
//!
//! The main loop says after each step whether a clock runs ([`Heartbeat::set`]); the task
//! sleeps while none does. Its first failure ends it and is the main loop's to tell
//! ([`Heartbeat::failed`]). On stopping, the task ends before the main loop writes the
//! last tick, so the ticks keep their order.

use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio::time::MissedTickBehavior;

use crate::journal_file::{Ticker, WriteError};

use super::Timeline;

/// The heartbeat task and what the main loop tells it.
#[derive(Debug)]
pub struct Heartbeat {
    runs: watch::Sender<bool>,
    task: Option<JoinHandle<Result<(), WriteError>>>,
}

impl Heartbeat {
    /// Starts the task for `ticker` (none without one), the game's time read from
    /// `timeline`; `runs`: whether a clock runs now.
    pub fn start(ticker: Option<Ticker>, timeline: Timeline, runs: bool) -> Heartbeat {
        let (tx, rx) = watch::channel(runs);
        let task = ticker.map(|ticker| tokio::spawn(beat(ticker, timeline, rx)));
        Heartbeat { runs: tx, task }
    }

    /// Whether a clock runs now (after each step of the main loop).
    pub fn set(&self, runs: bool) {
        self.runs
            .send_if_modified(|now| std::mem::replace(now, runs) != runs);
    }

    /// Resolves when the task has failed, with what failed (then never again).
    pub async fn failed(&mut self) -> WriteError {
        if let Some(task) = self.task.as_mut() {
            let ended = task.await;
            self.task = None;
            match ended {
                Ok(Err(e)) => return e,
                Ok(Ok(())) => {}
                Err(e) => tracing::error!("journal heartbeat: {e}"),
            }
        }
        std::future::pending().await
    }

    /// Ends the task and waits for it; what failed meanwhile, if anything.
    pub async fn stop(self) -> Result<(), WriteError> {
        let Heartbeat { runs, task } = self;
        drop(runs);
        match task {
            Some(task) => task.await.unwrap_or_else(|e| {
                tracing::error!("journal heartbeat: {e}");
                Ok(())
            }),
            None => Ok(()),
        }
    }
}

/// The task: while `runs` says a clock runs, a tick now and every period after; ends when
/// the main loop drops its sender, or at the first failure.
async fn beat(
    ticker: Ticker,
    timeline: Timeline,
    mut runs: watch::Receiver<bool>,
) -> Result<(), WriteError> {
    loop {
        while !*runs.borrow_and_update() {
            if runs.changed().await.is_err() {
                return Ok(());
            }
        }
        let mut interval = tokio::time::interval(ticker.period());
        interval.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                changed = runs.changed() => {
                    if changed.is_err() {
                        return Ok(());
                    }
                    if !*runs.borrow_and_update() {
                        break;
                    }
                }
                _ = interval.tick() => ticker.tick(timeline.now())?,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::Duration;

    use super::*;
    use crate::core::time::Timestamp;
    use crate::journal_file::{FileJournal, Journal};

    /// A write that fails (the device is full) ends the task, and the main loop learns
    /// what failed, once.
    #[tokio::test(start_paused = true)]
    async fn a_failed_tick_is_the_main_loops_to_tell() {
        let full = FileJournal::continue_at(Path::new("/dev/full"), 0, Timestamp::ZERO).unwrap();
        let timeline = Timeline::starting_at(Timestamp::ZERO);
        let mut beat = Heartbeat::start(full.heartbeat(), timeline, false);
        // No clock runs: nothing is written, nothing fails.
        let quiet = tokio::time::timeout(Duration::from_secs(1), beat.failed()).await;
        assert!(quiet.is_err(), "failed while no clock ran");
        beat.set(true);
        let failed = tokio::time::timeout(Duration::from_secs(1), beat.failed()).await;
        match failed {
            Ok(WriteError::Io { path, .. }) => assert_eq!(path, Path::new("/dev/full")),
            other => panic!("{other:?}"),
        }
        let again = tokio::time::timeout(Duration::from_secs(1), beat.failed()).await;
        assert!(again.is_err(), "told twice");
        assert!(beat.stop().await.is_ok());
    }
}
