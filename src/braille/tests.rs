use std::sync::mpsc::{self as std_mpsc, Receiver};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use super::keys::code;
use super::*;
use crate::core::display::DisplayKey;
use crate::core::display::vr_dots;
use crate::core::input::{Command, Event, Question};
use crate::core::input::{Input, Key};
use crate::core::output::Output;
use crate::core::output::{Audience, Braille};
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};
use shakmaty::uci::UciMove;
use shakmaty::{Color, Square};

const CMD: u64 = code::TYPE_CMD;

#[test]
fn brlapi_key_codes() {
    for (keycode, want) in [
        (CMD | 1, Some(DisplayKey::LineUp)),
        (CMD | 2, Some(DisplayKey::LineDown)),
        (CMD | 9, Some(DisplayKey::Top)),
        (CMD | 10, Some(DisplayKey::Bottom)),
        (CMD | 23, Some(DisplayKey::PanLeft)),
        (CMD | 24, Some(DisplayKey::PanRight)),
        (CMD | 29, Some(DisplayKey::Key(Key::Repeat))),
        (CMD | 31, Some(DisplayKey::Enter)),
        (CMD | 33, Some(DisplayKey::NextMode)),
        (CMD | 40, Some(DisplayKey::GameMode)),
        (CMD | 49, Some(DisplayKey::Key(Key::Help))),
        (CMD | 50, Some(DisplayKey::Key(Key::Time))),
        (CMD | 52, None),
        (CMD | 0x1_0005, Some(DisplayKey::Route(5))),
        (CMD | 0x1_0000, Some(DisplayKey::Route(0))),
        // Flags (upper 32 bits) do not change the meaning.
        (
            0x0000_0001_0000_0000 | CMD | 0x1_0003,
            Some(DisplayKey::Route(3)),
        ),
        (CMD | (34 << 16) | 0b10_0000, Some(DisplayKey::Char('⠠'))),
        (CMD | (7 << 16), None),
        (0x6b, Some(DisplayKey::Char('k'))),
        (0x34, Some(DisplayKey::Char('4'))),
        (0xa7, Some(DisplayKey::Char('§'))),
        (0x0100_00e4, Some(DisplayKey::Char('ä'))),
        (0x0100_2820, Some(DisplayKey::Char('⠠'))),
        (0x0100_fffd, None),
        (0xff08, Some(DisplayKey::Backspace)),
        (0xff0d, Some(DisplayKey::Enter)),
        (0xff1b, Some(DisplayKey::Escape)),
        (0xff09, Some(DisplayKey::NextMode)),
        (0xff52, None),
        (0x0d, None),
    ] {
        assert_eq!(decode_key(keycode), want, "{keycode:#x}");
    }
}

struct Rig {
    display: Arc<Mutex<FakeDisplay>>,
    writes: Receiver<Vec<Cell>>,
    inputs: Receiver<StationInput>,
    sink: BrailleSink,
}

/// A sink on a fake 20-cell display; inputs from the display arrive on a std channel.
fn rig() -> Rig {
    let display = Arc::new(Mutex::new(FakeDisplay {
        present: true,
        size: (20, 1),
        ..FakeDisplay::default()
    }));
    let (wtx, writes) = std_mpsc::channel();
    let connector = FakeConnector {
        display: Arc::clone(&display),
        written: Some(wtx),
    };
    let (tx, mut rx) = mpsc::channel(16);
    let (itx, inputs) = std_mpsc::channel();
    std::thread::spawn(move || {
        while let Some(i) = rx.blocking_recv() {
            if itx.send(i).is_err() {
                return;
            }
        }
    });
    let mut config = BrailleConfig::new(Actor::Player(Color::White), Language::De);
    config.backoff = Duration::from_millis(5);
    config.max_backoff = Duration::from_millis(20);
    let sink = BrailleSink::spawn(config, Box::new(connector), tx).unwrap();
    Rig {
        display,
        writes,
        inputs,
        sink,
    }
}

const WAIT: Duration = Duration::from_secs(5);

impl Rig {
    /// Waits for a write showing `text` first.
    fn shows(&self, text: &str) -> Vec<Cell> {
        let want = display_table(Language::De).to_cells(text);
        loop {
            let cells = self
                .writes
                .recv_timeout(WAIT)
                .unwrap_or_else(|_| panic!("never showed {text:?}"));
            if cells.starts_with(&want) && cells[want.len()..].iter().all(|c| *c == Cell::BLANK) {
                return cells;
            }
        }
    }

    fn press(&self, code: u64) {
        self.display.lock().unwrap().keys.push_back(code);
    }

    fn input(&self) -> Event {
        match self.inputs.recv_timeout(WAIT) {
            Ok(StationInput::Input(Input::Act { by, event })) => {
                assert_eq!(by, Actor::Player(Color::White));
                event
            }
            other => panic!("expected an input, got {other:?}"),
        }
    }

    fn say(&mut self, to: Audience, text: &str) {
        self.sink.deliver(
            Timestamp::ZERO,
            &[Output::Braille(Braille {
                text: text.into(),
                to,
                kind: crate::core::output::BrailleKind::Message,
            })],
        );
    }
}

#[test]
fn shows_the_owners_messages_and_sends_keys_as_the_owners_acts() {
    let mut r = rig();
    r.say(Audience::Black, "Nicht für Weiß");
    r.say(Audience::White, "Sf3?");
    let cells = r.shows("Sf3?");
    assert_eq!(cells.len(), 20);
    assert_eq!(r.display.lock().unwrap().cells, cells);
    // Keys: typed e4 and Enter, then Enter alone confirms.
    for code in [0x65, 0x34, CMD | 31] {
        r.press(code);
    }
    assert_eq!(r.input(), Event::Typed("e4".into()));
    r.press(0xff0d);
    assert_eq!(r.input(), Event::Key(Key::Confirm));
    r.press(CMD | 50);
    assert_eq!(r.input(), Event::Key(Key::Time));
    assert!(r.sink.status().present);
    assert_eq!(r.sink.connections(), 1);
}

/// The key code of a dot chord as BrlAPI delivers it with the retain-dots parameter set
/// (`brlapi_keycodes.h`): a command of the PASSDOTS block with the dots as its argument.
fn chord(cell: Cell) -> u64 {
    CMD | code::PASSDOTS | u64::from(cell.0)
}

/// FIDE Laws D.2.6: what the display shows, typed back chord by chord, is what it showed:
/// the e4 (German computer Braille: 4 = dots 1-4-5-6), the status line, an echo,
/// German letters.
#[test]
fn braille_typing_what_is_shown_gives_it_back() {
    let mut r = rig();
    // The case, e and 4 as shown in German computer Braille (1-5, 1-4-5-6): as
    // dots (PASSDOTS, a driver with retain-dots), and as recorded from the rig's BRLTTY
    // (its Virtual driver: `PassDots 17`, `PassDots 57`, `Return` came as 0x65, 0x34,
    // 0x2000_001f: characters of BRLTTY's German text table).
    #[cfg(feature = "braille")]
    for codes in [
        [0x2022_0011, 0x2022_0039, CMD | 31],
        [0x65, 0x34, 0x2000_001f],
    ] {
        for code in codes {
            r.press(code);
        }
        assert_eq!(r.input(), Event::Typed("e4".into()));
    }
    // Each fits the fake display's 20 cells also in the scoresheet's code (no feature).
    for text in [
        "e4",
        "Sf3? Weiß: Kg1",
        "12.Sf3 W*4:57",
        "S5:00 (=) 0-0-0",
        "Läufer ä ö ü ß",
    ] {
        r.say(Audience::White, text);
        let shown = r.shows(text);
        let cells = &shown[..display_table(Language::De).to_cells(text).len()];
        for cell in cells {
            r.press(chord(*cell));
        }
        r.press(CMD | 31);
        assert_eq!(r.input(), Event::Typed(text.into()), "{text}");
    }
}

#[test]
fn a_lost_display_comes_back_with_the_current_state() {
    let mut r = rig();
    r.say(Audience::White, "Eins");
    r.shows("Eins");
    r.display.lock().unwrap().unplug();
    // The game goes on meanwhile.
    r.say(Audience::White, "Zwei");
    r.say(Audience::All, "Drei");
    r.display.lock().unwrap().plug();
    let cells = r.shows("Drei");
    assert_eq!(vr_dots(&cells), vr_dots(&r.display.lock().unwrap().cells));
    assert_eq!(r.sink.connections(), 2);
    assert_eq!(r.sink.losses(), 1);
    assert!(r.sink.status().present);
    // Unplugged for a while: reported absent, retried with backoff, still back.
    r.display.lock().unwrap().unplug();
    r.say(Audience::White, "Vier");
    r.display.lock().unwrap().plug();
    r.shows("Vier");
    assert_eq!(r.sink.losses(), 2);
}

#[test]
fn a_display_that_is_never_there_stops_nothing() {
    let (tx, _rx) = mpsc::channel(4);
    let display = Arc::new(Mutex::new(FakeDisplay::default()));
    let connector = FakeConnector {
        display,
        written: None,
    };
    let mut config = BrailleConfig::new(Actor::Arbiter, Language::En);
    config.backoff = Duration::from_millis(1);
    let mut sink = BrailleSink::spawn(config, Box::new(connector), tx).unwrap();
    for _ in 0..1000 {
        sink.deliver(Timestamp::ZERO, &[Output::Status("-".into())]);
    }
    assert!(!sink.status().present);
    assert!(
        sink.status().detail.contains("fake display"),
        "{}",
        sink.status()
    );
    drop(sink);
}

/// A routing key pick on the board reaches the station as a move, not as text to parse:
/// the first key over the own pawn on e2 asks about it and picks it, the key over e4 sends
/// the move e2–e4.
#[test]
fn a_routing_pick_reaches_the_station_as_a_move() {
    let r = rig();
    let route = |cell: u64| CMD | 0x1_0000 | cell;
    // The board (the start position), down to rank 2; e2 is at cell 2 + 2 * 4.
    r.press(CMD | 33);
    for _ in 0..6 {
        r.press(CMD | 2);
    }
    r.press(route(10));
    assert_eq!(
        r.input(),
        Event::Command(Command::Ask(Question::Square(Square::E2)))
    );
    // Up to rank 4: e4.
    r.press(CMD | 1);
    r.press(CMD | 1);
    r.press(route(10));
    assert_eq!(
        r.input(),
        Event::Move(UciMove::Normal {
            from: Square::E2,
            to: Square::E4,
            promotion: None,
        })
    );
}
