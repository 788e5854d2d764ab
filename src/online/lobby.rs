//! The online menu's connection (feature `online`): the account's event stream followed,
//! and the menu's requests sent (issue 24.3).
//!
//! The event stream's lines become [`LobbyInput::Event`]s. A broken or ended stream is
//! opened again as the core's reconnection rule says
//! ([`crate::core::online::reconnect`]: one growing back-off, "lost" and "back" once per
//! outage). lichess keeps one event stream per account: opening one closes the one
//! before. A restart closes it too, once or twice; only a stream closed right after it
//! was opened three times in a row means another program keeps taking it; the station
//! says so and stops instead of fighting over it. A seek (and a challenge, with
//! `keepAliveStream`) is a streamed answer kept open until the server closes it; closing
//! it ourselves cancels it.
//! What it says goes to the menu: the seek open, the challenge's id, its end.
//! The requests go one at a time, each under the same rule: a server's fault or a lost
//! answer tried again after the rule's growing wait, a rate limit after a full minute
//! (issue 32.1); only a refusal of the request itself is the menu's to tell.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{Mutex, mpsc};
use tokio::task::JoinHandle;

use crate::core::online::answer::{Answer, ChallengeAnswer};
use crate::core::online::events::AccountEvent;
use crate::core::online::lobby::{LobbyInput, LobbyRequest};
use crate::core::online::reconnect::{Failure, Reconnect, Verdict};
use crate::core::phrases::Message;

use super::client::{ApiError, Client};
use super::ndjson::{Decoder, Line};
use super::retry::{Clock, Stream, Waits, seed, sentence, verdict};

/// A stream the server closes cleanly this soon after it was opened is closed by another
/// stream of the account, or by a restart.
const TAKEN_WITHIN: Duration = Duration::from_secs(10);

/// So many such closes in a row mean another program keeps taking the stream: a restart
/// closes it once or twice (issue 32), and those are reopened with the rule's back-off.
const TAKEN_TIMES: u32 = 3;

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
    /// The other requests on their way (tried again while the server fails).
    sending: Vec<JoinHandle<()>>,
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
            sending: Vec::new(),
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
            // The earlier seek's or challenge's answer is over (the menu sends a new one
            // only when nothing waits): its late lines are not the new one's.
            if let Some(earlier) = self.open.replace(task) {
                earlier.abort();
            }
        } else {
            self.sending.retain(|t| !t.is_finished());
            self.sending.push(task);
        }
    }

    /// Closes the event stream and any open seek or challenge's stream, and gives up the
    /// requests still on their way.
    pub async fn stop(self) {
        let tasks = std::iter::once(self.events).chain(self.open);
        for task in tasks.chain(self.sending) {
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

/// Sends one request under the core's reconnection rule (issue 32.1): a 5xx, a redirect,
/// no answer or a cut connection tried again after the rule's growing wait, a rate limit
/// after its full minute (no other request meanwhile), the outage said once; a token
/// refused stops the menu; any other refusal goes to the menu with the server's reason.
/// A seek's or challenge's streamed answer is read until the server closes it.
async fn send(
    client: Arc<Client>,
    waits: Waits,
    one: Arc<Mutex<()>>,
    tx: mpsc::Sender<LobbyEvent>,
    request: LobbyRequest,
) {
    let (path, form) = route(&request);
    let mut rule = Reconnect::new(waits.rule, seed());
    let response = loop {
        let guard = one.lock().await;
        let answer = client.post_form(&path, &form).await;
        drop(guard);
        let e = match answer {
            Ok(response) => break response,
            Err(e) => e,
        };
        let failure = match verdict(&e) {
            Verdict::Retry(failure) => failure,
            Verdict::TokenRefused | Verdict::TokenScope => {
                let _ = tx.send(LobbyEvent::Stop(token_refused(&e))).await;
                return;
            }
            Verdict::Unavailable => {
                let reason = match e {
                    ApiError::Refused { error, .. } => error,
                    other => other.to_string(),
                };
                let input = LobbyInput::Refused { request, reason };
                let _ = tx.send(LobbyEvent::Input(input)).await;
                return;
            }
        };
        tracing::info!("online: a menu request, tried again: {e}");
        let next = rule.failed(failure);
        if let Some(said) = next.say {
            let notice = LobbyEvent::Notice(Message::new(sentence(said, Stream::Lobby)));
            let _ = tx.send(notice).await;
        }
        // After a rate limit no request of the menu goes meanwhile.
        let _held = match failure {
            Failure::RateLimited => Some(one.lock().await),
            Failure::Network | Failure::ServerFault => None,
        };
        tokio::time::sleep(next.wait).await;
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
    let mut reader = ChallengeAnswer::default();
    while let Some(Ok(chunk)) = bytes.next().await {
        if !challenge {
            continue;
        }
        pending.extend_from_slice(&chunk);
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            if let Some(answer) = reader.line(&line)
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
    if let Some(answer) = reader.line(&pending) {
        let _ = tx.send(tell(answer)).await;
    }
}

/// The longest line of a challenge's answer kept (a ChallengeJson is about 1 KiB).
const MAX_ANSWER: usize = 64 * 1024;

/// Follows the account's event stream; opens it again after a break, as the core's
/// reconnection rule says; stops when the token is refused or another program keeps
/// taking the stream.
async fn follow(client: Arc<Client>, waits: Waits, tx: mpsc::Sender<LobbyEvent>) {
    let clock = Clock::start();
    let mut rule = Reconnect::new(waits.rule, seed());
    let mut taken = 0u32;
    loop {
        let next = match client.stream("/api/stream/event").await {
            Ok(response) => {
                let opened = clock.now();
                rule.opened(opened);
                match read(response, &tx, &mut rule, clock).await {
                    Ended::StationGone => return,
                    Ended::Closed => {
                        let short = clock.now().saturating_since(opened) < TAKEN_WITHIN;
                        taken = if short { taken + 1 } else { 0 };
                        if taken >= TAKEN_TIMES {
                            let stop = LobbyEvent::Stop(Message::new("lobby-stream-taken"));
                            let _ = tx.send(stop).await;
                            return;
                        }
                        rule.ended(clock.now())
                    }
                    Ended::Broken => {
                        taken = 0;
                        rule.ended(clock.now())
                    }
                }
            }
            Err(e) => match verdict(&e) {
                Verdict::Retry(failure) => {
                    tracing::info!("online: the event stream: {e}");
                    taken = 0;
                    rule.failed(failure)
                }
                Verdict::TokenRefused | Verdict::TokenScope => {
                    let _ = tx.send(LobbyEvent::Stop(token_refused(&e))).await;
                    return;
                }
                Verdict::Unavailable => {
                    tracing::info!("online: the event stream: {e}");
                    let stop = LobbyEvent::Stop(Message::new("lobby-server-refuses"));
                    let _ = tx.send(stop).await;
                    return;
                }
            },
        };
        if let Some(said) = next.say {
            let notice = LobbyEvent::Notice(Message::new(sentence(said, Stream::Lobby)));
            let _ = tx.send(notice).await;
        }
        tokio::time::sleep(next.wait).await;
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

/// Reads the event stream's lines into the menu; every line, a keep-alive too, shows the
/// rule that it lives (the event stream may send nothing else for hours); says "back"
/// when it has been stable.
async fn read(
    response: reqwest::Response,
    tx: &mpsc::Sender<LobbyEvent>,
    rule: &mut Reconnect,
    clock: Clock,
) -> Ended {
    let mut bytes = response.bytes_stream();
    let mut decoder = Decoder::<AccountEvent>::new();
    loop {
        let stable_at = rule.next_deadline().map(|t| clock.instant(t));
        let chunk = tokio::select! {
            chunk = bytes.next() => chunk,
            () = sleep_until(stable_at), if stable_at.is_some() => {
                if let Some(said) = rule.poll(clock.now()) {
                    let notice = LobbyEvent::Notice(Message::new(sentence(said, Stream::Lobby)));
                    let _ = tx.send(notice).await;
                }
                continue;
            }
        };
        let chunk = match chunk {
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
            if let Some(said) = rule.line(clock.now()) {
                let notice = LobbyEvent::Notice(Message::new(sentence(said, Stream::Lobby)));
                let _ = tx.send(notice).await;
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

/// What the station says when the server refuses the token (401) or its scope (403).
fn token_refused(e: &ApiError) -> Message {
    if matches!(e, ApiError::Forbidden(_)) {
        Message::new("online-token-scope")
    } else {
        Message::new("online-token-refused")
    }
}
