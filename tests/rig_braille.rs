//! The Braille display against the rig's BRLTTY (Virtual driver, an emulated 40-cell
//! display): the cells written are the expected dots, keys pressed on the display make
//! and confirm moves through the real main loop, and a killed and restarted brltty
//! brings the display back by itself. Skipped without a rig (see tests/support/rig.rs).
#![cfg(feature = "braille")]

#[path = "support/rig.rs"]
mod rig;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ansage::braille::brlapi::BrlapiConnector;
use ansage::braille::{BrailleConfig, BrailleSink};
use ansage::core::display::{DisplayKey, DisplayModel};
use ansage::core::input::{Actor, Input};
use ansage::core::lang::Language;
use ansage::core::output::{Audience, Braille, Output};
use ansage::core::session::Session;
use ansage::core::setup::Config;
use ansage::core::time::Timestamp;
use ansage::station::{Sink, StationInput};
use rig::{Rig, proc, wait_until};
use shakmaty::Color;

/// The rig has one display: its tests take turns.
static DISPLAY: Mutex<()> = Mutex::new(());

fn turn() -> std::sync::MutexGuard<'static, ()> {
    DISPLAY.lock().unwrap_or_else(|e| e.into_inner())
}

const WHITE: Actor = Actor::Player(Color::White);
const WAIT: Duration = Duration::from_secs(10);

/// The limit for the station's loop to end after its shutdown (at once, normally).
const SHUTDOWN_LIMIT: Duration = Duration::from_secs(30);

/// The limit for `tests/rig/brltty-restart.sh`: it waits at most 5 s for the old brltty to
/// go and 15 s for each of the new brltty's socket and port.
const RESTART_LIMIT: Duration = Duration::from_secs(120);

/// Presses a key on the emulated display at a person's pace: BRLTTY's Virtual driver
/// takes one command per read from its socket, so keys written in the same instant
/// would be lost (the one place these tests wait for a span, not an event).
fn press(rig: &Rig, key: &str) {
    rig.press(key);
    std::thread::sleep(Duration::from_millis(80));
}

/// The dots the emulated display shows now (`1234|15| |…`).
fn dots(rig: &Rig) -> String {
    rig.braille().trim().trim_matches('"').to_owned()
}

fn sink(tx: tokio::sync::mpsc::Sender<StationInput>) -> BrailleSink {
    let mut config = BrailleConfig::new(WHITE, Language::De);
    config.backoff = Duration::from_millis(100);
    config.max_backoff = Duration::from_millis(500);
    let connector = BrlapiConnector::from_config(&config);
    BrailleSink::spawn(config, Box::new(connector), tx).unwrap()
}

fn say(text: &str) -> Output {
    Output::Braille(Braille {
        text: text.into(),
        to: Audience::White,
    })
}

/// Waits until the display shows what `model` renders.
fn shows(rig: &Rig, model: &DisplayModel, what: &str) {
    let want = model.vr_dots();
    assert!(
        wait_until(WAIT, || dots(rig) == want),
        "{what}: the display shows\n{}\nnot\n{want}",
        dots(rig)
    );
}

#[test]
fn the_cells_written_are_the_scoresheet_dots() {
    let Some(rig) = rig::rig("the_cells_written_are_the_scoresheet_dots") else {
        return;
    };
    let _turn = turn();
    let (tx, _rx) = tokio::sync::mpsc::channel(16);
    let mut sink = sink(tx);
    let session = Session::new(Config::default()).unwrap();
    let outputs = [
        say("Sf3? Weiß: Kg1 (=)"),
        Output::Status("12.Sf3 W*4:57 S5:00".into()),
    ];
    sink.deliver(Timestamp::ZERO, &outputs);
    sink.observe(&session);
    let mut model = DisplayModel::new(WHITE, Language::De, 40, 1).unwrap();
    model.deliver(&outputs);
    model.observe(session.position(), session.status_source());
    shows(&rig, &model, "a message");
    // The expected dots, spelled out: ⠠⠎ ⠋ ⠒ ⠹ (S f 3 ?) …
    assert!(
        dots(&rig).starts_with("6|234|124|25|1456| |6|2456|15|24|4|2346|156| "),
        "{}",
        dots(&rig)
    );
    assert!(sink.status().present, "{}", sink.status());
}

/// The Virtual driver's PassDots argument for a character of the rig's German text table
/// (letters; a digit is the letter a-j plus dot 6).
fn chord(c: char) -> u8 {
    let letter = |c: char| ansage::core::scoresheet::braille::text_to_cells(&c.to_string())[0].0;
    match c {
        '1'..='9' => letter((b'a' + (c as u8 - b'1')) as char) | 0b10_0000,
        c => letter(c),
    }
}

/// Records every output of the station.
struct Recorder(Arc<Mutex<Vec<Output>>>);

impl Sink for Recorder {
    fn deliver(&mut self, _at: Timestamp, outputs: &[Output]) {
        self.0.lock().unwrap().extend_from_slice(outputs);
    }
}

#[test]
fn keys_on_the_display_make_and_confirm_moves() {
    let Some(rig) = rig::rig("keys_on_the_display_make_and_confirm_moves") else {
        return;
    };
    let _turn = turn();
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let mut sinks: Vec<Box<dyn Sink + Send>> = vec![
        Box::new(sink(tx.clone())),
        Box::new(Recorder(Arc::clone(&recorded))),
    ];
    let game = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let session = Session::new(Config::default()).unwrap();
            let epoch = tokio::time::Instant::now();
            let session = ansage::station::run(session, rx, &mut sinks, epoch).await;
            drop(sinks);
            session
                .history()
                .iter()
                .map(|p| p.made.san.clone())
                .collect::<Vec<String>>()
        })
    });
    let made = |n: usize| {
        wait_until(WAIT, || {
            recorded
                .lock()
                .unwrap()
                .iter()
                .filter(|o| matches!(o, Output::Made(_)))
                .count()
                >= n
        })
    };
    let echoed = |san: &str| {
        let want = ansage::core::scoresheet::braille::text_to_cells(&format!("{san}?"));
        let want = ansage::core::display::vr_dots(&want);
        wait_until(WAIT, || dots(&rig).starts_with(&want))
    };
    // Typed with dot chords: e2e4, Enter; the echo "e4?" shows; Enter confirms (D.2.3).
    for c in "e2e4".chars() {
        // The next chord only once this one shows: BRLTTY's Virtual driver loses a key that
        // arrives before it has read the one before (seen once in a fresh root).
        let before = dots(&rig);
        press(&rig, &format!("PassDots {}", chord(c)));
        assert!(
            wait_until(WAIT, || dots(&rig) != before),
            "the typed {c} never showed: {}",
            dots(&rig)
        );
    }
    press(&rig, "Return");
    assert!(echoed("e4"), "no echo of e4: {}", dots(&rig));
    press(&rig, "Return");
    assert!(made(1), "e4 was not made");
    // The sighted Black answers on the keyboard.
    tx.blocking_send(StationInput::Input(Input::typed(
        Actor::Player(Color::Black),
        "e5",
    )))
    .unwrap();
    assert!(made(2), "e5 was not made");
    // Routing keys on the board: g1 (rank 1, the 8th line), then f3 (the 6th line).
    let mut model = DisplayModel::new(WHITE, Language::De, 40, 1).unwrap();
    model.key(DisplayKey::NextMode);
    press(&rig, "DispMd");
    for _ in 0..7 {
        press(&rig, "LnDn");
    }
    let g1 = 2 + 2 * 6;
    // The knight is picked (dots 7 and 8 under its cells, the capital sign ⠠ among them)
    // and the answer about g1 comes (D.2.9.d: to the asker).
    let braille_to_white = || {
        recorded
            .lock()
            .unwrap()
            .iter()
            .filter(|o| matches!(o, Output::Braille(b) if b.to == Audience::White))
            .count()
    };
    let before = braille_to_white();
    press(&rig, &format!("Route {g1}"));
    assert!(
        wait_until(WAIT, || braille_to_white() > before),
        "no answer about g1: {}",
        dots(&rig)
    );
    assert!(
        recorded.lock().unwrap().iter().any(|o| matches!(
            o,
            Output::Braille(b) if b.to == Audience::White && b.text.contains("Springer")
        )),
        "the answer does not name the knight"
    );
    press(&rig, "LnUp");
    press(&rig, "LnUp");
    press(&rig, "LnUp");
    press(&rig, &format!("Route {}", 2 + 2 * 5));
    assert!(echoed("Sf3"), "no echo of Sf3: {}", dots(&rig));
    press(&rig, "Return");
    assert!(made(3), "Nf3 was not made");
    tx.blocking_send(StationInput::Shutdown).unwrap();
    let sans = proc::join_within(game, SHUTDOWN_LIMIT, "the station's loop after shutdown");
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
}

#[test]
fn the_display_returns_after_brltty_restarts() {
    let Some(rig) = rig::rig("the_display_returns_after_brltty_restarts") else {
        return;
    };
    let _turn = turn();
    let (tx, _rx) = tokio::sync::mpsc::channel(16);
    let mut sink = sink(tx);
    let mut model = DisplayModel::new(WHITE, Language::De, 40, 1).unwrap();
    let first = [say("Vor dem Neustart")];
    sink.deliver(Timestamp::ZERO, &first);
    model.deliver(&first);
    shows(&rig, &model, "before the restart");
    let connections = sink.connections();
    // Kill brltty (as a crash) and start it again; the game goes on meanwhile.
    let restart = proc::run(
        std::process::Command::new("bash")
            .arg(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/rig/brltty-restart.sh"
            ))
            .arg(&rig.dir),
        RESTART_LIMIT,
    );
    assert!(
        restart.status.success(),
        "{}",
        String::from_utf8_lossy(&restart.stderr)
    );
    let second = [say("Nach dem Neustart")];
    sink.deliver(Timestamp::from_millis(1000), &second);
    model.deliver(&second);
    shows(&rig, &model, "after the restart");
    assert!(sink.connections() > connections, "no reconnection");
    assert!(sink.losses() >= 1);
    assert!(sink.status().present, "{}", sink.status());
}
