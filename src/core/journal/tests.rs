use super::*;
use crate::core::input::Actor;
use crate::core::lang::Language;
use crate::core::phrases::Phrases;
use crate::core::resume::{
    clocks_message, damage_message, last_move_text, mismatch_message, resumed_message,
};
use crate::core::script::{Script, parse, run};
use shakmaty::Color;

mod reading;

/// The journal a station writes for a script: each input recorded before it is handled,
/// the checks after it, deadlines fired at their instants, a `wait` as a heartbeat.
fn record(script: &Script) -> String {
    let mut out = header(&script.setup).unwrap();
    let mut session = Session::new(script.setup.clone()).unwrap();
    for step in &script.steps {
        while let Some((deadline, outputs)) = session.poll_due(step.at) {
            out.push_str(&check_records(deadline, &outputs));
        }
        match &step.action {
            Action::Input(input) => {
                let record = input_record(step.at, input).unwrap();
                out.push_str(&frame(&record.line));
                let outputs = session.handle(record.input, step.at);
                out.push_str(&check_records(step.at, &outputs));
            }
            Action::Wait => out.push_str(&tick_record(step.at)),
        }
    }
    out
}

const SAMPLE: &str = "\
@0 arbiter setup tc=300+2 vi=white lang=de white=\"Ana\" black=\"Ben\"
@0 arbiter key start
@1 white say Eva:0.9|Anna:0.05 vier
@2 white key confirm
@3 black type e5
@3.5 arbiter wait
@4 white say Springer Felix drei
@5 white say ja
@6 black type Sc6
@6.1 arbiter wait
";

fn sample() -> String {
    record(&parse(SAMPLE).unwrap())
}

/// The byte offsets where the sample's records end.
fn ends(text: &str) -> Vec<usize> {
    text.match_indices('\n').map(|(i, _)| i + 1).collect()
}

fn made_lines(transcript: &[String]) -> Vec<String> {
    transcript
        .iter()
        .filter(|l| l.contains(" made ") || l.contains(" result "))
        .cloned()
        .collect()
}

#[test]
fn the_sample_reads_whole_and_replays_as_the_script_runs() {
    let text = sample();
    let got = read(text.as_bytes());
    assert_eq!(got.damage, None);
    assert_eq!(got.good_len, text.len());
    assert_eq!(got.records.len(), ends(&text).len());
    let script = parse(SAMPLE).unwrap();
    assert_eq!(got.setup(), Some(&script.setup));
    let ran = run(&script).unwrap();
    let replayed = replay(&got).unwrap();
    assert_eq!(replayed.mismatches, vec![]);
    assert_eq!(replayed.unchecked, 0);
    assert_eq!(replayed.restored, made_lines(&ran.transcript));
    assert_eq!(replayed.restored.len(), 4);
    assert_eq!(replayed.last, Timestamp::from_millis(6100));
    let clock = replayed.session.clock().unwrap();
    let want = ran.session.clock().unwrap();
    for c in Color::ALL {
        let t = Timestamp::from_millis(6100);
        assert_eq!(clock.remaining(c, t), want.remaining(c, t));
    }
    assert_eq!(
        last_move_text(&replayed.session).as_deref(),
        Some("2... Sc6")
    );
}

/// The payload of the record holding `needle`.
fn payload_with(text: &str, needle: &str) -> String {
    let line = text.lines().find(|l| l.contains(needle)).unwrap();
    line.splitn(3, ' ').nth(2).unwrap().to_owned()
}

#[test]
fn typed_text_keeps_a_hash_sign() {
    let input = Input::typed(Actor::Player(Color::Black), "Sc6 # kein Kommentar");
    let record = input_record(Timestamp::from_millis(1), &input).unwrap();
    let framed = frame(&record.line);
    assert_eq!(record.input, input);
    let got = read(format!("{}{framed}", header(&SessionSetup::default()).unwrap()).as_bytes());
    assert_eq!(
        got.records[1],
        Record::Input {
            at: Timestamp::from_millis(1),
            input
        }
    );
}

/// The report says exactly what was dropped and what was kept, in every language.
#[test]
fn the_damage_message_in_each_language() {
    let typed = "\
@0 arbiter setup tc=300 vi=white lang=de
@0 arbiter key start
@1 white type e4
@2 white key confirm
@3 black type e5
@4 white type Nf3
@5 white key confirm
@6 black type Nc6
@7 white key time
";
    let text = record(&parse(typed).unwrap());
    let ends = ends(&text);
    // Cut inside the check record of 2. Nf3 ... the moves kept end with 1... e5.
    let check = text.find("made 2. Nf3").unwrap();
    let record = ends.iter().take_while(|&&e| e <= check).count();
    let mut bytes = text.clone().into_bytes();
    bytes[check] ^= 0x20;
    let got = read(&bytes);
    let damage = got.damage.clone().unwrap();
    let replayed = replay(&got).unwrap();
    let start = ends[record - 1];
    assert_eq!(damage.offset, start);
    // The input before the damaged check was kept: 2. Sf3 was made on replay.
    assert_eq!(replayed.unchecked, 1);
    let want = [
        (
            Language::De,
            format!(
                "Journal beschädigt ab Byte {start} (Eintrag {}, Prüfsumme stimmt nicht): {} Bytes verworfen; erhalten: bis Zug 2 von Weiß.",
                record + 1,
                text.len() - start
            ),
        ),
        (
            Language::En,
            format!(
                "Journal damaged from byte {start} (record {}, wrong checksum): {} bytes dropped; kept: up to move 2 by White.",
                record + 1,
                text.len() - start
            ),
        ),
        (
            Language::Es,
            format!(
                "Diario dañado desde el byte {start} (registro {}, suma de control incorrecta): {} bytes descartados; conservado: hasta la jugada 2 de blancas.",
                record + 1,
                text.len() - start
            ),
        ),
    ];
    for (lang, want) in want {
        let mut config = got.setup().unwrap().clone();
        config.lang = lang;
        let session = Session::new(config).unwrap();
        // The same game in the other language, for the message's move.
        let mut rec = got.clone();
        rec.records[0] = Record::Setup(Box::new(session.setup().clone()));
        let again = replay(&rec).unwrap();
        let msg = damage_message(again.session.phrases(), &damage, &again.session);
        assert_eq!(again.session.phrases().speech(&msg), want);
    }
    // Nothing kept yet: said so.
    let head = header(&SessionSetup::default()).unwrap();
    let mut bytes = head.clone().into_bytes();
    bytes.extend_from_slice(b"torn");
    let got = read(&bytes);
    let replayed = replay(&got).unwrap();
    let msg = damage_message(
        replayed.session.phrases(),
        &got.damage.unwrap(),
        &replayed.session,
    );
    assert_eq!(
        replayed.session.phrases().speech(&msg),
        format!(
            "Journal beschädigt ab Byte {} (Eintrag 2, letzter Eintrag unvollständig): 4 Bytes verworfen; erhalten: noch kein Zug.",
            head.len()
        )
    );
}

/// A check record the replay does not confirm is reported, not ignored.
#[test]
fn a_check_the_replay_does_not_confirm_is_a_mismatch() {
    let text = sample();
    let real = payload_with(&text, "made 1. e4");
    let fake = real.replace("1. e4", "1. d4");
    let forged = text.replace(&frame(&real), &frame(&fake));
    assert_ne!(forged, text, "{text}");
    let got = read(forged.as_bytes());
    assert_eq!(got.damage, None);
    let replayed = replay(&got).unwrap();
    assert_eq!(replayed.mismatches.len(), 1);
    let m = &replayed.mismatches[0];
    assert_eq!(m.expected, fake);
    assert_eq!(m.got.as_deref(), Some(real.as_str()));
    assert_eq!(real, "@2.000 made 1. e4 clk 0:05:00.000 emt 0:00:02.000");
    let de = Phrases::load(Language::De).unwrap();
    assert!(de.speech(&mismatch_message(m)).contains("1. d4"));
    // A check with nothing made before it.
    let extra = format!("{text}{}", frame("@7.000 result 1-0 checkmate"));
    let replayed = replay(&read(extra.as_bytes())).unwrap();
    assert_eq!(replayed.mismatches[0].got, None);
}

/// A made move whose check was lost in the crash counts as checked after a resume.
#[test]
fn a_resume_acknowledges_unchecked_moves() {
    let text = sample();
    let lost = frame(&payload_with(&text, "made 2... Nc6"));
    assert!(text.ends_with(&format!(
        "{lost}{}",
        tick_record(Timestamp::from_millis(6100))
    )));
    let cut = text.replace(&lost, "");
    let got = read(cut.as_bytes());
    let replayed = replay(&got).unwrap();
    assert_eq!(replayed.unchecked, 1);
    assert_eq!(replayed.mismatches, vec![]);
    let resumed = format!(
        "{cut}{}{}",
        resumed_record(Timestamp::from_millis(6100)),
        frame("@9.000 white say ja")
    );
    let replayed = replay(&read(resumed.as_bytes())).unwrap();
    assert_eq!(replayed.unchecked, 0);
    assert_eq!(replayed.last, Timestamp::from_millis(9000));
}

#[test]
fn clocks_message_names_both_clocks() {
    let replayed = replay(&read(sample().as_bytes())).unwrap();
    let msg = clocks_message(&replayed.session, replayed.last).unwrap();
    let phrases = replayed.session.phrases();
    // The display's reading, rounded up to the second as the status line shows it.
    assert_eq!(phrases.braille(&msg), "Uhr steht W5:00 S5:02");
    let resumed = phrases.speech(&resumed_message(&replayed.session));
    // Issue 22: moves counted as moves (four half-moves: move 3 to come, White's).
    assert_eq!(resumed, "Fortgesetzt bei Zug 3, Weiß am Zug.");
    assert_eq!(
        phrases.braille(&resumed_message(&replayed.session)),
        "Fortgesetzt: 2... Sc6, Weiß am Zug"
    );
}

/// The example in the module's documentation (and docs/developers.md) is a real journal.
#[test]
fn the_documented_example_reads_and_replays() {
    let source = include_str!("../journal.rs");
    let example: String = source
        .lines()
        .skip_while(|l| *l != "//! An example:")
        .skip_while(|l| *l != "//! ```text")
        .skip(1)
        .take_while(|l| *l != "//! ```")
        .map(|l| format!("{}\n", l.trim_start_matches("//! ")))
        .collect();
    let got = read(example.as_bytes());
    assert_eq!(got.damage, None, "{example}");
    assert_eq!(got.records.len(), 9);
    let replayed = replay(&got).unwrap();
    assert_eq!(replayed.mismatches, vec![]);
    assert_eq!(replayed.unchecked, 0);
    assert_eq!(replayed.restored.len(), 2);
    assert_eq!(replayed.last, Timestamp::from_millis(5110));
    let guide = include_str!("../../../docs/developers.md");
    assert!(
        guide.contains(&example),
        "the example of docs/developers.md differs"
    );
}

/// Every input the station can be handed, as a proptest strategy: heard words of any text
/// and confidence (NaN and out of range too) with alternatives, typed text of any
/// characters, every key, every command with any arguments, any move in UCI.
mod inputs {
    use std::time::Duration;

    use proptest::prelude::*;
    use shakmaty::uci::UciMove;
    use shakmaty::{Color, File, Rank, Role, Square};

    use crate::core::input::{Actor, Command, Event, Input, Key, Question};
    use crate::core::words::{HeardWord, HeardWords};

    fn actor() -> impl Strategy<Value = Actor> {
        prop_oneof![
            Just(Actor::Player(Color::White)),
            Just(Actor::Player(Color::Black)),
            Just(Actor::Arbiter),
        ]
    }

    fn color() -> impl Strategy<Value = Color> {
        any::<bool>().prop_map(Color::from_white)
    }

    fn word() -> impl Strategy<Value = String> {
        prop_oneof![any::<String>(), "[a-zäöüß0-9:|#_ ]{0,8}"]
    }

    fn confidence() -> impl Strategy<Value = f32> {
        prop_oneof![0.0f32..=1.0, Just(1.0), Just(f32::NAN), any::<f32>()]
    }

    fn heard() -> impl Strategy<Value = HeardWords> {
        let alternative = (word(), confidence());
        let heard_word = (
            word(),
            confidence(),
            proptest::collection::vec(alternative, 0..3),
        )
            .prop_map(|(text, confidence, alternatives)| HeardWord {
                text,
                confidence,
                alternatives,
            });
        proptest::collection::vec(heard_word, 0..5).prop_map(|words| HeardWords { words })
    }

    fn role() -> impl Strategy<Value = Role> {
        proptest::sample::select(Role::ALL.to_vec())
    }

    fn square() -> impl Strategy<Value = Square> {
        (0u32..64).prop_map(Square::new)
    }

    fn duration() -> impl Strategy<Value = Duration> {
        (0u64..1 << 40, 0u32..1_000_000_000).prop_map(|(s, n)| Duration::new(s, n))
    }

    fn question() -> impl Strategy<Value = Question> {
        prop_oneof![
            Just(Question::WhoseMove),
            Just(Question::MoveNumber),
            any::<u32>().prop_map(Question::LastMoves),
            (any::<bool>(), proptest::option::of(role()))
                .prop_map(|(mine, role)| Question::Pieces { mine, role }),
            square().prop_map(Question::Square),
            (0u32..8).prop_map(|f| Question::File(File::new(f))),
            (0u32..8).prop_map(|r| Question::Rank(Rank::new(r))),
            Just(Question::Material),
            Just(Question::Position),
            Just(Question::Time),
            Just(Question::Help),
            Just(Question::OwnTime),
            Just(Question::TimeUsed),
            Just(Question::MovesMade),
            Just(Question::More),
        ]
    }

    fn command() -> impl Strategy<Value = Command> {
        prop_oneof![
            proptest::sample::select(vec![
                Command::Yes,
                Command::No,
                Command::OfferDraw,
                Command::AcceptDraw,
                Command::DeclineDraw,
                Command::Resign,
                Command::End,
                Command::ClaimDraw,
                Command::Repeat,
                Command::Start,
                Command::Pause,
                Command::Resume,
                Command::TakeBack,
                Command::Adjourn,
                Command::ResumeAdjourned,
                Command::Executed,
                Command::RevokeAccess,
                Command::AccessCode(crate::core::input::AccessRole::Player),
            ]),
            any::<bool>().prop_map(Command::Alarms),
            (color(), duration()).prop_map(|(side, time)| Command::SetClock { side, time }),
            (color(), duration()).prop_map(|(side, time)| Command::AddTime { side, time }),
            (color(), any::<u32>()).prop_map(|(side, moves)| Command::SetMoves { side, moves }),
            color().prop_map(|offender| Command::Penalty { offender }),
            (any::<u32>(), color()).prop_map(|(number, side)| Command::TakeBackTo { number, side }),
            question().prop_map(Command::Ask),
        ]
    }

    fn uci() -> impl Strategy<Value = UciMove> {
        prop_oneof![
            (square(), square(), proptest::option::of(role())).prop_map(|(from, to, promotion)| {
                UciMove::Normal {
                    from,
                    to,
                    promotion,
                }
            }),
            (role(), square()).prop_map(|(role, to)| UciMove::Put { role, to }),
            Just(UciMove::Null),
        ]
    }

    pub(super) fn input() -> impl Strategy<Value = Input> {
        let event = prop_oneof![
            heard().prop_map(Event::Heard),
            any::<String>().prop_map(Event::Typed),
            "[ \\t\\r\\n]{0,2}[a-h][1-8][a-h][1-8][ \\t\\r\\n]{0,2}".prop_map(Event::Typed),
            proptest::sample::select(Key::ALL.map(|(k, _)| k).to_vec()).prop_map(Event::Key),
            command().prop_map(Event::Command),
            uci().prop_map(Event::Move),
        ];
        (actor(), event).prop_map(|(by, event)| Input::Act { by, event })
    }
}

proptest::proptest! {
    /// What the station hands the session (an input as its journal line reads back, with
    /// or without a journal) reads back unchanged from its own line:
    /// parse(input_line(n)) == n. Every input the station can be handed has a record (none
    /// is refused), and writing the original or the handed input gives the same line.
    #[test]
    fn what_the_session_is_handed_reads_back_unchanged(
        input in inputs::input(),
        ms in 0u64..1 << 40,
    ) {
        let at = Timestamp::from_millis(ms);
        let handed = input_record(at, &input);
        proptest::prop_assert!(handed.is_ok(), "{input:?}: {handed:?}");
        let Ok(handed) = handed else { return Ok(()) };
        let again = input_record(at, &handed.input);
        proptest::prop_assert_eq!(again.as_ref().ok(), Some(&handed), "{:?}", input);
    }
}

/// A tick ahead of the input after it fires no deadline: the input is handled at its own
/// instant, as the game handled it, and the deadlines fire up to the latest instant at
/// the end. Here the objection at 2 s cancels the move whose correction window would close
/// at 4 s, though a tick at 5 s stands before it in the journal.
#[test]
fn a_tick_ahead_of_an_input_fires_nothing_before_it() {
    let script = "@0 arbiter setup tc=300 vi=white lang=de confirm=window:3\n\
                  @0 arbiter key start\n@1 white say Eva vier\n";
    let mut text = record(&parse(script).unwrap());
    text.push_str(&tick_record(Timestamp::from_millis(5000)));
    text.push_str(&frame("@2.000 white say nein"));
    let replayed = replay(&read(text.as_bytes())).unwrap();
    assert_eq!(replayed.restored, Vec::<String>::new());
    assert_eq!(replayed.session.history().len(), 0);
    assert_eq!(replayed.last, Timestamp::from_millis(5000));
    let white = replayed.session.clock().unwrap();
    assert_eq!(
        white.remaining(Color::White, replayed.last).as_millis(),
        295_000
    );
    // Without the objection, the window closes at 4 s, before the latest instant: made.
    let mut text = record(&parse(script).unwrap());
    text.push_str(&tick_record(Timestamp::from_millis(5000)));
    let replayed = replay(&read(text.as_bytes())).unwrap();
    assert_eq!(
        replayed.restored,
        ["@4.000 made 1. e4 clk 0:04:56.000 emt 0:00:04.000"]
    );
}
