//! `GET /events`: the state as Server-Sent Events, one stream per page. The current state
//! first, then every change; a slow page skips states (a `watch` keeps only the newest),
//! never gets them out of order. Each event is rendered for the page's role when it is
//! sent (`said` filtered, `sent_ms` the station's time then); a revoked token is a
//! spectator's from the next event on. At most [`MAX_STREAMS`] pages (then 503).

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use tokio_stream::StreamExt as _;
use tokio_stream::wrappers::WatchStream;

use super::access::Grant;
use super::hub::{Hub, MAX_STREAMS};
use super::request::{App, refuse, token};
use super::state::render;
use super::words::Refusal;

/// How soon a page reconnects after its stream dropped.
const RETRY: Duration = Duration::from_millis(500);

/// One open page: counted while its stream lives.
struct Open(Arc<Hub>);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `GET /events`.
pub async fn events(State(app): State<App>, headers: HeaderMap) -> Response {
    let hub = Arc::clone(&app.hub);
    if hub.streams.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
        hub.streams.fetch_sub(1, Ordering::SeqCst);
        return refuse(&hub, Refusal::Unavailable, None);
    }
    let open = Open(Arc::clone(&hub));
    let token = token(&headers);
    let stream = WatchStream::new(hub.state.clone()).map(move |published| {
        let hub = &open.0;
        let grant = token
            .as_deref()
            .and_then(|t| hub.access().grant(t))
            .unwrap_or(Grant::SPECTATOR);
        let pages = hub.streams.load(Ordering::SeqCst);
        let state = render(&published, grant, &hub.epoch, hub.now_ms(), pages);
        Ok::<Event, Infallible>(
            Event::default()
                .event("state")
                .id(published.seq.to_string())
                .retry(RETRY)
                .data(state.to_string()),
        )
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}
