//! The online menu (issue 24.3) as a process against the fake lichess: a seek, a
//! challenge to a friend, an incoming challenge accepted or declined, a running game
//! resumed, and another program taking the account's event stream. Each game the menu
//! starts is then played by the station (its first sentence is waited for).

use shakmaty::Color;

use crate::support::lichess::{FakeLichess, Request, TOKEN};

use super::station::Station;

/// The station's menu against `fake`, which sends keep-alives as lichess does (the
/// station's read timeout is 1 s in tests: a quiet stream would count as broken).
fn menu(fake: &FakeLichess, args: &[&str], lang: &str) -> Station {
    fake.keep_alive_every(std::time::Duration::from_millis(100));
    Station::launch(&fake.url(), args, lang, TOKEN)
}

fn posted(path: &str) -> impl Fn(&Request) -> bool {
    let path = path.to_owned();
    move |r: &Request| r.method == "POST" && r.path.starts_with(&path)
}

fn event_streams(fake: &FakeLichess) -> usize {
    fake.requests()
        .iter()
        .filter(|r| r.path == "/api/stream/event")
        .count()
}

/// `ansage online seek 15+10`: the seek goes out with the minutes and increment; the
/// game the server pairs is played.
#[test]
fn seek_starts_the_game_the_server_pairs() {
    let fake = FakeLichess::start("ana");
    let mut station = menu(&fake, &["seek", "15+10"], "en");
    station.wait_for("Online at lichess as");
    station.wait_for("Seeking an opponent for 15 plus 10");
    let seek = fake.wait_request("the seek", posted("/api/board/seek"));
    for field in ["time=15", "increment=10", "rated=false"] {
        assert!(seek.body.contains(field), "{field} in {}", seek.body);
    }
    let mut paired = None;
    for _ in 0..50 {
        paired = fake.match_seek("Bo", Color::White);
        if paired.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let id = paired.expect("the seek's stream is open");
    station.wait_for("Online game against Bo");
    fake.wait_request("the game's stream", |r| r.path.ends_with(&id));
    station.send("quit");
    let (out, err) = station.finish();
    super::station::token_nowhere(&out, &err, station.dir.path());
}

/// A blitz seek is refused with the rule before anything is sent; the menu goes on.
#[test]
fn blitz_seek_refused_with_the_rule() {
    let fake = FakeLichess::start("ana");
    let mut station = menu(&fake, &["seek", "5+3"], "en");
    station.wait_for("is too fast to seek");
    station.send("menu");
    station.wait_for("Say or type: seek");
    station.send("quit");
    station.wait_for("Online menu closed");
    let (_, err) = station.finish();
    assert!(
        !fake.requests().iter().any(posted("/api/board/seek")),
        "no seek was sent; {err}"
    );
}

/// In German: an incoming challenge is told (who, rating, time control); "annehmen"
/// accepts it and its game is played. A bullet challenge is declined at once, `tooFast`.
#[test]
fn incoming_challenges_accepted_and_declined() {
    let fake = FakeLichess::start("ana");
    let mut station = menu(&fake, &[], "de");
    station.wait_for("Sagen oder tippen Sie");
    fake.incoming_challenge("Cy", 60, 0, Color::White);
    station.wait_for("Herausforderung von Cy abgelehnt: zu schnell");
    let decline = fake.wait_request("the decline", |r| r.path.ends_with("/decline"));
    assert!(decline.body.contains("reason=tooFast"), "{}", decline.body);
    let id = fake.incoming_challenge("Dee", 300, 3, Color::Black);
    station.wait_for("Herausforderung 1 von Dee");
    station.send("annehmen");
    fake.wait_request("the accept", posted(&format!("/api/challenge/{id}/accept")));
    station.wait_for("Online-Partie gegen Dee");
    station.send("quit");
    station.finish();
}

/// `ansage online challenge Dee 3+2` (blitz is allowed to a friend); the friend accepts
/// and the game is played.
#[test]
fn challenge_a_friend() {
    let fake = FakeLichess::start("ana");
    let mut station = menu(&fake, &["challenge", "Dee", "3+2"], "en");
    station.wait_for("Challenge sent to Dee, 3 plus 2");
    let sent = fake.wait_request("the challenge", posted("/api/challenge/Dee"));
    assert!(
        sent.body.contains("clock.limit=180") && sent.body.contains("clock.increment=2"),
        "{}",
        sent.body
    );
    let id = fake
        .model()
        .challenges
        .last()
        .expect("the challenge")
        .id
        .clone();
    fake.challenge_accepted(&id);
    station.wait_for("Online game against Dee");
    station.send("quit");
    station.finish();
}

/// A game already running (`/api/account/playing`) is told; "resume" plays it.
#[test]
fn resume_a_running_game() {
    let fake = FakeLichess::start("ana");
    fake.start_game(Color::Black, "Eve", 600, 0);
    let mut station = menu(&fake, &[], "en");
    station.wait_for("Running game 1 against Eve");
    station.send("resume");
    station.wait_for("Online game against Eve");
    station.send("quit");
    station.finish();
}

/// Another program keeps opening the account's event stream: the station opens it again
/// (twice: a restart closes it as well, issue 32), and when it is taken a third time in a
/// row it says so and stops, with a failure status.
#[test]
fn another_program_takes_the_event_stream() {
    let fake = FakeLichess::start("ana");
    let mut station = menu(&fake, &[], "en");
    station.wait_for("Say or type");
    // The menu is said before its event stream is open: taken before it, nothing ends.
    fake.wait_requests("the event stream", 1, |r| r.path == "/api/stream/event");
    for opened in [2, 3] {
        fake.take_event_stream();
        fake.wait_requests("the event stream opened again", opened, |r| {
            r.path == "/api/stream/event"
        });
    }
    fake.take_event_stream();
    station.wait_for("Another program is using this lichess account");
    let (_, status) = station.finish_with_status();
    assert_eq!(event_streams(&fake), 3, "opened twice more, then no fight");
    assert!(!status.success(), "the station stops with a failure");
}
