//! What each role may do (docs/web-protocol.md, "Roles and what each may do"): one table,
//! read by the action check and by the state's `can`.

use crate::core::input::AccessRole;

/// The keys an opponent may press (not the clock's: FIDE Laws 6.5, 6.11 give those to
/// the arbiter, and the blind player has them at the console).
const OPPONENT_KEYS: [&str; 6] = [
    "key confirm",
    "key cancel",
    "key repeat",
    "key time",
    "key help",
    "key stop",
];

/// The clock's keys (FIDE Laws 6.5, 6.11): the arbiter's, and the blind player's as at
/// the console; with [`OPPONENT_KEYS`], every key.
const CLOCK_KEYS: [&str; 3] = ["key start", "key pause", "key resume"];

/// Whether `name` is any key.
fn any_key(name: &str) -> bool {
    OPPONENT_KEYS.contains(&name) || CLOCK_KEYS.contains(&name)
}

/// A player's commands (the visually impaired player's are these without `executed`).
const PLAYER_COMMANDS: [&str; 10] = [
    "offer-draw",
    "accept-draw",
    "decline-draw",
    "resign",
    "claim-draw",
    "yes",
    "no",
    "ask",
    "repeat",
    "alarms",
];

const ARBITER_COMMANDS: [&str; 20] = [
    "start",
    "pause",
    "resume",
    "set-clock",
    "add-time",
    "set-moves",
    "penalty",
    "take-back",
    "take-back-to",
    "adjourn",
    "resume-adjourned",
    "end",
    "yes",
    "no",
    "revoke-access",
    "ask",
    "repeat",
    "alarms",
    "access-code",
    "line",
];

/// Whether `role` may do `name`: `move`, `line`, `key NAME`, or a command's script name
/// (`offer-draw`, `set-clock`, `ask`, …).
pub fn allowed(role: AccessRole, name: &str) -> bool {
    match role {
        AccessRole::Spectator => false,
        AccessRole::Opponent => {
            matches!(name, "move" | "line" | "executed")
                || OPPONENT_KEYS.contains(&name)
                || PLAYER_COMMANDS.contains(&name)
        }
        AccessRole::Player => {
            matches!(name, "move" | "line") || any_key(name) || PLAYER_COMMANDS.contains(&name)
        }
        AccessRole::Arbiter => ARBITER_COMMANDS.contains(&name) || any_key(name),
    }
}

/// The actions `role` may post, by the names of the state's `can`: `move`, `line`,
/// `key`, and each command's name.
pub fn can(role: AccessRole) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = ["move", "line"]
        .into_iter()
        .filter(|n| allowed(role, n))
        .collect();
    if allowed(role, "key confirm") {
        names.push("key");
    }
    let commands = ["executed"]
        .into_iter()
        .chain(PLAYER_COMMANDS)
        .chain(ARBITER_COMMANDS);
    for name in commands {
        if !matches!(
            name,
            "line" | "key" | "ask" | "repeat" | "alarms" | "access-code"
        ) && allowed(role, name)
            && !names.contains(&name)
        {
            names.push(name);
        }
    }
    names
}
