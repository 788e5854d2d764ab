//! The settings on the command line: a file, named flags and `--set`. They all go through
//! [`Layers`], one path for the file and every option.

use std::path::PathBuf;

use crate::app::AppError;
use crate::config::Layers;

/// The settings on the command line of `play`, `config` and `doctor`.
#[derive(clap::Args, Clone, Debug, Default, PartialEq)]
pub struct GameOptions {
    /// Read the settings from this TOML file instead of
    /// `$XDG_CONFIG_HOME/ansage/config.toml` (docs/user-guide.md: The settings file).
    #[arg(long, value_name = "FILE", global = true)]
    pub config: Option<PathBuf>,
    /// Language spoken, brailled and understood: de, es, en (game.lang).
    #[arg(long, global = true)]
    pub lang: Option<String>,
    /// Time control: a number without a unit is minutes (15+10 = 15 min + 10 s a move, 5,
    /// 90/40+30+30, 5d3 = 5 min with a 3 s delay), up to 120; the PGN form, with / or :,
    /// is seconds (40/5400+30:1800+30); a unit always wins (300s, 90m); blitz, rapid,
    /// fide-standard (game.tc, which the settings file writes in PGN form).
    #[arg(long, global = true)]
    pub tc: Option<String>,
    /// Who is visually impaired: white, black, both, none (game.vi).
    #[arg(long, global = true)]
    pub vi: Option<String>,
    /// An assistant is present, FIDE Laws D.2.9 (game.assistant).
    #[arg(long, global = true)]
    pub assistant: bool,
    /// An arbiter is present, FIDE Laws 6.5, 6.11: only the arbiter starts, stops and
    /// restarts the clock; without this flag either player does (game.arbiter).
    #[arg(long, global = true)]
    pub arbiter: bool,
    /// Confirmation of a visually impaired player's move: explicit or window:SECONDS
    /// (game.confirm).
    #[arg(long, global = true)]
    pub confirm: Option<String>,
    /// Confirmation of a sighted player's move: immediate, explicit or window:SECONDS
    /// (game.confirm_sighted).
    #[arg(long, global = true)]
    pub confirm_sighted: Option<String>,
    /// Start from this FEN (game.fen).
    #[arg(long, global = true)]
    pub fen: Option<String>,
    /// Start from this Chess960 position, 0-959 (game.chess960).
    #[arg(long, global = true)]
    pub chess960: Option<u32>,
    /// White's name on the scoresheet (game.white).
    #[arg(long, value_name = "NAME", global = true)]
    pub white: Option<String>,
    /// Black's name on the scoresheet (game.black).
    #[arg(long, value_name = "NAME", global = true)]
    pub black: Option<String>,
    /// How White enters moves: voice, braille, console, eboard (input.white).
    #[arg(long, value_name = "HOW", global = true)]
    pub white_input: Option<String>,
    /// How Black enters moves: voice, braille, console, eboard (input.black).
    #[arg(long, value_name = "HOW", global = true)]
    pub black_input: Option<String>,
    /// Any setting, SECTION.KEY=VALUE (repeatable): speech.rate=1.2, voice.tail_ms=400,
    /// announce.reminders=off; or a script setup key: announce_moves=off, reminders=off,
    /// low_time=2:00,0:30, control_alarm=off, white="Name", …
    #[arg(long = "set", value_name = "KEY=VALUE", global = true)]
    pub set: Vec<String>,
}

impl GameOptions {
    /// The layers: built-in defaults, the file, the named flags, then `--set` in order.
    pub fn layers(&self) -> Result<Layers, AppError> {
        let mut layers = Layers::new();
        layers.load(self.config.as_deref())?;
        // The command line also takes human time controls ("15+10", "blitz"): written
        // in PGN form, as the file and scripts have them.
        let tc = match &self.tc {
            Some(tc) => Some(
                tc.parse::<crate::core::clock::TimeControl>()
                    .map_err(|error| AppError::TimeControl {
                        tc: tc.clone(),
                        error,
                    })?
                    .to_string(),
            ),
            None => None,
        };
        let named = [
            ("game.lang", self.lang.clone()),
            ("game.tc", tc),
            ("game.vi", self.vi.clone()),
            ("game.assistant", self.assistant.then(|| "true".to_owned())),
            ("game.arbiter", self.arbiter.then(|| "true".to_owned())),
            ("game.confirm", self.confirm.clone()),
            ("game.confirm_sighted", self.confirm_sighted.clone()),
            ("game.fen", self.fen.as_deref().map(toml_string)),
            ("game.chess960", self.chess960.map(|n| n.to_string())),
            ("game.white", self.white.as_deref().map(toml_string)),
            ("game.black", self.black.as_deref().map(toml_string)),
            ("input.white", self.white_input.clone()),
            ("input.black", self.black_input.clone()),
        ];
        for (key, value) in named {
            if let Some(value) = value {
                layers.set_key(key, &value)?;
            }
        }
        for assignment in &self.set {
            layers.set(assignment)?;
        }
        Ok(layers)
    }
}

/// Text as a TOML string, so that it is never read as a number or a date.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}
