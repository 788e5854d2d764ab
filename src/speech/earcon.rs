//! Earcons: short generated tones beside the words. Which one plays is decided here (pure);
//! the sound card adapter plays them (`audio::earcons`, feature `audio`).
//!
//! - [`Tone::Made`]: a rising two-note chime when a move is made (FIDE Laws D.2.3: the
//!   move counts, the opponent's clock runs).
//! - [`Tone::Error`]: a low buzz with a message that reports an error
//!   ([`crate::core::output::Speech::error`]).
//! - [`Tone::Tick`]: a short click with each clock reminder while the listener's running
//!   clock is in its last minute (the core reminds every 10 s there and each second of
//!   the last 10; "Ansagen aus" silences both).

use std::time::Duration;

use crate::core::output::{Audience, ClockReading, Output, Priority};
use crate::core::time::Timestamp;

use super::EarconConfig;

/// One earcon.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tone {
    /// A move was made.
    Made,
    /// Something could not be understood or done.
    Error,
    /// Low time.
    Tick,
}

/// A note: frequency in Hz and length.
struct Note(f32, Duration);

impl Tone {
    fn notes(self) -> Vec<Note> {
        match self {
            Tone::Made => vec![
                Note(660.0, Duration::from_millis(70)),
                Note(990.0, Duration::from_millis(90)),
            ],
            Tone::Error => vec![Note(196.0, Duration::from_millis(220))],
            Tone::Tick => vec![Note(1500.0, Duration::from_millis(25))],
        }
    }

    /// The tone as mono samples in -1..1 at `rate` Hz: sine notes (the error tone with
    /// its third harmonic, so it buzzes) with 5 ms fades, so nothing clicks.
    pub fn samples(self, rate: u32) -> Vec<f32> {
        let rate_f = rate as f32;
        let fade = (rate_f * 0.005).max(1.0);
        let mut out = Vec::new();
        for Note(freq, len) in self.notes() {
            let n = (len.as_secs_f32() * rate_f) as usize;
            for i in 0..n {
                let t = i as f32 / rate_f;
                let phase = 2.0 * std::f32::consts::PI * freq * t;
                let mut s = phase.sin();
                if self == Tone::Error {
                    s = 0.7 * s + 0.3 * (3.0 * phase).sin();
                }
                let edge = (i as f32).min((n - i) as f32);
                let env = (edge / fade).min(1.0);
                out.push(0.5 * s * env);
            }
        }
        out
    }
}

/// Decides the earcons of one step of outputs.
#[derive(Clone, Debug)]
pub struct EarconChooser {
    config: EarconConfig,
    /// The last clock reading and its instant.
    clock: Option<(Timestamp, ClockReading)>,
}

impl EarconChooser {
    /// With these earcons switched on.
    pub fn new(config: EarconConfig) -> EarconChooser {
        EarconChooser {
            config,
            clock: None,
        }
    }

    /// The earcons for the outputs of one step at `at`, for a listener who hears what
    /// `hears` accepts.
    pub fn choose(
        &mut self,
        at: Timestamp,
        outputs: &[Output],
        hears: &dyn Fn(Audience) -> bool,
    ) -> Vec<Tone> {
        let mut tones = Vec::new();
        for o in outputs {
            match o {
                Output::Clock(c) => self.clock = Some((at, c.clone())),
                Output::Made(_) if self.config.made => tones.push(Tone::Made),
                Output::Say(s) if s.error && self.config.error && hears(s.to) => {
                    tones.push(Tone::Error);
                }
                Output::Say(s)
                    if s.priority == Priority::Reminder
                        && self.config.tick
                        && hears(s.to)
                        && self.running_below(at, Duration::from_secs(60)) =>
                {
                    tones.push(Tone::Tick);
                }
                _ => {}
            }
        }
        tones.dedup();
        tones
    }

    fn running_below(&self, at: Timestamp, limit: Duration) -> bool {
        let Some((since, c)) = &self.clock else {
            return false;
        };
        let Some(side) = c.running else { return false };
        let shown = if side.is_white() { c.white } else { c.black };
        shown.saturating_sub(at.saturating_since(*since)) <= limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::script;

    #[test]
    fn tones_are_short_audible_and_fade() {
        for (tone, ms) in [(Tone::Made, 160), (Tone::Error, 220), (Tone::Tick, 25)] {
            let s = tone.samples(48_000);
            assert_eq!(s.len(), 48 * ms, "{tone:?}");
            let peak = s.iter().fold(0f32, |m, x| m.max(x.abs()));
            assert!(peak > 0.3 && peak <= 0.5, "{tone:?} peak {peak}");
            assert!(
                s[0].abs() < 0.01 && s[s.len() - 1].abs() < 0.05,
                "{tone:?} clicks"
            );
        }
    }

    /// Runs a script and collects the earcons of each step for the white player.
    fn earcons(text: &str, config: EarconConfig) -> Vec<(u64, Tone)> {
        let parsed = script::parse(text).unwrap();
        let mut session = crate::core::session::Session::new(parsed.setup.clone()).unwrap();
        let mut chooser = EarconChooser::new(config);
        let hears = |a: Audience| a == Audience::White || a == Audience::All;
        let mut got = Vec::new();
        let mut take = |at: Timestamp, outs: &[Output], got: &mut Vec<(u64, Tone)>| {
            for t in chooser.choose(at, outs, &hears) {
                got.push((at.as_millis() / 1000, t));
            }
        };
        for step in &parsed.steps {
            while let Some((t, outs)) = session.poll_due(step.at) {
                take(t, &outs, &mut got);
            }
            if let script::Action::Input(input) = &step.action {
                let outs = session.handle(input.clone(), step.at);
                take(step.at, &outs, &mut got);
            }
        }
        got
    }

    #[test]
    fn made_error_and_low_time_ticks() {
        let text = "@0 arbiter setup tc=70 vi=white\n@0 arbiter key start\n\
                    @1 white type Ke2\n@2 white type e4\n@3 white key confirm\n\
                    @4 black type e5\n@40 black wait\n";
        let all = EarconConfig::default();
        let got = earcons(text, all);
        // Illegal king move: error; e4 confirmed: made; e5 (sighted): made. White's clock
        // runs from 4 s with 70 - 3 = 67 s left: reminders under a minute (at 60 s and
        // 50 s left) tick, and go to white.
        assert_eq!(
            got,
            vec![
                (1, Tone::Error),
                (3, Tone::Made),
                (4, Tone::Made),
                (11, Tone::Tick),
                (21, Tone::Tick),
                (31, Tone::Tick),
            ],
            "{got:?}"
        );
        let none = EarconConfig {
            made: false,
            error: false,
            tick: false,
        };
        assert!(earcons(text, none).is_empty());
    }
}
