//! The Braille display against the rig's BRLTTY (Virtual driver, an emulated 40-cell
//! display): the cells written are the expected dots (liblouis's German computer Braille),
//! what the display shows typed back with dot chords is what it showed, keys pressed on
//! the display make and confirm moves through the real main loop, and a killed and
//! restarted brltty brings the display back by itself. Skipped without a rig (see
//! support/rig.rs).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ansage::braille::brlapi::BrlapiConnector;
use ansage::braille::{BrailleConfig, BrailleSink, display_table};
use ansage::core::display::{DisplayKey, DisplayModel};
use ansage::core::input::Event;
use ansage::core::input::{Actor, Input, Key};
use ansage::core::lang::Language;
use ansage::core::output::{Audience, Braille, BrailleKind, Output};
use ansage::core::scoresheet::braille::Cell;
use ansage::core::session::Session;
use ansage::core::setup::SessionSetup;
use ansage::core::step_view::StepView;
use ansage::core::time::Timestamp;
use ansage::station::{Sink, StationInput};
use shakmaty::Color;

use crate::support::proc;
use crate::support::rig::{self, Rig, turn, wait_until};

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
        kind: BrailleKind::Message,
    })
}

/// The cells of the dots the emulated display shows (the inverse of
/// [`ansage::core::display::vr_dots`]).
fn cells(rig: &Rig) -> Vec<Cell> {
    dots(rig)
        .split('|')
        .map(|d| {
            let dots: Vec<u8> = d
                .bytes()
                .filter(u8::is_ascii_digit)
                .map(|b| b - b'0')
                .collect();
            Cell::from_dots(&dots)
        })
        .collect()
}

/// The model of the rig's display: 40 cells, German, the display's table.
fn model() -> DisplayModel {
    DisplayModel::new(WHITE, Language::De, 40, 1)
        .unwrap()
        .with_table(display_table(Language::De))
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
fn the_cells_written_are_the_tables_dots() {
    let Some(rig) = rig::rig("the_cells_written_are_the_tables_dots") else {
        return;
    };
    let _turn = turn();
    let (tx, _rx) = tokio::sync::mpsc::channel(16);
    let mut sink = sink(tx);
    let session = Session::new(SessionSetup::default()).unwrap();
    let outputs = [
        say("Sf3? Weiß: Kg1 (=)"),
        Output::Status("12.Sf3 W*4:57 S5:00".into()),
    ];
    sink.deliver(Timestamp::ZERO, &outputs);
    sink.observe(&StepView::of(&session));
    let mut model = model();
    model.deliver(&outputs);
    model.observe(session.position(), session.status_source());
    shows(&rig, &model, "a message");
    // The expected dots, spelled out (German computer Braille): S f 3 ? (S with dot 7, 3 =
    // c with dot 6), blank, W e i ß (ß 3456 with dot 8) : …
    assert!(
        dots(&rig).starts_with("2347|124|146|26| |24567|15|24|34568|25| "),
        "{}",
        dots(&rig)
    );
    assert!(sink.status().present, "{}", sink.status());
}

/// The Virtual driver's PassDots argument (dots 1-8 as bits 0-7) for a character: its
/// cell in the display's table.
fn chord(c: char) -> u8 {
    display_table(Language::De).to_cells(&c.to_string())[0].0
}

/// FIDE Laws D.2.6: what the display shows, typed back on its Braille keyboard cell by
/// cell, reaches the station as the text it showed (the "e" and lower "4" gave
/// "e/"). The rig's Virtual driver hands BRLTTY's core a chord as a character of BRLTTY's
/// German text table even with BrlAPI's retain-dots parameter set (seen here: `PassDots
/// 17` came as the key 0x65, `e`), so this checks that the display's cells (liblouis's
/// de-de-comp8) and BRLTTY's German table agree for every character typed; the dots path
/// of a real display's driver (PASSDOTS) is checked in `src/braille/tests.rs`. The space
/// bar is the space character (`PassDots 0` is no chord for the Virtual driver).
#[test]
fn braille_typing_what_the_display_shows_gives_it_back() {
    let Some(rig) = rig::rig("braille_typing_what_the_display_shows_gives_it_back") else {
        return;
    };
    let _turn = turn();
    let (tx, mut rx) = tokio::sync::mpsc::channel(16);
    let mut sink = sink(tx);
    for (i, text) in ["e4", "Weiß: Kg1 12.Sf3 W*4:57 (=)", "Läufer äöü ÄÖÜ"]
        .into_iter()
        .enumerate()
    {
        let outputs = [say(text)];
        sink.deliver(Timestamp::from_millis(1000 * i as u64), &outputs);
        let mut model = model();
        model.deliver(&outputs);
        shows(&rig, &model, text);
        // Read the cells off the display, then type them.
        let shown = cells(&rig);
        let len = model.table().to_cells(text).len();
        for cell in &shown[..len] {
            let before = dots(&rig);
            if *cell == Cell::BLANK {
                press(&rig, "PassChar 32");
            } else {
                press(&rig, &format!("PassDots {}", cell.0));
            }
            assert!(
                wait_until(WAIT, || dots(&rig) != before),
                "the typed {cell} never showed: {}",
                dots(&rig)
            );
        }
        press(&rig, "Return");
        let got = wait_until(WAIT, || !rx.is_empty());
        assert!(got, "nothing sent for {text:?}: {}", dots(&rig));
        match rx.try_recv() {
            Ok(StationInput::Input(Input::Act { by, event })) => {
                assert_eq!(by, WHITE);
                assert_eq!(event, Event::Typed(text.into()), "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
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
            let session = Session::new(SessionSetup::default()).unwrap();
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
        let want = display_table(Language::De).to_cells(&format!("{san}?"));
        let want = ansage::core::display::vr_dots(&want);
        wait_until(WAIT, || dots(&rig).starts_with(&want))
    };
    // Typed with dot chords: e2e4, Enter; the echo "e4?" shows; Enter confirms (D.2.3).
    for c in "e2e4".chars() {
        // The next chord only once this one shows: BRLTTY's Virtual driver loses a key that
        // arrives before it has read the one before (seen once in a fresh root).
        // A key it loses all the same (seen for the first chord in a fresh root) is pressed
        // again after 3 s, as a person would; at most three presses.
        let before = dots(&rig);
        let mut shown = false;
        for _ in 0..3 {
            press(&rig, &format!("PassDots {}", chord(c)));
            shown = wait_until(Duration::from_secs(3), || dots(&rig) != before);
            if shown {
                break;
            }
        }
        assert!(shown, "the typed {c} never showed: {}", dots(&rig));
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
    let mut model = model();
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
    // Two lines up to rank 3: the answer over the board eats no key (issue 22).
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
    let mut model = model();
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

/// Whether the recorded outputs hold at least `n` Braille lines of `kind` to White.
fn brailled(recorded: &Mutex<Vec<Output>>, kind: BrailleKind, n: usize) -> bool {
    recorded
        .lock()
        .unwrap()
        .iter()
        .filter(|o| matches!(o, Output::Braille(b) if b.kind == kind && b.to != Audience::Black))
        .count()
        >= n
}

/// Issue 22.3 (FIDE Laws D.2.11) on the real display: in time trouble the countdown's
/// numbers never cover the board view and take no key. White is set to 14 s by the
/// arbiter; while the station counts down each second, the board's rank stays under the
/// player's fingers (only the status cells change), and every key counts: a routing key
/// asks about e2, two lines up, a routing key on e4 makes the echo, Enter confirms.
#[test]
fn in_time_trouble_the_board_stays_readable_and_no_key_is_lost() {
    let Some(rig) = rig::rig("in_time_trouble_the_board_stays_readable_and_no_key_is_lost") else {
        return;
    };
    let _turn = turn();
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let mut sinks: Vec<Box<dyn Sink + Send>> = vec![
        Box::new(sink(tx.clone())),
        Box::new(Recorder(Arc::clone(&recorded))),
    ];
    let config = ansage::core::script::parse("@0 arbiter setup tc=900 vi=white lang=de")
        .unwrap()
        .setup;
    let game = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let session = Session::new(config).unwrap();
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
    let send = |input: Input| tx.blocking_send(StationInput::Input(input)).unwrap();
    send(Input::key(Actor::Arbiter, Key::Start));
    send(Input::typed(Actor::Arbiter, "Uhr Weiß 0:14"));
    // The arbiter's setting is shown before the board view opens (its message would
    // otherwise come over the view after the keys below).
    assert!(
        wait_until(WAIT, || recorded.lock().unwrap().iter().any(
            |o| matches!(o, Output::Braille(b) if b.text.contains("0:14"))
        )),
        "the clock was not set: {:?}",
        recorded.lock().unwrap()
    );
    // The board view at rank 2 (rank 8 comes first).
    press(&rig, "DispMd");
    for _ in 0..6 {
        press(&rig, "LnDn");
    }
    // The rank's label and its eight squares: the cells before the status cells.
    let rank = |dots: &str| {
        dots.split('|')
            .take(2 + 2 * 8)
            .collect::<Vec<_>>()
            .join("|")
    };
    let rank_2 = display_table(Language::De).to_cells("2 ");
    let rank_2 = ansage::core::display::vr_dots(&rank_2);
    assert!(
        wait_until(WAIT, || dots(&rig).starts_with(&rank_2)),
        "the board view is not at rank 2: {}",
        dots(&rig)
    );
    let board = rank(&dots(&rig));
    // Two numbers of the countdown have come: the rank is still there.
    assert!(
        wait_until(Duration::from_secs(20), || brailled(
            &recorded,
            BrailleKind::Countdown,
            2
        )),
        "no countdown: {:?}",
        recorded.lock().unwrap()
    );
    assert_eq!(rank(&dots(&rig)), board, "the countdown covered the board");
    let e2 = 2 + 2 * 4 + 1;
    press(&rig, &format!("Route {e2}"));
    let answered = || {
        recorded.lock().unwrap().iter().any(|o| {
            matches!(o, Output::Braille(b) if b.kind == BrailleKind::Message
                && b.to == Audience::White && b.text.contains("Bauer"))
        })
    };
    assert!(
        wait_until(WAIT, answered),
        "no answer about e2: {}",
        dots(&rig)
    );
    press(&rig, "LnUp");
    press(&rig, "LnUp");
    press(&rig, &format!("Route {e2}"));
    let echo = ansage::core::display::vr_dots(&display_table(Language::De).to_cells("e4?"));
    assert!(
        wait_until(WAIT, || dots(&rig).starts_with(&echo)),
        "no echo of e4: {}",
        dots(&rig)
    );
    press(&rig, "Return");
    assert!(
        wait_until(WAIT, || recorded
            .lock()
            .unwrap()
            .iter()
            .any(|o| matches!(o, Output::Made(_)))),
        "e4 was not made: {}",
        dots(&rig)
    );
    tx.blocking_send(StationInput::Shutdown).unwrap();
    let sans = proc::join_within(game, SHUTDOWN_LIMIT, "the station's loop after shutdown");
    assert_eq!(sans, ["e4"]);
}
