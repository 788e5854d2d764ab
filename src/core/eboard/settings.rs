//! The electronic board's settings (`[eboard]`): which board, on which port, how long a
//! placement must stand, and when the sighted player's move on it is made.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::stability::Stability;

/// `eboard.kind`: which protocol the board speaks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// Try each protocol on each port found.
    #[default]
    Auto,
    /// A DGT board (USB, serial or Bluetooth; 9600 baud, 8N1).
    Dgt,
    /// A Millennium ChessLink board (38400 baud, 7 bits, odd parity).
    Millennium,
}

impl BoardKind {
    /// Every kind with its name in the settings.
    pub const ALL: [(BoardKind, &'static str); 3] = [
        (BoardKind::Auto, "auto"),
        (BoardKind::Dgt, "dgt"),
        (BoardKind::Millennium, "millennium"),
    ];
}

/// Why a text is not a board kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected dgt, millennium or auto")]
pub struct BoardKindError;

impl FromStr for BoardKind {
    type Err = BoardKindError;

    fn from_str(text: &str) -> Result<BoardKind, BoardKindError> {
        BoardKind::ALL
            .iter()
            .find(|(_, name)| *name == text)
            .map(|(kind, _)| *kind)
            .ok_or(BoardKindError)
    }
}

impl fmt::Display for BoardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = BoardKind::ALL
            .iter()
            .find(|(kind, _)| kind == self)
            .map_or("auto", |(_, name)| *name);
        f.write_str(name)
    }
}

/// `eboard.complete`: when the sighted player's move, seen on his board, is made.
///
/// FIDE Laws 6.2.a: a move is completed by pressing the clock. With a DGT 3000 clock on
/// the board its lever completes the move whatever this says; without one the station's
/// clock is the only clock, and this setting says what stands for pressing it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Completion {
    /// `stable:MS`: made once the board has stood in the new position for MS milliseconds
    /// (counted from the instant the last piece was set down).
    Stable(Duration),
    /// `key`: made when the sighted player presses the confirm key.
    Key,
}

impl Completion {
    /// The completion used when the settings name none: one second unchanged.
    pub const DEFAULT: Completion = Completion::Stable(Duration::from_millis(1000));
}

impl Default for Completion {
    fn default() -> Completion {
        Completion::DEFAULT
    }
}

/// Why a text is not a completion.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected stable:MILLISECONDS or key")]
pub struct CompletionError;

impl FromStr for Completion {
    type Err = CompletionError;

    fn from_str(text: &str) -> Result<Completion, CompletionError> {
        if text == "key" {
            return Ok(Completion::Key);
        }
        text.strip_prefix("stable:")
            .and_then(millis)
            .map(Completion::Stable)
            .ok_or(CompletionError)
    }
}

impl fmt::Display for Completion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Completion::Stable(d) => write!(f, "stable:{}", d.as_millis()),
            Completion::Key => f.write_str("key"),
        }
    }
}

/// `eboard.wait`: how long a placement must stand unchanged before it is read, in
/// milliseconds ([`Stability`]; 250 by default).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StableWait(pub Duration);

impl Default for StableWait {
    fn default() -> StableWait {
        StableWait(Stability::DEFAULT_WAIT)
    }
}

/// Why a text is not a wait in milliseconds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected whole milliseconds (0-60000)")]
pub struct StableWaitError;

impl FromStr for StableWait {
    type Err = StableWaitError;

    fn from_str(text: &str) -> Result<StableWait, StableWaitError> {
        millis(text).map(StableWait).ok_or(StableWaitError)
    }
}

impl fmt::Display for StableWait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.as_millis())
    }
}

/// Whole milliseconds up to a minute.
fn millis(text: &str) -> Option<Duration> {
    let ms: u64 = text.parse().ok()?;
    (ms <= 60_000).then(|| Duration::from_millis(ms))
}

/// What the session needs of the board's settings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardSetup {
    /// How long a placement must stand before it is read.
    pub wait: Duration,
    /// When the sighted player's move on the board is made (no lever attached).
    pub complete: Completion,
}

impl Default for BoardSetup {
    fn default() -> BoardSetup {
        BoardSetup {
            wait: Stability::DEFAULT_WAIT,
            complete: Completion::DEFAULT,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_and_write_back() {
        let kinds = [
            ("auto", true),
            ("dgt", true),
            ("millennium", true),
            ("DGT", false),
        ];
        for (text, ok) in kinds {
            let read = text.parse::<BoardKind>();
            assert_eq!(read.is_ok(), ok, "{text}");
            if let Ok(k) = read {
                assert_eq!(k.to_string(), text);
            }
        }
        let completions = [
            ("key", Some(Completion::Key)),
            ("stable:0", Some(Completion::Stable(Duration::ZERO))),
            (
                "stable:1500",
                Some(Completion::Stable(Duration::from_millis(1500))),
            ),
            ("stable:", None),
            ("stable:1.5", None),
            ("stable:60001", None),
            ("lever", None),
        ];
        for (text, want) in completions {
            assert_eq!(text.parse::<Completion>().ok(), want, "{text}");
            if let Some(c) = want {
                assert_eq!(c.to_string(), text);
            }
        }
        let waits = [
            ("250", Some(250)),
            ("0", Some(0)),
            ("-1", None),
            ("x", None),
        ];
        for (text, want) in waits {
            let read = text.parse::<StableWait>().ok().map(|w| w.0.as_millis());
            assert_eq!(read, want, "{text}");
        }
    }
}
