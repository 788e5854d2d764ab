//! Times [`Vocabulary::resolve`] over every position of a set of games: for each move played,
//! its German announcement and one other phrase form are resolved as heard text, each call
//! timed alone, and each checked to give back exactly the move played.

use std::fmt;
use std::io;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Move, Position};

use ansage::core::lang::Language;
use ansage::core::words::{HeardWords, Resolution, Vocabulary, vocabulary};

/// Why a benchmark could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// The PGN could not be read.
    #[error("reading PGN: {0}")]
    Pgn(#[from] io::Error),
    /// A game contains a move that is not legal (or not unique) in its position.
    #[error("game {game}, ply {ply}: {san} is not a legal move")]
    IllegalMove {
        /// The game's number, from 1.
        game: usize,
        /// The ply within the game, from 1.
        ply: usize,
        /// The move as written.
        san: String,
    },
    /// The PGN holds no move at all.
    #[error("no moves in the PGN")]
    NoMoves,
    /// What the benchmark needs could not be set up (a broken word or phrase file).
    #[error("setting up: {0}")]
    Setup(String),
}

/// Timings of resolve calls, in microseconds.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolveStats {
    /// The language resolved in.
    pub language: Language,
    /// Games read.
    pub games: usize,
    /// Positions (moves played) visited.
    pub positions: usize,
    /// Resolve calls timed.
    pub count: usize,
    /// Median.
    pub p50_us: f64,
    /// 95th percentile.
    pub p95_us: f64,
    /// 99th percentile.
    pub p99_us: f64,
    /// Slowest call.
    pub max_us: f64,
    /// Calls that did not give back exactly the move played, surely.
    pub mismatches: usize,
    /// The first few mismatches, for the report: (phrase, what it resolved to).
    pub examples: Vec<(String, String)>,
}

impl fmt::Display for ResolveStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "resolve ({}): {} calls over {} positions of {} games",
            self.language, self.count, self.positions, self.games
        )?;
        writeln!(
            f,
            "  p50 {:.1} µs, p95 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
            self.p50_us, self.p95_us, self.p99_us, self.max_us
        )?;
        write!(f, "  mismatches: {}", self.mismatches)?;
        for (phrase, got) in &self.examples {
            write!(f, "\n    {phrase:?} -> {got}")?;
        }
        Ok(())
    }
}

/// Collects the positions and moves of every game's main line.
struct Positions {
    games: usize,
    error: Option<BenchError>,
}

impl Visitor for Positions {
    type Tags = ();
    type Movetext = (Chess, Vec<(Chess, Move)>);
    type Output = Vec<(Chess, Move)>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        self.games += 1;
        ControlFlow::Continue((Chess::default(), Vec::new()))
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        let (pos, seen) = movetext;
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                seen.push((pos.clone(), m));
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.error = Some(BenchError::IllegalMove {
                    game: self.games,
                    ply: seen.len() + 1,
                    san: san_plus.to_string(),
                });
                ControlFlow::Break(std::mem::take(seen))
            }
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext.1
    }
}

/// Reads the main lines of all games of a PGN text: (position, move played) pairs.
pub(crate) fn read_positions(pgn: &str) -> Result<(usize, Vec<(Chess, Move)>), BenchError> {
    let mut reader = Reader::new(io::Cursor::new(pgn.as_bytes()));
    let mut visitor = Positions {
        games: 0,
        error: None,
    };
    let mut all = Vec::new();
    while let Some(moves) = reader.read_game(&mut visitor)? {
        if let Some(e) = visitor.error.take() {
            return Err(e);
        }
        all.extend(moves);
    }
    if all.is_empty() {
        return Err(BenchError::NoMoves);
    }
    Ok((visitor.games, all))
}

/// The phrases resolved for a move: its announcement and one other phrase form (the last
/// listed, typically the longest), if there is another.
fn phrases_for(v: &Vocabulary, pos: &Chess, m: Move) -> Vec<String> {
    let said = v.announce(pos, m);
    let other = v.phrases(pos, m).into_iter().rev().find(|p| *p != said);
    std::iter::once(said).chain(other).collect()
}

/// Times resolve over every position of the games in `pgn`, in `lang`.
pub fn resolve_stats(pgn: &str, lang: Language) -> Result<ResolveStats, BenchError> {
    let (games, positions) = read_positions(pgn)?;
    let v = vocabulary(lang);
    // Warm up: the vocabulary is loaded on first use, not per call.
    if let Some((pos, m)) = positions.first() {
        let _ = v.resolve(pos, &HeardWords::from_text(&v.announce(pos, *m)), None);
    }
    let mut times: Vec<Duration> = Vec::with_capacity(positions.len() * 2);
    let mut mismatches = 0;
    let mut examples = Vec::new();
    for (pos, m) in &positions {
        for phrase in phrases_for(v, pos, *m) {
            let heard = HeardWords::from_text(&phrase);
            let start = Instant::now();
            let got = v.resolve(pos, &heard, None);
            times.push(start.elapsed());
            if got != (Resolution::Move { mv: *m, sure: true }) {
                mismatches += 1;
                if examples.len() < 5 {
                    examples.push((phrase, format!("{got:?}")));
                }
            }
        }
    }
    times.sort_unstable();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    let pct = |p: f64| {
        let i = ((times.len() as f64 - 1.0) * p).round() as usize;
        times.get(i).map_or(0.0, |d| us(*d))
    };
    Ok(ResolveStats {
        language: lang,
        games,
        positions: positions.len(),
        count: times.len(),
        p50_us: pct(0.50),
        p95_us: pct(0.95),
        p99_us: pct(0.99),
        max_us: times.last().map_or(0.0, |d| us(*d)),
        mismatches,
        examples,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The report of [`resolve_stats`] in German (the language of FIDE Laws Appendix D), as
    /// text: count, p50, p95, p99 and max in microseconds, and mismatches.
    fn resolve_report(pgn: &str) -> Result<String, BenchError> {
        resolve_stats(pgn, Language::De).map(|s| s.to_string())
    }

    const GAMES: &str = include_str!("../../../tests/data/games.pgn");

    #[test]
    fn reports_on_a_few_games() {
        let few: String = GAMES
            .split("[Event ")
            .filter(|g| !g.trim().is_empty())
            .take(2)
            .map(|g| format!("[Event {g}"))
            .collect();
        let stats = resolve_stats(&few, Language::De).expect("games parse");
        assert_eq!(stats.games, 2);
        assert_eq!(stats.mismatches, 0, "{stats}");
        assert!(stats.count >= stats.positions && stats.p50_us <= stats.max_us);
        let report = resolve_report(&few).expect("report");
        assert!(report.contains("p99"), "{report}");
    }

    #[test]
    fn rejects_illegal_games() {
        assert!(matches!(
            resolve_report("1. e4 e5 2. Ke3 *"),
            Err(BenchError::IllegalMove {
                game: 1,
                ply: 3,
                ..
            })
        ));
        assert!(matches!(resolve_report(""), Err(BenchError::NoMoves)));
    }

    /// The full measurement:
    /// `cargo test --release --features bench --bin ansage-bench resolve -- --ignored --nocapture`.
    #[test]
    #[ignore = "measurement; run in release"]
    fn measures_all_games() {
        for lang in Language::ALL {
            let stats = resolve_stats(GAMES, lang).expect("games parse");
            println!("{stats}");
            assert_eq!(stats.mismatches, 0);
        }
    }
}
