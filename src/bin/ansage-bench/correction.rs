//! `ansage-bench answer`, second part (feature `speech`): the correction chain of issue 31,
//! newest input first (FIDE Laws D.2.7). Measured on speech-dispatcher and the speaker.
//!
//! A real `Session` (de, 900+10, the white player visually impaired) and a
//! [`SpeechSink`] for White. Each trial: White announces an impossible move ("Springer Eva
//! fünf": a 5-s message); 1 s after it sounds he announces "Springer Felix drei", and 0.6 s
//! after that he says "nein" (a player's pace: the inputs follow the clock, not the
//! station's voice). Timed: from the announcement to its echo begun (speech-dispatcher's
//! report) and to its first sound after the message's cut; from "nein" to its answer
//! ("Zurückgenommen …") begun and to its first sound after the echo's cut (the first
//! sound is found only where the input cut what played). Every utterance that begins after
//! the input that made it stale (the impossible move's message after the new announcement,
//! the echo after "nein") is counted: the goal is none. The stop key then silences the
//! answer, and the next trial follows from the same position.

use std::fmt;
use std::time::{Duration, Instant};

use ansage::adapter::Speaking;
use ansage::core::input::Input;
use ansage::core::output::{Audience, Output};
use ansage::core::time::Timestamp;
use ansage::speech::{SpeechConfig, SpeechSink, Trace};
use ansage::station::Sink;

use ansage::speech::Traced;
use ansage::speech::schedule::DropReason;

use crate::answer::{answer_onset, began_after, inputs_of, said};
use crate::speech::{SpeechBenchError, record_speaker, wait_for};
use crate::stats::summary;

/// How many chains are timed.
pub const TRIALS: usize = 30;

/// The game and the chain, as a script.
const SCRIPT: &str = "@0 arbiter setup tc=900+10 vi=white lang=de\n\
                      @0 arbiter key start\n\
                      @1 white say Springer Eva fünf\n\
                      @2 white say Springer Felix drei\n\
                      @3 white say nein\n";

/// The figures, milliseconds, sorted.
#[derive(Debug, Clone, Default)]
pub struct CorrectionFigures {
    /// The new announcement to speech-dispatcher's begin of its echo.
    pub echo_begin_ms: Vec<f64>,
    /// The new announcement to its echo's first sound.
    pub echo_ms: Vec<f64>,
    /// "nein" to speech-dispatcher's begin of its answer.
    pub no_begin_ms: Vec<f64>,
    /// "nein" to its answer's first sound.
    pub no_ms: Vec<f64>,
    /// Utterances that began after the input that made them stale (goal: none).
    pub stale_heard: usize,
    /// Where the onset detector lands within the echo and the answer (subtracted).
    pub offsets_ms: [f64; 2],
}

impl fmt::Display for CorrectionFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "the correction chain: an impossible move's message, a new announcement 1 s into it, \
             \"nein\" 0.6 s after it (goal: p95 <= 300 ms, no stale echo heard):"
        )?;
        let rows = [
            (
                "announcement to its echo's begin reported",
                &self.echo_begin_ms,
            ),
            ("announcement to its echo's first sound", &self.echo_ms),
            ("\"nein\" to its answer's begin reported", &self.no_begin_ms),
            ("\"nein\" to its answer's first sound", &self.no_ms),
        ];
        for (name, values) in rows {
            summary(f, name, values, &[0.5, 0.95], 0)?;
        }
        writeln!(
            f,
            "  (first sound: the onset detector's offset within the words, {:.0} ms in the echo \
             and {:.0} ms in the answer as espeak-ng says them alone, subtracted)",
            self.offsets_ms[0], self.offsets_ms[1]
        )?;
        writeln!(f, "  stale utterances heard: {}", self.stale_heard)
    }
}

/// The chain's inputs: start, the impossible move, the new announcement, "nein".
struct Chain {
    start: Input,
    impossible: Input,
    announce: Input,
    no: Input,
}

/// One trial's steps through the session and the speech output.
struct Trial<'a> {
    sink: &'a mut SpeechSink,
    trace: &'a Trace,
    step: &'a mut dyn FnMut(&mut SpeechSink, &Input) -> Vec<String>,
}

impl Trial<'_> {
    /// Says `input` now; the words and the instant.
    fn say(&mut self, input: &Input) -> (Vec<String>, Instant) {
        let at = Instant::now();
        (self.step(input), at)
    }

    fn step(&mut self, input: &Input) -> Vec<String> {
        (self.step)(self.sink, input)
    }

    /// Waits until one of `words` begins after `since` (at most `limit`): how long after
    /// `since`, in milliseconds.
    fn begun(&self, words: &[String], since: Instant, limit: Duration) -> Option<f64> {
        wait_for(limit, || began_after(self.trace, words, since).is_some());
        began_after(self.trace, words, since)
            .map(|b| b.saturating_duration_since(since).as_secs_f64() * 1000.0)
    }
}

/// Runs `trials` chains, recording the speaker from the PulseAudio source `monitor`.
pub fn correction_latency(
    trials: usize,
    monitor: &str,
) -> Result<CorrectionFigures, SpeechBenchError> {
    let (mut session, inputs) = inputs_of(SCRIPT)?;
    let [start, impossible, announce, no] = inputs.as_slice() else {
        return Err(SpeechBenchError::Setup("the script has four inputs".into()));
    };
    let chain = Chain {
        start: start.clone(),
        impossible: impossible.clone(),
        announce: announce.clone(),
        no: no.clone(),
    };
    let config = SpeechConfig::default();
    let mut sink = SpeechSink::spawn(
        ansage::speech::tts::maker(&config),
        &config,
        vec![Audience::White],
        Speaking::new(),
    )?;
    let trace = sink.trace();
    let t0 = Instant::now();
    let mut step = move |sink: &mut SpeechSink, input: &Input| {
        let at = Timestamp::from_duration(t0.elapsed());
        let outputs = session.handle(input.clone(), at);
        sink.deliver(at, &outputs);
        said(&outputs)
    };
    step(&mut sink, &chain.start);
    sink.wait_idle(Duration::from_secs(20));
    let (mut parec, frames) = record_speaker(monitor)?;
    let mut figures = CorrectionFigures::default();
    for _ in 0..trials {
        let mut trial = Trial {
            sink: &mut sink,
            trace: &trace,
            step: &mut step,
        };
        one_chain(&mut trial, &chain, &frames, &mut figures);
    }
    let _ = parec.kill();
    let _ = parec.wait();
    sink.close(Duration::from_secs(5));
    for v in [
        &mut figures.echo_begin_ms,
        &mut figures.echo_ms,
        &mut figures.no_begin_ms,
        &mut figures.no_ms,
    ] {
        v.sort_by(f64::total_cmp);
    }
    Ok(figures)
}

/// One chain at a player's pace: the impossible move, the new announcement 1 s into its
/// message, "nein" 0.6 s after the announcement, the stop key once its answer sounds; its
/// figures added to `figures`.
fn one_chain(
    t: &mut Trial<'_>,
    chain: &Chain,
    frames: &crate::speech::Frames,
    figures: &mut CorrectionFigures,
) {
    let (message, said_at) = t.say(&chain.impossible);
    let limit = Duration::from_secs(20);
    if t.begun(&message, said_at, limit).is_none() {
        return;
    }
    std::thread::sleep(Duration::from_secs(1));
    let (echo, announced) = t.say(&chain.announce);
    std::thread::sleep(Duration::from_millis(600));
    let (answer, denied) = t.say(&chain.no);
    figures.no_begin_ms.extend(t.begun(&answer, denied, limit));
    figures
        .echo_begin_ms
        .extend(t.begun(&echo, announced, Duration::ZERO));
    std::thread::sleep(Duration::from_millis(500));
    t.sink.deliver(
        Timestamp::ZERO,
        &[Output::Hush {
            to: Audience::White,
        }],
    );
    t.sink.wait_idle(limit);
    std::thread::sleep(Duration::from_millis(200));
    let f = frames.lock().map(|v| v.clone()).unwrap_or_default();
    let offset = |words: &[String]| {
        words
            .first()
            .map_or(Duration::ZERO, |w| detector_offset(w, "de"))
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    figures.offsets_ms = [ms(offset(&echo)), ms(offset(&answer))];
    figures.echo_ms.extend(first_sound_ms(
        t.trace,
        &f,
        &message,
        announced,
        offset(&echo),
    ));
    figures
        .no_ms
        .extend(first_sound_ms(t.trace, &f, &echo, denied, offset(&answer)));
    // Checked before the next trial says them again: a begin after the input that made
    // them stale was heard stale.
    let stale_after = |texts: &[String], since: Instant| {
        usize::from(began_after(t.trace, texts, since).is_some())
    };
    figures.stale_heard += stale_after(&message, announced + Duration::from_millis(1));
    figures.stale_heard += stale_after(&echo, denied + Duration::from_millis(1));
}

/// From `asked` to the first sound after the input cut one of `cut` short, in
/// milliseconds, less `offset` (where the onset detector lands within the new words); `None`
/// when nothing of `cut` was cut after `asked` (then no onset can be told from the words
/// that went on).
fn first_sound_ms(
    trace: &Trace,
    frames: &[(Instant, f64)],
    cut: &[String],
    asked: Instant,
    offset: Duration,
) -> Option<f64> {
    let at = trace.entries().into_iter().find_map(|(at, t)| match t {
        Traced::Dropped(x, reason)
            if at >= asked && reason != DropReason::Stopped && cut.contains(&x) =>
        {
            Some(at)
        }
        _ => None,
    })?;
    answer_onset(frames, at)
        .map(|on| on.saturating_duration_since(asked + offset).as_secs_f64() * 1000.0)
}

/// Where the onset detector ([`answer_onset`]: a loud frame that starts 100 ms of sound)
/// lands within `text` said alone by espeak-ng at its default rate, as speech-dispatcher's
/// module says it: after the quiet fricative and the stop of "Springer" it lands some
/// 100-200 ms into the word, which is not latency. Zero when espeak-ng cannot be run.
pub(crate) fn detector_offset(text: &str, lang: &str) -> Duration {
    let out = std::process::Command::new("espeak-ng")
        .args(["-v", lang, "--stdout", text])
        .output();
    let Ok(out) = out else {
        return Duration::ZERO;
    };
    // A 44-byte WAV header, then 16-bit mono samples at 22050 Hz.
    let samples: Vec<f64> = out
        .stdout
        .get(44..)
        .unwrap_or_default()
        .chunks_exact(2)
        .map(|b| f64::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
        .collect();
    let t0 = Instant::now();
    // Quiet frames first, as after a cut, then the words in 10 ms frames.
    let mut frames: Vec<(Instant, f64)> = (0..10)
        .map(|i| (t0 + Duration::from_millis(10 * i), 0.0))
        .collect();
    let start = t0 + Duration::from_millis(100);
    for (i, frame) in samples.chunks(220).enumerate() {
        let rms = (frame.iter().map(|x| x * x).sum::<f64>() / frame.len().max(1) as f64).sqrt();
        frames.push((start + Duration::from_millis(10 * i as u64), rms));
    }
    let first_sample = samples.iter().position(|x| x.abs() > 0.003).unwrap_or(0);
    let first = start + Duration::from_secs_f64(first_sample as f64 / 22050.0);
    answer_onset(&frames, t0).map_or(Duration::ZERO, |on| on.saturating_duration_since(first))
}
