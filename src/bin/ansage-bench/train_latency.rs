//! `train`'s delay (issue 34.1): the engine's move ready until its announcement is handed
//! to speech, p95 ≤ 20 ms, through the real `ansage train` (`--console --transcript
//! --no-braille`, German, its journal synced as always) and a fake engine.
//!
//! The fake engine is a small shell program speaking UCI whose every `go` waits on a named
//! pipe for the move to answer: T0 is the instant just before the benchmark writes that
//! move into the pipe (the engine's move is ready), T1 the instant the station's
//! `say:white …` line of the move's announcement is read from its standard output (checked
//! to be the move's words, after its `made` line). So the figure holds the engine's
//! `bestmove` line through its pipe, the engine actor (read, checked, sent into the one
//! channel), the journal's fdatasync, the session and the console's line; as for `online`,
//! the console's line stands for the hand-over to speech (the main loop hands each step's
//! outputs to the console first and to speech in the same call).
//!
//! The blind player plays White, typing UCI lines and "ja"; the engine plays Black the
//! moves of `tests/data/games.pgn` (or `--games`), one station a game, until `moves` moves
//! were timed.

use std::fmt;
use std::io::Write as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use ansage::core::lang::Language;
use ansage::core::words::vocabulary;

use crate::eboard::{games, san};
use crate::process::{self, Console as _, StationProcess};
use crate::stats::{pct, summary};

/// The issue's goal, p95.
pub const TARGET_MS: f64 = 20.0;
/// The longest wait for anything.
const PATIENCE: Duration = Duration::from_secs(20);
/// Between one step and the next (a player's pace is seconds).
const PAUSE: Duration = Duration::from_millis(60);
/// The shortest game played.
const SHORTEST: usize = 20;

/// The fake engine: its answer to each `go` is the line written into `release`.
const ENGINE: &str = r#"#!/bin/bash
dir=$(dirname "$0")
while IFS= read -r line; do
    case "$line" in
    uci) echo "id name Benchfish"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) read -r mv < "$dir/release"; echo "bestmove $mv" ;;
    quit) exit 0 ;;
    esac
done
"#;

/// The figures, milliseconds, sorted.
#[derive(Debug, Clone, Default)]
pub struct TrainFigures {
    /// The engine's move written to its announcement's line.
    pub announce_ms: Vec<f64>,
    /// Games played.
    pub games: usize,
}

impl fmt::Display for TrainFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "train against a fake engine, {} games:", self.games)?;
        summary(
            f,
            "engine's move ready (bestmove) to its announcement (say:white)",
            &self.announce_ms,
            &[0.5, 0.95],
            2,
        )?;
        let met = if pct(&self.announce_ms, 0.95) <= TARGET_MS {
            "met"
        } else {
            "MISSED"
        };
        writeln!(f, "  target p95 <= {TARGET_MS:.0} ms: {met}")
    }
}

/// The fake engine in `dir` and its pipe.
fn fake_engine(dir: &Path) -> Result<(PathBuf, PathBuf)> {
    std::fs::create_dir_all(dir)?;
    let engine = dir.join("benchfish");
    std::fs::write(&engine, ENGINE)?;
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755))?;
    let release = dir.join("release");
    let made = Command::new("mkfifo").arg(&release).status()?;
    if !made.success() {
        bail!("mkfifo {} failed", release.display());
    }
    Ok((engine, release))
}

/// The blind player's move: typed, echoed, confirmed; then the station asks the engine.
fn our_move(station: &mut StationProcess, pos: &Chess, mv: Move) -> Result<()> {
    let uci = UciMove::from_move(mv, CastlingMode::Standard).to_string();
    station.type_line(&uci)?;
    station.wait_stdout("the echo", PATIENCE, |l| l.contains(" say:white "))?;
    std::thread::sleep(PAUSE);
    station.type_line("ja")?;
    let made = format!(" {}", san(pos, mv));
    station.wait_stdout("our move made", PATIENCE, |l| {
        l.contains(" made ") && l.contains(&made)
    })?;
    station.wait_stdout("the engine asked", PATIENCE, |l| {
        l.contains(" engine play ")
    })?;
    Ok(())
}

/// The engine's move: written into its pipe (T0), to its announcement's line (T1).
fn engine_move(station: &mut StationProcess, release: &Path, pos: &Chess, mv: Move) -> Result<f64> {
    let uci = UciMove::from_move(mv, CastlingMode::Standard).to_string();
    let said = vocabulary(Language::De).announce(pos, mv).to_lowercase();
    let made = format!("... {}", san(pos, mv));
    // Opening the pipe waits for the engine's `go`: the move is then ready at once.
    let mut pipe = std::fs::OpenOptions::new()
        .write(true)
        .open(release)
        .context("the engine's pipe")?;
    station.skip_seen();
    let t0 = Instant::now();
    writeln!(pipe, "{uci}")?;
    drop(pipe);
    let (_, line) =
        station.wait_stdout("the engine's move made", PATIENCE, |l| l.contains(" made "))?;
    if !line.contains(&made) {
        bail!("the station made {line:?}, not {made}");
    }
    let (t1, line) =
        station.wait_stdout("the announcement", PATIENCE, |l| l.contains(" say:white "))?;
    if !line.to_lowercase().contains(&said) {
        bail!("the station announced {line:?}, not {said:?}");
    }
    std::thread::sleep(PAUSE);
    Ok((t1 - t0).as_secs_f64() * 1e3)
}

/// One game on a new station: at most `left` engine moves timed.
fn play_game(ansage: &Path, game: &[(Chess, Move)], left: usize, dir: &Path) -> Result<Vec<f64>> {
    let (engine, release) = fake_engine(&dir.join("engine"))?;
    let mut command = Command::new(ansage);
    command
        .args(["train", "--console", "--transcript", "--no-braille"])
        .args(["--lang", "de", "--set", "reminders=off", "--set"])
        .arg(format!("engine.path={}", engine.display()));
    let mut station = process::spawn(&mut command, ansage, dir)?;
    station.wait_stdout("the game's start", PATIENCE, |l| {
        l.contains("Training gegen die Engine")
    })?;
    let mut timed = Vec::new();
    for (pos, mv) in &game[..game.len().saturating_sub(2)] {
        if pos.turn() == Color::White {
            if timed.len() == left {
                break;
            }
            our_move(&mut station, pos, *mv)?;
        } else {
            timed.push(engine_move(&mut station, &release, pos, *mv)?);
        }
    }
    let _ = station.quit(Duration::from_secs(5));
    Ok(timed)
}

/// Plays games of `pgn` until `moves` engine moves were timed.
pub fn run(ansage: &Path, pgn: &str, moves: usize) -> Result<TrainFigures> {
    let dir = std::env::temp_dir().join(format!("ansage-bench-train-{}", std::process::id()));
    let mut figures = TrainFigures::default();
    for game in games(pgn)?.iter().filter(|g| g.len() >= SHORTEST) {
        let left = moves - figures.announce_ms.len();
        if left == 0 {
            break;
        }
        let folder = dir.join(figures.games.to_string());
        let timed = play_game(ansage, game, left, &folder)?;
        figures.games += 1;
        figures.announce_ms.extend(timed.into_iter().take(left));
    }
    let _ = std::fs::remove_dir_all(&dir);
    figures.announce_ms.sort_by(f64::total_cmp);
    Ok(figures)
}
