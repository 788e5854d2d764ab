//! The page's refusals in the game's language: every error the adapter answers with
//! (`{"error": id, "message": words}`), rendered once at the start from
//! `assets/<lang>/messages.ftl`.

use std::collections::HashMap;

use crate::core::phrases::{Message, Phrases};

/// Why a request is refused: the `error` of the answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The body is no request of this kind (400).
    Malformed,
    /// A role that may not do this (403).
    Forbidden,
    /// No role: a spectator, who acts on nothing (403).
    NoRole,
    /// Host or Origin is not the station's (403).
    Foreign,
    /// A move for the side not to move (403).
    NotYourMove,
    /// A code that is not good (403).
    WrongCode,
    /// A right code guarded after many wrong ones against an address that tried one
    /// (403).
    Guarded,
    /// No such page (404).
    NotFound,
    /// The page showed an older state (409).
    Stale,
    /// The body is too big (413).
    TooBig,
    /// Too many wrong codes (429).
    Locked,
    /// Too many open pages, or the station did not answer (503).
    Unavailable,
}

impl Refusal {
    /// Every refusal.
    pub const ALL: [Refusal; 12] = [
        Refusal::Malformed,
        Refusal::Forbidden,
        Refusal::NoRole,
        Refusal::Foreign,
        Refusal::NotYourMove,
        Refusal::WrongCode,
        Refusal::Guarded,
        Refusal::NotFound,
        Refusal::Stale,
        Refusal::TooBig,
        Refusal::Locked,
        Refusal::Unavailable,
    ];

    /// The `error` of the answer: its words' id without `web-error-` (`stale`).
    pub fn error_id(self) -> &'static str {
        let id = self.message_id();
        id.strip_prefix("web-error-").unwrap_or(id)
    }

    /// Its words' message id.
    fn message_id(self) -> &'static str {
        match self {
            Refusal::Malformed => "web-error-malformed",
            Refusal::Forbidden => "web-error-forbidden",
            Refusal::NoRole => "web-error-no-role",
            Refusal::Foreign => "web-error-foreign",
            Refusal::NotYourMove => "web-error-not-your-move",
            Refusal::WrongCode => "web-error-wrong-code",
            Refusal::Guarded => "web-error-guarded",
            Refusal::NotFound => "web-error-not-found",
            Refusal::Stale => "web-error-stale",
            Refusal::TooBig => "web-error-too-big",
            Refusal::Locked => "web-error-locked",
            Refusal::Unavailable => "web-error-unavailable",
        }
    }
}

/// Every refusal's words.
#[derive(Clone, Debug, Default)]
pub struct Words(HashMap<Refusal, String>);

impl Words {
    /// The words of every refusal in `phrases`' language.
    pub fn new(phrases: &Phrases) -> Words {
        Words(
            Refusal::ALL
                .into_iter()
                .map(|r| (r, phrases.speech(&Message::new(r.message_id()))))
                .collect(),
        )
    }

    /// The words of `refusal`.
    pub fn of(&self, refusal: Refusal) -> &str {
        self.0.get(&refusal).map_or("", String::as_str)
    }
}
