//! The analyst (issue 34.4): the engine that analyses a game gone through, at full
//! strength, one position at a time, on a task of its own. It takes the session's
//! [`Output::Analyse`] requests from its sink and answers each by an input into the
//! station's one channel ([`Input::analysis`]), journaled like every other. A crash, a
//! hang or nonsense is mended by starting the engine again once; a second failure is
//! answered `Failed`, a missing engine `Missing` (the session names the package).

use std::path::PathBuf;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};
use tokio::sync::mpsc;

use crate::core::engine::analysis::{AnalysisReply, AnalysisRequest};
use crate::core::engine::command::SearchLimit;
use crate::core::engine::level::Level;
use crate::core::input::{Actor, Input};
use crate::core::output::Output;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

use super::EngineError;
use super::client::{Engine, Timeouts};

/// How the analyst searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalystConfig {
    /// The engine (`None`: none was found; every request is answered `Missing`).
    pub path: Option<PathBuf>,
    /// Each position's budget (`engine.analysis_ms`, or `engine.analysis_nodes`).
    pub limit: SearchLimit,
    /// How long the engine may take.
    pub timeouts: Timeouts,
}

/// The analyst's sink: hands the session's requests to its task.
#[derive(Debug)]
pub struct AnalystSink {
    requests: mpsc::Sender<AnalysisRequest>,
}

impl Sink for AnalystSink {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        for o in outputs {
            if let Output::Analyse(request) = o
                && self.requests.try_send(request.clone()).is_err()
            {
                tracing::warn!(
                    seq = request.seq,
                    "analysis request dropped: the analyst is gone"
                );
            }
        }
    }
}

/// Starts the analyst's task on the current runtime: its answers go into `inputs`. The
/// task ends, closing the engine, when the sink is dropped.
pub fn spawn(config: AnalystConfig, inputs: mpsc::Sender<StationInput>) -> AnalystSink {
    let (requests, mut rx) = mpsc::channel::<AnalysisRequest>(4);
    tokio::spawn(async move {
        let mut engine: Option<Engine> = None;
        while let Some(request) = rx.recv().await {
            let reply = answer(&config, &mut engine, &request).await;
            let input = Input::analysis(Actor::Arbiter, reply);
            if inputs.send(StationInput::Input(input)).await.is_err() {
                break;
            }
        }
        if let Some(engine) = engine.take() {
            engine.close().await;
        }
    });
    AnalystSink { requests }
}

/// The answer to one request: searched, the engine started again once after a failure.
async fn answer(
    config: &AnalystConfig,
    engine: &mut Option<Engine>,
    request: &AnalysisRequest,
) -> AnalysisReply {
    let seq = request.seq;
    let Some(path) = &config.path else {
        return AnalysisReply::Missing;
    };
    let Some((start, moves, mode)) = position(request) else {
        tracing::warn!(seq, "analysis request of a position that does not play out");
        return AnalysisReply::Failed { seq };
    };
    for attempt in 0..2 {
        let result = search(path, config, engine, &start, &moves, mode).await;
        match result {
            Ok(Some((score, pv))) => return AnalysisReply::Found { seq, score, pv },
            Ok(None) => return AnalysisReply::Failed { seq },
            Err(EngineError::NotFound { .. } | EngineError::Start { .. }) => {
                return AnalysisReply::Missing;
            }
            Err(e) => {
                tracing::warn!(error = %e, attempt, "analysis failed; restarting the engine");
                if let Some(e) = engine.take() {
                    e.kill().await;
                }
            }
        }
    }
    AnalysisReply::Failed { seq }
}

/// One search, the engine started if it is not running: the score and line, or `None`
/// when the engine gave no score.
async fn search(
    path: &std::path::Path,
    config: &AnalystConfig,
    engine: &mut Option<Engine>,
    start: &Chess,
    moves: &[Move],
    mode: CastlingMode,
) -> Result<Option<(crate::core::engine::score::Score, Vec<UciMove>)>, EngineError> {
    if engine.is_none() {
        let full = Level::new(10).ok_or_else(|| EngineError::Crashed("no level 10".into()))?;
        *engine = Some(Engine::start(path, full, config.timeouts).await?);
    }
    let Some(running) = engine.as_mut() else {
        return Err(EngineError::Crashed("not started".into()));
    };
    let found = running.search(start, moves, mode, config.limit).await?;
    Ok(found.score.map(|s| (s, found.pv)))
}

/// The request's start and moves, if they play out.
fn position(request: &AnalysisRequest) -> Option<(Chess, Vec<Move>, CastlingMode)> {
    let mode = if request.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let fen: Fen = request.start.parse().ok()?;
    let start: Chess = fen.into_position(mode).ok()?;
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(request.moves.len());
    for uci in &request.moves {
        let mv = uci.to_move(&pos).ok()?;
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    Some((start, moves, mode))
}
