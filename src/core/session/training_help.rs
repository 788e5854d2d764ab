//! The trainer's help in a training game (issue 34.2), what a tournament forbids: the
//! takeback ("zurück", "Zug zurücknehmen": the player's last move and the engine's answer,
//! as often as he likes, down to the start, the clocks as they stood), the hint ("Tipp":
//! the piece to move, asked again in the same position the move) and the evaluation
//! ("Bewertung", in review's words; the number on "mehr"). The warning before a losing
//! move is `training_warning.rs`.
//!
//! The engine never runs here: a hint, an evaluation and a warning's check ask the
//! analyst by [`Output::Analyse`] and its answer comes back as a journaled input
//! ([`Event::Analysis`](crate::core::input::Event::Analysis)), so a resumed game hears the
//! same. Each use is marked in the PGN by a comment in the game's language.

use shakmaty::{Move, Position};

use crate::core::engine::analysis::AnalysisReply;
use crate::core::engine::uci::legal_move;
use crate::core::input::{Actor, Command, Question};
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;

use super::pending::Pending;
use super::training_asked::{Asked, pgn_eval};
use super::training_warning::Warning;
use super::{Session, audience};

/// What the trainer's help keeps beyond the moves.
#[derive(Clone, Debug, Default)]
pub(super) struct Help {
    /// The moves at the last hint's position, and the engine's best move there.
    hint: Option<(Vec<Move>, Move)>,
    /// The moves of the position the analyst was asked about (an answer for another
    /// position is dropped).
    pub(super) asked_at: Vec<Move>,
    /// The warning before a losing move.
    pub(super) warning: Warning,
    /// The PGN's comments: after how many moves, and the text.
    notes: Vec<(usize, String)>,
    /// How often the comments changed (the records are rendered again).
    pub(super) note_changes: u64,
}

impl Session {
    /// The trainer's help commands in a training game (`true` when answered here):
    /// "zurück" when nothing is open, "Zug zurücknehmen" and "einen Zug zurück" (the
    /// takeback), "Tipp", "Bewertung" and its number on "mehr", the warning's switch and
    /// its question.
    pub(super) fn training_help(
        &mut self,
        by: Actor,
        command: &Command,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) -> bool {
        if self.setup.engine.is_none() || self.review.is_some() {
            return false;
        }
        if self.warning_answer(by, command, now, out) {
            return true;
        }
        let to = audience(by);
        match command {
            Command::Undo if self.something_open() => return false,
            Command::Undo | Command::Back => self.training_take_back(to, now, out),
            Command::TakeBack if by != Actor::Arbiter => self.training_take_back(to, now, out),
            Command::Hint => self.training_hint(to, out),
            Command::Evaluation => self.training_evaluation(to, out),
            Command::WarningsOn | Command::WarningsOff => {
                self.switch_warnings(to, *command == Command::WarningsOn, out)
            }
            Command::Ask(Question::More) => return self.analysis_more(to, out),
            _ => return false,
        }
        true
    }

    /// "zurück" (`undo`) as the situation means it: "nein" while something waits for an
    /// answer or outside a training game (the warning's question answers it itself);
    /// else the takeback or, while going through, the move before.
    pub(super) fn undo_meaning(&self, command: Command) -> Command {
        let answers = self.setup.engine.is_none() || self.something_open();
        if command == Command::Undo && answers && !self.training.help.warning.is_open() {
            Command::No
        } else {
            command
        }
    }

    /// Whether "zurück" answers something: a move echoed or asked which, a resignation,
    /// the end of the game or the station's close asked, the engine's draw offer, the
    /// warning's question or its check.
    pub(super) fn something_open(&self) -> bool {
        self.pending != Pending::None
            || self.ending.is_some()
            || self.online.quitting.is_some()
            || self
                .draw_offer
                .is_some_and(|c| Some(c) == self.setup.engine)
            || self.training.help.warning.is_open()
    }

    /// The takeback: the player's last move and the engine's answer, or only his move
    /// when the engine has not answered it (its request dropped: a late answer is
    /// ignored). The position, the clocks and the repetitions return to what they were
    /// before his move; the engine is asked again only when it is its turn.
    fn training_take_back(&mut self, to: Audience, now: Timestamp, out: &mut Vec<Output>) {
        let Some(engine) = self.setup.engine else {
            return;
        };
        self.training.help.warning.drop_check();
        let keep = self.history.iter().rposition(|p| p.made.side != engine);
        let Some(keep) = keep else {
            let msg = Message::new("training-take-back-nothing");
            return self.tell(to, Priority::Answer, msg, out);
        };
        let taken: Vec<String> = self.history[keep..]
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let number = if i == 0 || p.made.side.is_white() {
                    let dots = if p.made.side.is_white() { "." } else { "..." };
                    format!("{}{dots} ", p.made.number)
                } else {
                    String::new()
                };
                format!("{number}{}", p.san_local)
            })
            .collect();
        self.training.forget_request();
        self.take_back_to(keep, now, out);
        let note = Message::new("training-note-take-back").arg("moves", taken.join(" "));
        self.note(&note);
    }

    /// "Tipp": the piece to move first; asked again in the same position, the move.
    fn training_hint(&mut self, to: Audience, out: &mut Vec<Output>) {
        if !self.player_to_move(to, out) {
            return;
        }
        let moves = self.moves_made();
        match &self.training.help.hint {
            Some((at, best)) if *at == moves => {
                let best = *best;
                let words = self.here.announce(best);
                let msg = Message::new("training-hint-move").arg("move", words);
                self.tell(to, Priority::Answer, msg, out);
                self.note(&Message::new("training-note-hint-move"));
            }
            _ => self.ask_analyst(Asked::Hint(to), None, out),
        }
    }

    /// "Bewertung": the engine's evaluation of the position now, in words (the number on
    /// "mehr").
    fn training_evaluation(&mut self, to: Audience, out: &mut Vec<Output>) {
        self.ask_analyst(Asked::Evaluation(to), None, out);
    }

    /// Whether the player is to move (a hint is for his move); if not, he is told.
    fn player_to_move(&mut self, to: Audience, out: &mut Vec<Output>) -> bool {
        if self.result.is_some() {
            self.tell_game_over(to, out);
            return false;
        }
        if Some(self.position().turn()) != self.setup.engine {
            return true;
        }
        let msg = Message::new("training-engine-to-move");
        self.tell(to, Priority::Answer, msg, out);
        false
    }

    /// The moves made, for comparing positions.
    pub(super) fn moves_made(&self) -> Vec<Move> {
        self.history.iter().map(|p| p.mv).collect()
    }

    /// Asks the analyst about the position now (and `then`, a move played there); the
    /// newest question wins, an older answer is dropped.
    pub(super) fn ask_analyst(&mut self, asked: Asked, then: Option<Move>, out: &mut Vec<Output>) {
        self.training.help.asked_at = self.moves_made();
        let at = self.history.len();
        self.request_analysis(at, then, asked, out);
    }

    /// The analyst's answer to a training game's question: said, or the warning's check
    /// goes on; an answer for another position than the one asked about is dropped.
    pub(super) fn training_analysis(
        &mut self,
        asked: Asked,
        at: usize,
        reply: AnalysisReply,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        if at != self.history.len() || self.training.help.asked_at != self.moves_made() {
            return;
        }
        if matches!(asked, Asked::WarnBefore | Asked::WarnAfter(_)) {
            return self.warning_checked(asked, reply, now, out);
        }
        let player = Audience::player(self.position().turn());
        let to = asked.asker(player);
        let (score, pv) = match reply {
            AnalysisReply::Found { score, pv, .. } => (score, pv),
            AnalysisReply::Failed { .. } => {
                return self.tell(to, Priority::Answer, Message::new("analysis-failed"), out);
            }
            AnalysisReply::Missing => {
                let msg = Message::new("analysis-no-engine");
                return self.tell(to, Priority::Answer, msg, out);
            }
        };
        let white = score.for_white(self.position().turn());
        match asked {
            Asked::Evaluation(_) => {
                self.tell(to, Priority::Answer, self.verdict(white), out);
                self.set_more(to, super::analysing::eval_number(white));
                let note = Message::new("training-note-evaluation").arg("eval", pgn_eval(white));
                self.note(&note);
            }
            _ => self.hint_found(to, pv.first(), out),
        }
    }

    /// The engine's best move for a hint: its piece and square said, the move kept for a
    /// second ask.
    fn hint_found(
        &mut self,
        to: Audience,
        best: Option<&shakmaty::uci::UciMove>,
        out: &mut Vec<Output>,
    ) {
        let Some(best) = best.and_then(|u| legal_move(self.position(), u).ok()) else {
            return self.tell(to, Priority::Answer, Message::new("analysis-no-move"), out);
        };
        let from = best.from().unwrap_or(best.to());
        let role = self.position().board().role_at(from);
        let piece = role.map_or("", |r| self.vocab.piece_name(r)).to_owned();
        let msg = Message::new("training-hint-piece")
            .arg("piece", piece)
            .arg("square", self.vocab.square_name(from));
        self.tell(to, Priority::Answer, msg, out);
        self.training.help.hint = Some((self.moves_made(), best));
        self.note(&Message::new("training-note-hint"));
    }

    /// A comment in the PGN after the moves made now, in the game's language.
    pub(super) fn note(&mut self, msg: &Message) {
        let text = self.phrases.speech(msg);
        let at = self.history.len();
        let help = &mut self.training.help;
        // A comment after moves since taken back stays, at the point they were taken back
        // to: nothing the trainer gave is lost from the record.
        for n in help.notes.iter_mut() {
            n.0 = n.0.min(at);
        }
        help.notes.push((at, text));
        help.note_changes += 1;
    }

    /// The PGN's comments: after how many moves, and the text (in the order given).
    pub(super) fn training_notes(&self) -> Vec<(usize, String)> {
        let at = self.history.len();
        let help = &self.training.help;
        help.notes
            .iter()
            .map(|(n, t)| ((*n).min(at), t.clone()))
            .collect()
    }
}
