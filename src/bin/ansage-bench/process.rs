//! The real `ansage` as a child process for the benchmarks that drive it end to end
//! (`eboard`, `web`): its settings in the run's folder, its console on pipes, and each
//! line it prints stamped with the instant it was read.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};

/// A started station: the process, its standard input, and its lines as read.
pub struct Spawned {
    pub child: Child,
    pub stdin: ChildStdin,
    pub lines: Receiver<(Instant, String)>,
    /// Its standard error's lines as read (the device report), when asked for
    /// ([`spawn_with_errors`]).
    pub errors: Option<Receiver<(Instant, String)>>,
}

impl Spawned {
    /// Types `line` on the station's console; the instant just before.
    pub fn type_line(&mut self, line: &str) -> Result<Instant> {
        let at = Instant::now();
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()?;
        Ok(at)
    }

    /// The lines printed so far, dropped.
    pub fn drain(&self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// The first line that `wanted` accepts within `patience`, and when it was read; what
    /// the station said on its standard error (when read) if it ended first.
    pub fn wait_for(
        &self,
        what: &str,
        patience: Duration,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<(Instant, String)> {
        let until = Instant::now() + patience;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((at, line)) if wanted(&line) => return Ok((at, line)),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => bail!("no {what} from the station"),
                Err(RecvTimeoutError::Disconnected) => {
                    let said: Vec<String> = self
                        .errors
                        .iter()
                        .flat_map(|e| e.try_iter().map(|(_, l)| l))
                        .collect();
                    bail!("the station ended before {what}: {}", said.join("\n"))
                }
            }
        }
    }

    /// Ends the station as a player does (`quit`; twice, for an online game that goes on
    /// asks once first), and kills it if it has not ended within `grace`.
    pub fn quit(&mut self, grace: Duration) {
        let _ = self.stdin.write_all(b"quit\nquit\n");
        let _ = self.stdin.flush();
        let until = Instant::now() + grace;
        while !matches!(self.child.try_wait(), Ok(Some(_))) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Each line of `stream`, stamped with the instant it was read, on a thread of its own.
fn stamped(stream: impl std::io::Read + Send + 'static) -> Receiver<(Instant, String)> {
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if tx.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    lines
}

/// Starts `command` (an `ansage play` of `ansage`) with its XDG folders under `dir`, its
/// console on pipes, and a thread reading its lines (standard error is dropped).
pub fn spawn(command: &mut Command, ansage: &Path, dir: &Path) -> Result<Spawned> {
    start(command, ansage, dir, false)
}

/// As [`spawn`], with standard error's lines read too.
pub fn spawn_with_errors(command: &mut Command, ansage: &Path, dir: &Path) -> Result<Spawned> {
    start(command, ansage, dir, true)
}

fn start(command: &mut Command, ansage: &Path, dir: &Path, errors: bool) -> Result<Spawned> {
    let mut child = command
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if errors {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .spawn()
        .with_context(|| format!("starting {}", ansage.display()))?;
    let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
        (Some(i), Some(o)) => (i, o),
        _ => bail!("the station's pipes are missing"),
    };
    let errors = child.stderr.take().map(stamped);
    Ok(Spawned {
        child,
        stdin,
        lines: stamped(stdout),
        errors,
    })
}
