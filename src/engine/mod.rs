//! The training opponent (issue 34): a UCI engine in a process of its own, Debian's
//! `stockfish` by default, around the pure protocol of [`crate::core::engine`].
//!
//! [`find`] (always built) says where the engine is: the setting `engine.path`, else
//! `stockfish` on `PATH`, else `/usr/games/stockfish` (where Debian puts it). With the
//! feature `engine`: [`process`] (the child process owned by tokio: one line at a time,
//! each cut at [`crate::core::engine::uci::MAX_LINE`], nonsense logged and skipped),
//! [`client`] (the handshake, the level's options, one search with a time limit, its best
//! move checked against the position) and [`opponent`] (a search that survives the
//! engine: a crash, a hang or an illegal move is told as an [`opponent::Incident`], the
//! engine restarted and given the position again) and [`actor`] (the training game's
//! engine on the station's runtime: the session's requests in, its answers out as
//! journaled inputs) and `analyst` (the analysis of a game gone through, issue 34.4, on a
//! task of its own). The engine never runs on the station's main loop: the core stays
//! pure, the process is tokio's.

#[cfg(feature = "engine")]
pub mod actor;
#[cfg(feature = "engine")]
pub mod analyst;
#[cfg(feature = "engine")]
pub mod client;
pub mod find;
#[cfg(feature = "engine")]
pub mod opponent;
#[cfg(feature = "engine")]
pub mod process;

use std::path::PathBuf;

use crate::core::engine::uci::UciError;

/// The Debian package that brings the engine (named in the sentence that says it is
/// missing).
pub const PACKAGE: &str = crate::core::engine::PACKAGE;

/// Why the engine cannot play a move.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// No engine at `engine.path`, on `PATH` or at Debian's place.
    #[error("no chess engine found (tried {tried}); install the package {PACKAGE}")]
    NotFound {
        /// Where it was looked for.
        tried: String,
    },
    /// The program could not be started.
    #[error("{path}: cannot start: {message}")]
    Start {
        /// The program.
        path: PathBuf,
        /// The system's error.
        message: String,
    },
    /// The engine ended (its output closed, or writing to it failed).
    #[error("the engine stopped: {0}")]
    Crashed(String),
    /// The engine did not answer within its time.
    #[error("the engine did not answer {what} within {ms} ms")]
    Timeout {
        /// What it was asked (`uci`, `isready`, `go`).
        what: &'static str,
        /// The time it had.
        ms: u128,
    },
    /// The engine's best move is not legal in the position it was given.
    #[error(transparent)]
    Nonsense(#[from] UciError),
}
