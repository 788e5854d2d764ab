//! The journal file: the adapter around [`crate::core::journal`].
//!
//! Every input is appended as a checksummed record and synced to disk
//! (`File::sync_data`, fdatasync) **before** the session sees it, so a move is durable
//! before it is announced as made (FIDE Laws D.2.3). What the input produced that matters
//! (made moves, the result) follows as check records, written before the outputs reach the
//! devices; those of a deadline (a correction window closing, a flag falling), which no
//! synced input precedes, are synced themselves.
//!
//! While a clock runs, a heartbeat is written every [`HEARTBEAT`], so that after a crash
//! the clocks come back to within that of the crash. The heartbeat does not come from the
//! main loop but from its own task, through a [`Ticker`]: the main loop waits for each
//! input's sync, and under I/O pressure a sync can take longer than the 100 ms the
//! heartbeat is for; the ticks go on meanwhile (the file is appended to under a lock, the
//! sync needs none). Heartbeats are written but not synced: a crash of the program keeps
//! them (they are in the kernel's page cache), the next synced record makes them durable,
//! and a power cut loses at most those since the last sync (an input, or the file
//! system's own commit, every 5 s on ext4); syncing each would stall the disk ten times a
//! second. A tick that follows a tick takes its place in the file (`file.rs`), so the
//! journal grows by about one tick per move, not by twenty lines a second.
//!
//! [`resume`] reads a journal, cuts a damaged tail off the file (the report says what was
//! dropped), replays the rest and continues appending to the same file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::core::journal::{InputRecord, JournalError};
use crate::core::output::Output;
use crate::core::time::Timestamp;

mod file;
mod resume;

pub use file::{FileJournal, Ticker};
pub use resume::{ResumeError, Resumed, resume};

/// How often a heartbeat is written while a clock runs: under 100 ms, so that the clocks
/// come back to within 100 ms of a crash (FIDE Laws 6.1).
pub const HEARTBEAT: Duration = Duration::from_millis(50);

/// Why the journal could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file system said no.
    #[error("{path}: {source}")]
    Io {
        /// The journal file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The record cannot be written.
    #[error(transparent)]
    Record(#[from] JournalError),
    /// A record earlier than the last one (a bug in the caller).
    #[error("record at {at} after one at {last}: time must not go backwards")]
    Backwards {
        /// The record's stamp.
        at: String,
        /// The last record's stamp.
        last: String,
    },
}

/// Where the station writes what happens, before it acts on it.
pub trait Journal: Send {
    /// Makes an input's record durable (the station hands the session `record.input`
    /// afterwards, journal or not).
    fn input(&mut self, at: Timestamp, record: &InputRecord) -> Result<(), WriteError>;
    /// Records the checks of one step's outputs; `sync`: make them durable now (when no
    /// synced input precedes them, i.e. a deadline's outputs).
    fn outputs(&mut self, at: Timestamp, outputs: &[Output], sync: bool) -> Result<(), WriteError>;
    /// A heartbeat at `at` from the main loop itself (a scripted wait, the last one on
    /// stopping).
    fn tick(&mut self, at: Timestamp) -> Result<(), WriteError>;
    /// What writes the heartbeat from its own task while a clock runs (`None`: no
    /// heartbeat).
    fn heartbeat(&self) -> Option<Ticker> {
        None
    }
    /// The journal's file, if it has one.
    fn file(&self) -> Option<&Path> {
        None
    }
    /// The station stops (quit, Ctrl-C) at `at`: everything written is made durable.
    fn close(&mut self, at: Timestamp) -> Result<(), WriteError> {
        let _ = at;
        Ok(())
    }
}

/// No journal (tests, benchmarks of other things, `--no-journal`).
#[derive(Debug, Default)]
pub struct NoJournal;

impl Journal for NoJournal {
    fn input(&mut self, _at: Timestamp, _record: &InputRecord) -> Result<(), WriteError> {
        Ok(())
    }
    fn outputs(&mut self, _: Timestamp, _: &[Output], _: bool) -> Result<(), WriteError> {
        Ok(())
    }
    fn tick(&mut self, _at: Timestamp) -> Result<(), WriteError> {
        Ok(())
    }
}
