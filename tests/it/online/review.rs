//! Going through an online game at its end (issue 34.3) through the real `ansage online`
//! process against the fake lichess: "review the game" in the menu that follows the game
//! goes through it ("forward", "back", a question on the position reached), and leaving
//! it brings the menu back with its choice.

use std::time::Duration;

use shakmaty::Color;

use crate::support::lichess::{FakeLichess, TOKEN};

use super::station::{Station, play};

/// The game e4 e5, then the opponent resigns; "review the game" goes through it, "quit"
/// leaves the review for the menu, which asks again; "quit" there ends the run.
#[test]
fn after_an_online_game_it_is_gone_through() {
    let fake = FakeLichess::start("ana");
    fake.keep_alive_every(Duration::from_millis(100));
    let id = fake.start_game(Color::White, "Salma", 600, 0);
    let mut station = Station::start(&fake, &id, "en", TOKEN);
    station.wait_for("Online game against Salma.");
    play(&mut station, &fake, ("e4", "e4?", "e2e4"));
    fake.opponent_plays(&id, "e7e5");
    station.wait_for("say:white e5.");
    fake.change(&id, |g| g.resign(Color::Black))
        .expect("the opponent resigns");
    let question = "Rematch against Salma, review the game, menu or quit?";
    station.wait_for(question);
    station.send("review the game");
    station.wait_for("Review: 1 move. White wins.");
    station.send("forward");
    station.wait_for("Move 1, White: e4.");
    station.send("forward");
    station.wait_for("Move 1, Black: e5.");
    station.send("back");
    station.wait_for("Move 1, White: e4.");
    // A question of the game on the position reached: Black's pawn is still on e7.
    station.send("what is on e7");
    station.wait_for("say:white e7:");
    station.send("quit");
    station.wait_for(question);
    station.send("quit");
    let ((out, err), status) = station.finish_with_status();
    assert!(status.success(), "{status:?}\n{err}");
    // Nothing of the review went to the server: one move posted, no challenge.
    let posted: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST")
        .map(|r| r.path)
        .collect();
    assert_eq!(posted.len(), 1, "{posted:?}\n{out:#?}");
}
