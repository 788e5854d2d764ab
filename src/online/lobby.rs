//! The online menu's connection (feature `online`): the account's event stream followed,
//! and the menu's requests sent (issue 24.3).
//!
//! The event stream's lines become [`LobbyInput::Event`]s. A broken stream is said once
//! and opened again with back-off. lichess keeps one event stream per account: opening
//! one closes the one before, so a stream that the server closes right after it was
//! opened again means another program uses the account; the station says so and stops
//! instead of fighting over it. A seek (and a challenge, with `keepAliveStream`) is a
//! streamed answer kept open until the server closes it; closing it ourselves cancels it.
//! What it says goes to the menu: the seek open, the challenge's id, its end.
//! The requests go one at a time; after a rate limit the next waits at least a minute.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{Mutex, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::core::online::answer::{Answer, challenge_line};
use crate::core::online::events::AccountEvent;
use crate::core::online::lobby::{LobbyInput, LobbyRequest};
use crate::core::phrases::Message;

use super::actor::{Waits, backoff};
use super::client::{ApiError, Client};
use super::ndjson::{Decoder, Line};

/// A stream closed by the server this soon after it was opened again counts as taken
/// by another program.
const TAKEN_WITHIN: Duration = Duration::from_secs(10);

/// What the connection tells the menu.
#[derive(Debug)]
pub enum LobbyEvent {
    /// An input for the menu.
    Input(LobbyInput),
    /// Something to say: the connection lost or back, a rate limit.
    Notice(Message),
    /// The connection ends: the token was refused or another program has the stream
    /// (the message says which).
    Stop(Message),
}

/// The menu's connection: the event stream's task, and the open seek or challenge.
pub struct LobbyLink {
    client: Arc<Client>,
    waits: Waits,
    tx: mpsc::Sender<LobbyEvent>,
    /// One request at a time.
    one: Arc<Mutex<()>>,
    events: JoinHandle<()>,
    /// The open seek's or challenge's streamed answer.
    open: Option<JoinHandle<()>>,
}

impl LobbyLink {
    /// Opens the event stream; its lines and the answers go to `tx`.
    pub fn start(client: Arc<Client>, waits: Waits, tx: mpsc::Sender<LobbyEvent>) -> LobbyLink {
        let events = tokio::spawn(follow(client.clone(), waits, tx.clone()));
        LobbyLink {
            client,
            waits,
            tx,
            one: Arc::new(Mutex::new(())),
            events,
            open: None,
        }
    }

    /// Sends one of the menu's requests (on its own task: the menu goes on).
    pub fn send(&mut self, request: LobbyRequest) {
        if matches!(
            request,
            LobbyRequest::CancelSeek | LobbyRequest::CancelChallenge(_)
        ) && let Some(open) = self.open.take()
        {
            open.abort();
        }
        if request == LobbyRequest::CancelSeek {
            return;
        }
        let keeps_open = matches!(
            request,
            LobbyRequest::Seek { .. } | LobbyRequest::Challenge { .. }
        );
        let task = tokio::spawn(send(
            self.client.clone(),
            self.waits,
            self.one.clone(),
            self.tx.clone(),
            request,
        ));
        if keeps_open {
            self.open = Some(task);
        }
    }

    /// Closes the event stream and any open seek or challenge's stream.
    pub async fn stop(self) {
        for task in std::iter::once(self.events).chain(self.open) {
            task.abort();
            let _ = task.await;
        }
    }
}

/// The request's path and form.
fn route(request: &LobbyRequest) -> (String, Vec<(&'static str, String)>) {
    match request {
        LobbyRequest::Seek { tc, rated } => (
            "/api/board/seek".into(),
            vec![
                ("rated", rated.to_string()),
                ("time", tc.whole_minutes().unwrap_or(0).to_string()),
                ("increment", tc.increment.to_string()),
                ("variant", "standard".into()),
                ("color", "random".into()),
            ],
        ),
        LobbyRequest::Challenge { name, tc, rated } => (
            format!("/api/challenge/{name}"),
            vec![
                ("rated", rated.to_string()),
                ("clock.limit", tc.limit.to_string()),
                ("clock.increment", tc.increment.to_string()),
                ("variant", "standard".into()),
                ("color", "random".into()),
                ("keepAliveStream", "true".into()),
            ],
        ),
        LobbyRequest::CancelChallenge(id) => (format!("/api/challenge/{id}/cancel"), vec![]),
        LobbyRequest::Accept(id) => (format!("/api/challenge/{id}/accept"), vec![]),
        LobbyRequest::Decline { id, reason } => (
            format!("/api/challenge/{id}/decline"),
            vec![("reason", (*reason).to_owned())],
        ),
        LobbyRequest::CancelSeek => (String::new(), vec![]),
    }
}

/// Sends one request, again after a rate limit; a refusal goes to the menu. A seek's or
/// challenge's streamed answer is read until the server closes it.
async fn send(
    client: Arc<Client>,
    waits: Waits,
    one: Arc<Mutex<()>>,
    tx: mpsc::Sender<LobbyEvent>,
    request: LobbyRequest,
) {
    let (path, form) = route(&request);
    let form: Vec<(&str, String)> = form.into_iter().collect();
    let response = loop {
        let guard = one.lock().await;
        let answer = client.post_form(&path, &form).await;
        drop(guard);
        match answer {
            Ok(response) => break response,
            Err(ApiError::RateLimited) => {
                let _ = tx
                    .send(LobbyEvent::Notice(Message::new("online-rate-limited")))
                    .await;
                let _guard = one.lock().await;
                tokio::time::sleep(waits.rate_limit).await;
            }
            Err(e @ (ApiError::Unauthorized(_) | ApiError::Forbidden(_))) => {
                let _ = tx.send(LobbyEvent::Stop(token_refused(&e))).await;
                return;
            }
            Err(ApiError::Refused { error, .. }) => {
                let reason = error;
                let input = LobbyInput::Refused { request, reason };
                let _ = tx.send(LobbyEvent::Input(input)).await;
                return;
            }
            Err(ApiError::Unknown(why)) => {
                tracing::info!("online: a menu request's answer was lost: {why}");
                let _ = tx
                    .send(LobbyEvent::Notice(Message::new("online-request-unknown")))
                    .await;
                return;
            }
        }
    };
    answers(&request, response, &tx).await;
}

/// The server's own answer to a seek or a challenge (issue 32.3), read until the server
/// closes it: a seek is open once its answer begins; a challenge's answer is the
/// challenge (its id), and one kept alive ends with `{"done": …}`. Each goes to the menu.
async fn answers(
    request: &LobbyRequest,
    response: reqwest::Response,
    tx: &mpsc::Sender<LobbyEvent>,
) {
    let tell = |answer: Answer| LobbyEvent::Input(LobbyInput::Answered(answer));
    let challenge = matches!(request, LobbyRequest::Challenge { .. });
    if matches!(request, LobbyRequest::Seek { .. })
        && tx.send(tell(Answer::SeekOpen)).await.is_err()
    {
        return;
    }
    let mut bytes = response.bytes_stream();
    let mut pending = Vec::new();
    while let Some(Ok(chunk)) = bytes.next().await {
        if !challenge {
            continue;
        }
        pending.extend_from_slice(&chunk);
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            if let Some(answer) = challenge_line(&line)
                && tx.send(tell(answer)).await.is_err()
            {
                return;
            }
        }
        // A line longer than any answer is dropped, not kept.
        if pending.len() > MAX_ANSWER {
            pending.clear();
        }
    }
    // An answer that is one JSON body without a line's end.
    if let Some(answer) = challenge_line(&pending) {
        let _ = tx.send(tell(answer)).await;
    }
}

/// The longest line of a challenge's answer kept (a ChallengeJson is about 1 KiB).
const MAX_ANSWER: usize = 64 * 1024;

/// Follows the account's event stream; opens it again after a break; stops when the
/// token is refused or another program has taken the stream.
async fn follow(client: Arc<Client>, waits: Waits, tx: mpsc::Sender<LobbyEvent>) {
    let (mut failures, mut lost, mut reopened_at) = (0u32, false, None::<Instant>);
    loop {
        let response = match client.stream("/api/stream/event").await {
            Ok(r) => r,
            Err(e @ (ApiError::Unauthorized(_) | ApiError::Forbidden(_))) => {
                let _ = tx.send(LobbyEvent::Stop(token_refused(&e))).await;
                return;
            }
            Err(e) => {
                let wait = if matches!(e, ApiError::RateLimited) {
                    waits.rate_limit
                } else {
                    backoff(waits, failures)
                };
                if !std::mem::replace(&mut lost, true) {
                    let _ = tx
                        .send(LobbyEvent::Notice(Message::new("lobby-connection-lost")))
                        .await;
                }
                failures = failures.saturating_add(1);
                tokio::time::sleep(wait).await;
                continue;
            }
        };
        if std::mem::take(&mut lost) {
            let _ = tx
                .send(LobbyEvent::Notice(Message::new("lobby-connection-back")))
                .await;
        }
        failures = 0;
        let opened = Instant::now();
        match read(response, &tx).await {
            Ended::StationGone => return,
            Ended::Closed if reopened_at.is_some_and(|_| opened.elapsed() < TAKEN_WITHIN) => {
                let _ = tx
                    .send(LobbyEvent::Stop(Message::new("lobby-stream-taken")))
                    .await;
                return;
            }
            Ended::Closed => reopened_at = Some(Instant::now()),
            Ended::Broken => {
                reopened_at = None;
                lost = true;
                let _ = tx
                    .send(LobbyEvent::Notice(Message::new("lobby-connection-lost")))
                    .await;
                tokio::time::sleep(backoff(waits, 0)).await;
            }
        }
    }
}

/// How an event stream's reading ended.
enum Ended {
    /// The server closed it (another stream of the account opened, or a restart).
    Closed,
    /// It broke or went silent.
    Broken,
    /// The menu is gone.
    StationGone,
}

async fn read(response: reqwest::Response, tx: &mpsc::Sender<LobbyEvent>) -> Ended {
    let mut bytes = response.bytes_stream();
    let mut decoder = Decoder::<AccountEvent>::new();
    loop {
        let chunk = match bytes.next().await {
            None => return Ended::Closed,
            Some(Err(_)) => return Ended::Broken,
            Some(Ok(chunk)) => chunk,
        };
        for line in decoder.push(&chunk) {
            match line {
                Line::Event(event) => {
                    let input = LobbyEvent::Input(LobbyInput::Event(Box::new(event)));
                    if tx.send(input).await.is_err() {
                        return Ended::StationGone;
                    }
                }
                Line::KeepAlive => {}
                Line::Unreadable(why) => tracing::warn!("online: event stream: {why}"),
            }
        }
    }
}

/// What the station says when the server refuses the token (401) or its scope (403).
fn token_refused(e: &ApiError) -> Message {
    if matches!(e, ApiError::Forbidden(_)) {
        Message::new("online-token-scope")
    } else {
        Message::new("online-token-refused")
    }
}
