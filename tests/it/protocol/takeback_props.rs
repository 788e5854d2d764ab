//! FIDE Laws 7.5 and D.2.8 (and issue 34's takebacks in training, which use the same
//! take-back): however many moves are taken back, after a random game at random instants,
//! the position and both clocks are exactly what they were just before the first
//! taken-back move was made, and the history is the moves before it.

use std::time::Duration;

use ansage::core::clock::ClockSnapshot;
use ansage::core::input::{Actor, Command, Event, Input, Key};
use ansage::core::script;
use ansage::core::session::Session;
use ansage::core::time::Timestamp;
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, EnPassantMode, Position};

/// What stood just before a move was made: the position and the clocks.
#[derive(Debug, PartialEq)]
struct Before {
    fen: String,
    clock: Option<ClockSnapshot>,
}

fn before(session: &Session, at: Timestamp) -> Before {
    Before {
        fen: Fen::from_position(session.position(), EnPassantMode::Legal).to_string(),
        clock: session.clock().map(|c| c.snapshot(at)),
    }
}

/// The clocks as they stand, without what only a running clock changes.
fn read(snapshot: Option<ClockSnapshot>) -> Option<(u64, u64, u32, u32)> {
    snapshot.map(|s| {
        (
            s.white.remaining_ms,
            s.black.remaining_ms,
            s.white.moves_completed,
            s.black.moves_completed,
        )
    })
}

/// A game of sighted players (each typed move made at once) with a clock: the moves
/// picked by `choices` at the gaps `gaps`; what stood before each.
fn play(choices: &[u16], gaps: &[u16]) -> (Session, Vec<Before>, Timestamp) {
    let setup = script::parse("@0 arbiter setup tc=300+2 vi=none lang=de reminders=off")
        .unwrap()
        .setup;
    let mut session = Session::new(setup).unwrap();
    session.handle(Input::key(Actor::Arbiter, Key::Start), Timestamp::ZERO);
    let mut t = Timestamp::ZERO;
    let mut seen = Vec::new();
    for (&c, &gap) in choices.iter().zip(gaps) {
        let legal = session.position().legal_moves();
        if legal.is_empty() || session.result().is_some() {
            break;
        }
        let mv = legal[usize::from(c) % legal.len()];
        t = t + Duration::from_millis(u64::from(gap) + 1);
        while session.poll_due(t).is_some() {}
        if session.result().is_some() {
            break;
        }
        seen.push(before(&session, t));
        let uci = UciMove::from_move(mv, CastlingMode::Standard).to_string();
        let by = Actor::Player(session.position().turn());
        session.handle(Input::typed(by, &uci), t);
        assert_eq!(session.history().len(), seen.len(), "{uci} was not made");
    }
    (session, seen, t)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_takeback_returns_the_position_and_clocks_of_before(
        choices in prop::collection::vec(any::<u16>(), 1..40),
        gaps in prop::collection::vec(0u16..4000, 40),
        back in 1usize..40,
        wait in 0u16..3000,
    ) {
        let (mut session, seen, t) = play(&choices, &gaps);
        prop_assume!(!seen.is_empty());
        let back = back.min(seen.len());
        let keep = seen.len() - back;
        let at = t + Duration::from_millis(u64::from(wait));
        while session.poll_due(at).is_some() {}
        let command = keep
            .checked_sub(1)
            .map(|i| &session.history()[i].made)
            .map(|made| Command::TakeBackTo { number: made.number, side: made.side });
        match command {
            Some(command) => {
                session.handle(Input::Act { by: Actor::Arbiter, event: Event::Command(command) }, at);
            }
            // Back to the start: one move at a time.
            None => {
                for _ in 0..back {
                    let take = Input::Act { by: Actor::Arbiter, event: Event::Command(Command::TakeBack) };
                    session.handle(take, at);
                }
            }
        }
        prop_assert_eq!(session.history().len(), keep);
        let now = before(&session, at);
        prop_assert_eq!(&now.fen, &seen[keep].fen);
        prop_assert_eq!(read(now.clock), read(seen[keep].clock.clone()));
    }
}
