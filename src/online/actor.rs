//! The online game's connection (feature `online`): two tasks on the station's runtime.
//!
//! One follows the game's stream: every line becomes the online opponent's input
//! ([`Input::server`]), journaled and handed to the session like any other; a broken or
//! silent stream (no byte for the read timeout) is said once, and the stream is opened
//! again with back-off; each reconnection begins with `gameFull`, from which the session
//! finds what it missed. The other sends the session's requests, one at a time: a refused
//! move becomes an input (the session takes it back); a move whose answer was lost is
//! checked against the server's list after a reconnection, and sent again only if the
//! server lacks it. A refused token stops both with one sentence; a rate limit waits at
//! least a minute.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use shakmaty::Color;
use shakmaty::uci::UciMove;
use tokio::sync::{Notify, mpsc, watch};

use crate::core::input::{Actor, Input};
use crate::core::online::game::GameLine;
use crate::core::online::refusal::with_reason;
use crate::core::output::{Audience, OnlineRequest, Output};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

use super::client::{ApiError, Client};
use super::ndjson::{Decoder, Line};

/// How long the tasks wait (shorter in tests against a server on this machine).
#[derive(Clone, Copy, Debug)]
pub struct Waits {
    /// The first wait before opening a broken stream again; it doubles up to `max_backoff`.
    pub backoff: Duration,
    /// The longest wait between two attempts.
    pub max_backoff: Duration,
    /// The wait after a rate limit (429): at least a minute at lichess.
    pub rate_limit: Duration,
    /// How long a lost request's outcome is looked for in the stream.
    pub resync: Duration,
}

impl Default for Waits {
    fn default() -> Waits {
        Waits {
            backoff: Duration::from_secs(1),
            max_backoff: Duration::from_secs(30),
            rate_limit: Duration::from_secs(60),
            resync: Duration::from_secs(60),
        }
    }
}

/// The game followed online.
#[derive(Debug)]
pub struct Link {
    /// The server and the token.
    pub client: Arc<Client>,
    /// The game's id.
    pub game: String,
    /// The side the online opponent plays.
    pub remote: Color,
    /// The waits.
    pub waits: Waits,
    /// Hand the player chat's lines on (`online.chat`); off: they are dropped here.
    pub chat: bool,
}

/// What the two tasks share.
struct Shared {
    link: Link,
    tx: mpsc::Sender<StationInput>,
    /// The moves of the latest `gameFull` (a reconnection's).
    synced: watch::Sender<Vec<UciMove>>,
    /// Asks the stream to reconnect now.
    reconnect: Notify,
}

impl Shared {
    async fn notice(&self, id: &'static str) {
        self.say(Message::new(id)).await;
    }

    async fn say(&self, message: Message) {
        let to = Audience::player(!self.link.remote);
        let _ = self.tx.send(StationInput::Notice { to, message }).await;
    }

    async fn input(&self, line: GameLine) -> bool {
        let input = Input::server(Actor::Player(self.link.remote), line);
        self.tx.send(StationInput::Input(input)).await.is_ok()
    }
}

/// The running connection: stopped by [`Running::stop`].
pub struct Running {
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Running {
    /// Stops both tasks.
    pub async fn stop(self) {
        for task in self.tasks {
            task.abort();
            let _ = task.await;
        }
    }
}

/// Starts following `link`'s game, handing its lines to `tx`; the sink takes the session's
/// requests to the server.
pub fn spawn(link: Link, tx: mpsc::Sender<StationInput>) -> (OnlineSink, Running) {
    let (requests, rx) = mpsc::channel(16);
    let shared = Arc::new(Shared {
        link,
        tx,
        synced: watch::channel(Vec::new()).0,
        reconnect: Notify::new(),
    });
    let tasks = vec![
        tokio::spawn(follow(shared.clone())),
        tokio::spawn(send_requests(shared, rx)),
    ];
    (OnlineSink { requests }, Running { tasks })
}

/// Follows the game's stream until the game is over, the token is refused or the game is
/// not to be had; opens it again after a break.
async fn follow(shared: Arc<Shared>) {
    let waits = shared.link.waits;
    let path = format!("/api/board/game/stream/{}", shared.link.game);
    let (mut failures, mut lost) = (0u32, false);
    loop {
        let response = match shared.link.client.stream(&path).await {
            Ok(r) => r,
            Err(e) => {
                match e {
                    ApiError::Unauthorized(_) => {
                        return shared.notice("online-token-refused").await;
                    }
                    ApiError::Forbidden(_) => return shared.notice("online-token-scope").await,
                    ApiError::Refused { .. } => {
                        return shared.notice("online-game-unavailable").await;
                    }
                    ApiError::RateLimited => {
                        shared.notice("online-rate-limited").await;
                        tokio::time::sleep(waits.rate_limit).await;
                    }
                    ApiError::Unknown(_) => {
                        if !std::mem::replace(&mut lost, true) {
                            shared.notice("online-connection-lost").await;
                        }
                        tokio::time::sleep(backoff(waits, failures)).await;
                        failures = failures.saturating_add(1);
                    }
                }
                continue;
            }
        };
        if std::mem::take(&mut lost) {
            shared.notice("online-connection-back").await;
        }
        failures = 0;
        match read(&shared, response).await {
            Read::GameOver | Read::StationGone => return,
            Read::Broken => {
                lost = true;
                shared.notice("online-connection-lost").await;
                tokio::time::sleep(backoff(waits, 0)).await;
            }
            Read::Resync => {}
        }
    }
}

/// How a stream's reading ended.
enum Read {
    /// The server ended the game (its last state said so).
    GameOver,
    /// The station's channel is closed: it stops.
    StationGone,
    /// The stream broke, went silent or ended while the game goes on.
    Broken,
    /// A reconnection was asked for (a request's answer was lost).
    Resync,
}

/// Reads one stream's lines into the station.
async fn read(shared: &Shared, response: reqwest::Response) -> Read {
    let mut bytes = response.bytes_stream();
    let mut decoder = Decoder::<GameLine>::new();
    let mut over = false;
    loop {
        let chunk = tokio::select! {
            chunk = bytes.next() => chunk,
            () = shared.reconnect.notified() => return Read::Resync,
        };
        let Some(Ok(chunk)) = chunk else {
            return if over { Read::GameOver } else { Read::Broken };
        };
        for line in decoder.push(&chunk) {
            let line = match line {
                Line::Event(GameLine::ChatLine(_)) if !shared.link.chat => continue,
                Line::Event(line) => line,
                Line::KeepAlive => continue,
                Line::Unreadable(why) => {
                    tracing::warn!("online: {why}");
                    continue;
                }
            };
            let state = match &line {
                GameLine::GameFull(full) => {
                    shared.synced.send_replace(full.state.moves.clone());
                    Some(&full.state)
                }
                GameLine::GameState(state) => Some(state),
                _ => None,
            };
            over |= state.is_some_and(|s| !s.status.ongoing());
            if !shared.input(line).await {
                return Read::StationGone;
            }
        }
    }
}

/// The wait before attempt `failures + 1`: `backoff` doubled per failure, at most
/// `max_backoff`.
pub(super) fn backoff(waits: Waits, failures: u32) -> Duration {
    let factor = 2u32.saturating_pow(failures.min(16));
    waits.backoff.saturating_mul(factor).min(waits.max_backoff)
}

/// Sends the session's requests, one at a time.
async fn send_requests(shared: Arc<Shared>, mut rx: mpsc::Receiver<OnlineRequest>) {
    while let Some(request) = rx.recv().await {
        send_one(&shared, &request).await;
    }
}

/// Sends one request: again after a rate limit; a move whose answer was lost is checked
/// against the server's list (after a reconnection) and sent again only if the server
/// lacks it and waits for it.
async fn send_one(shared: &Shared, request: &OnlineRequest) {
    let client = &shared.link.client;
    let mut resent = false;
    loop {
        match client.request(&shared.link.game, request).await {
            Ok(()) => return,
            Err(ApiError::Refused { error, .. }) => {
                tracing::info!("online: {} refused: {error}", request.text());
                if matches!(request, OnlineRequest::Move { .. }) {
                    shared.input(GameLine::MoveRefused { error }).await;
                } else {
                    let message = Message::new("online-request-refused");
                    shared.say(with_reason(message, &error)).await;
                }
                return;
            }
            Err(ApiError::RateLimited) => {
                shared.notice("online-rate-limited").await;
                tokio::time::sleep(shared.link.waits.rate_limit).await;
            }
            // Online play stops in the session, which takes back a move the server
            // lacks and says how to log in again (issue 32.3).
            Err(ApiError::Unauthorized(_) | ApiError::Forbidden(_)) => {
                shared.input(GameLine::TokenRefused).await;
                return;
            }
            Err(ApiError::Unknown(why)) => {
                tracing::info!("online: {} lost: {why}", request.text());
                let OnlineRequest::Move { uci, ply, .. } = request else {
                    return shared.notice("online-request-unknown").await;
                };
                if resent || !lacks_move(shared, uci, *ply).await {
                    return;
                }
                resent = true;
            }
        }
    }
}

/// After a lost answer to the move `uci` at index `ply`: reconnects the stream and reads
/// the next `gameFull`; whether the server lacks the move and waits for it (then it is sent
/// again, once).
async fn lacks_move(shared: &Shared, uci: &str, ply: usize) -> bool {
    let mut synced = shared.synced.subscribe();
    synced.mark_unchanged();
    shared.reconnect.notify_one();
    let changed = tokio::time::timeout(shared.link.waits.resync, synced.changed()).await;
    if !matches!(changed, Ok(Ok(()))) {
        return false;
    }
    let moves = synced.borrow().clone();
    let made = moves.get(ply).is_some_and(|m| m.to_string() == uci);
    tracing::info!(
        "online: after a lost answer the server has {} moves",
        moves.len()
    );
    !made && moves.len() == ply
}

/// The session's requests to the server ([`Output::Online`]), handed to the sending task.
pub struct OnlineSink {
    requests: mpsc::Sender<OnlineRequest>,
}

impl Sink for OnlineSink {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        for output in outputs {
            if let Output::Online(request) = output
                && self.requests.try_send(request.clone()).is_err()
            {
                tracing::warn!("online: a request was dropped (too many waiting)");
            }
        }
    }
}
