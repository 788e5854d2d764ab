//! The station run for a game: its runtime, the devices opened, the online game's and
//! the training engine's actors and the helpers started, the main loop with its players,
//! then everything stopped and closed in turn.

use tokio::sync::mpsc;

use crate::app::AppError;
use crate::app::devices::Wanted;
use crate::config::Settings;
use crate::core::session::Session;
use crate::station::Timeline;

use super::open::{Held, open, opponent_input};
use super::{Game, Players};

/// Runs the station for `game`: opens the devices `wanted` asks for (`None`: the console
/// only), runs the main loop with `players` until they stop (end of input, Ctrl-C, the
/// end of the script), closes the devices and returns the session.
pub fn run(game: Game, wanted: Option<Wanted>, players: Players) -> Result<Session, AppError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(AppError::Runtime)?;
    let session = rt.block_on(station(game, wanted, players));
    rt.shutdown_background();
    Ok(session)
}

async fn station(game: Game, wanted: Option<Wanted>, players: Players) -> Session {
    let Game {
        settings,
        session,
        mut journal,
        start,
        mut sinks,
        said,
        unvoiced,
        top,
        #[cfg(feature = "online")]
        online,
        #[cfg(feature = "engine")]
        engine,
        helpers,
    } = game;
    let (tx, rx) = mpsc::channel(64);
    // The audio scoresheet counts from here.
    let opening = Timeline::starting_at(start);
    let resumed = !top.is_empty();
    let held = Held {
        said,
        unvoiced,
        top,
        journal: journal
            .file()
            .map(|path| crate::app::web::JournalFile { path, resumed }),
    };
    let opened = open(&settings, wanted, &session, &tx, opening, held, &mut sinks);
    // The online game's connection hands the server's lines in as the opponent's inputs.
    #[cfg(feature = "online")]
    let online = online.map(|link| {
        let (sink, running) = crate::online::actor::spawn(link, tx.clone());
        sinks.push(Box::new(sink));
        running
    });
    #[cfg(feature = "engine")]
    let engine = engine.map(|link| engine_actor(link, &session, &tx, &mut sinks));
    for helper in helpers {
        sinks.push(helper(tx.clone()));
    }
    let journal = journal.as_mut();
    let session = match players {
        Players::Console => {
            let reader = crate::console::spawn_reader(tx, console_lines_blind(&settings, &session));
            let session =
                crate::station::run_journaled(session, rx, &mut sinks, opening, journal).await;
            drop(reader);
            session
        }
        Players::Scripted { steps, pace } => {
            // Scripted players start once the devices are open.
            let timeline = Timeline::starting_at(start);
            let speaking = opened.speaking.clone();
            let driver = tokio::spawn(crate::app::scripted::drive(
                steps, timeline, tx, speaking, pace,
            ));
            let session =
                crate::station::run_journaled(session, rx, &mut sinks, timeline, journal).await;
            let _ = driver.await;
            session
        }
    };
    // What was said before speech opened (a `quit` typed at once) is still said.
    crate::station::settle(&mut sinks, crate::station::SETTLE_LIMIT).await;
    sinks.clear();
    #[cfg(feature = "online")]
    if let Some(running) = online {
        running.stop().await;
    }
    #[cfg(feature = "engine")]
    if let Some(running) = engine {
        running.stop().await;
    }
    opened.close().await;
    session
}

/// Whether every console line is the visually impaired player's: the sighted opponent
/// has an input of his own; online his moves come from the server, in training from the
/// engine (issue 32.3).
fn console_lines_blind(settings: &Settings, session: &Session) -> bool {
    opponent_input(settings, session.setup().impaired)
        || session.setup().online.is_some()
        || session.setup().engine.is_some()
}

/// The training engine's actor (issue 34.1): it answers the session's requests as the
/// engine's inputs, and is handed the one the session waits for already (its first move,
/// a resumed game's).
#[cfg(feature = "engine")]
fn engine_actor(
    link: crate::engine::actor::Link,
    session: &Session,
    tx: &mpsc::Sender<crate::station::StationInput>,
    sinks: &mut super::Sinks,
) -> crate::engine::actor::Running {
    let first = session.engine_request();
    let (sink, running) = crate::engine::actor::spawn(link, first, tx.clone());
    sinks.push(Box::new(sink));
    running
}
