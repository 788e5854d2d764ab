//! `ansage demo`: a scripted game played through the whole station, as a player would
//! (the devices, the clock and the journal are real; only the players are a script).
//!
//! The script's instants are scaled by [`Pace::scale`], and before each input the players
//! wait until the station has finished speaking (the [`Speaking`] gate), as people at the
//! board would: so the demo takes about a minute, and every announcement is heard whole.

use std::path::PathBuf;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::app::devices::Wanted;
use crate::app::setup::{self, Game, JournalAt, Players};
use crate::app::{AppError, records};
use crate::config::Settings;
use crate::console::{ConsoleSink, Show};
use crate::core::script::{self, Action, Step};
use crate::devices::Speaking;
use crate::record::spoken::{self, SpokenOptions};
use crate::station::{StationInput, Timeline};

/// The arguments of `ansage demo`.
#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// Where to put the game's folder (default: the XDG data directory).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The console only: open no other device.
    #[arg(long)]
    pub console: bool,
    /// How fast the scripted players act: the script's seconds times this (they
    /// also wait until the station has finished speaking).
    #[arg(long, default_value_t = 0.2)]
    pub scale: f64,
}

/// Plays the example game of FIDE Laws Appendix C through the station on the demo's own
/// defaults (the user's configuration file is not read, so that the demo plays the same
/// everywhere), then writes its records and says where they went.
pub fn run(args: &DemoArgs) -> Result<(), AppError> {
    let text = include_str!("../../assets/demo/seed_game_de.script");
    let mut parsed = script::parse(text).map_err(|e| AppError::DemoScript(Box::new(e)))?;
    parsed.config.info.event = "ansage demo: FIDE Laws Appendix C".into();
    parsed.config.info.date = chrono::Local::now().format("%Y.%m.%d").to_string();
    let config = parsed.config.clone();
    let journal = JournalAt::NewFolder {
        base: args.out.clone(),
        name: "demo".into(),
    };
    let console = Box::new(ConsoleSink::new(Show::Transcript, true));
    let mut game = Game::new(Settings::default(), config.clone(), journal, vec![console])?;
    let dir = game.folder().unwrap_or_default();
    // FIDE Laws 8.1: the records kept current after every made move, as in `play`.
    game.sinks
        .push(Box::new(records::RecordsSink::new(Some(dir.clone()), None)));
    let wanted = (!args.console).then(|| Wanted {
        microphone: false,
        ..Wanted::for_game(&game.settings, &config, None)
    });
    let players = Players::Scripted {
        steps: parsed.steps,
        pace: Pace {
            scale: args.scale,
            ..Pace::default()
        },
    };
    let session = setup::run(game, wanted, players)?;
    println!("Journal: {}", dir.join("journal.txt").display());
    for line in records::write(&session, &dir)?.lines() {
        println!("{line}");
    }
    // The spoken scoresheet (FIDE Laws D.2.6: the moves on a recording device).
    let wav = dir.join("game.wav");
    let sheet = records::session_sheet(&session);
    match spoken::render(&sheet, config.lang, &wav, &SpokenOptions::default()) {
        Ok(cues) => println!(
            "WAV: {} (the spoken scoresheet, {} moves, espeak-ng)",
            wav.display(),
            cues.len()
        ),
        Err(e) => println!("WAV: not written ({e}); install espeak-ng for the spoken scoresheet"),
    }
    Ok(())
}

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
