//! Resuming a game from its journal: read, cut to its good part, replayed, continued.

use std::path::PathBuf;

use crate::core::journal::{self, Recovered, Replay, ReplayError};

use super::{FileJournal, WriteError};

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
pub fn resume(path: &std::path::Path) -> Result<Resumed, ResumeError> {
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
