//! Who may do what on the web page: one-time codes traded for a cookie's token, each
//! bound to a role (and a colour) of this station run. Pure: the time (`now`, since the
//! server started) and the random numbers are passed in.
//!
//! A code is six digits, good for [`CODE_LIFE`] and one browser; after [`WRONG_TRIES`]
//! wrong codes every try is refused for [`LOCK`] (even a right one), so that six digits
//! cannot be guessed. A token is 128 random bits; the table lives as long as the station
//! run, so a token is bound to its epoch by being in it. Revoking ends every token and
//! every code at once.

use std::collections::HashMap;
use std::time::Duration;

use shakmaty::Color;

use super::secret::Secret;
use crate::core::input::AccessRole;

/// How long a code is good for.
pub const CODE_LIFE: Duration = Duration::from_secs(120);
/// Wrong codes in a row before the lock.
pub const WRONG_TRIES: u32 = 5;
/// How long every try is refused after [`WRONG_TRIES`] wrong codes.
pub const LOCK: Duration = Duration::from_secs(60);

/// What a browser may do: its role, and the colour of a player's role.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grant {
    /// The role.
    pub role: AccessRole,
    /// The colour of an opponent or a player; `None` for the arbiter and spectators.
    pub colour: Option<Color>,
}

impl Grant {
    /// A spectator (no secret needed).
    pub const SPECTATOR: Grant = Grant {
        role: AccessRole::Spectator,
        colour: None,
    };
}

/// Why a code was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JoinError {
    /// No code that is good now has these digits.
    #[error("wrong or expired code")]
    Wrong,
    /// Too many wrong codes: every try is refused until the lock ends.
    #[error("locked for {retry_after:?}")]
    Locked {
        /// How long the lock still lasts.
        retry_after: Duration,
    },
}

#[derive(Debug)]
struct Pending {
    code: Secret,
    grant: Grant,
    expires: Duration,
}

/// The codes given out and the tokens traded for them.
#[derive(Debug, Default)]
pub struct Access {
    codes: Vec<Pending>,
    tokens: HashMap<Secret, Grant>,
    wrong: u32,
    locked_until: Option<Duration>,
}

/// Six digits of `random`.
fn code_text(random: u32) -> String {
    format!("{:06}", random % 1_000_000)
}

/// A token's text: the hex of 16 random bytes.
pub fn token_text(bytes: [u8; 16]) -> Secret {
    Secret::new(bytes.iter().map(|b| format!("{b:02x}")).collect::<String>())
}

impl Access {
    /// No codes, no tokens.
    pub fn new() -> Access {
        Access::default()
    }

    /// A new code for `grant`, good until `now` + [`CODE_LIFE`] (digits of `random`; the
    /// next free number if a code still good has them).
    pub fn issue(&mut self, grant: Grant, now: Duration, random: u32) -> Secret {
        self.codes.retain(|p| p.expires > now);
        let mut n = random % 1_000_000;
        while self.codes.iter().any(|p| p.code.expose() == code_text(n)) {
            n = (n + 1) % 1_000_000;
        }
        let code = Secret::new(code_text(n));
        self.codes.push(Pending {
            code: code.clone(),
            grant,
            expires: now + CODE_LIFE,
        });
        code
    }

    /// Trades `code` for `token`: the code's grant, the code used up; or why not.
    pub fn join(&mut self, code: &str, now: Duration, token: Secret) -> Result<Grant, JoinError> {
        if let Some(until) = self.locked_until {
            if now < until {
                return Err(JoinError::Locked {
                    retry_after: until - now,
                });
            }
            self.locked_until = None;
            self.wrong = 0;
        }
        self.codes.retain(|p| p.expires > now);
        let Some(i) = self.codes.iter().position(|p| p.code.expose() == code) else {
            self.wrong += 1;
            if self.wrong >= WRONG_TRIES {
                self.locked_until = Some(now + LOCK);
            }
            return Err(JoinError::Wrong);
        };
        let pending = self.codes.swap_remove(i);
        self.wrong = 0;
        self.tokens.insert(token, pending.grant);
        Ok(pending.grant)
    }

    /// The grant of a cookie's token, if it is one of this run's and not revoked.
    pub fn grant(&self, token: &str) -> Option<Grant> {
        self.tokens.get(&Secret::new(token)).copied()
    }

    /// Forgets one browser's token (it left).
    pub fn forget(&mut self, token: &str) {
        self.tokens.remove(&Secret::new(token));
    }

    /// Ends every token and every code.
    pub fn revoke_all(&mut self) {
        self.tokens.clear();
        self.codes.clear();
    }
}

#[cfg(test)]
mod tests;
