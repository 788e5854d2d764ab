//! The one bounded wait for a child process, for the station process ([`super::station`])
//! and the tests that run a program to its end (`tests/it/support/proc.rs`): a child
//! still running at the limit is killed (SIGKILL) and reaped.

use std::process::{Child, ExitStatus};
use std::time::{Duration, Instant};

/// How long a killed child may take to be reaped.
pub const REAP: Duration = Duration::from_secs(10);

/// How often a wait looks at the child.
const POLL: Duration = Duration::from_millis(10);

/// Why a bounded wait did not see the child end by itself.
#[derive(Debug, thiserror::Error)]
pub enum WaitError {
    /// Still running at the limit: killed, and how that went.
    #[error("still running after the limit of {limit:?}: killed ({killed})")]
    Overran {
        /// The limit.
        limit: Duration,
        /// The kill's outcome: its status, or what failed.
        killed: String,
    },
    /// Waiting for it failed.
    #[error("waiting for it failed: {0}")]
    Wait(#[from] std::io::Error),
}

/// Waits for `child` for at most `limit`; one still running then is killed and reaped
/// ([`kill_and_reap`]) and the answer is [`WaitError::Overran`]. Never panics (for `Drop`).
pub fn wait_within(child: &mut Child, limit: Duration) -> Result<ExitStatus, WaitError> {
    match poll_until(child, Instant::now() + limit)? {
        Some(status) => Ok(status),
        None => Err(WaitError::Overran {
            limit,
            killed: match kill_and_reap(child) {
                Ok(status) => format!("then it ended with {status}"),
                Err(e) => e.to_string(),
            },
        }),
    }
}

/// Kills `child` (SIGKILL, unless it has ended already) and reaps it within [`REAP`].
pub fn kill_and_reap(child: &mut Child) -> Result<ExitStatus, WaitError> {
    if let Some(status) = child.try_wait()? {
        return Ok(status);
    }
    // Not reaped yet, so the ID is still the child's.
    child.kill()?;
    poll_until(child, Instant::now() + REAP)?.ok_or(WaitError::Overran {
        limit: REAP,
        killed: "and still not ended".into(),
    })
}

/// The child's status once it ended, or `None` at `deadline`.
fn poll_until(child: &mut Child, deadline: Instant) -> Result<Option<ExitStatus>, WaitError> {
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if Instant::now() >= deadline {
            return Ok(None);
        }
        std::thread::sleep(POLL);
    }
}

#[cfg(test)]
mod tests {
    use std::process::Command;
    use std::time::Duration;

    use super::{WaitError, wait_within};

    /// A child that ends is waited for; one that overruns is killed and reaped.
    #[test]
    fn a_child_ends_or_is_killed_at_the_limit() {
        let mut quick = Command::new("true").spawn().expect("`true` runs");
        let status = wait_within(&mut quick, Duration::from_secs(10)).expect("it ends");
        assert!(status.success());
        let mut slow = Command::new("sleep")
            .arg("30")
            .spawn()
            .expect("`sleep` runs");
        let waited = wait_within(&mut slow, Duration::from_millis(50));
        assert!(
            matches!(waited, Err(WaitError::Overran { .. })),
            "{waited:?}"
        );
        assert!(
            slow.try_wait().expect("it can be asked").is_some(),
            "reaped"
        );
    }
}
