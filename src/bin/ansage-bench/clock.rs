//! How late the station hands scheduled clock announcements and the flag to the speech
//! output: the real tokio main loop ([`ansage::station::run`]) drives a session whose clock
//! announces every 100 ms, while a thread keeps the other core busy. Lateness is the real
//! time of delivery minus the instant the announcement was due.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

use ansage::core::clock::{AlarmSettings, ClockSetup, ReminderSchedule, ReminderStep, TimeControl};
use ansage::core::input::{Actor, Input, Key};
use ansage::core::output::{Output, Priority};
use ansage::core::session::Session;
use ansage::core::setup::SessionSetup;
use ansage::core::time::Timestamp;
use ansage::station::{Sink, StationInput};

/// The lateness figures.
#[derive(Debug, Clone)]
pub struct Lateness {
    /// Announcements measured.
    pub count: usize,
    /// Percentiles in milliseconds.
    pub p50_ms: f64,
    /// 95th percentile.
    pub p95_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// The worst.
    pub max_ms: f64,
    /// How late the flag's announcement was, in milliseconds.
    pub flag_ms: Option<f64>,
}

impl fmt::Display for Lateness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "clock announcements handed to speech: {} measured",
            self.count
        )?;
        write!(
            f,
            "  lateness p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.p50_ms, self.p95_ms, self.p99_ms, self.max_ms
        )?;
        match self.flag_ms {
            Some(ms) => write!(f, "\n  flag fall announced {ms:.2} ms after its instant"),
            None => write!(f, "\n  no flag fell"),
        }
    }
}

/// The error of the benchmark.
#[derive(Debug, thiserror::Error)]
pub enum ClockBenchError {
    /// The session could not be set up.
    #[error("setup: {0}")]
    Setup(#[from] ansage::core::setup::SetupError),
    /// The runtime could not start.
    #[error("runtime: {0}")]
    Runtime(#[from] std::io::Error),
}

struct Recorder {
    epoch: Instant,
    samples: Arc<Mutex<Vec<(Duration, bool)>>>,
}

impl Sink for Recorder {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        let real = self.epoch.elapsed();
        for o in outputs {
            if let Output::Say(s) = o
                && matches!(s.priority, Priority::Reminder | Priority::Urgent)
            {
                let late = real.saturating_sub(at.since_epoch());
                if let Ok(mut v) = self.samples.lock() {
                    v.push((late, s.priority == Priority::Urgent));
                }
            }
        }
    }
}

/// A game of `length` in which a reminder is due every 100 ms until the flag falls.
fn reminders_every_100ms(length: Duration) -> SessionSetup {
    let every = Duration::from_millis(100);
    SessionSetup {
        clock: Some(ClockSetup::same(TimeControl::sudden_death(
            length,
            Duration::ZERO,
        ))),
        announce: ansage::core::setup::Announcements {
            move_count: false,
            alarms: AlarmSettings {
                reminders: Some(ReminderSchedule {
                    steps: vec![ReminderStep {
                        below: Duration::MAX,
                        every,
                    }],
                }),
                low_time: Vec::new(),
                control_passed: false,
            },
        },
        ..SessionSetup::default()
    }
}

/// Runs a game of `length` on the real clock in which white never moves: a reminder is due
/// every 100 ms until the flag falls. Returns the lateness of each announcement.
pub fn lateness(length: Duration) -> Result<Lateness, ClockBenchError> {
    let session = Session::new(reminders_every_100ms(length))?;
    // The other core is kept busy for the whole run.
    let stop = Arc::new(AtomicBool::new(false));
    let busy = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            let mut x: u64 = 1;
            while !stop.load(Ordering::Relaxed) {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                std::hint::black_box(x);
            }
        })
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let samples = Arc::new(Mutex::new(Vec::new()));
    rt.block_on(async {
        let (tx, rx) = tokio::sync::mpsc::channel(16);
        let epoch = Instant::now();
        let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Recorder {
            epoch,
            samples: Arc::clone(&samples),
        })];
        let driver = tokio::spawn(async move {
            let _ = tx
                .send(StationInput::Input(Input::key(Actor::Arbiter, Key::Start)))
                .await;
            tokio::time::sleep(length + Duration::from_millis(500)).await;
            let _ = tx.send(StationInput::Shutdown).await;
        });
        ansage::station::run(session, rx, &mut sinks, epoch).await;
        let _ = driver.await;
    });
    rt.shutdown_background();
    stop.store(true, Ordering::Relaxed);
    let _ = busy.join();
    let all = samples.lock().map(|v| v.clone()).unwrap_or_default();
    Ok(summarize(&all))
}

/// The lateness figures of the recorded announcements (lateness, whether urgent).
fn summarize(all: &[(Duration, bool)]) -> Lateness {
    let flag_ms = all
        .iter()
        .find(|(_, urgent)| *urgent)
        .map(|(d, _)| d.as_secs_f64() * 1e3);
    let mut late: Vec<Duration> = all.iter().map(|(d, _)| *d).collect();
    late.sort_unstable();
    let ms = |d: &Duration| d.as_secs_f64() * 1e3;
    let pct = |p: f64| {
        let n = late.len();
        if n == 0 {
            return 0.0;
        }
        let i = ((n - 1) as f64 * p).round() as usize;
        late.get(i).map_or(0.0, ms)
    };
    Lateness {
        count: late.len(),
        p50_ms: pct(0.50),
        p95_ms: pct(0.95),
        p99_ms: pct(0.99),
        max_ms: late.last().map_or(0.0, ms),
        flag_ms,
    }
}
