//! The trainer's warning (issue 34.2, "Warnen ein" / "Warnen aus"): before a confirmed
//! move of the player that loses more than about two pawns, the station asks back once
//! ("Dieser Zug verliert etwa drei Bauern. Trotzdem ziehen?"); "ja" makes it, "nein" lets
//! him choose another, and the same move confirmed again in that position is made without
//! asking.
//!
//! The loss is the engine's evaluation before the move against the one after it, each
//! asked of the analyst at its fixed budget (two journaled answers). Until both are known
//! the move is not made and the engine not asked; the player's clock runs on (it is his
//! move). It never blocks: when the analyst fails, has no engine, or gives no answer
//! within [`CHECK_WAIT`], the move is made and the player told that it could not be
//! checked.

use std::time::Duration;

use shakmaty::{Color, Move, Position};

use crate::core::engine::analysis::AnalysisReply;
use crate::core::engine::score::Score;
use crate::core::input::{Actor, Command};
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;
use crate::core::words::RenderedMove;

use super::Session;
use super::training_asked::{Asked, pgn_eval};

/// How long the station waits for the check's two answers before it makes the move
/// unchecked.
pub const CHECK_WAIT: Duration = Duration::from_secs(10);

/// Centipawns a move may lose before the station warns ("more than about two pawns").
pub const WARN_LOSS: i32 = 200;

/// The warning's state in a training game.
#[derive(Clone, Debug, Default)]
pub(super) struct Warning {
    /// Warnings are on.
    on: bool,
    /// A confirmed move held back: being checked, or asked about.
    held: Option<Held>,
    /// The move the player was warned about and did not make: the moves before it and
    /// the move (confirmed again there, it is made without asking).
    warned: Option<(Vec<Move>, Move)>,
}

/// A confirmed move held back by the warning.
#[derive(Clone, Debug)]
struct Held {
    side: Color,
    rendered: RenderedMove,
    draw_offer: bool,
    /// While checked: when the station stops waiting; `None` once asked.
    deadline: Option<Timestamp>,
}

impl Warning {
    /// A move held back: checked, or asked about.
    pub(super) fn is_open(&self) -> bool {
        self.held.is_some()
    }

    /// The check or the question dropped (the move withdrawn or taken back).
    pub(super) fn drop_check(&mut self) {
        self.held = None;
    }

    /// When the station stops waiting for the check.
    pub(super) fn deadline(&self) -> Option<Timestamp> {
        self.held.as_ref().and_then(|h| h.deadline)
    }
}

impl Session {
    /// "Warnen ein" / "Warnen aus".
    pub(super) fn switch_warnings(&mut self, to: Audience, on: bool, out: &mut Vec<Output>) {
        self.training.help.warning.on = on;
        let msg = Message::new("training-warnings").arg("on", if on { "on" } else { "off" });
        self.tell(to, Priority::Answer, msg, out);
    }

    /// A confirmed move (D.2.3): made, or in a training game with warnings on, the
    /// player's move held back and checked first.
    pub(super) fn make_confirmed(
        &mut self,
        side: Color,
        rendered: RenderedMove,
        draw_offer: bool,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let warning = &self.training.help.warning;
        let players = self.setup.engine.is_some_and(|e| e != side);
        let moves = self.moves_made();
        let warned = warning.warned.as_ref() == Some(&(moves, rendered.mv));
        if !warning.on || !players || warned || self.review.is_some() {
            return self.make(side, rendered, draw_offer, now, out);
        }
        self.training.help.warning.held = Some(Held {
            side,
            rendered,
            draw_offer,
            deadline: Some(now + CHECK_WAIT),
        });
        let msg = Message::new("training-warn-checking");
        self.tell(Audience::player(side), Priority::Answer, msg, out);
        self.ask_analyst(Asked::WarnBefore, None, out);
    }

    /// The check's answers: the position after the move asked next, then the loss
    /// compared; a failure makes the move unchecked.
    pub(super) fn warning_checked(
        &mut self,
        asked: Asked,
        reply: AnalysisReply,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let Some(held) = self.training.help.warning.held.clone() else {
            return;
        };
        if held.deadline.is_none() {
            return;
        }
        let AnalysisReply::Found { score, .. } = reply else {
            return self.make_unchecked(now, out);
        };
        let before = self.position().clone();
        let Asked::WarnAfter(was) = asked else {
            let was = score.for_white(before.turn());
            return self.ask_analyst(Asked::WarnAfter(was), Some(held.rendered.mv), out);
        };
        let mut after = before;
        after.play_unchecked(held.rendered.mv);
        let now_white = score.for_white(after.turn());
        let sign = if held.side.is_white() { 1 } else { -1 };
        let loss = sign * (was.centipawns() - now_white.centipawns());
        if loss <= WARN_LOSS {
            self.training.help.warning.held = None;
            return self.make(held.side, held.rendered, held.draw_offer, now, out);
        }
        let mated = matches!(now_white, Score::Mate(n) if (n > 0) != held.side.is_white());
        let pawns = u32::try_from((loss + 50) / 100).unwrap_or(u32::MAX);
        let msg = Message::new("training-warn-ask")
            .arg("kind", if mated { "mate" } else { "pawns" })
            .arg("pawns", pawns)
            .arg("move", held.rendered.phrase.clone());
        self.tell(Audience::player(held.side), Priority::Answer, msg, out);
        if let Some(h) = self.training.help.warning.held.as_mut() {
            h.deadline = None;
        }
        let note = Message::new("training-note-warning")
            .arg("move", held.rendered.san_local.clone())
            .arg("eval", pgn_eval(now_white));
        self.note(&note);
    }

    /// No answer in time, a failure or no engine: the move made, the player told that it
    /// could not be checked.
    fn make_unchecked(&mut self, now: Timestamp, out: &mut Vec<Output>) {
        let Some(held) = self.training.help.warning.held.take() else {
            return;
        };
        self.make(held.side, held.rendered, held.draw_offer, now, out);
        let msg = Message::new("training-warn-unchecked");
        self.tell(Audience::player(held.side), Priority::Info, msg, out);
    }

    /// The check's time is up: the move is made unchecked. `true` when it was due.
    pub(super) fn warning_due(&mut self, deadline: Timestamp, out: &mut Vec<Output>) -> bool {
        if self.training.help.warning.deadline() != Some(deadline) {
            return false;
        }
        self.make_unchecked(deadline, out);
        true
    }

    /// The answer to the warning's question ("ja" makes the move, "nein" or "zurück" lets
    /// the player choose another) or, while the move is checked, "nein" withdrawing it.
    /// `true` when `command` answered it.
    pub(super) fn warning_answer(
        &mut self,
        by: Actor,
        command: &Command,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) -> bool {
        let Some(held) = self.training.help.warning.held.clone() else {
            return false;
        };
        if by.color().is_some_and(|c| c != held.side) {
            return false;
        }
        let to = Audience::player(held.side);
        match command {
            Command::Yes if held.deadline.is_none() => {
                self.training.help.warning.held = None;
                self.make(held.side, held.rendered, held.draw_offer, now, out);
            }
            Command::No | Command::Undo => {
                self.training.help.warning.held = None;
                if held.deadline.is_none() {
                    let warned = Some((self.moves_made(), held.rendered.mv));
                    self.training.help.warning.warned = warned;
                }
                let msg = Message::new("training-warn-other");
                self.tell(to, Priority::Answer, msg, out);
            }
            Command::Yes => {
                let msg = Message::new("training-warn-checking");
                self.tell(to, Priority::Answer, msg, out);
            }
            _ => return false,
        }
        true
    }
}
