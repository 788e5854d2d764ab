//! The pure core: rules, the Appendix D protocol, clock, words, scoresheets.
//!
//! Invariant (checked by `tests/it/tidy/code.rs`): nothing in this module tree reads the
//! time, does I/O, spawns threads or uses tokio. Time is always passed in as a
//! [`time::Timestamp`].

pub mod analysis;
pub mod clock;
pub mod command_table;
pub mod commands;
pub mod display;
pub mod durations;
pub mod eboard;
pub mod engine;
pub mod game_record;
pub mod grammar;
pub mod input;
pub mod journal;
pub mod lang;
pub mod laws;
pub mod online;
pub mod output;
pub mod phrases;
pub mod ply;
pub mod questions;
pub mod quick_reference;
pub mod render;
pub mod resume;
pub mod scoresheet;
pub mod script;
pub mod session;
pub mod settings;
pub mod setup;
pub mod side;
pub mod status;
pub mod step_view;
pub mod time;
pub mod view;
pub mod words;
