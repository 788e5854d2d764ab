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
