//! The real `ansage` as a child process, for the tests and the benchmarks that drive it
//! end to end: its console on pipes, each line it prints (on stdout or stderr) stamped
//! with the instant it was read, one bounded wait loop over them, and one way to end it:
//! `quit` typed and its input closed, then killed if it has not ended within a grace
//! ([`StationProcess::quit`]; dropping it does the same).

use std::io::{BufRead as _, BufReader, Read, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};

use super::process::{self, WaitError};
use super::{KitError, fork_guard};

/// How long a dropped station may take to end after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_secs(5);

/// How long the lines of a station that has ended may take to reach their end (a child
/// that inherited the pipes keeps them open; what was read by then is the output).
const PIPE_GRACE: Duration = Duration::from_secs(2);

/// A line the station wrote.
#[derive(Clone, Debug)]
pub struct Line {
    /// When it was read here.
    pub at: Instant,
    /// On stderr (the device report, the log), not stdout (the console, the transcript).
    pub stderr: bool,
    /// The line, without its end.
    pub text: String,
}

/// A running station.
pub struct StationProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// Every line read so far, in the order they arrived.
    seen: Vec<Line>,
    /// Where the next wait starts looking.
    cursor: usize,
}

/// Sets the XDG folders of `cmd` for settings, data and state under `dir`, so that a
/// station reads and writes nothing of the user's. `XDG_RUNTIME_DIR` is left as it is:
/// the device rig's speech server and sound server are found through it (a test without
/// devices sets its own).
pub fn isolate<'a>(cmd: &'a mut Command, dir: &Path) -> &'a mut Command {
    cmd.env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_STATE_HOME", dir.join("state"))
}

impl StationProcess {
    /// Starts `cmd` (under [`fork_guard`]) with its stdin, stdout and stderr on pipes and a
    /// thread reading each output. A missing program is said with the remedy.
    pub fn spawn(cmd: &mut Command) -> Result<StationProcess, KitError> {
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let spawned = {
            let _fork = fork_guard();
            cmd.spawn()
        };
        let mut child = spawned.map_err(|source| KitError::Start {
            program: cmd.get_program().to_string_lossy().into_owned(),
            hint: if source.kind() == std::io::ErrorKind::NotFound {
                " (build it, or `bash .ci/setup.sh` for a helper program)"
            } else {
                ""
            },
            source,
        })?;
        let (tx, lines) = channel();
        if let Some(out) = child.stdout.take() {
            read_lines(out, false, tx.clone());
        }
        if let Some(err) = child.stderr.take() {
            read_lines(err, true, tx);
        }
        Ok(StationProcess {
            stdin: child.stdin.take(),
            child,
            lines,
            seen: Vec::new(),
            cursor: 0,
        })
    }

    /// Types `line` on the station's console; the instant just before.
    pub fn send(&mut self, line: &str) -> Result<Instant, KitError> {
        let at = Instant::now();
        let stdin = self.stdin.as_mut().ok_or_else(|| KitError::Io {
            what: format!("typing {line:?}"),
            source: std::io::ErrorKind::BrokenPipe.into(),
        })?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(KitError::io(format!("typing {line:?}")))?;
        Ok(at)
    }

    /// Types `text` (whole lines, each with its end) on the console in one write; the
    /// instant just before.
    pub fn send_text(&mut self, text: &str) -> Result<Instant, KitError> {
        let at = Instant::now();
        let stdin = self.stdin.as_mut().ok_or_else(|| KitError::Io {
            what: "typing on the console".into(),
            source: std::io::ErrorKind::BrokenPipe.into(),
        })?;
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(KitError::io("typing on the console"))?;
        Ok(at)
    }

    /// The next stdout line after the last one waited for, waiting at most `limit`
    /// (`None`: none came, or the station's output ended).
    pub fn next_line(&mut self, limit: Duration) -> Option<Line> {
        self.next_matching(limit, |l| !l.stderr).ok()
    }

    /// Closes the station's input (its console's end: the station stops as there).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Takes in what the station wrote so far, without waiting.
    pub fn take_in(&mut self) {
        while let Ok(line) = self.lines.try_recv() {
            self.seen.push(line);
        }
    }

    /// Every line read so far (after [`StationProcess::take_in`]).
    pub fn seen(&self) -> &[Line] {
        &self.seen
    }

    /// Every line read so far, taken out of the station (which keeps none).
    pub fn take_seen(&mut self) -> Vec<Line> {
        self.take_in();
        self.cursor = 0;
        std::mem::take(&mut self.seen)
    }

    /// The number of lines read so far: a mark for [`StationProcess::since`].
    pub fn mark(&mut self) -> usize {
        self.take_in();
        self.seen.len()
    }

    /// The stdout lines read since `mark`.
    pub fn since(&mut self, mark: usize) -> Vec<String> {
        self.take_in();
        self.seen[mark.min(self.seen.len())..]
            .iter()
            .filter(|l| !l.stderr)
            .map(|l| l.text.clone())
            .collect()
    }

    /// Looks for the next wait only after every line read so far.
    pub fn skip_seen(&mut self) {
        self.take_in();
        self.cursor = self.seen.len();
    }

    /// Looks for the next wait from `mark` on (a mark of [`StationProcess::mark`]): a
    /// line of the other stream read meanwhile is found again.
    pub fn look_from(&mut self, mark: usize) {
        self.take_in();
        self.cursor = mark.min(self.seen.len());
    }

    /// Every stdout line read so far (the transcript).
    pub fn stdout(&self) -> Vec<String> {
        self.lines_of(false)
    }

    /// Every stderr line read so far, each with its end.
    pub fn stderr(&self) -> String {
        self.lines_of(true)
            .iter()
            .map(|l| format!("{l}\n"))
            .collect()
    }

    fn lines_of(&self, stderr: bool) -> Vec<String> {
        self.seen
            .iter()
            .filter(|l| l.stderr == stderr)
            .map(|l| l.text.clone())
            .collect()
    }

    /// What the station wrote so far, for a failure's message: a heading and every line
    /// (stderr's marked), or nothing when it wrote nothing.
    pub fn said(&mut self) -> String {
        self.take_in();
        if self.seen.is_empty() {
            return String::new();
        }
        let lines: Vec<String> = self
            .seen
            .iter()
            .map(|l| format!("{}{}", if l.stderr { "stderr: " } else { "" }, l.text))
            .collect();
        format!("\n--- the station wrote:\n{}", lines.join("\n"))
    }

    /// Waits (up to `limit`) for a line after the last one waited for that `matches`;
    /// returns it and looks after it next time. `what` names it in the error.
    pub fn wait_line(
        &mut self,
        what: &str,
        limit: Duration,
        matches: impl Fn(&Line) -> bool,
    ) -> Result<Line, KitError> {
        self.next_matching(limit, matches).map_err(|missed| {
            let (what, said) = (what.to_owned(), self.said());
            match missed {
                RecvTimeoutError::Timeout => KitError::Timeout { what, limit, said },
                RecvTimeoutError::Disconnected => KitError::Ended { what, said },
            }
        })
    }

    /// The one wait loop: the next line after the cursor that `matches`, within `limit`;
    /// what stopped it if none came.
    fn next_matching(
        &mut self,
        limit: Duration,
        matches: impl Fn(&Line) -> bool,
    ) -> Result<Line, RecvTimeoutError> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(i) = self.seen[self.cursor..].iter().position(&matches) {
                self.cursor += i + 1;
                return Ok(self.seen[self.cursor - 1].clone());
            }
            let left = deadline.saturating_duration_since(Instant::now());
            self.seen.push(self.lines.recv_timeout(left)?);
        }
    }

    /// Waits (up to `limit`) for a stdout line after the last one waited for that
    /// contains `needle`; returns it.
    pub fn wait_for(&mut self, needle: &str, limit: Duration) -> Result<String, KitError> {
        self.wait_line(&format!("line with {needle:?}"), limit, |l| {
            !l.stderr && l.text.contains(needle)
        })
        .map(|l| l.text)
    }

    /// Reads what the station writes for `time` (to see that it does nothing by itself).
    pub fn read_for(&mut self, time: Duration) {
        let deadline = Instant::now() + time;
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            self.seen.push(line);
        }
    }

    /// Waits (up to `limit`) until something accepts connections at `addr` (the station's
    /// web server, or the end of the station, which is an error).
    pub fn wait_listening(&mut self, addr: SocketAddr, limit: Duration) -> Result<(), KitError> {
        let deadline = Instant::now() + limit;
        loop {
            if TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
                return Ok(());
            }
            self.take_in();
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(KitError::Ended {
                    what: format!("its web server listened on {addr} ({status})"),
                    said: self.said(),
                });
            }
            if Instant::now() >= deadline {
                return Err(KitError::Timeout {
                    what: format!("web server on {addr}"),
                    limit,
                    said: self.said(),
                });
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits (up to `limit`) for the station to end; one still running then is killed
    /// and the answer is an error. Then takes in the rest of what it wrote.
    pub fn wait_exit(&mut self, limit: Duration) -> Result<ExitStatus, KitError> {
        match process::wait_within(&mut self.child, limit) {
            Ok(status) => {
                self.take_rest();
                Ok(status)
            }
            Err(WaitError::Overran { killed, .. }) => {
                self.close_input();
                Err(KitError::Timeout {
                    what: format!("end of the station (killed: {killed})"),
                    limit,
                    said: self.said(),
                })
            }
            Err(WaitError::Wait(e)) => Err(KitError::io("waiting for the station")(e)),
        }
    }

    /// Ends the station as a player does: `quit` typed and its input closed; killed if it
    /// has not ended within `grace` (then the answer is an error).
    pub fn quit(&mut self, grace: Duration) -> Result<ExitStatus, KitError> {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.send("quit");
        }
        self.close_input();
        self.wait_exit(grace)
    }

    /// Kills the station at once (SIGKILL: a crash) and reaps it; then its input is
    /// closed (not before: the end of its input would be a last thing it reads).
    pub fn kill(&mut self) -> Result<ExitStatus, KitError> {
        let killed = process::kill_and_reap(&mut self.child);
        self.close_input();
        match killed {
            Ok(status) => {
                self.take_rest();
                Ok(status)
            }
            Err(WaitError::Overran { .. }) => Err(KitError::Timeout {
                what: "end of the station after SIGKILL".into(),
                limit: process::REAP,
                said: self.said(),
            }),
            Err(WaitError::Wait(e)) => Err(KitError::io("killing the station")(e)),
        }
    }

    /// Whether the station's output has ended (both pipes closed, every line read in).
    pub fn output_ended(&mut self) -> bool {
        loop {
            match self.lines.try_recv() {
                Ok(line) => self.seen.push(line),
                Err(TryRecvError::Empty) => return false,
                Err(TryRecvError::Disconnected) => return true,
            }
        }
    }

    /// The process, for a signal of a test's own.
    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// Takes in what is left of the output of a station that has ended, until both
    /// pipes end (at most [`PIPE_GRACE`]).
    fn take_rest(&mut self) {
        let deadline = Instant::now() + PIPE_GRACE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => self.seen.push(line),
                Err(_) => return,
            }
        }
    }
}

impl Drop for StationProcess {
    /// A station not ended yet (a failed test, an error of a benchmark) is quit, then
    /// killed: none is left running.
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.quit(QUIT_GRACE);
        }
    }
}

/// Each line of `from`, stamped with the instant it was read, into `to` on a thread of
/// its own, until `from` ends or nobody reads.
fn read_lines(from: impl Read + Send + 'static, stderr: bool, to: Sender<Line>) {
    std::thread::spawn(move || {
        for text in BufReader::new(from).lines() {
            let Ok(text) = text else { break };
            let line = Line {
                at: Instant::now(),
                stderr,
                text,
            };
            if to.send(line).is_err() {
                break;
            }
        }
    });
}
