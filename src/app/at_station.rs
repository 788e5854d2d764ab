//! The one way a command plays a game at the station and keeps its records: `play`,
//! `train` (through `play`), `online` and `review` each say only what differs
//! ([`AtStation`]) and how their game is set up; [`AtStation::play`] does the rest.
//!
//! In order: the console says what comes first (that the station is starting, or the
//! review's opening) before anything slow; the command sets up its game; the analyst
//! and the analysed game's file, the records kept current (FIDE Laws 8.1: the PGN and
//! the BRF in the game's folder beside its journal, and `--pgn`); the devices, the
//! microphone recorded into the game's folder (D.2.6); the station runs; at the end the
//! records are written once more and where each went is printed.

use std::path::PathBuf;

use crate::app::analysis::{self, AnnotatedSink};
use crate::app::devices::Wanted;
use crate::app::launch::{self, Game, Players, Sinks};
use crate::app::{AppError, records};
use crate::console::{ConsoleSink, Show};
use crate::core::output::Output;
use crate::core::phrases::Message;
use crate::core::session::Session;
use crate::core::time::Timestamp;
use crate::station::Sink as _;

/// Which devices open besides the console.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Open {
    /// Every device the settings ask for; the microphone recorded into the game's folder.
    All,
    /// The console, and an electronic board an input names (`--console` of `play`,
    /// `train` and `online`).
    ConsoleAndBoard,
    /// The console alone (`review --console`).
    Console,
}

/// Where the analysed game goes (issue 34.4), and so whether the analyst runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Analysed {
    /// No analyst (an online game).
    Nowhere,
    /// `game.analysed.pgn` in the game's folder, if it has one (a game at the board).
    InFolder,
    /// This file (`review`: beside the file read).
    At(PathBuf),
    /// An analyst, its annotated game written nowhere (a game gone through after an
    /// online game that kept no records).
    Unwritten,
}

/// What a command brings to its game at the station; the rest is the same for all.
#[derive(Debug)]
pub struct AtStation {
    /// What the console prints.
    pub show: Show,
    /// Whether the console prints the Braille lines in the transcript.
    pub braille: bool,
    /// What is said first, on the console at once and by each device as it opens.
    pub first: Vec<Output>,
    /// Which devices open.
    pub open: Open,
    /// `--pgn`: the PGN kept current here too.
    pub pgn: Option<PathBuf>,
    /// Whether where `--pgn` went is printed at the end (`play`).
    pub say_pgn: bool,
    /// Where the analysed game goes.
    pub analysed: Analysed,
}

impl AtStation {
    /// Plays the game `set_up` makes (handed the console's sink, which has said
    /// [`AtStation::first`]) at the station with the records kept current; writes them at
    /// the end, prints where each went, and returns the session.
    pub fn play(
        self,
        set_up: impl FnOnce(Sinks) -> Result<Game, AppError>,
    ) -> Result<Session, AppError> {
        Ok(self.play_in(set_up)?.0)
    }

    /// [`AtStation::play`], and the game's folder (`None`: it kept none).
    pub fn play_in(
        self,
        set_up: impl FnOnce(Sinks) -> Result<Game, AppError>,
    ) -> Result<(Session, Option<PathBuf>), AppError> {
        let mut console = ConsoleSink::new(self.show, self.braille);
        console.deliver(Timestamp::ZERO, &self.first);
        let mut game = set_up(vec![Box::new(console)])?;
        game.said.insert(0, (Timestamp::ZERO, self.first));
        let folder = game.folder();
        let analysed = match self.analysed {
            Analysed::Nowhere => None,
            Analysed::InFolder => Some(folder.as_ref().map(|d| d.join("game.analysed.pgn"))),
            Analysed::At(path) => Some(Some(path)),
            Analysed::Unwritten => Some(None),
        };
        if let Some(path) = analysed {
            game.helpers.extend(analysis::analyst(&game.settings));
            if let Some(path) = path {
                game.sinks.push(Box::new(AnnotatedSink::new(path)));
            }
        }
        // FIDE Laws 8.1: the records kept current after every made move, not only at the end.
        if folder.is_some() || self.pgn.is_some() {
            let sink = records::RecordsSink::new(folder.clone(), self.pgn.clone());
            game.sinks.push(Box::new(sink));
        }
        let wanted = wanted(&game, self.open, folder.as_ref());
        let session = launch::run(game, wanted, Players::Console)?;
        let mut written = Vec::new();
        if let Some(out) = self.pgn {
            records::write_pgn(&session, &out)?;
            if self.say_pgn {
                written.push(Message::new("console-pgn").arg("path", out.display().to_string()));
            }
        }
        if let Some(dir) = &folder {
            written.extend(records::write(&session, dir)?.messages());
        }
        for msg in &written {
            eprintln!("{}", session.phrases().speech(msg));
        }
        Ok((session, folder))
    }
}

/// The devices to open for `game` (`None`: the console only); the microphone is
/// recorded into the game's `folder` (FIDE Laws D.2.6).
fn wanted(game: &Game, open: Open, folder: Option<&PathBuf>) -> Option<Wanted> {
    let (settings, setup) = (&game.settings, game.session.setup());
    match open {
        Open::All => {
            let recording = folder.map(|d| d.join("game.wav"));
            Some(Wanted::for_game(settings, setup, recording))
        }
        Open::ConsoleAndBoard => Wanted::console_only(settings, setup),
        Open::Console => None,
    }
}

/// What the console prints: the full transcript with `--transcript`, else `--show`.
pub fn show(transcript: bool, show: Show) -> Show {
    if transcript { Show::Transcript } else { show }
}
