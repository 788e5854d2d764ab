//! The tests that keep a core busy for seconds, and the one that measures real time closely
//! (the crash test: a killed station's clocks restored to within 100 ms). One test program
//! runs its tests side by side, one per core, and a busy test beside the crash test starves
//! the station it kills of its heartbeat (seen on 2 cores: clocks 120 and 132 ms off, where
//! the crash test alone stays within 50 ms). So the crash test runs alone of the busy tests:
//! it waits until none runs, and none starts while it waits or runs. Every wait has a bound.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How long a test may wait for the others (the longest busy test takes about a minute on a
/// loaded 2-core machine, the crash test half as long).
const WAIT: Duration = Duration::from_secs(900);

/// Who holds the cores.
struct Cores {
    /// Busy tests running.
    busy: usize,
    /// Whether a test runs alone.
    alone: bool,
    /// Tests waiting to run alone (busy tests wait for them).
    waiting: usize,
}

static CORES: Mutex<Cores> = Mutex::new(Cores {
    busy: 0,
    alone: false,
    waiting: 0,
});

static CHANGED: Condvar = Condvar::new();

fn cores() -> MutexGuard<'static, Cores> {
    CORES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Waits until `free` holds of the cores, for at most [`WAIT`]; `None` after that (the
/// cores' lock is given back then).
fn wait_until(free: impl Fn(&Cores) -> bool) -> Option<MutexGuard<'static, Cores>> {
    let deadline = Instant::now() + WAIT;
    let mut cores = cores();
    while !free(&cores) {
        let left = deadline.checked_duration_since(Instant::now())?;
        cores = CHANGED
            .wait_timeout(cores, left)
            .unwrap_or_else(PoisonError::into_inner)
            .0;
    }
    Some(cores)
}

/// A busy test's hold on a core, given back when dropped.
#[must_use = "the test is busy while this lives"]
pub struct Busy(());

/// Taken by a test that keeps a core busy for seconds (many games or positions, the real
/// recognizer, the sources parsed, a browser, a station at work): it waits while a test
/// runs alone or waits to.
pub fn busy() -> Busy {
    let mut cores = wait_until(|c| !c.alone && c.waiting == 0)
        .unwrap_or_else(|| panic!("a busy test waited for more than {WAIT:?}"));
    cores.busy += 1;
    Busy(())
}

impl Drop for Busy {
    fn drop(&mut self) {
        cores().busy -= 1;
        CHANGED.notify_all();
    }
}

/// The hold of a test that runs alone, given back when dropped.
#[must_use = "the test runs alone while this lives"]
pub struct Alone(());

/// Taken by a test that measures real time closely: it waits until no busy test runs, and
/// none starts meanwhile.
pub fn alone() -> Alone {
    cores().waiting += 1;
    let got = wait_until(|c| c.busy == 0 && !c.alone);
    let Some(mut cores) = got else {
        cores().waiting -= 1;
        CHANGED.notify_all();
        panic!("a test waited for more than {WAIT:?} to run alone of the busy tests");
    };
    cores.waiting -= 1;
    cores.alone = true;
    Alone(())
}

impl Drop for Alone {
    fn drop(&mut self) {
        cores().alone = false;
        CHANGED.notify_all();
    }
}
