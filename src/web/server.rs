//! The router: every route of docs/web-protocol.md behind the Host and Origin check
//! ([`super::guard`]) and a body limit (a body announced too big is refused with 413
//! before a byte of it is read); every answer with the hardening headers
//! ([`HARDENING`]); refusals as JSON in the game's language ([`super::request`]).

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

/// The headers on every answer: the page loads nothing but its own files (the QR code
/// is a `data:` image), is framed by no page, and no answer is taken for another type.
pub const HARDENING: [(&str, &str); 4] = [
    (
        "content-security-policy",
        "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; \
         base-uri 'none'; form-action 'self'; object-src 'none'",
    ),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
];

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
        .layer(middleware::from_fn_with_state(Arc::clone(&app), harden))
        .with_state(app)
}

/// The hardening headers on every answer, and a body announced bigger than
/// [`BODY_LIMIT`] refused at once (413), its bytes never read.
async fn harden(State(app): State<App>, request: Request, next: Next) -> Response {
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let mut response = match announced {
        Some(n) if n > BODY_LIMIT as u64 => {
            let mut refused = refuse(&app.hub, Refusal::TooBig, None);
            // The body is not read: the connection is not kept for another request.
            refused
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            refused
        }
        _ => next.run(request).await,
    };
    let headers = response.headers_mut();
    for (name, value) in HARDENING {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
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
