//! The game's settings, each with its type: every key of a script's setup line
//! (`@0 arbiter setup KEY=VALUE …`), of the settings file's `[game]` and `[announce]`
//! sections, and of the command line (`--set`, the named flags).
//!
//! One path sets any of them from text, [`Key::set`]: a script, the journal's setup line,
//! the settings file and the command line read a value the same way, through its type's
//! [`FromStr`](std::str::FromStr) (see [`values`]), and cannot drift. The empty text sets a
//! key back to its default. [`GameSettings::to_setup`] makes the session's [`SessionSetup`].
//!
//! # Adding a setting
//!
//! One entry in the table below (the field with its type and default, its key in the
//! settings file, and its script key if scripts have it); its type implements
//! [`FromStr`](std::str::FromStr) and [`Display`](std::fmt::Display) (and [`Value`]).
//! If the session uses it, one line in [`GameSettings::to_setup`] hands it over.

mod line;
pub mod values;

#[cfg(test)]
mod tests;

use crate::core::clock::{AlarmSettings, ClockSetup, ReminderSchedule, TimeControl};
use crate::core::eboard::settings::{BoardKind, BoardSetup, Completion, StableWait};
use crate::core::lang::Language;
use crate::core::laws::Start;
use crate::core::setup::{Announcements, ConfirmPolicy, GameInfo, Impaired, SessionSetup};

pub use line::{PairsError, SetupLineError, read_setup, setup_line, setup_pairs};
pub use values::{
    AnnouncedConfirm, Chess960Number, LowTime, OnOff, PgnTimeControl, StartFen, Value, ValueError,
};

/// The sections of the settings file that hold the game's settings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Section {
    /// `[game]`.
    Game,
    /// `[announce]`: what the audio clock says by itself (FIDE Laws D.2.5.c, 6.3).
    Announce,
    /// `[eboard]`: the sighted player's electronic board (FIDE Laws D.1).
    Eboard,
}

impl Section {
    /// The section's name in the file.
    pub const fn name(self) -> &'static str {
        match self {
            Section::Game => "game",
            Section::Announce => "announce",
            Section::Eboard => "eboard",
        }
    }

    /// The section named `name`.
    pub fn named(name: &str) -> Option<Section> {
        [Section::Game, Section::Announce, Section::Eboard]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// One setting's keys, and how it is set from text and written back.
#[derive(Debug)]
pub struct Key {
    /// Its section in the settings file.
    pub section: Section,
    /// Its name in that section (`moves`).
    pub name: &'static str,
    /// Its key in a script's setup line (`announce_moves`), if scripts have it.
    pub script: Option<&'static str>,
    /// A switch (on/off): the settings file writes it as a boolean.
    pub flag: bool,
    /// Free text: a setup line quotes it.
    pub quoted: bool,
    set: fn(&mut GameSettings, &str) -> Result<(), ValueError>,
    get: fn(&GameSettings) -> String,
}

impl Key {
    /// Sets this key of `settings` from its text (the empty text: its default). The one
    /// path by which a script, the journal, the settings file and the command line set a
    /// game's setting.
    pub fn set(&self, settings: &mut GameSettings, text: &str) -> Result<(), ValueError> {
        (self.set)(settings, text)
    }

    /// The value of this key in `settings`, as [`Key::set`] reads it.
    pub fn get(&self, settings: &GameSettings) -> String {
        (self.get)(settings)
    }

    /// `section.name`, as the settings file and `--set` name it.
    pub fn path(&self) -> String {
        format!("{}.{}", self.section.name(), self.name)
    }
}

/// The table of settings: one entry `field: Type = default, Section.name[, script "key"];`
/// makes the field of [`GameSettings`], its default, and its [`Key`] in [`KEYS`].
macro_rules! settings {
    (@script) => { None };
    (@script $script:literal) => { Some($script) };
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $ty:ty = $default:expr, $section:ident.$name:ident $(, script $script:literal)?;
    )*) => {
        /// The game's settings, each with its type (see the module documentation).
        #[derive(Clone, Debug, PartialEq)]
        pub struct GameSettings {
            $($(#[doc = $doc])* pub $field: $ty,)*
        }

        impl Default for GameSettings {
            fn default() -> GameSettings {
                GameSettings { $($field: $default,)* }
            }
        }

        /// Every key, in the order of a script's setup line; within a section, in the
        /// order of the settings file.
        pub static KEYS: &[Key] = &[$(
            Key {
                section: Section::$section,
                name: stringify!($name),
                script: settings!(@script $($script)?),
                flag: <$ty as Value>::FLAG,
                quoted: <$ty as Value>::QUOTED,
                set: |settings, text| {
                    settings.$field = if text.is_empty() {
                        $default
                    } else {
                        <$ty as Value>::read(text)?
                    };
                    Ok(())
                },
                get: |settings| settings.$field.write(),
            },
        )*];
    };
}

settings! {
    /// Language spoken, brailled and understood: `de`, `es`, `en`.
    lang: Language = Language::De, Game.lang, script "lang";
    /// FIDE Laws Appendix D: who is visually impaired: `white`, `black`, `both`, `none`.
    vi: Impaired = Impaired::White, Game.vi, script "vi";
    /// FIDE Laws D.2.9: an assistant is present (announces moves, keeps score for the
    /// visually impaired player).
    assistant: OnOff = OnOff(false), Game.assistant;
    /// FIDE Laws 6.5, 6.11: an arbiter is present: only the arbiter starts, stops and
    /// restarts the clock. Off (a game at home or in a club): either player does.
    arbiter: OnOff = OnOff(false), Game.arbiter, script "arbiter";
    /// FIDE Laws D.2.3, D.2.7: how a visually impaired player's move is confirmed.
    confirm: AnnouncedConfirm = AnnouncedConfirm(ConfirmPolicy::Explicit), Game.confirm,
        script "confirm";
    /// FIDE Laws D.2.4, D.2.9: the same for a sighted player or the assistant.
    confirm_sighted: ConfirmPolicy = ConfirmPolicy::Window(std::time::Duration::ZERO),
        Game.confirm_sighted, script "confirm_sighted";
    /// FIDE Laws 6.3.a: the time control of both players; `-`: no clock; none: each
    /// player has their own.
    tc: Option<PgnTimeControl> = Some(PgnTimeControl(TimeControl::untimed())), Game.tc,
        script "tc";
    /// White's own time control, if it differs.
    tc_white: Option<PgnTimeControl> = None, Game.tc_white, script "tc_white";
    /// Black's own time control, if it differs.
    tc_black: Option<PgnTimeControl> = None, Game.tc_black, script "tc_black";
    /// Start from this FEN.
    fen: Option<StartFen> = None, Game.fen, script "fen";
    /// FIDE Laws Appendix F: start from this Chess960 position.
    chess960: Option<Chess960Number> = None, Game.chess960, script "chess960";
    /// FIDE Laws D.2.5.c: after each made move its number, to the visually impaired.
    announce_moves: OnOff = OnOff(true), Announce.moves, script "announce_moves";
    /// FIDE Laws D.2.5.c: the remaining time at intervals.
    reminders: OnOff = OnOff(true), Announce.reminders, script "reminders";
    /// FIDE Laws 6.3.b: passing a time control.
    control_alarm: OnOff = OnOff(true), Announce.control_alarm, script "control_alarm";
    /// FIDE Laws D.2.5.c: alarms at thresholds the player sets.
    low_time: LowTime = LowTime(Vec::new()), Announce.low_time, script "low_time";
    /// White's name on the scoresheet.
    white: String = "?".into(), Game.white, script "white";
    /// Black's name.
    black: String = "?".into(), Game.black, script "black";
    /// The event.
    event: String = "?".into(), Game.event, script "event";
    /// The site.
    site: String = "?".into(), Game.site, script "site";
    /// The date, `YYYY.MM.DD`.
    date: String = "????.??.??".into(), Game.date, script "date";
    /// The round.
    round: String = "?".into(), Game.round, script "round";
    /// FIDE Laws D.1: the sighted player's electronic board's port: a path, or `auto`
    /// (the first board found on `/dev/ttyUSB*`, `/dev/ttyACM*`, `/dev/rfcomm*`).
    eboard_port: String = "auto".into(), Eboard.port;
    /// Which protocol the board speaks: `dgt`, `millennium` or `auto`.
    eboard_kind: BoardKind = BoardKind::Auto, Eboard.kind;
    /// How long a placement must stand unchanged before it is read, in milliseconds.
    eboard_wait: StableWait = StableWait::default(), Eboard.wait, script "eboard_wait";
    /// FIDE Laws 6.2.a: when the sighted player's move on the board is made without a
    /// clock lever: `stable:MS` (the board unchanged for MS) or `key` (the confirm key).
    eboard_complete: Completion = Completion::DEFAULT, Eboard.complete,
        script "eboard_complete";
    /// FIDE Laws D.2.6, D.2.9.d: the visually impaired player plays by the Braille display,
    /// without speech (help then names the display's keys, not words to say); `ansage play`
    /// sets it when speech is off and the display on.
    braille_input: OnOff = OnOff(false), Game.braille_input, script "braille_input";
    /// An online game (lichess's Board API, issue 24): the side the online opponent plays
    /// on the server. `ansage online` sets it from the server's game; empty: a game at
    /// the board.
    online: Option<crate::core::online::Side> = None, Game.online, script "online";
    /// A training game (issue 34): the side the engine plays. `ansage train` sets it;
    /// empty: no engine.
    engine: Option<crate::core::online::Side> = None, Game.engine, script "engine";
    /// The training engine's level, 1 (a beginner) to 10 (full strength); empty: 5.
    level: Option<crate::core::engine::level::Level> = None, Game.level, script "level";
}

/// The key of a script's setup line named `name` (`announce_moves`).
pub fn script_key(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.script == Some(name))
}

/// The key `name` of `section` in the settings file.
pub fn file_key(section: Section, name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.section == section && k.name == name)
}

/// Why a key of a setup line cannot be set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    /// No setting has this script key.
    #[error("unknown setup key {0:?}")]
    UnknownKey(String),
    /// The value does not read as the setting's type.
    #[error("{}", value_message(.key, .value, .error))]
    Value {
        /// The script key.
        key: &'static str,
        /// The text given.
        value: String,
        /// What is wrong with it.
        error: ValueError,
    },
    /// Two keys that exclude each other are both set.
    #[error(transparent)]
    Exclusive(#[from] ExclusiveError),
}

/// `KEY=VALUE: what is wrong`, or only what is wrong when that quotes the value already.
fn value_message(key: &str, value: &str, error: &ValueError) -> String {
    if error.names_value() {
        error.to_string()
    } else {
        format!("{key}={value}: {error}")
    }
}

/// Two settings that exclude each other are both set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExclusiveError {
    /// A FEN and a Chess960 number: two starting positions.
    #[error("game.fen and game.chess960 exclude each other")]
    FenAndChess960,
}

impl GameSettings {
    /// Sets the key of a script's setup line (`announce_moves`) from its text.
    pub fn apply(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        let k = script_key(key).ok_or_else(|| SettingError::UnknownKey(key.to_owned()))?;
        k.set(self, value).map_err(|error| SettingError::Value {
            key: k.script.unwrap_or(k.name),
            value: value.to_owned(),
            error,
        })
    }

    /// The session's configuration.
    pub fn to_setup(&self) -> Result<SessionSetup, ExclusiveError> {
        let start = match (&self.fen, self.chess960) {
            (Some(_), Some(_)) => return Err(ExclusiveError::FenAndChess960),
            (Some(fen), None) => Start::Fen(fen.0.clone()),
            (None, Some(n)) => Start::Chess960(n.0),
            (None, None) => Start::Standard,
        };
        Ok(SessionSetup {
            lang: self.lang,
            impaired: self.vi,
            arbiter: self.arbiter.0,
            confirm: self.confirm.0,
            confirm_sighted: self.confirm_sighted,
            clock: self.clock(),
            start,
            info: GameInfo {
                event: self.event.clone(),
                site: self.site.clone(),
                date: self.date.clone(),
                round: self.round.clone(),
                white: self.white.clone(),
                black: self.black.clone(),
            },
            eboard: BoardSetup {
                wait: self.eboard_wait.0,
                complete: self.eboard_complete,
            },
            braille_input: self.braille_input.0,
            online: self.online.map(shakmaty::Color::from),
            engine: self.engine.map(shakmaty::Color::from),
            level: self
                .level
                .unwrap_or(crate::core::engine::level::Level::DEFAULT),
            announce: Announcements {
                move_count: self.announce_moves.0,
                alarms: AlarmSettings {
                    reminders: self.reminders.0.then(ReminderSchedule::default),
                    low_time: self.low_time.0.clone(),
                    control_passed: self.control_alarm.0,
                },
            },
        })
    }

    /// The settings of a configuration, the inverse of [`GameSettings::to_setup`]: `tc`
    /// for a clock the same for both, else each player's own; the roles (`assistant`)
    /// as by default.
    pub fn from_config(config: &SessionSetup) -> GameSettings {
        let (tc, tc_white, tc_black) = match &config.clock {
            None => (Some(TimeControl::untimed()), None, None),
            Some(c) if c.white == c.black => (Some(c.white.clone()), None, None),
            Some(c) => (None, Some(c.white.clone()), Some(c.black.clone())),
        };
        let (fen, chess960) = match &config.start {
            Start::Standard => (None, None),
            Start::Fen(fen) => (Some(StartFen(fen.clone())), None),
            Start::Chess960(n) => (None, Some(Chess960Number(*n))),
        };
        let alarms = &config.announce.alarms;
        let info = &config.info;
        GameSettings {
            lang: config.lang,
            vi: config.impaired,
            arbiter: OnOff(config.arbiter),
            confirm: AnnouncedConfirm(config.confirm),
            confirm_sighted: config.confirm_sighted,
            tc: tc.map(PgnTimeControl),
            tc_white: tc_white.map(PgnTimeControl),
            tc_black: tc_black.map(PgnTimeControl),
            fen,
            chess960,
            announce_moves: OnOff(config.announce.move_count),
            reminders: OnOff(alarms.reminders.is_some()),
            control_alarm: OnOff(alarms.control_passed),
            low_time: LowTime(alarms.low_time.clone()),
            white: info.white.clone(),
            black: info.black.clone(),
            event: info.event.clone(),
            site: info.site.clone(),
            date: info.date.clone(),
            round: info.round.clone(),
            eboard_wait: StableWait(config.eboard.wait),
            eboard_complete: config.eboard.complete,
            braille_input: OnOff(config.braille_input),
            online: config.online.map(crate::core::online::Side::from),
            engine: config.engine.map(crate::core::online::Side::from),
            level: config.engine.map(|_| config.level),
            ..GameSettings::default()
        }
    }

    /// FIDE Laws 6.3.a: each player's time control: their own if set, else the common
    /// one if timed, else the other player's own; no clock if none of these is set, or
    /// if neither player is timed (as `tc=-`).
    fn clock(&self) -> Option<ClockSetup> {
        let common = self
            .tc
            .as_ref()
            .map(|tc| &tc.0)
            .filter(|tc| !tc.is_untimed());
        let white = self.tc_white.as_ref().map(|tc| &tc.0);
        let black = self.tc_black.as_ref().map(|tc| &tc.0);
        let setup = ClockSetup::new(
            white.or(common).or(black)?.clone(),
            black.or(common).or(white)?.clone(),
        );
        (!(setup.white.is_untimed() && setup.black.is_untimed())).then_some(setup)
    }
}
