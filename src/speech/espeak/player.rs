//! The player: one thread per speaker that writes the synthesizer's samples to the sound
//! output as they come, reports an utterance begun at its first samples and ended once
//! its last have played, and drops everything of an utterance that was cut.
//!
//! The output takes a whole sentence at once (it is made in milliseconds), so when it
//! ends is counted here: every sample written adds its duration to where the output's
//! play position will be, and the utterance ends that long after, plus the output's own
//! delay. (PulseAudio's latency, asked right after a write, does not yet count what was
//! written.)
//!
//! Cutting is a generation count shared with the speaker and the synthesizer: every
//! chunk carries the generation it was made in, and the speaker's `stop` counts one up
//! and asks for a flush; what is older is never written. Samples are written in pieces
//! of [`PIECE`] so that a cut waits for one piece at most.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::super::{EventSender, SpeakerEventKind};

/// The samples written at once: 10 ms at espeak-ng's 22,050 Hz.
pub const PIECE: usize = 220;

/// Quieter than this (of 32,768), a sample before an utterance's first sound is the
/// synthesizer's lead-in silence.
pub const SILENT: i16 = 100;

/// Samples kept before an utterance's first sound: 5 ms, so that its onset is whole.
pub const ONSET: usize = 110;

/// An utterance's samples without the synthesizer's lead-in silence (espeak-ng starts
/// every sentence with some 40 ms of it, which is nothing but waiting to the listener):
/// while `leading`, quiet samples are dropped, and the first loud one ends it, [`ONSET`]
/// samples before it kept.
pub fn trim_leading<'a>(samples: &'a [i16], leading: &mut bool) -> &'a [i16] {
    if !*leading {
        return samples;
    }
    match samples
        .iter()
        .position(|s| s.unsigned_abs() > SILENT.unsigned_abs())
    {
        Some(loud) => {
            *leading = false;
            &samples[loud.saturating_sub(ONSET)..]
        }
        None => &[],
    }
}

/// Where the samples sound (PulseAudio, or a recording in the tests).
pub trait PcmOut {
    /// Writes mono 16-bit samples; blocks while the output's buffer is full.
    fn write(&mut self, samples: &[i16]) -> Result<(), String>;
    /// Drops what was written and has not sounded yet.
    fn flush(&mut self) -> Result<(), String>;
    /// Samples per second.
    fn rate(&self) -> u32;
    /// How long a sample written to an idle output takes to sound.
    fn delay(&self) -> Duration;
}

/// What reaches the player.
#[derive(Debug)]
pub enum ToPlayer {
    /// Samples of utterance `id`, made in generation `generation`.
    Audio {
        /// The utterance.
        id: u64,
        /// Its generation.
        generation: u64,
        /// The samples.
        samples: Vec<i16>,
    },
    /// The synthesizer has made all of utterance `id` (or failed to).
    End {
        /// The utterance.
        id: u64,
        /// Its generation.
        generation: u64,
    },
    /// A cut: drop what the output holds.
    Flush,
}

/// Plays what arrives until every sender is gone.
pub fn run(
    rx: &Receiver<ToPlayer>,
    out: &mut dyn PcmOut,
    current: &Arc<AtomicU64>,
    events: &EventSender,
) {
    let mut began: Option<u64> = None;
    // The utterance whose lead-in silence has been dropped.
    let mut sounding: Option<u64> = None;
    let mut ends: Option<(u64, Instant)> = None;
    // Until when what was written plays (without the output's delay).
    let mut busy_until = Instant::now();
    let per_sample = Duration::from_secs(1) / out.rate().max(1);
    loop {
        let next = match ends {
            Some((_, at)) => rx.recv_timeout(at.saturating_duration_since(Instant::now())),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        let live = |g: u64| g == current.load(Ordering::SeqCst);
        match next {
            Err(RecvTimeoutError::Timeout) => {
                if let Some((id, _)) = ends.take() {
                    events.send(id, SpeakerEventKind::Ended);
                }
            }
            Err(RecvTimeoutError::Disconnected) => break,
            Ok(ToPlayer::Audio {
                id,
                generation,
                samples,
            }) if live(generation) => {
                let mut leading = sounding != Some(id);
                let samples = trim_leading(&samples, &mut leading);
                if leading || samples.is_empty() {
                    continue;
                }
                sounding = Some(id);
                if began != Some(id) {
                    if let Some((before, _)) = ends.take() {
                        events.send(before, SpeakerEventKind::Ended);
                    }
                    began = Some(id);
                    events.send(id, SpeakerEventKind::Began);
                }
                for piece in samples.chunks(PIECE) {
                    if !live(generation) {
                        break;
                    }
                    if let Err(e) = out.write(piece) {
                        tracing::warn!("speech: the sound output failed: {e}");
                        break;
                    }
                    let length = per_sample * u32::try_from(piece.len()).unwrap_or(u32::MAX);
                    busy_until = busy_until.max(Instant::now()) + length;
                }
            }
            Ok(ToPlayer::End { id, generation }) if live(generation) => {
                if began != Some(id) {
                    // Nothing to say (or the synthesizer failed): it ends at once.
                    events.send(id, SpeakerEventKind::Began);
                }
                ends = Some((id, busy_until.max(Instant::now()) + out.delay()));
            }
            Ok(ToPlayer::Flush) => {
                if let Err(e) = out.flush() {
                    tracing::warn!("speech: flushing the sound output failed: {e}");
                }
                ends = None;
                began = None;
                busy_until = Instant::now();
            }
            Ok(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::sync::mpsc::{Receiver, sync_channel};

    use super::super::super::{Msg, SpeakerEvent};
    use super::*;

    #[test]
    fn the_lead_in_silence_is_dropped_and_the_onset_kept() {
        let quiet = [0i16, 5, -99, 100, -100];
        let mut loud = vec![0i16; 300];
        loud[250] = 2000;
        let cases: [(&str, &[i16], bool, usize, bool); 4] = [
            ("all quiet: nothing yet", &quiet, true, 0, true),
            ("a loud sample: 110 before it kept", &loud, true, 160, false),
            ("loud at once", &[3000, 0, 0], true, 3, false),
            ("after the onset everything", &quiet, false, 5, false),
        ];
        for (what, samples, leading, kept, still) in cases {
            let mut leading = leading;
            let out = trim_leading(samples, &mut leading);
            assert_eq!((out.len(), leading), (kept, still), "{what}");
        }
    }

    /// A sound output that keeps what it is given.
    #[derive(Clone, Default)]
    struct Recorder(Arc<Mutex<(Vec<i16>, usize)>>);

    impl PcmOut for Recorder {
        fn write(&mut self, samples: &[i16]) -> Result<(), String> {
            self.0.lock().unwrap().0.extend_from_slice(samples);
            Ok(())
        }
        fn flush(&mut self) -> Result<(), String> {
            self.0.lock().unwrap().1 += 1;
            Ok(())
        }
        fn rate(&self) -> u32 {
            22_050
        }
        fn delay(&self) -> Duration {
            Duration::ZERO
        }
    }

    fn next(events: &Receiver<Msg>) -> (u64, SpeakerEventKind) {
        match events.recv_timeout(Duration::from_secs(5)) {
            Ok(Msg::Event(SpeakerEvent { id, kind, .. })) => (id, kind),
            other => panic!("no event: {other:?}"),
        }
    }

    /// An utterance begins at its first sound and ends once it has played; a cut drops
    /// what is older than it and flushes the output; an utterance without sound begins
    /// and ends at once.
    #[test]
    fn utterances_begin_end_and_are_cut() {
        let (to, rx) = sync_channel(16);
        let (events_tx, events) = sync_channel(16);
        let current = Arc::new(AtomicU64::new(0));
        let recorder = Recorder::default();
        let (shared, mut out) = (Arc::clone(&current), recorder.clone());
        let player = std::thread::spawn(move || {
            run(&rx, &mut out, &shared, &EventSender(events_tx));
        });
        let audio = |id, generation, samples: Vec<i16>| ToPlayer::Audio {
            id,
            generation,
            samples,
        };
        let mut first = vec![0i16; 400];
        first.extend([1000; 441]);
        to.send(audio(1, 0, first)).unwrap();
        to.send(ToPlayer::End {
            id: 1,
            generation: 0,
        })
        .unwrap();
        assert_eq!(next(&events), (1, SpeakerEventKind::Began));
        assert_eq!(next(&events), (1, SpeakerEventKind::Ended));
        assert_eq!(recorder.0.lock().unwrap().0.len(), ONSET + 441);
        // Cut: what generation 0 still sends is dropped.
        current.fetch_add(1, Ordering::SeqCst);
        to.send(ToPlayer::Flush).unwrap();
        to.send(audio(2, 0, vec![1000; 441])).unwrap();
        to.send(ToPlayer::End {
            id: 2,
            generation: 0,
        })
        .unwrap();
        to.send(ToPlayer::End {
            id: 3,
            generation: 1,
        })
        .unwrap();
        assert_eq!(next(&events), (3, SpeakerEventKind::Began));
        assert_eq!(next(&events), (3, SpeakerEventKind::Ended));
        let (written, flushed) = recorder.0.lock().unwrap().clone();
        assert_eq!((written.len(), flushed), (ONSET + 441, 1));
        drop(to);
        player.join().unwrap();
    }
}
