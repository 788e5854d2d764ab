//! `ansage script`: a timed script run in virtual time, its transcript printed
//! (docs/developers.md: Scripts and transcripts).

use std::path::PathBuf;

use crate::app::{AppError, records};
use crate::core::script;

/// The arguments of `ansage script`.
#[derive(clap::Args, Debug)]
pub struct ScriptArgs {
    /// The script file.
    pub file: PathBuf,
    /// Write the game as PGN here.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
}

/// Runs the script and prints its transcript; writes the game as PGN if asked.
pub fn run(args: &ScriptArgs) -> Result<(), AppError> {
    let file = &args.file;
    let text = std::fs::read_to_string(file).map_err(|source| AppError::Read {
        path: file.clone(),
        source,
    })?;
    let parsed = script::parse(&text).map_err(|source| AppError::Script {
        path: file.clone(),
        source: Box::new(source),
    })?;
    let run = script::run(&parsed).map_err(|e| AppError::ScriptRun(Box::new(e)))?;
    for line in &run.transcript {
        println!("{line}");
    }
    if let Some(out) = &args.pgn {
        records::write_pgn(&run.session, out)?;
    }
    Ok(())
}
