//! The spoken length of every answer (issue 14: short first, more on request). Each
//! question is asked in four situations that matter at a clocked board (the start
//! position, a middlegame, a rook endgame; the clock running; and the start played by the
//! Braille display, whose help speaks of typing) in German, Spanish and English; every
//! part of every answer (the first and each one "mehr" gives) is synthesized with
//! espeak-ng at its default rate into a WAV file, and its duration read.
//!
//! Asserted: no part over 8 s, the time answers (the first part of "Zeit", "meine Zeit")
//! at most 3.5 s. The table (question, language, situation, part, seconds) is printed; run
//! with `cargo test --test it spoken_lengths -- --nocapture` to see it.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use ansage::core::input::{Actor, Command as Act, Event, Input, Question};
use ansage::core::output::{Audience, Output, Priority};
use ansage::core::script;
use ansage::core::session::Session;
use ansage::core::time::Timestamp;
use shakmaty::{Color, File, Rank, Role, Square};

use crate::support::{load, proc};

/// The longest an answer's part may take to say.
const PART_LIMIT: f64 = 8.0;
/// The longest the time answer may take to say.
const TIME_LIMIT: f64 = 3.5;

/// A Queen's Gambit Declined to move 12 (Capablanca's freeing manoeuvre), in UCI.
const MIDDLEGAME: [&str; 24] = [
    "d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6", "c1g5", "f8e7", "e2e3", "e8g8", "g1f3", "b8d7",
    "a1c1", "c7c6", "f1d3", "d5c4", "d3c4", "f6d5", "g5e7", "d8e7", "e1g1", "d5c3", "c1c3", "e6e5",
];

/// The situations: a name and the script that leads to it (`{lang}` is replaced).
fn situations() -> Vec<(&'static str, String)> {
    let start = "@0 arbiter setup tc=900+10 vi=white confirm_sighted=immediate lang={lang}\n\
                 @0 arbiter key start\n"
        .to_owned();
    let mut middle =
        "@0 arbiter setup tc=900+10 vi=none lang={lang}\n@0 arbiter key start\n".to_owned();
    for (i, uci) in MIDDLEGAME.iter().enumerate() {
        // White thinks 31 s a move, Black 19 s: after twelve moves 9:38 and 11:58 left.
        let at = (i / 2) * 50 + if i % 2 == 0 { 31 } else { 50 };
        let side = if i % 2 == 0 { "white" } else { "black" };
        middle.push_str(&format!("@{at} {side} type {uci}\n"));
    }
    let end = "@0 arbiter setup tc=900+10 vi=none lang={lang} \
               fen=\"8/5pk1/6p1/3R4/7P/6P1/5PK1/3r4 w - - 0 40\"\n\
               @0 arbiter do set-clock white 0:04:06.000\n\
               @0 arbiter do set-clock black 0:03:50.000\n\
               @0 arbiter key start\n"
        .to_owned();
    // The Braille display without voice input: help speaks of typing and the keys.
    let typed = "@0 arbiter setup tc=900+10 vi=white braille_input=on lang={lang}\n\
                 @0 arbiter key start\n"
        .to_owned();
    vec![
        ("start", start),
        ("middlegame", middle),
        ("endgame", end),
        ("typed", typed),
    ]
}

/// Every question, with its name in the table.
fn questions() -> Vec<(&'static str, Question)> {
    vec![
        ("whose move", Question::WhoseMove),
        ("move number", Question::MoveNumber),
        ("last move", Question::LastMoves(1)),
        ("last 5 moves", Question::LastMoves(5)),
        (
            "my pieces",
            Question::Pieces {
                mine: true,
                role: None,
            },
        ),
        (
            "their pieces",
            Question::Pieces {
                mine: false,
                role: None,
            },
        ),
        (
            "my pawns",
            Question::Pieces {
                mine: true,
                role: Some(Role::Pawn),
            },
        ),
        (
            "their rooks",
            Question::Pieces {
                mine: false,
                role: Some(Role::Rook),
            },
        ),
        ("square e4", Question::Square(Square::E4)),
        ("file e", Question::File(File::E)),
        ("rank 2", Question::Rank(Rank::Second)),
        ("material", Question::Material),
        ("position", Question::Position),
        ("time", Question::Time),
        ("own time", Question::OwnTime),
        ("time used", Question::TimeUsed),
        ("moves made", Question::MovesMade),
        ("help", Question::Help),
    ]
}

/// What the session says to `to` for one input at `at`.
fn said(session: &mut Session, by: Actor, q: Question, at: Timestamp) -> Vec<String> {
    let input = Input::Act {
        by,
        event: Event::Command(Act::Ask(q)),
    };
    let to = match by {
        Actor::Player(Color::White) => Audience::White,
        Actor::Player(Color::Black) => Audience::Black,
        Actor::Arbiter => Audience::Arbiter,
    };
    session
        .handle(input, at)
        .into_iter()
        .filter_map(|o| match o {
            // Only the answer: a clock reminder due meanwhile is not part of it.
            Output::Say(s) if s.to == to && s.priority == Priority::Answer => Some(s.text),
            _ => None,
        })
        .collect()
}

/// Every part of the answer to `q`: the first, then what each "mehr" gives until it says
/// `nothing` (at most eight parts).
fn parts(
    session: &mut Session,
    q: &Question,
    at: &mut Timestamp,
    nothing: &[String],
) -> Vec<String> {
    let by = Actor::Player(Color::White);
    let mut all = said(session, by, q.clone(), *at);
    for _ in 0..8 {
        *at = *at + Duration::from_millis(500);
        let more = said(session, by, Question::More, *at);
        if more == nothing {
            break;
        }
        all.extend(more);
    }
    all
}

/// How long espeak-ng takes to say `text` in `lang` at its default rate, in seconds.
fn seconds(dir: &Path, lang: &str, text: &str, n: usize) -> f64 {
    let wav = dir.join(format!("{lang}-{n}.wav"));
    let out = proc::run(
        Command::new("espeak-ng")
            .arg("-v")
            .arg(lang)
            .arg("-w")
            .arg(&wav)
            .arg(text),
        Duration::from_secs(30),
    );
    assert!(
        out.status.success(),
        "espeak-ng failed on {text:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reader = hound::WavReader::open(&wav).expect("espeak-ng's WAV");
    f64::from(reader.duration()) / f64::from(reader.spec().sample_rate)
}

#[test]
fn every_answer_is_short_and_the_time_answer_shortest() {
    let _busy = load::busy();
    let dir = tempfile::tempdir().unwrap();
    let mut cache: HashMap<(String, String), f64> = HashMap::new();
    let mut rows = Vec::new();
    let mut over = Vec::new();
    for lang in ["de", "es", "en"] {
        for (situation, text) in situations() {
            let parsed = script::parse(&text.replace("{lang}", lang)).unwrap();
            let run = script::run(&parsed).unwrap();
            let mut session = run.session;
            let mut at =
                parsed.steps.last().map_or(Timestamp::ZERO, |s| s.at) + Duration::from_secs(7);
            // "mehr" with nothing asked before: what it says when there is no more.
            let nothing = said(
                &mut session,
                Actor::Player(Color::White),
                Question::More,
                at,
            );
            let mut asked = questions();
            asked.push(("more (none)", Question::More));
            for (name, q) in asked {
                let answer = if q == Question::More {
                    nothing.clone()
                } else {
                    parts(&mut session, &q, &mut at, &nothing)
                };
                for (i, part) in answer.iter().enumerate() {
                    let n = cache.len();
                    let secs = *cache
                        .entry((lang.to_owned(), part.clone()))
                        .or_insert_with(|| seconds(dir.path(), lang, part, n));
                    let limit = if i == 0 && matches!(q, Question::Time | Question::OwnTime) {
                        TIME_LIMIT
                    } else {
                        PART_LIMIT
                    };
                    if secs > limit {
                        over.push(format!(
                            "{name} {lang} {situation} part {}: {secs:.2} s > {limit} s: {part}",
                            i + 1
                        ));
                    }
                    rows.push(format!(
                        "| {name} | {lang} | {situation} | {} | {secs:.2} | {part} |",
                        i + 1
                    ));
                }
                at = at + Duration::from_secs(2);
            }
        }
    }
    println!("| question | lang | situation | part | seconds | text |\n|---|---|---|---|---|---|");
    for r in &rows {
        println!("{r}");
    }
    assert!(over.is_empty(), "too long:\n{}", over.join("\n"));
}
