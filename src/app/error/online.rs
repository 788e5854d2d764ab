//! Why an online command failed before its game started, typed: the token, the server's
//! address, a request, the menu's words, or a sentence already said in the player's words.
//! None of them holds the token (the server's answers and the files' paths only).
//!
//! Each text names its cause itself, so the cause is not also a `source`: the program
//! prints one line, `online: …`, as the station says it ([`crate::app::failure`]).

use crate::core::online::menu_words::MenuWordsError;
use crate::online::address::AddressError;
use crate::online::client::ApiError;
use crate::online::token::TokenError;

/// Why an online command failed before its game started.
#[derive(Debug, thiserror::Error)]
pub enum OnlineError {
    /// The token could not be read from the terminal.
    #[error("online: reading the token: {0}")]
    ReadToken(std::io::Error),
    /// The token is no token, or its file cannot be read or written.
    #[error("online: {0}")]
    Token(TokenError),
    /// The server knows the token but it may not play (`login`).
    #[error("online: the token lacks the scope board:play")]
    NoBoardScope,
    /// `online.server` is no address the station talks to.
    #[error("online: {0}")]
    Address(AddressError),
    /// A request failed in a way the station has no words of its own for.
    #[error("online: {0}")]
    Api(ApiError),
    /// The menu's words of the language do not read.
    #[error("online: {0}")]
    MenuWords(MenuWordsError),
    /// Why, as it was said to the player (in the player's words).
    #[error("online: {0}")]
    Said(String),
}

impl From<TokenError> for OnlineError {
    fn from(e: TokenError) -> OnlineError {
        OnlineError::Token(e)
    }
}

impl From<AddressError> for OnlineError {
    fn from(e: AddressError) -> OnlineError {
        OnlineError::Address(e)
    }
}

impl From<ApiError> for OnlineError {
    fn from(e: ApiError) -> OnlineError {
        OnlineError::Api(e)
    }
}

impl From<MenuWordsError> for OnlineError {
    fn from(e: MenuWordsError) -> OnlineError {
        OnlineError::MenuWords(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts the program prints are those of before the type (one line, `online: `
    /// and the cause), and none has a source that would print it twice.
    #[test]
    fn each_text_is_one_line_with_its_cause() {
        let cases = [
            (
                OnlineError::ReadToken(std::io::Error::other("closed")),
                "online: reading the token: closed",
            ),
            (
                OnlineError::from(TokenError::Invalid),
                "online: that is no lichess token: a token is letters, digits and _",
            ),
            (
                OnlineError::NoBoardScope,
                "online: the token lacks the scope board:play",
            ),
            (
                OnlineError::from(ApiError::RateLimited),
                "online: too many requests (429): waiting a minute",
            ),
            (
                OnlineError::Said("Keine Antwort.".into()),
                "online: Keine Antwort.",
            ),
        ];
        for (error, want) in cases {
            assert_eq!(error.to_string(), want);
            assert!(std::error::Error::source(&error).is_none(), "{want}");
            let app = crate::app::AppError::from(error);
            assert_eq!(app.to_string(), want);
            assert!(std::error::Error::source(&app).is_none(), "{want}");
            assert!(app.before_start());
        }
    }
}
