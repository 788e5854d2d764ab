//! Online play through the lichess Board API (issue 24), as pure data and decisions.
//!
//! The station plays an online game exactly as a game at the board: the online opponent's
//! moves reach the session like a sighted opponent's, and the blind player's moves go
//! through the whole Appendix D dialogue before they are sent. What the server says
//! arrives as lines of JSON (NDJSON streams); this module holds their types and what the
//! station makes of them, and nothing that touches the network:
//! - [`game`]: the lines of a game's stream (`/api/board/game/stream/{id}`): `gameFull`,
//!   `gameState`, `chatLine`, `opponentGone`;
//! - [`events`]: the lines of the account's event stream (`/api/stream/event`):
//!   `gameStart`, `gameFinish`, `challenge`, `challengeCanceled`, `challengeDeclined`;
//! - [`answer`]: the server's answer to the menu's seek or challenge;
//! - [`lobby`]: the menu before a game (seek, challenge, accept, resume), with its words
//!   ([`menu_words`]) and the time controls the Board API plays ([`time_control`]);
//! - [`refusal`]: why the server refused a request, in the player's language;
//! - [`sync`]: the server's move list against the station's game: the opponent's moves to
//!   announce, our move confirmed, a takeback, a divergence;
//! - [`reconnect`]: when to open a stream again and what to say about it (one back-off
//!   for every stream, "lost" and "back" once per outage).
//!
//! Every type reads what the server sends and ignores fields it does not know, so a newer
//! server does not break the station; a line of an unknown `type` reads as `Unknown`.
//! The bytes are split into lines and parsed by `crate::online::ndjson` (fuzzed).

pub mod answer;
pub mod events;
pub mod game;
pub mod lobby;
pub mod menu_words;
mod number;
pub mod reconnect;
pub mod refusal;
pub mod sync;
pub mod time_control;

use serde::{Deserialize, Serialize};

pub use crate::core::side::{Side, SideError};

/// A chess variant as the server names it (`variant.key`: `standard`, `chess960`,
/// `fromPosition`, and others the station cannot play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    /// The variant's key.
    pub key: String,
}

impl Variant {
    /// A variant the station plays: standard chess (also from a position) or Chess960
    /// (FIDE Laws Appendix F).
    pub fn playable(&self) -> bool {
        matches!(self.key.as_str(), "standard" | "chess960" | "fromPosition")
    }
}

/// Whether a game or challenge can be played through the Board API (`compat`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Compat {
    /// Playable with the Board API.
    #[serde(default)]
    pub board: bool,
    /// Playable by bots.
    #[serde(default)]
    pub bot: bool,
}
