//! Benchmarks of the core, run by the adapters (they may read the clock; the core never does).
//!
//! - [`resolve`]: how long [`crate::core::words::Vocabulary::resolve`] takes over the
//!   positions of real games.
//! - [`clock`]: how late scheduled clock announcements and the flag are handed to the
//!   speech output by the real tokio main loop, with the other core kept busy.
//! - [`journal`]: how long a confirmed move takes to be announced as made, the journal's
//!   fdatasync included.

pub mod clock;
pub mod journal;
pub mod resolve;
