//! Timed scripts and transcripts: the contract for tests, bug reports and arbiters
//! (documented in docs/developers.md).
//!
//! A script has one event a line, `@SECONDS WHO VERB TEXT`; `#` starts a comment. WHO is
//! `white`, `black` or `arbiter`; VERB is `say` (words a recognizer delivered), `type`
//! (keyboard text), `key` (a named key), `do` (a command), `move` (a move picked on the
//! Braille display's board, in UCI), `wait` (only lets time pass) or, on the first line,
//! `setup KEY=VALUE …`. A transcript has one output a line,
//! `@SECONDS CHANNEL[:WHO] TEXT`, CHANNEL one of `say`, `braille`, `clock`, `made`, `result`.

mod board;
mod errors;
mod owner;
mod server;
mod transcript;

use std::time::Duration;

use crate::core::commands::parse_clock_reading;
use shakmaty::{Color, Role};

use crate::core::input::{Actor, Command, Event, Input, Irreversible, Key, Question};
use crate::core::output::Output;
use crate::core::phrases::role_key;
use crate::core::session::Session;
use crate::core::settings::{read_setup, setup_pairs};
use crate::core::setup::SessionSetup;
use crate::core::time::Timestamp;
use crate::core::words::{HeardWord, HeardWords};
use shakmaty::uci::UciMove;

use transcript::color_word;
pub use transcript::{exact, stamp, transcript_line};

pub use board::{board_event_text, parse_board_event};
pub use errors::{BodyError, CommandError, LineError, ScriptError, WordsError};
pub use owner::{ConsoleOwner, LineKind};

/// What a script line does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Feed an input.
    Input(Input),
    /// Only let time pass (deadlines up to then fire).
    Wait,
}

/// One event of a script.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The line number in the script (1-based).
    pub line: usize,
    /// When.
    pub at: Timestamp,
    /// What.
    pub action: Action,
}

/// A parsed script.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    /// What the session is set up with, from the setup line (defaults without one).
    pub setup: SessionSetup,
    /// The events in time order.
    pub steps: Vec<Step>,
}

fn line_err(line: usize, error: impl Into<LineError>) -> ScriptError {
    ScriptError::Line {
        line,
        error: error.into(),
    }
}

/// The words of a `say` line. A word may carry its recognizer confidence and
/// alternatives: `Felix:0.4`, `Felix:0.4|Eva:0.35` (the first is the recognizer's choice).
/// Without a suffix a word is certain (1.0).
pub fn scored_utterance(text: &str) -> Result<HeardWords, WordsError> {
    let mut words = Vec::new();
    for token in text.split_whitespace() {
        let mut choices = Vec::new();
        for choice in token.split('|') {
            let (word, conf) = match choice.rsplit_once(':') {
                Some((w, c)) => {
                    let conf: f32 = c
                        .parse()
                        .ok()
                        .filter(|c: &f32| (0.0..=1.0).contains(c))
                        .ok_or_else(|| WordsError::Confidence {
                            confidence: c.to_owned(),
                            word: w.to_owned(),
                        })?;
                    (w, conf)
                }
                None => (choice, 1.0),
            };
            if word.is_empty() {
                return Err(WordsError::EmptyWord(token.to_owned()));
            }
            choices.push((word.to_owned(), conf));
        }
        let (text, confidence) = choices.remove(0);
        words.push(HeardWord {
            text,
            confidence,
            alternatives: choices,
        });
    }
    Ok(HeardWords { words })
}

/// What follows `@SECONDS WHO` on a script line.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// `setup KEY=VALUE …`: the options, in order.
    Setup(Vec<(String, String)>),
    /// An event.
    Action(Action),
}

/// Parses the `@SECONDS` stamp of a line.
pub fn parse_stamp(text: &str) -> Option<Timestamp> {
    text.strip_prefix('@').and_then(Timestamp::parse_seconds)
}

/// Parses `WHO VERB TEXT`, the part of a script line after its stamp (no comment
/// stripping: the journal uses it on exact records). The error says what is wrong.
pub fn parse_body(text: &str) -> Result<(Actor, Body), BodyError> {
    let mut parts = text.trim().splitn(3, char::is_whitespace);
    let who: Actor = parts.next().unwrap_or_default().parse()?;
    let verb = parts.next().unwrap_or_default();
    let rest = parts.next().unwrap_or_default().trim();
    let action = match verb {
        "setup" => return Ok((who, Body::Setup(setup_pairs(rest)?))),
        "say" => Action::Input(Input::Act {
            by: who,
            event: Event::Heard(scored_utterance(rest)?),
        }),
        "type" => Action::Input(Input::typed(who, rest)),
        "key" => {
            let key: Key = rest.parse()?;
            Action::Input(Input::key(who, key))
        }
        "do" => Action::Input(Input::Act {
            by: who,
            event: Event::Command(parse_command(rest)?),
        }),
        "move" => {
            let uci: UciMove = rest.parse().map_err(|_| BodyError::Move(rest.to_owned()))?;
            Action::Input(Input::picked(who, uci))
        }
        "board" => Action::Input(Input::board(who, board::parse_board_event(rest)?)),
        "server" => Action::Input(Input::server(who, server::parse_server_line(rest)?)),
        "engine" => Action::Input(Input::engine(who, rest.parse()?)),
        "analysis" => Action::Input(Input::analysis(who, rest.parse()?)),
        "wait" => Action::Wait,
        _ => return Err(BodyError::Verb(verb.to_owned())),
    };
    Ok((who, Body::Action(action)))
}

/// Parses a script.
pub fn parse(text: &str) -> Result<Script, ScriptError> {
    let mut setup = SessionSetup::default();
    let mut steps = Vec::new();
    let mut last = Timestamp::ZERO;
    let mut seen_event = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split_once('#').map_or(raw, |(c, _)| c).trim();
        if content.is_empty() {
            continue;
        }
        let (time, body) = content
            .split_once(char::is_whitespace)
            .unwrap_or((content, ""));
        let at =
            parse_stamp(time).ok_or_else(|| line_err(line, LineError::Stamp(time.to_owned())))?;
        if at < last {
            return Err(line_err(line, LineError::Backwards));
        }
        last = at;
        let (who, body) = parse_body(body).map_err(|e| line_err(line, e))?;
        match body {
            Body::Setup(pairs) => {
                if seen_event || who != Actor::Arbiter {
                    return Err(line_err(line, LineError::SetupNotFirst));
                }
                setup = read_setup(&pairs).map_err(|e| line_err(line, e))?;
            }
            Body::Action(action) => steps.push(Step { line, at, action }),
        }
        seen_event = true;
    }
    Ok(Script { setup, steps })
}

/// A finished run of a script.
#[derive(Debug)]
pub struct Run {
    /// Every output, one line each.
    pub transcript: Vec<String>,
    /// Every output with the instant it was given (for the speech timelines).
    pub outputs: Vec<(Timestamp, Output)>,
    /// The session at the end (for its PGN).
    pub session: Session,
}

/// Runs a script in virtual time: first what the station says at the start of the game
/// (how the clock starts, [`Session::clock_start_hint`]), then before each event every deadline
/// up to its instant fires at its own instant.
pub fn run(script: &Script) -> Result<Run, ScriptError> {
    let mut session = Session::new(script.setup.clone())?;
    let hint = session.clock_start_hint();
    let mut transcript: Vec<String> = hint
        .iter()
        .map(|o| transcript_line(Timestamp::ZERO, o))
        .collect();
    let mut all: Vec<(Timestamp, Output)> =
        hint.into_iter().map(|o| (Timestamp::ZERO, o)).collect();
    for step in &script.steps {
        while let Some((deadline, outputs)) = session.poll_due(step.at) {
            transcript.extend(outputs.iter().map(|o| transcript_line(deadline, o)));
            all.extend(outputs.into_iter().map(|o| (deadline, o)));
        }
        if let Action::Input(input) = &step.action {
            let outputs = session.handle(input.clone(), step.at);
            transcript.extend(outputs.iter().map(|o| transcript_line(step.at, o)));
            all.extend(outputs.into_iter().map(|o| (step.at, o)));
        }
    }
    Ok(Run {
        transcript,
        outputs: all,
        session,
    })
}

/// Parses a console line `[WHO] [VERB] TEXT`: WHO defaults to `default_by` (whose the
/// line is: [`ConsoleOwner`]), VERB to `type`; the verbs are the script's (`say`, `type`, `key`, `do`, `move`
/// with a UCI move, as picked on the Braille display's board; `move` followed by anything
/// else is typed words, "move fifteen"). The error says what is wrong.
pub fn parse_console_line(line: &str, default_by: Actor) -> Result<Option<Input>, BodyError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let (by, line) = match first.trim_end_matches(':').parse::<Actor>() {
        Ok(a) => (a, rest.trim()),
        Err(_) => (default_by, line),
    };
    let (verb, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    Ok(Some(match verb {
        // The words with their alternatives and confidences, as a script reads them
        // (`say Eva:0.9|Anna:0.05 vier`).
        "say" => Input::Act {
            by,
            event: Event::Heard(scored_utterance(rest)?),
        },
        "type" => Input::typed(by, rest),
        "key" => Input::key(by, rest.parse()?),
        "do" => Input::Act {
            by,
            event: Event::Command(parse_command(rest)?),
        },
        // Without a UCI move, the player's words typed: "move fifteen" while going
        // through a game (issue 34.3), answered by the session like any typed line.
        "move" if !looks_like_uci(rest) => Input::typed(by, line),
        "move" => Input::picked(
            by,
            rest.parse().map_err(|_| BodyError::Move(rest.to_owned()))?,
        ),
        "board" => Input::board(by, board::parse_board_event(rest)?),
        _ => Input::typed(by, line),
    }))
}

/// Whether `text` is meant as a UCI move (`e2e4`, `e7e8q`, or a wrong one like `e9e4`): one
/// word of four or five letters and digits, a file letter then a digit.
fn looks_like_uci(text: &str) -> bool {
    let b = text.as_bytes();
    (4..=5).contains(&b.len())
        && b[0].is_ascii_alphabetic()
        && b[1].is_ascii_digit()
        && b.iter().all(u8::is_ascii_alphanumeric)
}

/// Parses a duration written as [`exact`] writes it (`h:mm:ss.mmm`), or as `m:ss` /
/// `h:mm:ss` with an optional fraction of at most milliseconds.
pub fn parse_exact(text: &str) -> Option<Duration> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let base = parse_clock_reading(whole)?;
    if frac.is_empty() {
        return (!text.ends_with('.')).then_some(base);
    }
    let millis = Timestamp::parse_seconds(&format!("0.{frac}"))?.since_epoch();
    Some(base + millis)
}

/// The script form of a command (the verb `do`), read back by [`parse_command`]: a
/// command without arguments by its verb in the command table
/// ([`crate::core::command_table`]: `yes`, `no`, `offer-draw`, `resign`, `claim-draw`,
/// `repeat`, `stop`, `start`, `pause`, `resume`, `take-back`, `adjourn`, …);
/// `alarms on|off`, `level N` (a training game's engine), `set-clock SIDE H:MM:SS.mmm`, `set-moves SIDE N`,
/// `add-time SIDE H:MM:SS.mmm`, `penalty SIDE` (FIDE Laws 7.5.b), `take-back-to N SIDE`
/// (7.5, D.2.8), `access-code ROLE` and `ask QUESTION` (`whose-move`, `move-number`,
/// `last-moves N`, `pieces mine|theirs [ROLE]`, `square e4`, `targets [ROLE] [SQUARE]`,
/// `file e`, `rank 4`, `material`, `position`, `time`, `own-time`, `time-used`,
/// `moves-made`, `help`, `more`).
pub fn command_text(command: &Command) -> String {
    match command {
        Command::Alarms(on) => format!("alarms {}", if *on { "on" } else { "off" }),
        Command::Level(n) => format!("level {n}"),
        Command::SetClock { side, time } => {
            format!("set-clock {} {}", color_word(*side), exact(*time))
        }
        Command::SetMoves { side, moves } => format!("set-moves {} {moves}", color_word(*side)),
        Command::AddTime { side, time } => {
            format!("add-time {} {}", color_word(*side), exact(*time))
        }
        Command::Penalty { offender } => format!("penalty {}", color_word(*offender)),
        Command::TakeBackTo { number, side } => {
            format!("take-back-to {number} {}", color_word(*side))
        }
        Command::GoTo { number, side } => match side {
            Some(side) => format!("go-to {number} {}", color_word(*side)),
            None => format!("go-to {number}"),
        },
        Command::AccessCode(role) => format!("access-code {}", role.name()),
        Command::Confirmed(act) => format!("confirmed {}", act.verb()),
        Command::Quit => "quit".into(),
        Command::Ask(q) => format!("ask {}", question_text(q)),
        unit => unit.verb().unwrap_or_default().into(),
    }
}

fn question_text(q: &Question) -> String {
    match q {
        Question::WhoseMove => "whose-move".into(),
        Question::MoveNumber => "move-number".into(),
        Question::LastMoves(n) => format!("last-moves {n}"),
        Question::Pieces { mine, role } => {
            let whose = if *mine { "mine" } else { "theirs" };
            match role {
                Some(r) => format!("pieces {whose} {}", role_key(*r)),
                None => format!("pieces {whose}"),
            }
        }
        Question::Square(sq) => format!("square {sq}"),
        Question::Targets { role, from } => {
            let mut text = "targets".to_owned();
            if let Some(r) = role {
                text.push_str(&format!(" {}", role_key(*r)));
            }
            if let Some(sq) = from {
                text.push_str(&format!(" {sq}"));
            }
            text
        }
        Question::File(f) => format!("file {}", f.char()),
        Question::Rank(r) => format!("rank {}", r.char()),
        Question::Material => "material".into(),
        Question::Position => "position".into(),
        Question::Time => "time".into(),
        Question::Help => "help".into(),
        Question::OwnTime => "own-time".into(),
        Question::TimeUsed => "time-used".into(),
        Question::MovesMade => "moves-made".into(),
        Question::More => "more".into(),
    }
}

/// Reads the script form of a command (see [`command_text`]).
pub fn parse_command(text: &str) -> Result<Command, CommandError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let side = |w: Option<&&str>| -> Result<Color, CommandError> {
        match w.copied() {
            Some("white") => Ok(Color::White),
            Some("black") => Ok(Color::Black),
            other => Err(CommandError::Side {
                text: text.to_owned(),
                found: other.map(str::to_owned),
            }),
        }
    };
    let duration = |w: Option<&&str>| -> Result<Duration, CommandError> {
        w.and_then(|w| parse_exact(w))
            .ok_or_else(|| CommandError::Time(text.to_owned()))
    };
    if let [verb] = words.as_slice()
        && let Some(command) = Command::from_verb(verb)
    {
        return Ok(command);
    }
    let command = match words.as_slice() {
        ["quit"] => Command::Quit,
        ["alarms", "on"] => Command::Alarms(true),
        ["alarms", "off"] => Command::Alarms(false),
        ["level", n] => Command::Level(
            n.parse()
                .map_err(|_| CommandError::Level(text.to_owned()))?,
        ),
        ["set-clock", _, _] => Command::SetClock {
            side: side(words.get(1))?,
            time: duration(words.get(2))?,
        },
        ["add-time", _, _] => Command::AddTime {
            side: side(words.get(1))?,
            time: duration(words.get(2))?,
        },
        ["set-moves", _, n] => Command::SetMoves {
            side: side(words.get(1))?,
            moves: n
                .parse()
                .map_err(|_| CommandError::Moves(text.to_owned()))?,
        },
        ["penalty", _] => Command::Penalty {
            offender: side(words.get(1))?,
        },
        ["take-back-to", n, _] => Command::TakeBackTo {
            number: n
                .parse()
                .map_err(|_| CommandError::MoveNumber(text.to_owned()))?,
            side: side(words.get(2))?,
        },
        ["go-to", n, rest @ ..] if rest.len() <= 1 => Command::GoTo {
            number: n
                .parse()
                .map_err(|_| CommandError::MoveNumber(text.to_owned()))?,
            side: match rest.first() {
                Some(_) => Some(side(words.get(2))?),
                None => None,
            },
        },
        ["confirmed", verb] => Command::Confirmed(
            Irreversible::from_verb(verb).ok_or_else(|| CommandError::Unknown(text.to_owned()))?,
        ),
        ["access-code", role] => Command::AccessCode(
            role.parse()
                .map_err(|_| CommandError::Unknown(text.to_owned()))?,
        ),
        ["ask", rest @ ..] => Command::Ask(
            parse_question(rest).ok_or_else(|| CommandError::Question(text.to_owned()))?,
        ),
        _ => return Err(CommandError::Unknown(text.to_owned())),
    };
    Ok(command)
}

fn parse_question(words: &[&str]) -> Option<Question> {
    let one_char = |w: &str| {
        let mut chars = w.chars();
        let c = chars.next()?;
        chars.next().is_none().then_some(c)
    };
    Some(match words {
        ["whose-move"] => Question::WhoseMove,
        ["move-number"] => Question::MoveNumber,
        ["last-moves", n] => Question::LastMoves(n.parse().ok()?),
        ["pieces", whose, role @ ..] => Question::Pieces {
            mine: match *whose {
                "mine" => true,
                "theirs" => false,
                _ => return None,
            },
            role: match role {
                [] => None,
                [r] => Some(role_from_key(r)?),
                _ => return None,
            },
        },
        ["square", sq] => Question::Square(sq.parse().ok()?),
        ["targets", rest @ ..] => targets_question(rest)?,
        ["file", f] => Question::File(shakmaty::File::from_char(one_char(f)?)?),
        ["rank", r] => Question::Rank(shakmaty::Rank::from_char(one_char(r)?)?),
        ["material"] => Question::Material,
        ["position"] => Question::Position,
        ["time"] => Question::Time,
        ["help"] => Question::Help,
        ["own-time"] => Question::OwnTime,
        ["time-used"] => Question::TimeUsed,
        ["moves-made"] => Question::MovesMade,
        ["more"] => Question::More,
        _ => return None,
    })
}

/// `targets [ROLE] [SQUARE]`: at least one of them.
fn targets_question(words: &[&str]) -> Option<Question> {
    let (role, from) = match words {
        [r, sq] => (Some(role_from_key(r)?), Some(sq.parse().ok()?)),
        [one] => match role_from_key(one) {
            Some(r) => (Some(r), None),
            None => (None, Some(one.parse().ok()?)),
        },
        _ => return None,
    };
    Some(Question::Targets { role, from })
}

fn role_from_key(key: &str) -> Option<Role> {
    Role::ALL.into_iter().find(|r| role_key(*r) == key)
}

/// One heard word as a `say` line writes it: `Felix`, `Felix:0.4`, `Felix:0.4|Eva:0.35`.
/// The confidence is written whenever it is not 1 or the word itself holds a `:`; the
/// characters the format cannot carry (white space, `|`) become `_`, and an empty word
/// `_`.
fn heard_word_text(word: &HeardWord) -> String {
    let choice = |text: &str, conf: f32| {
        let mut text: String = text
            .chars()
            .map(|c| {
                if c.is_whitespace() || c == '|' {
                    '_'
                } else {
                    c
                }
            })
            .collect();
        if text.is_empty() {
            text.push('_');
        }
        let conf = if conf.is_nan() {
            0.0
        } else {
            conf.clamp(0.0, 1.0)
        };
        if conf == 1.0 && !text.contains(':') {
            text
        } else {
            format!("{text}:{conf}")
        }
    };
    let mut out = choice(&word.text, word.confidence);
    for (alt, conf) in &word.alternatives {
        out.push('|');
        out.push_str(&choice(alt, *conf));
    }
    out
}

/// The script line of one input, `@SECONDS WHO VERB TEXT`: the inverse of
/// [`parse_stamp`] and [`parse_body`]. Heard words keep their confidences and
/// alternatives; typed text is written on one line (control characters become spaces,
/// the ends trimmed, as the parser reads it); commands use the verb `do`
/// ([`command_text`]); a move picked on the Braille display's board uses the verb `move`
/// with its UCI (`move e2e4`); a timeout is `arbiter wait`. Whatever the format cannot carry is
/// normalised, so `parse(input_line(x))` is a fixed point of `input_line`; the journal
/// hands the session the input as read back, so a replay sees exactly what the game saw.
pub fn input_line(at: Timestamp, input: &Input) -> String {
    let t = stamp(at);
    let Input::Act { by, event } = input else {
        return format!("{t} arbiter wait");
    };
    let (verb, text) = match event {
        Event::Heard(u) => (
            "say",
            u.words
                .iter()
                .map(heard_word_text)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Event::Typed(text) => (
            "type",
            text.chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect::<String>()
                .trim()
                .to_owned(),
        ),
        Event::Key(key) => ("key", key.name().to_owned()),
        Event::Command(c) => ("do", command_text(c)),
        Event::Move(uci) => ("move", uci.to_string()),
        Event::Board(b) => ("board", board::board_event_text(b)),
        Event::Server(line) => ("server", server::server_line_text(line)),
        Event::Engine(reply) => ("engine", reply.to_string()),
        Event::Analysis(reply) => ("analysis", reply.to_string()),
    };
    if text.is_empty() {
        format!("{t} {by} {verb}")
    } else {
        format!("{t} {by} {verb} {text}")
    }
}

#[cfg(test)]
mod tests;
