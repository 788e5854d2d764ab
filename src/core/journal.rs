//! The journal: a crash-safe record of a game, as a timed script with checks.
//!
//! The session is a pure, deterministic state machine, so the journal is **event-sourced**:
//! it records every *input* with its instant, and a resume replays them through a fresh
//! [`Session`] with the same setup, in virtual time, exactly like [`script::run`]: the
//! deadlines (correction windows, flags, clock announcements) fire again at their own
//! instants. What the inputs produced that matters is recorded too, as **check records**,
//! and compared on replay.
//!
//! # Format
//!
//! One record a line, framed so that each line checks itself:
//!
//! ```text
//! CRC32 LEN PAYLOAD\n
//! ```
//!
//! `CRC32` is the CRC-32 (IEEE) of the payload's bytes in eight lower-case hex digits,
//! `LEN` the payload's length in bytes (decimal), `PAYLOAD` one line of UTF-8 text in the
//! script format of docs/developers.md (`@SECONDS …`, milliseconds always written):
//!
//! - first, the setup: `@0.000 arbiter setup KEY=VALUE …` ([`setup_line`]);
//! - an input: `@SECONDS WHO VERB TEXT` ([`script::input_line`]; verbs `say`, `type`,
//!   `key`, `do`, `move`), written and synced **before** the session sees it, so a move is on disk
//!   before it is announced as made (FIDE Laws D.2.3: the move is made when confirmed);
//! - a check: the transcript line of a made move or the result
//!   (`@12.000 made 7. Nf3 clk 0:14:31.000 emt 0:00:04.000`, `@80.000 result 1-0 checkmate`);
//! - a heartbeat, `@SECONDS tick`, while a clock runs, so that after a crash the clocks
//!   come back to within one heartbeat of the crash (FIDE Laws 6.1: the clocks). The
//!   heartbeat is written by a task of its own, whatever the main loop is doing (waiting
//!   for an input's sync, say), so a tick may fall between an input and its checks, with
//!   a later instant than theirs: ticks are ordered among themselves, the other records
//!   among themselves, and a tick only says that the game's time ran until then;
//! - `@SECONDS resumed`: a resume continued the game here (made moves recorded before it
//!   whose check was lost in the crash count as checked).
//!
//! An example:
//!
//! ```text
//! f2bce817 234 @0.000 arbiter setup lang=de vi=white arbiter=off confirm=explicit confirm_sighted=immediate tc=900+10 announce_moves=on reminders=on control_alarm=on low_time=off white="Ana" black="Ben" event="?" site="?" date="????.??.??" round="?"
//! ad128508 24 @0.000 arbiter key start
//! e98bed84 39 @2.512 white say Eva:0.9|Anna:0.05 vier
//! 53ea1ea8 24 @3.100 white key confirm
//! d044e9f1 49 @3.100 made 1. e4 clk 0:15:06.900 emt 0:00:03.100
//! f2f41412 11 @3.190 tick
//! 43ead45e 20 @5.020 black type e5
//! 111c14a9 51 @5.020 made 1... e5 clk 0:15:08.080 emt 0:00:01.920
//! cc052a32 11 @5.110 tick
//! ```
//!
//! # Reading
//!
//! [`read`] takes the bytes and accepts records up to the first bad frame (a torn last
//! line, a wrong checksum or length, something that is not a frame, not UTF-8, a record
//! that does not read, a first record that is not the setup, time running backwards among
//! the ticks or among the other records); the
//! rest is dropped, and [`Damage`] says exactly where and how much. [`replay`] then runs the
//! kept records and [`crate::core::resume::damage_message`] words the report ("Journal beschädigt ab Byte 1234
//! (Eintrag 57, Prüfsumme stimmt nicht): 312 Bytes verworfen; erhalten: bis Zug 12
//! von Weiß.").
//!
//! This module is pure (no file access): bytes in, records and reports out. The file and
//! its syncing are the adapter's (`crate::journal_file`).

use std::collections::VecDeque;

use crate::core::input::Input;
use crate::core::output::Output;
use crate::core::script::{self, Action, Body, BodyError, input_line, stamp, transcript_line};
use crate::core::session::Session;
use crate::core::settings::{SettingError, SetupLineError, read_setup, setup_line};
use crate::core::setup::{SessionSetup, SetupError};
use crate::core::time::Timestamp;

/// The longest payload a frame may announce; longer is taken as damage.
pub const MAX_PAYLOAD: usize = 1 << 20;

/// One record of a journal.
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    /// The game's setup (always the first record).
    Setup(Box<SessionSetup>),
    /// An input, at its instant.
    Input {
        /// When it was handled.
        at: Timestamp,
        /// What, as read back from its line.
        input: Input,
    },
    /// What an input or a deadline produced: the transcript line of a made move or the
    /// result, stamp included.
    Check {
        /// When.
        at: Timestamp,
        /// The transcript line.
        line: String,
    },
    /// A heartbeat while a clock runs.
    Tick {
        /// When.
        at: Timestamp,
    },
    /// A resume continued the game here.
    Resumed {
        /// When (the last instant recorded before the crash).
        at: Timestamp,
    },
}

impl Record {
    /// The record's instant (the setup's is zero).
    pub fn at(&self) -> Timestamp {
        match self {
            Record::Setup(_) => Timestamp::ZERO,
            Record::Input { at, .. }
            | Record::Check { at, .. }
            | Record::Tick { at }
            | Record::Resumed { at } => *at,
        }
    }
}

/// Why a record cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// The setup has no script line.
    #[error(transparent)]
    Setup(#[from] SetupLineError),
    /// An input's line does not read back (a bug in the script format).
    #[error("the input line {line:?} does not read back: {detail}")]
    Input {
        /// The line written.
        line: String,
        /// What the parser said.
        detail: String,
    },
}

/// Frames one payload: `CRC32 LEN PAYLOAD\n`. A line break inside the payload (never
/// written by this module) would break the framing, so it becomes a space.
pub fn frame(payload: &str) -> String {
    let payload = if payload.contains('\n') {
        payload.replace('\n', " ")
    } else {
        payload.to_owned()
    };
    format!(
        "{:08x} {} {payload}\n",
        crc32fast::hash(payload.as_bytes()),
        payload.len()
    )
}

/// The framed setup record, the first of every journal.
pub fn header(config: &SessionSetup) -> Result<String, JournalError> {
    Ok(frame(&setup_line(config)?))
}

/// An input as the journal records it: its script line, and the input that line reads
/// back as. The station hands the session [`InputRecord::input`] whether a journal is kept
/// or not, so the session sees the same input either way, and a replay sees exactly what
/// the game saw.
#[derive(Clone, Debug, PartialEq)]
pub struct InputRecord {
    /// The script line (`@SECONDS WHO VERB TEXT`, [`script::input_line`]), unframed.
    pub line: String,
    /// The input as the line reads back.
    pub input: Input,
}

/// The record of an input at `at`: its line, and the input as it reads back from it
/// (whatever the format cannot carry normalised, see [`script::input_line`]). A timeout
/// is no input to record (its line reads back as a heartbeat): an error.
pub fn input_record(at: Timestamp, input: &Input) -> Result<InputRecord, JournalError> {
    let line = input_line(at, input);
    match parse_payload(&line) {
        Ok(Record::Input { input, .. }) => Ok(InputRecord { line, input }),
        Ok(other) => Err(JournalError::Input {
            detail: format!("read back as {other:?}"),
            line,
        }),
        Err(e) => Err(JournalError::Input {
            line,
            detail: e.to_string(),
        }),
    }
}

/// Whether an output is checked on replay: made moves, take-backs and the result.
fn is_checked(output: &Output) -> bool {
    matches!(
        output,
        Output::Made(_) | Output::TakenBack { .. } | Output::Result(_)
    )
}

/// The framed check records of one step's outputs (empty if nothing was made or ended).
pub fn check_records(at: Timestamp, outputs: &[Output]) -> String {
    outputs
        .iter()
        .filter(|o| is_checked(o))
        .map(|o| frame(&transcript_line(at, o)))
        .collect()
}

/// The framed heartbeat at `at`.
pub fn tick_record(at: Timestamp) -> String {
    frame(&format!("{} tick", stamp(at)))
}

/// The framed mark of a resume at `at`.
pub fn resumed_record(at: Timestamp) -> String {
    frame(&format!("{} resumed", stamp(at)))
}

/// Why a well-framed record does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// No `@SECONDS` stamp.
    #[error("expected @SECONDS at {0:?}")]
    Stamp(String),
    /// What follows the stamp.
    #[error(transparent)]
    Body(#[from] BodyError),
    /// A key of the setup.
    #[error(transparent)]
    Setup(#[from] SettingError),
}

/// Reads one payload.
fn parse_payload(payload: &str) -> Result<Record, RecordError> {
    let (time, body) = payload.split_once(' ').unwrap_or((payload, ""));
    let at = script::parse_stamp(time).ok_or_else(|| RecordError::Stamp(time.to_owned()))?;
    let first = body.split_whitespace().next().unwrap_or_default();
    match first {
        "tick" if body == "tick" => return Ok(Record::Tick { at }),
        "resumed" if body == "resumed" => return Ok(Record::Resumed { at }),
        "made" | "result" => {
            return Ok(Record::Check {
                at,
                line: payload.to_owned(),
            });
        }
        _ => {}
    }
    match script::parse_body(body)? {
        (_, Body::Setup(pairs)) => Ok(Record::Setup(Box::new(read_setup(&pairs)?))),
        (_, Body::Action(Action::Input(input))) => Ok(Record::Input { at, input }),
        (_, Body::Action(Action::Wait)) => Ok(Record::Tick { at }),
    }
}

/// A check record that the replay does not confirm: the game announced one thing, the
/// replay of its inputs gives another (or nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The number of the check record (1-based).
    pub record: usize,
    /// What the journal recorded.
    pub expected: String,
    /// What the replay produced in its place, if anything.
    pub got: Option<String>,
}

/// A journal replayed: the session as it stood at the last recorded instant.
#[derive(Debug)]
pub struct Replay {
    /// The session, every input and deadline up to `last` handled.
    pub session: Session,
    /// The latest instant recorded (a tick's too): the game continues from here.
    pub last: Timestamp,
    /// Every made move and the result the replay produced, as transcript lines, in order.
    pub restored: Vec<String>,
    /// Check records the replay did not confirm.
    pub mismatches: Vec<Mismatch>,
    /// Made moves (or the result) at the end that had no check record yet (the crash came
    /// between an input's record and its check): restored from the inputs.
    pub unchecked: usize,
}

/// Why a journal cannot be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The setup record is missing (empty, or damaged from the start).
    #[error("the journal holds no game (no setup record)")]
    NoSetup,
    /// The setup cannot start a session.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Replays the good records of a journal in virtual time: before each input, check or
/// resume, every deadline up to its instant fires at its own instant (as in
/// [`script::run`]); inputs are handled at their instants; each check record is compared
/// with the next made move or result the replay produced. A tick fires nothing (it may
/// stand before an input with an earlier instant): it only moves the last instant on, up
/// to which the deadlines fire at the end. Pure and deterministic.
pub fn replay(recovered: &Recovered) -> Result<Replay, ReplayError> {
    let config = recovered.setup().ok_or(ReplayError::NoSetup)?;
    let mut session = Session::new(config.clone())?;
    let mut restored = Vec::new();
    let mut unchecked: VecDeque<String> = VecDeque::new();
    let mut mismatches = Vec::new();
    let mut last = Timestamp::ZERO;
    let mut collect = |at: Timestamp, outputs: &[Output], unchecked: &mut VecDeque<String>| {
        for o in outputs.iter().filter(|o| is_checked(o)) {
            let line = transcript_line(at, o);
            restored.push(line.clone());
            unchecked.push_back(line);
        }
    };
    for (i, record) in recovered.records.iter().enumerate().skip(1) {
        let at = record.at();
        last = last.max(at);
        if matches!(record, Record::Tick { .. }) {
            continue;
        }
        while let Some((deadline, outputs)) = session.poll_due(at) {
            collect(deadline, &outputs, &mut unchecked);
        }
        match record {
            Record::Input { input, .. } => {
                let outputs = session.handle(input.clone(), at);
                collect(at, &outputs, &mut unchecked);
            }
            Record::Check { line, .. } => match unchecked.pop_front() {
                Some(got) if got == *line => {}
                got => mismatches.push(Mismatch {
                    record: i + 1,
                    expected: line.clone(),
                    got,
                }),
            },
            Record::Resumed { .. } => unchecked.clear(),
            Record::Tick { .. } | Record::Setup(_) => {}
        }
    }
    while let Some((deadline, outputs)) = session.poll_due(last) {
        collect(deadline, &outputs, &mut unchecked);
    }
    Ok(Replay {
        session,
        last,
        restored,
        mismatches,
        unchecked: unchecked.len(),
    })
}

mod read;

#[cfg(test)]
use read::read_frame;
pub use read::{Damage, DamageKind, Recovered, read};

#[cfg(test)]
mod tests;
