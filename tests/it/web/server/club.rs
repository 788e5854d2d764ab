//! The web page in a real club (issue 33): a guesser locks only himself out, many
//! guessers never block a right code, every answer
//! carries the hardening headers, a body announced too big is refused before it is
//! sent, a revocation and a page opening reach the open pages at once, and a
//! resignation confirmed on the page is not asked again.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use ansage::core::input::{AccessRole, Actor, Command, Event as Act, Input};
use ansage::core::output::Audience;
use ansage::station::StationInput;
use tokio::io::{AsyncWriteExt, BufReader};

use super::{Station, run};
use crate::support::http::{self, Events, connect, head, send, send_from};

/// Another client on this machine.
const GUESSER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

/// How soon an open page must see a change pushed to it.
const SOON: Duration = Duration::from_secs(1);

#[test]
fn a_guesser_locks_only_himself_out() {
    run(a_guesser_locks_only_himself_out_body());
}

async fn a_guesser_locks_only_himself_out_body() {
    let station = Station::start(&[(AccessRole::Opponent, Audience::Black)]).await;
    let code = station.codes(1).await.remove(0);
    let wrong = if code == "000000" { "000001" } else { "000000" };
    let (host, origin) = (station.host(), station.origin());
    let headers = [("Host", host.as_str()), ("Origin", origin.as_str())];
    let join = |code: &str| format!(r#"{{"code": "{code}"}}"#);
    for _ in 0..5 {
        let answer = send_from(
            Some(GUESSER),
            station.addr,
            "POST",
            "/api/join",
            &headers,
            &join(wrong),
        )
        .await;
        assert_eq!(answer.status, 403, "{}", answer.body);
    }
    let locked = send_from(
        Some(GUESSER),
        station.addr,
        "POST",
        "/api/join",
        &headers,
        &join(&code),
    )
    .await;
    assert_eq!(
        (locked.status, locked.json()["error"].as_str()),
        (429, Some("locked"))
    );
    // The opponent, at another address, joins with his code.
    let token = station.join(&code).await;
    assert_eq!(station.state(Some(&token)).await["role"], "opponent");
}

#[test]
fn many_guessers_never_block_a_right_code() {
    run(many_guessers_never_block_a_right_code_body());
}

/// 60 addresses of this machine each send a wrong code (more than the 50 after which a
/// code is guarded): a guesser that then sends the right code is refused (`guarded`),
/// while the opponent, who typed no wrong code, joins with it.
async fn many_guessers_never_block_a_right_code_body() {
    let station = Station::start(&[(AccessRole::Opponent, Audience::Black)]).await;
    let code = station.codes(1).await.remove(0);
    let wrong = if code == "000000" { "000001" } else { "000000" };
    let (host, origin) = (station.host(), station.origin());
    let headers = [("Host", host.as_str()), ("Origin", origin.as_str())];
    let join = |code: &str| format!(r#"{{"code": "{code}"}}"#);
    let guesser = |n: u8| IpAddr::V4(Ipv4Addr::new(127, 0, 1, n));
    for n in 1..=60 {
        let answer = send_from(
            Some(guesser(n)),
            station.addr,
            "POST",
            "/api/join",
            &headers,
            &join(wrong),
        )
        .await;
        assert_eq!(answer.status, 403, "guesser {n}: {}", answer.body);
    }
    let hit = send_from(
        Some(guesser(7)),
        station.addr,
        "POST",
        "/api/join",
        &headers,
        &join(&code),
    )
    .await;
    assert_eq!(
        (hit.status, hit.json()["error"].as_str()),
        (403, Some("guarded")),
        "{}",
        hit.body
    );
    let token = station.join(&code).await;
    assert_eq!(station.state(Some(&token)).await["role"], "opponent");
}

#[test]
fn every_answer_carries_the_hardening_headers() {
    run(every_answer_carries_the_hardening_headers_body());
}

async fn every_answer_carries_the_hardening_headers_body() {
    let station = Station::start(&[]).await;
    let host = station.host();
    let read = [("Host", host.as_str())];
    let mut answers = Vec::new();
    for path in [
        "/",
        "/join",
        "/assets/app.js",
        "/words.json",
        "/game.pgn",
        "/nothing",
    ] {
        answers.push((path, send(station.addr, "GET", path, &read, "").await));
    }
    let act = r#"{"seq": 1, "action": {"kind": "command", "command": "start"}}"#;
    answers.push(("act", station.post("/api/act", None, act).await));
    answers.push((
        "foreign",
        send(station.addr, "GET", "/", &[("Host", "evil.example")], "").await,
    ));
    for (what, answer) in answers {
        let csp = answer.header("content-security-policy").unwrap_or_default();
        assert!(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{what}: {csp:?}"
        );
        assert_eq!(answer.header("x-frame-options"), Some("DENY"), "{what}");
        assert_eq!(
            answer.header("x-content-type-options"),
            Some("nosniff"),
            "{what}"
        );
    }
    // A spectator who acts is told to join, not that his role may not.
    let answer = station.post("/api/act", None, act).await;
    assert_eq!(
        (answer.status, answer.json()["error"].as_str()),
        (403, Some("no-role"))
    );
}

#[test]
fn a_body_announced_too_big_is_refused_before_it_is_sent() {
    run(a_body_announced_too_big_is_refused_before_it_is_sent_body());
}

async fn a_body_announced_too_big_is_refused_before_it_is_sent_body() {
    let station = Station::start(&[]).await;
    let (host, origin) = (station.host(), station.origin());
    let mut stream = connect(None, station.addr).await;
    let request = format!(
        "POST /api/join HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n\
         Content-Type: application/json\r\nContent-Length: 10485760\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    // Not a byte of the body is sent: the answer comes all the same.
    let mut reader = BufReader::new(stream);
    let (status, headers) = tokio::time::timeout(SOON, head(&mut reader))
        .await
        .expect("answered before the body");
    assert_eq!(status, 413, "{headers:?}");
}

#[test]
fn a_revocation_reaches_an_open_page_at_once() {
    run(a_revocation_reaches_an_open_page_at_once_body());
}

async fn a_revocation_reaches_an_open_page_at_once_body() {
    let station = Station::start(&[(AccessRole::Opponent, Audience::Black)]).await;
    let code = station.codes(1).await.remove(0);
    let token = station.join(&code).await;
    let host = station.host();
    let cookie = format!("ansage_access={token}");
    let headers = [("Host", host.as_str()), ("Cookie", cookie.as_str())];
    let mut events = Events::open(station.addr, &headers).await;
    let first: serde_json::Value = serde_json::from_str(&events.next().await.data).unwrap();
    assert_eq!(first["role"], "opponent");
    let revoke = Input::Act {
        by: Actor::Arbiter,
        event: Act::Command(Command::RevokeAccess),
    };
    station.tx.send(StationInput::Input(revoke)).await.unwrap();
    let next = tokio::time::timeout(SOON, events.next())
        .await
        .expect("pushed within a second");
    let state: serde_json::Value = serde_json::from_str(&next.data).unwrap();
    assert_eq!(
        (state["role"].as_str(), state["lost"].as_str()),
        (Some("spectator"), Some("revoked"))
    );
    assert_eq!(state["can"], serde_json::json!([]));
}

#[test]
fn the_arbiter_sees_every_page_open_at_once() {
    run(the_arbiter_sees_every_page_open_at_once_body());
}

async fn the_arbiter_sees_every_page_open_at_once_body() {
    let station = Station::start(&[(AccessRole::Arbiter, Audience::Arbiter)]).await;
    let code = station.codes(1).await.remove(0);
    let token = station.join(&code).await;
    let host = station.host();
    let cookie = format!("ansage_access={token}");
    let headers = [("Host", host.as_str()), ("Cookie", cookie.as_str())];
    let mut arbiter = Events::open(station.addr, &headers).await;
    let pages = |e: http::Event| {
        serde_json::from_str::<serde_json::Value>(&e.data).unwrap()["pages"].as_u64()
    };
    assert_eq!(pages(arbiter.next().await), Some(1));
    let spectator = Events::open(station.addr, &[("Host", host.as_str())]).await;
    let opened = tokio::time::timeout(SOON, arbiter.next())
        .await
        .expect("pushed");
    assert_eq!(pages(opened), Some(2));
    drop(spectator);
    let closed = tokio::time::timeout(SOON, arbiter.next())
        .await
        .expect("pushed");
    assert_eq!(pages(closed), Some(1));
}

#[test]
fn a_resignation_confirmed_on_the_page_is_not_asked_again() {
    run(a_resignation_confirmed_on_the_page_is_not_asked_again_body());
}

async fn a_resignation_confirmed_on_the_page_is_not_asked_again_body() {
    let station = Station::start(&[(AccessRole::Opponent, Audience::Black)]).await;
    let code = station.codes(1).await.remove(0);
    let token = station.join(&code).await;
    let seq = station.state(Some(&token)).await["seq"].as_u64().unwrap();
    let resign = format!(
        r#"{{"seq": {seq}, "action": {{"kind": "command", "command": "resign", "confirmed": true}}}}"#
    );
    let answer = station.post("/api/act", Some(&token), &resign).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let state = station.state(Some(&token)).await;
    assert_eq!(state["result"]["reason"], "resignation");
    assert_eq!(
        (
            state["settled"]["fate"].as_str(),
            state["settled"]["side"].as_str()
        ),
        (Some("resigned"), Some("black"))
    );
    let asked = station
        .said
        .0
        .lock()
        .unwrap()
        .iter()
        .any(|t| t.contains("Wirklich"));
    assert!(!asked, "the station asked again");
    // Nothing is offered after the result.
    assert_eq!(state["can"], serde_json::json!([]));
}
