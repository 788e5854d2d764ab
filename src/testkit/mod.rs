//! The test kit (issue 35.1): what the integration tests (`tests/it/`) and the benchmarks
//! (`ansage-bench`) share, so that each tool exists once. A test tool: built only with the
//! feature `testing`, never in the station (as the board emulator, `eboard::emulator`).
//!
//! - [`station`]: the real `ansage` as a child process: its console on pipes, each line
//!   it prints stamped with the instant it was read, one bounded wait loop, and one
//!   quit-then-kill when it is dropped;
//! - [`process`]: the one bounded wait for a child, killed and reaped at its limit;
//! - [`chromedriver`]: Debian's `chromedriver` on a port of its choosing, for a real
//!   chromium page;
//! - [`http`]: a plain blocking HTTP/1.1 client and the page's event stream (Server-Sent
//!   Events), with every header as given and every read bounded;
//! - `lichess` (also feature `web`: it is an axum server): a fake lichess on 127.0.0.1
//!   for the online tests and `ansage-bench online`, its Board API over a scripted game
//!   model, the opponent played and the network broken as a test says.
//!
//! Every wait has a bound; a wait that overruns answers a [`KitError`] naming what was
//! awaited and what the process wrote (the tests turn it into a failure, the benchmarks
//! into their error).

pub mod chromedriver;
pub mod http;
#[cfg(feature = "web")]
pub mod lichess;
pub mod process;
pub mod station;

use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// What went wrong in the test kit.
#[derive(Debug, thiserror::Error)]
pub enum KitError {
    /// A program could not be started.
    #[error("`{program}` could not be started: {source}{hint}")]
    Start {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
        /// A remedy, when the program is missing.
        hint: &'static str,
    },
    /// Nothing awaited came within the limit.
    #[error("no {what} within {limit:?}{said}")]
    Timeout {
        /// What was awaited.
        what: String,
        /// The limit.
        limit: Duration,
        /// What the process wrote so far (empty, or a heading and its lines).
        said: String,
    },
    /// The process (or the stream) ended first.
    #[error("it ended before {what}{said}")]
    Ended {
        /// What was awaited.
        what: String,
        /// What the process wrote (empty, or a heading and its lines).
        said: String,
    },
    /// Reading or writing failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// Why it failed.
        source: std::io::Error,
    },
    /// An answer that is not what the protocol says.
    #[error("{0}")]
    Protocol(String),
}

impl KitError {
    /// An I/O error while doing `what`.
    pub fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> KitError {
        let what = what.into();
        move |source| KitError::Io { what, source }
    }
}

/// Held while a child process starts ([`station::StationProcess::spawn`] takes it) and
/// while a test makes handles that are inheritable for an instant (an emulated board's
/// pseudo-terminal pair, until its link replaced them by close-on-exec copies). All the
/// tests run in one test program: a child another test started then would keep that
/// board's pty open, and its cable could never be pulled.
static FORK: Mutex<()> = Mutex::new(());

/// Take this around making handles that a child process must not inherit.
pub fn fork_guard() -> MutexGuard<'static, ()> {
    FORK.lock().unwrap_or_else(PoisonError::into_inner)
}
