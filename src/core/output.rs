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

/// How urgent an utterance is. A more urgent one interrupts a less urgent one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// Clock reminders: may be dropped when overtaken.
    Reminder,
    /// Answers and help.
    Answer,
    /// Echoes and move announcements (D.2.1).
    Move,
    /// Flag fall and the end of the game.
    Urgent,
}

/// Something to say.
#[derive(Clone, Debug, PartialEq)]
pub struct Speech {
    /// The words, as written (the speech adapter respells for its synthesizer what it
    /// would mispronounce, never the core).
    pub text: String,
    /// Their language (to pick a voice).
    pub lang: Language,
    /// How urgent.
    pub priority: Priority,
    /// For whom.
    pub to: Audience,
    /// It reports something that could not be understood or done (a wrong or illegal
    /// move, an act out of turn): the speech output may precede it with an error earcon.
    pub error: bool,
    /// The session's decision that it is worth saying only if it can start by then (a
    /// clock announcement that would come behind the clock, FIDE Laws D.2.5): the speech
    /// adapter drops it, unsaid, when its turn comes later. `None`: said whenever its
    /// turn comes.
    pub expires: Option<Timestamp>,
    /// An answer about the clocks (FIDE Laws D.2.9.d), to be computed again when it starts
    /// to be spoken (it may wait behind a move announcement): the speech adapter renders
    /// it at its real start with `core::questions::render_live`, never reading out a time
    /// that is no longer true. `None`: the text is said as it is.
    pub live: Option<LiveClock>,
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
