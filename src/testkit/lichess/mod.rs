//! A fake lichess for the online tests (issue 24): an HTTP server on 127.0.0.1 that speaks
//! the Board API's routes, JSON and error strings over a scripted game model
//! ([`model`]), checks the bearer token, records every request and when it came, and lets
//! the test play the opponent and break the network: keep-alive lines (one at a time, or
//! every so often), a line split across two chunks, a cut connection, a silent stall, an
//! opponent's move whose line is lost, an injected answer (a 429, a 400), and an answer
//! lost because the request's connection breaks (after the server carried the request out,
//! or before); and it flaps as a restarting server does (`flap.rs`). No test reaches the
//! internet: the server binds 127.0.0.1 only, and the station is pointed at it with the
//! setting `online.server`.
//!
//! The server runs on a thread of its own with its own tokio runtime; the test drives it
//! through [`FakeLichess`], whose calls return at once. Every wait for the station has a
//! bound ([`WAIT`]).

mod connection;
mod flap;
mod kept_alive;
pub mod model;
mod serve;

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use serde_json::Value;
use shakmaty::Color;
use tokio::sync::{mpsc, oneshot};

pub use flap::{REDIRECTED, Starve};
use model::{Model, Player, Push, Refusal, Stream};

/// The longest a test waits for the station's request.
pub const WAIT: Duration = Duration::from_secs(20);

/// The token the fake accepts unless a test says otherwise.
pub const TOKEN: &str = "lip_fakeTestToken0123456789";

/// A request the station made.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// `GET`, `POST`, `DELETE`.
    pub method: String,
    /// The path with its query.
    pub path: String,
    /// The body (a form, a token list).
    pub body: String,
    /// The `Authorization` header as sent.
    pub authorization: Option<String>,
    /// The `Content-Type` header as sent.
    pub content_type: Option<String>,
    /// When it came.
    pub at: Instant,
}

/// One open stream's sender, and whether it is stalled (gets nothing more).
struct Subscriber {
    stream: Stream,
    tx: mpsc::Sender<Result<Bytes, std::io::Error>>,
    stalled: bool,
}

/// What the server and the test share.
struct State {
    model: Model,
    token: String,
    scopes: String,
    revoked: bool,
    subscribers: Vec<Subscriber>,
    requests: Vec<Request>,
    injected: VecDeque<(String, u16, Value)>,
    /// Requests whose answer is lost (their connection breaks): the path's part, and
    /// whether the server carries the request out first.
    losing: VecDeque<(String, bool)>,
    split_next: bool,
    /// Keep-alives go to every open stream this often.
    keep_alive: Option<Duration>,
    /// What the fake does wrong ([`flap`]).
    flap: flap::Flap,
}

/// The shared state and the signal that a request arrived.
struct Shared {
    state: Mutex<State>,
    arrived: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The fake server, stopped when dropped.
pub struct FakeLichess {
    shared: Arc<Shared>,
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl FakeLichess {
    /// Starts the server on 127.0.0.1 for the account `name`, accepting [`TOKEN`] with
    /// the scope `board:play`.
    ///
    /// # Panics
    ///
    /// When no port of 127.0.0.1 can be had (the test cannot run).
    pub fn start(name: &str) -> FakeLichess {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                model: Model::new(name),
                token: TOKEN.to_owned(),
                scopes: "board:play".to_owned(),
                revoked: false,
                subscribers: Vec::new(),
                requests: Vec::new(),
                injected: VecDeque::new(),
                losing: VecDeque::new(),
                split_next: false,
                keep_alive: None,
                flap: flap::Flap::default(),
            }),
            arrived: Condvar::new(),
        });
        let (listener, addr) = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.set_nonblocking(true).map(|()| l))
            .and_then(|l| l.local_addr().map(|a| (l, a)))
            .unwrap_or_else(|e| panic!("the fake lichess on a port of 127.0.0.1: {e}"));
        let (stop, stopped) = oneshot::channel();
        let serving = Arc::clone(&shared);
        let thread = std::thread::spawn(move || serve::run(listener, serving, stopped));
        FakeLichess {
            shared,
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// The server's address for the setting `online.server` (`http://127.0.0.1:PORT`).
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The token's scopes from now on (`""`: a token without `board:play`, answered 403).
    pub fn set_scopes(&self, scopes: &str) {
        self.shared.lock().scopes = scopes.to_owned();
    }

    /// Whether the station revoked the token (`DELETE /api/token`).
    pub fn revoked(&self) -> bool {
        self.shared.lock().revoked
    }

    /// A game starts: the account plays `ours` against `opponent`, `limit`+`inc` seconds.
    pub fn start_game(&self, ours: Color, opponent: &str, limit: u64, inc: u64) -> String {
        let mut state = self.shared.lock();
        let (id, pushes) = state
            .model
            .start_game(ours, Player::named(opponent), limit, inc);
        send(&mut state, pushes);
        id
    }

    /// Changes game `id` as `change` says (the opponent's move, offer, resignation…) and
    /// sends the lines that follow; a refusal is returned, nothing sent.
    pub fn change(
        &self,
        id: &str,
        change: impl FnOnce(&mut model::Game) -> Result<(), Refusal>,
    ) -> Result<(), Refusal> {
        let mut state = self.shared.lock();
        change(state.model.game(id)?)?;
        let pushes = state.model.changed(id);
        send(&mut state, pushes);
        Ok(())
    }

    /// The opponent plays `uci` in game `id`.
    pub fn opponent_plays(&self, id: &str, uci: &str) {
        self.change(id, |g| {
            let theirs = !g.ours;
            g.play(theirs, uci)
        })
        .unwrap_or_else(|r| panic!("the opponent's {uci}: {r:?}"));
    }

    /// The opponent plays `uci` in game `id`, and the line that tells it is lost on the way
    /// (as on a connection about to break): no open stream of the game gets it, a stream
    /// opened later has the move in its `gameFull`. With [`FakeLichess::cut`] after it, the
    /// station can learn of the move only from its reconnection.
    pub fn opponent_plays_unseen(&self, id: &str, uci: &str) {
        let mut state = self.shared.lock();
        let game = state
            .model
            .game(id)
            .unwrap_or_else(|r| panic!("no game {id}: {r:?}"));
        let theirs = !game.ours;
        game.play(theirs, uci)
            .unwrap_or_else(|r| panic!("the opponent's {uci}: {r:?}"));
        let stream = Stream::Game(id.to_owned());
        let pushes = state.model.changed(id);
        let kept = pushes
            .into_iter()
            .filter(|p| !matches!(p, Push::Line(s, _) if *s == stream))
            .collect();
        send(&mut state, kept);
    }

    /// Game `id`'s moves on the server (UCI); none for an unknown game.
    pub fn moves(&self, id: &str) -> Vec<String> {
        let state = self.shared.lock();
        let game = state.model.games.iter().find(|g| g.id == id);
        game.map(|g| g.moves.clone()).unwrap_or_default()
    }

    /// Sends a line of its own to game `id`'s stream (`opponentGone`, `chatLine`).
    pub fn game_line(&self, id: &str, line: Value) {
        let mut state = self.shared.lock();
        send(
            &mut state,
            vec![Push::Line(Stream::Game(id.to_owned()), line)],
        );
    }

    /// The opponent left game `id`; after `claim_in` seconds the win can be claimed (0:
    /// now), `None`: he is back.
    pub fn opponent_gone(&self, id: &str, claim_in: Option<u64>) {
        let line = match claim_in {
            Some(s) => {
                serde_json::json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": s})
            }
            None => serde_json::json!({"type": "opponentGone", "gone": false}),
        };
        {
            let mut state = self.shared.lock();
            if let Ok(game) = state.model.game(id) {
                game.claimable = claim_in == Some(0);
            }
        }
        self.game_line(id, line);
    }

    /// Somebody challenges the account: `from`, `limit`+`inc` seconds, the account to
    /// play `ours`. Returns the challenge's id.
    pub fn incoming_challenge(&self, from: &str, limit: u64, inc: u64, ours: Color) -> String {
        let mut state = self.shared.lock();
        let (id, pushes) = state
            .model
            .challenge(Player::named(from), (limit, inc), false, ours);
        send(&mut state, pushes);
        id
    }

    /// The friend the account challenged accepts: the game starts.
    ///
    /// # Panics
    ///
    /// When no challenge `id` waits (the test's mistake).
    pub fn challenge_accepted(&self, id: &str) {
        let mut state = self.shared.lock();
        let mut pushes = state
            .model
            .accept(id)
            .unwrap_or_else(|r| panic!("no challenge {id} waiting: {r:?}"));
        pushes.extend(kept_alive::done(id, "accepted"));
        send(&mut state, pushes);
    }

    /// Somebody answers the open seek; the seek's stream ends. Returns the game's id.
    pub fn match_seek(&self, opponent: &str, ours: Color) -> Option<String> {
        let mut state = self.shared.lock();
        let open = state
            .subscribers
            .iter()
            .any(|s| s.stream == Stream::Seek && !s.tx.is_closed());
        if !open {
            // The station closed the seek's stream: the seek is cancelled.
            state.model.seek = None;
            return None;
        }
        let (id, mut pushes) = state.model.match_seek(Player::named(opponent), ours)?;
        pushes.push(Push::Close(Stream::Seek));
        send(&mut state, pushes);
        Some(id)
    }

    /// A copy of the model (the games, their moves and clocks).
    pub fn model(&self) -> Model {
        self.shared.lock().model.clone()
    }

    /// An empty line (a keep-alive) on every open stream that is not stalled.
    pub fn keepalive(&self) {
        keep_alive(&mut self.shared.lock());
    }

    /// From now on a keep-alive goes to every open stream that is not stalled `every` so
    /// often (lichess sends one every 6 or 7 s; the station's read timeout against a server
    /// on this machine is 1 s).
    pub fn keep_alive_every(&self, every: Duration) {
        self.shared.lock().keep_alive = Some(every);
    }

    /// Another program opens the account's event stream: the server ends the open one
    /// ("only one global event stream can be active at a time").
    pub fn take_event_stream(&self) {
        self.shared
            .lock()
            .subscribers
            .retain(|s| s.stream != Stream::Events);
    }

    /// The next line goes out in two chunks, cut in its middle (also the first line of a
    /// stream opened next).
    pub fn split_next(&self) {
        self.shared.lock().split_next = true;
    }

    /// Every open stream ends abruptly (an error in the middle of the chunked body).
    pub fn cut(&self) {
        let mut state = self.shared.lock();
        for s in state.subscribers.drain(..) {
            let _ = s.tx.try_send(Err(std::io::Error::other("cut")));
        }
    }

    /// Every open stream goes silent: no line and no keep-alive reaches it any more,
    /// though it stays open. Streams opened later are served as usual.
    pub fn stall(&self) {
        for s in self.shared.lock().subscribers.iter_mut() {
            s.stalled = true;
        }
    }

    /// The next request whose path contains `path` is answered with `status` and `body`
    /// instead (a 429, a 400 with lichess's words); nothing else happens.
    pub fn respond_next(&self, path: &str, status: u16, body: Value) {
        self.shared
            .lock()
            .injected
            .push_back((path.to_owned(), status, body));
    }

    /// The next request whose path contains `path` is carried out as usual, but its answer
    /// is lost: the connection breaks before a byte of it is sent (the client cannot know
    /// whether the request was carried out).
    pub fn lose_answer_next(&self, path: &str) {
        self.shared.lock().losing.push_back((path.to_owned(), true));
    }

    /// The next request whose path contains `path` is lost: its connection breaks before
    /// the server carries it out or answers.
    pub fn break_next(&self, path: &str) {
        self.shared
            .lock()
            .losing
            .push_back((path.to_owned(), false));
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Request> {
        self.shared.lock().requests.clone()
    }

    /// Waits for the first request (counting from the start) that `matches`, at most
    /// [`WAIT`]. When it returns, the server has carried the request out.
    pub fn wait_request(&self, what: &str, matches: impl Fn(&Request) -> bool) -> Request {
        let mut found = self.wait_requests(what, 1, matches);
        found.remove(0)
    }

    /// Waits until `count` requests (counting from the start) match, at most [`WAIT`];
    /// returns the first `count`. When it returns, the server has carried them out (it
    /// answers under the lock the wait takes).
    pub fn wait_requests(
        &self,
        what: &str,
        count: usize,
        matches: impl Fn(&Request) -> bool,
    ) -> Vec<Request> {
        let deadline = Instant::now() + WAIT;
        let mut state = self.shared.lock();
        loop {
            let found: Vec<Request> = state
                .requests
                .iter()
                .filter(|r| matches(r))
                .take(count)
                .cloned()
                .collect();
            if found.len() == count {
                return found;
            }
            let left = deadline
                .checked_duration_since(Instant::now())
                .unwrap_or_else(|| {
                    panic!(
                        "not {count} requests {what} within {WAIT:?}: {:#?}",
                        state.requests
                    )
                });
            state = self
                .shared
                .arrived
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

impl Drop for FakeLichess {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.shared.lock().subscribers.clear();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// An empty line on every open stream that is not stalled.
fn keep_alive(state: &mut State) {
    state
        .subscribers
        .retain(|s| s.stalled || s.tx.try_send(Ok(Bytes::from_static(b"\n"))).is_ok());
}

/// `line` as the chunks it goes out in: one, or two after [`FakeLichess::split_next`].
fn chunks(state: &mut State, line: &Value) -> Vec<Bytes> {
    let text = format!("{line}\n");
    if std::mem::take(&mut state.split_next) {
        let (a, b) = text.split_at(text.len() / 2);
        vec![Bytes::from(a.to_owned()), Bytes::from(b.to_owned())]
    } else {
        vec![Bytes::from(text)]
    }
}

/// Sends `pushes` to the streams they are for.
fn send(state: &mut State, pushes: Vec<Push>) {
    for push in pushes {
        match push {
            Push::Line(stream, line) => {
                let chunks = chunks(state, &line);
                state.subscribers.retain(|s| {
                    s.stream != stream
                        || s.stalled
                        || chunks.iter().all(|c| s.tx.try_send(Ok(c.clone())).is_ok())
                });
            }
            Push::Close(stream) => state.subscribers.retain(|s| s.stream != stream),
        }
    }
}
