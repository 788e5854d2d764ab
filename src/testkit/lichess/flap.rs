//! The fake lichess flaps (issue 32): what a real server does while it restarts, deploys
//! or sits behind a proxy that closes connections. Streams that end right after their
//! first lines; stream requests answered with a 5xx or a redirect (3xx, its `Location`
//! elsewhere on the fake, so a followed redirect would show as a request); a game's stream
//! that sends keep-alives only, or drips a byte at a time, and never its `gameFull`; and
//! a restart, every open stream closed cleanly at once.

use std::collections::VecDeque;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::response::{IntoResponse, Response};
use tokio::sync::mpsc;

use super::{FakeLichess, Request, State};

/// How a game's stream starves the station of its `gameFull`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starve {
    /// An empty line every 50 ms, nothing else.
    KeepAlives,
    /// A space every 50 ms: a line that never ends.
    Drip,
}

/// The path a redirect points to; a station that follows redirects asks for it.
pub const REDIRECTED: &str = "/redirected-elsewhere";

/// What the fake does wrong, as the test says.
#[derive(Debug, Default)]
pub struct Flap {
    /// Every stream (the game's, the events') ends right after its first lines.
    pub end_streams: bool,
    /// The next stream requests are answered with these statuses, one each.
    pub statuses: VecDeque<u16>,
    /// The game's streams starve the station.
    pub starve: Option<Starve>,
}

impl FakeLichess {
    /// From now on every stream ends right after its first lines (`false`: as usual
    /// again).
    pub fn end_streams(&self, on: bool) {
        self.shared.lock().flap.end_streams = on;
    }

    /// The next stream requests (game or events) are answered with `statuses`, one each:
    /// 503, 502, a 302 to [`REDIRECTED`].
    pub fn fail_streams(&self, statuses: &[u16]) {
        self.shared.lock().flap.statuses.extend(statuses);
    }

    /// From now on the game's streams send keep-alives only, or a drip (`None`: as usual
    /// again).
    pub fn starve(&self, how: Option<Starve>) {
        self.shared.lock().flap.starve = how;
    }

    /// The server restarts: every open stream ends cleanly at once.
    pub fn restart(&self) {
        self.shared.lock().subscribers.clear();
    }
}

/// Whether `request` is for a stream.
fn is_stream(request: &Request) -> bool {
    request.method == "GET"
        && (request.path == "/api/stream/event"
            || request.path.starts_with("/api/board/game/stream/"))
}

/// The fake's answer instead of the usual one, if it flaps for `request`.
pub fn intercept(state: &mut State, request: &Request) -> Option<Response> {
    if !is_stream(request) {
        return None;
    }
    if let Some(status) = state.flap.statuses.pop_front() {
        return Some(failure(status));
    }
    let game = request.path.starts_with("/api/board/game/stream/");
    let starve = state.flap.starve.filter(|_| game)?;
    Some(starved(starve))
}

/// A status of its own: a redirect with its `Location`, or a server's fault.
fn failure(status: u16) -> Response {
    let code =
        axum::http::StatusCode::from_u16(status).unwrap_or(axum::http::StatusCode::BAD_GATEWAY);
    if (300..400).contains(&status) {
        return (code, [("location", REDIRECTED)], "").into_response();
    }
    (code, "<html>Bad Gateway</html>").into_response()
}

/// A stream that starves: keep-alives or a drip, every 50 ms, until the station closes it.
fn starved(how: Starve) -> Response {
    let (tx, rx) = mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    let byte: &'static [u8] = match how {
        Starve::KeepAlives => b"\n",
        Starve::Drip => b" ",
    };
    tokio::spawn(async move {
        loop {
            if tx.send(Ok(Bytes::from_static(byte))).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    let body = Body::from_stream(tokio_stream::wrappers::ReceiverStream::new(rx));
    ([("content-type", "application/x-ndjson")], body).into_response()
}
