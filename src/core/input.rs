//! What reaches the session: who acts, and what they did.

use std::fmt;
use std::str::FromStr;

use shakmaty::Color;
use shakmaty::uci::UciMove;

use crate::core::command_table::command_table;
use crate::core::words::HeardWords;

/// Who gave an input. FIDE Laws D.2.9: an assistant may announce moves, keep score and
/// ask for times on the visually impaired player's behalf; the station treats the
/// assistant and the arbiter as one role.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A player of the given colour.
    Player(Color),
    /// The arbiter or an assistant (D.2.9, D.2.10).
    Arbiter,
}

impl Actor {
    /// The player's colour, if a player.
    pub fn color(self) -> Option<Color> {
        match self {
            Actor::Player(c) => Some(c),
            Actor::Arbiter => None,
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Actor::Player(Color::White) => "white",
            Actor::Player(Color::Black) => "black",
            Actor::Arbiter => "arbiter",
        })
    }
}

/// The error for an unknown actor name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown actor {0:?}: expected white, black or arbiter")]
pub struct UnknownActor(pub String);

impl FromStr for Actor {
    type Err = UnknownActor;
    fn from_str(s: &str) -> Result<Actor, UnknownActor> {
        match s {
            "white" => Ok(Actor::Player(Color::White)),
            "black" => Ok(Actor::Player(Color::Black)),
            "arbiter" | "assistant" => Ok(Actor::Arbiter),
            _ => Err(UnknownActor(s.to_owned())),
        }
    }
}

/// A named key of a keyboard, a Braille display or a clock button.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// Start the clock (arbiter), or resume it after a pause.
    Start,
    /// Confirm the echoed move (D.2.3) or the pending question.
    Confirm,
    /// Cancel the echoed move before it is made (D.2.7), or say no.
    Cancel,
    /// Say the last utterance again.
    Repeat,
    /// Both clocks, briefly (D.2.9.d); pressed again within a few seconds, the time used
    /// and the moves completed.
    Time,
    /// What can be said or typed now.
    Help,
    /// Stop the clocks (arbiter, Art. 6.11).
    Pause,
    /// Restart the clocks after a pause.
    Resume,
    /// Silence the station's speech to whoever pressed it (what is playing and what waits).
    Stop,
}

impl Key {
    /// Every key with its script name.
    pub const ALL: [(Key, &'static str); 9] = [
        (Key::Start, "start"),
        (Key::Confirm, "confirm"),
        (Key::Cancel, "cancel"),
        (Key::Repeat, "repeat"),
        (Key::Time, "time"),
        (Key::Help, "help"),
        (Key::Pause, "pause"),
        (Key::Resume, "resume"),
        (Key::Stop, "stop"),
    ];

    /// The key's name in scripts.
    pub fn name(self) -> &'static str {
        Key::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("?", |(_, n)| n)
    }
}

/// The error for an unknown key name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown key {0:?}")]
pub struct UnknownKey(pub String);

impl FromStr for Key {
    type Err = UnknownKey;
    fn from_str(s: &str) -> Result<Key, UnknownKey> {
        Key::ALL
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(k, _)| *k)
            .ok_or_else(|| UnknownKey(s.to_owned()))
    }
}

/// A question a player or the arbiter may ask (D.2.9.d: answered only to whoever asks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Whose move is it.
    WhoseMove,
    /// The current move number.
    MoveNumber,
    /// The last `n` moves (1: the last move).
    LastMoves(u32),
    /// Where the asker's (`mine == true`) or the opponent's pieces stand, all or one kind.
    Pieces {
        /// The asker's own pieces, or the opponent's.
        mine: bool,
        /// One kind only.
        role: Option<shakmaty::Role>,
    },
    /// What stands on a square.
    Square(shakmaty::Square),
    /// Where the asker's pieces of a kind, or the piece on a square, can go: each with
    /// the squares its legal moves reach (FIDE Laws D.2.9.d, as lichess's blind mode).
    Targets {
        /// One kind only.
        role: Option<shakmaty::Role>,
        /// The piece on this square only.
        from: Option<shakmaty::Square>,
    },
    /// What stands on a file, from rank 1 up.
    File(shakmaty::File),
    /// What stands on a rank, from file a on.
    Rank(shakmaty::Rank),
    /// Material of both sides.
    Material,
    /// The whole position.
    Position,
    /// Both clocks, briefly, the asker's own first (D.2.9.d); the time used and the moves
    /// completed follow on [`Question::More`].
    Time,
    /// The asker's own remaining time only (D.2.9.d).
    OwnTime,
    /// The time each side has used (D.2.9.d).
    TimeUsed,
    /// The moves each side has completed, as the clock counts them (D.2.5.c, D.2.9.d).
    MovesMade,
    /// What can be said now: the five most useful commands, more on [`Question::More`].
    Help,
    /// The rest of the asker's last answer ("mehr"): answers are short first.
    More,
}

/// Makes [`Command`] from the command table ([`crate::core::command_table`]): its unit
/// variants, each with its script verb, and the variants with arguments below.
macro_rules! command_enum {
    (groups [$($groups:tt)*] units [$(($(#[doc = $doc:literal])* $unit:ident $verb:literal))*]) => {
        /// A command, from words, a key or a device: everything that is not a move.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Command {
            $($(#[doc = $doc])* $unit,)*
            /// A question.
            Ask(Question),
            /// Set a clock (arbiter; FIDE Laws 6.10.b, 6.11).
            SetClock {
                /// Whose clock.
                side: Color,
                /// The time it shows from now on.
                time: std::time::Duration,
            },
            /// Set a player's number of completed moves (arbiter; FIDE Laws 6.10.b).
            SetMoves {
                /// Whose counter.
                side: Color,
                /// Moves completed.
                moves: u32,
            },
            /// Add time to a clock (arbiter; e.g. FIDE Laws 6.11.d, 9.5.b).
            AddTime {
                /// Whose clock.
                side: Color,
                /// How much.
                time: std::time::Duration,
            },
            /// FIDE Laws 7.5.b: an illegal move by `offender` was completed; the opponent
            /// gets two minutes.
            Penalty {
                /// Who made the illegal move.
                offender: Color,
            },
            /// A training game (issue 34.1): the engine's level from its next move on,
            /// 1 to 10 (another number is answered, not taken).
            Level(u32),
            /// Switch the clock announcements on or off (FIDE requires that alarms can be
            /// turned off).
            Alarms(bool),
            /// FIDE Laws D.2.8: take moves back to where both scoresheets agree, after
            /// move `number` of `side`; the clocks return to their recorded values there
            /// (arbiter).
            TakeBackTo {
                /// The move number.
                number: u32,
                /// After white's or black's move of that number.
                side: Color,
            },
            /// Going through a game (issue 34): to the position after move `number` of
            /// `side` (white's when no side is named), the move said.
            GoTo {
                /// The move number.
                number: u32,
                /// Whose move of that number (`None`: white's).
                side: Option<Color>,
            },
            /// A one-time access code for the station's web page, said and brailled to
            /// whoever asks ("Zugangscode für den Gegner"): the page's role it opens.
            AccessCode(AccessRole),
            /// An irreversible act confirmed where it was given (the web page asked
            /// first): done at once, not asked again.
            Confirmed(Irreversible),
            /// `quit` typed while an online game goes on (issue 32.3): the station asks
            /// once whether to close, the game and its clock going on at lichess; the
            /// answer ("ja" closes) is an input like every other, journaled. Script verb
            /// `quit`; no spoken phrase (the console's `quit` makes it).
            Quit,
        }

        impl Command {
            /// The script verb of a command without arguments (`do stop`); `None` for a
            /// command with arguments.
            pub fn verb(&self) -> Option<&'static str> {
                match self {
                    $(Command::$unit => Some($verb),)*
                    _ => None,
                }
            }

            /// The command without arguments whose script verb is `verb`.
            pub fn from_verb(verb: &str) -> Option<Command> {
                match verb {
                    $($verb => Some(Command::$unit),)*
                    _ => None,
                }
            }
        }
    };
}

command_table!(command_enum);

/// An act that cannot be undone, which the station asks to confirm unless it was
/// confirmed where it was given ([`Command::Confirmed`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Irreversible {
    /// Resign.
    Resign,
    /// End the game unfinished.
    End,
}

impl Irreversible {
    /// Its command's script verb (`resign`, `end`).
    pub fn verb(self) -> &'static str {
        match self {
            Irreversible::Resign => "resign",
            Irreversible::End => "end",
        }
    }

    /// The act whose command's script verb is `verb`.
    pub fn from_verb(verb: &str) -> Option<Irreversible> {
        match verb {
            "resign" => Some(Irreversible::Resign),
            "end" => Some(Irreversible::End),
            _ => None,
        }
    }
}

/// A role on the station's web page (FIDE Laws D.2.9, D.2.10: who may do what at the
/// board): its actions are the inputs of that role's actor.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AccessRole {
    /// Follows the game, acts on nothing.
    Spectator,
    /// The sighted opponent, for his own colour.
    Opponent,
    /// The visually impaired player at a laptop, for his own colour.
    Player,
    /// The arbiter or an assistant (D.2.9, D.2.10).
    Arbiter,
}

impl AccessRole {
    /// Every role with its name in scripts and on the web page.
    pub const ALL: [(AccessRole, &'static str); 4] = [
        (AccessRole::Spectator, "spectator"),
        (AccessRole::Opponent, "opponent"),
        (AccessRole::Player, "player"),
        (AccessRole::Arbiter, "arbiter"),
    ];

    /// The role's name in scripts and on the web page.
    pub fn name(self) -> &'static str {
        AccessRole::ALL
            .iter()
            .find(|(r, _)| *r == self)
            .map_or("?", |(_, n)| n)
    }
}

/// The error for an unknown web role name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown role {0:?}: expected spectator, opponent, player or arbiter")]
pub struct UnknownRole(pub String);

impl FromStr for AccessRole {
    type Err = UnknownRole;
    fn from_str(s: &str) -> Result<AccessRole, UnknownRole> {
        AccessRole::ALL
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(r, _)| *r)
            .ok_or_else(|| UnknownRole(s.to_owned()))
    }
}

/// What the sighted player's electronic board reported (FIDE Laws D.1: he plays on his own
/// board; the station reads it). The actor of the input is the player who plays on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// The board was found (plugged in, or back): with a clock attached whose lever
    /// completes the sighted player's moves (FIDE Laws 6.2.a), or without one.
    Found {
        /// A clock is attached (the DGT 3000 on a DGT board).
        clock: bool,
    },
    /// The whole placement as the board reports it, in the board's own coordinates (the
    /// session finds which way round it stands from the start position).
    Placement(shakmaty::Board),
    /// The attached clock's lever was pressed (FIDE Laws 6.2.a: the move is completed).
    Lever,
    /// The board is gone (its port vanished): the game goes on by keyboard and voice.
    Lost,
}

/// What happened.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Words a recognizer heard, with confidences and alternatives.
    Heard(HeardWords),
    /// Text typed on a keyboard or a Braille display.
    Typed(String),
    /// A move given by its squares, not as text: a routing key's pick on the Braille
    /// display's board (from, to, and a queen for a pawn reaching the last rank). The
    /// session checks it against the legal moves and echoes it (FIDE Laws D.2.3), or says
    /// why it is impossible, as it does for the same move typed in UCI.
    Move(UciMove),
    /// A named key.
    Key(Key),
    /// A structured command.
    Command(Command),
    /// The sighted player's electronic board (FIDE Laws D.1, D.2.1, D.2.9).
    Board(BoardEvent),
    /// A line of an online game's stream, from the server (issue 24; the actor is the
    /// online opponent): the game's state, with every move and both clocks.
    Server(Box<crate::core::online::game::GameLine>),
    /// The training engine's answer (issue 34.1; the actor is the engine's side): its
    /// move, or what went wrong with it.
    Engine(crate::core::engine::exchange::EngineReply),
    /// The engine's analysis of a position of the game gone through (issue 34.4).
    Analysis(crate::core::engine::analysis::AnalysisReply),
}

/// One input to [`crate::core::session::Session::handle`].
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// Someone did something.
    Act {
        /// Who.
        by: Actor,
        /// What.
        event: Event,
    },
    /// The deadline returned by `next_deadline` has been reached.
    Timeout,
}

impl Input {
    /// Words heard from `by`.
    pub fn heard(by: Actor, text: &str) -> Input {
        Input::Act {
            by,
            event: Event::Heard(HeardWords::from_text(text)),
        }
    }
    /// Text typed by `by`.
    pub fn typed(by: Actor, text: &str) -> Input {
        Input::Act {
            by,
            event: Event::Typed(text.to_owned()),
        }
    }
    /// A move picked by `by` on the Braille display's board.
    pub fn picked(by: Actor, uci: UciMove) -> Input {
        Input::Act {
            by,
            event: Event::Move(uci),
        }
    }
    /// What `by`'s electronic board reported.
    pub fn board(by: Actor, event: BoardEvent) -> Input {
        Input::Act {
            by,
            event: Event::Board(event),
        }
    }
    /// A line of the online game's stream, from the server on `by`'s behalf (the online
    /// opponent).
    pub fn server(by: Actor, line: crate::core::online::game::GameLine) -> Input {
        Input::Act {
            by,
            event: Event::Server(Box::new(line)),
        }
    }
    /// The training engine's answer, on `by`'s behalf (the engine's side).
    pub fn engine(by: Actor, reply: crate::core::engine::exchange::EngineReply) -> Input {
        Input::Act {
            by,
            event: Event::Engine(reply),
        }
    }
    /// The engine's analysis, for `by` (who asked for it).
    pub fn analysis(by: Actor, reply: crate::core::engine::analysis::AnalysisReply) -> Input {
        Input::Act {
            by,
            event: Event::Analysis(reply),
        }
    }
    /// A key pressed by `by`.
    pub fn key(by: Actor, key: Key) -> Input {
        Input::Act {
            by,
            event: Event::Key(key),
        }
    }
}
