//! `ansage online --game ID` (issue 24): a running lichess game played at the station, the
//! online opponent's moves from the server, the blind player's through the whole Appendix
//! D dialogue, with the same settings, languages and devices as `ansage play`.
//!
//! Before the station starts: the token (the environment's `ANSAGE_LICHESS_TOKEN`, else
//! its file in the configuration folder, its owner's alone), the server (`online.server`:
//! https, or http to this machine), who the token belongs to, and the game's first line
//! (`gameFull`): which side the account plays, the names, the clock and the start
//! position become the game's setup. Then the station runs as for `play`, the game's
//! connection beside it.
//!
//! - `mod.rs`: the arguments, the run of games and rematches, the server's client.
//! - `game.rs`: one game: its setup from the server's first line, its station and
//!   records, the rematch to offer.
//! - `account.rs`: `login` and `logout`, the token read without echo and stored.
//! - `menu.rs`: the spoken menu before a game (seek, challenge, accept, resume).
//! - `start.rs`: the game's start, bounded, said while it waits.

mod account;
mod game;
mod menu;
mod start;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::app::AppError;
use crate::app::options::GameOptions;
use crate::config::Settings;
use crate::console::Show;
use crate::core::online::lobby::Rematch;
use crate::core::online::menu_words::MenuCommand;
use crate::core::online::time_control::OnlineTc;
use crate::core::phrases::Message;
use crate::doctor::online::Refusals;
use crate::online::actor::Waits;
use crate::online::address::Address;
use crate::online::client::{ApiError, Client};

use crate::app::review::Through;
use game::{Ended, Finished, game};
use menu::{MenuEnd, Start};

/// How long the station waits for a byte of a stream before it counts as broken (the
/// server sends an empty line every 6-7 s).
const READ_TIMEOUT: Duration = Duration::from_secs(20);

/// The arguments of `ansage online`.
#[derive(clap::Args, Debug)]
pub struct OnlineArgs {
    /// Seek or challenge at once, or the account: store a token (`login`, read without
    /// echo) or revoke it (`logout`). Without one: the spoken menu.
    #[command(subcommand)]
    pub command: Option<OnlineCommand>,
    /// Play this running game (its id, the part of its address after the server's).
    #[arg(long, value_name = "ID", global = true)]
    pub game: Option<String>,
    /// The console only: open no other device (speech, Braille display, microphone).
    #[arg(long, global = true)]
    pub console: bool,
    /// What the console prints (docs/user-guide.md: What the console prints).
    #[arg(long, value_enum, default_value_t = Show::Unvoiced, global = true)]
    pub show: Show,
    /// The full transcript on the console (`--show transcript`).
    #[arg(long, conflicts_with = "show", global = true)]
    pub transcript: bool,
    /// Hide Braille lines in the transcript.
    #[arg(long, global = true)]
    pub no_braille: bool,
    /// Write the journal to this file instead of the game's own folder.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "no_journal",
        global = true
    )]
    pub journal: Option<PathBuf>,
    /// Keep no journal.
    #[arg(long, global = true)]
    pub no_journal: bool,
    /// Write the game as PGN here, after every made move and at the end.
    #[arg(long, global = true)]
    pub pgn: Option<PathBuf>,
    /// The settings.
    #[command(flatten)]
    pub options: GameOptions,
}

/// `ansage online seek|challenge|login|logout`.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum OnlineCommand {
    /// Seek an opponent: TC is minutes+increment, rapid or slower (at least 8 minutes as
    /// minutes + 40 × increment), for example 15+10.
    Seek {
        /// Minutes+increment in seconds, for example 15+10.
        #[arg(value_name = "TC")]
        control: OnlineTc,
        /// A rated game (without it: casual).
        #[arg(long)]
        rated: bool,
    },
    /// Challenge an account (blitz allowed: at least 3 minutes as minutes + 40 ×
    /// increment), for example `challenge anna 5+3`.
    Challenge {
        /// The account's name.
        name: String,
        /// Minutes+increment in seconds, for example 5+3.
        #[arg(value_name = "TC")]
        control: OnlineTc,
        /// A rated game (without it: casual).
        #[arg(long)]
        rated: bool,
    },
    /// Read a lichess token (scope board:play) without echo, check it with the server and
    /// store it, readable by you alone.
    Login,
    /// Revoke the stored token on the server and remove it.
    Logout,
}

/// Plays the running game `--game`, or the game the menu starts (seek, challenge, accept,
/// resume), or logs in or out. A failure to start (no token, a refused token, a server
/// that does not answer) is said, shown and printed in the game's language
/// ([`crate::app::failure`]).
pub fn run(args: OnlineArgs) -> Result<(), AppError> {
    let options = args.options.clone();
    let console = args.console;
    let account = matches!(
        args.command,
        Some(OnlineCommand::Login | OnlineCommand::Logout)
    );
    online(args).map_err(|e| {
        if e.before_start() && !account {
            let starting = crate::app::failure::Starting::Online;
            crate::app::failure::tell(e, starting, None, &options, console)
        } else {
            e
        }
    })
}

/// What `run` does.
fn online(args: OnlineArgs) -> Result<(), AppError> {
    let first = match args.command.clone() {
        Some(OnlineCommand::Login | OnlineCommand::Logout) => return login_or_logout(&args),
        Some(OnlineCommand::Seek { control, rated }) => {
            Some(rated_if(rated, MenuCommand::Seek(Some(control))))
        }
        Some(OnlineCommand::Challenge {
            name,
            control,
            rated,
        }) => Some(rated_if(
            rated,
            MenuCommand::Challenge {
                name,
                tc: Some(control),
            },
        )),
        None => None,
    };
    let mut id = match args.game.clone() {
        Some(id) if is_game_id(&id) => id,
        Some(_) => {
            return Err(AppError::OnlineSaid {
                said: Message::new("start-online-game-id"),
                detail:
                    "a game's id is letters and digits (the part of its address after the server's)"
                        .into(),
            });
        }
        None => match menu(&args, Start::Command(first))? {
            MenuEnd::Play(id) => id,
            MenuEnd::Review | MenuEnd::Left => return Ok(()),
        },
    };
    // After a game that ended: the menu asks for a rematch, going through the game, the
    // menu or the end (issues 32.3, 34.3); the next game is played in turn, with records
    // of its own.
    for number in 1.. {
        let Ended::Over(rematch, finished) = game(&args, id, number)? else {
            return Ok(());
        };
        id = match after_game(&args, rematch, finished)? {
            Some(next) => next,
            None => return Ok(()),
        };
    }
    Ok(())
}

/// The menu after a game, as often as the player goes through the game and comes back;
/// the next game to play, if any.
fn after_game(
    args: &OnlineArgs,
    rematch: Option<Rematch>,
    finished: Finished,
) -> Result<Option<String>, AppError> {
    loop {
        match menu(args, Start::AfterGame(rematch.clone()))? {
            MenuEnd::Play(id) => return Ok(Some(id)),
            MenuEnd::Left => return Ok(None),
            MenuEnd::Review => {
                let settings = args.options.layers()?.settings()?;
                let through = Through {
                    console: args.console,
                    show: crate::app::at_station::show(args.transcript, args.show),
                    braille: !args.no_braille,
                    analysed: finished.analysed.clone(),
                };
                crate::app::review::go_through(settings, &finished.sheet, through)?;
            }
        }
    }
}

/// `command` for a rated game if `rated`.
fn rated_if(rated: bool, command: MenuCommand) -> MenuCommand {
    if rated {
        MenuCommand::Rated(Box::new(command))
    } else {
        command
    }
}

/// `ansage online login|logout`.
fn login_or_logout(args: &OnlineArgs) -> Result<(), AppError> {
    let settings = args.options.layers()?.settings()?;
    let server = Address::parse(&settings.online.server).map_err(crate::app::OnlineError::from)?;
    let lang = settings.to_setup()?.lang;
    match args.command {
        Some(OnlineCommand::Logout) => account::logout(server, lang),
        _ => account::login(server, lang),
    }
}

/// The failure to start that the server's `error` means (issue 31.2).
pub(super) fn refused(refusals: &Refusals, error: ApiError) -> AppError {
    AppError::OnlineStart(Box::new(refusals.status(error)))
}

/// The server's client with the token, the waits, and what its refusals mean.
pub(super) fn client(settings: &Settings) -> Result<(Arc<Client>, Waits, Refusals), AppError> {
    let text = &settings.online.server;
    let server = Address::parse(text).map_err(|e| {
        AppError::OnlineStart(Box::new(crate::doctor::online::bad_server(
            text,
            &e.to_string(),
        )))
    })?;
    let (token, source) = crate::doctor::online::load().map_err(AppError::OnlineStart)?;
    let (waits, read_timeout) = waits(&server);
    let refusals = Refusals::new(server.clone(), source, token.clone());
    let client = Client::new(server, token, read_timeout).map_err(|e| refused(&refusals, e))?;
    Ok((Arc::new(client), waits, refusals))
}

/// The spoken menu, until a game starts, the game that ended is to be gone through, or
/// the player leaves; after a game, it begins by offering the rematch.
fn menu(args: &OnlineArgs, first: Start) -> Result<MenuEnd, AppError> {
    let settings = args.options.layers()?.settings()?;
    let (client, waits, refusals) = client(&settings)?;
    let setup = settings.to_setup()?;
    let print_all = args.transcript || matches!(args.show, Show::Said | Show::Transcript);
    menu::run(
        (client, waits, refusals),
        &settings,
        &setup,
        args.console,
        print_all,
        first,
    )
}

/// The environment variable by which the tests shorten the waits (their injected clock):
/// the wait after a rate limit in milliseconds, for lichess's minute; every other wait
/// shrinks in proportion (the back-off, its cap, a stable stream, the start's bound), the
/// read timeout to a second. Honoured only for a server on this machine.
const TEST_WAITS: &str = "ANSAGE_ONLINE_TEST_WAITS";

/// The waits and the read timeout: lichess's, or a test's against a server on this
/// machine.
fn waits(server: &Address) -> (Waits, Duration) {
    let test = std::env::var(TEST_WAITS)
        .ok()
        .and_then(|v| v.parse::<u64>().ok());
    match test.filter(|_| server.is_loopback()) {
        Some(ms) => {
            let real = Waits::default();
            let scale =
                Duration::from_millis(ms).as_secs_f64() / real.rule.rate_limit.as_secs_f64();
            (real.scaled(scale), Duration::from_secs(1))
        }
        None => (Waits::default(), READ_TIMEOUT),
    }
}

/// A game id: letters and digits only (it goes into the requests' paths).
fn is_game_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}
