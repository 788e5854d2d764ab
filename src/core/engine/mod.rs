//! The training opponent's protocol as pure data (issue 34): what a UCI engine says
//! ([`uci`]: its lines read and refused when they make no sense), what the station says to
//! it ([`command`]), what passes between a training game and its engine ([`exchange`]), how strong it plays ([`level`]) and what its evaluation means
//! ([`score`]).
//!
//! The engine is an opponent the way the lichess server is: the process lives in the
//! adapter `crate::engine` (feature `engine`), owned by tokio, never on the main loop;
//! everything here is pure and fuzzed (`fuzz/fuzz_targets/uci.rs`), so that the review and
//! analysis of issue 34 (points 3 to 5) can use the same reader and commands.

pub mod analysis;
pub mod command;
pub mod exchange;
pub mod level;
pub mod score;
pub mod uci;

/// The Debian package that brings the engine (named in the sentence that says it is
/// missing).
pub const PACKAGE: &str = "stockfish";
