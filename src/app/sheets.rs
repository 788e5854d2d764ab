//! A game's scoresheet from any file the station writes or reads (a journal, PGN, BRF or a
//! move list in any language's notation); `ansage compare` (FIDE Laws D.2.8) and `ansage
//! export`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::app::AppError;
use crate::app::records::{self, session_sheet};
use crate::core::journal;
use crate::core::lang::Language;
use crate::core::phrases::Phrases;
use crate::core::scoresheet::{self, Sheet, brf, pgn_in};
use crate::record::spoken::{self, SpokenOptions};

/// The arguments of `ansage compare`.
#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    /// The first scoresheet.
    pub a: PathBuf,
    /// The second scoresheet.
    pub b: PathBuf,
    /// Language of the answer and of the notation read: de, es, en.
    #[arg(long, default_value = "de")]
    pub lang: String,
}

/// The arguments of `ansage export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The game.
    pub file: PathBuf,
    /// PGN with clock times.
    #[arg(long)]
    pub pgn: bool,
    /// Braille Ready Format (40 cells x 25 lines) and Unicode braille (.brl.txt).
    #[arg(long)]
    pub brf: bool,
    /// Plain text in the language's notation.
    #[arg(long)]
    pub txt: bool,
    /// Also the spoken scoresheet: every move with its number read out (espeak-ng)
    /// into this WAV file, with a mark at each move.
    #[arg(long, value_name = "FILE")]
    pub audio: Option<PathBuf>,
    /// Where to write (default: beside the input).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Language of the notation: de, es, en.
    #[arg(long, default_value = "de")]
    pub lang: String,
}

/// A game's scoresheet and its clock times (when the file has them), from a journal (the
/// station's own record, replayed to its last record), a PGN, or a BRF or move list.
pub fn read_sheet(path: &Path, lang: Language) -> Result<(Sheet, Vec<Option<Duration>>), AppError> {
    let bytes = std::fs::read(path).map_err(|source| AppError::Read {
        path: path.to_owned(),
        source,
    })?;
    let recovered = journal::read(&bytes);
    if recovered.config().is_some() {
        let replay = journal::replay(&recovered).map_err(|source| AppError::Replay {
            path: path.to_owned(),
            source,
        })?;
        if let Some(damage) = &recovered.damage {
            let phrases = Phrases::load(lang)?;
            let msg = journal::damage_message(&phrases, damage, &replay.session);
            eprintln!("{}: {}", path.display(), phrases.speech(&msg));
        }
        let session = &replay.session;
        let sheet = session_sheet(session);
        let clocks = session.history().iter().map(|p| p.made.clock).collect();
        return Ok((sheet, clocks));
    }
    let text = String::from_utf8(bytes).map_err(|source| AppError::NotText {
        path: path.to_owned(),
        source,
    })?;
    if pgn_in::detect(&text) == pgn_in::Format::Pgn {
        let mut games = pgn_in::read_pgn(&text, lang).map_err(|source| AppError::Pgn {
            path: path.to_owned(),
            source,
        })?;
        if games.is_empty() {
            return Err(AppError::NoGame {
                path: path.to_owned(),
            });
        }
        let game = games.swap_remove(0);
        return Ok((game.sheet, game.clocks));
    }
    read_notation(path, &text, lang).map(|sheet| (sheet, Vec::new()))
}

/// A BRF or move list: a scoresheet may be written in another language's letters than the
/// one spoken (a Spanish "Cf3" list at a German station), so the station's language first.
fn read_notation(path: &Path, text: &str, lang: Language) -> Result<Sheet, AppError> {
    let mut first_error = None;
    for l in std::iter::once(lang).chain(Language::ALL.into_iter().filter(|l| *l != lang)) {
        match pgn_in::read_any(text, l) {
            Ok(sheet) => return Ok(sheet),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let path = path.to_owned();
    Err(match first_error {
        Some(source) => AppError::Notation { path, source },
        None => AppError::Unreadable { path },
    })
}

/// FIDE Laws D.2.8: says where two scoresheets last agree.
pub fn compare(args: &CompareArgs) -> Result<(), AppError> {
    let lang: Language = args.lang.parse()?;
    let (sa, _) = read_sheet(&args.a, lang)?;
    let (sb, _) = read_sheet(&args.b, lang)?;
    if sa.start != sb.start {
        return Err(AppError::DifferentStarts);
    }
    let agreement = scoresheet::compare::compare_from(&sa.start, &sa.move_list(), &sb.move_list());
    let phrases = Phrases::load(lang)?;
    println!("{}", phrases.speech(&agreement.message()));
    Ok(())
}

/// Writes a game's scoresheets: the formats asked for (all without a format flag), and
/// the spoken scoresheet with `--audio`; says where each went.
pub fn export(args: &ExportArgs) -> Result<(), AppError> {
    let lang: Language = args.lang.parse()?;
    let file = args.file.as_path();
    let (sheet, clocks) = read_sheet(file, lang)?;
    let formats = [args.pgn, args.brf, args.txt];
    let none = formats.iter().all(|f| !f);
    if let Some(wav) = &args.audio {
        if std::fs::canonicalize(wav).ok() == std::fs::canonicalize(file).ok() {
            return Err(AppError::AudioIsInput { path: wav.clone() });
        }
        let cues =
            spoken::render(&sheet, lang, wav, &SpokenOptions::default()).map_err(|source| {
                AppError::Spoken {
                    path: wav.clone(),
                    source,
                }
            })?;
        println!("{} ({} moves marked)", wav.display(), cues.len());
        if none {
            return Ok(());
        }
    }
    let [pgn_on, brf_on, txt_on] = formats.map(|f| f || none);
    let dir = match &args.out {
        Some(d) => d.clone(),
        None => file.parent().map(PathBuf::from).unwrap_or_default(),
    };
    std::fs::create_dir_all(&dir).map_err(|source| AppError::CreateDir {
        path: dir.clone(),
        source,
    })?;
    let stem = file
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy().into_owned());
    let input = std::fs::canonicalize(file).ok();
    let write = |ext: &str, text: String| -> Result<(), AppError> {
        let path = dir.join(format!("{stem}.{ext}"));
        // Never write over the game being exported (a journal named game.txt, say).
        if input.is_some() && std::fs::canonicalize(&path).ok() == input {
            return Err(AppError::OutputIsInput { path });
        }
        records::write_file(&path, &text)?;
        println!("{}", path.display());
        Ok(())
    };
    if pgn_on {
        write("pgn", crate::core::record::pgn_of_sheet(&sheet, &clocks))?;
    }
    if brf_on {
        write("brf", brf::render_brf(&sheet, lang))?;
        write("brl.txt", brf::render_unicode(&sheet, lang))?;
    }
    if txt_on {
        write("sheet.txt", brf::render_text(&sheet, lang))?;
    }
    Ok(())
}
