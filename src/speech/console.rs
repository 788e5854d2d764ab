//! The console backend (always built).

use std::io::Write;

use super::{EventSender, Speaker, SpeakerEventKind, SpeechError, Utterance};

/// The console backend: prints each utterance as `speak:WHO TEXT` (to any writer) and
/// reports it begun and ended at once.
pub struct ConsoleSpeaker {
    out: Box<dyn Write + Send>,
    events: EventSender,
    next: u64,
}

impl ConsoleSpeaker {
    /// Prints to `out`.
    pub fn new(out: Box<dyn Write + Send>, events: EventSender) -> ConsoleSpeaker {
        ConsoleSpeaker {
            out,
            events,
            next: 0,
        }
    }
}

impl Speaker for ConsoleSpeaker {
    fn speak(&mut self, u: &Utterance) -> Result<u64, SpeechError> {
        self.next += 1;
        writeln!(self.out, "speak:{} {}", u.to.name(), u.text)
            .and_then(|()| self.out.flush())
            .map_err(|e| SpeechError::Synth(e.to_string()))?;
        self.events.send(self.next, SpeakerEventKind::Began);
        self.events.send(self.next, SpeakerEventKind::Ended);
        Ok(self.next)
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        Ok(())
    }

    fn describe(&self) -> String {
        "console (printed)".into()
    }
}
