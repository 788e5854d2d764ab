//! When to open a server's stream again, and what to say about it (issue 32): one rule for
//! every stream of online play (the game's and the account's event stream), pure, in
//! virtual time.
//!
//! The adapter tells the policy what happened, with the instant: a stream opened, a real
//! line arrived on it, it ended or broke, or opening it failed (and how: see
//! [`classify`]). The policy answers how long to wait before the next attempt and what to
//! say. The wait grows (doubling from `first`, at most `cap`, less a random quarter at
//! most so that stations do not come back in step) on every failure and on every stream
//! that ends before it was *stable*; it starts from `first` again only once a stream has
//! been stable: open for `stable` and with its first real line (a keep-alive is no real
//! line on the game's stream). A rate limit (429) waits `rate_limit`, a full minute at
//! lichess. "Connection lost" is said once per outage, when it begins; "connected again"
//! once, when a stream is stable again. So a server that opens streams and closes them at
//! once (a proxy, a restart) is asked a few times a minute, and the player hears two
//! sentences, not two a second.

use std::time::Duration;

use crate::core::time::Timestamp;

/// The waits of the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReconnectSettings {
    /// The first wait after a failure (then doubled).
    pub first: Duration,
    /// The longest wait between two attempts.
    pub cap: Duration,
    /// How long a stream must stay open (with a real line) to count as stable.
    pub stable: Duration,
    /// The wait after a rate limit (429): at least a minute at lichess.
    pub rate_limit: Duration,
}

impl Default for ReconnectSettings {
    fn default() -> ReconnectSettings {
        ReconnectSettings {
            first: Duration::from_secs(1),
            cap: Duration::from_secs(30),
            stable: Duration::from_secs(10),
            rate_limit: Duration::from_secs(60),
        }
    }
}

/// Why an attempt to open a stream (or a request) failed, as far as the rule cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer: the network, a timeout, a connection cut; or a stream that sent no real
    /// line in time (keep-alives only, a drip).
    Network,
    /// The server answered with a fault of its own: a 5xx, or a redirect (3xx), which the
    /// station does not follow.
    ServerFault,
    /// Too many requests (429).
    RateLimited,
}

/// What a failed attempt means: try again, or stop for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A passing fault: try again after the rule's wait.
    Retry(Failure),
    /// 401: the token is unknown or revoked.
    TokenRefused,
    /// 403: the token lacks the scope.
    TokenScope,
    /// 404, or lichess's "cannot be played with the Board API", or another refusal of the
    /// request itself (4xx): trying again would not help.
    Unavailable,
}

/// What a failed request's answer means: `status` is the HTTP status (`None`: no answer at
/// all).
pub fn classify(status: Option<u16>) -> Verdict {
    match status {
        None | Some(408) => Verdict::Retry(Failure::Network),
        Some(401) => Verdict::TokenRefused,
        Some(403) => Verdict::TokenScope,
        Some(429) => Verdict::Retry(Failure::RateLimited),
        Some(300..=399 | 500..=599) => Verdict::Retry(Failure::ServerFault),
        // 404 ("No such game"), 400 ("This game cannot be played with the Board API.")
        // and every other refusal of the request itself.
        Some(_) => Verdict::Unavailable,
    }
}

/// What to say about the connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// The connection is lost (an outage begins): said once per outage.
    Lost,
    /// The server answers with a fault (an outage begins so): said once per outage.
    ServerFault,
    /// Too many requests: the next attempt waits the rate limit.
    RateLimited,
    /// The stream is stable again after an outage.
    Back,
}

/// The rule's answer to a failure or an ended stream: wait this long, then try again;
/// say this first, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Next {
    /// How long to wait before the next attempt.
    pub wait: Duration,
    /// What to say now.
    pub say: Option<Said>,
}

/// The open stream, as the rule sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Open {
    since: Timestamp,
    line: bool,
    stable: bool,
}

/// The rule's state for one stream (see the module's docs).
#[derive(Clone, Debug)]
pub struct Reconnect {
    settings: ReconnectSettings,
    /// Attempts that failed or ended unstable since the last stable stream.
    failures: u32,
    open: Option<Open>,
    /// "Lost" was said and "back" not yet.
    outage: bool,
    /// The jitter's generator (xorshift), from the adapter's seed.
    state: u64,
}

impl Reconnect {
    /// The rule with `settings`; `seed` drives the jitter (any value; tests fix it).
    pub fn new(settings: ReconnectSettings, seed: u64) -> Reconnect {
        Reconnect {
            settings,
            failures: 0,
            open: None,
            outage: false,
            state: seed | 1,
        }
    }

    /// The settings.
    pub fn settings(&self) -> ReconnectSettings {
        self.settings
    }

    /// Whether an outage was said and the connection is not stable again yet.
    pub fn in_outage(&self) -> bool {
        self.outage
    }

    /// A stream opened at `now` (the server answered 200).
    pub fn opened(&mut self, now: Timestamp) {
        self.open = Some(Open {
            since: now,
            line: false,
            stable: false,
        });
    }

    /// A real line arrived on the open stream at `now`; what to say if that made it stable.
    pub fn line(&mut self, now: Timestamp) -> Option<Said> {
        if let Some(open) = self.open.as_mut() {
            open.line = true;
        }
        self.poll(now)
    }

    /// When the open stream becomes stable (if it has its real line and is not yet): the
    /// adapter calls [`Reconnect::poll`] then.
    pub fn next_deadline(&self) -> Option<Timestamp> {
        let open = self.open.filter(|o| o.line && !o.stable)?;
        Some(open.since + self.settings.stable)
    }

    /// Whether the open stream became stable by `now`: then the wait starts from the first
    /// again, and "back" is said if an outage was.
    pub fn poll(&mut self, now: Timestamp) -> Option<Said> {
        let stable = self.settings.stable;
        let open = self.open.as_mut()?;
        if open.stable || !open.line || now.saturating_since(open.since) < stable {
            return None;
        }
        open.stable = true;
        self.failures = 0;
        std::mem::replace(&mut self.outage, false).then_some(Said::Back)
    }

    /// The open stream ended or broke at `now` (the game goes on): an outage begins, or
    /// goes on if the stream was not stable.
    pub fn ended(&mut self, now: Timestamp) -> Next {
        // Its stability up to now counts (a stream that lived long enough): the waits
        // start from the first again. Had an outage not been told over yet, it goes on
        // for the player: neither "back" nor "lost" again.
        let back = self.poll(now);
        self.open = None;
        if back.is_some() {
            self.outage = true;
            return Next {
                wait: self.grow(),
                say: None,
            };
        }
        Next {
            say: self.begin(Said::Lost),
            wait: self.grow(),
        }
    }

    /// An attempt failed with a passing fault.
    pub fn failed(&mut self, failure: Failure) -> Next {
        self.open = None;
        match failure {
            Failure::RateLimited => {
                self.outage = true;
                self.failures = self.failures.saturating_add(1);
                Next {
                    wait: self.settings.rate_limit,
                    say: Some(Said::RateLimited),
                }
            }
            Failure::Network => Next {
                say: self.begin(Said::Lost),
                wait: self.grow(),
            },
            Failure::ServerFault => Next {
                say: self.begin(Said::ServerFault),
                wait: self.grow(),
            },
        }
    }

    /// The outage's first sentence, once.
    fn begin(&mut self, said: Said) -> Option<Said> {
        (!std::mem::replace(&mut self.outage, true)).then_some(said)
    }

    /// The next wait (`first` doubled per failure since the last stable stream, at most
    /// `cap`, less up to a quarter at random), and one failure more.
    fn grow(&mut self) -> Duration {
        let factor = 2u32.saturating_pow(self.failures.min(16));
        let base = self
            .settings
            .first
            .saturating_mul(factor)
            .min(self.settings.cap);
        self.failures = self.failures.saturating_add(1);
        let quarter = u32::try_from(self.random() % 1000).unwrap_or(0);
        base.saturating_sub(base.mul_f64(f64::from(quarter) / 4000.0))
    }

    /// The jitter's next number (xorshift64).
    fn random(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.state = x;
        x
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use proptest::prelude::*;

    use super::{Failure, Next, Reconnect, ReconnectSettings, Said, Verdict, classify};
    use crate::core::time::Timestamp;

    fn rule(seed: u64) -> Reconnect {
        Reconnect::new(ReconnectSettings::default(), seed)
    }

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn statuses() {
        let cases: &[(Option<u16>, Verdict)] = &[
            (None, Verdict::Retry(Failure::Network)),
            (Some(408), Verdict::Retry(Failure::Network)),
            (Some(500), Verdict::Retry(Failure::ServerFault)),
            (Some(502), Verdict::Retry(Failure::ServerFault)),
            (Some(503), Verdict::Retry(Failure::ServerFault)),
            (Some(301), Verdict::Retry(Failure::ServerFault)),
            (Some(302), Verdict::Retry(Failure::ServerFault)),
            (Some(429), Verdict::Retry(Failure::RateLimited)),
            (Some(401), Verdict::TokenRefused),
            (Some(403), Verdict::TokenScope),
            (Some(404), Verdict::Unavailable),
            (Some(400), Verdict::Unavailable),
        ];
        for (status, verdict) in cases {
            assert_eq!(classify(*status), *verdict, "{status:?}");
        }
    }

    /// A server that answers every stream and closes it at once (a proxy, a restart): the
    /// waits grow to the cap, "lost" is said once, and at most 10 attempts a minute.
    #[test]
    fn a_flapping_server_is_asked_a_few_times_a_minute() {
        for seed in [1, 7, 42, 1234, u64::MAX] {
            let mut rule = rule(seed);
            let mut now = Timestamp::ZERO;
            let (mut attempts, mut lost, mut waits) = (Vec::new(), 0, Vec::new());
            while now < Timestamp::from_duration(secs(600)) {
                attempts.push(now);
                rule.opened(now);
                assert_eq!(rule.line(now), None, "a gameFull at once");
                let next = rule.ended(now + Duration::from_millis(50));
                lost += usize::from(next.say == Some(Said::Lost));
                assert!(next.say.is_none() || next.say == Some(Said::Lost));
                waits.push(next.wait);
                now = now + Duration::from_millis(50) + next.wait;
            }
            assert_eq!(lost, 1, "said once per outage");
            for window in attempts.windows(11) {
                let span = window[10].saturating_since(window[0]);
                assert!(span >= secs(60), "11 attempts within {span:?}: {waits:?}");
            }
            assert!(waits.iter().all(|w| *w <= secs(30)), "{waits:?}");
            assert!(waits[6..].iter().all(|w| *w >= secs(22)), "{waits:?}");
        }
    }

    /// The waits double from the first, less at most a quarter.
    #[test]
    fn the_waits_double_with_jitter() {
        let mut rule = rule(99);
        let mut base = secs(1);
        for _ in 0..8 {
            let Next { wait, .. } = rule.failed(Failure::Network);
            assert!(
                wait <= base && wait >= base.mul_f64(0.75),
                "{wait:?} {base:?}"
            );
            base = (base * 2).min(secs(30));
        }
    }

    /// A stream stable for the stable period resets the waits and says "back" once; a
    /// stream that ends before it is stable does not.
    #[test]
    fn only_a_stable_stream_resets_the_waits() {
        let mut rule = rule(5);
        let t = |s: u64| Timestamp::from_duration(secs(s));
        assert_eq!(rule.failed(Failure::Network).say, Some(Said::Lost));
        assert_eq!(rule.failed(Failure::ServerFault).say, None, "one outage");
        assert!(rule.failed(Failure::Network).wait >= secs(3));
        rule.opened(t(10));
        assert_eq!(rule.line(t(10)), None);
        assert_eq!(rule.next_deadline(), Some(t(20)));
        assert_eq!(rule.poll(t(19)), None);
        // Ended unstable: the waits go on growing, nothing said again.
        let next = rule.ended(t(19));
        assert_eq!(next.say, None);
        assert!(next.wait >= secs(6), "{next:?}");
        rule.opened(t(30));
        rule.line(t(31));
        assert_eq!(rule.poll(t(41)), Some(Said::Back));
        assert_eq!(rule.poll(t(50)), None, "once");
        assert!(!rule.in_outage());
        let next = rule.ended(t(60));
        assert_eq!(next.say, Some(Said::Lost));
        assert!(next.wait <= secs(1), "from the first again: {next:?}");
    }

    /// A stream with keep-alives only (no real line) never becomes stable.
    #[test]
    fn keep_alives_alone_are_not_stable() {
        let mut rule = rule(3);
        rule.failed(Failure::Network);
        rule.opened(Timestamp::ZERO);
        assert_eq!(rule.next_deadline(), None);
        assert_eq!(rule.poll(Timestamp::from_duration(secs(100))), None);
        assert!(rule.in_outage());
    }

    /// A stream that lived long enough counts as stable when it ends, even if nobody polled:
    /// the waits start from the first again; the outage, never told over, goes on unsaid.
    #[test]
    fn a_long_stream_counts_when_it_ends() {
        let mut rule = rule(3);
        rule.failed(Failure::Network);
        rule.failed(Failure::Network);
        rule.opened(Timestamp::ZERO);
        rule.line(Timestamp::ZERO);
        let next = rule.ended(Timestamp::from_duration(secs(15)));
        assert_eq!(next.say, None);
        assert!(next.wait <= secs(1), "{next:?}");
        assert!(rule.in_outage());
    }

    /// A rate limit waits the full minute, and says so.
    #[test]
    fn a_rate_limit_waits_a_minute() {
        let mut rule = rule(3);
        let next = rule.failed(Failure::RateLimited);
        assert_eq!(next.wait, secs(60));
        assert_eq!(next.say, Some(Said::RateLimited));
    }

    proptest! {
        /// Whatever happens, every wait is at most the cap and a rate limit's wait is the full
        /// minute; "lost" (or the server's fault) and "back" alternate, starting with the loss.
        #[test]
        fn waits_are_bounded_and_sentences_alternate(
            steps in proptest::collection::vec((0u8..6, 0u64..30_000), 1..80),
            seed in any::<u64>(),
        ) {
            let mut rule = rule(seed);
            let mut now = Timestamp::ZERO;
            let mut last_said: Option<Said> = None;
            for (what, ms) in steps {
                now = now + Duration::from_millis(ms);
                let (said, next) = match what {
                    0 => { rule.opened(now); (None, None) }
                    1 => (rule.line(now), None),
                    2 => (rule.poll(now), None),
                    3 => { let n = rule.ended(now); (n.say, Some(n)) }
                    4 => { let n = rule.failed(Failure::Network); (n.say, Some(n)) }
                    _ => { let n = rule.failed(Failure::RateLimited); (n.say, Some(n)) }
                };
                if let Some(n) = next {
                    if what == 5 {
                        prop_assert_eq!(n.wait, secs(60));
                    } else {
                        prop_assert!(n.wait <= secs(30));
                    }
                }
                match said {
                    Some(Said::Lost | Said::ServerFault) => {
                        prop_assert!(last_said.is_none_or(|s| s == Said::Back));
                        last_said = said;
                    }
                    Some(Said::Back) => {
                        prop_assert!(matches!(
                            last_said,
                            Some(Said::Lost | Said::ServerFault | Said::RateLimited)
                        ));
                        last_said = said;
                    }
                    Some(Said::RateLimited) => last_said = said,
                    None => {}
                }
            }
        }
    }
}
