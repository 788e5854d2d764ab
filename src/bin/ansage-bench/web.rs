//! `ansage-bench web`: a made move until it is in the web page's document (issue 21:
//! p95 ≤ 100 ms over at least 50 moves), with 1 and with 50 connected pages, in the real
//! browser; and the station's own move path beside it, with no page, 1 and 50 pages open.
//!
//! The station is the real `ansage` (`ansage play --console --transcript --web
//! 127.0.0.1:PORT`, German, 90 minutes, Black visually impaired, its journal synced as
//! always), found beside `ansage-bench` or named by `--ansage PATH`. The moves are those of
//! the first game of `tests/data/games.pgn` (or `--games`) long enough, typed as UCI on its
//! standard input, one after the other: White's (`white type e2e4`) are made at once;
//! Black's (`black type e7e5`) are echoed to him and made by his confirmation (`black key
//! confirm`), as Appendix D has it.
//!
//! - **Send**: the wall-clock instant (`SystemTime`) just before the line that makes the
//!   move (White's move, Black's confirmation) is written to the station's standard input.
//! - **Made**: the instant its `made …` line is read from the station's standard output
//!   (the station's own move path: stdin, journal with fdatasync, session, console; the
//!   `journal` benchmark measures the same path in process).
//! - **Echo**: from just before Black's move is typed until the echo's `say:black …?`
//!   line is read (the station's echo path: stdin, journal, the words resolved, the echo
//!   handed to the console and speech).
//! - **Page**: inside the page, a `MutationObserver` on the page's last-move region
//!   (`#last-move`) stamps `performance.timeOrigin + performance.now()` (wall-clock
//!   milliseconds of the same host) when the move's words are put in the document.
//!
//! **The 50 pages.** One page is the real chromium page (Debian's `chromium` through
//! `chromedriver`, as the browser tests drive it), the one measured; the other 49 are
//! event streams this program opens itself (`GET /events`, read to the end like a page's
//! `EventSource`). Not 50 tabs or 50 iframes of one browser: a browser opens at most 6
//! HTTP/1.1 connections to one host (the station serves HTTP/1.1), so 44 of 50 streams in
//! one browser profile would wait in its queue instead of being connected, and 50 browser
//! profiles are 50 chromiums, more than the 2 cores of the machine can run beside the
//! station. For the station, 49 streams read by a program are 49 pages: it formats and
//! sends each state to each stream the same way.

use std::fmt;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use ansage::testkit::chromedriver::{Chromedriver, chromium_options};
use ansage::testkit::http::{EventStreams, free_port};
use anyhow::{Result, anyhow, bail};
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move};

use crate::process::{self, Console as _, StationProcess};
use crate::stats::{pct, summary};

/// The target for a made move to be in the page, p95.
pub const TARGET_MS: f64 = 100.0;
/// The pages of the second run.
pub const PAGES: usize = 50;
/// The longest wait for anything.
const PATIENCE: Duration = Duration::from_secs(20);
/// After a move is in the page (or made, without a page), before the next is typed: a
/// player's pace is seconds; this keeps one move's work out of the next one's figure.
const PAUSE: Duration = Duration::from_millis(60);

/// The figures of one run, milliseconds, sorted.
#[derive(Debug, Clone)]
pub struct WebFigures {
    /// Pages connected (0: the web server runs, no page).
    pub pages: usize,
    /// Send to the made line.
    pub made_ms: Vec<f64>,
    /// Black's typed move to its echo.
    pub echo_ms: Vec<f64>,
    /// Send to the move in the measured page's document (empty without a page).
    pub page_ms: Vec<f64>,
}

impl fmt::Display for WebFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} page{} connected, {} moves:",
            self.pages,
            if self.pages == 1 { "" } else { "s" },
            self.made_ms.len()
        )?;
        summary(
            f,
            "typed to made (the station's move path)",
            &self.made_ms,
            &[0.5, 0.95],
            1,
        )?;
        summary(
            f,
            "typed to echoed (the station's echo path)",
            &self.echo_ms,
            &[0.5, 0.95],
            1,
        )?;
        if !self.page_ms.is_empty() {
            summary(
                f,
                "typed to in the page's document",
                &self.page_ms,
                &[0.5, 0.95],
                1,
            )?;
            let p95 = pct(&self.page_ms, 0.95);
            writeln!(
                f,
                "  target p95 <= {TARGET_MS:.0} ms: {}",
                if p95 <= TARGET_MS { "met" } else { "MISSED" }
            )?;
        }
        Ok(())
    }
}

/// The runs side by side, a line each: the pages open, then p50 / p95 of the station's
/// move path (journal), its echo path and the move into the page.
pub fn side_by_side(runs: &[WebFigures]) -> String {
    let pair = |v: &[f64]| {
        if v.is_empty() {
            "-".to_owned()
        } else {
            format!("{:.1} / {:.1} ms", pct(v, 0.5), pct(v, 0.95))
        }
    };
    let mut text = String::from("side by side (p50 / p95): pages | made | echo | in the page\n");
    for run in runs {
        text.push_str(&format!(
            "  {} | {} | {} | {}\n",
            run.pages,
            pair(&run.made_ms),
            pair(&run.echo_ms),
            pair(&run.page_ms)
        ));
    }
    text
}

/// Milliseconds since the Unix epoch, now (the page's clock is the same host's).
fn wall_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1e3)
        .unwrap_or(f64::NAN)
}

/// The running station, its lines with the instant each was read, and its web server's
/// address.
struct Station {
    process: StationProcess,
    addr: SocketAddr,
}

impl Station {
    fn start(ansage: &Path, dir: &Path) -> Result<Station> {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, free_port()?));
        let mut command = Command::new(ansage);
        command
            .args([
                "play",
                "--console",
                "--transcript",
                "--no-braille",
                "--lang",
                "de",
            ])
            .args(["--tc", "90", "--vi", "black", "--set", "reminders=off"])
            .arg("--journal")
            .arg(dir.join("journal.txt"))
            .arg("--web")
            .arg(addr.to_string());
        let mut process = process::spawn(&mut command, ansage, dir)?;
        process.wait_listening(addr, PATIENCE)?;
        Ok(Station { process, addr })
    }

    fn type_line(&mut self, line: &str) -> Result<()> {
        self.process.type_line(line)?;
        Ok(())
    }

    /// The first line that `wanted` accepts, and when it was read.
    fn wait_for(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> Result<(Instant, String)> {
        self.process.wait_stdout(what, PATIENCE, wanted)
    }
}

/// The page's stamps: each change of `#last-move` pushes the wall-clock instant and the
/// region's text then.
const OBSERVE: &str = "window.__stamps = []; \
    const target = document.getElementById('last-move'); \
    if (!target) return false; \
    new MutationObserver(() => { \
      window.__stamps.push({t: performance.timeOrigin + performance.now(), \
        text: target.textContent}); \
      if (window.__onStamp && window.__onStamp()) window.__onStamp = null; \
    }).observe(target, {childList: true, characterData: true, subtree: true}); \
    return true;";

/// Calls back with the `arguments[0]`-th stamp once there is one.
const STAMP: &str = "const n = arguments[0], done = arguments[arguments.length - 1]; \
    const check = () => { if (window.__stamps.length >= n) { done(window.__stamps[n - 1]); \
      return true; } return false; }; \
    if (!check()) window.__onStamp = check;";

/// The measured page in chromium.
struct Browser {
    rt: tokio::runtime::Runtime,
    client: Client,
    _driver: Chromedriver,
    _profile: PathBuf,
}

impl Browser {
    fn open(url: &str, dir: &Path) -> Result<Browser> {
        let driver = Chromedriver::start(PATIENCE)?;
        let profile = dir.join("profile");
        std::fs::create_dir_all(&profile)?;
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()?;
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            chromium_options(&profile, (820, 1180), &[]),
        );
        let client = rt.block_on(async {
            let mut builder = ClientBuilder::rustls()?;
            builder.capabilities(caps);
            let client = builder.connect(driver.url()).await?;
            client.goto(url).await?;
            // The page shows its first state.
            let until = Instant::now() + PATIENCE;
            loop {
                let seq = client
                    .execute(
                        "return /^[0-9]+$/.test(document.querySelector('main').dataset.seq);",
                        vec![],
                    )
                    .await?;
                if seq == Value::Bool(true) {
                    break;
                }
                if Instant::now() > until {
                    bail!("the page showed no state");
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            if client.execute(OBSERVE, vec![]).await? != Value::Bool(true) {
                bail!("the page has no #last-move to observe");
            }
            Ok::<_, anyhow::Error>(client)
        })?;
        Ok(Browser {
            rt,
            client,
            _driver: driver,
            _profile: profile,
        })
    }

    /// The wall-clock instant of the `n`-th change of the last move in the page, and the
    /// text it changed to.
    fn stamp(&self, n: usize) -> Result<(f64, String)> {
        let value = self.rt.block_on(async {
            tokio::time::timeout(PATIENCE, self.client.execute_async(STAMP, vec![json!(n)])).await
        });
        match value {
            Ok(Ok(v)) => match (v["t"].as_f64(), v["text"].as_str()) {
                (Some(t), Some(text)) => Ok((t, text.to_owned())),
                _ => Err(anyhow!("a stamp: {v}")),
            },
            Ok(Err(e)) => Err(anyhow!("the page's stamp {n}: {e}")),
            Err(_) => bail!("move {n} was not in the page within {PATIENCE:?}"),
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let client = self.client.clone();
        let _ = self
            .rt
            .block_on(async { tokio::time::timeout(PATIENCE, client.close()).await });
    }
}

/// The first game of `pgn` with more than `moves` moves: its moves.
fn long_game(pgn: &str, moves: usize) -> Result<Vec<Move>> {
    let (_, positions) = crate::resolve::read_positions(pgn)?;
    let start = Chess::default();
    let mut game: Vec<Move> = Vec::new();
    for (pos, mv) in positions {
        if pos == start {
            if game.len() > moves {
                return Ok(game);
            }
            game.clear();
        }
        game.push(mv);
    }
    if game.len() > moves {
        return Ok(game);
    }
    bail!("no game of more than {moves} moves")
}

/// Black (visually impaired) types his move: the milliseconds until its echo, a question
/// to him, is read (then it waits for his confirmation).
fn echo(station: &mut Station, uci: &UciMove) -> Result<f64> {
    std::thread::sleep(PAUSE);
    let sent = Instant::now();
    station.type_line(&format!("black type {uci}"))?;
    let (echoed, _) = station.wait_for("the echo", |l| {
        l.contains(" say:black ") && l.trim_end().ends_with('?')
    })?;
    std::thread::sleep(PAUSE);
    Ok((echoed - sent).as_secs_f64() * 1e3)
}

/// One run: a station, `pages` pages (0, 1, or 1 in the browser and the rest streams),
/// `moves` moves typed and timed.
pub fn run(ansage: &Path, pgn: &str, pages: usize, moves: usize) -> Result<WebFigures> {
    let game = long_game(pgn, moves)?;
    let dir = std::env::temp_dir().join(format!("ansage-bench-web-{}-{pages}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut station = Station::start(ansage, &dir.join("station"))?;
    let url = format!("http://{}/", station.addr);
    let browser = if pages > 0 {
        Some(Browser::open(&url, &dir)?)
    } else {
        None
    };
    let _streams = EventStreams::open(station.addr, pages.saturating_sub(1))?;
    station.type_line("arbiter key start")?;
    station.wait_for("the clock started", |l| l.contains("clock arbiter start"))?;
    let mut figures = WebFigures {
        pages,
        made_ms: Vec::new(),
        echo_ms: Vec::new(),
        page_ms: Vec::new(),
    };
    for (i, mv) in game.iter().take(moves).enumerate() {
        let uci = UciMove::from_move(*mv, CastlingMode::Standard);
        let line = if i % 2 == 0 {
            format!("white type {uci}")
        } else {
            figures.echo_ms.push(echo(&mut station, &uci)?);
            "black key confirm".to_owned()
        };
        let sent_wall = wall_ms();
        let sent = Instant::now();
        station.type_line(&line)?;
        let (made, _) = station.wait_for("the made move", |l| l.contains(" made "))?;
        figures.made_ms.push((made - sent).as_secs_f64() * 1e3);
        if let Some(browser) = &browser {
            let (stamp, text) = browser.stamp(i + 1)?;
            // The change is this move's: "Letzter Zug: Weiß, Zug 12: …" (German).
            let side = if i % 2 == 0 { "Weiß" } else { "Schwarz" };
            let number = format!(" {side}, Zug {}:", i / 2 + 1);
            if !text.contains(&number) {
                bail!(
                    "change {} of the page's last move is {text:?}, not move{number}",
                    i + 1
                );
            }
            if stamp < sent_wall {
                bail!("the page showed move{number} before it was typed");
            }
            figures.page_ms.push(stamp - sent_wall);
        }
        std::thread::sleep(PAUSE);
    }
    drop(browser);
    drop(station);
    let _ = std::fs::remove_dir_all(&dir);
    figures.made_ms.sort_by(f64::total_cmp);
    figures.echo_ms.sort_by(f64::total_cmp);
    figures.page_ms.sort_by(f64::total_cmp);
    Ok(figures)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = include_str!("../../../tests/data/games.pgn");

    #[test]
    fn a_long_game_is_found() {
        let game = long_game(GAMES, 60).unwrap();
        assert!(game.len() > 60);
        let mut pos = Chess::default();
        for mv in &game {
            assert!(shakmaty::Position::is_legal(&pos, *mv));
            shakmaty::Position::play_unchecked(&mut pos, *mv);
        }
    }

    #[test]
    fn the_report_says_whether_the_target_is_met() {
        let figures = WebFigures {
            pages: 50,
            made_ms: vec![1.0, 2.0],
            echo_ms: vec![3.0, 4.0],
            page_ms: vec![10.0, 120.0],
        };
        let text = figures.to_string();
        assert!(text.starts_with("50 pages connected, 2 moves:"), "{text}");
        assert!(text.contains("typed to echoed"), "{text}");
        assert!(text.contains("MISSED"), "{text}");
        let table = side_by_side(&[figures]);
        assert!(table.contains("  50 | "), "{table}");
    }
}
