//! A game's records, kept current (FIDE Laws 8.1, D.2.6): the PGN and the Braille scoresheet
//! written into its folder after every made move (and at the end), each atomically (a
//! temporary file in the same folder, synced, then renamed over the old one), so that a
//! crash leaves the last complete records beside the journal, never a torn file; and where
//! the audio scoresheet went.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;

use crate::app::AppError;
use crate::core::output::Output;
use crate::core::phrases::Message;
use crate::core::scoresheet::brf;
use crate::core::session::Session;
use crate::core::setup::GameInfo;
use crate::core::step_view::StepView;
use crate::core::time::Timestamp;
use crate::station::Sink;

/// FIDE Laws 8.1: the game's date on the scoresheet (PGN `YYYY.MM.DD`), set to `today`
/// when the settings leave it unknown; a date given is kept.
pub fn date_the_game(info: &mut GameInfo, today: chrono::NaiveDate) {
    let unknown = info.date.trim().is_empty() || info.date.chars().all(|c| matches!(c, '?' | '.'));
    if unknown {
        info.date = today.format("%Y.%m.%d").to_string();
    }
}

/// Writes `text` to `path` atomically: into a temporary file in the same folder, synced to
/// disk, then renamed over `path` (and the folder synced), so that `path` always holds a
/// whole version, the old or the new.
pub fn write_file(path: &Path, text: &str) -> Result<(), AppError> {
    let err = |source| AppError::Write {
        path: path.to_owned(),
        source,
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or("records".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(err(e));
    }
    // The rename itself on disk (a crash right after keeps the new name).
    if let Ok(folder) = std::fs::File::open(dir) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// Writes the game as PGN to `path` (atomically).
pub fn write_pgn(session: &Session, path: &Path) -> Result<(), AppError> {
    write_file(path, &session.pgn())
}

/// Where a game's records went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The PGN.
    pub pgn: PathBuf,
    /// The Braille scoresheet.
    pub brf: PathBuf,
    /// The audio scoresheet and its marks, if the microphone was recorded.
    pub wav: Option<(PathBuf, PathBuf)>,
}

impl Written {
    /// Where each record went, one line each in the session's words (`play`'s console).
    pub fn messages(&self) -> Vec<Message> {
        let path = |p: &Path| p.display().to_string();
        let mut said = Vec::new();
        said.push(Message::new("console-pgn").arg("path", path(&self.pgn)));
        said.push(Message::new("console-brf").arg("path", path(&self.brf)));
        if let Some((wav, marks)) = &self.wav {
            said.push(
                Message::new("console-wav")
                    .arg("path", path(wav))
                    .arg("marks", path(marks)),
            );
        }
        said
    }

    /// Where each record went, as `PGN: PATH` lines (the demo's report).
    pub fn lines(&self) -> Vec<String> {
        let mut said = vec![
            format!("PGN: {}", self.pgn.display()),
            format!("BRF: {}", self.brf.display()),
        ];
        if let Some((wav, marks)) = &self.wav {
            said.push(format!(
                "WAV: {} (marks: {})",
                wav.display(),
                marks.display()
            ));
        }
        said
    }
}

/// The files of a game's records and their texts now.
fn texts(step: &StepView, folder: Option<&Path>, pgn_out: Option<&Path>) -> Vec<(PathBuf, String)> {
    let text = step.pgn.to_string();
    let mut out = Vec::new();
    if let Some(dir) = folder {
        out.push((dir.join("game.pgn"), text.clone()));
        let brf = brf::render_brf(&step.sheet, step.lang);
        out.push((dir.join("game.brf"), brf));
    }
    if let Some(path) = pgn_out {
        out.push((path.to_owned(), text));
    }
    out
}

/// Writes the game's PGN and Braille scoresheet into its folder; says where each went
/// (and where the audio scoresheet is, if one was recorded).
pub fn write(session: &Session, dir: &Path) -> Result<Written, AppError> {
    for (path, text) in texts(&StepView::of(session), Some(dir), None) {
        write_file(&path, &text)?;
    }
    let pgn = dir.join("game.pgn");
    let brf = dir.join("game.brf");
    let wav: PathBuf = dir.join("game.wav");
    let wav = wav.is_file().then(|| {
        let marks = crate::recorder::audio::index_path(&wav);
        (wav, marks)
    });
    Ok(Written { pgn, brf, wav })
}

/// FIDE Laws 8.1 and D.2.6: the records kept current while the game is played. After each
/// step of the station it looks at the game; when the PGN differs from the last one
/// written (a move made or taken back, a draw offer, the result), the PGN and BRF are
/// handed to a writer thread, which writes the newest of them atomically
/// ([`write_file`]), so the station never waits for the disk. Dropping the sink waits
/// until everything handed over is written.
pub struct RecordsSink {
    folder: Option<PathBuf>,
    pgn_out: Option<PathBuf>,
    /// The PGN last handed over: the session renders it again only when the moves or the
    /// result changed, so an unchanged step hands the same `Arc` (compared by address).
    last: Option<Arc<str>>,
    sender: Option<mpsc::Sender<Vec<(PathBuf, String)>>>,
    writer: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for RecordsSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecordsSink")
            .field("folder", &self.folder)
            .field("pgn_out", &self.pgn_out)
            .finish_non_exhaustive()
    }
}

impl RecordsSink {
    /// Keeps `game.pgn` and `game.brf` in `folder` current, and the PGN at `pgn_out`.
    pub fn new(folder: Option<PathBuf>, pgn_out: Option<PathBuf>) -> RecordsSink {
        let (sender, receiver) = mpsc::channel::<Vec<(PathBuf, String)>>();
        let writer = std::thread::Builder::new()
            .name("records".into())
            .spawn(move || {
                while let Ok(mut files) = receiver.recv() {
                    // Only the newest version matters.
                    while let Ok(newer) = receiver.try_recv() {
                        files = newer;
                    }
                    for (path, text) in files {
                        if let Err(e) = write_file(&path, &text) {
                            tracing::error!("records: {e}: {:?}", std::error::Error::source(&e));
                        }
                    }
                }
            })
            .ok();
        RecordsSink {
            folder,
            pgn_out,
            last: None,
            sender: writer.is_some().then_some(sender),
            writer,
        }
    }
}

impl Sink for RecordsSink {
    fn deliver(&mut self, _at: Timestamp, _outputs: &[Output]) {}

    fn observe(&mut self, step: &StepView) {
        let same = |last: &Arc<str>| Arc::ptr_eq(last, &step.pgn) || **last == *step.pgn;
        if self.last.as_ref().is_some_and(same) {
            return;
        }
        let now = Arc::clone(&step.pgn);
        let files = texts(step, self.folder.as_deref(), self.pgn_out.as_deref());
        if let Some(sender) = &self.sender
            && sender.send(files).is_ok()
        {
            self.last = Some(now);
        }
    }
}

impl Drop for RecordsSink {
    fn drop(&mut self) {
        self.sender = None;
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_date_is_set_only_when_unknown() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        for (given, want) in [
            ("????.??.??", "2026.11.24"),
            ("?", "2026.11.24"),
            ("", "2026.11.24"),
            ("2025.03.14", "2025.03.14"),
            ("2025.??.??", "2025.??.??"),
        ] {
            let mut info = GameInfo {
                date: given.into(),
                ..GameInfo::default()
            };
            date_the_game(&mut info, today);
            assert_eq!(info.date, want, "{given:?}");
        }
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.pgn");
        write_file(&path, "old").unwrap();
        write_file(&path, "new text").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new text");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["game.pgn"]);
        // A folder that is not there: an error naming the file, nothing left behind.
        let missing = dir.path().join("no/such/game.pgn");
        assert!(
            matches!(write_file(&missing, "x"), Err(AppError::Write { path, .. }) if path == missing)
        );
    }
}
