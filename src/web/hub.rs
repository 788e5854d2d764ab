//! What the server's requests and the station's [`super::WebSink`] share: the published
//! state, the access table, the way into the station's input channel, and what the run is
//! (its epoch, timeline, seats and address).

use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use shakmaty::Color;
use tokio::sync::{mpsc, watch};

use super::access::{Access, Grant};
use super::state::Published;
use super::words::Words;
use crate::core::input::AccessRole;
use crate::core::setup::Impaired;
use crate::station::{StationInput, Timeline};

/// Which colour each player's role has.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seats {
    /// The visually impaired player's colour (White when both are).
    pub player: Color,
    /// The sighted opponent's.
    pub opponent: Color,
}

impl Seats {
    /// The seats of a game whose visually impaired side(s) are `impaired`.
    pub fn of(impaired: Impaired) -> Seats {
        let player = if impaired.includes(Color::White) || !impaired.includes(Color::Black) {
            Color::White
        } else {
            Color::Black
        };
        Seats {
            player,
            opponent: !player,
        }
    }

    /// What `role` may do, with its colour.
    pub fn grant(self, role: AccessRole) -> Grant {
        let colour = match role {
            AccessRole::Opponent => Some(self.opponent),
            AccessRole::Player => Some(self.player),
            AccessRole::Spectator | AccessRole::Arbiter => None,
        };
        Grant { role, colour }
    }
}

/// The most pages open at once; one more is refused (503).
pub const MAX_STREAMS: usize = 256;

/// How long an action waits for the station to handle it.
pub const ACT_TIMEOUT: Duration = Duration::from_secs(10);

/// What the server and the sink share.
#[derive(Debug)]
pub struct Hub {
    /// The state, published by the sink after every step that changed it (its sender is
    /// the sink's: when the station stops, every page's stream ends).
    pub state: watch::Receiver<Arc<Published>>,
    /// The codes and tokens.
    pub access: Mutex<Access>,
    /// Where the grants are written beside the journal, if the game has one.
    pub saver: Option<super::store::Saver>,
    /// Pages open now, for the arbiter's page ("Offene Seiten", pushed at every change).
    pub pages: watch::Sender<usize>,
    /// This station run (a page that sees a new one reloads).
    pub epoch: String,
    /// The session's time (each event's `sent_ms`).
    pub timeline: Timeline,
    /// The players' colours.
    pub seats: Seats,
    /// The page's address (`http://ADDR/`).
    pub url: String,
    /// The page's address as the station says and shows it.
    pub address: super::address::PageAddress,
    /// The refusals' words.
    pub words: Words,
    /// The station's input channel.
    pub tx: mpsc::Sender<StationInput>,
    /// Pages open now.
    pub streams: AtomicUsize,
    /// One action at a time: a second one on the same state is stale (409).
    pub acting: tokio::sync::Mutex<()>,
    /// When the server started (the access table's time).
    pub started: Instant,
}

impl Hub {
    /// The access table's time.
    pub fn now(&self) -> Duration {
        self.started.elapsed()
    }

    /// The access table (a poisoned lock is taken over: the table is plain data).
    pub fn access(&self) -> MutexGuard<'_, Access> {
        self.access
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Writes the grants beside the journal (after a join, a leave, a revocation).
    pub fn save_grants(&self) {
        if let Some(saver) = &self.saver {
            let stored = self.access().stored();
            saver.save(stored);
        }
    }

    /// The state published last.
    pub fn published(&self) -> Arc<Published> {
        Arc::clone(&self.state.borrow())
    }

    /// The session's time now, in milliseconds.
    pub fn now_ms(&self) -> u64 {
        self.timeline.now().as_millis()
    }
}
