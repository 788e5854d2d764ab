#![warn(missing_docs)]
//! ansage: a station for over-the-board chess with blind and visually impaired players,
//! under FIDE Laws Appendix D.
//!
//! The crate is split in two (see `ARCHITECTURE.md`):
//! - [`core`]: the pure, sans-IO heart. It never reads a clock, touches a file or a device.
//! - the adapters around it: [`station`] (the tokio main loop), [`console`], [`hearing`]
//!   (speech recognizers), [`speech`] (the voice and its queue), [`record`] (the audio
//!   and spoken scoresheets), [`audio`] (earcons through the sound card), and
//!   [`bench`](mod@crate::bench) (measurements).

pub mod audio;
pub mod bench;
pub mod console;
pub mod core;
pub mod devices;
pub mod hearing;
pub mod journal;
pub mod record;
pub mod speech;
pub mod station;
