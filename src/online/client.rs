//! The lichess Board API over HTTP (feature `online`): reqwest with rustls, the token as a
//! bearer header (reqwest marks it sensitive), one request at a time.

use std::time::Duration;

use crate::core::online::events::GameInfo;
use crate::core::output::OnlineRequest;

use super::address::Address;
use super::token::Token;

/// What a request came to, when it did not succeed. None of the texts holds the token.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 401: the token is unknown or revoked.
    #[error("the server refused the token (401): {0}")]
    Unauthorized(String),
    /// 403: the token lacks the scope `board:play`.
    #[error("the token lacks the scope board:play (403): {0}")]
    Forbidden(String),
    /// 429: too many requests; wait at least a minute.
    #[error("too many requests (429): waiting a minute")]
    RateLimited,
    /// Another answer that is no success (400 with the server's words, 404, a 5xx, a
    /// redirect, which is never followed, …).
    #[error("the server answered {status}: {error}")]
    Refused {
        /// The HTTP status.
        status: u16,
        /// The server's words (`{"error": …}`), or the body.
        error: String,
    },
    /// No answer (the connection broke, or timed out): whether the request was carried out
    /// is unknown.
    #[error("no answer from the server: {0}")]
    Unknown(String),
}

/// Who the token belongs to (`GET /api/account`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct Account {
    /// The account's id (lower case).
    pub id: String,
    /// Its name.
    pub username: String,
}

/// What the server knows of a token (`POST /api/token/test`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenInfo {
    /// The account's id, if the server says it.
    pub user_id: Option<String>,
    /// Its scopes, comma-separated (`board:play,challenge:read`).
    pub scopes: String,
}

impl TokenInfo {
    /// Whether the token may play games through the Board API (scope `board:play`).
    pub fn board_play(&self) -> bool {
        self.scopes.split(',').any(|s| s.trim() == "board:play")
    }
}

/// A client of one server with one token.
pub struct Client {
    http: reqwest::Client,
    server: Address,
    token: Token,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("server", &self.server)
            .field("token", &self.token)
            .finish()
    }
}

impl Client {
    /// A client; a stream that sends no byte for `read_timeout` counts as broken (the
    /// server sends an empty line every few seconds).
    pub fn new(server: Address, token: Token, read_timeout: Duration) -> Result<Client, ApiError> {
        let http = reqwest::Client::builder()
            .use_preconfigured_tls(
                crate::tls::client_config().map_err(|e| ApiError::Unknown(e.to_string()))?,
            )
            .user_agent(concat!("ansage/", env!("CARGO_PKG_VERSION")))
            // A redirect is never followed (it could lead to any host and scheme, past
            // the https rule of `address.rs`, with a Referer): a 3xx is a server fault.
            .redirect(reqwest::redirect::Policy::none())
            .referer(false)
            .connect_timeout(Duration::from_secs(10))
            .read_timeout(read_timeout)
            .build()
            .map_err(|e| ApiError::Unknown(e.to_string()))?;
        Ok(Client {
            http,
            server,
            token,
        })
    }

    /// The server's address.
    pub fn server(&self) -> &Address {
        &self.server
    }

    /// `GET path`, answered as a stream (the caller reads its bytes).
    pub async fn stream(&self, path: &str) -> Result<reqwest::Response, ApiError> {
        let request = self.http.get(self.server.join(path));
        checked(self.send(request).await?).await
    }

    /// `GET /api/account`.
    pub async fn account(&self) -> Result<Account, ApiError> {
        let response = self.stream("/api/account").await?;
        let bytes = response.bytes().await.map_err(unknown)?;
        serde_json::from_slice(&bytes).map_err(|e| ApiError::Refused {
            status: 200,
            error: e.to_string(),
        })
    }

    /// What the server knows of the token (`POST /api/token/test`, the token in the body
    /// as the API asks, no `Authorization` header): its account and scopes, or `None` when
    /// the server does not know it.
    pub async fn token_test(&self) -> Result<Option<TokenInfo>, ApiError> {
        let request = self
            .http
            .post(self.server.join("/api/token/test"))
            .header(reqwest::header::CONTENT_TYPE, "text/plain")
            .body(self.token.expose().to_owned());
        let response = checked(request.send().await.map_err(unknown)?).await?;
        let bytes = response.bytes().await.map_err(unknown)?;
        let answer: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_default();
        let Some(info) = answer.get(self.token.expose()).filter(|t| t.is_object()) else {
            return Ok(None);
        };
        let text = |key: &str| info.get(key).and_then(|s| s.as_str()).map(str::to_owned);
        Ok(text("scopes").map(|scopes| TokenInfo {
            user_id: text("userId"),
            scopes,
        }))
    }

    /// Revokes the token (`DELETE /api/token`).
    pub async fn revoke(&self) -> Result<(), ApiError> {
        let request = self.http.delete(self.server.join("/api/token"));
        checked(self.send(request).await?).await.map(drop)
    }

    /// `POST path` with a form, answered as a stream or a body (the caller reads it).
    pub async fn post_form(
        &self,
        path: &str,
        form: &[(&str, String)],
    ) -> Result<reqwest::Response, ApiError> {
        let request = self.http.post(self.server.join(path)).form(form);
        checked(self.send(request).await?).await
    }

    /// The games the account plays now (`GET /api/account/playing`).
    pub async fn playing(&self) -> Result<Vec<GameInfo>, ApiError> {
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Playing {
            #[serde(default)]
            now_playing: Vec<GameInfo>,
        }
        let response = self.stream("/api/account/playing").await?;
        let bytes = response.bytes().await.map_err(unknown)?;
        let playing: Playing = serde_json::from_slice(&bytes).map_err(|e| ApiError::Refused {
            status: 200,
            error: e.to_string(),
        })?;
        Ok(playing.now_playing)
    }

    /// Hands one request of the session to the server, for the game `game`.
    pub async fn request(&self, game: &str, request: &OnlineRequest) -> Result<(), ApiError> {
        let yes_no = |accept: bool| if accept { "yes" } else { "no" };
        let path = match request {
            OnlineRequest::Move {
                uci, offering_draw, ..
            } => {
                format!("/api/board/game/{game}/move/{uci}?offeringDraw={offering_draw}")
            }
            OnlineRequest::Draw { accept } => {
                format!("/api/board/game/{game}/draw/{}", yes_no(*accept))
            }
            OnlineRequest::Takeback { accept } => {
                format!("/api/board/game/{game}/takeback/{}", yes_no(*accept))
            }
            OnlineRequest::Resign => format!("/api/board/game/{game}/resign"),
            OnlineRequest::Abort => format!("/api/board/game/{game}/abort"),
            OnlineRequest::ClaimVictory => format!("/api/board/game/{game}/claim-victory"),
            OnlineRequest::ClaimDraw => format!("/api/board/game/{game}/claim-draw"),
            OnlineRequest::Chat { text } => {
                let path = format!("/api/board/game/{game}/chat");
                let form = [("room", "player"), ("text", text.as_str())];
                let request = self.http.post(self.server.join(&path)).form(&form);
                return checked(self.send(request).await?).await.map(drop);
            }
        };
        let request = self.http.post(self.server.join(&path));
        checked(self.send(request).await?).await.map(drop)
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<reqwest::Response, ApiError> {
        request
            .bearer_auth(self.token.expose())
            .send()
            .await
            .map_err(unknown)
    }
}

/// A reqwest error as no answer; its text never holds the token (it goes in a header,
/// which reqwest's errors do not show).
fn unknown(e: reqwest::Error) -> ApiError {
    ApiError::Unknown(e.without_url().to_string())
}

/// The response if it is a success, else what the server said.
async fn checked(response: reqwest::Response) -> Result<reqwest::Response, ApiError> {
    let status = response.status().as_u16();
    if (200..300).contains(&status) {
        return Ok(response);
    }
    let body = response.text().await.unwrap_or_default();
    let error = serde_json::from_str::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v.get("error").and_then(|e| e.as_str()).map(str::to_owned))
        .unwrap_or_else(|| body.chars().take(200).collect());
    Err(match status {
        401 => ApiError::Unauthorized(error),
        403 => ApiError::Forbidden(error),
        429 => ApiError::RateLimited,
        _ => ApiError::Refused { status, error },
    })
}
