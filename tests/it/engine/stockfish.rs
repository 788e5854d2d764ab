//! The engine adapter against Debian's stockfish (installed by `.ci/setup.sh`): the
//! handshake, the level's options taken, and a search at a fixed node budget on one thread
//! that gives the same move every time (what the tests of a training game rely on); and a
//! whole game against level 1 at the console, played to its end.

use std::time::Duration;

use ansage::core::engine::level::Level;
use ansage::engine::client::Timeouts;
use ansage::engine::opponent::Opponent;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Move, Position as _};

use super::train::Station;

fn stockfish() -> std::path::PathBuf {
    ansage::engine::find::find(
        std::path::Path::new(""),
        std::env::var_os("PATH").as_deref(),
    )
    .expect("stockfish is installed by .ci/setup.sh")
}

#[test]
fn full_strength_at_a_fixed_budget_is_deterministic() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let timeouts = Timeouts {
        start: Duration::from_secs(30),
        search: Duration::from_secs(60),
    };
    let moves: Vec<String> = rt.block_on(async {
        let mut out = Vec::new();
        for _ in 0..2 {
            let mut opponent = Opponent::new(stockfish(), Level::MAX, timeouts, Some(20_000));
            let played = opponent
                .play(&Chess::default(), &[], CastlingMode::Standard)
                .await;
            assert!(played.incidents.is_empty(), "{:?}", played.incidents);
            assert!(opponent.name().is_some_and(|n| n.starts_with("Stockfish")));
            let search = played.result.unwrap();
            assert!(
                search.score.is_some() && !search.pv.is_empty(),
                "{search:?}"
            );
            out.push(
                search
                    .best
                    .unwrap()
                    .to_uci(CastlingMode::Standard)
                    .to_string(),
            );
            opponent.close().await;
        }
        out
    });
    assert_eq!(moves[0], moves[1]);
}

/// The player's side of the game: Debian's stockfish at full strength, one thread, 20,000
/// nodes a move (deterministic for a position).
struct Coach {
    rt: tokio::runtime::Runtime,
    opponent: Opponent,
}

impl Coach {
    fn new() -> Coach {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let timeouts = Timeouts {
            start: Duration::from_secs(30),
            search: Duration::from_secs(60),
        };
        let opponent = Opponent::new(stockfish(), Level::MAX, timeouts, Some(20_000));
        Coach { rt, opponent }
    }

    /// The best move after `moves` from the start.
    fn best(&mut self, moves: &[Move]) -> Move {
        let played = self.rt.block_on(self.opponent.play(
            &Chess::default(),
            moves,
            CastlingMode::Standard,
        ));
        played.result.unwrap().best.unwrap()
    }

    fn close(mut self) {
        self.rt.block_on(self.opponent.close());
    }
}

/// The move of a transcript's `made 12. Nxf7+ clk …` or `made 12... O-O` line, in English
/// SAN, played on `pos`.
#[track_caller]
fn made_move(line: &str, pos: &Chess) -> Move {
    let mut words = line.split_whitespace().skip_while(|w| *w != "made").skip(2);
    let san = words.next().unwrap_or_default();
    let san = san.trim_end_matches(['+', '#']);
    San::from_ascii(san.as_bytes())
        .ok()
        .and_then(|san| san.to_move(pos).ok())
        .unwrap_or_else(|| panic!("no legal move in {line:?}"))
}

/// Issue 34's test: a short game against level 1 of Debian's stockfish, played to its end
/// at the console. `ansage train` runs as the player would start it (level 1, White, the
/// engine's threads and node budget fixed); the player's moves, chosen by a second
/// stockfish at full strength, are typed, echoed and confirmed; each engine move is
/// announced and made. Level 1 is beaten: the game ends in checkmate, said and in the PGN.
/// (Level 1 plays with Stockfish's `Skill Level` 0, which picks among weak moves by the
/// engine's own chance: the course of the game may differ from run to run, the result
/// does not.)
#[test]
fn a_game_against_level_one_is_played_to_its_end() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pgn = dir.path().join("game.pgn");
    let mut station = Station::start(
        dir.path(),
        &stockfish(),
        &[
            "--level",
            "1",
            "--colour",
            "white",
            "--set",
            "engine.nodes=200",
            "--no-journal",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    station.wait_for("Training against the engine, level 1. You play White.");
    let mut coach = Coach::new();
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    while !pos.is_game_over() && moves.len() < 300 {
        let line = if pos.turn().is_white() {
            let best = coach.best(&moves);
            let typed = San::from_move(&pos, best).to_string();
            station.send(&typed);
            station.send("yes");
            station.wait_for("made ")
        } else {
            station.wait_for("made ")
        };
        let mv = made_move(&line, &pos);
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    coach.close();
    assert!(pos.is_checkmate(), "after {} plies: {pos:?}", moves.len());
    station.wait_for("result 1-0 checkmate");
    let (out, err) = station.finish();
    assert!(
        out.iter()
            .any(|l| l.contains("say:all Checkmate. White wins.")),
        "{out:#?}"
    );
    let pgn = std::fs::read_to_string(&pgn).unwrap_or_else(|e| panic!("{e}: {out:#?}\n{err}"));
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[Event \"Training\"]"), "{pgn}");
    assert!(pgn.trim_end().ends_with("# 1-0"), "{pgn}");
}
