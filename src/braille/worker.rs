//! The display's thread: it connects (and reconnects after a loss, with a growing pause),
//! follows the game, writes the cells when they change and sends the keys to the main loop.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self as std_mpsc, RecvTimeoutError};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::channel::{Shared, ToDevice};
use super::keys::decode_key;
use super::{BrailleConfig, Connector, LinkError, Terminal};
use crate::adapter::DeviceStatus;
use crate::core::display::DisplayModel;
use crate::core::input::Input;
use crate::core::phrases::Message;
use crate::core::scoresheet::braille::Cell;
use crate::core::time::Timestamp;
use crate::station::StationInput;

/// The display's thread.
pub(super) struct Worker {
    pub(super) config: BrailleConfig,
    pub(super) connector: Box<dyn Connector>,
    pub(super) rx: std_mpsc::Receiver<ToDevice>,
    pub(super) inputs: mpsc::Sender<StationInput>,
    pub(super) shared: Arc<Shared>,
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

    pub(super) fn run(mut self) {
        let Ok(model) = DisplayModel::new(self.config.owner, self.config.lang, 40, 1) else {
            return;
        };
        let mut model = model
            .with_table(super::display_table(self.config.lang))
            .with_countdown(self.config.countdown);
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
                    // What the player reads, in the game's language ("40 Zellen.").
                    let said = Message::new("device-braille-there").arg("width", w * h);
                    self.set_status(DeviceStatus::present("Braille display", what).said(said));
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
