//! The emulated board on a pseudo-terminal, like a board on a USB cable (features
//! `testing` and `eboard`): the station opens a stable path (a symbolic link to the pty's
//! slave side, `/dev/pts/N`) as it opens `/dev/ttyUSB0`; a thread answers on the master
//! side what the station sends, and [`Link::act`] sends what a hand does on the board.
//!
//! [`Link::unplug`] closes the master and slave handles: the station's next read fails, as
//! when the cable is pulled. [`Link::plug`] makes a new pty pair and points the link at
//! it, the board switched on again ([`Emulator::power_on`]); the station opens the same
//! path again.

use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use serialport::{SerialPort as _, TTYPort};

use super::{Emulator, HandError};

/// How long the answering thread waits for the station's bytes before it looks whether
/// it should stop.
const POLL: Duration = Duration::from_millis(50);

/// Why the link could not be made or used.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// No pseudo-terminal pair could be made.
    #[error("cannot make a pseudo-terminal: {0}")]
    Pty(#[from] serialport::Error),
    /// The symbolic link could not be made at `path`.
    #[error("cannot link {path} to the pseudo-terminal: {source}")]
    Link {
        /// The link's path.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The bytes of a hand action could not be written to the station.
    #[error("cannot write to the pseudo-terminal: {0}")]
    Write(io::Error),
    /// The hand action itself is impossible (nothing to lift, no clock).
    #[error(transparent)]
    Hand(#[from] HandError),
}

/// One plugged-in pty pair and the thread answering on it.
struct Plugged {
    /// The master side, for the hand's bytes (a clone of the thread's).
    master: TTYPort,
    /// The slave side, held open so the master never sees a hang-up between the
    /// station's opens.
    _slave: TTYPort,
    slave_path: PathBuf,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// The emulated board served on a pseudo-terminal behind a stable path.
pub struct Link {
    emulator: Arc<Mutex<Emulator>>,
    path: PathBuf,
    plugged: Option<Plugged>,
}

impl Link {
    /// Serves `emulator` on a new pty pair, with a symbolic link at `path` (replaced if it
    /// exists; its folder must exist) to the slave side.
    pub fn open(emulator: Emulator, path: impl Into<PathBuf>) -> Result<Link, LinkError> {
        let mut link = Link {
            emulator: Arc::new(Mutex::new(emulator)),
            path: path.into(),
            plugged: None,
        };
        link.plug()?;
        Ok(link)
    }

    /// The stable path the station opens.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The slave side's device (`/dev/pts/N`) while plugged in.
    pub fn slave_path(&self) -> Option<&Path> {
        self.plugged.as_ref().map(|p| p.slave_path.as_path())
    }

    /// Whether the board is plugged in.
    pub fn is_plugged(&self) -> bool {
        self.plugged.is_some()
    }

    /// Looks at or changes the emulator without sending anything (what the clock shows,
    /// the placement).
    pub fn with<T>(&self, f: impl FnOnce(&mut Emulator) -> T) -> T {
        f(&mut lock(&self.emulator))
    }

    /// A hand action (or any change) on the board: its bytes go to the station while the
    /// board is plugged in; unplugged, the pieces move all the same and the bytes are lost.
    pub fn act(
        &mut self,
        f: impl FnOnce(&mut Emulator) -> Result<Vec<u8>, HandError>,
    ) -> Result<(), LinkError> {
        let mut emulator = lock(&self.emulator);
        let bytes = f(&mut emulator)?;
        match self.plugged.as_mut() {
            Some(plugged) if !bytes.is_empty() => {
                plugged.master.write_all(&bytes).map_err(LinkError::Write)
            }
            _ => Ok(()),
        }
    }

    /// Pulls the cable: the thread stops, the pty's handles close, the station's reads
    /// fail. The link's path stays (pointing at a device that is gone).
    pub fn unplug(&mut self) {
        if let Some(mut plugged) = self.plugged.take() {
            plugged.stop.store(true, Ordering::Relaxed);
            if let Some(thread) = plugged.thread.take() {
                // The thread only ends by the flag; a panic in it has been reported.
                let _ = thread.join();
            }
        }
    }

    /// Plugs the cable in: a new pty pair, the link pointed at its slave side, the board
    /// switched on. Plugging in a plugged board does nothing.
    pub fn plug(&mut self) -> Result<(), LinkError> {
        if self.plugged.is_some() {
            return Ok(());
        }
        // The pair takes no lock on the slave side (`set_exclusive` would take a shared
        // one): the station opens it exclusively, as it opens a real board.
        let (mut master, slave) = close_on_exec(TTYPort::pair()?)?;
        let slave_path = slave
            .name()
            .map(PathBuf::from)
            .ok_or_else(|| serialport::Error::new(serialport::ErrorKind::NoDevice, "no pty"))?;
        self.point_link(&slave_path)?;
        let mut reader = master.try_clone_native()?;
        reader.set_timeout(POLL)?;
        master.set_timeout(POLL)?;
        lock(&self.emulator).power_on();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (emulator, stop) = (Arc::clone(&self.emulator), Arc::clone(&stop));
            std::thread::Builder::new()
                .name("eboard-emulator".into())
                .spawn(move || answer(reader, &emulator, &stop))
                .map_err(|e| {
                    serialport::Error::new(serialport::ErrorKind::Io(e.kind()), e.to_string())
                })?
        };
        self.plugged = Some(Plugged {
            master,
            _slave: slave,
            slave_path,
            stop,
            thread: Some(thread),
        });
        Ok(())
    }

    /// Points the symbolic link at `target`, replacing it in one step.
    fn point_link(&self, target: &Path) -> Result<(), LinkError> {
        let error = |source| LinkError::Link {
            path: self.path.clone(),
            source,
        };
        let mut fresh = self.path.clone().into_os_string();
        fresh.push(".new");
        let fresh = PathBuf::from(fresh);
        match std::fs::remove_file(&fresh) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(error(e)),
            _ => {}
        }
        std::os::unix::fs::symlink(target, &fresh).map_err(error)?;
        std::fs::rename(&fresh, &self.path).map_err(error)
    }
}

impl Drop for Link {
    /// Unplugs the board and removes the link.
    fn drop(&mut self) {
        self.unplug();
        // Best effort: a link already gone is what we want.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Close-on-exec copies of a new pty pair's handles, the pair's own closed:
/// `TTYPort::pair` opens both without `O_CLOEXEC`, so every child process started while
/// they are open (a station the tests start) would inherit them and keep the pty alive
/// after [`Link::unplug`]: the station would never see the cable pulled.
fn close_on_exec((master, slave): (TTYPort, TTYPort)) -> serialport::Result<(TTYPort, TTYPort)> {
    Ok((master.try_clone_native()?, slave.try_clone_native()?))
}

/// The answering thread: the station's bytes in, the emulator's answers out, until told
/// to stop.
fn answer(mut master: TTYPort, emulator: &Mutex<Emulator>, stop: &AtomicBool) {
    let mut buf = [0u8; 256];
    while !stop.load(Ordering::Relaxed) {
        match master.read(&mut buf) {
            Ok(n) if n > 0 => {
                let mut emulator = lock(emulator);
                let answer = emulator.receive(&buf[..n]);
                if !answer.is_empty() {
                    // A station that stopped reading loses the answer, as on a real line.
                    if let Err(e) = master.write_all(&answer) {
                        tracing::debug!("emulated board: answer lost: {e}");
                    }
                }
            }
            Ok(_) => std::thread::sleep(POLL),
            Err(e) if e.kind() == io::ErrorKind::TimedOut => {}
            Err(e) => {
                tracing::debug!("emulated board: reading: {e}");
                std::thread::sleep(POLL);
            }
        }
    }
}

/// The emulator, even after a panic elsewhere (its state stays consistent per call).
fn lock(emulator: &Mutex<Emulator>) -> MutexGuard<'_, Emulator> {
    emulator.lock().unwrap_or_else(PoisonError::into_inner)
}
