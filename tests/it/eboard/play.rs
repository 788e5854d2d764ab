//! The sighted player's electronic board end to end (issue 16, point 6): the real `ansage
//! play` process (`--console --transcript`) with Black's input `eboard` on an emulated
//! DGT or Millennium board (`support/eboard.rs`), White (the blind player) typing on
//! stdin, Black moving only on the board. The transcript is read as it comes; every wait
//! is for the line that says the station saw what the hand did, within [`LIMIT`].

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use ansage::testkit::station::{StationProcess, isolate};

use ansage::eboard::emulator::Kind;
use ansage::eboard::emulator::clock::ClockSide;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Position};

use crate::support::eboard::TestBoard;
use crate::support::{letters, load};

/// How long any one thing the station must do may take (a loaded 2-core machine).
const LIMIT: Duration = Duration::from_secs(20);

/// The station's stability wait (`eboard.wait`, 250 ms by default) and a margin: how long
/// a hand rests after the station has read what it did, so that the next action is a new
/// placement (a sighted player executes the blind player's move, then thinks).
const REST: Duration = Duration::from_millis(400);

/// The Opera game (Morphy against the Duke of Brunswick and Count Isouard, Paris 1858):
/// 33 plies, White mates.
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
    Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

/// Légal's mate (Légal against Saint Brie, Paris 1750): 13 plies, White mates.
const LEGAL: &str = "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#";

/// `ansage play` with Black on the electronic board, read as it runs (the test kit's
/// station process).
struct Station {
    process: StationProcess,
    journal: PathBuf,
    /// How much of the journal [`Station::journaled`] has looked through.
    journal_read: usize,
    _dir: tempfile::TempDir,
    /// A station at work keeps a core busy (`support::load`).
    _busy: load::Busy,
}

impl Station {
    /// Starts the station on `board` (Black's input), in German, White visually impaired,
    /// with isolated settings and a journal in a temporary folder; `extra` arguments
    /// follow. Starts the clock once the board's first placement is in the journal.
    fn start(kind: Kind, board: &TestBoard, extra: &[&str]) -> Station {
        let busy = load::busy();
        let dir = tempfile::tempdir().expect("a temporary folder");
        let journal = dir.path().join("game").join("journal.txt");
        std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
        let kind = match kind {
            Kind::Dgt => "eboard.kind=dgt",
            Kind::Millennium => "eboard.kind=millennium",
        };
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ansage"));
        cmd.args(["play", "--console", "--transcript", "--no-braille"])
            .args(["--lang", "de", "--tc", "10", "--vi", "white"])
            .args(["--black-input", "eboard", "--set", kind, "--set"])
            .arg(board.port_setting())
            .args(["--set", "reminders=off", "--journal"])
            .arg(&journal)
            .args(extra)
            .env("RUST_BACKTRACE", "1");
        isolate(&mut cmd, dir.path()).env("XDG_RUNTIME_DIR", dir.path().join("run"));
        // Started under the fork guard (`StationProcess::spawn`): it inherits no board's pty.
        let process = StationProcess::spawn(&mut cmd).unwrap_or_else(|e| panic!("{e}"));
        let mut station = Station {
            process,
            journal,
            journal_read: 0,
            _dir: dir,
            _busy: busy,
        };
        station.saw_board(board.game());
        station.send("arbiter key start");
        station.wait_for("say:all Die Uhr läuft. Weiß ist am Zug.");
        station
    }

    /// Types `line` on the console.
    #[track_caller]
    fn send(&mut self, line: &str) {
        if let Err(e) = self.process.send(line) {
            self.fail(&e.to_string());
        }
    }

    /// Waits (up to [`LIMIT`]) for a transcript line after the last one waited for that
    /// contains `needle`; returns it and looks after it next time.
    #[track_caller]
    fn wait_for(&mut self, needle: &str) -> String {
        self.process
            .wait_for(needle, LIMIT)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The transcript read so far.
    fn transcript(&mut self) -> Vec<String> {
        self.process.take_in();
        self.process.stdout()
    }

    /// Reads the transcript for `time`: what the station says meanwhile (to check that it
    /// does not do something by itself).
    fn quiet_for(&mut self, time: Duration) {
        self.process.read_for(time);
    }

    /// Waits (up to [`LIMIT`]) until the journal holds a record ending in `what` after
    /// the last one waited for: the station has read it (every input is journaled before
    /// the session sees it).
    #[track_caller]
    fn journaled(&mut self, what: &str) {
        let deadline = Instant::now() + LIMIT;
        loop {
            let journal = std::fs::read_to_string(&self.journal).unwrap_or_default();
            let after = journal.get(self.journal_read..).unwrap_or_default();
            if let Some(end) = after
                .split_inclusive('\n')
                .scan(0, |end, l| {
                    *end += l.len();
                    Some((*end, l))
                })
                .find(|(_, l)| l.strip_suffix('\n').is_some_and(|l| l.ends_with(what)))
                .map(|(end, _)| end)
            {
                self.journal_read += end;
                return;
            }
            if Instant::now() >= deadline {
                self.fail(&format!("the journal never held {what:?}:\n{journal}"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the station has read the board's placement of `game`'s position (the
    /// board set up the usual way); then the hand rests ([`REST`]), so that the station's
    /// stability wait runs out before the hand moves on.
    #[track_caller]
    fn saw_board(&mut self, game: &Chess) {
        self.journaled(&format!(" black board {}", game.board()));
        std::thread::sleep(REST);
    }

    /// White types `san` (in German letters) and confirms it; waits for it made.
    #[track_caller]
    fn white(&mut self, san: &str) {
        self.send(&letters::german(san));
        self.send("ja");
        self.wait_for(&format!(" {san} clk "));
    }

    /// Fails the test with what the station wrote so far (its transcript and stderr).
    #[track_caller]
    fn fail(&mut self, what: &str) -> ! {
        panic!("{what}{}", self.process.said());
    }

    /// Quits the station; returns the whole transcript and the game's PGN.
    #[track_caller]
    fn finish(mut self) -> (Vec<String>, String) {
        let status = self
            .process
            .quit(LIMIT)
            .unwrap_or_else(|e| panic!("ansage play after quit: {e}"));
        let stderr = self.process.stderr();
        assert!(status.success(), "{status}: {stderr}");
        let pgn = self.journal.with_file_name("game.pgn");
        let pgn = std::fs::read_to_string(&pgn)
            .unwrap_or_else(|e| panic!("{}: {e}\n{stderr}", pgn.display()));
        (self.process.stdout(), pgn)
    }
}

/// The moves of a PGN's movetext, without numbers, comments and the result.
fn pgn_moves(pgn: &str) -> Vec<String> {
    let text: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = Vec::new();
    let mut depth = 0;
    for token in text.split_whitespace() {
        if token.starts_with('{') {
            depth += 1;
        }
        if depth == 0 && !token.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            out.push(token.to_owned());
        }
        if token.ends_with('}') {
            depth -= 1;
        }
    }
    out
}

/// A whole game: White types each move and Black executes it on the board; Black moves
/// on the board only. The made lines and the PGN are the game, White wins.
fn whole_game(kind: Kind, game: &str) {
    let mut board = TestBoard::new(kind, false);
    let mut station = Station::start(kind, &board, &[]);
    moves(&mut station, &mut board, game);
    station.wait_for("say:all Schachmatt. Weiß gewinnt.");
    let (lines, pgn) = station.finish();
    let made: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_once(" made ").map(|(_, m)| m))
        .collect();
    let sans: Vec<&str> = game.split_whitespace().collect();
    assert_eq!(made.len(), sans.len(), "{made:#?}");
    for (i, (m, san)) in made.iter().zip(&sans).enumerate() {
        let dots = if i % 2 == 0 { "." } else { "..." };
        let want = format!("{}{dots} {san} clk ", i / 2 + 1);
        assert!(m.starts_with(&want), "{m} is not {want}");
    }
    assert_eq!(pgn_moves(&pgn), sans, "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.trim_end().ends_with("1-0"), "{pgn}");
    // Nothing was ever found wrong on the board.
    assert_eq!(count(&lines, "Brett des Gegners"), 0, "{lines:#?}");
    assert_eq!(count(&lines, "Ihrem Brett"), 0, "{lines:#?}");
}

#[test]
fn eboard_play_a_whole_game_on_a_dgt_board() {
    whole_game(Kind::Dgt, OPERA);
}

#[test]
fn eboard_play_a_whole_game_on_a_millennium_board() {
    whole_game(Kind::Millennium, LEGAL);
}

/// The game's position after `sans` (SAN, space-separated) from `fen`.
fn position(fen: &str, sans: &str) -> Chess {
    let mut pos: Chess = fen
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    for san in sans.split_whitespace() {
        let mv = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(mv);
    }
    pos
}

/// The UCI text of `san` in `pos`.
fn uci(pos: &Chess, san: &str) -> String {
    let mv = san.parse::<San>().unwrap().to_move(pos).unwrap();
    mv.to_uci(CastlingMode::Standard).to_string()
}

/// Each line of `lines` that contains `needle`.
fn count(lines: &[String], needle: &str) -> usize {
    lines.iter().filter(|l| l.contains(needle)).count()
}

/// Plays `sans` from where the game stands: White types each move and the hand executes
/// it; Black moves on the board and the station makes it.
fn moves(station: &mut Station, board: &mut TestBoard, sans: &str) {
    for san in sans.split_whitespace() {
        let mv = uci(board.game(), san);
        let white = board.game().turn().is_white();
        let number = board.game().fullmoves();
        if white {
            station.white(san);
            board.play(&mv);
            station.saw_board(board.game());
        } else {
            board.play(&mv);
            station.wait_for(&format!(" made {number}... {san} clk "));
        }
    }
}

/// The start position's FEN.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn eboard_play_a_wrongly_executed_move_is_caught_and_corrected() {
    let kind = Kind::Millennium;
    let mut board = TestBoard::new(kind, false);
    let mut station = Station::start(kind, &board, &[]);
    moves(&mut station, &mut board, "e4 e5");
    station.white("Nf3");
    // Black executes White's Nf3 with the knight on h3: said to both at once (D.2.9).
    board.misplace("g1", "h3");
    let theirs = "say:white Auf dem Brett des Gegners steht der Springer auf Hector drei statt \
                  Felix drei.";
    let yours = "say:black Auf Ihrem Brett steht der Springer auf Hector drei statt Felix drei.";
    station.wait_for(theirs);
    station.wait_for(yours);
    // He corrects it: the boards match again; the game goes on.
    board.misplace("h3", "f3");
    station.wait_for("say:white Brett stimmt wieder.");
    station.wait_for("say:black Brett stimmt wieder.");
    board.set_up(position(START, "e4 e5 Nf3"));
    moves(&mut station, &mut board, "Nc6 Bc4 Bc5");
    let (lines, pgn) = station.finish();
    assert_eq!(count(&lines, theirs), 1, "{lines:#?}");
    assert_eq!(count(&lines, yours), 1, "{lines:#?}");
    assert_eq!(count(&lines, "Brett stimmt wieder."), 2, "{lines:#?}");
    assert_eq!(pgn_moves(&pgn), ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
}

#[test]
fn eboard_play_castling_rook_first_is_made_as_castling() {
    let kind = Kind::Dgt;
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let mut board = TestBoard::new(kind, false);
    board.set_up(position(fen, ""));
    // Made 2.5 s after the board stands in the move's position: time to see the rook's
    // move echoed before the king follows, on a loaded machine too.
    let args = ["--fen", fen, "--set", "eboard.complete=stable:2500"];
    let mut station = Station::start(kind, &board, &args);
    // White castles; Black executes it rook first.
    station.white("O-O");
    board.play_rook_first("e1g1");
    station.saw_board(board.game());
    // Black castles long rook first: the rook on d8 is a legal move (echoed), the king on
    // c8 makes it castling.
    board.misplace("a8", "d8");
    station.wait_for("say:black Turm David acht.");
    board.misplace("e8", "c8");
    station.wait_for("say:black Lange Rochade.");
    station.wait_for(" made 1... O-O-O clk ");
    station.wait_for("say:white Lange Rochade.");
    board.set_up(position(fen, "O-O O-O-O"));
    moves(&mut station, &mut board, "d4 d5");
    let (lines, pgn) = station.finish();
    assert_eq!(count(&lines, " made 1... Rd8"), 0, "{lines:#?}");
    assert_eq!(count(&lines, " made "), 4, "{lines:#?}");
    assert_eq!(pgn_moves(&pgn), ["O-O", "O-O-O", "d4", "d5"], "{pgn}");
}

#[test]
fn eboard_play_promotion_and_under_promotion_on_the_board() {
    let kind = Kind::Millennium;
    let fen = "4k3/8/8/8/8/8/1p4p1/4K3 w - - 0 1";
    let mut board = TestBoard::new(kind, false);
    board.set_up(position(fen, ""));
    let mut station = Station::start(kind, &board, &["--fen", fen]);
    // The pawn lifted, the new piece put down: a queen, then a knight.
    moves(&mut station, &mut board, "Ke2 g1=Q Kd3 b1=N");
    let (lines, pgn) = station.finish();
    assert_eq!(
        count(&lines, "say:white Gustav eins Dame."),
        1,
        "{lines:#?}"
    );
    assert_eq!(
        count(&lines, "say:white Bella eins Springer."),
        1,
        "{lines:#?}"
    );
    assert_eq!(pgn_moves(&pgn), ["Ke2", "g1=Q", "Kd3", "b1=N"], "{pgn}");
}

#[test]
fn eboard_play_an_earlier_position_is_a_take_back_candidate_only() {
    let kind = Kind::Dgt;
    let mut board = TestBoard::new(kind, false);
    let mut station = Station::start(kind, &board, &[]);
    moves(&mut station, &mut board, "e4 e5 Nf3 Nc6");
    // Black sets his board back to the position after 1. e4: told to the arbiter; after
    // the grace the squares that differ are said to both; nothing is taken back.
    let now = board.game().clone();
    board.set_up(position(START, "e4"));
    let candidate = "say:arbiter Mögliche Zurücknahme: Das Brett von Schwarz zeigt die \
                     Stellung nach Zug 1 von Weiß, 3 Halbzüge zurück.";
    station.wait_for(candidate);
    station.wait_for("say:white Auf dem Brett des Gegners ");
    station.wait_for("say:black Auf Ihrem Brett ");
    board.set_up(now);
    station.wait_for("say:white Brett stimmt wieder.");
    moves(&mut station, &mut board, "Bc4 Bc5");
    let (lines, pgn) = station.finish();
    assert_eq!(count(&lines, "Mögliche Zurücknahme"), 1, "{lines:#?}");
    assert_eq!(count(&lines, " made takeback"), 0, "{lines:#?}");
    assert_eq!(count(&lines, "Zurückgenommen"), 0, "{lines:#?}");
    assert_eq!(pgn_moves(&pgn), ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
}

#[test]
fn eboard_play_the_cable_pulled_and_plugged_back() {
    let kind = Kind::Dgt;
    let mut board = TestBoard::new(kind, false);
    let mut station = Station::start(kind, &board, &[]);
    moves(&mut station, &mut board, "e4 e5");
    let lost = "say:white Das elektronische Brett ist nicht mehr verbunden.";
    let back = "say:white Das elektronische Brett ist wieder verbunden.";
    // Pulled: said once; White moves by console, Black executes it on the unplugged
    // board; plugged back, the board is read and matches.
    board.unplug();
    station.wait_for(lost);
    station.white("Nf3");
    board.play("g1f3");
    board.plug();
    station.wait_for(back);
    station.wait_for("say:white Brett stimmt.");
    station.wait_for("say:black Brett stimmt.");
    moves(&mut station, &mut board, "Nc6");
    // Pulled again; White's move is not executed while unplugged: plugged back, the
    // squares that differ are said; executed, the boards match again.
    board.unplug();
    station.wait_for(lost);
    station.white("Bc4");
    board.plug();
    station.wait_for(back);
    station.wait_for(
        "say:white Auf dem Brett des Gegners steht der Läufer auf Felix eins statt Cäsar vier.",
    );
    board.play("f1c4");
    station.wait_for("say:white Brett stimmt wieder.");
    moves(&mut station, &mut board, "Bc5");
    let (lines, pgn) = station.finish();
    assert_eq!(count(&lines, lost), 2, "once per pull: {lines:#?}");
    assert_eq!(count(&lines, back), 2, "{lines:#?}");
    assert_eq!(pgn_moves(&pgn), ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
}

#[test]
fn eboard_play_the_dgt_3000_lever_and_display() {
    let kind = Kind::Dgt;
    let mut board = TestBoard::new(kind, true);
    let mut station = Station::start(kind, &board, &[]);
    let journal = std::fs::read_to_string(&station.journal).unwrap();
    assert!(
        journal
            .lines()
            .any(|l| l.ends_with(" black board found clock")),
        "{journal}"
    );
    // The blind player's move on the clock's display, his time stopped, Black's running.
    station.white("e4");
    let shows = board.wait_for_clock(LIMIT, |c| c.text.as_deref() == Some("    1.e4"));
    assert_eq!(shows.running, Some(ClockSide::Right), "{shows}");
    board.play("e2e4");
    station.saw_board(board.game());
    // Black's move on the board is echoed with a question and waits for the lever.
    board.play("e7e5");
    station.wait_for("say:black Eva fünf?");
    station.quiet_for(Duration::from_millis(1500));
    let transcript = station.transcript();
    assert_eq!(count(&transcript, " made 1... e5"), 0, "{transcript:#?}");
    board.lever();
    station.wait_for(" made 1... e5 clk ");
    let shows = board.wait_for_clock(LIMIT, |c| c.running == Some(ClockSide::Left));
    assert!((590..=600).contains(&shows.left_secs), "{shows:?}");
    assert!((590..=600).contains(&shows.right_secs), "{shows:?}");
    station.white("Nf3");
    board.wait_for_clock(LIMIT, |c| {
        c.text.as_deref() == Some("   2.Sf3") && c.running == Some(ClockSide::Right)
    });
    let (_, pgn) = station.finish();
    assert_eq!(pgn_moves(&pgn), ["e4", "e5", "Nf3"], "{pgn}");
}
