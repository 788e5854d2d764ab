//! From a made move to its cells on the Braille display: the session makes a move (the
//! sighted players of `vi=none` type them, so each is made at once), the outputs go to the
//! [`BrailleSink`] as the main loop hands them over, and the time runs until BRLTTY's
//! Virtual driver hands the new cells to the rig's emulated display (`vrdisplay.py` stamps
//! every line it receives in `$RIG_VR_DIR/vr.log`, to the millisecond). The expected cells
//! come from a second [`DisplayModel`] fed the same outputs, so a sample counts only when
//! the display shows exactly what it should. Needs the rig (tests/rig/up.sh).

use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use shakmaty::Chess;

use crate::journal::{Latencies, Mover};
use crate::vrlog::{VrLog, wall};
use ansage::braille::brlapi::BrlapiConnector;
use ansage::braille::{BrailleConfig, BrailleSink};
use ansage::core::display::DisplayModel;
use ansage::core::input::{Actor, Input};
use ansage::core::lang::Language;
use ansage::core::script;
use ansage::core::session::Session;
use ansage::core::step_view::StepView;
use ansage::core::time::Timestamp;
use ansage::station::Sink;

/// The benchmark's figures.
#[derive(Debug, Clone)]
pub struct BrailleBench {
    /// Made move handed to the sink → cells on the virtual display.
    pub latency: Latencies,
    /// Moves whose cells equalled the previous ones (no write to wait for; not counted).
    pub unchanged: usize,
    /// The display, as connected.
    pub display: String,
}

impl fmt::Display for BrailleBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "made move to its cells on the virtual display (cargo run --release --features bench,braille --bin ansage-bench -- braille)"
        )?;
        writeln!(f, "  display: {}", self.display)?;
        write!(
            f,
            "  {} ({} moves with unchanged cells not counted)",
            self.latency, self.unchanged
        )
    }
}

/// The error of the benchmark.
#[derive(Debug, thiserror::Error)]
pub enum BrailleBenchError {
    /// No rig.
    #[error("no rig: start tests/rig/up.sh and source its env.sh (RIG_VR_DIR is unset)")]
    NoRig,
    /// The session could not be set up.
    #[error("setup: {0}")]
    Setup(String),
    /// The display never connected or never showed a move.
    #[error("the display {0}")]
    Display(String),
    /// The log could not be read.
    #[error("vr.log: {0}")]
    Log(#[from] std::io::Error),
}

/// Plays `moves` moves and times each from the made move to its cells on the display.
pub fn braille_latency(moves: usize) -> Result<BrailleBench, BrailleBenchError> {
    let vr = std::env::var_os("RIG_VR_DIR")
        .map(PathBuf::from)
        .ok_or(BrailleBenchError::NoRig)?;
    let config = script::parse("@0 arbiter setup vi=none lang=de")
        .map_err(|e| BrailleBenchError::Setup(e.to_string()))?
        .setup;
    let owner = Actor::Player(shakmaty::Color::White);
    let (tx, _rx) = tokio::sync::mpsc::channel(64);
    let bconfig = BrailleConfig::new(owner, Language::De);
    let connector = BrlapiConnector::from_config(&bconfig);
    let mut sink = BrailleSink::spawn(bconfig, Box::new(connector), tx)
        .map_err(|e| BrailleBenchError::Setup(e.to_string()))?;
    let deadline = Instant::now() + Duration::from_secs(10);
    while !sink.status().present {
        if Instant::now() > deadline {
            return Err(BrailleBenchError::Display(format!(
                "did not connect: {}",
                sink.status()
            )));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let display = sink.status().detail;
    let mut log = VrLog::open(vr.join("vr.log"))?;
    let mut samples = Vec::with_capacity(moves);
    let mut unchanged = 0;
    let mut shown = String::new();
    let mut t = Timestamp::ZERO;
    // The same stream of outputs as the sink's own model, so the same cells.
    let (w, h) = parse_size(&display);
    let mut model = DisplayModel::new(owner, Language::De, w, h)
        .map_err(|e| BrailleBenchError::Setup(e.to_string()))?
        .with_table(ansage::braille::display_table(Language::De));
    'games: while samples.len() + unchanged < moves {
        let mut session =
            Session::new(config.clone()).map_err(|e| BrailleBenchError::Setup(e.to_string()))?;
        let mut mover = Mover {
            pos: Chess::default(),
            state: 0x5eed_u64.wrapping_add(samples.len() as u64),
            plies: 0,
        };
        while let Some(uci) = mover.next() {
            if samples.len() + unchanged >= moves {
                break 'games;
            }
            t = t + Duration::from_millis(500);
            let by = Actor::Player(shakmaty::Position::turn(session.position()));
            let outputs = session.handle(Input::typed(by, &uci), t);
            model.deliver(&outputs);
            model.observe(session.position(), session.status_source());
            let want = model.vr_dots();
            let sent = wall();
            sink.deliver(t, &outputs);
            sink.observe(&StepView::of(&session));
            if want == shown {
                unchanged += 1;
                continue;
            }
            match log.wait_for(&want, Duration::from_secs(5))? {
                Some(at) => samples.push(Duration::from_secs_f64((at - sent).max(0.0))),
                None => {
                    return Err(BrailleBenchError::Display(format!(
                        "never showed the cells after {uci} (move {})",
                        samples.len() + 1
                    )));
                }
            }
            shown = want;
        }
    }
    Ok(BrailleBench {
        latency: Latencies::of(samples),
        unchanged,
        display,
    })
}

/// The size in the status detail "… (40×1 cells)".
fn parse_size(detail: &str) -> (usize, usize) {
    detail
        .rsplit_once('(')
        .and_then(|(_, s)| s.split_once(" cells"))
        .and_then(|(s, _)| s.split_once('×'))
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .unwrap_or((40, 1))
}
