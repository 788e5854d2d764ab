//! Times building the recognizer's grammar ([`GrammarBuilder::build`]) at every position of
//! a set of games, as the station does at each turn before handing it to the recognizer
//! (`set_grammar`), and measures its size.

use std::fmt;
use std::time::{Duration, Instant};

use crate::resolve::{BenchError, read_positions};
use ansage::core::grammar::GrammarBuilder;
use ansage::core::lang::Language;
use ansage::core::words::{MovePhrases, vocabulary};

/// Timings and sizes of grammars over the positions of real games.
#[derive(Debug, Clone, PartialEq)]
pub struct GrammarStats {
    /// The language.
    pub language: Language,
    /// Games read.
    pub games: usize,
    /// Positions (grammars built).
    pub positions: usize,
    /// Build time, median, in milliseconds.
    pub p50_ms: f64,
    /// 95th percentile.
    pub p95_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Slowest.
    pub max_ms: f64,
    /// Phrases per grammar: mean and most.
    pub phrases_mean: f64,
    /// The most phrases in one grammar.
    pub phrases_max: usize,
    /// Phrases of moves per grammar: mean.
    pub move_phrases_mean: f64,
    /// The most phrases of moves in one grammar.
    pub move_phrases_max: usize,
    /// Legal moves per position: mean.
    pub legal_mean: f64,
    /// Distinct words per grammar: mean.
    pub words_mean: f64,
    /// Every word any grammar of the language may hold (the vocabulary check's list).
    pub all_words: usize,
    /// Building the command part once ([`GrammarBuilder::new`]), in milliseconds.
    pub setup_ms: f64,
}

impl fmt::Display for GrammarStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "grammar ({}): {} positions of {} games, {:.1} legal moves on average",
            self.language, self.positions, self.games, self.legal_mean
        )?;
        writeln!(
            f,
            "  build: p50 {:.3} ms, p95 {:.3} ms, p99 {:.3} ms, max {:.3} ms (setup once {:.1} ms)",
            self.p50_ms, self.p95_ms, self.p99_ms, self.max_ms, self.setup_ms
        )?;
        writeln!(
            f,
            "  phrases: {:.0} on average (max {}), of which moves {:.0} (max {}); {:.0} distinct words on average",
            self.phrases_mean,
            self.phrases_max,
            self.move_phrases_mean,
            self.move_phrases_max,
            self.words_mean
        )?;
        write!(
            f,
            "  all words of the language's grammars: {}",
            self.all_words
        )
    }
}

/// Builds the grammar of every position of the games in `pgn`, in `lang`, timing each.
pub fn grammar_stats(pgn: &str, lang: Language) -> Result<GrammarStats, BenchError> {
    let (games, positions) = read_positions(pgn)?;
    let start = Instant::now();
    let builder = GrammarBuilder::new(lang).map_err(|e| BenchError::Setup(e.to_string()))?;
    let setup = start.elapsed();
    let mut times: Vec<Duration> = Vec::with_capacity(positions.len());
    let (mut phrases, mut moves, mut legal, mut words) = (0usize, 0usize, 0usize, 0usize);
    let (mut phrases_max, mut moves_max) = (0, 0);
    for (i, (pos, _)) in positions.iter().enumerate() {
        let start = Instant::now();
        let g = builder.build(&MovePhrases::new(vocabulary(lang), pos.clone()));
        // What a recognizer is handed: the phrase list.
        let list: Vec<&str> = g.phrases().collect();
        times.push(start.elapsed());
        phrases += list.len();
        phrases_max = phrases_max.max(list.len());
        moves += g.move_phrases().len();
        moves_max = moves_max.max(g.move_phrases().len());
        legal += g.legal_moves();
        // Counting words is slow; a sample of every tenth position is enough.
        if i % 10 == 0 {
            words += g.words().len();
        }
    }
    times.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let pct = |p: f64| {
        let i = ((times.len() as f64 - 1.0) * p).round() as usize;
        times.get(i).map_or(0.0, |d| ms(*d))
    };
    let n = positions.len().max(1) as f64;
    Ok(GrammarStats {
        language: lang,
        games,
        positions: positions.len(),
        p50_ms: pct(0.50),
        p95_ms: pct(0.95),
        p99_ms: pct(0.99),
        max_ms: times.last().map_or(0.0, |d| ms(*d)),
        phrases_mean: phrases as f64 / n,
        phrases_max,
        move_phrases_mean: moves as f64 / n,
        move_phrases_max: moves_max,
        legal_mean: legal as f64 / n,
        words_mean: words as f64 / positions.len().div_ceil(10).max(1) as f64,
        all_words: builder.all_words().len(),
        setup_ms: ms(setup),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_on_a_few_games() {
        let few: String = include_str!("../../../tests/data/games.pgn")
            .split("[Event ")
            .filter(|g| !g.trim().is_empty())
            .take(2)
            .map(|g| format!("[Event {g}"))
            .collect();
        let s = grammar_stats(&few, Language::De).unwrap();
        assert_eq!(s.games, 2);
        assert!(s.phrases_mean > s.move_phrases_mean && s.move_phrases_mean > s.legal_mean);
        assert!(s.p50_ms <= s.p99_ms && s.p99_ms <= s.max_ms);
        assert!(s.to_string().contains("p95"));
    }
}
