//! What the device adapters share: the speaking gate between speech output and the
//! microphone, and how a device reports that it is present or absent.
//!
//! Each device is an adapter around the pure core (ARCHITECTURE.md): it implements the
//! station's `Sink` for what it shows or says, and sends the station's `StationInput` for
//! what it hears or reads. The real backends sit behind cargo features (`vosk`, `audio`,
//! `speech`, `braille`); a console or fake backend is always built, and a missing device is
//! reported, never silently skipped. This module is a leaf: every adapter depends on it, it
//! depends on none of them (`ansage::app::devices` opens them all).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::core::phrases::{Message, Phrases, line_case};

/// Whether the station is speaking now, shared by the speech output (which opens and closes
/// it) and the microphone (which ignores what it hears meanwhile, so that the station does
/// not hear itself).
///
/// The gate holds the instant until which the microphone must stay deaf: "forever" while an
/// utterance plays, then the end of the tail after it. A barge-in (a key) opens it at once.
#[derive(Clone, Debug)]
pub struct Speaking {
    origin: Instant,
    /// Microseconds since `origin` until which the station counts as speaking; `u64::MAX`
    /// while an utterance plays.
    until: Arc<AtomicU64>,
}

impl Default for Speaking {
    fn default() -> Self {
        Speaking::new()
    }
}

impl Speaking {
    /// A gate that is open (nothing spoken).
    pub fn new() -> Speaking {
        Speaking {
            origin: Instant::now(),
            until: Arc::new(AtomicU64::new(0)),
        }
    }

    fn micros(&self, at: Instant) -> u64 {
        u64::try_from(at.saturating_duration_since(self.origin).as_micros()).unwrap_or(u64::MAX)
    }

    /// An utterance started playing.
    pub fn started(&self) {
        self.until.store(u64::MAX, Ordering::SeqCst);
    }

    /// The utterance ended at `at`; the microphone stays deaf for `tail` more (the room's
    /// echo).
    pub fn ended(&self, at: Instant, tail: Duration) {
        let end = self
            .micros(at)
            .saturating_add(u64::try_from(tail.as_micros()).unwrap_or(0));
        self.until.store(end, Ordering::SeqCst);
    }

    /// A key barged in: the microphone listens at once.
    pub fn barge_in(&self) {
        self.until.store(0, Ordering::SeqCst);
    }

    /// Whether the microphone should ignore audio captured at `at`.
    pub fn is_speaking(&self, at: Instant) -> bool {
        self.micros(at) < self.until.load(Ordering::SeqCst)
    }
}

/// A device as `ansage play`, `ansage demo` and `ansage doctor` report it.
///
/// `device` and `detail` are the adapter's own words (for the log: names, errors as the
/// libraries give them); what the player reads is [`DeviceStatus::lines`], in the game's
/// language: what is there (`said`), and what to do (`todo`).
#[derive(Clone, Debug, PartialEq)]
pub struct DeviceStatus {
    /// What the device is ("microphone", "speech", "Braille display", "vosk model", …).
    pub device: String,
    /// Present and working.
    pub present: bool,
    /// What was found, or what is missing and how to get it (for the log).
    pub detail: String,
    /// What is there, in the player's words (`None`: "there" or "missing" with `detail`).
    pub said: Option<Message>,
    /// What to do about it, in the player's words.
    pub todo: Option<Message>,
    /// Whether the current settings need it (`ansage doctor` fails only for those).
    pub needed: bool,
    /// Missing, this sentence (what is missing and what to do) is said and shown at the
    /// start, not only printed (issue 31.2: the speech model of a voice input).
    pub told: Option<Message>,
}

impl DeviceStatus {
    /// A device that works.
    pub fn present(device: impl Into<String>, detail: impl Into<String>) -> DeviceStatus {
        DeviceStatus {
            device: device.into(),
            present: true,
            detail: detail.into(),
            said: None,
            todo: None,
            needed: true,
            told: None,
        }
    }

    /// A device that is missing, with what to install or set.
    pub fn absent(device: impl Into<String>, detail: impl Into<String>) -> DeviceStatus {
        DeviceStatus {
            present: false,
            ..DeviceStatus::present(device, detail)
        }
    }

    /// With what is there in the player's words.
    pub fn said(mut self, msg: Message) -> DeviceStatus {
        self.said = Some(msg);
        self
    }

    /// With what to do, in the player's words.
    pub fn todo(mut self, msg: Message) -> DeviceStatus {
        self.todo = Some(msg);
        self
    }

    /// With `sentence` said and shown at the start when it is missing
    /// ([`DeviceStatus::told`]).
    pub fn tell(mut self, sentence: Message) -> DeviceStatus {
        self.told = Some(sentence);
        self
    }

    /// Needed by the current settings, or not.
    pub fn needed(mut self, needed: bool) -> DeviceStatus {
        self.needed = needed;
        self
    }

    /// The device's name in the player's language ("Braille-Zeile").
    pub fn name(&self, phrases: &Phrases) -> String {
        let msg = Message::new(device_name_id(&self.device)).arg("name", self.device.clone());
        phrases.speech(&msg)
    }

    /// What the player reads about the device: one line, what is there ("Braille-Zeile:
    /// fehlt: keine Verbindung zu BRLTTY."), and a second, indented, with what to do; each
    /// a sentence that starts with a capital ("Microphone: …", [`line_case`]).
    pub fn lines(&self, phrases: &Phrases) -> Vec<String> {
        let state = match &self.said {
            Some(msg) => phrases.speech(msg),
            None => self.detail.clone(),
        };
        let id = match (self.present, self.needed) {
            (true, _) => "device-line-there",
            (false, true) => "device-line-missing",
            (false, false) => "device-line-missing-unneeded",
        };
        let head = Message::new(id)
            .arg("device", self.name(phrases))
            .arg("state", state);
        let mut out = vec![line_case(phrases.speech(&head))];
        if let Some(todo) = &self.todo {
            let todo = Message::new("device-todo").arg("todo", phrases.speech(todo));
            out.push(format!("  {}", line_case(phrases.speech(&todo))));
        }
        out
    }
}

/// The message naming a device, by the adapter's name for it (`device-other`: the
/// adapter's name as it is).
fn device_name_id(device: &str) -> &'static str {
    match device {
        "microphone" | "microphone and vosk" => "device-microphone",
        "libvosk" | "vosk model" | "vosk grammar" | "vosk word map" | "vosk recognizer" => {
            "device-vosk"
        }
        "speech" => "device-speech",
        "earcons" => "device-earcons",
        "Braille display" => "device-display",
        "web page" => "device-web",
        "online play" => "device-online",
        "audio scoresheet" => "device-recording",
        "espeak-ng" => "device-espeak",
        "chess engine" => "device-engine",
        "electronic board" => "device-eboard",
        _ => "device-other",
    }
}

impl std::fmt::Display for DeviceStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mark = if self.present { "ok" } else { "missing" };
        write!(f, "{mark:7} {}: {}", self.device, self.detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_is_shut_while_speaking_and_for_the_tail() {
        let g = Speaking::new();
        let t0 = Instant::now();
        assert!(!g.is_speaking(t0));
        g.started();
        assert!(g.is_speaking(t0 + Duration::from_secs(100)));
        g.ended(t0 + Duration::from_secs(1), Duration::from_millis(300));
        assert!(g.is_speaking(t0 + Duration::from_millis(1200)));
        assert!(!g.is_speaking(t0 + Duration::from_millis(1301)));
        g.started();
        g.barge_in();
        assert!(!g.is_speaking(t0 + Duration::from_secs(2)));
    }
}
