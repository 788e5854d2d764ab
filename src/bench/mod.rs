//! Benchmarks of the core, run by the adapters (they may read the clock; the core never does).
//!
//! - [`resolve`]: how long [`crate::core::words::Vocabulary::resolve`] takes over the
//!   positions of real games.

pub mod resolve;
