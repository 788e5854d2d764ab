#![warn(missing_docs)]
//! ansage: a station for over-the-board chess with blind and visually impaired players,
//! under FIDE Laws Appendix D.
//!
//! The crate is split in two (see `ARCHITECTURE.md`):
//! - [`core`]: the pure, sans-IO heart. It never reads a clock, touches a file or a device.
//! - the adapters around it: [`station`] (the tokio main loop), [`console`], [`hearing`]
//!   (speech recognizers), [`speech`] (the voice and its queue), [`recorder`] (the audio
//!   and spoken scoresheets: D.2.6's recording device), [`audio`] (microphone and earcons
//!   through the sound card), [`braille`] (the display), [`eboard`] (the sighted player's
//!   electronic board), [`engine`] (the training opponent, a UCI engine),
//!   [`online`] (games on lichess through its Board API), `web` (the page for the
//!   opponent, the arbiter and spectators; feature `web`), [`tls`] (its certificate),
//!   [`journal_file`] (the journal on disk), [`adapter`] (what the adapters share),
//!   [`secret`] (the one redacting type for codes and tokens), [`config`] (the settings
//!   file), [`doctor`], [`models`] (installing the speech models);
//! - [`app`]: the `ansage` program's commands, on top of everything (the one station
//!   set-up of `play` and `demo`, opening every device).
//!
//! The benchmarks are a program of their own, `ansage-bench` (feature `bench`,
//! `src/bin/ansage-bench/`), outside the library. The test tools are built only with the
//! feature `testing` (for the tests, the benchmarks and `fuzz/`): the board emulator
//! (`eboard::emulator`), the test kit (`testkit`: the station as a child process,
//! chromedriver, an HTTP client), the fuzz targets' entry functions (`fuzz`) and the
//! Korean stand-in words of the vosk tests (`hearing::vocabulary::KO_STANDIN`).

pub mod adapter;
pub mod app;
pub mod audio;
pub mod braille;
pub mod config;
pub mod console;
pub mod core;
pub mod doctor;
pub mod eboard;
pub mod engine;
#[cfg(feature = "testing")]
pub mod fuzz;
pub mod hearing;
pub mod journal_file;
pub mod models;
pub mod online;
pub mod recorder;
pub mod secret;
pub mod speech;
pub mod station;
#[cfg(feature = "testing")]
pub mod testkit;
pub mod tls;
#[cfg(feature = "web")]
pub mod web;
