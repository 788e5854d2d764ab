//! `ansage-bench vosk` (feature `vosk`): the real vosk path on the small Korean model
//! (the German grammar of the legal moves handed to it through the Korean stand-ins,
//! `assets/test/ko_standin.toml`).
//!
//! - **Grammar switch**: for positions of real games, building the grammar of the legal
//!   moves and handing it to the running recognizer (`vosk_recognizer_set_grm`), p50/p95;
//!   and, for comparison, making a new recognizer with that grammar instead.
//! - **Latency**: espeak-ng's Korean voice says phrases (synthesised with `espeak-ng` and
//!   converted with `sox`, which must be installed), fed through the hearing actor in real
//!   time (50 ms blocks, paced by the clock, as a microphone delivers them), then a second
//!   of silence. From the instant of the last sample above the silence level to (1) the
//!   actor sending the result to the station and (2) the session's echo being handed to the
//!   speech output (the session handles the heard words at once; the station's journal
//!   sync, `ansage-bench journal`, comes on top). Endpointing: the model's `conf/model.conf`
//!   (`rule2.min-trailing-silence=0.5`); the actor's quick end (150 ms of silence after a
//!   whole phrase no other phrase continues); and the actor's silence end (150 or 100 ms
//!   below the silence level after speech, whatever the partial result), each run once.
//!   The count heard right is the results equal to the phrase said.
//! - **Memory**: the process's resident set (VmRSS/VmHWM from `/proc/self/status`) before
//!   and after loading the model, and its peak after all of the above.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::mpsc::sync_channel;
use std::time::{Duration, Instant};

use crate::resolve::{BenchError, read_positions};
use ansage::adapter::Speaking;
use ansage::audio::stream::{AudioEvent, Chunk};
use ansage::core::grammar::GrammarBuilder;
use ansage::core::input::{Event, Input};
use ansage::core::lang::Language;
use ansage::core::output::Output;
use ansage::core::session::Session;
use ansage::core::setup::SessionSetup;
use ansage::core::time::Timestamp;
use ansage::core::words::{MovePhrases, vocabulary};
use ansage::hearing::Recognizer;
use ansage::hearing::actor::{GrammarSlot, ListenOptions, ListenSetup, ListenStats, listen};
use ansage::hearing::vocabulary::{KO_STANDIN, Spelling, word_map_from_toml};
use ansage::hearing::vosk::{VoskModel, VoskOptions, VoskRecognizer};
use ansage::station::StationInput;

/// A line of `/proc/self/status` in kB (`VmRSS`, `VmHWM`).
pub fn proc_status_kb(key: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    s.lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
}

fn pct(times: &mut [Duration], p: f64) -> f64 {
    times.sort_unstable();
    let i = ((times.len() as f64 - 1.0) * p).round() as usize;
    times.get(i).map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
}

fn setup(e: impl std::fmt::Display) -> BenchError {
    BenchError::Setup(e.to_string())
}

/// espeak-ng's Korean voice saying `text`, as 16 kHz mono samples.
fn say(text: &str, dir: &Path) -> Result<Vec<i16>, BenchError> {
    let raw = dir.join("raw.wav");
    let out = dir.join("16k.wav");
    let ok = Command::new("espeak-ng")
        .args(["-v", "ko", "-w"])
        .arg(&raw)
        .arg(text)
        .status()
        .map_err(setup)?
        .success()
        && Command::new("sox")
            .arg(&raw)
            .args(["-r", "16000", "-c", "1", "-b", "16"])
            .arg(&out)
            .status()
            .map_err(setup)?
            .success();
    if !ok {
        return Err(setup("espeak-ng or sox failed"));
    }
    let r = hound::WavReader::open(&out).map_err(setup)?;
    r.into_samples::<i16>()
        .collect::<Result<_, _>>()
        .map_err(setup)
}

/// Runs the benchmark with the model in `model_dir`; `runs` utterances per setting.
pub fn vosk_bench(model_dir: &Path, pgn: &str, runs: usize) -> Result<String, BenchError> {
    let mut out = String::new();
    let rss0 = proc_status_kb("VmRSS").unwrap_or(0);
    ansage::hearing::vosk::set_log_level(-1);
    let t0 = Instant::now();
    let model = VoskModel::load(model_dir).map_err(setup)?;
    let load = t0.elapsed();
    let rss_model = proc_status_kb("VmRSS").unwrap_or(0);
    let hwm_model = proc_status_kb("VmHWM").unwrap_or(0);
    let builder = GrammarBuilder::new(Language::De).map_err(setup)?;
    let map: HashMap<String, String> = word_map_from_toml(KO_STANDIN).map_err(setup)?;
    let spelling: Arc<Spelling> = Arc::new(model.spelling(&builder, &map));
    let _ = writeln!(
        out,
        "vosk bench, model {} (loaded in {:.2} s)\nvocabulary: {}",
        model_dir.display(),
        load.as_secs_f64(),
        spelling.report().to_string().lines().next().unwrap_or("")
    );

    grammar_switch(&model, &spelling, &builder, pgn, &mut out)?;
    latency(&model, &spelling, &builder, runs, &mut out)?;
    let _ = writeln!(
        out,
        "memory: before the model {} MB, model loaded {} MB (peak {} MB), station peak after all of the above {} MB",
        rss0 / 1024,
        rss_model / 1024,
        hwm_model / 1024,
        proc_status_kb("VmHWM").unwrap_or(0) / 1024
    );
    Ok(out)
}

/// The grammar switch over positions of real games (every 10th, at most 300), and a new
/// recognizer per position instead, for comparison.
fn grammar_switch(
    model: &Arc<VoskModel>,
    spelling: &Arc<Spelling>,
    builder: &GrammarBuilder,
    pgn: &str,
    out: &mut String,
) -> Result<(), BenchError> {
    let (_, positions) = read_positions(pgn)?;
    let sample: Vec<_> = positions
        .iter()
        .step_by(10)
        .take(300)
        .map(|(p, _)| p)
        .collect();
    let start = shakmaty::Chess::default();
    let mut rec = VoskRecognizer::new(
        model.clone(),
        spelling.clone(),
        &builder.build(&MovePhrases::new(vocabulary(Language::De), start.clone())),
        VoskOptions::default(),
    )
    .map_err(setup)?;
    let (mut switch, mut build, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
    let mut phrases = 0usize;
    for pos in &sample {
        let t = Instant::now();
        let g = builder.build(&MovePhrases::new(vocabulary(Language::De), (*pos).clone()));
        let b = t.elapsed();
        rec.set_grammar(&g).map_err(setup)?;
        switch.push(t.elapsed());
        build.push(b);
        phrases += rec.phrases();
    }
    for pos in sample.iter().take(50) {
        let g = builder.build(&MovePhrases::new(vocabulary(Language::De), (*pos).clone()));
        let t = Instant::now();
        let r = VoskRecognizer::new(model.clone(), spelling.clone(), &g, VoskOptions::default())
            .map_err(setup)?;
        fresh.push(t.elapsed());
        drop(r);
    }
    let _ = writeln!(
        out,
        "grammar switch ({} positions, {:.0} phrases on average): build + set_grm p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms (build alone p95 {:.2} ms); a new recognizer instead: p50 {:.2} ms, p95 {:.2} ms",
        switch.len(),
        phrases as f64 / switch.len().max(1) as f64,
        pct(&mut switch, 0.5),
        pct(&mut switch, 0.95),
        pct(&mut switch, 1.0),
        pct(&mut build, 0.95),
        pct(&mut fresh, 0.5),
        pct(&mut fresh, 0.95),
    );
    drop(rec);

    Ok(())
}

/// The latency through the actor, paced in real time, for each endpointing setting.
fn latency(
    model: &Arc<VoskModel>,
    spelling: &Arc<Spelling>,
    builder: &GrammarBuilder,
    runs: usize,
    out: &mut String,
) -> Result<(), BenchError> {
    let tmp = tempfile_dir()?;
    let phrases = [
        ("오렌지 넷", "felix vier"),
        ("기사 오렌지 셋", "springer felix drei"),
        ("레몬 넷", "gustav vier"),
    ];
    let mut audio = Vec::new();
    for (ko, de) in phrases {
        audio.push((say(ko, &tmp)?, de));
    }
    let _ = std::fs::remove_dir_all(&tmp);
    let ms = |m| Some(Duration::from_millis(m));
    for (quick, silence) in [
        (None, None),
        (ms(150), None),
        (ms(150), ms(150)),
        (ms(150), ms(100)),
    ] {
        let options = ListenOptions {
            quick_end: quick,
            silence_end: silence,
            ..ListenOptions::default()
        };
        let (mut to_result, mut to_echo) = (Vec::new(), Vec::new());
        let mut right = 0;
        let (mut early, mut replays) = (0, 0);
        for i in 0..runs {
            let (samples, de) = &audio[i % audio.len()];
            let (r, e, ok, stats) = one_utterance(model, spelling, builder, samples, de, &options)?;
            early += stats.silence_ends;
            replays += stats.replays;
            if let (Some(r), Some(e)) = (r, e) {
                to_result.push(r);
                to_echo.push(e);
            }
            right += usize::from(ok);
        }
        let _ = writeln!(
            out,
            "latency, {} ({} utterances, {} heard right, {} with a result, {} ended on silence, {} heard again after a pause): end of speech → result p50 {:.0} ms, p95 {:.0} ms; → echo handed to speech p50 {:.0} ms, p95 {:.0} ms",
            setting_name(quick, silence),
            runs,
            right,
            to_result.len(),
            early,
            replays,
            pct(&mut to_result, 0.5),
            pct(&mut to_result, 0.95),
            pct(&mut to_echo, 0.5),
            pct(&mut to_echo, 0.95),
        );
    }
    Ok(())
}

/// How a latency line names its endpointing setting.
fn setting_name(quick: Option<Duration>, silence: Option<Duration>) -> String {
    match (quick, silence) {
        (None, None) => "vosk's endpoint only".to_owned(),
        (Some(q), None) => format!("quick end after {} ms", q.as_millis()),
        (q, s) => format!(
            "quick end after {} ms, silence end after {} ms",
            q.unwrap_or_default().as_millis(),
            s.unwrap_or_default().as_millis()
        ),
    }
}

fn tempfile_dir() -> Result<std::path::PathBuf, BenchError> {
    let dir = std::env::temp_dir().join(format!("ansage-bench-vosk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(setup)?;
    Ok(dir)
}

/// The synthesised audio with a little noise over it and the second after it: a microphone
/// never delivers digital silence (±40 of 32768, about -60 dBFS).
fn with_noise(samples: &[i16]) -> Vec<i16> {
    let mut noise: u32 = 0x1234_5678;
    let mut all: Vec<i16> = samples
        .iter()
        .copied()
        .chain(std::iter::repeat_n(0i16, 16_000))
        .map(|s| {
            noise ^= noise << 13;
            noise ^= noise >> 17;
            noise ^= noise << 5;
            s.saturating_add((noise % 81) as i16 - 40)
        })
        .collect();
    all.shrink_to_fit();
    all
}

/// The microphone: blocks of `block` samples paced in real time from `t0`, on their own
/// thread.
fn feed(
    all: Vec<i16>,
    block: usize,
    t0: Instant,
    atx: std::sync::mpsc::SyncSender<AudioEvent>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        for (i, c) in all.chunks(block).enumerate() {
            let due = t0 + Duration::from_secs_f64(((i + 1) * block) as f64 / 16_000.0);
            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
            let chunk = Chunk {
                samples: c.to_vec(),
                at: Instant::now(),
            };
            if atx.send(AudioEvent::Chunk(chunk)).is_err() {
                return;
            }
        }
        let _ = atx.send(AudioEvent::End);
    })
}

/// One utterance through the actor in real time: (end of speech → result, → echo, right,
/// what the actor did).
fn one_utterance(
    model: &Arc<VoskModel>,
    spelling: &Arc<Spelling>,
    builder: &GrammarBuilder,
    samples: &[i16],
    expected: &str,
    options: &ListenOptions,
) -> Result<(Option<Duration>, Option<Duration>, bool, ListenStats), BenchError> {
    let start = shakmaty::Chess::default();
    let rec = VoskRecognizer::new(
        model.clone(),
        spelling.clone(),
        &builder.build(&MovePhrases::new(vocabulary(Language::De), start.clone())),
        VoskOptions::default(),
    )
    .map_err(setup)?;
    let (atx, arx) = sync_channel(64);
    let (otx, mut orx) = tokio::sync::mpsc::channel(8);
    let builder = builder.clone();
    let options = options.clone();
    let actor = std::thread::spawn(move || {
        listen(
            ListenSetup {
                recognizer: Box::new(rec),
                builder,
                slot: GrammarSlot::default(),
                speaking: Speaking::new(),
                options,
                out: otx,
            },
            &MovePhrases::new(vocabulary(Language::De), start),
            arx,
        )
    });
    let level = ListenOptions::default().silence_level;
    let last_loud = samples
        .iter()
        .rposition(|s| s.saturating_abs() >= level)
        .unwrap_or(0);
    let all = with_noise(samples);
    let block = 800; // 50 ms
    let t0 = Instant::now();
    let speech_end = t0 + Duration::from_secs_f64((last_loud + 1) as f64 / 16_000.0);
    let feeder = feed(all, block, t0, atx);
    // The station's side: the first heard input goes to a session, whose echo is timed.
    let mut session = Session::new(SessionSetup::default()).map_err(setup)?;
    let mut result = None;
    let mut echo = None;
    let mut right = false;
    while let Some(msg) = orx.blocking_recv() {
        let StationInput::Input(Input::Act {
            by,
            event: Event::Heard(u),
        }) = msg
        else {
            continue;
        };
        if result.is_some() {
            continue;
        }
        let got = Instant::now();
        result = Some(got.saturating_duration_since(speech_end));
        right = u.text() == expected;
        let outputs = session.handle(
            Input::Act {
                by,
                event: Event::Heard(u),
            },
            Timestamp::from_millis(1000),
        );
        if outputs.iter().any(|o| matches!(o, Output::Say(_))) {
            echo = Some(Instant::now().saturating_duration_since(speech_end));
        }
    }
    let _ = feeder.join();
    let stats = actor.join().map_err(|_| setup("the actor panicked"))?;
    tracing::debug!("bench vosk: {stats:?}");
    Ok((result, echo, right, stats))
}
