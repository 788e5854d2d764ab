//! `review`'s sound part (features `engine` and `speech`, the rig): "vor" while going
//! through a game of 40 moves, from the input handed to the session until its sentence's
//! first sound on the speaker. Goal (issue 34): p95 ≤ 50 ms, the same as a question.
//!
//! The review session of [`super::review`] (German, White visually impaired) and a
//! [`SpeechSink`] for White on speech-dispatcher, the speaker recorded with `parec` from
//! the null sink's monitor as `answer` does ([`crate::answer::sound_ms`]: the first loud
//! frame that starts 100 ms of sound, an upper bound). Two ways a player steps: after the
//! last sentence has ended (every even trial), and quickly, 300 ms into it, cutting it
//! short (every odd trial: the onset is sought from the cut).

use std::fmt;
use std::time::{Duration, Instant};

use ansage::adapter::Speaking;
use ansage::core::input::{Actor, Input};
use ansage::core::output::Audience;
use ansage::core::session::Session;
use ansage::speech::{SpeechConfig, SpeechEngine, SpeechSink};
use ansage::station::Sink;

use crate::answer::{began_after, said, sound_ms};
use crate::correction::detector_offset;
use crate::speech::{SpeechBenchError, record_speaker, wait_for};
use crate::stats::summary;

/// The figures, milliseconds, sorted.
#[derive(Debug, Clone, Default)]
pub struct ForwardSound {
    /// "vor" after the last sentence ended, to the first sound.
    pub idle_ms: Vec<f64>,
    /// "vor" 300 ms into the last sentence, to the first sound after the cut.
    pub cut_ms: Vec<f64>,
    /// Both together.
    pub all_ms: Vec<f64>,
    /// Trials whose onset was not found in the recording.
    pub missed: usize,
    /// All, less where the onset detector lands within each sentence said alone by
    /// espeak-ng ([`crate::correction::detector_offset`]: after the quiet "Z" of "Zug"
    /// it finds the sound tens of milliseconds into the word, which is not latency), as
    /// `answer`'s correction chain subtracts it.
    pub corrected_ms: Vec<f64>,
    /// The detector's offsets subtracted, one per trial found.
    pub offsets_ms: Vec<f64>,
}

impl fmt::Display for ForwardSound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "\"vor\" until its first sound on the speaker (goal: p95 <= 50 ms):"
        )?;
        summary(
            f,
            "after the sentence ended",
            &self.idle_ms,
            &[0.5, 0.95],
            0,
        )?;
        summary(f, "cutting the sentence", &self.cut_ms, &[0.5, 0.95], 0)?;
        summary(f, "all", &self.all_ms, &[0.5, 0.95], 0)?;
        summary(
            f,
            "all, the detector's offset within the sentence subtracted",
            &self.corrected_ms,
            &[0.5, 0.95],
            0,
        )?;
        summary(
            f,
            "the offsets subtracted",
            &self.offsets_ms,
            &[0.5, 0.95],
            0,
        )?;
        writeln!(f, "  onset not found: {}", self.missed)
    }
}

/// Steps "vor" `trials` times through `session` (in review, at its start), spoken by
/// `engine`, recording the speaker from the PulseAudio source `monitor`.
pub fn forward_sound(
    session: &mut Session,
    trials: usize,
    monitor: &str,
    engine: SpeechEngine,
) -> Result<ForwardSound, SpeechBenchError> {
    let config = SpeechConfig {
        engine,
        ..SpeechConfig::default()
    };
    let mut sink = SpeechSink::spawn(
        ansage::speech::maker(&config),
        &config,
        vec![Audience::White],
        Speaking::new(),
    )?;
    let trace = sink.trace();
    let (mut parec, frames) = record_speaker(monitor)?;
    let white = Actor::Player(shakmaty::Color::White);
    let t0 = Instant::now();
    let base = session.now();
    let mut figures = ForwardSound::default();
    let mut last: Vec<String> = Vec::new();
    let mut last_asked = Instant::now();
    let mut offsets: std::collections::HashMap<String, f64> = std::collections::HashMap::new();
    for i in 0..trials {
        let quick = i % 2 == 1;
        if quick {
            // 300 ms into the last sentence's sound.
            wait_for(Duration::from_secs(10), || {
                began_after(&trace, &last, last_asked).is_some()
            });
            std::thread::sleep(Duration::from_millis(300));
        } else {
            sink.wait_idle(Duration::from_secs(20));
            std::thread::sleep(Duration::from_millis(300));
        }
        let asked = Instant::now();
        let at = base + t0.elapsed();
        let outputs = session.handle(Input::typed(white, "vor"), at);
        sink.deliver(at, &outputs);
        let now_said = said(&outputs);
        wait_for(Duration::from_secs(10), || {
            began_after(&trace, &now_said, asked).is_some()
        });
        // Enough of its sound to find the onset.
        std::thread::sleep(Duration::from_millis(250));
        let f = frames.lock().map(|v| v.clone()).unwrap_or_default();
        let cut_from: &[String] = if quick { &last } else { &[] };
        let found = sound_ms(&trace, &f, cut_from, asked);
        if let Some(ms) = found {
            let offset = now_said.first().map_or(0.0, |text| {
                *offsets
                    .entry(text.clone())
                    .or_insert_with(|| detector_offset(text, "de").as_secs_f64() * 1000.0)
            });
            figures.corrected_ms.push((ms - offset).max(0.0));
            figures.offsets_ms.push(offset);
        }
        match found {
            Some(ms) if quick => figures.cut_ms.push(ms),
            Some(ms) => figures.idle_ms.push(ms),
            None => figures.missed += 1,
        }
        last = now_said;
        last_asked = asked;
    }
    sink.wait_idle(Duration::from_secs(20));
    let _ = parec.kill();
    let _ = parec.wait();
    sink.close(Duration::from_secs(5));
    figures.sort();
    Ok(figures)
}

impl ForwardSound {
    /// `all_ms` gathered, every list sorted.
    fn sort(&mut self) {
        self.all_ms = self.idle_ms.iter().chain(&self.cut_ms).copied().collect();
        for v in [
            &mut self.idle_ms,
            &mut self.cut_ms,
            &mut self.all_ms,
            &mut self.corrected_ms,
            &mut self.offsets_ms,
        ] {
            v.sort_by(f64::total_cmp);
        }
    }
}
