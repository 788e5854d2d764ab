//! Debian's WebDriver for its chromium (package `chromium-driver`) as a child process on a
//! port of its choosing, and the chromium options every page of the tests and the
//! benchmarks is opened with. The WebDriver client itself (fantoccini) is the caller's.

use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process};
use serde_json::{Value, json};

use super::{KitError, fork_guard};

/// Debian's WebDriver for its chromium.
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Debian's chromium.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// How long a stopped `chromedriver` may take to end (it ends its browsers first).
const STOP: Duration = Duration::from_secs(10);

/// A running `chromedriver`; stopped (SIGTERM, then SIGKILL) when dropped.
pub struct Chromedriver {
    child: Child,
    url: String,
}

impl Chromedriver {
    /// Starts [`CHROMEDRIVER`] with `--port=0` and waits (up to `limit`) for the line
    /// that says its port. Its output is read to its end (a full pipe would stop it).
    pub fn start(limit: Duration) -> Result<Chromedriver, KitError> {
        let mut cmd = Command::new(CHROMEDRIVER);
        cmd.arg("--port=0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let spawned = {
            let _fork = fork_guard();
            cmd.spawn()
        };
        let mut child = spawned.map_err(|source| KitError::Start {
            program: CHROMEDRIVER.to_owned(),
            source,
            hint: " (bash .ci/setup.sh installs chromium and chromium-driver)",
        })?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| KitError::Protocol("chromedriver's stdout is not a pipe".into()))?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = tx.send(line);
            }
        });
        let mut driver = Chromedriver {
            child,
            url: String::new(),
        };
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(line) => match started_port(&line) {
                    Some(port) => {
                        driver.url = format!("http://127.0.0.1:{port}");
                        return Ok(driver);
                    }
                    None => seen.push(line),
                },
                Err(e) => {
                    let said = format!(" (it wrote {seen:?})");
                    let what = "chromedriver's port".to_owned();
                    return Err(match e {
                        RecvTimeoutError::Timeout => KitError::Timeout { what, limit, said },
                        RecvTimeoutError::Disconnected => KitError::Ended { what, said },
                    });
                }
            }
        }
    }

    /// Its address, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stops it: SIGTERM, then SIGKILL if it has not ended within `STOP` (10 s). An error
    /// says what went wrong.
    pub fn stop(&mut self) -> Result<(), KitError> {
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            return Ok(());
        }
        // Not reaped yet, so the ID is still the child's.
        let _ = kill_process(Pid::from_child(&self.child), Signal::TERM);
        let deadline = Instant::now() + STOP;
        while matches!(self.child.try_wait(), Ok(None)) {
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return Err(KitError::Timeout {
                    what: "end of chromedriver after SIGTERM (killed)".into(),
                    limit: STOP,
                    said: String::new(),
                });
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        Ok(())
    }
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        let _ = self.stop();
    }
}

/// The port in chromedriver's "ChromeDriver was started successfully on port 42295."
fn started_port(line: &str) -> Option<u16> {
    let rest = line.split_once("started successfully on port ")?.1;
    rest.trim_end_matches('.').trim().parse().ok()
}

/// The `goog:chromeOptions` of a headless [`CHROMIUM`] with its profile in `profile`, a
/// window of `width`×`height` and `extra` arguments (`--lang=de-DE`).
pub fn chromium_options(profile: &Path, (width, height): (u32, u32), extra: &[&str]) -> Value {
    let mut args = vec![
        "--headless=new".to_owned(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-dev-shm-usage".into(),
    ];
    args.extend(extra.iter().map(|a| (*a).to_owned()));
    args.push(format!("--user-data-dir={}", profile.display()));
    args.push(format!("--window-size={width},{height}"));
    json!({"binary": CHROMIUM, "args": args})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chromedrivers_port_is_read_from_its_line() {
        assert_eq!(
            started_port("ChromeDriver was started successfully on port 42295."),
            Some(42295)
        );
        assert_eq!(started_port("Starting ChromeDriver 156 on port 0"), None);
    }

    #[test]
    fn the_options_hold_the_profile_the_size_and_the_extras() {
        let o = chromium_options(Path::new("/tmp/p"), (390, 844), &["--lang=de-DE"]);
        let args: Vec<&str> = o["args"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        assert_eq!(args[0], "--headless=new");
        assert_eq!(
            &args[args.len() - 3..],
            [
                "--lang=de-DE",
                "--user-data-dir=/tmp/p",
                "--window-size=390,844"
            ]
        );
        assert_eq!(o["binary"], CHROMIUM);
    }
}
