//! The sighted player's electronic board for end-to-end tests (issue 16): an emulated DGT
//! or Millennium board on a pseudo-terminal (`ansage::eboard::emulator::pty`), behind a
//! path in a temporary folder that `ansage play` opens (`--set eboard.port=PATH`), and the
//! game it follows, so that a test says which move the hand makes (`play("e2e4")`).

use std::time::{Duration, Instant};

use ansage::eboard::Placement;
use ansage::eboard::emulator::clock::ClockShows;
use ansage::eboard::emulator::pty::Link;
use ansage::eboard::emulator::{CastlingOrder, Emulator, HandError, Kind};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position, Square};

use super::proc;

/// How often [`TestBoard::wait_for_clock`] looks at the clock.
const POLL: Duration = Duration::from_millis(10);

/// An emulated board on a pseudo-terminal and the game whose moves a hand makes on it.
pub struct TestBoard {
    link: Link,
    game: Chess,
    _dir: tempfile::TempDir,
}

impl TestBoard {
    /// A board of `kind` (with a DGT 3000 clock if `clock`, DGT only) in the start position.
    pub fn new(kind: Kind, clock: bool) -> TestBoard {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let _fork = proc::fork_guard();
        let link = Link::open(Emulator::new(kind, clock), dir.path().join("eboard"))
            .expect("the emulated board on a pseudo-terminal");
        TestBoard {
            link,
            game: Chess::default(),
            _dir: dir,
        }
    }

    /// The setting that makes the station open this board: `eboard.port=PATH`.
    pub fn port_setting(&self) -> String {
        format!("eboard.port={}", self.link.path().display())
    }

    /// The link itself (its path, unplug, plug, the emulator).
    pub fn link(&mut self) -> &mut Link {
        &mut self.link
    }

    /// The game's position the hand has reached.
    pub fn game(&self) -> &Chess {
        &self.game
    }

    /// A hand makes the legal move `uci` of the game (castling king first).
    pub fn play(&mut self, uci: &str) {
        self.play_in_order(uci, CastlingOrder::KingFirst);
    }

    /// A hand castles rook first (`uci`: the king's move, `e1g1`).
    pub fn play_rook_first(&mut self, uci: &str) {
        self.play_in_order(uci, CastlingOrder::RookFirst);
    }

    fn play_in_order(&mut self, uci: &str, order: CastlingOrder) {
        let mv: Move = uci
            .parse::<UciMove>()
            .ok()
            .and_then(|m| m.to_move(&self.game).ok())
            .unwrap_or_else(|| panic!("{uci} is no legal move in {:?}", self.game.board()));
        self.hand(|e| e.play(&mv, order));
        self.game.play_unchecked(mv);
    }

    /// A hand moves a piece outside the game (a move executed wrongly, a piece knocked
    /// over and put back): the game stays where it was.
    pub fn misplace(&mut self, from: &str, to: &str) {
        let (from, to) = (square(from), square(to));
        self.hand(|e| e.move_piece(from, to));
    }

    /// Any change on the board (lift, put, set up), its bytes sent to the station.
    pub fn hand(&mut self, f: impl FnOnce(&mut Emulator) -> Result<Vec<u8>, HandError>) {
        self.link
            .act(f)
            .expect("the hand's action on the emulated board");
    }

    /// The game taken back by one move (an arbiter's take-back): the hand restores the
    /// previous position's pieces at once.
    pub fn set_up(&mut self, game: Chess) {
        let pieces = Placement::from(game.board());
        self.hand(|e| Ok(e.set_pieces(pieces)));
        self.game = game;
    }

    /// The clock's lever pressed.
    pub fn lever(&mut self) {
        self.hand(Emulator::press_lever);
    }

    /// The cable pulled.
    pub fn unplug(&mut self) {
        self.link.unplug();
    }

    /// The cable plugged back.
    pub fn plug(&mut self) {
        let _fork = proc::fork_guard();
        self.link.plug().expect("a new pseudo-terminal");
    }

    /// What the clock shows now.
    pub fn clock_shows(&self) -> Option<ClockShows> {
        self.link.with(|e| e.clock_shows())
    }

    /// Waits (up to `limit`) until the clock shows what `want` accepts; panics naming the
    /// last thing it showed.
    pub fn wait_for_clock(
        &self,
        limit: Duration,
        want: impl Fn(&ClockShows) -> bool,
    ) -> ClockShows {
        let deadline = Instant::now() + limit;
        loop {
            let shows = self.clock_shows().expect("a clock on the board");
            if want(&shows) {
                return shows;
            }
            assert!(
                Instant::now() < deadline,
                "the clock still shows {shows} after {limit:?}"
            );
            std::thread::sleep(POLL);
        }
    }
}

fn square(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|_| panic!("{name} is no square"))
}
