//! The e-board's device actor: its own thread, reading the port and sending the station
//! the board's events as the e-board player's inputs (`Input::board`), and a
//! `station::Sink` that keeps a DGT 3000 showing the station's times and the blind
//! player's last move.
//!
//! FIDE Laws D.1, D.2.9: the session compares what stands on the sighted player's board
//! with the game; the actor only reports it, unfiltered (the session waits until the
//! board is stable). A port that vanishes or fails is `Lost` once; the actor then tries
//! the same port every [`REOPEN`] (and searches the ports again after [`SEARCH_AFTER`]
//! failed tries), and once it is back sends `Found` and the placement again. Before any
//! board was found it searches every [`SEARCH`].
//!
//! The port is behind two small traits ([`Port`], [`Opener`]): the serial transport
//! (`eboard::serial`, feature `eboard`) in a game, in-memory fakes in the tests.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shakmaty::Color;
use tokio::sync::mpsc;

use crate::core::input::{Actor as Who, BoardEvent, Input};
use crate::core::output::Output;
use crate::core::step_view::StepView;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

use super::dgt_clock::{move_text, set_and_run};
use super::link::{ClockWish, Connection};
use super::ports::Protocol;

/// How often a lost board's port is tried again.
pub const REOPEN: Duration = Duration::from_secs(1);
/// How often the ports are searched while no board was ever found.
pub const SEARCH: Duration = Duration::from_secs(3);
/// After this many failed tries of the lost board's port, the ports are searched again (a
/// USB board plugged back may come back under another name).
pub const SEARCH_AFTER: u32 = 5;

/// An open port: bytes both ways; a read returns within a short timeout
/// (`ErrorKind::TimedOut` or `WouldBlock` when nothing came).
pub trait Port: Read + Write + Send {}

impl<T: Read + Write + Send> Port for T {}

/// Finds and opens the board's port.
pub trait Opener: Send {
    /// Searches the ports for a board: its port and protocol.
    fn find(&mut self) -> Option<(PathBuf, Protocol)>;

    /// Opens `path` with the protocol's line settings; why not, for the log.
    fn open(
        &mut self,
        path: &std::path::Path,
        protocol: Protocol,
    ) -> Result<Box<dyn Port>, OpenError>;
}

/// Why a port did not open.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The port exists, but this user may not open it (not in the `dialout` group).
    #[error("{0}: permission denied")]
    Denied(PathBuf),
    /// Anything else (gone, busy, not a terminal).
    #[error("{path}: {source}")]
    Failed {
        /// The port.
        path: PathBuf,
        /// What the system (through the serialport crate) said.
        source: std::io::Error,
    },
}

/// The actor's state, stepped by its thread (and by the tests, in their own time).
pub struct BoardActor<O: Opener> {
    opener: O,
    side: Color,
    target: Option<(PathBuf, Protocol)>,
    open: Option<(Box<dyn Port>, Connection)>,
    next_try: Instant,
    /// `Found` was sent and no `Lost` since.
    announced: bool,
    /// Failed tries to open the target since it last opened.
    failures: u32,
    wish: Arc<Mutex<ClockWish>>,
}

impl<O: Opener> BoardActor<O> {
    /// The actor for the board of `side`'s player, at `target` if it was found already;
    /// the DGT 3000's wishes come through `wish`.
    pub fn new(
        opener: O,
        side: Color,
        target: Option<(PathBuf, Protocol)>,
        wish: Arc<Mutex<ClockWish>>,
    ) -> BoardActor<O> {
        BoardActor {
            opener,
            side,
            target,
            open: None,
            next_try: Instant::now(),
            announced: false,
            failures: 0,
            wish,
        }
    }

    /// Whether a port is open.
    pub fn connected(&self) -> bool {
        self.open.is_some()
    }

    /// One step at `now`: open (or search) when due, else one read and what is due; the
    /// inputs for the station.
    pub fn step(&mut self, now: Instant) -> Vec<Input> {
        let events = if self.open.is_some() {
            self.exchange(now)
        } else {
            self.try_open(now);
            Vec::new()
        };
        events
            .into_iter()
            .map(|e| Input::board(Who::Player(self.side), e))
            .collect()
    }

    fn try_open(&mut self, now: Instant) {
        if now < self.next_try {
            return;
        }
        if self.target.is_none() {
            self.target = self.opener.find();
            if let Some((path, protocol)) = &self.target {
                tracing::info!("eboard: {protocol} board found on {}", path.display());
            }
        }
        let Some((path, protocol)) = self.target.clone() else {
            self.next_try = now + SEARCH;
            return;
        };
        match self.opener.open(&path, protocol) {
            Ok(mut port) => {
                let (connection, first) = Connection::open(protocol, now);
                if let Err(e) = port.write_all(&first) {
                    tracing::warn!("eboard: {}: {e}", path.display());
                    self.next_try = now + REOPEN;
                    return;
                }
                self.open = Some((port, connection));
                self.failures = 0;
            }
            Err(why) => {
                tracing::debug!("eboard: {}: {why}", path.display());
                self.next_try = now + REOPEN;
                self.failures += 1;
                if self.failures.is_multiple_of(SEARCH_AFTER) {
                    self.target = None;
                }
            }
        }
    }

    fn exchange(&mut self, now: Instant) -> Vec<BoardEvent> {
        let Some((port, connection)) = self.open.as_mut() else {
            return Vec::new();
        };
        let mut buf = [0u8; 256];
        let mut events = match port.read(&mut buf) {
            Ok(0) => return self.lost(now, "end of file"),
            Ok(n) => connection.read(&buf[..n], now),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::TimedOut
                        | io::ErrorKind::WouldBlock
                        | io::ErrorKind::Interrupted
                ) =>
            {
                Vec::new()
            }
            Err(e) => return self.lost(now, &e.to_string()),
        };
        let wish = self.wish.lock().map(|w| w.clone()).unwrap_or_default();
        let (more, bytes) = connection.tick(now, &wish);
        events.extend(more);
        if connection.found() && !self.announced {
            self.announced = true;
        }
        if !bytes.is_empty()
            && let Err(e) = port.write_all(&bytes)
        {
            let mut out = events;
            out.extend(self.lost(now, &e.to_string()));
            return out;
        }
        events
    }

    /// The port failed: closed, `Lost` said once, the same port tried again in [`REOPEN`].
    fn lost(&mut self, now: Instant, why: &str) -> Vec<BoardEvent> {
        tracing::warn!("eboard: the board's port failed: {why}");
        self.open = None;
        self.next_try = now + REOPEN;
        if std::mem::take(&mut self.announced) {
            vec![BoardEvent::Lost]
        } else {
            Vec::new()
        }
    }
}

/// Runs `actor` on its own thread until `stop`, sending its inputs to the station.
pub fn spawn<O: Opener + 'static>(
    mut actor: BoardActor<O>,
    tx: mpsc::Sender<StationInput>,
    stop: Arc<AtomicBool>,
) -> io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("eboard".into())
        .spawn(move || {
            while !stop.load(Ordering::SeqCst) {
                for input in actor.step(Instant::now()) {
                    if tx.blocking_send(StationInput::Input(input)).is_err() {
                        return;
                    }
                }
                if !actor.connected() {
                    std::thread::sleep(Duration::from_millis(100));
                }
            }
        })
}

/// The sink that tells the actor what the DGT 3000 should show: the station's times and
/// whose clock runs (where the clock stands at first, then every clock change), and the
/// blind player's last move while it is the last move made (FIDE Laws D.2.1: the sighted
/// player executes it on his board). The move is written in the language's letters
/// (`Ply::san_local`, "Sf3" in German), as the status line and the Braille display show
/// it: the letters of the sighted player's own scoresheet (FIDE Laws Appendix C), which
/// the DGT 3000's ASCII display shows as well as English ones.
#[derive(Debug)]
pub struct ClockSink {
    wish: Arc<Mutex<ClockWish>>,
    blind: Color,
    /// The instant of the last step delivered.
    at: Timestamp,
}

impl ClockSink {
    /// The sink for the board of the sighted player `sighted`.
    pub fn new(wish: Arc<Mutex<ClockWish>>, sighted: Color) -> ClockSink {
        ClockSink {
            wish,
            blind: !sighted,
            at: Timestamp::ZERO,
        }
    }
}

impl Sink for ClockSink {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        self.at = at;
        for output in outputs {
            if let Output::Clock(reading) = output
                && let Ok(mut wish) = self.wish.lock()
            {
                wish.times = Some(set_and_run(reading.white, reading.black, reading.running));
            }
        }
    }

    fn observe(&mut self, step: &StepView) {
        let text = step
            .last_ply
            .as_ref()
            .filter(|ply| ply.made.side == self.blind)
            .map(|ply| move_text(ply.made.number, ply.made.side, &ply.san_local));
        if let Ok(mut wish) = self.wish.lock() {
            // Before the clock first changes, the times it stands at (a game's start, a
            // resumed game's clock stopped).
            if wish.times.is_none()
                && let Some(clock) = &step.status.clock
            {
                let remaining = |side| clock.remaining(side, self.at);
                wish.times = Some(set_and_run(
                    remaining(Color::White),
                    remaining(Color::Black),
                    clock.running(),
                ));
            }
            let same = wish.text.map(|(t, _)| t) == text;
            if !same {
                wish.text = text.map(|t| (t, Instant::now()));
            }
        }
    }
}

#[cfg(test)]
mod tests;
