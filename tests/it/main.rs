//! ansage's integration tests: one test program (issue 23), its modules by topic, the
//! helpers they share in `support`. The device rig's tests are the other test program
//! (`tests/rig/`). Run one topic with `cargo test --all-features --test it TOPIC::`
//! (`cargo test --test it golden::`, `… eboard::play::`); ARCHITECTURE.md (Tests) has the
//! layout and where a new test goes.

mod support;

mod braille;
mod cli;
mod clock;
mod eboard;
mod engine;
mod golden;
mod hearing;
mod journal;
mod online;
mod protocol;
mod records;
mod speech;
mod station;
mod tidy;
mod web;
