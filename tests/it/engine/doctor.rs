//! `ansage doctor` reports the training opponent (issue 34.6): the engine's name and
//! version from its handshake, the package named when there is none, and a program that is
//! no UCI engine. Games at the board never need it, so none of this fails the doctor.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::support::fake_engine::fake_engine;
use crate::support::{load, proc};

/// The doctor's other checks and a non-engine's 10-s handshake, on a loaded machine.
const LIMIT: Duration = Duration::from_secs(90);

/// The doctor's lines about the engine, with `engine.path` set to `path`, in English.
fn engine_lines(path: &Path, dir: &Path) -> String {
    let _busy = load::busy();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
    cmd.args(["doctor", "--lang", "en"])
        .args(["--set", &format!("engine.path={}", path.display())])
        .args([
            "--set",
            "speech.enabled=false",
            "--set",
            "braille.enabled=false",
        ])
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_RUNTIME_DIR", dir.join("run"));
    let out = proc::run(&mut cmd, LIMIT);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "nothing needed failed:\n{stdout}");
    let mut lines = stdout.lines().peekable();
    let mut found = String::new();
    while let Some(line) = lines.next() {
        if line.starts_with("Chess engine:") {
            found.push_str(line);
            if let Some(todo) = lines.next_if(|l| l.starts_with("  To do:")) {
                found.push('\n');
                found.push_str(todo);
            }
        }
    }
    found
}

#[test]
fn the_doctor_names_the_engine_or_the_package() {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_engine(dir.path(), &[]);
    let there = engine_lines(&fake, dir.path());
    assert_eq!(
        there,
        format!(
            "Chess engine: Fakefish 1.0 ({}), the training opponent.",
            fake.display()
        )
    );
    let missing = engine_lines(&dir.path().join("nofish"), dir.path());
    assert!(missing.starts_with("Chess engine: missing"), "{missing}");
    assert!(missing.contains("sudo apt install stockfish"), "{missing}");
    let not_uci = dir.path().join("silent");
    std::fs::write(&not_uci, "#!/bin/sh\nexit 0\n").unwrap();
    rustix::fs::chmod(&not_uci, rustix::fs::Mode::from_raw_mode(0o755)).unwrap();
    let broken = engine_lines(&not_uci, dir.path());
    assert!(
        broken.contains("does not answer as a UCI engine"),
        "{broken}"
    );
}
