//! The entry functions of the fuzz targets (`fuzz/fuzz_targets/*.rs`, run by `.ci/fuzz.sh`).
//!
//! Each takes arbitrary bytes and drives one reader of untrusted text: heard words
//! ([`resolve`]), typed moves ([`typed`]), scoresheets ([`pgn`]), the journal ([`journal()`])
//! and scripts ([`script()`]); bytes from electronic boards ([`dgt`], [`millennium`]) and
//! from the lichess Board API ([`online`]); a UCI engine's lines ([`uci`]). Player input never yields a Rust error, and no file may crash
//! the program: a panic here is a bug. They live in the library (not in `fuzz/`) so that
//! `tests/it/protocol/fuzz_seeds.rs` runs them on seed inputs in every test run and they
//! cannot rot, behind the feature `testing` (which `fuzz/` and the tests turn on) so that
//! the library a user builds holds none of them.
//! They also check a few round trips the journal relies on (a setup line reads back the
//! same configuration; an input's script line is a fixed point).

use shakmaty::{Chess, Move, Position};

use crate::core::input::Actor;
use crate::core::journal;
use crate::core::lang::Language;
use crate::core::scoresheet::pgn_in;
use crate::core::script;
use crate::core::time::Timestamp;
use crate::core::words::{HeardWords, Resolution, Typed, vocabulary};
use crate::eboard::{self, Event};

/// Scripts whose last event is later than this (virtual time) are parsed but not run:
/// a run is linear in the number of clock announcements, and a fuzz input must stay fast.
const MAX_RUN: Timestamp = Timestamp::from_millis(4 * 3600 * 1000);

/// Inputs longer than this are cut (a recognizer's utterance, a typed line, a file
/// fragment: the readers' cost grows with length, and a fuzz run must stay fast).
const MAX_LEN: usize = 4096;

/// The position and language a fuzz input starts with, and the rest of the input.
///
/// Byte 0 picks the language; byte 1 how many plies to play from the standard position
/// (0-63); then one byte per ply picks a legal move. A finished game stops early.
fn position(data: &[u8]) -> (Language, Chess, &[u8]) {
    let (head, rest) = data.split_at(data.len().min(2));
    let lang = Language::ALL[usize::from(head.first().copied().unwrap_or(0)) % 3];
    let plies = usize::from(head.get(1).copied().unwrap_or(0) % 64).min(rest.len());
    let (choices, rest) = rest.split_at(plies);
    let mut pos = Chess::default();
    for &b in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[usize::from(b) % moves.len()]);
    }
    (lang, pos, rest)
}

/// A subset of the legal moves (a which-question's candidates) when byte 0's low bit is
/// set: the moves whose index bit is set in the next byte's pattern; and the rest.
fn among<'a>(pos: &Chess, data: &'a [u8]) -> (Option<Vec<Move>>, bool, &'a [u8]) {
    let (flags, mask, rest) = match data {
        [flags, mask, rest @ ..] => (*flags, *mask, rest),
        _ => return (None, false, data),
    };
    let scored = flags & 2 != 0;
    if flags & 1 == 0 {
        return (None, scored, rest);
    }
    let moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << (i % 8)) != 0)
        .map(|(_, m)| m)
        .collect();
    (Some(moves), scored, rest)
}

fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(&data[..data.len().min(MAX_LEN)])
}

/// Heard words against a position: [`crate::core::words::Vocabulary::resolve`], with or
/// without confidences and alternatives (`Felix:0.4|Eva:0.3`), with or without a
/// which-question's candidates.
/// Returns the resolution (for the seed tests).
pub fn resolve(data: &[u8]) -> Resolution {
    let (lang, pos, rest) = position(data);
    let (among, scored, rest) = among(&pos, rest);
    let text = text(rest);
    let heard = if scored {
        script::scored_utterance(&text).unwrap_or_else(|_| HeardWords::from_text(&text))
    } else {
        HeardWords::from_text(&text)
    };
    vocabulary(lang).resolve(&pos, &heard, among.as_deref())
}

/// Typed text against a position: [`crate::core::words::Vocabulary::parse_typed`] (SAN,
/// UCI, the language's SAN, Appendix C forms, spelled-out words), and the console line
/// parser. Returns what the text was read as.
pub fn typed(data: &[u8]) -> Typed {
    let (lang, pos, rest) = position(data);
    let (among, _, rest) = among(&pos, rest);
    let text = text(rest);
    let _ = script::parse_console_line(&text, Actor::Player(pos.turn()));
    vocabulary(lang).parse_typed(&pos, &text, among.as_deref())
}

/// A scoresheet file: [`pgn_in::read_pgn`], [`pgn_in::read_any`] (PGN, BRF, Unicode
/// braille, a move list) in the language of byte 0. Returns the moves read by
/// `read_any`, if it could.
pub fn pgn(data: &[u8]) -> Option<usize> {
    let (&first, rest) = data.split_first()?;
    let lang = Language::ALL[usize::from(first) % 3];
    let text = String::from_utf8_lossy(rest);
    let _ = pgn_in::read_pgn(&text, lang);
    pgn_in::read_any(&text, lang).ok().map(|s| s.moves.len())
}

/// A journal file: [`journal::read`] on the raw bytes when byte 0 is even; otherwise each
/// line of the rest is framed with its right checksum first, so the fuzzer reaches the
/// payloads (a CRC is out of its reach). When a setup survives, the good records are
/// replayed ([`journal::replay`]) unless they span too long a time. Returns the records
/// read and whether damage was found.
pub fn journal(data: &[u8]) -> (usize, bool) {
    let Some((&first, rest)) = data.split_first() else {
        return (0, false);
    };
    let rest = &rest[..rest.len().min(MAX_LEN)];
    let framed;
    let bytes = if first % 2 == 0 {
        rest
    } else {
        framed = String::from_utf8_lossy(rest)
            .lines()
            .map(journal::frame)
            .collect::<String>();
        framed.as_bytes()
    };
    let recovered = journal::read(bytes);
    assert!(recovered.good_len <= bytes.len());
    if let Some(damage) = &recovered.damage {
        assert_eq!(damage.offset + damage.dropped, bytes.len());
    }
    let too_long = recovered.records.last().is_some_and(|r| r.at() > MAX_RUN);
    if let Some(config) = recovered.setup()
        && !too_long
    {
        // The setup line of what was read reads back the same configuration.
        if let Ok(line) = crate::core::settings::setup_line(config) {
            let again = journal::read(journal::frame(&line).as_bytes());
            assert_eq!(again.setup(), Some(config), "setup line {line:?}");
        }
        let _ = journal::replay(&recovered);
    }
    (recovered.records.len(), recovered.damage.is_some())
}

/// A script: [`script::parse`], then [`script::run`] unless its events span too long a
/// time; every input's script line ([`script::input_line`]) reads back as a fixed point.
/// Returns the transcript's length, if the script was run.
pub fn script(data: &[u8]) -> Option<usize> {
    let text = text(data);
    let parsed = script::parse(&text).ok()?;
    for step in &parsed.steps {
        if let script::Action::Input(input) = &step.action {
            let line = script::input_line(step.at, input);
            let again = script::parse(&line).map(|s| s.steps);
            match again.as_deref() {
                Ok([s]) => match &s.action {
                    script::Action::Input(i) => {
                        assert_eq!(script::input_line(s.at, i), line, "input line {line:?}")
                    }
                    script::Action::Wait => {
                        assert!(line.ends_with(" arbiter wait"), "input line {line:?}")
                    }
                },
                _ => panic!("input line {line:?} does not read back: {again:?}"),
            }
        }
    }
    if parsed.steps.last().is_some_and(|s| s.at > MAX_RUN) {
        return None;
    }
    script::run(&parsed).ok().map(|r| r.transcript.len())
}

/// Bytes from a DGT board: [`eboard::dgt::Decoder`] on the input after byte 0, read whole
/// and again split where byte 0 says; both readings must give the same events, and every
/// placement read must read back the same from its own board dump. Returns the events.
pub fn dgt(data: &[u8]) -> Vec<Event> {
    let events = split_invariant(data, eboard::dgt::Decoder::new, eboard::dgt::Decoder::push);
    for event in &events {
        if let Event::Placement(p) = event {
            let again = eboard::dgt::Decoder::new().push(&eboard::dgt::board_dump(p));
            assert_eq!(again, vec![Event::Placement(*p)], "board dump round trip");
        }
    }
    events
}

/// Bytes from a Millennium ChessLink board: [`eboard::millennium::Decoder`], as [`dgt`]
/// (the round trip through its status reply). Returns the events.
pub fn millennium(data: &[u8]) -> Vec<Event> {
    let events = split_invariant(
        data,
        eboard::millennium::Decoder::new,
        eboard::millennium::Decoder::push,
    );
    for event in &events {
        if let Event::Placement(p) = event {
            let again = eboard::millennium::Decoder::new().push(&eboard::millennium::status(p));
            assert_eq!(again, vec![Event::Placement(*p)], "status round trip");
        }
    }
    events
}

/// The events of the bytes after byte 0, read whole; panics when reading them in two
/// parts (cut where byte 0 says) gives other events.
fn split_invariant<D>(
    data: &[u8],
    new: fn() -> D,
    push: fn(&mut D, &[u8]) -> Vec<Event>,
) -> Vec<Event> {
    let Some((&cut, bytes)) = data.split_first() else {
        return Vec::new();
    };
    let bytes = &bytes[..bytes.len().min(MAX_LEN)];
    let whole = push(&mut new(), bytes);
    let cut = usize::from(cut).min(bytes.len());
    let mut decoder = new();
    let mut split = push(&mut decoder, &bytes[..cut]);
    split.extend(push(&mut decoder, &bytes[cut..]));
    assert_eq!(split, whole, "split at {cut}");
    whole
}

/// The web page's action parser (`POST /api/act`'s body, feature `web`): byte 0 picks the
/// role (and a player's colour), the rest is the body. Whatever the body, the parser
/// answers with an input or a refusal, never a panic; an input is the role's own actor's,
/// and its script line reads back to it (the journal records it so). Returns the input.
#[cfg(feature = "web")]
pub fn web_action(data: &[u8]) -> Option<crate::core::input::Input> {
    use crate::core::input::AccessRole;
    use crate::web::access::Grant;
    use crate::web::action;

    let data = &data[..data.len().min(MAX_LEN)];
    let (&first, body) = data.split_first()?;
    let role = AccessRole::ALL[usize::from(first) % 4].0;
    let colour = if first & 4 == 0 {
        shakmaty::Color::White
    } else {
        shakmaty::Color::Black
    };
    let grant = Grant {
        role,
        colour: matches!(role, AccessRole::Opponent | AccessRole::Player).then_some(colour),
    };
    let request = action::parse(body).ok()?;
    let input = action::to_input(&request.action, grant).ok()?;
    let crate::core::input::Input::Act { by, .. } = &input else {
        panic!("an action gave no act: {input:?}");
    };
    assert_eq!(Some(*by), action::actor(grant), "{input:?}");
    let line = script::input_line(Timestamp::ZERO, &input);
    let body = line.split_once(' ').map_or("", |(_, b)| b);
    assert!(script::parse_body(body).is_ok(), "{line}");
    Some(input)
}

/// The lichess Board API's NDJSON streams ([`crate::online::ndjson::Decoder`]): byte 0's
/// low bit picks a game's stream or the account's event stream, the rest of it where the
/// bytes are cut in two. Both readings must give the same lines, and every line read must
/// read back the same from the JSON it is written as (the journal keeps the server's lines
/// so). Returns the lines read and how many were events.
pub fn online(data: &[u8]) -> (usize, usize) {
    use crate::core::online::events::AccountEvent;
    use crate::core::online::game::GameLine;

    let Some((&first, bytes)) = data.split_first() else {
        return (0, 0);
    };
    let bytes = &bytes[..bytes.len().min(MAX_LEN)];
    let cut = usize::from(first >> 1).min(bytes.len());
    if first & 1 == 0 {
        ndjson_lines::<GameLine>(bytes, cut)
    } else {
        ndjson_lines::<AccountEvent>(bytes, cut)
    }
}

/// [`online`] for one stream's type.
fn ndjson_lines<E>(bytes: &[u8], cut: usize) -> (usize, usize)
where
    E: serde::de::DeserializeOwned + serde::Serialize + PartialEq + std::fmt::Debug,
{
    use crate::online::ndjson::{Decoder, Line, parse_line};

    let whole = Decoder::<E>::new().push(bytes);
    let mut decoder = Decoder::<E>::new();
    let mut split = decoder.push(&bytes[..cut]);
    split.extend(decoder.push(&bytes[cut..]));
    assert_eq!(split, whole, "split at {cut}");
    let mut events = 0;
    for line in &whole {
        if let Line::Event(event) = line {
            events += 1;
            let Ok(json) = serde_json::to_string(event) else {
                panic!("{event:?} cannot be written as JSON");
            };
            assert!(!json.contains('\n'), "{json}");
            assert_eq!(&parse_line::<E>(json.as_bytes()), line, "{json}");
        }
    }
    (whole.len(), events)
}

/// A challenge's streamed answer (`POST /api/challenge/{name}` with `keepAliveStream`,
/// [`crate::core::online::answer::ChallengeAnswer`]), line by line: nonsense is skipped,
/// never a panic; a made challenge's id is letters and digits (it goes into paths), and an
/// end carries the id of the first challenge the answer made. Returns how many answers
/// were read.
pub fn challenge_answer(data: &[u8]) -> usize {
    use crate::core::online::answer::{Answer, ChallengeAnswer};

    let bytes = &data[..data.len().min(MAX_LEN)];
    let mut reader = ChallengeAnswer::default();
    let mut first: Option<String> = None;
    let mut read = 0;
    for line in bytes.split(|&b| b == b'\n') {
        let Some(answer) = reader.line(line) else {
            continue;
        };
        read += 1;
        match answer {
            Answer::ChallengeMade { id, .. } => {
                assert!(
                    !id.is_empty() && id.len() <= 32,
                    "an id of {} bytes",
                    id.len()
                );
                assert!(id.bytes().all(|b| b.is_ascii_alphanumeric()), "{id:?}");
                first.get_or_insert(id);
            }
            Answer::ChallengeDone { id, .. } => assert_eq!(id, first, "the end's id"),
            Answer::SeekOpen => panic!("a challenge's answer read as a seek"),
        }
    }
    read
}

/// A UCI engine's output (issue 34): every line read (nonsense refused, never a panic), a
/// best move checked against a position played from the first bytes (as for `resolve`), and a
/// `setoption` of any text still one line. Returns how many lines were read.
pub fn uci(data: &[u8]) -> usize {
    use crate::core::engine::command::Command;
    use crate::core::engine::uci::{EngineLine, legal_move, parse_line};

    let (_, pos, rest) = position(data);
    let text = String::from_utf8_lossy(&rest[..rest.len().min(MAX_LEN)]);
    let mut read = 0;
    for line in text.lines() {
        if let Ok(parsed) = parse_line(line) {
            read += 1;
            if let EngineLine::BestMove(Some(m)) = &parsed {
                let _ = legal_move(&pos, m);
            }
        }
        let option = Command::SetOption(line.to_owned(), text.to_string()).line();
        assert!(!option.contains(['\n', '\r']), "{option:?}");
    }
    read
}
