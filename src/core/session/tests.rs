//! The session's unit tests.

use std::time::Duration;

use shakmaty::{Color, Move, Position, Role, Square, uci::UciMove};

use crate::core::grammar::GrammarBuilder;
use crate::core::input::{Actor, Event, Input, Key};
use crate::core::lang::Language;
use crate::core::laws::Start;
use crate::core::output::{Audience, Output};
use crate::core::script;
use crate::core::setup::{ConfirmPolicy, Impaired, SessionSetup};
use crate::core::time::Timestamp;
use crate::core::words::counters::{self, Counts};
use crate::core::words::{HeardWord, HeardWords};

use super::Session;
use super::pending::Pending;

fn session(fen: &str) -> Session {
    Session::new(SessionSetup {
        start: Start::Fen(fen.into()),
        ..SessionSetup::default()
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

/// More than three candidates: the question asks for the word that tells them apart
/// (FIDE Laws D.2.1); a promotion without the piece asks for the piece.
#[test]
fn which_question_names_at_most_three() {
    let s = session("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let knights = ["b1a3", "b1c3", "g1f3", "g1h3"].map(|u| mv(&s, u));
    let pawns: Vec<Move> = ["a2a3", "b2b3", "c2c3", "d2d3", "e2e3"]
        .iter()
        .map(|u| mv(&s, u))
        .collect();
    let p = session("8/6P1/8/8/8/k7/8/4K3 w - - 0 1");
    let promotions = ["g7g8n", "g7g8b", "g7g8r", "g7g8q"].map(|u| mv(&p, u));
    for (s, candidates, want) in [
        (
            &s,
            &knights[..],
            "Welcher Springer: von Bella oder von Gustav?",
        ),
        (
            &s,
            &knights[2..],
            "Welcher Zug: Springer Felix drei oder Springer Hector drei?",
        ),
        (&s, &pawns[..], "5 Züge passen, bitte genauer ansagen."),
        (
            &p,
            &promotions[..],
            "Welche neue Figur: Dame, Turm, Läufer oder Springer?",
        ),
    ] {
        let msg = s.which_message(candidates);
        assert_eq!(s.phrases.speech(&msg), want);
    }
}

/// An answer to "Welcher …?" is matched against the moves asked about: one that names
/// both again keeps the question (never the pawn move the same words name), one that fits
/// none gets the question again, a complete announcement of another move replaces it.
#[test]
fn a_which_answer_never_becomes_another_move() {
    let mut s = session("4k3/8/8/8/8/8/4BP2/4K1N1 w - - 0 1");
    let white = Actor::Player(Color::White);
    let said = |out: &[Output]| -> Vec<String> {
        out.iter()
            .filter_map(|o| match o {
                Output::Say(sp) => Some(sp.text.clone()),
                _ => None,
            })
            .collect()
    };
    s.pending = Pending::Which {
        side: Color::White,
        candidates: vec![mv(&s, "g1f3"), mv(&s, "e2f3")],
        draw_offer: false,
    };
    let out = s.handle(Input::heard(white, "Felix drei"), Timestamp::ZERO);
    assert_eq!(
        said(&out),
        ["Welcher Zug: Springer Felix drei oder Läufer Felix drei?"]
    );
    assert!(matches!(s.pending, Pending::Which { .. }));
    // The bishop stands on the Eva file: "Eva" would pick it; "Anna" fits neither.
    let out = s.handle(Input::heard(white, "Anna"), Timestamp::ZERO);
    assert_eq!(
        said(&out),
        ["Passt zu keinem. Welcher Zug: Springer Felix drei oder Läufer Felix drei?"]
    );
    assert!(matches!(s.pending, Pending::Which { .. }));
    let out = s.handle(Input::heard(white, "Felix vier"), Timestamp::ZERO);
    assert_eq!(said(&out), ["Felix vier?"]);
    assert!(matches!(s.pending, Pending::Echoed { .. }));
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
        again.iter().any(
            |o| matches!(o, Output::Say(sp) if sp.text == "Eva vier?" && sp.to == Audience::White)
        ),
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
        event: Event::Heard(HeardWords {
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
        let mut s = Session::new(SessionSetup {
            confirm: ConfirmPolicy::Window(Duration::from_secs(2)),
            ..SessionSetup::default()
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

// ---- The move path does each thing once (issue 13.6): a position's phrase forms are built
// once, whoever asks (resolution, the silence check, the recognizer's grammar); a move is
// rendered once per step; a move picked on the board is answered as its UCI typed.

/// A game in `lang` with a clock, where both players are visually impaired and a heard
/// move is made by silence after a correction window (so the silence check runs).
fn windowed(lang: Language) -> Session {
    let clock = script::parse("@0 arbiter setup tc=300+2")
        .unwrap()
        .setup
        .clock;
    Session::new(SessionSetup {
        lang,
        impaired: Impaired::Both,
        confirm: ConfirmPolicy::Window(Duration::from_secs(2)),
        clock,
        ..SessionSetup::default()
    })
    .unwrap()
}

/// The mover.
fn mover(s: &Session) -> Actor {
    Actor::Player(s.position().turn())
}

/// The announcement of `mv` as a recognizer delivers it, each word at `confidence`.
fn heard(s: &Session, mv: Move, confidence: f32) -> Input {
    let text = s.move_phrases().announce(mv);
    let words = text
        .split(' ')
        .map(|w| HeardWord::new(w, confidence))
        .collect();
    Input::Act {
        by: mover(s),
        event: Event::Heard(HeardWords { words }),
    }
}

/// A move that is not the first legal one (so games differ a little by language).
fn some_move(s: &Session, ply: usize) -> Move {
    let legal = s.position().legal_moves();
    legal[(3 * ply + 1) % legal.len()]
}

/// Per position: the grammar built from the session's phrases, a heard move resolved
/// against them and checked for silence: the forms are built once (before this, three
/// times: resolve, `silence_safe` and the grammar each built their own; Spanish, whose
/// homographs make the grammar check its phrases by resolving them, 19 times).
#[test]
fn phrase_forms_are_built_once_per_position() {
    for lang in Language::ALL {
        let mut s = windowed(lang);
        let builder = GrammarBuilder::new(lang).unwrap();
        let mut t = Timestamp::ZERO;
        for ply in 0..6 {
            let mv = some_move(&s, ply);
            let before = counters::counts();
            let grammar = builder.build(s.move_phrases());
            assert!(grammar.legal_moves() > 0);
            s.handle(heard(&s, mv, 0.95), t);
            // A grammar built again for the same position builds nothing new.
            builder.build(s.move_phrases());
            let forms = (counters::counts() - before).forms;
            assert_eq!(forms, 1, "{lang:?}, ply {ply}");
            // Whatever was understood is withdrawn, and the move typed and confirmed.
            let by = mover(&s);
            let uci = UciMove::from_standard(mv).to_string();
            for input in [
                Input::key(by, Key::Cancel),
                Input::typed(by, &uci),
                Input::key(by, Key::Confirm),
            ] {
                t = t + Duration::from_millis(500);
                s.handle(input, t);
            }
            assert_eq!(s.history().len(), ply + 1, "{lang:?}, ply {ply}");
        }
    }
}

/// One step, announced → echoed → made (by "ja", or when the correction window closes),
/// with the status line and the clock: the move is rendered once, and its announcement and
/// its letters once each (before this: the echo, the made move, the record and the status
/// line rendered it again, two spoken and three lettered renderings plus SAN and UCI).
/// Resumed with an echo pending, the prompt renders nothing new.
#[test]
fn a_move_is_rendered_once_per_step() {
    let once = Counts {
        forms: 0,
        renders: 1,
        spoken: 1,
        lettered: 1,
    };
    for lang in Language::ALL {
        let mut s = windowed(lang);
        s.handle(Input::key(Actor::Arbiter, Key::Start), Timestamp::ZERO);
        let mut t = Timestamp::ZERO;
        for ply in 0..6 {
            let mv = some_move(&s, ply);
            let input = heard(&s, mv, 1.0);
            // The phrases of the position are built before the step: only renders count.
            s.move_phrases().all_phrases();
            let before = counters::counts();
            s.handle(input, t);
            s.pending_prompt();
            t = t + Duration::from_secs(3);
            // By "ja" on even plies, by the window closing on odd ones.
            if ply % 2 == 1 && s.next_deadline().is_some_and(|d| d <= t) {
                s.handle(Input::Timeout, t);
            } else {
                s.handle(Input::key(mover(&s), Key::Confirm), t);
            }
            s.status_line(t);
            let step = counters::counts() - before;
            assert_eq!(s.history().len(), ply + 1, "{lang:?}, ply {ply}");
            assert_eq!(step, once, "{lang:?}, ply {ply}");
        }
    }
}

/// What the Braille display's routing keys can pick in `s`: from one of the mover's own
/// pieces to any other square, a pawn to the last rank as a queen.
fn picks(s: &Session) -> Vec<UciMove> {
    let pos = s.position();
    let mut out = Vec::new();
    for from in pos.us() {
        for to in Square::ALL.into_iter().filter(|to| *to != from) {
            let pawn = pos.board().role_at(from) == Some(Role::Pawn);
            let last = matches!(to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth);
            out.push(UciMove::Normal {
                from,
                to,
                promotion: (pawn && last).then_some(Role::Queen),
            });
        }
    }
    out
}

/// A move picked on the board ([`Event::Move`]) gets exactly the answer its UCI typed gets
/// (the echo, a "Welcher …?" question left open, or why it is impossible), in every
/// language, for every pick the display can make, with and without a question open.
#[test]
fn a_picked_move_is_answered_as_its_uci_typed() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2",
        "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1",
    ];
    let white = Actor::Player(Color::White);
    for lang in Language::ALL {
        for fen in fens {
            let game = || {
                Session::new(SessionSetup {
                    lang,
                    start: Start::Fen(fen.into()),
                    confirm: ConfirmPolicy::Explicit,
                    confirm_sighted: ConfirmPolicy::Explicit,
                    ..SessionSetup::default()
                })
                .unwrap()
            };
            let (mut picked, mut typed) = (game(), game());
            let t = Timestamp::ZERO;
            for uci in picks(&picked) {
                for question in [false, true] {
                    if question {
                        // Two knights reach d2 here; elsewhere nothing is asked.
                        let which = Input::typed(white, "Nd2");
                        assert_eq!(picked.handle(which.clone(), t), typed.handle(which, t));
                    }
                    let a = picked.handle(Input::picked(white, uci), t);
                    let b = typed.handle(Input::typed(white, &uci.to_string()), t);
                    assert_eq!(a, b, "{lang:?} {fen} {uci} (question {question})");
                    assert_eq!(picked.pending, typed.pending, "{lang:?} {fen} {uci}");
                    let cancel = Input::key(white, Key::Cancel);
                    picked.handle(cancel.clone(), t);
                    typed.handle(cancel, t);
                }
            }
            assert!(picked.history().is_empty());
        }
    }
}

/// FIDE Laws D.2.5.c: the move count said after each made move, the answer to "which
/// move" and the moves each side completed on the clock (the count the time answer gives)
/// agree: the number names the move now being played, one more than the moves the side to
/// move has completed.
#[test]
fn move_numbers_agree() {
    let mut text = String::from("@0 arbiter setup tc=600 vi=white lang=en\n@0 arbiter key start\n");
    let plies = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"];
    let mut at = 1;
    for (i, san) in plies.iter().enumerate() {
        let who = if i % 2 == 0 { "white" } else { "black" };
        text.push_str(&format!("@{at} {who} type {san}\n"));
        if who == "white" {
            text.push_str(&format!("@{} white key confirm\n", at + 1));
        }
        text.push_str(&format!("@{} white type which move\n", at + 2));
        at += 3;
    }
    let parsed = script::parse(&text).unwrap();
    let mut s = Session::new(parsed.setup.clone()).unwrap();
    let number = |t: &str| -> u32 {
        t.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap()
    };
    // (move count said, which move's number, whether White is to move, the moves the side
    // to move completed)
    let mut said = Vec::new();
    let mut count = None;
    for step in &parsed.steps {
        let script::Action::Input(input) = &step.action else {
            continue;
        };
        for o in s.handle(input.clone(), step.at) {
            let Output::Say(speech) = o else { continue };
            let Some(t) = speech.text.strip_prefix("Move ") else {
                continue;
            };
            if speech.to != Audience::White {
                continue;
            }
            match t.split_once(", ") {
                None => count = Some(number(t)),
                Some((n, side)) => {
                    let turn = s.position().turn();
                    let clock = s.clock.as_ref().unwrap();
                    let completed = clock.moves_completed(turn);
                    assert_eq!(side.starts_with("White"), turn.is_white());
                    said.push((count.unwrap(), number(n), turn.is_white(), completed));
                }
            }
        }
    }
    assert_eq!(said.len(), plies.len(), "{said:?}");
    for (i, (count, which, white, completed)) in said.into_iter().enumerate() {
        let expected = u32::try_from(i / 2 + 1).unwrap() + u32::from(i % 2 == 1);
        assert_eq!(count, expected, "after ply {}", i + 1);
        assert_eq!(which, count, "after ply {}", i + 1);
        assert_eq!(white, i % 2 == 1, "after ply {}", i + 1);
        assert_eq!(completed + 1, count, "after ply {}", i + 1);
    }
}

/// FIDE Laws D.2.5.c: the final countdown in virtual time: in the last 10 s one number word
/// a second, each at the instant its second begins and to be started within half of it;
/// with the reminders off, none.
#[test]
fn the_final_countdown_keeps_time() {
    let de = "zehn neun acht sieben sechs fünf vier drei zwei eins";
    let es = "diez nueve ocho siete seis cinco cuatro tres dos uno";
    let en = "ten nine eight seven six five four three two one";
    // (setup, seconds on the clock, the words of the last 10 s)
    let cases = [
        ("tc=15 lang=de", 15, de),
        ("tc=15 lang=es", 15, es),
        ("tc=15 lang=en", 15, en),
        ("tc=12+5 lang=en", 12, en),
        ("tc=15 lang=de reminders=off", 15, ""),
    ];
    for (setup, secs, words) in cases {
        let text = format!(
            "@0 arbiter setup vi=white {setup}\n@0 arbiter key start\n@{} arbiter wait\n",
            secs + 1
        );
        let run = script::run(&script::parse(&text).unwrap()).unwrap();
        let mut got = Vec::new();
        for (at, o) in &run.outputs {
            if let Output::Say(s) = o
                && s.to == Audience::White
                && at.as_millis() >= (secs - 10) * 1000
            {
                let left = secs * 1000 - at.as_millis();
                assert_eq!(left % 1000, 0, "{setup}: {} at {at:?}", s.text);
                assert_eq!(
                    s.expires,
                    Some(Timestamp::from_millis(at.as_millis() + 500)),
                    "{setup}: {}",
                    s.text
                );
                got.push(s.text.clone());
            }
        }
        assert_eq!(got.join(" "), words, "{setup}");
    }
}

mod clock_start;
mod settled;
mod training_help;
