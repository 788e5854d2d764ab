//! What the session asks the adapters to do: speak, braille, show the clock, record.

use std::time::Duration;

use shakmaty::Color;

use crate::core::clock::Clock;
use crate::core::lang::Language;
use crate::core::time::Timestamp;

/// Whom an output is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    /// The white player.
    White,
    /// The black player.
    Black,
    /// The arbiter or assistant.
    Arbiter,
    /// Everyone at the board.
    All,
}

impl Audience {
    /// The audience of a player.
    pub fn player(c: Color) -> Audience {
        match c {
            Color::White => Audience::White,
            Color::Black => Audience::Black,
        }
    }

    /// The name in transcripts.
    pub fn name(self) -> &'static str {
        match self {
            Audience::White => "white",
            Audience::Black => "black",
            Audience::Arbiter => "arbiter",
            Audience::All => "all",
        }
    }
}

/// How urgent an utterance is: with the listener ([`Speech::to`]), the input it replies to
/// ([`Speech::reply_to`]) and the deadline ([`Speech::expires`]) the session sets, the
/// whole of what decides the order of speech (`speech::schedule`).
///
/// The contract, for one speaker:
///
/// - **Newest input first** (FIDE Laws D.2.7). Whatever a player says or types makes
///   everything the station is still saying *about his earlier input* stale: the reply to
///   his new input cuts short a reply to an older one that plays (an impossible move's
///   reason, a "Welcher …?", the previous echo) and drops those that wait, at any priority.
///   So a new announcement cuts the message about the last one, "nein" cuts the echo it
///   cancels (a cancelled echo is never said afterwards), and "ja" is answered at once.
/// - **The player's words come first.** A reply goes before the informational news that
///   waits for its listener, and cuts short news below [`Priority::Move`] that plays (an
///   answer-level notice, an informational announcement, a reminder). News at
///   [`Priority::Move`] or [`Priority::Urgent`] (the opponent's move, a draw offer, the
///   move count, a flag) is short and goes first: a reply never cuts or overtakes it.
/// - **What the player must not miss is never dropped.** News (the opponent's move, a flag,
///   a draw offer, the arbiter's words, a take-back: everything but reminders) that is
///   cut short is said again, whole, after what cut it, once (talked over a second time,
///   or a move made in the meantime, it goes; the `repeat` key says it).
/// - A more urgent utterance cuts short a less urgent one that plays, and goes before the
///   less urgent ones that wait (most urgent first, then in order). A reply cut short
///   this way is not resumed (the `repeat` key says it again).
/// - **Newest wins** among answers and reminders: a new [`Priority::Answer`] to a player
///   or the arbiter cuts short a reply at that priority or a reminder still playing to
///   them and drops those waiting; a new [`Priority::Reminder`] replaces an older
///   reminder to the same listener. The parts of one answer, said in one step of the
///   session, are said in turn; what is said to all at the board is never superseded.
/// - An utterance with [`Speech::expires`] whose turn comes after that instant is dropped
///   unsaid.
/// - Only the `stop` key silences everything.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// Clock reminders, low-time warnings and passed time controls (FIDE Laws D.2.5.c,
    /// 6.3.b): below answers; a newer one replaces an older one; those that would be wrong
    /// when late carry an [`Speech::expires`].
    Reminder,
    /// Answers to questions, help, refusals, what the arbiter did: the newest answer to a
    /// listener wins.
    Answer,
    /// FIDE Laws D.2.9: informational announcements to all at the board that an answer
    /// must not cut and that the order of speech must keep (a take-back, D.2.8; a
    /// resumed game's summary): never superseded, never dropped, an answer waits behind
    /// them; a reply to a player's new input cuts them short and they are said again
    /// after it, so the player's words come first.
    Info,
    /// Echoes, move announcements (FIDE Laws D.2.1) and the move count after a made move
    /// (D.2.5.c): news at this priority is cut short only by [`Priority::Urgent`] (and
    /// then said again after it); a reply at it is stale once its listener's newer input
    /// is answered. Cuts short everything informational.
    Move,
    /// Flag fall and the end of the game: cuts anything short, never dropped.
    Urgent,
}

/// Something to say. What is said, to whom, how urgently and in reply to which input is
/// the session's decision, and so is the only reason an utterance may go unsaid: the
/// order of speech follows [`Priority`]'s contract and drops nothing else.
#[derive(Clone, Debug, PartialEq)]
pub struct Speech {
    /// The words, as written (the speech adapter respells for its synthesizer what it
    /// would mispronounce, never the core).
    pub text: String,
    /// Their language (to pick a voice).
    pub lang: Language,
    /// How urgent.
    pub priority: Priority,
    /// For whom: the listener whose newer answers supersede this one ([`Priority`]).
    pub to: Audience,
    /// It reports something that could not be understood or done (a wrong or illegal
    /// move, an act out of turn): the speech output may precede it with an error earcon.
    pub error: bool,
    /// The session's decision that it is worth saying only if it can start by then (a
    /// clock announcement that would come behind the clock, FIDE Laws D.2.5.c: a countdown
    /// number within half its second, a time in seconds within 2 s, one in whole minutes
    /// within 10 s): the speech adapter drops it, unsaid, when its turn comes later.
    /// `None`: said whenever its turn comes.
    pub expires: Option<Timestamp>,
    /// An answer about the clocks (FIDE Laws D.2.9.d), to be computed again when it starts
    /// to be spoken (it may wait behind a move announcement): the speech adapter renders
    /// it at its real start with `core::questions::render_live`, never reading out a time
    /// that is no longer true. `None`: the text is said as it is.
    pub live: Option<LiveClock>,
    /// The listener's own input this answers (FIDE Laws D.2.7: a slip of the tongue is
    /// corrected at once), as the session's step that handled it: an echo, a "Welcher …?",
    /// an impossible move's reason, an answer to a question, what "ja" or "nein" did.
    /// **Newest input first**: a reply to a newer input of the same listener makes this one
    /// stale (cut short if it plays, dropped if it waits), whatever its [`Priority`].
    /// `None`: news the listener did not ask for (the opponent's move, the clock, the
    /// arbiter, a draw offer), which no input of his makes stale.
    pub reply_to: Option<u64>,
    /// How many half-moves the game had when it was said. News cut short to be said again
    /// is not said again once a move was made after it (the game moved on: "Weiß ist am
    /// Zug" would no longer be true).
    pub ply: usize,
}

/// What a clock answer says, in which form (FIDE Laws D.2.9.d: times on request).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClockForm {
    /// The asker's remaining time first, then the opponent's, briefly.
    Short,
    /// The asker's remaining time only.
    Own,
    /// The time each side has used.
    Used,
    /// The moves each side has completed.
    Moves,
    /// The time used and the moves completed (the follow-up of [`ClockForm::Short`]).
    Detail,
}

/// The pure data a clock answer is rendered from at any instant: the clock as it was when
/// the question was answered (a running clock keeps running in it), whom it is for and
/// what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveClock {
    /// The clock.
    pub clock: Clock,
    /// The asking player's side, or `None` for the arbiter (who hears both sides by
    /// their colours).
    pub asker: Option<Color>,
    /// What the answer says.
    pub form: ClockForm,
}

/// Something to show on a Braille display.
#[derive(Clone, Debug, PartialEq)]
pub struct Braille {
    /// The text (the display's table turns it into dots).
    pub text: String,
    /// For whom.
    pub to: Audience,
    /// What kind of text: a display keeps a clock reminder off the board it shows.
    pub kind: BrailleKind,
}

/// What a Braille text is, for a display that shows the board or the pieces (FIDE Laws
/// D.2.6, D.2.11: a deaf-blind player in time trouble must still read the position).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BrailleKind {
    /// An echo, an answer, a made move: shown at once, over a view too.
    #[default]
    Message,
    /// A clock reminder or the clock-start hint (FIDE Laws D.2.5.c): the status shows the
    /// clocks, so it never covers the board or the pieces.
    Reminder,
    /// A number of the final countdown (D.2.5.c): shown only where the player wants it
    /// (`braille.countdown`), never over a view.
    Countdown,
}

impl BrailleKind {
    /// The kind of the message `id` said with `priority`: the countdown's number, a
    /// reminder (FIDE Laws D.2.5.c), else a message.
    pub fn of(id: &str, priority: Priority) -> BrailleKind {
        match (id, priority) {
            ("clock-countdown", _) => BrailleKind::Countdown,
            (_, Priority::Reminder) => BrailleKind::Reminder,
            _ => BrailleKind::Message,
        }
    }
}

/// A change of the clocks.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockReading {
    /// White's remaining time.
    pub white: Duration,
    /// Black's remaining time.
    pub black: Duration,
    /// Whose clock runs, if any.
    pub running: Option<Color>,
}

/// A move that has been made (FIDE Laws D.2.3), for the scoresheets.
#[derive(Clone, Debug, PartialEq)]
pub struct MadeMove {
    /// The full move number.
    pub number: u32,
    /// Who moved.
    pub side: Color,
    /// Standard algebraic notation (English letters), with check or mate suffix.
    pub san: String,
    /// UCI notation.
    pub uci: String,
    /// The announcement, as spoken.
    pub phrase: String,
    /// The mover's clock after the move (with any increment), if a clock runs.
    pub clock: Option<Duration>,
    /// Time the mover used for this move, if a clock runs.
    pub elapsed: Option<Duration>,
    /// Both clocks right after the move (white, black), if a clock runs: the per-move
    /// history that puts the clocks back when moves are taken back (D.2.8).
    pub clocks: Option<(Duration, Duration)>,
    /// The mover offered a draw with this move (C.12: recorded as (=)).
    pub draw_offer: bool,
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// The side whose act or flag ended the game (checkmated, resigned, flag fell), if any;
    /// also set for a draw after a flag fell against a lone king (6.9).
    pub loser: Option<Color>,
    /// Why the game ended.
    pub reason: Termination,
}

impl GameResult {
    /// The PGN result token.
    pub fn pgn(&self) -> &'static str {
        if matches!(self.reason, Termination::Unfinished | Termination::Aborted) {
            return "*";
        }
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// Why a game ended (the Laws' articles).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// 5.1.a checkmate.
    Checkmate,
    /// 5.1.b resignation.
    Resignation,
    /// 5.2.a stalemate.
    Stalemate,
    /// 5.2.b dead position (insufficient material).
    DeadPosition,
    /// 9.1 draw by agreement.
    Agreement,
    /// 9.2 threefold repetition, claimed.
    ThreefoldRepetition,
    /// 9.3 fifty-move rule, claimed.
    FiftyMoves,
    /// 9.6.a fivefold repetition.
    FivefoldRepetition,
    /// 9.6.b seventy-five-move rule.
    SeventyFiveMoves,
    /// 6.9 flag fall.
    FlagFall,
    /// 6.9 flag fall, but the opponent cannot checkmate.
    FlagFallInsufficient,
    /// Ended unfinished at the players' or the arbiter's word ("Partie beenden",
    /// confirmed), or an online game aborted or never started: no result, PGN `*`.
    Unfinished,
    /// An online game aborted by a player or by the server (a first move not made in
    /// time): no result, PGN `*`.
    Aborted,
    /// An online game: the loser left it and the winner claimed the win.
    Abandoned,
    /// An online game drawn, the server saying no more.
    Drawn,
    /// An online game decided by the server for another reason.
    Adjudicated,
}

impl Termination {
    /// The name in transcripts and in the PGN Termination tag.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Resignation => "resignation",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead position",
            Termination::Agreement => "agreement",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FiftyMoves => "fifty-move rule",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::SeventyFiveMoves => "seventy-five-move rule",
            Termination::FlagFall => "time forfeit",
            Termination::FlagFallInsufficient => "time forfeit, insufficient material",
            Termination::Unfinished => "unterminated",
            Termination::Aborted => "aborted",
            Termination::Abandoned => "abandoned",
            Termination::Drawn => "draw",
            Termination::Adjudicated => "adjudication",
        }
    }
}

/// One output of [`crate::core::session::Session::handle`].
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// Say something.
    Say(Speech),
    /// Show something in Braille.
    Braille(Braille),
    /// The clocks changed (started, stopped, switched, flag).
    Clock(ClockReading),
    /// A move was made: record it.
    Made(MadeMove),
    /// The game ended: record it.
    Result(GameResult),
    /// FIDE Laws 6.1, 6.9: a flag fell, at its exact instant; `first` marks the flag that
    /// fell first.
    Flag {
        /// Whose flag.
        side: Color,
        /// Whether it is the first flag to fall in this game.
        first: bool,
    },
    /// Something the arbiter did to the clocks (recorded, FIDE Laws 6.10-6.11, 7.5).
    Arbiter(ArbiterAction),
    /// The Braille status line changed: last move, both clocks, whose clock runs.
    Status(String),
    /// Moves were taken back (FIDE Laws 7.5, D.2.8): `plies` moves remain made.
    TakenBack {
        /// How many half-moves remain.
        plies: usize,
    },
    /// The `stop` key: silence what is being said to `to` and what waits to be said.
    Hush {
        /// Whose speech to silence.
        to: Audience,
    },
    /// Something for the station's web page to do that only it can (a code is a secret the
    /// core never holds): issue a one-time code, or end every access.
    Access(AccessRequest),
    /// Something for the online game's server (issue 24): only the online adapter acts
    /// on it.
    Online(OnlineRequest),
    /// A training game (issue 34.1): the engine's move is wanted in this position; only
    /// the engine's adapter acts on it, and answers by an input
    /// ([`crate::core::input::Event::Engine`]).
    Engine(crate::core::engine::exchange::EngineRequest),
    /// Going through a game (issue 34.4): the engine's analysis of a position is wanted;
    /// only the engine's adapter acts on it, and answers by an input
    /// ([`crate::core::input::Event::Analysis`]).
    Analyse(crate::core::engine::analysis::AnalysisRequest),
    /// The game analysed, as PGN with `[%eval]` comments, NAGs and the engine's better
    /// moves: written beside the game's records.
    Annotated(String),
}

/// A request to the online game's server ([`Output::Online`]). The server answers by its
/// game's next state (a move made, an offer shown, the game ended), never here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineRequest {
    /// Send the station's move, made (FIDE Laws D.2.3: announced, echoed and confirmed),
    /// in UCI.
    Move {
        /// The move in UCI.
        uci: String,
        /// A draw offered with it (C.12).
        offering_draw: bool,
        /// Its index in the game's list of moves (0: the first move from the start
        /// position): where the server's list must hold it once made.
        ply: usize,
    },
    /// Offer or accept a draw (`true`; also a claim of a threefold repetition), or
    /// decline the opponent's offer.
    Draw {
        /// Offer or accept.
        accept: bool,
    },
    /// Ask to take back, or accept the opponent's request (`true`); or decline it.
    Takeback {
        /// Ask or accept.
        accept: bool,
    },
    /// Resign (the server aborts a game in which a side has not moved yet).
    Resign,
    /// Abort the game (possible until both sides have moved).
    Abort,
    /// Claim the win: the opponent left the game long enough.
    ClaimVictory,
    /// Claim a draw: the opponent left the game long enough (issue 32.3).
    ClaimDraw,
    /// A line to the game's player chat (issue 32.3).
    Chat {
        /// What the player typed.
        text: String,
    },
}

impl OnlineRequest {
    /// The request in transcripts: `move e2e4`, `move e2e4 offering-draw`, `draw yes`,
    /// `takeback no`, `resign`, `abort`, `claim-victory`, `claim-draw`.
    pub fn text(&self) -> String {
        let yes_no = |accept: bool| if accept { "yes" } else { "no" };
        match self {
            OnlineRequest::Move {
                uci,
                offering_draw: false,
                ..
            } => format!("move {uci}"),
            OnlineRequest::Move {
                uci,
                offering_draw: true,
                ..
            } => format!("move {uci} offering-draw"),
            OnlineRequest::Draw { accept } => format!("draw {}", yes_no(*accept)),
            OnlineRequest::Takeback { accept } => format!("takeback {}", yes_no(*accept)),
            OnlineRequest::Resign => "resign".to_owned(),
            OnlineRequest::Abort => "abort".to_owned(),
            OnlineRequest::ClaimVictory => "claim-victory".to_owned(),
            OnlineRequest::ClaimDraw => "claim-draw".to_owned(),
            OnlineRequest::Chat { text } => format!("chat {text}"),
        }
    }
}

/// A request to the station's web page ([`Output::Access`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AccessRequest {
    /// Issue a one-time code for `role` and tell it to `to` only.
    Code {
        /// The role the code opens.
        role: crate::core::input::AccessRole,
        /// Who asked, and hears and reads the code.
        to: Audience,
    },
    /// End every role's access; tell `to` it is done.
    RevokeAll {
        /// Who asked.
        to: Audience,
    },
    /// Tell `to` the page's address (in words a synthesizer reads right, in full on the
    /// display).
    Address {
        /// Who asked.
        to: Audience,
    },
}

/// An arbiter's action on the clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArbiterAction {
    /// Started the clock of the side to move.
    Start,
    /// Stopped the clocks (6.11).
    Pause,
    /// Restarted them.
    Resume,
    /// Set a clock (6.10.b).
    SetClock(Color, Duration),
    /// Set a move counter (6.10.b).
    SetMoves(Color, u32),
    /// Added time to a clock (6.11.d, 7.5.b, 9.5.b).
    AddTime(Color, Duration),
}
