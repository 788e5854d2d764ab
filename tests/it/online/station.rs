//! `ansage online` as a process against the fake lichess (`support::lichess`), read as it
//! runs: its transcript on stdout, the blind player typing on stdin; every wait bounded.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::support::lichess::{FakeLichess, TOKEN};
use crate::support::{load, proc};

/// The wait after a rate limit, injected for the tests (lichess's is a minute).
pub const RATE_LIMIT_WAIT: Duration = Duration::from_millis(700);

/// How long any one thing the station must do may take (a loaded 2-core machine).
pub const LIMIT: Duration = Duration::from_secs(20);

/// The station playing a game of the fake, or in its menu.
pub struct Station {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every transcript line read so far.
    pub seen: Vec<String>,
    cursor: usize,
    stderr: Option<JoinHandle<String>>,
    pub dir: tempfile::TempDir,
    _busy: load::Busy,
}

impl Station {
    /// Starts `ansage online --game ID` against `fake` in `lang`, the token in the
    /// environment (`token`), settings and files in a temporary folder.
    pub fn start(fake: &FakeLichess, id: &str, lang: &str, token: &str) -> Station {
        Station::launch(&fake.url(), &["--game", id], lang, token)
    }

    /// Starts `ansage online ARGS` against the server at `server` in `lang`, the token in
    /// the environment (`token`), settings and files in a temporary folder.
    pub fn launch(server: &str, args: &[&str], lang: &str, token: &str) -> Station {
        let busy = load::busy();
        let dir = tempfile::tempdir().expect("a temporary folder");
        let server = format!("online.server={server}");
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
        cmd.arg("online")
            .args(args)
            .args(["--console", "--transcript", "--no-braille"])
            .args(["--lang", lang, "--set", &server, "--set", "reminders=off"])
            .arg("--pgn")
            .arg(dir.path().join("game.pgn"))
            .env("ANSAGE_LICHESS_TOKEN", token)
            // The injected clock: a rate limit's wait (ms), the back-off and the read
            // timeout shortened (only for a server on this machine).
            .env(
                "ANSAGE_ONLINE_TEST_WAITS",
                RATE_LIMIT_WAIT.as_millis().to_string(),
            )
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .env("XDG_DATA_HOME", dir.path().join("data"))
            .env("XDG_RUNTIME_DIR", dir.path().join("run"))
            .env("RUST_LOG", "trace")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = proc::spawn(&mut cmd);
        let stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Station {
            stdin: child.stdin.take(),
            child,
            lines,
            seen: Vec::new(),
            cursor: 0,
            stderr: Some(stderr),
            dir,
            _busy: busy,
        }
    }

    /// Types `line` on the console.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("the station's stdin is open");
        writeln!(stdin, "{line}").expect("the station reads its stdin");
        stdin.flush().unwrap();
    }

    /// Waits (up to [`LIMIT`]) for a line after the last one waited for that contains
    /// `needle`; returns it.
    #[track_caller]
    pub fn wait_for(&mut self, needle: &str) -> String {
        let deadline = Instant::now() + LIMIT;
        loop {
            if let Some(i) = self.seen[self.cursor..]
                .iter()
                .position(|l| l.contains(needle))
            {
                self.cursor += i + 1;
                return self.seen[self.cursor - 1].clone();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => self.seen.push(line),
                Err(RecvTimeoutError::Timeout) => {
                    let (_, err) = self.finish();
                    panic!("no line with {needle:?} within {LIMIT:?}; stderr:\n{err}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let (_, err) = self.finish();
                    panic!("the station ended before {needle:?}; stderr:\n{err}")
                }
            }
        }
    }

    /// Ends the input (the station stops as at the end of the console's input), waits
    /// for the process; its transcript and its stderr.
    pub fn finish(&mut self) -> (Vec<String>, String) {
        self.finish_with_status().0
    }

    /// [`Station::finish`], with the process's exit status.
    pub fn finish_with_status(&mut self) -> ((Vec<String>, String), std::process::ExitStatus) {
        self.stdin.take();
        let status = proc::wait_within(&mut self.child, LIMIT, "ansage online");
        while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) {
            self.seen.push(line);
        }
        let err = self
            .stderr
            .take()
            .map(|h| proc::join_within(h, LIMIT, "stderr"))
            .unwrap_or_default();
        ((self.seen.clone(), err), status)
    }
}

impl Drop for Station {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The token must appear in no output and no file of the station.
pub fn token_nowhere(out: &[String], err: &str, dir: &std::path::Path) {
    assert!(
        !out.iter().any(|l| l.contains(TOKEN)),
        "the token in the transcript"
    );
    assert!(!err.contains(TOKEN), "the token on stderr");
    let mut files = vec![dir.to_owned()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else {
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            assert!(!text.contains(TOKEN), "the token in {}", path.display());
        }
    }
}
