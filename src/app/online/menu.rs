//! `ansage online` without a game (issue 24.3): the spoken menu that seeks an opponent,
//! challenges a friend, accepts or declines a challenge or resumes a running game, until
//! a game starts. `ansage online seek TC` and `ansage online challenge NAME TC` begin it
//! with that command.
//!
//! The menu itself is [`crate::core::online::lobby::Lobby`]; this loop hands it the
//! console's lines, the account's event stream and the server's refusals, says what it
//! says (the console, speech-dispatcher and the Braille display, as in a game) and sends
//! what it asks. It ends with the game to play, or with none when the player leaves.

use std::sync::Arc;

use tokio::sync::mpsc;

use crate::app::AppError;
use crate::app::OnlineError;
use crate::app::devices::{Devices, Wanted};
use crate::config::Settings;
use crate::console::{NextLine, next_line};
use crate::core::input::{Event, Input, Key};
use crate::core::lang::Language;
use crate::core::online::lobby::{Lobby, LobbyInput, LobbyOutput, Rematch};
use crate::core::online::menu_words::{MenuCommand, MenuWords};
use crate::core::output::{Audience, Priority};
use crate::core::phrases::{Message, Phrases};
use crate::core::render::{self, Timing};
use crate::core::setup::SessionSetup;
use crate::core::time::Timestamp;
use crate::online::actor::Waits;
use crate::online::client::Client;
use crate::online::lobby::{LobbyEvent, LobbyLink};
use crate::online::retry::{Stream, persist, sentence};
use crate::station::StationInput;

/// How the menu speaks and shows.
struct Voice {
    phrases: Phrases,
    devices: Devices,
    /// Print each sentence on the console too (no voice speaks, or the console shows
    /// everything).
    print: bool,
}

impl Voice {
    fn say(&mut self, message: &Message) {
        let outputs = render::message(
            &self.phrases,
            Audience::All,
            Priority::Info,
            message,
            Timing::default(),
        );
        for sink in &mut self.devices.sinks {
            sink.deliver(Timestamp::ZERO, &outputs);
        }
        if self.print || !self.devices.speech {
            println!("{}", self.phrases.speech(message));
        }
    }
}

/// The server's client, the waits, and what the server's refusals mean before a game.
pub type Link = (Arc<Client>, Waits, crate::doctor::online::Refusals);

/// How the menu begins.
#[derive(Debug)]
pub enum Start {
    /// With a command of the command line, or none.
    Command(Option<MenuCommand>),
    /// After a game, with its rematch when the opponent is an account.
    AfterGame(Option<Rematch>),
}

/// How the menu ended.
#[derive(Debug, PartialEq, Eq)]
pub enum MenuEnd {
    /// This game is to be played.
    Play(String),
    /// The game that just ended is to be gone through (issue 34.3).
    Review,
    /// The player left.
    Left,
}

/// Runs the menu; how it ended.
pub fn run(
    link: Link,
    settings: &Settings,
    setup: &SessionSetup,
    console_only: bool,
    print_all: bool,
    first: Start,
) -> Result<MenuEnd, AppError> {
    let lang = setup.lang;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(AppError::Runtime)?;
    let (keys_tx, keys_rx) = mpsc::channel::<StationInput>(16);
    let wanted = Wanted {
        console_only,
        ..Wanted::for_game(settings, setup, None)
    };
    let devices = rt.block_on(async { Devices::open_menu(settings, &wanted, &keys_tx) });
    let mut voice = Voice {
        phrases: Phrases::load(lang)?,
        devices,
        print: print_all,
    };
    let result = rt.block_on(menu(link, lang, &mut voice, first, keys_rx));
    drop(keys_tx);
    voice.devices.close();
    rt.shutdown_timeout(std::time::Duration::from_secs(2));
    result
}

/// The menu's loop.
async fn menu(
    (client, waits, refusals): Link,
    lang: Language,
    voice: &mut Voice,
    first: Start,
    heard: mpsc::Receiver<StationInput>,
) -> Result<MenuEnd, AppError> {
    let online =
        |e: crate::online::client::ApiError| AppError::OnlineStart(Box::new(refusals.status(e)));
    // The menu's own requests under the reconnection rule too (issue 32.1).
    let tell = |said| Message::new(sentence(said, Stream::Lobby));
    let account = persist(waits, false, || client.account(), |s| voice.say(&tell(s)))
        .await
        .map_err(online)?;
    let words = MenuWords::load(lang).map_err(OnlineError::from)?;
    let mut lobby = Lobby::new(words, &account.username);
    let (tx, mut rx) = mpsc::channel::<LobbyEvent>(64);
    let mut link = LobbyLink::start(client.clone(), waits, tx.clone());
    let reader = spawn_lines(tx.clone());
    let hearing = tokio::spawn(forward_heard(heard, tx.clone()));
    drop(tx);
    // The greeting once the running games are known: it counts them (issue 32.3). After
    // a game: the rematch, the menu or the end.
    let games = persist(waits, true, || client.playing(), |s| voice.say(&tell(s)))
        .await
        .map_err(online)?;
    let mut pending = match first {
        Start::AfterGame(rematch) => lobby.after_game(games, rematch),
        Start::Command(command) => {
            let mut said = lobby.greeting(games);
            if let Some(command) = command {
                said.extend(lobby.handle(LobbyInput::Command(command)));
            }
            said
        }
    };
    let outcome = loop {
        if let Some(end) = carry_out(std::mem::take(&mut pending), voice, &mut link) {
            break Ok(end);
        }
        let Some(event) = rx.recv().await else {
            break Ok(MenuEnd::Left);
        };
        match event {
            LobbyEvent::Input(input) => pending = lobby.handle(input),
            LobbyEvent::Notice(message) => voice.say(&message),
            LobbyEvent::Stop(message) => {
                voice.say(&message);
                break Err(OnlineError::Said(voice.phrases.speech(&message)).into());
            }
        }
    };
    link.stop().await;
    drop(rx);
    hearing.abort();
    let _ = reader.await;
    outcome
}

/// Hands the menu what the devices bring: a phrase the microphone heard (sent as a
/// console line), a line typed on the Braille display, and its keys: help or repeat say
/// the menu, cancel cancels.
async fn forward_heard(mut heard: mpsc::Receiver<StationInput>, tx: mpsc::Sender<LobbyEvent>) {
    while let Some(input) = heard.recv().await {
        let input = match input {
            StationInput::Console { line, .. } => LobbyInput::Line(line),
            StationInput::Input(Input::Act { event, .. }) => match event {
                Event::Typed(line) => LobbyInput::Line(line),
                Event::Key(Key::Help | Key::Repeat) => LobbyInput::Command(MenuCommand::Menu),
                Event::Key(Key::Cancel) => LobbyInput::Command(MenuCommand::Cancel),
                _ => continue,
            },
            _ => continue,
        };
        if tx.send(LobbyEvent::Input(input)).await.is_err() {
            return;
        }
    }
}

/// Says and sends what the menu asks; `Some` when it ends.
fn carry_out(
    outputs: Vec<LobbyOutput>,
    voice: &mut Voice,
    link: &mut LobbyLink,
) -> Option<MenuEnd> {
    for output in outputs {
        match output {
            LobbyOutput::Say(m) => voice.say(&m),
            LobbyOutput::Send(request) => link.send(request),
            LobbyOutput::Play(id) => return Some(MenuEnd::Play(id)),
            LobbyOutput::Review => return Some(MenuEnd::Review),
            LobbyOutput::Quit => {
                voice.say(&Message::new("lobby-bye"));
                return Some(MenuEnd::Left);
            }
        }
    }
    None
}

/// How often the console's reader looks whether the menu is gone.
const POLL: std::time::Duration = std::time::Duration::from_millis(200);

/// Hands the console's lines to the menu until it ends; the end of the input, or
/// `quit`, leaves it. A line read as the menu ends is given back for the station.
fn spawn_lines(tx: mpsc::Sender<LobbyEvent>) -> tokio::task::JoinHandle<()> {
    tokio::task::spawn_blocking(move || {
        loop {
            let input = match next_line(POLL) {
                NextLine::Line(line) if matches!(line.trim(), "quit" | "exit") => {
                    LobbyInput::Command(MenuCommand::Quit)
                }
                NextLine::Line(line) if tx.is_closed() => return crate::console::give_back(line),
                NextLine::Line(line) => LobbyInput::Line(line),
                NextLine::Nothing if tx.is_closed() => return,
                NextLine::Nothing => continue,
                NextLine::End => LobbyInput::Command(MenuCommand::Quit),
            };
            let end = matches!(input, LobbyInput::Command(MenuCommand::Quit));
            if let Err(mpsc::error::SendError(LobbyEvent::Input(LobbyInput::Line(line)))) =
                tx.blocking_send(LobbyEvent::Input(input))
            {
                return crate::console::give_back(line);
            }
            if end {
                return;
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::input::Actor;

    /// What the devices bring reaches the menu: a heard phrase, a line typed on the
    /// Braille display, and its help and cancel keys; other keys do not.
    #[tokio::test]
    async fn the_devices_reach_the_menu() {
        let (devices, heard) = mpsc::channel(8);
        let (tx, mut rx) = mpsc::channel(8);
        let forward = tokio::spawn(forward_heard(heard, tx));
        let by = Actor::Player(shakmaty::Color::White);
        let act = |event| StationInput::Input(Input::Act { by, event });
        for input in [
            StationInput::Console {
                line: "suchen zehn".into(),
                opponent_input: false,
            },
            act(Event::Typed("annehmen 2".into())),
            act(Event::Key(Key::Time)),
            act(Event::Key(Key::Help)),
            act(Event::Key(Key::Cancel)),
        ] {
            devices.send(input).await.unwrap();
        }
        drop(devices);
        forward.await.unwrap();
        let mut got = Vec::new();
        while let Ok(LobbyEvent::Input(input)) = rx.try_recv() {
            got.push(input);
        }
        assert_eq!(
            got,
            [
                LobbyInput::Line("suchen zehn".into()),
                LobbyInput::Line("annehmen 2".into()),
                LobbyInput::Command(MenuCommand::Menu),
                LobbyInput::Command(MenuCommand::Cancel),
            ]
        );
    }
}
