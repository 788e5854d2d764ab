//! The heartbeat's ticks in the file: a tick that follows a tick takes its place, any
//! other record ends the run of ticks, and the file reads whole after every write, with
//! the latest tick as its last instant (FIDE Laws 6.1: the clocks as they stood).

use std::time::Duration;

use proptest::prelude::*;

use ansage::core::input::{Actor, Input};
use ansage::core::journal::{self, Record};
use ansage::core::script;
use ansage::core::time::Timestamp;
use ansage::journal_file::{FileJournal, Journal};

/// One write: a tick from the heartbeat task, a tick from the main loop, or an input.
#[derive(Clone, Debug)]
enum Write {
    Beat,
    MainLoopTick,
    Input,
}

fn write() -> impl Strategy<Value = Write> {
    prop_oneof![
        6 => Just(Write::Beat),
        1 => Just(Write::MainLoopTick),
        2 => Just(Write::Input),
    ]
}

/// The kinds of the file's records after the header, and the instants of its ticks.
fn read(path: &std::path::Path) -> (Vec<&'static str>, Vec<u64>, Timestamp) {
    let recovered = journal::read(&std::fs::read(path).unwrap());
    assert_eq!(recovered.damage, None);
    let kinds = recovered
        .records
        .iter()
        .skip(1)
        .map(|r| match r {
            Record::Tick { .. } => "tick",
            _ => "other",
        })
        .collect();
    let ticks = recovered
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Tick { at } => Some(at.as_millis()),
            _ => None,
        })
        .collect();
    let last = journal::replay(&recovered).unwrap().last;
    (kinds, ticks, last)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// After every write the file reads whole; no tick follows a tick; the ticks are in
    /// order; the last instant is the latest written, to the millisecond, even where the
    /// stamp grows a digit (9.950 s to 10.000 s).
    #[test]
    fn a_tick_replaces_the_tick_before_it(
        writes in proptest::collection::vec((write(), 1u64..400), 1..60),
        start in prop_oneof![Just(0u64), Just(9_000), Just(99_500)],
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("journal.txt");
        let setup = script::parse("@0 arbiter setup tc=60").unwrap().setup;
        let mut file = FileJournal::create(&path, &setup).unwrap();
        let ticker = file.heartbeat().unwrap();
        let mut at = Timestamp::from_millis(start);
        for (what, step) in writes {
            at = at + Duration::from_millis(step);
            match what {
                Write::Beat => ticker.tick(at).unwrap(),
                Write::MainLoopTick => file.tick(at).unwrap(),
                Write::Input => {
                    let record =
                        journal::input_record(at, &Input::typed(Actor::Arbiter, "zeit")).unwrap();
                    file.input(at, &record).unwrap();
                }
            }
            let (kinds, ticks, last) = read(&path);
            prop_assert!(!kinds.windows(2).any(|w| w == ["tick", "tick"]), "{kinds:?}");
            prop_assert!(ticks.windows(2).all(|w| w[0] < w[1]), "{ticks:?}");
            prop_assert_eq!(last, at);
        }
    }
}
