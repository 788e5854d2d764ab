//! The PGN ansage writes is accepted by pgn-extract (Debian's `pgn-extract`, installed by
//! `.ci/setup.sh`): every golden game, with clock comments, draw offers, FEN starts and
//! Chess960, replays without a complaint.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use ansage::core::script;

use crate::support::{golden, load, proc};

/// The limit for pgn-extract checking one game (milliseconds, normally).
const CHECK_LIMIT: Duration = Duration::from_secs(60);

fn pgn_extract() -> PathBuf {
    for dir in std::env::var("PATH")
        .unwrap_or_default()
        .split(':')
        .chain(["/usr/games", "/usr/bin"])
    {
        let p = PathBuf::from(dir).join("pgn-extract");
        if p.is_file() {
            return p;
        }
    }
    panic!("pgn-extract is not installed: run `bash .ci/setup.sh` (Debian package pgn-extract)");
}

#[test]
fn pgn_extract_accepts_every_golden_game() {
    let _busy = load::busy();
    let tool = pgn_extract();
    let tmp = std::env::temp_dir().join(format!("ansage-pgn-extract-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut checked = 0;
    for path in golden::scripts() {
        let parsed = script::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let run = script::run(&parsed).unwrap();
        let text = run.session.pgn();
        let file = tmp.join(path.with_extension("pgn").file_name().unwrap());
        std::fs::write(&file, &*text).unwrap();
        let out = proc::run(Command::new(&tool).arg("-r").arg(&file), CHECK_LIMIT);
        let log = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            log.contains("1 game matched out of 1.")
                && !log.contains("Failed")
                && !log.contains("Line number"),
            "{}: pgn-extract complained:\n{log}\n--- the PGN:\n{text}",
            path.display()
        );
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} games checked");
    // And it does complain about a broken game: the check can fail.
    let bad = tmp.join("bad.pgn");
    std::fs::write(&bad, "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let out = proc::run(Command::new(&tool).arg("-r").arg(&bad), CHECK_LIMIT);
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(log.contains("Failed"), "{log}");
    let _ = std::fs::remove_dir_all(&tmp);
}
