//! Where the engine is: the setting `engine.path` if set (a bare name is looked up on
//! `PATH`), else `stockfish` on `PATH`, else Debian's `/usr/games/stockfish`
//! (`/usr/games` is not on root's `PATH`).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use super::{EngineError, PACKAGE};

/// Where Debian's package puts the engine.
pub const DEBIAN_PATH: &str = "/usr/games/stockfish";

/// The engine to start: `setting` (empty: the default), looked up on `path_env` (the
/// value of `PATH`) when it is a bare name.
pub fn find(setting: &Path, path_env: Option<&OsStr>) -> Result<PathBuf, EngineError> {
    let on_path = |name: &OsStr| {
        std::env::split_paths(path_env.unwrap_or_default())
            .map(|dir| dir.join(name))
            .find(|p| is_program(p))
    };
    let mut tried = Vec::new();
    if !setting.as_os_str().is_empty() {
        if setting.components().count() == 1
            && let Some(found) = on_path(setting.as_os_str())
        {
            return Ok(found);
        }
        if is_program(setting) {
            return Ok(setting.to_path_buf());
        }
        tried.push(setting.display().to_string());
    } else {
        if let Some(found) = on_path(OsStr::new(PACKAGE)) {
            return Ok(found);
        }
        tried.push(format!("{PACKAGE} on PATH"));
        if is_program(Path::new(DEBIAN_PATH)) {
            return Ok(PathBuf::from(DEBIAN_PATH));
        }
        tried.push(DEBIAN_PATH.to_owned());
    }
    Err(EngineError::NotFound {
        tried: tried.join(", "),
    })
}

/// A file this user may run.
fn is_program(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    #[test]
    fn the_setting_then_path_then_debian() {
        let dir = tempfile::tempdir().unwrap();
        let prog = dir.path().join("fakefish");
        std::fs::write(&prog, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).unwrap();
        let plain = dir.path().join("plain");
        std::fs::write(&plain, "").unwrap();
        let path_env = dir.path().as_os_str();

        assert_eq!(find(&prog, None).unwrap(), prog);
        assert_eq!(find(Path::new("fakefish"), Some(path_env)).unwrap(), prog);
        let err = find(&plain, Some(path_env)).unwrap_err().to_string();
        assert!(err.contains("plain") && err.contains(PACKAGE), "{err}");
        let err = find(Path::new("nofish"), Some(path_env)).unwrap_err();
        assert!(matches!(err, EngineError::NotFound { .. }), "{err}");
        // The default: stockfish on PATH (none in the empty folder), then Debian's place.
        match find(Path::new(""), Some(path_env)) {
            Ok(p) => assert_eq!(p, Path::new(DEBIAN_PATH)),
            Err(e) => assert!(e.to_string().contains(DEBIAN_PATH), "{e}"),
        }
    }
}
