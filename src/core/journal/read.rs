//! Reading a journal's bytes: frame by frame, up to the first bad record, and what was
//! dropped from there (see the module above for the format).

use std::fmt;

use crate::core::setup::SessionSetup;
use crate::core::time::Timestamp;

use super::{MAX_PAYLOAD, Record, parse_payload};

/// What is wrong where a journal's good part ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DamageKind {
    /// The last line has no end: the program stopped while writing it.
    Torn,
    /// Not `CRC32 LEN PAYLOAD`: no checksum, no length, or a length over [`MAX_PAYLOAD`].
    Frame,
    /// The line is not as long as its frame says.
    Length,
    /// The payload's checksum is wrong.
    Checksum,
    /// The payload is not UTF-8.
    NotUtf8,
    /// A well-framed record that does not read (what the parser said).
    Record(String),
    /// The first record is not the setup, or a setup comes later.
    NoSetup,
    /// A record earlier than the one before it.
    TimeBackwards,
}

impl DamageKind {
    /// The message id of the reason, in `assets/<lang>/messages.ftl`.
    pub fn message_id(&self) -> &'static str {
        match self {
            DamageKind::Torn => "journal-reason-torn",
            DamageKind::Frame => "journal-reason-frame",
            DamageKind::Length => "journal-reason-length",
            DamageKind::Checksum => "journal-reason-checksum",
            DamageKind::NotUtf8 => "journal-reason-utf8",
            DamageKind::Record(_) => "journal-reason-record",
            DamageKind::NoSetup => "journal-reason-no-setup",
            DamageKind::TimeBackwards => "journal-reason-time",
        }
    }
}

/// Where a journal is damaged and what was dropped: everything from `offset` on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    /// The byte where the first bad record starts (the good part's length).
    pub offset: usize,
    /// The number of the first bad record (1-based).
    pub record: usize,
    /// Bytes dropped (from `offset` to the end).
    pub dropped: usize,
    /// What is wrong with the first bad record.
    pub kind: DamageKind,
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "damaged from byte {} (record {}, {:?}): {} bytes dropped",
            self.offset, self.record, self.kind, self.dropped
        )
    }
}

/// A journal as read: the good records, in order, and the damage after them, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovered {
    /// The good records, the setup first.
    pub records: Vec<Record>,
    /// The length of the good part in bytes (cut the file here before appending).
    pub good_len: usize,
    /// What was dropped, if anything.
    pub damage: Option<Damage>,
}

impl Recovered {
    /// The game's setup, if the first record survived.
    pub fn setup(&self) -> Option<&SessionSetup> {
        match self.records.first() {
            Some(Record::Setup(config)) => Some(config),
            _ => None,
        }
    }
}

/// Reads one frame at the start of `rest`: the payload and the frame's length.
pub(super) fn read_frame(rest: &[u8]) -> Result<(&str, usize), DamageKind> {
    if !rest.contains(&b'\n') {
        return Err(DamageKind::Torn);
    }
    let hex = rest.get(..8).ok_or(DamageKind::Frame)?;
    // Lower case only: an upper-case digit is a flipped bit, not the same checksum.
    let lower_hex = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
    if !hex.iter().all(lower_hex) || rest.get(8) != Some(&b' ') {
        return Err(DamageKind::Frame);
    }
    let crc = std::str::from_utf8(hex)
        .ok()
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or(DamageKind::Frame)?;
    let digits = rest[9..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 7 || rest.get(9 + digits) != Some(&b' ') {
        return Err(DamageKind::Frame);
    }
    let len: usize = std::str::from_utf8(&rest[9..9 + digits])
        .ok()
        .and_then(|d| d.parse().ok())
        .filter(|&n| n <= MAX_PAYLOAD)
        .ok_or(DamageKind::Frame)?;
    let start = 9 + digits + 1;
    let end = start + len;
    if rest.get(end) != Some(&b'\n') {
        return Err(DamageKind::Length);
    }
    let payload = &rest[start..end];
    if crc32fast::hash(payload) != crc {
        return Err(DamageKind::Checksum);
    }
    let payload = std::str::from_utf8(payload).map_err(|_| DamageKind::NotUtf8)?;
    Ok((payload, end + 1))
}

/// The two orders a journal keeps: the heartbeat's ticks among themselves, every other
/// record among the others (the heartbeat writes from a task of its own, so a tick may
/// come between an input and its checks).
#[derive(Default)]
struct Order {
    tick: Timestamp,
    other: Timestamp,
}

impl Order {
    /// Whether `record` keeps its order; if so, it is the last of its kind now.
    fn admits(&mut self, record: &Record) -> bool {
        let last = match record {
            Record::Tick { .. } => &mut self.tick,
            _ => &mut self.other,
        };
        let ok = record.at() >= *last;
        if ok {
            *last = record.at();
        }
        ok
    }
}

/// Reads a journal: every record up to the first bad one, and what was dropped from there.
/// Never fails: an empty input is an empty journal, garbage is damage at byte 0.
pub fn read(bytes: &[u8]) -> Recovered {
    let mut records: Vec<Record> = Vec::new();
    let mut pos = 0;
    let mut order = Order::default();
    let mut damage = None;
    while pos < bytes.len() {
        let kind = match read_frame(&bytes[pos..]) {
            Err(kind) => kind,
            Ok((payload, len)) => match parse_payload(payload) {
                Err(detail) => DamageKind::Record(detail.to_string()),
                Ok(record) if records.is_empty() != matches!(record, Record::Setup(_)) => {
                    DamageKind::NoSetup
                }
                Ok(record) if !order.admits(&record) => DamageKind::TimeBackwards,
                Ok(record) => {
                    records.push(record);
                    pos += len;
                    continue;
                }
            },
        };
        damage = Some(Damage {
            offset: pos,
            record: records.len() + 1,
            dropped: bytes.len() - pos,
            kind,
        });
        break;
    }
    Recovered {
        records,
        good_len: pos,
        damage,
    }
}
