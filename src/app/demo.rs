//! `ansage demo`: a scripted game played through the whole station, as a player would
//! (the devices, the clock and the journal are real; only the players are a script).
//!
//! The players are [`super::scripted`]: the script's instants are scaled by
//! [`Pace::scale`](super::scripted::Pace::scale), and before each input they wait until the station has finished
//! speaking, as people at the board would: so the demo takes about a minute, and every
//! announcement is heard whole.

use std::path::PathBuf;

use crate::app::devices::Wanted;
use crate::app::launch::{self, Game, JournalAt, Players};
use crate::app::scripted::Pace;
use crate::app::{AppError, records};
use crate::config::Settings;
use crate::console::{ConsoleSink, Show};
use crate::core::script;
use crate::recorder::spoken::{self, SpokenOptions};

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
    parsed.setup.info.event = "ansage demo: FIDE Laws Appendix C".into();
    parsed.setup.info.date = chrono::Local::now().format("%Y.%m.%d").to_string();
    let config = parsed.setup.clone();
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
    let session = launch::run(game, wanted, players)?;
    println!("Journal: {}", dir.join("journal.txt").display());
    for line in records::write(&session, &dir)?.lines() {
        println!("{line}");
    }
    // The spoken scoresheet (FIDE Laws D.2.6: the moves on a recording device).
    let wav = dir.join("game.wav");
    let sheet = session.scoresheet();
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
