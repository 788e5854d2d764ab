//! How long a confirmed move takes to be announced as made, the journal's sync included:
//! the real tokio main loop ([`ansage::station::run_journaled`]) with a [`FileJournal`] in a
//! temporary folder, fed console lines as the console would. For each move the time runs
//! from sending the confirming line (the confirm key of the visually impaired White, the
//! sighted Black's typed move, made at once) to the moment the made move reaches the
//! output sink, after its input record was written and synced (fdatasync). The same run
//! without a journal shows what the sync costs. The clock runs, so heartbeats are written
//! meanwhile (by the heartbeat task, not synced), as in a game.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

use ansage::core::output::Output;
use ansage::core::script;
use ansage::core::session::Session;
use ansage::core::time::Timestamp;
use ansage::journal_file::{FileJournal, Journal, NoJournal, WriteError};
use ansage::station::{Sink, StationInput, Timeline};

/// Latencies of one configuration, in milliseconds.
#[derive(Debug, Clone)]
pub struct Latencies {
    /// Moves measured.
    pub count: usize,
    /// Median.
    pub p50_ms: f64,
    /// 95th percentile.
    pub p95_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// The worst.
    pub max_ms: f64,
}

impl Latencies {
    pub(crate) fn of(mut samples: Vec<Duration>) -> Latencies {
        samples.sort();
        let pick = |q: f64| {
            let i = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len().max(1));
            samples.get(i - 1).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
        };
        Latencies {
            count: samples.len(),
            p50_ms: pick(0.50),
            p95_ms: pick(0.95),
            p99_ms: pick(0.99),
            max_ms: pick(1.0),
        }
    }
}

impl fmt::Display for Latencies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} moves: p50 {:.3} ms, p95 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            self.count, self.p50_ms, self.p95_ms, self.p99_ms, self.max_ms
        )
    }
}

/// The benchmark's figures.
#[derive(Debug, Clone)]
pub struct JournalBench {
    /// With the journal (each input synced before it is handled).
    pub journaled: Latencies,
    /// The same without a journal.
    pub bare: Latencies,
    /// Syncs done with the journal (the setup, inputs, deadline checks).
    pub syncs: u64,
    /// Where the journals were written.
    pub dir: PathBuf,
}

impl fmt::Display for JournalBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "confirmation to made move handed to the outputs (cargo run --release --features bench --bin ansage-bench -- journal)"
        )?;
        writeln!(
            f,
            "  with the journal (fdatasync per input) in {}: {}",
            self.dir.display(),
            self.journaled
        )?;
        writeln!(f, "  without a journal: {}", self.bare)?;
        write!(f, "  {} syncs in the journaled run", self.syncs)
    }
}

/// The error of the benchmark.
#[derive(Debug, thiserror::Error)]
pub enum JournalBenchError {
    /// The session could not be set up.
    #[error("setup: {0}")]
    Setup(String),
    /// The journal could not be written.
    #[error(transparent)]
    Journal(#[from] WriteError),
    /// The station stopped answering.
    #[error("no answer from the station within 10 s (move {0})")]
    Stalled(usize),
    /// The runtime could not start.
    #[error("runtime: {0}")]
    Runtime(#[from] std::io::Error),
}

/// Tells the driver when outputs arrive and whether a move was made among them.
struct Notify(std_mpsc::Sender<(Instant, bool)>);

impl Sink for Notify {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        if outputs.is_empty() {
            return;
        }
        let made = outputs.iter().any(|o| matches!(o, Output::Made(_)));
        let _ = self.0.send((Instant::now(), made));
    }
}

/// A deterministic game: the legal move picked by a small generator, avoiding moves that
/// end the game; a new game when no move is left or after 200 plies.
pub(crate) struct Mover {
    pub(crate) pos: Chess,
    pub(crate) state: u64,
    pub(crate) plies: usize,
}

impl Mover {
    pub(crate) fn next(&mut self) -> Option<String> {
        if self.plies >= 200 {
            return None;
        }
        self.state = self
            .state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let legal: Vec<_> = self
            .pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut after = self.pos.clone();
                after.play_unchecked(*m);
                !after.is_game_over()
            })
            .collect();
        if legal.is_empty() {
            return None;
        }
        let mv = legal[(self.state >> 33) as usize % legal.len()];
        self.pos.play_unchecked(mv);
        self.plies += 1;
        Some(UciMove::from_move(mv, CastlingMode::Standard).to_string())
    }
}

/// Plays `moves` moves through the real main loop, a game at a time (a new journal in
/// `dir` for each), and times each confirmation.
fn measure(moves: usize, dir: Option<&Path>) -> Result<(Vec<Duration>, u64), JournalBenchError> {
    let config =
        script::parse("@0 arbiter setup tc=5400+30 vi=white confirm=explicit reminders=off")
            .map_err(|e| JournalBenchError::Setup(e.to_string()))?
            .setup;
    let mut samples = Vec::with_capacity(moves);
    let mut syncs = 0;
    let mut game = 0;
    while samples.len() < moves {
        game += 1;
        let file = match dir {
            Some(d) => Some(FileJournal::create(
                &d.join(format!("game{game}.txt")),
                &config,
            )?),
            None => None,
        };
        let (tx, rx) = tokio::sync::mpsc::channel(8);
        let (note_tx, notes) = std_mpsc::channel();
        let game_config = config.clone();
        // The station as `ansage play` runs it: the main loop in `block_on` on its own
        // thread of a multi-threaded runtime (the session stays on that thread).
        let station = std::thread::spawn(move || -> Result<u64, JournalBenchError> {
            let mut file = file;
            let session =
                Session::new(game_config).map_err(|e| JournalBenchError::Setup(e.to_string()))?;
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?;
            rt.block_on(async {
                let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Notify(note_tx))];
                let timeline = Timeline::starting_at(Timestamp::ZERO);
                let journal: &mut dyn Journal = match file.as_mut() {
                    Some(f) => f,
                    None => &mut NoJournal,
                };
                ansage::station::run_journaled(session, rx, &mut sinks, timeline, journal).await;
            });
            rt.shutdown_background();
            Ok(file.map_or(0, |f| f.syncs()))
        });
        let send = |line: String| tx.blocking_send(StationInput::ConsoleLine(line)).is_ok();
        let wait = |want_made: bool| -> Option<Instant> {
            loop {
                let (at, made) = notes.recv_timeout(Duration::from_secs(10)).ok()?;
                if made == want_made {
                    return Some(at);
                }
            }
        };
        send("arbiter key start".into());
        wait(false).ok_or(JournalBenchError::Stalled(samples.len()))?;
        let mut mover = Mover {
            pos: Chess::default(),
            state: game,
            plies: 0,
        };
        while samples.len() < moves {
            let white = mover.pos.turn().is_white();
            let Some(uci) = mover.next() else { break };
            let confirming = if white {
                // Announced and echoed first; the confirmation is what is timed.
                send(format!("white type {uci}"));
                wait(false).ok_or(JournalBenchError::Stalled(samples.len()))?;
                "white key confirm".to_owned()
            } else {
                format!("black type {uci}")
            };
            let sent = Instant::now();
            send(confirming);
            let made = wait(true).ok_or(JournalBenchError::Stalled(samples.len()))?;
            samples.push(made.duration_since(sent));
        }
        let _ = tx.blocking_send(StationInput::Shutdown);
        syncs += station
            .join()
            .map_err(|_| JournalBenchError::Setup("the station thread panicked".into()))??;
    }
    Ok((samples, syncs))
}

/// Runs the benchmark: `moves` moves journaled in `dir` (default: a new folder in the
/// system's temporary directory, removed afterwards), then the same without a journal.
pub fn journal_latency(
    moves: usize,
    dir: Option<PathBuf>,
) -> Result<JournalBench, JournalBenchError> {
    let (dir, remove) = match dir {
        Some(d) => (d, false),
        None => (
            std::env::temp_dir().join(format!("ansage-bench-journal-{}", std::process::id())),
            true,
        ),
    };
    std::fs::create_dir_all(&dir)?;
    let journaled = measure(moves, Some(&dir));
    if remove {
        let _ = std::fs::remove_dir_all(&dir);
    }
    let (journaled, syncs) = journaled?;
    let (bare, _) = measure(moves, None)?;
    Ok(JournalBench {
        journaled: Latencies::of(journaled),
        bare: Latencies::of(bare),
        syncs,
        dir,
    })
}
