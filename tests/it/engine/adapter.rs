//! The engine adapter against the scripted fake engine: the handshake and the level's
//! options, the position sent whole, and each failure of issue 34.6 (a crash, a hang,
//! nonsense) mended by a restart that is given the position again.

use std::time::Duration;

use ansage::core::engine::level::Level;
use ansage::core::engine::score::Score;
use ansage::engine::EngineError;
use ansage::engine::client::{Engine, Timeouts};
use ansage::engine::opponent::{Incident, Opponent};
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::support::fake_engine::{fake_engine, received, starts};

const QUICK: Timeouts = Timeouts {
    start: Duration::from_secs(10),
    search: Duration::from_secs(2),
};

fn e4() -> (Chess, Vec<Move>) {
    let pos = Chess::default();
    let m = "e2e4"
        .parse::<shakmaty::uci::UciMove>()
        .unwrap()
        .to_move(&pos)
        .unwrap();
    (pos, vec![m])
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn the_handshake_the_level_and_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = fake_engine(dir.path(), &["e7e5"]);
    runtime().block_on(async {
        let mut engine = Engine::start(&path, Level::new(3).unwrap(), QUICK)
            .await
            .unwrap();
        assert_eq!(engine.name(), "Fakefish 1.0");
        let (start, moves) = e4();
        let limit = Level::new(3).unwrap().strength().limit;
        let found = engine
            .search(&start, &moves, CastlingMode::Standard, limit)
            .await
            .unwrap();
        assert_eq!(
            found
                .best
                .map(|m| m.to_uci(CastlingMode::Standard).to_string()),
            Some("e7e5".into())
        );
        assert_eq!(found.score, Some(Score::Centipawns(20)));
        assert_eq!(found.depth, Some(1));
        engine.close().await;
    });
    let lines = received(dir.path());
    let want = [
        "uci",
        "setoption name Threads value 1",
        "setoption name Skill Level value 4",
        "isready",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4",
        "go nodes 2000 depth 3",
        "quit",
    ];
    assert_eq!(lines, want);
}

#[test]
fn a_crash_is_mended_and_the_position_given_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = fake_engine(dir.path(), &["crash", "e7e5"]);
    let played = runtime().block_on(async {
        let mut opponent = Opponent::new(path, Level::MIN, QUICK, Some(100));
        let (start, moves) = e4();
        let played = opponent.play(&start, &moves, CastlingMode::Standard).await;
        opponent.close().await;
        played
    });
    assert_eq!(played.incidents, [Incident::Crashed]);
    assert!(played.result.unwrap().best.is_some());
    assert_eq!(starts(dir.path()), 2);
    let positions: Vec<String> = received(dir.path())
        .into_iter()
        .filter(|l| l.starts_with("position"))
        .collect();
    assert_eq!(positions.len(), 2);
    assert_eq!(positions[0], positions[1]);
}

#[test]
fn a_hang_is_stopped_killed_and_mended() {
    let dir = tempfile::tempdir().unwrap();
    let path = fake_engine(dir.path(), &["hang", "e7e5"]);
    let started = std::time::Instant::now();
    let played = runtime().block_on(async {
        let mut opponent = Opponent::new(path, Level::MIN, QUICK, Some(100));
        let (start, moves) = e4();
        let played = opponent.play(&start, &moves, CastlingMode::Standard).await;
        opponent.close().await;
        played
    });
    assert_eq!(played.incidents, [Incident::TimedOut]);
    assert!(played.result.unwrap().best.is_some());
    // The search's 2 s and the stop's second, then a restart: never the hang's minute.
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    // The hung engine read nothing more (its `stop` went unanswered); a new one was started.
    assert_eq!(starts(dir.path()), 2);
}

#[test]
fn garbage_lines_are_skipped_and_an_illegal_move_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = fake_engine(dir.path(), &["garbage d7d5", "illegal e2e5", "c7c5"]);
    let (first, second) = runtime().block_on(async {
        let mut opponent = Opponent::new(path, Level::MIN, QUICK, Some(100));
        let (start, moves) = e4();
        let first = opponent.play(&start, &moves, CastlingMode::Standard).await;
        let second = opponent.play(&start, &moves, CastlingMode::Standard).await;
        opponent.close().await;
        (first, second)
    });
    assert!(first.incidents.is_empty());
    let best = |p: &ansage::engine::opponent::Played| {
        p.result
            .as_ref()
            .unwrap()
            .best
            .unwrap()
            .to_uci(CastlingMode::Standard)
            .to_string()
    };
    assert_eq!(best(&first), "d7d5");
    assert_eq!(second.incidents, [Incident::Nonsense]);
    assert_eq!(best(&second), "c7c5");
}

#[test]
fn two_failures_in_a_row_are_the_searchs_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = fake_engine(dir.path(), &["crash", "crash", "e7e5"]);
    let (failed, then) = runtime().block_on(async {
        let mut opponent = Opponent::new(path, Level::MIN, QUICK, Some(100));
        let (start, moves) = e4();
        let failed = opponent.play(&start, &moves, CastlingMode::Standard).await;
        let then = opponent.play(&start, &moves, CastlingMode::Standard).await;
        opponent.close().await;
        (failed, then)
    });
    assert_eq!(failed.incidents, [Incident::Crashed, Incident::Crashed]);
    assert!(matches!(failed.result, Err(EngineError::Crashed(_))));
    assert!(then.incidents.is_empty() && then.result.is_ok());
}

#[test]
fn a_missing_engine_names_the_package() {
    let dir = tempfile::tempdir().unwrap();
    let err = ansage::engine::find::find(&dir.path().join("nofish"), None).unwrap_err();
    assert!(err.to_string().contains("stockfish"), "{err}");
    let played = runtime().block_on(async {
        let mut opponent = Opponent::new(dir.path().join("nofish"), Level::MIN, QUICK, None);
        let (start, moves) = e4();
        opponent.play(&start, &moves, CastlingMode::Standard).await
    });
    assert!(played.incidents.is_empty());
    assert!(matches!(played.result, Err(EngineError::Start { .. })));
}

#[test]
fn no_legal_move_is_no_best_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = fake_engine(dir.path(), &[""]);
    // Fool's mate: White is mated.
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let m = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        pos.play_unchecked(m);
        moves.push(m);
    }
    let found = runtime().block_on(async {
        let mut engine = Engine::start(&path, Level::MIN, QUICK).await.unwrap();
        let found = engine
            .search(
                &Chess::default(),
                &moves,
                CastlingMode::Standard,
                Level::MIN.strength().limit,
            )
            .await;
        engine.close().await;
        found
    });
    assert_eq!(found.unwrap().best, None);
}
