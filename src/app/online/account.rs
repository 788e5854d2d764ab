//! `ansage online login` and `logout` (issue 24): the lichess token read without echo
//! (pasted by a screen reader or typed on a Braille keyboard), checked against the server
//! (who it belongs to, and the scope `board:play`) and stored in the configuration folder
//! readable by its owner alone; revoked and removed again.

use std::io::BufRead as _;

use crate::app::AppError;
use crate::app::OnlineError;
use crate::core::lang::Language;
use crate::core::phrases::{Message, Phrases};
use crate::online::address::Address;
use crate::online::client::{ApiError, Client};
use crate::online::token::{self, Token};

/// Reads a token from stdin (the terminal's echo off while it is typed), checks it and
/// stores it; says whose it is and where it went.
pub fn login(server: Address, lang: Language) -> Result<(), AppError> {
    let phrases = Phrases::load(lang)?;
    let ask = Message::new("online-login-ask");
    eprintln!("{}", phrases.speech(&ask));
    let text = read_secret().map_err(OnlineError::ReadToken)?;
    let token = Token::new(&text).map_err(OnlineError::from)?;
    let told = |e| in_words(&phrases, &server, e);
    let client = Client::new(
        server.clone(),
        token.clone(),
        std::time::Duration::from_secs(20),
    )
    .map_err(told)?;
    let (account, info) = runtime()?
        .block_on(async {
            Ok::<_, ApiError>((client.account().await?, client.token_test().await?))
        })
        .map_err(told)?;
    if !info.is_some_and(|i| i.board_play()) {
        return Err(OnlineError::NoBoardScope.into());
    }
    let file = token::token_file(&crate::config::config_dir()?);
    token::store(&file, &token).map_err(OnlineError::from)?;
    let msg = Message::new("online-logged-in")
        .arg("name", account.username)
        .arg("path", file.display().to_string());
    eprintln!("{}", phrases.speech(&msg));
    Ok(())
}

/// Revokes the stored token (or the environment's) on the server and removes its file.
pub fn logout(server: Address, lang: Language) -> Result<(), AppError> {
    let phrases = Phrases::load(lang)?;
    let file = token::token_file(&crate::config::config_dir()?);
    let token = token::load(std::env::var(token::ENV).ok(), &file).map_err(OnlineError::from)?;
    let told = |e| in_words(&phrases, &server, e);
    let client =
        Client::new(server.clone(), token, std::time::Duration::from_secs(20)).map_err(told)?;
    runtime()?.block_on(client.revoke()).map_err(told)?;
    match std::fs::remove_file(&file) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(source) => return Err(AppError::Write { path: file, source }),
    }
    let done = Message::new("online-logged-out");
    eprintln!("{}", phrases.speech(&done));
    Ok(())
}

/// A request's failure in the player's words where the station has them (no answer, too
/// many requests: the doctor's sentence and what to do), instead of the HTTP library's
/// English ("error sending request"); the English detail goes to the log.
fn in_words(phrases: &Phrases, server: &Address, e: ApiError) -> AppError {
    tracing::info!("online: {e}");
    let at = server.to_string();
    let (why, todo) = match e {
        ApiError::Unknown(_) => (
            Message::new("device-online-no-answer").arg("server", at.clone()),
            Message::new("device-online-no-answer-todo").arg("server", at),
        ),
        ApiError::RateLimited => (
            Message::new("device-online-rate-limited").arg("server", at),
            Message::new("device-online-rate-limited-todo"),
        ),
        other => return OnlineError::Api(other).into(),
    };
    let todo = crate::core::phrases::sentence_case(phrases.speech(&todo));
    OnlineError::Said(format!("{} {todo}", phrases.speech(&why))).into()
}

fn runtime() -> Result<tokio::runtime::Runtime, AppError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(AppError::Runtime)
}

/// One line from stdin; on a terminal its echo is off meanwhile (and back on after).
fn read_secret() -> std::io::Result<String> {
    use rustix::termios::{LocalModes, OptionalActions, isatty, tcgetattr, tcsetattr};
    let stdin = std::io::stdin();
    let saved = isatty(&stdin).then(|| tcgetattr(&stdin).ok()).flatten();
    if let Some(saved) = &saved {
        let mut quiet = saved.clone();
        quiet.local_modes.remove(LocalModes::ECHO);
        tcsetattr(&stdin, OptionalActions::Now, &quiet)?;
    }
    let mut line = String::new();
    let read = stdin.lock().read_line(&mut line);
    if let Some(saved) = &saved {
        tcsetattr(&stdin, OptionalActions::Now, saved)?;
    }
    read.map(|_| line.trim().to_owned())
}
