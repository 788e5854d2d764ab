//! A fake lichess for the tests (issue 24): axum on 127.0.0.1, speaking the Board API's
//! routes, JSON and error strings. It holds one game's model (its moves, clocks and
//! status), checks the bearer token, records every request, and lets the test send
//! keep-alives, split a line across chunks, cut the connections or answer a request with
//! an error.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tokio::sync::mpsc;

/// The token the fake accepts.
pub const TOKEN: &str = "lip_FakeTestToken4711secret";

/// One chunk of a stream, or its abrupt end.
type Chunk = Result<Bytes, std::io::Error>;

/// The game model and what the fake was asked.
#[derive(Default)]
struct Model {
    /// Every request: `METHOD PATH`, with ` (no token)` when the bearer was wrong.
    requests: Vec<String>,
    moves: Vec<String>,
    wtime: u64,
    btime: u64,
    status: String,
    winner: Option<String>,
    /// The open game streams.
    streams: Vec<mpsc::Sender<Chunk>>,
    /// The opponent's answers, one after each of our moves.
    replies: VecDeque<String>,
    /// The status the game takes after our move when no reply is left (`resign`: the
    /// opponent resigns).
    after_replies: Option<(String, String)>,
    /// The next move request is answered with this error (400).
    refuse_next_move: Option<String>,
    /// The next move request gets no answer (its connection breaks): the move is made
    /// (`Some(true)`, silently: the streams are cut too) or not (`Some(false)`).
    lose_next_answer: Option<bool>,
    /// Answer every request with 429 this many times more.
    rate_limited: usize,
    /// Answer every request with 403 `Missing scope`.
    missing_scope: bool,
    /// The open streams send nothing, not even keep-alives (until a stream is opened).
    silent: bool,
    /// When each request came (as `requests`).
    times: Vec<std::time::Instant>,
}

impl Model {
    fn state_line(&self) -> String {
        let winner = self
            .winner
            .as_ref()
            .map(|w| format!(",\"winner\":\"{w}\""))
            .unwrap_or_default();
        format!(
            "{{\"type\":\"gameState\",\"moves\":\"{}\",\"wtime\":{},\"btime\":{},\"winc\":0,\"binc\":0,\"status\":\"{}\"{winner}}}",
            self.moves.join(" "),
            self.wtime,
            self.btime,
            self.status
        )
    }

    fn full_line(&self) -> String {
        format!(
            "{{\"type\":\"gameFull\",\"id\":\"g1\",\"variant\":{{\"key\":\"standard\"}},\"clock\":{{\"initial\":600000,\"increment\":0}},\"speed\":\"rapid\",\"rated\":false,\"white\":{{\"id\":\"ana\",\"name\":\"Ana\"}},\"black\":{{\"id\":\"salma\",\"name\":\"Salma\",\"rating\":1500}},\"initialFen\":\"startpos\",\"state\":{}}}",
            self.state_line()
        )
    }

    /// Cuts every open stream abruptly (the connection breaks mid-chunk).
    fn cut(&mut self) {
        for s in self.streams.drain(..) {
            let _ = s.try_send(Ok(Bytes::from_static(b"{\"type\":\"gameSt")));
            let _ = s.try_send(Err(std::io::Error::other("cut")));
        }
    }

    /// Sends `line` to every open stream (none while they are silent).
    fn broadcast(&mut self, line: &str) {
        if self.silent {
            return;
        }
        let bytes = Bytes::from(format!("{line}\n"));
        self.streams
            .retain(|s| s.try_send(Ok(bytes.clone())).is_ok());
    }
}

/// The fake server, running until dropped.
#[derive(Clone)]
pub struct Fake {
    pub addr: SocketAddr,
    model: Arc<Mutex<Model>>,
    _runtime: Arc<tokio::runtime::Runtime>,
}

impl Fake {
    /// Starts the fake with a new game (White `ana`, the token's account, against Black
    /// `salma`), whose opponent answers our moves with `replies` in turn.
    pub fn start(replies: &[&str]) -> Fake {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let model = Arc::new(Mutex::new(Model {
            wtime: 600_000,
            btime: 600_000,
            status: "started".into(),
            replies: replies.iter().map(|r| r.to_string()).collect(),
            ..Model::default()
        }));
        let app = Router::new()
            .route("/api/account", get(account))
            .route("/api/board/game/stream/{id}", get(stream))
            .route("/api/board/game/{id}/move/{uci}", post(play_move))
            .route("/api/board/game/{id}/{action}", post(action))
            .route("/api/board/game/{id}/{action}/{answer}", post(answer))
            .with_state(model.clone());
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let addr = listener.local_addr().unwrap();
        runtime.spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Fake {
            addr,
            model,
            _runtime: Arc::new(runtime),
        }
    }

    /// The server's address for `online.server`.
    pub fn server(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<String> {
        self.model.lock().unwrap().requests.clone()
    }

    /// After the replies run out, the game ends with this status and winner.
    pub fn then_end(&self, status: &str, winner: &str) {
        self.model.lock().unwrap().after_replies = Some((status.into(), winner.into()));
    }

    /// The next move request is refused (400) with the server's words.
    pub fn refuse_next_move(&self, error: &str) {
        self.model.lock().unwrap().refuse_next_move = Some(error.into());
    }

    /// Cuts every open stream abruptly (the connection breaks mid-chunk).
    pub fn cut(&self) {
        self.model.lock().unwrap().cut();
    }

    /// The next move request gets no answer: its connection breaks, and so do the
    /// streams; the move is made on the server (`made`) or not.
    pub fn lose_next_answer(&self, made: bool) {
        self.model.lock().unwrap().lose_next_answer = Some(made);
    }

    /// The next `times` requests are answered 429.
    pub fn rate_limit(&self, times: usize) {
        self.model.lock().unwrap().rate_limited = times;
    }

    /// Every request is answered 403 (`Missing scope`).
    pub fn missing_scope(&self) {
        self.model.lock().unwrap().missing_scope = true;
    }

    /// The open streams go silent: no line, no keep-alive.
    pub fn stall(&self) {
        self.model.lock().unwrap().silent = true;
    }

    /// When the requests came, as [`Fake::requests`].
    pub fn times(&self) -> Vec<std::time::Instant> {
        self.model.lock().unwrap().times.clone()
    }

    /// The game's moves on the server.
    pub fn moves(&self) -> Vec<String> {
        self.model.lock().unwrap().moves.clone()
    }

    /// The opponent moves while no stream is open to see it (its state is only in the
    /// next `gameFull`).
    pub fn move_unseen(&self, uci: &str) {
        let mut model = self.model.lock().unwrap();
        model.moves.push(uci.into());
        model.btime -= 1000;
    }

    /// Waits (up to `limit`) until a request ending in `what` has come; panics if none.
    #[track_caller]
    pub fn wait_request(&self, what: &str, limit: Duration) {
        let deadline = std::time::Instant::now() + limit;
        while !self.requests().iter().any(|r| r.ends_with(what)) {
            assert!(
                std::time::Instant::now() < deadline,
                "no request {what:?} within {limit:?}: {:#?}",
                self.requests()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// Records the request; the refusal (401) when the bearer token is wrong.
fn refused(model: &Arc<Mutex<Model>>, headers: &HeaderMap, what: String) -> Option<Response> {
    let ok = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == format!("Bearer {TOKEN}"));
    let mut m = model.lock().unwrap();
    m.times.push(std::time::Instant::now());
    m.requests.push(if ok {
        what
    } else {
        format!("{what} (no token)")
    });
    if !ok {
        return Some(error(StatusCode::UNAUTHORIZED, "No such token"));
    }
    if m.missing_scope {
        return Some(error(StatusCode::FORBIDDEN, "Missing scope"));
    }
    if m.rate_limited > 0 {
        m.rate_limited -= 1;
        return Some(error(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many requests. Try again later.",
        ));
    }
    None
}

fn error(status: StatusCode, text: &str) -> Response {
    let body = format!("{{\"error\":\"{text}\"}}");
    (status, [("content-type", "application/json")], body).into_response()
}

fn ok() -> Response {
    ([("content-type", "application/json")], "{\"ok\":true}").into_response()
}

async fn account(State(model): State<Arc<Mutex<Model>>>, headers: HeaderMap) -> Response {
    if let Some(r) = refused(&model, &headers, "GET /api/account".into()) {
        return r;
    }
    (
        [("content-type", "application/json")],
        r#"{"id":"ana","username":"Ana"}"#,
    )
        .into_response()
}

/// The game's stream: `gameFull` split in two chunks, then the game's lines as they come,
/// with a keep-alive every 100 ms.
async fn stream(
    State(model): State<Arc<Mutex<Model>>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Some(r) = refused(&model, &headers, format!("GET /api/board/game/stream/{id}")) {
        return r;
    }
    let (tx, rx) = mpsc::channel::<Chunk>(64);
    model.lock().unwrap().silent = false;
    let full = model.lock().unwrap().full_line();
    let (a, b) = full.split_at(full.len() / 2);
    let _ = tx.try_send(Ok(Bytes::from(a.to_owned())));
    let (tx2, b) = (tx.clone(), format!("{b}\n"));
    let keeper = model.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(30)).await;
        let _ = tx2.send(Ok(Bytes::from(b))).await;
        loop {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if keeper.lock().unwrap().silent {
                continue;
            }
            if tx2.send(Ok(Bytes::from_static(b"\n"))).await.is_err() {
                break;
            }
        }
    });
    model.lock().unwrap().streams.push(tx);
    let body = Body::from_stream(tokio_stream::wrappers::ReceiverStream::new(rx));
    ([("content-type", "application/x-ndjson")], body).into_response()
}

async fn play_move(
    State(model): State<Arc<Mutex<Model>>>,
    Path((id, uci)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    if let Some(r) = refused(
        &model,
        &headers,
        format!("POST /api/board/game/{id}/move/{uci}"),
    ) {
        return r;
    }
    let mut m = model.lock().unwrap();
    if let Some(text) = m.refuse_next_move.take() {
        return error(StatusCode::BAD_REQUEST, &text);
    }
    if let Some(made) = m.lose_next_answer.take() {
        if made {
            m.moves.push(uci);
        }
        m.cut();
        drop(m);
        // The request's connection breaks before any answer.
        panic!("the fake loses this answer (a test's broken connection)");
    }
    if m.moves.len() % 2 == 1 || m.status != "started" {
        return error(
            StatusCode::BAD_REQUEST,
            "Not your turn, or game already over",
        );
    }
    m.moves.push(uci);
    m.wtime -= 2000;
    let line = m.state_line();
    m.broadcast(&line);
    let reply = m.replies.pop_front();
    let end = if reply.is_none() {
        m.after_replies.take()
    } else {
        None
    };
    drop(m);
    if reply.is_some() || end.is_some() {
        let model = model.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(150)).await;
            let mut m = model.lock().unwrap();
            if let Some(reply) = reply {
                m.moves.push(reply);
                m.btime -= 3000;
            }
            if let Some((status, winner)) = end {
                m.status = status;
                m.winner = Some(winner);
            }
            let line = m.state_line();
            m.broadcast(&line);
        });
    }
    ok()
}

async fn action(
    State(model): State<Arc<Mutex<Model>>>,
    Path((id, action)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    if let Some(r) = refused(
        &model,
        &headers,
        format!("POST /api/board/game/{id}/{action}"),
    ) {
        return r;
    }
    let mut m = model.lock().unwrap();
    if action == "resign" {
        m.status = "resign".into();
        m.winner = Some("black".into());
        let line = m.state_line();
        m.broadcast(&line);
    }
    ok()
}

async fn answer(
    State(model): State<Arc<Mutex<Model>>>,
    Path((id, action, answer)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Response {
    let what = format!("POST /api/board/game/{id}/{action}/{answer}");
    if let Some(r) = refused(&model, &headers, what) {
        return r;
    }
    ok()
}
