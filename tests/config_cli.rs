//! `ansage config --print` and the settings layers as the binary reads them: the file under
//! `$XDG_CONFIG_HOME` or `--config`, then the named flags and `--set`.

#[path = "support/proc.rs"]
mod proc;

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

/// The limit for one `ansage config` or refused `ansage play` (well under a second).
const LIMIT: Duration = Duration::from_secs(60);

fn ansage(xdg: &Path, args: &[&str]) -> Output {
    proc::run(
        Command::new(env!("CARGO_BIN_EXE_ansage"))
            .args(args)
            .env("XDG_CONFIG_HOME", xdg)
            .env("RUST_BACKTRACE", "0")
            .env("RUST_LOG", "off"),
        LIMIT,
    )
}

fn value(printed: &str, section: &str, key: &str) -> String {
    let table: toml::Table = toml::from_str(printed).unwrap();
    table[section][key].to_string()
}

#[test]
fn layers_file_then_flags_then_set() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("ansage")).unwrap();
    std::fs::write(
        dir.path().join("ansage/config.toml"),
        "[game]\nlang = \"es\"\nvi = \"both\"\ntc = 300\n[speech]\nrate = 1.5\n",
    )
    .unwrap();
    let out = ansage(
        dir.path(),
        &[
            "config",
            "--print",
            "--vi",
            "black",
            "--tc",
            "15+10",
            "--set",
            "speech.rate=0.8",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    let cases = [
        ("game", "lang", "\"es\""),
        ("game", "vi", "\"black\""),
        ("game", "tc", "\"900+10\""),
        ("speech", "rate", "0.8"),
        ("announce", "reminders", "true"),
    ];
    for (section, key, expected) in cases {
        assert_eq!(
            value(&printed, section, key),
            expected,
            "{section}.{key}\n{printed}"
        );
    }
}

#[test]
fn a_bad_file_is_named_with_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.toml");
    std::fs::write(&file, "[game]\nlang = \"de\"\n\n[speech]\nrat = 1.2\n").unwrap();
    let out = ansage(dir.path(), &["config", "--config", file.to_str().unwrap()]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("mine.toml:5: speech.rat: unknown field `rat`")
            && stderr.contains("did you mean `rate`?"),
        "{stderr}"
    );
    // `play` refuses it the same way, before anything starts.
    let out = ansage(
        dir.path(),
        &["play", "--console", "--config", file.to_str().unwrap()],
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("mine.toml:5: speech.rat"));
}

#[test]
fn a_missing_explicit_file_is_an_error_a_missing_default_is_not() {
    let dir = tempfile::tempdir().unwrap();
    assert!(ansage(dir.path(), &["config", "--print"]).status.success());
    let out = ansage(
        dir.path(),
        &["config", "--config", "/nonexistent/ansage.toml"],
    );
    assert!(!out.status.success());
}
