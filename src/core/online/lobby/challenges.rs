//! What the menu says of a challenge and a running game: who, what rating, which colour,
//! and whether the station can play it at all (the Board API's time controls, standard
//! chess).

use super::super::Side;
use super::super::events::{Challenge, GameInfo, TimeControl};
use super::super::time_control::{OnlineTc, Pairing};
use crate::core::phrases::Message;

/// Why the station declines a challenge (the server's reason key), `None` if it can
/// play it: a clock of blitz or slower, standard chess (or from a position), and the
/// Board API's word on it when it gave one.
pub(super) fn unplayable(challenge: &Challenge, compat: Option<bool>) -> Option<&'static str> {
    let variant_ok = challenge
        .variant
        .as_ref()
        .is_none_or(|v| matches!(v.key.as_str(), "standard" | "fromPosition"));
    if !variant_ok {
        return Some("variant");
    }
    let TimeControl::Clock { limit, increment } = challenge.time_control else {
        return Some("timeControl");
    };
    let tc = OnlineTc { limit, increment };
    if tc.check(Pairing::Challenge).is_err() || compat == Some(false) {
        return Some("tooFast");
    }
    None
}

pub(super) fn challenger(challenge: &Challenge) -> String {
    challenge
        .challenger
        .as_ref()
        .and_then(|u| u.name.clone().or_else(|| u.id.clone()))
        .unwrap_or_else(|| "?".into())
}

pub(super) fn rating(challenge: &Challenge) -> String {
    challenge
        .challenger
        .as_ref()
        .and_then(|u| u.rating)
        .map_or_else(|| "?".into(), |r| r.to_string())
}

/// The colour the player gets: `white`, `black` or `random` (the message's selector).
pub(super) fn color(challenge: &Challenge) -> &'static str {
    match challenge.final_color {
        // The challenger's final colour is the challenged player's opposite.
        Some(Side::White) => "black",
        Some(Side::Black) => "white",
        None => "random",
    }
}

/// "Laufende Partie 1: gegen X, Sie am Zug."
pub(super) fn running_game(game: &GameInfo, number: usize) -> Message {
    let opponent = game.opponent.as_ref().map_or_else(
        || "?".into(),
        |o| {
            o.username
                .clone()
                .or_else(|| o.ai.map(|l| format!("AI {l}")))
                .unwrap_or_else(|| "?".into())
        },
    );
    Message::new("lobby-running")
        .arg("number", number)
        .arg("name", opponent)
        .arg("turn", if game.is_my_turn { "yes" } else { "no" })
}
