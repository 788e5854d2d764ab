//! Who may do what on the web page: one-time codes traded for a cookie's token, each
//! bound to a role (and a colour) of this game. Pure: the time (`now`, since the server
//! started), the client's address and the random numbers are passed in.
//!
//! A code is six digits, good for [`CODE_LIFE`] and one browser. Wrong codes are counted
//! per client address: after [`WRONG_TRIES`] of them that address is refused for [`LOCK`]
//! (even with a right code), while every other browser still joins; and a code is void
//! once [`CODE_WRONG_LIMIT`] wrong codes were tried while it was good, so that many
//! addresses together cannot guess it either. A token is 128 random bits; the table keeps
//! only its SHA-256 ([`token_hash`]), so that the grants can be stored beside the journal
//! and survive `--resume` of the same game ([`Access::stored`], [`Access::restore`])
//! without the tokens themselves ever being written. Revoking ends every token and every
//! code at once, and the page of a revoked token is told so ([`Lost`]).

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::time::Duration;

use sha2::{Digest, Sha256};
use shakmaty::Color;

use crate::core::input::AccessRole;
use crate::secret::Secret;

/// How long a code is good for.
pub const CODE_LIFE: Duration = Duration::from_secs(120);
/// Wrong codes from one address before that address is locked.
pub const WRONG_TRIES: u32 = 5;
/// How long an address is refused after [`WRONG_TRIES`] wrong codes.
pub const LOCK: Duration = Duration::from_secs(60);
/// Wrong codes (from any address) tried while a code was good that make it void.
pub const CODE_WRONG_LIMIT: u32 = 50;
/// The most client addresses whose wrong codes are remembered at once.
const CLIENTS_KEPT: usize = 4096;

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

    /// The arbiter (or an assistant).
    pub const ARBITER: Grant = Grant {
        role: AccessRole::Arbiter,
        colour: None,
    };
}

/// Why a browser that shows a token has no role (its page says so).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lost {
    /// Every access was ended at the board ("Zugänge sperren").
    Revoked,
    /// The token is not this game's (another game, or it was given up).
    Unknown,
}

impl Lost {
    /// Its name in the page's state (`revoked`, `unknown`).
    pub fn name(self) -> &'static str {
        match self {
            Lost::Revoked => "revoked",
            Lost::Unknown => "unknown",
        }
    }
}

/// Why a code was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JoinError {
    /// No code that is good now has these digits.
    #[error("wrong or expired code")]
    Wrong,
    /// Too many wrong codes from this address: its tries are refused until the lock ends.
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
    /// Wrong codes tried while it was good.
    wrong: u32,
}

/// One address's wrong codes.
#[derive(Copy, Clone, Debug, Default)]
struct Tries {
    wrong: u32,
    last: Duration,
    locked_until: Option<Duration>,
}

/// The codes given out and the tokens traded for them.
#[derive(Debug, Default)]
pub struct Access {
    codes: Vec<Pending>,
    /// Each token's grant, by the token's hash.
    tokens: HashMap<String, Grant>,
    /// The hashes of the tokens that were revoked.
    revoked: HashSet<String>,
    clients: HashMap<IpAddr, Tries>,
}

/// Six digits of `random`.
fn code_text(random: u32) -> String {
    format!("{:06}", random % 1_000_000)
}

/// A code for a role, as [`Access::code_for`] gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issued {
    /// The code.
    pub code: Secret,
    /// How long it is still good.
    pub left: Duration,
    /// Whether it is new (else given before and still good).
    pub new: bool,
}

/// A token's text: the hex of 16 random bytes.
pub fn token_text(bytes: [u8; 16]) -> Secret {
    Secret::new(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the table keeps of a token: the hex of its SHA-256 (the token cannot be found
/// from it, so it may be stored).
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// A grant's words in the stored table (`opponent white`, `arbiter -`).
fn grant_words(grant: Grant) -> String {
    let colour = match grant.colour {
        Some(Color::White) => "white",
        Some(Color::Black) => "black",
        None => "-",
    };
    format!("{} {colour}", grant.role.name())
}

fn parse_grant(role: &str, colour: &str) -> Option<Grant> {
    let role: AccessRole = role.parse().ok()?;
    let colour = match colour {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        "-" => None,
        _ => return None,
    };
    (role != AccessRole::Spectator).then_some(Grant { role, colour })
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
            wrong: 0,
        });
        code
    }

    /// A code for `grant` asked at the board: the newest one given before while it is
    /// still good and unused (so asking again, or the repeat key, gives the same code:
    /// the person at the board may not have caught it), else a new one ([`Access::issue`],
    /// its digits from `random`, asked only then).
    pub fn code_for(
        &mut self,
        grant: Grant,
        now: Duration,
        random: impl FnOnce() -> Option<u32>,
    ) -> Option<Issued> {
        self.codes.retain(|p| p.expires > now);
        if let Some(p) = self.codes.iter().rev().find(|p| p.grant == grant) {
            return Some(Issued {
                code: p.code.clone(),
                left: p.expires - now,
                new: false,
            });
        }
        let code = self.issue(grant, now, random()?);
        Some(Issued {
            code,
            left: CODE_LIFE,
            new: true,
        })
    }

    /// Trades `code`, sent from `client`, for `token`: the code's grant, the code used
    /// up; or why not.
    pub fn join(
        &mut self,
        code: &str,
        now: Duration,
        client: IpAddr,
        token: Secret,
    ) -> Result<Grant, JoinError> {
        self.forget_old_tries(now);
        let tries = self.clients.entry(client).or_default();
        if let Some(until) = tries.locked_until {
            if now < until {
                return Err(JoinError::Locked {
                    retry_after: until - now,
                });
            }
            *tries = Tries::default();
        }
        self.codes
            .retain(|p| p.expires > now && p.wrong < CODE_WRONG_LIMIT);
        let Some(i) = self.codes.iter().position(|p| p.code.expose() == code) else {
            tries.wrong += 1;
            tries.last = now;
            if tries.wrong >= WRONG_TRIES {
                tries.locked_until = Some(now + LOCK);
            }
            for p in &mut self.codes {
                p.wrong += 1;
            }
            return Err(JoinError::Wrong);
        };
        let pending = self.codes.swap_remove(i);
        self.clients.remove(&client);
        self.tokens
            .insert(token_hash(token.expose()), pending.grant);
        Ok(pending.grant)
    }

    /// Forgets the wrong codes of addresses that tried none for [`LOCK`] and are not
    /// locked; keeps at most a bounded number of addresses.
    fn forget_old_tries(&mut self, now: Duration) {
        self.clients.retain(|_, t| match t.locked_until {
            Some(until) => now < until,
            None => now < t.last + LOCK,
        });
        if self.clients.len() >= CLIENTS_KEPT {
            self.clients.clear();
        }
    }

    /// The grant of a cookie's token, if it is one of this game's and not revoked.
    pub fn grant(&self, token: &str) -> Option<Grant> {
        self.tokens.get(&token_hash(token)).copied()
    }

    /// Why a browser showing `token` has no role (`None`: it has one).
    pub fn lost(&self, token: &str) -> Option<Lost> {
        let hash = token_hash(token);
        if self.tokens.contains_key(&hash) {
            None
        } else if self.revoked.contains(&hash) {
            Some(Lost::Revoked)
        } else {
            Some(Lost::Unknown)
        }
    }

    /// Forgets one browser's token (it left).
    pub fn forget(&mut self, token: &str) {
        self.tokens.remove(&token_hash(token));
    }

    /// Ends every token and every code.
    pub fn revoke_all(&mut self) {
        self.revoked
            .extend(self.tokens.drain().map(|(hash, _)| hash));
        self.codes.clear();
    }

    /// The grants as they are stored beside the journal: a line per token, its hash,
    /// role and colour (`3f…a9 opponent white`), sorted; never a token or a code.
    pub fn stored(&self) -> String {
        let mut lines: Vec<String> = self
            .tokens
            .iter()
            .map(|(hash, grant)| format!("{hash} {}\n", grant_words(*grant)))
            .collect();
        lines.sort();
        lines.concat()
    }

    /// Takes the grants back from what [`Access::stored`] wrote (a resumed game); lines
    /// that are not a grant are passed over. Answers how many were taken.
    pub fn restore(&mut self, stored: &str) -> usize {
        let mut taken = 0;
        for line in stored.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let [hash, role, colour] = words.as_slice() else {
                continue;
            };
            let hex = hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit());
            if let Some(grant) = parse_grant(role, colour).filter(|_| hex) {
                self.tokens.insert(hash.to_ascii_lowercase(), grant);
                taken += 1;
            }
        }
        taken
    }
}

#[cfg(test)]
mod tests;
