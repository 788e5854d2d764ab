//! The real `ansage` as a child process for the benchmarks that drive it end to end
//! (`eboard`, `web`, `online`, `train`, `launch`): the test kit's station process
//! ([`ansage::testkit::station`], the one the integration tests use) with its settings in
//! the run's folder, and its waits said as this program's errors.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};

pub use ansage::testkit::station::StationProcess;
use ansage::testkit::station::isolate;

/// Starts `command` (an `ansage play`, `online` or `train` of `ansage`) with its XDG
/// folders under `dir` and its console on pipes.
pub fn spawn(command: &mut Command, ansage: &Path, dir: &Path) -> Result<StationProcess> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    StationProcess::spawn(isolate(command, dir))
        .with_context(|| format!("starting {}", ansage.display()))
}

/// The waits of the benchmarks on a station's console.
pub trait Console {
    /// Types `line` on the console; the instant just before.
    fn type_line(&mut self, line: &str) -> Result<Instant>;

    /// The next stdout line that `wanted` accepts within `patience`, and when it was
    /// read; an error says what the station wrote if none came or it ended first.
    fn wait_stdout(
        &mut self,
        what: &str,
        patience: Duration,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<(Instant, String)>;
}

impl Console for StationProcess {
    fn type_line(&mut self, line: &str) -> Result<Instant> {
        Ok(self.send(line)?)
    }

    fn wait_stdout(
        &mut self,
        what: &str,
        patience: Duration,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<(Instant, String)> {
        let line = self.wait_line(what, patience, |l| !l.stderr && wanted(&l.text))?;
        Ok((line.at, line.text))
    }
}
