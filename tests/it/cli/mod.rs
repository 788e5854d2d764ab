//! The `ansage` program as a user runs it: its commands, its settings, its console.

mod commands;
mod config;
mod console;
mod models;
#[cfg(feature = "package")]
mod package;
#[cfg(feature = "online")]
mod start_failures;
