//! The archive unpacked into the staging folder, and the structure a vosk model has.

use std::path::{Path, PathBuf};

use super::{InstallError, disk_error};

/// Unpacks the zip archive `zip` into `into` and returns the model's folder in it: `NAME/`
/// as the publisher packs it, or `into` itself when the archive holds the model's files
/// at its top. A name that would leave `into` is refused by the zip crate.
pub(super) fn unpack(zip: &Path, into: &Path, name: &str) -> Result<PathBuf, InstallError> {
    let file = std::fs::File::open(zip).map_err(|e| disk_error(zip, e))?;
    let mut archive =
        zip::ZipArchive::new(file).map_err(|e| InstallError::Archive(e.to_string()))?;
    archive.extract(into).map_err(|e| match e {
        zip::result::ZipError::Io(io) => disk_error(into, io),
        other => InstallError::Archive(other.to_string()),
    })?;
    let named = into.join(name);
    Ok(if named.is_dir() {
        named
    } else {
        into.to_path_buf()
    })
}

/// The files of a vosk model of the publisher's current layout.
const CURRENT: [&str; 2] = ["am/final.mdl", "conf/model.conf"];
/// The same files in the older layout, at the top.
const OLDER: [&str; 2] = ["final.mdl", "mfcc.conf"];
/// The decoding graphs, one of which a model has (in `graph/` or at the top).
const GRAPHS: [&str; 2] = ["HCLG.fst", "HCLr.fst"];

/// Why a folder is no model the recognizer can load.
#[derive(Debug, thiserror::Error)]
pub enum NotAModel {
    /// A model file of both layouts is missing.
    #[error("{} has no {} (nor the older layout's {})", dir.display(), CURRENT.join(", "), OLDER.join(", "))]
    Files {
        /// The folder.
        dir: PathBuf,
    },
    /// No decoding graph.
    #[error("{} has no decoding graph ({})", dir.display(), GRAPHS.join(" or "))]
    Graph {
        /// The folder.
        dir: PathBuf,
    },
    /// The files are there, but the recognizer does not load them.
    #[error("the recognizer does not load it: {0}")]
    Load(Box<dyn std::error::Error + Send + Sync>),
}

/// The files every vosk model has (a model of the publisher's current layout, or of the
/// older one with its files at the top), checked before vosk itself loads it.
pub fn structure(dir: &Path) -> Result<(), NotAModel> {
    let has = |files: &[&str]| files.iter().all(|f| dir.join(f).is_file());
    if !(has(&CURRENT) || has(&OLDER)) {
        return Err(NotAModel::Files {
            dir: dir.to_path_buf(),
        });
    }
    let graph = dir.join("graph");
    if !GRAPHS
        .iter()
        .any(|g| graph.join(g).is_file() || dir.join(g).is_file())
    {
        return Err(NotAModel::Graph {
            dir: dir.to_path_buf(),
        });
    }
    Ok(())
}
