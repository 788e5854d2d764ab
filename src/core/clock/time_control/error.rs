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
    /// FIDE Laws 6.3.a: on the command line a number without a unit is minutes (`15+10` is
    /// 15 minutes and 10 s a move), at most two hours; a larger one is most likely PGN's
    /// seconds (`900+10`), so it is refused rather than guessed.
    #[error(
        "{amount} without a unit means minutes here, and {amount} minutes is more than two hours: for {amount} seconds write {}, for {amount} minutes {as_minutes}",
        .as_seconds.join(" or ")
    )]
    BareMinutes {
        /// The number as written.
        amount: String,
        /// What to write for that many seconds: the time control in whole minutes where
        /// the number is a whole number of them (`15+10`), and with the unit `s`
        /// (`900s+10`).
        as_seconds: Vec<String>,
        /// What to write for that many minutes, with the unit `m` (`900m+10`).
        as_minutes: String,
    },
    /// FIDE Laws 6.3.a: on the command line a PGN period (with `/` or `:`) counts a number
    /// without a unit in seconds, after the moves (`40/5400` is 40 moves in 90 minutes); less
    /// than a minute is most likely minutes or moves in the wrong place (`90/40+30`), so it
    /// is refused rather than guessed.
    #[error(
        "in the PGN form (with / or :) a number without a unit is seconds, after the moves, and {amount} seconds is less than a minute: FIDE's 90 minutes for 40 moves, then 30, is 90/40+30+30 or 40/5400+30:1800+30; for {amount} seconds write {amount}s"
    )]
    BareSeconds {
        /// The number as written.
        amount: String,
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
