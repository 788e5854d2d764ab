//! Benchmark 1: moves of real games said through a simulated recognizer and played through
//! the session's Appendix D protocol.
//!
//! For each move of the games (every position of `tests/data/games.pgn` by default), the
//! player to move says its German announcement (one time in five another phrase form of
//! it that the recognizer's grammar holds, [`ansage::core::words::Vocabulary::phrases`]); the words go through the noisy
//! [`Channel`] (substitutions of acoustically close words, deletions, insertions, with
//! confidences and alternatives; see [`crate::simulated`]) at a word error rate of
//! 5, 10 or 20 %, and into a real [`Session`] as [`Event::Heard`]. The simulated player then
//! does what a careful player does (FIDE Laws D.2.3, D.2.7):
//! - the echo names the intended move: "ja" (explicit policy) or silence until the
//!   correction window closes (`window:2`);
//! - "Meinten Sie X?": "ja" if X is the intended move, otherwise "nein" and a new try;
//! - the echo names another move: "nein" and a new try;
//! - "Welcher Springer: von … oder von …?": the origin ("Bella eins"), itself heard through
//!   the channel; "Welcher Zug: …?": the announcement again;
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

use std::fmt;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Move, Position, Role};

use crate::resolve::{BenchError, read_positions};
use crate::simulated::{Channel, Confusions, Rng, word_errors};
use ansage::core::grammar::speakable;
use ansage::core::input::{Actor, Command, Event, Input};
use ansage::core::lang::Language;
use ansage::core::output::{Audience, Output, Priority};
use ansage::core::phrases::Message;
use ansage::core::phrases::role_key;
use ansage::core::session::Session;
use ansage::core::setup::{Config, ConfirmPolicy, Impaired};
use ansage::core::time::Timestamp;
use ansage::core::words::{Utterance, Vocabulary};

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

/// What the player heard from the station after an utterance.
#[derive(Debug, Clone, PartialEq)]
enum Reply {
    /// A move was made.
    Made(String),
    /// The echo of a move: sure (confirm or wait) or asked back.
    Echo {
        mv: Move,
        unsure: bool,
    },
    /// "Welcher Springer: von … ?" (answer with the origin) or "Welcher Zug: …?"; whether
    /// the intended move is among those named.
    Which {
        by_origin: bool,
        listed: bool,
    },
    NotUnderstood,
    Illegal,
    Other,
}

/// The fixed sentences the player recognizes, rendered once per session language.
struct Ear {
    not_understood: String,
    illegal_prefix: String,
    which_piece: Vec<String>,
    which_move: String,
}

const MARK: &str = "\u{1}";

fn prefix(text: String) -> String {
    text.split(MARK).next().unwrap_or("").to_owned()
}

impl Ear {
    fn new(session: &Session) -> Ear {
        let p = session.phrases();
        let v = session.vocabulary();
        Ear {
            not_understood: p.speech(&Message::new("not-understood")),
            illegal_prefix: prefix(
                p.speech(
                    &Message::new("illegal-move")
                        .arg("heard", MARK)
                        .arg("reason", ""),
                ),
            ),
            which_piece: Role::ALL
                .into_iter()
                .map(|r| {
                    prefix(
                        p.speech(
                            &Message::new("which-piece")
                                .arg("piece", v.piece_name(r))
                                .arg("role", role_key(r))
                                .arg("options", MARK),
                        ),
                    )
                })
                .collect(),
            which_move: prefix(p.speech(&Message::new("which-move").arg("options", MARK))),
        }
    }

    /// The echo of `m` in `pos` under each of the three echo messages.
    fn echo_texts(session: &Session, pos: &Chess, m: Move) -> [(String, bool); 3] {
        let v = session.vocabulary();
        let p = session.phrases();
        let phrase = v.announce(pos, m);
        let san = v.localized_san(pos, m);
        let render = |id: &'static str| {
            p.speech(
                &Message::new(id)
                    .arg("move", phrase.clone())
                    .arg("san", san.clone()),
            )
        };
        [
            (render("echo"), false),
            (render("echo-confirm"), false),
            (render("echo-unsure"), true),
        ]
    }

    fn classify(
        &self,
        session: &Session,
        pos: &Chess,
        intended: (Move, &[(String, bool); 3], &[String]),
        out: &[Output],
        to: Audience,
    ) -> Reply {
        if let Some(made) = out.iter().find_map(|o| match o {
            Output::Made(m) => Some(m.uci.clone()),
            _ => None,
        }) {
            return Reply::Made(made);
        }
        let Some(text) = out.iter().rev().find_map(|o| match o {
            Output::Say(s) if s.to == to && s.priority == Priority::Move => Some(s.text.as_str()),
            _ => None,
        }) else {
            return Reply::Other;
        };
        if let Some((_, unsure)) = intended.1.iter().find(|(t, _)| t == text) {
            return Reply::Echo {
                mv: intended.0,
                unsure: *unsure,
            };
        }
        if text == self.not_understood {
            return Reply::NotUnderstood;
        }
        if text.starts_with(&self.illegal_prefix) {
            return Reply::Illegal;
        }
        if self
            .which_piece
            .iter()
            .any(|p| text.starts_with(p.as_str()))
        {
            return Reply::Which {
                by_origin: true,
                listed: intended.2.iter().any(|o| names(text, o)),
            };
        }
        if text.starts_with(&self.which_move) {
            return Reply::Which {
                by_origin: false,
                listed: intended.2.iter().any(|o| names(text, o)),
            };
        }
        for m in pos.legal_moves() {
            if let Some((_, unsure)) = Ear::echo_texts(session, pos, m)
                .iter()
                .find(|(t, _)| t == text)
            {
                return Reply::Echo {
                    mv: m,
                    unsure: *unsure,
                };
            }
        }
        Reply::Other
    }
}

/// Whether a question's `text` names the option `o` as a whole (followed by a comma, the
/// question mark or a space: "…, von Bella eins oder …").
fn names(text: &str, o: &str) -> bool {
    text.match_indices(o).any(|(i, _)| {
        matches!(
            text[i + o.len()..].chars().next(),
            None | Some(',' | '?' | ' ')
        ) && (i == 0 || text[..i].ends_with([' ', ':']))
    })
}

/// One game's sessions and the player's behaviour.
struct Player<'a> {
    channel: Channel,
    rng: Rng,
    setup: &'a VoiceSetup,
    now: u64,
}

impl Player<'_> {
    fn at(&mut self, ms: u64) -> Timestamp {
        self.now += ms;
        Timestamp::from_millis(self.now)
    }

    fn heard(
        &mut self,
        session: &mut Session,
        by: Actor,
        said: &str,
        t: &mut Tally,
    ) -> Vec<Output> {
        let u = self.channel.hear(said);
        let (e, n) = word_errors(said, &u);
        t.edits += e;
        t.words += n;
        t.utterances += 1;
        let at = self.at(1000);
        session.handle(
            Input::Act {
                by,
                event: Event::Heard(u),
            },
            at,
        )
    }

    fn says_clean(&mut self, session: &mut Session, by: Actor, text: &str) -> Vec<Output> {
        let at = self.at(500);
        session.handle(
            Input::Act {
                by,
                event: Event::Heard(Utterance::from_text(text)),
            },
            at,
        )
    }

    /// The arbiter makes `uci` (after failed tries, or to put a wrong move right).
    fn arbiter_makes(&mut self, session: &mut Session, uci: &str) {
        let at = self.at(1000);
        session.handle(
            Input::Act {
                by: Actor::Arbiter,
                event: Event::Typed(uci.to_owned()),
            },
            at,
        );
    }

    /// Plays `mv` in `pos` (the session's position) through the protocol.
    fn play(&mut self, session: &mut Session, ear: &Ear, pos: &Chess, mv: Move, t: &mut Tally) {
        let vocab: &Vocabulary = session.vocabulary();
        let side = pos.turn();
        let by = Actor::Player(side);
        let to = Audience::player(side);
        let uci = UciMove::from_move(mv, CastlingMode::Standard).to_string();
        let announce = vocab.announce(pos, mv);
        let said = if self.rng.chance(self.setup.other_forms) {
            let others: Vec<String> = vocab
                .phrases(pos, mv)
                .into_iter()
                // Only what the grammar lets a recognizer hear: not the written "0 0" of
                // castling, nor "null null null" (see `grammar::speakable`).
                .filter(|p| {
                    *p != announce && !p.chars().any(|c| c.is_ascii_digit()) && speakable(p)
                })
                .collect();
            let i = self.rng.below(others.len());
            others.get(i).cloned().unwrap_or_else(|| announce.clone())
        } else {
            announce.clone()
        };
        let origin = mv
            .from()
            .map(|sq| vocab.square_name(sq))
            .unwrap_or_default();
        let mine = Ear::echo_texts(session, pos, mv);
        // How a question names the intended move: its origin ("von Bella eins") or the
        // whole move, as spoken.
        let named: [String; 2] = [
            session
                .phrases()
                .speech(&Message::new("option-from").arg("square", origin.clone())),
            announce.clone(),
        ];
        t.moves += 1;
        for attempt in 0..self.setup.tries {
            let mut out = self.heard(session, by, &said, t);
            // Whether the station asked back ("Meinten Sie …?") or which ("Welcher …?").
            let (mut asked, mut which) = (false, false);
            let mut by_silence = false;
            // A conversation: the station's replies and the player's answers, with at most
            // two answers to "Welcher …?" per try.
            let mut answers = 0;
            loop {
                match ear.classify(session, pos, (mv, &mine, &named), &out, to) {
                    Reply::Made(made) => {
                        if made == uci {
                            match (attempt, which, asked) {
                                (0, true, _) => t.first_which += 1,
                                (0, false, true) => t.first_asked += 1,
                                (0, false, false) => t.first_sure += 1,
                                _ => t.later += 1,
                            }
                            if by_silence {
                                t.silent += 1;
                            }
                        } else {
                            t.wrong_made += 1;
                            let at = self.at(1000);
                            session.handle(
                                Input::Act {
                                    by: Actor::Arbiter,
                                    event: Event::Command(Command::TakeBack),
                                },
                                at,
                            );
                            self.arbiter_makes(session, &uci);
                        }
                        return;
                    }
                    Reply::Echo { mv: m, unsure } if m == mv => {
                        if unsure {
                            asked = true;
                            out = self.says_clean(session, by, "ja");
                        } else {
                            match session.next_deadline() {
                                // The correction window: the player stays silent.
                                Some(d) if d > Timestamp::from_millis(self.now) => {
                                    by_silence = true;
                                    self.now = d.as_millis();
                                    out = session.handle(Input::Timeout, d);
                                }
                                _ => out = self.says_clean(session, by, "ja"),
                            }
                        }
                    }
                    Reply::Echo { .. } => {
                        // With a correction window running, silence would make it.
                        if session.next_deadline().is_some() {
                            t.wrong_silent += 1;
                        } else {
                            t.wrong_asked += 1;
                        }
                        self.says_clean(session, by, "nein");
                        break;
                    }
                    Reply::Which { by_origin, listed } => {
                        t.which += 1;
                        which = true;
                        answers += 1;
                        if !listed || answers > 2 {
                            // The intended move is not among those asked about (or the
                            // answers are not understood): "nein", and a new try.
                            if !listed {
                                t.wrong_which += 1;
                            }
                            self.says_clean(session, by, "nein");
                            break;
                        }
                        let answer = if by_origin { &origin } else { &announce };
                        out = self.heard(session, by, answer, t);
                    }
                    Reply::NotUnderstood => {
                        t.not_understood += 1;
                        break;
                    }
                    Reply::Illegal => {
                        t.illegal += 1;
                        break;
                    }
                    Reply::Other => {
                        t.other += 1;
                        // Whatever is pending is withdrawn before the next try.
                        self.says_clean(session, by, "nein");
                        break;
                    }
                }
            }
        }
        t.failed += 1;
        self.arbiter_makes(session, &uci);
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
                let mut session = Session::new(Config {
                    lang: Language::De,
                    impaired: Impaired::Both,
                    confirm: policy,
                    confirm_sighted: ConfirmPolicy::Window(Duration::ZERO),
                    ..Config::default()
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
