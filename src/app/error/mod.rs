//! Why a command of the `ansage` program failed: each variant names what it was doing and
//! keeps the cause as its source, so the program prints the whole chain.

#[cfg(feature = "online")]
mod online;

use std::path::PathBuf;

use crate::config::SettingsError;
use crate::core::clock::TimeControlError;
use crate::core::journal::ReplayError;
use crate::core::lang::UnknownLanguage;
use crate::core::phrases::PhraseError;
use crate::core::scoresheet::pgn_in::{PgnError, ReadError};
use crate::core::script::ScriptError;
use crate::core::setup::SetupError;
use crate::journal_file::{ResumeError, WriteError};
use crate::recorder::spoken::SpokenError;
#[cfg(feature = "online")]
pub use online::OnlineError;

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// A settings file or option is wrong (it names its line and key).
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// `--tc` is no time control.
    #[error("--tc {tc}: {error}")]
    TimeControl {
        /// What was given.
        tc: String,
        /// Why it is not one.
        error: TimeControlError,
    },
    /// `--resume` with game options on the command line.
    #[error("--resume takes the game's setup from the journal: leave out the other game options")]
    ResumeWithGameOptions,
    /// `ansage play` with settings that make an online game (`game.online`, issue 24):
    /// online games are started only by `ansage online`, whose server is the one source of
    /// the online opponent's moves.
    #[error(
        "`ansage play` does not take game.online: online games are started only by `ansage online --game ID`, whose server sends the opponent's moves; remove game.online from the settings file and the options"
    )]
    OnlineNeedsOnlineCommand,
    /// A training game cannot start: no chess engine (issue 34.6; the package is named).
    #[error(
        "no chess engine found (tried {tried}); install the package {}",
        crate::core::engine::PACKAGE
    )]
    EngineMissing {
        /// Where it was looked for.
        tried: String,
    },
    /// An online command cannot start (the token, the server, a request, the menu's
    /// words); the text never holds the token, and names its cause itself (no source:
    /// `error/online.rs`).
    #[cfg(feature = "online")]
    #[error(transparent)]
    Online(#[from] OnlineError),
    /// An online game cannot start, in the game's language (issue 32.3): what is said, and
    /// the English detail.
    #[error("online: {detail}")]
    OnlineSaid {
        /// What is said, shown and printed.
        said: crate::core::phrases::Message,
        /// The detail, in English, for the log.
        detail: String,
    },
    /// Online play cannot start: the token or the server, with what to do in the doctor's
    /// words (issue 31.2); its detail never holds the token.
    #[error("online: {}", .0.detail)]
    OnlineStart(Box<crate::adapter::DeviceStatus>),
    /// A failure to start that has been said, shown and printed in the game's language
    /// ([`crate::app::failure`]): the program ends with it, printing nothing more.
    #[error("{0}")]
    Told(Box<AppError>),
    /// The settings do not set up a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A language name that is not one of the station's.
    #[error(transparent)]
    Language(#[from] UnknownLanguage),
    /// The messages of a language cannot be loaded.
    #[error(transparent)]
    Phrases(#[from] PhraseError),
    /// A journal cannot be resumed.
    #[error("resuming {}", path.display())]
    Resume {
        /// The journal.
        path: PathBuf,
        /// Why.
        source: ResumeError,
    },
    /// A new journal cannot be started.
    #[error("starting the journal {}", path.display())]
    Journal {
        /// The journal.
        path: PathBuf,
        /// Why.
        source: WriteError,
    },
    /// Nothing says where the games' folders go (no `XDG_DATA_HOME`, no home).
    #[error(transparent)]
    NoHome(#[from] crate::config::NoHome),
    /// A folder cannot be created.
    #[error("creating {}", path.display())]
    CreateDir {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file cannot be read.
    #[error("reading {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file cannot be written.
    #[error("writing {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The spoken scoresheet cannot be written.
    #[error("writing {}", path.display())]
    Spoken {
        /// The WAV file.
        path: PathBuf,
        /// Why.
        source: SpokenError,
    },
    /// The tokio runtime does not start.
    #[error("starting the runtime")]
    Runtime(#[source] std::io::Error),
    /// The demo's built-in script does not read.
    #[error("the demo script")]
    DemoScript(#[source] Box<ScriptError>),
    /// A script file does not read.
    #[error("{}", path.display())]
    Script {
        /// The script.
        path: PathBuf,
        /// The line and what is wrong with it (boxed: the error is large).
        source: Box<ScriptError>,
    },
    /// A script does not run.
    #[error(transparent)]
    ScriptRun(Box<ScriptError>),
    /// A journal given as a scoresheet cannot be replayed.
    #[error("{}", path.display())]
    Replay {
        /// The journal.
        path: PathBuf,
        /// Why.
        source: ReplayError,
    },
    /// A scoresheet that is neither a journal nor text.
    #[error("{}: neither a journal nor text", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
        /// Where it is not UTF-8.
        source: std::string::FromUtf8Error,
    },
    /// A PGN file that does not read.
    #[error("{}", path.display())]
    Pgn {
        /// The file.
        path: PathBuf,
        /// Why.
        source: PgnError,
    },
    /// A PGN file without a game.
    #[error("{}: no game in it", path.display())]
    NoGame {
        /// The file.
        path: PathBuf,
    },
    /// A BRF or move list that does not read in any language's notation.
    #[error("{}", path.display())]
    Notation {
        /// The file.
        path: PathBuf,
        /// Why, in the station's language.
        source: ReadError,
    },
    /// A scoresheet that no reader takes.
    #[error("{}: cannot be read", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
    },
    /// `export --game N` names a game the file does not hold.
    #[error("{}: game {game} of {games}: no such game", path.display())]
    NoSuchGame {
        /// The file.
        path: PathBuf,
        /// The game asked for.
        game: usize,
        /// How many games the file holds.
        games: usize,
    },
    /// FIDE Laws D.2.8: two scoresheets of different games.
    #[error("the two scoresheets start from different positions")]
    DifferentStarts,
    /// The spoken scoresheet would overwrite the game being exported.
    #[error("{} is the input; choose another file", path.display())]
    AudioIsInput {
        /// The file.
        path: PathBuf,
    },
    /// A written scoresheet would overwrite the game being exported.
    #[error("{} is the input; choose another --out", path.display())]
    OutputIsInput {
        /// The file.
        path: PathBuf,
    },
}

impl AppError {
    /// Whether it stopped a command before its station started (the settings, a journal
    /// to resume or to start, online play's token, server and game): then it is said, shown
    /// and printed in the game's language ([`crate::app::failure`]), not only printed.
    pub fn before_start(&self) -> bool {
        #[cfg(feature = "online")]
        if matches!(self, AppError::Online(_)) {
            return true;
        }
        matches!(
            self,
            AppError::Settings(_)
                | AppError::TimeControl { .. }
                | AppError::ResumeWithGameOptions
                | AppError::OnlineNeedsOnlineCommand
                | AppError::EngineMissing { .. }
                | AppError::OnlineSaid { .. }
                | AppError::OnlineStart(_)
                | AppError::Setup(_)
                | AppError::Language(_)
                | AppError::Resume { .. }
                | AppError::Journal { .. }
                | AppError::NoHome(_)
                | AppError::CreateDir { .. }
        )
    }

    /// Whether it has been said, shown and printed already ([`AppError::Told`]): the
    /// program then ends with its status and prints nothing more.
    pub fn told(&self) -> bool {
        matches!(self, AppError::Told(_))
    }
}
