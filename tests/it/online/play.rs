//! Whole online games against the fake lichess, and its failures, through the real
//! `ansage online` process.

use super::fake::{Fake, TOKEN};
use super::station::{LIMIT, RATE_LIMIT_WAIT, Station, token_nowhere};

/// Counts the lines that contain `needle`.
fn count(lines: &[String], needle: &str) -> usize {
    lines.iter().filter(|l| l.contains(needle)).count()
}

/// A whole game: the opponent's moves announced once each, ours sent once each with the
/// token, the keep-alives and a `gameFull` split across chunks read, the end from the
/// server; the PGN written with the game's address; the token nowhere.
#[test]
fn a_whole_game() {
    let fake = Fake::start(&["e7e5", "b8c6"]);
    fake.then_end("resign", "white");
    let mut station = Station::start(&fake, "en", TOKEN);
    station.wait_for("Online game against Salma. You play White.");
    for (typed, echo, sent, answer) in [
        ("e4", "e4?", "online move e2e4", Some("say:white e5.")),
        (
            "Nf3",
            "Knight f3?",
            "online move g1f3",
            Some("say:white Knight c6."),
        ),
        ("Bc4", "Bishop c4?", "online move f1c4", None),
    ] {
        station.send(typed);
        station.wait_for(echo);
        station.send("yes");
        station.wait_for(sent);
        if let Some(answer) = answer {
            station.wait_for(answer);
        }
    }
    station.wait_for("result 1-0 resignation");
    let (out, err) = station.finish();
    assert_eq!(count(&out, "say:white e5."), 1, "{out:#?}");
    assert_eq!(count(&out, "say:white Knight c6."), 1, "{out:#?}");
    let requests = fake.requests();
    for mv in ["e2e4", "g1f3", "f1c4"] {
        let posted = format!("POST /api/board/game/g1/move/{mv}");
        assert_eq!(
            requests.iter().filter(|r| **r == posted).count(),
            1,
            "{requests:#?}"
        );
    }
    assert!(
        !requests.iter().any(|r| r.ends_with("(no token)")),
        "{requests:#?}"
    );
    let pgn = std::fs::read_to_string(station.dir.path().join("game.pgn")).unwrap();
    assert!(
        pgn.contains(&format!("[Site \"{}/g1\"]", fake.server())),
        "{pgn}"
    );
    // The moves without their clock comments.
    let moves: String = pgn
        .split('{')
        .map(|part| part.split_once('}').map_or(part, |(_, after)| after))
        .collect();
    let moves = moves.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(moves.contains("1. e4 e5 2. Nf3 Nc6 3. Bc4 1-0"), "{pgn}");
    token_nowhere(&out, &err, station.dir.path());
}

/// The connection cut while the opponent moves: said, reconnected, and the move missed
/// meanwhile announced exactly once from the reconnection's `gameFull`.
#[test]
fn a_cut_connection_misses_no_move() {
    let fake = Fake::start(&[]);
    let mut station = Station::start(&fake, "en", TOKEN);
    station.wait_for("Online game against Salma.");
    station.send("e4");
    station.wait_for("e4?");
    station.send("yes");
    station.wait_for("online move e2e4");
    fake.wait_request("/move/e2e4", LIMIT);
    fake.cut();
    fake.move_unseen("e7e5");
    station.wait_for("Connection to the server lost.");
    station.wait_for("Connected again.");
    station.wait_for("say:white e5.");
    station.send("Nf3");
    station.wait_for("Knight f3?");
    let (out, _) = station.finish();
    assert_eq!(count(&out, "say:white e5."), 1, "{out:#?}");
    let posted = fake
        .requests()
        .iter()
        .filter(|r| r.contains("/move/"))
        .count();
    assert_eq!(posted, 1, "{:#?}", fake.requests());
}

/// A move the server refuses is taken back at the station, and the player asked again.
#[test]
fn a_refused_move_is_taken_back() {
    let fake = Fake::start(&["e7e5"]);
    let mut station = Station::start(&fake, "en", TOKEN);
    station.wait_for("Online game against Salma.");
    fake.refuse_next_move("Piece on e2 cannot move to e5");
    station.send("e4");
    station.wait_for("e4?");
    station.send("yes");
    station.wait_for("online move e2e4");
    station.wait_for("made takeback to ply 0");
    station.wait_for("The server did not accept the move");
    station.send("d4");
    station.wait_for("d4?");
    station.send("yes");
    station.wait_for("say:white e5.");
    station.finish();
}

/// A refused token (401): one sentence, no retries, and the token nowhere.
#[test]
fn a_refused_token_is_said_once() {
    let fake = Fake::start(&[]);
    let mut station = Station::start(&fake, "en", "lip_WrongToken");
    let (out, err) = station.finish();
    assert!(err.contains("the server refused the token (401)"), "{err}");
    assert_eq!(fake.requests().len(), 1, "{:#?}", fake.requests());
    token_nowhere(&out, &err, station.dir.path());
    assert!(!err.contains("lip_WrongToken"), "{err}");
}

/// Our move's answer lost (its connection breaks) while the server made the move: the
/// station checks the server's list after reconnecting and sends nothing again.
#[test]
fn a_lost_answer_to_a_made_move_is_not_sent_again() {
    let fake = Fake::start(&[]);
    let mut station = Station::start(&fake, "en", TOKEN);
    station.wait_for("Online game against Salma.");
    fake.lose_next_answer(true);
    station.send("e4");
    station.wait_for("e4?");
    station.send("yes");
    station.wait_for("online move e2e4");
    // Requests go one at a time: the next one shows that the station has checked the
    // server's list (after reconnecting) meanwhile.
    station.send("offer draw");
    fake.wait_request("/draw/yes", LIMIT);
    let (out, _) = station.finish();
    let posted = fake
        .requests()
        .iter()
        .filter(|r| r.contains("/move/"))
        .count();
    assert_eq!(posted, 1, "{:#?}", fake.requests());
    assert_eq!(fake.moves(), ["e2e4"]);
    assert_eq!(count(&out, "made takeback"), 0, "{out:#?}");
}

/// Our move's answer lost while the server did not make it: sent again, once, and made
/// once.
#[test]
fn a_lost_move_is_sent_again_once() {
    let fake = Fake::start(&["e7e5"]);
    let mut station = Station::start(&fake, "en", TOKEN);
    station.wait_for("Online game against Salma.");
    fake.lose_next_answer(false);
    station.send("e4");
    station.wait_for("e4?");
    station.send("yes");
    station.wait_for("online move e2e4");
    station.wait_for("say:white e5.");
    let (out, _) = station.finish();
    let posted = fake
        .requests()
        .iter()
        .filter(|r| r.contains("/move/e2e4"))
        .count();
    assert_eq!(posted, 2, "{:#?}", fake.requests());
    assert_eq!(fake.moves(), ["e2e4", "e7e5"]);
    assert_eq!(count(&out, "say:white e5."), 1, "{out:#?}");
}

/// A token without the scope (403): one sentence, no retries.
#[test]
fn a_token_without_the_scope_is_said_once() {
    let fake = Fake::start(&[]);
    fake.missing_scope();
    let mut station = Station::start(&fake, "en", TOKEN);
    let (out, err) = station.finish();
    assert!(err.contains("lacks the scope board:play (403)"), "{err}");
    assert_eq!(fake.requests().len(), 1, "{:#?}", fake.requests());
    token_nowhere(&out, &err, station.dir.path());
}

/// A silent stream (no byte, not even a keep-alive) counts as broken after the read
/// timeout: reconnected, and the move made meanwhile announced once.
#[test]
fn a_silent_stream_is_reconnected() {
    let fake = Fake::start(&[]);
    let mut station = Station::start(&fake, "en", TOKEN);
    station.wait_for("Online game against Salma.");
    station.send("e4");
    station.wait_for("e4?");
    station.send("yes");
    station.wait_for("online move e2e4");
    fake.wait_request("/move/e2e4", LIMIT);
    fake.stall();
    fake.move_unseen("e7e5");
    station.wait_for("Connection to the server lost.");
    station.wait_for("say:white e5.");
    let (out, _) = station.finish();
    assert_eq!(count(&out, "say:white e5."), 1, "{out:#?}");
}

/// A rate limit (429) on our move: said, the request made again only after the wait
/// (injected: lichess's is a minute), and the move made once.
#[test]
fn a_rate_limit_waits_before_the_next_request() {
    let fake = Fake::start(&["e7e5"]);
    let mut station = Station::start(&fake, "en", TOKEN);
    station.wait_for("Online game against Salma.");
    fake.rate_limit(1);
    station.send("e4");
    station.wait_for("e4?");
    station.send("yes");
    station.wait_for("Too many requests to the server.");
    station.wait_for("say:white e5.");
    station.finish();
    let (requests, times) = (fake.requests(), fake.times());
    let posts: Vec<usize> = (0..requests.len())
        .filter(|&i| requests[i].ends_with("/move/e2e4"))
        .collect();
    assert_eq!(posts.len(), 2, "{requests:#?}");
    let gap = times[posts[1]] - times[posts[0]];
    assert!(gap >= RATE_LIMIT_WAIT, "{gap:?}");
    assert_eq!(fake.moves(), ["e2e4", "e7e5"]);
}
