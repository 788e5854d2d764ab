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

use std::time::Duration;

use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, san::SanPlus, uci::UciMove};

use crate::core::clock::{AlarmSettings, Alarms, Clock, ClockNotice, ClockSetup, ClockSnapshot};
use crate::core::commands::{CommandBook, commands};
use crate::core::input::{Actor, Command, Event, Input, Key, Question};
use crate::core::lang::Language;
use crate::core::laws::{self, Repetitions, Start, StartError};
use crate::core::output::{
    ArbiterAction, Audience, Braille, ClockReading, GameResult, MadeMove, Output, Priority, Speech,
    Termination,
};
use crate::core::phrases::{Arg, Message, PhraseError, Phrases};
use crate::core::questions::{self, clock_text, spoken_duration};
use crate::core::time::Timestamp;
use crate::core::words::{Resolution, Utterance, Vocabulary, vocabulary};

/// When an echoed move counts as made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConfirmPolicy {
    /// Only on "ja" or the confirm key.
    Explicit,
    /// After this long without objection (zero: at once, right after the echo).
    Window(Duration),
}

/// Who is visually impaired (FIDE Laws Appendix D applies to them).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Impaired {
    /// Nobody (the station as an announcing clock).
    None,
    /// The white player.
    #[default]
    White,
    /// The black player.
    Black,
    /// Both players.
    Both,
}

impl Impaired {
    /// Whether `c` is visually impaired.
    pub fn includes(self, c: Color) -> bool {
        matches!(
            (self, c),
            (Impaired::Both, _) | (Impaired::White, Color::White) | (Impaired::Black, Color::Black)
        )
    }
}

/// The names on the scoresheet (PGN's Seven Tag Roster).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Event.
    pub event: String,
    /// Site.
    pub site: String,
    /// Date as `YYYY.MM.DD` (the core reads no calendar; the adapter passes it).
    pub date: String,
    /// Round.
    pub round: String,
    /// White player's name.
    pub white: String,
    /// Black player's name.
    pub black: String,
}

impl Default for GameInfo {
    fn default() -> GameInfo {
        GameInfo {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
            white: "?".into(),
            black: "?".into(),
        }
    }
}

/// Everything a session is set up with.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The language spoken, brailled and understood.
    pub lang: Language,
    /// Who is visually impaired.
    pub impaired: Impaired,
    /// How a visually impaired player's announcement is confirmed (D.2.3, D.2.7).
    pub confirm: ConfirmPolicy,
    /// How a sighted player's or the assistant's move is confirmed (D.2.4, D.2.9.a-b).
    pub confirm_sighted: ConfirmPolicy,
    /// The time control of each player; `None`: no clock.
    pub clock: Option<ClockSetup>,
    /// The starting position.
    pub start: Start,
    /// Names for the scoresheet.
    pub info: GameInfo,
    /// What the audio clock announces by itself (each switchable off).
    pub announce: Announcements,
}

/// What the station announces by itself. FIDE requires that clock alarms can be switched
/// off: each of these can.
#[derive(Clone, Debug, PartialEq)]
pub struct Announcements {
    /// FIDE Laws D.2.5.c: after each made move, its number, to the visually impaired.
    pub move_count: bool,
    /// Reminders, low-time warnings and passing a time control (FIDE Laws D.2.5.c, 6.3).
    pub alarms: AlarmSettings,
}

impl Default for Announcements {
    fn default() -> Announcements {
        Announcements {
            move_count: true,
            alarms: AlarmSettings::default(),
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            lang: Language::De,
            impaired: Impaired::White,
            confirm: ConfirmPolicy::Explicit,
            confirm_sighted: ConfirmPolicy::Window(Duration::ZERO),
            clock: None,
            start: Start::Standard,
            info: GameInfo::default(),
            announce: Announcements::default(),
        }
    }
}

/// Why a session cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The starting position is invalid.
    #[error(transparent)]
    Start(#[from] StartError),
    /// The language's phrase files are broken.
    #[error("phrases: {0}")]
    Phrases(#[from] PhraseError),
    /// The language's command file is broken.
    #[error("commands: {0}")]
    Commands(String),
}

/// One move made, with what the scoresheets need.
#[derive(Clone, Debug, PartialEq)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// The position before it.
    pub before: Chess,
    /// What was recorded.
    pub made: MadeMove,
    /// The clocks just before the move was made, to restore them when it is taken back
    /// (FIDE Laws D.2.8, 7.5).
    pub clock_before: Option<ClockSnapshot>,
}

/// The state of an announcement not yet made.
#[derive(Clone, Debug, PartialEq)]
enum Pending {
    None,
    /// Echoed, waiting for confirmation (D.2.3) or correction (D.2.7).
    Echoed {
        side: Color,
        mv: Move,
        draw_offer: bool,
        /// When the correction window closes; `None`: only an explicit yes makes it.
        deadline: Option<Timestamp>,
    },
    /// Several moves fit: asked which.
    Which {
        side: Color,
        candidates: Vec<Move>,
        draw_offer: bool,
    },
    /// Resignation announced, waiting for confirmation.
    Resign {
        side: Color,
    },
}

/// FIDE Laws Appendix E: adjourning a game.
#[derive(Clone, Debug, PartialEq)]
enum Adjournment {
    None,
    /// The arbiter asked the player to move to seal a move.
    Sealing {
        side: Color,
    },
    /// The move is sealed: known only to the journal, never spoken or shown.
    Sealed {
        side: Color,
        mv: Move,
    },
}

/// One game under FIDE Laws Appendix D.
pub struct Session {
    config: Config,
    phrases: Phrases,
    vocab: &'static Vocabulary,
    commands: &'static CommandBook,
    initial: Chess,
    castling_mode: CastlingMode,
    pos: Chess,
    repetitions: Repetitions,
    history: Vec<Ply>,
    clock: Option<Clock>,
    clock_started: bool,
    pending: Pending,
    /// An outstanding draw offer by this side (Art. 9.1.b).
    draw_offer: Option<Color>,
    result: Option<GameResult>,
    /// The recent utterances with their audience, newest last, for the repeat key.
    last_said: Vec<(Audience, Message)>,
    /// The clock's announcements.
    alarms: Alarms,
    /// FIDE Laws Appendix E: an adjournment in progress.
    adjournment: Adjournment,
    /// The latest instant handed in (the core never reads a clock).
    now: Timestamp,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("lang", &self.config.lang)
            .field("plies", &self.history.len())
            .field("pending", &self.pending)
            .field("result", &self.result)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// Sets up a session.
    pub fn new(config: Config) -> Result<Session, SetupError> {
        let (pos, castling_mode) = config.start.position()?;
        let phrases = Phrases::load(config.lang)?;
        let commands = commands(config.lang).map_err(|e| SetupError::Commands(e.to_string()))?;
        let clock = config.clock.clone().map(Clock::new);
        Ok(Session {
            vocab: vocabulary(config.lang),
            commands,
            phrases,
            repetitions: Repetitions::new(&pos),
            initial: pos.clone(),
            castling_mode,
            pos,
            history: Vec::new(),
            clock,
            clock_started: false,
            pending: Pending::None,
            draw_offer: None,
            result: None,
            last_said: Vec::new(),
            alarms: Alarms::new(config.announce.alarms.clone()),
            adjournment: Adjournment::None,
            now: Timestamp::ZERO,
            config,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.pos
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

    /// When `handle(Input::Timeout, t)` must be called next: the end of a correction
    /// window or the instant a flag falls (FIDE Laws 6.1), whichever is first.
    pub fn next_deadline(&self) -> Option<Timestamp> {
        if self.result.is_some() {
            return None;
        }
        let window = match &self.pending {
            Pending::Echoed { deadline, .. } => *deadline,
            _ => None,
        };
        let flag = self.clock.as_ref().and_then(Clock::next_deadline);
        let alarm = self
            .clock
            .as_ref()
            .and_then(|c| self.alarms.next_deadline(c, self.now));
        [window, flag, alarm].into_iter().flatten().min()
    }

    /// Fires the earliest deadline if it is due by `until`: returns its instant and what it
    /// produced, or `None` when nothing is due (or it produced nothing). Drivers that
    /// replay or run in virtual time call it in a loop before each input, so every window,
    /// flag and announcement happens at its own instant.
    pub fn poll_due(&mut self, until: Timestamp) -> Option<(Timestamp, Vec<Output>)> {
        let deadline = self.next_deadline().filter(|d| *d <= until)?;
        let outputs = self.handle(Input::Timeout, deadline);
        (!outputs.is_empty()).then_some((deadline, outputs))
    }

    /// Handles one input at the instant `now` and returns what to say, show and record.
    /// Player input never fails: whatever cannot be understood or done gets an answer,
    /// and nothing already made is lost.
    pub fn handle(&mut self, input: Input, now: Timestamp) -> Vec<Output> {
        let mut out = Vec::new();
        self.run_deadlines(now, &mut out);
        self.now = self.now.max(now);
        match input {
            Input::Timeout => {}
            Input::Act { by, event } => self.act(by, event, now, &mut out),
        }
        out
    }

    /// Everything due at or before `now`, in order, each at its own instant: correction
    /// windows that closed, flags that fell, clock announcements.
    fn run_deadlines(&mut self, now: Timestamp, out: &mut Vec<Output>) {
        while let Some(deadline) = self.next_deadline() {
            if deadline > now {
                break;
            }
            self.now = self.now.max(deadline);
            if let Pending::Echoed {
                side,
                mv,
                draw_offer,
                deadline: Some(d),
            } = &self.pending
                && *d == deadline
            {
                let (side, mv, draw_offer) = (*side, *mv, *draw_offer);
                self.pending = Pending::None;
                self.make(side, mv, draw_offer, deadline, out);
                continue;
            }
            if let Some(flag) = self.clock.as_mut().and_then(|c| c.check_flag(deadline)) {
                out.push(Output::Flag {
                    side: flag.side,
                    first: flag.first,
                });
                self.flag_fell(flag.side, flag.at, out);
                continue;
            }
            self.poll_alarms(deadline, out);
            if self.next_deadline() == Some(deadline) {
                break;
            }
        }
    }

    /// Announces the clock's reminders and low-time warnings that became due.
    fn poll_alarms(&mut self, now: Timestamp, out: &mut Vec<Output>) {
        let Some(clock) = &self.clock else { return };
        let notices = self.alarms.poll(clock, now);
        for notice in notices {
            self.clock_notice(notice, out);
        }
    }

    fn clock_notice(&mut self, notice: ClockNotice, out: &mut Vec<Output>) {
        let (side, msg) = match notice {
            ClockNotice::Reminder { side, mark, .. } => (
                side,
                Message::new("clock-reminder")
                    .arg("time", spoken_duration(&self.phrases, mark))
                    .arg("clock", clock_text(mark)),
            ),
            ClockNotice::LowTime {
                side, threshold, ..
            } => (
                side,
                Message::new("clock-low-time")
                    .arg("time", spoken_duration(&self.phrases, threshold))
                    .arg("clock", clock_text(threshold)),
            ),
            ClockNotice::ControlPassed { side, control, .. } => (
                side,
                Message::new("clock-control-passed")
                    .arg("moves", control.moves)
                    .arg("added", spoken_duration(&self.phrases, control.added))
                    .arg("clock", clock_text(control.added)),
            ),
        };
        self.tell(Audience::player(side), Priority::Reminder, msg, out);
    }

    fn act(&mut self, by: Actor, event: Event, now: Timestamp, out: &mut Vec<Output>) {
        match event {
            Event::Key(key) => self.key(by, key, now, out),
            Event::Command(c) => self.command(by, c, None, now, out),
            Event::Typed(text) => match self.commands.understand(&text) {
                Some(u) => self.command(by, u.command, u.move_words, now, out),
                None => self.announcement(by, Announced::Typed(text), now, out),
            },
            Event::Heard(utterance) => match self.commands.understand(&utterance.text()) {
                Some(u) => self.command(by, u.command, u.move_words, now, out),
                None => self.announcement(by, Announced::Heard(utterance), now, out),
            },
        }
    }

    fn key(&mut self, by: Actor, key: Key, now: Timestamp, out: &mut Vec<Output>) {
        let command = match key {
            Key::Start => Command::Start,
            Key::Confirm => Command::Yes,
            Key::Cancel => Command::No,
            Key::Repeat => Command::Repeat,
            Key::Time => Command::Ask(Question::Time),
            Key::Help => Command::Ask(Question::Help),
            Key::Pause => Command::Pause,
            Key::Resume => Command::Resume,
            Key::Stop => {
                // Only the speech output acts on it; the session's state does not change.
                out.push(Output::Hush { to: audience(by) });
                return;
            }
        };
        self.command(by, command, None, now, out);
    }

    /// The side an actor acts for: a player for themselves, the arbiter or assistant for
    /// the side to move (D.2.9.b).
    fn side_of(&self, by: Actor) -> Color {
        by.color().unwrap_or(self.pos.turn())
    }

    fn policy(&self, by: Actor) -> ConfirmPolicy {
        match by {
            Actor::Player(c) if self.config.impaired.includes(c) => self.config.confirm,
            _ => self.config.confirm_sighted,
        }
    }

    fn announcement(&mut self, by: Actor, what: Announced, now: Timestamp, out: &mut Vec<Output>) {
        let to = audience(by);
        if let Some(result) = self.result.clone() {
            let text = self.result_text(&result);
            self.tell(
                to,
                Priority::Answer,
                Message::new("game-over").arg("result", text),
                out,
            );
            return;
        }
        let side = self.side_of(by);
        if matches!(self.adjournment, Adjournment::Sealed { .. }) {
            self.tell(to, Priority::Answer, Message::new("game-adjourned"), out);
            return;
        }
        if side != self.pos.turn() {
            let msg = Message::new("not-your-move").arg("side", self.color_name(self.pos.turn()));
            self.tell(to, Priority::Answer, msg, out);
            return;
        }
        let (among, carried_offer) = match &self.pending {
            Pending::Which {
                side: s,
                candidates,
                draw_offer,
            } if *s == side => (Some(candidates.clone()), *draw_offer),
            _ => (None, false),
        };
        let (resolution, draw_offer, heard_text) = self.resolve(&what, among.as_deref());
        let draw_offer = draw_offer || carried_offer;
        match resolution {
            Resolution::Move { mv, sure } => {
                // A correction window makes the move by silence: only for a move no likely
                // recognizer error could have turned another move into (D.2.3, D.2.7);
                // otherwise the echo asks for the player's "ja".
                let silent_ok = match &what {
                    Announced::Heard(u) => self.vocab.silence_safe(&self.pos, u, mv),
                    Announced::Typed(_) => true,
                };
                let policy = match (sure, self.policy(by)) {
                    (false, _) => ConfirmPolicy::Explicit,
                    (true, ConfirmPolicy::Window(d)) if !d.is_zero() && !silent_ok => {
                        ConfirmPolicy::Explicit
                    }
                    (true, p) => p,
                };
                self.echo(by, side, mv, sure, policy, draw_offer, now, out);
            }
            Resolution::Ambiguous(candidates) => {
                let msg = self.which_message(&candidates);
                self.pending = Pending::Which {
                    side,
                    candidates,
                    draw_offer,
                };
                self.tell(to, Priority::Move, msg, out);
            }
            Resolution::Illegal(reason) => {
                let reason = crate::core::questions::illegal_reason(self.vocab, &self.pos, &reason);
                let msg = Message::new("illegal-move")
                    .arg("heard", heard_text)
                    .arg("reason", self.phrases.speech(&reason));
                self.tell(to, Priority::Move, msg, out);
            }
            Resolution::NotUnderstood => {
                self.tell(to, Priority::Move, Message::new("not-understood"), out);
            }
        }
    }

    /// Resolves an announcement; a disambiguating answer that fits none of the candidates
    /// is tried as a fresh announcement.
    fn resolve(&self, what: &Announced, among: Option<&[Move]>) -> (Resolution, bool, String) {
        let once = |among: Option<&[Move]>| match what {
            Announced::Heard(u) => (self.vocab.resolve(&self.pos, u, among), false, u.text()),
            Announced::Typed(t) => {
                let typed = self.vocab.parse_typed(&self.pos, t, among);
                (typed.resolution, typed.draw_offer, t.trim().to_owned())
            }
        };
        // Typed text that is a whole move by itself (SAN, UCI) is that move, even while a
        // "Welcher …?" question is open: never bent to one of the candidates.
        if among.is_some() && matches!(what, Announced::Typed(_)) {
            let whole = once(None);
            if matches!(whole.0, Resolution::Move { sure: true, .. }) {
                return whole;
            }
        }
        let first = once(among);
        // An answer that fits none of the candidates may be a new announcement. One that
        // fits several stays a question: an origin said as the answer ("Eva drei") must
        // not turn into a fresh move to that square.
        if among.is_some() && matches!(first.0, Resolution::NotUnderstood | Resolution::Illegal(_))
        {
            once(None)
        } else {
            first
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn echo(
        &mut self,
        by: Actor,
        side: Color,
        mv: Move,
        sure: bool,
        policy: ConfirmPolicy,
        draw_offer: bool,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let phrase = self.vocab.announce(&self.pos, mv);
        let san = self.vocab.localized_san(&self.pos, mv);
        let sealing = self.adjournment == Adjournment::Sealing { side };
        let policy = if sealing {
            ConfirmPolicy::Explicit
        } else {
            policy
        };
        let id = match (sure, policy) {
            _ if sealing => "echo-seal",
            (false, _) => "echo-unsure",
            (true, ConfirmPolicy::Explicit) => "echo-confirm",
            (true, ConfirmPolicy::Window(_)) => "echo",
        };
        let msg = Message::new(id).arg("move", phrase).arg("san", san);
        self.tell(audience(by), Priority::Move, msg, out);
        match policy {
            ConfirmPolicy::Window(d) if d.is_zero() => {
                self.pending = Pending::None;
                self.make(side, mv, draw_offer, now, out);
            }
            ConfirmPolicy::Window(d) => {
                self.pending = Pending::Echoed {
                    side,
                    mv,
                    draw_offer,
                    deadline: Some(now + d),
                };
            }
            ConfirmPolicy::Explicit => {
                self.pending = Pending::Echoed {
                    side,
                    mv,
                    draw_offer,
                    deadline: None,
                };
            }
        }
    }

    fn command(
        &mut self,
        by: Actor,
        command: Command,
        move_words: Option<Vec<String>>,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let to = audience(by);
        match command {
            Command::Repeat => self.repeat(to, out),
            Command::Ask(q) => {
                let msgs = questions::answer(&q, &self.context(by, now));
                for m in msgs {
                    self.tell(to, Priority::Answer, m, out);
                }
            }
            Command::TakeBack | Command::TakeBackTo { .. } if self.result.is_some() => {
                self.take_back(by, command, now, out)
            }
            _ if self.result.is_some() => {
                let text = self
                    .result
                    .clone()
                    .map(|r| self.result_text(&r))
                    .unwrap_or_default();
                self.tell(
                    to,
                    Priority::Answer,
                    Message::new("game-over").arg("result", text),
                    out,
                );
            }
            Command::Yes => self.yes(by, now, out),
            Command::No => self.no(by, out),
            Command::OfferDraw => self.offer_draw(by, out),
            Command::AcceptDraw => self.accept_draw(by, out),
            Command::DeclineDraw => self.decline_draw(by, out),
            Command::Resign => {
                let side = self.side_of(by);
                self.pending = Pending::Resign { side };
                self.tell(to, Priority::Move, Message::new("resign-confirm"), out);
            }
            Command::ClaimDraw => self.claim(by, move_words, now, out),
            Command::Start | Command::Resume => self.start_clock(by, now, out),
            Command::Pause => self.pause_clock(by, now, out),
            Command::SetClock { .. }
            | Command::SetMoves { .. }
            | Command::AddTime { .. }
            | Command::Penalty { .. } => self.arbiter_clock(by, command, now, out),
            Command::TakeBack | Command::TakeBackTo { .. } => self.take_back(by, command, now, out),
            Command::Adjourn | Command::ResumeAdjourned => self.adjourn(by, command, now, out),
            Command::Alarms(on) => {
                let settings = if on {
                    self.config.announce.alarms.clone()
                } else {
                    AlarmSettings::off()
                };
                self.alarms.set_settings(settings);
                let id = if on { "alarms-on" } else { "alarms-off" };
                self.tell(to, Priority::Answer, Message::new(id), out);
            }
        }
    }

    /// The arbiter sets or corrects the clocks (FIDE Laws 6.10.b, 6.11, 7.5.b). Everything
    /// is recorded as an [`Output::Arbiter`].
    fn arbiter_clock(
        &mut self,
        by: Actor,
        command: Command,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let to = audience(by);
        if by != Actor::Arbiter {
            self.tell(to, Priority::Answer, Message::new("arbiter-only"), out);
            return;
        }
        let Some(clock) = self.clock.as_mut() else {
            self.tell(to, Priority::Answer, Message::new("no-clock"), out);
            return;
        };
        let (action, msg) = match command {
            Command::SetClock { side, time } => {
                clock.set_remaining(side, time, now);
                (
                    ArbiterAction::SetClock(side, time),
                    Message::new("arbiter-clock-set")
                        .arg("side", self.vocab.color_name(side))
                        .arg("time", spoken_duration(&self.phrases, time))
                        .arg("clock", clock_text(time)),
                )
            }
            Command::SetMoves { side, moves } => {
                clock.set_moves_completed(side, moves);
                (
                    ArbiterAction::SetMoves(side, moves),
                    Message::new("arbiter-moves-set")
                        .arg("side", self.vocab.color_name(side))
                        .arg("moves", moves),
                )
            }
            Command::AddTime { side, time } => {
                clock.add_time(side, time, now);
                (
                    ArbiterAction::AddTime(side, time),
                    Message::new("time-added")
                        .arg("side", self.vocab.color_name(side))
                        .arg("time", spoken_duration(&self.phrases, time)),
                )
            }
            Command::Penalty { offender } => {
                let extra = Duration::from_secs(120);
                clock.add_time(!offender, extra, now);
                (
                    ArbiterAction::AddTime(!offender, extra),
                    Message::new("penalty-illegal-move")
                        .arg("side", self.vocab.color_name(offender))
                        .arg("opponent", self.vocab.color_name(!offender))
                        .arg("time", spoken_duration(&self.phrases, extra)),
                )
            }
            _ => return,
        };
        out.push(Output::Arbiter(action));
        self.tell(Audience::All, Priority::Answer, msg, out);
        self.emit_clock(now, out);
        self.poll_alarms(now, out);
    }

    fn yes(&mut self, by: Actor, now: Timestamp, out: &mut Vec<Output>) {
        let to = audience(by);
        let side = self.side_of(by);
        match std::mem::replace(&mut self.pending, Pending::None) {
            Pending::Resign { side: s } if by == Actor::Arbiter || s == side => {
                self.end(Some(!s), Termination::Resignation, out);
            }
            Pending::Echoed {
                side: s,
                mv,
                draw_offer,
                ..
            } if by == Actor::Arbiter || s == side => {
                if self.adjournment == (Adjournment::Sealing { side: s }) {
                    self.seal(s, mv, now, out);
                } else {
                    self.make(s, mv, draw_offer, now, out);
                }
            }
            other => {
                self.pending = other;
                if self.draw_offer == Some(!side) {
                    self.accept_draw(by, out);
                } else {
                    self.tell(
                        to,
                        Priority::Answer,
                        Message::new("nothing-to-confirm"),
                        out,
                    );
                }
            }
        }
    }

    fn no(&mut self, by: Actor, out: &mut Vec<Output>) {
        let to = audience(by);
        let side = self.side_of(by);
        match std::mem::replace(&mut self.pending, Pending::None) {
            Pending::Resign { side: s } if by == Actor::Arbiter || s == side => {
                self.tell(to, Priority::Move, Message::new("resign-cancelled"), out);
            }
            Pending::Echoed { side: s, .. } | Pending::Which { side: s, .. }
                if by == Actor::Arbiter || s == side =>
            {
                // D.2.7: the slip of the tongue is corrected before the opponent's clock starts.
                let msg = Message::new("move-cancelled").arg("side", self.color_name(s));
                self.tell(to, Priority::Move, msg, out);
            }
            other => {
                self.pending = other;
                if self.draw_offer == Some(!side) {
                    self.decline_draw(by, out);
                } else {
                    self.tell(to, Priority::Answer, Message::new("nothing-to-cancel"), out);
                }
            }
        }
    }

    fn offer_draw(&mut self, by: Actor, out: &mut Vec<Output>) {
        let side = self.side_of(by);
        match &mut self.pending {
            // Offered with the move being announced: recorded with it (C.12).
            Pending::Echoed {
                side: s,
                draw_offer,
                ..
            }
            | Pending::Which {
                side: s,
                draw_offer,
                ..
            } if *s == side => {
                *draw_offer = true;
            }
            _ => {
                if let Some(ply) = self.history.last_mut().filter(|p| p.made.side == side) {
                    ply.made.draw_offer = true;
                }
            }
        }
        self.draw_offer = Some(side);
        let name = self.color_name(side);
        self.tell(
            audience(by),
            Priority::Answer,
            Message::new("draw-offered-ack"),
            out,
        );
        let msg = Message::new("draw-offered").arg("side", name);
        self.tell(Audience::player(!side), Priority::Move, msg, out);
    }

    fn accept_draw(&mut self, by: Actor, out: &mut Vec<Output>) {
        let side = self.side_of(by);
        if self.draw_offer == Some(!side) || (by == Actor::Arbiter && self.draw_offer.is_some()) {
            self.draw_offer = None;
            self.end(None, Termination::Agreement, out);
        } else {
            self.tell(
                audience(by),
                Priority::Answer,
                Message::new("no-draw-offer"),
                out,
            );
        }
    }

    fn decline_draw(&mut self, by: Actor, out: &mut Vec<Output>) {
        let side = self.side_of(by);
        match self.draw_offer {
            Some(offerer) if offerer != side || by == Actor::Arbiter => {
                self.draw_offer = None;
                let msg = Message::new("draw-declined");
                self.tell(Audience::player(offerer), Priority::Move, msg.clone(), out);
                self.tell(audience(by), Priority::Answer, msg, out);
            }
            _ => self.tell(
                audience(by),
                Priority::Answer,
                Message::new("no-draw-offer"),
                out,
            ),
        }
    }

    /// FIDE Laws 9.2, 9.3, 9.5: a draw claim by the player to move, now or with an
    /// intended move (written and declared, not made). A wrong claim is refused, the
    /// opponent gets two minutes (9.5.b), and an intended move is then made.
    fn claim(
        &mut self,
        by: Actor,
        move_words: Option<Vec<String>>,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let to = audience(by);
        let side = self.side_of(by);
        if side != self.pos.turn() {
            self.tell(to, Priority::Answer, Message::new("claim-not-on-move"), out);
            return;
        }
        let intended = match move_words {
            None => None,
            Some(words) => {
                let u = Utterance::from_text(&words.join(" "));
                match self.vocab.resolve(&self.pos, &u, None) {
                    Resolution::Move { mv, sure: true } => Some(mv),
                    _ => {
                        let msg = Message::new("claim-move-unclear").arg("heard", u.text());
                        self.tell(to, Priority::Answer, msg, out);
                        return;
                    }
                }
            }
        };
        let verdict = match intended {
            None => laws::claimable_now(&self.pos, &self.repetitions),
            Some(mv) => {
                let mut after = self.pos.clone();
                after.play_unchecked(mv);
                laws::claimable_after(&after, &self.repetitions)
            }
        };
        if let Some(termination) = verdict {
            self.pending = Pending::None;
            self.end(None, termination, out);
            return;
        }
        self.tell(
            Audience::All,
            Priority::Move,
            Message::new("claim-refused"),
            out,
        );
        if let Some(clock) = self.clock.as_mut() {
            let extra = Duration::from_secs(120);
            clock.add_time(!side, extra, now);
            out.push(Output::Arbiter(ArbiterAction::AddTime(!side, extra)));
            let msg = Message::new("time-added")
                .arg("side", self.color_name(!side))
                .arg("time", spoken_duration(&self.phrases, extra));
            self.tell(Audience::All, Priority::Answer, msg, out);
            self.emit_clock(now, out);
        }
        if let Some(mv) = intended {
            self.echo(
                by,
                side,
                mv,
                true,
                ConfirmPolicy::Window(Duration::ZERO),
                false,
                now,
                out,
            );
        }
    }

    fn start_clock(&mut self, by: Actor, now: Timestamp, out: &mut Vec<Output>) {
        let to = audience(by);
        if matches!(self.adjournment, Adjournment::Sealed { .. }) {
            self.tell(to, Priority::Answer, Message::new("game-adjourned"), out);
            return;
        }
        let turn = self.pos.turn();
        let Some(clock) = self.clock.as_mut() else {
            self.tell(to, Priority::Answer, Message::new("no-clock"), out);
            return;
        };
        if by != Actor::Arbiter && self.clock_started {
            self.tell(to, Priority::Answer, Message::new("arbiter-only"), out);
            return;
        }
        if clock.running().is_some() {
            self.tell(
                to,
                Priority::Answer,
                Message::new("clock-already-running"),
                out,
            );
            return;
        }
        let id = if self.clock_started {
            "clock-resumed"
        } else {
            "clock-started"
        };
        let action = if self.clock_started {
            clock.resume(now);
            ArbiterAction::Resume
        } else {
            clock.start(turn, now);
            self.clock_started = true;
            ArbiterAction::Start
        };
        out.push(Output::Arbiter(action));
        let msg = Message::new(id).arg("side", self.color_name(turn));
        self.tell(Audience::All, Priority::Answer, msg, out);
        self.emit_clock(now, out);
        // The alarms' first look at the running clock.
        self.poll_alarms(now, out);
    }

    fn pause_clock(&mut self, by: Actor, now: Timestamp, out: &mut Vec<Output>) {
        let to = audience(by);
        if by != Actor::Arbiter {
            self.tell(to, Priority::Answer, Message::new("arbiter-only"), out);
            return;
        }
        match self.clock.as_mut() {
            Some(clock) if clock.running().is_some() => {
                clock.pause(now);
                out.push(Output::Arbiter(ArbiterAction::Pause));
                self.tell(
                    Audience::All,
                    Priority::Answer,
                    Message::new("clock-paused"),
                    out,
                );
                self.emit_clock(now, out);
            }
            Some(_) => self.tell(to, Priority::Answer, Message::new("clock-not-running"), out),
            None => self.tell(to, Priority::Answer, Message::new("no-clock"), out),
        }
    }

    /// FIDE Laws 7.5.a and D.2.8: the arbiter takes moves back; the position, the
    /// repetition count and both clocks return to what they were then. A result that the
    /// taken-back moves caused is undone.
    fn take_back(&mut self, by: Actor, command: Command, now: Timestamp, out: &mut Vec<Output>) {
        let to = audience(by);
        if by != Actor::Arbiter {
            self.tell(to, Priority::Answer, Message::new("arbiter-only"), out);
            return;
        }
        let keep = match command {
            Command::TakeBack => self.history.len().checked_sub(1),
            Command::TakeBackTo { number, side } => self
                .history
                .iter()
                .position(|p| p.made.number == number && p.made.side == side)
                .map(|i| i + 1),
            _ => None,
        };
        let Some(keep) = keep.filter(|k| *k < self.history.len()) else {
            self.tell(
                to,
                Priority::Answer,
                Message::new("take-back-impossible"),
                out,
            );
            return;
        };
        let removed: Vec<Ply> = self.history.drain(keep..).collect();
        let Some(first) = removed.first() else { return };
        self.pos = first.before.clone();
        self.repetitions = Repetitions::new(&self.initial);
        let mut replay = self.initial.clone();
        for ply in &self.history {
            replay.play_unchecked(ply.mv);
            self.repetitions.push(&replay);
        }
        if let (Some(clock), Some(snap)) = (self.clock.as_mut(), &first.clock_before) {
            clock.restore(snap, now);
        }
        self.pending = Pending::None;
        self.draw_offer = None;
        self.result = None;
        self.adjournment = Adjournment::None;
        out.push(Output::TakenBack {
            plies: self.history.len(),
        });
        let msg = match self.history.last() {
            Some(p) => Message::new("taken-back")
                .arg("number", p.made.number)
                .arg("dots", if p.made.side.is_white() { "." } else { "…" })
                .arg("move", p.made.phrase.clone())
                .arg("side", self.color_name(self.pos.turn())),
            None => {
                Message::new("taken-back-to-start").arg("side", self.color_name(self.pos.turn()))
            }
        };
        self.tell(Audience::All, Priority::Move, msg, out);
        self.emit_clock(now, out);
        self.poll_alarms(now, out);
    }

    /// FIDE Laws Appendix E: the arbiter adjourns (the player to move seals the next move)
    /// or resumes (the sealed move is revealed and made).
    fn adjourn(&mut self, by: Actor, command: Command, now: Timestamp, out: &mut Vec<Output>) {
        let to = audience(by);
        if by != Actor::Arbiter {
            self.tell(to, Priority::Answer, Message::new("arbiter-only"), out);
            return;
        }
        match (command, self.adjournment.clone()) {
            (Command::Adjourn, Adjournment::None) => {
                let side = self.pos.turn();
                self.pending = Pending::None;
                self.adjournment = Adjournment::Sealing { side };
                let msg = Message::new("seal-please").arg("side", self.color_name(side));
                self.tell(Audience::All, Priority::Move, msg, out);
            }
            (Command::ResumeAdjourned, Adjournment::Sealed { side, mv }) => {
                self.adjournment = Adjournment::None;
                let msg = Message::new("sealed-revealed")
                    .arg("side", self.color_name(side))
                    .arg("move", self.vocab.announce(&self.pos, mv))
                    .arg("san", self.vocab.localized_san(&self.pos, mv));
                self.tell(Audience::All, Priority::Move, msg, out);
                if let Some(clock) = self.clock.as_mut().filter(|c| c.is_paused()) {
                    clock.resume(now);
                    out.push(Output::Arbiter(ArbiterAction::Resume));
                }
                self.make(side, mv, false, now, out);
            }
            (Command::ResumeAdjourned, Adjournment::Sealing { .. }) => {
                // The arbiter called the adjournment off before a move was sealed.
                self.adjournment = Adjournment::None;
                self.tell(
                    Audience::All,
                    Priority::Answer,
                    Message::new("adjournment-cancelled"),
                    out,
                );
            }
            _ => self.tell(
                to,
                Priority::Answer,
                Message::new("adjournment-impossible"),
                out,
            ),
        }
    }

    /// FIDE Laws E.1.a: the sealed move is kept (the journal records it), never spoken or
    /// shown to the opponent; only then does the clock stop.
    fn seal(&mut self, side: Color, mv: Move, now: Timestamp, out: &mut Vec<Output>) {
        self.adjournment = Adjournment::Sealed { side, mv };
        self.tell(
            Audience::player(side),
            Priority::Move,
            Message::new("sealed-own"),
            out,
        );
        if let Some(clock) = self.clock.as_mut().filter(|c| c.running().is_some()) {
            clock.pause(now);
            out.push(Output::Arbiter(ArbiterAction::Pause));
        }
        let msg = Message::new("game-adjourned-now").arg("side", self.color_name(side));
        self.tell(Audience::All, Priority::Move, msg, out);
        self.emit_clock(now, out);
    }

    /// FIDE Laws D.2.3: the move is made; only now does the opponent's clock start.
    fn make(
        &mut self,
        side: Color,
        mv: Move,
        draw_offer: bool,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let before = self.pos.clone();
        let phrase = self.vocab.announce(&before, mv);
        let san_local = self.vocab.localized_san(&before, mv);
        let san = SanPlus::from_move(before.clone(), mv).to_string();
        let uci = UciMove::from_move(mv, self.castling_mode).to_string();
        let clock_before = self.clock.as_ref().map(|c| c.snapshot(now));
        let timing = match self.clock.as_mut() {
            Some(clock) if clock.running() == Some(side) => clock.complete_move(now).ok(),
            _ => None,
        };
        self.pos.play_unchecked(mv);
        self.repetitions.push(&self.pos);
        let number = before.fullmoves().get();
        let made = MadeMove {
            number,
            side,
            san,
            uci,
            phrase: phrase.clone(),
            clock: timing.as_ref().map(|t| t.remaining_after),
            elapsed: timing.as_ref().map(|t| t.elapsed),
            clocks: match (&self.clock, &timing) {
                (Some(c), Some(_)) => Some((
                    c.remaining(Color::White, now),
                    c.remaining(Color::Black, now),
                )),
                _ => None,
            },
            draw_offer,
        };
        self.history.push(Ply {
            mv,
            before,
            made: made.clone(),
            clock_before,
        });
        out.push(Output::Made(made));
        if timing.is_some() {
            self.emit_clock(now, out);
        } else {
            self.emit_status(now, out);
        }
        // Art. 9.1.b: a move declines an outstanding offer of the opponent.
        if self.draw_offer == Some(!side) {
            self.draw_offer = None;
        }
        let msg = Message::new("opponent-move")
            .arg("move", phrase)
            .arg("san", san_local);
        self.tell(Audience::player(!side), Priority::Move, msg, out);
        if draw_offer {
            self.draw_offer = Some(side);
            let msg = Message::new("draw-offered").arg("side", self.color_name(side));
            self.tell(Audience::player(!side), Priority::Move, msg, out);
        }
        if let Some((winner, termination)) = laws::automatic_end(&self.pos, &self.repetitions) {
            self.end(winner, termination, out);
            return;
        }
        if let Some(notice) = timing.as_ref().and_then(|t| self.alarms.on_move(t)) {
            self.clock_notice(notice, out);
        }
        if self.config.announce.move_count {
            // FIDE Laws D.2.5.c: the number of the move just made, to the visually impaired.
            for c in Color::ALL {
                if self.config.impaired.includes(c) {
                    let msg = Message::new("move-count").arg("number", number);
                    self.tell(Audience::player(c), Priority::Reminder, msg, out);
                }
            }
        }
        self.poll_alarms(now, out);
    }

    /// FIDE Laws 6.9: the flag fell; the player loses unless the opponent cannot
    /// checkmate by any possible series of legal moves.
    fn flag_fell(&mut self, side: Color, at: Timestamp, out: &mut Vec<Output>) {
        if self.result.is_some() {
            self.emit_clock(at, out);
            return;
        }
        self.pending = Pending::None;
        if laws::can_checkmate(&self.pos, !side) {
            self.end_by(Some(!side), Some(side), Termination::FlagFall, out);
        } else {
            self.end_by(None, Some(side), Termination::FlagFallInsufficient, out);
        }
    }

    fn end(&mut self, winner: Option<Color>, reason: Termination, out: &mut Vec<Output>) {
        self.end_by(winner, winner.map(|w| !w), reason, out);
    }

    /// Ends the game; `loser` is the side whose act or flag ended it, if any.
    fn end_by(
        &mut self,
        winner: Option<Color>,
        loser: Option<Color>,
        reason: Termination,
        out: &mut Vec<Output>,
    ) {
        let result = GameResult {
            winner,
            loser,
            reason,
        };
        self.pending = Pending::None;
        // The game is over: the clocks stop (FIDE Laws 6.12.a).
        let now = self.now;
        if let Some(clock) = self.clock.as_mut().filter(|c| c.running().is_some()) {
            clock.pause(now);
            self.emit_clock(now, out);
        }
        let text = self.result_text(&result);
        self.result = Some(result.clone());
        out.push(Output::Result(result));
        let msg = Message::new("game-end").arg("result", text);
        self.tell(Audience::All, Priority::Urgent, msg, out);
    }

    /// The sentence for a result ("Schachmatt. Weiß gewinnt.").
    fn result_text(&self, result: &GameResult) -> String {
        let id = match result.reason {
            Termination::Checkmate => "end-checkmate",
            Termination::Resignation => "end-resignation",
            Termination::Stalemate => "end-stalemate",
            Termination::DeadPosition => "end-dead-position",
            Termination::Agreement => "end-agreement",
            Termination::ThreefoldRepetition => "end-threefold",
            Termination::FiftyMoves => "end-fifty-moves",
            Termination::FivefoldRepetition => "end-fivefold",
            Termination::SeventyFiveMoves => "end-seventy-five-moves",
            Termination::FlagFall => "end-flag",
            Termination::FlagFallInsufficient => "end-flag-insufficient",
        };
        let loser = result
            .loser
            .or(result.winner.map(|w| !w))
            .unwrap_or(Color::Black);
        let msg = Message::new(id)
            .arg("winner", self.color_name(!loser))
            .arg("loser", self.color_name(loser));
        self.phrases.speech(&msg)
    }

    fn which_message(&self, candidates: &[Move]) -> Message {
        let roles: Vec<Role> = candidates.iter().map(|m| m.role()).collect();
        let same_piece = roles.windows(2).all(|w| w[0] == w[1]);
        let mut origins: Vec<_> = candidates.iter().map(|m| m.from()).collect();
        origins.sort();
        origins.dedup();
        let same_target = candidates.windows(2).all(|w| w[0].to() == w[1].to());
        // "Welcher Springer: von Bella eins oder von Gustav eins?" only when the moves go
        // to one square and the origins tell them apart; otherwise the whole moves are
        // named, so that an answer naming an origin cannot pick a move to another square.
        if same_piece && same_target && !roles.is_empty() && origins.len() == candidates.len() {
            let options: Vec<String> = candidates
                .iter()
                .map(|m| {
                    let from = m
                        .from()
                        .map(|sq| self.vocab.square_name(sq))
                        .unwrap_or_default();
                    self.phrases
                        .speech(&Message::new("option-from").arg("square", from))
                })
                .collect();
            Message::new("which-piece")
                .arg("piece", self.vocab.piece_name(roles[0]))
                .arg("role", role_key(roles[0]))
                .arg("options", self.join_or(&options))
        } else {
            let options: Vec<String> = candidates
                .iter()
                .map(|m| self.vocab.announce(&self.pos, *m))
                .collect();
            Message::new("which-move").arg("options", self.join_or(&options))
        }
    }

    /// "A, B oder C".
    fn join_or(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => {
                let or = self.phrases.speech(&Message::new("word-or"));
                format!("{} {or} {last}", init.join(", "))
            }
        }
    }

    fn color_name(&self, c: Color) -> String {
        self.vocab.color_name(c).to_owned()
    }

    fn context(&self, by: Actor, now: Timestamp) -> questions::Context<'_> {
        questions::Context {
            asker: by,
            pos: &self.pos,
            history: &self.history,
            vocab: self.vocab,
            phrases: &self.phrases,
            clock: self.clock.as_ref(),
            now,
            echo_pending: matches!(self.pending, Pending::Echoed { .. }),
        }
    }

    fn emit_clock(&self, now: Timestamp, out: &mut Vec<Output>) {
        if let Some(clock) = &self.clock {
            out.push(Output::Clock(ClockReading {
                white: clock.remaining(Color::White, now),
                black: clock.remaining(Color::Black, now),
                running: clock.running(),
            }));
        }
        self.emit_status(now, out);
    }

    fn emit_status(&self, now: Timestamp, out: &mut Vec<Output>) {
        out.push(Output::Status(self.status_line(now)));
    }

    /// Says again what the station is waiting for, if anything: the echoed move awaiting
    /// "ja" (D.2.3), the "Welcher …?" question, the resignation to confirm. Used when a
    /// game is resumed from its journal, so the player hears where things stand.
    pub fn pending_prompt(&mut self) -> Vec<Output> {
        let mut out = Vec::new();
        match self.pending.clone() {
            Pending::None => {}
            Pending::Echoed { side, mv, .. } => {
                let msg = Message::new("echo-confirm")
                    .arg("move", self.vocab.announce(&self.pos, mv))
                    .arg("san", self.vocab.localized_san(&self.pos, mv));
                self.tell(Audience::player(side), Priority::Move, msg, &mut out);
            }
            Pending::Which {
                side, candidates, ..
            } => {
                let msg = self.which_message(&candidates);
                self.tell(Audience::player(side), Priority::Move, msg, &mut out);
            }
            Pending::Resign { side } => {
                self.tell(
                    Audience::player(side),
                    Priority::Move,
                    Message::new("resign-confirm"),
                    &mut out,
                );
            }
        }
        out
    }

    /// The Braille status line: the last move in the language's letters, both clocks
    /// (m:ss, h:mm:ss from an hour up) and whose clock runs; without a clock, whose move
    /// it is. A display adapter calls this every second while a clock runs.
    pub fn status_line(&self, now: Timestamp) -> String {
        crate::core::display::StatusSource::of(self).line(&self.phrases, self.vocab, now)
    }

    /// Says a message to `to`, in speech and in Braille, and remembers it for repeat.
    fn tell(&mut self, to: Audience, priority: Priority, msg: Message, out: &mut Vec<Output>) {
        out.push(Output::Say(Speech {
            text: self.phrases.speech(&msg),
            lang: self.config.lang,
            priority,
            to,
            error: crate::core::phrases::is_error(msg.id),
        }));
        out.push(Output::Braille(Braille {
            text: self.phrases.braille(&msg),
            to,
        }));
        if msg.id == "repeat-nothing" {
            return;
        }
        if self.last_said.len() >= 32 {
            self.last_said.remove(0);
        }
        self.last_said.push((to, msg));
    }

    fn repeat(&mut self, to: Audience, out: &mut Vec<Output>) {
        let last = self
            .last_said
            .iter()
            .rfind(|(a, _)| *a == to || *a == Audience::All)
            .map(|(_, m)| m.clone());
        match last {
            Some(msg) => self.tell(to, Priority::Answer, msg, out),
            None => self.tell(to, Priority::Answer, Message::new("repeat-nothing"), out),
        }
    }
}

/// What was announced: heard words or typed text.
enum Announced {
    Heard(Utterance),
    Typed(String),
}

/// The audience that answers go to.
fn audience(by: Actor) -> Audience {
    match by {
        Actor::Player(c) => Audience::player(c),
        Actor::Arbiter => Audience::Arbiter,
    }
}

/// The key a phrase file selects grammatical forms by ("queen" is feminine in German).
pub fn role_key(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

/// Formats a message argument for a colour's key ("white"/"black").
pub fn color_key(c: Color) -> Arg {
    Arg::Text(if c.is_white() { "white" } else { "black" }.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Square, uci::UciMove};

    fn session(fen: &str) -> Session {
        Session::new(Config {
            start: Start::Fen(fen.into()),
            ..Config::default()
        })
        .unwrap()
    }

    fn mv(s: &Session, uci: &str) -> Move {
        uci.parse::<UciMove>()
            .unwrap()
            .to_move(s.position())
            .unwrap()
    }

    #[test]
    fn which_question_names_origins_only_when_the_target_is_shared() {
        // Rooks c2 and e3: to c3 both (origins tell them apart); c2-h2 and e3-h3 do not share a target.
        let s = session("k7/8/8/8/8/4R3/2R5/4K3 w - - 0 1");
        let same = [mv(&s, "c2c3"), mv(&s, "e3c3")];
        assert_eq!(s.which_message(&same).id, "which-piece");
        let apart = [mv(&s, "c2h2"), mv(&s, "e3h3")];
        let msg = s.which_message(&apart);
        assert_eq!(msg.id, "which-move");
        let text = s.phrases.speech(&msg);
        assert!(
            text.contains("Hector zwei") && text.contains("Hector drei"),
            "{text}"
        );
        assert_eq!(mv(&s, "c2h2").to(), Square::H2);
    }

    #[test]
    fn a_pending_echo_is_prompted_again() {
        let mut s = session("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert!(s.pending_prompt().is_empty());
        s.handle(
            Input::heard(Actor::Player(Color::White), "Eva vier"),
            Timestamp::ZERO,
        );
        let again = s.pending_prompt();
        assert!(
            again.iter().any(|o| matches!(o, Output::Say(sp) if sp.text == "Eva vier?" && sp.to == Audience::White)),
            "{again:?}"
        );
    }

    #[test]
    fn a_whole_move_typed_during_a_which_question_is_taken() {
        let mut s = session("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        let t = Timestamp::ZERO;
        let out = s.handle(
            Input::heard(Actor::Player(Color::White), "Springer David zwei"),
            t,
        );
        assert!(matches!(s.pending, Pending::Which { .. }), "{out:?}");
        // The arbiter types a move that is not one of the candidates: it is echoed as that.
        s.handle(Input::typed(Actor::Arbiter, "e1e2"), t);
        assert!(matches!(s.pending, Pending::None), "{:?}", s.pending);
        assert_eq!(s.history().len(), 1);
        assert_eq!(s.history()[0].made.san, "Ke2");
    }

    /// Under a correction window, a move heard surely but one likely recognizer error away
    /// from another legal move is echoed as a question and made only on "ja"; one that is
    /// not is made by silence (D.2.3, D.2.7).
    #[test]
    fn a_window_makes_by_silence_only_moves_no_swap_explains() {
        use crate::core::words::HeardWord;
        let heard = |words: &[(&str, f32)]| Input::Act {
            by: Actor::Player(Color::White),
            event: Event::Heard(Utterance {
                words: words.iter().map(|(w, c)| HeardWord::new(w, *c)).collect(),
            }),
        };
        let cases: &[(&[(&str, f32)], bool)] = &[
            // Bella vier (b4) is a swap of Eva away.
            (&[("Eva", 0.95), ("vier", 0.95)], false),
            // Typed-like words of confidence 1.0.
            (&[("Eva", 1.0), ("vier", 1.0)], true),
        ];
        for (words, by_silence) in cases {
            let mut s = Session::new(Config {
                confirm: ConfirmPolicy::Window(Duration::from_secs(2)),
                ..Config::default()
            })
            .unwrap();
            s.handle(heard(words), Timestamp::ZERO);
            assert_eq!(s.next_deadline().is_some(), *by_silence, "{words:?}");
            let t = Timestamp::from_millis(5000);
            s.handle(Input::Timeout, t);
            assert_eq!(s.history().len(), usize::from(*by_silence), "{words:?}");
            if !by_silence {
                s.handle(Input::heard(Actor::Player(Color::White), "ja"), t);
                assert_eq!(s.history().len(), 1, "{words:?}");
            }
        }
    }
}
