//! Online play through the lichess Board API (issue 24): the adapter around
//! [`crate::core::online`].
//!
//! The server's streams are NDJSON: one JSON object a line, and an empty line every few
//! seconds to show the connection lives. [`ndjson`] splits the bytes into lines and reads
//! each into the core's types, whatever the bytes and however they were split into reads
//! (fuzzed: `fuzz/fuzz_targets/online.rs`). It is pure and always built, like the
//! electronic boards' decoders, and so are [`address`] (https only, http only to a
//! loopback address) and [`token`] (the token as a secret that never prints, its file its
//! owner's alone). With the feature `online`: `client` (the HTTP requests, reqwest with
//! rustls), `actor` (the game's stream followed and reconnected, the session's
//! requests sent one at a time), `lobby` (the menu's event stream and requests) and
//! `retry` (what both share to follow the core's reconnection rule).

#[cfg(feature = "online")]
pub mod actor;
pub mod address;
#[cfg(feature = "online")]
pub mod client;
#[cfg(feature = "online")]
pub mod lobby;
pub mod ndjson;
#[cfg(feature = "online")]
pub mod retry;
pub mod token;
