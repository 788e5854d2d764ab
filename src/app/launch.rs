//! The one station launch of `ansage play` and `ansage demo`: a [`Game`] (its session, its
//! journal, the console's sink and what has been said to it so far) → the devices the
//! settings ask for → the main loop ([`crate::station::run_journaled`]) with its
//! [`Players`] → every device closed. [`run`] returns the session for the records.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use crate::adapter::Speaking;
use crate::app::AppError;
use crate::app::devices::{Devices, Wanted};
use crate::app::scripted::Pace;
use crate::config::Settings;
use crate::core::input::{Actor, Input, Key};
use crate::core::lang::Language;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::{Message, Phrases};
use crate::core::render::{self, Timing};
use crate::core::resume;
use crate::core::script::Step;
use crate::core::session::Session;
use crate::core::setup::SessionSetup;
use crate::core::time::Timestamp;
use crate::journal_file::{FileJournal, Journal, NoJournal, Resumed};
use crate::station::{Backlog, Sink, Timeline};

/// Where the outputs go.
pub type Sinks = Vec<Box<dyn Sink + Send>>;

/// A service started with the station's channel once its runtime runs (the analysing
/// engine, issue 34.4): its sink, which it answers through the channel.
pub type Helper =
    Box<dyn FnOnce(mpsc::Sender<crate::station::StationInput>) -> Box<dyn Sink + Send> + Send>;

/// A game ready to be played at the station.
pub struct Game {
    /// The settings (the devices read theirs).
    pub settings: Settings,
    /// The game.
    pub session: Session,
    /// Where every input goes first.
    pub journal: Box<dyn Journal>,
    /// The session's time when the station starts: zero, or a resumed game's last
    /// recorded instant.
    pub start: Timestamp,
    /// The console's sink (the devices' are added when they open).
    pub sinks: Sinks,
    /// Everything said so far, before the devices open (that the station is starting, a
    /// resumed game's announcements): each device gets it, in order, once it is ready.
    pub said: Backlog,
    /// What the station's voice is to say and the console has not printed (a resume's
    /// summary, issue 22): printed only if no voice opens, or by a console that shows
    /// everything ([`crate::station::Sink::voice_opened`]).
    pub unvoiced: Backlog,
    /// The Braille display's line after "ready" on a resume (the summary with what is
    /// pending, [`resume::ResumeAnnouncement::top`]); empty for a new game, whose display
    /// ends on how the clock starts.
    pub top: Vec<Output>,
    /// An online game (issue 24): the game followed on the server while the station runs.
    #[cfg(feature = "online")]
    pub online: Option<crate::online::actor::Link>,
    /// A training game (issue 34.1): the engine that plays the other side.
    #[cfg(feature = "engine")]
    pub engine: Option<crate::engine::actor::Link>,
    /// Services started once the station runs ([`Helper`]).
    pub helpers: Vec<Helper>,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("journal", &self.journal.file())
            .field("start", &self.start)
            .finish_non_exhaustive()
    }
}

/// Where a new game's journal goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalAt {
    /// No journal (a crash loses the game).
    Nowhere,
    /// This file.
    File(PathBuf),
    /// `journal.txt` in a new folder for the game, `DATE_TIME-NAME` under `base`
    /// (`None`: `$XDG_DATA_HOME/ansage/games`).
    NewFolder {
        /// Where the games' folders go.
        base: Option<PathBuf>,
        /// The game's name in its folder's.
        name: String,
    },
}

/// Who plays at the station.
#[derive(Debug)]
pub enum Players {
    /// People: lines typed on the console, and the devices' keys and microphone.
    Console,
    /// A script's inputs, sent at their scaled instants, each once the station has
    /// stopped speaking ([`crate::app::scripted::drive`]).
    Scripted {
        /// The script's steps.
        steps: Vec<Step>,
        /// How fast.
        pace: Pace,
    },
}

impl Game {
    /// A new game set up by `config`, its journal at `journal`.
    pub fn new(
        settings: Settings,
        config: SessionSetup,
        journal: JournalAt,
        sinks: Sinks,
    ) -> Result<Game, AppError> {
        let session = Session::new(config.clone())?;
        let path = match journal {
            JournalAt::Nowhere => None,
            JournalAt::File(path) => Some(path),
            JournalAt::NewFolder { base, name } => Some(game_dir(base, &name)?.join("journal.txt")),
        };
        let journal: Box<dyn Journal> = match path {
            None => Box::new(NoJournal),
            Some(path) => Box::new(
                FileJournal::create(&path, &config)
                    .map_err(|source| AppError::Journal { path, source })?,
            ),
        };
        Ok(Game {
            settings,
            session,
            journal,
            start: Timestamp::ZERO,
            sinks,
            said: Backlog::new(),
            unvoiced: Backlog::new(),
            top: Vec::new(),
            #[cfg(feature = "online")]
            online: None,
            #[cfg(feature = "engine")]
            engine: None,
            helpers: Vec::new(),
        })
    }

    /// A game read from a file, to be gone through (`ansage review`, issue 34): no journal,
    /// nothing said yet.
    pub fn review(settings: Settings, session: Session, sinks: Sinks) -> Game {
        Game {
            settings,
            session,
            journal: Box::new(NoJournal),
            start: Timestamp::ZERO,
            sinks,
            said: Backlog::new(),
            unvoiced: Backlog::new(),
            top: Vec::new(),
            #[cfg(feature = "online")]
            online: None,
            #[cfg(feature = "engine")]
            engine: None,
            helpers: Vec::new(),
        }
    }

    /// Continues the game in the journal at `path`: hands the restored moves to the
    /// transcript (`restored @… made …`, printed by a console showing it), says what a damaged tail lost and what the replay could not confirm,
    /// stops the clock at the last recorded instant (as the arbiter would, FIDE Laws 6.12;
    /// journaled, so a later resume sees it too), then tells everyone where the game
    /// stands ([`resume::resume_announcement`]). The game's time goes on from that
    /// instant. What is said here reaches each device when it opens ([`Game::said`]).
    pub fn resume(settings: Settings, path: &Path, sinks: Sinks) -> Result<Game, AppError> {
        let Resumed {
            journal: file,
            recovered,
            replay,
        } = crate::journal_file::resume(path).map_err(|source| AppError::Resume {
            path: path.to_owned(),
            source,
        })?;
        let mut game = Game {
            settings,
            session: replay.session,
            journal: Box::new(file),
            start: replay.last,
            sinks,
            said: Backlog::new(),
            unvoiced: Backlog::new(),
            top: Vec::new(),
            #[cfg(feature = "online")]
            online: None,
            #[cfg(feature = "engine")]
            engine: None,
            helpers: Vec::new(),
        };
        for line in &replay.restored {
            for sink in &mut game.sinks {
                sink.transcript_only(&format!("restored {line}"));
            }
        }
        let mut outputs = Vec::new();
        // Said to the players and the arbiter, and on stderr beside the journal's path, in
        // the game's language (the details for a developer go to the log).
        if let Some(damage) = &recovered.damage {
            tracing::warn!(
                "journal {}: {damage}; the file was cut there",
                path.display()
            );
            let msg = resume::damage_message(game.session.phrases(), damage, &game.session);
            eprintln!(
                "{}: {}",
                path.display(),
                game.session.phrases().speech(&msg)
            );
            outputs.extend(game.announce(Audience::All, Priority::Urgent, &msg));
        }
        for m in &replay.mismatches {
            tracing::warn!(
                "journal {}: record {} says {:?}, the replay gives {:?}",
                path.display(),
                m.record,
                m.expected,
                m.got
            );
            let msg = resume::mismatch_message(m);
            eprintln!(
                "{}: {}",
                path.display(),
                game.session.phrases().speech(&msg)
            );
            outputs.extend(game.announce(Audience::Arbiter, Priority::Urgent, &msg));
        }
        game.deliver(&outputs);
        game.pause();
        // The summary goes to the devices; the console prints it once it knows that no
        // voice says it (issue 22: not printed and spoken at once).
        let announcement = resume::resume_announcement(&mut game.session, game.start);
        game.said.push((game.start, announcement.told.clone()));
        game.unvoiced.push((game.start, announcement.told));
        game.top = announcement.top;
        Ok(game)
    }

    /// A resumed game's clock stopped as the arbiter would (journaled). Its "Die Uhr ist
    /// angehalten." is left out: the announcement that follows names both clocks and says
    /// that they stand.
    fn pause(&mut self) {
        let at = self.start;
        let running = self.session.clock().and_then(|c| c.running()).is_some();
        if !running || self.session.result().is_some() {
            return;
        }
        let said = Arc::new(Mutex::new(Vec::new()));
        let mut capture: Sinks = vec![Box::new(Capture(Arc::clone(&said)))];
        let pause = Input::key(Actor::Arbiter, Key::Pause);
        crate::station::handle_input(
            &mut self.session,
            self.journal.as_mut(),
            &mut capture,
            pause,
            at,
        );
        let paused = Message::new("clock-paused");
        let phrases = self.session.phrases();
        let (speech, braille) = (phrases.speech(&paused), phrases.braille(&paused));
        let outputs: Vec<Output> = said
            .lock()
            .map(|o| o.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|o| match o {
                Output::Say(s) => s.text != speech,
                Output::Braille(b) => b.text != braille,
                _ => true,
            })
            .collect();
        self.deliver(&outputs);
    }

    /// `msg` said and shown to `to`, in the session's words.
    pub fn announce(&self, to: Audience, priority: Priority, msg: &Message) -> [Output; 2] {
        self.session.announce(to, priority, msg)
    }

    /// Hands `outputs` to the sinks at the game's start, and keeps them for the devices
    /// that open later ([`Game::said`]).
    pub fn deliver(&mut self, outputs: &[Output]) {
        for sink in &mut self.sinks {
            sink.deliver(self.start, outputs);
        }
        self.said.push((self.start, outputs.to_vec()));
    }

    /// The game's folder (beside its journal), where the PGN, BRF and WAV go.
    pub fn folder(&self) -> Option<PathBuf> {
        self.journal
            .file()
            .and_then(Path::parent)
            .map(Path::to_path_buf)
    }
}

/// Keeps what a step put out (the resume's pause), to be sorted before it is delivered.
struct Capture(Arc<Mutex<Vec<Output>>>);

impl Sink for Capture {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        if let Ok(mut said) = self.0.lock() {
            said.extend_from_slice(outputs);
        }
    }
}

/// What the station says before any game is set up ("Die Station startet."): to all, at
/// a move's priority, so that nothing said after it cuts it short.
pub fn station_says(lang: Language, msg: &Message) -> Result<Vec<Output>, AppError> {
    let phrases = Phrases::load(lang)?;
    let outputs = render::message(
        &phrases,
        Audience::All,
        Priority::Move,
        msg,
        Timing::default(),
    );
    Ok(outputs.to_vec())
}

/// Whether the sighted opponent has an input of his own, away from the console (issue 22):
/// an electronic board or a microphone as his `input`, or the web page. Then every console
/// line without WHO is the visually impaired player's.
fn opponent_input(settings: &Settings, impaired: crate::core::setup::Impaired) -> bool {
    use crate::config::InputMethod;
    let own = |c: shakmaty::Color, method: InputMethod| {
        !impaired.includes(c) && matches!(method, InputMethod::Eboard | InputMethod::Voice)
    };
    settings.web.enabled
        || own(shakmaty::Color::White, settings.input.white)
        || own(shakmaty::Color::Black, settings.input.black)
}

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
    sinks: &mut Sinks,
) -> crate::engine::actor::Running {
    let first = session.engine_request();
    let (sink, running) = crate::engine::actor::spawn(link, first, tx.clone());
    sinks.push(Box::new(sink));
    running
}

/// What the session said before the devices opened: by the time it was said (`said`, for
/// the devices as each opens) and what the console has not printed yet (`unvoiced`); and
/// the game's journal, beside which the web page keeps its browsers' roles.
struct Held<'a> {
    said: Backlog,
    unvoiced: Backlog,
    /// The display's line after "ready" on a resume ([`Game::top`]).
    top: Vec<Output>,
    journal: Option<crate::app::web::JournalFile<'a>>,
}

/// The devices and the web page, open for the game.
struct Opened {
    devices: Option<Devices>,
    page: Option<crate::app::web::WebPage>,
    /// Whether the station is speaking (the scripted players wait for it).
    speaking: Speaking,
}

impl Opened {
    /// Closes the web page and the devices.
    async fn close(self) {
        if let Some(page) = self.page {
            page.stop().await;
        }
        if let Some(d) = self.devices {
            d.close();
        }
    }
}

/// Opens the devices `wanted` asks for (`None`: the console only) and the web page
/// (whatever `--console` says; where it is goes to the arbiter, issue 21), says that the
/// station is ready, and puts every sink into `sinks`, each having had what was held.
fn open(
    settings: &Settings,
    wanted: Option<Wanted>,
    session: &Session,
    tx: &mpsc::Sender<crate::station::StationInput>,
    opening: Timeline,
    held: Held<'_>,
    sinks: &mut Vec<Box<dyn crate::station::Sink + Send>>,
) -> Opened {
    let listeners = wanted.as_ref().map(Wanted::listeners).unwrap_or_default();
    let mut devices = wanted.map(|wanted| {
        let origin = (opening.start, opening.epoch.into_std());
        let devices = Devices::open(settings, &wanted, session, tx, origin, held.said);
        devices.report(session.phrases());
        devices
    });
    let web = crate::app::web::open(settings, session, tx, opening, held.journal);
    let (web_sink, page, outputs) = match web {
        Some(o) => (
            o.sink,
            o.page,
            session
                .announce(Audience::Arbiter, Priority::Answer, &o.message)
                .to_vec(),
        ),
        None => (None, None, Vec::new()),
    };
    let ready = ready_outputs(session, devices.as_ref(), !held.top.is_empty());
    // Where the page is and "ready" are two lines; after a resume the display ends on the
    // summary with what is pending, as a line of its own (a display shows what one
    // delivery brings as one line).
    let deliveries: Vec<Vec<Output>> = [outputs, ready, held.top]
        .into_iter()
        .filter(|o| !o.is_empty())
        .collect();
    // A console read by a screen reader leaves out what the station's voice says, from
    // the ready message on.
    if devices.as_ref().is_some_and(|d| d.speech) {
        for sink in sinks.iter_mut() {
            sink.voice_opened(&listeners);
        }
    }
    for (at, held) in &held.unvoiced {
        for sink in sinks.iter_mut() {
            sink.deliver(*at, held);
        }
    }
    for sink in sinks.iter_mut() {
        for outputs in &deliveries {
            sink.deliver(opening.start, outputs);
        }
    }
    let speaking = devices
        .as_ref()
        .map_or_else(Speaking::new, |d| d.speaking.clone());
    if let Some(d) = devices.as_mut() {
        for sink in d.sinks.iter_mut() {
            for outputs in &deliveries {
                sink.deliver(opening.start, outputs);
            }
        }
        sinks.append(&mut d.sinks);
    }
    // Codes and revocation are the web page's to answer; without one, "the page is off"
    // (with `--console` too).
    match web_sink {
        Some(sink) => sinks.push(sink),
        None => sinks.push(Box::new(crate::app::devices::AccessOff::new(tx.clone()))),
    }
    Opened {
        devices,
        page,
        speaking,
    }
}

/// What the station says once every device is open, known missing, or (speech) still
/// opening on its own thread: that it is ready, after what it said before (each device has
/// had that, or gets it first when it opens; speech that then fails is told as a notice);
/// then, on the display only, how the clock starts (issue 22: the display ends on it, not on
/// "Bereit"). After a resume (`resumed`), "ready" is said at the priority of the resume's
/// announcement, so that it comes after it (issue 31: summary, clocks, what is pending,
/// "Bereit."), and the display ends on [`Game::top`] instead, the summary with what is
/// pending, delivered after these.
pub fn ready_outputs(session: &Session, devices: Option<&Devices>, resumed: bool) -> Vec<Output> {
    let ready = devices.map_or_else(
        || Message::new("station-ready"),
        |d| d.ready_message(session.phrases()),
    );
    tracing::info!("ready");
    let priority = if resumed {
        Priority::Info
    } else {
        Priority::Move
    };
    let mut outputs = session.announce(Audience::All, priority, &ready).to_vec();
    // What is missing that the player must know to play (issue 31.2: no speech model
    // for a voice input), with what to do: said and shown, not only printed.
    for told in devices
        .iter()
        .flat_map(|d| d.status.iter())
        .filter(|s| !s.present)
    {
        if let Some(sentence) = &told.told {
            outputs.extend(session.announce(Audience::All, Priority::Move, sentence));
        }
    }
    if resumed {
        return outputs;
    }
    if let Some(hint) = session.clock_start_message() {
        outputs.extend(
            session
                .announce(Audience::All, Priority::Reminder, &hint)
                .into_iter()
                .filter(|o| matches!(o, Output::Braille(_))),
        );
    }
    outputs
}

/// `WHITE-BLACK` for the game's folder, from the scoresheet's names (`white-black` while
/// they are unknown); only letters, digits, `-` and `_`.
pub fn game_name(config: &SessionSetup) -> String {
    let part = |name: &str, unknown: &str| {
        let cleaned: String = name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        if cleaned.trim_matches('_').is_empty() {
            unknown.to_owned()
        } else {
            cleaned
        }
    };
    format!(
        "{}-{}",
        part(&config.info.white, "white"),
        part(&config.info.black, "black")
    )
}

/// The folder for a game's records: `$XDG_DATA_HOME/ansage/games/DATE_TIME-NAME`
/// (`~/.local/share/...` when unset), created.
fn game_dir(base: Option<PathBuf>, name: &str) -> Result<PathBuf, AppError> {
    let base = match base {
        Some(b) => b,
        None => crate::config::games_dir()?,
    };
    let stamp = chrono::Local::now().format("%Y-%m-%d_%H%M%S");
    let dir = base.join(format!("{stamp}-{name}"));
    std::fs::create_dir_all(&dir).map_err(|source| AppError::CreateDir {
        path: dir.clone(),
        source,
    })?;
    Ok(dir)
}
