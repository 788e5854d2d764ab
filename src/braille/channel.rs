//! What passes between the display's sink (on the main loop) and the display's thread: the
//! messages the sink sends, and what the thread reports back for `ansage doctor`, the
//! tests and the benchmark. Both [`super::sink`] and [`super::worker`] use this; it uses
//! neither.

use std::sync::Mutex;
use std::sync::atomic::AtomicU64;

use shakmaty::Chess;

use crate::adapter::DeviceStatus;
use crate::core::output::Output;
use crate::core::status::StatusSource;
use crate::core::time::Timestamp;

/// What the sink hands the display's thread.
pub(super) enum ToDevice {
    Outputs(Timestamp, Vec<Output>),
    Observe(Box<Chess>, Box<StatusSource>),
    Stop,
}

/// What the thread shares with the sink (for `ansage doctor`, tests and the benchmark).
#[derive(Debug)]
pub(super) struct Shared {
    pub(super) status: Mutex<DeviceStatus>,
    pub(super) connections: AtomicU64,
    pub(super) losses: AtomicU64,
    pub(super) dropped: AtomicU64,
}
