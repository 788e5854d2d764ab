//! A training game (issue 34.1): the engine is the opponent the way the lichess server is.
//! The session asks for its move ([`Output::Engine`], once per position, numbered); the
//! engine's adapter answers by an input of its own ([`EngineReply`], journaled like any
//! other), and its move is made as a sighted opponent's: announced to the visually
//! impaired player in the language's words, brailled and recorded, for him to execute on
//! his own board. His own moves go through the whole Appendix D dialogue (D.2.3: echoed,
//! confirmed, made).
//!
//! What went wrong with the engine is said (a crash or a hang mended by a restart, an
//! engine that cannot answer, none installed); nothing of the game is lost, for the
//! engine is always given the whole position again. The trainer's own commands: the
//! level ("Stufe fünf"), a new game ("Neue Partie"), the other colour ("Farbe
//! wechseln").

use shakmaty::{Color, Position};

use crate::core::engine::exchange::{EngineReply, EngineRequest, Incident};
use crate::core::engine::level::Level;
use crate::core::input::{Actor, Command};
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::time::Timestamp;

use super::{Session, audience};

/// What the session knows of a training game beyond its moves.
#[derive(Clone, Debug)]
pub(super) struct Training {
    /// The last request's number.
    seq: u64,
    /// The request the session waits for an answer to: the engine is to move.
    asked: Option<u64>,
    /// The engine's level now.
    level: Level,
    /// What is to follow when the station closes: a new game, with the colours switched
    /// or not.
    next: Option<NextGame>,
    /// "The engine cannot answer" was said for the request waited for: not again.
    failing: bool,
    /// The trainer's help (issue 34.2): hints, the warning, the PGN's comments.
    pub(super) help: super::training_help::Help,
}

/// The game a training game asked to be followed by ("Neue Partie", "Farbe wechseln").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NextGame {
    /// The player takes the other colour.
    pub switch: bool,
    /// The level the engine plays at.
    pub level: Level,
}

impl Training {
    /// A training game at `level`, nothing asked yet.
    pub(super) fn new(level: Level) -> Training {
        Training {
            seq: 0,
            asked: None,
            level,
            next: None,
            failing: false,
            help: super::training_help::Help::default(),
        }
    }

    /// The engine's move is no longer waited for (taken back): a late answer is dropped.
    pub(super) fn forget_request(&mut self) {
        self.asked = None;
        self.failing = false;
    }
}

impl Session {
    /// The engine's side in a training game.
    fn engine_side(&self) -> Option<Color> {
        self.setup.engine
    }

    /// The request the session waits for the engine to answer, if any: the engine's
    /// adapter is handed it when the station starts (a new game the engine opens, a
    /// resumed one where it is to move), and each later one as an [`Output::Engine`].
    pub fn engine_request(&self) -> Option<EngineRequest> {
        let seq = self.training.asked?;
        let moves: Vec<_> = self.history.iter().map(|p| p.mv).collect();
        Some(EngineRequest::new(
            seq,
            &self.initial,
            &moves,
            self.castling_mode,
            self.training.level,
        ))
    }

    /// What follows this training game once the station closes: a new game ("Neue
    /// Partie", "Farbe wechseln"), or nothing.
    pub fn next_game(&self) -> Option<NextGame> {
        self.training.next
    }

    /// After every step: the engine is asked for its move when it is to move and not
    /// asked yet; once it is not to move (its move made, a move taken back, the game
    /// over), nothing is waited for.
    pub(super) fn ask_engine(&mut self, out: &mut Vec<Output>) {
        let Some(engine) = self.engine_side() else {
            return;
        };
        let to_move = self.result.is_none() && self.position().turn() == engine;
        if !to_move {
            self.training.asked = None;
            self.training.failing = false;
            return;
        }
        if self.training.asked.is_some() {
            return;
        }
        self.training.seq += 1;
        self.training.asked = Some(self.training.seq);
        if let Some(request) = self.engine_request() {
            out.push(Output::Engine(request));
        }
    }

    /// The engine's answer (the actor is the engine's side): its move made, or what went
    /// wrong said to the player. An answer to a request no longer waited for is dropped.
    pub(super) fn engine_reply(
        &mut self,
        by: Actor,
        reply: EngineReply,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let Some(engine) = self.engine_side().filter(|e| by == Actor::Player(*e)) else {
            let msg = Message::new("training-not-training");
            self.tell(audience(by), Priority::Answer, msg, out);
            return;
        };
        let player = Audience::player(!engine);
        let current = |seq: u64| self.training.asked == Some(seq);
        match reply {
            EngineReply::Move { seq, uci } if current(seq) => match uci.to_move(self.position()) {
                Ok(mv) => {
                    self.training.asked = None;
                    self.training.failing = false;
                    let rendered = self.here.render(mv, self.castling_mode);
                    self.make(engine, rendered, false, now, out);
                }
                // The adapter checks every move; one that is still not legal is said and
                // asked for again.
                Err(_) => {
                    let msg = Message::new("training-engine-nonsense");
                    self.tell(player, Priority::Info, msg, out);
                    self.training.asked = None;
                }
            },
            EngineReply::Restarted { seq, incident } if current(seq) => {
                let id = match incident {
                    Incident::Crashed => "training-engine-crashed",
                    Incident::TimedOut => "training-engine-timeout",
                    Incident::Nonsense => "training-engine-nonsense",
                };
                self.tell(player, Priority::Info, Message::new(id), out);
            }
            // Said once for the request waited for: the adapter keeps asking.
            EngineReply::Failed { seq } if current(seq) && !self.training.failing => {
                self.training.failing = true;
                let msg = Message::new("training-engine-failed");
                self.tell(player, Priority::Urgent, msg, out);
            }
            EngineReply::Missing => {
                let msg = Message::new("training-engine-missing")
                    .arg("package", crate::core::engine::PACKAGE);
                self.tell(player, Priority::Urgent, msg, out);
            }
            // A late answer to a request no longer waited for.
            _ => {}
        }
    }

    /// The trainer's commands: the level, a new game, the other colour. `true` when
    /// `command` is one of them (answered here).
    pub(super) fn training_command(
        &mut self,
        by: Actor,
        command: &Command,
        out: &mut Vec<Output>,
    ) -> bool {
        let switch = match command {
            Command::Level(_) => false,
            Command::NewGame => false,
            Command::SwitchColour => true,
            // The warning's switch outside a training game (`training_help` answers it in one).
            Command::WarningsOn | Command::WarningsOff => false,
            _ => return false,
        };
        let to = audience(by);
        if self.engine_side().is_none() {
            let msg = Message::new("training-not-training");
            self.tell(to, Priority::Answer, msg, out);
            return true;
        }
        if let Command::Level(n) = command {
            self.set_level(to, *n, out);
            return true;
        }
        self.training.next = Some(NextGame {
            switch,
            level: self.training.level,
        });
        if self.result.is_some() {
            self.close(to, out);
        } else {
            self.ask_to_end(by, out);
        }
        true
    }

    /// Whether `by` may announce a move in a training game (always, in any other game); if
    /// not, the player is told why: the engine is to move, or the move was given for the
    /// engine's side, whose moves come from the engine.
    pub(super) fn engine_may_announce(&mut self, by: Actor, out: &mut Vec<Output>) -> bool {
        let Some(engine) = self.engine_side() else {
            return true;
        };
        let engine_to_move = self.position().turn() == engine;
        if !engine_to_move && self.side_of(by) != engine {
            return true;
        }
        let id = if engine_to_move {
            "training-engine-to-move"
        } else {
            "training-engine-moves"
        };
        let msg = Message::new(id);
        self.tell(Audience::player(!engine), Priority::Answer, msg, out);
        false
    }

    /// "Stufe fünf": the engine's level from its next move on.
    fn set_level(&mut self, to: Audience, n: u32, out: &mut Vec<Output>) {
        let level = u8::try_from(n).ok().and_then(Level::new);
        let Some(level) = level else {
            let msg = Message::new("training-level-range")
                .arg("min", u32::from(Level::MIN.number()))
                .arg("max", u32::from(Level::MAX.number()));
            self.tell(to, Priority::Answer, msg, out);
            return;
        };
        self.training.level = level;
        if let Some(next) = self.training.next.as_mut() {
            next.level = level;
        }
        let msg = Message::new("training-level").arg("level", u32::from(level.number()));
        self.tell(to, Priority::Answer, msg, out);
    }

    /// "Nein" to ending the game: no new game follows it.
    pub(super) fn keep_game(&mut self) {
        self.training.next = None;
    }
}
