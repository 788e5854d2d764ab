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

/// The files every vosk model has (a model of the publisher's current layout, or of the
/// older one with its files at the top), checked before vosk itself loads it.
pub fn structure(dir: &Path) -> Result<(), String> {
    let current = ["am/final.mdl", "conf/model.conf"];
    let older = ["final.mdl", "mfcc.conf"];
    let has = |files: &[&str]| files.iter().all(|f| dir.join(f).is_file());
    if !(has(&current) || has(&older)) {
        return Err(format!(
            "{} has no {} (nor the older layout's {})",
            dir.display(),
            current.join(", "),
            older.join(", ")
        ));
    }
    let graph = dir.join("graph");
    let graphs = ["HCLG.fst", "HCLr.fst"];
    if !graphs
        .iter()
        .any(|g| graph.join(g).is_file() || dir.join(g).is_file())
    {
        return Err(format!(
            "{} has no decoding graph ({})",
            dir.display(),
            graphs.join(" or ")
        ));
    }
    Ok(())
}
