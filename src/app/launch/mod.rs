//! The one station launch of every command that plays at the station (`play`, `train`,
//! `online`, `review`, `demo`): a [`Game`] (its session, its journal, the console's sink
//! and what has been said to it so far) → the devices the settings ask for → the main loop
//! ([`crate::station::run_journaled`]) with its [`Players`] → every device closed. [`run`]
//! returns the session for the records.
//!
//! - `mod.rs`: the sinks, the helpers and the players.
//! - `game.rs`: [`Game`], [`JournalAt`], the game's folder and its name.
//! - `resume.rs`: [`Game::resume`], a game continued from its journal.
//! - `open.rs`: the devices and the web page opened; "starting" and "ready".
//! - `run.rs`: [`run`], the station's runtime from the devices' opening to their closing.

mod game;
mod open;
mod resume;
mod run;

use tokio::sync::mpsc;

use crate::app::scripted::Pace;
use crate::core::script::Step;
use crate::station::Sink;

pub use game::{Game, JournalAt};
pub use open::{ready_outputs, station_says};
pub use run::run;

/// Where the outputs go.
pub type Sinks = Vec<Box<dyn Sink + Send>>;

/// A service started with the station's channel once its runtime runs (the analysing
/// engine, issue 34.4): its sink, which it answers through the channel.
pub type Helper =
    Box<dyn FnOnce(mpsc::Sender<crate::station::StationInput>) -> Box<dyn Sink + Send> + Send>;

/// Who plays at the station.
#[derive(Debug)]
pub enum Players {
    /// People: lines typed on the console, and the devices' keys and microphone.
    Console,
    /// A script's inputs, sent at their scaled instants, each once the station has
    /// stopped speaking ([`crate::app::scripted::drive`]).
    Scripted {
        /// The script's steps.
        steps: Vec<Step>,
        /// How fast.
        pace: Pace,
    },
}
