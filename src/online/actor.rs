//! The online game's connection (feature `online`): two tasks on the station's runtime.
//!
//! One follows the game's stream: every line becomes the online opponent's input
//! ([`Input::server`]), journaled and handed to the session like any other. When the
//! stream breaks, ends, goes silent (no byte for the read timeout) or sends no `gameFull`
//! in time (keep-alives only, a drip), or opening it fails, the core's reconnection rule
//! ([`crate::core::online::reconnect`]) says how long to wait and what to say: one
//! back-off that grows until a stream has been stable, "lost" and "back" once per outage;
//! a token refused ends online play in the session ([`GameLine::TokenRefused`], as for a
//! request), a game not to be had ends it with one sentence. Each reconnection
//! begins with `gameFull`, from which the session finds what it missed. The other task
//! sends the session's requests, one at a time: a refused move becomes an input (the
//! session takes it back); a move whose answer was lost becomes an input too
//! ([`GameLine::MoveLost`]), and the stream is opened again at once: from its `gameFull`
//! the session decides whether to send the move again (once). A rate limit waits at
//! least a minute.

use std::sync::Arc;

use futures_util::StreamExt;
use shakmaty::Color;
use tokio::sync::{Notify, mpsc, watch};

use crate::core::input::{Actor, Input};
use crate::core::online::game::GameLine;
use crate::core::online::reconnect::{Failure, Next, Reconnect, Verdict};
use crate::core::online::refusal::with_reason;
use crate::core::output::{Audience, OnlineRequest, Output};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

use super::client::{ApiError, Client};
use super::ndjson::{Decoder, Line};
pub use super::retry::Waits;
use super::retry::{Clock, Stream, seed, sentence, verdict};

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
    /// Asks the stream to reconnect now (a request's answer was lost).
    reconnect: Notify,
    /// How many `gameFull` lines were handed to the station: after a lost answer the
    /// next request waits for the reconnection's (order only: what the server lacks is
    /// the session's to decide).
    fulls: watch::Sender<u64>,
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
        reconnect: Notify::new(),
        fulls: watch::channel(0).0,
    });
    let tasks = vec![
        tokio::spawn(follow(shared.clone())),
        tokio::spawn(send_requests(shared, rx)),
    ];
    (OnlineSink { requests }, Running { tasks })
}

/// Follows the game's stream until the game is over, the token is refused or the game is
/// not to be had; opens it again after a break, as the reconnection rule says.
async fn follow(shared: Arc<Shared>) {
    let path = format!("/api/board/game/stream/{}", shared.link.game);
    let clock = Clock::start();
    let mut rule = Reconnect::new(shared.link.waits.rule, seed());
    loop {
        let next = match shared.link.client.stream(&path).await {
            Ok(response) => {
                rule.opened(clock.now());
                match read(&shared, response, &mut rule, clock).await {
                    Read::GameOver | Read::StationGone => return,
                    Read::Resync => continue,
                    Read::Broken => rule.ended(clock.now()),
                    Read::Silent => rule.failed(Failure::Network),
                }
            }
            Err(e) => match verdict(&e) {
                Verdict::Retry(failure) => {
                    tracing::info!("online: the game's stream: {e}");
                    rule.failed(failure)
                }
                // Online play stops in the session, as after a refused move: a move on its
                // way taken back, how to log in again said (issue 32.2).
                Verdict::TokenRefused | Verdict::TokenScope => {
                    tracing::info!("online: the game's stream: {e}");
                    shared.input(GameLine::TokenRefused).await;
                    return;
                }
                Verdict::Unavailable => {
                    tracing::info!("online: the game's stream: {e}");
                    return shared.notice("online-game-unavailable").await;
                }
            },
        };
        wait(&shared, next).await;
    }
}

/// Says what the rule says, and waits its wait.
async fn wait(shared: &Shared, next: Next) {
    if let Some(said) = next.say {
        shared.notice(sentence(said, Stream::Game)).await;
    }
    tokio::time::sleep(next.wait).await;
}

/// How a stream's reading ended.
enum Read {
    /// The server ended the game (its last state said so).
    GameOver,
    /// The station's channel is closed: it stops.
    StationGone,
    /// The stream broke, went silent or ended while the game goes on.
    Broken,
    /// No `gameFull` within the start's wait (keep-alives only, or a drip).
    Silent,
    /// A reconnection was asked for (a request's answer was lost).
    Resync,
}

/// Reads one stream's lines into the station; tells the rule of its real lines, and says
/// "back" when it has been stable.
async fn read(
    shared: &Shared,
    response: reqwest::Response,
    rule: &mut Reconnect,
    clock: Clock,
) -> Read {
    let mut bytes = response.bytes_stream();
    let mut decoder = Decoder::<GameLine>::new();
    let (mut over, mut full) = (false, false);
    let silent_at = tokio::time::Instant::now() + shared.link.waits.start;
    loop {
        let stable_at = rule.next_deadline().map(|t| clock.instant(t));
        let chunk = tokio::select! {
            chunk = bytes.next() => chunk,
            () = shared.reconnect.notified() => return Read::Resync,
            () = tokio::time::sleep_until(silent_at), if !full => return Read::Silent,
            () = sleep_until(stable_at), if stable_at.is_some() => {
                if let Some(said) = rule.poll(clock.now()) {
                    shared.notice(sentence(said, Stream::Game)).await;
                }
                continue;
            }
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
                GameLine::GameFull(f) => Some(&f.state),
                GameLine::GameState(state) => Some(state),
                _ => None,
            };
            over |= state.is_some_and(|s| !s.status.ongoing());
            let is_full = matches!(line, GameLine::GameFull(_));
            full |= is_full;
            if !shared.input(line).await {
                return Read::StationGone;
            }
            if is_full {
                shared.fulls.send_modify(|n| *n += 1);
            }
            if let Some(said) = rule.line(clock.now()) {
                shared.notice(sentence(said, Stream::Game)).await;
            }
        }
    }
}

/// Sleeps until `at` (for ever without one; the `select!` guards that case).
async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Sends the session's requests, one at a time.
async fn send_requests(shared: Arc<Shared>, mut rx: mpsc::Receiver<OnlineRequest>) {
    while let Some(request) = rx.recv().await {
        send_one(&shared, &request).await;
    }
}

/// Sends one request: again after a rate limit; a move whose answer was lost is told to
/// the session ([`GameLine::MoveLost`]) and the stream opened again, whose `gameFull`
/// lets the session decide whether to send it again.
async fn send_one(shared: &Shared, request: &OnlineRequest) {
    let client = &shared.link.client;
    loop {
        match client.request(&shared.link.game, request).await {
            Ok(()) => return,
            Err(ApiError::Refused { error, status }) => {
                tracing::info!("online: {} refused ({status}): {error}", request.text());
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
                tokio::time::sleep(shared.link.waits.rule.rate_limit).await;
            }
            // Online play stops in the session, which takes back a move the server
            // lacks and says how to log in again (issue 32.3).
            Err(ApiError::Unauthorized(_) | ApiError::Forbidden(_)) => {
                shared.input(GameLine::TokenRefused).await;
                return;
            }
            Err(ApiError::Unknown(why)) => {
                tracing::info!("online: {} lost: {why}", request.text());
                if !matches!(request, OnlineRequest::Move { .. }) {
                    return shared.notice("online-request-unknown").await;
                }
                return after_lost(shared).await;
            }
        }
    }
}

/// After a move's lost answer: tells the session ([`GameLine::MoveLost`]), opens the
/// stream again, and waits (at most the start's bound) until its `gameFull` is in, so
/// that no later request overtakes what the session decides from it.
async fn after_lost(shared: &Shared) {
    let mut fulls = shared.fulls.subscribe();
    fulls.mark_unchanged();
    if !shared.input(GameLine::MoveLost).await {
        return;
    }
    shared.reconnect.notify_one();
    let _ = tokio::time::timeout(shared.link.waits.start, fulls.changed()).await;
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
