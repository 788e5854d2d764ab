//! How a session is set up (FIDE Laws Appendix D): who is visually impaired, how a move
//! is confirmed (D.2.3, D.2.7), the time control, the starting position, the names on the
//! scoresheet, and what the station announces by itself.

use std::time::Duration;

use shakmaty::Color;

use crate::core::clock::{AlarmSettings, ClockSetup};
use crate::core::lang::Language;
use crate::core::laws::{Start, StartError};
use crate::core::phrases::PhraseError;

/// When an echoed move counts as made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConfirmPolicy {
    /// Only on "ja" or the confirm key.
    Explicit,
    /// After this long without objection (zero: at once, right after the echo).
    Window(Duration),
}

/// Who is visually impaired (FIDE Laws Appendix D applies to them).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Impaired {
    /// Nobody (the station as an announcing clock).
    None,
    /// The white player.
    #[default]
    White,
    /// The black player.
    Black,
    /// Both players.
    Both,
}

impl Impaired {
    /// Whether `c` is visually impaired.
    pub fn includes(self, c: Color) -> bool {
        matches!(
            (self, c),
            (Impaired::Both, _) | (Impaired::White, Color::White) | (Impaired::Black, Color::Black)
        )
    }
}

/// The names on the scoresheet (PGN's Seven Tag Roster).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Event.
    pub event: String,
    /// Site.
    pub site: String,
    /// Date as `YYYY.MM.DD` (the core reads no calendar; the adapter passes it).
    pub date: String,
    /// Round.
    pub round: String,
    /// White player's name.
    pub white: String,
    /// Black player's name.
    pub black: String,
}

impl Default for GameInfo {
    fn default() -> GameInfo {
        GameInfo {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
            white: "?".into(),
            black: "?".into(),
        }
    }
}

/// Everything a session is set up with.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionSetup {
    /// The language spoken, brailled and understood.
    pub lang: Language,
    /// Who is visually impaired.
    pub impaired: Impaired,
    /// FIDE Laws 6.5, 6.11: an arbiter is present at the board. Then only the arbiter
    /// starts, stops and restarts the clock; without one (a game at home or in a club)
    /// either player does, by key, Braille chord or voice ([`SessionSetup::in_charge`]).
    pub arbiter: bool,
    /// How a visually impaired player's announcement is confirmed (D.2.3, D.2.7).
    pub confirm: ConfirmPolicy,
    /// How a sighted player's or the assistant's move is confirmed (D.2.4, D.2.9.a-b).
    pub confirm_sighted: ConfirmPolicy,
    /// The time control of each player; `None`: no clock.
    pub clock: Option<ClockSetup>,
    /// The starting position.
    pub start: Start,
    /// Names for the scoresheet.
    pub info: GameInfo,
    /// What the audio clock announces by itself (each switchable off).
    pub announce: Announcements,
    /// FIDE Laws D.1: the sighted player's electronic board, if one is used.
    pub eboard: crate::core::eboard::settings::BoardSetup,
    /// FIDE Laws D.2.6: the visually impaired player plays by the Braille display without
    /// speech: help describes the display's keys and typing, not words to say.
    pub braille_input: bool,
    /// An online game (issue 24): the side the online opponent plays on the server. His
    /// moves come from the server's game ([`crate::core::input::Event::Server`]), the
    /// clocks follow the server's, no flag falls at the station (the server decides), and
    /// the other side's moves, once made (D.2.3), are sent
    /// ([`crate::core::output::Output::Online`]). `None`: a game at the board.
    pub online: Option<Color>,
    /// A training game (issue 34.1): the side the engine plays. Its moves come from the
    /// engine's adapter ([`crate::core::input::Event::Engine`]), asked for by
    /// [`crate::core::output::Output::Engine`]. `None`: no engine.
    pub engine: Option<Color>,
    /// The training engine's level at the start (FIDE-free: a trainer's setting).
    pub level: crate::core::engine::level::Level,
}

impl SessionSetup {
    /// FIDE Laws 6.5, 6.11: whether `by` may start, stop or restart the clock, or end the
    /// game unfinished: with an arbiter present only the arbiter (the arbiter decides when
    /// the game starts and goes on, 6.11.c); without one, either player (or whoever sits at
    /// the console as the arbiter).
    pub fn in_charge(&self, by: crate::core::input::Actor) -> bool {
        !self.arbiter || by == crate::core::input::Actor::Arbiter
    }
}

/// What the station announces by itself. FIDE requires that clock alarms can be switched
/// off: each of these can.
#[derive(Clone, Debug, PartialEq)]
pub struct Announcements {
    /// FIDE Laws D.2.5.c: after each made move, its number, to the visually impaired.
    pub move_count: bool,
    /// Reminders, low-time warnings and passing a time control (FIDE Laws D.2.5.c, 6.3).
    pub alarms: AlarmSettings,
}

impl Default for Announcements {
    fn default() -> Announcements {
        Announcements {
            move_count: true,
            alarms: AlarmSettings::default(),
        }
    }
}

impl Default for SessionSetup {
    fn default() -> SessionSetup {
        SessionSetup {
            lang: Language::De,
            impaired: Impaired::White,
            arbiter: false,
            confirm: ConfirmPolicy::Explicit,
            confirm_sighted: ConfirmPolicy::Window(Duration::ZERO),
            clock: None,
            start: Start::Standard,
            info: GameInfo::default(),
            announce: Announcements::default(),
            eboard: crate::core::eboard::settings::BoardSetup::default(),
            braille_input: false,
            online: None,
            engine: None,
            level: crate::core::engine::level::Level::DEFAULT,
        }
    }
}

/// Why a session cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The starting position is invalid.
    #[error(transparent)]
    Start(#[from] StartError),
    /// The language's phrase files are broken.
    #[error("phrases: {0}")]
    Phrases(#[from] PhraseError),
    /// The language's command file is broken.
    #[error("commands: {0}")]
    Commands(#[source] &'static crate::core::commands::CommandFileError),
}
