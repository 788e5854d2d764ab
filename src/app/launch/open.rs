//! Opening the devices and the web page for a game, and what the station says before any
//! game is set up ("Die Station startet.") and once everything is open ("Bereit.").

use tokio::sync::mpsc;

use crate::adapter::Speaking;
use crate::app::AppError;
use crate::app::devices::{Devices, Wanted};
use crate::config::Settings;
use crate::core::lang::Language;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::{Message, Phrases};
use crate::core::render::{self, Timing};
use crate::core::session::Session;
use crate::station::{Backlog, Timeline};

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
pub(super) fn opponent_input(settings: &Settings, impaired: crate::core::setup::Impaired) -> bool {
    use crate::config::InputMethod;
    let own = |c: shakmaty::Color, method: InputMethod| {
        !impaired.includes(c) && matches!(method, InputMethod::Eboard | InputMethod::Voice)
    };
    settings.web.enabled
        || own(shakmaty::Color::White, settings.input.white)
        || own(shakmaty::Color::Black, settings.input.black)
}

/// What the session said before the devices opened: by the time it was said (`said`, for
/// the devices as each opens) and what the console has not printed yet (`unvoiced`); and
/// the game's journal, beside which the web page keeps its browsers' roles.
pub(super) struct Held<'a> {
    pub(super) said: Backlog,
    pub(super) unvoiced: Backlog,
    /// The display's line after "ready" on a resume ([`Game::top`](super::Game::top)).
    pub(super) top: Vec<Output>,
    pub(super) journal: Option<crate::app::web::JournalFile<'a>>,
}

/// The devices and the web page, open for the game.
pub(super) struct Opened {
    pub(super) devices: Option<Devices>,
    pub(super) page: Option<crate::app::web::WebPage>,
    /// Whether the station is speaking (the scripted players wait for it).
    pub(super) speaking: Speaking,
}

impl Opened {
    /// Closes the web page and the devices.
    pub(super) async fn close(self) {
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
pub(super) fn open(
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
/// "Bereit."), and the display ends on [`Game::top`](super::Game::top) instead, the summary with what is
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
