//! The Braille display adapter (FIDE Laws D.2.6; a channel without sound for a deaf-blind
//! player): a [`Sink`] that hands the session's outputs to the display's own thread, and
//! sends what is typed and pressed on the display into the main loop.
//!
//! What is shown and what a key means is decided by the pure
//! [`crate::core::display::DisplayModel`]; this module only moves cells and
//! key codes. The thread owns the model and one [`Terminal`] (a connection to a display):
//! it writes the cells when they change (dots, from the scoresheet's Braille code, never
//! BRLTTY's text table), redraws the status line each second while a clock runs, and polls
//! the keys. When the display goes away (BRLTTY restarts, the cable is pulled) it says so
//! once, keeps following the game, and reconnects with a growing pause (backoff) until the
//! display is back, then says that once and shows the current state: a lost display never
//! stops the game.
//!
//! Backends: [`ConsoleConnector`] (always built: the cells as Unicode braille on stderr,
//! no keys), [`FakeConnector`] (tests: a display in memory that can be unplugged), and
//! `brlapi::BrlapiConnector` under the cargo feature `braille` (BRLTTY through BrlAPI).

#[cfg(feature = "braille")]
pub mod brlapi;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self as std_mpsc, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use shakmaty::Chess;
use tokio::sync::mpsc;

use crate::core::display::{DisplayKey, DisplayModel};
use crate::core::input::{Actor, Input, Key};
use crate::core::lang::Language;
use crate::core::output::Output;
use crate::core::phrases::PhraseError;
use crate::core::scoresheet::braille::{Cell, to_unicode};
use crate::core::session::Session;
use crate::core::status::StatusSource;
use crate::core::time::Timestamp;
use crate::devices::DeviceStatus;
use crate::station::{Sink, StationInput};

/// How the display adapter is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct BrailleConfig {
    /// Whose display it is: what is brailled to this player (and to all) is shown, and what
    /// is typed on it is this player's (the arbiter's display shows the arbiter's).
    pub owner: Actor,
    /// The language of the status line and the piece letters.
    pub lang: Language,
    /// Braille only, for a deaf-blind player: nothing is spoken. The display shows what it
    /// always shows; whoever wires the devices (`ansage play`) must then start no speech
    /// output at all (or one that drops every [`Output::Say`]), must not open the
    /// microphone's speaking gate, and should leave the console's Braille lines on for the
    /// arbiter. The adapter itself only records the choice.
    pub braille_only: bool,
    /// The BrlAPI host (`host:N`, as `BRLAPI_HOST`); `None`: `BRLAPI_HOST` or BrlAPI's
    /// configuration.
    pub host: Option<String>,
    /// The BrlAPI authorization (`none`, `keyfile:PATH`, as `BRLAPI_AUTH`); `None`:
    /// `BRLAPI_AUTH` or BrlAPI's configuration.
    pub auth: Option<String>,
    /// The first pause before reconnecting to a lost display; it doubles up to
    /// [`BrailleConfig::max_backoff`].
    pub backoff: Duration,
    /// The longest pause between reconnection attempts.
    pub max_backoff: Duration,
    /// How often keys are polled.
    pub poll: Duration,
}

impl BrailleConfig {
    /// The defaults for `owner` in `lang`: host and authorization from the environment,
    /// reconnection after 0.2 s doubling up to 5 s, keys polled every 10 ms.
    pub fn new(owner: Actor, lang: Language) -> BrailleConfig {
        BrailleConfig {
            owner,
            lang,
            braille_only: false,
            host: None,
            auth: None,
            backoff: Duration::from_millis(200),
            max_backoff: Duration::from_secs(5),
            poll: Duration::from_millis(10),
        }
    }
}

/// Why a display cannot be reached or was lost.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Braille display: {0}")]
pub struct LinkError(pub String);

/// One connection to a display (until it fails).
pub trait Terminal {
    /// Cells per line and lines.
    fn size(&self) -> (usize, usize);
    /// Shows these cells (exactly width × height).
    fn write(&mut self, cells: &[Cell]) -> Result<(), LinkError>;
    /// The next key, if one was pressed (does not wait): a BrlAPI key code.
    fn read_key(&mut self) -> Result<Option<u64>, LinkError>;
}

/// How to reach a display; called again after a loss.
pub trait Connector: Send + 'static {
    /// Connects and claims the display.
    fn connect(&mut self) -> Result<Box<dyn Terminal>, LinkError>;
    /// What this display is, for messages ("BrlAPI 127.0.0.1:17").
    fn describe(&self) -> String;
}

// ---------------------------------------------------------------- BrlAPI key codes

/// BrlAPI key code layout (`brlapi_keycodes.h`; the sys crate does not export these).
mod code {
    pub const TYPE_MASK: u64 = 0xE000_0000;
    pub const TYPE_CMD: u64 = 0x2000_0000;
    pub const CODE_MASK: u64 = 0x1FFF_FFFF;
    pub const BLK_MASK: u64 = 0x1FFF_0000;
    pub const ARG_MASK: u64 = 0x0000_FFFF;
    pub const SYM_UNICODE: u64 = 0x0100_0000;
    pub const fn blk(n: u64) -> u64 {
        n << 16
    }
    pub const ROUTE: u64 = blk(1);
    pub const PASSDOTS: u64 = blk(34);
    pub const LNUP: u64 = 1;
    pub const LNDN: u64 = 2;
    pub const WINUP: u64 = 3;
    pub const WINDN: u64 = 4;
    pub const TOP: u64 = 9;
    pub const BOT: u64 = 10;
    pub const TOP_LEFT: u64 = 11;
    pub const BOT_LEFT: u64 = 12;
    pub const CHRLT: u64 = 19;
    pub const CHRRT: u64 = 20;
    pub const HWINLT: u64 = 21;
    pub const HWINRT: u64 = 22;
    pub const FWINLT: u64 = 23;
    pub const FWINRT: u64 = 24;
    pub const HOME: u64 = 29;
    pub const RETURN: u64 = 31;
    pub const DISPMD: u64 = 33;
    pub const CSRTRK: u64 = 40;
    pub const HELP: u64 = 49;
    pub const INFO: u64 = 50;
    pub const SYM_BACKSPACE: u64 = 0xFF08;
    pub const SYM_TAB: u64 = 0xFF09;
    pub const SYM_LINEFEED: u64 = 0xFF0D;
    pub const SYM_ESCAPE: u64 = 0xFF1B;
}

/// FIDE Laws D.2.6: what a BrlAPI key code means on the display (see the README's key
/// table): the line and panning commands move the window, a routing key is
/// [`DisplayKey::Route`], a typed character (a dot chord through BRLTTY's text table) is
/// [`DisplayKey::Char`], RETURN/Enter confirms or sends, Backspace and Escape cancel, HOME
/// repeats, INFO says the time, HELP helps, DISPMD switches to the next mode, CSRTRK back
/// to the game. `None` for keys that mean nothing here.
pub fn decode_key(keycode: u64) -> Option<DisplayKey> {
    let code = keycode & code::CODE_MASK;
    if keycode & code::TYPE_MASK == code::TYPE_CMD {
        let arg = code & code::ARG_MASK;
        return match code & code::BLK_MASK {
            0 => Some(match arg {
                code::LNUP | code::WINUP => DisplayKey::LineUp,
                code::LNDN | code::WINDN => DisplayKey::LineDown,
                code::TOP | code::TOP_LEFT => DisplayKey::Top,
                code::BOT | code::BOT_LEFT => DisplayKey::Bottom,
                code::FWINLT | code::HWINLT | code::CHRLT => DisplayKey::PanLeft,
                code::FWINRT | code::HWINRT | code::CHRRT => DisplayKey::PanRight,
                code::HOME => DisplayKey::Key(Key::Repeat),
                code::RETURN => DisplayKey::Enter,
                code::DISPMD => DisplayKey::NextMode,
                code::CSRTRK => DisplayKey::GameMode,
                code::HELP => DisplayKey::Key(Key::Help),
                code::INFO => DisplayKey::Key(Key::Time),
                _ => return None,
            }),
            code::ROUTE => Some(DisplayKey::Route(usize::try_from(arg).ok()?)),
            code::PASSDOTS => {
                let dots = u8::try_from(arg & 0xFF).ok()?;
                Some(DisplayKey::Char(Cell(dots).to_char()))
            }
            _ => None,
        };
    }
    if keycode & code::TYPE_MASK != 0 {
        return None;
    }
    match code {
        code::SYM_BACKSPACE => Some(DisplayKey::Backspace),
        code::SYM_LINEFEED => Some(DisplayKey::Enter),
        code::SYM_ESCAPE => Some(DisplayKey::Escape),
        code::SYM_TAB => Some(DisplayKey::NextMode),
        c if c & code::SYM_UNICODE != 0 || c < 0x100 => {
            let ch = char::from_u32(u32::try_from(c & 0x00FF_FFFF).ok()?)?;
            (ch != char::REPLACEMENT_CHARACTER && !ch.is_control()).then_some(DisplayKey::Char(ch))
        }
        _ => None,
    }
}

// ---------------------------------------------------------------- the sink and its thread

/// What the sink hands the display's thread.
enum ToDevice {
    Outputs(Timestamp, Vec<Output>),
    Observe(Box<Chess>, Box<StatusSource>),
    Stop,
}

/// What the thread shares with the sink (for `ansage doctor`, tests and the benchmark).
#[derive(Debug)]
struct Shared {
    status: Mutex<DeviceStatus>,
    connections: AtomicU64,
    losses: AtomicU64,
    dropped: AtomicU64,
}

/// FIDE Laws D.2.6: the Braille display as a [`Sink`]; see the module documentation.
pub struct BrailleSink {
    tx: SyncSender<ToDevice>,
    thread: Option<JoinHandle<()>>,
    shared: Arc<Shared>,
    config: BrailleConfig,
}

impl std::fmt::Debug for BrailleSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BrailleSink")
            .field("config", &self.config)
            .field("status", &self.status())
            .finish()
    }
}

/// How many steps may wait for the display's thread before new ones are dropped (the main
/// loop never waits for a device).
const QUEUE: usize = 256;

impl BrailleSink {
    /// Starts the display's thread: it connects through `connector` (now and after every
    /// loss) and sends what is typed and pressed on the display to `inputs`, as the
    /// owner's acts.
    pub fn spawn(
        config: BrailleConfig,
        connector: Box<dyn Connector>,
        inputs: mpsc::Sender<StationInput>,
    ) -> Result<BrailleSink, PhraseError> {
        // Load the phrase book here once, so that a broken build fails at once.
        DisplayModel::new(config.owner, config.lang, 40, 1)?;
        let (tx, rx) = std_mpsc::sync_channel(QUEUE);
        let shared = Arc::new(Shared {
            status: Mutex::new(DeviceStatus::absent(
                "Braille display",
                format!("connecting to {}", connector.describe()),
            )),
            connections: AtomicU64::new(0),
            losses: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
        });
        let worker = Worker {
            config: config.clone(),
            connector,
            rx,
            inputs,
            shared: Arc::clone(&shared),
        };
        let thread = std::thread::Builder::new()
            .name("braille".into())
            .spawn(move || worker.run())
            .map_err(|e| PhraseError {
                file: "braille thread",
                detail: e.to_string(),
            })?;
        Ok(BrailleSink {
            tx,
            thread: Some(thread),
            shared,
            config,
        })
    }

    /// The display as `ansage doctor` reports it: connected or not, and why.
    pub fn status(&self) -> DeviceStatus {
        self.shared
            .status
            .lock()
            .map(|s| s.clone())
            .unwrap_or_else(|_| DeviceStatus::absent("Braille display", "state unknown"))
    }

    /// How many times a display was connected (1 at the start; more after losses).
    pub fn connections(&self) -> u64 {
        self.shared.connections.load(Ordering::SeqCst)
    }

    /// How many times the display was lost.
    pub fn losses(&self) -> u64 {
        self.shared.losses.load(Ordering::SeqCst)
    }

    /// The configuration (the coordinator reads `braille_only` from it).
    pub fn config(&self) -> &BrailleConfig {
        &self.config
    }

    fn send(&self, msg: ToDevice) {
        match self.tx.try_send(msg) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                if self.shared.dropped.fetch_add(1, Ordering::SeqCst) == 0 {
                    tracing::warn!("Braille display: its queue is full, updates dropped");
                }
            }
            Err(TrySendError::Disconnected(_)) => {}
        }
    }
}

impl Sink for BrailleSink {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        let wanted: Vec<Output> = outputs
            .iter()
            .filter(|o| matches!(o, Output::Braille(_) | Output::Status(_)))
            .cloned()
            .collect();
        self.send(ToDevice::Outputs(at, wanted));
    }

    fn observe(&mut self, session: &Session) {
        self.send(ToDevice::Observe(
            Box::new(session.position().clone()),
            Box::new(session.status_source()),
        ));
    }
}

impl Drop for BrailleSink {
    fn drop(&mut self) {
        // The stop must arrive even when the queue is full: wait for room.
        let _ = self.tx.send(ToDevice::Stop);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The display's thread.
struct Worker {
    config: BrailleConfig,
    connector: Box<dyn Connector>,
    rx: std_mpsc::Receiver<ToDevice>,
    inputs: mpsc::Sender<StationInput>,
    shared: Arc<Shared>,
}

/// The session's time as the thread sees it: the last step's instant, plus the time since.
#[derive(Copy, Clone)]
struct Clockwork {
    at: Timestamp,
    received: Instant,
}

impl Clockwork {
    fn now(&self) -> Timestamp {
        self.at + self.received.elapsed()
    }
}

impl Worker {
    fn set_status(&self, status: DeviceStatus) {
        if let Ok(mut s) = self.shared.status.lock() {
            *s = status;
        }
    }

    fn run(mut self) {
        let Ok(mut model) = DisplayModel::new(self.config.owner, self.config.lang, 40, 1) else {
            return;
        };
        let mut time: Option<Clockwork> = None;
        let mut backoff = self.config.backoff;
        let mut reported_absent = false;
        loop {
            match self.connector.connect() {
                Ok(mut term) => {
                    let (w, h) = term.size();
                    let what = format!("{} ({w}×{h} cells)", self.connector.describe());
                    if self.shared.connections.fetch_add(1, Ordering::SeqCst) > 0 {
                        tracing::warn!("Braille display back: {what}");
                    } else {
                        tracing::info!("Braille display: {what}");
                    }
                    self.set_status(DeviceStatus::present("Braille display", what));
                    reported_absent = false;
                    backoff = self.config.backoff;
                    model.resize(w, h);
                    match self.connected(term.as_mut(), &mut model, &mut time) {
                        Ok(()) => return,
                        Err(e) => {
                            self.shared.losses.fetch_add(1, Ordering::SeqCst);
                            tracing::warn!("{e}; the game goes on, reconnecting");
                            self.set_status(DeviceStatus::absent(
                                "Braille display",
                                format!("lost ({}); reconnecting", e.0),
                            ));
                        }
                    }
                }
                Err(e) => {
                    if !reported_absent {
                        tracing::warn!("{e}; the game goes on, retrying");
                        reported_absent = true;
                        self.set_status(DeviceStatus::absent(
                            "Braille display",
                            format!(
                                "{} ({}); install and start brltty, or set BRLAPI_HOST/BRLAPI_AUTH",
                                e.0,
                                self.connector.describe()
                            ),
                        ));
                    }
                    // Keep following the game while waiting.
                    let until = Instant::now() + backoff;
                    loop {
                        let left = until.saturating_duration_since(Instant::now());
                        if left.is_zero() {
                            break;
                        }
                        match self.rx.recv_timeout(left) {
                            Ok(ToDevice::Stop) | Err(RecvTimeoutError::Disconnected) => return,
                            Ok(msg) => apply(&mut model, &mut time, msg),
                            Err(RecvTimeoutError::Timeout) => break,
                        }
                    }
                    backoff = (backoff * 2).min(self.config.max_backoff);
                }
            }
        }
    }

    /// Runs while the display is connected: `Ok` when told to stop, `Err` when it is lost.
    fn connected(
        &mut self,
        term: &mut dyn Terminal,
        model: &mut DisplayModel,
        time: &mut Option<Clockwork>,
    ) -> Result<(), LinkError> {
        let mut shown: Option<Vec<Cell>> = None;
        let mut next_tick = Instant::now();
        loop {
            // Everything waiting, then draw once.
            let first = self.rx.recv_timeout(self.config.poll);
            let mut pending: VecDeque<ToDevice> = VecDeque::new();
            match first {
                Ok(msg) => pending.push_back(msg),
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
                Err(RecvTimeoutError::Timeout) => {}
            }
            while let Ok(msg) = self.rx.try_recv() {
                pending.push_back(msg);
            }
            for msg in pending {
                if matches!(msg, ToDevice::Stop) {
                    return Ok(());
                }
                apply(model, time, msg);
            }
            if model.ticking()
                && Instant::now() >= next_tick
                && let Some(t) = time
            {
                model.tick(t.now());
                next_tick = Instant::now() + Duration::from_millis(200);
            }
            while let Some(code) = term.read_key()? {
                let Some(key) = decode_key(code) else {
                    tracing::debug!("Braille display: key {code:#x} ignored");
                    continue;
                };
                for event in model.key(key) {
                    let input = Input::Act {
                        by: self.config.owner,
                        event,
                    };
                    if self
                        .inputs
                        .blocking_send(StationInput::Input(input))
                        .is_err()
                    {
                        return Ok(());
                    }
                }
            }
            let cells = model.cells();
            if shown.as_ref() != Some(&cells) {
                term.write(&cells)?;
                shown = Some(cells);
            }
        }
    }
}

fn apply(model: &mut DisplayModel, time: &mut Option<Clockwork>, msg: ToDevice) {
    match msg {
        ToDevice::Outputs(at, outputs) => {
            *time = Some(Clockwork {
                at,
                received: Instant::now(),
            });
            model.deliver(&outputs);
        }
        ToDevice::Observe(position, status) => model.observe(&position, *status),
        ToDevice::Stop => {}
    }
}

// ---------------------------------------------------------------- backends always built

/// A display on stderr: each new content as one line of Unicode braille (`display: ⠠⠎⠋⠒`);
/// no keys. For trying the display's model without a device.
#[derive(Debug, Clone, Copy)]
pub struct ConsoleConnector {
    /// Cells per line.
    pub width: usize,
}

struct ConsoleTerminal {
    width: usize,
}

impl Connector for ConsoleConnector {
    fn connect(&mut self) -> Result<Box<dyn Terminal>, LinkError> {
        Ok(Box::new(ConsoleTerminal { width: self.width }))
    }
    fn describe(&self) -> String {
        format!("console, {} cells", self.width)
    }
}

impl Terminal for ConsoleTerminal {
    fn size(&self) -> (usize, usize) {
        (self.width, 1)
    }
    fn write(&mut self, cells: &[Cell]) -> Result<(), LinkError> {
        use std::io::Write;
        let mut err = std::io::stderr().lock();
        writeln!(err, "display: {}", to_unicode(cells).trim_end_matches('⠀'))
            .map_err(|e| LinkError(e.to_string()))
    }
    fn read_key(&mut self) -> Result<Option<u64>, LinkError> {
        Ok(None)
    }
}

/// The state of a [`FakeConnector`]'s display, shared with the test that drives it.
#[derive(Debug, Default)]
pub struct FakeDisplay {
    /// Whether the display can be reached; unplugging it loses the connection.
    pub present: bool,
    /// Cells per line and lines.
    pub size: (usize, usize),
    /// What it shows.
    pub cells: Vec<Cell>,
    /// Keys waiting to be read (BrlAPI key codes).
    pub keys: VecDeque<u64>,
    /// Every write, in order.
    pub writes: Vec<Vec<Cell>>,
    /// Counts unpluggings: a connection made before one is lost for good.
    pub generation: u64,
}

impl FakeDisplay {
    /// Pulls the cable: the current connection is lost, new ones are refused.
    pub fn unplug(&mut self) {
        self.present = false;
        self.generation += 1;
    }

    /// Plugs it in again: the next connection succeeds.
    pub fn plug(&mut self) {
        self.present = true;
    }
}

/// A display in memory, for tests: plug it in and out, press keys, read what it shows.
#[derive(Debug, Clone)]
pub struct FakeConnector {
    /// The display, shared with the test.
    pub display: Arc<Mutex<FakeDisplay>>,
    /// Wakes the test on every write.
    pub written: Option<std_mpsc::Sender<Vec<Cell>>>,
}

struct FakeTerminal {
    display: Arc<Mutex<FakeDisplay>>,
    written: Option<std_mpsc::Sender<Vec<Cell>>>,
    size: (usize, usize),
    generation: u64,
}

impl FakeConnector {
    fn lock(
        display: &Arc<Mutex<FakeDisplay>>,
    ) -> Result<std::sync::MutexGuard<'_, FakeDisplay>, LinkError> {
        display
            .lock()
            .map_err(|_| LinkError("fake display poisoned".into()))
    }
}

impl FakeTerminal {
    fn live(&self) -> Result<std::sync::MutexGuard<'_, FakeDisplay>, LinkError> {
        let d = FakeConnector::lock(&self.display)?;
        if !d.present || d.generation != self.generation {
            return Err(LinkError("connection lost".into()));
        }
        Ok(d)
    }
}

impl Connector for FakeConnector {
    fn connect(&mut self) -> Result<Box<dyn Terminal>, LinkError> {
        let d = FakeConnector::lock(&self.display)?;
        if !d.present {
            return Err(LinkError("connection refused".into()));
        }
        Ok(Box::new(FakeTerminal {
            display: Arc::clone(&self.display),
            written: self.written.clone(),
            size: d.size,
            generation: d.generation,
        }))
    }
    fn describe(&self) -> String {
        "fake display".into()
    }
}

impl Terminal for FakeTerminal {
    fn size(&self) -> (usize, usize) {
        self.size
    }
    fn write(&mut self, cells: &[Cell]) -> Result<(), LinkError> {
        let mut d = self.live()?;
        d.cells = cells.to_vec();
        d.writes.push(cells.to_vec());
        if let Some(tx) = &self.written {
            let _ = tx.send(cells.to_vec());
        }
        Ok(())
    }
    fn read_key(&mut self) -> Result<Option<u64>, LinkError> {
        Ok(self.live()?.keys.pop_front())
    }
}

#[cfg(test)]
mod tests;
