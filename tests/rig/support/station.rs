//! `ansage play` as a process for the rig's end-to-end tests (`station.rs`), the test
//! kit's station process (`ansage::testkit::station`):
//! started with its own settings folders and the full transcript, stdout and stderr read
//! on threads as they come (a test polls them, with a bound), a line typed, `quit` or
//! SIGKILL; the device report `play` writes on stderr, and the game's PGN in its folder.
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use ansage::testkit::station::{StationProcess, isolate};

use super::rig::wait_until;

/// How long the station may take for anything a test waits for.
pub const WAIT: Duration = Duration::from_secs(30);

/// A running `ansage play`: the test kit's station process, polled (with a bound) through
/// a cell, so that a test's waits can read it while it holds the station.
pub struct Station {
    process: RefCell<StationProcess>,
    journal: PathBuf,
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
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
        cmd.args(base)
            // The transcript contract: what the tests read (docs/developers.md).
            .arg("--transcript")
            .args(args)
            .env("RUST_LOG", "warn");
        // The rig's devices are found through XDG_RUNTIME_DIR, which `isolate` leaves.
        isolate(&mut cmd, dir);
        let process = StationProcess::spawn(&mut cmd).unwrap_or_else(|e| panic!("{e}"));
        Station {
            process: RefCell::new(process),
            journal,
        }
    }

    pub fn line(&mut self, text: &str) {
        self.process
            .get_mut()
            .send(text)
            .unwrap_or_else(|e| panic!("{e}"));
    }

    pub fn out(&self) -> Vec<String> {
        let mut process = self.process.borrow_mut();
        process.take_in();
        process.stdout()
    }

    pub fn err(&self) -> Vec<String> {
        let mut process = self.process.borrow_mut();
        process.take_in();
        process
            .seen()
            .iter()
            .filter(|l| l.stderr)
            .map(|l| l.text.clone())
            .collect()
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
        match self.process.get_mut().quit(WAIT) {
            Ok(st) => assert!(st.success(), "ansage ended with {st}: {:?}", self.err()),
            Err(e) => panic!("ansage did not stop: {e}"),
        }
        (self.out(), self.err())
    }

    pub fn kill9(mut self) -> PathBuf {
        if let Err(e) = self.process.get_mut().kill() {
            panic!("ansage killed with SIGKILL: {e}");
        }
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
