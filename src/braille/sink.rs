//! The display's [`Sink`]: it hands the session's outputs to the display's thread through a
//! bounded queue (the main loop never waits for a device).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self as std_mpsc, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use tokio::sync::mpsc;

use super::channel::{Shared, ToDevice};
use super::worker::Worker;
use super::{BrailleConfig, Connector};
use crate::adapter::DeviceStatus;
use crate::core::display::DisplayModel;
use crate::core::output::Output;
use crate::core::phrases::PhraseError;
use crate::core::step_view::StepView;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

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

    fn observe(&mut self, step: &StepView) {
        self.send(ToDevice::Observe(
            Box::new(step.position.clone()),
            Box::new(step.status.clone()),
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
