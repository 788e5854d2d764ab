//! From launching `ansage play` to "Bereit" on the Braille display, with speech and the
//! display both on (issue 22.4: goal under 1 s on the development machine). The real
//! `ansage` (built with every device feature) is started on the rig
//! (tests/rig/up.sh: speech-dispatcher with espeak-ng, BRLTTY with its virtual display), as
//! a player starts it: `play --lang de --vi white --tc 15+10`. Three instants are taken
//! from the launch: the display's first cells holding "Bereit" (the emulated display stamps
//! every line it receives, [`VrLog`]), "Bereit" on the console (the transcript's
//! `say:all` line), and speech-dispatcher's device line on standard error (speech opens
//! on its own thread and may come after "Bereit"). Each launch ends with `quit`.

use std::fmt;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};

use ansage::core::display::vr_dots;
use ansage::core::lang::Language;

use crate::process::{self, Spawned};
use crate::stats::summary;
use crate::vrlog::{VrLog, wall};

/// The goal for launch → "Bereit" on the display (issue 22.4).
pub const GOAL_MS: f64 = 1000.0;

/// How long one launch may take for anything the benchmark waits for.
const LIMIT: Duration = Duration::from_secs(30);

/// The figures of `runs` launches, in milliseconds from the launch.
#[derive(Debug, Clone, Default)]
pub struct LaunchBench {
    /// "Bereit" in the display's cells.
    pub display: Vec<f64>,
    /// "Bereit" said on the console (`say:all Bereit`).
    pub console: Vec<f64>,
    /// speech-dispatcher's device line (speech open, its voices listed).
    pub speech: Vec<f64>,
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
        for (what, v) in [
            ("display shows Bereit", &self.display),
            ("console says Bereit", &self.console),
            ("speech open (its device line)", &self.speech),
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
    let table = ansage::braille::display_table(Language::De);
    let ready = vr_dots(&table.to_cells("Bereit"));
    let mut bench = LaunchBench::default();
    for i in 0..runs {
        let dir =
            std::env::temp_dir().join(format!("ansage-bench-launch-{}-{i}", std::process::id()));
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let result = launch(ansage, &dir, &vr, &ready, &mut bench);
        // Best effort: a folder left in the temporary directory harms nothing.
        let _ = std::fs::remove_dir_all(&dir);
        result?;
    }
    Ok(bench)
}

/// One launch: its three instants into `bench`, then `quit`.
fn launch(
    ansage: &Path,
    dir: &Path,
    vr: &Path,
    ready: &str,
    bench: &mut LaunchBench,
) -> Result<()> {
    let mut log = VrLog::open(vr.join("vr.log")).context("the rig's vr.log")?;
    let mut command = Command::new(ansage);
    command
        .args(["play", "--transcript", "--lang", "de", "--vi", "white"])
        .args(["--tc", "15+10", "--no-journal"]);
    let (launched_wall, launched) = (wall(), Instant::now());
    let Spawned {
        mut child,
        mut stdin,
        lines,
        errors,
    } = process::spawn_with_errors(&mut command, ansage, dir)?;
    let Some(errors) = errors else {
        bail!("no standard error read");
    };
    let shown = log.wait_until(|cells| cells.contains(ready), LIMIT)?;
    let Some(shown) = shown else {
        bail!(
            "the display never showed Bereit within {} s",
            LIMIT.as_secs()
        );
    };
    bench.display.push((shown - launched_wall) * 1000.0);
    let said =
        first(&lines, |l| l.contains("say:all Bereit")).context("the console never said Bereit")?;
    bench.console.push(ms(said - launched));
    let (speech, devices) = first_with_lines(&errors, |l| l.starts_with("Sprachausgabe: "))
        .context("no device line for speech")?;
    bench.speech.push(ms(speech - launched));
    bench.devices = devices;
    writeln!(stdin, "quit").context("typing quit")?;
    drop(stdin);
    let deadline = Instant::now() + LIMIT;
    while child.try_wait()?.is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            bail!("the station did not stop after quit");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(())
}

/// The instant of the first line of `lines` that `wanted` accepts.
fn first(lines: &Receiver<(Instant, String)>, wanted: impl Fn(&str) -> bool) -> Option<Instant> {
    first_with_lines(lines, wanted).map(|(at, _)| at)
}

/// The instant of the first line that `wanted` accepts, with every line read until then
/// that is a device line (`NAME: …`).
fn first_with_lines(
    lines: &Receiver<(Instant, String)>,
    wanted: impl Fn(&str) -> bool,
) -> Option<(Instant, Vec<String>)> {
    let deadline = Instant::now() + LIMIT;
    let mut seen = Vec::new();
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        let (at, line) = lines.recv_timeout(left).ok()?;
        let hit = wanted(&line);
        if line.contains(": ") {
            seen.push(line);
        }
        if hit {
            return Some((at, seen));
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
