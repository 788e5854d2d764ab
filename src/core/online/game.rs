//! The lines of a game's stream (`GET /api/board/game/stream/{id}`): the first is always
//! `gameFull`, then `gameState` after every move, clock or offer change, `chatLine` and
//! `opponentGone`; an empty line every few seconds keeps the stream alive (read by
//! `crate::online::ndjson`, never here).

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;

use super::{Side, Variant, number};

/// One line of a game's stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum GameLine {
    /// The whole game: who plays, the clock, the start position and its state now. The
    /// first line of every stream, so also of every reconnection.
    GameFull(Box<GameFull>),
    /// The game's state after a change.
    GameState(GameState),
    /// A line of chat (the player or spectator room).
    ChatLine(ChatLine),
    /// The opponent left the game, or came back.
    OpponentGone(OpponentGone),
    /// The server refused the station's move (an answer 400 to it, with the server's
    /// words). Not a line of the stream: the online adapter makes it of the answer, so that
    /// the refusal is an input like every other (journaled, replayed).
    MoveRefused {
        /// The server's words (`"Not your turn, or game already over"`, …).
        error: String,
    },
    /// The answer to the station's move was lost (the connection broke, or no answer came
    /// in time): whether the server made it is unknown. Not a line of the stream either:
    /// the online adapter makes it, and then opens the stream again, whose `gameFull`
    /// tells; the session decides from it whether to send the move again (once).
    MoveLost,
    /// The server refused the token (401, or 403 for a missing scope) in the middle of the
    /// game: online play stops at the station. Made by the online adapter of an answer to
    /// a request, like [`GameLine::MoveRefused`].
    TokenRefused,
    /// A line of a type this station does not know (a newer server).
    #[serde(other)]
    Unknown,
}

/// The `gameFull` line: everything is fixed for the game except its state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFull {
    /// The game's id (its address is the server's address and this id).
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// The clock; `None` for a correspondence or unlimited game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    /// `blitz`, `rapid`, `classical`, `correspondence`, …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<String>,
    /// A rated game.
    #[serde(default)]
    pub rated: bool,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
    /// The start position: `startpos` or a FEN.
    #[serde(default = "startpos")]
    pub initial_fen: String,
    /// The game's state now.
    pub state: GameState,
    /// Days per move of a correspondence game.
    #[serde(
        default,
        deserialize_with = "number::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub days_per_turn: Option<u64>,
}

fn startpos() -> String {
    "startpos".to_owned()
}

impl GameFull {
    /// The player of a side.
    pub fn player(&self, side: Side) -> &Player {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// The side the account `user_id` plays, if it plays in this game.
    pub fn side_of(&self, user_id: &str) -> Option<Side> {
        let is = |p: &Player| {
            p.id.as_deref()
                .is_some_and(|id| id.eq_ignore_ascii_case(user_id))
        };
        if is(&self.white) {
            Some(Side::White)
        } else if is(&self.black) {
            Some(Side::Black)
        } else {
            None
        }
    }
}

/// The game's clock, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The time each side starts with.
    #[serde(deserialize_with = "number::count")]
    pub initial: u64,
    /// The time added after each move.
    #[serde(deserialize_with = "number::count")]
    pub increment: u64,
}

/// A player of the game: an account, or the server's computer (`aiLevel`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    /// The account's id (lower case).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The account's name as its owner writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A title (GM, IM, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The rating.
    #[serde(
        default,
        deserialize_with = "number::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub rating: Option<u64>,
    /// The rating is provisional.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub provisional: bool,
    /// The server's computer, at this level.
    #[serde(
        default,
        deserialize_with = "number::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub ai_level: Option<u64>,
}

/// The state of a game (`gameState`, also inside `gameFull`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// Every move from the start position, in UCI (castling king to e.g. g1; king to rook
    /// in Chess960).
    #[serde(with = "uci_list")]
    pub moves: Vec<UciMove>,
    /// White's time left, in milliseconds (2147483647 when the game has no clock).
    #[serde(deserialize_with = "number::count")]
    pub wtime: u64,
    /// Black's time left, in milliseconds.
    #[serde(deserialize_with = "number::count")]
    pub btime: u64,
    /// White's increment, in milliseconds.
    #[serde(default, deserialize_with = "number::count")]
    pub winc: u64,
    /// Black's increment, in milliseconds.
    #[serde(default, deserialize_with = "number::count")]
    pub binc: u64,
    /// Whether the game goes on, and if not, how it ended.
    pub status: Status,
    /// The winner, when the game ended with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Side>,
    /// White offers a draw.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wdraw: bool,
    /// Black offers a draw.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bdraw: bool,
    /// White asks to take back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wtakeback: bool,
    /// Black asks to take back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub btakeback: bool,
    /// Until the first moves: how long a player may wait before the game is aborted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration: Option<Expiration>,
}

/// The wait for a first move (`expiration`): the game is aborted when it runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Expiration {
    /// How long the player to move has been idle, in milliseconds.
    #[serde(deserialize_with = "number::count")]
    pub idle_millis: u64,
    /// How long he may take for his first move, in milliseconds.
    #[serde(deserialize_with = "number::count")]
    pub millis_to_move: u64,
}

impl GameState {
    /// The side to move after these moves from a position with `first` to move.
    pub fn to_move(&self, first: Side) -> Side {
        match (first, self.moves.len() % 2) {
            (side, 0) => side,
            (Side::White, _) => Side::Black,
            (Side::Black, _) => Side::White,
        }
    }

    /// Whether `side` offers a draw.
    pub fn offers_draw(&self, side: Side) -> bool {
        match side {
            Side::White => self.wdraw,
            Side::Black => self.bdraw,
        }
    }

    /// Whether `side` asks to take back.
    pub fn asks_takeback(&self, side: Side) -> bool {
        match side {
            Side::White => self.wtakeback,
            Side::Black => self.btakeback,
        }
    }

    /// The time left of `side`, in milliseconds.
    pub fn time_left(&self, side: Side) -> u64 {
        match side {
            Side::White => self.wtime,
            Side::Black => self.btime,
        }
    }
}

/// How a game stands (`status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// Created, not started.
    Created,
    /// Being played.
    Started,
    /// Aborted (before each side's first move).
    Aborted,
    /// Checkmate.
    Mate,
    /// A player resigned.
    Resign,
    /// Stalemate.
    Stalemate,
    /// A player left and the opponent claimed the win.
    Timeout,
    /// Drawn (agreed, claimed or automatic).
    Draw,
    /// A flag fell.
    Outoftime,
    /// Ended for cheating.
    Cheat,
    /// A player did not make the first move in time.
    NoStart,
    /// Ended, the server cannot say how.
    UnknownFinish,
    /// Drawn: insufficient material, claimed.
    InsufficientMaterialClaim,
    /// A variant's own ending.
    VariantEnd,
    /// A status this station does not know (a newer server): the game has ended.
    #[serde(other)]
    Unknown,
}

impl Status {
    /// The game goes on (or has not begun).
    pub fn ongoing(self) -> bool {
        matches!(self, Status::Created | Status::Started)
    }
}

/// A line of chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// `player` or `spectator`.
    pub room: String,
    /// Who wrote it.
    pub username: String,
    /// What was written.
    pub text: String,
}

/// The opponent left the game (`gone`), with the seconds until the win can be claimed;
/// or came back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpponentGone {
    /// Gone (true) or back (false).
    pub gone: bool,
    /// Seconds until the win can be claimed.
    #[serde(
        default,
        deserialize_with = "number::optional",
        skip_serializing_if = "Option::is_none"
    )]
    pub claim_win_in_seconds: Option<u64>,
}

/// The moves as one string of UCI moves separated by spaces (`""` at the start).
mod uci_list {
    use serde::{Deserialize, Deserializer, Serializer, de};
    use shakmaty::uci::UciMove;

    pub fn serialize<S: Serializer>(moves: &[UciMove], s: S) -> Result<S::Ok, S::Error> {
        let text: Vec<String> = moves.iter().map(UciMove::to_string).collect();
        s.serialize_str(&text.join(" "))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<UciMove>, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(d)?;
        text.split_ascii_whitespace()
            .map(|m| {
                UciMove::from_ascii(m.as_bytes())
                    .map_err(|_| de::Error::custom(format_args!("no UCI move: {m:.12}")))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
