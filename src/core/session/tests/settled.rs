//! What became of an announcement, a resignation or a draw claim (the page's
//! `settled`): decided by the session, replaced by what follows; and an irreversible act
//! confirmed where it was given is not asked again.

use shakmaty::Color;

use crate::core::input::{Actor, Event, Input, Key};
use crate::core::output::Termination;
use crate::core::setup::{Impaired, SessionSetup};
use crate::core::time::Timestamp;
use crate::core::view::Fate;

use super::super::Session;

const WHITE: Actor = Actor::Player(Color::White);
const BLACK: Actor = Actor::Player(Color::Black);

/// One step of a case.
#[derive(Clone, Copy)]
enum Step {
    Typed(Actor, &'static str),
    Key(Actor, Key),
    /// A command by its script text (`resign`, `confirmed resign`).
    Do(Actor, &'static str),
}

use Step::{Do, Key as K, Typed};

fn run(steps: &[Step]) -> Session {
    let mut s = Session::new(SessionSetup {
        impaired: Impaired::Black,
        ..SessionSetup::default()
    })
    .unwrap();
    for (i, step) in steps.iter().enumerate() {
        let at = Timestamp::from_millis(1000 * (i as u64 + 1));
        let input = match *step {
            Typed(by, text) => Input::typed(by, text),
            K(by, key) => Input::key(by, key),
            Do(by, c) => Input::Act {
                by,
                event: Event::Command(crate::core::script::parse_command(c).unwrap()),
            },
        };
        s.handle(input, at);
    }
    s
}

/// (what, the steps, the fate and whose it is, the words it names).
type Case = (
    &'static str,
    Vec<Step>,
    Option<(Fate, Color)>,
    Option<&'static str>,
);

const NF6: Step = Typed(BLACK, "Springer Felix sechs");

/// Each case: (what, the steps, the fate and whose it is, the words it names).
#[test]
fn the_session_decides_what_became_of_an_announcement() {
    let e4 = Typed(WHITE, "e4");
    let confirm = K(BLACK, Key::Confirm);
    let cancel = K(BLACK, Key::Cancel);
    let resign = Do(BLACK, "resign");
    let cases: Vec<Case> = vec![
        ("nothing announced", vec![e4], None, None),
        ("echoed, not yet settled", vec![e4, NF6], None, None),
        (
            "made",
            vec![e4, NF6, confirm],
            Some((Fate::Made, Color::Black)),
            Some("Springer Felix sechs"),
        ),
        (
            "withdrawn",
            vec![e4, NF6, cancel],
            Some((Fate::Withdrawn, Color::Black)),
            Some("Springer Felix sechs"),
        ),
        (
            "corrected: the words replaced",
            vec![e4, NF6, Typed(BLACK, "Springer Cäsar sechs")],
            Some((Fate::Corrected, Color::Black)),
            Some("Springer Felix sechs"),
        ),
        (
            "the reply replaces a made move",
            vec![e4, NF6, confirm, Typed(WHITE, "d4")],
            None,
            None,
        ),
        (
            "a newer announcement replaces a withdrawn one",
            vec![e4, NF6, cancel, NF6],
            None,
            None,
        ),
        (
            "a resignation confirmed",
            vec![e4, resign, confirm],
            Some((Fate::Resigned, Color::Black)),
            None,
        ),
        (
            "a resignation not confirmed",
            vec![e4, resign, cancel],
            Some((Fate::ResignationWithdrawn, Color::Black)),
            None,
        ),
        (
            "a resignation confirmed on the page",
            vec![e4, Do(BLACK, "confirmed resign")],
            Some((Fate::Resigned, Color::Black)),
            None,
        ),
        (
            "a wrong draw claim",
            vec![Do(WHITE, "claim-draw")],
            Some((Fate::ClaimRefused, Color::White)),
            None,
        ),
    ];
    for (what, steps, fate, words) in cases {
        let view = run(&steps).view();
        let got = view.settled.as_ref().map(|s| (s.fate, s.side.into()));
        assert_eq!(got, fate, "{what}");
        let got_words = view.settled.as_ref().and_then(|s| s.words.as_deref());
        assert_eq!(got_words, words, "{what}");
    }
}

/// A resignation or an ending confirmed on the page is done at once: the station does
/// not ask again.
#[test]
fn an_act_confirmed_on_the_page_is_not_asked_again() {
    let s = run(&[Typed(WHITE, "e4"), Do(BLACK, "confirmed resign")]);
    let result = s.result.as_ref().expect("resigned at once");
    assert_eq!(
        (result.reason, result.winner),
        (Termination::Resignation, Some(Color::White))
    );
    let s = run(&[Do(WHITE, "confirmed end")]);
    let result = s.result.as_ref().expect("ended at once");
    assert_eq!(result.reason, Termination::Unfinished);
    assert!(s.closed);
    // Asked by words, the station still asks first.
    let s = run(&[Typed(WHITE, "e4"), Do(BLACK, "resign")]);
    assert!(s.result.is_none());
}
