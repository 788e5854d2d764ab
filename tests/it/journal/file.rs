//! The journal end to end through its file writer and the station's steps: every golden
//! script journaled and resumed gives the same moves, clocks, result and PGN as running
//! the script; heartbeats in the real main loop (tokio's paused time); a damaged file is
//! cut and continued.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ansage::core::input::{Actor, Event, Input, Key};
use ansage::core::journal::{self, Record};
use ansage::core::output::Output;
use ansage::core::script::{self, Action, transcript_line};
use ansage::core::session::Session;
use ansage::core::time::Timestamp;
use ansage::core::words::{HeardWord, HeardWords};
use ansage::journal_file::{FileJournal, Journal, NoJournal, resume};
use ansage::station::{self, Sink, StationInput, Timeline};
use shakmaty::Color;

use crate::support::{golden, load};

struct Collect(Arc<Mutex<Vec<String>>>);

impl Sink for Collect {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        let mut lines = self.0.lock().unwrap();
        lines.extend(outputs.iter().map(|o| transcript_line(at, o)));
    }
}

fn checked(transcript: &[String]) -> Vec<String> {
    transcript
        .iter()
        .filter(|l| {
            l.split(' ')
                .nth(1)
                .is_some_and(|w| w == "made" || w == "result")
        })
        .cloned()
        .collect()
}

/// Plays a script through the station's steps with a file journal, as `ansage play` would:
/// what the station says at the start (how the clock starts), then each input journaled
/// before it is handled, a `wait` a heartbeat.
fn play_journaled(script: &script::Script, path: &Path) -> (Session, Vec<String>) {
    let mut session = Session::new(script.setup.clone()).unwrap();
    let mut journal = FileJournal::create(path, &script.setup).unwrap();
    let lines = Arc::new(Mutex::new(Vec::new()));
    let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Collect(Arc::clone(&lines)))];
    let hint = session.clock_start_hint();
    for sink in &mut sinks {
        sink.deliver(Timestamp::ZERO, &hint);
    }
    for step in &script.steps {
        match &step.action {
            Action::Input(input) => station::handle_input(
                &mut session,
                &mut journal,
                &mut sinks,
                input.clone(),
                step.at,
            ),
            Action::Wait => station::heartbeat(&mut session, &mut journal, &mut sinks, step.at),
        }
    }
    let lines = lines.lock().unwrap().clone();
    (session, lines)
}

#[test]
fn every_golden_script_journaled_and_resumed_is_the_same_game() {
    let _busy = load::busy();
    let dir = tempfile::tempdir().unwrap();
    let scripts = golden::scripts();
    assert!(scripts.len() >= 30, "{scripts:?}");
    for path in scripts {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let parsed = script::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let ran = script::run(&parsed).unwrap();
        let file = dir.path().join(format!("{name}.txt"));
        let (live, transcript) = play_journaled(&parsed, &file);
        // Through the station's steps the game is the script's, line for line.
        assert_eq!(transcript, ran.transcript, "{name}: station transcript");
        let resumed = resume(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(resumed.recovered.damage, None, "{name}");
        let replay = resumed.replay;
        assert_eq!(replay.mismatches, vec![], "{name}");
        assert_eq!(replay.unchecked, 0, "{name}");
        assert_eq!(replay.restored, checked(&ran.transcript), "{name}");
        let session = &replay.session;
        assert_eq!(session.position(), ran.session.position(), "{name}");
        assert_eq!(session.result(), ran.session.result(), "{name}");
        assert_eq!(session.history(), ran.session.history(), "{name}");
        assert_eq!(session.pgn(), ran.session.pgn(), "{name}");
        assert_eq!(live.pgn(), ran.session.pgn(), "{name}");
        match (session.clock(), ran.session.clock()) {
            (Some(a), Some(b)) => {
                for c in Color::ALL {
                    assert_eq!(
                        a.remaining(c, replay.last),
                        b.remaining(c, replay.last),
                        "{name}: {c:?} clock"
                    );
                    assert_eq!(a.running(), b.running(), "{name}");
                }
            }
            (None, None) => {}
            _ => panic!("{name}: clock"),
        }
    }
}

/// In the real main loop (paused time): an input is on disk before its outputs are
/// delivered, heartbeats (the heartbeat task's) come every 50 ms while the clock runs and
/// never while it stands, and instants never go backwards.
#[tokio::test(start_paused = true)]
async fn the_main_loop_journals_inputs_and_heartbeats() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game/journal.txt");
    let config = script::parse("@0 arbiter setup tc=60 vi=white confirm=window:2 lang=de")
        .unwrap()
        .setup;
    let session = Session::new(config.clone()).unwrap();
    let mut journal = FileJournal::create(&path, &config).unwrap();
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let lines = Arc::new(Mutex::new(Vec::new()));
    let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Collect(Arc::clone(&lines)))];
    // The last tick in the file, read while the game runs.
    let watched = path.clone();
    let last_tick = move || {
        journal::read(&std::fs::read(&watched).unwrap())
            .records
            .iter()
            .rev()
            .find_map(|r| match r {
                Record::Tick { at } => Some(at.as_millis()),
                _ => None,
            })
    };
    let driver = tokio::spawn(async move {
        let send = |line: &'static str| StationInput::ConsoleLine(line.into());
        let mut seen = Vec::new();
        tx.send(send("arbiter key start")).await.unwrap();
        tokio::time::sleep(Duration::from_millis(475)).await;
        seen.push(last_tick());
        tokio::time::sleep(Duration::from_millis(525)).await;
        tx.send(send("Eva vier")).await.unwrap();
        // The correction window closes at 3.000 s: the move is made by the deadline.
        tokio::time::sleep(Duration::from_millis(1475)).await;
        seen.push(last_tick());
        tokio::time::sleep(Duration::from_millis(1025)).await;
        tx.send(send("arbiter key pause")).await.unwrap();
        tokio::time::sleep(Duration::from_millis(975)).await;
        seen.push(last_tick());
        tokio::time::sleep(Duration::from_millis(25)).await;
        tx.send(StationInput::Shutdown).await.unwrap();
        seen
    });
    let timeline = Timeline::starting_at(Timestamp::ZERO);
    // The bound, in paused (virtual) time: the game takes about 5 virtual seconds; a loop
    // that never ends fails as soon as nothing else is due.
    const VIRTUAL_LIMIT: Duration = Duration::from_secs(600);
    let (session, seen) = tokio::time::timeout(VIRTUAL_LIMIT, async {
        let session = station::run_journaled(session, rx, &mut sinks, timeline, &mut journal).await;
        (session, driver.await.unwrap())
    })
    .await
    .expect("the station's loop did not end within the virtual limit");
    assert_eq!(session.history().len(), 1);
    let recovered = journal::read(&std::fs::read(&path).unwrap());
    assert_eq!(recovered.damage, None);
    let ticks: Vec<u64> = recovered
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Tick { at } => Some(at.as_millis()),
            _ => None,
        })
        .collect();
    // From the start at 0 to the pause at 3.5 s: a heartbeat every 50 ms, none after.
    // A heartbeat every 50 ms while the clock runs (the last one before each look), none
    // while it stands.
    assert_eq!(seen, [Some(450), Some(2450), Some(3500)]);
    // Each tick took the place of the tick before it: one stands before the move's input
    // at 1 s, one before the deadline's check at 3 s (the move made), one at 3.5 s before
    // the pause.
    assert_eq!(ticks, [1000, 2950, 3500], "{ticks:?}");
    let made: Vec<&Record> = recovered
        .records
        .iter()
        .filter(|r| matches!(r, Record::Check { .. }))
        .collect();
    assert_eq!(
        made,
        [&Record::Check {
            at: Timestamp::from_millis(3000),
            line: "@3.000 made 1. e4 clk 0:00:57.000 emt 0:00:03.000".into()
        }]
    );
    let replay = journal::replay(&recovered).unwrap();
    assert_eq!(replay.mismatches, vec![]);
    assert_eq!(replay.last, Timestamp::from_millis(3500));
    // Synced: the setup, each input, the deadline's check; heartbeats are only written.
    assert_eq!(journal.syncs() as usize, 1 + 3 + 1);
}

/// A journal whose sync of one input is held until the test lets it go: the main loop
/// waits in it, as it waits for a slow disk.
struct HeldSync {
    inner: FileJournal,
    /// Inputs whose line contains this are held.
    hold: &'static str,
    entered: std::sync::mpsc::Sender<()>,
    release: std::sync::mpsc::Receiver<()>,
}

impl Journal for HeldSync {
    fn input(
        &mut self,
        at: Timestamp,
        record: &journal::InputRecord,
    ) -> Result<(), ansage::journal_file::WriteError> {
        let written = self.inner.input(at, record);
        if record.line.contains(self.hold) {
            self.entered.send(()).unwrap();
            self.release
                .recv_timeout(Duration::from_secs(20))
                .expect("the test lets the sync go");
        }
        written
    }
    fn outputs(
        &mut self,
        at: Timestamp,
        outputs: &[Output],
        sync: bool,
    ) -> Result<(), ansage::journal_file::WriteError> {
        self.inner.outputs(at, outputs, sync)
    }
    fn tick(&mut self, at: Timestamp) -> Result<(), ansage::journal_file::WriteError> {
        self.inner.tick(at)
    }
    fn heartbeat(&self) -> Option<ansage::journal_file::Ticker> {
        self.inner.heartbeat()
    }
    fn close(&mut self, at: Timestamp) -> Result<(), ansage::journal_file::WriteError> {
        self.inner.close(at)
    }
}

/// The heartbeat goes on while the main loop waits for an input's sync (a slow disk): a
/// crash then brings the clocks back to the last tick, not to the input. The tick written
/// (and rewritten) meanwhile stands between the input and its check, later than both; the journal reads
/// whole and replays to the same game. Real time, `ansage play`'s multi-threaded runtime.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_heartbeat_goes_on_while_an_input_waits_for_its_sync() {
    const LIMIT: Duration = Duration::from_secs(20);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("journal.txt");
    let config = script::parse("@0 arbiter setup tc=60 vi=white confirm=immediate lang=de")
        .unwrap()
        .setup;
    let (entered_tx, entered) = std::sync::mpsc::channel();
    let (release, release_rx) = std::sync::mpsc::channel();
    let mut held = HeldSync {
        inner: FileJournal::create(&path, &config).unwrap(),
        hold: "white type",
        entered: entered_tx,
        release: release_rx,
    };
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    for line in ["arbiter key start", "white type e2e4"] {
        tx.send(StationInput::ConsoleLine(line.into()))
            .await
            .unwrap();
    }
    tx.send(StationInput::Shutdown).await.unwrap();
    let watched = path.clone();
    let watcher = std::thread::spawn(move || {
        entered
            .recv_timeout(LIMIT)
            .expect("the move reaches the journal");
        let until = std::time::Instant::now() + LIMIT;
        loop {
            let recovered = journal::read(&std::fs::read(&watched).unwrap());
            // The move's is the last input (written before the sync was held); the tick
            // after it is rewritten in place every heartbeat.
            let records = &recovered.records;
            let input = records
                .iter()
                .rposition(|r| matches!(r, Record::Input { .. }));
            let ahead = input.and_then(|i| {
                let tick = records[i..]
                    .iter()
                    .rfind(|r| matches!(r, Record::Tick { .. }))?;
                Some(tick.at().saturating_since(records[i].at()))
            });
            if let Some(ahead) = ahead.filter(|a| *a >= Duration::from_millis(150)) {
                release.send(()).unwrap();
                return ahead;
            }
            assert!(
                std::time::Instant::now() < until,
                "no heartbeat while the sync was held ({LIMIT:?})"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    });
    let mut sinks: Vec<Box<dyn Sink + Send>> = Vec::new();
    let timeline = Timeline::starting_at(Timestamp::ZERO);
    let session = station::run_journaled(
        Session::new(config).unwrap(),
        rx,
        &mut sinks,
        timeline,
        &mut held,
    )
    .await;
    assert!(watcher.join().unwrap() >= Duration::from_millis(150));
    assert_eq!(session.history().len(), 1);
    let recovered = journal::read(&std::fs::read(&path).unwrap());
    assert_eq!(recovered.damage, None);
    let kinds: Vec<&str> = recovered
        .records
        .iter()
        .map(|r| match r {
            Record::Input { .. } => "input",
            Record::Check { .. } => "check",
            Record::Tick { .. } => "tick",
            _ => "other",
        })
        .collect();
    // The move's input, the tick rewritten in place while its sync was held (three
    // heartbeats and more after the input), then its check.
    let input = kinds.iter().rposition(|k| *k == "input").unwrap();
    let check = kinds.iter().position(|k| *k == "check").unwrap();
    assert_eq!(kinds[input + 1..check], ["tick"], "{kinds:?}");
    let (at_input, at_check) = (recovered.records[input].at(), recovered.records[check].at());
    assert_eq!(at_input, at_check);
    assert!(recovered.records[check - 1].at() >= at_check + Duration::from_millis(150));
    let replay = journal::replay(&recovered).unwrap();
    assert_eq!(replay.mismatches, vec![]);
    assert_eq!(replay.session.history(), session.history());
    assert!(replay.last >= recovered.records[check - 1].at());
}

/// A crash in the middle of a record: the resume cuts the torn tail off the file, says
/// so, and the game continues in the same file; a later resume sees one whole game.
#[test]
fn a_torn_journal_is_cut_and_continued() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.txt");
    let parsed = script::parse(
        "@0 arbiter setup tc=300 vi=white lang=de
@0 arbiter key start
@1 white type e4
@2 white key confirm
@3 black type e5
@3.09 arbiter wait
@4 white type Nf3",
    )
    .unwrap();
    play_journaled(&parsed, &path);
    let whole = std::fs::read(&path).unwrap();
    // The last record (4 s, Nf3 announced) torn in the middle.
    let torn = whole.len() - 10;
    std::fs::write(&path, &whole[..torn]).unwrap();
    let mut resumed = resume(&path).unwrap();
    let damage = resumed.recovered.damage.clone().unwrap();
    assert_eq!(damage.kind, journal::DamageKind::Torn);
    let good = resumed.recovered.good_len;
    assert_eq!(damage.dropped, torn - good);
    assert_eq!(resumed.replay.last, Timestamp::from_millis(3090));
    assert_eq!(resumed.replay.session.history().len(), 2);
    let session = &resumed.replay.session;
    let msg = ansage::core::resume::damage_message(session.phrases(), &damage, session);
    assert_eq!(
        session.phrases().speech(&msg),
        format!(
            "Journal beschädigt ab Byte {good} (Eintrag 9, letzter Eintrag unvollständig): {} Bytes verworfen; erhalten: bis Zug 1 von Schwarz.",
            torn - good
        )
    );
    // The file was cut, a `resumed` record appended; the game goes on.
    let mut session = resumed.replay.session;
    let mut sinks: Vec<Box<dyn Sink + Send>> = Vec::new();
    let at = Timestamp::from_millis(3090);
    let pause = Input::key(Actor::Arbiter, Key::Pause);
    station::handle_input(&mut session, &mut resumed.journal, &mut sinks, pause, at);
    for (ms, line) in [
        (5000, "arbiter key start"),
        (6000, "white type Nf3"),
        (7000, "white key confirm"),
    ] {
        let input = script::parse_console_line(line, Actor::Arbiter)
            .unwrap()
            .unwrap();
        let t = Timestamp::from_millis(ms);
        station::handle_input(&mut session, &mut resumed.journal, &mut sinks, input, t);
    }
    resumed.journal.tick(Timestamp::from_millis(7050)).unwrap();
    let again = resume(&path).unwrap();
    assert_eq!(again.recovered.damage, None);
    assert_eq!(again.replay.mismatches, vec![]);
    let restored = again.replay.restored;
    assert_eq!(restored.len(), 3, "{restored:?}");
    // 1. e4 at 2 s; e5 at 3 s; the clock stood from 3.09 s to 5 s: White used 0.09 + 2 s.
    assert_eq!(
        restored[2],
        "@7.000 made 2. Nf3 clk 0:04:55.910 emt 0:00:02.090"
    );
    let text = String::from_utf8(std::fs::read(&path).unwrap()).unwrap();
    assert!(text.contains(" @3.090 resumed\n"), "{text}");
    assert!(text.contains(" @3.090 arbiter key pause\n"), "{text}");
}

/// The session sees the same input with or without a journal: the station hands it the
/// input as its journal line reads back in both cases. Here inputs the line normalises
/// (typed text with control characters, heard words with a confidence out of range or a
/// space inside, a timeout) give the same outputs, the same game and the same replay.
#[test]
fn the_session_sees_the_same_input_with_or_without_a_journal() {
    let white = Actor::Player(Color::White);
    let black = Actor::Player(Color::Black);
    let odd_word = |text: &str, confidence: f32| HeardWord {
        text: text.into(),
        confidence,
        alternatives: vec![("Eva".into(), f32::NAN)],
    };
    let inputs = [
        Input::key(Actor::Arbiter, Key::Start),
        Input::typed(white, "\u{7}e4\u{7}"),
        Input::typed(white, "\tja\r"),
        Input::Act {
            by: black,
            event: Event::Heard(HeardWords {
                words: vec![odd_word("Eva fünf", 1.5), odd_word("fünf", f32::NAN)],
            }),
        },
        Input::typed(black, "e5\u{0}"),
        Input::Timeout,
        Input::picked(white, "g1f3".parse().unwrap()),
        Input::key(white, Key::Confirm),
    ];
    let config = script::parse("@0 arbiter setup tc=300 vi=white lang=de")
        .unwrap()
        .setup;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.txt");
    let mut games = Vec::new();
    for journaled in [false, true] {
        let mut session = Session::new(config.clone()).unwrap();
        let lines = Arc::new(Mutex::new(Vec::new()));
        let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Collect(Arc::clone(&lines)))];
        let mut journal: Box<dyn Journal> = if journaled {
            Box::new(FileJournal::create(&path, &config).unwrap())
        } else {
            Box::new(NoJournal)
        };
        for (i, input) in inputs.iter().enumerate() {
            let at = Timestamp::from_millis(1000 * i as u64);
            station::handle_input(
                &mut session,
                journal.as_mut(),
                &mut sinks,
                input.clone(),
                at,
            );
        }
        let sans: Vec<String> = session
            .history()
            .iter()
            .map(|p| p.made.san.clone())
            .collect();
        games.push((lines.lock().unwrap().clone(), sans));
    }
    assert_eq!(games[0], games[1]);
    assert_eq!(games[0].1, ["e4", "e5", "Nf3"]);
    let replayed = resume(&path).unwrap();
    assert_eq!(replayed.replay.mismatches, vec![]);
    assert_eq!(replayed.replay.session.history().len(), 3);
}
