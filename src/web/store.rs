//! The web page's grants beside the journal (`journal.access` for `journal.txt`), so
//! that a resumed game (`--resume` after a crash) gives every browser its role back:
//! the table's hashes only ([`super::access::Access::stored`]), never a token or a code,
//! never in the journal or the records; the file readable by its owner only (mode 0600).
//! A new game starts with none (the file is emptied). Written by a thread of its own
//! (the newest table wins, each written whole and renamed into place), joined on stop.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;

/// Where a game's grants are kept, and whether the game is resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrantsFile {
    /// The file.
    pub path: PathBuf,
    /// The game is resumed: its grants are taken back; else it starts with none.
    pub resume: bool,
}

impl GrantsFile {
    /// The grants' file of the journal at `journal` (its name with `.access`).
    pub fn beside(journal: &Path, resume: bool) -> GrantsFile {
        GrantsFile {
            path: journal.with_extension("access"),
            resume,
        }
    }

    /// What the file holds for a resumed game (nothing for a new one, or none written).
    pub fn read(&self) -> String {
        if !self.resume {
            return String::new();
        }
        std::fs::read_to_string(&self.path).unwrap_or_default()
    }
}

#[derive(Debug, Default)]
struct Next {
    text: Option<String>,
    stop: bool,
}

#[derive(Debug, Default)]
struct Shared {
    next: Mutex<Next>,
    wake: Condvar,
}

/// The way to the writing thread: hands it the newest table.
#[derive(Clone, Debug)]
pub struct Saver(Arc<Shared>);

impl Saver {
    /// Writes `text` soon (a newer text replaces one not yet written).
    pub fn save(&self, text: String) {
        let mut next = self.0.next.lock().unwrap_or_else(PoisonError::into_inner);
        next.text = Some(text);
        self.0.wake.notify_one();
    }
}

/// The writing thread.
#[derive(Debug)]
pub struct Store {
    saver: Saver,
    thread: Option<JoinHandle<()>>,
}

impl Store {
    /// Starts the thread writing to `path`; a new game's file is emptied at once.
    pub fn open(file: &GrantsFile) -> Store {
        let saver = Saver(Arc::default());
        if !file.resume {
            saver.save(String::new());
        }
        let shared = Arc::clone(&saver.0);
        let path = file.path.clone();
        let thread = std::thread::Builder::new()
            .name("web-grants".into())
            .spawn(move || run(&shared, &path))
            .map_err(|e| tracing::error!("web: cannot start the grants' writer: {e}"))
            .ok();
        Store { saver, thread }
    }

    /// The way to hand it a table.
    pub fn saver(&self) -> Saver {
        self.saver.clone()
    }

    /// Writes what is left and joins the thread.
    pub fn close(mut self) {
        {
            let shared = &self.saver.0;
            let mut next = shared.next.lock().unwrap_or_else(PoisonError::into_inner);
            next.stop = true;
            shared.wake.notify_one();
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run(shared: &Shared, path: &Path) {
    loop {
        let text = {
            let mut next = shared.next.lock().unwrap_or_else(PoisonError::into_inner);
            while next.text.is_none() && !next.stop {
                next = shared
                    .wake
                    .wait(next)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            match next.text.take() {
                Some(text) => text,
                None => return,
            }
        };
        if let Err(e) = write(path, &text) {
            tracing::error!("web: cannot write {}: {e}", path.display());
        }
    }
}

/// Writes `text` whole into a file of mode 0600 beside `path`, synced, renamed into place.
pub fn write(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = path.with_extension("access.new");
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&tmp)?;
    #[cfg(unix)]
    file.set_permissions(std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_table_is_written_owner_only_and_read_back_on_resume() {
        let dir = tempfile::tempdir().unwrap();
        let journal = dir.path().join("journal.txt");
        let file = GrantsFile::beside(&journal, false);
        assert_eq!(file.path, dir.path().join("journal.access"));
        std::fs::write(&file.path, "old game\n").unwrap();
        let store = Store::open(&file);
        let saver = store.saver();
        saver.save("first\n".into());
        saver.save("second\n".into());
        store.close();
        let resumed = GrantsFile::beside(&journal, true);
        assert_eq!(resumed.read(), "second\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file.path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        // A new game empties it, and reads nothing.
        let store = Store::open(&file);
        store.close();
        assert_eq!(std::fs::read_to_string(&file.path).unwrap(), "");
        assert_eq!(file.read(), "");
    }
}
