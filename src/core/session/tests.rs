//! The session's unit tests.

use std::time::Duration;

use shakmaty::{Color, Move, Square, uci::UciMove};

use crate::core::input::{Actor, Event, Input};
use crate::core::laws::Start;
use crate::core::output::{Audience, Output};
use crate::core::setup::{Config, ConfirmPolicy};
use crate::core::time::Timestamp;
use crate::core::words::Utterance;

use super::Session;
use super::protocol::Pending;

fn session(fen: &str) -> Session {
    Session::new(Config {
        start: Start::Fen(fen.into()),
        ..Config::default()
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
        event: Event::Heard(Utterance {
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
        let mut s = Session::new(Config {
            confirm: ConfirmPolicy::Window(Duration::from_secs(2)),
            ..Config::default()
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
