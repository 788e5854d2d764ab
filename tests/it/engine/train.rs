//! `ansage train` as a process (issue 34.1, 34.6): the blind player typing on the console,
//! the scripted fake engine (`support::fake_engine`) as the opponent: its moves announced
//! and journaled, every failure of the engine said and mended, a game resumed after
//! kill -9 with the engine given the position again; no engine installed said with its
//! package.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use ansage::testkit::station::{StationProcess, isolate};

use crate::support::fake_engine::{fake_engine, received, starts};
use crate::support::load;

/// How long any one thing the station must do may take (a loaded 2-core machine).
pub(super) const LIMIT: Duration = Duration::from_secs(30);

/// `ansage train` read as it runs: its transcript on stdout, the player typing on stdin
/// (the test kit's station process).
pub(super) struct Station {
    process: StationProcess,
    _busy: load::Busy,
}

impl Station {
    /// Starts `ansage train ARGS` in English at the console (a resumed game in its
    /// journal's language and settings), the settings and files in `dir`, the engine at
    /// `engine`.
    pub(super) fn start(dir: &Path, engine: &Path, args: &[&str]) -> Station {
        let busy = load::busy();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
        cmd.args(["train", "--console", "--transcript", "--no-braille"]);
        if !args.contains(&"--resume") {
            cmd.args(["--lang", "en", "--set", "reminders=off"]);
        }
        cmd.arg("--set")
            .arg(format!("engine.path={}", engine.display()))
            .args(args)
            .env("RUST_LOG", "info");
        isolate(&mut cmd, dir).env("XDG_RUNTIME_DIR", dir.join("run"));
        Station {
            process: StationProcess::spawn(&mut cmd).unwrap_or_else(|e| panic!("{e}")),
            _busy: busy,
        }
    }

    /// Types `line` on the console.
    #[track_caller]
    pub(super) fn send(&mut self, line: &str) {
        self.process.send(line).unwrap_or_else(|e| panic!("{e}"));
    }

    /// Waits (up to [`LIMIT`]) for a line after the last one waited for that contains
    /// `needle`; returns it.
    #[track_caller]
    pub(super) fn wait_for(&mut self, needle: &str) -> String {
        self.process
            .wait_for(needle, LIMIT)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The player's move: typed, echoed, confirmed, made.
    #[track_caller]
    fn play(&mut self, typed: &str, echo: &str) {
        self.send(typed);
        self.wait_for(echo);
        self.send("yes");
        self.wait_for("made ");
    }

    /// Ends the input, waits for the process; its transcript and its stderr.
    #[track_caller]
    pub(super) fn finish(&mut self) -> (Vec<String>, String) {
        self.process.close_input();
        if let Err(e) = self.process.wait_exit(LIMIT) {
            panic!("ansage train: {e}");
        }
        (self.process.stdout(), self.process.stderr())
    }

    /// Kills the station at once (kill -9).
    #[track_caller]
    fn kill(mut self) {
        if let Err(e) = self.process.kill() {
            panic!("ansage train, killed: {e}");
        }
    }
}

/// A temporary folder with the fake engine playing `plan` in `engine/`.
fn setup(plan: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let engine_dir = dir.path().join("engine");
    std::fs::create_dir(&engine_dir).unwrap();
    let engine = fake_engine(&engine_dir, plan);
    (dir, engine)
}

/// Counts the lines that contain `needle`.
fn count(lines: &[String], needle: &str) -> usize {
    lines.iter().filter(|l| l.contains(needle)).count()
}

/// A game against the engine: it is asked once per move, its moves announced to the
/// player in words and made; the player's moves go through echo and confirmation; the
/// engine is given the whole game each time; the PGN holds the game.
#[test]
fn the_engine_answers_each_move_and_is_announced() {
    let (dir, engine) = setup(&["e7e5", "b8c6"]);
    let pgn = dir.path().join("game.pgn");
    let mut station = Station::start(
        dir.path(),
        &engine,
        &[
            "--level",
            "3",
            "--no-journal",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    station.wait_for("Training against the engine, level 3. You play White.");
    station.play("e4", "e4?");
    station.wait_for("engine play 1 level 3 after e2e4");
    station.wait_for("say:white e5.");
    station.play("Nf3", "Knight f3?");
    station.wait_for("say:white Knight c6.");
    station.send("level 7");
    station.wait_for("Level 7.");
    station.play("Bc4", "Bishop c4?");
    station.wait_for("engine play 3 level 7 after e2e4 e7e5 g1f3 b8c6 f1c4");
    let (out, _) = station.finish();
    assert_eq!(count(&out, "say:white e5."), 1, "{out:#?}");
    let sent = received(&dir.path().join("engine"));
    assert!(
        sent.contains(&"position startpos moves e2e4 e7e5 g1f3".to_owned())
            || sent.iter().any(|l| l.ends_with("moves e2e4 e7e5 g1f3")),
        "{sent:#?}"
    );
    let pgn = std::fs::read_to_string(&pgn).unwrap();
    assert!(pgn.contains("1. e4") && pgn.contains("Nc6"), "{pgn}");
    assert!(pgn.contains("[Event \"Training\"]"), "{pgn}");
}

/// The engine playing White opens the game at once; the player plays Black.
#[test]
fn the_engine_opens_when_the_player_is_black() {
    let (dir, engine) = setup(&["d2d4"]);
    let mut station = Station::start(dir.path(), &engine, &["--colour", "black", "--no-journal"]);
    station.wait_for("You play Black.");
    station.wait_for("say:black d4.");
    station.send("white e4");
    station.play("d5", "d5?");
    let (out, _) = station.finish();
    assert!(count(&out, "made ") >= 2, "{out:#?}");
}

/// A crash mid-game is said, the engine restarted with the whole position, and the game
/// goes on; nonsense (garbage lines, then an illegal best move) likewise.
#[test]
fn a_crash_and_nonsense_are_said_and_the_game_goes_on() {
    let (dir, engine) = setup(&["e7e5", "crash", "b8c6", "illegal e1e8", "g8f6"]);
    let mut station = Station::start(dir.path(), &engine, &["--no-journal"]);
    station.play("e4", "e4?");
    station.wait_for("say:white e5.");
    station.play("Nf3", "Knight f3?");
    station.wait_for("The engine crashed and was started again. The game goes on.");
    station.wait_for("say:white Knight c6.");
    station.play("Bc4", "Bishop c4?");
    station.wait_for("The engine answered nonsense and was started again.");
    station.wait_for("say:white Knight f6.");
    let (_, err) = station.finish();
    assert!(starts(&dir.path().join("engine")) >= 3, "{err}");
}

/// An engine that does not answer in time is stopped, restarted and said.
#[test]
fn a_hang_is_stopped_restarted_and_said() {
    let (dir, engine) = setup(&["hang", "e7e5"]);
    let mut station = Station::start(
        dir.path(),
        &engine,
        &["--no-journal", "--set", "engine.timeout_ms=1000"],
    );
    station.play("e4", "e4?");
    station.wait_for("The engine did not answer in time and was started again.");
    station.wait_for("say:white e5.");
    station.finish();
}

/// No engine at all: the station does not start, and says which package to install.
#[test]
fn no_engine_names_the_package() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-engine");
    let mut station = Station::start(dir.path(), &missing, &["--no-journal"]);
    let (_, err) = station.finish();
    assert!(err.contains("stockfish"), "{err}");
}

/// Killed (kill -9) while the engine thinks: resumed from the journal, the engine is
/// given the whole position again and its move is made; nothing of the game is lost.
#[test]
fn killed_while_the_engine_thinks_the_game_resumes() {
    let (dir, engine) = setup(&["e7e5", "hang"]);
    let journal = dir.path().join("journal.txt");
    let journal_arg = journal.to_str().unwrap().to_owned();
    let mut station = Station::start(
        dir.path(),
        &engine,
        &[
            "--journal",
            &journal_arg,
            "--set",
            "engine.timeout_ms=60000",
        ],
    );
    station.play("e4", "e4?");
    station.wait_for("say:white e5.");
    station.play("Nf3", "Knight f3?");
    station.wait_for("engine play 2");
    station.kill();
    let engine_dir = dir.path().join("engine");
    std::fs::write(engine_dir.join("plan"), "b8c6\n").unwrap();
    std::fs::remove_file(engine_dir.join("count")).unwrap();
    let mut station = Station::start(dir.path(), &engine, &["--resume", &journal_arg]);
    station.wait_for("say:white Knight c6.");
    station.play("Bc4", "Bishop c4?");
    let (out, err) = station.finish();
    let sent = received(&engine_dir);
    assert!(
        sent.iter().any(|l| l.ends_with("moves e2e4 e7e5 g1f3")),
        "{sent:#?}\n{out:#?}\n{err}"
    );
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(text.contains("black engine move 1 e7e5"), "{text}");
    assert!(text.contains("black engine move 2 b8c6"), "{text}");
}

/// The trainer's help (issue 34.2) against the fake engine, whose plan serves the
/// opponent and the analyst in turn: "undo" takes back the move and the engine's answer,
/// "hint" asks the analyst and names the piece, "warnings on" checks a confirmed move
/// before it is made (it loses little: made), "undo" again; killed (kill -9) after the
/// takeback, the game resumes at the start, and the PGN still holds every use.
#[test]
fn takeback_hint_and_warning_survive_a_kill() {
    // The opponent's e5, the hint's e4, the warning's two checks, the opponent's e5.
    let (dir, engine) = setup(&["e7e5", "e2e4", "e2e4", "e7e5", "e7e5", "d7d5"]);
    let journal = dir.path().join("journal.txt");
    let journal_arg = journal.to_str().unwrap().to_owned();
    let mut station = Station::start(dir.path(), &engine, &["--journal", &journal_arg]);
    station.play("e4", "e4?");
    station.wait_for("say:white e5.");
    station.send("undo");
    station.wait_for("All moves taken back. White to move.");
    station.send("hint");
    station.wait_for("Hint: pawn on e2.");
    station.send("warnings on");
    station.wait_for("Warnings on");
    station.send("f3");
    station.wait_for("f3?");
    station.send("yes");
    station.wait_for("the station checks the move");
    station.wait_for("made 1. f3");
    station.wait_for("say:white e5.");
    station.send("undo");
    station.wait_for("All moves taken back. White to move.");
    station.kill();
    // Resumed, warnings are still on: d4's two checks, then the opponent's d5.
    let engine_dir = dir.path().join("engine");
    std::fs::write(engine_dir.join("plan"), "d2d4\nd7d5\nd7d5\n").unwrap();
    std::fs::remove_file(engine_dir.join("count")).unwrap();
    let pgn = dir.path().join("resumed.pgn");
    let mut station = Station::start(
        dir.path(),
        &engine,
        &["--resume", &journal_arg, "--pgn", pgn.to_str().unwrap()],
    );
    station.send("d4");
    station.wait_for("d4?");
    station.send("yes");
    station.wait_for("the station checks the move");
    station.wait_for("made 1. d4");
    station.wait_for("say:white d5.");
    let (out, err) = station.finish();
    assert_eq!(count(&out, "could not be checked"), 0, "{out:#?}\n{err}");
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    let flat = text.replace('\n', " ");
    for comment in [
        "{ Taken back: 1. e4 e5 }",
        "{ Hint }",
        "{ Taken back: 1. f3 e5 }",
    ] {
        assert!(
            flat.contains(comment),
            "{comment} not in\n{text}\n{out:#?}\n{err}"
        );
    }
    assert!(flat.contains("1. d4"), "{text}");
    let journal = std::fs::read_to_string(&journal).unwrap();
    assert!(journal.contains("analysis found"), "{journal}");
}

/// Issue 34.3 after a training game: "review game" at its end goes through it ("forward",
/// "back"); killed (kill -9) while going through, the resume says so and goes on at the
/// point reached, where "back" and "forward" go on working; the game's end is kept.
#[test]
fn a_review_killed_resumes_at_its_point() {
    let (dir, engine) = setup(&["e7e5"]);
    let journal = dir.path().join("journal.txt");
    let journal_arg = journal.to_str().unwrap().to_owned();
    let mut station = Station::start(dir.path(), &engine, &["--journal", &journal_arg]);
    station.play("e4", "e4?");
    station.wait_for("say:white e5.");
    station.send("i resign");
    station.send("yes");
    station.wait_for("result 0-1 resignation");
    station.send("review game");
    station.wait_for("say:white Review: 1 move.");
    station.send("forward");
    station.wait_for("say:white Move 1, White: e4.");
    station.send("forward");
    station.wait_for("say:white Move 1, Black: e5.");
    station.send("back");
    station.wait_for("say:white Move 1, White: e4.");
    station.kill();
    let mut station = Station::start(dir.path(), &engine, &["--resume", &journal_arg]);
    station.wait_for("The game is over.");
    station.wait_for("You were going through the game; it goes on at the same point.");
    station.wait_for("Move 1, White: e4.");
    station.send("forward");
    station.wait_for("say:white Move 1, Black: e5.");
    station.send("forward");
    station.wait_for("say:white That was the last move. Black wins.");
    station.send("beginning");
    station.wait_for("say:white Starting position, White to move.");
    let (out, err) = station.finish();
    assert!(
        !out.iter().any(|l| l.contains("engine play")),
        "the engine asked after the end: {out:#?}\n{err}"
    );
    let text = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(text.matches("black engine move").count(), 1, "{text}");
}
