//! The edges of an online game (issue 32.3) through the real `ansage online` process
//! against the fake lichess: a move announced while the opponent is to move, a token
//! refused in the middle of the game, the server's reason for a refusal, `quit` while the
//! game goes on, a refused seek and a challenge tracked from its own answer, a rematch
//! with records of its own.

use std::time::Duration;

use serde_json::json;
use shakmaty::Color;

use crate::support::lichess::{FakeLichess, Request, TOKEN};

use super::station::{Station, play};

/// The fake with a game of the account `ana` (`ours`) against Salma, with keep-alives;
/// the station playing it in English, its first sentence said.
fn game(ours: Color) -> (FakeLichess, String, Station) {
    let fake = FakeLichess::start("ana");
    fake.keep_alive_every(Duration::from_millis(100));
    let id = fake.start_game(ours, "Salma", 600, 0);
    let mut station = Station::start(&fake, &id, "en", TOKEN);
    station.wait_for("Online game against Salma.");
    (fake, id, station)
}

fn moves_posted(fake: &FakeLichess) -> usize {
    fake.requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.contains("/move/"))
        .count()
}

fn posted(path: &str) -> impl Fn(&Request) -> bool {
    let path = path.to_owned();
    move |r: &Request| r.method == "POST" && r.path.starts_with(&path)
}

/// Playing Black, a move typed while White is to move is answered, and nothing is sent.
#[test]
fn a_move_out_of_turn_is_answered() {
    let (fake, id, mut station) = game(Color::Black);
    station.send("e5");
    station.wait_for("say:black Your opponent is to move.");
    fake.opponent_plays(&id, "e2e4");
    station.wait_for("say:black e4.");
    station.send("e5");
    station.wait_for("e5?");
    station.finish();
    assert_eq!(moves_posted(&fake), 0, "{:#?}", fake.requests());
}

/// A 401 on our move mid-game: the move is taken back (the server lacks it), online play
/// stops with how to log in again, and a later announcement is answered the same way.
#[test]
fn a_token_refused_mid_game_takes_the_move_back() {
    let (fake, id, mut station) = game(Color::White);
    fake.respond_next("/move/", 401, json!({"error": "No such token"}));
    station.send("e4");
    station.wait_for("e4?");
    station.send("yes");
    station.wait_for("online move e2e4");
    station.wait_for("made takeback to ply 0");
    station.wait_for("online play has stopped here, and your last move is taken back");
    station.send("d4");
    station.wait_for("Online play has stopped, for the server refuses the access token.");
    let (out, _) = station.finish();
    assert_eq!(moves_posted(&fake), 1, "no retry: {:#?}", fake.requests());
    assert!(fake.moves(&id).is_empty());
    assert!(
        !out.iter().any(|l| l.contains("online move d2d4")),
        "{out:#?}"
    );
}

/// A refused request says the server's reason in the player's language.
#[test]
fn a_refused_claim_says_why() {
    let (fake, _, mut station) = game(Color::White);
    station.send("claim victory");
    fake.wait_request("the claim", |r| r.path.ends_with("/claim-victory"));
    station
        .wait_for("The server refused the request: The win cannot be claimed in this game (yet).");
    station.finish();
}

/// `quit` while the game goes on asks once; "no" keeps the station on (a move is still
/// announced), `quit` again asks again and "yes" closes the station.
#[test]
fn quit_asks_while_the_game_goes_on() {
    let (_fake, _, mut station) = game(Color::White);
    station.send("quit");
    station.wait_for("The game goes on at lichess, and so does the clock. Really quit?");
    station.send("no");
    station.wait_for("The station stays on; the game goes on.");
    station.send("e4");
    station.wait_for("e4?");
    station.send("quit");
    station.wait_for("Really quit?");
    station.send("yes");
    station.wait_for("The station is shutting down.");
    let (_, status) = station.finish_with_status();
    assert!(status.success(), "{status:?}");
    // The questions and their answers are in the journal, like every other answer.
    let journal = find_journal(&station.dir.path().join("data"));
    let lines: Vec<&str> = journal.lines().collect();
    let quits = lines.iter().filter(|l| l.ends_with(" do quit")).count();
    assert_eq!(quits, 2, "{journal}");
    assert!(lines.iter().any(|l| l.ends_with(" type no")), "{journal}");
    assert!(lines.iter().any(|l| l.ends_with(" type yes")), "{journal}");
}

/// The text of the one journal under `dir` (the game's folder).
fn find_journal(dir: &std::path::Path) -> String {
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.file_name().is_some_and(|n| n == "journal.txt") {
                return std::fs::read_to_string(&path).expect("the journal");
            }
        }
    }
    panic!("no journal under {}", dir.display())
}

/// A seek the server refuses is never said to be seeking: its reason is said, in the
/// server's words when they are not known.
#[test]
fn a_refused_seek_is_not_announced_as_seeking() {
    let fake = FakeLichess::start("ana");
    fake.keep_alive_every(Duration::from_millis(100));
    fake.respond_next(
        "/api/board/seek",
        400,
        json!({"error": "You are already seeking"}),
    );
    let mut station = Station::launch(&fake.url(), &["seek", "15+10"], "en", TOKEN);
    station.wait_for("The server refused: You are already seeking.");
    station.send("quit");
    let (out, _) = station.finish();
    assert!(
        !out.iter().any(|l| l.contains("Seeking an opponent")),
        "{out:#?}"
    );
}

/// The greeting counts the running games it then lists.
#[test]
fn the_greeting_counts_the_running_games() {
    let fake = FakeLichess::start("ana");
    fake.keep_alive_every(Duration::from_millis(100));
    fake.start_game(Color::Black, "Eve", 600, 0);
    let mut station = Station::launch(&fake.url(), &[], "en", TOKEN);
    station.wait_for("one running game.");
    station.wait_for("Running game 1 against Eve");
    station.send("quit");
    let (out, _) = station.finish();
    assert!(
        !out.iter().any(|l| l.contains("no running game")),
        "{out:#?}"
    );
}

/// A rated challenge by the word "rated": sent rated, and "challenge sent" said once
/// the server's answer has made it.
#[test]
fn a_rated_challenge() {
    let fake = FakeLichess::start("ana");
    fake.keep_alive_every(Duration::from_millis(100));
    let mut station = Station::launch(&fake.url(), &[], "en", TOKEN);
    station.wait_for("Say or type");
    station.send("challenge Dee 5+3 rated");
    let sent = fake.wait_request("the challenge", posted("/api/challenge/Dee"));
    assert!(sent.body.contains("rated=true"), "{}", sent.body);
    station.wait_for("Challenge sent to Dee, 5 plus 3, rated.");
    station.send("quit");
    station.finish();
}

/// After the game: the result, then the choice; "rematch" challenges the same opponent
/// with the same time control, and "menu" says the menu.
#[test]
fn after_the_game_a_rematch() {
    let (fake, id, mut station) = game(Color::White);
    fake.change(&id, |g| g.resign(Color::Black))
        .expect("the opponent resigns");
    station.wait_for("result");
    station.wait_for("Rematch against Salma, review the game, menu or quit?");
    station.send("menu");
    station.wait_for("Say or type: seek");
    station.send("rematch");
    let sent = fake.wait_request("the rematch", posted("/api/challenge/Salma"));
    for field in ["clock.limit=600", "clock.increment=0", "rated=false"] {
        assert!(sent.body.contains(field), "{field} in {}", sent.body);
    }
    station.wait_for("Challenge sent to Salma, 10 plus 0, casual.");
    station.send("quit");
    let (_, status) = station.finish_with_status();
    assert!(status.success(), "{status:?}");
}

/// A command-line error of `ansage online` in the game's language: a game id that is no
/// id, in a German station.
#[test]
fn a_bad_game_id_is_said_in_the_games_language() {
    let fake = FakeLichess::start("ana");
    let mut station = Station::launch(&fake.url(), &["--game", "no/such"], "de", TOKEN);
    let ((_, err), status) = station.finish_with_status();
    assert!(
        err.contains("Das Online-Spiel startet nicht: ")
            && err.contains("Kennung einer Partie besteht aus Buchstaben und Ziffern"),
        "{err}"
    );
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(fake.requests().is_empty(), "{:#?}", fake.requests());
}

/// The opponent's chat line is said; a line typed "chat: …" goes to the player chat,
/// and is no move.
#[test]
fn chat_both_ways() {
    let (fake, id, mut station) = game(Color::White);
    fake.game_line(
        &id,
        json!({"type": "chatLine", "room": "player", "username": "Salma", "text": "good luck"}),
    );
    station.wait_for("Chat from Salma: good luck");
    station.send("chat: thanks, you too");
    let sent = fake.wait_request(
        "the chat line",
        posted(&format!("/api/board/game/{id}/chat")),
    );
    assert!(
        sent.body.contains("room=player") && sent.body.contains("text=thanks%2C+you+too"),
        "{}",
        sent.body
    );
    station.wait_for("Chat sent.");
    station.finish();
    assert_eq!(moves_posted(&fake), 0);
}

/// A rematch's game keeps records of its own (issue 32.6): the first game's journal and
/// PGN stay as they were, the second game's are numbered (`journal-2.txt`, `game-2.pgn`).
#[test]
fn a_rematch_keeps_the_first_games_records() {
    let fake = FakeLichess::start("ana");
    fake.keep_alive_every(Duration::from_millis(100));
    let id = fake.start_game(Color::White, "Salma", 600, 0);
    let journals = tempfile::tempdir().expect("a temporary folder");
    let journal = journals.path().join("journal.txt");
    let journal_arg = journal.to_str().expect("a UTF-8 path");
    let args = ["--game", id.as_str(), "--journal", journal_arg];
    let mut station = Station::launch(&fake.url(), &args, "en", TOKEN);
    station.wait_for("Online game against Salma.");
    play(&mut station, &fake, ("e4", "e4?", "e2e4"));
    fake.opponent_plays(&id, "e7e5");
    station.wait_for("say:white e5.");
    fake.change(&id, |g| g.resign(Color::Black))
        .expect("the opponent resigns");
    station.wait_for("Rematch against Salma, review the game, menu or quit?");
    station.send("rematch");
    fake.wait_request("the rematch", posted("/api/challenge/Salma"));
    station.wait_for("Challenge sent to Salma");
    let challenge = fake
        .model()
        .challenges
        .last()
        .expect("the rematch")
        .id
        .clone();
    fake.challenge_accepted(&challenge);
    station.wait_for("Online game against Salma.");
    station.send("quit");
    station.wait_for("Really quit?");
    station.send("yes");
    let (_, status) = station.finish_with_status();
    assert!(status.success(), "{status:?}");
    let read = |path: std::path::PathBuf| {
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let first_pgn = read(station.dir.path().join("game.pgn"));
    assert!(
        first_pgn.contains("1. e4 e5") && first_pgn.contains("[Result \"1-0\"]"),
        "{first_pgn}"
    );
    let second_pgn = read(station.dir.path().join("game-2.pgn"));
    assert!(!second_pgn.contains("1. e4"), "{second_pgn}");
    assert!(read(journal).contains("e2e4"), "the first game's journal");
    let second_journal = read(journals.path().join("journal-2.txt"));
    assert!(!second_journal.contains("e2e4"), "{second_journal}");
}
