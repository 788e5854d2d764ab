//! What the streams' tasks share to follow the core's reconnection rule
//! ([`crate::core::online::reconnect`]) (feature `online`): the waits, the rule's virtual
//! time read from the runtime's clock, a request's failure as the rule's verdict, and the
//! rule's sentences as message ids.

use std::future::Future;
use std::time::Duration;

use crate::core::online::reconnect::{
    Failure, Reconnect, ReconnectSettings, Said, Verdict, classify,
};
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

/// Asks `ask` until it answers, under the rule (issue 32.1): after a passing fault (a 5xx,
/// a redirect, a cut, no answer) the rule's growing wait, after a rate limit its minute;
/// what the rule says goes to `say` (once per outage). A refusal for good (the token, a
/// request refused) is the error, and so is no answer at all when the server has never
/// answered yet (`answered` false): its address or the network is to check, which
/// trying again would not mend.
pub async fn persist<T, F, Fut>(
    waits: Waits,
    answered: bool,
    mut ask: F,
    mut say: impl FnMut(Said),
) -> Result<T, ApiError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, ApiError>>,
{
    let mut rule = Reconnect::new(waits.rule, seed());
    let mut answered = answered;
    loop {
        let e = match ask().await {
            Ok(found) => return Ok(found),
            Err(e) => e,
        };
        let failure = match verdict(&e) {
            Verdict::Retry(Failure::Network) if !answered => return Err(e),
            Verdict::Retry(failure) => failure,
            Verdict::TokenRefused | Verdict::TokenScope | Verdict::Unavailable => return Err(e),
        };
        answered = true;
        tracing::info!("online: tried again: {e}");
        let next = rule.failed(failure);
        if let Some(said) = next.say {
            say(said);
        }
        tokio::time::sleep(next.wait).await;
    }
}
