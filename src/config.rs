//! Settings: the station's configuration, from built-in defaults, a TOML file and the
//! command line, in that order (a later layer wins).
//!
//! The file is `$XDG_CONFIG_HOME/ansage/config.toml` (`~/.config/ansage/config.toml`), or
//! the one given with `--config FILE`. Every key can also be given on the command line as
//! `--set section.key=value`, and the most used ones have their own flags (`--lang`,
//! `--tc`, `--vi`, …); all of them go through [`Layers::set_key`], so the file and the
//! command line read a value the same way and cannot drift. The game's keys (`[game]`,
//! `[announce]`) are checked with the core's own setup reader
//! ([`script::apply_setup`], the keys of a script's setup line), so a file, a script and
//! the command line accept exactly the same values.
//!
//! A bad file gets a message naming the file, the line and the key (with a did-you-mean
//! for a misspelt key): `config.toml:3: game.vi: "purple": expected white, black, both or
//! none`.
//!
//! The device sections (`[speech]`, `[braille]`, `[voice]`) are plain data for the device
//! adapters.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer, Serialize};

use crate::core::script;
use crate::core::setup::Config;

/// Everything the station is set up with. Every field has a default that matches the
/// station's behaviour without a configuration file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The game: language, players, time control, confirmation policies.
    pub game: Game,
    /// How each side enters moves.
    pub input: Inputs,
    /// What the audio clock announces by itself.
    pub announce: Announce,
    /// The speech output.
    pub speech: Speech,
    /// The Braille display.
    pub braille: Braille,
    /// Speech recognition.
    pub voice: Voice,
    /// The crash-safe journal.
    pub journal: JournalSettings,
}

/// `[game]`: the keys of a script's setup line ([`script::apply_setup`]) and the roles.
/// An empty text means "not set".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Game {
    /// Language spoken, brailled and understood: `de`, `es`, `en`.
    #[serde(deserialize_with = "setup::lang")]
    pub lang: String,
    /// FIDE Laws Appendix D: who is visually impaired: `white`, `black`, `both`, `none`.
    #[serde(deserialize_with = "setup::vi")]
    pub vi: String,
    /// FIDE Laws D.2.9: an assistant is present (announces moves, keeps score for the
    /// visually impaired player).
    #[serde(deserialize_with = "flag")]
    pub assistant: bool,
    /// FIDE Laws D.2.3, D.2.7: how a visually impaired player's move is confirmed:
    /// `explicit` or `window:SECONDS`.
    #[serde(deserialize_with = "setup::confirm")]
    pub confirm: String,
    /// FIDE Laws D.2.4: the same for a sighted player or the assistant: `immediate`,
    /// `explicit` or `window:SECONDS`.
    #[serde(deserialize_with = "setup::confirm_sighted")]
    pub confirm_sighted: String,
    /// FIDE Laws 6.3.a: the time control in PGN form (`900+10`, `40/5400+30:1800+30`);
    /// `-`: no clock.
    #[serde(deserialize_with = "setup::tc")]
    pub tc: String,
    /// White's own time control (PGN form), if it differs.
    #[serde(deserialize_with = "setup::tc_white")]
    pub tc_white: String,
    /// Black's own time control (PGN form), if it differs.
    #[serde(deserialize_with = "setup::tc_black")]
    pub tc_black: String,
    /// Start from this FEN.
    #[serde(deserialize_with = "setup::fen")]
    pub fen: String,
    /// Start from this Chess960 position (0-959).
    #[serde(deserialize_with = "setup::chess960")]
    pub chess960: String,
    /// White's name on the scoresheet.
    #[serde(deserialize_with = "setup::white")]
    pub white: String,
    /// Black's name.
    #[serde(deserialize_with = "setup::black")]
    pub black: String,
    /// The event.
    #[serde(deserialize_with = "setup::event")]
    pub event: String,
    /// The site.
    #[serde(deserialize_with = "setup::site")]
    pub site: String,
    /// The date, `YYYY.MM.DD`.
    #[serde(deserialize_with = "setup::date")]
    pub date: String,
    /// The round.
    #[serde(deserialize_with = "setup::round")]
    pub round: String,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            lang: "de".into(),
            vi: "white".into(),
            assistant: false,
            confirm: "explicit".into(),
            confirm_sighted: "immediate".into(),
            tc: "-".into(),
            tc_white: String::new(),
            tc_black: String::new(),
            fen: String::new(),
            chess960: String::new(),
            white: "?".into(),
            black: "?".into(),
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
        }
    }
}

/// How a player enters moves (FIDE Laws D.2.1: announced; D.2.4: by the sighted player on
/// the board and the station).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InputMethod {
    /// Spoken, through the microphone and the recognizer.
    Voice,
    /// Typed or routed on the Braille display's keys.
    Braille,
    /// Typed on the console.
    #[default]
    Console,
}

/// `[input]`: how each side enters moves.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Inputs {
    /// White's input: `voice`, `braille` or `console`.
    pub white: InputMethod,
    /// Black's input.
    pub black: InputMethod,
}

/// `[announce]`: what the audio clock says by itself (FIDE Laws D.2.5.c, 6.3); each can
/// be switched off.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Announce {
    /// FIDE Laws D.2.5.c: after each made move its number, to the visually impaired.
    #[serde(deserialize_with = "flag")]
    pub moves: bool,
    /// The remaining time at intervals.
    #[serde(deserialize_with = "flag")]
    pub reminders: bool,
    /// Passing a time control.
    #[serde(deserialize_with = "flag")]
    pub control_alarm: bool,
    /// Alarms at thresholds, `m:ss` readings separated by commas (`2:00,0:30`), or `off`.
    #[serde(deserialize_with = "setup::low_time")]
    pub low_time: String,
}

impl Default for Announce {
    fn default() -> Announce {
        Announce {
            moves: true,
            reminders: true,
            control_alarm: true,
            low_time: "off".into(),
        }
    }
}

/// `[speech]`: the voice of the station (speech-dispatcher).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Speech {
    /// Speak at all.
    #[serde(deserialize_with = "flag")]
    pub enabled: bool,
    /// The synthesizer's voice by name; empty: the language's default voice.
    pub voice: String,
    /// Speaking rate, a multiple of the voice's normal rate (0.25-4).
    pub rate: f32,
    /// Volume, 0-1.
    pub volume: f32,
    /// Pitch, a multiple of the voice's normal pitch (0.25-4).
    pub pitch: f32,
    /// Short sounds (earcons) for events at all (off: none of the three below).
    #[serde(deserialize_with = "flag")]
    pub earcons: bool,
    /// The earcon of a made move (a short rising chime).
    #[serde(deserialize_with = "flag")]
    pub earcon_made: bool,
    /// The earcon before an error message (not understood, illegal).
    #[serde(deserialize_with = "flag")]
    pub earcon_error: bool,
    /// The low-time tick in the listener's last minute.
    #[serde(deserialize_with = "flag")]
    pub earcon_tick: bool,
}

impl Default for Speech {
    fn default() -> Speech {
        Speech {
            enabled: true,
            voice: String::new(),
            rate: 1.0,
            volume: 1.0,
            pitch: 1.0,
            earcons: true,
            earcon_made: true,
            earcon_error: true,
            earcon_tick: true,
        }
    }
}

/// `[braille]`: the Braille display (BRLTTY through BrlAPI).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Braille {
    /// Use the display at all.
    #[serde(deserialize_with = "flag")]
    pub enabled: bool,
    /// BrlAPI host (`host:port` or `:1`); empty: `$BRLAPI_HOST` or the local BRLTTY.
    pub host: String,
    /// BrlAPI authorization (a key file, or `none`); empty: BrlAPI's default.
    pub auth: String,
    /// The visually impaired player reads Braille only: nothing is spoken to them.
    #[serde(deserialize_with = "flag")]
    pub braille_only: bool,
}

impl Default for Braille {
    fn default() -> Braille {
        Braille {
            enabled: true,
            host: String::new(),
            auth: String::new(),
            braille_only: false,
        }
    }
}

/// `[voice]`: speech recognition (vosk) and the microphone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Voice {
    /// The vosk model folder; empty: the language's model under the cache directory.
    pub model: PathBuf,
    /// The input device by name; empty: the system's default microphone.
    pub input_device: String,
    /// Keep listening while the station speaks (with a headset); otherwise the microphone
    /// ignores what it hears meanwhile, so the station does not hear itself.
    #[serde(deserialize_with = "flag")]
    pub hear_self: bool,
    /// How long the microphone stays deaf after the station stopped speaking (the room's
    /// echo), in milliseconds.
    pub tail_ms: u32,
    /// A TOML file with a `[words]` table mapping the station's words to the words the
    /// model knows (`eva = "eva"`, a respelling; the tests map German to Korean stand-ins);
    /// empty: none.
    pub word_map: PathBuf,
}

impl Default for Voice {
    fn default() -> Voice {
        Voice {
            model: PathBuf::new(),
            input_device: String::new(),
            hear_self: false,
            tail_ms: 300,
            word_map: PathBuf::new(),
        }
    }
}

/// `[journal]`: the crash-safe journal of every game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JournalSettings {
    /// Keep a journal (a crash then loses nothing).
    #[serde(deserialize_with = "flag")]
    pub enabled: bool,
    /// Where each game's folder goes; empty: `$XDG_DATA_HOME/ansage/games`.
    pub dir: PathBuf,
}

impl Default for JournalSettings {
    fn default() -> JournalSettings {
        JournalSettings {
            enabled: true,
            dir: PathBuf::new(),
        }
    }
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
    /// The settings together cannot set up a game.
    #[error("{0}")]
    Game(String),
    /// The file cannot be read.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        message: String,
    },
}

/// The script setup keys (`--set KEY=VALUE` without a section, as before settings files
/// existed) and the settings key each stands for.
pub const SCRIPT_KEYS: [(&str, &str); 19] = [
    ("lang", "game.lang"),
    ("vi", "game.vi"),
    ("confirm", "game.confirm"),
    ("confirm_sighted", "game.confirm_sighted"),
    ("tc", "game.tc"),
    ("tc_white", "game.tc_white"),
    ("tc_black", "game.tc_black"),
    ("fen", "game.fen"),
    ("chess960", "game.chess960"),
    ("white", "game.white"),
    ("black", "game.black"),
    ("event", "game.event"),
    ("site", "game.site"),
    ("date", "game.date"),
    ("round", "game.round"),
    ("announce_moves", "announce.moves"),
    ("reminders", "announce.reminders"),
    ("control_alarm", "announce.control_alarm"),
    ("low_time", "announce.low_time"),
];

/// The layers of settings: a file's keys, then the command line's, merged key by key.
/// Each layer is checked as it is added, so an error names its file line or its option.
#[derive(Clone, Debug, Default)]
pub struct Layers {
    table: toml::Table,
    /// An option of the command line set a key of `[game]` or `[announce]`.
    cli_game: bool,
}

impl Layers {
    /// Built-in defaults only.
    pub fn new() -> Layers {
        Layers::default()
    }

    /// Adds a configuration file's text; `origin` names it in errors.
    pub fn file(&mut self, text: &str, origin: &str) -> Result<(), SettingsError> {
        let file_error = |e: toml::de::Error| {
            let (line, key) = locate(text, e.span().map_or(0, |s| s.start));
            SettingsError::File {
                origin: origin.to_owned(),
                line,
                key,
                message: explain(e.message()),
            }
        };
        toml::from_str::<Settings>(text).map_err(file_error)?;
        let table: toml::Table = toml::from_str(text).map_err(file_error)?;
        for (section, value) in table {
            match (self.table.get_mut(&section), value) {
                (Some(toml::Value::Table(old)), toml::Value::Table(new)) => old.extend(new),
                (_, value) => {
                    self.table.insert(section, value);
                }
            }
        }
        Ok(())
    }

    /// Reads the file at `path`, or the default file if there is one (`None`:
    /// `$XDG_CONFIG_HOME/ansage/config.toml`; a missing default file is no error).
    pub fn load(&mut self, path: Option<&Path>) -> Result<(), SettingsError> {
        let (path, required) = match path {
            Some(p) => (p.to_path_buf(), true),
            None => match default_path() {
                Some(p) => (p, false),
                None => return Ok(()),
            },
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => {
                return Err(SettingsError::Io {
                    path,
                    message: e.to_string(),
                });
            }
        };
        self.file(&text, &path.display().to_string())
    }

    /// `--set KEY=VALUE`: `section.key=value`, or a script setup key (`announce_moves=off`,
    /// see [`SCRIPT_KEYS`]).
    pub fn set(&mut self, assignment: &str) -> Result<(), SettingsError> {
        let option = format!("--set {assignment}");
        let Some((key, value)) = assignment.split_once('=') else {
            return Err(SettingsError::Option {
                option,
                message: "expected KEY=VALUE".into(),
            });
        };
        self.assign(key.trim(), value, option)
    }

    /// Sets one key (`section.key`, or a script setup key) to a value as written on the
    /// command line: a TOML value (`1.5`, `true`, `"Ana"`), or else the text itself. Every
    /// named flag goes through here.
    pub fn set_key(&mut self, key: &str, value: &str) -> Result<(), SettingsError> {
        self.assign(key, value, format!("{key}={value}"))
    }

    fn assign(&mut self, key: &str, value: &str, option: String) -> Result<(), SettingsError> {
        let err = |message: String| SettingsError::Option {
            option: option.clone(),
            message,
        };
        let key = SCRIPT_KEYS
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(key, |(_, full)| full);
        let Some((section, name)) = key.split_once('.') else {
            let known: Vec<&str> = SCRIPT_KEYS.iter().map(|(k, _)| *k).collect();
            let hint = did_you_mean(key, &known)
                .map(|k| format!("; did you mean `{k}`?"))
                .unwrap_or_default();
            return Err(err(format!(
                "unknown key `{key}`: expected section.key (game.lang, speech.rate, …) or a script setup key{hint}"
            )));
        };
        let mut single = toml::Table::new();
        let mut inner = toml::Table::new();
        inner.insert(name.to_owned(), cli_value(value));
        single.insert(section.to_owned(), toml::Value::Table(inner.clone()));
        toml::Value::Table(single)
            .try_into::<Settings>()
            .map_err(|e| err(explain(e.message())))?;
        self.cli_game |= matches!(section, "game" | "announce");
        match self.table.get_mut(section) {
            Some(toml::Value::Table(old)) => old.extend(inner),
            _ => {
                self.table
                    .insert(section.to_owned(), toml::Value::Table(inner));
            }
        }
        Ok(())
    }

    /// The settings of all layers together.
    pub fn settings(&self) -> Result<Settings, SettingsError> {
        toml::Value::Table(self.table.clone())
            .try_into::<Settings>()
            .map_err(|e| SettingsError::Game(explain(e.message())))
    }

    /// Whether a command-line option set a key of the game (`[game]`, `[announce]`): a
    /// resumed game takes those from its journal, so `--resume` refuses them (a file's are
    /// simply not used).
    pub fn cli_sets_game(&self) -> bool {
        self.cli_game
    }
}

/// `$XDG_CONFIG_HOME/ansage/config.toml`, or `~/.config/ansage/config.toml`.
pub fn default_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("ansage/config.toml"))
}

impl Settings {
    /// The core's configuration of a game: every key of `[game]` and `[announce]` through
    /// the script setup reader ([`script::apply_setup`]).
    pub fn to_config(&self) -> Result<Config, SettingsError> {
        let g = &self.game;
        let a = &self.announce;
        if !g.fen.is_empty() && !g.chess960.is_empty() {
            return Err(SettingsError::Game(
                "game.fen and game.chess960 exclude each other".into(),
            ));
        }
        let on = |b: bool| if b { "on" } else { "off" };
        let pairs = [
            ("lang", g.lang.as_str()),
            ("vi", &g.vi),
            ("confirm", &g.confirm),
            ("confirm_sighted", &g.confirm_sighted),
            ("tc", &g.tc),
            ("tc_white", &g.tc_white),
            ("tc_black", &g.tc_black),
            ("fen", &g.fen),
            ("chess960", &g.chess960),
            ("white", &g.white),
            ("black", &g.black),
            ("event", &g.event),
            ("site", &g.site),
            ("date", &g.date),
            ("round", &g.round),
            ("announce_moves", on(a.moves)),
            ("reminders", on(a.reminders)),
            ("control_alarm", on(a.control_alarm)),
            ("low_time", &a.low_time),
        ];
        let mut config = Config::default();
        for (key, value) in pairs {
            if !value.is_empty() {
                script::apply_setup(&mut config, key, value).map_err(SettingsError::Game)?;
            }
        }
        Ok(config)
    }

    /// The settings as a TOML file (`ansage config --print`).
    pub fn to_toml(&self) -> String {
        // Every field is a plain string, number, boolean or path: this cannot fail.
        toml::to_string(self).unwrap_or_else(|e| format!("# cannot be written: {e}\n"))
    }
}

/// A command-line value: a TOML value if it reads as one (`1.5`, `true`, `300`,
/// `"Ana Bell"`), else the text itself (`900+10`, `Ana`, `2:00,0:30`).
fn cli_value(text: &str) -> toml::Value {
    match toml::from_str::<toml::Table>(&format!("v = {text}")) {
        Ok(mut t) => match t.remove("v") {
            Some(toml::Value::Datetime(_) | toml::Value::Table(_)) | None => {
                toml::Value::String(text.to_owned())
            }
            Some(v) => v,
        },
        Err(_) => toml::Value::String(text.to_owned()),
    }
}

/// The line (1-based) of byte `offset` in `text` and the key there: `section.key` for a
/// `key = value` line under `[section]`, or the section of a header line.
fn locate(text: &str, offset: usize) -> (usize, String) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let mut section = String::new();
    let mut key = String::new();
    for (i, l) in text.lines().enumerate().take(line) {
        let l = l.trim();
        if let Some(header) = l.strip_prefix('[') {
            section = header
                .trim_start_matches('[')
                .split(']')
                .next()
                .unwrap_or_default()
                .trim()
                .to_owned();
            if i + 1 == line {
                key = section.clone();
            }
        } else if i + 1 == line {
            let name = l.split('=').next().unwrap_or_default().trim();
            let name = name.trim_matches(|c| c == '"' || c == '\'');
            key = match section.as_str() {
                "" => name.to_owned(),
                s => format!("{s}.{name}"),
            };
        }
    }
    (line, key)
}

/// A deserializer's message, with a did-you-mean for an unknown key.
fn explain(message: &str) -> String {
    let message = message.trim();
    let Some(rest) = message.strip_prefix("unknown field `") else {
        return message.to_owned();
    };
    let Some((unknown, expected)) = rest.split_once('`') else {
        return message.to_owned();
    };
    let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    match did_you_mean(unknown, &known) {
        Some(k) => format!("{message}; did you mean `{k}`?"),
        None => message.to_owned(),
    }
}

/// The known name closest to `unknown` (edit distance at most a third of its length, and
/// at least 1), if any.
fn did_you_mean<'a>(unknown: &str, known: &[&'a str]) -> Option<&'a str> {
    let limit = (unknown.chars().count() / 3).max(1);
    known
        .iter()
        .map(|k| (edit_distance(unknown, k), *k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The edit distance over characters where swapping two neighbours counts as one edit
/// (optimal string alignment: "lnag" is one edit from "lang").
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// A boolean written `true`/`false`, or `on`/`off`/`yes`/`no` as in scripts.
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    struct Flag;
    impl serde::de::Visitor<'_> for Flag {
        type Value = bool;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("true or false (on or off)")
        }
        fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<bool, E> {
            Ok(v)
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<bool, E> {
            match v {
                "on" | "yes" | "true" => Ok(true),
                "off" | "no" | "false" => Ok(false),
                _ => Err(E::custom(format!("{v:?}: expected on or off"))),
            }
        }
    }
    d.deserialize_any(Flag)
}

/// Text, also written as a number (`tc = 300`, `chess960 = 518`).
fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    struct Text;
    impl serde::de::Visitor<'_> for Text {
        type Value = String;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a text")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<String, E> {
            Ok(v.to_owned())
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<String, E> {
            Ok(v.to_string())
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<String, E> {
            Ok(v.to_string())
        }
        fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<String, E> {
            Ok(v.to_string())
        }
    }
    d.deserialize_any(Text)
}

/// Reads a `[game]`/`[announce]` value and checks it with the script setup reader.
fn setup_value<'de, D: Deserializer<'de>>(key: &str, d: D) -> Result<String, D::Error> {
    let value = text(d)?;
    if value.is_empty() {
        return Ok(value);
    }
    let mut scratch = Config::default();
    script::apply_setup(&mut scratch, key, &value).map_err(|e| {
        let plain = e
            .strip_prefix(&format!("{key}={value}: "))
            .map_or(e.clone(), |rest| format!("{value:?}: {rest}"));
        serde::de::Error::custom(plain)
    })?;
    if matches!(key, "fen" | "chess960") {
        scratch
            .start
            .position()
            .map_err(|e| serde::de::Error::custom(format!("{value:?}: {e}")))?;
    }
    Ok(value)
}

/// One checking deserializer per script setup key.
mod setup {
    use serde::Deserializer;

    macro_rules! keys {
        ($($name:ident),*) => {$(
            pub(super) fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
                super::setup_value(stringify!($name), d)
            }
        )*};
    }
    keys!(
        lang,
        vi,
        confirm,
        confirm_sighted,
        tc,
        tc_white,
        tc_black,
        fen,
        chess960,
        white,
        black,
        event,
        site,
        date,
        round,
        low_time
    );
}

#[cfg(test)]
mod tests;
