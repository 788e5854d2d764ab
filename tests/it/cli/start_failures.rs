//! A station or an online game that cannot start says why and what to do, in the game's
//! language, and ends with status 1 (issue 31.2): the real `ansage` process with
//! `--console` (what is said is printed; tests/rig/station.rs hears it said and sees it on
//! the display). No English "Error:" line follows the sentence.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use crate::support::proc;

/// A failing start is quick; a server that does not answer takes the (shortened) read
/// timeout.
const LIMIT: Duration = Duration::from_secs(60);

/// `ansage ARGS` with its folders under `dir`, `token` in the environment if given.
fn ansage(dir: &Path, args: &[&str], token: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
    cmd.args(args)
        .env_remove("ANSAGE_LICHESS_TOKEN")
        .env_remove("RUST_LOG")
        // A server on this machine: a read timeout of 1 s instead of 20 s.
        .env("ANSAGE_ONLINE_TEST_WAITS", "100")
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_RUNTIME_DIR", dir.join("run"));
    if let Some(token) = token {
        cmd.env("ANSAGE_LICHESS_TOKEN", token);
    }
    proc::run(&mut cmd, LIMIT)
}

#[test]
fn every_failure_to_start_is_one_sentence_in_the_games_language() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[game]\nvi = purple\n").unwrap();
    let bad = bad.to_str().unwrap().to_owned();
    // A server that takes the connection and never answers.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let silent = format!("online.server=http://{}", silent.local_addr().unwrap());
    // A port nobody listens on: no network to the server.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let closed_addr = closed.local_addr().unwrap();
    drop(closed);
    let closed = format!("online.server=http://{closed_addr}");
    let token = Some("lip_aTokenForTheTest0123");
    let cases: [(&[&str], Option<&str>, &str); 6] = [
        (
            &["online", "--console", "--lang", "de"],
            None,
            "Das Online-Spiel startet nicht: kein lichess-Zugangsschlüssel. Zu tun: nur für \
             Online-Partien: einen Schlüssel mit der Berechtigung board:play auf \
             https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage \
             anlegen, dann mit ansage online login speichern (oder ANSAGE_LICHESS_TOKEN setzen).",
        ),
        (
            &["online", "--console", "--lang", "es", "--set", &closed],
            token,
            "La partida en línea no empieza: http://",
        ),
        (
            &[
                "online",
                "--console",
                "--lang",
                "en",
                "--set",
                &silent,
                "--game",
                "abc",
            ],
            token,
            "The online game does not start: http://",
        ),
        (
            &[
                "play",
                "--console",
                "--lang",
                "en",
                "--resume",
                "j.txt",
                "--tc",
                "5",
            ],
            None,
            "The station does not start: --resume takes the game and its settings from the \
             journal. To do: leave out the other game options: ansage play --resume FILE.",
        ),
        (
            &["play", "--console", "--lang", "es", "--config", &bad],
            None,
            "La estación no arranca: la configuración tiene un error: ",
        ),
        (
            &["play", "--console", "--config", &bad],
            None,
            "Die Station startet nicht: die Einstellungen haben einen Fehler: ",
        ),
    ];
    for (args, token, sentence) in cases {
        let out = ansage(dir.path(), args, token);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        let line = stderr
            .lines()
            .find(|l| l.starts_with(sentence.split(':').next().unwrap_or_default()))
            .unwrap_or_else(|| panic!("{args:?}: no sentence:\n{stderr}"));
        assert!(line.starts_with(sentence), "{args:?}:\n{line}\n{sentence}");
        assert!(!stderr.contains("Error:"), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("lip_aToken"),
            "{args:?}: the token printed"
        );
    }
}

/// The server's two silences are told apart in the doctor's words, with what to do.
#[test]
fn a_server_that_does_not_answer_says_what_to_check() {
    let dir = tempfile::tempdir().unwrap();
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = closed.local_addr().unwrap();
    drop(closed);
    let server = format!("online.server=http://{addr}");
    let args = ["online", "--console", "--lang", "en", "--set", &server];
    let out = ansage(dir.path(), &args, Some("lip_aTokenForTheTest0123"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        format!(
            "The online game does not start: http://{addr} does not answer. To do: check the \
             network connection and online.server (http://{addr}; lichess is \
             https://lichess.org). Games at the board need no server."
        )
    );
}

/// A `--tc` that could be read both ways is refused in the game's language, with what to
/// write instead: a bare number above two hours of minutes, a bare PGN base under a minute.
#[test]
fn an_ambiguous_time_control_says_what_to_write_instead() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "de",
            "300",
            "Die Station startet nicht: --tc 300: eine Zahl ohne Einheit sind Minuten, und 300 \
             Minuten sind mehr als zwei Stunden. Zu tun: für 300 Sekunden 5 oder 300s \
             schreiben, für 300 Minuten 300m.",
        ),
        (
            "es",
            "900+10",
            "La estación no arranca: --tc 900+10: un número sin unidad son minutos, y 900 \
             minutos son más de dos horas. Qué hacer: para 900 segundos escriba 15+10 o \
             900s+10; para 900 minutos, 900m+10.",
        ),
        (
            "en",
            "90/40+30",
            "The station does not start: --tc 90/40+30: in the PGN form, with / or :, a number \
             without a unit is seconds, after the moves, and 40 seconds is less than a minute. \
             To do: for 90 minutes for 40 moves, then 30, write 90/40+30+30; for 40 seconds, \
             40s.",
        ),
    ];
    for (lang, tc, want) in cases {
        let args = ["play", "--console", "--lang", lang, "--tc", tc];
        let out = ansage(dir.path(), &args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{tc}: {stderr}");
        assert_eq!(stderr.trim_end(), want, "{tc}");
    }
}
