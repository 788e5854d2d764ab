//! The station's main loop in tokio's paused (virtual) time: deadlines fire at their exact
//! instants, inputs are handled in order, shutdown ends the loop. No sleeps: time is virtual.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ansage::core::output::Output;
use ansage::core::script::{self, transcript_line};
use ansage::core::session::Session;
use ansage::core::time::Timestamp;
use ansage::station::{Sink, StationInput, run};

/// The bound on the station's loop, in paused (virtual) time: a test runs for at most about
/// 30 virtual seconds; a loop that never ends fails as soon as nothing else is due.
const VIRTUAL_LIMIT: Duration = Duration::from_secs(600);

struct Collect(Arc<Mutex<Vec<String>>>);

impl Sink for Collect {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        let mut lines = self.0.lock().unwrap();
        for o in outputs {
            // The virtual time of delivery must equal the instant of the output.
            lines.push(transcript_line(at, o));
        }
    }
}

#[tokio::test(start_paused = true)]
async fn flag_and_reminders_fire_at_their_instants_and_console_lines_are_moves() {
    let parsed = script::parse("@0 arbiter setup tc=12 vi=white lang=de").unwrap();
    let session = Session::new(parsed.setup).unwrap();
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let lines = Arc::new(Mutex::new(Vec::new()));
    let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Collect(Arc::clone(&lines)))];
    let epoch = tokio::time::Instant::now();
    let driver = tokio::spawn(async move {
        tx.send(StationInput::ConsoleLine("arbiter key start".into()))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(1500)).await;
        tx.send(StationInput::ConsoleLine("Eva vier".into()))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        tx.send(StationInput::ConsoleLine("ja".into()))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_secs(30)).await;
        tx.send(StationInput::Shutdown).await.unwrap();
    });
    let session = tokio::time::timeout(VIRTUAL_LIMIT, async {
        let session = run(session, rx, &mut sinks, epoch).await;
        driver.await.unwrap();
        session
    })
    .await
    .expect("the station's loop did not end within the virtual limit");
    let lines = lines.lock().unwrap();
    let said: Vec<&String> = lines.iter().filter(|l| !l.contains("braille:")).collect();
    let text: Vec<&str> = said.iter().map(|s| s.as_str()).collect();
    // The move was made at 2.000 s; black's clock then ran 12 s: black's flag at 14.000.
    assert!(
        text.contains(&"@2.000 made 1. e4 clk 0:00:10.000 emt 0:00:02.000"),
        "{text:#?}"
    );
    assert!(
        text.contains(&"@4.000 say:black [until @4.500] zehn"),
        "{text:#?}"
    );
    assert!(
        text.contains(&"@13.000 say:black [until @13.500] eins"),
        "{text:#?}"
    );
    assert!(
        text.contains(&"@14.000 clock flag black first"),
        "{text:#?}"
    );
    assert!(
        text.contains(&"@14.000 result 1-0 time forfeit"),
        "{text:#?}"
    );
    assert_eq!(session.history().len(), 1);
}

#[tokio::test(start_paused = true)]
async fn a_bad_console_line_is_answered_and_nothing_changes() {
    let session = Session::new(Default::default()).unwrap();
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let lines = Arc::new(Mutex::new(Vec::new()));
    let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Collect(Arc::clone(&lines)))];
    tx.send(StationInput::ConsoleLine("white key jump".into()))
        .await
        .unwrap();
    tx.send(StationInput::ConsoleLine("Banane".into()))
        .await
        .unwrap();
    tx.send(StationInput::Shutdown).await.unwrap();
    let session = tokio::time::timeout(
        VIRTUAL_LIMIT,
        run(session, rx, &mut sinks, tokio::time::Instant::now()),
    )
    .await
    .expect("the station's loop did not end within the virtual limit");
    assert!(session.history().is_empty());
    let lines = lines.lock().unwrap();
    assert_eq!(
        lines.as_slice(),
        [
            "@0.000 say:white Nicht verstanden, bitte wiederholen.",
            "@0.000 braille:white Nicht verstanden, bitte wiederholen.",
            "@0.000 say:all Die Station wird beendet.",
            "@0.000 braille:all Die Station wird beendet."
        ]
    );
}

/// "Partie beenden", confirmed, ends the game without a result and the station stops by
/// itself, as on `quit`, though its input stays open; "nein" keeps it going.
#[tokio::test(start_paused = true)]
async fn ending_the_game_stops_the_station() {
    let parsed = script::parse("@0 arbiter setup tc=600 vi=white lang=de").unwrap();
    let session = Session::new(parsed.setup).unwrap();
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let lines = Arc::new(Mutex::new(Vec::new()));
    let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Collect(Arc::clone(&lines)))];
    let epoch = tokio::time::Instant::now();
    let driver = tokio::spawn(async move {
        for line in ["white key start", "beenden", "nein", "Partie beenden", "ja"] {
            tx.send(StationInput::ConsoleLine(line.into()))
                .await
                .unwrap();
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        // The input stays open and no shutdown is sent: only the end stops the station.
        std::future::pending::<()>().await;
        drop(tx);
    });
    let session = tokio::time::timeout(VIRTUAL_LIMIT, run(session, rx, &mut sinks, epoch))
        .await
        .expect("the station did not stop after the game was ended");
    driver.abort();
    let result = session.result().expect("a result");
    assert_eq!(result.pgn(), "*");
    assert!(session.closed());
    assert!(session.history().is_empty());
    let lines = lines.lock().unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("say:white Nicht beendet, die Partie geht weiter.")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.ends_with("result * unterminated")),
        "{lines:#?}"
    );
}

/// An acknowledged input (the web page's action) is handled like any other, and its
/// sender hears back only after its outputs have reached the sinks.
#[tokio::test(start_paused = true)]
async fn an_acknowledged_input_is_answered_after_its_outputs_are_delivered() {
    use ansage::core::input::{Actor, Input};
    use shakmaty::Color;
    let parsed = script::parse("@0 arbiter setup vi=black lang=de").unwrap();
    let session = Session::new(parsed.setup).unwrap();
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let lines = Arc::new(Mutex::new(Vec::new()));
    let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Collect(Arc::clone(&lines)))];
    let seen = Arc::clone(&lines);
    let driver = tokio::spawn(async move {
        let (done, answered) = tokio::sync::oneshot::channel();
        let input = Input::typed(Actor::Player(Color::White), "e4");
        tx.send(StationInput::Acknowledged { input, done })
            .await
            .unwrap();
        answered.await.expect("the station answers");
        let made = seen
            .lock()
            .unwrap()
            .iter()
            .any(|l| l.contains("made 1. e4"));
        tx.send(StationInput::Shutdown).await.unwrap();
        made
    });
    let epoch = tokio::time::Instant::now();
    let made = tokio::time::timeout(VIRTUAL_LIMIT, async {
        run(session, rx, &mut sinks, epoch).await;
        driver.await.unwrap()
    })
    .await
    .expect("the station's loop did not end within the virtual limit");
    let lines = lines.lock().unwrap();
    assert!(made, "the move was delivered before the answer: {lines:#?}");
}

/// Words a shared microphone heard name no speaker: the session names the side to move in
/// the position the words are handled in (FIDE Laws D.2.1), so "Eva fünf" heard after
/// white's move made is black's announcement; a microphone of one person keeps its owner.
#[tokio::test(start_paused = true)]
async fn heard_words_are_the_side_to_move_s_unless_the_microphone_is_one_person_s() {
    use ansage::core::input::Actor;
    use ansage::core::words::HeardWords;
    use shakmaty::Color;
    let session = Session::new(Default::default()).unwrap();
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let lines = Arc::new(Mutex::new(Vec::new()));
    let mut sinks: Vec<Box<dyn Sink + Send>> = vec![Box::new(Collect(Arc::clone(&lines)))];
    let heard = |by: Option<Actor>, text: &str| StationInput::Heard {
        by,
        words: HeardWords::from_text(text),
    };
    for msg in [
        heard(None, "Eva vier"),
        heard(None, "ja"),
        heard(None, "Eva fünf"),
        heard(None, "ja"),
        heard(Some(Actor::Player(Color::White)), "Springer Felix drei"),
        StationInput::Shutdown,
    ] {
        tx.send(msg).await.unwrap();
    }
    let session = tokio::time::timeout(
        VIRTUAL_LIMIT,
        run(session, rx, &mut sinks, tokio::time::Instant::now()),
    )
    .await
    .expect("the station's loop did not end within the virtual limit");
    let sans: Vec<String> = session
        .history()
        .iter()
        .map(|p| p.made.san.clone())
        .collect();
    assert_eq!(sans, ["e4", "e5"]);
    let lines = lines.lock().unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("@0.000 say:white") && l.contains("Springer Felix drei")),
        "white's own microphone announced white's move: {lines:#?}"
    );
}
