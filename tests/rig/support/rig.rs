//! The device rig (tests/rig/README.md) as the rig tests see it: found through the variables
//! `tests/rig/up.sh` exports. Without them a rig test is skipped with a message, unless
//! `ANSAGE_REQUIRE_RIG=1` (set by `.ci/test.sh` when it started the rig): then it fails.
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::proc;

/// The limit for `paplay` playing a WAV of a few seconds into the microphone.
const PLAY_LIMIT: Duration = Duration::from_secs(60);

/// The limit for `parec` to end after SIGINT (it writes the WAV header and exits at once).
const STOP_LIMIT: Duration = Duration::from_secs(10);

/// How long a key may wait for the emulated display to read the keys FIFO (it holds the
/// FIFO open while it runs: this is only a display that is gone or restarting).
const KEY_LIMIT: Duration = Duration::from_secs(10);

/// The rig has one speaker, one microphone and one display: the tests that use them take
/// turns (all of them, in one test program that runs its tests on several threads).
static TURN: Mutex<()> = Mutex::new(());

/// Waits for the rig's devices to be free, and holds them while the guard lives.
pub fn turn() -> MutexGuard<'static, ()> {
    TURN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A running rig.
#[derive(Clone, Debug)]
pub struct Rig {
    pub dir: PathBuf,
}

/// The rig, if one runs; `None` (with a message) when the test should be skipped.
pub fn rig(test: &str) -> Option<Rig> {
    match std::env::var_os("RIG_DIR") {
        Some(dir) => Some(Rig {
            dir: PathBuf::from(dir),
        }),
        None => {
            assert!(
                std::env::var("ANSAGE_REQUIRE_RIG").as_deref() != Ok("1"),
                "{test}: ANSAGE_REQUIRE_RIG=1 but no rig runs (RIG_DIR is unset)"
            );
            eprintln!("{test}: skipped, no device rig (run tests/rig/up.sh, or bash .ci/test.sh)");
            None
        }
    }
}

impl Rig {
    /// The emulated Braille display's directory (`visual`, `braille`, `vr.log`, `keys`).
    pub fn vr_dir(&self) -> PathBuf {
        std::env::var_os("RIG_VR_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| self.dir.join("vr"))
    }

    /// Presses a key on the emulated display (a vr protocol line: `LnDn`, `Route 5`,
    /// `PassDots 5`, `PassChar 65`).
    ///
    /// Fails the test when no display reads the FIFO within 10 s (opened without blocking:
    /// a blocking open would wait for a reader for ever).
    pub fn press(&self, key: &str) {
        use std::io::Write;
        use std::os::unix::fs::OpenOptionsExt;
        let fifo = self.vr_dir().join("keys");
        let deadline = Instant::now() + KEY_LIMIT;
        let mut f = loop {
            match std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
                .open(&fifo)
            {
                Ok(f) => break f,
                // ENXIO: no reader has the FIFO open (yet).
                Err(e) if e.raw_os_error() == Some(rustix::io::Errno::NXIO.raw_os_error()) => {
                    assert!(
                        Instant::now() < deadline,
                        "key {key:?}: no emulated display read {} within {KEY_LIMIT:?}",
                        fifo.display()
                    );
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) => panic!("the vr keys FIFO {}: {e}", fifo.display()),
            }
        };
        writeln!(f, "{key}").expect("write a key");
    }

    /// The emulated display's dots now (`dots|dots|…`).
    #[cfg(feature = "braille")]
    pub fn braille(&self) -> String {
        std::fs::read_to_string(self.vr_dir().join("braille")).unwrap_or_default()
    }

    /// Plays a WAV into the virtual microphone, to its end.
    pub fn play_into_mic(&self, wav: &Path) {
        let sink = std::env::var("RIG_MIC_SINK").unwrap_or_else(|_| "micfeed".into());
        let out = proc::run(
            Command::new("paplay").arg("-d").arg(sink).arg(wav),
            PLAY_LIMIT,
        );
        assert!(
            out.status.success(),
            "paplay failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Starts recording the speaker sink to a 16 kHz mono WAV.
    pub fn record_speaker(&self, out: &Path) -> Recording {
        let mon = std::env::var("RIG_SPEAKER_MONITOR").unwrap_or_else(|_| "speaker.monitor".into());
        let child = proc::spawn(
            Command::new("parec")
                .args(["-d", &mon, "--rate=16000", "--channels=1", "--format=s16le"])
                .args(["--file-format=wav"])
                .arg(out)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
        );
        Recording {
            child,
            path: out.to_path_buf(),
            stopped: false,
        }
    }
}

/// A recording of the speaker sink in progress (stopped when dropped, so a failing test
/// leaves no recorder behind).
pub struct Recording {
    child: Child,
    pub path: PathBuf,
    stopped: bool,
}

impl Recording {
    /// Stops the recording (SIGINT, so parec writes a proper WAV header) and returns its file.
    /// A failed signal, or a parec still running 10 s later (then killed), fails the test.
    pub fn stop(mut self) -> PathBuf {
        proc::stop(&mut self.child, proc::Signal::INT, STOP_LIMIT, "parec");
        self.stopped = true;
        self.path.clone()
    }
}

impl Drop for Recording {
    /// Stops a recording a test left running (it failed before [`Recording::stop`]): the
    /// same bounded stop, but a problem is only printed (a panic here would abort).
    fn drop(&mut self) {
        if !self.stopped {
            self.stopped = true;
            if let Err(e) = proc::try_stop(&mut self.child, proc::Signal::INT, STOP_LIMIT) {
                eprintln!("parec: {e}");
            }
        }
    }
}

/// Waits until `cond` holds, polling every 20 ms, for at most `timeout`. Returns whether it
/// held. (Real devices take real time; this waits for an event, not for a fixed span.)
pub fn wait_until(timeout: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    loop {
        if cond() {
            return true;
        }
        if start.elapsed() > timeout {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The RMS of a 16-bit WAV's samples, in 0..1.
pub fn wav_rms(path: &Path) -> f64 {
    let mut r = hound::WavReader::open(path).expect("a WAV");
    let (mut sum, mut n) = (0f64, 0usize);
    for s in r.samples::<i16>() {
        let s = f64::from(s.expect("a sample")) / 32768.0;
        sum += s * s;
        n += 1;
    }
    if n == 0 { 0.0 } else { (sum / n as f64).sqrt() }
}

/// The duration of a WAV, in seconds.
pub fn wav_seconds(path: &Path) -> f64 {
    let r = hound::WavReader::open(path).expect("a WAV");
    f64::from(r.duration()) / f64::from(r.spec().sample_rate)
}
