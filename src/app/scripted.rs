//! The scripted players of `ansage demo` (and of `play --script`): they send a script's
//! inputs to the station at their scaled instants, each after the station has finished
//! speaking (the [`Speaking`] gate), as people at the board would.

use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::adapter::Speaking;
use crate::core::script::{Action, Step};
use crate::station::{StationInput, Timeline};

/// How fast the scripted players act.
#[derive(Copy, Clone, Debug)]
pub struct Pace {
    /// The script's seconds are multiplied by this.
    pub scale: f64,
    /// After the station stops speaking, the players wait this long before the next input.
    pub gap: Duration,
    /// The longest wait for the station to stop speaking.
    pub patience: Duration,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace {
            scale: 0.2,
            gap: Duration::from_millis(250),
            patience: Duration::from_secs(15),
        }
    }
}

/// Sends the script's inputs to the station at their (scaled) instants, each after the
/// station has stopped speaking; then asks the station to stop. Returns how many inputs
/// were sent.
pub async fn drive(
    steps: Vec<Step>,
    timeline: Timeline,
    tx: mpsc::Sender<StationInput>,
    speaking: Speaking,
    pace: Pace,
) -> usize {
    let mut sent = 0;
    let mut last_due = Instant::now();
    // A speech output that never says it has finished (no sound server behind it) would
    // hold every step for the whole patience: after one such wait the gate is ignored.
    let mut trust_gate = true;
    for step in steps {
        let at = Duration::from_secs_f64(
            step.at.saturating_since(timeline.start).as_secs_f64() * pace.scale,
        );
        let due = (timeline.epoch + at).max(last_due);
        tokio::time::sleep_until(due).await;
        // Wait for the station to finish speaking (and a breath after it).
        let give_up = Instant::now() + pace.patience;
        while trust_gate {
            let quiet_since = Instant::now();
            while speaking.is_speaking(std::time::Instant::now()) && Instant::now() < give_up {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            if Instant::now() >= give_up {
                tracing::warn!(
                    "demo: the station never stopped speaking; going on without waiting"
                );
                trust_gate = false;
                break;
            }
            if quiet_since.elapsed() < Duration::from_millis(20) {
                break;
            }
            tokio::time::sleep(pace.gap).await;
        }
        last_due = Instant::now();
        if let Action::Input(input) = step.action {
            if tx.send(StationInput::Input(input)).await.is_err() {
                return sent;
            }
            sent += 1;
        }
    }
    // Let the last announcements be said.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let give_up = Instant::now() + pace.patience;
    while trust_gate && speaking.is_speaking(std::time::Instant::now()) && Instant::now() < give_up
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let _ = tx.send(StationInput::Shutdown).await;
    sent
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::script;
    use crate::core::time::Timestamp;

    /// The bound on a driven script, in the tests' paused (virtual) time: a script runs for
    /// about ten virtual seconds; one that never ends fails as soon as nothing else is due.
    const VIRTUAL_LIMIT: Duration = Duration::from_secs(600);

    #[tokio::test(start_paused = true)]
    async fn inputs_come_at_their_scaled_instants_and_wait_for_the_station_to_be_quiet() {
        let text = "@0 arbiter setup tc=300 vi=white\n@0 arbiter key start\n\
                    @10 white type e4\n@11 white key confirm\n@20 black type e5\n";
        let parsed = script::parse(text).unwrap();
        let timeline = Timeline {
            epoch: Instant::now(),
            start: Timestamp::ZERO,
        };
        let (tx, mut rx) = mpsc::channel(8);
        let speaking = Speaking::new();
        let pace = Pace {
            scale: 0.5,
            gap: Duration::from_millis(100),
            patience: Duration::from_secs(3),
        };
        let t0 = Instant::now();
        let driver = tokio::spawn(drive(parsed.steps, timeline, tx, speaking.clone(), pace));
        let mut got = Vec::new();
        // The station speaks from 5.2 s to 7 s: the confirmation (due at 5.5 s) waits.
        let talk = speaking.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(5200)).await;
            talk.started();
            tokio::time::sleep(Duration::from_millis(1800)).await;
            talk.ended(std::time::Instant::now(), Duration::ZERO);
        });
        let sent = tokio::time::timeout(VIRTUAL_LIMIT, async {
            while let Some(msg) = rx.recv().await {
                let stop = matches!(msg, StationInput::Shutdown);
                got.push((t0.elapsed().as_millis() / 100, stop));
                if stop {
                    break;
                }
            }
            driver.await.unwrap()
        })
        .await
        .expect("the script did not end within the virtual limit");
        assert_eq!(sent, 4);
        // key start at 0, e4 at 5 s, confirm after the talk (7 s + gap), e5 at 10 s, stop.
        let times: Vec<u128> = got.iter().map(|(t, _)| *t).collect();
        assert_eq!(times[0], 0);
        assert_eq!(times[1], 50);
        assert!((71..=72).contains(&times[2]), "{times:?}");
        assert_eq!(times[3], 100);
        assert!(got[4].1);
    }

    #[tokio::test(start_paused = true)]
    async fn a_gate_that_never_opens_is_waited_for_once_only() {
        let text = "@0 arbiter setup tc=300 vi=white\n@0 arbiter key start\n\
                    @10 white type e4\n@11 white key confirm\n@20 black type e5\n";
        let parsed = script::parse(text).unwrap();
        let timeline = Timeline {
            epoch: Instant::now(),
            start: Timestamp::ZERO,
        };
        let (tx, mut rx) = mpsc::channel(8);
        let speaking = Speaking::new();
        speaking.started();
        let pace = Pace {
            scale: 0.5,
            gap: Duration::from_millis(100),
            patience: Duration::from_secs(3),
        };
        let t0 = Instant::now();
        let driver = tokio::spawn(drive(parsed.steps, timeline, tx, speaking, pace));
        let mut times = Vec::new();
        let sent = tokio::time::timeout(VIRTUAL_LIMIT, async {
            while let Some(msg) = rx.recv().await {
                times.push(t0.elapsed().as_millis() / 100);
                if matches!(msg, StationInput::Shutdown) {
                    break;
                }
            }
            driver.await.unwrap()
        })
        .await
        .expect("the script did not end within the virtual limit");
        assert_eq!(sent, 4);
        // Only the first input waits the patience (3 s); then the script's own pace.
        assert_eq!(times[..4], [30, 50, 55, 100], "{times:?}");
    }
}
