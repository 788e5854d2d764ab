//! `ansage-bench eboard`: from the sighted player's piece set down on his electronic board
//! to the move's echo handed to speech (issue 16, goal: p95 ≤ the stability wait
//! `eboard.wait` + 30 ms), through the emulated board and the real station.
//!
//! The real station is the `ansage` binary (`ansage play --console --transcript
//! --black-input eboard`, German, 600 s, White visually impaired, no journal, its own
//! XDG folders), found beside `ansage-bench` (both built by `cargo build --release
//! --features bench --bin ansage --bin ansage-bench`) or named by `--ansage PATH`. The
//! board is the emulator ([`ansage::eboard::emulator`]) on a pseudo-terminal in this
//! process ([`Link`]), DGT or Millennium, which the station opens as it opens a board on
//! a USB cable.
//!
//! Real games (the first of `tests/data/games.pgn`, or `--games`; at most [`PER_GAME`]
//! trials of each): White's moves are
//! typed on the station's standard input (UCI and "ja") and executed on the board once
//! made (FIDE Laws D.2.1; the station sees them executed and says nothing); Black's moves
//! are made on the board by a hand: the piece lifted (a captured one first), 100 ms later
//! set down (castling: the king, then the rook). Each of Black's moves is one trial:
//!
//! - T0: the instant [`Link::act`] has handed the last set-down's bytes to the pty;
//! - T1: the instant the station's first `say:black …` line after T0 is read here from
//!   its standard output, checked to be the move's echo to the sighted player (its
//!   announcement);
//! - T2: the instant its `made …` line is read (expected `eboard.complete` = 1000 ms
//!   after the set-down), checked to be the game's move.
//!
//! **Why the standard output stands for "handed to speech".** The station's main loop
//! (`station::run_journaled`) hands each step's outputs to every sink in one call
//! (`station::deliver`), in the order of its sink list; `app::launch` puts the console's
//! sink first and the devices' sinks (speech among them) after it. The console writes and
//! flushes its lines in its `deliver`, so the echo reaches the pipe in the same step,
//! microseconds before the speech sink gets it; the pipe to this process adds the
//! reader's wake-up (tens of microseconds). No closer point is visible from outside the
//! process. With `--console` the station opens no speech device, so nothing else competes
//! for the step.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Color, Move, Piece, Position, Square};

use ansage::core::lang::Language;
use ansage::core::words::vocabulary;
use ansage::eboard::emulator::pty::Link;
use ansage::eboard::emulator::{CastlingOrder, Emulator, Kind};

use crate::process::{self, Console as _, StationProcess};
use crate::resolve::read_positions;
use crate::stats::{pct, summary};

/// The stability wait the station runs with (`eboard.wait`, its default).
pub const WAIT: Duration = Duration::from_millis(250);
/// The time from set-down to made (`eboard.complete = stable:1000`, its default).
pub const COMPLETE: Duration = Duration::from_millis(1000);
/// How much the echo may take beyond the stability wait (issue 16).
pub const SLACK: Duration = Duration::from_millis(30);
/// Between a lift and the set-down, as a hand moves a piece.
const HAND: Duration = Duration::from_millis(100);
/// After White's move executed on the board, before Black lifts a piece: more than the
/// stability wait, so that the station has seen it executed.
const SETTLE: Duration = Duration::from_millis(500);
/// At most this many of Black's moves of one game, so that 40 trials span two games.
const PER_GAME: usize = 20;
/// The longest wait for any line of the station.
const PATIENCE: Duration = Duration::from_secs(10);
/// How long the station may take to end after `quit`.
const QUIT: Duration = Duration::from_secs(5);

/// The figures of one kind of board, milliseconds, sorted.
#[derive(Debug, Clone)]
pub struct EboardFigures {
    /// The board.
    pub kind: Kind,
    /// Set-down to the echo's line.
    pub echo_ms: Vec<f64>,
    /// Set-down to the made line.
    pub made_ms: Vec<f64>,
    /// Games played.
    pub games: usize,
}

impl fmt::Display for EboardFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let target = (WAIT + SLACK).as_secs_f64() * 1e3;
        let p95 = pct(&self.echo_ms, 0.95);
        writeln!(
            f,
            "{:?} board, {} of Black's moves in {} games (eboard.wait {} ms, eboard.complete stable:{}):",
            self.kind,
            self.echo_ms.len(),
            self.games,
            WAIT.as_millis(),
            COMPLETE.as_millis()
        )?;
        summary(
            f,
            "set-down to echo (say:black)",
            &self.echo_ms,
            &[0.5, 0.95],
            1,
        )?;
        writeln!(
            f,
            "  target p95 <= {target:.0} ms: {}",
            if p95 <= target { "met" } else { "MISSED" }
        )?;
        summary(f, "set-down to made", &self.made_ms, &[0.5, 0.95], 1)
    }
}

/// The running station and the lines it prints, each with the instant it was read.
struct Station {
    process: StationProcess,
    dir: PathBuf,
}

impl Station {
    fn start(ansage: &Path, kind: Kind, port: &Path, dir: &Path) -> Result<Station> {
        let mut command = Command::new(ansage);
        command
            .args(["play", "--console", "--transcript", "--lang", "de"])
            .args(["--tc", "10", "--vi", "white", "--no-journal"])
            .args(["--black-input", "eboard"])
            .arg("--set")
            .arg(format!("eboard.port={}", port.display()))
            .arg("--set")
            .arg(match kind {
                Kind::Dgt => "eboard.kind=dgt",
                Kind::Millennium => "eboard.kind=millennium",
            });
        Ok(Station {
            process: process::spawn(&mut command, ansage, dir)?,
            dir: dir.to_path_buf(),
        })
    }

    fn type_line(&mut self, line: &str) -> Result<()> {
        self.process.type_line(line)?;
        Ok(())
    }

    /// The lines printed so far, passed over.
    fn drain(&mut self) {
        self.process.skip_seen();
    }

    /// The first line that `wanted` accepts, and when it was read.
    fn wait_for(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> Result<(Instant, String)> {
        self.process.wait_stdout(what, PATIENCE, wanted)
    }
}

impl Drop for Station {
    fn drop(&mut self) {
        // Quit (killed should it not end), then its folder removed.
        let _ = self.process.quit(QUIT);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The games of `pgn`, each its list of (position, move).
pub(crate) fn games(pgn: &str) -> Result<Vec<Vec<(Chess, Move)>>> {
    let (_, positions) = read_positions(pgn)?;
    let start = Chess::default();
    let mut games: Vec<Vec<(Chess, Move)>> = Vec::new();
    for (pos, mv) in positions {
        if pos == start || games.is_empty() {
            games.push(Vec::new());
        }
        if let Some(game) = games.last_mut() {
            game.push((pos, mv));
        }
    }
    Ok(games)
}

/// The move as the made line writes it, without check marks.
pub(crate) fn san(pos: &Chess, mv: Move) -> String {
    San::from_move(pos, mv).to_string()
}

/// Black's move made by a hand on the board: the pieces lifted, [`HAND`] later the last
/// one set down. Returns T0, the instant the set-down's bytes were handed to the pty.
fn hand_move(link: &mut Link, mv: Move) -> Result<Instant> {
    let put_at = |link: &mut Link, sq: Square, p: Piece| -> Result<Instant> {
        link.act(|e| Ok(e.put(sq, p)))?;
        Ok(Instant::now())
    };
    match mv {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(rook > king);
            let (k, r) = (Color::Black.king(), Color::Black.rook());
            link.act(|e| e.lift(king))?;
            std::thread::sleep(HAND);
            link.act(|e| Ok(e.put(side.king_to(Color::Black), k)))?;
            link.act(|e| e.lift(rook))?;
            std::thread::sleep(HAND);
            put_at(link, side.rook_to(Color::Black), r)
        }
        Move::EnPassant { from, to } => {
            link.act(|e| e.lift(Square::from_coords(to.file(), from.rank())))?;
            link.act(|e| e.lift(from))?;
            std::thread::sleep(HAND);
            put_at(link, to, Color::Black.pawn())
        }
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            if capture.is_some() {
                link.act(|e| e.lift(to))?;
            }
            link.act(|e| e.lift(from))?;
            std::thread::sleep(HAND);
            let piece = Piece {
                color: Color::Black,
                role: promotion.unwrap_or(role),
            };
            put_at(link, to, piece)
        }
        Move::Put { .. } => bail!("{mv} is no move of a game"),
    }
}

/// One game on a new station: (echo, made) times of Black's moves, at most `left`.
fn play_game(
    ansage: &Path,
    kind: Kind,
    game: &[(Chess, Move)],
    left: usize,
    dir: &Path,
) -> Result<Vec<(f64, f64)>> {
    let port = dir.join("board");
    std::fs::create_dir_all(dir)?;
    let mut link = Link::open(Emulator::new(kind, false), &port)?;
    let mut station = Station::start(ansage, kind, &port, &dir.join("station"))?;
    // The board found (a DGT board without clock after its clock wait of 1.5 s) and read.
    std::thread::sleep(Duration::from_millis(2500));
    station.type_line("arbiter key start")?;
    station.wait_for("the clock started", |l| l.contains("clock arbiter start"))?;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut times = Vec::new();
    for (pos, mv) in game {
        let mv = *mv;
        if pos.turn() == Color::White {
            station.drain();
            station.type_line(&UciMove::from_move(mv, CastlingMode::Standard).to_string())?;
            station.wait_for("White's echo", |l| l.contains(" say:white "))?;
            station.type_line("ja")?;
            station.wait_for("White's move made", |l| l.contains(" made "))?;
            link.act(|e| e.play(&mv, CastlingOrder::KingFirst))?;
            std::thread::sleep(SETTLE);
            continue;
        }
        if times.len() == left {
            break;
        }
        station.drain();
        let t0 = hand_move(&mut link, mv)?;
        let (t1, echo) = station.wait_for("Black's echo", |l| l.contains(" say:black "))?;
        let (t2, made) = station.wait_for("Black's move made", |l| l.contains(" made "))?;
        let said = vocabulary(Language::De).announce(pos, mv).to_lowercase();
        if !echo.to_lowercase().contains(&said) {
            bail!("the station echoed {echo:?}, not {said:?}");
        }
        let want = san(pos, mv);
        if !made.contains(&format!("... {want}")) {
            bail!("the station made {made:?}, not {want}");
        }
        tracing::debug!(
            "{want}: {echo:?} after {:?}, {made:?} after {:?}",
            t1 - t0,
            t2 - t0
        );
        times.push((ms(t1 - t0), ms(t2 - t0)));
        std::thread::sleep(Duration::from_millis(100));
    }
    Ok(times)
}

/// Plays games of `pgn` on a `kind` board until `trials` of Black's moves were timed.
pub fn eboard_latency(
    ansage: &Path,
    kind: Kind,
    pgn: &str,
    trials: usize,
) -> Result<EboardFigures> {
    let dir = std::env::temp_dir().join(format!("ansage-bench-eboard-{}", std::process::id()));
    let mut figures = EboardFigures {
        kind,
        echo_ms: Vec::new(),
        made_ms: Vec::new(),
        games: 0,
    };
    for game in games(pgn)? {
        let left = (trials - figures.echo_ms.len()).min(PER_GAME);
        if left == 0 {
            break;
        }
        let times = play_game(
            ansage,
            kind,
            &game,
            left,
            &dir.join(figures.games.to_string()),
        );
        figures.games += 1;
        for (echo, made) in times? {
            figures.echo_ms.push(echo);
            figures.made_ms.push(made);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    figures.echo_ms.sort_by(f64::total_cmp);
    figures.made_ms.sort_by(f64::total_cmp);
    Ok(figures)
}

/// The `ansage` binary: `--ansage PATH`, else the one beside this program.
pub fn find_ansage(given: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(path) = given {
        return Ok(path);
    }
    let me = std::env::current_exe()?;
    let path = me.with_file_name("ansage");
    anyhow::ensure!(
        path.exists(),
        "no `ansage` beside {}: build it first (`cargo build --release --features bench --bin \
         ansage --bin ansage-bench`) or name it with --ansage PATH",
        me.display()
    );
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ansage::eboard::Placement;

    const GAMES: &str = include_str!("../../../tests/data/games.pgn");

    #[test]
    fn the_games_are_split_at_their_start_and_follow_each_other() {
        let games = games(GAMES).unwrap();
        assert_eq!(games.len(), 400);
        for game in &games {
            assert_eq!(game[0].0, Chess::default());
            for pair in game.windows(2) {
                let mut after = pair[0].0.clone();
                after.play_unchecked(pair[0].1);
                assert_eq!(after, pair[1].0);
            }
        }
    }

    fn position(fen: &str) -> Chess {
        fen.parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    /// Each kind of Black's move made by the hand leaves on the board the position after
    /// it, whatever the board.
    #[test]
    fn the_hand_makes_every_kind_of_move() {
        let table = [
            ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8"),
            ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"),
            ("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "d4e3"),
            ("4k3/8/8/8/8/8/3p4/2R4K b - - 0 1", "d2c1n"),
            ("4k3/8/8/8/8/8/3p4/7K b - - 0 1", "d2d1q"),
            (
                "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2",
                "e5d4",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                "g8f6",
            ),
        ];
        let dir = std::env::temp_dir().join(format!("ansage-bench-hand-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for kind in [Kind::Dgt, Kind::Millennium] {
            for (fen, uci) in table {
                let pos = position(fen);
                let mv = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
                let mut link = Link::open(Emulator::new(kind, false), dir.join("board")).unwrap();
                link.act(|e| Ok(e.set_pieces(Placement::from(pos.board()))))
                    .unwrap();
                hand_move(&mut link, mv).unwrap();
                let mut after = pos.clone();
                after.play_unchecked(mv);
                assert_eq!(
                    link.with(|e| e.pieces()),
                    Placement::from(after.board()),
                    "{kind:?} {fen} {uci}"
                );
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_named_ansage_is_taken_as_given() {
        let given = PathBuf::from("/opt/ansage/bin/ansage");
        assert_eq!(find_ansage(Some(given.clone())).unwrap(), given);
    }

    #[test]
    fn the_report_says_whether_the_target_is_met() {
        let figures = |echo: f64| EboardFigures {
            kind: Kind::Dgt,
            echo_ms: vec![echo; 40],
            made_ms: vec![1001.0; 40],
            games: 2,
        };
        assert!(
            figures(251.5)
                .to_string()
                .contains("target p95 <= 280 ms: met")
        );
        assert!(figures(281.0).to_string().contains("MISSED"));
    }
}
