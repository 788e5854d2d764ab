//! What the streams' tasks share to follow the core's reconnection rule
//! ([`crate::core::online::reconnect`]) (feature `online`): the waits, the rule's virtual
//! time read from the runtime's clock, a request's failure as the rule's verdict, and the
//! rule's sentences as message ids.

use std::time::Duration;

use crate::core::online::reconnect::{Failure, ReconnectSettings, Said, Verdict, classify};
use crate::core::time::Timestamp;

use super::client::ApiError;

/// How long the tasks wait (shorter in tests against a server on this machine).
#[derive(Clone, Copy, Debug)]
pub struct Waits {
    /// The reconnection rule's waits (the back-off, its cap, a stable stream, a rate
    /// limit).
    pub rule: ReconnectSettings,
    /// How long a game's stream may go without its `gameFull` (keep-alives and a drip of
    /// bytes do not count): then it is given up and opened again, and the start says so.
    pub start: Duration,
}

impl Default for Waits {
    fn default() -> Waits {
        Waits {
            rule: ReconnectSettings::default(),
            start: Duration::from_secs(30),
        }
    }
}

impl Waits {
    /// Every wait times `factor` (the tests' short waits against a server on this
    /// machine).
    pub fn scaled(self, factor: f64) -> Waits {
        let scale = |d: Duration| d.mul_f64(factor);
        Waits {
            rule: ReconnectSettings {
                first: scale(self.rule.first),
                cap: scale(self.rule.cap),
                stable: scale(self.rule.stable),
                rate_limit: scale(self.rule.rate_limit),
            },
            start: scale(self.start),
        }
    }
}

/// The rule's instants: the time since the task began, on the runtime's clock.
#[derive(Clone, Copy, Debug)]
pub struct Clock(tokio::time::Instant);

impl Clock {
    /// A clock that starts now.
    pub fn start() -> Clock {
        Clock(tokio::time::Instant::now())
    }

    /// Now, as the rule's instant.
    pub fn now(&self) -> Timestamp {
        Timestamp::from_duration(self.0.elapsed())
    }

    /// The rule's instant `at` on the runtime's clock.
    pub fn instant(&self, at: Timestamp) -> tokio::time::Instant {
        self.0 + at.since_epoch()
    }
}

/// A seed for the rule's jitter: different in every process and task.
pub fn seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    u64::from(nanos) ^ (u64::from(std::process::id()) << 32)
}

/// What a request's failure means for the rule.
pub fn verdict(e: &ApiError) -> Verdict {
    match e {
        ApiError::Unauthorized(_) => Verdict::TokenRefused,
        ApiError::Forbidden(_) => Verdict::TokenScope,
        ApiError::RateLimited => Verdict::Retry(Failure::RateLimited),
        ApiError::Refused { status, .. } => classify(Some(*status)),
        ApiError::Unknown(_) => Verdict::Retry(Failure::Network),
    }
}

/// Whose stream a sentence is about: the game's, or the menu's event stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// The game's stream (the player's clock runs on the server meanwhile).
    Game,
    /// The menu's event stream.
    Lobby,
}

/// The message id that says the rule's `said` about `stream`.
pub fn sentence(said: Said, stream: Stream) -> &'static str {
    match (said, stream) {
        (Said::Lost, Stream::Game) => "online-connection-lost",
        (Said::Lost, Stream::Lobby) => "lobby-connection-lost",
        (Said::ServerFault, Stream::Game) => "online-server-fault",
        (Said::ServerFault, Stream::Lobby) => "lobby-server-fault",
        (Said::RateLimited, _) => "online-rate-limited",
        (Said::Back, Stream::Game) => "online-connection-back",
        (Said::Back, Stream::Lobby) => "lobby-connection-back",
    }
}
