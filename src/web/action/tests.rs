use shakmaty::Color;

use super::*;

const OPPONENT: Grant = Grant {
    role: AccessRole::Opponent,
    colour: Some(Color::White),
};
const PLAYER: Grant = Grant {
    role: AccessRole::Player,
    colour: Some(Color::Black),
};
const ARBITER: Grant = Grant {
    role: AccessRole::Arbiter,
    colour: None,
};

fn input(json: &str, grant: Grant) -> Result<Input, ActionError> {
    let request = parse(format!(r#"{{"seq": 3, "action": {json}}}"#).as_bytes())?;
    assert_eq!(request.seq, 3);
    to_input(&request.action, grant)
}

fn ok(result: Result<Input, ActionError>) -> String {
    match result {
        Ok(input) => crate::core::script::input_line(crate::core::time::Timestamp::ZERO, &input),
        Err(e) => panic!("refused: {e}"),
    }
}

/// Each case: (the action, who posts it, its script line).
#[test]
fn each_action_is_the_input_a_console_line_gives() {
    let cases = [
        (
            r#"{"kind": "move", "uci": "g1f3"}"#,
            OPPONENT,
            "white move g1f3",
        ),
        (
            r#"{"kind": "line", "text": "Springer Felix sechs"}"#,
            PLAYER,
            "black type Springer Felix sechs",
        ),
        (
            r#"{"kind": "line", "text": "black: say Bauer Eva fünf"}"#,
            PLAYER,
            "black say Bauer Eva fünf",
        ),
        (
            r#"{"kind": "line", "text": "do add-time white 2:00"}"#,
            ARBITER,
            "arbiter do add-time white 0:02:00.000",
        ),
        (
            r#"{"kind": "key", "key": "confirm"}"#,
            PLAYER,
            "black key confirm",
        ),
        (
            r#"{"kind": "key", "key": "pause"}"#,
            ARBITER,
            "arbiter key pause",
        ),
        (
            r#"{"kind": "command", "command": "offer-draw"}"#,
            OPPONENT,
            "white do offer-draw",
        ),
        (
            r#"{"kind": "command", "command": "resign"}"#,
            PLAYER,
            "black do resign",
        ),
        (
            r#"{"kind": "command", "command": "resign", "confirmed": true}"#,
            OPPONENT,
            "white do confirmed resign",
        ),
        (
            r#"{"kind": "command", "command": "end", "confirmed": true}"#,
            ARBITER,
            "arbiter do confirmed end",
        ),
        (
            r#"{"kind": "command", "command": "start"}"#,
            ARBITER,
            "arbiter do start",
        ),
        (
            r#"{"kind": "set-clock", "side": "white", "ms": 300000}"#,
            ARBITER,
            "arbiter do set-clock white 0:05:00.000",
        ),
        (
            r#"{"kind": "add-time", "side": "black", "ms": 120000}"#,
            ARBITER,
            "arbiter do add-time black 0:02:00.000",
        ),
        (
            r#"{"kind": "set-moves", "side": "white", "moves": 20}"#,
            ARBITER,
            "arbiter do set-moves white 20",
        ),
        (
            r#"{"kind": "penalty", "offender": "white"}"#,
            ARBITER,
            "arbiter do penalty white",
        ),
        (
            r#"{"kind": "take-back-to", "number": 12, "side": "black"}"#,
            ARBITER,
            "arbiter do take-back-to 12 black",
        ),
    ];
    for (json, grant, expected) in cases {
        let line = ok(input(json, grant));
        assert_eq!(
            line.split_once(' ').map(|(_, l)| l),
            Some(expected),
            "{json}"
        );
    }
}

/// Each case: (the action, who posts it): refused for the role.
#[test]
fn a_role_may_do_only_what_the_laws_let_it() {
    let spectator = Grant::SPECTATOR;
    let cases = [
        (r#"{"kind": "move", "uci": "e2e4"}"#, spectator),
        (r#"{"kind": "line", "text": "e4"}"#, spectator),
        (r#"{"kind": "key", "key": "start"}"#, OPPONENT),
        (r#"{"kind": "key", "key": "pause"}"#, OPPONENT),
        (r#"{"kind": "command", "command": "start"}"#, OPPONENT),
        (r#"{"kind": "command", "command": "end"}"#, PLAYER),
        (r#"{"kind": "command", "command": "take-back"}"#, OPPONENT),
        (r#"{"kind": "command", "command": "resign"}"#, ARBITER),
        (
            r#"{"kind": "command", "command": "end", "confirmed": true}"#,
            PLAYER,
        ),
        (r#"{"kind": "line", "text": "do confirmed end"}"#, OPPONENT),
        (r#"{"kind": "move", "uci": "e2e4"}"#, ARBITER),
        (
            r#"{"kind": "set-clock", "side": "white", "ms": 1}"#,
            OPPONENT,
        ),
        (r#"{"kind": "add-time", "side": "white", "ms": 1}"#, PLAYER),
        (r#"{"kind": "penalty", "offender": "black"}"#, OPPONENT),
        // A console line may not do more than the same action posted.
        (
            r#"{"kind": "line", "text": "do add-time white 2:00"}"#,
            OPPONENT,
        ),
        (r#"{"kind": "line", "text": "key start"}"#, OPPONENT),
        (r#"{"kind": "line", "text": "board lever"}"#, OPPONENT),
        // Nor as anyone else.
        (r#"{"kind": "line", "text": "black e5"}"#, OPPONENT),
        (
            r#"{"kind": "line", "text": "white: say Bauer Eva vier"}"#,
            PLAYER,
        ),
        (r#"{"kind": "line", "text": "arbiter do start"}"#, OPPONENT),
        (r#"{"kind": "line", "text": "white do resign"}"#, ARBITER),
    ];
    for (json, grant) in cases {
        let got = input(json, grant);
        assert!(
            matches!(got, Err(ActionError::Forbidden { .. })),
            "{json} by {grant:?}: {got:?}"
        );
    }
}

#[test]
fn a_body_that_is_no_action_is_malformed() {
    let bodies = [
        "",
        "null",
        "{}",
        r#"{"seq": 1}"#,
        r#"{"seq": -1, "action": {"kind": "key", "key": "confirm"}}"#,
        r#"{"seq": 1, "action": {"kind": "fly"}}"#,
        r#"{"seq": 1, "action": {"kind": "move"}}"#,
        r#"{"seq": 1, "action": {"kind": "move", "uci": "e2e4", "x": 1}}"#,
        r#"{"seq": 1, "action": {"kind": "set-clock", "side": "red", "ms": 1}}"#,
        r#"{"seq": 1, "action": {"kind": "key", "key": "confirm"}, "extra": true}"#,
    ];
    for body in bodies {
        assert!(
            matches!(parse(body.as_bytes()), Err(ActionError::Malformed(_))),
            "{body}"
        );
    }
    let values = [
        r#"{"kind": "move", "uci": "e2e9"}"#,
        r#"{"kind": "key", "key": "launch"}"#,
        r#"{"kind": "command", "command": "set-clock white 1:00"}"#,
        r#"{"kind": "command", "command": "fly"}"#,
        r#"{"kind": "command", "command": "offer-draw", "confirmed": true}"#,
        r#"{"kind": "line", "text": "   "}"#,
        r#"{"kind": "line", "text": "key launch"}"#,
    ];
    for json in values {
        let got = input(json, PLAYER);
        assert!(
            matches!(got, Err(ActionError::Malformed(_))),
            "{json}: {got:?}"
        );
    }
}

#[test]
fn what_each_role_can() {
    assert!(can(AccessRole::Spectator).is_empty());
    let opponent = can(AccessRole::Opponent);
    assert!(opponent.contains(&"executed") && opponent.contains(&"move"));
    assert!(!opponent.contains(&"start"));
    let player = can(AccessRole::Player);
    assert!(!player.contains(&"executed") && player.contains(&"resign"));
    let arbiter = can(AccessRole::Arbiter);
    assert!(arbiter.contains(&"add-time") && arbiter.contains(&"revoke-access"));
    assert!(!arbiter.contains(&"move") && !arbiter.contains(&"resign"));
}
