//! The types of the game's settings. Each reads its text ([`FromStr`]) with a precise
//! error and writes it back ([`fmt::Display`]) in the form it reads, so that a printed
//! settings file and the journal's setup line read back the same value.

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::core::clock::{TimeControl, TimeControlError};
use crate::core::commands::parse_clock_reading;
use crate::core::eboard::settings::{
    BoardKind, BoardKindError, Completion, CompletionError, StableWait, StableWaitError,
};
use crate::core::lang::{Language, UnknownLanguage};
use crate::core::laws::{Start, StartError, chess960};
use crate::core::setup::{ConfirmPolicy, Impaired};
use crate::core::time::Timestamp;

/// Why `vi` is not who is visually impaired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected white, black, both or none")]
pub struct ImpairedError;

impl FromStr for Impaired {
    type Err = ImpairedError;

    /// `white`, `black`, `both` or `none`.
    fn from_str(text: &str) -> Result<Impaired, ImpairedError> {
        match text {
            "white" => Ok(Impaired::White),
            "black" => Ok(Impaired::Black),
            "both" => Ok(Impaired::Both),
            "none" => Ok(Impaired::None),
            _ => Err(ImpairedError),
        }
    }
}

impl fmt::Display for Impaired {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Impaired::None => "none",
            Impaired::White => "white",
            Impaired::Black => "black",
            Impaired::Both => "both",
        })
    }
}

/// Why a text is not a confirmation policy.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected explicit, immediate or window:SECONDS")]
pub struct ConfirmError;

impl FromStr for ConfirmPolicy {
    type Err = ConfirmError;

    /// FIDE Laws D.2.3, D.2.4, D.2.7: `explicit`, `immediate` (a window of zero) or
    /// `window:SECONDS` (at most milliseconds, `window:2.5`).
    fn from_str(text: &str) -> Result<ConfirmPolicy, ConfirmError> {
        match text {
            "explicit" => Ok(ConfirmPolicy::Explicit),
            "immediate" => Ok(ConfirmPolicy::Window(Duration::ZERO)),
            _ => text
                .strip_prefix("window:")
                .and_then(parse_seconds)
                .map(ConfirmPolicy::Window)
                .ok_or(ConfirmError),
        }
    }
}

impl fmt::Display for ConfirmPolicy {
    /// `explicit`, `immediate`, or `window:SECONDS` with at most milliseconds (a finer
    /// window is written to the millisecond: it does not read back the same).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfirmPolicy::Explicit => f.write_str("explicit"),
            ConfirmPolicy::Window(d) if d.is_zero() => f.write_str("immediate"),
            ConfirmPolicy::Window(d) => write!(f, "window:{}", seconds_text(*d)),
        }
    }
}

/// `SECONDS`, decimal with at most milliseconds (`2`, `2.5`).
fn parse_seconds(text: &str) -> Option<Duration> {
    Timestamp::parse_seconds(text).map(Timestamp::since_epoch)
}

/// Seconds with at most milliseconds, as [`parse_seconds`] reads them (`2`, `2.5`).
fn seconds_text(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        format!("{}.{:03}", ms / 1000, ms % 1000)
            .trim_end_matches('0')
            .to_owned()
    }
}

/// Why `confirm` is not a policy for a visually impaired player's move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected explicit or window:SECONDS")]
pub struct AnnouncedConfirmError;

/// FIDE Laws D.2.3, D.2.7: how a visually impaired player's announced move is confirmed,
/// `explicit` or `window:SECONDS` (`immediate`, a window of zero, is read too).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AnnouncedConfirm(pub ConfirmPolicy);

impl FromStr for AnnouncedConfirm {
    type Err = AnnouncedConfirmError;

    fn from_str(text: &str) -> Result<AnnouncedConfirm, AnnouncedConfirmError> {
        text.parse()
            .map(AnnouncedConfirm)
            .map_err(|_| AnnouncedConfirmError)
    }
}

impl fmt::Display for AnnouncedConfirm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// FIDE Laws 6.3.a: a time control in PGN form (`900+10`, `40/5400+30:1800+30`, `-` for
/// no clock), as scripts and the settings file write it ([`TimeControl::from_pgn`]; the
/// command line's human forms are read by [`TimeControl`]'s own [`FromStr`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnTimeControl(pub TimeControl);

impl FromStr for PgnTimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<PgnTimeControl, TimeControlError> {
        TimeControl::from_pgn(text).map(PgnTimeControl)
    }
}

impl fmt::Display for PgnTimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A starting position in FEN, checked to be a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartFen(pub String);

impl FromStr for StartFen {
    type Err = StartError;

    fn from_str(text: &str) -> Result<StartFen, StartError> {
        Start::Fen(text.to_owned()).position()?;
        Ok(StartFen(text.to_owned()))
    }
}

impl fmt::Display for StartFen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a text is not a Chess960 start position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Chess960Error {
    /// Not a number.
    #[error("expected 0..959")]
    NotANumber,
    /// A number above 959.
    #[error(transparent)]
    Range(#[from] StartError),
}

/// FIDE Laws Appendix F: a Chess960 start position by its number, 0-959 (518 is the
/// standard position).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Chess960Number(pub u32);

impl FromStr for Chess960Number {
    type Err = Chess960Error;

    fn from_str(text: &str) -> Result<Chess960Number, Chess960Error> {
        let n = text.parse().map_err(|_| Chess960Error::NotANumber)?;
        chess960(n)?;
        Ok(Chess960Number(n))
    }
}

impl fmt::Display for Chess960Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Why a text is not on or off.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected on or off")]
pub struct OnOffError;

/// A switch: `on`/`off`, also `yes`/`no` and `true`/`false`; written `on`/`off`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OnOff(pub bool);

impl FromStr for OnOff {
    type Err = OnOffError;

    fn from_str(text: &str) -> Result<OnOff, OnOffError> {
        match text {
            "on" | "yes" | "true" => Ok(OnOff(true)),
            "off" | "no" | "false" => Ok(OnOff(false)),
            _ => Err(OnOffError),
        }
    }
}

impl fmt::Display for OnOff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0 { "on" } else { "off" })
    }
}

/// Why a text is not a list of low-time thresholds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected m:ss readings separated by commas, or off")]
pub struct LowTimeError;

/// FIDE Laws D.2.5.c: the low-time warnings a player sets, clock readings `m:ss` separated
/// by commas (`2:00,0:30`), or `off` (none). Whole seconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LowTime(pub Vec<Duration>);

impl FromStr for LowTime {
    type Err = LowTimeError;

    fn from_str(text: &str) -> Result<LowTime, LowTimeError> {
        text.split(',')
            .filter(|p| !p.is_empty() && *p != "off")
            .map(|part| parse_clock_reading(part).ok_or(LowTimeError))
            .collect::<Result<_, _>>()
            .map(LowTime)
    }
}

impl fmt::Display for LowTime {
    /// `off`, or `m:ss` readings (`75:00` past the hour) separated by commas; whole
    /// seconds (a finer threshold does not read back the same).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("off");
        }
        for (i, d) in self.0.iter().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            write!(f, "{sep}{}:{:02}", d.as_secs() / 60, d.as_secs() % 60)?;
        }
        Ok(())
    }
}

/// Why a setting's value cannot be read: the error of its type.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// `lang`.
    #[error(transparent)]
    Language(#[from] UnknownLanguage),
    /// `vi`.
    #[error(transparent)]
    Impaired(#[from] ImpairedError),
    /// `confirm`.
    #[error(transparent)]
    AnnouncedConfirm(#[from] AnnouncedConfirmError),
    /// `confirm_sighted`.
    #[error(transparent)]
    Confirm(#[from] ConfirmError),
    /// `tc`, `tc_white`, `tc_black`.
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    /// `fen`.
    #[error(transparent)]
    Fen(#[from] StartError),
    /// `chess960`.
    #[error(transparent)]
    Chess960(#[from] Chess960Error),
    /// A switch.
    #[error(transparent)]
    OnOff(#[from] OnOffError),
    /// `low_time`.
    #[error(transparent)]
    LowTime(#[from] LowTimeError),
    /// `eboard.kind`.
    #[error(transparent)]
    BoardKind(#[from] BoardKindError),
    /// `eboard.complete`.
    #[error(transparent)]
    Completion(#[from] CompletionError),
    /// `eboard.wait`.
    #[error(transparent)]
    StableWait(#[from] StableWaitError),
    /// `online`.
    #[error(transparent)]
    Side(#[from] crate::core::online::SideError),
    /// `level` (issue 34): not 1 to 10.
    #[error(transparent)]
    Level(#[from] crate::core::engine::level::LevelError),
}

impl From<Infallible> for ValueError {
    fn from(never: Infallible) -> ValueError {
        match never {}
    }
}

impl ValueError {
    /// Whether the message already quotes the value (an unknown language), so that a
    /// message naming the value need not repeat it.
    pub fn names_value(&self) -> bool {
        matches!(self, ValueError::Language(_))
    }
}

/// A setting's type as the settings read and write it: through [`FromStr`] and
/// [`fmt::Display`], or absent (an [`Option`], written as the empty text).
pub trait Value: Sized {
    /// A switch: written as a TOML boolean in the settings file.
    const FLAG: bool = false;

    /// Free text (a name, a FEN): quoted in a setup line (`white="Ana B"`).
    const QUOTED: bool = false;

    /// Reads the value from its text.
    fn read(text: &str) -> Result<Self, ValueError>;

    /// Writes the value as [`Value::read`] reads it.
    fn write(&self) -> String;
}

macro_rules! value_from_str {
    ($($t:ty $(=> $quoted:literal)?),* $(,)?) => {$(
        impl Value for $t {
            $(const QUOTED: bool = $quoted;)?

            fn read(text: &str) -> Result<$t, ValueError> {
                Ok(text.parse::<$t>()?)
            }

            fn write(&self) -> String {
                self.to_string()
            }
        }
    )*};
}

value_from_str!(
    Language,
    Impaired,
    AnnouncedConfirm,
    ConfirmPolicy,
    PgnTimeControl,
    StartFen => true,
    Chess960Number,
    LowTime,
    String => true,
    BoardKind,
    Completion,
    StableWait,
    crate::core::online::Side,
);

impl Value for crate::core::engine::level::Level {
    fn read(text: &str) -> Result<Self, ValueError> {
        Ok(text.parse()?)
    }

    fn write(&self) -> String {
        self.to_string()
    }
}

impl Value for OnOff {
    const FLAG: bool = true;

    fn read(text: &str) -> Result<OnOff, ValueError> {
        Ok(text.parse::<OnOff>()?)
    }

    fn write(&self) -> String {
        self.to_string()
    }
}

impl<T: Value> Value for Option<T> {
    const FLAG: bool = T::FLAG;
    const QUOTED: bool = T::QUOTED;

    /// The empty text is no value.
    fn read(text: &str) -> Result<Option<T>, ValueError> {
        if text.is_empty() {
            return Ok(None);
        }
        T::read(text).map(Some)
    }

    fn write(&self) -> String {
        self.as_ref().map(T::write).unwrap_or_default()
    }
}
