//! `ansage play` at the console as a screen-reader user meets it (issue 15, point 4): one
//! plain line per event, at most two lines for a made move, nothing twice; the full
//! transcript with `--transcript`; play's own lines in the game's language.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::support::proc;

/// The limit for one game at the console (it takes well under a second).
const LIMIT: Duration = Duration::from_secs(60);

/// The Opera game (Morphy against the Duke of Brunswick and Count Isouard, Paris 1858),
/// typed in German notation: White is visually impaired and confirms each move with "ja"
/// (its echo first), Black is sighted (made at once). 33 plies, ending in mate.
const OPERA: &str = "arbiter key start\n\
    e4\nja\ne5\nSf3\nja\nd6\nd4\nja\nLg4\ndxe5\nja\nLxf3\nDxf3\nja\ndxe5\nLc4\nja\nSf6\n\
    Db3\nja\nDe7\nSc3\nja\nc6\nLg5\nja\nb5\nSxb5\nja\ncxb5\nLxb5+\nja\nSbd7\n0-0-0\nja\nTd8\n\
    Txd7\nja\nTxd7\nTd1\nja\nDe6\nLxd7+\nja\nSxd7\nDb8+\nja\nSxb8\nTd8#\nja\nquit\n";

/// The plies of [`OPERA`].
const OPERA_PLIES: usize = 33;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ansage-console-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `ansage play ARGS` with `input` on stdin (no user settings, no device): (stdout
/// lines, stderr).
fn play(dir: &Path, args: &[&str], input: &str) -> (Vec<String>, String) {
    let mut child = proc::spawn(
        Command::new(env!("CARGO_BIN_EXE_ansage"))
            .arg("play")
            .args(args)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = proc::output_within(child, LIMIT, "ansage play");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    (stdout.lines().map(str::to_owned).collect(), stderr)
}

const GAME: [&str; 8] = [
    "--console",
    "--lang",
    "de",
    "--tc",
    "15+10",
    "--vi",
    "white",
    "--no-journal",
];

#[test]
fn console_a_made_move_takes_at_most_two_lines() {
    let dir = tmp("bound");
    let (lines, err) = play(&dir, &GAME, OPERA);
    assert!(err.is_empty(), "{err}");
    // No timestamps, no Braille, status or clock lines: only what is said.
    for line in &lines {
        assert!(
            !line.starts_with('@') && !line.contains("braille:") && !line.contains("clock "),
            "{line}"
        );
    }
    // The station starting, how the clock starts, ready, the clock running; then per ply:
    // the echo ("Eva vier?") of a blind player's move and the line of the made move; one
    // line for a sighted player's.
    // At the end, the word at `quit` (issue 22.8).
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Die Station wird beendet."),
        "{lines:#?}"
    );
    let lines = &lines[..lines.len() - 1];
    assert!(
        lines.len() <= 2 * OPERA_PLIES + 4,
        "{}: {lines:#?}",
        lines.len()
    );
    assert_eq!(lines[0], "Die Station startet.", "{lines:#?}");
    assert!(lines[1].starts_with("Die Uhr steht."), "{lines:#?}");
    assert_eq!(lines[2], "Bereit.", "{lines:#?}");
    assert_eq!(lines[3], "Die Uhr läuft. Weiß ist am Zug.", "{lines:#?}");
    assert_eq!(lines[4], "Eva vier?", "{lines:#?}");
    assert_eq!(lines[5], "Eva vier. Zug 1.", "{lines:#?}");
    assert_eq!(lines[6], "Eva fünf. Zug 2.", "{lines:#?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Turm David acht matt. Schachmatt. Weiß gewinnt."),
        "{lines:#?}"
    );
    // Nothing twice in a line.
    for line in lines {
        let parts: Vec<&str> = line.split(". ").collect();
        for (i, part) in parts.iter().enumerate() {
            assert!(!parts[i + 1..].contains(part), "{line}");
        }
    }
}

/// In every language a made move's line names the move once, whatever the case of its
/// words: the made record's phrase ("knight f3") and its announcement ("Knight f3.") are
/// the same words, printed once as a sentence.
#[test]
fn console_a_made_move_is_named_once_in_every_language() {
    let cases = [
        ("de", "ja", "Springer Felix drei. Zug 2."),
        ("es", "si", "Caballo efe tres. Jugada 2."),
        ("en", "yes", "Knight f3. Move 2."),
    ];
    for (lang, yes, want) in cases {
        let dir = tmp(&format!("once-{lang}"));
        let args = [
            "--console",
            "--lang",
            lang,
            "--tc",
            "15+10",
            "--vi",
            "white",
            "--no-journal",
        ];
        let input = format!("arbiter key start\ne4\n{yes}\ne5\nNf3\n{yes}\nquit\n");
        let (lines, err) = play(&dir, &args, &input);
        assert!(err.is_empty(), "{err}");
        assert!(lines.iter().any(|l| l == want), "{lang}: {lines:#?}");
        for line in &lines {
            let lower = line.to_lowercase();
            let parts: Vec<&str> = lower.split(". ").map(|p| p.trim_end_matches('.')).collect();
            for (i, part) in parts.iter().enumerate() {
                assert!(!parts[i + 1..].contains(part), "{lang}: {line}");
            }
        }
    }
}

#[test]
fn console_transcript_keeps_the_contract() {
    let dir = tmp("transcript");
    let mut args = GAME.to_vec();
    args.push("--transcript");
    let (lines, _) = play(&dir, &args, OPERA);
    assert!(lines.iter().all(|l| l.starts_with('@')), "{lines:#?}");
    let made = lines.iter().filter(|l| l.contains(" made ")).count();
    assert_eq!(made, OPERA_PLIES);
    // What the default spares a screen reader: 5 and more lines for each made move.
    assert!(lines.len() >= 5 * OPERA_PLIES, "{}", lines.len());
    // The start, "Bereit", the display's last word (how the clock starts), then the clock.
    let ready = lines.iter().position(|l| l.ends_with(" say:all Bereit."));
    let start = lines
        .iter()
        .position(|l| l.ends_with(" clock arbiter start"));
    assert!(ready.is_some() && start > ready, "{lines:#?}");
    assert!(start.is_some_and(|i| i <= 8), "{lines:#?}");
    assert!(lines.iter().any(|l| l.ends_with(" braille:black Td8#")));
    args.push("--no-braille");
    let (lines, _) = play(&dir, &args, OPERA);
    // The Braille lines to the listeners go; the status line is the clock's.
    for who in ["white", "black", "all"] {
        let braille = format!(" braille:{who} ");
        assert!(!lines.iter().any(|l| l.contains(&braille)), "{lines:#?}");
    }
    assert!(lines.iter().any(|l| l.contains(" braille:status ")));
}

#[test]
fn console_resume_restores_quietly_and_the_transcript_lists_the_moves() {
    let dir = tmp("resume");
    let journal = dir.join("game").join("journal.txt");
    std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
    let journal = journal.to_str().unwrap();
    let first = "arbiter key start\ne4\nja\ne5\nquit\n";
    let args = [
        "--console",
        "--lang",
        "de",
        "--vi",
        "white",
        "--journal",
        journal,
    ];
    let (_, err) = play(&dir, &args, first);
    // The records, where they went, in German.
    let game = Path::new(journal).parent().unwrap();
    let pgn = format!("Partie als PGN: {}", game.join("game.pgn").display());
    let brf = format!(
        "Partieformular in Blindenschrift (BRF): {}",
        game.join("game.brf").display()
    );
    assert!(err.lines().any(|l| l == pgn), "{err}");
    assert!(err.lines().any(|l| l == brf), "{err}");
    let resume = ["--console", "--resume", journal];
    let (lines, _) = play(&dir, &resume, "quit\n");
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("restored") || l.starts_with('@')),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("Fortgesetzt bei Zug")),
        "the resume is said: {lines:#?}"
    );
    let (lines, _) = play(&dir, &[&resume[..], &["--transcript"]].concat(), "quit\n");
    let restored: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("restored @"))
        .collect();
    assert_eq!(restored.len(), 2, "{lines:#?}");
    assert!(restored[0].contains(" made 1. e4"), "{restored:?}");
}

#[test]
fn console_takes_the_script_verbs_and_answers_in_the_language() {
    let dir = tmp("verbs");
    let input = "arbiter key start\nwhite move e2e4\nja\nblack move e7e5\nmove e9e4\nquit\n";
    let (lines, err) = play(&dir, &GAME, input);
    // A pick on the board is answered as the same move typed: echoed, confirmed, made.
    assert_eq!(
        lines[4..],
        [
            "Eva vier?",
            "Eva vier. Zug 1.",
            "Eva fünf. Zug 2.",
            "Die Station wird beendet."
        ],
        "{lines:#?}"
    );
    assert_eq!(err.trim(), "Zeile nicht verstanden: move e9e4", "{err}");
}

#[test]
fn console_show_said_and_quiet() {
    let dir = tmp("show");
    let (default, _) = play(&dir, &GAME, OPERA);
    // Without a voice, what the voice does not say is everything said.
    let said = [&GAME[..], &["--show", "said"]].concat();
    assert_eq!(play(&dir, &said, OPERA).0, default);
    let quiet = [&GAME[..], &["--show", "quiet"]].concat();
    let (lines, err) = play(&dir, &quiet, OPERA);
    assert!(lines.is_empty() && err.is_empty(), "{lines:#?} {err}");
}
