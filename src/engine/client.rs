//! One engine, started and spoken to: the handshake (`uci` … `uciok`, its name and
//! options), the level's options, and one search at a time, its best move checked against
//! the position it was given.

use std::path::Path;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use tokio::time::Instant;

use super::EngineError;
use super::process::EngineProcess;
use crate::core::engine::command::{Command, SearchLimit, play_out};
use crate::core::engine::level::Level;
use crate::core::engine::score::Score;
use crate::core::engine::uci::{EngineLine, EngineOption, UciError, legal_move};

/// How long the engine has to answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For `uci` and `isready` (starting and setting up).
    pub start: Duration,
    /// For one move's search, from `go` to `bestmove`.
    pub search: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            start: Duration::from_secs(10),
            search: Duration::from_secs(30),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// The engine's move, legal in the position; `None` when there is none (the game is
    /// over).
    pub best: Option<Move>,
    /// The last evaluation of the best line, from the side to move's point of view.
    pub score: Option<Score>,
    /// The best line as far as the engine gave it.
    pub pv: Vec<UciMove>,
    /// The depth reached.
    pub depth: Option<u32>,
}

/// A started engine, ready for a search.
#[derive(Debug)]
pub struct Engine {
    process: EngineProcess,
    name: String,
    options: Vec<EngineOption>,
    timeouts: Timeouts,
}

impl Engine {
    /// Starts the engine at `path` and sets `level`.
    pub async fn start(
        path: &Path,
        level: Level,
        timeouts: Timeouts,
    ) -> Result<Engine, EngineError> {
        let mut process = EngineProcess::spawn(path)?;
        process.send(&Command::Uci).await?;
        let until = Instant::now() + timeouts.start;
        let (mut name, mut options) = (String::new(), Vec::new());
        loop {
            match process.read(until, "uci").await? {
                EngineLine::Name(n) => name = n,
                EngineLine::Option(o) => options.push(o),
                EngineLine::UciOk => break,
                _ => {}
            }
        }
        let mut engine = Engine {
            process,
            name,
            options,
            timeouts,
        };
        engine.set_level(level).await?;
        Ok(engine)
    }

    /// The engine's name and version (`id name`), as it gave them.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The options it offers.
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// Sets the level's options and waits until the engine is ready.
    pub async fn set_level(&mut self, level: Level) -> Result<(), EngineError> {
        for (name, value) in level.strength().options(&self.options) {
            self.process.send(&Command::SetOption(name, value)).await?;
        }
        self.ready().await
    }

    /// `isready` … `readyok`.
    pub async fn ready(&mut self) -> Result<(), EngineError> {
        self.process.send(&Command::IsReady).await?;
        let until = Instant::now() + self.timeouts.start;
        while self.process.read(until, "isready").await? != EngineLine::ReadyOk {}
        Ok(())
    }

    /// A new game: the engine forgets what it learnt of the last one.
    pub async fn new_game(&mut self) -> Result<(), EngineError> {
        self.process.send(&Command::NewGame).await?;
        self.ready().await
    }

    /// Searches the position after `moves` from `start` within `limit`. A search that
    /// outlasts its time is stopped (`stop`, a second to answer) and is an error; so is a
    /// best move that is not legal there (the engine is not to be trusted after either).
    pub async fn search(
        &mut self,
        start: &Chess,
        moves: &[Move],
        mode: CastlingMode,
        limit: SearchLimit,
    ) -> Result<Search, EngineError> {
        let pos = play_out(start, moves).ok_or_else(|| {
            EngineError::Nonsense(UciError::Illegal("the game's own moves".into()))
        })?;
        self.process
            .send(&Command::position(start, moves, mode))
            .await?;
        self.process.send(&Command::Go(limit)).await?;
        let until = Instant::now() + self.timeouts.search;
        let mut found = Search {
            best: None,
            score: None,
            pv: Vec::new(),
            depth: None,
        };
        loop {
            let line = match self.process.read(until, "go").await {
                Err(EngineError::Timeout { what, ms }) => {
                    self.stop().await?;
                    return Err(EngineError::Timeout { what, ms });
                }
                other => other?,
            };
            match line {
                EngineLine::Info(info) if info.multipv.unwrap_or(1) == 1 => {
                    found.score = info.score.or(found.score);
                    found.depth = info.depth.or(found.depth);
                    if !info.pv.is_empty() {
                        found.pv = info.pv;
                    }
                }
                EngineLine::BestMove(mv) => {
                    found.best = mv.map(|m| legal_move(&pos, &m)).transpose()?;
                    if found.best.is_none() && !pos.legal_moves().is_empty() {
                        return Err(UciError::Illegal("(none)".into()).into());
                    }
                    return Ok(found);
                }
                _ => {}
            }
        }
    }

    /// `stop`, and its best move read and dropped within a second (the search outlasted
    /// its time: its answer is not used).
    async fn stop(&mut self) -> Result<(), EngineError> {
        self.process.send(&Command::Stop).await?;
        let until = Instant::now() + Duration::from_secs(1);
        while !matches!(
            self.process.read(until, "stop").await?,
            EngineLine::BestMove(_)
        ) {}
        Ok(())
    }

    /// Ends the engine: `quit`, killed after a second.
    pub async fn close(self) {
        self.process.close(Duration::from_secs(1)).await;
    }

    /// Kills the engine at once (it hung or crashed).
    pub async fn kill(self) {
        self.process.kill().await;
    }
}
