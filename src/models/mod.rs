//! The speech models: `ansage models install de|es|en` downloads a language's small vosk
//! model from its publisher (the setting `models.url`) into the user's data folder,
//! `$XDG_DATA_HOME/ansage/models/NAME` (`~/.local/share/ansage/models/NAME`), where the
//! station looks for it ([`model_dir`]).
//!
//! - [`catalog`]: each language's model, its archive's size and, where known, SHA-256.
//! - [`install`]: download (streamed, the size and checksum checked, a progress step at
//!   every tenth), unpack and check, all in a staging folder beside the target that is
//!   renamed into place only when the model is whole: never a half model in place, and a
//!   failure leaves nothing behind.
//! - [`InstallError`]: why an installation failed, each case a clear sentence for the user
//!   (network, server, size, checksum, full disk, archive, not a model).
//!
//! Whether vosk itself loads the unpacked model is the caller's check (`ansage` passes
//! one when built with the `vosk` feature), so this module depends on no recognizer.

pub mod catalog;
mod download;
mod unpack;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use crate::config::NoHome;
use crate::core::lang::Language;

pub use catalog::{MODELS, ModelSpec, PUBLISHER_URL, archive_url, spec};
pub use unpack::{NotAModel, structure};

/// An archive to install: the model's name (its folder), size and SHA-256 if known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Archive {
    /// The model's name: `NAME.zip`, unpacked as the folder `NAME`.
    pub name: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its SHA-256 in hex, where known.
    pub sha256: Option<String>,
}

impl From<&ModelSpec> for Archive {
    fn from(s: &ModelSpec) -> Archive {
        Archive {
            name: s.name.to_owned(),
            size: s.size,
            sha256: s.sha256.map(str::to_owned),
        }
    }
}

/// What an installation reports as it goes (each a line for a screen reader).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The download started: from where, how many bytes.
    Started {
        /// The archive's address.
        url: String,
        /// Its size in bytes.
        size: u64,
    },
    /// Another tenth downloaded: 10, 20, … 100.
    Downloading {
        /// Percent downloaded.
        percent: u8,
    },
    /// Unpacking and checking the model.
    Unpacking,
}

/// What an installation ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Installed {
    /// The model is now in this folder.
    New(PathBuf),
    /// The model was there already, in this folder; nothing was downloaded.
    Already(PathBuf),
}

/// Why a model could not be installed. Nothing of it is left in place.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    /// The server could not be reached, or the connection broke off.
    #[error("downloading {url}: {detail}")]
    Network {
        /// The address.
        url: String,
        /// What failed.
        detail: String,
    },
    /// The server answered with an error status.
    #[error("downloading {url}: the server answered {status}")]
    Http {
        /// The address.
        url: String,
        /// The HTTP status.
        status: u16,
    },
    /// The archive has not the size it must have.
    #[error("the archive has {got} bytes, expected {expected}")]
    Size {
        /// The model's size.
        expected: u64,
        /// What came (or was announced).
        got: u64,
    },
    /// The archive's SHA-256 is not the model's.
    #[error("the archive's SHA-256 is {got}, expected {expected}")]
    Checksum {
        /// The model's.
        expected: String,
        /// The archive's.
        got: String,
    },
    /// No space left on the disk (or the quota is used up).
    #[error("{}: no space left on the device", path.display())]
    DiskFull {
        /// What was being written.
        path: PathBuf,
    },
    /// A file or folder cannot be written.
    #[error("{}: {source}", path.display())]
    Disk {
        /// What was being written.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// The archive is no zip archive, or a damaged one.
    #[error("the archive cannot be unpacked: {0}")]
    Archive(String),
    /// The unpacked archive is no model vosk loads.
    #[error("the unpacked archive is no vosk model: {0}")]
    NotAModel(#[from] NotAModel),
    /// No home folder to install into.
    #[error(transparent)]
    NoHome(#[from] NoHome),
}

/// An I/O error while writing `path`: a full disk as [`InstallError::DiskFull`].
pub(crate) fn disk_error(path: &Path, e: std::io::Error) -> InstallError {
    use std::io::ErrorKind::{QuotaExceeded, StorageFull};
    if matches!(e.kind(), StorageFull | QuotaExceeded) {
        InstallError::DiskFull {
            path: path.to_owned(),
        }
    } else {
        InstallError::Disk {
            path: path.to_owned(),
            source: e,
        }
    }
}

/// Where installed models go: `$XDG_DATA_HOME/ansage/models`, or
/// `~/.local/share/ansage/models`.
pub fn models_dir() -> Result<PathBuf, NoHome> {
    Ok(crate::config::data_dir()?.join("models"))
}

/// Where the vosk model of `lang` is, in this order: the configuration (`configured`,
/// `voice.model`), the environment variable `ANSAGE_VOSK_MODEL` (its value passed as
/// `env`), then the first folder that exists of: the installed model
/// (`ansage models install`, [`models_dir`]) and `models/NAME` in the current folder (a
/// developer's clone, where `.ci/setup.sh` puts the German model). When none exists, the
/// installed model's folder, where `ansage models install` puts it. Nothing of the source
/// tree the program was built in is asked: an installed program finds what is installed.
pub fn model_dir(configured: Option<&Path>, env: Option<&OsStr>, lang: Language) -> PathBuf {
    if let Some(dir) = configured {
        return dir.to_path_buf();
    }
    if let Some(dir) = env.filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let name = spec(lang).name;
    let installed = models_dir().ok().map(|d| d.join(name));
    let candidates = [installed.clone(), Some(Path::new("models").join(name))];
    candidates
        .iter()
        .flatten()
        .find(|d| d.is_dir())
        .cloned()
        .or(installed)
        .unwrap_or_else(|| Path::new("models").join(name))
}

/// What an installation is asked to do.
pub struct Request<'a> {
    /// The archive.
    pub archive: &'a Archive,
    /// Where archives are (`models.url`).
    pub base_url: &'a str,
    /// The folder the model goes into (its folder is `dir/NAME`).
    pub dir: &'a Path,
    /// Whether a folder is a model the recognizer loads (besides [`structure`]).
    pub loads: &'a dyn Fn(&Path) -> Result<(), NotAModel>,
}

/// Downloads, checks and unpacks the model into `request.dir/NAME`, reporting each step
/// to `progress`. A model already there (one that passes the checks) is kept. Nothing of a
/// failed installation stays: its staging folder is removed.
pub async fn install(
    request: &Request<'_>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Installed, InstallError> {
    let target = request.dir.join(&request.archive.name);
    if target.is_dir() && check(&target, request.loads).is_ok() {
        return Ok(Installed::Already(target));
    }
    std::fs::create_dir_all(request.dir).map_err(|e| disk_error(request.dir, e))?;
    let staging = Staging::new(request.dir, &request.archive.name)?;
    let zip = staging.path.join("archive.zip");
    let url = archive_url(request.base_url, &request.archive.name);
    download::fetch(&url, request.archive, &zip, progress).await?;
    progress(Progress::Unpacking);
    let unpacked = staging.path.join("unpacked");
    let model = unpack::unpack(&zip, &unpacked, &request.archive.name)?;
    check(&model, request.loads)?;
    put_in_place(&model, &target, &staging.path)?;
    Ok(Installed::New(target))
}

/// The structure check, then whether the recognizer loads it.
fn check(dir: &Path, loads: &dyn Fn(&Path) -> Result<(), NotAModel>) -> Result<(), NotAModel> {
    structure(dir)?;
    loads(dir)
}

/// Renames the checked `model` to `target` (an old, broken folder there is moved into
/// the staging folder first, and goes with it), then syncs the folder that holds them.
fn put_in_place(model: &Path, target: &Path, staging: &Path) -> Result<(), InstallError> {
    if target.exists() {
        let old = staging.join("old");
        std::fs::rename(target, &old).map_err(|e| disk_error(target, e))?;
    }
    std::fs::rename(model, target).map_err(|e| disk_error(target, e))?;
    if let Some(parent) = target.parent()
        && let Ok(dir) = std::fs::File::open(parent)
    {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// The staging folder `DIR/.NAME.partPID`, removed with everything in it when dropped.
struct Staging {
    path: PathBuf,
}

impl Staging {
    fn new(dir: &Path, name: &str) -> Result<Staging, InstallError> {
        let path = dir.join(format!(".{name}.part{}", std::process::id()));
        if path.exists() {
            let _ = std::fs::remove_dir_all(&path);
        }
        std::fs::create_dir(&path).map_err(|e| disk_error(&path, e))?;
        Ok(Staging { path })
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Each language's model and the folder the station takes it from, if it is there
/// (`ansage models list`): `voice.model` and the environment are not asked, only the
/// installed and the project's models.
pub fn list() -> Vec<(&'static ModelSpec, Option<PathBuf>)> {
    MODELS
        .iter()
        .map(|m| {
            let dir = model_dir(None, None, m.lang);
            let there = structure(&dir).is_ok();
            (m, there.then_some(dir))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_dir_in_order_configuration_environment_then_the_language_s_model() {
        let conf = Path::new("/x/conf-model");
        let env = OsStr::new("/y/env-model");
        assert_eq!(model_dir(Some(conf), Some(env), Language::De), conf);
        assert_eq!(model_dir(None, Some(env), Language::De), Path::new(env));
        for lang in Language::ALL {
            let dir = model_dir(None, Some(OsStr::new("")), lang);
            assert!(dir.ends_with(spec(lang).name), "{}", dir.display());
        }
    }

    #[test]
    fn a_full_disk_is_its_own_error() {
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        assert!(matches!(
            disk_error(Path::new("/m"), full),
            InstallError::DiskFull { .. }
        ));
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        assert!(matches!(
            disk_error(Path::new("/m"), denied),
            InstallError::Disk { .. }
        ));
    }
}
