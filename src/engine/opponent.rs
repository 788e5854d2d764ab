//! The engine as an opponent that survives it (issue 34.6): a search whose engine crashed,
//! hung past its time or answered an illegal move is told as an [`Incident`], the engine
//! killed and started again, and given the whole position again (the game's start and its
//! moves, as the journal has them: nothing is lost). A second failure in a row is the
//! search's error, for the station to say; the next search starts the engine afresh.

use std::path::PathBuf;

use shakmaty::{CastlingMode, Chess, Move};

use super::EngineError;
use super::client::{Engine, Search, Timeouts};
use crate::core::engine::command::SearchLimit;
use crate::core::engine::level::Level;

/// Something that went wrong with the engine and was mended by restarting it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Incident {
    /// It ended or closed its output.
    Crashed,
    /// It did not answer within its time.
    TimedOut,
    /// It answered a move that is not legal.
    Nonsense,
}

/// What one move's search gave: the search or why not, and what was mended on the way.
#[derive(Debug)]
pub struct Played {
    /// The search, or the error after the restart failed too.
    pub result: Result<Search, EngineError>,
    /// Each failure, in order (told to the player: "Die Engine ist abgestürzt und wurde
    /// neu gestartet.").
    pub incidents: Vec<Incident>,
}

/// The training opponent: an engine started when first needed and restarted after a
/// failure.
#[derive(Debug)]
pub struct Opponent {
    path: PathBuf,
    level: Level,
    timeouts: Timeouts,
    nodes: Option<u64>,
    engine: Option<Engine>,
}

impl Opponent {
    /// The engine at `path` at `level`; `nodes` replaces the level's node budget (a
    /// fixed budget for tests and benchmarks).
    pub fn new(path: PathBuf, level: Level, timeouts: Timeouts, nodes: Option<u64>) -> Opponent {
        Opponent {
            path,
            level,
            timeouts,
            nodes,
            engine: None,
        }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The running engine's name, if it runs.
    pub fn name(&self) -> Option<&str> {
        self.engine.as_ref().map(Engine::name)
    }

    /// The engine, started if it is not running.
    pub async fn engine(&mut self) -> Result<&mut Engine, EngineError> {
        if self.engine.is_none() {
            self.engine = Some(Engine::start(&self.path, self.level, self.timeouts).await?);
        }
        self.engine
            .as_mut()
            .ok_or_else(|| EngineError::Crashed("not started".into()))
    }

    /// A new level, from the next move on (set at once if the engine runs).
    pub async fn set_level(&mut self, level: Level) -> Result<(), EngineError> {
        self.level = level;
        match self.engine.as_mut() {
            Some(engine) => engine.set_level(level).await,
            None => Ok(()),
        }
    }

    /// The search of one move: the level's (or the fixed node budget's).
    pub fn limit(&self) -> SearchLimit {
        let mut limit = self.level.strength().limit;
        if let Some(nodes) = self.nodes {
            limit.nodes = Some(nodes);
        }
        limit
    }

    /// The engine's move in the position after `moves` from `start`, restarting it once
    /// after a failure.
    pub async fn play(&mut self, start: &Chess, moves: &[Move], mode: CastlingMode) -> Played {
        let limit = self.limit();
        let mut incidents = Vec::new();
        loop {
            let result = match self.engine().await {
                Ok(engine) => engine.search(start, moves, mode, limit).await,
                Err(e) => Err(e),
            };
            let incident = match &result {
                Ok(_) | Err(EngineError::NotFound { .. } | EngineError::Start { .. }) => None,
                Err(EngineError::Crashed(_)) => Some(Incident::Crashed),
                Err(EngineError::Timeout { .. }) => Some(Incident::TimedOut),
                Err(EngineError::Nonsense(_)) => Some(Incident::Nonsense),
            };
            let Some(incident) = incident else {
                return Played { result, incidents };
            };
            if let Err(e) = &result {
                tracing::warn!(error = %e, "engine failed; restarting it");
            }
            if let Some(engine) = self.engine.take() {
                engine.kill().await;
            }
            incidents.push(incident);
            if incidents.len() >= 2 {
                return Played { result, incidents };
            }
        }
    }

    /// Ends the engine if it runs.
    pub async fn close(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.close().await;
        }
    }
}
