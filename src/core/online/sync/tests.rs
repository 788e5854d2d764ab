use proptest::prelude::*;

use super::{Sync, sync};

#[test]
fn table() {
    use Sync::*;
    /// Ours, ours in flight, the server's, the answer.
    type Case = (&'static [u8], bool, &'static [u8], Sync<u8>);
    let cases: &[Case] = &[
        (&[], false, &[], Unchanged),
        (&[1, 2], false, &[1, 2], Unchanged),
        // The opponent's move.
        (
            &[1],
            false,
            &[1, 2],
            Advanced {
                confirmed: false,
                moves: vec![2],
            },
        ),
        // Several missed while the connection was down.
        (
            &[1],
            false,
            &[1, 2, 3, 4],
            Advanced {
                confirmed: false,
                moves: vec![2, 3, 4],
            },
        ),
        // Our move echoed.
        (
            &[1, 2],
            true,
            &[1, 2],
            Advanced {
                confirmed: true,
                moves: vec![],
            },
        ),
        // Our move echoed with the opponent's answer in the same line (a reconnection).
        (
            &[1, 2],
            true,
            &[1, 2, 3],
            Advanced {
                confirmed: true,
                moves: vec![3],
            },
        ),
        // Our move not yet in the list (a clock or offer line came first).
        (&[1, 2], true, &[1], Awaiting),
        (&[1], true, &[], Awaiting),
        // Nothing in flight with an empty list: in_flight means nothing.
        (&[], true, &[], Unchanged),
        (
            &[],
            true,
            &[1],
            Advanced {
                confirmed: false,
                moves: vec![1],
            },
        ),
        // A takeback: the list is shorter.
        (&[1, 2, 3], false, &[1], TakenBack { to: 1 }),
        (&[1, 2], false, &[1], TakenBack { to: 1 }),
        (&[1, 2, 3], true, &[1], TakenBack { to: 1 }),
        (&[1, 2], false, &[], TakenBack { to: 0 }),
        // Our move in flight refused, another made elsewhere.
        (
            &[1, 2],
            true,
            &[1, 5],
            Diverged {
                common: 1,
                moves: vec![5],
            },
        ),
        (
            &[1, 2, 3],
            false,
            &[1, 4, 5, 6],
            Diverged {
                common: 1,
                moves: vec![4, 5, 6],
            },
        ),
        (
            &[1],
            false,
            &[2],
            Diverged {
                common: 0,
                moves: vec![2],
            },
        ),
    ];
    for (ours, in_flight, server, expected) in cases {
        assert_eq!(
            &sync(ours, *in_flight, server),
            expected,
            "ours {ours:?} in flight {in_flight} server {server:?}"
        );
    }
}

/// What the station's list becomes after acting on the answer.
fn apply<M: Clone>(ours: &mut Vec<M>, answer: &Sync<M>) {
    match answer {
        Sync::Unchanged | Sync::Awaiting => {}
        Sync::Advanced { moves, .. } => ours.extend(moves.iter().cloned()),
        Sync::TakenBack { to } => ours.truncate(*to),
        Sync::Diverged { common, moves } => {
            ours.truncate(*common);
            ours.extend(moves.iter().cloned());
        }
    }
}

fn list() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(0u8..4, 0..8)
}

/// What the server does between two looks of the station.
#[derive(Clone, Debug)]
enum Step {
    /// The opponent moves.
    Push,
    /// A takeback of this many moves.
    Pop(usize),
    /// The station makes and sends its move; the request arrives (`true`, and the
    /// server makes it if the station's game is the server's) or is lost (`false`).
    Ours(bool),
    /// The station looks (a state line, or a reconnection's gameFull).
    Look,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        Just(Step::Push),
        (1usize..3).prop_map(Step::Pop),
        any::<bool>().prop_map(Step::Ours),
        Just(Step::Look),
        Just(Step::Look),
    ]
}

fn no_repeats(moves: &[u32]) -> bool {
    let mut seen = std::collections::HashSet::new();
    moves.iter().all(|m| seen.insert(*m))
}

proptest! {
    /// Acting on the answer gives the server's list, except while our move is on its way.
    #[test]
    fn acting_on_the_answer_gives_the_servers_list(
        ours in list(), in_flight: bool, server in list()
    ) {
        let answer = sync(&ours, in_flight, &server);
        let mut after = ours.clone();
        apply(&mut after, &answer);
        if answer == Sync::Awaiting {
            prop_assert!(in_flight);
            prop_assert_eq!(&ours[..ours.len() - 1], &server[..]);
        } else {
            prop_assert_eq!(after, server.clone());
        }
        let flying = in_flight && !ours.is_empty();
        prop_assert_eq!(answer == Sync::Unchanged, ours == server && !flying);
        let confirmed = matches!(answer, Sync::Advanced { confirmed: true, .. });
        prop_assert_eq!(confirmed, in_flight && server.starts_with(&ours) && !ours.is_empty());
    }

    /// However the server's states are seen (lines lost with a connection, the same state
    /// again after a reconnection), no move is announced twice and none of ours as the
    /// opponent's, our move is sent again only when the server lacks it (so it is never
    /// made twice), and the station ends with the server's game. Every move is a number
    /// of its own, so a move announced twice would show.
    #[test]
    fn no_move_twice_none_missed(steps in proptest::collection::vec(step(), 0..40)) {
        let (mut server, mut ours, mut in_flight) = (Vec::<u32>::new(), Vec::<u32>::new(), false);
        let (mut next, mut mine, mut announced) = (0u32, Vec::new(), Vec::new());
        for step in steps {
            next += 1;
            match step {
                Step::Push => server.push(next),
                Step::Pop(k) => server.truncate(server.len().saturating_sub(k)),
                Step::Ours(arrives) if !in_flight => {
                    if arrives && ours == server {
                        server.push(next);
                    }
                    ours.push(next);
                    mine.push(next);
                    in_flight = true;
                }
                Step::Ours(_) => {}
                Step::Look => {
                    let answer = sync(&ours, in_flight, &server);
                    if let Sync::Advanced { moves, .. } | Sync::Diverged { moves, .. } = &answer {
                        announced.extend(moves.iter().copied());
                    }
                    apply(&mut ours, &answer);
                    if answer == Sync::Awaiting {
                        let last = *ours.last().unwrap();
                        prop_assert!(!server.contains(&last));
                        server.push(last);
                    } else {
                        in_flight = false;
                        prop_assert_eq!(&ours, &server);
                    }
                }
            }
            prop_assert!(no_repeats(&server), "a move made twice: {:?}", server);
            prop_assert!(no_repeats(&announced), "announced twice: {:?}", announced);
            prop_assert!(!announced.iter().any(|m| mine.contains(m)));
        }
        let mut last = sync(&ours, in_flight, &server);
        if last == Sync::Awaiting {
            server.push(*ours.last().unwrap());
            last = sync(&ours, in_flight, &server);
        }
        apply(&mut ours, &last);
        prop_assert_eq!(ours, server);
    }
}
