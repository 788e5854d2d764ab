//! The fuzz targets' entry functions (`ansage::fuzz`, run by `.ci/fuzz.sh`) on their seed
//! inputs (`fuzz/seeds/<target>/`, and the golden scripts): they must not rot, and each
//! seed must reach what it is meant to exercise (a seed that decodes to nothing would
//! make the fuzzer start from nothing).

use std::path::{Path, PathBuf};

use ansage::core::words::Resolution;
use ansage::eboard::Event;

use crate::support::{golden, load};

fn seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no seeds in {}", dir.display());
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

#[test]
fn resolve_seeds_reach_the_matcher() {
    for (name, data) in seeds("resolve") {
        let r = ansage::fuzz::resolve(&data);
        assert!(!matches!(r, Resolution::NotUnderstood), "{name}: {r:?}");
    }
}

#[test]
fn typed_seeds_are_read() {
    for (name, data) in seeds("typed") {
        let t = ansage::fuzz::typed(&data);
        assert!(
            !matches!(t.resolution, Resolution::NotUnderstood),
            "{name}: {t:?}"
        );
    }
}

#[test]
fn pgn_seeds_are_read() {
    for (name, data) in seeds("pgn") {
        let moves = ansage::fuzz::pgn(&data);
        assert!(moves.is_some_and(|n| n > 0), "{name}: {moves:?}");
    }
}

#[test]
fn journal_seeds_are_read() {
    for (name, data) in seeds("journal") {
        let (records, damaged) = ansage::fuzz::journal(&data);
        assert!(records >= 8, "{name}: {records} records");
        assert_eq!(damaged, name.ends_with("_torn"), "{name}");
    }
    // Garbage is damage at byte 0, never a panic.
    assert_eq!(ansage::fuzz::journal(b"\0garbage\n"), (0, true));
    assert_eq!(ansage::fuzz::journal(b""), (0, false));
}

#[test]
fn eboard_seeds_reach_a_placement() {
    for (target, decode) in [
        ("dgt", ansage::fuzz::dgt as fn(&[u8]) -> Vec<Event>),
        ("millennium", ansage::fuzz::millennium),
    ] {
        for (name, data) in seeds(target) {
            let events = decode(&data);
            assert!(
                events.iter().any(|e| matches!(e, Event::Placement(_))),
                "{target}/{name}: {events:?}"
            );
        }
    }
}

#[test]
fn online_seeds_reach_events() {
    for (name, data) in seeds("online") {
        let (lines, events) = ansage::fuzz::online(&data);
        assert!(
            events >= 2 && lines > events,
            "{name}: {lines} lines, {events} events"
        );
    }
}

#[test]
fn challenge_answer_seeds_make_and_end_a_challenge() {
    for (name, data) in seeds("challenge_answer") {
        let read = ansage::fuzz::challenge_answer(&data);
        assert_eq!(read, 2, "{name}: {read} answers read");
    }
}

#[test]
fn uci_seeds_are_read() {
    for (name, data) in seeds("uci") {
        let read = ansage::fuzz::uci(&data);
        assert!(read >= 5, "{name}: {read} lines read");
    }
}

#[test]
fn golden_scripts_run_through_the_script_target() {
    let _busy = load::busy();
    let mut ran = 0;
    for path in golden::scripts() {
        let lines = ansage::fuzz::script(&std::fs::read(&path).unwrap());
        assert!(lines.is_some_and(|n| n > 0), "{}", path.display());
        ran += 1;
    }
    assert!(ran >= 10, "{ran} golden scripts");
}

#[test]
fn short_and_odd_inputs_do_not_panic() {
    let odd: &[&[u8]] = &[
        b"",
        b"\0",
        b"\xff\xff",
        b"\x01\x3f",
        b"@",
        b"@0 arbiter setup",
    ];
    for data in odd {
        let _ = ansage::fuzz::resolve(data);
        let _ = ansage::fuzz::typed(data);
        let _ = ansage::fuzz::pgn(data);
        let _ = ansage::fuzz::journal(data);
        let _ = ansage::fuzz::script(data);
        let _ = ansage::fuzz::dgt(data);
        let _ = ansage::fuzz::millennium(data);
        let _ = ansage::fuzz::online(data);
        let _ = ansage::fuzz::uci(data);
        let _ = ansage::fuzz::challenge_answer(data);
    }
}

#[cfg(feature = "web")]
#[test]
fn web_action_seeds_become_inputs() {
    for (name, data) in seeds("web_action") {
        assert!(ansage::fuzz::web_action(&data).is_some(), "{name}");
    }
}
