//! `ansage-bench answer`, second part (feature `speech`): the correction chain of issue 31,
//! newest input first (FIDE Laws D.2.7). Measured on speech-dispatcher and the speaker.
//!
//! A real [`Session`] (de, 900+10, the white player visually impaired) and a
//! [`SpeechSink`] for White. Each trial: White announces an impossible move ("Springer Eva
//! fünf": a 5-s message); 1 s after it sounds he announces "Springer Felix drei", timed
//! from that input until the first sound of its echo after the message's cut; 0.5 s into
//! the echo he says "nein", timed until the first sound of its answer ("Zurückgenommen …")
//! after the echo's cut. Every utterance that begins after the input that made it stale
//! (the impossible move's message after the new announcement, the echo after "nein") is
//! counted: the goal is none. The stop key then silences the answer, and the next trial
//! follows from the same position.

use std::fmt;
use std::time::{Duration, Instant};

use ansage::adapter::Speaking;
use ansage::core::input::Input;
use ansage::core::output::{Audience, Output};
use ansage::core::time::Timestamp;
use ansage::speech::{SpeechConfig, SpeechSink, Trace};
use ansage::station::Sink;

use crate::answer::{began_after, inputs_of, said, sound_ms};
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
}

impl fmt::Display for CorrectionFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "the correction chain: an impossible move's message, a new announcement 1 s into it, \
             \"nein\" 0.5 s into its echo (goal: p95 <= 300 ms, no stale echo heard):"
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
    /// Says `input`, waits until what it says begins (at most 10 s); the words, the
    /// instant of the input and how long until speech-dispatcher reported them begun.
    fn say(&mut self, input: &Input) -> (Vec<String>, Instant, Option<f64>) {
        let at = Instant::now();
        let words = (self.step)(self.sink, input);
        wait_for(Duration::from_secs(10), || {
            began_after(self.trace, &words, at).is_some()
        });
        let begun = began_after(self.trace, &words, at)
            .map(|b| b.saturating_duration_since(at).as_secs_f64() * 1000.0);
        (words, at, begun)
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

/// One chain: the impossible move, the new announcement 1 s into its message, "nein" 0.5
/// s into the echo, the stop key; its figures added to `figures`.
fn one_chain(
    t: &mut Trial<'_>,
    chain: &Chain,
    frames: &crate::speech::Frames,
    figures: &mut CorrectionFigures,
) {
    let (message, _, _) = t.say(&chain.impossible);
    std::thread::sleep(Duration::from_secs(1));
    let (echo, announced, echo_begun) = t.say(&chain.announce);
    std::thread::sleep(Duration::from_millis(500));
    let (_, denied, no_begun) = t.say(&chain.no);
    figures.echo_begin_ms.extend(echo_begun);
    figures.no_begin_ms.extend(no_begun);
    std::thread::sleep(Duration::from_millis(500));
    t.sink.deliver(
        Timestamp::ZERO,
        &[Output::Hush {
            to: Audience::White,
        }],
    );
    t.sink.wait_idle(Duration::from_secs(20));
    std::thread::sleep(Duration::from_millis(200));
    let f = frames.lock().map(|v| v.clone()).unwrap_or_default();
    if let Some(ms) = sound_ms(t.trace, &f, &message, announced) {
        figures.echo_ms.push(ms);
    }
    if let Some(ms) = sound_ms(t.trace, &f, &echo, denied) {
        figures.no_ms.push(ms);
    }
    // Checked before the next trial says them again: a begin after the input that made
    // them stale was heard stale.
    let stale_after = |texts: &[String], since: Instant| {
        usize::from(began_after(t.trace, texts, since).is_some())
    };
    figures.stale_heard += stale_after(&message, announced + Duration::from_millis(1));
    figures.stale_heard += stale_after(&echo, denied + Duration::from_millis(1));
}
