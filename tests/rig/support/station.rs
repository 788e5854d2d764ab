//! `ansage play` as a process for the rig's end-to-end tests (`station.rs`):
//! started with its own settings folders and the full transcript, stdout and stderr read
//! on threads as they come (a test polls them, with a bound), a line typed, `quit` or
//! SIGKILL; the device report `play` writes on stderr, and the game's PGN in its folder.
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::proc;
use super::rig::wait_until;

/// How long the station may take for anything a test waits for.
pub const WAIT: Duration = Duration::from_secs(30);

/// The limit for a station killed with SIGKILL to be reaped.
const REAP_LIMIT: Duration = Duration::from_secs(10);

/// A running `ansage play`.
pub struct Station {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<Vec<String>>>,
    err: Arc<Mutex<Vec<String>>>,
    /// The threads reading stdout and stderr into `out` and `err` (the test never blocks
    /// on the pipes: it polls those, with a bound).
    readers: Vec<std::thread::JoinHandle<()>>,
    journal: PathBuf,
}

/// How long [`Station::quit`] gives its reader threads to see the end of the pipes once
/// the station has ended (a process it started could hold them open: then it goes on).
const DRAIN: Duration = Duration::from_secs(5);

fn collect(
    stream: impl std::io::Read + Send + 'static,
    into: Arc<Mutex<Vec<String>>>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            into.lock().unwrap().push(line);
        }
    })
}

impl Station {
    /// Starts `ansage play ARGS` with its journal at `dir/game/journal.txt`.
    pub fn start(dir: &Path, args: &[&str]) -> Station {
        let journal = dir.join("game").join("journal.txt");
        std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
        let path = journal.to_str().unwrap().to_owned();
        Station::spawn(dir, &["play", "--journal", &path], args, journal)
    }

    /// Resumes the game in `journal`.
    pub fn resume(dir: &Path, journal: &Path) -> Station {
        Station::spawn(
            dir,
            &["play", "--resume", journal.to_str().unwrap()],
            &[],
            journal.to_path_buf(),
        )
    }

    fn spawn(dir: &Path, base: &[&str], args: &[&str], journal: PathBuf) -> Station {
        let mut child = proc::spawn(
            Command::new(env!("CARGO_BIN_EXE_ansage"))
                .args(base)
                // The transcript contract: what the tests read (docs/developers.md).
                .arg("--transcript")
                .args(args)
                .env("XDG_CONFIG_HOME", dir.join("config"))
                .env("XDG_DATA_HOME", dir.join("data"))
                .env("RUST_LOG", "warn")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        );
        let out = Arc::new(Mutex::new(Vec::new()));
        let err = Arc::new(Mutex::new(Vec::new()));
        let readers = vec![
            collect(child.stdout.take().unwrap(), Arc::clone(&out)),
            collect(child.stderr.take().unwrap(), Arc::clone(&err)),
        ];
        let stdin = child.stdin.take();
        Station {
            child,
            stdin,
            out,
            err,
            readers,
            journal,
        }
    }

    pub fn line(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
    }

    pub fn out(&self) -> Vec<String> {
        self.out.lock().unwrap().clone()
    }

    pub fn err(&self) -> Vec<String> {
        self.err.lock().unwrap().clone()
    }

    /// Waits until a line of stdout contains `what`.
    pub fn shows(&self, what: &str) -> bool {
        wait_until(WAIT, || self.out().iter().any(|l| l.contains(what)))
    }

    /// Waits until a line of stdout after the first `from` lines contains `what`.
    pub fn shows_after(&self, from: usize, what: &str) -> bool {
        wait_until(WAIT, || {
            self.out().iter().skip(from).any(|l| l.contains(what))
        })
    }

    /// Waits until the devices are reported (in the game's language, German here: a line
    /// per device, `NAME: …`, `NAME: fehlt: …` when missing), speech's among them;
    /// returns the report.
    pub fn devices(&self) -> Vec<String> {
        assert!(
            wait_until(WAIT, || {
                let err = self.err();
                let lines: Vec<&String> = err.iter().filter(|l| is_device_line(l)).collect();
                // Speech opens on its own thread (issue 22): its line may come after the
                // others and after "Bereit".
                lines.len() >= 3 && lines.iter().any(|l| l.starts_with("Sprachausgabe: "))
            }),
            "no device report: {:?}",
            self.err()
        );
        self.err()
            .into_iter()
            .filter(|l| is_device_line(l))
            .collect()
    }

    /// Ends the station with `quit`; its exit status must be success.
    pub fn quit(mut self) -> (Vec<String>, Vec<String>) {
        self.line("quit");
        drop(self.stdin.take());
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                assert!(st.success(), "ansage ended with {st}: {:?}", self.err());
                break;
            }
            assert!(
                Instant::now() < deadline,
                "ansage did not stop: {:?}",
                self.err()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        // The reader threads see the end of the pipes.
        wait_until(DRAIN, || self.readers.iter().all(|r| r.is_finished()));
        (self.out(), self.err())
    }

    pub fn kill9(mut self) -> PathBuf {
        self.child.kill().unwrap();
        proc::wait_within(&mut self.child, REAP_LIMIT, "ansage killed with SIGKILL");
        self.journal.clone()
    }
}

/// The game's PGN from its folder, whitespace collapsed to single spaces.
pub fn folder_pgn(journal: &Path) -> String {
    std::fs::read_to_string(journal.parent().unwrap().join("game.pgn"))
        .unwrap_or_default()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The devices `play` reports on stderr, by their German names (the game's language).
const DEVICE_NAMES: [&str; 6] = [
    "Sprachausgabe",
    "Braille-Zeile",
    "Mikrofon",
    "Spracherkennung (vosk)",
    "Signaltöne",
    "Tonaufnahme",
];

/// A line of `play`'s device report (`NAME: …`).
fn is_device_line(line: &str) -> bool {
    DEVICE_NAMES
        .iter()
        .any(|name| line.starts_with(&format!("{name}: ")))
}

/// The report says `name` is there (`NAME: …`, not `NAME: fehlt…`).
pub fn device_ok(lines: &[String], name: &str) -> bool {
    lines.iter().any(|l| {
        l.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(": "))
            .is_some_and(|rest| !rest.starts_with("fehlt"))
    })
}
