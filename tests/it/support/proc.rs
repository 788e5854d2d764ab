//! Child processes and threads in the tests, each wait with a bound (issue 12: no test can
//! hang). A helper program that is missing fails the test with its name; a child is
//! signalled through `rustix`, never through the `kill` command; a child or a thread that
//! overruns its limit is killed (a child) and the test fails naming what it waited for and
//! the limit.
//!
//! The device rig's tests (`tests/rig/`) use it too (their `support` includes this file).

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use rustix::process::Signal;

/// How long the output of a child that has exited may take to reach its end. A grandchild
/// that inherited the pipes (a daemon a script starts) keeps them open; what was read by
/// then is the output.
const PIPE_GRACE: Duration = Duration::from_secs(2);

/// How often [`join_within`] looks at the thread.
const POLL: Duration = Duration::from_millis(10);

/// The command line of `cmd`, for messages: the program and its arguments, quoted as Rust
/// debug strings where needed.
pub fn command_line(cmd: &Command) -> String {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(|a| {
            let a = a.to_string_lossy();
            if !a.is_empty() && a.chars().all(|c| c.is_ascii_graphic() && c != '"') {
                a.into_owned()
            } else {
                format!("{a:?}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Take this around making handles that a child process must not inherit (an emulated
/// board's pseudo-terminal pair, until its link replaced them by close-on-exec copies:
/// `support/eboard.rs`); [`spawn`] takes it while it starts a child. It is the test kit's
/// guard (`ansage::testkit::fork_guard`), which the kit's station process takes too: all
/// the tests run in one test program, and a child another test started then would keep
/// that board's pty open.
#[cfg(feature = "testing")]
pub fn fork_guard() -> MutexGuard<'static, ()> {
    ansage::testkit::fork_guard()
}

/// Without the test kit (no feature `testing`), a guard of this file's own.
#[cfg(not(feature = "testing"))]
pub fn fork_guard() -> MutexGuard<'static, ()> {
    static FORK: Mutex<()> = Mutex::new(());
    FORK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Starts `cmd` (under [`fork_guard`]). A program that cannot be found fails the test with
/// its name and the remedy (`bash .ci/setup.sh` installs every helper program the tests
/// use); any other failure to start it fails the test with its name too.
#[track_caller]
pub fn spawn(cmd: &mut Command) -> Child {
    let spawned = {
        let _fork = fork_guard();
        cmd.spawn()
    };
    match spawned {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => panic!(
            "the helper program `{}` is missing ({e}): `bash .ci/setup.sh` installs it \
             (command: {})",
            cmd.get_program().to_string_lossy(),
            command_line(cmd)
        ),
        Err(e) => panic!(
            "`{}` could not be started: {e} (command: {})",
            cmd.get_program().to_string_lossy(),
            command_line(cmd)
        ),
    }
}

/// Runs `cmd` to its end, for at most `limit`, as [`Command::output`] does: stdin is empty,
/// stdout and stderr are captured (read on threads, so a full pipe never stops the child).
/// A child still running at `limit` is killed and the test fails with the command line and
/// the limit. A missing program fails as in [`spawn`].
#[track_caller]
pub fn run(cmd: &mut Command, limit: Duration) -> Output {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let what = command_line(cmd);
    output_within(spawn(cmd), limit, &what)
}

/// What a reader thread has read of a pipe so far.
struct Pipe {
    read: Arc<Mutex<Vec<u8>>>,
    thread: JoinHandle<()>,
}

impl Pipe {
    fn read_on_a_thread(mut from: impl Read + Send + 'static) -> Pipe {
        let read = Arc::new(Mutex::new(Vec::new()));
        let into = Arc::clone(&read);
        let thread = std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                match from.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => into
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .extend_from_slice(&buf[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
        });
        Pipe { read, thread }
    }

    /// Waits until the pipe's end (or `until`), then takes what was read.
    fn take(self, until: Instant) -> Vec<u8> {
        while !self.thread.is_finished() && Instant::now() < until {
            std::thread::sleep(POLL);
        }
        std::mem::take(
            &mut self
                .read
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }
}

/// Like [`Child::wait_with_output`], for at most `limit`: reads the child's stdout and
/// stderr (those that are piped) on threads and waits for it. A child still running at
/// `limit` is killed and the test fails naming `what` and the limit, with the output so far.
#[track_caller]
pub fn output_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let stdout = child.stdout.take().map(Pipe::read_on_a_thread);
    let stderr = child.stderr.take().map(Pipe::read_on_a_thread);
    let status = match try_wait_within(&mut child, limit) {
        Ok(status) => status,
        Err(e) => {
            let until = Instant::now() + PIPE_GRACE;
            let mut so_far = String::new();
            for (name, pipe) in [("stdout", stdout), ("stderr", stderr)] {
                let read = pipe.map(|p| p.take(until)).unwrap_or_default();
                if !read.is_empty() {
                    so_far += &format!(
                        "\n--- its {name} so far:\n{}",
                        String::from_utf8_lossy(&read)
                    );
                }
            }
            panic!("{what}: {e}{so_far}");
        }
    };
    let until = Instant::now() + PIPE_GRACE;
    Output {
        status,
        stdout: stdout.map(|p| p.take(until)).unwrap_or_default(),
        stderr: stderr.map(|p| p.take(until)).unwrap_or_default(),
    }
}

/// Waits for `child` for at most `limit`. A child still running then is killed (SIGKILL)
/// and reaped, and the answer is an error saying so; an error of the wait itself is an
/// error too. Never panics (for `Drop`). The test kit's one bounded wait
/// (`ansage::testkit::process::wait_within`), which its station process uses too.
#[cfg(feature = "testing")]
pub fn try_wait_within(child: &mut Child, limit: Duration) -> Result<ExitStatus, String> {
    ansage::testkit::process::wait_within(child, limit).map_err(|e| e.to_string())
}

/// Without the test kit (no feature `testing`), the same wait of this file's own.
#[cfg(not(feature = "testing"))]
pub fn try_wait_within(child: &mut Child, limit: Duration) -> Result<ExitStatus, String> {
    use wait_timeout::ChildExt as _;
    const REAP: Duration = Duration::from_secs(10);
    match child.wait_timeout(limit) {
        Ok(Some(status)) => Ok(status),
        Ok(None) => {
            let killed = child.kill();
            let reaped = child.wait_timeout(REAP);
            Err(format!(
                "still running after the limit of {limit:?}: killed ({})",
                match (killed, reaped) {
                    (Err(e), _) => format!("SIGKILL failed: {e}"),
                    (Ok(()), Ok(Some(st))) => format!("then it ended with {st}"),
                    (Ok(()), Ok(None)) => format!("and still not ended {REAP:?} later"),
                    (Ok(()), Err(e)) => format!("then its wait failed: {e}"),
                }
            ))
        }
        Err(e) => Err(format!("waiting for it failed: {e}")),
    }
}

/// Waits for `child` for at most `limit`; a child still running then is killed and the
/// test fails naming `what` and the limit.
#[track_caller]
#[allow(
    dead_code,
    reason = "the integration tests use it, the device rig's tests (their stations are the test kit's) do not"
)]
pub fn wait_within(child: &mut Child, limit: Duration, what: &str) -> ExitStatus {
    match try_wait_within(child, limit) {
        Ok(status) => status,
        Err(e) => panic!("{what}: {e}"),
    }
}

/// Sends `signal` to `child` (through `rustix`, not the `kill` command). A child that has
/// already exited is not an error (it is not signalled: its process ID may be another's
/// by now); any other failure is.
pub fn signal(child: &mut Child, signal: Signal) -> std::io::Result<()> {
    if child.try_wait()?.is_some() {
        return Ok(());
    }
    // Not reaped yet, so the ID is still the child's (a zombie at worst: signalling one
    // succeeds).
    match rustix::process::kill_process(rustix::process::Pid::from_child(child), signal) {
        Ok(()) => Ok(()),
        Err(rustix::io::Errno::SRCH) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Sends `signal` to `child`, then waits for it for at most `limit` (killing it then).
/// Never panics (for `Drop`): the answer says what went wrong.
pub fn try_stop(child: &mut Child, sig: Signal, limit: Duration) -> Result<ExitStatus, String> {
    signal(child, sig).map_err(|e| format!("signal {sig:?} failed: {e}"))?;
    try_wait_within(child, limit)
}

/// Sends `signal` to `child` and waits for it to end, for at most `limit`: a failed signal
/// or a child still running at `limit` (then killed) fails the test, naming `what`.
#[track_caller]
#[allow(
    dead_code,
    reason = "the device rig's tests use it, the integration tests do not"
)]
pub fn stop(child: &mut Child, sig: Signal, limit: Duration, what: &str) -> ExitStatus {
    match try_stop(child, sig, limit) {
        Ok(status) => status,
        Err(e) => panic!("{what}: {e}"),
    }
}

/// Joins `handle` within `limit` (looking every 10 ms whether the thread has finished). A
/// thread still running then, or one that panicked, fails the test naming `what`. (A thread
/// cannot be stopped from outside: one that overran is left running.)
#[track_caller]
#[allow(
    dead_code,
    reason = "the device rig's tests use it; the integration tests' processes are the test kit's"
)]
pub fn join_within<T>(handle: JoinHandle<T>, limit: Duration, what: &str) -> T {
    let deadline = Instant::now() + limit;
    while !handle.is_finished() {
        assert!(
            Instant::now() < deadline,
            "{what}: the thread is still running after the limit of {limit:?}"
        );
        std::thread::sleep(POLL);
    }
    match handle.join() {
        Ok(value) => value,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".to_owned());
            panic!("{what}: the thread panicked: {message}")
        }
    }
}
