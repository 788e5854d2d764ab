//! The fake lichess's HTTP side: one handler records each request, answers an injected
//! answer if one waits for its path (or loses the answer: its connection breaks), checks
//! the token, and routes the Board API's paths to the model; streams are chunked bodies
//! fed by the model's lines, and keep-alives go out as the test asks.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::extract::State as Extract;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use shakmaty::Color;
use tokio::sync::{mpsc, oneshot};

use super::connection::{Connections, Dropper};
use super::model::{Player, Push, Refusal, Stream};
use super::{Request, Shared, State, Subscriber, chunks, keep_alive, send};

/// Serves until `stopped` fires (the thread of [`super::FakeLichess::start`]). A runtime
/// or listener that cannot be made ends the thread with the reason; the test then sees no
/// answer from the fake.
pub fn run(listener: std::net::TcpListener, shared: Arc<Shared>, stopped: oneshot::Receiver<()>) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => return tracing::error!("the fake lichess has no runtime: {e}"),
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::from_std(listener) {
            Ok(listener) => listener,
            Err(e) => return tracing::error!("the fake lichess has no listener: {e}"),
        };
        tokio::spawn(keep_alives(Arc::clone(&shared)));
        let app = Router::new().fallback(handle).with_state(shared);
        let service = app.into_make_service_with_connect_info::<Dropper>();
        let _ = axum::serve(Connections(listener), service)
            .with_graceful_shutdown(async {
                let _ = stopped.await;
            })
            .await;
    });
}

/// Sends the keep-alives of [`super::FakeLichess::keep_alive_every`] while the server runs.
async fn keep_alives(shared: Arc<Shared>) {
    loop {
        let every = shared.lock().keep_alive;
        tokio::time::sleep(every.unwrap_or(Duration::from_millis(50))).await;
        if every.is_some() {
            keep_alive(&mut shared.lock());
        }
    }
}

async fn handle(
    Extract(shared): Extract<Arc<Shared>>,
    ConnectInfo(dropper): ConnectInfo<Dropper>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let request = Request {
        method: method.to_string(),
        path: uri.path_and_query().map_or("/", |p| p.as_str()).to_owned(),
        body: String::from_utf8_lossy(&body).into_owned(),
        authorization: headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned),
        content_type: headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned),
        at: Instant::now(),
    };
    respond(&shared, request, uri.path(), &dropper)
}

fn respond(shared: &Shared, request: Request, path: &str, dropper: &Dropper) -> Response {
    let mut state = shared.lock();
    state.requests.push(request.clone());
    shared.arrived.notify_all();
    if let Some(at) = state
        .injected
        .iter()
        .position(|(p, _, _)| request.path.contains(p.as_str()))
        && let Some((_, status, body)) = state.injected.remove(at)
    {
        return answer(status, body);
    }
    if let Some(at) = state
        .losing
        .iter()
        .position(|(p, _)| request.path.contains(p.as_str()))
        && let Some((_, carried_out)) = state.losing.remove(at)
    {
        // Whatever is answered now never leaves: the connection breaks first.
        dropper.drop_connection();
        if !carried_out {
            return answer(500, json!({"error": "lost"}));
        }
    }
    if let Some(response) = super::flap::intercept(&mut state, &request) {
        return response;
    }
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    if segments == ["api", "token", "test"] {
        return answer(200, token_test(&state, &request.body));
    }
    let bearer = format!("Bearer {}", state.token);
    if state.revoked || request.authorization.as_deref() != Some(bearer.as_str()) {
        return answer(401, json!({"error": "No such token"}));
    }
    if !state.scopes.split(',').any(|s| s.trim() == "board:play") {
        return answer(403, json!({"error": "Missing scope"}));
    }
    route(&mut state, &request, &segments)
}

/// `POST /api/token/test`: each token of the comma-separated body, known or `null`.
fn token_test(state: &State, body: &str) -> Value {
    let mut out = serde_json::Map::new();
    for token in body.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let known = token == state.token && !state.revoked;
        let info = known.then(
            || json!({"userId": state.model.account.id, "scopes": state.scopes, "expires": null}),
        );
        out.insert(token.to_owned(), info.unwrap_or(Value::Null));
    }
    Value::Object(out)
}

fn route(state: &mut State, request: &Request, segments: &[&str]) -> Response {
    let form = form(&request.body);
    match (request.method.as_str(), segments) {
        ("GET", ["api", "account"]) => answer(200, state.model.account_json()),
        ("GET", ["api", "account", "playing"]) => answer(200, state.model.playing()),
        ("DELETE", ["api", "token"]) => {
            state.revoked = true;
            StatusCode::NO_CONTENT.into_response()
        }
        ("GET", ["api", "stream", "event"]) => {
            // "Only one global event stream can be active at a time": a new one closes
            // the one before.
            state.subscribers.retain(|s| s.stream != Stream::Events);
            let lines = state.model.event_stream_start();
            let open = !state.flap.end_streams;
            open_stream(state, Stream::Events, lines, open)
        }
        ("GET", ["api", "board", "game", "stream", id]) => game_stream(state, id),
        ("POST", ["api", "board", "game", id, rest @ ..]) => {
            let query = request.path.split_once('?').map_or("", |(_, q)| q);
            board_action(state, id, rest, query)
        }
        ("POST", ["api", "board", "seek"]) => seek(state, &form),
        ("POST", ["api", "challenge", id, "accept"]) => outcome(state.model.accept(id), state),
        ("POST", ["api", "challenge", id, "decline"]) => {
            let reason = value(&form, "reason").unwrap_or("generic");
            outcome(state.model.decline(id, reason), state)
        }
        ("POST", ["api", "challenge", id, "cancel"]) => outcome(state.model.cancel(id), state),
        ("POST", ["api", "challenge", name]) => challenge(state, name, &form),
        _ => answer(404, json!({"error": "Not found"})),
    }
}

fn game_stream(state: &mut State, id: &str) -> Response {
    let account = state.model.account.clone();
    let Ok(game) = state.model.game(id) else {
        return answer(404, json!({"error": "No such game"}));
    };
    let running = game.running() && !state.flap.end_streams;
    let full = game.full(&account);
    open_stream(state, Stream::Game(id.to_owned()), vec![full], running)
}

fn board_action(state: &mut State, id: &str, rest: &[&str], query: &str) -> Response {
    let Ok(game) = state.model.game(id) else {
        return answer(404, json!({"error": "No such game"}));
    };
    let ours = game.ours;
    let yes = |a: &str| matches!(a, "yes" | "true");
    let done: Result<(), Refusal> = match rest {
        ["move", uci] => game.play(ours, uci).and_then(|()| {
            if query.contains("offeringDraw=true") && game.running() {
                game.draw(ours, true)
            } else {
                Ok(())
            }
        }),
        ["draw", a] => game.draw(ours, yes(a)),
        ["takeback", a] => game.takeback(ours, yes(a)),
        ["resign"] => game.resign(ours),
        ["abort"] => game.abort(),
        ["claim-victory"] => game.claim_victory(ours),
        ["claim-draw"] => game.claim_draw(ours),
        // The chat's line is recorded with the request; the game does not change.
        ["chat"] => Ok(()),
        _ => return answer(404, json!({"error": "Not found"})),
    };
    let pushes = state.model.changed(id);
    outcome(done.map(|()| pushes), state)
}

fn seek(state: &mut State, form: &[(String, String)]) -> Response {
    let number = |k: &str, d: u64| value(form, k).and_then(|v| v.parse().ok()).unwrap_or(d);
    if let Err(r) = state
        .model
        .open_seek(number("time", 10), number("increment", 5))
    {
        return refusal(&r);
    }
    open_stream(state, Stream::Seek, Vec::new(), true)
}

fn challenge(state: &mut State, name: &str, form: &[(String, String)]) -> Response {
    let number = |k: &str| value(form, k).and_then(|v| v.parse::<u64>().ok());
    let (Some(limit), Some(inc)) = (number("clock.limit"), number("clock.increment")) else {
        return answer(
            400,
            json!({"error": "clock.limit and clock.increment are needed"}),
        );
    };
    if limit + 40 * inc < 180 {
        return answer(
            400,
            json!({"error": "This time control cannot be played with the Board API."}),
        );
    }
    let ours = if value(form, "color") == Some("black") {
        Color::Black
    } else {
        Color::White
    };
    let (id, pushes) = state
        .model
        .challenge(Player::named(name), (limit, inc), true, ours);
    send(state, pushes);
    let json = state.model.challenge_json(&id).unwrap_or(Value::Null);
    if value(form, "keepAliveStream") == Some("true") {
        return open_stream(state, Stream::Challenge(id), vec![json], true);
    }
    answer(200, json)
}

/// `Ok` sends the lines and answers `{"ok":true}`; a refusal answers its status and words.
fn outcome(result: Result<Vec<Push>, Refusal>, state: &mut State) -> Response {
    match result {
        Ok(pushes) => {
            send(state, pushes);
            answer(200, json!({"ok": true}))
        }
        Err(r) => refusal(&r),
    }
}

fn refusal(r: &Refusal) -> Response {
    answer(r.status, json!({"error": r.error}))
}

/// A streamed answer (`application/x-ndjson`) starting with `lines`; it stays open while
/// `open`, else it ends after them.
fn open_stream(state: &mut State, stream: Stream, lines: Vec<Value>, open: bool) -> Response {
    let (tx, rx) = mpsc::channel::<Result<Bytes, std::io::Error>>(256);
    for line in lines {
        for chunk in chunks(state, &line) {
            let _ = tx.try_send(Ok(chunk));
        }
    }
    if open {
        state.subscribers.push(Subscriber {
            stream,
            tx,
            stalled: false,
        });
    }
    let body = Body::from_stream(tokio_stream::wrappers::ReceiverStream::new(rx));
    ([("content-type", "application/x-ndjson")], body).into_response()
}

fn answer(status: u16, body: Value) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, axum::Json(body)).into_response()
}

fn form(body: &str) -> Vec<(String, String)> {
    url::form_urlencoded::parse(body.as_bytes())
        .into_owned()
        .collect()
}

fn value<'a>(form: &'a [(String, String)], key: &str) -> Option<&'a str> {
    form.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}
