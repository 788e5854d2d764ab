//! `ansage online` as a process against the fake lichess (`support::lichess`), read as it
//! runs: its transcript on stdout, the blind player typing on stdin; every wait bounded.

use std::process::Command;
use std::time::Duration;

use ansage::testkit::station::{StationProcess, isolate};

use crate::support::lichess::{FakeLichess, TOKEN};
use crate::support::load;

/// The wait after a rate limit, injected for the tests (lichess's is a minute).
pub const RATE_LIMIT_WAIT: Duration = Duration::from_millis(700);

/// How long any one thing the station must do may take (a loaded 2-core machine).
pub const LIMIT: Duration = Duration::from_secs(20);

/// The station playing a game of the fake, or in its menu: the test kit's station process.
pub struct Station {
    process: StationProcess,
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
            .env("RUST_LOG", "trace");
        isolate(&mut cmd, dir.path()).env("XDG_RUNTIME_DIR", dir.path().join("run"));
        Station {
            process: StationProcess::spawn(&mut cmd).unwrap_or_else(|e| panic!("{e}")),
            dir,
            _busy: busy,
        }
    }

    /// Types `line` on the console.
    #[track_caller]
    pub fn send(&mut self, line: &str) {
        self.process.send(line).unwrap_or_else(|e| panic!("{e}"));
    }

    /// Waits (up to [`LIMIT`]) for a line after the last one waited for that contains
    /// `needle`; returns it.
    #[track_caller]
    pub fn wait_for(&mut self, needle: &str) -> String {
        self.process
            .wait_for(needle, LIMIT)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Ends the input (the station stops as at the end of the console's input), waits
    /// for the process; its transcript and its stderr.
    #[track_caller]
    pub fn finish(&mut self) -> (Vec<String>, String) {
        self.finish_with_status().0
    }

    /// [`Station::finish`], with the process's exit status.
    #[track_caller]
    pub fn finish_with_status(&mut self) -> ((Vec<String>, String), std::process::ExitStatus) {
        self.process.close_input();
        let status = self
            .process
            .wait_exit(LIMIT)
            .unwrap_or_else(|e| panic!("ansage online: {e}"));
        ((self.process.stdout(), self.process.stderr()), status)
    }
}

/// How many of `lines` contain `needle`.
pub fn count(lines: &[String], needle: &str) -> usize {
    lines.iter().filter(|l| l.contains(needle)).count()
}

/// The blind player types `typed`, hears `echo`, confirms; the station sends `uci`, and
/// the test waits until the server has made it.
#[track_caller]
pub fn play(station: &mut Station, fake: &FakeLichess, (typed, echo, uci): (&str, &str, &str)) {
    station.send(typed);
    station.wait_for(echo);
    station.send("yes");
    station.wait_for(&format!("online move {uci}"));
    let tail = format!("/move/{uci}");
    fake.wait_request(uci, |r| r.method == "POST" && r.path.contains(&tail));
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
