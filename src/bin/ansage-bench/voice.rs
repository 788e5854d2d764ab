//! Benchmark 1: moves of real games said through a simulated recognizer and played through
//! the session's Appendix D protocol.
//!
//! For each move of the games (every position of `tests/data/games.pgn` by default), the
//! player to move says its German announcement (one time in five another phrase form of
//! it that the recognizer's grammar holds, [`ansage::core::words::Vocabulary::phrases`]); the words go through the noisy
//! [`Channel`] (substitutions of acoustically close words, deletions, insertions, with
//! confidences and alternatives; see [`crate::simulated`]) at a word error rate of
//! 5, 10 or 20 %, and into a real [`Session`] as [`Event::Heard`](ansage::core::input::Event::Heard). The simulated player then
//! does what a careful player does (FIDE Laws D.2.3, D.2.7):
//! - the echo names the intended move: "ja" (explicit policy) or silence until the
//!   correction window closes (`window:2`);
//! - "Meinten Sie X?": "ja" if X is the intended move, otherwise "nein" and a new try;
//! - the echo names another move: "nein" and a new try;
//! - "Welcher …?": if the question names the intended move, the word that names it: the
//!   origin ("von Bella eins", "von Bella": "Bella eins"), the target ("nach Felix drei"),
//!   the piece or promotion piece ("Springer"), the whole move ("Welcher Zug: …?": the
//!   announcement again); to "16 Züge passen, bitte genauer ansagen." the announcement;
//!   each heard through the channel; not named: "nein" and a new try;
//! - not understood, or said to be illegal: a new try.
//!
//! After three tries the arbiter types the move (D.2.9), so that the game goes on. The
//! player's "ja" and "nein" are heard as said (their misrecognition is not simulated).
//!
//! Counted per word error rate and policy:
//! - **made right on the first try**, i.e. the player announced the move once: echoed as
//!   understood and confirmed (by "ja", or by silence under the window), or asked back
//!   ("Meinten Sie X?") and confirmed by "ja" — under the explicit policy both cost the
//!   player the same single "ja" —, or after a "Welcher …?" question the player answered.
//!   The report gives the total and the share without which-questions;
//! - `silent`: right moves the correction window made without a "ja";
//! - made right later, not made;
//! - wrong moves echoed (answered "nein"), and **wrong moves made**: made by the session
//!   (which needs the player's "ja", so never), or echoed while a correction window runs,
//!   because silence would make them: the player's "nein" is not relied on.

mod ear;
mod player;

use std::fmt;
use std::time::Duration;

use shakmaty::{Board, Chess, Move, Position};

use crate::resolve::{BenchError, read_positions};
use crate::simulated::{Channel, Confusions, Rng};
use ansage::core::lang::Language;
use ansage::core::session::Session;
use ansage::core::setup::{ConfirmPolicy, Impaired, SessionSetup};
use ear::Ear;
use player::Player;

/// What to run.
#[derive(Debug, Clone, PartialEq)]
pub struct VoiceSetup {
    /// Word error rates, 0 to 1.
    pub wers: Vec<f64>,
    /// Confirmation policies of the visually impaired players.
    pub policies: Vec<ConfirmPolicy>,
    /// At most this many moves (positions) of the games, from the first game on.
    pub max_moves: usize,
    /// The seed of the channel and of the player's choice of phrase.
    pub seed: u64,
    /// Share of damaged words the recognizer is nevertheless confident of (0: none).
    pub confident_errors: f64,
    /// How often the player says another phrase form than the announcement.
    pub other_forms: f64,
    /// Tries before the arbiter types the move.
    pub tries: usize,
}

impl Default for VoiceSetup {
    fn default() -> VoiceSetup {
        VoiceSetup {
            wers: vec![0.05, 0.10, 0.20],
            policies: vec![
                ConfirmPolicy::Explicit,
                ConfirmPolicy::Window(Duration::from_secs(2)),
            ],
            max_moves: usize::MAX,
            seed: 2024,
            confident_errors: 0.0,
            other_forms: 0.2,
            tries: 3,
        }
    }
}

/// The counts of one word error rate under one policy.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    /// Moves played.
    pub moves: usize,
    /// Made right on the first try, echoed as understood and confirmed (by "ja", or by
    /// silence under a correction window).
    pub first_sure: usize,
    /// Made right on the first try after the station asked back ("Meinten Sie …?") and
    /// the player said "ja": the same effort as confirming a sure echo under the explicit
    /// policy.
    pub first_asked: usize,
    /// Made right on the first try after a "Welcher …?" question the player answered.
    pub first_which: usize,
    /// Right moves made by silence (the correction window closed): no "ja" needed.
    pub silent: usize,
    /// Made right on a later try.
    pub later: usize,
    /// Not made after every try (the arbiter typed it).
    pub failed: usize,
    /// Wrong moves the session made.
    pub wrong_made: usize,
    /// Wrong moves echoed with a correction window running: silence would make them, so
    /// they count as made (the player's "nein" is not relied on).
    pub wrong_silent: usize,
    /// Wrong moves echoed for confirmation ("X?" or "Meinten Sie X?"), answered "nein".
    pub wrong_asked: usize,
    /// "Welcher …?" questions that did not list the move meant, answered "nein".
    pub wrong_which: usize,
    /// "Welcher …?" questions.
    pub which: usize,
    /// "Nicht verstanden".
    pub not_understood: usize,
    /// Said to be illegal.
    pub illegal: usize,
    /// Anything else (a command understood, …).
    pub other: usize,
    /// Utterances heard (tries and answers).
    pub utterances: usize,
    /// Words said and word edits made by the channel (their ratio is the measured WER).
    pub words: usize,
    /// Word edits.
    pub edits: usize,
}

impl Tally {
    /// Made right on the first try (the player announced the move once): echoed as
    /// understood, asked back, or after a "Welcher …?" question.
    pub fn first(&self) -> usize {
        self.first_sure + self.first_asked + self.first_which
    }

    /// Made right on the first try with at most a "ja" from the player (no question to
    /// answer).
    pub fn first_without_which(&self) -> usize {
        self.first_sure + self.first_asked
    }

    /// The share of `n` among the moves, in per cent.
    pub fn pct(&self, n: usize) -> f64 {
        100.0 * n as f64 / self.moves.max(1) as f64
    }

    /// Wrong moves made: made by the session, or echoed with a correction window running
    /// (silence would have made them).
    pub fn wrong_moves_made(&self) -> usize {
        self.wrong_made + self.wrong_silent
    }

    /// The word error rate the channel made.
    pub fn measured_wer(&self) -> f64 {
        self.edits as f64 / self.words.max(1) as f64
    }
}

/// One row of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct VoiceRow {
    /// The word error rate aimed at.
    pub wer: f64,
    /// The policy.
    pub policy: ConfirmPolicy,
    /// The counts.
    pub tally: Tally,
}

/// The report of [`voice`].
#[derive(Debug, Clone, PartialEq)]
pub struct VoiceReport {
    /// Games played (at least partly).
    pub games: usize,
    /// The rows.
    pub rows: Vec<VoiceRow>,
    /// The share of confidently damaged words simulated.
    pub confident_errors: f64,
}

fn policy_name(p: ConfirmPolicy) -> String {
    match p {
        ConfirmPolicy::Explicit => "explicit".into(),
        ConfirmPolicy::Window(d) => format!("window:{}", d.as_secs_f64()),
    }
}

impl fmt::Display for VoiceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "voice (de): moves of {} games through a simulated recognizer{}",
            self.games,
            if self.confident_errors > 0.0 {
                format!(
                    ", {:.0} % of damaged words confident",
                    self.confident_errors * 100.0
                )
            } else {
                String::new()
            }
        )?;
        writeln!(
            f,
            "  WER (measured) policy      moves  first try (sure + asked + which) w/o which  silent   later  failed | wrong echoed (silent/asked/which) | WRONG MADE | which  n.u.  illegal"
        )?;
        for r in &self.rows {
            let t = &r.tally;
            writeln!(
                f,
                "  {:>3.0} % ({:>4.1} %) {:<10} {:>6}  {:>6.2} % ({:>5.2} + {:>5.2} + {:>4.2})  {:>6.2} % {:>5.1} % {:>5.2} % {:>5.2} % | {:>6} ({}/{}/{}) | {:>10} | {:>5} {:>5} {:>5}",
                r.wer * 100.0,
                t.measured_wer() * 100.0,
                policy_name(r.policy),
                t.moves,
                t.pct(t.first()),
                t.pct(t.first_sure),
                t.pct(t.first_asked),
                t.pct(t.first_which),
                t.pct(t.first_without_which()),
                t.pct(t.silent),
                t.pct(t.later),
                t.pct(t.failed),
                t.wrong_silent + t.wrong_asked + t.wrong_which,
                t.wrong_silent,
                t.wrong_asked,
                t.wrong_which,
                t.wrong_moves_made(),
                t.which,
                t.not_understood,
                t.illegal,
            )?;
        }
        Ok(())
    }
}

/// Splits (position, move) pairs into games: a game starts at the initial position.
fn games(positions: Vec<(Chess, Move)>) -> Vec<Vec<(Chess, Move)>> {
    let mut out: Vec<Vec<(Chess, Move)>> = Vec::new();
    for (pos, m) in positions {
        let start =
            pos.fullmoves().get() == 1 && pos.turn().is_white() && pos.board() == &Board::default();
        match out.last_mut() {
            Some(g) if !start => g.push((pos, m)),
            _ => out.push(vec![(pos, m)]),
        }
    }
    out
}

/// Runs the benchmark over the games of `pgn`.
pub fn voice(pgn: &str, setup: &VoiceSetup) -> Result<VoiceReport, BenchError> {
    let (_, positions) = read_positions(pgn)?;
    let games = games(positions);
    let confusions = Confusions::german().map_err(|e| BenchError::Setup(e.to_string()))?;
    let mut rows = Vec::new();
    let mut played_games = 0;
    for (i, &wer) in setup.wers.iter().enumerate() {
        for &policy in &setup.policies {
            let seed = setup.seed.wrapping_add(1000 * i as u64);
            let mut player = Player {
                channel: Channel::new(confusions.clone(), wer, seed)
                    .with_confident_errors(setup.confident_errors),
                rng: Rng::new(seed ^ 0x5eed),
                setup,
                now: 0,
            };
            let mut tally = Tally::default();
            played_games = 0;
            'games: for game in &games {
                if tally.moves >= setup.max_moves {
                    break;
                }
                played_games += 1;
                let mut session = Session::new(SessionSetup {
                    lang: Language::De,
                    impaired: Impaired::Both,
                    confirm: policy,
                    confirm_sighted: ConfirmPolicy::Window(Duration::ZERO),
                    ..SessionSetup::default()
                })
                .map_err(|e| BenchError::Setup(e.to_string()))?;
                let ear = Ear::new(&session);
                player.now = 0;
                for (pos, mv) in game {
                    if tally.moves >= setup.max_moves
                        || session.result().is_some()
                        || session.position().board() != pos.board()
                    {
                        continue 'games;
                    }
                    player.play(&mut session, &ear, pos, *mv, &mut tally);
                }
            }
            rows.push(VoiceRow { wer, policy, tally });
        }
    }
    Ok(VoiceReport {
        games: played_games,
        rows,
        confident_errors: setup.confident_errors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = include_str!("../../../tests/data/games.pgn");

    /// The fast version: a few hundred moves at 10 % WER, both policies: no wrong move is
    /// ever made, and the measured WER is the one aimed at.
    #[test]
    fn no_wrong_move_made_at_ten_percent() {
        let setup = VoiceSetup {
            wers: vec![0.10],
            max_moves: 400,
            ..VoiceSetup::default()
        };
        let report = voice(GAMES, &setup).unwrap();
        assert_eq!(report.rows.len(), 2);
        for r in &report.rows {
            let t = &r.tally;
            assert_eq!(t.moves, 400, "{report}");
            assert_eq!(t.wrong_moves_made(), 0, "{report}");
            assert_eq!(
                t.first() + t.later + t.failed,
                t.moves,
                "every move is counted once: {report}"
            );
            assert!(t.pct(t.first()) >= 95.0, "{report}");
            assert!((t.measured_wer() - 0.10).abs() < 0.03, "{report}");
        }
    }

    #[test]
    fn without_errors_every_move_is_made_surely_on_the_first_try() {
        let setup = VoiceSetup {
            wers: vec![0.0],
            max_moves: 150,
            other_forms: 0.5,
            ..VoiceSetup::default()
        };
        let report = voice(GAMES, &setup).unwrap();
        for r in &report.rows {
            let t = &r.tally;
            assert_eq!(t.first(), t.moves, "{report}");
            assert_eq!(t.wrong_silent + t.wrong_asked + t.wrong_made, 0, "{report}");
        }
    }

    #[test]
    fn splits_games_at_the_start_position() {
        let (_, positions) = read_positions(GAMES).unwrap();
        assert_eq!(games(positions).len(), 400);
    }
}
