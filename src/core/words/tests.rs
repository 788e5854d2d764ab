//! Table-driven tests of the words of moves.

use super::*;
use shakmaty::CastlingMode;
use shakmaty::fen::Fen;

fn pos(fen: &str) -> Chess {
    let f: Fen = fen.parse().expect("fen");
    f.into_position(CastlingMode::Standard).expect("position")
}

#[test]
fn explore() {
    let de = vocabulary(Language::De);
    let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    for m in p.legal_moves() {
        println!("{} | {:?}", de.announce(&p, m), de.phrases(&p, m));
    }
    for t in [
        "Springer Felix drei",
        "Eva vier",
        "Läufer Bella fünf",
        "Springer David vier",
        "Dame Hector fünf",
        "Springer Gustav fünf",
        "Turm Felix eins",
        "Hallo Welt",
        "Kurze Rochade",
    ] {
        println!(
            "{t} => {:?}",
            de.resolve(&p, &Utterance::from_text(t), None)
        );
    }
}
