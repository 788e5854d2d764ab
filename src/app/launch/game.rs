//! A game ready to be played at the station ([`Game`]): its settings, its session, its
//! journal, its console's sink and what has been said so far; where a new game's journal
//! goes ([`JournalAt`]) and the game's folder. Every constructor (a new game, one gone
//! through, a resumed one in `resume.rs`) ends in one private constructor.

use std::path::{Path, PathBuf};

use crate::app::AppError;
use crate::config::Settings;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::session::Session;
use crate::core::setup::SessionSetup;
use crate::core::time::Timestamp;
use crate::journal_file::{FileJournal, Journal, NoJournal};
use crate::station::Backlog;

use super::{Helper, Sinks};

/// A game ready to be played at the station.
pub struct Game {
    /// The settings (the devices read theirs).
    pub settings: Settings,
    /// The game.
    pub session: Session,
    /// Where every input goes first.
    pub journal: Box<dyn Journal>,
    /// The session's time when the station starts: zero, or a resumed game's last
    /// recorded instant.
    pub start: Timestamp,
    /// The console's sink (the devices' are added when they open).
    pub sinks: Sinks,
    /// Everything said so far, before the devices open (that the station is starting, a
    /// resumed game's announcements): each device gets it, in order, once it is ready.
    pub said: Backlog,
    /// What the station's voice is to say and the console has not printed (a resume's
    /// summary, issue 22): printed only if no voice opens, or by a console that shows
    /// everything ([`crate::station::Sink::voice_opened`]).
    pub unvoiced: Backlog,
    /// The Braille display's line after "ready" on a resume (the summary with what is
    /// pending, [`ResumeAnnouncement::top`](crate::core::resume::ResumeAnnouncement::top)); empty for a new game, whose display
    /// ends on how the clock starts.
    pub top: Vec<Output>,
    /// An online game (issue 24): the game followed on the server while the station runs.
    #[cfg(feature = "online")]
    pub online: Option<crate::online::actor::Link>,
    /// A training game (issue 34.1): the engine that plays the other side.
    #[cfg(feature = "engine")]
    pub engine: Option<crate::engine::actor::Link>,
    /// Services started once the station runs ([`Helper`]).
    pub helpers: Vec<Helper>,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("journal", &self.journal.file())
            .field("start", &self.start)
            .finish_non_exhaustive()
    }
}

/// Where a new game's journal goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalAt {
    /// No journal (a crash loses the game).
    Nowhere,
    /// This file.
    File(PathBuf),
    /// `journal.txt` in a new folder for the game, `DATE_TIME-NAME` under `base`
    /// (`None`: `$XDG_DATA_HOME/ansage/games`).
    NewFolder {
        /// Where the games' folders go.
        base: Option<PathBuf>,
        /// The game's name in its folder's.
        name: String,
    },
}

impl JournalAt {
    /// Where a new game's journal goes: nowhere with `--no-journal` (or the settings'
    /// `journal.enabled = false` and no `--journal`), the file `--journal` names, else
    /// `journal.txt` in a new folder named for the game under the settings' `journal.dir`.
    pub fn for_new_game(
        settings: &Settings,
        config: &SessionSetup,
        journal: Option<PathBuf>,
        no_journal: bool,
    ) -> JournalAt {
        if no_journal || (journal.is_none() && !settings.journal.enabled) {
            JournalAt::Nowhere
        } else if let Some(path) = journal {
            JournalAt::File(path)
        } else {
            JournalAt::NewFolder {
                base: Some(settings.journal.dir.clone()).filter(|d| !d.as_os_str().is_empty()),
                name: game_name(config),
            }
        }
    }
}

impl Game {
    /// The game of `session`, its inputs journaled to `journal`, its time going on from
    /// `start`; nothing said yet, no opponent from elsewhere, no helper: every constructor
    /// ends here.
    pub(super) fn of(
        settings: Settings,
        session: Session,
        journal: Box<dyn Journal>,
        start: Timestamp,
        sinks: Sinks,
    ) -> Game {
        Game {
            settings,
            session,
            journal,
            start,
            sinks,
            said: Backlog::new(),
            unvoiced: Backlog::new(),
            top: Vec::new(),
            #[cfg(feature = "online")]
            online: None,
            #[cfg(feature = "engine")]
            engine: None,
            helpers: Vec::new(),
        }
    }

    /// A new game set up by `config`, its journal at `journal`.
    pub fn new(
        settings: Settings,
        config: SessionSetup,
        journal: JournalAt,
        sinks: Sinks,
    ) -> Result<Game, AppError> {
        let session = Session::new(config.clone())?;
        let path = match journal {
            JournalAt::Nowhere => None,
            JournalAt::File(path) => Some(path),
            JournalAt::NewFolder { base, name } => Some(game_dir(base, &name)?.join("journal.txt")),
        };
        let journal: Box<dyn Journal> = match path {
            None => Box::new(NoJournal),
            Some(path) => Box::new(
                FileJournal::create(&path, &config)
                    .map_err(|source| AppError::Journal { path, source })?,
            ),
        };
        Ok(Game::of(settings, session, journal, Timestamp::ZERO, sinks))
    }

    /// A game read from a file, to be gone through (`ansage review`, issue 34): no journal,
    /// nothing said yet.
    pub fn review(settings: Settings, session: Session, sinks: Sinks) -> Game {
        Game::of(
            settings,
            session,
            Box::new(NoJournal),
            Timestamp::ZERO,
            sinks,
        )
    }

    /// `msg` said and shown to `to`, in the session's words.
    pub fn announce(&self, to: Audience, priority: Priority, msg: &Message) -> [Output; 2] {
        self.session.announce(to, priority, msg)
    }

    /// Hands `outputs` to the sinks at the game's start, and keeps them for the devices
    /// that open later ([`Game::said`]).
    pub fn deliver(&mut self, outputs: &[Output]) {
        for sink in &mut self.sinks {
            sink.deliver(self.start, outputs);
        }
        self.said.push((self.start, outputs.to_vec()));
    }

    /// The game's folder (beside its journal), where the PGN, BRF and WAV go.
    pub fn folder(&self) -> Option<PathBuf> {
        self.journal
            .file()
            .and_then(Path::parent)
            .map(Path::to_path_buf)
    }
}

/// `WHITE-BLACK` for the game's folder, from the scoresheet's names (`white-black` while
/// they are unknown); only letters, digits, `-` and `_`.
fn game_name(config: &SessionSetup) -> String {
    let part = |name: &str, unknown: &str| {
        let cleaned: String = name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        if cleaned.trim_matches('_').is_empty() {
            unknown.to_owned()
        } else {
            cleaned
        }
    };
    format!(
        "{}-{}",
        part(&config.info.white, "white"),
        part(&config.info.black, "black")
    )
}

/// The folder for a game's records: `$XDG_DATA_HOME/ansage/games/DATE_TIME-NAME`
/// (`~/.local/share/...` when unset), created new: a second game begun within the same
/// second ("Neue Partie" in training, a rematch) gets `DATE_TIME-NAME-2`, and so on, so
/// that no game's journal is opened on another's.
fn game_dir(base: Option<PathBuf>, name: &str) -> Result<PathBuf, AppError> {
    let base = match base {
        Some(b) => b,
        None => crate::config::games_dir()?,
    };
    let created = |path: &std::path::Path, source| AppError::CreateDir {
        path: path.to_owned(),
        source,
    };
    std::fs::create_dir_all(&base).map_err(|e| created(&base, e))?;
    let stamp = chrono::Local::now().format("%Y-%m-%d_%H%M%S");
    let mut n = 1u32;
    loop {
        let dir = match n {
            1 => base.join(format!("{stamp}-{name}")),
            n => base.join(format!("{stamp}-{name}-{n}")),
        };
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(created(&dir, e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::game_dir;

    #[test]
    fn games_begun_in_the_same_second_get_folders_of_their_own() {
        let base = tempfile::tempdir().expect("a temporary folder");
        let dirs: Vec<_> = (0..3)
            .map(|_| game_dir(Some(base.path().join("games")), "Ana-Stockfish").expect("a folder"))
            .collect();
        for dir in &dirs {
            assert!(dir.is_dir(), "{dir:?}");
        }
        // Made within one second (or across its edge): never the same folder twice.
        assert_ne!(dirs[0], dirs[1]);
        assert_ne!(dirs[1], dirs[2]);
        assert_ne!(dirs[0], dirs[2]);
        let last = dirs[2]
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        assert!(
            last.ends_with("-Ana-Stockfish")
                || last.ends_with("-Ana-Stockfish-2")
                || last.ends_with("-Ana-Stockfish-3"),
            "{last}"
        );
    }
}
