//! `ansage-bench speech` (feature `speech`): how fast the station's words reach
//! speech-dispatcher, and how fast an urgent announcement cuts a long utterance short and
//! sounds.
//!
//! 1. **Hand-over to accepted**: a [`SpeechSink`] is handed a move announcement (as the main
//!    loop does after a step) while nothing plays; the time until speech-dispatcher has
//!    accepted it (`speak` returned with an id) is measured; then the `stop` key silences it
//!    and the next one follows.
//! 2. **Interrupt to sound**: a long answer is playing; a flag-fall announcement is handed
//!    over; the time until speech-dispatcher reports it begun, and until its first sound on
//!    the speaker. The speaker is recorded with `parec` (PulseAudio, e.g. the rig's
//!    `speaker.monitor`, `--monitor`); the onset is the first loud 10 ms frame after a
//!    silence of at least 30 ms that starts after the hand-over (the cut), read as the
//!    capture's read time, so the figure includes the capture's own latency (an upper
//!    bound).

use std::fmt;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ansage::adapter::Speaking;
use ansage::core::lang::Language;
use ansage::core::output::{Audience, Output, Priority, Speech};
use ansage::core::time::Timestamp;
use ansage::speech::{SpeechConfig, SpeechSink, Traced};
use ansage::station::Sink;

use crate::stats::summary;

/// The figures.
#[derive(Debug, Clone, Default)]
pub struct SpeechFigures {
    /// Hand-over to accepted, milliseconds, sorted.
    pub accepted_ms: Vec<f64>,
    /// Interrupt to speech-dispatcher's begin, milliseconds, sorted.
    pub begin_ms: Vec<f64>,
    /// Interrupt to first sound on the speaker, milliseconds, sorted.
    pub sound_ms: Vec<f64>,
}

impl fmt::Display for SpeechFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "speech through speech-dispatcher:")?;
        summary(
            f,
            "hand-over to accepted",
            &self.accepted_ms,
            &[0.5, 0.95, 0.99],
            2,
        )?;
        summary(
            f,
            "interrupt to begin reported",
            &self.begin_ms,
            &[0.5, 0.95, 0.99],
            2,
        )?;
        summary(
            f,
            "interrupt to first sound on the speaker",
            &self.sound_ms,
            &[0.5, 0.95, 0.99],
            2,
        )
    }
}

/// The errors of the benchmark.
#[derive(Debug, thiserror::Error)]
pub enum SpeechBenchError {
    /// speech-dispatcher is not there.
    #[error("{0}")]
    Speech(#[from] ansage::speech::SpeechError),
    /// parec could not record the speaker.
    #[error("recording the speaker with parec: {0}")]
    Record(String),
    /// The benchmark's game could not be set up (a broken build).
    #[error("the benchmark's game: {0}")]
    Setup(String),
}

fn say(text: &str, priority: Priority) -> Output {
    Output::Say(Speech {
        text: text.into(),
        lang: Language::De,
        priority,
        to: Audience::White,
        error: false,
        expires: None,
        live: None,
        reply_to: None,
        ply: 0,
    })
}

pub(crate) fn wait_for(limit: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if cond() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

/// 10 ms frames of the speaker: (read instant, RMS).
pub(crate) type Frames = Arc<Mutex<Vec<(Instant, f64)>>>;

pub(crate) fn record_speaker(
    monitor: &str,
) -> Result<(std::process::Child, Frames), SpeechBenchError> {
    let mut child = Command::new("parec")
        .args(["-d", monitor, "--raw", "--rate=16000", "--channels=1"])
        .args(["--format=s16le", "--latency-msec=10"])
        .stdout(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()
        .map_err(|e| SpeechBenchError::Record(e.to_string()))?;
    let mut out = child
        .stdout
        .take()
        .ok_or_else(|| SpeechBenchError::Record("no stdout".into()))?;
    let frames: Frames = Arc::default();
    let f = frames.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 320];
        while out.read_exact(&mut buf).is_ok() {
            let now = Instant::now();
            let sum: f64 = buf
                .chunks_exact(2)
                .map(|b| f64::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
                .map(|x| x * x)
                .sum();
            if let Ok(mut v) = f.lock() {
                v.push((now, (sum / 160.0).sqrt()));
            }
        }
    });
    Ok((child, frames))
}

/// The onset after `t`: the first loud frame after a silence of at least 30 ms that starts
/// after `t`.
pub(crate) fn onset(frames: &[(Instant, f64)], t: Instant) -> Option<Instant> {
    const LOUD: f64 = 0.01;
    let mut silent = 0;
    for (at, rms) in frames.iter().filter(|(at, _)| *at >= t) {
        if *rms < LOUD {
            silent += 1;
        } else if silent >= 3 {
            return Some(*at);
        } else {
            silent = 0;
        }
    }
    None
}

/// `n` moves said and hushed one by one: how long each took from the hand-over to the
/// synthesizer's acceptance, in milliseconds.
fn hand_over(sink: &mut SpeechSink, trace: &ansage::speech::Trace, n: usize) -> Vec<f64> {
    let mut accepted_ms = Vec::new();
    let hush = Output::Hush {
        to: Audience::White,
    };
    let accepted = |trace: &ansage::speech::Trace, text: &str| {
        trace.entries().iter().find_map(|(_, t)| match t {
            Traced::Accepted { text: x, latency } if x == text => Some(*latency),
            _ => None,
        })
    };
    for i in 0..n {
        let text = format!("Springer Felix drei, Zug {i}.");
        sink.deliver(Timestamp::ZERO, &[say(&text, Priority::Move)]);
        let mut got = None;
        wait_for(Duration::from_secs(10), || {
            got = accepted(trace, &text);
            got.is_some()
        });
        if let Some(l) = got {
            accepted_ms.push(l.as_secs_f64() * 1000.0);
        }
        sink.deliver(Timestamp::ZERO, std::slice::from_ref(&hush));
        sink.wait_idle(Duration::from_secs(10));
    }
    accepted_ms
}

/// Runs both measurements: `n` hand-overs and `k` interruptions, recording the speaker
/// from the PulseAudio source `monitor`.
pub fn speech_latency(
    n: usize,
    k: usize,
    monitor: &str,
) -> Result<SpeechFigures, SpeechBenchError> {
    let config = SpeechConfig::default();
    let mut sink = SpeechSink::spawn(
        ansage::speech::tts::maker(&config),
        &config,
        vec![Audience::White],
        Speaking::new(),
    )?;
    let trace = sink.trace();
    let mut figures = SpeechFigures {
        accepted_ms: hand_over(&mut sink, &trace, n),
        ..SpeechFigures::default()
    };
    let (mut parec, frames) = record_speaker(monitor)?;
    let long = "Auf Anna eins steht ein weißer Turm, auf Bella eins ein weißer Springer, auf \
                Zäsar eins ein weißer Läufer, auf David eins die weiße Dame, auf Eva eins der \
                weiße König, auf Felix eins ein weißer Läufer, auf Gustav eins ein weißer \
                Springer, auf Hector eins ein weißer Turm.";
    for i in 0..k {
        sink.deliver(Timestamp::ZERO, &[say(long, Priority::Answer)]);
        let began = |text: &str| {
            trace
                .entries()
                .iter()
                .rev()
                .find(|(_, t)| matches!(t, Traced::Began(x) if x == text))
                .map(|(at, _)| *at)
        };
        // Interrupt well inside the long answer (600 to 1,500 ms after it began).
        wait_for(Duration::from_secs(10), || began(long).is_some());
        std::thread::sleep(Duration::from_millis(600 + 100 * (i as u64 % 10)));
        let flag = format!("Zeit abgelaufen, Weiß. {i}");
        let t = Instant::now();
        sink.deliver(Timestamp::ZERO, &[say(&flag, Priority::Urgent)]);
        if wait_for(Duration::from_secs(10), || began(&flag).is_some())
            && let Some(b) = began(&flag)
        {
            figures
                .begin_ms
                .push(b.saturating_duration_since(t).as_secs_f64() * 1000.0);
        }
        sink.wait_idle(Duration::from_secs(20));
        std::thread::sleep(Duration::from_millis(300));
        let f = frames.lock().map(|v| v.clone()).unwrap_or_default();
        if let Some(on) = onset(&f, t) {
            figures
                .sound_ms
                .push(on.saturating_duration_since(t).as_secs_f64() * 1000.0);
        }
        trace.entries();
    }
    let _ = parec.kill();
    let _ = parec.wait();
    sink.close(Duration::from_secs(5));
    for v in [
        &mut figures.accepted_ms,
        &mut figures.begin_ms,
        &mut figures.sound_ms,
    ] {
        v.sort_by(f64::total_cmp);
    }
    Ok(figures)
}
