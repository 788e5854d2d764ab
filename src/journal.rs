//! The journal file: the adapter around [`crate::core::journal`].
//!
//! Every input is appended as a checksummed record and synced to disk
//! (`File::sync_data`, fdatasync) **before** the session sees it, so a move is durable
//! before it is announced as made (FIDE Laws D.2.3). What the input produced that matters
//! (made moves, the result) follows as check records, written before the outputs reach the
//! devices; those of a deadline (a correction window closing, a flag falling), which no
//! synced input precedes, are synced themselves. While a clock runs, the main loop writes
//! a heartbeat every [`HEARTBEAT`], so that after a crash the clocks come back to within
//! that of the crash. Heartbeats are written but not synced: a crash of the program keeps
//! them (they are in the kernel's page cache), the next synced record makes them durable,
//! and a power cut loses at most those since the last sync (an input, or the file
//! system's own commit, every 5 s on ext4); syncing each would stall the main loop on the
//! disk ten times a second.
//!
//! [`resume`] reads a journal, cuts a damaged tail off the file (the report says what was
//! dropped), replays the rest and continues appending to the same file.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::core::journal::{self, InputRecord, JournalError, Recovered, Replay, ReplayError};
use crate::core::output::Output;
use crate::core::script::stamp;
use crate::core::setup::Config;
use crate::core::time::Timestamp;

/// How often a heartbeat is written while a clock runs: under 100 ms, so that with the
/// time a sync takes the clocks come back to within 100 ms of a crash (FIDE Laws 6.1).
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
    /// A heartbeat while a clock runs.
    fn tick(&mut self, at: Timestamp) -> Result<(), WriteError>;
    /// How often the main loop should call [`Journal::tick`] while a clock runs (`None`:
    /// never).
    fn heartbeat(&self) -> Option<Duration> {
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

/// A journal in a file, appended to and synced record by record.
#[derive(Debug)]
pub struct FileJournal {
    file: File,
    path: PathBuf,
    last: Timestamp,
    /// Syncs done (for the benchmark and tests).
    syncs: u64,
}

impl FileJournal {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
        move |source| WriteError::Io {
            path: path.to_owned(),
            source,
        }
    }

    /// Starts a new journal at `path` (which must not exist) with the game's setup, synced,
    /// its directory entry too.
    pub fn create(path: &Path, config: &Config) -> Result<FileJournal, WriteError> {
        let header = journal::header(config)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(Self::io(dir))?;
        }
        let file = OpenOptions::new()
            .append(true)
            .create_new(true)
            .open(path)
            .map_err(Self::io(path))?;
        let mut journal = FileJournal {
            file,
            path: path.to_owned(),
            last: Timestamp::ZERO,
            syncs: 0,
        };
        journal.append(&header, Timestamp::ZERO, true)?;
        journal.sync_dir();
        Ok(journal)
    }

    /// Opens a journal to append after its good part: cuts the file to `good_len` bytes
    /// (dropping a damaged tail), synced. `last` is the last recorded instant.
    pub fn continue_at(
        path: &Path,
        good_len: usize,
        last: Timestamp,
    ) -> Result<FileJournal, WriteError> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(Self::io(path))?;
        let len = u64::try_from(good_len).unwrap_or(u64::MAX);
        if file.metadata().map_err(Self::io(path))?.len() != len {
            file.set_len(len).map_err(Self::io(path))?;
            file.sync_all().map_err(Self::io(path))?;
        }
        Ok(FileJournal {
            file,
            path: path.to_owned(),
            last,
            syncs: 0,
        })
    }

    /// Syncs done so far.
    pub fn syncs(&self) -> u64 {
        self.syncs
    }

    /// Makes the new file's name durable (best effort: not every system can sync a
    /// directory).
    fn sync_dir(&self) {
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(d) = File::open(dir)
        {
            let _ = d.sync_all();
        }
    }

    /// Appends framed records stamped `at`; `sync`: fdatasync before returning.
    fn append(&mut self, frames: &str, at: Timestamp, sync: bool) -> Result<(), WriteError> {
        if at < self.last {
            return Err(WriteError::Backwards {
                at: stamp(at),
                last: stamp(self.last),
            });
        }
        if frames.is_empty() {
            return Ok(());
        }
        self.file
            .write_all(frames.as_bytes())
            .map_err(Self::io(&self.path))?;
        if sync {
            self.file.sync_data().map_err(Self::io(&self.path))?;
            self.syncs += 1;
        }
        self.last = at;
        Ok(())
    }

    /// Marks that a resume continued the game at `at` (synced).
    pub fn resumed(&mut self, at: Timestamp) -> Result<(), WriteError> {
        self.append(&journal::resumed_record(at), at, true)
    }
}

impl Journal for FileJournal {
    fn input(&mut self, at: Timestamp, record: &InputRecord) -> Result<(), WriteError> {
        self.append(&journal::frame(&record.line), at, true)
    }

    fn outputs(&mut self, at: Timestamp, outputs: &[Output], sync: bool) -> Result<(), WriteError> {
        self.append(&journal::check_records(at, outputs), at, sync)
    }

    /// Written, not synced: in the page cache it survives a crash of the program (the
    /// kernel writes it out, and the next synced input or deadline check makes it durable
    /// with everything before it); syncing each would stall the main loop on the disk every
    /// 50 ms, and under I/O pressure for long enough to miss the 100 ms it is for.
    fn tick(&mut self, at: Timestamp) -> Result<(), WriteError> {
        self.append(&journal::tick_record(at), at, false)
    }

    fn heartbeat(&self) -> Option<Duration> {
        Some(HEARTBEAT)
    }

    fn file(&self) -> Option<&Path> {
        Some(&self.path)
    }

    /// Everything written (the last heartbeats too) made durable.
    fn close(&mut self, _at: Timestamp) -> Result<(), WriteError> {
        self.file.sync_data().map_err(Self::io(&self.path))
    }
}

/// Why a journal cannot be resumed.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// The file cannot be read.
    #[error("{path}: {source}")]
    Read {
        /// The journal file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// Nothing to replay, or a setup that does not start.
    #[error("{path}: {source}")]
    Replay {
        /// The journal file.
        path: PathBuf,
        /// What is wrong.
        source: ReplayError,
    },
    /// The file cannot be cut or appended to.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// A journal resumed: the game as it stood at the last recorded instant, and the file open
/// to continue.
#[derive(Debug)]
pub struct Resumed {
    /// The journal, cut to its good part, a `resumed` record appended.
    pub journal: FileJournal,
    /// What was read (the damage report, if any).
    pub recovered: Recovered,
    /// The replay: the session, the last instant, the restored moves, mismatches.
    pub replay: Replay,
}

/// Reads the journal at `path`, replays its good part, cuts the file there (a damaged
/// tail is dropped; `recovered.damage` says what) and opens it to continue, a `resumed`
/// record appended at the last recorded instant.
pub fn resume(path: &Path) -> Result<Resumed, ResumeError> {
    let bytes = std::fs::read(path).map_err(|source| ResumeError::Read {
        path: path.to_owned(),
        source,
    })?;
    let recovered = journal::read(&bytes);
    let replay = journal::replay(&recovered).map_err(|source| ResumeError::Replay {
        path: path.to_owned(),
        source,
    })?;
    let mut file = FileJournal::continue_at(path, recovered.good_len, replay.last)?;
    file.resumed(replay.last)?;
    Ok(Resumed {
        journal: file,
        recovered,
        replay,
    })
}
