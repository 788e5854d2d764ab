//! The station's own voice (feature `espeak`, `speech.engine = "espeak-ng"`): espeak-ng
//! in the station's process and a PulseAudio stream kept open, for the shortest way from
//! a sentence to its sound (issue 34: "vor" in review until its first sound).
//!
//! speech-dispatcher (`super::tts`) stays the default engine: it speaks with the voice the
//! user chose for his desktop, and beside his screen reader. This engine speaks with the
//! same espeak-ng voices and respellings ([`super::pronunciation`]), without the server
//! and its module between: the first 20 ms of a sentence sound as soon as they are made,
//! and a cut drops what waits in the stream at once.
//!
//! - [`params`]: the settings in espeak-ng's scales (pure).
//! - `synth`: the one espeak-ng thread of the process.
//! - [`player`]: each speaker's player thread, and its begin and end events.
//! - `pulse`: the PulseAudio stream.

pub mod params;
pub mod player;
mod pulse;
mod synth;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, sync_channel};
use std::thread::JoinHandle;

use super::pronunciation::{Pronunciation, Synthesizer};
use super::sink::MakeSpeaker;
use super::{EventSender, Speaker, SpeechConfig, SpeechError, Utterance};

/// Chunks queued for a player: 20 s of speech.
const QUEUED: usize = 1024;

/// A speaker on the process's espeak-ng, with its own sound stream.
pub struct EspeakSpeaker {
    synth: &'static synth::Synth,
    config: SpeechConfig,
    pronunciation: Pronunciation,
    next: u64,
    current: Arc<AtomicU64>,
    to: Option<SyncSender<player::ToPlayer>>,
    player: Option<JoinHandle<()>>,
}

/// Makes the speaker on the speech thread: starts espeak-ng (once per process) and opens
/// the sound stream.
pub fn maker(config: &SpeechConfig) -> MakeSpeaker {
    let config = config.clone();
    Box::new(move |events: EventSender| {
        let speaker = EspeakSpeaker::open(config, events)?;
        Ok(Box::new(speaker) as Box<dyn Speaker>)
    })
}

/// Whether the engine can speak here (for `ansage doctor`): espeak-ng starts and a
/// PulseAudio stream opens (and is closed again).
pub fn check() -> Result<String, SpeechError> {
    let synth = synth::shared().map_err(SpeechError::Synth)?;
    pulse::PulseOut::open(synth.rate).map_err(SpeechError::Synth)?;
    Ok(format!(
        "espeak-ng in the station, {} Hz, PulseAudio",
        synth.rate
    ))
}

impl EspeakSpeaker {
    fn open(config: SpeechConfig, events: EventSender) -> Result<EspeakSpeaker, SpeechError> {
        let synth = synth::shared().map_err(SpeechError::Synth)?;
        let mut out = pulse::PulseOut::open(synth.rate).map_err(SpeechError::Synth)?;
        let pronunciation = Pronunciation::shipped(Synthesizer::EspeakNg)?;
        let current = Arc::new(AtomicU64::new(0));
        let (to, rx) = sync_channel(QUEUED);
        let shared = Arc::clone(&current);
        let player = std::thread::Builder::new()
            .name("speech-player".into())
            .spawn(move || player::run(&rx, &mut out, &shared, &events))
            .map_err(|e| SpeechError::Synth(format!("no player thread: {e}")))?;
        Ok(EspeakSpeaker {
            synth,
            config,
            pronunciation,
            next: 0,
            current,
            to: Some(to),
            player: Some(player),
        })
    }
}

impl Speaker for EspeakSpeaker {
    fn speak(&mut self, u: &Utterance) -> Result<u64, SpeechError> {
        let to = self.to.clone().ok_or(SpeechError::Gone)?;
        self.next += 1;
        let job = synth::Job {
            text: self.pronunciation.apply(u.lang, &u.text).into_owned(),
            voice: params::voice(&self.config, u.lang),
            id: self.next,
            generation: self.current.load(Ordering::SeqCst),
            current: Arc::clone(&self.current),
            to,
        };
        self.synth.submit(job).map_err(SpeechError::Synth)?;
        Ok(self.next)
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        self.current.fetch_add(1, Ordering::SeqCst);
        let to = self.to.as_ref().ok_or(SpeechError::Gone)?;
        to.send(player::ToPlayer::Flush)
            .map_err(|_| SpeechError::Gone)
    }

    fn describe(&self) -> String {
        "espeak-ng in the station (PulseAudio)".to_owned()
    }
}

impl Drop for EspeakSpeaker {
    /// Cuts what plays; the player ends once the synthesizer has let go of its jobs.
    fn drop(&mut self) {
        self.current.fetch_add(1, Ordering::SeqCst);
        if let Some(to) = self.to.take() {
            let _ = to.send(player::ToPlayer::Flush);
        }
        if let Some(player) = self.player.take() {
            let _ = player.join();
        }
    }
}
