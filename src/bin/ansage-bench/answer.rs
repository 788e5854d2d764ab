//! `ansage-bench answer` (feature `speech`): a question asked while a long answer plays and
//! other speech waits is answered at once (newest wins, docs/developers.md: The speech
//! queue). Measured from the input to the answer's first sound on the speaker.
//!
//! A real [`Session`] (de, 900+10, the white player visually impaired) and a
//! [`SpeechSink`] for White on speech-dispatcher. Each trial: White asks for help (the
//! longest first answer, about 8 s of speech); once it sounds, 0.6 to 1.5 s later, a
//! clock reminder is queued behind it; then White presses the time key. The time runs from
//! the instant the key's input is handed to the session until the answer's first sound on
//! the speaker (recorded with `parec` from the null sink's monitor, as `speech` does; see
//! [`answer_onset`]: an upper bound that includes the capture's own latency); also until speech-dispatcher reports the answer begun. The stop
//! key then silences it, and the next trial follows.

use std::fmt;
use std::time::{Duration, Instant};

use ansage::adapter::Speaking;
use ansage::core::input::Input;
use ansage::core::lang::Language;
use ansage::core::output::{Audience, Output, Priority, Speech};
use ansage::core::script::{self, Action};
use ansage::core::session::Session;
use ansage::core::time::Timestamp;
use ansage::speech::{SpeechConfig, SpeechSink, Trace, Traced};
use ansage::station::Sink;

use crate::speech::{SpeechBenchError, record_speaker, wait_for};
use crate::stats::summary;

/// How many questions are timed.
pub const TRIALS: usize = 40;

/// The game and the two questions, as a script.
const SCRIPT: &str = "@0 arbiter setup tc=900+10 vi=white lang=de\n\
                      @0 arbiter key start\n\
                      @1 white say Hilfe\n\
                      @2 white key time\n";

/// The figures, milliseconds, sorted.
#[derive(Debug, Clone, Default)]
pub struct AnswerFigures {
    /// Input to speech-dispatcher's begin of the answer.
    pub begin_ms: Vec<f64>,
    /// Input to the answer's first sound on the speaker.
    pub sound_ms: Vec<f64>,
    /// Trials in which the queued reminder was said before the answer (should be none).
    pub reminder_first: usize,
}

impl fmt::Display for AnswerFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "a question while a long answer plays and a reminder waits (goal: p95 <= 300 ms):"
        )?;
        summary(
            f,
            "input to begin reported",
            &self.begin_ms,
            &[0.5, 0.95],
            0,
        )?;
        summary(
            f,
            "input to first sound on the speaker",
            &self.sound_ms,
            &[0.5, 0.95],
            0,
        )?;
        writeln!(
            f,
            "  reminder said before the answer: {}",
            self.reminder_first
        )
    }
}

/// The answer's onset after the cut at `t`: the first loud 10 ms frame after a quiet one
/// (below 0.025 RMS, or below a quarter of the frame before) that starts 100 ms of sound
/// without a quiet frame. The long answer's end and the new one's start are often a
/// single quiet frame apart, and its quiet frames before the cut are followed by less than
/// 100 ms of it; a frame is dated when the capture reads it, so the figure is an upper
/// bound.
pub(crate) fn answer_onset(frames: &[(Instant, f64)], t: Instant) -> Option<Instant> {
    const QUIET: f64 = 0.025;
    const RUN: Duration = Duration::from_millis(100);
    let after: Vec<(Instant, f64)> = frames.iter().copied().filter(|(at, _)| *at >= t).collect();
    let quiet = |i: usize| after[i].1 < QUIET || (i > 0 && after[i].1 < after[i - 1].1 / 4.0);
    let mut quiet_before = false;
    for i in 0..after.len() {
        if quiet(i) {
            quiet_before = true;
            continue;
        }
        if quiet_before {
            let at = after[i].0;
            let end = (i..after.len())
                .find(|&j| quiet(j))
                .map_or(at + RUN, |j| after[j].0);
            if end.saturating_duration_since(at) >= RUN {
                return Some(at);
            }
        }
        quiet_before = false;
    }
    None
}

/// The instant the first utterance of `texts` began after `since`, if it did.
pub(crate) fn began_after(trace: &Trace, texts: &[String], since: Instant) -> Option<Instant> {
    trace.entries().into_iter().find_map(|(at, t)| match t {
        Traced::Began(x) if at >= since && texts.contains(&x) => Some(at),
        _ => None,
    })
}

/// What the outputs say to White.
pub(crate) fn said(outputs: &[Output]) -> Vec<String> {
    outputs
        .iter()
        .filter_map(|o| match o {
            Output::Say(s) if s.to == Audience::White => Some(s.text.clone()),
            _ => None,
        })
        .collect()
}

/// The session's inputs of [`SCRIPT`]: start, the help question, the time key.
fn inputs() -> Result<(Session, Vec<Input>), SpeechBenchError> {
    inputs_of(SCRIPT)
}

/// A session set up by `script`, and the script's inputs in order.
pub(crate) fn inputs_of(script: &str) -> Result<(Session, Vec<Input>), SpeechBenchError> {
    let parsed = script::parse(script).map_err(|e| SpeechBenchError::Setup(e.to_string()))?;
    let session =
        Session::new(parsed.setup.clone()).map_err(|e| SpeechBenchError::Setup(e.to_string()))?;
    let inputs = parsed
        .steps
        .into_iter()
        .filter_map(|s| match s.action {
            Action::Input(i) => Some(i),
            Action::Wait => None,
        })
        .collect();
    Ok((session, inputs))
}

/// The reminder queued behind the long answer, as the session says one.
fn reminder_output(text: &str) -> Output {
    Output::Say(Speech {
        text: text.into(),
        lang: Language::De,
        priority: Priority::Reminder,
        to: Audience::White,
        error: false,
        expires: None,
        live: None,
        reply_to: None,
        ply: 0,
    })
}

/// From the question (`asked`) to the answer's first sound in the recorded `frames`, in
/// milliseconds: the long answer (`long`) sounds until the speech thread cancels it, so the
/// onset is sought from then.
pub(crate) fn sound_ms(
    trace: &Trace,
    frames: &[(Instant, f64)],
    long: &[String],
    asked: Instant,
) -> Option<f64> {
    let cut = trace
        .entries()
        .into_iter()
        .find_map(|(at, t)| match t {
            Traced::Dropped(x, _) if at >= asked && long.contains(&x) => Some(at),
            _ => None,
        })
        .unwrap_or(asked);
    answer_onset(frames, cut).map(|on| on.saturating_duration_since(asked).as_secs_f64() * 1000.0)
}

/// Runs `trials` questions, recording the speaker from the PulseAudio source `monitor`.
pub fn answer_latency(trials: usize, monitor: &str) -> Result<AnswerFigures, SpeechBenchError> {
    let (mut session, inputs) = inputs()?;
    let [start, help, time] = inputs.as_slice() else {
        return Err(SpeechBenchError::Setup(
            "the script has three inputs".into(),
        ));
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
    let now = || Timestamp::from_duration(t0.elapsed());
    let mut step = |sink: &mut SpeechSink, input: &Input| {
        let at = now();
        let outputs = session.handle(input.clone(), at);
        sink.deliver(at, &outputs);
        said(&outputs)
    };
    step(&mut sink, start);
    sink.wait_idle(Duration::from_secs(20));
    let (mut parec, frames) = record_speaker(monitor)?;
    let mut figures = AnswerFigures::default();
    let reminder = "Noch 5 Minuten.";
    for i in 0..trials {
        let since = Instant::now();
        let long = step(&mut sink, help);
        wait_for(Duration::from_secs(10), || {
            began_after(&trace, &long, since).is_some()
        });
        std::thread::sleep(Duration::from_millis(600 + 100 * (i as u64 % 10)));
        sink.deliver(now(), &[reminder_output(reminder)]);
        let asked = Instant::now();
        let answer = step(&mut sink, time);
        if wait_for(Duration::from_secs(10), || {
            began_after(&trace, &answer, asked).is_some()
        }) && let Some(b) = began_after(&trace, &answer, asked)
        {
            figures
                .begin_ms
                .push(b.saturating_duration_since(asked).as_secs_f64() * 1000.0);
        }
        if began_after(&trace, &[reminder.to_owned()], asked).is_some() {
            figures.reminder_first += 1;
        }
        // Let the answer sound, then the stop key.
        std::thread::sleep(Duration::from_millis(500));
        sink.deliver(
            now(),
            &[Output::Hush {
                to: Audience::White,
            }],
        );
        sink.wait_idle(Duration::from_secs(20));
        std::thread::sleep(Duration::from_millis(200));
        let f = frames.lock().map(|v| v.clone()).unwrap_or_default();
        if let Some(ms) = sound_ms(&trace, &f, &long, asked) {
            figures.sound_ms.push(ms);
        }
    }
    let _ = parec.kill();
    let _ = parec.wait();
    sink.close(Duration::from_secs(5));
    figures.begin_ms.sort_by(f64::total_cmp);
    figures.sound_ms.sort_by(f64::total_cmp);
    Ok(figures)
}
