//! Stand-ins for the core's web vocabulary that lands on `main` (`core::input::AccessRole`,
//! `core::output::AccessRequest`): the same names and shapes, deleted at the merge.

use std::str::FromStr;

use crate::core::output::Audience;

/// A role on the station's web page (FIDE Laws D.2.9, D.2.10: who may do what at the
/// board): its actions are the inputs of that role's actor.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AccessRole {
    /// Follows the game, acts on nothing.
    Spectator,
    /// The sighted opponent, for his own colour.
    Opponent,
    /// The visually impaired player at a laptop, for his own colour.
    Player,
    /// The arbiter or an assistant (D.2.9, D.2.10).
    Arbiter,
}

impl AccessRole {
    /// Every role with its name in scripts and on the web page.
    pub const ALL: [(AccessRole, &'static str); 4] = [
        (AccessRole::Spectator, "spectator"),
        (AccessRole::Opponent, "opponent"),
        (AccessRole::Player, "player"),
        (AccessRole::Arbiter, "arbiter"),
    ];

    /// The role's name in scripts and on the web page.
    pub fn name(self) -> &'static str {
        AccessRole::ALL
            .iter()
            .find(|(r, _)| *r == self)
            .map_or("?", |(_, n)| n)
    }
}

/// The error for an unknown web role name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown role {0:?}: expected spectator, opponent, player or arbiter")]
pub struct UnknownRole(pub String);

impl FromStr for AccessRole {
    type Err = UnknownRole;
    fn from_str(s: &str) -> Result<AccessRole, UnknownRole> {
        AccessRole::ALL
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(r, _)| *r)
            .ok_or_else(|| UnknownRole(s.to_owned()))
    }
}

/// A request to the station's web page (`Output::Access` on `main`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AccessRequest {
    /// Issue a one-time code for `role` and tell it to `to` only.
    Code {
        /// The role the code opens.
        role: AccessRole,
        /// Who asked, and hears and reads the code.
        to: Audience,
    },
    /// End every role's access; tell `to` it is done.
    RevokeAll {
        /// Who asked.
        to: Audience,
    },
}
