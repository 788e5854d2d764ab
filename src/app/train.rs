//! `ansage train` (issue 34.1): a training game against a UCI engine (Debian's
//! `stockfish` by default), at the station like a game at the board: the same options as
//! `play` (`--lang`, `--console`, `--vi`, `--set`, the inputs, `--resume`), and
//! `--level 1..10`, `--colour white|black|random`; a clock only with `--tc`.
//!
//! The engine's moves are journaled inputs ([`crate::engine::actor`]); "Neue Partie" and
//! "Farbe wechseln" close the game and start the next one here, with the level the
//! player set last ("Stufe fünf").

use crate::app::AppError;
use crate::app::failure::{self, Starting};
use crate::app::launch::Game;
use crate::app::play::{self, PlayArgs};
use crate::config::{Layers, Settings};
use crate::core::engine::level::Level;
use crate::core::output::{Audience, Priority};
use crate::core::phrases::Message;
use crate::engine::actor::Link;
use crate::engine::client::Timeouts;

/// The player's colour in a training game.
#[derive(clap::ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
    /// Either, by chance.
    Random,
}

/// The arguments of `ansage train`.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// How strong the engine plays: 1 (a beginner who hangs a piece now and then) to 10
    /// (full strength); default 5 (game.level).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// The player's colour.
    #[arg(long, value_enum, default_value_t = Colour::White)]
    pub colour: Colour,
    /// The options of `ansage play`.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// Plays training games until the player stops: a new one after "Neue Partie" or "Farbe
/// wechseln". A failure to start is said, shown and printed in the game's language.
pub fn run(args: TrainArgs) -> Result<(), AppError> {
    let options = args.play.options.clone();
    let console = args.play.console;
    let lang = args.play.resume.as_deref().and_then(play::journal_lang);
    train(args).map_err(|e| {
        if e.before_start() {
            failure::tell(e, Starting::Station, lang, &options, console)
        } else {
            e
        }
    })
}

/// The games, one after the other.
fn train(mut args: TrainArgs) -> Result<(), AppError> {
    let mut white = match args.colour {
        Colour::White => true,
        Colour::Black => false,
        Colour::Random => rand_bit(),
    };
    let mut level = args.level;
    loop {
        let mut layers = args.play.options.layers()?;
        if args.play.resume.is_none() {
            set_up(&mut layers, &args, white, level)?;
        }
        let settings = layers.settings()?;
        if settings.game.online.is_some() {
            return Err(AppError::OnlineNeedsOnlineCommand);
        }
        let link = link(&settings)?;
        // The next game is a new one, in a folder of its own.
        let again = PlayArgs {
            resume: None,
            journal: None,
            ..args.play.clone()
        };
        let session = play::station(std::mem::replace(&mut args.play, again), layers, |game| {
            attach(game, link)
        })?;
        let Some(next) = session.next_game() else {
            return Ok(());
        };
        if next.switch {
            white = !white;
        }
        level = Some(next.level.number());
    }
}

/// The training game's settings: the engine plays the other side at `level`; the player
/// is the visually impaired one unless `--vi` says otherwise; no clock unless `--tc`.
fn set_up(
    layers: &mut Layers,
    args: &TrainArgs,
    white: bool,
    level: Option<u8>,
) -> Result<(), AppError> {
    let (player, engine) = if white {
        ("white", "black")
    } else {
        ("black", "white")
    };
    layers.set_key("game.engine", engine)?;
    if args.play.options.vi.is_none() {
        layers.set_key("game.vi", player)?;
    }
    if let Some(level) = level {
        layers.set_key("game.level", &level.to_string())?;
    }
    if args.play.options.tc.is_none() {
        layers.set_key("game.tc", "\"-\"")?;
    }
    layers.set_key("game.event", "\"Training\"")?;
    Ok(())
}

/// The engine: found, or the failure to start that names its package.
fn link(settings: &Settings) -> Result<Link, AppError> {
    let path_env = std::env::var_os("PATH");
    let path = crate::engine::find::find(&settings.engine.path, path_env.as_deref()).map_err(
        |e| match e {
            crate::engine::EngineError::NotFound { tried } => AppError::EngineMissing { tried },
            other => AppError::EngineMissing {
                tried: other.to_string(),
            },
        },
    )?;
    let timeouts = Timeouts {
        search: std::time::Duration::from_millis(settings.engine.timeout_ms.max(1)),
        ..Timeouts::default()
    };
    Ok(Link {
        path,
        side: shakmaty::Color::Black,
        timeouts,
        nodes: Some(settings.engine.nodes).filter(|n| *n > 0),
    })
}

/// The engine joins the game (its side from the game's setup: a resumed journal's too),
/// and the player hears against what he plays.
fn attach(game: &mut Game, mut link: Link) -> Result<(), AppError> {
    let Some(engine) = game.session.setup().engine else {
        // A resumed journal of a game at the board: played as one.
        return Ok(());
    };
    link.side = engine;
    let level: Level = game.session.setup().level;
    let msg = Message::new("training-start")
        .arg("level", u32::from(level.number()))
        .arg(
            "side",
            game.session.vocabulary().color_name(!engine).to_owned(),
        );
    let outputs = game.announce(Audience::player(!engine), Priority::Move, &msg);
    game.deliver(&outputs);
    game.engine = Some(link);
    Ok(())
}

/// A random colour, from the clock's nanoseconds (nothing here needs more chance).
fn rand_bit() -> bool {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos() % 2 == 0)
        .unwrap_or(true)
}
