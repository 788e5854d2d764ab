//! End-to-end tests of the station's start and end on the device rig
//! (tests/rig/README.md): the demo through speech and the display, the display ready
//! before speech-dispatcher answers, a failure to start said, shown and printed, and a
//! quit typed at once. The game's flows and faults are in `station.rs`.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use crate::station::{displayed, displayed_within};
use crate::support::rig::{self, Rig, turn, wait_until};
use crate::support::station::{Station, WAIT, device_ok};
use crate::support::{letters, proc};

/// The limit for `ansage demo --scale 0.05` on the rig: the Appendix C game, its players
/// waiting for the station's speech (about 35 s on the rig).
const DEMO_LIMIT: Duration = Duration::from_secs(300);

#[test]
fn the_demo_plays_through_speech_and_the_display_and_writes_its_records() {
    let Some(rig) =
        rig::rig("the_demo_plays_through_speech_and_the_display_and_writes_its_records")
    else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let recording = rig.record_speaker(&dir.path().join("speaker.wav"));
    let out = proc::run(
        Command::new(env!("CARGO_BIN_EXE_ansage"))
            .args(["demo", "--scale", "0.05", "--out"])
            .arg(dir.path().join("games"))
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .env("RUST_LOG", "warn"),
        DEMO_LIMIT,
    );
    let wav = recording.stop();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    for device in ["Sprachausgabe", "Braille-Zeile"] {
        let lines: Vec<String> = stderr.lines().map(str::to_owned).collect();
        assert!(device_ok(&lines, device), "{device}: {stderr}");
    }
    // Spoken: the speaker sink heard it.
    assert!(rig::wav_rms(&wav) > 0.01, "the demo was not heard");
    // Recorded: journal, PGN, BRF and the spoken scoresheet with one mark per move.
    let path = |label: &str| -> PathBuf {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("{label}: {stdout}"));
        PathBuf::from(line[label.len()..].split(" (").next().unwrap())
    };
    let pgn = std::fs::read_to_string(path("PGN: ")).unwrap();
    assert!(pgn.contains("11. Kb1"), "{pgn}");
    // Brailled: the display showed White's last moves (each echo, in German letters). The
    // display draws once for everything waiting, and at the demo's pace a step may cover
    // the one before it: one of the last three is enough.
    let tokens: Vec<&str> = pgn.split_whitespace().collect();
    let last: Vec<String> = (9..=11)
        .filter_map(|n| {
            let at = tokens.iter().position(|t| *t == format!("{n}."))?;
            Some(letters::german(tokens.get(at + 1)?))
        })
        .collect();
    assert_eq!(last.len(), 3, "{pgn}");
    assert!(
        displayed(&rig, &last[2])
            || last[..2]
                .iter()
                .any(|m| displayed_within(&rig, m, Duration::from_secs(1))),
        "none of White's last moves {last:?} reached the display"
    );
    assert!(path("BRF: ").is_file());
    assert!(path("Journal: ").is_file());
    let cues = ansage::recorder::wav::read_cues(&path("WAV: ")).unwrap();
    assert_eq!(cues.len(), 21, "{cues:?}");
}

/// Whether the display shows these cells within `limit`, in what its log got after its
/// first `from` bytes (the log keeps every line of the rig's earlier tests too).
fn displayed_since(rig: &Rig, from: usize, text: &str, limit: Duration) -> bool {
    let want = ansage::braille::display_table(ansage::core::lang::Language::De).to_cells(text);
    let want = ansage::core::display::vr_dots(&want);
    let log = rig.vr_dir().join("vr.log");
    wait_until(limit, || {
        let now = std::fs::read_to_string(&log).unwrap_or_default();
        now.get(from..)
            .is_some_and(|new| new.lines().any(|l| l.contains(&want)))
    })
}

/// Issue 22.4: the display does not wait for speech-dispatcher. With the speech server
/// stopped (SIGSTOP: it accepts the connection and answers nothing), the display shows
/// what was held and "Bereit" (its thread draws the newest: "Station startet" is replaced
/// at once, `Held`'s unit tests keep the order); continued, speech opens and the game goes
/// on with it, nothing said about a missing voice.
#[test]
fn the_display_is_ready_before_speech_dispatcher_answers() {
    let Some(rig) = rig::rig("the_display_is_ready_before_speech_dispatcher_answers") else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let pid_file = rig.vr_dir().parent().unwrap().join("speechd").join("pid");
    let pid = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .to_owned();
    let signal = |sig: &str| {
        let st = Command::new("kill").args([sig, &pid]).status().unwrap();
        assert!(st.success(), "kill {sig} {pid}");
    };
    // Whatever happens, the speech server runs again for the other tests.
    struct Continue<'a>(&'a dyn Fn(&str));
    impl Drop for Continue<'_> {
        fn drop(&mut self) {
            (self.0)("-CONT");
        }
    }
    let log = rig.vr_dir().join("vr.log");
    let before = std::fs::read_to_string(&log).unwrap_or_default().len();
    signal("-STOP");
    let resume = Continue(&signal);
    let mut station = Station::start(dir.path(), &["--vi", "white", "--tc", "10"]);
    assert!(
        displayed_since(&rig, before, "Bereit", WAIT),
        "the display did not show Bereit while speech-dispatcher was stopped: {:?}",
        station.err()
    );
    assert!(station.shows("say:all Bereit."), "{:?}", station.out());
    // Still stopped: no speech line yet, and nothing says speech is missing.
    assert!(
        !station.err().iter().any(|l| l.starts_with("Sprachausgabe")),
        "{:?}",
        station.err()
    );
    drop(resume);
    assert!(
        wait_until(WAIT, || device_ok(&station.err(), "Sprachausgabe")),
        "{:?}",
        station.err()
    );
    station.line("arbiter key start");
    station.line("white e4");
    station.line("white ja");
    assert!(station.shows("made 1. e4"), "{:?}", station.out());
    let (out, _err) = station.quit();
    assert!(
        !out.iter().any(|l| l.contains("Keine Sprachausgabe")),
        "{out:?}"
    );
}

/// The lines espeak-ng's log has after byte `from` that it was handed to say.
fn spoken_since(rig: &Rig, from: u64) -> Vec<String> {
    let log = rig.dir.join("speechd/log/espeak-ng.log");
    let text = std::fs::read(log).unwrap_or_default();
    let from = usize::try_from(from).unwrap_or(0).min(text.len());
    String::from_utf8_lossy(&text[from..])
        .lines()
        .filter(|l| l.contains("Requested data"))
        .map(str::to_owned)
        .collect()
}

/// Where espeak-ng's log ends now.
fn spoken_end(rig: &Rig) -> u64 {
    std::fs::metadata(rig.dir.join("speechd/log/espeak-ng.log")).map_or(0, |m| m.len())
}

/// Issue 31.2: `ansage online` without a token says why it does not start and what to do,
/// by voice and on the display, and prints it, in the game's language; status 1.
#[test]
fn a_failure_to_start_is_said_shown_and_printed() {
    let Some(rig) = rig::rig("a_failure_to_start_is_said_shown_and_printed") else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let from = spoken_end(&rig);
    let out = proc::run(
        Command::new(env!("CARGO_BIN_EXE_ansage"))
            .args(["online", "--lang", "de"])
            .env_remove("ANSAGE_LICHESS_TOKEN")
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .env("XDG_DATA_HOME", dir.path().join("data")),
        Duration::from_secs(90),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let sentence = "Das Online-Spiel startet nicht: kein lichess-Zugangsschlüssel.";
    assert!(stderr.contains(sentence), "{stderr}");
    assert!(!stderr.contains("Error:"), "{stderr}");
    let said = spoken_since(&rig, from);
    assert!(
        said.iter()
            .any(|l| l.contains(sentence) && l.contains("ansage online login")),
        "{said:#?}"
    );
    // Spoken without the token page's long address: its host only.
    assert!(said.iter().all(|l| !l.contains("https://")), "{said:#?}");
    assert!(displayed(&rig, "Das Online-Spiel startet nicht"));
}

/// Issue 31.5: a `quit` typed at once is said, even when it comes before speech opens; a
/// voice input without its speech model is said with what to do.
#[test]
fn a_quit_typed_at_once_and_a_missing_model_are_said() {
    let Some(rig) = rig::rig("a_quit_typed_at_once_and_a_missing_model_are_said") else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--lang",
        "de",
        "--vi",
        "white",
        "--white-input",
        "voice",
        "--tc",
        "15+10",
    ];
    let from = spoken_end(&rig);
    let station = Station::start(dir.path(), &args);
    // Typed at once: the station may still be opening speech-dispatcher.
    let (_, err) = station.quit();
    let said = || spoken_since(&rig, from);
    assert!(
        wait_until(WAIT, || said()
            .iter()
            .any(|l| l.contains("Die Station wird beendet."))),
        "{:#?}\n{err:#?}",
        said()
    );
    // Given the time to say it, the missing model is said with what to do.
    let from = spoken_end(&rig);
    let dir = tempfile::tempdir().unwrap();
    let station = Station::start(dir.path(), &args);
    let missing = || {
        spoken_since(&rig, from).iter().any(|l| {
            l.contains("Keine Spracherkennung: das Sprachmodell fehlt.")
                && l.contains("ansage models install de")
        })
    };
    assert!(wait_until(WAIT, missing), "{:#?}", spoken_since(&rig, from));
    station.quit();
    // On the display it stands one pan back: the step's last line is the clock's hint.
}
