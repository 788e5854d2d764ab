//! The web page in a real club (issue 33), in Debian's chromium: the opponent's phone shows
//! the status line and the one action he needs without scrolling, and nothing the
//! situation forbids; roles come back after kill -9 and `--resume`; a revocation reaches
//! an open page within a second and the page says why; a resignation on the page is
//! confirmed once and every page says what happened; a move is announced once, in one
//! live region, and an old error is cleared; the board is one tab stop with a skip link.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::browser::{PHONE, Page, TABLET, WAIT, browser};
use crate::support::web_game::{GAME, newest_seq, role_page, word, words};
use crate::support::web_station::WebStation;

/// The blind player's line field.
const FIELD: &str = "form[data-can='line'] input[name='line']";

fn seq(state: &Value) -> u64 {
    state["seq"].as_u64().expect("a seq")
}

/// The actions shown (`data-can`) in the controls and the action bar.
fn shown(page: &Page) -> Vec<String> {
    let found = page.js(
        "return [...document.querySelectorAll('#controls-body [data-can], #action-bar [data-can]')]\
         .filter(e => e.getClientRects().length > 0).map(e => e.dataset.can);",
        vec![],
    );
    found
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Asserts that each of `selectors` is shown whole inside the viewport of a page that
/// has not scrolled.
#[track_caller]
fn in_view(page: &Page, selectors: &[&str], when: &str) {
    for selector in selectors {
        let r = page.js(
            "const e = document.querySelector(arguments[0]); \
             if (!e || e.getClientRects().length === 0) return null; \
             const r = e.getBoundingClientRect(); \
             return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, \
                     scroll: window.scrollY, width: innerWidth, height: innerHeight};",
            vec![json!(selector)],
        );
        assert!(!r.is_null(), "{when}: {selector} is not shown");
        let f = |k: &str| r[k].as_f64().unwrap_or(f64::NAN);
        assert!(
            f("scroll") == 0.0
                && f("top") >= 0.0
                && f("left") >= 0.0
                && f("bottom") <= f("height")
                && f("right") <= f("width"),
            "{when}: {selector} is not inside the screen without scrolling: {r}"
        );
    }
}

/// (1) The opponent's phone at 390×844: after the blind player's echo, after his move is
/// made and while he offers a draw, the status line and the action he needs stand inside
/// the screen, and no action the situation forbids is shown.
#[test]
fn the_opponents_phone_shows_what_is_pending_and_the_next_action_at_a_glance() {
    let Some(browser) =
        browser("the_opponents_phone_shows_what_is_pending_and_the_next_action_at_a_glance")
    else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let page = role_page(&browser, &mut station, "opponent", PHONE);
    let w = words(&station);
    station.send("white type e4");
    station.wait_for("made 1. e4");

    station.send("black say Bauer Eva fünf");
    let echoed = station.wait_state("the echo", |s| s["pending"]["stage"] == "echoed");
    page.wait_seq(seq(&echoed));
    let heard = echoed["pending"]["words"].as_str().unwrap_or_default();
    let black = word(&w, "black", &[]);
    page.wait_text(&word(
        &w,
        "status-echoed",
        &[("side", &black), ("words", heard)],
    ));
    in_view(
        &page,
        &["#status-line", "#clock-top", "#clock-bottom", "#board"],
        "echoed",
    );
    let actions = shown(&page);
    for forbidden in ["executed", "accept-draw", "decline-draw", "yes", "no"] {
        assert!(
            !actions.iter().any(|a| a == forbidden),
            "echoed: {forbidden} in {actions:?}"
        );
    }

    station.send("black key confirm");
    station.wait_for("made 1... e5");
    let made = station.wait_plies(2);
    page.wait_seq(seq(&made));
    page.wait_text(&word(&w, "status-execute", &[("move", "e5")]));
    in_view(
        &page,
        &["#status-line", "#action-bar [data-can='executed']"],
        "made",
    );
    let actions = shown(&page);
    assert!(
        !actions.iter().any(|a| a == "accept-draw"),
        "made: {actions:?}"
    );

    station.send("black do offer-draw");
    let offered = station.wait_state("the draw offer", |s| s["draw_offer"] == "black");
    page.wait_seq(seq(&offered));
    in_view(
        &page,
        &[
            "#status-line",
            "#action-bar [data-can='accept-draw']",
            "#action-bar [data-can='decline-draw']",
        ],
        "offered",
    );
    // The one-key box is for a keyboard at the station, not the opponent's phone.
    assert!(
        !visible(&page, "#keys"),
        "the one-key box on the opponent's phone"
    );
    station.quit();
}

fn visible(page: &Page, selector: &str) -> bool {
    page.js(
        "const e = document.querySelector(arguments[0]); \
         return !!e && e.getClientRects().length > 0;",
        vec![json!(selector)],
    )
    .as_bool()
    .unwrap_or(false)
}

/// (2) kill -9 and `--resume`: the opponent's and the arbiter's pages reload with their
/// roles, and the arbiter restarts the stopped clocks from his page. The roles are kept
/// beside the journal, owner-only, as hashes.
#[test]
fn roles_come_back_after_a_crash_and_resume() {
    let Some(browser) = browser("roles_come_back_after_a_crash_and_resume") else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let opponent = role_page(&browser, &mut station, "opponent", TABLET);
    let arbiter = role_page(&browser, &mut station, "arbiter", TABLET);
    station.send("arbiter do start");
    station.send("white type e4");
    station.wait_for("made 1. e4");
    let epoch = station.state()["epoch"].clone();
    opponent.mark();
    arbiter.mark();
    let stored = std::fs::read_to_string(station.access_file()).expect("the roles' file");
    assert_eq!(stored.lines().count(), 2, "{stored}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(station.access_file())
            .expect("its mode")
            .permissions();
        assert_eq!(mode.mode() & 0o777, 0o600);
    }

    let mut station = station.kill_and_resume();
    let resumed = station.wait_state("a new epoch", |s| s["epoch"] != epoch);
    for (page, role) in [(&opponent, "opponent"), (&arbiter, "arbiter")] {
        page.wait_until("the page reloaded", &page.reloaded(), WAIT);
        page.wait_seq(seq(&resumed));
        page.wait_until(
            &format!("the page as {role}"),
            &format!("document.body.dataset.role === '{role}'"),
            WAIT,
        );
    }
    let answer = arbiter.act(
        newest_seq(&station),
        json!({"kind": "command", "command": "resume"}),
    );
    assert_eq!(answer.status, 200, "{answer:?}");
    station.wait_state("the clock running again", |s| {
        s["clock"]["running"] == "black"
    });
    station.quit();
}

/// (3) `do revoke-access` at the console: the opponent's open page loses its role within
/// a second and says why.
#[test]
fn a_revocation_reaches_the_open_page_within_a_second() {
    let Some(browser) = browser("a_revocation_reaches_the_open_page_within_a_second") else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let page = role_page(&browser, &mut station, "opponent", PHONE);
    let w = words(&station);
    page.mark();
    station.send("arbiter do revoke-access");
    page.wait_until(
        "the page without its role",
        &format!(
            "({}) || document.body.dataset.role === 'spectator'",
            page.reloaded()
        ),
        Duration::from_secs(1),
    );
    page.wait_until("the page reloaded", &page.reloaded(), WAIT);
    page.wait_text(&word(&w, "lost-revoked", &[]));
    station.quit();
}

/// (4) The opponent resigns on his page: one confirmation there, none asked by the
/// station; every page says who resigned, none that a move was withdrawn.
#[test]
fn a_resignation_on_the_page_is_confirmed_once_and_said_as_it_is() {
    let Some(browser) = browser("a_resignation_on_the_page_is_confirmed_once_and_said_as_it_is")
    else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let opponent = role_page(&browser, &mut station, "opponent", PHONE);
    let spectator = role_page(&browser, &mut station, "spectator", TABLET);
    let w = words(&station);
    let mark = station.mark();
    opponent.click_css("[data-can='resign']");
    opponent.click_css("#confirm button");
    let over = station.wait_state("the result", |s| s["result"]["reason"] == "resignation");
    let white = word(&w, "white", &[]);
    let resigned = word(&w, "settled-resigned", &[("side", &white)]);
    for page in [&opponent, &spectator] {
        page.wait_seq(seq(&over));
        page.wait_text(&resigned);
        let text = page.text();
        let withdrawn = word(&w, "settled-withdrawn", &[("side", &white), ("move", "")]);
        assert!(!text.contains(withdrawn.trim_end_matches('.')), "{text}");
    }
    let said = station.since(mark);
    assert!(
        !said.iter().any(|l| l.contains("Wirklich aufgeben")),
        "the station asked again: {said:#?}"
    );
    assert!(
        shown(&opponent).is_empty(),
        "actions after the result: {:?}",
        shown(&opponent)
    );
    station.quit();
}

/// (5) The screen reader: a move is announced once, in one live region, with its words;
/// an error in the assertive region is cleared by the next state; the board is one tab
/// stop, with a skip link before it.
#[test]
fn a_move_is_announced_once_and_an_old_error_is_cleared() {
    let Some(browser) = browser("a_move_is_announced_once_and_an_old_error_is_cleared") else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let player = role_page(&browser, &mut station, "player", TABLET);
    // A line the station cannot understand: its answer is an error, in #alert.
    player.type_into(FIELD, "Quatsch mit Soße");
    player.click_css("form[data-can='line'] button[type='submit']");
    player.wait_until(
        "the error in the assertive region",
        "document.getElementById('alert').textContent.trim() !== ''",
        WAIT,
    );
    station.send("white type e4");
    station.wait_for("made 1. e4");
    let state = station.wait_plies(1);
    player.wait_seq(seq(&state));
    let words_of_e4 = state["moves"][0]["words"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    player.wait_until(
        "the move announced",
        &format!(
            "document.getElementById('said').textContent.includes({})",
            json!(words_of_e4)
        ),
        WAIT,
    );
    let regions = player.ax_live_regions();
    let saying: Vec<_> = regions
        .iter()
        .filter(|r| r.text.contains(&words_of_e4))
        .collect();
    assert_eq!(
        saying.len(),
        1,
        "live regions naming the move: {regions:#?}"
    );
    assert_eq!(
        saying[0].text.matches(&words_of_e4).count(),
        1,
        "the move twice: {regions:#?}"
    );
    assert_eq!(
        player.text_of("#alert").unwrap_or_default().trim(),
        "",
        "an old error stays"
    );
    let stops = player.js(
        "return document.querySelectorAll('#board button.sq:not([tabindex=\"-1\"])').length;",
        vec![],
    );
    assert_eq!(stops, json!(1), "the board's tab stops");
    assert!(
        player
            .js(
                "return !!document.querySelector('a#skip-board[href]');",
                vec![]
            )
            .as_bool()
            .unwrap_or(false),
        "no skip link"
    );
    station.quit();
}

/// (6) axe-core finds no WCAG 2.1 A or AA violation on any role's page at a phone's and a
/// tablet's width in Spanish and English too (German: `browser_a11y::every_roles_page_is_accessible`).
#[test]
fn every_roles_page_is_accessible_in_spanish_and_english() {
    let Some(browser) = browser("every_roles_page_is_accessible_in_spanish_and_english") else {
        return;
    };
    let mut problems = Vec::new();
    for lang in ["es", "en"] {
        let mut station = WebStation::start_in(lang, &GAME);
        let pages: Vec<(&str, Page)> = crate::support::web_game::ROLES
            .iter()
            .map(|role| (*role, role_page(&browser, &mut station, role, PHONE)))
            .collect();
        station.send("white type e4");
        station.wait_for("made 1. e4");
        let state = station.wait_plies(1);
        for (role, page) in &pages {
            page.wait_seq(seq(&state));
            for (name, size) in [("phone", PHONE), ("tablet", TABLET)] {
                page.viewport(size);
                for violation in page.axe() {
                    problems.push(format!("{lang} {role} ({name}): axe: {violation:#}"));
                }
            }
        }
        station.quit();
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Records every text a live region (`#said`, `#alert`) is given, in order.
const RECORD_LIVE: &str = "window.__live = []; \
    for (const id of ['said', 'alert']) { \
      const region = document.getElementById(id); \
      new MutationObserver(() => { \
        if (region.textContent.trim() !== '') window.__live.push({id, text: region.textContent}); \
      }).observe(region, {childList: true, characterData: true, subtree: true}); \
    } \
    return true;";

/// The texts the live regions were given since [`RECORD_LIVE`], in order: (region, text).
fn live_texts(page: &Page) -> Vec<(String, String)> {
    let found = page.js("return window.__live;", vec![]);
    found
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            let s = |k: &str| e[k].as_str().unwrap_or_default().trim().to_owned();
            (s("id"), s("text"))
        })
        .collect()
}

/// Waits (with a bound) until the live regions were given `n` texts in all.
fn wait_live(page: &Page, n: usize, what: &str) {
    page.wait_until(what, &format!("window.__live.length >= {n}"), WAIT);
}

/// Whether every `words` in `text` ends its sentence ("Eva fünf." / "Eva fünf?"), so that
/// a screen reader never runs it into the next one ("Eva fünf Zug 2.").
fn ends_its_sentence(text: &str, words: &str) -> bool {
    text.match_indices(words).all(|(i, _)| {
        text[i + words.len()..]
            .chars()
            .next()
            .is_none_or(|c| matches!(c, '.' | '?' | '!' | ','))
    })
}

/// (7) One live announcement per event on the blind player's page, read from the
/// accessibility tree after each: White's move made, his own move's echo, its
/// confirmation, a draw offer; each once, in one region, the move's words once and
/// ending their sentence. The arbiter's page shows Ja/Nein only while something waits
/// for them, and lists no access code said at the board. The sighted opponent's page
/// gives the moves in notation, an impossible one too.
#[test]
fn one_live_announcement_per_event_in_sentences() {
    let Some(browser) = browser("one_live_announcement_per_event_in_sentences") else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let arbiter = role_page(&browser, &mut station, "arbiter", TABLET);
    let player = role_page(&browser, &mut station, "player", TABLET);
    assert_eq!(player.js(RECORD_LIVE, vec![]), json!(true));
    let arbiter_answers = |page: &Page| {
        let actions = shown(page);
        ["yes", "no"].map(|a| actions.iter().any(|s| s == a))
    };
    assert_eq!(
        arbiter_answers(&arbiter),
        [false, false],
        "Ja/Nein for the arbiter with nothing to answer"
    );

    // Each event: the console line, what the transcript shows when it is done, the words
    // that must be in its one announcement.
    let mut told = 0;
    let mut check = |station: &mut WebStation, line: &str, done: &str, words: &str| {
        station.send(line);
        station.wait_for(done);
        player.wait_seq(newest_seq(station));
        told += 1;
        wait_live(&player, told, &format!("the announcement of {line:?}"));
        let texts = live_texts(&player);
        let (region, text) = texts.last().cloned().unwrap_or_default();
        assert_eq!(texts.len(), told, "{line:?}: announcements {texts:#?}");
        assert_eq!(region, "said", "{line:?}: {texts:#?}");
        assert_eq!(text.matches(words).count(), 1, "{line:?}: {text:?}");
        assert!(
            ends_its_sentence(&text, words),
            "{line:?}: run together: {text:?}"
        );
        let regions = player.ax_live_regions();
        let saying: Vec<_> = regions.iter().filter(|r| r.text.contains(words)).collect();
        assert_eq!(
            saying.len(),
            1,
            "{line:?}: live regions naming it: {regions:#?}"
        );
        assert_eq!(
            (saying[0].role.as_str(), saying[0].live.as_str()),
            ("status", "polite"),
            "{line:?}"
        );
        text
    };
    check(&mut station, "white type e4", "made 1. e4", "Eva vier");
    let echo = check(&mut station, "black type e5", "fünf?", "Eva fünf");
    assert!(echo.trim_end().ends_with('?'), "the echo: {echo:?}");
    arbiter.wait_seq(newest_seq(&station));
    assert_eq!(arbiter_answers(&arbiter), [true, true], "an echo waits");
    check(
        &mut station,
        "black key confirm",
        "made 1... e5",
        "Eva fünf",
    );
    arbiter.wait_seq(newest_seq(&station));
    assert_eq!(
        arbiter_answers(&arbiter),
        [false, false],
        "made: nothing waits"
    );
    check(
        &mut station,
        "white do offer-draw",
        "bietet Remis an",
        "bietet Remis an",
    );
    // Nothing more came after the last event: a one-key question is the next one.
    player.type_into("#keys-area", "s");
    wait_live(&player, told + 1, "the answer to s");
    assert_eq!(
        live_texts(&player).len(),
        told + 1,
        "{:#?}",
        live_texts(&player)
    );

    // The sighted opponent's page gives moves in notation, also in the station's words:
    // his messages and his impossible move.
    let opponent = role_page(&browser, &mut station, "opponent", PHONE);
    opponent.type_into(FIELD, "Ke3\u{E007}");
    station.wait_for("Unmöglicher Zug: Ke3.");
    opponent.wait_text("Unmöglicher Zug: Ke3. Kein König kann nach e3 ziehen.");
    let said = opponent.text_of("#message-list").unwrap_or_default();
    assert!(
        said.contains("e5") && !said.contains("Eva") && !said.contains("Emil"),
        "the opponent's messages in Appendix D words: {said}"
    );

    // The codes asked at the board are said there, never listed on a page.
    let messages = arbiter.text_of("#message-list").unwrap_or_default();
    assert!(
        !messages.contains("Code für"),
        "the arbiter's page lists access codes: {messages}"
    );
    station.quit();
}
