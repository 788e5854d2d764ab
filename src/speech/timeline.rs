//! A virtual speaker: what the session said, run through the speech [`Scheduler`] in
//! virtual time, each utterance as long as its words take to say. It shows what a pure
//! transcript cannot: when each utterance starts, is cut short, is dropped (and why) or
//! ends. The golden transcripts of the speech order (`tests/golden/speech/`) end with one
//! such timeline per listener.
//!
//! The length of an utterance is estimated from its text by [`spoken_length`], calibrated
//! against espeak-ng at its default rate (175 words a minute): a lead of silence and
//! start-up, then so many characters a second, a digit counting as four characters (it is
//! said as a number word). Fitted by least squares to the lengths of espeak-ng's WAV
//! output (`espeak-ng -v LANG -w out.wav TEXT`) for 13 or 14 messages of each language
//! (one-word countdown numbers to the 6-s help); the estimate is within 0.4 s of the
//! measured length for each of them.

use std::time::{Duration, Instant};

use crate::core::lang::Language;
use crate::core::output::{Audience, Output};
use crate::core::script::stamp;
use crate::core::time::Timestamp;

use super::Utterance;
use super::schedule::{Action, DropReason, Scheduler};

/// Per language: the lead (silence and start-up, milliseconds) and the characters said a
/// second, at espeak-ng's default rate.
fn rate(lang: Language) -> (u64, f64) {
    match lang {
        Language::De => (310, 15.8),
        Language::Es => (250, 15.2),
        Language::En => (270, 15.6),
    }
}

/// How long espeak-ng at its default rate takes to say `text` (an estimate, see the
/// module's documentation).
pub fn spoken_length(text: &str, lang: Language) -> Duration {
    let (lead, per_second) = rate(lang);
    let chars = text
        .chars()
        .map(|c| if c.is_ascii_digit() { 4.0 } else { 1.0 })
        .sum::<f64>();
    Duration::from_millis(lead) + Duration::from_secs_f64(chars / per_second)
}

/// What happened on the virtual speaker, and when (virtual time since the game's start).
#[derive(Clone, Debug, PartialEq)]
pub enum Heard {
    /// It started to sound, after waiting `waited` since it was said.
    Start {
        /// When.
        at: Timestamp,
        /// What.
        utterance: Utterance,
        /// How long it waited to start.
        waited: Duration,
    },
    /// It was said to its end.
    End {
        /// When.
        at: Timestamp,
        /// What.
        utterance: Utterance,
    },
    /// It was cut short while it played, `after` so long.
    Cut {
        /// When.
        at: Timestamp,
        /// What.
        utterance: Utterance,
        /// Why.
        reason: DropReason,
        /// How long it had played.
        after: Duration,
    },
    /// It was never said (or not said again).
    Dropped {
        /// When.
        at: Timestamp,
        /// What.
        utterance: Utterance,
        /// Why.
        reason: DropReason,
    },
}

/// What plays on the virtual speaker.
struct Playing {
    utterance: Utterance,
    start: Instant,
    end: Instant,
}

/// The virtual speaker's state and record.
struct Speaker {
    base: Instant,
    sched: Scheduler,
    playing: Option<Playing>,
    heard: Vec<Heard>,
}

impl Speaker {
    fn at(&self, i: Instant) -> Timestamp {
        Timestamp::from_duration(i.saturating_duration_since(self.base))
    }

    /// Does what the scheduler decided at `now`.
    fn act(&mut self, actions: Vec<Action>, now: Instant) {
        let at = self.at(now);
        for a in actions {
            match a {
                Action::Cancel => {}
                Action::Speak(u) => {
                    let waited = u
                        .handed
                        .map_or(Duration::ZERO, |h| now.saturating_duration_since(h));
                    self.playing = Some(Playing {
                        end: now + spoken_length(&u.text, u.lang),
                        utterance: u.clone(),
                        start: now,
                    });
                    self.heard.push(Heard::Start {
                        at,
                        utterance: u,
                        waited,
                    });
                }
                Action::Drop(u, reason) => {
                    let cut = self.playing.take_if(|p| {
                        p.utterance.text == u.text && p.utterance.to == u.to && p.end > now
                    });
                    self.heard.push(match cut {
                        Some(p) => Heard::Cut {
                            at,
                            utterance: u,
                            reason,
                            after: now.saturating_duration_since(p.start),
                        },
                        None => Heard::Dropped {
                            at,
                            utterance: u,
                            reason,
                        },
                    });
                }
            }
        }
    }

    /// Lets what plays end, and what follows start, up to `until`.
    fn run_until(&mut self, until: Option<Instant>) {
        while let Some(end) = self.playing.as_ref().map(|p| p.end) {
            if until.is_some_and(|u| end > u) {
                break;
            }
            if let Some(p) = self.playing.take() {
                let at = self.at(end);
                self.heard.push(Heard::End {
                    at,
                    utterance: p.utterance,
                });
            }
            let actions = self.sched.ended(end);
            self.act(actions, end);
        }
    }
}

impl Heard {
    /// Its line in a golden timeline: `@T start:WHO (waited D) TEXT`, `@T end:WHO TEXT`,
    /// `@T cut:WHO (REASON after D) TEXT`, `@T drop:WHO (REASON) TEXT`.
    pub fn line(&self) -> String {
        match self {
            Heard::Start {
                at,
                utterance: u,
                waited,
            } => {
                let waited = if waited.is_zero() {
                    String::new()
                } else {
                    format!("(waited {}) ", seconds(*waited))
                };
                format!("{} start:{} {waited}{}", stamp(*at), u.to.name(), u.text)
            }
            Heard::End { at, utterance: u } => {
                format!("{} end:{} {}", stamp(*at), u.to.name(), u.text)
            }
            Heard::Cut {
                at,
                utterance: u,
                reason,
                after,
            } => format!(
                "{} cut:{} ({} after {}) {}",
                stamp(*at),
                u.to.name(),
                reason.name(),
                seconds(*after),
                u.text
            ),
            Heard::Dropped {
                at,
                utterance: u,
                reason,
            } => format!(
                "{} drop:{} ({}) {}",
                stamp(*at),
                u.to.name(),
                reason.name(),
                u.text
            ),
        }
    }
}

/// Seconds with milliseconds ("1.250 s").
fn seconds(d: Duration) -> String {
    format!("{}.{:03} s", d.as_secs(), d.subsec_millis())
}

/// The timeline of what a speaker for `listeners` (and for all) says of `outputs` (each
/// with the instant the session gave it), one line an event ([`Heard::line`]): `@T
/// start:WHO TEXT` (with how long it waited, if it did), `@T end:WHO TEXT`, `@T cut:WHO
/// (REASON after D) TEXT` for one cut short while it played, `@T drop:WHO (REASON) TEXT`
/// for one never said.
pub fn timeline(outputs: &[(Timestamp, Output)], listeners: &[Audience]) -> Vec<String> {
    heard(outputs, listeners).iter().map(Heard::line).collect()
}

/// What a speaker for `listeners` (and for all) does with `outputs` (each with the instant
/// the session gave it), in virtual time: each utterance started, ended, cut short or
/// dropped, in order.
pub fn heard(outputs: &[(Timestamp, Output)], listeners: &[Audience]) -> Vec<Heard> {
    let hears = |to: Audience| to == Audience::All || listeners.contains(&to);
    let base = Instant::now();
    let mut speaker = Speaker {
        base,
        sched: Scheduler::new(),
        playing: None,
        heard: Vec::new(),
    };
    for (at, output) in outputs {
        let now = base + at.since_epoch();
        match output {
            Output::Say(s) if hears(s.to) => {
                speaker.run_until(Some(now));
                let utterance = Utterance {
                    text: s.text.clone(),
                    lang: s.lang,
                    priority: s.priority,
                    to: s.to,
                    handed: Some(now),
                    expires: s.expires.map(|e| base + e.since_epoch()),
                    live: None,
                    reply_to: s.reply_to,
                    ply: s.ply,
                };
                let actions = speaker.sched.push(utterance, now);
                speaker.act(actions, now);
            }
            Output::Hush { to } if hears(*to) => {
                speaker.run_until(Some(now));
                let actions = speaker.sched.stop();
                speaker.act(actions, now);
            }
            _ => {}
        }
    }
    speaker.run_until(None);
    speaker.heard
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::output::{Priority, Speech};

    /// What the session says at `at`, in reply to White's input `reply_to` if given.
    fn say(
        at: u64,
        text: &str,
        priority: Priority,
        expires: Option<u64>,
        reply_to: Option<u64>,
    ) -> (Timestamp, Output) {
        (
            Timestamp::from_millis(at),
            Output::Say(Speech {
                text: text.into(),
                lang: Language::De,
                priority,
                to: Audience::White,
                error: false,
                expires: expires.map(Timestamp::from_millis),
                live: None,
                reply_to,
                ply: 0,
            }),
        )
    }

    #[test]
    fn lengths_follow_the_calibration() {
        // (text, language, espeak-ng's length in ms at its default rate, measured)
        let cases = [
            ("zehn", Language::De, 740),
            ("Achtung, nur noch 2 Minuten.", Language::De, 2_100),
            (
                "Weiß: 14 Minuten 6 Sekunden übrig, eine Minute 43 Sekunden verbraucht, 5 Züge.",
                Language::De,
                6_570,
            ),
            ("diez", Language::Es, 630),
            ("Quedan 3 minutos.", Language::Es, 1_440),
            (
                "Diga su jugada, por ejemplo caballo efe tres o e cuatro. Sí confirma, no corrige.",
                Language::Es,
                5_410,
            ),
            ("ten", Language::En, 640),
            (
                "White: 14 minutes 6 seconds left, one minute 43 seconds used, 5 moves.",
                Language::En,
                5_970,
            ),
        ];
        for (text, lang, measured) in cases {
            let estimate = spoken_length(text, lang).as_millis();
            assert!(
                estimate.abs_diff(measured) <= 400,
                "{text}: estimated {estimate} ms, espeak-ng {measured} ms"
            );
        }
    }

    #[test]
    fn starts_cuts_drops_and_ends() {
        use Priority::*;
        let outputs = vec![
            say(
                0,
                "Sagen Sie Ihren Zug, zum Beispiel Eva vier.",
                Answer,
                None,
                Some(1),
            ),
            say(1_000, "Eva fünf.", Move, None, None),
            say(1_000, "Sie: 14 Minuten.", Answer, None, Some(2)),
            say(1_000, "neun", Reminder, Some(1_500), None),
        ];
        let got = timeline(&outputs, &[Audience::White]);
        let want = [
            "@0.000 start:white Sagen Sie Ihren Zug, zum Beispiel Eva vier.",
            "@1.000 cut:white (interrupted after 1.000 s) Sagen Sie Ihren Zug, zum Beispiel Eva vier.",
            "@1.000 start:white Eva fünf.",
            "@1.879 end:white Eva fünf.",
            "@1.879 start:white (waited 0.879 s) Sie: 14 Minuten.",
            "@3.582 end:white Sie: 14 Minuten.",
            "@3.582 drop:white (late) neun",
        ];
        assert_eq!(got, want);
        // Black hears nothing of it.
        assert!(timeline(&outputs, &[Audience::Black]).is_empty());
    }
}
