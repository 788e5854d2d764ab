//! One online game at the station (issue 24): who the token belongs to and the game's
//! first line (`start.rs`), the game's setup from it, the station with its records
//! ([`crate::app::at_station`]; a rematch's numbered), and the rematch to offer after it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::app::at_station::{self, Analysed, AtStation, Open};
use crate::app::launch::{self, Game, JournalAt};
use crate::app::{AppError, records};
use crate::config::{Layers, Settings};
use crate::core::online::Side;
use crate::core::online::game::GameFull;
use crate::core::online::lobby::Rematch;
use crate::core::online::refusal::with_reason;
use crate::core::online::time_control::OnlineTc;
use crate::core::phrases::Message;
use crate::core::scoresheet::Sheet;
use crate::doctor::online::Refusals;
use crate::online::actor::{Link, Waits};
use crate::online::address::Address;
use crate::online::client::{ApiError, Client};

use super::start::{self, StartFailed, Teller};
use super::{OnlineArgs, client, refused};

/// How a game's station ended.
pub(super) enum Ended {
    /// The player left it (`quit`, the end of the input) while it went on.
    Left,
    /// The game ended; the opponent to play again, if there is one (an account).
    Over(Option<Rematch>, Finished),
}

/// A game that ended, to be gone through after it ("Partie durchgehen", issue 34.3).
pub(super) struct Finished {
    /// Its scoresheet, with the result.
    pub sheet: Arc<Sheet>,
    /// Where its analysis goes: beside its records, if it kept any.
    pub analysed: Analysed,
}

/// Plays the running game `id`, the `number`th of this run; how it ended.
pub(super) fn game(args: &OnlineArgs, id: String, number: u32) -> Result<Ended, AppError> {
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
    Ok(match play(args, settings, link, number)? {
        Some(finished) => Ended::Over(rematch(&full, remote.into()), finished),
        None => Ended::Left,
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
/// [`numbered`]); the game, if it ended (else the player left it).
fn play(
    args: &OnlineArgs,
    settings: Settings,
    link: Link,
    number: u32,
) -> Result<Option<Finished>, AppError> {
    let journal = args.journal.as_deref().map(|p| numbered(p, number));
    let pgn = args.pgn.as_deref().map(|p| numbered(p, number));
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
        pgn: pgn.clone(),
        say_pgn: false,
        analysed: Analysed::Nowhere,
    };
    let (session, folder) = at_station.play_in(|sinks| {
        records::date_the_game(&mut config.info, chrono::Local::now().date_naive());
        let at = JournalAt::for_new_game(&settings, &config, journal, args.no_journal);
        let mut game = Game::new(settings, config, at, sinks)?;
        game.online = Some(link);
        Ok(game)
    })?;
    if session.result().is_none() {
        return Ok(None);
    }
    // Analysed after the game: beside its records (the game's folder, else `--pgn`).
    let analysed = match (folder, pgn) {
        (Some(dir), _) => Analysed::At(dir.join("game.analysed.pgn")),
        (None, Some(pgn)) => Analysed::At(crate::app::analysis::annotated_path(&pgn)),
        (None, None) => Analysed::Unwritten,
    };
    Ok(Some(Finished {
        sheet: session.scoresheet(),
        analysed,
    }))
}
