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
mod tests {
    use std::time::Duration;

    use shakmaty::Color;

    use super::*;

    const OPPONENT: Grant = Grant {
        role: AccessRole::Opponent,
        colour: Some(Color::White),
    };
    const ARBITER: Grant = Grant {
        role: AccessRole::Arbiter,
        colour: None,
    };

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    fn token(n: u8) -> Secret {
        token_text([n; 16])
    }

    #[test]
    fn a_code_is_six_digits_and_a_token_32_hex() {
        let mut a = Access::new();
        for (random, expected) in [(0, "000000"), (42, "000042"), (1_234_567, "234567")] {
            assert_eq!(a.issue(OPPONENT, s(0), random).expose(), expected);
        }
        assert_eq!(token(0xab).expose(), "ab".repeat(16));
    }

    #[test]
    fn a_code_is_used_once_and_gives_its_grant() {
        let mut a = Access::new();
        let code = a.issue(OPPONENT, s(0), 7);
        assert_eq!(a.join(code.expose(), s(10), token(1)), Ok(OPPONENT));
        assert_eq!(a.grant(token(1).expose()), Some(OPPONENT));
        assert_eq!(
            a.join(code.expose(), s(11), token(2)),
            Err(JoinError::Wrong)
        );
        assert_eq!(a.grant(token(2).expose()), None);
    }

    /// Each case: (seconds after the code was issued, whether it is still good).
    #[test]
    fn a_code_expires_after_two_minutes() {
        for (after, good) in [(0, true), (119, true), (120, false), (600, false)] {
            let mut a = Access::new();
            let code = a.issue(ARBITER, s(5), 99);
            let got = a.join(code.expose(), s(5 + after), token(1));
            assert_eq!(got.is_ok(), good, "after {after} s: {got:?}");
        }
    }

    #[test]
    fn two_codes_never_share_their_digits() {
        let mut a = Access::new();
        let first = a.issue(OPPONENT, s(0), 5);
        let second = a.issue(ARBITER, s(0), 5);
        assert_ne!(first.expose(), second.expose());
        assert_eq!(a.join(second.expose(), s(1), token(1)), Ok(ARBITER));
        assert_eq!(a.join(first.expose(), s(1), token(2)), Ok(OPPONENT));
    }

    #[test]
    fn five_wrong_codes_lock_every_try_for_a_minute() {
        let mut a = Access::new();
        let code = a.issue(OPPONENT, s(0), 123_456);
        for i in 0..WRONG_TRIES {
            assert_eq!(
                a.join("000000", s(1), token(9)),
                Err(JoinError::Wrong),
                "try {i}"
            );
        }
        // Even the right code is refused while locked.
        assert_eq!(
            a.join(code.expose(), s(31), token(1)),
            Err(JoinError::Locked { retry_after: s(30) })
        );
        assert_eq!(a.join(code.expose(), s(61), token(1)), Ok(OPPONENT));
    }

    #[test]
    fn a_right_code_resets_the_count_of_wrong_ones() {
        let mut a = Access::new();
        for _ in 0..WRONG_TRIES - 1 {
            let _ = a.join("999999", s(0), token(9));
        }
        let code = a.issue(OPPONENT, s(0), 1);
        assert!(a.join(code.expose(), s(0), token(1)).is_ok());
        assert_eq!(a.join("999999", s(0), token(9)), Err(JoinError::Wrong));
        let code = a.issue(OPPONENT, s(0), 2);
        assert!(a.join(code.expose(), s(0), token(2)).is_ok());
    }

    #[test]
    fn revoking_ends_every_token_and_code() {
        let mut a = Access::new();
        let code = a.issue(OPPONENT, s(0), 1);
        let other = a.issue(ARBITER, s(0), 2);
        assert!(a.join(code.expose(), s(0), token(1)).is_ok());
        a.revoke_all();
        assert_eq!(a.grant(token(1).expose()), None);
        assert_eq!(
            a.join(other.expose(), s(0), token(2)),
            Err(JoinError::Wrong)
        );
    }

    /// Each case: (seconds after the first code, whether that code was used, whether the
    /// same code is given again, and how long it is still good).
    #[test]
    fn asked_again_while_good_and_unused_a_code_is_the_same() {
        let cases = [
            (0, false, true, 120),
            (35, false, true, 85),
            (119, false, true, 1),
            (120, false, false, 120),
            (10, true, false, 120),
        ];
        for (after, used, same, left) in cases {
            let mut a = Access::new();
            let first = a.code_for(OPPONENT, s(0), || Some(111_111)).unwrap();
            assert!(first.new);
            if used {
                assert!(a.join(first.code.expose(), s(1), token(1)).is_ok());
            }
            let again = a.code_for(OPPONENT, s(after), || Some(222_222)).unwrap();
            assert_eq!(
                again.code == first.code,
                same,
                "after {after} s, used {used}"
            );
            assert_eq!(again.new, !same, "after {after} s, used {used}");
            assert_eq!(again.left, s(left), "after {after} s, used {used}");
        }
        // Another role's code is another code.
        let mut a = Access::new();
        let opponent = a.code_for(OPPONENT, s(0), || Some(5)).unwrap();
        let arbiter = a.code_for(ARBITER, s(1), || Some(5)).unwrap();
        assert_ne!(opponent.code, arbiter.code);
        // No random number: no new code (the answer says the page cannot answer).
        assert_eq!(Access::new().code_for(OPPONENT, s(0), || None), None);
    }

    #[test]
    fn a_browser_that_leaves_loses_only_its_own_token() {
        let mut a = Access::new();
        for (n, random) in [(1, 10), (2, 20)] {
            let code = a.issue(OPPONENT, s(0), random);
            assert!(a.join(code.expose(), s(0), token(n)).is_ok());
        }
        a.forget(token(1).expose());
        assert_eq!(a.grant(token(1).expose()), None);
        assert_eq!(a.grant(token(2).expose()), Some(OPPONENT));
    }
}
