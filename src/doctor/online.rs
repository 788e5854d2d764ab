//! Online play (issue 24.4, feature `online`): the server's address (`online.server`:
//! https, or http only to this machine), a token (`ANSAGE_LICHESS_TOKEN`, else the file,
//! its owner's alone), and the server's answer: who the token belongs to (`GET
//! /api/account`) and whether it has the scope `board:play` (`POST /api/token/test`).
//!
//! A game at the board needs none of it, so this check never fails the doctor; what is
//! missing is said with what to do. The server gets [`WAIT`] for both requests together.
//! The token is never in what the doctor says, nor in the log's detail.

use std::path::PathBuf;
use std::time::Duration;

use crate::adapter::DeviceStatus;
use crate::config::Settings;
use crate::core::phrases::Message;
use crate::online::address::Address;
use crate::online::client::{ApiError, Client, TokenInfo};
use crate::online::token::{self, Token, TokenError};

/// The check's name (`device-online`).
pub const DEVICE: &str = "online play";

/// The longest the doctor waits for the server's two answers.
pub const WAIT: Duration = Duration::from_secs(5);

/// Where the token came from, as the messages say it (`from`: `env` or `file`).
#[derive(Clone, Debug)]
pub(crate) enum Source {
    Env,
    File(PathBuf),
}

impl Source {
    /// The message with the token's place: `from` and `path`.
    fn on(&self, msg: Message) -> Message {
        match self {
            Source::Env => msg.arg("from", "env").arg("path", token::ENV),
            Source::File(path) => msg
                .arg("from", "file")
                .arg("path", path.display().to_string()),
        }
    }
}

/// What the server said of the token.
enum Answer {
    /// It knows the token, with the scope `board:play`: the account's name.
    Playing { name: String },
    /// It knows the token, without `board:play`: its scopes and account id.
    NoScope(TokenInfo),
    /// It does not know the token (wrong, expired or revoked).
    Unknown,
}

/// The check of online play; never needed by the settings of a game at the board.
pub fn check(settings: &Settings) -> DeviceStatus {
    let text = settings.online.server.clone();
    let server = match Address::parse(&text) {
        Ok(server) => server,
        Err(e) => return bad_server(&text, &e.to_string()),
    };
    let (token, source) = match load() {
        Ok(found) => found,
        Err(status) => return *status,
    };
    let answer = ask(&server, &token);
    status(&server, &source, answer, &token)
}

/// `online.server` is no address for online play (`why`).
pub(crate) fn bad_server(text: &str, why: &str) -> DeviceStatus {
    DeviceStatus::absent(DEVICE, why.to_owned())
        .said(Message::new("device-online-bad-server").arg("server", text.to_owned()))
        .todo(Message::new("device-online-bad-server-todo"))
}

/// The token and where it came from, or what is wrong with it in the doctor's words (also
/// what `ansage online` says when it cannot start, issue 31.2).
pub(crate) fn load() -> Result<(Token, Source), Box<DeviceStatus>> {
    let env = std::env::var(token::ENV)
        .ok()
        .filter(|t| !t.trim().is_empty());
    let file = crate::config::config_dir().map(|dir| token::token_file(&dir));
    let source = match (&env, &file) {
        (Some(_), _) => Source::Env,
        (None, Ok(path)) => Source::File(path.clone()),
        (None, Err(e)) => return Err(Box::new(no_token(e.to_string()))),
    };
    // Without a configuration folder the environment's token is read, never a file.
    let path = file.unwrap_or_default();
    let status = match token::load(env, &path) {
        Ok(token) => return Ok((token, source)),
        Err(e @ TokenError::Missing) => no_token(e.to_string()),
        Err(e @ TokenError::Invalid) => DeviceStatus::absent(DEVICE, e.to_string())
            .said(source.on(Message::new("device-online-token-invalid")))
            .todo(source.on(Message::new("device-online-new-token-todo"))),
        Err(TokenError::Readable { path, mode }) => {
            let path = path.display().to_string();
            DeviceStatus::absent(
                DEVICE,
                format!("{path} may be read by others (mode {mode:03o})"),
            )
            .said(
                Message::new("device-online-token-readable")
                    .arg("path", path.clone())
                    .arg("mode", format!("{mode:03o}")),
            )
            .todo(Message::new("device-online-token-readable-todo").arg("path", path))
        }
        Err(e @ TokenError::Io { .. }) => DeviceStatus::absent(DEVICE, e.to_string())
            .said(source.on(Message::new("device-online-token-unreadable")))
            .todo(Message::new("device-online-token-unreadable-todo")),
    };
    Err(Box::new(status))
}

fn no_token(detail: String) -> DeviceStatus {
    DeviceStatus::absent(DEVICE, detail)
        .said(Message::new("device-online-no-token"))
        .todo(Message::new("device-online-no-token-todo"))
}

/// The server's answer within [`WAIT`], on a thread and a runtime of its own (a server
/// that never answers must not hang the doctor).
fn ask(server: &Address, token: &Token) -> Result<Answer, ApiError> {
    let timed_out = || ApiError::Unknown(format!("no answer within {} s", WAIT.as_secs()));
    let client = Client::new(server.clone(), token.clone(), WAIT)?;
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("doctor-online".into())
        .spawn(move || {
            let answer = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(runtime) => {
                    let answer = runtime
                        .block_on(async { tokio::time::timeout(WAIT, probe(&client)).await });
                    // A name lookup still running is left behind, not waited for.
                    runtime.shutdown_background();
                    answer.unwrap_or_else(|_| Err(timed_out()))
                }
                Err(e) => Err(ApiError::Unknown(e.to_string())),
            };
            let _ = tx.send(answer);
        });
    if let Err(e) = spawned {
        return Err(ApiError::Unknown(e.to_string()));
    }
    match rx.recv_timeout(WAIT + Duration::from_secs(1)) {
        Ok(answer) => answer,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(timed_out()),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(ApiError::Unknown(
            "the check ended without an answer".into(),
        )),
    }
}

/// `POST /api/token/test`, then `GET /api/account` for a token with `board:play`.
async fn probe(client: &Client) -> Result<Answer, ApiError> {
    let Some(info) = client.token_test().await? else {
        return Ok(Answer::Unknown);
    };
    if !info.board_play() {
        return Ok(Answer::NoScope(info));
    }
    match client.account().await {
        Ok(account) => Ok(Answer::Playing {
            name: account.username,
        }),
        Err(ApiError::Unauthorized(_)) => Ok(Answer::Unknown),
        Err(e) => Err(e),
    }
}

/// What a server's refusals and silences mean for online play before a game starts, and
/// what to do, in the doctor's words (what `ansage online` says when it cannot start,
/// issue 31.2).
#[derive(Clone, Debug)]
pub(crate) struct Refusals {
    server: Address,
    source: Source,
    token: Token,
}

impl Refusals {
    /// For the server at `server`, the token from `source`.
    pub(crate) fn new(server: Address, source: Source, token: Token) -> Refusals {
        Refusals {
            server,
            source,
            token,
        }
    }

    /// What `error` means, and what to do.
    pub(crate) fn status(&self, error: ApiError) -> DeviceStatus {
        status(&self.server, &self.source, Err(error), &self.token)
    }
}

/// What the answer means for online play, and what to do; the detail (for the log)
/// without the token's text, should a server's words ever hold it.
fn status(
    server: &Address,
    source: &Source,
    answer: Result<Answer, ApiError>,
    token: &Token,
) -> DeviceStatus {
    let at = server.to_string();
    let new_token = || source.on(Message::new("device-online-new-token-todo"));
    let mut status = match answer {
        Ok(Answer::Playing { name }) => {
            DeviceStatus::present(DEVICE, format!("{name} at {at}, scope board:play")).said(
                source.on(Message::new("device-online-there")
                    .arg("name", name)
                    .arg("server", at)),
            )
        }
        Ok(Answer::NoScope(info)) => {
            let detail = format!("{at}: scopes {:?}, no board:play", info.scopes);
            let said = match info.user_id {
                Some(id) => Message::new("device-online-scope-of").arg("name", id),
                None => Message::new("device-online-scope"),
            };
            DeviceStatus::absent(DEVICE, detail)
                .said(said)
                .todo(new_token())
        }
        Ok(Answer::Unknown) | Err(ApiError::Unauthorized(_)) => {
            DeviceStatus::absent(DEVICE, format!("{at} does not know the token"))
                .said(source.on(Message::new("device-online-refused").arg("server", at)))
                .todo(new_token())
        }
        Err(e @ ApiError::Unknown(_)) => DeviceStatus::absent(DEVICE, format!("{at}: {e}"))
            .said(Message::new("device-online-no-answer").arg("server", at.clone()))
            .todo(Message::new("device-online-no-answer-todo").arg("server", at)),
        Err(e @ ApiError::RateLimited) => DeviceStatus::absent(DEVICE, format!("{at}: {e}"))
            .said(Message::new("device-online-rate-limited").arg("server", at))
            .todo(Message::new("device-online-rate-limited-todo")),
        Err(e @ (ApiError::Forbidden(_) | ApiError::Refused { .. })) => {
            DeviceStatus::absent(DEVICE, format!("{at}: {e}"))
                .said(Message::new("device-online-strange").arg("server", at))
                .todo(Message::new("device-online-bad-server-todo"))
        }
    };
    status.detail = status.detail.replace(token.expose(), "[redacted]");
    status
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lang::Language;
    use crate::core::phrases::Phrases;

    const SECRET: &str = "lip_s3cretTokenValue_123";

    fn answers() -> Vec<Result<Answer, ApiError>> {
        let info = |user_id: Option<&str>| TokenInfo {
            user_id: user_id.map(str::to_owned),
            scopes: "challenge:read".into(),
        };
        vec![
            Ok(Answer::Playing { name: "Ana".into() }),
            Ok(Answer::NoScope(info(Some("ana")))),
            Ok(Answer::NoScope(info(None))),
            Ok(Answer::Unknown),
            Err(ApiError::Unauthorized("No such token".into())),
            Err(ApiError::Unknown(format!("echoing {SECRET}"))),
            Err(ApiError::RateLimited),
            Err(ApiError::Forbidden("Missing scope".into())),
            Err(ApiError::Refused {
                status: 404,
                error: format!("no page for {SECRET}"),
            }),
        ]
    }

    /// Every answer, from either place, said whole in each language (no argument left
    /// out), with what to do unless all is well; the token in no line and no detail.
    #[test]
    fn every_answer_is_said_in_each_language_without_the_token() {
        let server = Address::parse("https://lichess.org").unwrap();
        let token = Token::new(SECRET).unwrap();
        let sources = [Source::Env, Source::File(PathBuf::from("/h/lichess-token"))];
        for lang in Language::ALL {
            let phrases = Phrases::load(lang).unwrap();
            for source in &sources {
                for answer in answers() {
                    let present = matches!(answer, Ok(Answer::Playing { .. }));
                    let status = status(&server, source, answer, &token);
                    let lines = status.lines(&phrases);
                    let text = lines.join("\n");
                    assert_eq!(status.present, present, "{text}");
                    assert_eq!(lines.len(), if present { 1 } else { 2 }, "{text}");
                    // A Fluent error shows as "[device-…: …]", a missing argument as "{$…}".
                    assert!(
                        !text.contains(['{', '$']) && !text.contains("[device-"),
                        "{text}"
                    );
                    assert!(!text.contains(SECRET) && !status.detail.contains(SECRET));
                }
            }
        }
    }

    #[test]
    fn the_account_and_where_the_token_came_from_are_named() {
        let server = Address::parse("https://lichess.org").unwrap();
        let token = Token::new(SECRET).unwrap();
        let phrases = Phrases::load(Language::De).unwrap();
        let file = Source::File(PathBuf::from("/h/lichess-token"));
        let cases: [(Source, Result<Answer, ApiError>, &[&str]); 3] = [
            (
                Source::Env,
                Ok(Answer::Playing { name: "Ana".into() }),
                &[
                    "Online-Spiel (lichess): Konto Ana auf https://lichess.org, der \
                   Zugangsschlüssel (aus ANSAGE_LICHESS_TOKEN) hat die Berechtigung board:play.",
                ],
            ),
            (
                file.clone(),
                Ok(Answer::Unknown),
                &[
                    "Online-Spiel (lichess): fehlt: https://lichess.org kennt den \
                     Zugangsschlüssel aus /h/lichess-token nicht: er ist falsch, abgelaufen \
                     oder widerrufen.",
                    "  Zu tun: einen Schlüssel mit der Berechtigung board:play auf \
                     https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage \
                     anlegen, dann mit ansage online login speichern.",
                ],
            ),
            (
                file,
                Err(ApiError::RateLimited),
                &[
                    "Online-Spiel (lichess): fehlt: https://lichess.org meldet: zu viele Anfragen.",
                    "  Zu tun: eine Minute warten, dann mit ansage doctor noch einmal prüfen.",
                ],
            ),
        ];
        for (source, answer, expected) in cases {
            let lines = status(&server, &source, answer, &token).lines(&phrases);
            assert_eq!(lines, expected);
        }
    }
}
