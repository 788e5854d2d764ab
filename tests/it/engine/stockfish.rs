//! The engine adapter against Debian's stockfish (installed by `.ci/setup.sh`): the
//! handshake, the level's options taken, and a search at a fixed node budget on one thread
//! that gives the same move every time (what the tests of a training game rely on).

use std::time::Duration;

use ansage::core::engine::level::Level;
use ansage::engine::client::Timeouts;
use ansage::engine::opponent::Opponent;
use shakmaty::{CastlingMode, Chess};

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
