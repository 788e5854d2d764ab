//! A stand-in for the core's `Session::view` (landing on `main`): the few fields of the
//! state read straight from the session, deleted at the merge.

use serde_json::{Value, json};
use shakmaty::{EnPassantMode, Position};

use super::state::colour_name;
use crate::core::session::Session;
use crate::core::time::Timestamp;

/// The core's part of the state.
pub fn view(session: &Session, _now: Timestamp) -> Value {
    let pos = session.position();
    let fen = shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let board = fen.split(' ').next().unwrap_or_default().to_owned();
    let info = &session.config().info;
    json!({
        "lang": session.config().lang.code(),
        "names": {"white": info.white, "black": info.black},
        "board": board,
        "turn": colour_name(pos.turn()),
        "plies": session.history().len(),
        "pending": null,
        "result": session.result().map(|r| json!({"pgn": r.pgn()})),
    })
}
