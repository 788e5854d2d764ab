//! Why a text is not a time control (FIDE Laws 6.3.a).

use thiserror::Error;

/// FIDE Laws 6.3.a: why a text is not a time control (which must be specified in advance).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TimeControlError {
    /// FIDE Laws 6.3.a: nothing was given.
    #[error("empty time control")]
    Empty,
    /// FIDE Laws 6.3.a: PGN `?`, the control is unknown, so a clock cannot be set to it.
    #[error("the time control is unknown (\"?\"); a clock cannot be set to an unknown control")]
    Unknown,
    /// FIDE Laws 6.3: PGN `*seconds`, an hourglass control, which Article 6 does not know.
    #[error("sandclock (hourglass) control {text:?} is not supported; FIDE Laws 6.3 have none")]
    Sandclock {
        /// The text given.
        text: String,
    },
    /// FIDE Laws 6.3.a: a number could not be read (or is finer than a millisecond).
    #[error("{text:?} is not a number of moves or an amount of time")]
    InvalidNumber {
        /// The offending part.
        text: String,
    },
    /// FIDE Laws 6.3.a: a number is too large.
    #[error("{text:?} is too large")]
    TooLarge {
        /// The offending part.
        text: String,
    },
    /// FIDE Laws 6.3.a: `0/...`, a period must have at least one move.
    #[error("period {period} has a move count of zero; a period needs at least one move")]
    ZeroMoves {
        /// 1-based number of the period.
        period: usize,
    },
    /// FIDE Laws 6.3.a: a period for the rest of the game is followed by another period.
    #[error(
        "period {period} has no move count, so it lasts the rest of the game, but more periods follow"
    )]
    SuddenDeathNotLast {
        /// 1-based number of the period.
        period: usize,
    },
    /// FIDE Laws 6.3.a: the text does not follow any of the forms.
    #[error("{text:?} is not a time control: {reason}")]
    Malformed {
        /// The offending part.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
}
