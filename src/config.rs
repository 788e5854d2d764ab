//! Settings: the station's configuration, from built-in defaults, a TOML file and the
//! command line, in that order (a later layer wins).
//!
//! The file is `$XDG_CONFIG_HOME/ansage/config.toml` (`~/.config/ansage/config.toml`), or
//! the one given with `--config FILE`. Every key can also be given on the command line as
//! `--set section.key=value`, and the most used ones have their own flags (`--lang`,
//! `--tc`, `--vi`, …); all of them go through [`Layers::set_key`], so the file and the
//! command line read a value the same way and cannot drift. The game's keys (`[game]`,
//! `[announce]`) are typed settings of the core ([`crate::core::settings`]): the file, the
//! command line and a script's setup line set each of them through one path,
//! [`crate::core::settings::Key::set`], so they accept exactly the same values.
//!
//! A bad file gets a message naming the file, the line and the key (with a did-you-mean
//! for a misspelt key): `config.toml:3: game.vi: "purple": expected white, black, both or
//! none`.
//!
//! The device sections (`[input]`, `[speech]`, `[braille]`, `[voice]`, `[journal]`, `[web]`,
//! `[models]`, `[engine]`) are plain data for the device adapters.

mod dirs;
mod file_format;
mod layers;
mod sections;

use std::path::PathBuf;

use crate::core::settings::{ExclusiveError, GameSettings};
use crate::core::setup::SessionSetup;

pub use dirs::{NoHome, config_dir, data_dir, default_path, games_dir};
pub use layers::Layers;
pub use sections::{
    BrailleSettings, EngineSettings, InputMethod, InputSettings, JournalSettings, MODELS_URL,
    ModelsSettings, OnlineSettings, SpeechEngine, SpeechSettings, VoiceSettings, WEB_LISTEN,
    WebSettings,
};

#[cfg(test)]
use layers::did_you_mean;

/// Everything the station is set up with. Every field has a default that matches the
/// station's behaviour without a configuration file. It reads and writes TOML with serde
/// (one section a field; the game's two sections, `[game]` and `[announce]`, are
/// [`Settings::game`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settings {
    /// `[game]` and `[announce]`: the language, players, time control, confirmation
    /// policies, and what the audio clock announces by itself: every key of a script's
    /// setup line, and the roles.
    pub game: GameSettings,
    /// How each side enters moves.
    pub input: InputSettings,
    /// The speech output.
    pub speech: SpeechSettings,
    /// The Braille display.
    pub braille: BrailleSettings,
    /// Speech recognition.
    pub voice: VoiceSettings,
    /// The crash-safe journal.
    pub journal: JournalSettings,
    /// The web page.
    pub web: WebSettings,
    /// Online games.
    pub online: OnlineSettings,
    /// Where the speech models are downloaded from.
    pub models: ModelsSettings,
    /// The training opponent.
    pub engine: EngineSettings,
}

/// Why settings cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// A configuration file is bad: where, which key, what.
    #[error("{origin}:{line}: {key}: {message}")]
    File {
        /// The file's name.
        origin: String,
        /// The line (1-based).
        line: usize,
        /// The key (`section.key`), or the section.
        key: String,
        /// What is wrong.
        message: String,
    },
    /// A command-line option is bad.
    #[error("{option}: {message}")]
    Option {
        /// The option as given (`--set game.vi=purple`, `--vi purple`).
        option: String,
        /// What is wrong.
        message: String,
    },
    /// The layers together do not read (each did alone).
    #[error("{0}")]
    Layers(String),
    /// Two settings that exclude each other are both set.
    #[error(transparent)]
    Exclusive(#[from] ExclusiveError),
    /// The file cannot be read.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        message: String,
    },
}

impl Settings {
    /// The core's configuration of a game.
    pub fn to_setup(&self) -> Result<SessionSetup, SettingsError> {
        Ok(self.game.to_setup()?)
    }

    /// The settings as a TOML file (`ansage config --print`).
    pub fn to_toml(&self) -> String {
        // Every value is a plain string, number, boolean or path: this cannot fail.
        toml::to_string(self).unwrap_or_else(|e| format!("# cannot be written: {e}\n"))
    }
}

#[cfg(test)]
mod tests;
