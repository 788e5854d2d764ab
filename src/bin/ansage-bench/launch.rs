//! From launching `ansage play` to "Bereit" on the Braille display and to the first spoken
//! word, with speech and the display both on (issue 22.4: the display within 1 s; issue
//! 31.5: the first word p95 within 1.5 s). The real `ansage` (built with every device
//! feature) is started on the rig (tests/rig/up.sh: speech-dispatcher with espeak-ng,
//! BRLTTY with its virtual display), as a player starts it: `play --lang de --vi white --tc
//! 15+10`. Five instants are taken from the launch: the display's first cells holding
//! "Bereit" (the emulated display stamps every line it receives, [`VrLog`]), "Bereit" on
//! the console (the transcript's `say:all` line), speech-dispatcher's device line on
//! standard error, the first utterance speech-dispatcher hands to espeak-ng (the rig's
//! `espeak-ng.log` stamps each "Requested data" to the microsecond), and the first sound on
//! the rig's speaker (recorded with `parec` from its monitor, as `speech` does). Each launch
//! ends with `quit` once these are taken, after the speaker has been silent.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};

use ansage::core::display::vr_dots;
use ansage::core::lang::Language;

use crate::process::{self, Console as _};
use crate::stats::summary;
use crate::vrlog::{VrLog, wall};

/// The goal for launch → "Bereit" on the display (issue 22.4).
pub const GOAL_MS: f64 = 1000.0;

/// The goal for launch → the first spoken word, p95 (issue 31.5).
pub const WORD_GOAL_MS: f64 = 1500.0;

/// How long one launch may take for anything the benchmark waits for.
const LIMIT: Duration = Duration::from_secs(30);

/// The figures of `runs` launches, in milliseconds from the launch.
#[derive(Debug, Clone, Default)]
pub struct LaunchBench {
    /// "Bereit" in the display's cells.
    pub display: Vec<f64>,
    /// "Bereit" said on the console (`say:all Bereit`).
    pub console: Vec<f64>,
    /// speech-dispatcher's device line (speech open).
    pub speech: Vec<f64>,
    /// The first utterance handed to espeak-ng (its log's "Requested data").
    pub handed: Vec<f64>,
    /// The first sound on the speaker.
    pub sound: Vec<f64>,
    /// The last launch's standard error until speech's line (the device report).
    pub devices: Vec<String>,
}

impl fmt::Display for LaunchBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut display = self.display.clone();
        display.sort_by(f64::total_cmp);
        let verdict = match display.last() {
            Some(&max) if max < GOAL_MS => "every launch within",
            Some(_) => "over",
            None => "no figure for",
        };
        writeln!(
            f,
            "launch to \"Bereit\" with speech and the Braille display on, {} launches \
             ({verdict} the goal of {GOAL_MS:.0} ms on the display)",
            self.display.len()
        )?;
        let mut sound = self.sound.clone();
        sound.sort_by(f64::total_cmp);
        let p95 = sound
            .get(((sound.len() as f64 * 0.95).ceil() as usize).saturating_sub(1))
            .copied();
        let verdict = match p95 {
            Some(p) if p <= WORD_GOAL_MS => "within",
            Some(_) => "over",
            None => "no figure for",
        };
        writeln!(
            f,
            "  first spoken word: p95 {verdict} the goal of {WORD_GOAL_MS:.0} ms"
        )?;
        for (what, v) in [
            ("display shows Bereit", &self.display),
            ("console says Bereit", &self.console),
            ("speech open (its device line)", &self.speech),
            ("first word handed to espeak-ng", &self.handed),
            ("first sound on the speaker", &self.sound),
        ] {
            let mut v = v.clone();
            v.sort_by(f64::total_cmp);
            summary(f, what, &v, &[0.5, 0.95], 0)?;
        }
        writeln!(f, "  device report (last launch):")?;
        for line in &self.devices {
            writeln!(f, "    {line}")?;
        }
        Ok(())
    }
}

/// Launches `ansage` `runs` times on the rig and times each to "Bereit".
pub fn run(ansage: &Path, runs: usize) -> Result<LaunchBench> {
    let vr = std::env::var_os("RIG_VR_DIR")
        .map(PathBuf::from)
        .context("no rig: start tests/rig/up.sh and source what it prints (RIG_VR_DIR is unset)")?;
    let rig = std::env::var_os("RIG_DIR")
        .map(PathBuf::from)
        .context("no rig: RIG_DIR is unset")?;
    let espeak = rig.join("speechd/log/espeak-ng.log");
    let monitor = std::env::var("RIG_SPEAKER_MONITOR").unwrap_or_else(|_| "speaker.monitor".into());
    let (mut parec, frames) =
        crate::speech::record_speaker(&monitor).map_err(|e| anyhow::anyhow!("{e}"))?;
    let table = ansage::braille::display_table(Language::De);
    let ready = vr_dots(&table.to_cells("Bereit"));
    let mut bench = LaunchBench::default();
    for i in 0..runs {
        let dir =
            std::env::temp_dir().join(format!("ansage-bench-launch-{}-{i}", std::process::id()));
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        quiet(&frames);
        let rig = Rig {
            vr: &vr,
            espeak: &espeak,
            frames: &frames,
        };
        let result = launch(ansage, &dir, &rig, &ready, &mut bench);
        // Best effort: a folder left in the temporary directory harms nothing.
        let _ = std::fs::remove_dir_all(&dir);
        if let Err(e) = result {
            let _ = parec.kill();
            let _ = parec.wait();
            return Err(e);
        }
    }
    let _ = parec.kill();
    let _ = parec.wait();
    Ok(bench)
}

/// What the benchmark reads on the rig.
struct Rig<'a> {
    /// The emulated display's folder.
    vr: &'a Path,
    /// espeak-ng's log in speech-dispatcher's log folder.
    espeak: &'a Path,
    /// The speaker's frames as recorded.
    frames: &'a crate::speech::Frames,
}

/// Waits until the speaker has been silent for 2 s (the last launch's words said: a gap
/// between two of its utterances can be 0.8 s), at most [`LIMIT`].
fn quiet(frames: &crate::speech::Frames) {
    let until = Instant::now() + LIMIT;
    while Instant::now() < until {
        let silent = frames.lock().is_ok_and(|f| {
            let recent: Vec<&(Instant, f64)> = f
                .iter()
                .rev()
                .take_while(|(at, _)| at.elapsed() < Duration::from_secs(2))
                .collect();
            recent.len() >= 180 && recent.iter().all(|(_, rms)| *rms < 0.01)
        });
        if silent {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The first loud frame of the speaker at or after `t`, waiting up to [`LIMIT`].
fn first_sound(frames: &crate::speech::Frames, t: Instant) -> Option<Instant> {
    let until = Instant::now() + LIMIT;
    while Instant::now() < until {
        let found = frames.lock().ok().and_then(|f| {
            f.iter()
                .find(|(at, rms)| *at >= t && *rms >= 0.01)
                .map(|(at, _)| *at)
        });
        if found.is_some() {
            return found;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

/// The wall-clock instant of the first "Requested data" line espeak-ng's log got after
/// byte `from`, waiting up to [`LIMIT`].
fn first_handed(log: &Path, from: u64) -> Option<f64> {
    let until = Instant::now() + LIMIT;
    while Instant::now() < until {
        let text = std::fs::read(log).ok()?;
        let start = usize::try_from(from).ok()?.min(text.len());
        let found = String::from_utf8_lossy(&text[start..])
            .lines()
            .filter(|l| l.contains("Requested data"))
            .find_map(log_stamp);
        if found.is_some() {
            return found;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// The wall-clock seconds of a speech-dispatcher log line: ` Sat Nov 28 21:20:00 2026
/// [775686]: …` (local time, then the microseconds).
fn log_stamp(line: &str) -> Option<f64> {
    use chrono::TimeZone as _;
    let (date, rest) = line.split_once(" [")?;
    let (micros, _) = rest.split_once(']')?;
    let date = date.split_whitespace().collect::<Vec<_>>().join(" ");
    let naive = chrono::NaiveDateTime::parse_from_str(&date, "%a %b %d %H:%M:%S %Y").ok()?;
    let local = chrono::Local.from_local_datetime(&naive).single()?;
    let micros: f64 = micros.parse().ok()?;
    Some(local.timestamp() as f64 + micros / 1e6)
}

/// One launch: its instants into `bench`, then `quit`.
fn launch(
    ansage: &Path,
    dir: &Path,
    rig: &Rig,
    ready: &str,
    bench: &mut LaunchBench,
) -> Result<()> {
    let mut log = VrLog::open(rig.vr.join("vr.log")).context("the rig's vr.log")?;
    let espeak_from = std::fs::metadata(rig.espeak).map_or(0, |m| m.len());
    let mut command = Command::new(ansage);
    command
        .args(["play", "--transcript", "--lang", "de", "--vi", "white"])
        .args(["--tc", "15+10", "--no-journal"]);
    let (launched_wall, launched) = (wall(), Instant::now());
    let mut station = process::spawn(&mut command, ansage, dir)?;
    let shown = log.wait_until(|cells| cells.contains(ready), LIMIT)?;
    let Some(shown) = shown else {
        bail!(
            "the display never showed Bereit within {} s",
            LIMIT.as_secs()
        );
    };
    bench.display.push((shown - launched_wall) * 1000.0);
    let start = station.mark();
    let (said, _) = station
        .wait_stdout("Bereit on the console", LIMIT, |l| {
            l.contains("say:all Bereit")
        })
        .context("the console never said Bereit")?;
    bench.console.push(ms(said - launched));
    // Standard error's lines from the start again: speech's line may have come first.
    station.look_from(start);
    let speech = station
        .wait_line("a device line for speech", LIMIT, |l| {
            l.stderr && l.text.starts_with("Sprachausgabe: ")
        })
        .context("no device line for speech")?;
    bench.speech.push(ms(speech.at - launched));
    bench.devices = station
        .seen()
        .iter()
        .filter(|l| l.stderr && l.at <= speech.at && l.text.contains(": "))
        .map(|l| l.text.clone())
        .collect();
    let handed = first_handed(rig.espeak, espeak_from).context("espeak-ng was handed nothing")?;
    bench.handed.push((handed - launched_wall) * 1000.0);
    let sound = first_sound(rig.frames, launched).context("no sound on the speaker")?;
    bench.sound.push(ms(sound - launched));
    station
        .quit(LIMIT)
        .context("the station did not stop after quit")?;
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
