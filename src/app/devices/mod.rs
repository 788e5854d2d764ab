//! Opening every device the settings ask for, for `ansage play` and `ansage demo`
//! (ARCHITECTURE.md: one owner of the session, devices as actors on bounded channels).
//!
//! Each device is tried; one that is missing (not built in, no server, no model) is
//! reported with what to install or set, and the game goes on with the others: the
//! console always works. [`Devices::close`] stops and joins every device thread.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use crate::adapter::{DeviceStatus, Speaking};
use crate::config::{InputMethod, Settings};
use crate::core::input::Actor;
use crate::core::lang::Language;
use crate::core::output::{Audience, Output};
use crate::core::phrases::{Message, Phrases};
use crate::core::session::Session;
use crate::core::setup::{Impaired, SessionSetup};
use crate::core::step_view::StepView;
use crate::core::time::Timestamp;
use crate::station::{Backlog, Held, Sink, StationInput};

mod access_off;
mod braille;
mod eboard;
mod hearing;
mod speech;
mod tell;

pub use access_off::AccessOff;
pub use tell::tell;

/// A sink shared between the main loop (which delivers to it) and [`Devices`] (which
/// closes it at the end).
#[cfg_attr(not(any(feature = "speech", feature = "braille")), allow(dead_code))]
struct Shared<S>(Arc<Mutex<Option<S>>>);

impl<S: Sink + Send> Sink for Shared<S> {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        if let Ok(mut guard) = self.0.lock()
            && let Some(s) = guard.as_mut()
        {
            s.deliver(at, outputs);
        }
    }

    fn observe(&mut self, step: &StepView) {
        if let Ok(mut guard) = self.0.lock()
            && let Some(s) = guard.as_mut()
        {
            s.observe(step);
        }
    }
}

/// Takes a shared sink out (it is then closed by the caller).
#[cfg_attr(not(any(feature = "speech", feature = "braille")), allow(dead_code))]
fn take<S>(shared: &Arc<Mutex<Option<S>>>) -> Option<S> {
    shared.lock().ok().and_then(|mut g| g.take())
}

/// "Bereit." or "Bereit. Ohne Sprachausgabe und ohne Braille-Zeile." with the missing
/// devices' names, each named once, so that no missing device reads as if it were there.
pub fn ready_message(phrases: &Phrases, status: &[DeviceStatus]) -> Message {
    let mut missing: Vec<String> = Vec::new();
    for s in status.iter().filter(|s| !s.present && s.needed) {
        let name = s.name(phrases);
        if !missing.contains(&name) {
            missing.push(name);
        }
    }
    let mut names = missing.into_iter();
    let Some(first) = names.next() else {
        return Message::new("station-ready");
    };
    let devices = names.fold(first, |list, next| {
        phrases.speech(
            &Message::new("missing-and")
                .arg("first", list)
                .arg("next", next),
        )
    });
    Message::new("station-ready-without").arg("devices", devices)
}

/// What the station needs besides the settings.
#[derive(Clone, Debug)]
pub struct Wanted {
    /// The game's language.
    pub lang: Language,
    /// Who is visually impaired (they hear the speech and read the display).
    pub impaired: Impaired,
    /// Where the audio scoresheet goes (the game's folder); `None`: not recorded.
    pub recording: Option<PathBuf>,
    /// Open the microphone (a game with a voice input).
    pub microphone: bool,
    /// The console only (`--console`): no speech, display or microphone; an electronic
    /// board that an input names is still opened (it is how that player moves).
    pub console_only: bool,
}

impl Wanted {
    /// What a game set up by `settings` and `config` needs.
    pub fn for_game(
        settings: &Settings,
        config: &SessionSetup,
        recording: Option<PathBuf>,
    ) -> Wanted {
        let voice = settings.input.white == InputMethod::Voice
            || settings.input.black == InputMethod::Voice;
        Wanted {
            lang: config.lang,
            impaired: config.impaired,
            recording,
            microphone: voice,
            console_only: false,
        }
    }

    /// What a console-only game (`--console`) needs: nothing, unless an input is an
    /// electronic board (FIDE Laws D.1: the sighted player moves on it).
    pub fn console_only(settings: &Settings, config: &SessionSetup) -> Option<Wanted> {
        crate::eboard::report::board_side(settings.input.white, settings.input.black).map(|_| {
            Wanted {
                lang: config.lang,
                impaired: config.impaired,
                recording: None,
                microphone: false,
                console_only: true,
            }
        })
    }

    /// The audiences that hear the station's voice: the visually impaired players (and
    /// what is said to all).
    pub fn listeners(&self) -> Vec<Audience> {
        let mut out = vec![Audience::All];
        for side in [shakmaty::Color::White, shakmaty::Color::Black] {
            if self.impaired.includes(side) {
                out.push(Audience::player(side));
            }
        }
        out
    }

    /// Whose Braille display it is: the visually impaired player (White when both are).
    pub fn display_owner(&self) -> Actor {
        if self.impaired.includes(shakmaty::Color::White)
            || !self.impaired.includes(shakmaty::Color::Black)
        {
            Actor::Player(shakmaty::Color::White)
        } else {
            Actor::Player(shakmaty::Color::Black)
        }
    }
}

/// The open devices.
pub struct Devices {
    /// The sinks for the main loop (the console's is not among them: the caller adds it).
    pub sinks: Vec<Box<dyn Sink + Send>>,
    /// Every device, present or missing, with what to do about it.
    pub status: Vec<DeviceStatus>,
    /// The gate between the station's voice and the microphone.
    pub speaking: Speaking,
    /// Whether a real speech output runs (otherwise the console prints what is said).
    pub speech: bool,
    /// Whether a Braille display adapter runs.
    pub braille: bool,
    /// Where the audio scoresheet is being written.
    pub recording: Option<PathBuf>,
    /// What the session said before the devices opened: each device that speaks or shows
    /// gets it first, as soon as it is ready ([`Held`]).
    backlog: Backlog,
    closers: Vec<Box<dyn FnOnce() + Send>>,
}

impl std::fmt::Debug for Devices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Devices")
            .field("status", &self.status)
            .field("speech", &self.speech)
            .field("braille", &self.braille)
            .finish()
    }
}

impl Devices {
    /// No device open yet; `backlog` is what each gets first once it is ready.
    fn none(backlog: Backlog) -> Devices {
        Devices {
            sinks: Vec::new(),
            status: Vec::new(),
            speaking: Speaking::new(),
            speech: false,
            braille: false,
            recording: None,
            backlog,
            closers: Vec::new(),
        }
    }

    /// Opens what `settings` and `wanted` ask for; inputs from the devices go to `tx`.
    /// `origin` maps the session's time to real instants (the station's timeline: its
    /// `start` and `epoch`), for the marks of the audio scoresheet. What the session said
    /// before (`backlog`: that the station is starting, a resumed game's announcements)
    /// goes to speech as soon as speech-dispatcher answers (it opens on its own thread: the
    /// station does not wait for it, issue 22) and to the Braille display as soon as it is
    /// connected, in order.
    pub fn open(
        settings: &Settings,
        wanted: &Wanted,
        session: &Session,
        tx: &mpsc::Sender<StationInput>,
        origin: (Timestamp, std::time::Instant),
        backlog: Backlog,
    ) -> Devices {
        let mut devices = Devices::none(backlog);
        if !wanted.console_only {
            // The display first: it shows what is held as soon as BRLTTY connects;
            // speech-dispatcher, which may take seconds to list its voices, opens in the
            // background (issue 22).
            devices.open_braille(settings, wanted, tx);
            if let Some(display) = devices.sinks.last_mut() {
                display.observe(&StepView::of(session));
            }
            devices.open_speech(settings, wanted, tx);
            devices.open_hearing(settings, wanted, session, tx, origin);
        }
        devices.open_eboard(settings, tx);
        devices
    }

    /// The devices of the online menu before a game (issue 24): the Braille display,
    /// speech and, when a side enters moves by voice, the microphone with the menu's
    /// phrases ([`crate::hearing::menu`]); no board. The display's keys, the heard phrases
    /// (as console lines) and the voice's notices go to `tx`.
    pub fn open_menu(
        settings: &Settings,
        wanted: &Wanted,
        tx: &mpsc::Sender<StationInput>,
    ) -> Devices {
        let mut devices = Devices::none(Backlog::new());
        if !wanted.console_only {
            devices.open_braille(settings, wanted, tx);
            devices.open_speech(settings, wanted, tx);
            devices.open_menu_hearing(settings, wanted, tx);
        }
        devices
    }

    /// The devices that are missing, one line each.
    pub fn missing(&self) -> impl Iterator<Item = &DeviceStatus> {
        self.status.iter().filter(|s| !s.present)
    }

    /// A device that speaks or shows, wrapped so that it gets what was said before it
    /// opened, in order, once it is ready ([`Held`]).
    #[cfg_attr(not(any(feature = "speech", feature = "braille")), allow(dead_code))]
    fn attach(&mut self, sink: Box<dyn Sink + Send>) {
        self.sinks.push(Box::new(Held::new(sink, &self.backlog)));
    }

    /// Says on stderr, in the game's language, which devices are there and which are
    /// missing, and what to do about each one missing.
    pub fn report(&self, phrases: &Phrases) {
        for status in &self.status {
            tracing::info!("device: {status}");
            for line in status.lines(phrases) {
                eprintln!("{line}");
            }
        }
    }

    /// "Bereit." once the devices are open, or "Bereit. Ohne Braille-Zeile." with the
    /// devices that are missing.
    pub fn ready_message(&self, phrases: &Phrases) -> Message {
        ready_message(phrases, &self.status)
    }

    /// Stops every device and joins its thread (what is still to be said gets at most
    /// 5 seconds).
    pub fn close(mut self) {
        self.sinks.clear();
        for close in self.closers.drain(..) {
            close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lang::Language;

    /// "Bereit." names each missing device once (the display's status can be reported
    /// twice), in the game's language, and never a device that is only off or unused.
    #[test]
    fn ready_names_the_missing_devices_once() {
        let status = |present: bool, device: &str| {
            if present {
                DeviceStatus::present(device, "")
            } else {
                DeviceStatus::absent(device, "")
            }
        };
        let cases: [(Language, Vec<DeviceStatus>, &str); 3] = [
            (
                Language::De,
                vec![status(true, "speech"), status(true, "microphone")],
                "Bereit.",
            ),
            (
                Language::De,
                vec![
                    status(true, "speech"),
                    status(false, "Braille display"),
                    status(false, "Braille display"),
                    status(false, "earcons"),
                ],
                "Bereit. Ohne Braille-Zeile und ohne Signaltöne.",
            ),
            (
                Language::Es,
                vec![status(false, "speech")],
                "Lista. Sin voz.",
            ),
        ];
        for (lang, status, expected) in cases {
            let phrases = Phrases::load(lang).unwrap();
            assert_eq!(phrases.speech(&ready_message(&phrases, &status)), expected);
        }
    }
}
