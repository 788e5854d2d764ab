//! The router: every route of docs/web-protocol.md behind the Host and Origin check
//! ([`super::guard`]) and a body limit; refusals as JSON in the game's language
//! ([`super::request`]).

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};

use super::guard;
use super::request::{App, refuse};
use super::words::Refusal;

/// The largest body a request may have.
pub const BODY_LIMIT: usize = 4096;

/// The router of every route.
pub fn router(app: App) -> Router {
    Router::new()
        .route("/", get(super::assets::index))
        .route("/join", get(super::assets::index))
        .route("/assets/{*path}", get(super::assets::asset))
        .route("/words.json", get(super::assets::words))
        .route("/events", get(super::sse::events))
        .route("/game.pgn", get(super::pgn::game))
        .route("/api/join", post(super::api::join))
        .route("/api/act", post(super::api::act))
        .route("/api/invite", post(super::api::invite))
        .route("/api/leave", post(super::api::leave))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(Arc::clone(&app), check))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(app)
}

async fn not_found(State(app): State<App>) -> Response {
    refuse(&app.hub, Refusal::NotFound, None)
}

/// The Host and Origin check of every request.
async fn check(State(app): State<App>, request: Request, next: Next) -> Response {
    let safe = matches!(*request.method(), Method::GET | Method::HEAD);
    let headers = request.headers();
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    if guard::allowed(&app.hosts, safe, text(header::HOST), text(header::ORIGIN)) {
        next.run(request).await
    } else {
        refuse(&app.hub, Refusal::Foreign, None)
    }
}
