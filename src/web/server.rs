//! The router: every route of docs/web-protocol.md behind the Host and Origin check
//! ([`super::guard`]) and a body limit; refusals as JSON in the game's language.

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::access::Grant;
use super::guard::{self, Hosts};
use super::hub::Hub;
use super::words::Refusal;

/// The largest body a request may have.
pub const BODY_LIMIT: usize = 4096;

/// The cookie that holds a browser's token.
pub const COOKIE: &str = "ansage_access";

/// What every request sees.
#[derive(Debug)]
pub struct Server {
    /// What the server shares with the station's sink.
    pub hub: Arc<Hub>,
    /// The `Host` values the station answers to.
    pub hosts: Hosts,
    /// `GET /words.json`.
    pub words_json: String,
}

/// The server's state in the handlers.
pub type App = Arc<Server>;

/// The router of every route.
pub fn router(app: App) -> Router {
    Router::new()
        .route("/", get(super::assets::index))
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

/// The status of a refusal.
pub fn status(refusal: Refusal) -> StatusCode {
    match refusal {
        Refusal::Malformed => StatusCode::BAD_REQUEST,
        Refusal::Forbidden | Refusal::Foreign | Refusal::NotYourMove | Refusal::WrongCode => {
            StatusCode::FORBIDDEN
        }
        Refusal::NotFound => StatusCode::NOT_FOUND,
        Refusal::Stale => StatusCode::CONFLICT,
        Refusal::TooBig => StatusCode::PAYLOAD_TOO_LARGE,
        Refusal::Locked => StatusCode::TOO_MANY_REQUESTS,
        Refusal::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// A refusal's answer: `{"error", "message"}` and, for a stale action, `"state"`.
pub fn refuse(hub: &Hub, refusal: Refusal, state: Option<Value>) -> Response {
    let mut body = json!({"error": refusal.error_id(), "message": hub.words.of(refusal)});
    if let Some(state) = state {
        body["state"] = state;
    }
    (status(refusal), axum::Json(body)).into_response()
}

/// The token in a request's cookie, if it has one.
pub fn token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_owned())
}

/// What the request's browser may do (a spectator without a good token).
pub fn grant(hub: &Hub, headers: &HeaderMap) -> Grant {
    token(headers)
        .and_then(|t| hub.access().grant(&t))
        .unwrap_or(Grant::SPECTATOR)
}
