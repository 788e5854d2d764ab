//! `ansage play`: a game at the station, moves and questions typed on the console, with
//! every device the settings ask for; its journal, and its records at the end.

use std::path::PathBuf;

use crate::app::devices::Wanted;
use crate::app::options::GameOptions;
use crate::app::setup::{self, Game, JournalAt, Players, Sinks};
use crate::app::{AppError, records};
use crate::config::Settings;
use crate::console::ConsoleSink;
use crate::core::output::{Audience, Priority};
use crate::core::phrases::Message;

/// The arguments of `ansage play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The console only: open no other device (speech, Braille display, microphone).
    #[arg(long)]
    pub console: bool,
    /// Hide Braille lines on the console.
    #[arg(long)]
    pub no_braille: bool,
    /// Write the game as PGN here, after every made move and at the end.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Write the journal (every input, synced before it is acted on) to this file
    /// instead of `$XDG_DATA_HOME/ansage/games/DATE_TIME-WHITE-BLACK/journal.txt`.
    #[arg(long, value_name = "FILE", conflicts_with = "no_journal")]
    pub journal: Option<PathBuf>,
    /// Keep no journal (a crash loses the game).
    #[arg(long)]
    pub no_journal: bool,
    /// Continue the game in this journal after a crash: the position, both clocks
    /// (stopped until the arbiter starts them), the moves and what was pending come
    /// back; a damaged tail is cut off with a message saying what was dropped.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["journal", "no_journal"])]
    pub resume: Option<PathBuf>,
    /// The settings.
    #[command(flatten)]
    pub options: GameOptions,
}

/// Plays a game: a new one, or the one in `--resume`'s journal.
pub fn run(args: PlayArgs) -> Result<(), AppError> {
    let layers = args.options.layers()?;
    let settings = layers.settings()?;
    let sinks: Sinks = vec![Box::new(ConsoleSink {
        braille: !args.no_braille,
    })];
    let mut game = match &args.resume {
        Some(path) => {
            if layers.cli_sets_game() {
                return Err(AppError::ResumeWithGameOptions);
            }
            Game::resume(settings, path, sinks)?
        }
        None => new_game(settings, args.journal, args.no_journal, sinks)?,
    };
    let folder = game.folder();
    // FIDE Laws 8.1: the records kept current after every made move, not only at the end.
    if folder.is_some() || args.pgn.is_some() {
        game.sinks.push(Box::new(records::RecordsSink::new(
            folder.clone(),
            args.pgn.clone(),
        )));
    }
    let wanted = (!args.console).then(|| {
        let recording = folder.as_ref().map(|d| d.join("game.wav"));
        Wanted::for_game(&game.settings, game.session.config(), recording)
    });
    let session = setup::run(game, wanted, Players::Console)?;
    if let Some(out) = args.pgn {
        records::write_pgn(&session, &out)?;
        eprintln!("PGN written to {}", out.display());
    }
    if let Some(dir) = folder {
        for line in records::write(&session, &dir)? {
            eprintln!("{line}");
        }
    }
    Ok(())
}

/// A new game, its journal in `journal` or in a new folder for the game (said to the
/// arbiter at the start).
fn new_game(
    settings: Settings,
    journal: Option<PathBuf>,
    no_journal: bool,
    sinks: Sinks,
) -> Result<Game, AppError> {
    let mut config = settings.to_config()?;
    // FIDE Laws 8.1: the scoresheet's date is the day the game begins (kept in the journal).
    records::date_the_game(&mut config.info, chrono::Local::now().date_naive());
    let at = if no_journal || (journal.is_none() && !settings.journal.enabled) {
        JournalAt::Nowhere
    } else if let Some(path) = journal {
        JournalAt::File(path)
    } else {
        JournalAt::NewFolder {
            base: Some(settings.journal.dir.clone()).filter(|d| !d.as_os_str().is_empty()),
            name: setup::game_name(&config),
        }
    };
    let mut game = Game::new(settings, config, at, sinks)?;
    if let Some(path) = game.journal.file() {
        let msg = Message::new("journal-where").arg("path", path.display().to_string());
        let outputs = game.announce(Audience::Arbiter, Priority::Answer, &msg);
        game.deliver(&outputs);
    }
    Ok(game)
}
