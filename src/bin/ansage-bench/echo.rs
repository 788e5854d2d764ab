//! `ansage-bench echo` (features `vosk`, `audio`, `speech`; the device rig): a spoken move
//! from the end of speech into the microphone to the first sound of its echo on the
//! speaker, end to end (FIDE Laws D.2.1: the station echoes each announcement).
//!
//! The station is wired as `ansage play` wires a voice game ([`crate::echo_station`]): the cpal
//! microphone (the rig's `micfeed.monitor`), the hearing actor with vosk on the Korean test
//! model and its stand-in words for the German grammar (as `ansage-bench vosk`), the real
//! main loop with a German session, and the speech output on the rig's speech-dispatcher
//! (espeak-ng) playing to the rig's speaker. Stand-in phrases synthesised by espeak-ng
//! ([`echo_audio::phrases`]) are played into the microphone (`paplay -d $RIG_MIC_SINK`) in
//! turn: three said at once that no other phrase continues, two with a 250-ms pause inside
//! ("Springer ‖ Felix drei", "Springer Gustav vier ‖ Schach"), and "Springer Gustav vier"
//! alone, a whole phrase that the one with the check word continues.
//!
//! The microphone's monitor and the speaker's monitor are recorded with `parec` on one time
//! base ([`echo_audio::Recording`]). Measured from the end of speech (the last sample of the
//! phrase at the actor's silence level, as recorded from the microphone) to the echo's
//! first sound (the first sample at that level on the speaker); and, to see where the time
//! goes, to the loud block's arrival behind the microphone, the result leaving the actor,
//! the echo handed to speech, and speech-dispatcher reporting it begun. A phrase counts as
//! heard whole when the station's one result is its words (otherwise it was cut, or
//! misheard: the report lists what was heard).
//!
//! The actor does not listen while the station speaks and for the speech tail after it:
//! each phrase is played once the echo has ended and its tail passed. Each setting runs on
//! a fresh station (`ANSAGE_BENCH_RUNS` phrases, default 30, after one not counted;
//! `ANSAGE_BENCH_SETTINGS=1,4` runs the first and the fourth setting only).

use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};

use ansage::audio::capture::CaptureOptions;
use ansage::core::grammar::GrammarBuilder;
use ansage::core::lang::Language;
use ansage::hearing::actor::{ListenOptions, ListenStats};
use ansage::hearing::vocabulary::{KO_STANDIN, word_map_from_toml};
use ansage::hearing::vosk::VoskModel;
use ansage::speech::Traced;

use crate::echo_audio::{self, Kind, Phrase, Recording};
use crate::echo_station::{Setting, Station};
use crate::stats::summary;

/// The pause inside the paused phrases: a natural pause between words.
const PAUSE: Duration = Duration::from_millis(250);

/// After the echo's last event, this long before the next phrase (speech's tail, 300 ms,
/// and room).
const QUIET: Duration = Duration::from_millis(700);

/// The settings measured (silence end, pause end, block; milliseconds): the default before
/// issue 31 first, then candidates, the default now among them.
const SETTINGS: [(u64, Option<u64>, u64); 6] = [
    (100, None, 50),
    (100, Some(400), 50),
    (80, Some(400), 10),
    (60, Some(400), 10),
    (50, Some(400), 10),
    (40, Some(400), 10),
];

/// The settings measured, each named; the default now (`ListenOptions::default`,
/// `CaptureOptions::default`) is marked.
fn settings() -> Vec<Setting> {
    let ms = Duration::from_millis;
    let now = (ListenOptions::default(), CaptureOptions::default().chunk);
    SETTINGS
        .into_iter()
        .enumerate()
        .map(|(i, (silence, pause, chunk))| {
            let listen = ListenOptions {
                quick_end: Some(ms(150)),
                silence_end: Some(ms(silence)),
                pause_end: pause.map(ms),
                ..ListenOptions::default()
            };
            let pause = pause.map_or(String::new(), |p| format!(", pause end {p} ms"));
            let mut name = format!("silence end {silence} ms{pause}, {chunk}-ms blocks");
            if i == 0 {
                name.push_str(" (before)");
            }
            if is_default(&listen, ms(chunk), &now) {
                name.push_str(" (default)");
            }
            Setting {
                name,
                listen,
                chunk: ms(chunk),
            }
        })
        .collect()
}

/// Whether `listen` with `chunk` is the station's default end-of-speech rule.
fn is_default(listen: &ListenOptions, chunk: Duration, now: &(ListenOptions, Duration)) -> bool {
    let (default, default_chunk) = now;
    listen.quick_end == default.quick_end
        && listen.silence_end == default.silence_end
        && listen.pause_end == default.pause_end
        && chunk == *default_chunk
}

/// The settings `ANSAGE_BENCH_SETTINGS` names by number from 1 ("1,3"), else all.
fn chosen(all: Vec<Setting>) -> Vec<Setting> {
    let Ok(wanted) = std::env::var("ANSAGE_BENCH_SETTINGS") else {
        return all;
    };
    let wanted: Vec<usize> = wanted
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    all.into_iter()
        .enumerate()
        .filter(|(i, _)| wanted.contains(&(i + 1)))
        .map(|(_, s)| s)
        .collect()
}

/// One phrase said and echoed: milliseconds from the end of speech until
#[derive(Clone, Debug, Default)]
struct Trial {
    /// the last loud block passed the tee behind the microphone,
    block: Option<f64>,
    /// the first result left the actor,
    result: Option<f64>,
    /// the echo was handed to speech,
    handed: Option<f64>,
    /// speech-dispatcher reported it begun,
    began: Option<f64>,
    /// its first sound on the speaker.
    sound: Option<f64>,
    /// What the station heard, each result.
    heard: Vec<String>,
}

/// A setting's figures.
#[derive(Debug, Default)]
struct Figures {
    name: String,
    trials: Vec<(Phrase, Trial)>,
    stats: ListenStats,
}

fn sorted(v: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut v: Vec<f64> = v.collect();
    v.sort_by(f64::total_cmp);
    v
}

impl Figures {
    /// The trials of one kind of phrase (all: `None`).
    fn of(&self, kind: Option<Kind>) -> impl Iterator<Item = &(Phrase, Trial)> + '_ {
        self.trials
            .iter()
            .filter(move |(p, _)| kind.is_none_or(|k| p.kind == k))
    }

    /// How many phrases of `kind` were heard whole, of how many.
    fn whole(&self, kind: Kind) -> (usize, usize) {
        let heard = |(p, t): &&(Phrase, Trial)| t.heard.len() == 1 && t.heard[0] == p.words;
        (
            self.of(Some(kind)).filter(heard).count(),
            self.of(Some(kind)).count(),
        )
    }

    /// One figure of the trials of `kind`, sorted.
    fn column(&self, kind: Option<Kind>, pick: fn(&Trial) -> Option<f64>) -> Vec<f64> {
        sorted(self.of(kind).filter_map(|(_, t)| pick(t)))
    }
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, all) = self.whole(Kind::Whole);
        let (paused, paused_all) = self.whole(Kind::Paused);
        let (continued, continued_all) = self.whole(Kind::Continued);
        writeln!(
            f,
            "{}: heard whole {whole} of {all} phrases no other continues, {paused} of {paused_all} with a {} ms pause inside, {continued} of {continued_all} phrases another continues; {} ended on silence, {} heard again",
            self.name,
            PAUSE.as_millis(),
            self.stats.silence_ends,
            self.stats.replays,
        )?;
        let ps = [0.5, 0.95];
        let sound = |t: &Trial| t.sound;
        // (label, which phrases, the figure of a trial)
        type Row = (&'static str, Option<Kind>, fn(&Trial) -> Option<f64>);
        let rows: [Row; 8] = [
            (
                "end of speech → first sound of the echo, phrases no other continues",
                Some(Kind::Whole),
                sound,
            ),
            ("  with a pause inside", Some(Kind::Paused), sound),
            (
                "  a phrase another continues, said alone",
                Some(Kind::Continued),
                sound,
            ),
            ("  all", None, sound),
            (
                "phrases no other continues: end of speech → last loud block behind the microphone",
                Some(Kind::Whole),
                |t| t.block,
            ),
            ("  → result from the actor", Some(Kind::Whole), |t| {
                t.result
            }),
            ("  → echo handed to speech", Some(Kind::Whole), |t| {
                t.handed
            }),
            (
                "  → speech-dispatcher reports it begun",
                Some(Kind::Whole),
                |t| t.began,
            ),
        ];
        for (what, kind, pick) in rows {
            summary(f, what, &self.column(kind, pick), &ps, 0)?;
        }
        for (p, t) in &self.trials {
            if t.heard.len() != 1 || t.heard[0] != p.words {
                writeln!(f, "  {:?} heard as {:?}", p.label, t.heard)?;
            }
        }
        Ok(())
    }
}

/// The rig's microphone sink and the two sources recorded.
struct Rig {
    mic_sink: String,
    mic: Recording,
    speaker: Recording,
}

/// Runs the benchmark with the model in `model_dir`, `runs` phrases per setting.
pub fn run(model_dir: &Path, runs: usize) -> Result<String> {
    let Ok(mic_sink) = std::env::var("RIG_MIC_SINK") else {
        bail!("`echo` needs the device rig: eval \"$(bash tests/rig/up.sh)\" first");
    };
    let tmp = std::env::temp_dir().join(format!("ansage-bench-echo-{}", std::process::id()));
    std::fs::create_dir_all(&tmp)?;
    let figures = run_in(&tmp, model_dir, mic_sink, runs);
    let _ = std::fs::remove_dir_all(&tmp);
    figures
}

/// [`run`] with the phrases' WAVs in `tmp`.
fn run_in(tmp: &Path, model_dir: &Path, mic_sink: String, runs: usize) -> Result<String> {
    let speaker_monitor =
        std::env::var("RIG_SPEAKER_MONITOR").unwrap_or_else(|_| "speaker.monitor".into());
    ansage::hearing::vosk::set_log_level(-1);
    let model = VoskModel::load(model_dir).context("the Korean test model")?;
    let builder = GrammarBuilder::new(Language::De)?;
    let map = word_map_from_toml(KO_STANDIN)?;
    let spelling = Arc::new(model.spelling(&builder, &map));
    let phrases = echo_audio::phrases(tmp, PAUSE)?;
    let rig = Rig {
        mic: Recording::start(&format!("{mic_sink}.monitor"))?,
        speaker: Recording::start(&speaker_monitor)?,
        mic_sink,
    };
    let mut out = String::new();
    for setting in chosen(settings()) {
        let figures = measure(&rig, &model, &spelling, &builder, &setting, &phrases, runs)?;
        out.push_str(&figures.to_string());
    }
    Ok(out)
}

/// One setting on a fresh station.
fn measure(
    rig: &Rig,
    model: &Arc<VoskModel>,
    spelling: &Arc<ansage::hearing::vocabulary::Spelling>,
    builder: &GrammarBuilder,
    setting: &Setting,
    phrases: &[Phrase],
    runs: usize,
) -> Result<Figures> {
    let station = Station::start(model, spelling, builder, setting)?;
    // The microphone delivers before the first phrase.
    wait(Duration::from_secs(10), || station.blocks() >= 10);
    let mut trials = Vec::new();
    for i in 0..=runs {
        let phrase = &phrases[i.saturating_sub(1) % phrases.len()];
        let trial = say(rig, &station, phrase)?;
        tracing::debug!("echo: {} → {trial:?}", phrase.label);
        if i > 0 {
            trials.push((phrase.clone(), trial));
        }
    }
    let stats = station.stop()?;
    Ok(Figures {
        name: setting.name.clone(),
        trials,
        stats,
    })
}

/// Waits until `ready` or `limit` passed; whether it is.
fn wait(limit: Duration, mut ready: impl FnMut() -> bool) -> bool {
    let until = Instant::now() + limit;
    while Instant::now() < until {
        if ready() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    ready()
}

/// Speech is quiet: everything begun since `since` ended, and nothing happened for
/// [`QUIET`].
fn quiet(station: &Station, since: Instant) -> bool {
    let entries = station.trace.entries();
    let after: Vec<_> = entries.iter().filter(|(at, _)| *at >= since).collect();
    let began = after
        .iter()
        .filter(|(_, t)| matches!(t, Traced::Began(_)))
        .count();
    let ended = after
        .iter()
        .filter(|(_, t)| matches!(t, Traced::Ended(_) | Traced::Failed(..)))
        .count();
    let last = after.last().map_or(since, |(at, _)| *at);
    began <= ended && last.elapsed() >= QUIET
}

/// When speech began to say something after `t0`, if it did.
fn began_since(station: &Station, t0: Instant) -> Option<Instant> {
    station.trace.entries().iter().find_map(|(at, t)| match t {
        Traced::Began(_) if *at >= t0 => Some(*at),
        _ => None,
    })
}

/// Plays `phrase` into the microphone and times its echo.
fn say(rig: &Rig, station: &Station, phrase: &Phrase) -> Result<Trial> {
    let t0 = Instant::now();
    echo_audio::play(&rig.mic_sink, &phrase.wav)?;
    let heard_since = || {
        station
            .heard
            .lock()
            .map(|v| {
                v.iter()
                    .filter(|(at, _)| *at >= t0)
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    };
    // Heard, then its echo begun, then speech quiet; without a result, room for a late one.
    if wait(Duration::from_secs(5), || !heard_since().is_empty()) {
        wait(Duration::from_secs(5), || {
            began_since(station, t0).is_some()
        });
    } else {
        std::thread::sleep(Duration::from_secs(2));
    }
    wait(Duration::from_secs(20), || quiet(station, t0));
    let now = Instant::now();
    wait(Duration::from_secs(2), || {
        rig.mic.reached(now) && rig.speaker.reached(now)
    });
    let Some(end) = rig.mic.last_loud(t0, now) else {
        bail!(
            "{}: nothing loud on the microphone's recording",
            phrase.label
        );
    };
    let ms = |t: Instant| {
        let d = t.checked_duration_since(end).map_or_else(
            || -end.saturating_duration_since(t).as_secs_f64(),
            |d| d.as_secs_f64(),
        );
        d * 1000.0
    };
    let heard = heard_since();
    let entries = station.trace.entries();
    let handed = entries.iter().find_map(|(at, t)| match t {
        Traced::Accepted { latency, .. } if *at >= t0 => at.checked_sub(*latency),
        _ => None,
    });
    let began = began_since(station, t0);
    let block = station
        .loud_blocks
        .lock()
        .ok()
        .and_then(|v| v.iter().rev().find(|at| **at >= t0).copied());
    Ok(Trial {
        block: block.map(ms),
        result: heard.first().map(|(at, _)| ms(*at)),
        handed: handed.map(ms),
        began: began.map(ms),
        sound: rig.speaker.first_loud(end).map(ms),
        heard: heard.into_iter().map(|(_, w)| w).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The station's default end-of-speech rule is among the settings measured, once.
    #[test]
    fn the_default_is_measured() {
        let marked: Vec<String> = settings()
            .into_iter()
            .map(|s| s.name)
            .filter(|n| n.ends_with("(default)"))
            .collect();
        assert_eq!(
            marked,
            ["silence end 60 ms, pause end 400 ms, 10-ms blocks (default)"]
        );
    }
}
