//! `train` (issue 34, first part): the levels' order, measured. Level 10 plays level 1 in
//! `games` short games (colours alternating) through the engine adapter as `ansage train`
//! uses it ([`Opponent`]), both at the same fixed node budget, so that the levels differ only
//! by what a level sets (skill, Elo, depth). A game ends by the rules (mate, stalemate,
//! insufficient material), by the fifty-move rule, a threefold repetition, or as a draw
//! after 300 half-moves. The goal: level 10 scores at least 9 of 10.

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Move, Outcome, Position};

use ansage::core::engine::level::Level;
use ansage::engine::client::Timeouts;
use ansage::engine::opponent::Opponent;

/// The half-moves after which a game is called a draw.
const MAX_PLIES: usize = 300;

/// The levels' match.
#[derive(Debug, Clone)]
pub struct LevelMatch {
    /// The engine (its `id name`).
    pub engine: String,
    /// The node budget of every move.
    pub nodes: u64,
    /// Level 10's wins, draws and losses.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// Losses.
    pub losses: usize,
    /// The games' lengths in half-moves.
    pub plies: Vec<usize>,
    /// The wall time of the whole match.
    pub took: Duration,
}

impl LevelMatch {
    /// Level 10's score (a win 1, a draw ½).
    pub fn score(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
}

impl fmt::Display for LevelMatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = self.plies.len();
        let avg = self.plies.iter().sum::<usize>() as f64 / games.max(1) as f64;
        let goal = 0.9 * games as f64;
        writeln!(
            f,
            "train levels ({}, one thread, {} nodes a move): level 10 against level 1, {games} games",
            self.engine, self.nodes
        )?;
        writeln!(
            f,
            "  level 10 scored {} of {games} ({} won, {} drawn, {} lost); {avg:.0} half-moves a game on average; {:.1} s",
            self.score(),
            self.wins,
            self.draws,
            self.losses,
            self.took.as_secs_f64()
        )?;
        let met = if self.score() >= goal {
            "met"
        } else {
            "NOT met"
        };
        write!(
            f,
            "  goal: level 10 scores at least {goal} of {games}: {met}"
        )
    }
}

/// Plays the match: `games` games at `nodes` a move.
pub fn levels(games: usize, nodes: u64) -> Result<LevelMatch> {
    let path: PathBuf = ansage::engine::find::find(
        std::path::Path::new(""),
        std::env::var_os("PATH").as_deref(),
    )?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let timeouts = Timeouts {
        start: Duration::from_secs(30),
        search: Duration::from_secs(60),
    };
    rt.block_on(async {
        let mut strong = Opponent::new(path.clone(), Level::MAX, timeouts, Some(nodes));
        let mut weak = Opponent::new(path, Level::MIN, timeouts, Some(nodes));
        let started = std::time::Instant::now();
        let mut m = LevelMatch {
            engine: String::new(),
            nodes,
            wins: 0,
            draws: 0,
            losses: 0,
            plies: Vec::new(),
            took: Duration::ZERO,
        };
        for game in 0..games {
            let strong_colour = if game % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let (winner, plies) = play(&mut strong, &mut weak, strong_colour).await?;
            match winner {
                Some(c) if c == strong_colour => m.wins += 1,
                Some(_) => m.losses += 1,
                None => m.draws += 1,
            }
            m.plies.push(plies);
        }
        m.engine = strong.name().unwrap_or("?").to_owned();
        m.took = started.elapsed();
        strong.close().await;
        weak.close().await;
        Ok(m)
    })
}

/// One game, `strong` with `strong_colour`: the winner (`None`: a draw) and its length.
async fn play(
    strong: &mut Opponent,
    weak: &mut Opponent,
    strong_colour: Color,
) -> Result<(Option<Color>, usize)> {
    let start = Chess::default();
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let mut seen: HashMap<String, u32> = HashMap::new();
    while moves.len() < MAX_PLIES {
        match pos.outcome() {
            Outcome::Known(KnownOutcome::Decisive { winner }) => {
                return Ok((Some(winner), moves.len()));
            }
            Outcome::Known(KnownOutcome::Draw) => return Ok((None, moves.len())),
            Outcome::Unknown => {}
        }
        if pos.halfmoves() >= 100 {
            break;
        }
        let side = if pos.turn() == strong_colour {
            &mut *strong
        } else {
            &mut *weak
        };
        let played = side.play(&start, &moves, CastlingMode::Standard).await;
        if !played.incidents.is_empty() {
            bail!("the engine failed during the match: {:?}", played.incidents);
        }
        let search = played.result?;
        let mv = search
            .best
            .context("a best move in a position with legal moves")?;
        pos.play_unchecked(mv);
        moves.push(mv);
        let key = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        let key = key.rsplitn(3, ' ').nth(2).unwrap_or(&key).to_owned();
        let count = seen.entry(key).or_insert(0);
        *count += 1;
        if *count >= 3 {
            break;
        }
    }
    Ok((None, moves.len()))
}
