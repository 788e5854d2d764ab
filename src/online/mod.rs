//! Online play through the lichess Board API (issue 24): the adapter around
//! [`crate::core::online`].
//!
//! The server's streams are NDJSON: one JSON object a line, and an empty line every few
//! seconds to show the connection lives. [`ndjson`] splits the bytes into lines and reads
//! each into the core's types, whatever the bytes and however they were split into reads
//! (fuzzed: `fuzz/fuzz_targets/online.rs`). It is pure and always built, like the
//! electronic boards' decoders; the transport comes with the feature `online`.

pub mod ndjson;
