//! The page's actions (`POST /api/act`, docs/web-protocol.md): the JSON body read into an
//! [`Action`], checked against what the role may do ([`allowed`]), and turned into the
//! same [`Input`] a console line or a key gives, with the role's actor. Pure; a body that
//! cannot be read or an action the role may not take is an [`ActionError`], never a
//! panic (fuzzed: `fuzz/fuzz_targets/web_action.rs`).

use std::time::Duration;

use serde::Deserialize;
use shakmaty::uci::UciMove;

use super::access::Grant;
use crate::core::input::AccessRole;
use crate::core::input::{Actor, Command, Event, Input, Irreversible, Key};
use crate::core::script::{parse_command, parse_console_line};

mod permissions;
mod situation;

pub use permissions::{allowed, can};
pub use situation::can_now;

pub use crate::core::side::Side;

/// One action of the page.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// A move by its squares, in UCI.
    Move {
        /// `g1f3`, `e7e8q`.
        uci: String,
    },
    /// Text as typed at the console.
    Line {
        /// The line.
        text: String,
    },
    /// A named key.
    Key {
        /// The key's script name.
        key: String,
    },
    /// A command without arguments, by its script name.
    Command {
        /// `offer-draw`, `resign`, ….
        command: String,
        /// Confirmed on the page already (`resign`, `end` only): the station does not
        /// ask again.
        #[serde(default)]
        confirmed: bool,
    },
    /// Set a clock (arbiter).
    SetClock {
        /// Whose clock.
        side: Side,
        /// What it shows from now on.
        ms: u64,
    },
    /// Add time to a clock (arbiter).
    AddTime {
        /// Whose clock.
        side: Side,
        /// How much.
        ms: u64,
    },
    /// Set a side's count of completed moves (arbiter).
    SetMoves {
        /// Whose counter.
        side: Side,
        /// The moves completed.
        moves: u32,
    },
    /// FIDE Laws 7.5.b: two minutes to the offender's opponent (arbiter).
    Penalty {
        /// Who made the illegal move.
        offender: Side,
    },
    /// FIDE Laws D.2.8: back to where the scoresheets agree (arbiter).
    TakeBackTo {
        /// The move number.
        number: u32,
        /// After White's or Black's move of that number.
        side: Side,
    },
}

/// The body of `POST /api/act`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The state's sequence number the page showed.
    pub seq: u64,
    /// What to do.
    pub action: Action,
}

/// The commands the page may post by name (`{"kind": "command"}`).
pub const COMMANDS: [&str; 16] = [
    "yes",
    "no",
    "offer-draw",
    "accept-draw",
    "decline-draw",
    "resign",
    "claim-draw",
    "start",
    "pause",
    "resume",
    "take-back",
    "adjourn",
    "resume-adjourned",
    "end",
    "executed",
    "revoke-access",
];

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The body is no action (bad JSON, unknown kind or field, a bad value).
    #[error("malformed action: {0}")]
    Malformed(String),
    /// The role may not do this (or has no actor: a spectator).
    #[error("the role {role} may not {what}")]
    Forbidden {
        /// The role's name.
        role: &'static str,
        /// What it tried.
        what: String,
    },
}

/// Reads a body of `POST /api/act`.
pub fn parse(body: &[u8]) -> Result<Request, ActionError> {
    serde_json::from_slice(body).map_err(|e| ActionError::Malformed(e.to_string()))
}

/// The actor of a role: a player's colour, the arbiter; a spectator has none.
pub fn actor(grant: Grant) -> Option<Actor> {
    match (grant.role, grant.colour) {
        (AccessRole::Arbiter, _) => Some(Actor::Arbiter),
        (AccessRole::Opponent | AccessRole::Player, Some(c)) => Some(Actor::Player(c)),
        _ => None,
    }
}

fn forbidden(grant: Grant, what: impl Into<String>) -> ActionError {
    ActionError::Forbidden {
        role: grant.role.name(),
        what: what.into(),
    }
}

fn malformed(what: impl Into<String>) -> ActionError {
    ActionError::Malformed(what.into())
}

/// The input of `action` for `grant`, if the role may take it.
pub fn to_input(action: &Action, grant: Grant) -> Result<Input, ActionError> {
    let by = actor(grant).ok_or_else(|| forbidden(grant, "act"))?;
    let input = match action {
        Action::Line { text } => return line_input(text, by, grant),
        Action::Move { uci } => {
            let uci: UciMove = uci
                .parse()
                .map_err(|_| malformed(format!("not a UCI move: {uci:?}")))?;
            Input::picked(by, uci)
        }
        Action::Key { key } => {
            let key: Key = key.parse().map_err(|e| malformed(format!("{e}")))?;
            Input::key(by, key)
        }
        Action::Command { command, confirmed } => {
            if !COMMANDS.contains(&command.as_str()) {
                return Err(malformed(format!("unknown command {command:?}")));
            }
            let command = if *confirmed {
                Irreversible::from_verb(command)
                    .map(Command::Confirmed)
                    .ok_or_else(|| malformed(format!("{command:?} is not confirmed first")))?
            } else {
                parse_command(command).map_err(|e| malformed(e.to_string()))?
            };
            Input::Act {
                by,
                event: Event::Command(command),
            }
        }
        other => Input::Act {
            by,
            event: Event::Command(clock_command(other)?),
        },
    };
    check(&input, grant)?;
    Ok(input)
}

/// The arbiter's commands with arguments.
fn clock_command(action: &Action) -> Result<Command, ActionError> {
    let ms = |ms: u64| Duration::from_millis(ms);
    Ok(match *action {
        Action::SetClock { side, ms: t } => Command::SetClock {
            side: side.into(),
            time: ms(t),
        },
        Action::AddTime { side, ms: t } => Command::AddTime {
            side: side.into(),
            time: ms(t),
        },
        Action::SetMoves { side, moves } => Command::SetMoves {
            side: side.into(),
            moves,
        },
        Action::Penalty { offender } => Command::Penalty {
            offender: offender.into(),
        },
        Action::TakeBackTo { number, side } => Command::TakeBackTo {
            number,
            side: side.into(),
        },
        _ => return Err(malformed("not a clock command")),
    })
}

/// A console line as the role's actor: a WHO other than the role's own is refused, and
/// what the line asks for must be allowed to the role like the same action posted.
fn line_input(text: &str, by: Actor, grant: Grant) -> Result<Input, ActionError> {
    let first = text.split_whitespace().next().unwrap_or_default();
    if let Ok(who) = first.trim_end_matches(':').parse::<Actor>()
        && who != by
    {
        return Err(forbidden(grant, format!("act as {who}")));
    }
    let input = parse_console_line(text, by)
        .map_err(|e| malformed(e.to_string()))?
        .ok_or_else(|| malformed("an empty line"))?;
    check(&input, grant)?;
    Ok(input)
}

/// Whether the role may give `input` (what it is, by the names of [`allowed`]).
fn check(input: &Input, grant: Grant) -> Result<(), ActionError> {
    let Input::Act { event, .. } = input else {
        return Err(forbidden(grant, "wait"));
    };
    let name = match event {
        Event::Move(_) => "move".to_owned(),
        Event::Heard(_) | Event::Typed(_) => "line".to_owned(),
        Event::Key(k) => format!("key {}", k.name()),
        Event::Command(c) => command_name(c),
        Event::Board(_) => "board".to_owned(),
        Event::Server(_) => "server".to_owned(),
        Event::Engine(_) => "engine".to_owned(),
        Event::Analysis(_) => "analysis".to_owned(),
    };
    if allowed(grant.role, &name) {
        Ok(())
    } else {
        Err(forbidden(grant, name))
    }
}

/// A command's name in the permission table: its script name's first word (`ask` for
/// every question).
fn command_name(command: &Command) -> String {
    if let Command::Confirmed(act) = command {
        return act.verb().to_owned();
    }
    crate::core::script::command_text(command)
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[cfg(test)]
mod tests;
