//! The actor with an in-memory port: bytes in → the inputs it sends, a read error →
//! `Lost` once, the port back → `Found` and the placement again.

use std::collections::VecDeque;
use std::path::Path;

use shakmaty::{Chess, Position, Square};

use super::*;
use crate::core::session::Session;
use crate::eboard::{Placement, dgt, millennium};

/// What the fake port's next reads return (`None`: a timeout).
type Script = Arc<Mutex<VecDeque<io::Result<Vec<u8>>>>>;

struct FakePort {
    reads: Script,
    written: Arc<Mutex<Vec<u8>>>,
    fail_writes: Arc<Mutex<bool>>,
}

impl Read for FakePort {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let next = self.reads.lock().unwrap().pop_front();
        match next {
            None => Err(io::ErrorKind::TimedOut.into()),
            Some(Err(e)) => Err(e),
            Some(Ok(bytes)) => {
                buf[..bytes.len()].copy_from_slice(&bytes);
                Ok(bytes.len())
            }
        }
    }
}

impl Write for FakePort {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if *self.fail_writes.lock().unwrap() {
            return Err(io::Error::other("Input/output error (os error 5)"));
        }
        self.written.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Opens `FakePort`s while `present`; finds the board after `finds_after` searches.
struct FakeOpener {
    present: Arc<Mutex<bool>>,
    fail_writes: Arc<Mutex<bool>>,
    reads: Script,
    written: Arc<Mutex<Vec<u8>>>,
    searches: usize,
    finds_after: usize,
    protocol: Protocol,
}

impl Opener for FakeOpener {
    fn find(&mut self) -> Option<(PathBuf, Protocol)> {
        self.searches += 1;
        (self.searches > self.finds_after).then(|| (PathBuf::from("/dev/fake"), self.protocol))
    }

    fn open(
        &mut self,
        path: &Path,
        _: Protocol,
    ) -> Result<Box<dyn Port>, crate::eboard::actor::OpenError> {
        assert_eq!(path, Path::new("/dev/fake"));
        if !*self.present.lock().unwrap() {
            return Err(crate::eboard::actor::OpenError::Failed {
                path: path.to_owned(),
                source: std::io::Error::from(std::io::ErrorKind::NotFound),
            });
        }
        Ok(Box::new(FakePort {
            reads: Arc::clone(&self.reads),
            written: Arc::clone(&self.written),
            fail_writes: Arc::clone(&self.fail_writes),
        }))
    }
}

struct Rig {
    actor: BoardActor<FakeOpener>,
    present: Arc<Mutex<bool>>,
    fail_writes: Arc<Mutex<bool>>,
    wish: Arc<Mutex<ClockWish>>,
    reads: Script,
    written: Arc<Mutex<Vec<u8>>>,
    t0: Instant,
}

impl Rig {
    fn new(protocol: Protocol, finds_after: usize) -> Rig {
        let present = Arc::new(Mutex::new(true));
        let fail_writes = Arc::new(Mutex::new(false));
        let wish: Arc<Mutex<ClockWish>> = Arc::default();
        let reads: Script = Arc::default();
        let written = Arc::new(Mutex::new(Vec::new()));
        let opener = FakeOpener {
            present: Arc::clone(&present),
            fail_writes: Arc::clone(&fail_writes),
            reads: Arc::clone(&reads),
            written: Arc::clone(&written),
            searches: 0,
            finds_after,
            protocol,
        };
        let actor = BoardActor::new(opener, Color::Black, None, Arc::clone(&wish));
        Rig {
            actor,
            present,
            fail_writes,
            wish,
            reads,
            written,
            t0: Instant::now() + Duration::from_millis(1),
        }
    }

    fn feed(&self, bytes: &[u8]) {
        self.reads.lock().unwrap().push_back(Ok(bytes.to_vec()));
    }

    fn fail(&self) {
        let e = io::Error::other("Input/output error (os error 5)");
        self.reads.lock().unwrap().push_back(Err(e));
    }

    /// The events of the steps at `ms` after the start (one step each).
    fn at(&mut self, ms: &[u64]) -> Vec<BoardEvent> {
        let mut out = Vec::new();
        for &m in ms {
            for input in self.actor.step(self.t0 + Duration::from_millis(m)) {
                match input {
                    Input::Act {
                        by: Who::Player(Color::Black),
                        event: crate::core::input::Event::Board(e),
                    } => out.push(e),
                    other => panic!("not Black's board event: {other:?}"),
                }
            }
        }
        out
    }
}

fn start() -> Placement {
    Placement::from(Chess::default().board())
}

fn placement(p: &Placement) -> BoardEvent {
    BoardEvent::Placement(shakmaty::Board::from(p))
}

fn no_clock() -> Vec<u8> {
    dgt::frame(dgt::MSG_BWTIME, &[0, 0, 0, 0, 0, 0, 0x20])
}

#[test]
fn dgt_bytes_in_events_out_then_lost_once_and_found_again() {
    let mut rig = Rig::new(Protocol::Dgt, 0);
    assert_eq!(rig.at(&[0]), [], "opened");
    assert_eq!(*rig.written.lock().unwrap(), [0x4b, 0x42, 0x41]);
    rig.feed(&dgt::board_dump(&start()));
    rig.feed(&no_clock());
    assert_eq!(
        rig.at(&[10, 20]),
        [BoardEvent::Found { clock: false }, placement(&start())]
    );
    // Garbage, then a field update split over two reads.
    rig.feed(&[0x01, 0x02, 0x8e, 0x00]);
    rig.feed(&[0x05, 52, 0]);
    let mut lifted = start();
    lifted.set(Square::E2, None);
    assert_eq!(rig.at(&[30, 40]), [placement(&lifted)]);
    // The device goes: one Lost, however often the port fails to open again.
    *rig.present.lock().unwrap() = false;
    rig.fail();
    assert_eq!(rig.at(&[50]), [BoardEvent::Lost]);
    assert_eq!(rig.at(&[100, 1100, 2100, 3100]), []);
    assert_eq!(rig.actor.opener.searches, 1, "the same port tried again");
    // Back: opened again at the next try, Found and the fresh placement.
    *rig.present.lock().unwrap() = true;
    rig.written.lock().unwrap().clear();
    assert_eq!(rig.at(&[4100]), []);
    assert_eq!(*rig.written.lock().unwrap(), [0x4b, 0x42, 0x41]);
    rig.feed(&dgt::board_dump(&lifted));
    assert_eq!(rig.at(&[4110]), []);
    // No clock answer: found without one after CLOCK_WAIT.
    assert_eq!(
        rig.at(&[4100 + 1500]),
        [BoardEvent::Found { clock: false }, placement(&lifted)]
    );
    // Gone again for good: after SEARCH_AFTER failed tries the ports are searched.
    *rig.present.lock().unwrap() = false;
    rig.fail();
    assert_eq!(rig.at(&[6000]), [BoardEvent::Lost]);
    let tries: Vec<u64> = (1..=u64::from(SEARCH_AFTER))
        .map(|i| 6000 + i * 1000)
        .collect();
    assert_eq!(rig.at(&tries), []);
    assert_eq!(rig.actor.opener.searches, 1);
    rig.at(&[6000 + (u64::from(SEARCH_AFTER) + 1) * 1000]);
    assert_eq!(rig.actor.opener.searches, 2);
}

/// An end of file (a pseudo-terminal's master closed) is a loss too; no Lost before any
/// Found.
#[test]
fn end_of_file_is_lost_and_nothing_before_found() {
    let mut rig = Rig::new(Protocol::Millennium, 0);
    rig.at(&[0]);
    rig.feed(&[]);
    assert_eq!(rig.at(&[10]), [], "lost before Found: nothing to say");
    assert!(!rig.actor.connected());
    rig.at(&[1010]);
    assert!(rig.actor.connected());
    rig.feed(&millennium::status(&start()));
    assert_eq!(
        rig.at(&[1020]),
        [BoardEvent::Found { clock: false }, placement(&start())]
    );
    rig.feed(&[]);
    assert_eq!(rig.at(&[1030]), [BoardEvent::Lost]);
}

/// With a DGT 3000: Found with the clock, each lever flip a Lever, the station's times
/// written to the port as a SETNRUN; a write that fails is a loss too.
#[test]
fn dgt_clock_lever_times_and_a_failed_write() {
    let mut rig = Rig::new(Protocol::Dgt, 0);
    rig.at(&[0]);
    let clock = |lever: bool| {
        let status = 0x01 | if lever { 0x02 } else { 0 };
        dgt::frame(dgt::MSG_BWTIME, &[0, 0x04, 0x59, 0, 0x05, 0, status])
    };
    rig.feed(&dgt::board_dump(&start()));
    rig.feed(&clock(false));
    assert_eq!(
        rig.at(&[10, 20]),
        [BoardEvent::Found { clock: true }, placement(&start())]
    );
    rig.feed(&clock(true));
    rig.feed(&clock(true));
    rig.feed(&clock(false));
    assert_eq!(
        rig.at(&[30, 40, 50]),
        [BoardEvent::Lever, BoardEvent::Lever]
    );
    let times = set_and_run(
        Duration::from_secs(299),
        Duration::from_secs(300),
        Some(Color::White),
    );
    rig.wish.lock().unwrap().times = Some(times.clone());
    rig.written.lock().unwrap().clear();
    rig.at(&[60]);
    assert_eq!(*rig.written.lock().unwrap(), times.bytes());
    // The next wish waits for the clock's acknowledgement; writing it fails: Lost.
    *rig.fail_writes.lock().unwrap() = true;
    rig.wish.lock().unwrap().times = Some(set_and_run(
        Duration::from_secs(299),
        Duration::from_secs(300),
        None,
    ));
    rig.feed(&dgt::frame(
        dgt::MSG_BWTIME,
        &[0x0a, 0x10, 0x0a, 0x0a, 0, 0, 0],
    ));
    assert_eq!(rig.at(&[70]), [BoardEvent::Lost]);
    assert!(!rig.actor.connected());
}

/// No board at first: searched again every SEARCH until one is plugged in.
#[test]
fn searched_again_until_found() {
    let mut rig = Rig::new(Protocol::Dgt, 2);
    rig.at(&[0, 1000, 2999]);
    assert_eq!(rig.actor.opener.searches, 1);
    rig.at(&[3000]);
    assert_eq!(rig.actor.opener.searches, 2);
    assert!(!rig.actor.connected());
    rig.at(&[6000]);
    assert!(rig.actor.connected());
}

/// The clock's sink: every clock reading becomes the wished times; the blind player's
/// move is the wished text while it is the last move made.
#[test]
fn the_sink_wishes_the_station_times() {
    let wish: Arc<Mutex<ClockWish>> = Arc::default();
    let mut sink = ClockSink::new(Arc::clone(&wish), Color::Black);
    let reading = crate::core::output::ClockReading {
        white: Duration::from_secs(61),
        black: Duration::from_secs(3600),
        running: Some(Color::Black),
    };
    // The clock as it stands at the start (5 minutes each, stopped).
    let config = crate::core::setup::SessionSetup {
        clock: Some(crate::core::clock::time_control::ClockSetup::same(
            crate::core::clock::TimeControl::from_pgn("300").unwrap(),
        )),
        ..crate::core::setup::SessionSetup::default()
    };
    let session = Session::new(config).unwrap();
    sink.deliver(Timestamp::ZERO, &[]);
    sink.observe(&StepView::of(&session));
    assert_eq!(
        wish.lock().unwrap().times.as_ref().map(|c| c.bytes()),
        Some(vec![0x2b, 0x0a, 0x03, 0x0a, 0, 5, 0, 0, 5, 0, 0x04, 0x00])
    );
    assert_eq!(wish.lock().unwrap().text, None);
    sink.deliver(Timestamp::ZERO, &[Output::Clock(reading)]);
    assert_eq!(
        wish.lock().unwrap().times.as_ref().map(|c| c.bytes()),
        Some(vec![0x2b, 0x0a, 0x03, 0x0a, 0, 1, 1, 1, 0, 0, 0x02, 0x00])
    );
}
