//! Why a script, one of its lines or a console line does not read: each says what is
//! wrong, and a script's error names the line.

use crate::core::input::{UnknownActor, UnknownKey};
use crate::core::settings::{PairsError, SettingError};
use crate::core::setup::SetupError;

/// An error in a script, naming the line.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    /// A line that does not follow the format.
    #[error("line {line}: {error}")]
    Line {
        /// The line number (1-based).
        line: usize,
        /// What is wrong.
        error: LineError,
    },
    /// The setup cannot start a session.
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
}

/// What is wrong with one line of a script.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The line does not begin with `@SECONDS`.
    #[error("expected @SECONDS, found {0:?}")]
    Stamp(String),
    /// The line is earlier than the one before it.
    #[error("time goes backwards")]
    Backwards,
    /// A setup line after an event, or not by the arbiter.
    #[error("setup must be the first event, by the arbiter")]
    SetupNotFirst,
    /// What follows the stamp.
    #[error(transparent)]
    Body(#[from] BodyError),
    /// A key of the setup line.
    #[error(transparent)]
    Setting(#[from] SettingError),
}

/// Why `WHO VERB TEXT` (a script line after its stamp, or a console line) does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BodyError {
    /// WHO is not white, black or arbiter.
    #[error(transparent)]
    Actor(#[from] UnknownActor),
    /// An unknown VERB.
    #[error("unknown verb {0:?}: expected say, type, key, do, move, board, wait or setup")]
    Verb(String),
    /// `key` names no key.
    #[error(transparent)]
    Key(#[from] UnknownKey),
    /// `setup` without `KEY=VALUE` pairs.
    #[error(transparent)]
    Pairs(#[from] PairsError),
    /// `say` with a badly scored word.
    #[error(transparent)]
    Words(#[from] WordsError),
    /// `do` with no command.
    #[error(transparent)]
    Command(#[from] CommandError),
    /// `move` with no move in UCI (a routing key's pick, D.2.1).
    #[error("invalid uci {0:?}: expected a move in UCI, e.g. e2e4 or e7e8q")]
    Move(String),
    /// `board` with neither `found`, `found clock`, `lever`, `lost` nor a placement.
    #[error("invalid board event {0:?}: expected found, found clock, lever, lost or a FEN's board")]
    Board(String),
    /// `server` with no line of an online game's stream (serde's words).
    #[error("invalid server line: {0}")]
    Server(String),
    /// `engine` with no engine reply.
    #[error(transparent)]
    Engine(#[from] crate::core::engine::exchange::ReplyError),
    /// `analysis` with no analysis reply.
    #[error(transparent)]
    Analysis(#[from] crate::core::engine::analysis::ReplyError),
}

/// Why the words of a `say` line do not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WordsError {
    /// A confidence that is not a number from 0 to 1.
    #[error("confidence {confidence:?} of {word:?} is not a number from 0 to 1")]
    Confidence {
        /// The confidence as written.
        confidence: String,
        /// Its word.
        word: String,
    },
    /// A choice without its word (`:0.5`).
    #[error("empty word in {0:?}")]
    EmptyWord(String),
}

/// Why the text of a `do` line is no command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// A side that is not white or black.
    #[error("command {text:?}: expected white or black, found {found:?}")]
    Side {
        /// The command.
        text: String,
        /// What stands where the side should.
        found: Option<String>,
    },
    /// A time that is not `H:MM:SS.mmm`.
    #[error("command {0:?}: expected a time H:MM:SS.mmm")]
    Time(String),
    /// `set-moves` without a number.
    #[error("command {0:?}: expected a number of moves")]
    Moves(String),
    /// `take-back-to` without a move number.
    #[error("command {0:?}: expected a move number")]
    MoveNumber(String),
    /// `level` without a number.
    #[error("command {0:?}: expected a level 1 to 10")]
    Level(String),
    /// `ask` with no question.
    #[error("command {0:?}: unknown question")]
    Question(String),
    /// No command at all.
    #[error("unknown command {0:?}")]
    Unknown(String),
}
