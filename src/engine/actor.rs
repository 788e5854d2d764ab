//! The training engine as an actor on the station's runtime (issue 34.1): the session's
//! requests ([`Output::Engine`]) come in through a bounded channel, and each answer goes
//! back into the station's one channel as the engine's input ([`Input::engine`]),
//! journaled like any other. The engine never runs on the main loop: its process is
//! tokio's, owned by this task's [`Opponent`].
//!
//! A crash, a hang or nonsense is mended by the [`Opponent`] (restarted, given the whole
//! position again) and told ([`EngineReply::Restarted`]); an engine that cannot answer
//! even so is told once ([`EngineReply::Failed`]) and asked again after a wait that grows
//! (1 s, 2 s, 4 s … at most 30 s) and starts again from 1 s once it answers: never a storm,
//! never silent. A newer request (a move taken back meanwhile) replaces the one waited
//! for.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};
use tokio::sync::mpsc;

use super::EngineError;
use super::client::Timeouts;
use super::opponent::{Incident as Mended, Opponent};
use crate::core::engine::exchange::{EngineReply, EngineRequest, Incident};
use crate::core::engine::level::Level;
use crate::core::input::{Actor, Input};
use crate::core::output::Output;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

/// The first wait before an engine that could not answer is asked again.
const FIRST_WAIT: Duration = Duration::from_secs(1);
/// The longest wait.
const LONGEST_WAIT: Duration = Duration::from_secs(30);

/// The engine of a training game.
#[derive(Clone, Debug)]
pub struct Link {
    /// The engine's program (found by [`super::find::find`]).
    pub path: PathBuf,
    /// The side it plays.
    pub side: Color,
    /// How long it may take.
    pub timeouts: Timeouts,
    /// A fixed node budget for every move (tests, benchmarks); `None`: the level's.
    pub nodes: Option<u64>,
}

/// The running actor: stopped by [`Running::stop`].
#[derive(Debug)]
pub struct Running {
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops the actor; its engine process is killed with it.
    pub async fn stop(self) {
        self.task.abort();
        let _ = self.task.await;
    }
}

/// Starts the engine's actor: `first` is the request the session waits for already (the
/// engine opens the game, or is to move in a resumed one); the sink hands it the later
/// ones.
pub fn spawn(
    link: Link,
    first: Option<EngineRequest>,
    tx: mpsc::Sender<StationInput>,
) -> (EngineSink, Running) {
    let (requests, rx) = mpsc::channel(8);
    if let Some(first) = first {
        // The channel is new and empty: the first request always fits.
        let _ = requests.try_send(first);
    }
    let task = tokio::spawn(run(link, rx, tx));
    (EngineSink { requests }, Running { task })
}

/// The session's requests to the engine ([`Output::Engine`]), handed to the actor.
#[derive(Debug)]
pub struct EngineSink {
    requests: mpsc::Sender<EngineRequest>,
}

impl Sink for EngineSink {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        for output in outputs {
            if let Output::Engine(request) = output
                && self.requests.try_send(request.clone()).is_err()
            {
                tracing::warn!("engine: a request was dropped (too many waiting)");
            }
        }
    }
}

/// Answers the requests one at a time, the newest first, until the station goes.
async fn run(link: Link, mut rx: mpsc::Receiver<EngineRequest>, tx: mpsc::Sender<StationInput>) {
    let by = Actor::Player(link.side);
    let send = |reply: EngineReply| {
        let tx = tx.clone();
        async move {
            tx.send(StationInput::Input(Input::engine(by, reply)))
                .await
                .is_ok()
        }
    };
    let mut opponent = Opponent::new(link.path, Level::DEFAULT, link.timeouts, link.nodes);
    let mut wait = FIRST_WAIT;
    let mut next: Option<EngineRequest> = None;
    loop {
        let Some(mut request) = next.take().or(rx.recv().await) else {
            break;
        };
        while let Ok(newer) = rx.try_recv() {
            request = newer;
        }
        let seq = request.seq;
        let answer = play(&mut opponent, &request).await;
        for incident in &answer.mended {
            if !send(EngineReply::Restarted {
                seq,
                incident: *incident,
            })
            .await
            {
                return;
            }
        }
        let reply = match answer.result {
            Ok(Some(uci)) => EngineReply::Move { seq, uci },
            // No move: the game is over (the session knows it already).
            Ok(None) => continue,
            Err(EngineError::NotFound { .. }) => EngineReply::Missing,
            Err(e) => {
                tracing::warn!(error = %e, "engine: no move; asking again in {wait:?}");
                if !send(EngineReply::Failed { seq }).await {
                    return;
                }
                // A newer request replaces this one; else it is asked again.
                next = tokio::select! {
                    newer = rx.recv() => match newer {
                        Some(newer) => Some(newer),
                        None => break,
                    },
                    () = tokio::time::sleep(wait) => Some(request),
                };
                wait = (wait * 2).min(LONGEST_WAIT);
                continue;
            }
        };
        wait = FIRST_WAIT;
        if !send(reply).await {
            return;
        }
    }
    opponent.close().await;
}

/// What one request gave: the move (none when the game is over) or why not, and the
/// failures mended on the way.
struct Answer {
    result: Result<Option<UciMove>, EngineError>,
    mended: Vec<Incident>,
}

/// The engine's move for `request`, at its level.
async fn play(opponent: &mut Opponent, request: &EngineRequest) -> Answer {
    let (start, moves, mode) = match position(request) {
        Ok(p) => p,
        Err(e) => {
            return Answer {
                result: Err(e),
                mended: Vec::new(),
            };
        }
    };
    if opponent.level() != request.level
        && let Err(e) = opponent.set_level(request.level).await
    {
        // The search below finds the engine broken and restarts it at the new level.
        tracing::info!(error = %e, "engine: setting the level failed");
    }
    let played = opponent.play(&start, &moves, mode).await;
    let failed = played.result.is_err();
    let count = played.incidents.len() - usize::from(failed && !played.incidents.is_empty());
    let mended = played.incidents[..count]
        .iter()
        .map(|i| match i {
            Mended::Crashed => Incident::Crashed,
            Mended::TimedOut => Incident::TimedOut,
            Mended::Nonsense => Incident::Nonsense,
        })
        .collect();
    Answer {
        result: played
            .result
            .map(|search| search.best.map(|m| m.to_uci(mode))),
        mended,
    }
}

/// The request's start, moves and castling mode, as the engine is given them.
fn position(request: &EngineRequest) -> Result<(Chess, Vec<Move>, CastlingMode), EngineError> {
    use crate::core::engine::uci::UciError;
    let mode = if request.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let bad = |what: String| EngineError::Nonsense(UciError::Illegal(what));
    let start: Chess = Fen::from_str(&request.start)
        .map_err(|e| bad(e.to_string()))?
        .into_position(mode)
        .map_err(|e| bad(e.to_string()))?;
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(request.moves.len());
    for uci in &request.moves {
        let mv = uci.to_move(&pos).map_err(|e| bad(e.to_string()))?;
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    Ok((start, moves, mode))
}
