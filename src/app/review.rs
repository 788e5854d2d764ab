//! `ansage review FILE` (issue 34): a game read from a file (a journal, PGN, BRF or move
//! list; one game of a PGN by `--game N`) gone through at the station, with every device
//! the settings ask for: "vor", "zurück", "Anfang", "Ende", "Zug fünfzehn" and every
//! question of a game on the position reached (`core::session`'s review). Nothing is
//! journaled or written: the file is only read.

use std::path::PathBuf;

use crate::app::AppError;
use crate::app::analysis::annotated_path;
use crate::app::at_station::{self, Analysed, AtStation, Open};
use crate::app::launch::Game;
use crate::app::options::GameOptions;
use crate::app::sheets::{self, Loaded};
use crate::config::Settings;
use crate::console::Show;
use crate::core::phrases::{Message, Phrases};
use crate::core::scoresheet::Sheet;
use crate::core::session::Session;

/// The arguments of `ansage review`.
#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The game: a journal, a PGN file, a BRF or a move list.
    pub file: PathBuf,
    /// This game of a PGN file with several (1 is the first; the first without it).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// The console only: open no other device (speech, Braille display, microphone).
    #[arg(long)]
    pub console: bool,
    /// What the console prints (docs/user-guide.md: What the console prints).
    #[arg(long, value_enum, default_value_t = Show::Unvoiced)]
    pub show: Show,
    /// The full transcript on the console (`--show transcript`).
    #[arg(long, conflicts_with = "show")]
    pub transcript: bool,
    /// Hide Braille lines in the transcript.
    #[arg(long)]
    pub no_braille: bool,
    /// The settings.
    #[command(flatten)]
    pub options: GameOptions,
}

/// Goes through the game in `args.file`. A file that cannot be read, or a game number it
/// does not have, is said on stderr in the language's words (exit status 1).
pub fn run(args: ReviewArgs) -> Result<(), AppError> {
    let settings = args.options.layers()?.settings()?;
    let lang = settings.to_setup()?.lang;
    let phrases = Phrases::load(lang)?;
    let loaded = match load(&args, lang) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("{}", sheets::say_error(&phrases, &e));
            return Err(AppError::Told(Box::new(e)));
        }
    };
    if let Some(stop) = &loaded.stop {
        // What was read is gone through; where reading stopped is said first.
        let why = phrases.speech(&stop.message(&phrases));
        let msg = Message::new("review-partly").arg("why", why);
        eprintln!("{}", phrases.speech(&msg));
    }
    let through = Through {
        console: args.console,
        show: at_station::show(args.transcript, args.show),
        braille: !args.no_braille,
        analysed: Analysed::At(annotated_path(&args.file)),
    };
    go_through(settings, &loaded.sheet, through)
}

/// How a game is gone through at the station.
#[derive(Debug)]
pub struct Through {
    /// The console only: open no other device.
    pub console: bool,
    /// What the console prints.
    pub show: Show,
    /// Braille lines in the transcript.
    pub braille: bool,
    /// Where the analysed game goes.
    pub analysed: Analysed,
}

/// Goes through the game `sheet` at the station until the player leaves: from a file,
/// or after an online game (issue 34.3). Nothing runs while a game is gone through: no
/// clock, no web page, no journal, no record written.
pub fn go_through(settings: Settings, sheet: &Sheet, through: Through) -> Result<(), AppError> {
    let mut setup = settings.to_setup()?;
    setup.clock = None;
    setup.info = sheet.info.clone();
    let mut session = Session::reviewing(setup, sheet)?;
    let at_station = AtStation {
        show: through.show,
        braille: through.braille,
        first: session.review_opening(),
        open: if through.console {
            Open::Console
        } else {
            Open::All
        },
        pgn: None,
        say_pgn: false,
        analysed: through.analysed,
    };
    let mut settings = settings;
    settings.web.enabled = false;
    at_station.play(|sinks| Ok(Game::review(settings, session, sinks)))?;
    Ok(())
}

/// The game `--game` names (the first without it).
fn load(args: &ReviewArgs, lang: crate::core::lang::Language) -> Result<Loaded, AppError> {
    let mut games = sheets::load(&args.file, lang)?;
    let n = args.game.unwrap_or(1);
    if n == 0 || n > games.len() {
        return Err(AppError::NoSuchGame {
            path: args.file.clone(),
            game: n,
            games: games.len(),
        });
    }
    Ok(games.swap_remove(n - 1))
}
