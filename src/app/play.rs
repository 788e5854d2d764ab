//! `ansage play`: a game at the station, moves and questions typed on the console, with
//! every device the settings ask for; its journal, and its records at the end.

use std::path::PathBuf;

use crate::app::at_station::{self, Analysed, AtStation, Open};
use crate::app::failure::{self, Starting};
use crate::app::launch::{self, Game, JournalAt, Sinks};
use crate::app::options::GameOptions;
use crate::app::{AppError, records};
use crate::config::{Layers, Settings};
use crate::console::Show;
use crate::core::output::{Audience, Priority};
use crate::core::phrases::Message;

/// The arguments of `ansage play`.
#[derive(clap::Args, Clone, Debug)]
pub struct PlayArgs {
    /// The console only: open no other device (speech, Braille display, microphone), but
    /// an electronic board an input names (`--black-input eboard`).
    #[arg(long)]
    pub console: bool,
    /// What the console prints (made for a screen reader; docs/user-guide.md: What the
    /// console prints).
    #[arg(long, value_enum, default_value_t = Show::Unvoiced)]
    pub show: Show,
    /// The full transcript on the console (`--show transcript`).
    #[arg(long, conflicts_with = "show")]
    pub transcript: bool,
    /// Hide Braille lines in the transcript.
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
    /// Serve the web page for the opponent, the arbiter and spectators (web.enabled), on
    /// ADDR if given (web.listen, default 127.0.0.1:8432; 0.0.0.0:8432 for the LAN).
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "")]
    pub web: Option<String>,
    /// The settings.
    #[command(flatten)]
    pub options: GameOptions,
}

/// Plays a game: a new one, or the one in `--resume`'s journal. A failure to start is
/// said, shown and printed in the game's language ([`failure::tell`]).
pub fn run(args: PlayArgs) -> Result<(), AppError> {
    let options = args.options.clone();
    let console = args.console;
    let lang = args.resume.as_deref().and_then(journal_lang);
    play(args).map_err(|e| {
        if e.before_start() {
            failure::tell(e, Starting::Station, lang, &options, console)
        } else {
            e
        }
    })
}

/// Plays a game.
fn play(args: PlayArgs) -> Result<(), AppError> {
    let layers = args.options.layers()?;
    let settings = layers.settings()?;
    // Issue 24: an online opponent's moves come only from the server of `ansage online`;
    // at the board nothing would ever move for him.
    if settings.game.online.is_some() {
        return Err(AppError::OnlineNeedsOnlineCommand);
    }
    station(args, layers, |_| Ok(())).map(|_| ())
}

/// Runs the station for `args`'s game (a new one, or the one in `--resume`'s journal)
/// with the settings `layers`, `attach` adding to the game what the command brings (the
/// training engine) before the devices open; writes the records at the end and returns
/// the session.
pub(crate) fn station(
    args: PlayArgs,
    mut layers: Layers,
    attach: impl FnOnce(&mut Game) -> Result<(), AppError>,
) -> Result<crate::core::session::Session, AppError> {
    if let Some(addr) = &args.web {
        layers.set_key("web.enabled", "true")?;
        if !addr.is_empty() {
            layers.set_key("web.listen", addr)?;
        }
    }
    let settings = layers.settings()?;
    // The station says it is starting before anything slow (a journal's replay, the
    // devices): on the console at once, by voice and on the display as they open.
    let lang = match &args.resume {
        Some(path) => journal_lang(path).unwrap_or(settings.to_setup()?.lang),
        None => settings.to_setup()?.lang,
    };
    let at_station = AtStation {
        show: at_station::show(args.transcript, args.show),
        braille: !args.no_braille,
        first: launch::station_says(lang, &Message::new("station-starting"))?,
        open: if args.console {
            Open::ConsoleAndBoard
        } else {
            Open::All
        },
        pgn: args.pgn.clone(),
        say_pgn: true,
        analysed: Analysed::InFolder,
    };
    at_station.play(|sinks| {
        let mut game = match &args.resume {
            Some(path) => {
                if layers.cli_sets_game() {
                    return Err(AppError::ResumeWithGameOptions);
                }
                Game::resume(settings, path, sinks)?
            }
            None => new_game(settings, args.journal, args.no_journal, sinks)?,
        };
        attach(&mut game)?;
        Ok(game)
    })
}

/// A new game, its journal in `journal` or in a new folder for the game (said to the
/// arbiter at the start).
fn new_game(
    settings: Settings,
    journal: Option<PathBuf>,
    no_journal: bool,
    sinks: Sinks,
) -> Result<Game, AppError> {
    let mut config = settings.to_setup()?;
    // FIDE Laws 8.1: the scoresheet's date is the day the game begins (kept in the journal).
    records::date_the_game(&mut config.info, chrono::Local::now().date_naive());
    // FIDE Laws D.2.6: without speech the player plays by the display; help then names its
    // keys (kept in the journal, so a resumed game helps alike).
    let b = &settings.braille;
    config.braille_input |= b.enabled && (b.braille_only || !settings.speech.enabled);
    let at = JournalAt::for_new_game(&settings, &config, journal, no_journal);
    let mut game = Game::new(settings, config, at, sinks)?;
    if let Some(path) = game.journal.file() {
        let msg = Message::new("journal-where").arg("path", path.display().to_string());
        let outputs = game.announce(Audience::Arbiter, Priority::Answer, &msg);
        game.deliver(&outputs);
    }
    // FIDE Laws 6.5, 6.6: how the clock starts, said before the first move.
    let hint = game.session.clock_start_hint();
    game.deliver(&hint);
    Ok(game)
}

/// The language of the game in the journal at `path`, from its setup record (read, not
/// replayed: the station says it is starting before the replay), if it reads.
pub(crate) fn journal_lang(path: &std::path::Path) -> Option<crate::core::lang::Language> {
    let bytes = std::fs::read(path).ok()?;
    crate::core::journal::read(&bytes).setup().map(|c| c.lang)
}
