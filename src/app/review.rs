//! `ansage review FILE` (issue 34): a game read from a file (a journal, PGN, BRF or move
//! list; one game of a PGN by `--game N`) gone through at the station, with every device
//! the settings ask for: "vor", "zurück", "Anfang", "Ende", "Zug fünfzehn" and every
//! question of a game on the position reached (`core::session`'s review). Nothing is
//! journaled or written: the file is only read.

use std::path::PathBuf;

use crate::app::AppError;
use crate::app::devices::Wanted;
use crate::app::launch::{self, Game, Players, Sinks};
use crate::app::options::GameOptions;
use crate::app::sheets::{self, Loaded};
use crate::console::{ConsoleSink, Show};
use crate::core::phrases::{Message, Phrases};
use crate::core::session::Session;
use crate::core::time::Timestamp;
use crate::station::Sink as _;

/// The arguments of `ansage review`.
#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The game: a journal, a PGN file, a BRF or a move list.
    pub file: PathBuf,
    /// This game of a PGN file with several (1 is the first; the first without it).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// The console only: open no other device (speech, Braille display, microphone).
    #[arg(long)]
    pub console: bool,
    /// What the console prints (docs/user-guide.md: What the console prints).
    #[arg(long, value_enum, default_value_t = Show::Unvoiced)]
    pub show: Show,
    /// The full transcript on the console (`--show transcript`).
    #[arg(long, conflicts_with = "show")]
    pub transcript: bool,
    /// Hide Braille lines in the transcript.
    #[arg(long)]
    pub no_braille: bool,
    /// The settings.
    #[command(flatten)]
    pub options: GameOptions,
}

/// Goes through the game in `args.file`. A file that cannot be read, or a game number it
/// does not have, is said on stderr in the language's words (exit status 1).
pub fn run(args: ReviewArgs) -> Result<(), AppError> {
    let settings = args.options.layers()?.settings()?;
    let mut setup = settings.to_setup()?;
    let phrases = Phrases::load(setup.lang)?;
    let loaded = match load(&args, setup.lang) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("{}", sheets::say_error(&phrases, &e));
            return Err(AppError::Told(Box::new(e)));
        }
    };
    if let Some(stop) = &loaded.stop {
        // What was read is gone through; where reading stopped is said first.
        let why = phrases.speech(&stop.message(&phrases));
        let msg = Message::new("review-partly").arg("why", why);
        eprintln!("{}", phrases.speech(&msg));
    }
    // Nothing runs while a game is gone through: no clock, no web page.
    setup.clock = None;
    setup.info = loaded.sheet.info.clone();
    let mut session = Session::reviewing(setup, &loaded.sheet)?;
    let opening = session.review_opening();
    let show = if args.transcript {
        Show::Transcript
    } else {
        args.show
    };
    let mut console = ConsoleSink::new(show, !args.no_braille);
    console.deliver(Timestamp::ZERO, &opening);
    let sinks: Sinks = vec![Box::new(console)];
    let mut settings = settings;
    settings.web.enabled = false;
    let mut game = Game::review(settings, session, sinks);
    game.said.push((Timestamp::ZERO, opening));
    game.helpers.extend(analyst(&game.settings));
    game.sinks
        .push(Box::new(AnnotatedSink::new(annotated_path(&args.file))));
    let wanted = if args.console {
        None
    } else {
        Some(Wanted::for_game(&game.settings, game.session.setup(), None))
    };
    launch::run(game, wanted, Players::Console)?;
    Ok(())
}

/// The engine that analyses a game gone through (issue 34.4; feature `engine`): found as
/// `engine.path` says, searching `engine.analysis_nodes` nodes a position, else
/// `engine.analysis_ms` milliseconds. Without the feature every request is answered that
/// no engine is found.
pub fn analyst(settings: &crate::config::Settings) -> Option<launch::Helper> {
    #[cfg(feature = "engine")]
    {
        use crate::core::engine::command::SearchLimit;
        use crate::engine::analyst::{self, AnalystConfig};
        let e = &settings.engine;
        let path = crate::engine::find::find(&e.path, std::env::var_os("PATH").as_deref()).ok();
        let limit = SearchLimit {
            nodes: (e.analysis_nodes > 0).then_some(e.analysis_nodes),
            depth: None,
            movetime_ms: (e.analysis_nodes == 0).then_some(e.analysis_ms.max(1)),
        };
        let timeouts = crate::engine::client::Timeouts {
            search: std::time::Duration::from_millis(e.timeout_ms.max(e.analysis_ms * 4)),
            ..Default::default()
        };
        let config = AnalystConfig {
            path,
            limit,
            timeouts,
        };
        Some(Box::new(move |tx| {
            Box::new(analyst::spawn(config, tx)) as Box<dyn crate::station::Sink + Send>
        }))
    }
    #[cfg(not(feature = "engine"))]
    {
        let _ = settings;
        Some(Box::new(|tx| {
            Box::new(NoAnalyst(tx)) as Box<dyn crate::station::Sink + Send>
        }))
    }
}

/// The analyst of a station built without the feature `engine`: every request is
/// answered that no engine is there.
#[cfg_attr(feature = "engine", allow(dead_code))]
struct NoAnalyst(tokio::sync::mpsc::Sender<crate::station::StationInput>);

impl crate::station::Sink for NoAnalyst {
    fn deliver(&mut self, _at: Timestamp, outputs: &[crate::core::output::Output]) {
        use crate::core::engine::analysis::AnalysisReply;
        use crate::core::input::{Actor, Input};
        for o in outputs {
            if matches!(o, crate::core::output::Output::Analyse(_)) {
                let input = Input::analysis(Actor::Arbiter, AnalysisReply::Missing);
                let _ = self.0.try_send(crate::station::StationInput::Input(input));
            }
        }
    }
}

/// Where the analysed game of `file` goes: beside it, `NAME.analysed.pgn`.
pub fn annotated_path(file: &std::path::Path) -> PathBuf {
    let stem = file
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy().into_owned());
    file.with_file_name(format!("{stem}.analysed.pgn"))
}

/// Writes the analysed game ([`crate::core::output::Output::Annotated`]) to its path, on
/// a thread of its own (written whole, [`crate::app::records::write_file`]); dropping the
/// sink waits for the writing.
#[derive(Debug)]
pub struct AnnotatedSink {
    path: PathBuf,
    writers: Vec<std::thread::JoinHandle<()>>,
}

impl AnnotatedSink {
    /// The analysed game goes to `path`.
    pub fn new(path: PathBuf) -> AnnotatedSink {
        AnnotatedSink {
            path,
            writers: Vec::new(),
        }
    }
}

impl crate::station::Sink for AnnotatedSink {
    fn deliver(&mut self, _at: Timestamp, outputs: &[crate::core::output::Output]) {
        for o in outputs {
            if let crate::core::output::Output::Annotated(pgn) = o {
                let (path, pgn) = (self.path.clone(), pgn.clone());
                let spawned =
                    std::thread::Builder::new()
                        .name("annotated".into())
                        .spawn(move || match crate::app::records::write_file(&path, &pgn) {
                            Ok(()) => {
                                tracing::info!(path = %path.display(), "analysed game written")
                            }
                            Err(e) => tracing::error!("analysed game: {e}"),
                        });
                if let Ok(handle) = spawned {
                    self.writers.push(handle);
                }
            }
        }
    }
}

impl Drop for AnnotatedSink {
    fn drop(&mut self) {
        for w in self.writers.drain(..) {
            let _ = w.join();
        }
    }
}

/// The game `--game` names (the first without it).
fn load(args: &ReviewArgs, lang: crate::core::lang::Language) -> Result<Loaded, AppError> {
    let mut games = sheets::load(&args.file, lang)?;
    let n = args.game.unwrap_or(1);
    if n == 0 || n > games.len() {
        return Err(AppError::NoSuchGame {
            path: args.file.clone(),
            game: n,
            games: games.len(),
        });
    }
    Ok(games.swap_remove(n - 1))
}
