//! The journal in a file: appended to under a lock (the main loop's records and the
//! heartbeat's ticks, each frame whole), synced without it. A tick that follows a tick
//! takes its place: while nothing else is written, the file ends in one tick, rewritten
//! every heartbeat (FIDE Laws 6.1: the clocks come back as they stood at the last one),
//! so a five-hour game's journal holds about one tick per move instead of 360,000.
//!
//! The new tick is never shorter than the one it replaces (its instant is later, so its
//! stamp and length have at least as many digits), so the file still ends in one whole
//! frame. It is written with one `pwrite` of some 30 bytes into the page cache, which a
//! kill of the program cannot tear; a power cut may lose it, as it lost the unsynced ticks
//! before (the reader then cuts the torn frame off and the clocks come back to the last
//! synced record).

use std::fs::{File, OpenOptions};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::core::journal::{self, InputRecord};
use crate::core::output::Output;
use crate::core::script::stamp;
use crate::core::setup::SessionSetup;
use crate::core::time::Timestamp;

use super::{HEARTBEAT, Journal, WriteError};

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
    move |source| WriteError::Io {
        path: path.to_owned(),
        source,
    }
}

/// The end of the file, where records are appended: the main loop's and the heartbeat's.
#[derive(Debug)]
struct Tail {
    path: PathBuf,
    appending: Mutex<Appending>,
}

#[derive(Debug)]
struct Appending {
    /// Opened without `O_APPEND` (with it, Linux appends a positioned write too): every
    /// write says where.
    file: File,
    /// The file's length: where the next frame goes.
    end: u64,
    /// The last tick written: ticks keep their own order (`core::journal`'s format).
    last_tick: Option<Timestamp>,
    /// Where the file's last frame starts, if it is a tick (the next tick replaces it).
    tail_tick: Option<u64>,
}

impl Appending {
    /// Writes `bytes` at `at`; the file ends after them.
    fn write_at(&mut self, bytes: &[u8], at: u64) -> std::io::Result<()> {
        self.file.write_all_at(bytes, at)?;
        let end = at + bytes.len() as u64;
        if end < self.end {
            // Never for a later tick (it is as long or longer); kept whole all the same.
            self.file.set_len(end)?;
        }
        self.end = end;
        Ok(())
    }
}

impl Tail {
    fn lock(&self) -> std::sync::MutexGuard<'_, Appending> {
        // A panic while appending leaves at worst a torn frame, which a resume cuts off.
        self.appending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn append(&self, frames: &str) -> Result<(), WriteError> {
        let mut appending = self.lock();
        let end = appending.end;
        appending
            .write_at(frames.as_bytes(), end)
            .map_err(io(&self.path))?;
        appending.tail_tick = None;
        Ok(())
    }

    /// Writes a tick at `at`, unless one at or after `at` is written already: in the place
    /// of the file's last frame if that is a tick, else appended.
    fn tick(&self, at: Timestamp) -> Result<(), WriteError> {
        let mut appending = self.lock();
        if appending.last_tick.is_some_and(|last| at <= last) {
            return Ok(());
        }
        let place = appending.tail_tick.unwrap_or(appending.end);
        appending
            .write_at(journal::tick_record(at).as_bytes(), place)
            .map_err(io(&self.path))?;
        appending.tail_tick = Some(place);
        appending.last_tick = Some(at);
        Ok(())
    }
}

/// Writes a journal's heartbeat from outside the main loop (the station's heartbeat task):
/// a tick, written, not synced. FIDE Laws 6.1: after a crash the clocks come back to the
/// last tick.
#[derive(Clone, Debug)]
pub struct Ticker {
    tail: Arc<Tail>,
}

impl Ticker {
    /// How often to tick while a clock runs ([`HEARTBEAT`]).
    pub fn period(&self) -> std::time::Duration {
        HEARTBEAT
    }

    /// Writes a tick at `at` (nothing if a tick at or after `at` is there already), in the
    /// place of the file's last frame if that is a tick.
    pub fn tick(&self, at: Timestamp) -> Result<(), WriteError> {
        self.tail.tick(at)
    }
}

/// A journal in a file, appended to and synced record by record.
#[derive(Debug)]
pub struct FileJournal {
    tail: Arc<Tail>,
    /// The same file, to sync without holding the lock the heartbeat appends under.
    sync: File,
    /// The instant of the last record other than a tick.
    last: Timestamp,
    /// Syncs done (for the benchmark and tests).
    syncs: u64,
}

impl FileJournal {
    fn open(file: File, path: &Path, last: Timestamp) -> Result<FileJournal, WriteError> {
        let sync = file.try_clone().map_err(io(path))?;
        let end = file.metadata().map_err(io(path))?.len();
        let appending = Appending {
            file,
            end,
            last_tick: None,
            tail_tick: None,
        };
        Ok(FileJournal {
            tail: Arc::new(Tail {
                path: path.to_owned(),
                appending: Mutex::new(appending),
            }),
            sync,
            last,
            syncs: 0,
        })
    }

    /// Starts a new journal at `path` (which must not exist) with the game's setup, synced,
    /// its directory entry too.
    pub fn create(path: &Path, config: &SessionSetup) -> Result<FileJournal, WriteError> {
        let header = journal::header(config)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io(dir))?;
        }
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(io(path))?;
        let mut journal = FileJournal::open(file, path, Timestamp::ZERO)?;
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
            .write(true)
            .open(path)
            .map_err(io(path))?;
        let len = u64::try_from(good_len).unwrap_or(u64::MAX);
        if file.metadata().map_err(io(path))?.len() != len {
            file.set_len(len).map_err(io(path))?;
            file.sync_all().map_err(io(path))?;
        }
        FileJournal::open(file, path, last)
    }

    /// Syncs done so far.
    pub fn syncs(&self) -> u64 {
        self.syncs
    }

    /// Makes the new file's name durable (best effort: not every system can sync a
    /// directory).
    fn sync_dir(&self) {
        if let Some(dir) = self
            .tail
            .path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            && let Ok(d) = File::open(dir)
        {
            let _ = d.sync_all();
        }
    }

    fn sync_data(&mut self) -> Result<(), WriteError> {
        self.sync.sync_data().map_err(io(&self.tail.path))?;
        self.syncs += 1;
        Ok(())
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
        self.tail.append(frames)?;
        if sync {
            self.sync_data()?;
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

    /// Written, not synced (see [`Ticker`]).
    fn tick(&mut self, at: Timestamp) -> Result<(), WriteError> {
        self.tail.tick(at)
    }

    fn heartbeat(&self) -> Option<Ticker> {
        Some(Ticker {
            tail: Arc::clone(&self.tail),
        })
    }

    fn file(&self) -> Option<&Path> {
        Some(&self.tail.path)
    }

    /// Everything written (the last heartbeats too) made durable.
    fn close(&mut self, _at: Timestamp) -> Result<(), WriteError> {
        self.sync.sync_data().map_err(io(&self.tail.path))
    }
}
