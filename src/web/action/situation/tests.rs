use shakmaty::Color;

use super::*;
use crate::core::input::{Actor, Event, Input};
use crate::core::session::Session;
use crate::core::setup::{Impaired, SessionSetup};
use crate::core::time::Timestamp;

const OPPONENT: Grant = Grant {
    role: AccessRole::Opponent,
    colour: Some(Color::White),
};
const ARBITER: Grant = Grant {
    role: AccessRole::Arbiter,
    colour: None,
};

fn game(steps: &[(Actor, &str)], clock: bool) -> GameView {
    let mut s = Session::new(SessionSetup {
        impaired: Impaired::Black,
        arbiter: true,
        clock: clock.then(|| crate::core::clock::ClockSetup::same("15+10".parse().unwrap())),
        ..SessionSetup::default()
    })
    .unwrap();
    for (i, (by, text)) in steps.iter().enumerate() {
        let at = Timestamp::from_millis(1000 * (i as u64 + 1));
        let input = match crate::core::script::parse_command(text) {
            Ok(c) if !text.contains(' ') || text.starts_with("confirmed") => Input::Act {
                by: *by,
                event: Event::Command(c),
            },
            _ => Input::typed(*by, text),
        };
        s.handle(input, at);
    }
    s.view()
}

/// (the situation, its steps, timed, whose page, an action, whether it is offered).
type Case = (
    &'static str,
    Vec<(Actor, &'static str)>,
    bool,
    Grant,
    &'static str,
    bool,
);

const W: Actor = Actor::Player(Color::White);
const B: Actor = Actor::Player(Color::Black);

/// Each case: (the situation, whose page, an action, whether it is offered).
#[test]
fn only_what_the_situation_allows_is_offered() {
    let blind_moved = [(W, "e4"), (B, "e5"), (B, "yes")];
    let cases: Vec<Case> = vec![
        ("start", vec![], false, OPPONENT, "move", true),
        ("start", vec![], false, OPPONENT, "executed", false),
        ("start", vec![], false, OPPONENT, "accept-draw", false),
        ("start", vec![], false, OPPONENT, "offer-draw", true),
        ("start", vec![], false, OPPONENT, "resign", true),
        (
            "blind moved",
            blind_moved.to_vec(),
            false,
            OPPONENT,
            "executed",
            true,
        ),
        (
            "executed",
            [&blind_moved[..], &[(W, "executed")]].concat(),
            false,
            OPPONENT,
            "executed",
            false,
        ),
        (
            "black's move: a tap is answered",
            vec![(W, "e4")],
            false,
            OPPONENT,
            "move",
            true,
        ),
        (
            "offer",
            vec![(B, "offer-draw")],
            false,
            OPPONENT,
            "accept-draw",
            true,
        ),
        (
            "offer",
            vec![(B, "offer-draw")],
            false,
            OPPONENT,
            "decline-draw",
            true,
        ),
        (
            "own offer",
            vec![(W, "offer-draw")],
            false,
            OPPONENT,
            "accept-draw",
            false,
        ),
        ("untimed", vec![], false, ARBITER, "start", false),
        ("timed", vec![], true, ARBITER, "start", true),
        ("timed", vec![], true, ARBITER, "pause", false),
        (
            "running",
            vec![(Actor::Arbiter, "start")],
            true,
            ARBITER,
            "start",
            false,
        ),
        (
            "running",
            vec![(Actor::Arbiter, "start")],
            true,
            ARBITER,
            "pause",
            true,
        ),
        (
            "paused",
            vec![(Actor::Arbiter, "start"), (Actor::Arbiter, "pause")],
            true,
            ARBITER,
            "resume",
            true,
        ),
        (
            "resigned",
            vec![(B, "confirmed resign")],
            false,
            OPPONENT,
            "resign",
            false,
        ),
        (
            "resigned",
            vec![(B, "confirmed resign")],
            false,
            OPPONENT,
            "move",
            false,
        ),
        (
            "resigned",
            vec![(B, "confirmed resign")],
            false,
            OPPONENT,
            "line",
            false,
        ),
        (
            "resigned",
            vec![(B, "confirmed resign")],
            false,
            ARBITER,
            "end",
            true,
        ),
        ("start", vec![], false, ARBITER, "yes", false),
        ("start", vec![], false, ARBITER, "no", false),
        (
            "echo",
            vec![(W, "e4"), (B, "e5")],
            false,
            ARBITER,
            "yes",
            true,
        ),
        (
            "echo",
            vec![(W, "e4"), (B, "e5")],
            false,
            ARBITER,
            "no",
            true,
        ),
        ("made", blind_moved.to_vec(), false, ARBITER, "yes", false),
        (
            "offer",
            vec![(B, "offer-draw")],
            false,
            ARBITER,
            "yes",
            false,
        ),
        (
            "resigning",
            vec![(B, "resign")],
            false,
            ARBITER,
            "yes",
            true,
        ),
    ];
    for (what, steps, clock, grant, action, offered) in cases {
        let view = game(&steps, clock);
        let can = can_now(grant, Some(&view));
        assert_eq!(
            can.contains(&action),
            offered,
            "{what}: {:?} {action} in {can:?}",
            grant.role
        );
    }
}
