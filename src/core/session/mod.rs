//! The session: one game under FIDE Laws Appendix D, as a pure state machine.
//!
//! `Session::handle(input, now)` takes what someone did and returns what to say, show and
//! record; `next_deadline()` says when to call `handle(Input::Timeout, t)` next. The
//! session never reads a clock and does no I/O (quinn-proto's design).
//!
//! The move protocol (FIDE Laws D.2.1, D.2.3, D.2.7): a move announced by the side to move
//! is resolved against the legal moves and **echoed**; it is **made** only once confirmed
//! (explicitly, or when a correction window passes without objection), and only then does
//! the opponent's clock start. Until then "nein", the cancel key or a new announcement
//! replaces it, and the opponent's clock never ran.
//!
//! One file per concern, each an `impl Session` block:
//!
//! - this file: the state, construction, accessors, and the dispatch of
//!   [`Session::handle`], [`Session::next_deadline`] and [`Session::poll_due`];
//! - `protocol.rs`: announce → echo → confirm (or correct) → made (D.2.3, D.2.7), with
//!   `pending.rs`, the state of an announcement not yet made, which the other files read,
//!   and `which.rs`, the "Welcher …?" question (at most three moves named, else the word
//!   that tells them apart, D.2.1);
//! - `deadlines.rs`: correction windows, flags and the clock's announcements, each at its
//!   own instant;
//! - `draws.rs`: draw offers and claims (9.1, 9.2, 9.3, 9.5);
//! - `ending.rs`: how the game ends (resignation, 6.9 flag fall, 6.12.a the clocks stop,
//!   "Partie beenden");
//! - `arbiter.rs`: the clock started, paused and set, time added, the 7.5 penalty, and how
//!   the clock starts said at the start (6.5, 6.6);
//! - `take_back.rs`: take-backs (7.5, D.2.8);
//! - `adjournment.rs`: adjournment (Appendix E);
//! - `asking.rs`: answers short first, the rest on "mehr" or a second press of the time
//!   key; `repeat.rs`: what the repeat key says again;
//! - `eboard.rs`: the sighted player's electronic board in the game (D.1, D.2.1, D.2.9):
//!   placements read once stable, the blind player's move executed (or wrongly), the
//!   sighted player's move echoed and made, take-back candidates, the differing squares
//!   after a grace; `eboard_telling.rs`: those squares in Appendix D words;
//! - `actors.rs`: who acts for whom: the speaker of heard words, an actor's side, the
//!   confirmation policy of a move announced by an actor.
//! - `access.rs`: the web page's code, address and revocation asked at the board, and the
//!   sighted player's "ausgeführt" (D.2.1);
//! - `view.rs`: [`Session::view`], the game as a page shows it (`core/view.rs` its
//!   types); `settled.rs`: what became of the last announcement, resignation or claim,
//!   decided once per step;
//! - `record.rs`: the PGN and the scoresheet, rendered again only when the moves or the
//!   result changed (`kept.rs` counts their changes, D.2.6);
//! - `online.rs`: a server line as the online opponent's input (moves made as a sighted
//!   opponent's, the server's clocks, the endings it decides, the resend after a lost
//!   answer); `online_commands.rs` (offers, takebacks, resignation, abort, claims as
//!   requests), `online_offers.rs` (offers read back from the server's flags, each told
//!   once), `online_edges.rs` (out-of-turn announcements, a refused token, a move made
//!   elsewhere, chat, the quit question), `online_expiry.rs` (the first-move deadline);
//! - `training.rs`: a training game's engine (issue 34.1): its move asked for once per
//!   position (`Output::Engine`), taken as the engine side's input (`Event::Engine`) and
//!   made as a sighted opponent's, a late answer dropped, its failures said; the level,
//!   a new game and the other colour; `training_help.rs`: the trainer's help (34.2: the
//!   takeback, "Tipp", "Bewertung", the PGN's comments), `training_warning.rs`: the
//!   warning before a losing move, `training_asked.rs`: what they ask the analyst;
//! - `review.rs`: going through a game (issue 34.3: the point shown, "vor", "zurück",
//!   "Zug N"; [`Session::reviewing`] for a file); `analysing.rs`: the engine's analysis
//!   there (34.4: asked by `Output::Analyse`, answered by `Event::Analysis`, journaled);
//!   `practice.rs`: "Üben", the player's mistakes as exercises (34.5);
//! - `telling.rs`: the one place that renders outputs (speech, Braille, the clock and
//!   status lines, the result, questions and answers).

mod access;
mod actors;
mod adjournment;
mod analysing;
mod arbiter;
mod asking;
mod deadlines;
mod draws;
mod eboard;
mod eboard_telling;
mod ending;
mod kept;
mod online;
mod online_commands;
mod online_edges;
mod online_expiry;
mod online_offers;
mod pending;
mod practice;
mod protocol;
mod record;
mod repeat;
mod review;
mod settled;
mod take_back;
mod telling;
mod training;
mod training_asked;
mod training_help;
mod training_warning;
mod view;
mod which;

use std::sync::Arc;

use shakmaty::{CastlingMode, Chess, Color};

use crate::core::clock::{Alarms, Clock};
use crate::core::commands::{CommandBook, commands};
use crate::core::input::{Actor, Command, Event, Input, Irreversible, Key, Question};
use crate::core::laws::Repetitions;
use crate::core::output::{Audience, GameResult, Output, Priority};
use crate::core::phrases::{Message, Phrases};
use crate::core::ply::Ply;
use crate::core::render;
use crate::core::setup::{SessionSetup, SetupError};
use crate::core::time::Timestamp;
use crate::core::words::{MovePhrases, Vocabulary, vocabulary};

use adjournment::Adjournment;
use kept::Kept;
use pending::Pending;
use protocol::Announced;
pub use training::NextGame;

/// One game under FIDE Laws Appendix D.
pub struct Session {
    setup: SessionSetup,
    phrases: Phrases,
    vocab: &'static Vocabulary,
    commands: &'static CommandBook,
    initial: Chess,
    castling_mode: CastlingMode,
    /// The current position, with the phrase forms of its legal moves: built once per
    /// position (a new one when a move is made or taken back) and shared by resolution,
    /// `silence_safe` and the recognizer's grammar.
    here: Arc<MovePhrases<'static>>,
    repetitions: Repetitions,
    /// The moves made (their changes counted for the records, `record.rs`).
    history: Kept<Vec<Ply>>,
    clock: Option<Clock>,
    clock_started: bool,
    pending: Pending,
    /// What became of the last announcement, resignation or claim (the page's view).
    settled: Option<crate::core::view::SettledView>,
    /// A draw claim decided in this step, for `settle`.
    claimed: Option<crate::core::view::SettledView>,
    /// "Partie beenden" asked by this actor, waiting for their "ja" (`ending.rs`).
    ending: Option<Actor>,
    /// The station is to close: the game was ended unfinished, or "beenden" was said
    /// after its end.
    closed: bool,
    /// An outstanding draw offer by this side (Art. 9.1.b).
    draw_offer: Option<Color>,
    /// The result (its changes counted for the records, `record.rs`).
    result: Kept<Option<GameResult>>,
    /// The records as last rendered.
    record_memo: record::RecordMemo,
    /// The recent utterances with their audience, newest last, for the repeat key.
    last_said: Vec<repeat::Said>,
    /// The steps handled so far (inputs and deadlines), to tell what was said together.
    step: u64,
    /// Whose input this step handles, and the step: what is said to them replies to it
    /// (newest input first, [`crate::core::output::Speech::reply_to`]).
    replying: Option<(Audience, u64)>,
    /// Where each asker is in their last answer (the rest is said on "mehr").
    follow: Vec<asking::Follow>,
    /// The clock's announcements.
    alarms: Alarms,
    /// FIDE Laws Appendix E: an adjournment in progress.
    adjournment: Adjournment,
    /// The sighted player's electronic board, once it reported (FIDE Laws D.1).
    eboard: Option<eboard::BoardWatch>,
    /// How many moves the sighted player said stand on his own board
    /// ([`Command::Executed`], FIDE Laws D.2.1), when no electronic board tells.
    executed: usize,
    /// An online game's state beyond its moves (issue 24).
    online: online::Online,
    /// A training game's state beyond its moves (issue 34.1).
    training: training::Training,
    /// Issue 34: the game gone through, and where.
    review: Option<review::Review>,
    /// The result recorded in a file read to be gone through, when the position does not
    /// decide it ("1-0").
    recorded_result: Option<String>,
    /// Issue 34.4: the engine's analysis of the game gone through.
    analysing: analysing::Analysing,
    /// The latest instant handed in (the core never reads a clock).
    now: Timestamp,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("lang", &self.setup.lang)
            .field("plies", &self.history.len())
            .field("pending", &self.pending)
            .field("result", &self.result)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// Sets up a session.
    pub fn new(setup: SessionSetup) -> Result<Session, SetupError> {
        let (pos, castling_mode) = setup.start.position()?;
        let phrases = Phrases::load(setup.lang)?;
        let commands = commands(setup.lang).map_err(SetupError::Commands)?;
        let clock = setup.clock.clone().map(Clock::new);
        let vocab = vocabulary(setup.lang);
        Ok(Session {
            vocab,
            commands,
            phrases,
            repetitions: Repetitions::new(&pos),
            initial: pos.clone(),
            castling_mode,
            here: Arc::new(MovePhrases::new(vocab, pos)),
            history: Kept::new(Vec::new()),
            clock,
            clock_started: false,
            pending: Pending::None,
            settled: None,
            claimed: None,
            ending: None,
            closed: false,
            draw_offer: None,
            result: Kept::new(None),
            record_memo: record::RecordMemo::default(),
            last_said: Vec::new(),
            step: 0,
            replying: None,
            follow: Vec::new(),
            alarms: Alarms::new(setup.announce.alarms.clone()),
            adjournment: Adjournment::None,
            eboard: None,
            executed: 0,
            online: online::Online::default(),
            training: training::Training::new(setup.level),
            review: None,
            recorded_result: None,
            analysing: analysing::Analysing::default(),
            now: Timestamp::ZERO,
            setup,
        })
        .map(|mut session| {
            // A training game the engine opens: its first move is asked for at once
            // (the station hands [`Session::engine_request`] to the engine).
            session.ask_engine(&mut Vec::new());
            session
        })
    }

    /// The latest instant the session has seen (of an input or a deadline).
    pub fn now(&self) -> Timestamp {
        self.now
    }

    /// What the session was set up with.
    pub fn setup(&self) -> &SessionSetup {
        &self.setup
    }

    /// The command book of the session's language: what of a text is a command, not a
    /// move (as [`Session::handle`] decides it).
    pub fn commands(&self) -> &'static CommandBook {
        self.commands
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        self.here.position()
    }

    /// The phrase forms of the current position's legal moves, built once for the
    /// position: a recognizer's grammar is built from these
    /// ([`crate::core::grammar::GrammarBuilder::build`]).
    pub fn move_phrases(&self) -> &Arc<MovePhrases<'static>> {
        &self.here
    }

    /// Whether the station waits for the answer to "Welcher …?" (FIDE Laws D.2.1: several
    /// legal moves fit the words): a recognizer's grammar then offers the short answers
    /// too ([`crate::core::grammar::GrammarBuilder::build_answering`]).
    pub fn asks_which(&self) -> bool {
        matches!(self.pending, Pending::Which { .. })
    }

    /// Moves on to `pos` (a move made or taken back), with its phrase forms still to build.
    fn set_position(&mut self, pos: Chess) {
        self.here = Arc::new(MovePhrases::new(self.vocab, pos));
    }

    /// The starting position.
    pub fn initial_position(&self) -> &Chess {
        &self.initial
    }

    /// The castling mode (Chess960 or standard).
    pub fn castling_mode(&self) -> CastlingMode {
        self.castling_mode
    }

    /// The moves made so far.
    pub fn history(&self) -> &[Ply] {
        &self.history
    }

    /// The result, once the game has ended.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Whether the station is to close: the game was ended unfinished ("Partie beenden",
    /// confirmed), or "beenden" was said once the game was over. The station then stops
    /// as on `quit`, and writes the records.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// The clock, if the game has one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The vocabulary of the session's language.
    pub fn vocabulary(&self) -> &'static Vocabulary {
        self.vocab
    }

    /// The phrase book of the session's language.
    pub fn phrases(&self) -> &Phrases {
        &self.phrases
    }

    /// `msg` said and brailled to `to`, as the session says its own ([`render::message`]):
    /// for what the adapters around the session report in its words (a damaged journal, a
    /// resume, the station starting, a device's notice). Not kept for "repeat": only the
    /// session's own words are.
    pub fn announce(&self, to: Audience, priority: Priority, msg: &Message) -> [Output; 2] {
        let timing = render::Timing {
            ply: self.history.len(),
            ..render::Timing::default()
        };
        render::message(&self.phrases, to, priority, msg, timing)
    }

    /// When `handle(Input::Timeout, t)` must be called next: the end of a correction
    /// window, the instant a flag falls (FIDE Laws 6.1), a clock announcement, or the
    /// electronic board's placement becoming stable, whichever is first.
    pub fn next_deadline(&self) -> Option<Timestamp> {
        if self.result.is_some() {
            return None;
        }
        let window = match &self.pending {
            Pending::Echoed { deadline, .. } => *deadline,
            _ => None,
        };
        // Online, no flag falls at the station: only the server ends the game.
        let flag = (self.setup.online.is_none())
            .then(|| self.clock.as_ref().and_then(Clock::next_deadline))
            .flatten();
        let alarm = self
            .clock
            .as_ref()
            .and_then(|c| self.alarms.next_deadline(c, self.now));
        let board = self
            .eboard
            .as_ref()
            .and_then(eboard::BoardWatch::next_deadline);
        let first_move = self.first_move_due();
        let warning = self.training.help.warning.deadline();
        [window, flag, alarm, board, first_move, warning]
            .into_iter()
            .flatten()
            .min()
    }

    /// Fires the deadlines due by `until` in order until one produces something: returns
    /// its instant and what it produced, or `None` when nothing (more) is due. Drivers that
    /// replay or run in virtual time call it in a loop before each input, so every window,
    /// flag and announcement happens at its own instant.
    pub fn poll_due(&mut self, until: Timestamp) -> Option<(Timestamp, Vec<Output>)> {
        loop {
            let deadline = self.next_deadline().filter(|d| *d <= until)?;
            let outputs = self.handle(Input::Timeout, deadline);
            if !outputs.is_empty() {
                return Some((deadline, outputs));
            }
            // A silent deadline (a board placement that became stable and needs no
            // word) may set a later one: go on to it, unless nothing moved.
            if self.next_deadline() == Some(deadline) {
                return None;
            }
        }
    }

    /// Handles one input at the instant `now` and returns what to say, show and record.
    /// Player input never fails: whatever cannot be understood or done gets an answer,
    /// and nothing already made is lost.
    pub fn handle(&mut self, input: Input, now: Timestamp) -> Vec<Output> {
        let mut out = Vec::new();
        let before = self.before_step();
        self.run_deadlines(now, &mut out);
        self.step += 1;
        self.now = self.now.max(now);
        match input {
            Input::Timeout => {}
            Input::Act { by, event } => {
                self.replying = Some((audience(by), self.step));
                self.act(by, event, now, &mut out);
                self.replying = None;
            }
        }
        self.ask_engine(&mut out);
        self.settle(before, &out);
        out
    }

    /// One act of a player or the arbiter: a key, a command, words that are a command or
    /// else announce a move, or a move given by its squares.
    fn act(&mut self, by: Actor, event: Event, now: Timestamp, out: &mut Vec<Output>) {
        if self.review.is_some() {
            return self.review_act(by, event, now, out);
        }
        match event {
            Event::Key(key) => self.key(by, key, now, out),
            Event::Command(c) => self.command(by, c, None, now, out),
            Event::Typed(text) => match self.commands.understand(&text) {
                Some(u) => self.command(by, u.command, u.move_words, now, out),
                None => self.announce_move(by, Announced::Typed(text), now, out),
            },
            Event::Heard(utterance) => match self.commands.understand(&utterance.text()) {
                Some(u) => self.command(by, u.command, u.move_words, now, out),
                None => self.announce_move(by, Announced::Heard(utterance), now, out),
            },
            Event::Move(uci) => self.announce_move(by, Announced::Move(uci), now, out),
            Event::Board(event) => self.board(by, event, now, out),
            Event::Server(line) => self.server(by, *line, now, out),
            Event::Engine(reply) => self.engine_reply(by, reply, now, out),
            // A training game's help; an answer nothing waits for is dropped.
            Event::Analysis(reply) => self.analysis_reply(reply, now, out),
        }
    }

    /// An act while the game is gone through: commands and questions; words that are none,
    /// and a move, get what can be said; the devices' board and server lines change
    /// nothing.
    fn review_act(&mut self, by: Actor, event: Event, now: Timestamp, out: &mut Vec<Output>) {
        let (text, typed) = match event {
            Event::Key(key) => {
                let command = match key {
                    Key::Confirm => Command::Forward,
                    Key::Cancel => Command::Back,
                    Key::Repeat => Command::Repeat,
                    Key::Help => Command::Ask(Question::Help),
                    Key::Stop => Command::Stop,
                    Key::Time => Command::Ask(self.time_key(by, now)),
                    Key::Start | Key::Pause | Key::Resume => Command::Review,
                };
                return self.review_command(by, command, now, out);
            }
            Event::Command(c) => return self.review_command(by, c, now, out),
            Event::Typed(text) => (text, true),
            Event::Heard(utterance) => (utterance.text(), false),
            Event::Move(_) => return self.review_words(by, out),
            Event::Analysis(reply) => return self.analysis_reply(reply, now, out),
            // A training engine's late move changes nothing while the game is gone through.
            Event::Board(_) | Event::Server(_) | Event::Engine(_) => return,
        };
        match self.commands.understand(&text) {
            Some(u) => self.review_command(by, u.command, now, out),
            None if self.practice_words(by, &text, typed, out) => {}
            None => self.review_words(by, out),
        }
    }

    /// A move announced: a request to end the game lapses (the game goes on).
    fn announce_move(&mut self, by: Actor, what: Announced, now: Timestamp, out: &mut Vec<Output>) {
        self.ending = None;
        self.online.quitting = None;
        self.training.help.warning.drop_check();
        self.announcement(by, what, now, out);
    }

    /// A key of the station, as the command it stands for.
    fn key(&mut self, by: Actor, key: Key, now: Timestamp, out: &mut Vec<Output>) {
        let command = match key {
            Key::Start => Command::Start,
            Key::Confirm => Command::Yes,
            // "nein", or in a training game with nothing open the takeback.
            Key::Cancel => Command::Undo,
            Key::Repeat => Command::Repeat,
            Key::Time => Command::Ask(self.time_key(by, now)),
            Key::Help => Command::Ask(Question::Help),
            Key::Pause => Command::Pause,
            Key::Resume => Command::Resume,
            Key::Stop => Command::Stop,
        };
        self.command(by, command, None, now, out);
    }

    /// Every command to the concern that handles it; once the game is over, only
    /// questions, repeat and the arbiter's take-back still act.
    fn command(
        &mut self,
        by: Actor,
        command: Command,
        move_words: Option<Vec<String>>,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let to = audience(by);
        let command = self.undo_meaning(command);
        if self.answer_to_quit(by, &command, out)
            || self.answer_to_ending(by, &command, out)
            || self.online_command(by, &command, out)
            || self.training_help(by, &command, now, out)
            || self.training_command(by, &command, out)
            || self.review_command_in_game(by, &command, out)
        {
            return;
        }
        match command {
            // Only the speech output acts on it; the session's state does not change.
            Command::Stop => out.push(Output::Hush { to }),
            Command::Repeat => self.repeat(to, out),
            Command::Ask(q) => self.answer(by, &q, now, out),
            Command::AccessCode(role) => self.access_code(by, role, out),
            Command::RevokeAccess => self.revoke_access(by, out),
            Command::Address => self.page_address(by, out),
            Command::TakeBack | Command::TakeBackTo { .. } if self.result.is_some() => {
                self.take_back(by, command, now, out)
            }
            Command::Quit => self.ask_to_quit(by, out),
            Command::End | Command::Confirmed(Irreversible::End) if self.result.is_some() => {
                self.close(to, out)
            }
            _ if self.result.is_some() => self.tell_game_over(to, out),
            Command::End => self.ask_to_end(by, out),
            Command::Confirmed(act) => self.confirmed(by, act, now, out),
            Command::Yes => self.yes(by, now, out),
            Command::No | Command::Undo => self.no(by, out),
            Command::OfferDraw => self.offer_draw(by, out),
            Command::AcceptDraw => self.accept_draw(by, out),
            Command::DeclineDraw => self.decline_draw(by, out),
            Command::Resign => self.resign(by, out),
            Command::ClaimDraw => self.claim(by, move_words, now, out),
            Command::ClaimVictory => {
                self.tell(to, Priority::Answer, Message::new("online-not-online"), out)
            }
            Command::Start | Command::Resume => self.start_clock(by, now, out),
            Command::Pause => self.pause_clock(by, now, out),
            Command::SetClock { .. }
            | Command::SetMoves { .. }
            | Command::AddTime { .. }
            | Command::Penalty { .. } => self.arbiter_clock(by, command, now, out),
            Command::TakeBack | Command::TakeBackTo { .. } => self.take_back(by, command, now, out),
            Command::Adjourn | Command::ResumeAdjourned => self.adjourn(by, command, now, out),
            Command::Alarms(on) => self.switch_alarms(by, on, out),
            Command::Executed => self.executed(by, out),
            // Answered by `training_help`, `training_command` and `review_command_in_game`.
            Command::Level(_)
            | Command::NewGame
            | Command::SwitchColour
            | Command::WarningsOn
            | Command::WarningsOff => {}
            Command::Review
            | Command::Forward
            | Command::Back
            | Command::First
            | Command::Last
            | Command::GoTo { .. }
            | Command::Evaluation
            | Command::BestMove
            | Command::Analyse
            | Command::StopAnalysis
            | Command::Mistakes
            | Command::Practice
            | Command::Hint
            | Command::Solution => {}
        }
    }
}

/// The audience that answers go to.
fn audience(by: Actor) -> Audience {
    match by {
        Actor::Player(c) => Audience::player(c),
        Actor::Arbiter => Audience::Arbiter,
    }
}

#[cfg(test)]
mod tests;
