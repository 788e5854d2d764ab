//! Which of a role's actions the situation allows now (the state's `can`): the page
//! shows only these (a draw to accept only while one is offered, "ausgeführt" only with
//! a move to execute, nothing after the result but the result). Read from the core's
//! view, never from rules of its own; the station still answers any action in words.

use super::super::access::Grant;
use super::permissions::can;
use crate::core::input::AccessRole;
use crate::core::view::{GameView, Side};

/// The actions `grant` may take in `game` (all its role's while no game is published).
pub fn can_now(grant: Grant, game: Option<&GameView>) -> Vec<&'static str> {
    let all = can(grant.role);
    match game {
        Some(game) => all
            .into_iter()
            .filter(|name| fits(name, grant, game))
            .collect(),
        None => all,
    }
}

/// Whether the action `name` of `grant` fits `game` now.
fn fits(name: &str, grant: Grant, game: &GameView) -> bool {
    let mine = grant.colour.map(Side::from);
    let arbiter = grant.role == AccessRole::Arbiter;
    let over = game.result.is_some();
    let clock = game.clock.as_ref();
    let runs = clock.is_some_and(|c| c.started && !c.paused && c.running.is_some());
    let offered_to_me = game.draw_offer.is_some() && game.draw_offer != mine;
    // The arbiter answers for either side (an echo, a resignation), but only while
    // something waits: "Welcher …?" is the announcer's to answer.
    let pending_for_me = game
        .pending
        .as_ref()
        .is_some_and(|p| (arbiter && p.stage != "which") || Some(p.side) == mine);
    match name {
        // What still acts after the result: questions (the player's line, his keys) and
        // the arbiter's corrections and closing.
        "line" | "key" => !over || grant.role != AccessRole::Opponent,
        "take-back" | "take-back-to" => !game.moves.is_empty(),
        "end" | "revoke-access" => true,
        _ if over => false,
        // The board stays a board: a move tapped out of turn is answered in words.
        "move" => true,
        "executed" => game.executed == Some(false) && grant.role == AccessRole::Opponent,
        "accept-draw" | "decline-draw" => offered_to_me,
        "offer-draw" => game.draw_offer.is_none(),
        "yes" | "no" => pending_for_me,
        "resign" => game.pending.as_ref().is_none_or(|p| p.stage != "resign"),
        "claim-draw" => mine == Some(game.turn),
        "start" => clock.is_some_and(|c| !c.started),
        "pause" => runs,
        "resume" => clock.is_some_and(|c| c.started && c.paused),
        "set-clock" | "add-time" | "set-moves" | "penalty" => clock.is_some(),
        "adjourn" => !game.adjourned,
        "resume-adjourned" => game.adjourned,
        _ => true,
    }
}

#[cfg(test)]
mod tests;
