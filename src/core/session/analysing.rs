//! The engine's analysis while a game is gone through (issue 34.4): "Bewertung" and
//! "bester Zug" at the point reached (the number and the line's next moves on "mehr");
//! "Partie analysieren", every position of the game one after another, its progress told
//! every quarter, stopped by "Analyse stoppen", then each move judged as lichess judges it
//! (`core::analysis`), the count per side said and the annotated game put out as PGN
//! ([`Output::Annotated`]); "Fehler", the asker's faults one by one, each at its point.
//!
//! The engine never runs here: the session asks by [`Output::Analyse`] and the engine's
//! adapter answers by an input ([`Event::Analysis`](crate::core::input::Event::Analysis)),
//! journaled like every other.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use crate::core::analysis::{self, Judgement, MoveNote, annotated};
use crate::core::engine::analysis::{AnalysisReply, AnalysisRequest};
use crate::core::engine::score::{Score, Verdict};
use crate::core::engine::uci::legal_move;
use crate::core::input::{Actor, Command};
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::scoresheet::Sheet;
use crate::core::words::MovePhrases;

use super::{Session, audience};

/// The most moves of a line said on "mehr".
const LINE_MOVES: usize = 5;

/// What the engine found in one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Found {
    /// The evaluation from White's point of view.
    score: Score,
    /// The best line, legal from the position.
    line: Vec<Move>,
}

/// What a request is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Wanted {
    /// "Bewertung" at a point, for `to`.
    Evaluation(Audience),
    /// "bester Zug" at a point, for `to`.
    BestMove(Audience),
    /// "Partie analysieren", for `to`.
    Game(Audience),
    /// A move the player tried in an exercise ("Üben"): the position after it.
    Try(super::practice::Tried),
    /// The trainer's help in a training game (issue 34.2).
    Training(super::training_asked::Asked),
}

/// The analysis of the game gone through.
#[derive(Clone, Debug, Default)]
pub(super) struct Analysing {
    /// The last request's number.
    seq: u64,
    /// The request waited for: its number, the point asked about, and what for.
    waiting: Option<(u64, usize, Wanted)>,
    /// What the engine found at each point (0: the starting position).
    found: Vec<Option<Found>>,
    /// The quarters of the whole game's analysis told so far.
    quarters: u32,
    /// Each move's note, once the whole game is analysed.
    pub(super) notes: Option<Vec<MoveNote>>,
    /// The exercises from the faults ("Üben"), while they run.
    pub(super) practice: Option<super::practice::Practice>,
    /// The next fault "Fehler" reads (an index into the asker's faults).
    next_fault: usize,
    /// The rest of an engine answer, for "mehr": to whom, and what.
    more: Option<(Audience, Message)>,
}

impl Session {
    /// A command of the analysis while the game is gone through; `false` for any other.
    pub(super) fn analysis_command(
        &mut self,
        by: Actor,
        command: &Command,
        out: &mut Vec<Output>,
    ) -> bool {
        let to = audience(by);
        match command {
            Command::Evaluation => self.ask_position(Wanted::Evaluation(to), out),
            Command::BestMove => self.ask_position(Wanted::BestMove(to), out),
            Command::Analyse => self.analyse_game(to, out),
            Command::StopAnalysis => {
                let id = if self.analysing.waiting.take().is_some() {
                    "analysis-stopped"
                } else {
                    "analysis-idle"
                };
                self.tell(to, Priority::Answer, Message::new(id), out);
            }
            Command::Mistakes => self.next_mistake(by, out),
            _ => return false,
        }
        true
    }

    /// "mehr" after an engine answer: its rest, once; `false` when there is none for `to`.
    pub(super) fn analysis_more(&mut self, to: Audience, out: &mut Vec<Output>) -> bool {
        match self.analysing.more.take() {
            Some((asker, msg)) if asker == to => {
                self.tell(to, Priority::Answer, msg, out);
                true
            }
            other => {
                self.analysing.more = other;
                false
            }
        }
    }

    /// The point shown, as an index of the game's positions.
    fn point(&self) -> usize {
        self.review.map_or(self.history.len(), |r| r.at)
    }

    /// The position at point `at`.
    fn position_at(&self, at: usize) -> &Chess {
        self.history
            .get(at)
            .map_or_else(|| self.position(), |p| &p.before)
    }

    /// "Bewertung" or "bester Zug" at the point shown: said at once when known, else asked
    /// of the engine.
    fn ask_position(&mut self, wanted: Wanted, out: &mut Vec<Output>) {
        let at = self.point();
        if self.found_at(at).is_some() {
            return self.tell_found(at, wanted, out);
        }
        if !self.engine_free(wanted, out) {
            return;
        }
        self.request(at, None, wanted, out);
    }

    /// The engine's score at point `at` (White's point of view), if known.
    pub(super) fn analysing_score(&self, at: usize) -> Option<Score> {
        self.found_at(at).map(|f| f.score)
    }

    /// An exercise's tried move sent to the engine (the position after it).
    pub(super) fn try_move(
        &mut self,
        at: usize,
        tried: super::practice::Tried,
        out: &mut Vec<Output>,
    ) {
        let wanted = Wanted::Try(tried);
        if self.engine_free(wanted, out) {
            self.request(at, Some(tried.mv), wanted, out);
        }
    }

    /// Whether the engine is free for a new request; if not, `wanted`'s asker is told so.
    fn engine_free(&mut self, wanted: Wanted, out: &mut Vec<Output>) -> bool {
        if self.analysing.waiting.is_none() {
            return true;
        }
        let to = asker(wanted);
        self.tell(to, Priority::Answer, Message::new("analysis-busy"), out);
        false
    }

    fn found_at(&self, at: usize) -> Option<&Found> {
        self.analysing.found.get(at).and_then(Option::as_ref)
    }

    /// A training game's question to the engine about point `at` (and `then`, a move
    /// played there): the newest wins, an answer to an older one is dropped.
    pub(super) fn request_analysis(
        &mut self,
        at: usize,
        then: Option<Move>,
        asked: super::training_asked::Asked,
        out: &mut Vec<Output>,
    ) {
        self.request(at, then, Wanted::Training(asked), out);
    }

    /// The rest of an engine answer, said to `to` on "mehr".
    pub(super) fn set_more(&mut self, to: Audience, msg: Message) {
        self.analysing.more = Some((to, msg));
    }

    /// Asks the engine about point `at` (and `then`, a move played there).
    fn request(&mut self, at: usize, then: Option<Move>, wanted: Wanted, out: &mut Vec<Output>) {
        self.analysing.seq += 1;
        let seq = self.analysing.seq;
        self.analysing.waiting = Some((seq, at, wanted));
        let mut moves: Vec<Move> = self.history[..at].iter().map(|p| p.mv).collect();
        moves.extend(then);
        out.push(Output::Analyse(AnalysisRequest::new(
            seq,
            &self.initial,
            &moves,
            self.castling_mode,
        )));
    }

    /// "Partie analysieren": every point not yet known, one after another.
    fn analyse_game(&mut self, to: Audience, out: &mut Vec<Output>) {
        if !self.engine_free(Wanted::Game(to), out) {
            return;
        }
        self.analysing.quarters = 0;
        let msg = Message::new("analysis-started").arg("moves", self.history.len().div_ceil(2));
        self.tell(to, Priority::Answer, msg, out);
        self.next_of_game(to, out);
    }

    /// The next point of the whole game's analysis, or its end.
    fn next_of_game(&mut self, to: Audience, out: &mut Vec<Output>) {
        let points = self.history.len() + 1;
        let known = (0..points).filter(|i| self.found_at(*i).is_some()).count();
        let quarter = u32::try_from(known * 4 / points).unwrap_or(4);
        if (1..4).contains(&quarter) && quarter > self.analysing.quarters {
            self.analysing.quarters = quarter;
            let msg = Message::new("analysis-progress").arg("quarter", quarter);
            self.tell(to, Priority::Answer, msg, out);
        }
        match (0..points).find(|i| self.found_at(*i).is_none()) {
            Some(at) => self.request(at, None, Wanted::Game(to), out),
            None => self.game_analysed(to, out),
        }
    }

    /// The engine's answer: kept, and said or the analysis goes on; an answer to a request
    /// no longer waited for is dropped.
    pub(super) fn analysis_reply(
        &mut self,
        reply: AnalysisReply,
        now: crate::core::time::Timestamp,
        out: &mut Vec<Output>,
    ) {
        let seq = match &reply {
            AnalysisReply::Found { seq, .. } | AnalysisReply::Failed { seq } => Some(*seq),
            AnalysisReply::Missing => None,
        };
        let Some((waited, at, wanted)) = self.analysing.waiting else {
            return;
        };
        if seq.is_some_and(|s| s != waited) {
            return;
        }
        self.analysing.waiting = None;
        if let Wanted::Training(asked) = wanted {
            return self.training_analysis(asked, at, reply, now, out);
        }
        let to = asker(wanted);
        let (score, pv) = match reply {
            AnalysisReply::Found { score, pv, .. } => (score, pv),
            AnalysisReply::Failed { .. } => {
                return self.tell(to, Priority::Answer, Message::new("analysis-failed"), out);
            }
            AnalysisReply::Missing => {
                return self.tell(
                    to,
                    Priority::Answer,
                    Message::new("analysis-no-engine"),
                    out,
                );
            }
        };
        if let Wanted::Try(tried) = wanted {
            let mut after = self.position_at(at).clone();
            after.play_unchecked(tried.mv);
            let line = legal_line(&after, &pv);
            let judged = (score.for_white(after.turn()), line.first().copied());
            return self.tried_judged(tried, Some(judged), out);
        }
        let pos = self.position_at(at).clone();
        let found = Found {
            score: score.for_white(pos.turn()),
            line: legal_line(&pos, &pv),
        };
        if self.analysing.found.len() <= self.history.len() {
            self.analysing.found.resize(self.history.len() + 1, None);
        }
        self.analysing.found[at] = Some(found);
        match wanted {
            Wanted::Game(to) => self.next_of_game(to, out),
            other => self.tell_found(at, other, out),
        }
    }

    /// What the engine found at point `at`, said to the asker; the rest kept for "mehr".
    fn tell_found(&mut self, at: usize, wanted: Wanted, out: &mut Vec<Output>) {
        let Some(found) = self.found_at(at).cloned() else {
            return;
        };
        let to = asker(wanted);
        let pos = self.position_at(at).clone();
        let (first, rest) = match wanted {
            Wanted::Evaluation(_) => (self.verdict(found.score), eval_number(found.score)),
            _ => match found.line.split_first() {
                Some((best, line)) => {
                    let words = self.line_words(&pos, std::slice::from_ref(best));
                    let after = play(&pos, *best);
                    let rest = self.line_words(&after, &line[..line.len().min(LINE_MOVES)]);
                    (
                        Message::new("analysis-best").arg("move", words.join(", ")),
                        if rest.is_empty() {
                            Message::new("more-nothing")
                        } else {
                            Message::new("analysis-line").arg("moves", rest.join(", "))
                        },
                    )
                }
                None => (
                    Message::new("analysis-no-move"),
                    Message::new("more-nothing"),
                ),
            },
        };
        self.tell(to, Priority::Answer, first, out);
        self.analysing.more = Some((to, rest));
    }

    /// The verdict in words ("Weiß steht etwas besser.").
    pub(super) fn verdict(&self, score: Score) -> Message {
        let (kind, side, n) = match score.verdict() {
            Verdict::Equal => ("equal", Color::White, 0),
            Verdict::SlightlyBetter(c) => ("slightly", c, 0),
            Verdict::Better(c) => ("better", c, 0),
            Verdict::ClearlyBetter(c) => ("clearly", c, 0),
            Verdict::Winning(c) => ("winning", c, 0),
            Verdict::Mates(c, n) => ("mates", c, n),
        };
        Message::new("analysis-verdict")
            .arg("kind", kind)
            .arg("side", self.color_name(side))
            .arg("n", n)
    }

    /// Moves in the game's words, played one after another from `pos`.
    fn line_words(&self, pos: &Chess, line: &[Move]) -> Vec<String> {
        let mut pos = pos.clone();
        line.iter()
            .map(|m| {
                let words = MovePhrases::new(self.vocab, pos.clone()).announce(*m);
                pos.play_unchecked(*m);
                words
            })
            .collect()
    }

    /// Every point analysed: each move judged, the count per side said, the annotated
    /// game put out.
    fn game_analysed(&mut self, to: Audience, out: &mut Vec<Output>) {
        let evals: Vec<Option<Score>> = (0..=self.history.len())
            .map(|i| self.found_at(i).map(|f| f.score))
            .collect();
        let best: Vec<Option<Move>> = (0..self.history.len())
            .map(|i| self.found_at(i).and_then(|f| f.line.first().copied()))
            .collect();
        let moves: Vec<Move> = self.history.iter().map(|p| p.mv).collect();
        let first = self.initial.turn();
        let notes = analysis::notes(first, &moves, &evals, &best);
        let count = |side: Color| {
            let [inaccuracies, mistakes, blunders] = analysis::counts(&notes, first, side);
            Message::new("analysis-count")
                .arg("side", self.color_name(side))
                .arg("inaccuracies", inaccuracies)
                .arg("mistakes", mistakes)
                .arg("blunders", blunders)
        };
        let (white, black) = (count(Color::White), count(Color::Black));
        let msg = Message::new("analysis-done")
            .arg("white", self.phrases.speech(&white))
            .arg("black", self.phrases.speech(&black));
        self.tell(to, Priority::Answer, msg, out);
        let mut sheet = Sheet::from_plies(
            &self.setup.info,
            None,
            self.review_result_token(),
            &self.initial,
            &self.history,
        );
        sheet.time_control = None;
        out.push(Output::Annotated(annotated::annotated_pgn(&sheet, &notes)));
        self.analysing.notes = Some(notes);
        self.analysing.next_fault = 0;
    }

    /// "Fehler": the asker's next fault, at its point ("Zug 15, Turm Eva eins: ein
    /// Fehler. Besser: Bauer Felix drei."); after the last, how many there were.
    fn next_mistake(&mut self, by: Actor, out: &mut Vec<Output>) {
        let to = audience(by);
        let Some(notes) = &self.analysing.notes else {
            return self.tell(
                to,
                Priority::Answer,
                Message::new("mistakes-not-analysed"),
                out,
            );
        };
        let sides: Vec<Color> = by.color().map_or_else(|| Color::ALL.to_vec(), |c| vec![c]);
        let faults: Vec<(usize, Judgement)> = notes
            .iter()
            .enumerate()
            .filter(|(i, _)| sides.contains(&self.history[*i].made.side))
            .filter_map(|(i, n)| n.judgement.map(|j| (i, j)))
            .collect();
        let Some(&(i, judgement)) = faults.get(self.analysing.next_fault) else {
            self.analysing.next_fault = 0;
            let id = if faults.is_empty() {
                "mistakes-none"
            } else {
                "mistakes-end"
            };
            let msg = Message::new(id).arg("count", faults.len());
            return self.tell(to, Priority::Answer, msg, out);
        };
        self.analysing.next_fault += 1;
        let best = notes[i].best;
        self.review = Some(super::review::Review { at: i });
        let ply = &self.history[i];
        let best_words = best
            .map(|m| MovePhrases::new(self.vocab, ply.before.clone()).announce(m))
            .unwrap_or_default();
        let best_san = best
            .map(|m| {
                MovePhrases::new(self.vocab, ply.before.clone())
                    .render(m, self.castling_mode)
                    .san_local
            })
            .unwrap_or_default();
        let msg = Message::new("mistake")
            .arg("number", ply.made.number)
            .arg("move", ply.made.phrase.clone())
            .arg("kind", judgement.key())
            .arg("best", best_words)
            .arg("san", ply.san_local.clone())
            .arg("mark", mark(judgement))
            .arg("bestsan", best_san);
        self.tell(to, Priority::Answer, msg, out);
        self.emit_status(self.now, out);
    }
}

/// Who asked.
fn asker(wanted: Wanted) -> Audience {
    match wanted {
        Wanted::Evaluation(to) | Wanted::BestMove(to) | Wanted::Game(to) => to,
        Wanted::Try(tried) => tried.to,
        Wanted::Training(asked) => asked.asker(Audience::All),
    }
}

/// The engine's line as far as it is legal from `pos`.
fn legal_line(pos: &Chess, pv: &[UciMove]) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut line = Vec::new();
    for uci in pv {
        let Ok(mv) = legal_move(&pos, uci) else {
            break;
        };
        pos.play_unchecked(mv);
        line.push(mv);
    }
    line
}

fn play(pos: &Chess, mv: Move) -> Chess {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    after
}

/// The evaluation as a number, White's point of view ("plus 0,35").
pub(super) fn eval_number(score: Score) -> Message {
    match score {
        Score::Centipawns(cp) => Message::new("analysis-number")
            .arg("sign", if cp < 0 { "minus" } else { "plus" })
            .arg("pawns", cp.unsigned_abs() / 100)
            .arg("hundredths", format!("{:02}", cp.unsigned_abs() % 100)),
        Score::Mate(_) => Message::new("more-nothing"),
    }
}

/// A fault's mark in notation (FIDE Laws C: `?!`, `?`, `??`).
fn mark(j: Judgement) -> &'static str {
    match j {
        Judgement::Inaccuracy => "?!",
        Judgement::Mistake => "?",
        Judgement::Blunder => "??",
    }
}
