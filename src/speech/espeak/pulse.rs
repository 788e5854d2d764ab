//! The sound output of the station's own voice: one PulseAudio playback stream per
//! speaker, opened once and kept open (libpulse-simple), with a short buffer so that a
//! sentence sounds within a few milliseconds of its first samples and a cut is heard at
//! once. `PULSE_SERVER` chooses the server, as for every PulseAudio client.

use std::time::Duration;

use libpulse_binding::def::BufferAttr;
use libpulse_binding::sample::{Format, Spec};
use libpulse_binding::stream::Direction;
use libpulse_simple_binding::Simple;

use super::player::PcmOut;

/// The buffer PulseAudio is asked to keep filled: 20 ms.
const BUFFER_MS: u32 = 20;

/// A playback stream of mono 16-bit samples at `rate`.
pub struct PulseOut {
    stream: Simple,
    rate: u32,
}

impl PulseOut {
    /// Opens the stream on the default sink.
    pub fn open(rate: u32) -> Result<PulseOut, String> {
        let spec = Spec {
            format: Format::S16le,
            rate,
            channels: 1,
        };
        if !spec.is_valid() {
            return Err(format!("PulseAudio: no stream at {rate} Hz"));
        }
        let bytes = rate * 2 * BUFFER_MS / 1000;
        let attr = BufferAttr {
            maxlength: u32::MAX,
            tlength: bytes,
            prebuf: u32::MAX,
            minreq: u32::MAX,
            fragsize: u32::MAX,
        };
        let stream = Simple::new(
            None,
            "ansage",
            Direction::Playback,
            None,
            "speech",
            &spec,
            None,
            Some(&attr),
        )
        .map_err(|e| format!("PulseAudio: {}", error(&e)))?;
        Ok(PulseOut { stream, rate })
    }
}

impl PcmOut for PulseOut {
    fn write(&mut self, samples: &[i16]) -> Result<(), String> {
        let bytes: Vec<u8> = samples.iter().flat_map(|s| s.to_le_bytes()).collect();
        self.stream.write(&bytes).map_err(|e| error(&e))
    }

    fn flush(&mut self) -> Result<(), String> {
        self.stream.flush().map_err(|e| error(&e))
    }

    fn rate(&self) -> u32 {
        self.rate
    }

    fn delay(&self) -> Duration {
        Duration::from_millis(u64::from(BUFFER_MS))
    }
}

/// PulseAudio's words for an error.
fn error(e: &libpulse_binding::error::PAErr) -> String {
    e.to_string().unwrap_or_else(|| format!("error {}", e.0))
}
