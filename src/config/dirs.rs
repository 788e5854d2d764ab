//! Where the station's files go by default: the XDG base directories
//! (`$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, else `~/.config` and `~/.local/share`), as the
//! `etcetera` crate finds them.

use std::path::PathBuf;

use etcetera::BaseStrategy as _;

/// There is no home directory to put the files under.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no home directory: neither $HOME nor the user database names one")]
pub struct NoHome;

fn base() -> Result<impl etcetera::BaseStrategy, NoHome> {
    etcetera::choose_base_strategy().map_err(|_| NoHome)
}

/// `$XDG_CONFIG_HOME/ansage/config.toml`, or `~/.config/ansage/config.toml`.
pub fn default_path() -> Option<PathBuf> {
    Some(base().ok()?.config_dir().join("ansage/config.toml"))
}

/// `$XDG_CONFIG_HOME/ansage`, or `~/.config/ansage`: the settings file's folder, where the
/// lichess token's file goes too.
pub fn config_dir() -> Result<PathBuf, NoHome> {
    Ok(base()?.config_dir().join("ansage"))
}

/// `$XDG_DATA_HOME/ansage`, or `~/.local/share/ansage`: the station's data (games, the
/// speech models `ansage models install` puts there).
pub fn data_dir() -> Result<PathBuf, NoHome> {
    Ok(base()?.data_dir().join("ansage"))
}

/// `$XDG_DATA_HOME/ansage/games`, or `~/.local/share/ansage/games`: where each game's
/// folder goes unless `journal.dir` says otherwise.
pub fn games_dir() -> Result<PathBuf, NoHome> {
    Ok(data_dir()?.join("games"))
}
