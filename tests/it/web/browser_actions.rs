//! The controls of the station's web page in a real browser (issue 21): what each role
//! does with its own page's fields, keys and buttons, as a person would (typed, pressed,
//! tapped; never `fetch` unless a test says so), against the real `ansage play --console
//! --web 127.0.0.1:PORT` in German. Beside `browser.rs` (the roles, the connection, the
//! restart, accessibility), with the same support
//! (`support/browser.rs`, `support/web_station.rs`, `support/web_game.rs`).
//!
//! Each test waits for the page's sequence number (`main[data-seq]`), the station's
//! transcript lines, its journal and the accessibility tree, each with a bound; none
//! sleeps. What the tests need of the page is in `tests/web/README.md`. Without
//! `/usr/bin/chromedriver` the tests say they were skipped, unless
//! `ANSAGE_REQUIRE_BROWSER=1` (`.ci/test.sh`).

use serde_json::json;

use crate::support::browser::{self, Page, TABLET, browser};
use crate::support::web_game::{
    GAME, announce, newest_seq, role_page, tap_move, timeless_records, word, words,
};
use crate::support::web_station::WebStation;

/// The move field of the opponent's and the line field of the player's and arbiter's page.
const FIELD: &str = "form[data-can='line'] input[name='line']";

/// The polite live region (`role=status`) where the page says what it was told or asked.
const SAID: &str = "#said";

/// The assertive live region for refusals and urgent news.
const ALERT: &str = "#alert";

/// The area that takes the one-key commands.
const KEYS: &str = "#keys-area";

/// The Enter key (WebDriver's key code).
const ENTER: &str = "\u{E007}";

/// The text after `say:WHO ` in a transcript line (`@3.250 say:black Bauer Eva fünf?`).
fn said_text(line: &str) -> String {
    line.split_once(" say:")
        .and_then(|(_, rest)| rest.split_once(' '))
        .map_or("", |(_, text)| text)
        .trim()
        .to_owned()
}

/// Whether a polite `role=status` live region in the accessibility tree says `text`.
fn status_says(page: &Page, text: &str) -> bool {
    page.ax_live_regions()
        .iter()
        .any(|r| r.role == "status" && r.live == "polite" && r.text.contains(text))
}

/// (1) The blind player (Black) types his move into his page's field and sends it with
/// Enter: the focus stays in the field, and the polite live region (`role=status`) holds
/// the station's answer, the echo to be confirmed, as the accessibility tree has it. Made
/// (confirmed at the console), the focus is still there.
#[test]
fn the_blind_players_typed_move_keeps_the_focus_and_the_answer_is_in_the_live_region() {
    let Some(browser) = browser(
        "the_blind_players_typed_move_keeps_the_focus_and_the_answer_is_in_the_live_region",
    ) else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let player = role_page(&browser, &mut station, "player", TABLET);
    station.send("white type e4");
    station.wait_for("made 1. e4");
    player.wait_seq(newest_seq(&station));

    player.type_into(FIELD, &format!("e5{ENTER}"));
    let echo = said_text(&station.wait_line("the echo to Black", |l| {
        l.contains("say:black") && l.trim_end().ends_with('?')
    }));
    assert!(echo.contains("Eva"), "the echo of e5: {echo:?}");
    player.wait_ax_live_text(SAID, &format!("the echo {echo:?}"), |t| t.contains(&echo));
    assert!(
        status_says(&player, &echo),
        "no polite status region says {echo:?}: {:#?}",
        player.ax_live_regions()
    );
    // The field is emptied once the station took the line: the page's handling of the
    // post is over, and the focus is where it left it.
    player.wait_until(
        "the field emptied for the next move",
        &format!("document.querySelector({}).value === ''", json!(FIELD)),
        browser::WAIT,
    );
    assert!(
        player.has_focus(FIELD),
        "the focus left the move field after sending: it is on {}",
        player.focused()
    );

    station.send("black key confirm");
    station.wait_for("made 1... e5");
    player.wait_seq(station.wait_plies(2)["seq"].as_u64().expect("a seq"));
    player.wait_piece("e5", Some("bP"));
    assert!(
        player.has_focus(FIELD),
        "the focus left the move field when the move was made: it is on {}",
        player.focused()
    );
}

/// (2) The one-key commands on the blind player's page (c the clock, l the last move, s
/// whose turn), pressed in the keys area and on a square of the board, put their sentence
/// into the polite live region; the same sentence again is announced again (the page
/// adds a trailing space on every other repeat, so the region's text changes).
#[test]
fn the_one_key_commands_speak_in_the_live_region_and_a_repeat_is_announced_again() {
    let Some(browser) =
        browser("the_one_key_commands_speak_in_the_live_region_and_a_repeat_is_announced_again")
    else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let player = role_page(&browser, &mut station, "player", TABLET);
    station.send("white type e4");
    station.wait_for("made 1. e4");
    let state = station.wait_plies(1);
    player.wait_seq(state["seq"].as_u64().expect("a seq"));
    let w = words(&station);
    let (white, black) = (word(&w, "white", &[]), word(&w, "black", &[]));
    let last = &state["moves"][0];
    // A player's name where one is set, else the side's word.
    let named = |side: &str, word: &String| match state["names"][side].as_str() {
        Some(name) if !name.trim().is_empty() && name != "?" => name.to_owned(),
        _ => word.clone(),
    };
    let expected = [
        ("s", word(&w, "turn", &[("side", &named("black", &black))])),
        (
            "l",
            word(
                &w,
                "last-move",
                &[
                    ("number", "1"),
                    ("side", &named("white", &white)),
                    // The blind player's page gives the move in its words.
                    ("move", last["words"].as_str().unwrap_or_default()),
                ],
            ),
        ),
        (
            "c",
            format!(
                "{} {}",
                word(&w, "clocks-both", &[("white", "15:00"), ("black", "15:00")]),
                word(&w, "clock-stands", &[])
            ),
        ),
    ];
    for (key, sentence) in &expected {
        player.type_into(KEYS, key);
        player.wait_ax_live_text(SAID, &format!("{sentence:?} for {key}"), |t| t == sentence);
        assert!(
            status_says(&player, sentence),
            "{key}: no polite status region says {sentence:?}"
        );
        assert!(
            player.has_focus(KEYS),
            "{key} took the focus from the keys area"
        );
    }

    // The same key twice: the region's text alternates between the sentence and the
    // sentence with a space, so a screen reader reads it again; the words stay the same.
    let turn = &expected[0].1;
    let mut texts = Vec::new();
    for _ in 0..3 {
        player.type_into(KEYS, "s");
        let before = texts.last().cloned();
        player.wait_until(
            "the live region changed by the repeated key",
            &format!(
                "document.querySelector('{SAID}').textContent !== {}",
                json!(before.unwrap_or_else(|| expected[2].1.clone()))
            ),
            browser::WAIT,
        );
        texts.push(player.text_of(SAID).expect("the live region"));
        assert_eq!(&player.ax_live_text(SAID), turn, "the repeated words");
    }
    assert_eq!(
        texts,
        [turn.clone(), format!("{turn} "), turn.clone()],
        "the repeats"
    );

    // On the board, the same keys.
    player.type_into("[data-sq='e4']", "l");
    player.wait_ax_live_text(SAID, "the last move for l on the board", |t| {
        t == expected[1].1
    });
}

/// One run of the steps of [`the_opponents_executed_button_gives_the_consoles_record`]:
/// White's 1. e4 typed at the console, Black's 1... e5 announced and confirmed, then
/// White says he executed it on his board, by his page's button (`web`) or at the console
/// (`white do executed`); the journal's records without their times.
fn executed_run(browser: &browser::Browser, web: bool) -> Vec<String> {
    let mut station = WebStation::start(&GAME);
    // Both runs ask for a code, so that the journals are the same up to the button.
    let page = if web {
        Some(role_page(browser, &mut station, "opponent", TABLET))
    } else {
        station.code("opponent");
        None
    };
    station.send("white type e4");
    station.wait_for("made 1. e4");
    announce(&mut station, "Bauer Eva fünf", "made 1... e5");
    let made = station.wait_plies(2);
    assert_eq!(made["executed"], json!(false), "executed before the button");
    match &page {
        Some(page) => {
            let w = words(&station);
            page.wait_seq(made["seq"].as_u64().expect("a seq"));
            page.wait_text(&word(&w, "executed-not-yet-yours", &[]));
            page.click_css("[data-can='executed']");
            let state = station.wait_state("the move executed", |s| s["executed"] == true);
            page.wait_seq(state["seq"].as_u64().expect("a seq"));
            page.wait_text(&word(&w, "executed-yes-yours", &[]));
        }
        None => {
            station.send("white do executed");
            station.wait_state("the move executed", |s| s["executed"] == true);
        }
    }
    station.wait_records("white do executed", 1);
    let records = timeless_records(&station);
    station.quit();
    records
}

/// (3) The opponent's "executed on my board" button: the page shows the blind player's
/// move as executed (the state's `executed: true`), and the journal holds the same records
/// as when White says it at the console (`white do executed`).
#[test]
fn the_opponents_executed_button_gives_the_consoles_record() {
    let Some(browser) = browser("the_opponents_executed_button_gives_the_consoles_record") else {
        return;
    };
    let web = executed_run(&browser, true);
    let console = executed_run(&browser, false);
    assert!(
        web.iter().any(|r| r == "white do executed"),
        "no `white do executed` record: {web:#?}"
    );
    assert_eq!(
        web, console,
        "the journals of the button and of the console"
    );
}

/// A position with White's pawn on b7, one step from promoting (and pawns left, so that
/// the new knight does not end the game).
const PROMOTION_FEN: &str = "4k3/1P5p/8/8/8/8/7P/4K3 w - - 0 1";

/// (4) Promotion by tapping: White's pawn tapped from b7 to b8 asks for the piece with four
/// buttons (and one to cancel) and posts nothing yet; the knight chosen, the page posts
/// `b7b8n` and the station makes the under-promotion.
#[test]
fn a_pawn_tapped_to_the_last_rank_asks_for_the_piece_and_becomes_a_knight() {
    let Some(browser) =
        browser("a_pawn_tapped_to_the_last_rank_asks_for_the_piece_and_becomes_a_knight")
    else {
        return;
    };
    let mut args = GAME.to_vec();
    args.extend(["--fen", PROMOTION_FEN]);
    let mut station = WebStation::start(&args);
    let white = role_page(&browser, &mut station, "opponent", TABLET);
    white.wait_piece("b7", Some("wP"));
    let journal = station.journal_bytes();
    let seq = newest_seq(&station);

    white.click_square("b7");
    white.click_square("b8");
    white.wait_until(
        "the question for the piece",
        "!document.getElementById('promotion').hidden",
        browser::WAIT,
    );
    let w = words(&station);
    let buttons = white.js(
        "return [...document.querySelectorAll('#promotion button')]\
         .map(b => b.textContent.trim());",
        vec![],
    );
    let pieces: Vec<String> = ["queen", "rook", "bishop", "knight", "cancel"]
        .iter()
        .map(|k| word(&w, k, &[]))
        .collect();
    assert_eq!(buttons, json!(pieces), "the question's buttons");
    assert!(
        white.has_focus("#promotion button"),
        "the question does not have the focus: {}",
        white.focused()
    );
    assert!(
        station.journal_bytes() == journal && newest_seq(&station) == seq,
        "the question posted something"
    );

    white.click_xpath(&format!(
        "//*[@id='promotion']//button[normalize-space(.)='{}']",
        word(&w, "knight", &[])
    ));
    station.wait_for("made 1. b8=N");
    station.wait_records("b7b8n", 1);
    white.wait_piece("b8", Some("wN"));
    white.wait_piece("b7", None);
    assert!(
        white.js(
            "return document.getElementById('promotion').hidden;",
            vec![]
        ) == json!(true),
        "the question stays open"
    );
}

/// The XPath of the button `text` in the group titled `title` (the arbiter's group of a
/// side: "+2 min" is in White's and in Black's).
fn button_in_group(title: &str, text: &str) -> String {
    format!(
        "//div[@role='group'][h3[normalize-space(.)='{title}']]\
         //button[normalize-space(.)='{text}']"
    )
}

/// How many journal records contain `what`.
fn count_records(station: &WebStation, what: &str) -> usize {
    station
        .records()
        .iter()
        .filter(|r| r.contains(what))
        .count()
}

/// (5) The arbiter's own buttons, pressed on his page: a take-back when no move is made is
/// not offered, and posted all the same it is refused by the station, its answer in the
/// page's messages in words (and read out in the assertive live region); "+2 min"
/// for White; the clock started and paused; the last move taken back in two steps (the
/// first press asks and posts nothing, the second posts: the journal gets one take-back).
#[test]
fn the_arbiters_buttons_start_pause_add_time_and_take_back_after_a_question() {
    let Some(browser) =
        browser("the_arbiters_buttons_start_pause_add_time_and_take_back_after_a_question")
    else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let arbiter = role_page(&browser, &mut station, "arbiter", TABLET);
    let w = words(&station);
    let confirm_shown = "!document.getElementById('confirm').hidden";
    let yes = "#confirm button:not(.secondary)";

    // A take-back with no move made: no button offers it (the situation does not allow
    // it); posted all the same, it is refused in words on the page.
    let seq = newest_seq(&station);
    arbiter.wait_seq(seq);
    let offered = arbiter.js(
        "const b = document.querySelector(\"[data-can='take-back']\"); \
         return !!b && b.getClientRects().length > 0;",
        vec![],
    );
    assert_eq!(
        offered,
        json!(false),
        "a take-back offered with no move made"
    );
    let mark = station.mark();
    let posted = arbiter.act(seq, json!({"kind": "command", "command": "take-back"}));
    assert_eq!(posted.status, 200, "{posted:?}");
    station.wait_records("arbiter do take-back", 1);
    let answer = said_text(
        &station.wait_line("the station's answer to the arbiter", |l| {
            l.contains(" say:arbiter ") || l.contains(" say:all ")
        }),
    );
    assert!(!answer.is_empty(), "{:#?}", station.since(mark));
    arbiter.wait_until(
        "the refusal in the page's messages",
        &format!(
            "document.getElementById('message-list').innerText.includes({})",
            json!(answer)
        ),
        browser::WAIT,
    );
    // A refusal is read out at once: the assertive region.
    arbiter.wait_ax_live_text(ALERT, &format!("the refusal {answer:?}"), |t| {
        t.contains(&answer)
    });

    // "+2 min" for White, while the clock stands: 15:00 becomes 17:00.
    arbiter.click_xpath(&button_in_group(
        &word(&w, "white", &[]),
        &word(&w, "add-minutes", &[("minutes", "2")]),
    ));
    station.wait_records("arbiter do add-time white 0:02:00.000", 1);
    arbiter.wait_text("17:00");

    // The clock started, then paused.
    arbiter.click_css("[data-can='start']");
    station.wait_for("Die Uhr läuft");
    let running = station.wait_state("White's clock running", |s| {
        s["clock"]["running"] == "white" && s["clock"]["paused"] == false
    });
    arbiter.wait_seq(running["seq"].as_u64().expect("a seq"));
    arbiter.wait_text(&word(
        &w,
        "clock-running-side",
        &[("side", &word(&w, "white", &[]))],
    ));
    station.send("white type e4");
    station.wait_for("made 1. e4");
    arbiter.wait_piece("e4", Some("wP"));
    arbiter.click_css("[data-can='pause']");
    let paused = station.wait_state("the clock paused", |s| s["clock"]["paused"] == true);
    arbiter.wait_seq(paused["seq"].as_u64().expect("a seq"));
    arbiter.wait_text(&word(&w, "clock-paused", &[]));

    // The last move taken back: the first press asks, "no" posts nothing, the second
    // press and "yes" take it back, once.
    let take_backs = count_records(&station, "do take-back");
    let journal = station.journal_bytes();
    arbiter.click_css("[data-can='take-back']");
    arbiter.wait_until("the take-back's question", confirm_shown, browser::WAIT);
    arbiter.click_css("#confirm button.secondary");
    arbiter.wait_until(
        "the question closed by no",
        "document.getElementById('confirm').hidden",
        browser::WAIT,
    );
    arbiter.click_css("[data-can='take-back']");
    arbiter.wait_until("the take-back's question", confirm_shown, browser::WAIT);
    assert!(
        station.journal_bytes() == journal,
        "the question (or its no) posted something"
    );
    arbiter.click_css(yes);
    station.wait_records("arbiter do take-back", take_backs + 1);
    let back = station.wait_state("the move taken back", |s| {
        s["moves"].as_array().is_some_and(Vec::is_empty)
    });
    arbiter.wait_seq(back["seq"].as_u64().expect("a seq"));
    arbiter.wait_piece("e2", Some("wP"));
    arbiter.wait_piece("e4", None);
    assert_eq!(
        count_records(&station, "do take-back"),
        take_backs + 1,
        "one take-back journaled: {:#?}",
        station.records()
    );
}

/// (6) A move for the side not to move, from the opponent's page: White's own pawn tapped
/// while Black is to move, Black's pawn tapped from White's page, and a move action posted
/// for Black's pawn; each refused with words the page shows in its assertive live region,
/// and nothing journaled or changed.
#[test]
fn a_move_for_the_side_not_to_move_is_refused_in_words_and_not_journaled() {
    let Some(browser) =
        browser("a_move_for_the_side_not_to_move_is_refused_in_words_and_not_journaled")
    else {
        return;
    };
    let mut station = WebStation::start(&GAME);
    let white = role_page(&browser, &mut station, "opponent", TABLET);
    tap_move(&white, &mut station, "e2", "e4", "made 1. e4");
    let seq = newest_seq(&station);
    white.wait_seq(seq);
    let journal = station.journal_bytes();

    // Posted: refused with its reason in words.
    let answer = white.act(seq, json!({"kind": "move", "uci": "e7e5"}));
    assert_eq!(
        answer.status, 403,
        "Black's move from White's page: {answer:?}"
    );
    assert_eq!(answer.body["error"], "not-your-move", "{answer:?}");
    let message = answer.body["message"]
        .as_str()
        .expect("the refusal's words")
        .to_owned();
    assert!(!message.is_empty(), "{answer:?}");

    // Tapped: the page shows the refusal.
    for (from, to) in [("d2", "d4"), ("e7", "e5")] {
        let before = white.text_of(ALERT).unwrap_or_default();
        white.click_square(from);
        white.click_square(to);
        white.wait_until(
            &format!("the refusal of {from}-{to}"),
            &format!(
                "document.querySelector('{ALERT}').textContent !== {}",
                json!(before)
            ),
            browser::WAIT,
        );
        assert_eq!(white.ax_live_text(ALERT), message, "{from}-{to}");
        white.wait_piece(from, Some(if from == "d2" { "wP" } else { "bP" }));
        white.wait_piece(to, None);
    }
    let regions = white.ax_live_regions();
    assert!(
        regions
            .iter()
            .any(|r| r.live == "assertive" && r.text == message),
        "no assertive live region says {message:?}: {regions:#?}"
    );
    assert!(
        station.journal_bytes() == journal,
        "a refused move changed the journal:\n{}",
        String::from_utf8_lossy(&station.journal_bytes())
    );
    assert_eq!(
        newest_seq(&station),
        seq,
        "a refused move changed the state"
    );
}
