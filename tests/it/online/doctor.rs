//! `ansage doctor` checks online play (issue 24.4) against the fake lichess
//! (`support::lichess`): the account named and the scope there, the scope missing, a token
//! the server does not know, a token file others may read, no token at all, and a server
//! that does not answer. None of it is needed by the settings of a game at the board, so
//! none of it fails the doctor; the token is never in what it prints.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::support::lichess::{FakeLichess, TOKEN};
use crate::support::{load, proc};

/// The doctor's other checks (speech-dispatcher's answer among them) and the server's
/// wait, on a loaded machine.
const LIMIT: Duration = Duration::from_secs(90);

/// How the token reaches the doctor.
enum Given<'a> {
    /// Nowhere.
    Nothing,
    /// In `ANSAGE_LICHESS_TOKEN`.
    Env(&'a str),
    /// In the token file, with these permission bits.
    File(&'a str, u32),
}

/// `ansage doctor` in English against `server`, with settings that need no device (so
/// that only a needed device could fail it), its folders under `dir`.
fn doctor(server: &str, given: Given<'_>, dir: &Path) -> String {
    let _busy = load::busy();
    let config = dir.join("config");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
    cmd.args(["doctor", "--lang", "en"])
        .args(["--set", &format!("online.server={server}")])
        .args([
            "--set",
            "speech.enabled=false",
            "--set",
            "braille.enabled=false",
        ])
        .env_remove("ANSAGE_LICHESS_TOKEN")
        .env("XDG_CONFIG_HOME", &config)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_RUNTIME_DIR", dir.join("run"))
        .env("RUST_LOG", "trace");
    match given {
        Given::Nothing => {}
        Given::Env(token) => {
            cmd.env("ANSAGE_LICHESS_TOKEN", token);
        }
        Given::File(token, mode) => {
            let file = config.join("ansage/lichess-token");
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, token).unwrap();
            rustix::fs::chmod(&file, rustix::fs::Mode::from_raw_mode(mode)).unwrap();
        }
    }
    let out = proc::run(&mut cmd, LIMIT);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "nothing needed failed:\n{stdout}\n{stderr}"
    );
    for secret in [TOKEN, "lip_WrongToken4711"] {
        assert!(!stdout.contains(secret), "the token on stdout:\n{stdout}");
        assert!(!stderr.contains(secret), "the token on stderr");
    }
    stdout
}

/// The doctor's line (and its to-do line) about online play.
fn online_lines(stdout: &str) -> String {
    let mut lines = stdout.lines().peekable();
    let mut out = String::new();
    while let Some(line) = lines.next() {
        if line.starts_with("Online play (lichess):") {
            out.push_str(line);
            if let Some(todo) = lines.next_if(|l| l.starts_with("  To do:")) {
                out.push('\n');
                out.push_str(todo);
            }
        }
    }
    assert!(!out.is_empty(), "no line about online play:\n{stdout}");
    out
}

#[test]
fn a_good_token_names_the_account_and_its_scope() {
    let fake = FakeLichess::start("ana");
    let dir = tempfile::tempdir().unwrap();
    let stdout = doctor(&fake.url(), Given::Env(TOKEN), dir.path());
    assert_eq!(
        online_lines(&stdout),
        format!(
            "Online play (lichess): account ana at {}, the token (from ANSAGE_LICHESS_TOKEN) \
             has the scope board:play.",
            fake.url()
        )
    );
    let asked: Vec<String> = fake
        .requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(asked, ["POST /api/token/test", "GET /api/account"]);
    let bearer = format!("Bearer {TOKEN}");
    assert_eq!(
        fake.requests()[1].authorization.as_deref(),
        Some(bearer.as_str())
    );
}

#[test]
fn a_token_without_board_play_says_how_to_get_one() {
    let fake = FakeLichess::start("ana");
    fake.set_scopes("");
    let dir = tempfile::tempdir().unwrap();
    let stdout = doctor(&fake.url(), Given::Env(TOKEN), dir.path());
    assert_eq!(
        online_lines(&stdout),
        "Online play (lichess): missing, not needed with these settings: the token of ana \
         lacks the scope board:play.\n  To do: create a token with the scope board:play at \
         https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage, \
         then put it in ANSAGE_LICHESS_TOKEN."
    );
    assert!(stdout.contains("Missing only: "), "{stdout}");
}

#[test]
fn a_token_the_server_does_not_know_is_refused() {
    let fake = FakeLichess::start("ana");
    let dir = tempfile::tempdir().unwrap();
    let stdout = doctor(&fake.url(), Given::Env("lip_WrongToken4711"), dir.path());
    let lines = online_lines(&stdout);
    assert!(
        lines.starts_with(&format!(
            "Online play (lichess): missing, not needed with these settings: {} does not know \
             the token from ANSAGE_LICHESS_TOKEN: it is wrong, expired or revoked.",
            fake.url()
        )),
        "{lines}"
    );
    assert!(
        lines.contains("then put it in ANSAGE_LICHESS_TOKEN."),
        "{lines}"
    );
}

#[test]
fn the_token_file_is_used_and_refused_when_others_may_read_it() {
    let fake = FakeLichess::start("ana");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config/ansage/lichess-token");
    let stdout = doctor(&fake.url(), Given::File(TOKEN, 0o600), dir.path());
    assert!(
        online_lines(&stdout).contains(&format!(
            "account ana at {}, the token (from {}) has the scope board:play.",
            fake.url(),
            file.display()
        )),
        "{stdout}"
    );
    let asked = fake.requests().len();
    let stdout = doctor(&fake.url(), Given::File(TOKEN, 0o644), dir.path());
    assert_eq!(
        online_lines(&stdout),
        format!(
            "Online play (lichess): missing, not needed with these settings: others may read \
             the file {0} (mode 644), and the token is a password.\n  To do: make it yours \
             alone: chmod 600 {0}",
            file.display()
        )
    );
    assert_eq!(
        fake.requests().len(),
        asked,
        "asked the server with a refused file"
    );
}

#[test]
fn no_token_is_reported_and_fails_nothing() {
    let fake = FakeLichess::start("ana");
    let dir = tempfile::tempdir().unwrap();
    let stdout = doctor(&fake.url(), Given::Nothing, dir.path());
    assert_eq!(
        online_lines(&stdout),
        "Online play (lichess): missing, not needed with these settings: no lichess token.\n  \
         To do: only for online games: create a token with the scope board:play at \
         https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage, \
         then store it with ansage online login (or set ANSAGE_LICHESS_TOKEN)."
    );
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(
        summary.starts_with("Everything these settings need is there. Missing only: ")
            && summary.contains("online play (lichess)"),
        "{stdout}"
    );
    assert!(fake.requests().is_empty(), "{:#?}", fake.requests());
}

#[test]
fn a_server_that_does_not_answer_is_said_within_seconds() {
    // A closed port: the connection is refused at once.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let dir = tempfile::tempdir().unwrap();
    let stdout = doctor(&url, Given::Env(TOKEN), dir.path());
    assert_eq!(
        online_lines(&stdout),
        format!(
            "Online play (lichess): missing, not needed with these settings: {url} does not \
             answer.\n  To do: check the network connection and online.server ({url}; lichess \
             is https://lichess.org). Games at the board need no server."
        )
    );
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", silent.local_addr().unwrap());
    // A port that takes the connection and never answers: the doctor gives up (after 5 s)
    // and says so, instead of waiting for ever.
    let stdout = doctor(&url, Given::Env(TOKEN), dir.path());
    assert!(
        online_lines(&stdout).contains(&format!("{url} does not answer.")),
        "{stdout}"
    );
    drop(silent);
}

#[test]
fn an_address_without_https_is_refused_before_anything_is_sent() {
    // Refused for its scheme; were it sent, it would still stay on this machine.
    let dir = tempfile::tempdir().unwrap();
    let stdout = doctor("ftp://127.0.0.1:9", Given::Env(TOKEN), dir.path());
    assert_eq!(
        online_lines(&stdout),
        "Online play (lichess): missing, not needed with these settings: ftp://127.0.0.1:9 \
         is no address for online play: https:// only, http:// only to this computer.\n  \
         To do: check online.server: lichess is https://lichess.org, the default."
    );
}
