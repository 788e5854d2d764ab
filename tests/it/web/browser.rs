//! The station's web page in a real browser (issue 21): Debian's chromium, headless,
//! driven through chromium-driver (`support/browser.rs`), against the real `ansage play
//! --console --web 127.0.0.1:PORT` process (`support/web_station.rs`), in German.
//!
//! Each test waits for the page's sequence number (`main[data-seq]`), the station's
//! transcript lines and its journal, each with a bound; none sleeps. What the tests need of
//! the page besides docs/web-protocol.md is in `tests/web/README.md`. Without
//! `/usr/bin/chromedriver` the tests say they were skipped, unless
//! `ANSAGE_REQUIRE_BROWSER=1` (`.ci/test.sh`).
//!
//! `ANSAGE_WRITE_SCREENSHOTS=1` writes the reference screenshots of each role's page
//! (`tests/web/screenshots/`), looked at, not compared.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::browser::{Browser, PHONE, POST_SCRIPT, Page, TABLET, WAIT, browser, response};
use crate::support::link::Link;
use crate::support::web_game::{
    GAME, ROLES, announce, newest_seq, role_page, role_page_at, tap_move, timeless_records,
    without_time,
};
use crate::support::web_station::{WebStation, header};

/// How soon after its network is back a page must show the newest state (issue 21, point
/// 6).
const RECONNECT: Duration = Duration::from_secs(1);

/// Every action of docs/web-protocol.md, one of each kind.
fn every_action() -> Vec<Value> {
    vec![
        json!({"kind": "move", "uci": "e2e4"}),
        json!({"kind": "line", "text": "e4"}),
        json!({"kind": "key", "key": "start"}),
        json!({"kind": "key", "key": "confirm"}),
        json!({"kind": "command", "command": "resign"}),
        json!({"kind": "command", "command": "start"}),
        json!({"kind": "command", "command": "offer-draw"}),
        json!({"kind": "command", "command": "end"}),
        json!({"kind": "command", "command": "revoke-access"}),
        json!({"kind": "set-clock", "side": "white", "ms": 300000}),
        json!({"kind": "add-time", "side": "white", "ms": 120000}),
        json!({"kind": "set-moves", "side": "white", "moves": 20}),
        json!({"kind": "penalty", "offender": "white"}),
        json!({"kind": "take-back-to", "number": 1, "side": "white"}),
    ]
}

/// The station's origin, `http://127.0.0.1:PORT`.
fn origin(station: &WebStation) -> String {
    format!("http://{}", station.addr())
}

/// (a) The spectator's page has no enabled control; every mutating request without a role,
/// or with a role but a foreign Origin or Host, is refused with 403, and the journal stays
/// the same to the byte. Then, as a check that the refusals were the checks', the same
/// request with the role and the right headers is taken.
#[test]
fn the_spectator_cannot_act_and_foreign_requests_are_refused() {
    let Some(browser) = browser("the_spectator_cannot_act_and_foreign_requests_are_refused") else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let page = role_page(&browser, &mut station, "spectator", TABLET);
    let enabled = page.enabled_controls();
    assert!(
        enabled.is_empty(),
        "the spectator's page has enabled controls: {enabled:#?}"
    );

    // An arbiter's cookie, for the requests that have a role but come from elsewhere.
    let code = station.code("arbiter");
    let origin = origin(&station);
    let json_headers = [
        ("Origin", origin.as_str()),
        ("Content-Type", "application/json"),
    ];
    let (status, answer) = station.http(
        "POST",
        "/api/join",
        &json_headers,
        &json!({"code": code}).to_string(),
    );
    assert_eq!(status, 200, "joining as the arbiter: {answer}");
    let set_cookie = header(&answer, "set-cookie").expect("a cookie for the role");
    let lower = set_cookie.to_ascii_lowercase();
    assert!(
        set_cookie.starts_with("ansage_access=")
            && lower.contains("httponly")
            && lower.contains("samesite=strict"),
        "the role's cookie: {set_cookie}"
    );
    let cookie = set_cookie.split(';').next().unwrap_or_default().to_owned();
    assert!(
        !String::from_utf8_lossy(&station.journal_bytes()).contains(&code),
        "the code is in the journal"
    );

    let journal = station.journal_bytes();
    let seq = newest_seq(&station);

    // From the spectator's page (its origin, no role).
    for action in every_action() {
        let answer = page.act(seq, action.clone());
        assert_eq!(
            answer.status, 403,
            "the page without a role posted {action}: {answer:?}"
        );
    }
    let answer = page.post("/api/invite", &json!({"role": "opponent"}));
    assert_eq!(
        answer.status, 403,
        "an invitation without a role: {answer:?}"
    );

    // Plain requests without a role.
    for action in every_action() {
        let body = json!({"seq": seq, "action": action}).to_string();
        let (status, answer) = station.http("POST", "/api/act", &json_headers, &body);
        assert_eq!(status, 403, "{action} without a role: {answer}");
    }
    let (status, answer) = station.http(
        "POST",
        "/api/invite",
        &json_headers,
        r#"{"role": "arbiter"}"#,
    );
    assert_eq!(status, 403, "an invitation without a role: {answer}");

    // With the arbiter's role, from a foreign site or to a foreign host name.
    let add = json!({"seq": seq, "action": {"kind": "add-time", "side": "white", "ms": 120000}})
        .to_string();
    let foreign_host = format!("evil.example:{}", station.addr().port());
    let foreign_origin = format!("http://{foreign_host}");
    let cases: [(&str, Vec<(&str, &str)>); 4] = [
        (
            "a foreign Origin",
            vec![
                ("Origin", "http://evil.example"),
                ("Cookie", &cookie),
                ("Content-Type", "application/json"),
            ],
        ),
        (
            "a foreign Host (DNS rebinding)",
            vec![
                ("Host", &foreign_host),
                ("Origin", &foreign_origin),
                ("Cookie", &cookie),
                ("Content-Type", "application/json"),
            ],
        ),
        (
            "a foreign Host with the station's Origin",
            vec![
                ("Host", &foreign_host),
                ("Origin", &origin),
                ("Cookie", &cookie),
                ("Content-Type", "application/json"),
            ],
        ),
        (
            "no Origin at all",
            vec![("Cookie", &cookie), ("Content-Type", "application/json")],
        ),
    ];
    for (what, headers) in &cases {
        for (path, body) in [
            ("/api/act", add.as_str()),
            ("/api/invite", r#"{"role": "opponent"}"#),
        ] {
            let (status, answer) = station.http("POST", path, headers, body);
            assert_eq!(
                status, 403,
                "POST {path} with the arbiter's cookie and {what}: {answer}"
            );
        }
    }
    // The Host is checked on every request, reading ones too.
    for path in ["/", "/events", "/game.pgn", "/words.json"] {
        let (status, answer) = station.http("GET", path, &[("Host", &foreign_host)], "");
        assert_eq!(status, 403, "GET {path} with a foreign Host: {answer}");
    }

    assert!(
        station.journal_bytes() == journal,
        "a refused request changed the journal:\nbefore:\n{}\nafter:\n{}",
        String::from_utf8_lossy(&journal),
        String::from_utf8_lossy(&station.journal_bytes())
    );
    assert_eq!(
        newest_seq(&station),
        seq,
        "a refused request changed the state"
    );
    let enabled = page.enabled_controls();
    assert!(enabled.is_empty(), "enabled controls: {enabled:#?}");

    // The same request with the role and the station's own Origin is taken.
    let mut headers = json_headers.to_vec();
    headers.push(("Cookie", &cookie));
    let (status, answer) = station.http("POST", "/api/act", &headers, &add);
    assert_eq!(
        status, 200,
        "the arbiter's add-time from the station's origin: {answer}"
    );
    station.wait_records("arbiter do add-time white 0:02:00.000", 1);
    page.wait_seq(seq + 1);
}

/// (b) A whole game: White, the sighted opponent, moves by tapping squares on his page
/// (joined with a code the console printed); Black, the blind player, announces at the
/// console and confirms. The opponent's and a spectator's pages follow the board, the last
/// move's words and the result (Scholar's mate).
#[test]
fn a_whole_game_with_taps_on_the_page_and_announcements_at_the_console() {
    let Some(browser) =
        browser("a_whole_game_with_taps_on_the_page_and_announcements_at_the_console")
    else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let white = role_page(&browser, &mut station, "opponent", PHONE);
    let spectator = role_page(&browser, &mut station, "spectator", TABLET);
    station.send("arbiter key start");
    station.wait_for("Die Uhr läuft");

    tap_move(&white, &mut station, "e2", "e4", "made 1. e4");
    for page in [&white, &spectator] {
        page.wait_piece("e4", Some("wP"));
        page.wait_piece("e2", None);
    }
    announce(&mut station, "Bauer Eva fünf", "made 1... e5");
    white.wait_piece("e5", Some("bP"));
    tap_move(&white, &mut station, "f1", "c4", "made 2. Bc4");
    announce(&mut station, "Springer Cäsar sechs", "made 2... Nc6");
    white.wait_piece("c6", Some("bN"));
    tap_move(&white, &mut station, "d1", "h5", "made 3. Qh5");
    announce(&mut station, "Springer Felix sechs", "made 3... Nf6");

    // The last move in the state in the station's own words (Appendix D) and in
    // notation; the sighted pages give it in notation, never in words.
    let state = station.wait_plies(6);
    let last = &state["moves"][5];
    let words = last["words"].as_str().unwrap_or_default().to_owned();
    let local = last["local"].as_str().unwrap_or_default().to_owned();
    assert!(words.contains("Felix"), "the words of 3... Nf6: {words:?}");
    assert_eq!(local, "Sf6", "3... Nf6 in German letters");
    for page in [&white, &spectator] {
        page.wait_seq(state["seq"].as_u64().unwrap_or_default());
        page.wait_piece("f6", Some("bN"));
        page.wait_text(&local);
        assert!(
            !page.text().contains(&words),
            "a sighted page shows the move in words: {}",
            page.text()
        );
    }

    tap_move(&white, &mut station, "h5", "f7", "made 4. Qxf7#");
    station.wait_for("result 1-0");
    for page in [&white, &spectator] {
        page.wait_piece("f7", Some("wQ"));
        page.wait_until(
            "the result on the page",
            "/1\\s*[-–]\\s*0/.test(document.querySelector('main').innerText)",
            WAIT,
        );
    }
    // The game is over: the opponent's page offers no move any more.
    station.wait_state("the result 1-0", |s| s["result"]["pgn"] == "1-0");
    // (7) The live PGN for a broadcast: every move with its clock, and the result.
    let (status, pgn) = station.http("GET", "/game.pgn", &[], "");
    assert_eq!(status, 200, "{pgn}");
    for part in ["[Result \"1-0\"]", "1. e4 { [%clk 0:1", "4. Qxf7#", "} 1-0"] {
        assert!(pgn.contains(part), "/game.pgn lacks {part:?}:\n{pgn}");
    }
}

/// (c) The arbiter adds 2 minutes to White's clock: every open page (spectator, opponent,
/// player, arbiter) shows the new time (the clock stands, so 15:00 becomes 17:00).
#[test]
fn an_arbiters_clock_change_is_seen_on_every_page() {
    let Some(browser) = browser("an_arbiters_clock_change_is_seen_on_every_page") else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let pages: Vec<(&str, Page)> = ROLES
        .iter()
        .map(|role| (*role, role_page(&browser, &mut station, role, TABLET)))
        .collect();
    let arbiter = &pages[3].1;
    let seq = newest_seq(&station);
    arbiter.wait_seq(seq);
    for (role, page) in &pages {
        assert!(
            !page.text().contains("17:00"),
            "the {role}'s page shows 17:00 before the change"
        );
    }
    let answer = arbiter.act(
        arbiter.seq().expect("a seq"),
        json!({"kind": "add-time", "side": "white", "ms": 120000}),
    );
    assert_eq!(answer.status, 200, "the arbiter's add-time: {answer:?}");
    let new = answer.body["seq"]
        .as_u64()
        .expect("the new seq in the answer");
    assert!(new > seq, "the new seq {new} after {seq}");
    station.wait_records("arbiter do add-time white 0:02:00.000", 1);
    for (role, page) in &pages {
        page.wait_seq(new);
        page.wait_text("17:00");
        assert!(
            page.text().contains("15:00"),
            "the {role}'s page lost Black's 15:00"
        );
    }
}

/// (d) Two arbiters' pages post "add 2 minutes" on the same seq at the same time: one is
/// taken (200), the other refused as stale (409, with the fresh state); the journal holds
/// one add-time.
#[test]
fn two_arbiters_adding_time_on_the_same_seq_add_it_once() {
    let Some(browser) = browser("two_arbiters_adding_time_on_the_same_seq_add_it_once") else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let first = role_page(&browser, &mut station, "arbiter", TABLET);
    let second = role_page(&browser, &mut station, "arbiter", TABLET);
    let seq = newest_seq(&station);
    assert_eq!(first.wait_seq(seq), seq);
    assert_eq!(second.wait_seq(seq), seq);
    let body = json!({"seq": seq, "action": {"kind": "add-time", "side": "white", "ms": 120000}})
        .to_string();
    let args = vec![json!("/api/act"), json!(body)];
    let (a, b) = browser.runtime().block_on(async {
        tokio::time::timeout(WAIT, async {
            tokio::join!(
                first.client().execute_async(POST_SCRIPT, args.clone()),
                second.client().execute_async(POST_SCRIPT, args.clone())
            )
        })
        .await
        .expect("both answers within the bound")
    });
    let answers = [
        response(&a.expect("the first page's post")),
        response(&b.expect("the second page's post")),
    ];
    let mut statuses: Vec<u16> = answers.iter().map(|r| r.status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{answers:#?}");
    let refused = answers.iter().find(|r| r.status == 409).expect("a 409");
    assert!(
        refused.body["state"]["seq"]
            .as_u64()
            .is_some_and(|s| s > seq),
        "the refusal carries the fresh state: {refused:?}"
    );
    let taken = answers.iter().find(|r| r.status == 200).expect("a 200");
    let new = taken.body["seq"].as_u64().expect("the new seq");
    // Both pages show the one change; the journal holds one add-time.
    first.wait_seq(new);
    second.wait_seq(new);
    let added = station.wait_records("do add-time", 1);
    assert_eq!(added.len(), 1, "{added:#?}");
    first.wait_text("17:00");
    assert!(!first.text().contains("19:00"), "the time was added twice");
}

/// (e) The page's connection drops (the link between browser and station is cut: its
/// event stream ends, new connections fail): it says so at once and disables its controls;
/// moves are made at the console meanwhile; the link back, it shows the newest state
/// within a second.
#[test]
fn a_dropped_connection_is_shown_and_the_newest_state_follows_within_a_second() {
    let Some(browser) =
        browser("a_dropped_connection_is_shown_and_the_newest_state_follows_within_a_second")
    else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let link = Link::to(station.addr());
    let page = role_page_at(&browser, &mut station, "opponent", TABLET, &link.url());
    page.wait_seq(newest_seq(&station));
    assert!(
        !page.enabled_controls().is_empty(),
        "the opponent's page has no enabled control before the drop"
    );

    link.set_up(false);
    page.wait_until(
        "the page saying its connection is lost",
        Page::LOST,
        Duration::from_secs(2),
    );
    let enabled = page.enabled_controls();
    assert!(
        enabled.is_empty(),
        "controls enabled without a connection: {enabled:#?}"
    );

    station.send("white type e4");
    station.wait_for("made 1. e4");
    announce(&mut station, "Bauer Eva fünf", "made 1... e5");
    let newest = station.wait_plies(2)["seq"].as_u64().expect("a seq");
    assert!(
        page.seq().is_some_and(|s| s < newest),
        "the page got the moves while offline"
    );

    link.set_up(true);
    let back = Instant::now();
    page.wait_seq_within(newest, RECONNECT);
    let took = back.elapsed();
    eprintln!("the newest state {took:?} after the link was back");
    assert!(took <= RECONNECT, "the newest state after {took:?}");
    page.wait_piece("e5", Some("bP"));
    page.wait_until(
        "the page saying its connection is back",
        &format!("!{}", Page::LOST),
        WAIT,
    );
    assert!(
        !page.enabled_controls().is_empty(),
        "the opponent's controls stay disabled after the reconnection"
    );
}

/// (f) The station is killed and started again with `--resume`: a new epoch, so the page
/// reloads and shows the resumed game.
#[test]
fn a_station_restarted_with_resume_makes_the_page_reload_with_the_game() {
    let Some(browser) =
        browser("a_station_restarted_with_resume_makes_the_page_reload_with_the_game")
    else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let page = role_page(&browser, &mut station, "spectator", TABLET);
    station.send("white type e4");
    station.wait_for("made 1. e4");
    announce(&mut station, "Bauer Eva fünf", "made 1... e5");
    page.wait_seq(station.wait_plies(2)["seq"].as_u64().expect("a seq"));
    page.wait_piece("e5", Some("bP"));
    let epoch = station.state()["epoch"].clone();
    page.mark();

    let mut station = station.kill_and_resume();
    station.wait_for("Fortgesetzt bei Zug");
    let resumed = station.wait_state("a new epoch and the two moves", |s| {
        s["epoch"] != epoch && s["moves"].as_array().is_some_and(|m| m.len() == 2)
    });
    page.wait_until("the page reloaded", &page.reloaded(), WAIT);
    page.wait_seq(resumed["seq"].as_u64().unwrap_or_default());
    page.wait_piece("e4", Some("wP"));
    page.wait_piece("e5", Some("bP"));
    page.wait_piece("e2", None);
}

/// The journal's records and the transcript lines of an arbiter's "add 2 minutes to
/// White", by the arbiter's page (`web`) or at the console, with the times left out.
fn add_time_run(browser: &Browser, web: bool) -> (Vec<String>, Vec<String>) {
    let mut station = WebStation::start(&GAME);
    // Both runs ask for a code, so that the journals are the same up to the action.
    let page = if web {
        Some(role_page(browser, &mut station, "arbiter", TABLET))
    } else {
        station.code("arbiter");
        None
    };
    let mark = station.mark();
    match &page {
        Some(page) => {
            let answer = page.act(
                newest_seq(&station),
                json!({"kind": "add-time", "side": "white", "ms": 120000}),
            );
            assert_eq!(answer.status, 200, "{answer:?}");
        }
        None => station.send("arbiter do add-time white 0:02:00.000"),
    }
    station.wait_records("arbiter do add-time white 0:02:00.000", 1);
    // A question after it: its answer closes what the action said.
    station.send("arbiter do ask whose-move");
    station.wait_line("the answer to whose-move", |l| l.contains("am Zug"));
    let said = station.since(mark);
    let end = said
        .iter()
        .rposition(|l| l.contains("am Zug"))
        .unwrap_or(said.len());
    let outputs: Vec<String> = said[..end]
        .iter()
        .filter(|l| l.starts_with('@'))
        .map(|l| without_time(l))
        .collect();
    let records = timeless_records(&station);
    station.quit();
    (records, outputs)
}

/// (g) The same action by the arbiter's page and at the console gives the same journal
/// records and the same outputs (the clock stands: nothing depends on when).
#[test]
fn the_same_action_by_web_and_by_console_gives_the_same_records_and_outputs() {
    let Some(browser) =
        browser("the_same_action_by_web_and_by_console_gives_the_same_records_and_outputs")
    else {
        return;
    };
    let (web_records, web_outputs) = add_time_run(&browser, true);
    let (console_records, console_outputs) = add_time_run(&browser, false);
    assert!(
        web_records
            .iter()
            .any(|r| r == "arbiter do add-time white 0:02:00.000"),
        "{web_records:#?}"
    );
    assert_eq!(web_records, console_records, "the journals");
    assert!(!web_outputs.is_empty(), "the action said nothing");
    assert_eq!(web_outputs, console_outputs, "the outputs");
}
