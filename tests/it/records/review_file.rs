//! `ansage review FILE` as a process (issue 34.3): a game read from a PGN file with two
//! games (`--game 2`) and from a plain move list, gone through at the console: forward,
//! back, a move by its number, black's move by its number, a question on the position
//! shown, the end. Nothing is written beside the file.

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::support::proc;

/// Runs `ansage review ARGS` in English at the console, types `lines`, ends the input;
/// the transcript's lines.
fn review(dir: &Path, args: &[&str], lines: &[&str]) -> Vec<String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
    cmd.arg("review")
        .args(args)
        .args(["--console", "--transcript", "--no-braille", "--lang", "en"])
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_RUNTIME_DIR", dir.join("run"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = proc::spawn(&mut cmd);
    let mut stdin = child.stdin.take().expect("stdin");
    for line in lines {
        writeln!(stdin, "{line}").expect("the station reads its stdin");
    }
    drop(stdin);
    let out = proc::output_within(child, Duration::from_secs(60), "ansage review");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines().map(str::to_owned).collect()
}

/// What White hears, in order (the text after `say:white `).
fn heard(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.split_once("say:white ").map(|(_, t)| t.to_owned()))
        .collect()
}

/// The second game of a PGN file, gone through: its moves, not the first game's.
#[test]
fn the_second_game_of_a_pgn_file() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pgn = dir.path().join("games.pgn");
    std::fs::write(
        &pgn,
        "[Event \"One\"]\n[Result \"1-0\"]\n\n1. f4 e5 2. g4 Qh4# 1-0\n\n\
         [Event \"Two\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 0-1\n",
    )
    .unwrap();
    let before: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    let said = heard(&review(
        dir.path(),
        &[pgn.to_str().unwrap(), "--game", "2"],
        &[
            "forward",
            "forward",
            "back",
            "move three",
            "what is on b5",
            "move two black",
            "what is on b5",
            "to the end",
            "forward",
            "beginning",
        ],
    ));
    let expected = [
        "Review: 3 moves. Black wins. Say forward, back, beginning, to the end, or move and a number.",
        "Starting position, White to move.",
        "Move 1, White: e4.",
        "Move 1, Black: e5.",
        "Move 1, White: e4.",
        "Move 3, White: bishop b5.",
        "b5: white bishop.",
        "Move 2, Black: knight c6.",
        "b5: empty.",
        "Move 3, Black: a6.",
        "That was the last move. Black wins.",
        "Starting position, White to move.",
    ];
    for want in expected {
        assert!(said.iter().any(|s| s == want), "{want:?} not in {said:#?}");
    }
    let order: Vec<_> = said
        .iter()
        .filter(|s| expected.contains(&s.as_str()))
        .cloned()
        .collect();
    assert_eq!(order, expected, "{said:#?}");
    let after: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(before.len(), after.len(), "a file written beside the game");
}

/// A plain move list: its moves gone through by number (typed with digits too).
#[test]
fn a_move_list() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let list = dir.path().join("moves.txt");
    std::fs::write(&list, "1.d4 d5 2.c4 e6 3.Nc3 Nf6\n").unwrap();
    let said = heard(&review(
        dir.path(),
        &[list.to_str().unwrap()],
        &["move 2", "whose move", "to the end"],
    ));
    for want in ["Move 2, White: c4.", "Move 3, Black: knight f6."] {
        assert!(said.iter().any(|s| s == want), "{want:?} not in {said:#?}");
    }
}
