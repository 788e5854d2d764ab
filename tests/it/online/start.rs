//! The online game's start against the fake lichess (issue 32.4, 32.5): a game the server
//! does not have is said in the game's language, and `quit` typed while the start waits
//! for the game leaves at once, cleanly.

use std::time::Duration;

use shakmaty::Color;

use crate::support::lichess::{FakeLichess, Starve, TOKEN};

use super::station::Station;

/// `ansage online --game` of a game lichess does not have, in a German station: said in
/// German, with a failure status; the stream not asked again.
#[test]
fn a_game_not_to_be_had_is_said_in_the_games_language() {
    let fake = FakeLichess::start("ana");
    let mut station = Station::launch(&fake.url(), &["--game", "abc123"], "de", TOKEN);
    let ((_, err), status) = station.finish_with_status();
    assert!(
        err.contains(
            "Das Online-Spiel startet nicht: lichess hat keine Partie abc123 für diesen Zugang."
        ),
        "{err}"
    );
    assert_eq!(status.code(), Some(1), "{err}");
    let asked = fake
        .requests()
        .iter()
        .filter(|r| r.path == "/api/board/game/stream/abc123")
        .count();
    assert_eq!(asked, 1);
}

/// `quit` typed while the start waits for the game (the stream sends keep-alives only)
/// leaves at once: said, a clean exit, the game never played.
#[test]
fn quit_while_the_start_waits_leaves_at_once() {
    let fake = FakeLichess::start("ana");
    fake.keep_alive_every(Duration::from_millis(100));
    let id = fake.start_game(Color::White, "Salma", 600, 0);
    let stream = format!("/api/board/game/stream/{id}");
    fake.starve(Some(Starve::KeepAlives));
    let mut station = Station::start(&fake, &id, "en", TOKEN);
    fake.wait_requests("the stream once", 1, |r| r.path == stream);
    station.send("quit");
    // Without the quit the start would wait for ever: `finish` bounds the exit.
    let ((out, err), status) = station.finish_with_status();
    assert!(status.success(), "{err}");
    assert!(err.contains("The station is shutting down."), "{err}");
    assert!(
        !out.iter().any(|l| l.contains("Online game against")),
        "{out:#?}"
    );
}
