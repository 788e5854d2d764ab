//! The layers of settings: built-in defaults, a file's keys, then the command line's,
//! merged key by key. Each layer is read as it is added, so an error names its file line
//! or its option; a misspelt key gets a did-you-mean.

use std::path::Path;

use crate::core::settings::{KEYS, Key, Section, script_key};

use super::{Settings, SettingsError, default_path};

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
    /// see [`KEYS`]).
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
        let path = script_key(key).map(Key::path);
        let key = path.as_deref().unwrap_or(key);
        let Some((section, name)) = key.split_once('.') else {
            let known: Vec<&str> = KEYS.iter().filter_map(|k| k.script).collect();
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
        self.cli_game |= Section::named(section).is_some();
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
            .map_err(|e| SettingsError::Layers(explain(e.message())))
    }

    /// Whether a command-line option set a key of the game (`[game]`, `[announce]`): a
    /// resumed game takes those from its journal, so `--resume` refuses them (a file's are
    /// simply not used).
    pub fn cli_sets_game(&self) -> bool {
        self.cli_game
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
/// at least 1), if any. The distance is the optimal string alignment's: swapping two
/// neighbours counts as one edit ("lnag" is one edit from "lang").
pub(super) fn did_you_mean<'a>(unknown: &str, known: &[&'a str]) -> Option<&'a str> {
    let limit = (unknown.chars().count() / 3).max(1);
    known
        .iter()
        .map(|k| (strsim::osa_distance(unknown, k), *k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}
