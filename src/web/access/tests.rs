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

const GUESSER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 168, 1, 66));
const OTHER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 168, 1, 21));

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
    assert_eq!(
        a.join(code.expose(), s(10), GUESSER, token(1)),
        Ok(OPPONENT)
    );
    assert_eq!(a.grant(token(1).expose()), Some(OPPONENT));
    assert_eq!(
        a.join(code.expose(), s(11), GUESSER, token(2)),
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
        let got = a.join(code.expose(), s(5 + after), GUESSER, token(1));
        assert_eq!(got.is_ok(), good, "after {after} s: {got:?}");
    }
}

#[test]
fn two_codes_never_share_their_digits() {
    let mut a = Access::new();
    let first = a.issue(OPPONENT, s(0), 5);
    let second = a.issue(ARBITER, s(0), 5);
    assert_ne!(first.expose(), second.expose());
    assert_eq!(
        a.join(second.expose(), s(1), GUESSER, token(1)),
        Ok(ARBITER)
    );
    assert_eq!(
        a.join(first.expose(), s(1), GUESSER, token(2)),
        Ok(OPPONENT)
    );
}

/// A guesser is locked after five wrong codes; another address still joins.
#[test]
fn five_wrong_codes_lock_that_address_for_a_minute() {
    let mut a = Access::new();
    let code = a.issue(OPPONENT, s(0), 123_456);
    let arbiter = a.issue(ARBITER, s(0), 654_321);
    for i in 0..WRONG_TRIES {
        assert_eq!(
            a.join("000000", s(1), GUESSER, token(9)),
            Err(JoinError::Wrong),
            "try {i}"
        );
    }
    // Even the right code is refused from the guesser's address while locked.
    assert_eq!(
        a.join(code.expose(), s(31), GUESSER, token(1)),
        Err(JoinError::Locked { retry_after: s(30) })
    );
    // Anyone else joins.
    assert_eq!(
        a.join(arbiter.expose(), s(31), OTHER, token(2)),
        Ok(ARBITER)
    );
    assert_eq!(
        a.join(code.expose(), s(61), GUESSER, token(1)),
        Ok(OPPONENT)
    );
}

/// An address of the 10.x network, numbered.
fn address(n: u32) -> IpAddr {
    IpAddr::V4(std::net::Ipv4Addr::from(0x0a00_0000 + n))
}

/// Many addresses together cannot guess a code: after [`CODE_WRONG_LIMIT`] wrong codes
/// tried while it was good, it lets in only addresses that tried none, so each further
/// guesser has one try. The person it was given to, who tried no wrong code, still joins.
#[test]
fn many_wrong_codes_guard_a_code_against_the_guessers_only() {
    let mut a = Access::new();
    let code = a.issue(OPPONENT, s(0), 123_456);
    for i in 0..CODE_WRONG_LIMIT {
        assert_eq!(
            a.join("000000", s(1), address(i), token(9)),
            Err(JoinError::Wrong)
        );
    }
    // A guesser that hits the code now is not let in.
    assert_eq!(
        a.join(code.expose(), s(2), address(7), token(8)),
        Err(JoinError::Guarded)
    );
    assert_eq!(a.grant(token(8).expose()), None);
    // Nor is a new address after its own wrong try.
    assert_eq!(
        a.join("000001", s(2), address(999), token(8)),
        Err(JoinError::Wrong)
    );
    assert_eq!(
        a.join(code.expose(), s(3), address(999), token(8)),
        Err(JoinError::Guarded)
    );
    // The person it was given to joins.
    assert_eq!(a.join(code.expose(), s(4), OTHER, token(1)), Ok(OPPONENT));
}

/// A guarded code is not given again at the board: asked again, the board gets a new one,
/// which lets in whoever tried the old one wrongly.
#[test]
fn a_guarded_code_is_replaced_when_asked_again() {
    let mut a = Access::new();
    let first = a.code_for(OPPONENT, s(0), || Some(111_111)).unwrap();
    // The holder mistypes once, then the guessers come.
    assert_eq!(
        a.join("111112", s(1), OTHER, token(9)),
        Err(JoinError::Wrong)
    );
    for i in 1..CODE_WRONG_LIMIT {
        let _ = a.join("000000", s(1), address(i), token(9));
    }
    assert_eq!(
        a.join(first.code.expose(), s(2), OTHER, token(1)),
        Err(JoinError::Guarded)
    );
    let second = a.code_for(OPPONENT, s(3), || Some(222_222)).unwrap();
    assert!(second.new && second.code != first.code, "{second:?}");
    assert_eq!(
        a.join(second.code.expose(), s(4), OTHER, token(1)),
        Ok(OPPONENT)
    );
}

/// Whatever wrong codes other addresses send (each case: how many addresses, how many
/// wrong codes each, spread over the code's life), the person a code was given to, who
/// typed it right, joins with it.
#[test]
fn a_right_code_is_never_blocked_by_other_addresses_wrong_codes() {
    let cases: [(u32, u32); 5] = [(1, 100), (5, 20), (60, 5), (500, 1), (2000, 3)];
    for (addresses, each) in cases {
        let mut a = Access::new();
        let code = a.issue(ARBITER, s(0), 424_242);
        for n in 0..addresses {
            for k in 0..each {
                let at = s(u64::from(k * 100 / each.max(1)));
                let _ = a.join(&format!("{:06}", k), at, address(n), token(9));
            }
        }
        assert_eq!(
            a.join(code.expose(), s(119), OTHER, token(1)),
            Ok(ARBITER),
            "{addresses} addresses with {each} wrong codes each"
        );
    }
}

/// The wrong codes of an IPv6 /64 count together (one device may take any of its
/// addresses); an IPv4 address mapped into IPv6 counts as itself; another network is
/// another client.
#[test]
fn an_ipv6_network_counts_as_one_client() {
    let v6 = |s: &str| -> IpAddr { s.parse().unwrap() };
    assert_eq!(
        Client::from(v6("2001:db8:1:2:aaaa::1")),
        Client::from(v6("2001:db8:1:2:bbbb::2"))
    );
    assert_ne!(
        Client::from(v6("2001:db8:1:2::1")),
        Client::from(v6("2001:db8:1:3::1"))
    );
    assert_eq!(
        Client::from(v6("::ffff:192.168.1.66")),
        Client::from(GUESSER)
    );
    let mut a = Access::new();
    let code = a.issue(OPPONENT, s(0), 5);
    for i in 0..WRONG_TRIES {
        let from = v6(&format!("2001:db8:1:2::{:x}", i + 1));
        assert_eq!(
            a.join("999999", s(1), from, token(9)),
            Err(JoinError::Wrong)
        );
    }
    assert!(matches!(
        a.join(code.expose(), s(2), v6("2001:db8:1:2::99"), token(1)),
        Err(JoinError::Locked { .. })
    ));
    assert_eq!(
        a.join(code.expose(), s(2), v6("2001:db8:1:7::1"), token(1)),
        Ok(OPPONENT)
    );
}

/// An address's wrong codes are forgotten a minute after its last one.
#[test]
fn wrong_codes_long_ago_do_not_count() {
    let mut a = Access::new();
    for t in 0..WRONG_TRIES - 1 {
        let _ = a.join("999999", s(u64::from(t)), GUESSER, token(9));
    }
    assert_eq!(
        a.join("999999", s(200), GUESSER, token(9)),
        Err(JoinError::Wrong)
    );
    let code = a.issue(OPPONENT, s(200), 1);
    assert_eq!(
        a.join(code.expose(), s(201), GUESSER, token(1)),
        Ok(OPPONENT)
    );
}

#[test]
fn a_right_code_resets_the_count_of_wrong_ones() {
    let mut a = Access::new();
    for _ in 0..WRONG_TRIES - 1 {
        let _ = a.join("999999", s(0), GUESSER, token(9));
    }
    let code = a.issue(OPPONENT, s(0), 1);
    assert!(a.join(code.expose(), s(0), GUESSER, token(1)).is_ok());
    assert_eq!(
        a.join("999999", s(0), GUESSER, token(9)),
        Err(JoinError::Wrong)
    );
    let code = a.issue(OPPONENT, s(0), 2);
    assert!(a.join(code.expose(), s(0), GUESSER, token(2)).is_ok());
}

#[test]
fn revoking_ends_every_token_and_code() {
    let mut a = Access::new();
    let code = a.issue(OPPONENT, s(0), 1);
    let other = a.issue(ARBITER, s(0), 2);
    assert!(a.join(code.expose(), s(0), GUESSER, token(1)).is_ok());
    assert_eq!(a.lost(token(1).expose()), None);
    a.revoke_all();
    assert_eq!(a.grant(token(1).expose()), None);
    assert_eq!(
        a.join(other.expose(), s(0), GUESSER, token(2)),
        Err(JoinError::Wrong)
    );
    // The page is told why.
    assert_eq!(a.lost(token(1).expose()), Some(Lost::Revoked));
    assert_eq!(a.lost(token(3).expose()), Some(Lost::Unknown));
}

/// The stored grants hold hashes, never a token or a code, and give the same roles
/// back to a resumed game; a new game (an empty table) knows none.
#[test]
fn grants_are_stored_hashed_and_restored() {
    let mut a = Access::new();
    let code = a.issue(OPPONENT, s(0), 424_242);
    let arbiter = a.issue(ARBITER, s(0), 77);
    assert!(a.join(code.expose(), s(1), GUESSER, token(1)).is_ok());
    assert!(a.join(arbiter.expose(), s(1), OTHER, token(2)).is_ok());
    let _pending = a.issue(ARBITER, s(2), 313_131);
    let stored = a.stored();
    for secret in [token(1), token(2)] {
        assert!(!stored.contains(secret.expose()), "{stored}");
    }
    for digits in ["424242", "313131"] {
        assert!(!stored.contains(digits), "{stored}");
    }
    assert_eq!(stored.lines().count(), 2, "{stored}");
    let mut resumed = Access::new();
    assert_eq!(resumed.restore(&stored), 2);
    assert_eq!(resumed.grant(token(1).expose()), Some(OPPONENT));
    assert_eq!(resumed.grant(token(2).expose()), Some(ARBITER));
    assert_eq!(Access::new().grant(token(1).expose()), None);
    // Lines that are no grant are passed over.
    let junk = "zz opponent white\n0123 arbiter -\nspectator\n";
    assert_eq!(Access::new().restore(junk), 0);
    let spectator = format!("{} spectator -\n", "a".repeat(64));
    assert_eq!(Access::new().restore(&spectator), 0);
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
            assert!(a.join(first.code.expose(), s(1), GUESSER, token(1)).is_ok());
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
        assert!(a.join(code.expose(), s(0), GUESSER, token(n)).is_ok());
    }
    a.forget(token(1).expose());
    assert_eq!(a.grant(token(1).expose()), None);
    assert_eq!(a.grant(token(2).expose()), Some(OPPONENT));
}
