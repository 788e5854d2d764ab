//! `GET /events`: the state as Server-Sent Events, one stream per page. The current state
//! first, then every change; a slow page skips states (a `watch` keeps only the newest),
//! never gets them out of order. Each event is rendered for the page's role when it is
//! sent (`said` filtered, `sent_ms` the station's time then); a revoked token is a
//! spectator's from the next event on, told why (`lost`). The arbiter's page is sent the
//! state again whenever a page opens or closes ("Offene Seiten" current). At most
//! [`MAX_STREAMS`] pages (then 503).

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use tokio_stream::wrappers::WatchStream;
use tokio_stream::{Stream, StreamExt as _};

use super::access::Grant;
use super::hub::{Hub, MAX_STREAMS};
use super::request::{App, refuse, token};
use super::state::{Viewer, render};
use super::words::Refusal;

/// How soon a page reconnects after its stream dropped.
const RETRY: Duration = Duration::from_millis(500);

/// One open page: counted while its stream lives.
struct Open(Arc<Hub>);

impl Drop for Open {
    fn drop(&mut self) {
        let open = self.0.streams.fetch_sub(1, Ordering::SeqCst);
        self.0.pages.send_replace(open.saturating_sub(1));
    }
}

/// How a page is seen now: its token's grant, or why it has none.
fn viewer(hub: &Hub, token: Option<&str>) -> Viewer {
    let access = hub.access();
    match token {
        Some(t) => Viewer {
            grant: access.grant(t).unwrap_or(Grant::SPECTATOR),
            lost: access.lost(t),
        },
        None => Grant::SPECTATOR.into(),
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
    let now_open = hub.streams.load(Ordering::SeqCst);
    hub.pages.send_replace(now_open);
    let token = token(&headers);
    let arbiter = viewer(&hub, token.as_deref()).grant == Grant::ARBITER;
    // `false` once the station's state ends (it stopped): the page's stream ends too.
    let states = WatchStream::new(hub.state.clone())
        .map(|_| true)
        .chain(tokio_stream::once(false));
    let ticks: Pin<Box<dyn Stream<Item = bool> + Send>> = if arbiter {
        let pages = WatchStream::from_changes(hub.pages.subscribe()).map(|_| true);
        Box::pin(states.merge(pages))
    } else {
        Box::pin(states)
    };
    let stream = ticks.take_while(|go| *go).map(move |_| {
        let hub = &open.0;
        let published = hub.published();
        let pages = hub.streams.load(Ordering::SeqCst);
        let seen = viewer(hub, token.as_deref());
        let state = render(&published, seen, &hub.epoch, hub.now_ms(), pages);
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
