//! `ansage-bench online`: online play's own delays (issue 24: against the fake server on
//! loopback, p95 ≤ 20 ms each), through the real station and a fake lichess
//! (the test kit's, [`ansage::testkit::lichess`], the one the online tests play against)
//! on 127.0.0.1:
//!
//! - **The opponent's move**: T0, the instant just before the benchmark hands the
//!   opponent's move to the fake, which sends its `gameState` line (one HTTP chunk) on
//!   the game's stream; T1, the
//!   instant the station's `say:white …` line of that move's announcement is read from its
//!   standard output (checked to be the move's words, after its `made` line).
//! - **Our move**: T0, the instant just before the blind player's confirmation ("ja")
//!   is written to the station's standard input, after the move's echo; T1, the instant
//!   the fake's handler has the move's `POST /api/board/game/{id}/move/{uci}` (the
//!   request's stamp, [`ansage::testkit::lichess::Request::at`]; checked to be the move).
//!
//! The station is the real `ansage` (`ansage online --game ID --console --transcript
//! --no-braille`, German, its own XDG folders, its journal synced as always), found beside
//! `ansage-bench` or named by `--ansage PATH`; it must be built with the feature `online`.
//! The blind player plays White, typing UCI lines; the games are those of
//! `tests/data/games.pgn` (or `--games`), one station each, every move but a game's last
//! two, until `--moves` of each kind (200) were timed.
//!
//! **Why the standard output stands for "handed to speech"**: as for `eboard`, the main
//! loop hands each step's outputs to its sinks in one call, the console's first and the
//! speech sink's after it; the console writes and flushes the line in that call. With
//! `--console` no speech device is opened, so the line marks the instant the announcement
//! would be handed to speech, plus the pipe's wake-up of this process.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use ansage::core::lang::Language;
use ansage::core::words::vocabulary;

use crate::eboard::{games, san};
use crate::process::{self, Console as _, StationProcess};
use crate::stats::{pct, summary};
use ansage::testkit::lichess::{FakeLichess, Request, TOKEN};

/// The goal for both delays, p95.
pub const TARGET_MS: f64 = 20.0;
/// The longest wait for anything.
const PATIENCE: Duration = Duration::from_secs(20);
/// Between one step and the next (a player's pace is seconds): one step's work stays out
/// of the next one's figure.
const PAUSE: Duration = Duration::from_millis(60);
/// The shortest game played (its last two moves are left out).
const SHORTEST: usize = 20;

/// The figures, milliseconds, sorted.
#[derive(Debug, Clone, Default)]
pub struct OnlineFigures {
    /// The opponent's line written to its announcement's line.
    pub announce_ms: Vec<f64>,
    /// Our confirmation written to the move's POST at the fake.
    pub post_ms: Vec<f64>,
    /// Games played.
    pub games: usize,
}

impl fmt::Display for OnlineFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "online against a fake lichess on 127.0.0.1, {} games:",
            self.games
        )?;
        let verdict = |v: &[f64]| {
            if pct(v, 0.95) <= TARGET_MS {
                "met"
            } else {
                "MISSED"
            }
        };
        summary(
            f,
            "opponent's gameState written to its announcement (say:white)",
            &self.announce_ms,
            &[0.5, 0.95],
            2,
        )?;
        let met = verdict(&self.announce_ms);
        writeln!(f, "  target p95 <= {TARGET_MS:.0} ms: {met}")?;
        summary(
            f,
            "confirmation (ja) written to the move's POST at the server",
            &self.post_ms,
            &[0.5, 0.95],
            2,
        )?;
        let met = verdict(&self.post_ms);
        writeln!(f, "  target p95 <= {TARGET_MS:.0} ms: {met}")
    }
}

/// The station playing the fake's game, its lines with the instant each was read.
pub(crate) struct Station(StationProcess);

impl Station {
    pub(crate) fn start(ansage: &Path, server: &str, game: &str, dir: &Path) -> Result<Station> {
        let mut command = Command::new(ansage);
        command
            .args(["online", "--game", game, "--console", "--transcript"])
            .args(["--no-braille", "--lang", "de", "--set", "reminders=off"])
            .arg("--set")
            .arg(format!("online.server={server}"))
            .env("ANSAGE_LICHESS_TOKEN", TOKEN);
        Ok(Station(process::spawn(&mut command, ansage, dir)?))
    }

    pub(crate) fn type_line(&mut self, line: &str) -> Result<Instant> {
        self.0.type_line(line)
    }

    /// The lines printed so far, passed over.
    pub(crate) fn drain(&mut self) {
        self.0.skip_seen();
    }

    pub(crate) fn wait_for(
        &mut self,
        what: &str,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<(Instant, String)> {
        self.0.wait_stdout(what, PATIENCE, wanted)
    }

    /// Waits up to `patience` for a line that `wanted`.
    pub(crate) fn wait_long(
        &mut self,
        what: &str,
        patience: Duration,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<(Instant, String)> {
        self.0.wait_stdout(what, patience, wanted)
    }
}

/// The blind player's move: typed, echoed, confirmed; the confirmation to the POST.
fn our_move(station: &mut Station, fake: &FakeLichess, pos: &Chess, mv: Move) -> Result<f64> {
    let suffix = format!("/move/{}", UciMove::from_move(mv, CastlingMode::Standard));
    let uci = UciMove::from_move(mv, CastlingMode::Standard).to_string();
    let said = vocabulary(Language::De).announce(pos, mv).to_lowercase();
    station.drain();
    station.type_line(&uci)?;
    let (_, echo) = station.wait_for("the echo", |l| l.contains(" say:white "))?;
    if !echo.to_lowercase().contains(&said) {
        bail!("the station echoed {echo:?}, not {said:?}");
    }
    std::thread::sleep(PAUSE);
    let t0 = station.type_line("ja")?;
    // The fake takes the move and shows it on the game's stream, as lichess does.
    let posted = posted_since(fake, t0, &format!("the POST of {uci}"))?;
    if !path_of(&posted).ends_with(&suffix) {
        bail!("the station sent {}, not {uci}", posted.path);
    }
    // The server shows the move on the game's stream: the station says it made.
    let made = format!(". {}", san(pos, mv));
    station.wait_for("our move made", |l| {
        l.contains(" made ") && l.contains(&made)
    })?;
    std::thread::sleep(PAUSE);
    Ok((posted.at - t0).as_secs_f64() * 1e3)
}

/// A request's path without its query (`…/move/e2e4?offeringDraw=false`).
pub(crate) fn path_of(request: &Request) -> &str {
    request.path.split('?').next().unwrap_or_default()
}

/// The first move the station POSTs after `t0`.
fn posted_since(fake: &FakeLichess, t0: Instant, what: &str) -> Result<Request> {
    let until = Instant::now() + PATIENCE;
    loop {
        let posts = fake.requests();
        if let Some(post) = posts
            .into_iter()
            .find(|r| r.at >= t0 && r.method == "POST" && r.path.contains("/move/"))
        {
            return Ok(post);
        }
        if Instant::now() > until {
            bail!("no {what} within {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The opponent's move: pushed on the stream, to its announcement's line.
fn their_move(
    station: &mut Station,
    (fake, id): (&FakeLichess, &str),
    pos: &Chess,
    mv: Move,
) -> Result<f64> {
    let uci = UciMove::from_move(mv, CastlingMode::Standard).to_string();
    let said = vocabulary(Language::De).announce(pos, mv).to_lowercase();
    let made = format!("... {}", san(pos, mv));
    station.drain();
    let t0 = Instant::now();
    fake.opponent_plays(id, &uci);
    let (_, line) = station.wait_for("the opponent's move made", |l| l.contains(" made "))?;
    if !line.contains(&made) {
        bail!("the station made {line:?}, not {made}");
    }
    let (t1, line) = station.wait_for("the announcement", |l| l.contains(" say:white "))?;
    if !line.to_lowercase().contains(&said) {
        bail!("the station announced {line:?}, not {said:?}");
    }
    std::thread::sleep(PAUSE);
    Ok((t1 - t0).as_secs_f64() * 1e3)
}

/// One game on a new station and a new fake: its moves but the last two, at most `left`
/// of each kind timed.
fn play_game(
    ansage: &Path,
    game: &[(Chess, Move)],
    left: usize,
    dir: &Path,
) -> Result<(Vec<f64>, Vec<f64>)> {
    let (fake, id) = fake_game();
    let mut station = Station::start(ansage, &fake.url(), &id, dir)?;
    station.wait_for("the game's start", |l| {
        l.contains("Online-Partie gegen Salma")
    })?;
    // `ansage online` reads the game's first line, then its actor opens the stream again.
    fake.wait_requests("the game's stream opened twice", 2, |r| {
        r.method == "GET" && r.path.starts_with("/api/board/game/stream/")
    });
    let (mut announce, mut post) = (Vec::new(), Vec::new());
    for (pos, mv) in &game[..game.len().saturating_sub(2)] {
        if pos.turn() == Color::White {
            if post.len() == left {
                break;
            }
            post.push(our_move(&mut station, &fake, pos, *mv)?);
        } else if announce.len() < left {
            announce.push(their_move(&mut station, (&fake, &id), pos, *mv)?);
        } else {
            let uci = UciMove::from_move(*mv, CastlingMode::Standard).to_string();
            fake.opponent_plays(&id, &uci);
            station.wait_for("the opponent's move made", |l| l.contains(" made "))?;
        }
    }
    drop(station);
    Ok((announce, post))
}

/// The fake lichess with a new game of its account `ana` (White) against `Salma`, 90
/// minutes each: the fake and the game's id.
pub(crate) fn fake_game() -> (FakeLichess, String) {
    let fake = FakeLichess::start("ana");
    let id = fake.start_game(Color::White, "Salma", 90 * 60, 0);
    (fake, id)
}

/// Plays games of `pgn` until `moves` of each kind were timed.
pub fn run(ansage: &Path, pgn: &str, moves: usize) -> Result<OnlineFigures> {
    let dir = std::env::temp_dir().join(format!("ansage-bench-online-{}", std::process::id()));
    let mut figures = OnlineFigures::default();
    for game in games(pgn)?.iter().filter(|g| g.len() >= SHORTEST) {
        let left = moves - figures.announce_ms.len().min(figures.post_ms.len());
        if left == 0 {
            break;
        }
        let folder: PathBuf = dir.join(figures.games.to_string());
        let (announce, post) = play_game(ansage, game, left, &folder)?;
        figures.games += 1;
        let room = |have: usize| moves - have;
        let take = room(figures.announce_ms.len()).min(announce.len());
        figures.announce_ms.extend(&announce[..take]);
        let take = room(figures.post_ms.len()).min(post.len());
        figures.post_ms.extend(&post[..take]);
    }
    let _ = std::fs::remove_dir_all(&dir);
    figures.announce_ms.sort_by(f64::total_cmp);
    figures.post_ms.sort_by(f64::total_cmp);
    Ok(figures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_says_whether_each_target_is_met() {
        let figures = OnlineFigures {
            announce_ms: vec![1.0, 2.0],
            post_ms: vec![3.0, 25.0],
            games: 1,
        };
        let text = figures.to_string();
        assert!(
            text.contains("n 2, p50 2.00 ms, p95 2.00 ms, max 2.00 ms"),
            "{text}"
        );
        assert_eq!(text.matches(": met").count(), 1, "{text}");
        assert_eq!(text.matches(": MISSED").count(), 1, "{text}");
    }
}
