//! `review` (issue 34.3 and 34.4): going through a game and its analysis, measured on a
//! game of 40 moves (the first of the 400 games with at least 40, cut there), German.
//!
//! - "vor": from the typed "vor" handed to the session until its sentence is put out for
//!   speech (the session's step; the speaker's first sound adds what `answer` measures for
//!   any answer), 80 times, through the whole game.
//! - "Partie analysieren": Debian's stockfish at the default budget
//!   (`engine.analysis_ms`, full strength, one thread) through the analyst as the station
//!   runs it (`ansage::engine::analyst`); the time until the first progress sentence ("ein
//!   Viertel") and until the count per side. Goals: within 15 s and 60 s.
//! - Built with `speech` too, on the rig: "vor" until its first sound on the speaker
//!   ([`crate::review_sound`]).

use std::fmt;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};
use tokio::sync::mpsc;

use ansage::config::EngineSettings;
use ansage::core::engine::command::SearchLimit;
use ansage::core::input::{Actor, Input};
use ansage::core::lang::Language;
use ansage::core::output::{Audience, Output};
use ansage::core::scoresheet::pgn_in;
use ansage::core::session::Session;
use ansage::core::setup::SessionSetup;
use ansage::core::time::Timestamp;
use ansage::engine::analyst::{self, AnalystConfig};
use ansage::engine::client::Timeouts;
use ansage::station::{Sink, StationInput};

use crate::stats::summary;

/// The game's length in moves.
const MOVES: usize = 40;

/// The figures.
#[derive(Debug, Clone, Default)]
pub struct ReviewFigures {
    /// "vor" to its sentence, milliseconds, sorted.
    pub forward_ms: Vec<f64>,
    /// The analysis's budget per position.
    pub analysis_ms: u64,
    /// Until the first progress sentence.
    pub first_progress: Duration,
    /// Until the count per side.
    pub whole: Duration,
    /// What the analysis said at its end.
    pub done: String,
}

impl fmt::Display for ReviewFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "review: a game of {MOVES} moves (de)")?;
        summary(
            f,
            "\"vor\" to its sentence",
            &self.forward_ms,
            &[0.5, 0.95],
            3,
        )?;
        writeln!(
            f,
            "  \"Partie analysieren\" at {} ms a position: first progress after {:.1} s, done after {:.1} s",
            self.analysis_ms,
            self.first_progress.as_secs_f64(),
            self.whole.as_secs_f64()
        )?;
        writeln!(f, "  {}", self.done)
    }
}

/// Measures both.
pub fn review(games: &str) -> Result<ReviewFigures> {
    let mut session = game_session(games)?;
    let mut figures = ReviewFigures {
        forward_ms: forward(&mut session),
        ..ReviewFigures::default()
    };
    session.review_opening();
    let settings = EngineSettings::default();
    figures.analysis_ms = settings.analysis_ms;
    analyse(&mut session, &settings, &mut figures)?;
    Ok(figures)
}

/// The first game of `games` with at least [`MOVES`] moves, cut there, gone through in
/// German (the white player visually impaired, no clock), at its start.
pub fn game_session(games: &str) -> Result<Session> {
    let imported = pgn_in::read_games(games, Language::En).context("reading the games")?;
    let Some(game) = imported
        .into_iter()
        .find(|g| g.stop.is_none() && g.sheet.moves.len() >= 2 * MOVES)
    else {
        bail!("no game of {MOVES} moves among the games");
    };
    let mut sheet = game.sheet;
    sheet.moves.truncate(2 * MOVES);
    sheet.result = None;
    let setup = SessionSetup {
        clock: None,
        ..SessionSetup::default()
    };
    Ok(Session::reviewing(setup, &sheet)?)
}

/// "vor" through the whole game, each timed to its sentence.
fn forward(session: &mut Session) -> Vec<f64> {
    let white = Actor::Player(shakmaty::Color::White);
    let mut out = Vec::new();
    for i in 0..2 * MOVES {
        let now = Timestamp::ZERO + Duration::from_secs(i as u64 + 1);
        let start = Instant::now();
        let outputs = session.handle(Input::typed(white, "vor"), now);
        let said = outputs
            .iter()
            .any(|o| matches!(o, Output::Say(s) if s.to == Audience::White));
        let took = start.elapsed();
        if said {
            out.push(took.as_secs_f64() * 1000.0);
        }
    }
    out.sort_by(f64::total_cmp);
    out
}

/// "Partie analysieren" with the analyst at `settings`' budget.
fn analyse(
    session: &mut Session,
    settings: &EngineSettings,
    figures: &mut ReviewFigures,
) -> Result<()> {
    let path = ansage::engine::find::find(&settings.path, std::env::var_os("PATH").as_deref())?;
    let config = AnalystConfig {
        path: Some(path),
        limit: SearchLimit {
            nodes: None,
            depth: None,
            movetime_ms: Some(settings.analysis_ms),
        },
        timeouts: Timeouts::default(),
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    rt.block_on(async {
        let (tx, mut replies) = mpsc::channel(8);
        let mut sink = analyst::spawn(config, tx);
        let white = Actor::Player(shakmaty::Color::White);
        let start = Instant::now();
        let mut input = Input::typed(white, "Partie analysieren");
        let mut now = Timestamp::ZERO + Duration::from_secs(1000);
        loop {
            now = now + Duration::from_millis(1);
            let outputs = session.handle(input, now);
            sink.deliver(now, &outputs);
            for o in &outputs {
                if let Output::Say(s) = o
                    && s.to == Audience::White
                {
                    if s.text.starts_with("Analyse: ") && figures.first_progress.is_zero() {
                        figures.first_progress = start.elapsed();
                    }
                    if s.text.starts_with("Analyse fertig") {
                        figures.whole = start.elapsed();
                        figures.done = s.text.clone();
                    }
                }
            }
            if !outputs.iter().any(|o| matches!(o, Output::Analyse(_))) {
                break;
            }
            let Some(StationInput::Input(reply)) =
                tokio::time::timeout(Duration::from_secs(120), replies.recv()).await?
            else {
                bail!("the analyst stopped");
            };
            input = reply;
        }
        if figures.whole.is_zero() {
            bail!("the analysis did not end: {}", figures.done);
        }
        Ok(())
    })
}
