//! The page's requests that change something: join with a code, act, invite, leave.
//! Each refused request gets its refusal in words and changes nothing; an action goes
//! into the station's channel as an ordinary input and is answered once handled.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::oneshot;

use super::access::{CODE_LIFE, JoinError, token_text};
use super::action::{self, Action, ActionError};
use super::hub::{ACT_TIMEOUT, Hub};
use super::request::{App, COOKIE, grant, refuse, token};
use super::state::render;
use super::words::Refusal;
use super::{qr, random};
use crate::core::input::AccessRole;
use crate::station::StationInput;

/// A body within the limit, or the refusal (413 for one too big).
fn body(body: Result<Bytes, BytesRejection>) -> Result<Bytes, Refusal> {
    body.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Refusal::TooBig
        } else {
            Refusal::Malformed
        }
    })
}

fn json<'a, T: Deserialize<'a>>(bytes: &'a Bytes) -> Result<T, Refusal> {
    serde_json::from_slice(bytes).map_err(|_| Refusal::Malformed)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Join {
    code: String,
}

/// `POST /api/join {"code"}`: the code's role as this browser's cookie; wrong codes are
/// counted for the client's address and for each code good meanwhile (a guesser is
/// locked, nobody else; `access.rs`).
pub async fn join(
    State(app): State<App>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    bytes: Result<Bytes, BytesRejection>,
) -> Response {
    let hub = &app.hub;
    let join: Join = match body(bytes).and_then(|b| json(&b)) {
        Ok(j) => j,
        Err(r) => return refuse(hub, r, None),
    };
    let Some(token) = random::bytes::<16>().map(token_text) else {
        return refuse(hub, Refusal::Unavailable, None);
    };
    let cookie = format!(
        "{COOKIE}={}; HttpOnly; SameSite=Strict; Path=/",
        token.expose()
    );
    let joined = hub
        .access()
        .join(join.code.trim(), hub.now(), client.ip(), token);
    match joined {
        Ok(grant) => {
            tracing::info!("web: a browser joined as {}", grant.role.name());
            hub.save_grants();
            (
                [(header::SET_COOKIE, cookie)],
                axum::Json(json!({"role": grant.role.name()})),
            )
                .into_response()
        }
        Err(JoinError::Wrong) => refuse(hub, Refusal::WrongCode, None),
        Err(JoinError::Guarded) => refuse(hub, Refusal::Guarded, None),
        Err(JoinError::Locked { retry_after }) => {
            let mut answer = refuse(hub, Refusal::Locked, None);
            if let Ok(v) = retry_after.as_secs().max(1).to_string().parse() {
                answer.headers_mut().insert(header::RETRY_AFTER, v);
            }
            answer
        }
    }
}

/// `POST /api/leave`: this browser's role forgotten, its cookie dropped.
pub async fn leave(State(app): State<App>, headers: HeaderMap) -> Response {
    if let Some(token) = token(&headers) {
        app.hub.access().forget(&token);
        app.hub.save_grants();
    }
    let cookie = format!("{COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0");
    ([(header::SET_COOKIE, cookie)], axum::Json(json!({}))).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Invite {
    role: String,
}

/// `POST /api/invite {"role"}` (arbiter): a one-time code for another person, its
/// address and QR code.
pub async fn invite(
    State(app): State<App>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Response {
    let hub = &app.hub;
    match grant(hub, &headers).role {
        AccessRole::Arbiter => {}
        AccessRole::Spectator => return refuse(hub, Refusal::NoRole, None),
        _ => return refuse(hub, Refusal::Forbidden, None),
    }
    let role = match body(bytes)
        .and_then(|b| json::<Invite>(&b))
        .and_then(|i| i.role.parse::<AccessRole>().map_err(|_| Refusal::Malformed))
    {
        Ok(AccessRole::Spectator) | Err(_) => return refuse(hub, Refusal::Malformed, None),
        Ok(role) => role,
    };
    let Some(random) = random::number() else {
        return refuse(hub, Refusal::Unavailable, None);
    };
    let code = hub.access().issue(hub.seats.grant(role), hub.now(), random);
    let url = format!("{}join#code={}", hub.url, code.expose());
    axum::Json(json!({
        "code": code.expose(),
        "url": url,
        "qr_svg": qr::svg(&url),
        "expires_s": CODE_LIFE.as_secs(),
    }))
    .into_response()
}

/// `POST /api/act {"seq", "action"}`: one action as the role's input, handled by the
/// station; one at a time, and only on the state the page showed (else 409 with the
/// fresh state).
pub async fn act(
    State(app): State<App>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Response {
    let hub = &app.hub;
    let grant = grant(hub, &headers);
    if grant.role == AccessRole::Spectator {
        return refuse(hub, Refusal::NoRole, None);
    }
    let request = match body(bytes) {
        Ok(b) => action::parse(&b),
        Err(r) => return refuse(hub, r, None),
    };
    let request = match request {
        Ok(r) => r,
        Err(e) => return refuse(hub, refusal(&e), None),
    };
    let input = match action::to_input(&request.action, grant) {
        Ok(i) => i,
        Err(e) => return refuse(hub, refusal(&e), None),
    };
    let _one = hub.acting.lock().await;
    let published = hub.published();
    if request.seq != published.seq {
        let state = render(&published, grant, &hub.epoch, hub.now_ms(), 0);
        return refuse(hub, Refusal::Stale, Some(state));
    }
    if matches!(request.action, Action::Move { .. }) && published.turn != grant.colour {
        return refuse(hub, Refusal::NotYourMove, None);
    }
    match handled(hub, input).await {
        Ok(()) => axum::Json(json!({"seq": hub.published().seq})).into_response(),
        Err(r) => refuse(hub, r, None),
    }
}

fn refusal(e: &ActionError) -> Refusal {
    match e {
        ActionError::Malformed(_) => Refusal::Malformed,
        ActionError::Forbidden { .. } => Refusal::Forbidden,
    }
}

/// Sends `input` into the station's channel and waits until its outputs were delivered
/// and observed (at most [`ACT_TIMEOUT`]).
async fn handled(hub: &Arc<Hub>, input: crate::core::input::Input) -> Result<(), Refusal> {
    let (done, handled) = oneshot::channel();
    let sent = hub
        .tx
        .send_timeout(StationInput::Acknowledged { input, done }, ACT_TIMEOUT);
    if sent.await.is_err() {
        return Err(Refusal::Unavailable);
    }
    match tokio::time::timeout(ACT_TIMEOUT, handled).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(Refusal::Unavailable),
    }
}
