//! The `ansage` program's commands: each command's arguments (clap) and what it does.
//! `src/main.rs` only parses the command line and dispatches here.
//!
//! This module sits on top of every other one and nothing depends on it: it wires the
//! adapters together (ARCHITECTURE.md).
//!
//! - [`cli`]: the command line (clap), every command and its arguments.
//! - [`options`]: the settings on the command line (a file, named flags, `--set`).
//! - [`at_station`]: the one way `play`, `train`, `online` and `review` play a game at
//!   the station and keep its records; each says only what differs.
//! - [`launch`]: the one station launch: a game (session, journal, the console's sink) →
//!   the devices → the main loop with its players → the devices closed.
//! - [`devices`]: opening every device the settings ask for.
//! - [`records`]: the game's PGN, BRF and WAV, kept current and at the end.
//! - [`analysis`]: the analysing engine and the analysed game's file (issue 34.4).
//! - [`play`], `train` (feature `engine`), `online` (feature `online`: a folder),
//!   [`review`], [`demo`], [`sheets`] (`compare`, `export`), [`check`] (`config`,
//!   `doctor`), [`script`], [`models`] (`models install`, `models list`): the commands.
//! - [`failure`]: a failure to start said, shown and printed in the game's language.
//! - [`AppError`]: why a command failed (`error/`; an online command's typed causes in
//!   `error/online.rs`).

pub mod analysis;
pub mod at_station;
pub mod check;
pub mod cli;
pub mod demo;
pub mod devices;
mod error;
pub mod failure;
pub mod launch;
pub mod models;
#[cfg(feature = "online")]
pub mod online;
pub mod options;
pub mod play;
pub mod records;
pub mod review;
pub mod script;
pub mod scripted;
pub mod sheets;
#[cfg(feature = "engine")]
pub mod train;
pub mod web;

pub use error::AppError;
#[cfg(feature = "online")]
pub use error::OnlineError;
