//! The real `ansage` as a child process for the benchmarks that drive it end to end
//! (`eboard`, `web`): its settings in the run's folder, its console on pipes, and each
//! line it prints stamped with the instant it was read.

use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Instant;

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
