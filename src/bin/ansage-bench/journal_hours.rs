//! What a long game leaves in its journal: a classical game of about five hours played in
//! virtual time through the station's own journaled steps ([`ansage::station::handle_input`]
//! and [`ansage::station::heartbeat`], whose ticks take the same path as the heartbeat
//! task's, `Ticker::tick`) into a real [`FileJournal`] in a temporary folder. White is
//! visually impaired and confirms each announced move; Black types his; one ply every
//! 110 s, a heartbeat every 50 ms while the clock runs, as the station writes them, and a
//! minute of thought after the last move before the game is cut off as by a crash. It
//! counts the journal's lines, bytes and syncs, and checks the promise the ticks are for:
//! read back as after a kill -9, the journal brings the game back to its last heartbeat
//! (FIDE Laws 6.1: the clocks as they stood).

use std::fmt;
use std::path::Path;
use std::time::Duration;

use shakmaty::Chess;

use ansage::core::journal;
use ansage::core::script::{self, Action};
use ansage::core::session::Session;
use ansage::core::time::Timestamp;
use ansage::journal_file::{FileJournal, HEARTBEAT};
use ansage::station::{self, Sink};

use crate::journal::Mover;

/// The time between two plies (both players' thinking, and the dialogue).
const PLY: Duration = Duration::from_secs(110);

/// The plies played: 82 moves each, about five hours.
const PLIES: usize = 164;

/// The figures of one long game.
#[derive(Debug, Clone)]
pub struct LongGame {
    /// Plies played.
    pub plies: usize,
    /// The game's length.
    pub length: Duration,
    /// Lines (records) in the journal.
    pub lines: usize,
    /// Of them, heartbeats.
    pub ticks: usize,
    /// The journal's size.
    pub bytes: u64,
    /// Syncs (fdatasync) done.
    pub syncs: u64,
    /// Heartbeats handed to the journal.
    pub beats: usize,
    /// The last instant read back from the journal, and the last heartbeat's.
    pub read_back: (Timestamp, Timestamp),
}

impl fmt::Display for LongGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hours = self.length.as_secs_f64() / 3600.0;
        let per_second = |n: f64| n / self.length.as_secs_f64();
        writeln!(
            f,
            "a long game's journal: {} plies in {hours:.2} h, {} heartbeats handed to the journal ({:.1} a second)",
            self.plies,
            self.beats,
            per_second(self.beats as f64)
        )?;
        writeln!(
            f,
            "  lines {} (of them heartbeats {}), bytes {} ({:.0} an hour), syncs {} ({:.4} a second)",
            self.lines,
            self.ticks,
            self.bytes,
            self.bytes as f64 / hours,
            self.syncs,
            per_second(self.syncs as f64)
        )?;
        write!(
            f,
            "  read back as after a kill -9: the last instant {}, the last heartbeat {}",
            script::stamp(self.read_back.0),
            script::stamp(self.read_back.1)
        )
    }
}

/// Why the benchmark failed.
#[derive(Debug, thiserror::Error)]
pub enum LongGameError {
    /// The game could not be set up, or a line did not read.
    #[error("setup: {0}")]
    Setup(String),
    /// The journal could not be written.
    #[error(transparent)]
    Journal(#[from] ansage::journal_file::WriteError),
    /// The journal could not be read back.
    #[error("reading back: {0}")]
    Read(String),
    /// A file operation.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The input of a script body (`WHO VERB TEXT`).
fn input(body: &str) -> Result<ansage::core::input::Input, LongGameError> {
    match script::parse_body(body) {
        Ok((_, script::Body::Action(Action::Input(input)))) => Ok(input),
        other => Err(LongGameError::Setup(format!("{body}: {other:?}"))),
    }
}

/// Plays the long game into a journal in `dir` and reads it back.
pub fn long_game(dir: &Path) -> Result<LongGame, LongGameError> {
    let setup = script::parse("@0 arbiter setup tc=7200+30 vi=white confirm=explicit")
        .map_err(|e| LongGameError::Setup(e.to_string()))?
        .setup;
    std::fs::create_dir_all(dir)?;
    let path = dir.join("long-game.txt");
    let _ = std::fs::remove_file(&path);
    let mut file = FileJournal::create(&path, &setup)?;
    let mut session = Session::new(setup).map_err(|e| LongGameError::Setup(e.to_string()))?;
    let mut sinks: Vec<Box<dyn Sink + Send>> = Vec::new();
    let mut mover = Mover {
        pos: Chess::default(),
        state: 7,
        plies: 0,
    };
    let (mut at, mut beats, mut last_beat) = (Timestamp::ZERO, 0, Timestamp::ZERO);
    station::handle_input(
        &mut session,
        &mut file,
        &mut sinks,
        input("arbiter key start")?,
        at,
    );
    while mover.plies < PLIES
        && let Some(uci) = mover.next()
    {
        let end = at + PLY;
        while at + HEARTBEAT < end {
            at = at + HEARTBEAT;
            station::heartbeat(&mut session, &mut file, &mut sinks, at);
            (beats, last_beat) = (beats + 1, at);
        }
        at = end;
        let white = mover.plies % 2 == 1;
        let lines = if white {
            vec![format!("white type {uci}"), "white key confirm".to_owned()]
        } else {
            vec![format!("black type {uci}")]
        };
        for line in lines {
            station::handle_input(&mut session, &mut file, &mut sinks, input(&line)?, at);
        }
    }
    // A minute's thought after the last move, then the crash.
    let end = at + Duration::from_secs(60);
    while at + HEARTBEAT <= end {
        at = at + HEARTBEAT;
        station::heartbeat(&mut session, &mut file, &mut sinks, at);
        (beats, last_beat) = (beats + 1, at);
    }
    let syncs = file.syncs();
    drop(file);
    let bytes = std::fs::read(&path)?;
    let text = String::from_utf8_lossy(&bytes);
    let recovered = journal::read(&bytes);
    let replay = journal::replay(&recovered).map_err(|e| LongGameError::Read(e.to_string()))?;
    let result = LongGame {
        plies: mover.plies,
        length: Duration::from_millis(at.as_millis()),
        lines: text.lines().count(),
        ticks: text.lines().filter(|l| l.ends_with(" tick")).count(),
        bytes: bytes.len() as u64,
        syncs,
        beats,
        read_back: (replay.last, last_beat),
    };
    let _ = std::fs::remove_file(&path);
    Ok(result)
}
