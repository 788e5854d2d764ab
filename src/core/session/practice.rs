//! Learning from the mistakes (issue 34.5): "Üben" takes the player through his faults of
//! the analysed game, each an exercise. The position before the fault is set (the point
//! gone through: every question describes it); he announces a move, by voice or typed,
//! and hears whether it is as good as the engine's choice, within [`judge`]'s first step
//! (it lowers his winning chances by less than an inaccuracy), or what it misses: the
//! engine's answer to it. "Tipp" names the piece and its square, a second "Tipp" or
//! "Lösung" the engine's move; then the next exercise; at the end, how many he found.

use shakmaty::{Color, Move, Position};

use crate::core::analysis::{Judgement, judge};
use crate::core::input::{Actor, Command};
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::words::{HeardWords, MovePhrases, Resolution};

use super::{Session, audience};

/// An exercise run: the faults' points, which one is set, how many were found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Practice {
    /// The moves (indices into the game) to find better ones for.
    faults: Vec<usize>,
    /// The exercise set.
    current: usize,
    /// How many the player found.
    found: usize,
    /// Hints given for this exercise.
    hints: u8,
}

/// A move the player tried, waiting for the engine's verdict.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Tried {
    /// Who tried it.
    pub(super) to: Audience,
    /// The move.
    pub(super) mv: Move,
}

impl Session {
    /// A command of the exercises: "Üben", "Tipp", "Lösung"; `false` for any other.
    pub(super) fn practice_command(
        &mut self,
        by: Actor,
        command: &Command,
        out: &mut Vec<Output>,
    ) -> bool {
        let to = audience(by);
        match command {
            Command::Practice => self.start_practice(by, out),
            Command::Hint | Command::Solution if self.analysing.practice.is_none() => {
                self.tell(to, Priority::Answer, Message::new("practice-none"), out)
            }
            Command::Hint => self.hint(to, out),
            Command::Solution => self.solution(to, out),
            _ => return false,
        }
        true
    }

    /// "Üben": the asker's mistakes and blunders (else every fault) as exercises.
    fn start_practice(&mut self, by: Actor, out: &mut Vec<Output>) {
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
        let faults = |least: Judgement| -> Vec<usize> {
            notes
                .iter()
                .enumerate()
                .filter(|(i, n)| {
                    sides.contains(&self.history[*i].made.side)
                        && n.judgement.is_some_and(|j| j >= least)
                        && n.best.is_some()
                })
                .map(|(i, _)| i)
                .collect()
        };
        let mut chosen = faults(Judgement::Mistake);
        if chosen.is_empty() {
            chosen = faults(Judgement::Inaccuracy);
        }
        if chosen.is_empty() {
            let msg = Message::new("mistakes-none");
            return self.tell(to, Priority::Answer, msg, out);
        }
        let msg = Message::new("practice-started").arg("count", chosen.len());
        self.tell(to, Priority::Answer, msg, out);
        self.analysing.practice = Some(Practice {
            faults: chosen,
            ..Practice::default()
        });
        self.set_exercise(to, out);
    }

    /// The current exercise's position set and said.
    fn set_exercise(&mut self, to: Audience, out: &mut Vec<Output>) {
        let Some(p) = &self.analysing.practice else {
            return;
        };
        let Some(&i) = p.faults.get(p.current) else {
            let msg = Message::new("practice-done")
                .arg("found", p.found)
                .arg("count", p.faults.len());
            self.analysing.practice = None;
            return self.tell(to, Priority::Answer, msg, out);
        };
        let (n, count) = (p.current + 1, p.faults.len());
        self.review = Some(super::review::Review { at: i });
        let ply = &self.history[i];
        let msg = Message::new("practice-exercise")
            .arg("n", n)
            .arg("count", count)
            .arg("number", ply.made.number)
            .arg("side", self.color_name(ply.made.side))
            .arg("move", ply.made.phrase.clone())
            .arg("san", ply.san_local.clone());
        self.tell(to, Priority::Answer, msg, out);
        self.emit_status(self.now, out);
    }

    /// The exercise's fault and the engine's better move there.
    fn exercise(&self) -> Option<(usize, Move)> {
        let p = self.analysing.practice.as_ref()?;
        let i = *p.faults.get(p.current)?;
        let best = self.analysing.notes.as_ref()?.get(i)?.best?;
        Some((i, best))
    }

    /// Words that are no command during the exercises: the player's move, resolved in the
    /// exercise's position; `false` when no exercise is set.
    pub(super) fn practice_words(
        &mut self,
        by: Actor,
        text: &str,
        typed: bool,
        out: &mut Vec<Output>,
    ) -> bool {
        let Some((i, best)) = self.exercise() else {
            return false;
        };
        let to = audience(by);
        let here = MovePhrases::new(self.vocab, self.history[i].before.clone());
        let resolution = if typed {
            here.parse_typed(text, None).resolution
        } else {
            here.resolve(&HeardWords::from_text(text), None)
        };
        let Resolution::Move { mv, .. } = resolution else {
            self.tell(to, Priority::Answer, Message::new("practice-unclear"), out);
            return true;
        };
        let words = here.announce(mv);
        if mv == best {
            let msg = Message::new("practice-right").arg("move", words);
            self.tell(to, Priority::Answer, msg, out);
            return self.exercise_solved(to, true, out);
        }
        if mv == self.history[i].mv {
            let msg = Message::new("practice-game-move").arg("move", words);
            self.tell(to, Priority::Answer, msg, out);
            return true;
        }
        self.try_move(i, Tried { to, mv }, out);
        true
    }

    /// The engine's verdict on a tried move: as good as its own (within an inaccuracy),
    /// or what it misses (the engine's answer to it).
    pub(super) fn tried_judged(
        &mut self,
        tried: Tried,
        after: Option<(crate::core::engine::score::Score, Option<Move>)>,
        out: &mut Vec<Output>,
    ) {
        let Some((i, _)) = self.exercise() else {
            return;
        };
        let before = &self.history[i].before;
        let here = MovePhrases::new(self.vocab, before.clone());
        let words = here.announce(tried.mv);
        let best_score = self.analysing_score(i);
        let Some(((after, reply), best)) = after.zip(best_score) else {
            return;
        };
        let mover = before.turn();
        if judge(mover, best, after).is_none() {
            let msg = Message::new("practice-good").arg("move", words);
            self.tell(tried.to, Priority::Answer, msg, out);
            self.exercise_solved(tried.to, true, out);
            return;
        }
        let mut pos = before.clone();
        pos.play_unchecked(tried.mv);
        let answer = reply
            .map(|r| MovePhrases::new(self.vocab, pos).announce(r))
            .unwrap_or_default();
        let msg = Message::new("practice-misses")
            .arg("move", words)
            .arg("answer", answer);
        self.tell(tried.to, Priority::Answer, msg, out);
    }

    /// "Tipp": the piece and its square; asked again, the move.
    fn hint(&mut self, to: Audience, out: &mut Vec<Output>) {
        let Some((i, best)) = self.exercise() else {
            return;
        };
        let hints = self.analysing.practice.as_ref().map_or(0, |p| p.hints);
        if hints >= 1 {
            return self.solution(to, out);
        }
        if let Some(p) = self.analysing.practice.as_mut() {
            p.hints += 1;
        }
        let role = self.history[i]
            .before
            .board()
            .role_at(best.from().unwrap_or(best.to()));
        let msg = Message::new("practice-hint")
            .arg(
                "piece",
                role.map_or("", |r| self.vocab.piece_name(r)).to_owned(),
            )
            .arg(
                "square",
                self.vocab.square_name(best.from().unwrap_or(best.to())),
            );
        self.tell(to, Priority::Answer, msg, out);
    }

    /// "Lösung": the engine's move, then the next exercise (not counted as found).
    fn solution(&mut self, to: Audience, out: &mut Vec<Output>) {
        let Some((i, best)) = self.exercise() else {
            return;
        };
        let words = MovePhrases::new(self.vocab, self.history[i].before.clone()).announce(best);
        let msg = Message::new("practice-solution").arg("move", words);
        self.tell(to, Priority::Answer, msg, out);
        self.exercise_solved(to, false, out);
    }

    /// The exercise done (found or shown): the next is set.
    fn exercise_solved(&mut self, to: Audience, found: bool, out: &mut Vec<Output>) -> bool {
        if let Some(p) = self.analysing.practice.as_mut() {
            p.found += usize::from(found);
            p.current += 1;
            p.hints = 0;
        }
        self.set_exercise(to, out);
        true
    }

    /// The exercises end when the player goes elsewhere in the game.
    pub(super) fn leave_practice(&mut self) {
        self.analysing.practice = None;
    }
}
