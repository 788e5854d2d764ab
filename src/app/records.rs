//! A game's records at the end: the PGN and the Braille scoresheet written into its
//! folder (FIDE Laws D.2.6), and where the audio scoresheet went.

use std::path::{Path, PathBuf};

use crate::app::AppError;
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

/// Writes the game's PGN and Braille scoresheet into its folder; says where each went
/// (and where the audio scoresheet is, if one was recorded).
pub fn write(session: &Session, dir: &Path) -> Result<Vec<String>, AppError> {
    let mut said = Vec::new();
    let pgn_path = dir.join("game.pgn");
    write_pgn(session, &pgn_path)?;
    said.push(format!("PGN: {}", pgn_path.display()));
    let sheet = session_sheet(session);
    let lang = session.config().lang;
    let brf_path = dir.join("game.brf");
    write_file(&brf_path, &brf::render_brf(&sheet, lang))?;
    said.push(format!("BRF: {}", brf_path.display()));
    let wav: PathBuf = dir.join("game.wav");
    if wav.is_file() {
        said.push(format!(
            "WAV: {} (marks: {})",
            wav.display(),
            crate::record::audio::index_path(&wav).display()
        ));
    }
    Ok(said)
}
