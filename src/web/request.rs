//! What every handler shares: the server's state ([`App`]), the browser's token in its
//! cookie and what it grants, and a refusal's answer as JSON in the game's language. The
//! router ([`super::server`]) and the handlers use this; it uses none of them.

use std::sync::Arc;

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::access::Grant;
use super::guard::Hosts;
use super::hub::Hub;
use super::words::Refusal;

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

/// The status of a refusal.
pub fn status(refusal: Refusal) -> StatusCode {
    match refusal {
        Refusal::Malformed => StatusCode::BAD_REQUEST,
        Refusal::Forbidden
        | Refusal::NoRole
        | Refusal::Foreign
        | Refusal::NotYourMove
        | Refusal::WrongCode
        | Refusal::Guarded => StatusCode::FORBIDDEN,
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
