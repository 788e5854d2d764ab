//! The station's web page in a real browser, its accessibility (issue 21): axe-core and
//! the live regions on every role's page, the reference screenshots, and the browser
//! harness itself (`support/browser.rs`, `support/page.rs`) on a page of its own. The
//! game's flows are in `web/browser.rs`; what the tests need of the page is in
//! `tests/web/README.md`.
//!
//! `ANSAGE_WRITE_SCREENSHOTS=1` writes the reference screenshots of each role's page
//! (`tests/web/screenshots/`), looked at, not compared.

use std::path::Path;

use serde_json::Value;

use crate::support::browser::{Browser, PHONE, Page, TABLET, browser};
use crate::support::web_game::{
    GAME, ROLES, announce, newest_seq, role_page, tap_move, without_time,
};
use crate::support::web_station::{WebStation, body, header};

/// The four roles' pages on one game after 1. e4 (tapped on the opponent's page) and
/// 1... e5 (announced at the console), each showing the newest state; the state.
fn four_pages_after_two_moves(
    browser: &Browser,
    station: &mut WebStation,
    size: (u32, u32),
) -> (Vec<(&'static str, Page)>, Value) {
    let pages: Vec<(&str, Page)> = ROLES
        .iter()
        .map(|role| (*role, role_page(browser, station, role, size)))
        .collect();
    station.send("arbiter key start");
    station.wait_for("Die Uhr läuft");
    tap_move(&pages[1].1, station, "e2", "e4", "made 1. e4");
    announce(station, "Bauer Eva fünf", "made 1... e5");
    let state = station.wait_plies(2);
    let seq = state["seq"].as_u64().expect("a seq");
    for (_, page) in &pages {
        page.wait_seq(seq);
        page.wait_piece("e5", Some("bP"));
    }
    (pages, state)
}

/// (h) Accessibility: axe-core finds no WCAG 2.1 A or AA violation on any role's page, at a
/// phone's and a tablet's width; the last move is in a polite live region as the
/// accessibility tree has it (in words on the blind player's page, in notation on the
/// others); every control is at least 44×44 CSS pixels; no page is wider
/// than the screen.
#[test]
fn every_roles_page_is_accessible() {
    let Some(browser) = browser("every_roles_page_is_accessible") else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let (pages, state) = four_pages_after_two_moves(&browser, &mut station, PHONE);
    let last = |key: &str| {
        state["moves"]
            .as_array()
            .and_then(|m| m.last())
            .and_then(|m| m[key].as_str())
            .expect("the last move's words and notation")
            .to_owned()
    };
    let mut problems = Vec::new();
    for (role, page) in &pages {
        // The blind player's page says the move in words, the others in notation.
        let words = last(if *role == "player" { "words" } else { "local" });
        let regions = page.ax_live_regions();
        if !regions
            .iter()
            .any(|r| r.live == "polite" && r.text.contains(&words))
        {
            problems.push(format!(
                "{role}: no polite live region says the last move {words:?}: {regions:#?}"
            ));
        }
        for (name, size) in [("phone", PHONE), ("tablet", TABLET)] {
            page.viewport(size);
            for violation in page.axe() {
                problems.push(format!("{role} ({name}): axe: {violation:#}"));
            }
            // WCAG 1.4.10 (reflow): nothing wider than the screen.
            let overflow = page.js(
                "return document.documentElement.scrollWidth - window.innerWidth;",
                vec![],
            );
            if overflow.as_f64().is_some_and(|o| o > 0.0) {
                problems.push(format!(
                    "{role} ({name}): the page is {overflow} CSS px wider than the screen"
                ));
            }
            let boxes = page.control_boxes();
            // The board's 64 squares are buttons on every page with controls.
            if *role != "spectator" && boxes.len() < 64 {
                problems.push(format!("{role} ({name}): only {} controls", boxes.len()));
            }
            for b in boxes {
                if b.width < 44.0 || b.height < 44.0 {
                    problems.push(format!(
                        "{role} ({name}): {} is {:.1}×{:.1} CSS px, under 44×44",
                        b.what, b.width, b.height
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// (i) The reference screenshots of each role's page in German at a phone's (390×844) and
/// a tablet's (820×1180) width, after 1. e4 e5, written to `tests/web/screenshots/` when
/// `ANSAGE_WRITE_SCREENSHOTS=1` (looked at, not compared); otherwise written to a temporary
/// folder, to check that they can be taken.
#[test]
fn screenshots_of_each_roles_page_at_phone_and_tablet_width() {
    let Some(browser) = browser("screenshots_of_each_roles_page_at_phone_and_tablet_width") else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let (pages, _) = four_pages_after_two_moves(&browser, &mut station, PHONE);
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let dir = if std::env::var("ANSAGE_WRITE_SCREENSHOTS").as_deref() == Ok("1") {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web/screenshots")
    } else {
        tmp.path().to_path_buf()
    };
    for (role, page) in &pages {
        for (name, size) in [("phone", PHONE), ("tablet", TABLET)] {
            page.viewport(size);
            // The clocks run; what is shot is the state of this seq.
            page.wait_seq(newest_seq(&station));
            let path = dir.join(format!("de-{role}-{name}.png"));
            page.screenshot(&path);
            let png = std::fs::read(&path).expect("the screenshot");
            assert!(
                png.starts_with(b"\x89PNG") && png.len() > 1000,
                "{}: not a PNG",
                path.display()
            );
        }
    }
}

/// The support's own parts that need no browser: an HTTP answer's body and headers.
#[test]
fn http_answers_are_read() {
    let answer = "HTTP/1.1 403 Forbidden\r\nSet-Cookie: a=b; HttpOnly\r\n\
                  Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n";
    assert_eq!(header(answer, "set-cookie"), Some("a=b; HttpOnly"));
    assert_eq!(body(answer), "hello");
    assert_eq!(
        without_time("@12.500 arbiter do add-time white 0:02:00.000"),
        "arbiter do add-time white 0:02:00.000"
    );
}

/// The harness itself on a page of its own (a `data:` address, no station): the sequence
/// number, a tap, axe-core, the live region from the accessibility tree, the controls'
/// sizes, the network switched off and on, a screenshot.
#[test]
fn the_browser_harness_reads_a_page_of_its_own() {
    let Some(browser) = browser("the_browser_harness_reads_a_page_of_its_own") else {
        return;
    };
    let page = browser.page(PHONE);
    let html = "<!doctype html><html lang='de'><head><meta charset='utf-8'><title>Test</title>\
        </head><body><main data-seq='3'><h1>Brett</h1>\
        <button data-sq='e2' style='width:48px;height:48px' \
          onclick=\"document.querySelector('main').dataset.seq = '4'; \
          document.getElementById('live').textContent = 'Bauer Eva vier';\">\
          <img src='pieces/wP.svg' alt='weißer Bauer'></button>\
        <button style='width:20px;height:20px'>x</button>\
        <p id='live' role='status' aria-live='polite'></p></main></body></html>";
    page.goto(&format!("data:text/html;charset=utf-8,{}", percent(html)));
    assert_eq!(page.wait_seq(3), 3);
    assert_eq!(page.piece_on("e2").as_deref(), Some("wP"));
    page.click_square("e2");
    assert_eq!(page.wait_seq(4), 4);
    assert_eq!(page.ax_live_text("#live"), "Bauer Eva vier");
    let regions = page.ax_live_regions();
    assert!(
        regions
            .iter()
            .any(|r| r.live == "polite" && r.text == "Bauer Eva vier"),
        "{regions:#?}"
    );
    let small: Vec<_> = page
        .control_boxes()
        .into_iter()
        .filter(|b| b.width < 44.0)
        .collect();
    assert_eq!(small.len(), 1, "{small:#?}");
    assert_eq!(page.enabled_controls().len(), 2);
    let violations = page.axe();
    assert!(
        violations.iter().all(|v| v["id"] != "html-has-lang"),
        "{violations:#?}"
    );
    page.set_offline(true);
    page.set_offline(false);
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shot = tmp.path().join("page.png");
    page.screenshot(&shot);
    assert!(
        std::fs::read(&shot)
            .expect("the PNG")
            .starts_with(b"\x89PNG")
    );
}

/// `text` percent-encoded for a `data:` address.
fn percent(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
