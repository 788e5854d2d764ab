//! The real `ansage play --console --web 127.0.0.1:PORT` for the web page's tests (issue
//! 21): German, the full transcript on stdout (read as it comes), console lines typed on
//! stdin, a journal in a temporary folder the tests read byte for byte, and plain HTTP
//! requests to its web server (any Host, Origin or cookie, which a browser would not send).
//! The process and the HTTP client are the test kit's (`ansage::testkit`); every wait has
//! a bound ([`LIMIT`]).

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use ansage::testkit::http;
use ansage::testkit::station::{StationProcess, isolate};
use serde_json::Value;

pub use ansage::testkit::http::{body, header};
pub use ansage::testkit::station::Line;

/// How long any one thing the station must do may take (a loaded 2-core machine).
pub const LIMIT: Duration = Duration::from_secs(20);

/// How long a station told to quit may take to end.
const QUIT: Duration = Duration::from_secs(20);

/// The arguments every station of these tests gets (after `play`): the console with the
/// full transcript, no Braille lines in it.
const BASE: [&str; 3] = ["--console", "--transcript", "--no-braille"];

/// The game options of a new game (a resumed one takes them from its journal): German, no
/// reminders (the transcript stays the same from run to run).
const GAME: [&str; 4] = ["--lang", "de", "--set", "reminders=off"];

/// A running `ansage play` with its web server.
pub struct WebStation {
    process: StationProcess,
    addr: SocketAddr,
    journal: PathBuf,
    dir: PathBuf,
    /// The temporary folder (settings, data, the journal), kept for a restart.
    _tmp: Option<tempfile::TempDir>,
}

/// A free port on 127.0.0.1 (bound, then let go: the station binds it next).
pub fn free_port() -> u16 {
    http::free_port().unwrap_or_else(|e| panic!("{e}"))
}

impl WebStation {
    /// Starts `ansage play` with its web server on a free port of 127.0.0.1, a journal at
    /// `TMP/game/journal.txt`, and `args` (`--vi black`, `--tc 15`…) after the common
    /// ones; waits (with a bound) until the web server answers.
    pub fn start(args: &[&str]) -> WebStation {
        WebStation::start_in("de", args)
    }

    /// [`WebStation::start`] in the game's language `lang` (`de`, `es`, `en`).
    pub fn start_in(lang: &str, args: &[&str]) -> WebStation {
        let tmp = tempfile::tempdir().expect("a temporary folder");
        let dir = tmp.path().to_path_buf();
        let journal = dir.join("game").join("journal.txt");
        std::fs::create_dir_all(journal.parent().expect("its folder")).expect("the game folder");
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, free_port()));
        let mut cmd = base_command(&dir, addr);
        cmd.args(["--lang", lang])
            .args(&GAME[2..])
            .arg("--journal")
            .arg(&journal)
            .args(args);
        let mut station = WebStation::spawn(cmd, addr, journal, dir);
        station._tmp = Some(tmp);
        station
    }

    /// Kills the station (SIGKILL, a crash) and starts it again with `--resume` on its
    /// journal, at the same address; waits until the web server answers.
    pub fn kill_and_resume(mut self) -> WebStation {
        self.kill9();
        let mut cmd = base_command(&self.dir, self.addr);
        cmd.arg("--resume").arg(&self.journal);
        let mut station = WebStation::spawn(cmd, self.addr, self.journal.clone(), self.dir.clone());
        station._tmp = self._tmp.take();
        station
    }

    #[track_caller]
    fn spawn(mut cmd: Command, addr: SocketAddr, journal: PathBuf, dir: PathBuf) -> WebStation {
        let mut process = StationProcess::spawn(&mut cmd).unwrap_or_else(|e| panic!("{e}"));
        if let Err(e) = process.wait_listening(addr, LIMIT) {
            panic!("{e}");
        }
        WebStation {
            process,
            addr,
            journal,
            dir,
            _tmp: None,
        }
    }

    /// The page's address, `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// `127.0.0.1:PORT`.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where the web page keeps its browsers' roles beside the journal.
    pub fn access_file(&self) -> PathBuf {
        self.journal.with_extension("access")
    }

    /// The journal's bytes as they are now.
    pub fn journal_bytes(&self) -> Vec<u8> {
        std::fs::read(&self.journal).unwrap_or_default()
    }

    /// The journal's records as they are now: the payloads (`@SECONDS WHO VERB TEXT`),
    /// without the CRC and length.
    pub fn records(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.journal_bytes())
            .lines()
            .filter_map(|l| l.splitn(3, ' ').nth(2).map(str::to_owned))
            .collect()
    }

    /// Waits (up to [`LIMIT`]) until the journal holds `n` records that contain `what`.
    #[track_caller]
    pub fn wait_records(&mut self, what: &str, n: usize) -> Vec<String> {
        let deadline = Instant::now() + LIMIT;
        loop {
            let found: Vec<String> = self
                .records()
                .into_iter()
                .filter(|r| r.contains(what))
                .collect();
            if found.len() >= n {
                return found;
            }
            if Instant::now() >= deadline {
                self.fail(&format!(
                    "the journal does not hold {n} records with {what:?}: {:#?}",
                    self.records()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `line` on the station's console.
    #[track_caller]
    pub fn send(&mut self, line: &str) {
        if let Err(e) = self.process.send(line) {
            self.fail(&e.to_string());
        }
    }

    /// The number of lines read so far (a mark for [`WebStation::since`]).
    pub fn mark(&mut self) -> usize {
        self.process.mark()
    }

    /// The stdout lines read since `mark`.
    pub fn since(&mut self, mark: usize) -> Vec<String> {
        self.process.since(mark)
    }

    /// Waits (up to [`LIMIT`]) for a line (stdout or stderr) after the last one waited for
    /// that contains `needle`; returns it and looks after it next time.
    #[track_caller]
    pub fn wait_for(&mut self, needle: &str) -> String {
        self.wait_line(needle, |l| l.contains(needle))
    }

    /// Waits (up to [`LIMIT`]) for a line after the last one waited for that `matches`.
    #[track_caller]
    pub fn wait_line(&mut self, what: &str, matches: impl Fn(&str) -> bool) -> String {
        match self
            .process
            .wait_line(&format!("line with {what:?}"), LIMIT, |l| matches(&l.text))
        {
            Ok(line) => line.text,
            Err(e) => panic!("{e}"),
        }
    }

    /// A one-time access code for `role` (`opponent`, `player`, `arbiter`): the arbiter
    /// asks the console for one (`arbiter do access-code ROLE`; a player may ask only for
    /// some) and the test reads the six digits the station says.
    #[track_caller]
    pub fn code(&mut self, role: &str) -> String {
        self.send(&format!("arbiter do access-code {role}"));
        let line = self.wait_line(&format!("an access code for {role}"), |l| {
            six_digits(l).is_some()
        });
        six_digits(&line).unwrap_or_default()
    }

    /// Makes a plain HTTP/1.1 request to the station's web server: `method path`, the
    /// `headers` (`Host` is the station's address unless given), the `body`; the status
    /// and the whole answer (headers and body).
    #[track_caller]
    pub fn http(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        http::request(self.addr, method, path, headers, body).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The state the station's event stream sends first (`GET /events`), as any page
    /// without a role gets it: the newest state.
    #[track_caller]
    pub fn state(&self) -> Value {
        http::first_event(self.addr, &[]).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Waits (up to [`LIMIT`]) until the newest state `matches` (the page's state is
    /// published just after the step the transcript shows); returns it.
    #[track_caller]
    pub fn wait_state(&mut self, what: &str, matches: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + LIMIT;
        loop {
            let state = self.state();
            if matches(&state) {
                return state;
            }
            if Instant::now() >= deadline {
                self.fail(&format!("no state with {what} within {LIMIT:?}: {state}"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the newest state has `plies` moves; returns it.
    #[track_caller]
    pub fn wait_plies(&mut self, plies: usize) -> Value {
        self.wait_state(&format!("{plies} moves"), |s| {
            s["moves"].as_array().is_some_and(|m| m.len() >= plies)
        })
    }

    /// Ends the station with `quit`; it must end successfully within [`QUIT`]. Every line
    /// it wrote.
    #[track_caller]
    pub fn quit(mut self) -> Vec<Line> {
        let status = match self.process.quit(QUIT) {
            Ok(status) => status,
            Err(e) => panic!("the station after quit: {e}"),
        };
        let seen = self.process.take_seen();
        assert!(
            status.success(),
            "the station ended with {status}: {seen:#?}"
        );
        seen
    }

    /// Kills the station with SIGKILL (a crash) and reaps it.
    pub fn kill9(&mut self) {
        let _ = self.process.kill();
    }

    /// Fails the test with `why` and everything the station wrote.
    #[track_caller]
    fn fail(&mut self, why: &str) -> ! {
        panic!("{why}{}", self.process.said());
    }
}

/// `ansage play` with the common arguments, its web server at `addr`, and its settings
/// and data in `dir`.
fn base_command(dir: &Path, addr: SocketAddr) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
    cmd.arg("play")
        .args(BASE)
        .arg("--web")
        .arg(addr.to_string());
    isolate(&mut cmd, dir)
        .env("XDG_RUNTIME_DIR", dir.join("run"))
        .env("RUST_LOG", "warn")
        .env("RUST_BACKTRACE", "1");
    cmd
}

/// The access code in `line`: six digits, together (`042917`) or one by one as the
/// station says them (`0 4 2 9 1 7`), punctuation around them left aside; a time
/// (`@123456.000`) is none.
pub fn six_digits(line: &str) -> Option<String> {
    let words: Vec<&str> = line
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    let digits = |w: &&str, n: usize| w.len() == n && w.chars().all(|c| c.is_ascii_digit());
    if let Some(w) = words.iter().find(|w| digits(w, 6)) {
        return Some((*w).to_owned());
    }
    words
        .windows(6)
        .find(|run| run.iter().all(|w| digits(w, 1)))
        .map(|run| run.concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_six_digits_standing_alone() {
        assert_eq!(
            six_digits("@1.250 say:arbiter Zugangscode für den Gegner: 042917."),
            Some("042917".into())
        );
        assert_eq!(six_digits("Code 123456"), Some("123456".into()));
        assert_eq!(
            six_digits(
                "@2.983 say:arbiter Zugangscode für den Schiedsrichter: 6 2 5 0 8 3. Gültig \
                 zwei Minuten, auf http://127.0.0.1:18902/"
            ),
            Some("625083".into())
        );
        assert_eq!(six_digits("@123456.000 tick"), None);
        assert_eq!(six_digits("clk 0:15:00.000"), None);
    }
}
