//! The menu's own requests under the reconnection rule (issue 32.1), against the real
//! `ansage online` process and the fake lichess: a 5xx, a redirect and a cut connection on
//! the account and on a seek are tried again (said once per outage, never as a refusal),
//! a 401 on a request stops the menu with how to log in again; and a challenge whose own
//! answer ends declined or canceled is told and the menu free again (issue 32.3).

use std::time::Duration;

use serde_json::json;

use crate::support::lichess::{FakeLichess, Request, TOKEN};

use super::station::{Station, count};

fn posted(path: &str) -> impl Fn(&Request) -> bool {
    let path = path.to_owned();
    move |r: &Request| r.method == "POST" && r.path.starts_with(&path)
}

fn fake() -> FakeLichess {
    let fake = FakeLichess::start("ana");
    fake.keep_alive_every(Duration::from_millis(100));
    fake
}

/// A 503 on the account, then a 502, a redirect and a cut on the seek: each tried again,
/// the fault said once per request's outage, no refusal said; the seek then taken and
/// "seeking" said once.
#[test]
fn server_faults_on_menu_requests_are_tried_again() {
    let fake = fake();
    fake.respond_next("/api/account", 503, json!({"error": "Service Unavailable"}));
    fake.respond_next("/api/board/seek", 502, json!({"error": "Bad Gateway"}));
    fake.respond_next("/api/board/seek", 302, json!({}));
    fake.break_next("/api/board/seek");
    let mut station = Station::launch(&fake.url(), &["seek", "15+10"], "en", TOKEN);
    station.wait_for("Online at lichess as");
    station.wait_for("Seeking an opponent for 15 plus 10");
    let seeks = fake.wait_requests("the seek, four times", 4, posted("/api/board/seek"));
    assert_eq!(seeks.len(), 4);
    station.send("quit");
    let ((out, err), status) = station.finish_with_status();
    assert!(status.success(), "{out:#?}\n{err}");
    assert_eq!(
        count(&out, "lichess reports a fault. Trying again."),
        2,
        "{out:#?}"
    );
    assert_eq!(count(&out, "The server refused"), 0, "{out:#?}");
    assert_eq!(count(&out, "Seeking an opponent"), 1, "{out:#?}");
    let accounts = fake
        .requests()
        .iter()
        .filter(|r| r.path == "/api/account")
        .count();
    assert_eq!(accounts, 2, "the account asked again once");
}

/// A request the server refuses for good (400) is told with its reason, once, and not
/// tried again.
#[test]
fn a_refusal_of_a_menu_request_is_not_tried_again() {
    let fake = fake();
    fake.respond_next(
        "/api/board/seek",
        400,
        json!({"error": "Invalid time control"}),
    );
    let mut station = Station::launch(&fake.url(), &["seek", "15+10"], "en", TOKEN);
    station.wait_for("The server refused: Invalid time control.");
    station.send("menu");
    station.wait_for("Say or type: seek");
    station.send("quit");
    station.finish();
    let seeks = fake
        .requests()
        .into_iter()
        .filter(posted("/api/board/seek"))
        .count();
    assert_eq!(seeks, 1);
}

/// A 401 on a menu request stops the menu with how to log in again, and a failure status.
#[test]
fn a_token_refused_on_a_menu_request_stops_the_menu() {
    let fake = fake();
    fake.respond_next("/api/board/seek", 401, json!({"error": "No such token"}));
    let mut station = Station::launch(&fake.url(), &["seek", "15+10"], "en", TOKEN);
    station.wait_for("Please log in again with ansage online login.");
    let ((out, err), status) = station.finish_with_status();
    assert!(!status.success(), "{out:#?}\n{err}");
    let seeks = fake
        .requests()
        .into_iter()
        .filter(posted("/api/board/seek"))
        .count();
    assert_eq!(seeks, 1);
}

/// The friend declines (the event stream and the challenge's own answer both tell it):
/// said once; then a challenge the server cancels, told by its answer alone: said, and
/// the menu free again (a new seek goes out).
#[test]
fn a_challenge_declined_or_canceled_is_told_once() {
    let fake = fake();
    let mut station = Station::launch(&fake.url(), &[], "en", TOKEN);
    station.wait_for("Say or type");
    let challenge_id = |fake: &FakeLichess| {
        let model = fake.model();
        model.challenges.last().expect("the challenge").id.clone()
    };
    station.send("challenge Dee 5+3");
    fake.wait_request("the challenge", posted("/api/challenge/Dee"));
    station.wait_for("Challenge sent to Dee");
    fake.challenge_ended(&challenge_id(&fake), "declined", true);
    station.wait_for("Dee declined");
    station.send("challenge Bo 10+5");
    fake.wait_requests("the second challenge", 1, posted("/api/challenge/Bo"));
    station.wait_for("Challenge sent to Bo");
    fake.challenge_ended(&challenge_id(&fake), "canceled", false);
    station.wait_for("lichess ended the challenge to Bo; no game. Back in the menu.");
    station.send("seek 15+10");
    station.wait_for("Seeking an opponent for 15 plus 10");
    station.send("quit");
    let (out, _) = station.finish();
    assert_eq!(count(&out, "Dee declined"), 1, "{out:#?}");
    assert_eq!(count(&out, "Already seeking or waiting"), 0, "{out:#?}");
}
