//! The setup line of a script and of the journal, `@0.000 arbiter setup KEY=VALUE …`:
//! reading its pairs into a configuration, and writing a configuration as one.

use crate::core::setup::SessionSetup;

use super::{GameSettings, KEYS, SettingError};

/// Why the text after `setup` is not `KEY=VALUE` pairs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairsError {
    /// No `=` where a pair begins.
    #[error("expected KEY=VALUE at {0:?}")]
    NoValue(String),
    /// A quoted value without its closing quote.
    #[error("unclosed quote in {0}=")]
    Unclosed(String),
}

/// Splits `KEY=VALUE KEY="VALUE WITH SPACES"` pairs.
pub fn setup_pairs(text: &str) -> Result<Vec<(String, String)>, PairsError> {
    let mut pairs = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (key, after) = rest
            .split_once('=')
            .ok_or_else(|| PairsError::NoValue(rest.to_owned()))?;
        let (value, after) = if let Some(quoted) = after.strip_prefix('"') {
            let end = quoted
                .find('"')
                .ok_or_else(|| PairsError::Unclosed(key.to_owned()))?;
            (quoted[..end].to_owned(), &quoted[end + 1..])
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (after[..end].to_owned(), &after[end..])
        };
        pairs.push((key.trim().to_owned(), value));
        rest = after.trim_start();
    }
    Ok(pairs)
}

/// The configuration of a setup line's pairs: each key set through [`super::Key::set`],
/// in any order (a player's own time control wins over `tc`), over the defaults.
pub fn read_setup(pairs: &[(String, String)]) -> Result<SessionSetup, SettingError> {
    let mut settings = GameSettings::default();
    for (key, value) in pairs {
        settings.apply(key, value)?;
    }
    Ok(settings.to_setup()?)
}

/// Why a configuration has no setup line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SetupLineError {
    /// A name holds what the line cannot carry.
    #[error("this setup cannot be written as a setup line: {0} holds a quote or a line break")]
    Unquotable(&'static str),
    /// The line does not read back.
    #[error("this setup cannot be written as a setup line: it does not read back")]
    Unreadable,
    /// The line reads back as another configuration.
    #[error(
        "this setup cannot be written as a setup line: it reads back differently (a custom \
         reminder schedule, or a time finer than the format)"
    )]
    Different,
}

/// The setup line of a configuration, `@0.000 arbiter setup KEY=VALUE …`: every key of
/// [`KEYS`] that scripts have, in its order, written by its type ([`super::Key::get`];
/// free text quoted, an empty value left out), and read back by [`read_setup`]. The line is
/// checked by reading it back; a configuration that has no line (a custom reminder
/// schedule, a quote in a name, a time finer than milliseconds) is an error rather than a
/// silently different game.
pub fn setup_line(config: &SessionSetup) -> Result<String, SetupLineError> {
    let settings = GameSettings::from_config(config);
    let mut pairs = Vec::new();
    for key in KEYS {
        let (Some(name), value) = (key.script, key.get(&settings)) else {
            continue;
        };
        if value.is_empty() {
            continue;
        }
        if !key.quoted {
            pairs.push(format!("{name}={value}"));
        } else if value.contains(['"', '\n']) {
            return Err(SetupLineError::Unquotable(name));
        } else {
            pairs.push(format!("{name}=\"{value}\""));
        }
    }
    let pairs = pairs.join(" ");
    let read = setup_pairs(&pairs).map_err(|_| SetupLineError::Unreadable)?;
    let back = read_setup(&read).map_err(|_| SetupLineError::Unreadable)?;
    if back != *config {
        return Err(SetupLineError::Different);
    }
    // The line's stamp is the start of the game, `@0.000`.
    Ok(format!("@0.000 arbiter setup {pairs}"))
}
