//! The steps the web page's browser tests share (issue 21): a role's page joined with a
//! code the console printed, a move tapped on the opponent's page or announced at the
//! console, the page's words, a record or transcript line without its time. Over
//! `support/browser.rs` and `support/web_station.rs`.

use serde_json::Value;

use super::browser::{Browser, Page};
use super::web_station::{WebStation, body};

/// The game of these tests: 15 minutes each, Black visually impaired (White is the
/// sighted opponent with the page).
pub const GAME: [&str; 4] = ["--tc", "15", "--vi", "black"];

/// The roles, each with its page (docs/web-protocol.md).
pub const ROLES: [&str; 4] = ["spectator", "opponent", "player", "arbiter"];

/// A page of `role` on `station`, `size` CSS pixels: the plain address (spectator), or
/// joined with a one-time code the station printed on its console.
pub fn role_page(
    browser: &Browser,
    station: &mut WebStation,
    role: &str,
    size: (u32, u32),
) -> Page {
    let url = station.url();
    role_page_at(browser, station, role, size, &url)
}

/// [`role_page`] opened at `url` (the station's address through a `Link`).
pub fn role_page_at(
    browser: &Browser,
    station: &mut WebStation,
    role: &str,
    size: (u32, u32),
    url: &str,
) -> Page {
    let page = browser.page(size);
    page.goto(url);
    page.wait_seq(0);
    if role != "spectator" {
        let code = station.code(role);
        assert_eq!(page.join(&code), role, "the role the code gave");
    }
    page
}

/// The newest state's sequence number, from the station's own event stream.
pub fn newest_seq(station: &WebStation) -> u64 {
    station.state()["seq"].as_u64().expect("a state with a seq")
}

/// White (the opponent) moves `from`-`to` by tapping the squares on `page`; waits for the
/// station to make it (`made N. SAN`).
pub fn tap_move(page: &Page, station: &mut WebStation, from: &str, to: &str, made: &str) {
    page.click_square(from);
    page.click_square(to);
    station.wait_for(made);
}

/// Black (the blind player) announces `words` at the console, hears the echo, confirms;
/// waits for the station to make it (`made`).
pub fn announce(station: &mut WebStation, words: &str, made: &str) {
    station.send(&format!("black say {words}"));
    station.wait_line("the echo to Black", |l| {
        l.contains("say:black") && l.trim_end().ends_with('?')
    });
    station.send("black key confirm");
    station.wait_for(made);
}

/// The page's words in the game's language (`GET /words.json`), as the page has them.
pub fn words(station: &WebStation) -> Value {
    let (status, answer) = station.http("GET", "/words.json", &[], "");
    assert_eq!(status, 200, "GET /words.json: {answer}");
    serde_json::from_str(&body(&answer)).expect("the words as JSON")
}

/// The page's words `key` with its `{name}` placeholders filled in from `args`.
pub fn word(words: &Value, key: &str, args: &[(&str, &str)]) -> String {
    let mut text = words[key]
        .as_str()
        .unwrap_or_else(|| panic!("no word {key:?} in /words.json"))
        .to_owned();
    for (name, value) in args {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// A transcript line or journal record without its `@SECONDS` time.
pub fn without_time(line: &str) -> String {
    match line.strip_prefix('@') {
        Some(rest) => rest.split_once(' ').map_or("", |(_, r)| r).to_owned(),
        None => line.to_owned(),
    }
}

/// The journal's records without their times and without the clock's ticks (what two runs
/// of the same steps have alike).
pub fn timeless_records(station: &WebStation) -> Vec<String> {
    station
        .records()
        .iter()
        .filter(|r| !r.ends_with(" tick"))
        .map(|r| without_time(r))
        .collect()
}
