//! `ansage config [--print]` and the settings layers as the binary reads them: the file under
//! `$XDG_CONFIG_HOME` or `--config`, then the named flags and `--set`.

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use crate::support::proc;

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
            "--arbiter",
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
        ("game", "arbiter", "true"),
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

#[test]
fn config_print_writes_a_file_to_start_from() {
    let dir = tempfile::tempdir().unwrap();
    let options = [
        "--lang",
        "es",
        "--tc",
        "15+10",
        "--white",
        "Ana",
        "--set",
        "speech.rate=0.8",
        "--set",
        "announce.reminders=off",
    ];
    let print = |extra: &[&str]| {
        let args: Vec<&str> = ["config", "--print"].iter().chain(extra).copied().collect();
        let out = ansage(dir.path(), &args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let printed = print(&options);
    assert!(printed.starts_with("# ansage settings; from "), "{printed}");
    let table: toml::Table = toml::from_str(&printed).unwrap();
    for (section, key, expected) in [
        ("game", "lang", "\"es\""),
        ("game", "tc", "\"900+10\""),
        ("game", "white", "\"Ana\""),
        ("speech", "rate", "0.8"),
        ("announce", "reminders", "false"),
    ] {
        assert_eq!(value(&printed, section, key), expected, "{printed}");
    }
    // Every section is there, so the file is a complete start.
    for section in [
        "game", "input", "announce", "speech", "braille", "voice", "journal",
    ] {
        assert!(table.contains_key(section), "{section}\n{printed}");
    }
    // Read back as the settings file, it gives the same settings.
    let file = dir.path().join("start.toml");
    std::fs::write(&file, &printed).unwrap();
    let again = print(&["--config", file.to_str().unwrap()]);
    assert_eq!(toml::from_str::<toml::Table>(&again).unwrap(), table);
    // Without --print the settings are checked and their source named, not printed.
    let out = ansage(dir.path(), &["config", "--config", file.to_str().unwrap()]);
    assert!(out.status.success());
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.contains(file.to_str().unwrap()) && !said.contains("[game]"),
        "{said}"
    );
}

/// Issue 24: `game.online` makes an online game, and only `ansage online` starts one (its
/// server is the one source of the online opponent's moves): `play` refuses the setting,
/// from `--set` (the file's key or the script's), from a file, with one sentence naming
/// `ansage online` and exit status 1, before the station starts. A script with `online=`
/// still runs: that is how the online dialogue is tested without a server.
#[test]
fn play_refuses_game_online_a_script_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("online.toml");
    std::fs::write(&file, "[game]\nonline = \"black\"\n").unwrap();
    let file = file.to_str().unwrap();
    let ways: [&[&str]; 3] = [
        &["--set", "game.online=black"],
        &["--set", "online=white"],
        &["--config", file],
    ];
    for way in ways {
        let args = [&["play", "--console", "--no-journal"][..], way].concat();
        let out = ansage(dir.path(), &args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stdout}{stderr}");
        assert_eq!(stdout, "", "{args:?}: no station starts");
        // Said in the game's language (German without --lang), with what to do (issue 31.2).
        assert_eq!(
            stderr.trim_end(),
            "Die Station startet nicht: ansage play spielt keine Online-Partie (game.online). \
             Zu tun: Online-Partien mit ansage online starten; game.online aus der \
             Einstellungsdatei und den Optionen entfernen.",
            "{args:?}"
        );
    }
    // Without game.online the same command starts the station (and ends at stdin's end).
    let out = ansage(dir.path(), &["play", "--console", "--no-journal"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.stdout.is_empty());
    let script = crate::support::golden::script("online", "online_game_en");
    let out = ansage(dir.path(), &["script", script.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("@4.000 online move e2e4"), "{stdout}");
    assert!(
        stdout.contains("@40.000 result 1-0 resignation"),
        "{stdout}"
    );
}
