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
//! - `mod.rs`: the arguments, the run of games and rematches, a game's setup from the
//!   server's first line, its station and records.
//! - `account.rs`: `login` and `logout`, the token read without echo and stored.
//! - `menu.rs`: the spoken menu before a game (seek, challenge, accept, resume).
//! - `start.rs`: the game's start, bounded, said while it waits.

mod account;
mod error;
mod menu;
mod start;

pub use error::OnlineError;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::app::at_station::{self, Analysed, AtStation, Open};
use crate::app::launch::{self, Game, JournalAt};
use crate::app::options::GameOptions;
use crate::app::{AppError, records};
use crate::config::{Layers, Settings};
use crate::console::Show;
use crate::core::online::Side;
use crate::core::online::game::GameFull;
use crate::core::online::lobby::Rematch;
use crate::core::online::menu_words::MenuCommand;
use crate::core::online::time_control::OnlineTc;
use crate::core::phrases::Message;
use crate::doctor::online::Refusals;
use crate::online::actor::{Link, Waits};
use crate::online::address::Address;
use crate::online::client::{ApiError, Client};

use crate::core::online::refusal::with_reason;
use start::{StartFailed, Teller};

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
        None => match menu(&args, first, None)? {
            Some(id) => id,
            None => return Ok(()),
        },
    };
    // After a game that ended: the menu asks for a rematch, the menu or the end (issue
    // 32.3); the next game is played in turn, with records of its own.
    for number in 1.. {
        let Ended::Over(rematch) = game(&args, id, number)? else {
            return Ok(());
        };
        match menu(&args, None, rematch)? {
            Some(next) => id = next,
            None => return Ok(()),
        }
    }
    Ok(())
}

/// How a game's station ended.
enum Ended {
    /// The player left it (`quit`, the end of the input) while it went on.
    Left,
    /// The game ended; the opponent to play again, if there is one (an account).
    Over(Option<Rematch>),
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
    let server = Address::parse(&settings.online.server).map_err(OnlineError::from)?;
    let lang = settings.to_setup()?.lang;
    match args.command {
        Some(OnlineCommand::Logout) => account::logout(server, lang),
        _ => account::login(server, lang),
    }
}

/// The failure to start that the server's `error` means (issue 31.2).
fn refused(refusals: &Refusals, error: ApiError) -> AppError {
    AppError::OnlineStart(Box::new(refusals.status(error)))
}

/// The server's client with the token, the waits, and what its refusals mean.
fn client(settings: &Settings) -> Result<(Arc<Client>, Waits, Refusals), AppError> {
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

/// The spoken menu, until a game starts (its id) or the player leaves; after a game, it
/// begins by offering the rematch.
fn menu(
    args: &OnlineArgs,
    first: Option<MenuCommand>,
    rematch: Option<Rematch>,
) -> Result<Option<String>, AppError> {
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
        (first, rematch),
    )
}

/// Plays the running game `id`, the `number`th of this run; how it ended.
fn game(args: &OnlineArgs, id: String, number: u32) -> Result<Ended, AppError> {
    let mut layers = args.options.layers()?;
    let settings = layers.settings()?;
    let (client, waits, refusals) = client(&settings)?;
    let server = client.server().clone();
    let mut teller = Teller::new(&settings, settings.to_setup()?.lang, args.console)?;
    let Some((side, full)) = first_line(&client, &id, waits, &refusals, &mut teller)? else {
        return Ok(Ended::Left);
    };
    let remote = !shakmaty::Color::from(side);
    set_up(&mut layers, &server, &full, side)?;
    let settings = layers.settings()?;
    let link = Link {
        client,
        game: id,
        remote,
        waits,
        chat: settings.online.chat,
    };
    let over = play(args, settings, link, number)?;
    Ok(if over {
        Ended::Over(rematch(&full, remote.into()))
    } else {
        Ended::Left
    })
}

/// The game to play again after `full` ended: the opponent's account (none for the
/// server's computer), the time control, the rating.
fn rematch(full: &GameFull, remote: Side) -> Option<Rematch> {
    let opponent = full.player(remote);
    let name = opponent.name.clone().or_else(|| opponent.id.clone())?;
    let clock = full.clock?;
    Some(Rematch {
        name,
        tc: OnlineTc {
            limit: clock.initial / 1000,
            increment: clock.increment / 1000,
        },
        rated: full.rated,
    })
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

/// Who the token belongs to, and the game's first line (bounded, attempted again after a
/// passing fault: [`start`]): the side that account plays; `None` when the
/// player left meanwhile. Every failure in the game's language (issue 32.4).
fn first_line(
    client: &Client,
    id: &str,
    waits: Waits,
    refusals: &Refusals,
    teller: &mut Teller,
) -> Result<Option<(Side, GameFull)>, AppError> {
    let (account, full) = match start::first_line(client, id, waits, teller) {
        Ok(found) => found,
        Err(StartFailed::Left) => return Ok(None),
        Err(StartFailed::Account(e)) => return Err(refused(refusals, e)),
        Err(StartFailed::Game(e)) => return Err(game_refused(refusals, id, e)),
    };
    let side = full
        .side_of(&account.id)
        .ok_or_else(|| AppError::OnlineSaid {
            said: Message::new("start-online-not-yours")
                .arg("name", account.username.clone())
                .arg("game", id),
            detail: format!("game {id}: {} does not play in it", account.username),
        })?;
    Ok(Some((side, full)))
}

/// The game's stream refused for good at the start: no such game (404), a game the Board
/// API does not play or another refusal of it (the server's reason), or the token.
fn game_refused(refusals: &Refusals, id: &str, e: ApiError) -> AppError {
    match e {
        ApiError::Refused { status: 404, error } => AppError::OnlineSaid {
            said: Message::new("start-online-no-game").arg("game", id),
            detail: format!("game {id}: 404 {error}"),
        },
        ApiError::Refused { status, error } => AppError::OnlineSaid {
            said: with_reason(Message::new("start-online-refused").arg("game", id), &error),
            detail: format!("game {id}: {status} {error}"),
        },
        e => refused(refusals, e),
    }
}

/// The game's setup from the server's game: the visually impaired player is the
/// account's side, the other the online one; names, the clock, the start position, and the
/// game's address as the scoresheet's site.
fn set_up(
    layers: &mut Layers,
    server: &Address,
    full: &GameFull,
    side: Side,
) -> Result<(), AppError> {
    if !full.variant.playable() || full.variant.key == "chess960" {
        return Err(AppError::OnlineSaid {
            said: Message::new("start-online-variant").arg("variant", full.variant.key.clone()),
            detail: format!(
                "game {}: the variant {} is not played at the station",
                full.id, full.variant.key
            ),
        });
    }
    let name = |p: &crate::core::online::game::Player| {
        p.name
            .clone()
            .or_else(|| p.ai_level.map(|l| format!("AI {l}")))
            .unwrap_or_else(|| "?".into())
    };
    let tc = full.clock.map_or_else(
        || "-".to_owned(),
        |c| format!("{}+{}", c.initial / 1000, c.increment / 1000),
    );
    layers.set_key("game.vi", &side.to_string())?;
    layers.set_key(
        "game.online",
        &(!shakmaty::Color::from(side)).to_string().to_lowercase(),
    )?;
    layers.set_key("game.tc", &tc)?;
    layers.set_key("game.white", &name(&full.white))?;
    layers.set_key("game.black", &name(&full.black))?;
    layers.set_key("game.site", &server.join(&format!("/{}", full.id)))?;
    layers.set_key("game.event", "lichess")?;
    if full.initial_fen != "startpos" {
        layers.set_key("game.fen", &full.initial_fen)?;
    }
    Ok(())
}

/// The file of the `number`th game of a run for the file `path` given on the command line
/// (`--journal`, `--pgn`): the first game's is `path` itself, a rematch's or the next
/// game's is numbered (`game.pgn`, `game-2.pgn`, `game-3.pgn`), so that no game's records
/// overwrite another's (issue 32.6).
fn numbered(path: &Path, number: u32) -> PathBuf {
    if number <= 1 {
        return path.to_owned();
    }
    let stem = path.file_stem().map_or_else(
        || std::ffi::OsString::from("game"),
        std::ffi::OsStr::to_os_string,
    );
    let mut name = stem;
    name.push(format!("-{number}"));
    if let Some(ext) = path.extension() {
        name.push(".");
        name.push(ext);
    }
    path.with_file_name(name)
}

/// Runs the station for the online game, the `number`th of this run, and writes its
/// records at the end (a numbered `--journal` and `--pgn` after the first:
/// [`numbered`]); whether the game ended (else the player left it).
fn play(args: &OnlineArgs, settings: Settings, link: Link, number: u32) -> Result<bool, AppError> {
    let journal = args.journal.as_deref().map(|p| numbered(p, number));
    let mut config = settings.to_setup()?;
    let at_station = AtStation {
        show: at_station::show(args.transcript, args.show),
        braille: !args.no_braille,
        first: launch::station_says(config.lang, &Message::new("station-starting"))?,
        open: if args.console {
            Open::ConsoleAndBoard
        } else {
            Open::All
        },
        pgn: args.pgn.as_deref().map(|p| numbered(p, number)),
        say_pgn: false,
        analysed: Analysed::Nowhere,
    };
    let session = at_station.play(|sinks| {
        records::date_the_game(&mut config.info, chrono::Local::now().date_naive());
        let at = JournalAt::for_new_game(&settings, &config, journal, args.no_journal);
        let mut game = Game::new(settings, config, at, sinks)?;
        game.online = Some(link);
        Ok(game)
    })?;
    Ok(session.result().is_some())
}
