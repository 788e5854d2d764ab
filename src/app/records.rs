//! A game's records at the end: the PGN and the Braille scoresheet written into its
//! folder (FIDE Laws D.2.6), and where the audio scoresheet went.

use std::path::{Path, PathBuf};

use crate::app::AppError;
use crate::core::phrases::Message;
use crate::core::record::pgn;
use crate::core::scoresheet::{Sheet, brf};
use crate::core::session::Session;

/// FIDE Laws D.2.6: the scoresheet of a session's game.
pub fn session_sheet(session: &Session) -> Sheet {
    Sheet::from_plies(
        &session.config().info,
        session.config().clock.as_ref().map(|c| c.white.to_string()),
        session.result().map(|r| r.pgn().to_owned()),
        session.initial_position(),
        session.history(),
    )
}

/// Writes `text` to `path`.
pub fn write_file(path: &Path, text: &str) -> Result<(), AppError> {
    std::fs::write(path, text).map_err(|source| AppError::Write {
        path: path.to_owned(),
        source,
    })
}

/// Writes the game as PGN to `path`.
pub fn write_pgn(session: &Session, path: &Path) -> Result<(), AppError> {
    write_file(path, &pgn(session))
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

/// Writes the game's PGN and Braille scoresheet into its folder; says where each went
/// (and where the audio scoresheet is, if one was recorded).
pub fn write(session: &Session, dir: &Path) -> Result<Written, AppError> {
    let pgn = dir.join("game.pgn");
    write_pgn(session, &pgn)?;
    let sheet = session_sheet(session);
    let lang = session.config().lang;
    let brf = dir.join("game.brf");
    write_file(&brf, &brf::render_brf(&sheet, lang))?;
    let wav: PathBuf = dir.join("game.wav");
    let wav = wav.is_file().then(|| {
        let marks = crate::record::audio::index_path(&wav);
        (wav, marks)
    });
    Ok(Written { pgn, brf, wav })
}
