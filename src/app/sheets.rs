//! A game's scoresheet from any file the station writes or reads (a journal, PGN, BRF or a
//! move list in any language's notation); `ansage compare` (FIDE Laws D.2.8) and `ansage
//! export`. Everything they say, refusals included, is in the language chosen (`--lang`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::app::AppError;
use crate::app::records;
use crate::core::game_record::pgn_of_sheet;
use crate::core::journal;
use crate::core::lang::Language;
use crate::core::phrases::{Message, Phrases};
use crate::core::scoresheet::compare::compare_sheets;
use crate::core::scoresheet::pgn_in::{self, Partial, PgnError, ReadError};
use crate::core::scoresheet::{Sheet, brf};
use crate::recorder::spoken::{self, SpokenOptions};

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
    /// The game (a PGN file may hold several: every one is exported).
    pub file: PathBuf,
    /// Only this game of a PGN file with several (1 is the first).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
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
    /// Language of the notation and of what is said: de, es, en.
    #[arg(long, default_value = "de")]
    pub lang: String,
}

/// One game of a file, as far as it reads.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Its scoresheet (the moves before [`Loaded::stop`], if reading stopped).
    pub sheet: Sheet,
    /// Each move's clock after it (`[%clk]`), where known.
    pub clocks: Vec<Option<Duration>>,
    /// Each move's time taken (`[%emt]`), where known.
    pub elapsed: Vec<Option<Duration>>,
    /// A journal's own PGN (its termination and times as the station wrote them).
    pub pgn: Option<String>,
    /// Where reading stopped and why.
    pub stop: Option<ReadError>,
    /// Its number in the file (1 is the first).
    pub number: usize,
}

impl Loaded {
    fn whole(sheet: Sheet, number: usize) -> Loaded {
        Loaded {
            sheet,
            clocks: Vec::new(),
            elapsed: Vec::new(),
            pgn: None,
            stop: None,
            number,
        }
    }

    fn partial(&self) -> Partial {
        Partial {
            sheet: self.sheet.clone(),
            stop: self.stop.clone(),
        }
    }
}

/// Every game in a file (a journal, replayed to its last record; each game of a PGN; a BRF
/// or move list), each read as far as it goes. A file that cannot be read at all, or whose
/// games cannot even begin (a wrong FEN or variant in a file of one game), is the error.
pub fn load(path: &Path, lang: Language) -> Result<Vec<Loaded>, AppError> {
    let bytes = std::fs::read(path).map_err(|source| AppError::Read {
        path: path.to_owned(),
        source,
    })?;
    let recovered = journal::read(&bytes);
    if recovered.setup().is_some() {
        let replay = journal::replay(&recovered).map_err(|source| AppError::Replay {
            path: path.to_owned(),
            source,
        })?;
        if let Some(damage) = &recovered.damage {
            let phrases = Phrases::load(lang)?;
            let msg = crate::core::resume::damage_message(&phrases, damage, &replay.session);
            eprintln!("{}: {}", path.display(), phrases.speech(&msg));
        }
        let session = &replay.session;
        let history = session.history();
        return Ok(vec![Loaded {
            sheet: std::sync::Arc::unwrap_or_clone(session.scoresheet()),
            clocks: history.iter().map(|p| p.made.clock).collect(),
            elapsed: history.iter().map(|p| p.made.elapsed).collect(),
            pgn: Some(session.pgn().to_string()),
            stop: None,
            number: 1,
        }]);
    }
    let text = String::from_utf8(bytes).map_err(|source| AppError::NotText {
        path: path.to_owned(),
        source,
    })?;
    let err = |source| AppError::Pgn {
        path: path.to_owned(),
        source,
    };
    if pgn_in::detect(&text) == pgn_in::Format::Pgn {
        let games = pgn_in::read_games(&text, lang).map_err(err)?;
        if games.is_empty() {
            return Err(err(PgnError::NoGame));
        }
        let one = games.len() == 1;
        let mut out = Vec::with_capacity(games.len());
        for (i, game) in games.into_iter().enumerate() {
            if one && let Some(e @ (PgnError::Fen { .. } | PgnError::Variant { .. })) = game.stop {
                return Err(err(e));
            }
            out.push(Loaded {
                sheet: game.sheet,
                clocks: game.clocks,
                elapsed: game.elapsed,
                pgn: None,
                stop: game.stop.map(ReadError::Pgn),
                number: i + 1,
            });
        }
        return Ok(out);
    }
    let partial = read_notation(path, &text, lang)?;
    let mut loaded = Loaded::whole(partial.sheet, 1);
    loaded.stop = partial.stop;
    Ok(vec![loaded])
}

/// A BRF or move list: a scoresheet may be written in another language's letters than the
/// one spoken (a Spanish "Cf3" list at a German station), so the station's language first,
/// then the others; the reading that goes furthest wins.
fn read_notation(path: &Path, text: &str, lang: Language) -> Result<Partial, AppError> {
    let mut best: Option<Partial> = None;
    let mut first_error = None;
    for l in std::iter::once(lang).chain(Language::ALL.into_iter().filter(|l| *l != lang)) {
        match pgn_in::read_any_partly(text, l) {
            Ok(p) if p.stop.is_none() => return Ok(p),
            Ok(p) => {
                if best
                    .as_ref()
                    .is_none_or(|b| p.sheet.moves.len() > b.sheet.moves.len())
                {
                    best = Some(p);
                }
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let path = path.to_owned();
    match (best, first_error) {
        (Some(p), _) => Ok(p),
        (None, Some(source)) => Err(AppError::Notation { path, source }),
        (None, None) => Err(AppError::Unreadable { path }),
    }
}

/// The phrases of `--lang` (German when the name is none of the station's).
fn phrases_for(lang: &str) -> Result<(Language, Phrases), AppError> {
    let lang: Language = lang.parse()?;
    Ok((lang, Phrases::load(lang)?))
}

/// What a command of this module could not do, in the language's words where it is about
/// a scoresheet (the command-line's own errors stay English, like `--help`).
pub fn say_error(phrases: &Phrases, e: &AppError) -> String {
    let file = |path: &Path, what: String| {
        phrases.speech(
            &Message::new("sheet-file")
                .arg("path", path.display().to_string())
                .arg("what", what),
        )
    };
    let io = |path: &Path, error: String| {
        phrases.speech(
            &Message::new("sheet-file-error")
                .arg("path", path.display().to_string())
                .arg("error", error),
        )
    };
    let at = |id: &'static str, path: &Path| {
        phrases.speech(&Message::new(id).arg("path", path.display().to_string()))
    };
    match e {
        AppError::Pgn { path, source } => file(path, phrases.speech(&source.message(phrases))),
        AppError::Notation { path, source } => file(path, phrases.speech(&source.message(phrases))),
        AppError::NoGame { path } => file(path, phrases.speech(&Message::new("sheet-no-game"))),
        AppError::Read { path, source }
        | AppError::Write { path, source }
        | AppError::CreateDir { path, source } => io(path, source.to_string()),
        AppError::Spoken { path, source } => io(path, source.to_string()),
        AppError::NotText { path, .. } => at("sheet-not-text", path),
        AppError::Unreadable { path } => at("sheet-unreadable", path),
        AppError::OutputIsInput { path } | AppError::AudioIsInput { path } => {
            at("export-is-input", path)
        }
        AppError::Replay { path, source } => phrases.speech(
            &Message::new("sheet-journal-error")
                .arg("path", path.display().to_string())
                .arg("error", source.to_string()),
        ),
        AppError::DifferentStarts => phrases.speech(&Message::new("scoresheets-different-starts")),
        AppError::NoSuchGame { path, game, games } => phrases.speech(
            &Message::new("export-no-such-game")
                .arg("path", path.display().to_string())
                .arg("game", *game)
                .arg("n", *games),
        ),
        other => other.to_string(),
    }
}

/// Runs `compare` or `export`: what goes wrong is said in the language's words on stderr.
/// Whether everything was done (the exit status).
pub fn run(command: impl FnOnce(&Phrases) -> Result<bool, AppError>, lang: &str) -> bool {
    let phrases = match phrases_for(lang) {
        Ok((_, p)) => p,
        Err(e) => {
            eprintln!("{e}");
            return false;
        }
    };
    match command(&phrases) {
        Ok(done) => done,
        Err(e) => {
            eprintln!("{}", say_error(&phrases, &e));
            false
        }
    }
}

/// FIDE Laws D.2.8: says where two scoresheets last agree and what each has where they
/// part, however broken either is after that point (the first game of a PGN file).
pub fn compare(args: &CompareArgs, phrases: &Phrases) -> Result<bool, AppError> {
    let lang = phrases.lang();
    let first = |path: &Path| -> Result<Loaded, AppError> {
        load(path, lang)?
            .into_iter()
            .next()
            .ok_or_else(|| AppError::NoGame {
                path: path.to_owned(),
            })
    };
    let (a, b) = (first(&args.a)?, first(&args.b)?);
    if a.sheet.start != b.sheet.start {
        return Err(AppError::DifferentStarts);
    }
    let comparison = compare_sheets(lang, (&a.partial(), &a.clocks), (&b.partial(), &b.clocks));
    println!("{}", comparison.say(phrases));
    Ok(true)
}

/// Writes a game file's scoresheets: every game (or `--game N`), in the formats asked for
/// (all without a format flag), and the spoken scoresheet with `--audio`; says how many
/// games the file holds, where each file went, and names each game refused (its line and
/// move). Whether every game was exported.
pub fn export(args: &ExportArgs, phrases: &Phrases) -> Result<bool, AppError> {
    let file = args.file.as_path();
    let games = load(file, phrases.lang())?;
    let say = |msg: Message| println!("{}", phrases.speech(&msg));
    say(Message::new("export-games")
        .arg("n", games.len())
        .arg("path", file.display().to_string()));
    let games = chosen(args, games)?;
    let (good, all) = refuse_stopped(games, phrases);
    let asked = [args.pgn, args.brf, args.txt];
    let none = asked.iter().all(|f| !f);
    if let Some(wav) = &args.audio {
        for g in &good {
            let path = numbered(wav, "wav", g, good.len() > 1);
            speak(file, &path, g, phrases.lang(), phrases)?;
        }
        if none {
            return Ok(all);
        }
    }
    write_sheets(args, &good, asked.map(|f| f || none), phrases)?;
    Ok(all)
}

/// The games `--game N` names (all without it).
fn chosen(args: &ExportArgs, mut games: Vec<Loaded>) -> Result<Vec<Loaded>, AppError> {
    let Some(n) = args.game else {
        return Ok(games);
    };
    let total = games.len();
    if n == 0 || n > total {
        return Err(AppError::NoSuchGame {
            path: args.file.clone(),
            game: n,
            games: total,
        });
    }
    Ok(vec![games.swap_remove(n - 1)])
}

/// The games that read to their end; each refused one named on stderr (its line and move).
/// Whether none was refused.
fn refuse_stopped(games: Vec<Loaded>, phrases: &Phrases) -> (Vec<Loaded>, bool) {
    let mut all = true;
    let mut good = Vec::with_capacity(games.len());
    for game in games {
        match &game.stop {
            Some(e) => {
                all = false;
                let why = phrases.speech(&e.message(phrases));
                let refused = Message::new("export-refused").arg("why", why);
                eprintln!("{}", phrases.speech(&refused));
            }
            None => good.push(game),
        }
    }
    (good, all)
}

/// `path` as it is for one game, or with the game's number after its stem when the file
/// holds several (`game-2.wav`).
fn numbered(path: &Path, extension: &str, g: &Loaded, several: bool) -> PathBuf {
    if !several {
        return path.to_owned();
    }
    let stem = path
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy());
    path.with_file_name(format!("{stem}-{}.{extension}", g.number))
}

/// Writes the scoresheets of `good` in the formats `[pgn, brf, txt]` that are on, into
/// `--out` (or beside the file), never over the file itself; says where each went.
fn write_sheets(
    args: &ExportArgs,
    good: &[Loaded],
    [pgn_on, brf_on, txt_on]: [bool; 3],
    phrases: &Phrases,
) -> Result<(), AppError> {
    let (file, lang) = (args.file.as_path(), phrases.lang());
    let dir = match &args.out {
        Some(d) => d.clone(),
        None => file.parent().map(PathBuf::from).unwrap_or_default(),
    };
    std::fs::create_dir_all(&dir).map_err(|source| AppError::CreateDir {
        path: dir.clone(),
        source,
    })?;
    let input = std::fs::canonicalize(file).ok();
    let write = |name: String, text: String| -> Result<(), AppError> {
        let path = dir.join(name);
        // Never write over the game being exported (a journal named game.txt, say).
        if input.is_some() && std::fs::canonicalize(&path).ok() == input {
            return Err(AppError::OutputIsInput { path });
        }
        records::write_file(&path, &text)?;
        let wrote = Message::new("export-wrote").arg("path", path.display().to_string());
        println!("{}", phrases.speech(&wrote));
        Ok(())
    };
    let stem = file
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy().into_owned());
    let name = |g: &Loaded| {
        if good.len() > 1 {
            format!("{stem}-{}", g.number)
        } else {
            stem.clone()
        }
    };
    if pgn_on && !good.is_empty() {
        write(format!("{stem}.pgn"), good.iter().map(pgn_text).collect())?;
    }
    for g in good {
        if brf_on {
            write(format!("{}.brf", name(g)), brf::render_brf(&g.sheet, lang))?;
            let unicode = brf::render_unicode(&g.sheet, lang);
            write(format!("{}.brl.txt", name(g)), unicode)?;
        }
        if txt_on {
            let text = brf::render_text(&g.sheet, lang);
            write(format!("{}.sheet.txt", name(g)), text)?;
        }
    }
    Ok(())
}

/// A game's PGN: a journal's own, otherwise from its scoresheet and times.
fn pgn_text(g: &Loaded) -> String {
    g.pgn
        .clone()
        .unwrap_or_else(|| pgn_of_sheet(&g.sheet, &g.clocks, &g.elapsed))
}

/// The spoken scoresheet of `g` into `wav` (never over the input).
fn speak(
    input: &Path,
    wav: &Path,
    g: &Loaded,
    lang: Language,
    phrases: &Phrases,
) -> Result<(), AppError> {
    if std::fs::canonicalize(wav).ok() == std::fs::canonicalize(input).ok() {
        return Err(AppError::AudioIsInput {
            path: wav.to_owned(),
        });
    }
    let cues =
        spoken::render(&g.sheet, lang, wav, &SpokenOptions::default()).map_err(|source| {
            AppError::Spoken {
                path: wav.to_owned(),
                source,
            }
        })?;
    let said = Message::new("export-audio")
        .arg("path", wav.display().to_string())
        .arg("moves", cues.len());
    println!("{}", phrases.speech(&said));
    Ok(())
}
