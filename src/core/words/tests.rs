//! Table-driven tests of the words of moves.

use super::*;
use crate::core::lang::normalize_phrase;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Position};

fn pos(fen: &str) -> Chess {
    let f: Fen = fen.parse().expect("fen");
    f.into_position(CastlingMode::Standard).expect("position")
}

fn mv(p: &Chess, uci: &str) -> Move {
    let u: UciMove = uci.parse().expect("uci");
    u.to_move(p).expect("legal")
}

fn sure(m: Move) -> Resolution {
    Resolution::Move { mv: m, sure: true }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// 1.d4 d5 2.Nf3 Nf6: knights b1 and f3 both reach d2.
const TWO_KNIGHTS: &str = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";
/// White may castle both ways.
const CASTLES: &str = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8";
/// e5xd6 en passant is legal.
const EN_PASSANT: &str = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
/// g7 promotes on g8 or by capturing on h8 (with check).
const PROMOTION: &str = "7r/6P1/8/8/8/8/8/k3K3 w - - 0 1";
/// Scholar's mate: Qxf7#.
const MATE: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
/// Rooks a1 and a5 both reach a3.
const TWO_ROOKS: &str = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
/// The bishop e2 is pinned by the rook e7.
const PINNED: &str = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";

#[test]
fn announces_every_kind_of_move() {
    let cases: &[(Language, &str, &str, &str)] = &[
        (Language::De, START, "e2e4", "Eva vier"),
        (Language::De, START, "g1f3", "Springer Felix drei"),
        (
            Language::De,
            TWO_KNIGHTS,
            "b1d2",
            "Springer Bella David zwei",
        ),
        (
            Language::De,
            TWO_KNIGHTS,
            "f3d2",
            "Springer Felix David zwei",
        ),
        (Language::De, TWO_ROOKS, "a1a3", "Turm eins Anna drei"),
        (Language::De, CASTLES, "e1g1", "Kurze Rochade"),
        (Language::De, CASTLES, "e1c1", "Lange Rochade"),
        (
            Language::De,
            EN_PASSANT,
            "e5d6",
            "Eva schlägt David sechs en passant",
        ),
        (
            Language::De,
            PROMOTION,
            "g7h8q",
            "Gustav schlägt Hector acht Dame Schach",
        ),
        (Language::De, PROMOTION, "g7g8n", "Gustav acht Springer"),
        (Language::De, MATE, "h5f7", "Dame schlägt Felix sieben matt"),
        (Language::Es, START, "e2e4", "e cuatro"),
        (Language::Es, START, "g1f3", "Caballo efe tres"),
        (Language::Es, TWO_KNIGHTS, "b1d2", "Caballo be de dos"),
        (Language::Es, CASTLES, "e1g1", "enroque corto"),
        (Language::Es, CASTLES, "e1c1", "enroque largo"),
        (
            Language::Es,
            EN_PASSANT,
            "e5d6",
            "e captura de seis al paso",
        ),
        (
            Language::Es,
            PROMOTION,
            "g7h8q",
            "ge captura hache ocho Dama jaque",
        ),
        (
            Language::Es,
            MATE,
            "h5f7",
            "Dama captura efe siete jaque mate",
        ),
        (Language::En, START, "e2e4", "e4"),
        (Language::En, START, "g1f3", "Knight f3"),
        (Language::En, TWO_KNIGHTS, "b1d2", "Knight b d2"),
        (Language::En, TWO_ROOKS, "a1a3", "Rook 1 a3"),
        (Language::En, CASTLES, "e1g1", "castles kingside"),
        (Language::En, EN_PASSANT, "e5d6", "e takes d6 en passant"),
        (Language::En, PROMOTION, "g7h8q", "g takes h8 Queen check"),
        (Language::En, MATE, "h5f7", "Queen takes f7 checkmate"),
    ];
    for (lang, fen, uci, want) in cases {
        let p = pos(fen);
        assert_eq!(
            vocabulary(*lang).announce(&p, mv(&p, uci)),
            *want,
            "{lang} {uci}"
        );
    }
}

#[test]
fn spanish_homograph_a_is_announced_unambiguously() {
    // Rooks a8 and h1 both reach a1: "Torre a a uno" could be heard as "Torre a uno"
    // (a = "to"), so the origin is named in full.
    let p = pos("R7/8/8/3k4/8/8/4K3/7R w - - 0 1");
    let es = vocabulary(Language::Es);
    let m = mv(&p, "a8a1");
    let said = es.announce(&p, m);
    assert_eq!(said, "Torre a ocho a uno");
    assert_eq!(es.resolve(&p, &Utterance::from_text(&said), None), sure(m));

    // Rooks a1 and d1 both reach c1: "Torre a ce uno" is "Rac1" or "Rook to c1".
    let p = pos("4k3/8/8/8/8/8/8/R2RK3 w - - 0 1");
    let m = mv(&p, "a1c1");
    let heard = es.resolve(&p, &Utterance::from_text("Torre a ce uno"), None);
    assert_eq!(heard, Resolution::Ambiguous(vec![m, mv(&p, "d1c1")]));
    let said = es.announce(&p, m);
    assert_eq!(said, "Torre a uno ce uno");
    assert_eq!(es.resolve(&p, &Utterance::from_text(&said), None), sure(m));
    assert_eq!(es.localized_san(&p, m), "Tac1");
}

#[test]
fn names_words() {
    let de = vocabulary(Language::De);
    let es = vocabulary(Language::Es);
    let en = vocabulary(Language::En);
    assert_eq!(de.language(), Language::De);
    assert_eq!(de.piece_name(Role::Knight), "Springer");
    assert_eq!(de.piece_name_plural(Role::Pawn), "Bauern");
    assert_eq!(de.piece_name_plural(Role::Bishop), "Läufer");
    assert_eq!(de.file_name(File::C), "Cäsar");
    assert_eq!(de.file_name(File::H), "Hector");
    assert_eq!(de.rank_name(Rank::Fifth), "fünf");
    assert_eq!(de.square_name(Square::F3), "Felix drei");
    assert_eq!(en.square_name(Square::F3), "f3");
    assert_eq!(es.square_name(Square::H8), "hache ocho");
    assert_eq!(de.color_name(Color::White), "Weiß");
    assert_eq!(es.color_name(Color::Black), "negras");
    assert_eq!(de.castling_name(CastlingSide::QueenSide), "Lange Rochade");
    let letters = |v: &Vocabulary| -> String {
        [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]
        .map(|r| v.piece_letter(r))
        .iter()
        .collect()
    };
    assert_eq!(letters(de), "KDTLSB");
    assert_eq!(letters(es), "RDTACP");
    assert_eq!(letters(en), "KQRBNP");
}

#[test]
fn known_words_cover_every_spoken_word() {
    for lang in Language::ALL {
        let v = vocabulary(lang);
        let known = v.known_words();
        let p = pos(CASTLES);
        for m in p.legal_moves() {
            for w in normalize_phrase(&v.announce(&p, m)) {
                // En squares are one word ("f3"), split when heard.
                let parts_known = known.contains(&w)
                    || (w.len() == 2 && w.chars().all(|c| known.contains(&c.to_string())));
                assert!(parts_known, "{lang}: {w}");
            }
        }
        assert!(
            known
                .iter()
                .all(|w| *w == crate::core::lang::normalize_word(w))
        );
    }
}

#[test]
fn localized_san() {
    let cases: &[(Language, &str, &str, &str)] = &[
        (Language::De, START, "g1f3", "Sf3"),
        (Language::Es, START, "g1f3", "Cf3"),
        (Language::En, START, "g1f3", "Nf3"),
        (Language::De, CASTLES, "e1g1", "0-0"),
        (Language::Es, CASTLES, "e1c1", "0-0-0"),
        (Language::De, EN_PASSANT, "e5d6", "exd6"),
        (Language::De, PROMOTION, "g7h8q", "gxh8=D+"),
        (Language::Es, MATE, "h5f7", "Dxf7#"),
        (Language::Es, TWO_KNIGHTS, "b1d2", "Cbd2"),
        (Language::De, TWO_ROOKS, "a1a3", "T1a3"),
    ];
    for (lang, fen, uci, want) in cases {
        let p = pos(fen);
        assert_eq!(
            vocabulary(*lang).localized_san(&p, mv(&p, uci)),
            *want,
            "{lang} {uci}"
        );
    }
}

#[test]
fn phrases_include_every_form() {
    let de = vocabulary(Language::De);
    let p = pos(TWO_KNIGHTS);
    let phrases = de.phrases(&p, mv(&p, "b1d2"));
    for want in [
        "Springer Bella David zwei",
        "Springer eins David zwei",
        "Springer Bella eins David zwei",
        "Bella eins David zwei",
    ] {
        assert!(phrases.iter().any(|x| x == want), "{want} in {phrases:?}");
    }
    assert!(
        !phrases.iter().any(|x| x == "Springer David zwei"),
        "{phrases:?}"
    );

    let p = pos(START);
    let phrases = de.phrases(&p, mv(&p, "e2e4"));
    for want in ["Eva vier", "Bauer Eva vier", "Eva zwei Eva vier"] {
        assert!(phrases.iter().any(|x| x == want), "{want} in {phrases:?}");
    }

    let p = pos(CASTLES);
    let phrases = de.phrases(&p, mv(&p, "e1g1"));
    for want in [
        "Kurze Rochade",
        "Rochade kurz",
        "null null",
        "König Gustav eins",
    ] {
        assert!(phrases.iter().any(|x| x == want), "{want} in {phrases:?}");
    }
    assert!(!phrases.iter().any(|x| x == "Rochade"), "{phrases:?}");

    let p = pos(PROMOTION);
    let phrases = de.phrases(&p, mv(&p, "g7h8q"));
    for want in [
        "Gustav schlägt Hector acht Dame Schach",
        "Gustav schlägt Hector acht Dame",
        "Gustav Hector acht Dame",
        "Gustav sieben schlägt Hector acht Dame Schach",
        "Bauer schlägt Hector acht Dame",
        "Hector acht Dame",
    ] {
        assert!(phrases.iter().any(|x| x == want), "{want} in {phrases:?}");
    }

    let p = pos(EN_PASSANT);
    let phrases = de.phrases(&p, mv(&p, "e5d6"));
    for want in [
        "Eva schlägt David sechs en passant",
        "Eva David sechs",
        "schlägt David sechs",
        "David sechs en passant",
    ] {
        assert!(phrases.iter().any(|x| x == want), "{want} in {phrases:?}");
    }
}

fn heard(words: &[(&str, f32)]) -> Utterance {
    Utterance {
        words: words.iter().map(|(w, c)| HeardWord::new(w, *c)).collect(),
    }
}

#[test]
fn resolves_spoken_moves() {
    use IllegalReason::*;
    let start = pos(START);
    let knights = pos(TWO_KNIGHTS);
    let castles = pos(CASTLES);
    let ep = pos(EN_PASSANT);
    let promo = pos(PROMOTION);
    let mate = pos(MATE);
    type Want = fn(&Chess) -> Resolution;
    let cases: &[(Language, &Chess, &str, Want)] = &[
        // SAN-like, long form, pawn with and without the pawn word.
        (Language::De, &start, "Springer Felix drei", |p| {
            sure(mv(p, "g1f3"))
        }),
        (
            Language::De,
            &start,
            "Springer von Gustav eins nach Felix drei",
            |p| sure(mv(p, "g1f3")),
        ),
        (Language::De, &start, "Gustav eins Felix drei", |p| {
            sure(mv(p, "g1f3"))
        }),
        (Language::De, &start, "Pferd Felix 3", |p| {
            sure(mv(p, "g1f3"))
        }),
        (Language::De, &start, "Eva vier", |p| sure(mv(p, "e2e4"))),
        (Language::De, &start, "Bauer Eva vier", |p| {
            sure(mv(p, "e2e4"))
        }),
        (Language::De, &start, "e4", |p| sure(mv(p, "e2e4"))),
        (Language::De, &start, "bitte Eva vier", |p| {
            sure(mv(p, "e2e4"))
        }),
        (Language::De, &start, "Eva vier Schach", |p| {
            sure(mv(p, "e2e4"))
        }),
        // Ambiguous knights; the origin disambiguates.
        (Language::De, &knights, "Springer David zwei", |p| {
            Resolution::Ambiguous(vec![mv(p, "b1d2"), mv(p, "f3d2")])
        }),
        (Language::De, &knights, "Springer Bella David zwei", |p| {
            sure(mv(p, "b1d2"))
        }),
        (Language::De, &knights, "Springer Felix David zwei", |p| {
            sure(mv(p, "f3d2"))
        }),
        // Captures with and without the capture word, en passant.
        (
            Language::De,
            &ep,
            "Eva schlägt David sechs en passant",
            |p| sure(mv(p, "e5d6")),
        ),
        (Language::De, &ep, "Eva nimmt David sechs", |p| {
            sure(mv(p, "e5d6"))
        }),
        (Language::De, &ep, "Eva David sechs im Vorbeigehen", |p| {
            sure(mv(p, "e5d6"))
        }),
        // Castling wordings.
        (Language::De, &castles, "Kurze Rochade", |p| {
            sure(mv(p, "e1g1"))
        }),
        (Language::De, &castles, "Rochade kurz", |p| {
            sure(mv(p, "e1g1"))
        }),
        (Language::De, &castles, "kleine Rochade", |p| {
            sure(mv(p, "e1g1"))
        }),
        (Language::De, &castles, "null null", |p| sure(mv(p, "e1g1"))),
        (Language::De, &castles, "null null null", |p| {
            sure(mv(p, "e1c1"))
        }),
        (Language::De, &castles, "große Rochade", |p| {
            sure(mv(p, "e1c1"))
        }),
        (Language::De, &castles, "König Gustav eins", |p| {
            sure(mv(p, "e1g1"))
        }),
        (Language::De, &castles, "Rochade", |p| {
            Resolution::Ambiguous(vec![mv(p, "e1c1"), mv(p, "e1g1")])
        }),
        // Promotion, check and mate words present or absent.
        (Language::De, &promo, "Gustav acht Dame", |p| {
            sure(mv(p, "g7g8q"))
        }),
        (
            Language::De,
            &promo,
            "Gustav acht Umwandlung in Springer",
            |p| sure(mv(p, "g7g8n")),
        ),
        (
            Language::De,
            &promo,
            "Gustav schlägt Hector acht Dame Schach",
            |p| sure(mv(p, "g7h8q")),
        ),
        (Language::De, &promo, "Gustav Hector acht Turm", |p| {
            sure(mv(p, "g7h8r"))
        }),
        (Language::De, &promo, "Gustav acht", |_| {
            Resolution::Illegal(PromotionMissing {
                from: Square::G7,
                to: Square::G8,
            })
        }),
        (Language::De, &promo, "Gustav acht König", |_| {
            Resolution::Illegal(InvalidPromotion { role: Role::King })
        }),
        (
            Language::De,
            &mate,
            "Dame schlägt Felix sieben matt",
            |p| sure(mv(p, "h5f7")),
        ),
        (Language::De, &mate, "Dame Felix sieben", |p| {
            sure(mv(p, "h5f7"))
        }),
        (Language::De, &mate, "Dame Felix sieben Schachmatt", |p| {
            sure(mv(p, "h5f7"))
        }),
        // Target alone: when only one move goes there, else ask which.
        (Language::De, &mate, "Felix sieben", |p| {
            Resolution::Ambiguous(vec![mv(p, "c4f7"), mv(p, "h5f7")])
        }),
        (Language::De, &mate, "Gustav fünf", |p| sure(mv(p, "h5g5"))),
        // Illegal with reason.
        (Language::De, &start, "Kurze Rochade", |_| {
            Resolution::Illegal(CastlingNotAllowed {
                side: Some(CastlingSide::KingSide),
            })
        }),
        (Language::De, &start, "Turm Anna drei", |_| {
            Resolution::Illegal(NoPieceReaches {
                role: Role::Rook,
                to: Square::A3,
            })
        }),
        (Language::De, &start, "Springer Felix zwei", |_| {
            Resolution::Illegal(OwnPieceOnTarget { to: Square::F2 })
        }),
        (Language::De, &start, "Eva fünf", |_| {
            Resolution::Illegal(NoPieceReaches {
                role: Role::Pawn,
                to: Square::E5,
            })
        }),
        (Language::De, &pos(PINNED), "Läufer David drei", |_| {
            Resolution::Illegal(WouldLeaveKingInCheck {
                role: Role::Bishop,
                from: Square::E2,
                to: Square::D3,
                in_check: false,
            })
        }),
        (
            Language::De,
            &pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"),
            "Dame David vier",
            |_| Resolution::Illegal(NoSuchPiece { role: Role::Queen }),
        ),
        // Garbage.
        (Language::De, &start, "Hallo wie geht es", |_| {
            Resolution::NotUnderstood
        }),
        (Language::De, &start, "", |_| Resolution::NotUnderstood),
        (Language::De, &start, "bitte", |_| Resolution::NotUnderstood),
        // Spanish.
        (Language::Es, &start, "Caballo efe tres", |p| {
            sure(mv(p, "g1f3"))
        }),
        (Language::Es, &start, "caballo a efe tres", |p| {
            sure(mv(p, "g1f3"))
        }),
        (Language::Es, &start, "peón e cuatro", |p| {
            sure(mv(p, "e2e4"))
        }),
        (Language::Es, &start, "e cuatro", |p| sure(mv(p, "e2e4"))),
        (Language::Es, &castles, "enroque corto", |p| {
            sure(mv(p, "e1g1"))
        }),
        (Language::Es, &castles, "cero cero cero", |p| {
            sure(mv(p, "e1c1"))
        }),
        (Language::Es, &ep, "e come de seis al paso", |p| {
            sure(mv(p, "e5d6"))
        }),
        (Language::Es, &promo, "ge ocho corona dama", |p| {
            sure(mv(p, "g7g8q"))
        }),
        (Language::Es, &mate, "dama por efe siete jaque mate", |p| {
            sure(mv(p, "h5f7"))
        }),
        // English.
        (Language::En, &start, "knight f3", |p| sure(mv(p, "g1f3"))),
        (Language::En, &start, "Knight to f three", |p| {
            sure(mv(p, "g1f3"))
        }),
        (Language::En, &start, "night foxtrot 3", |p| {
            sure(mv(p, "g1f3"))
        }),
        (Language::En, &start, "pawn to e four", |p| {
            sure(mv(p, "e2e4"))
        }),
        (Language::En, &castles, "castle short", |p| {
            sure(mv(p, "e1g1"))
        }),
        (Language::En, &castles, "O O O", |p| sure(mv(p, "e1c1"))),
        (Language::En, &promo, "g8 promotes to queen", |p| {
            sure(mv(p, "g7g8q"))
        }),
        (Language::En, &mate, "queen takes f7 checkmate", |p| {
            sure(mv(p, "h5f7"))
        }),
    ];
    for (lang, p, text, want) in cases {
        let got = vocabulary(*lang).resolve(p, &Utterance::from_text(text), None);
        assert_eq!(got, want(p), "{lang}: {text:?}");
    }
}

#[test]
fn answers_which_one() {
    let de = vocabulary(Language::De);
    let p = pos(TWO_KNIGHTS);
    let among = [mv(&p, "b1d2"), mv(&p, "f3d2")];
    for (text, want) in [
        ("Bella", "b1d2"),
        ("Bella eins", "b1d2"),
        ("von Bella eins", "b1d2"),
        ("von Felix drei", "f3d2"),
        ("Felix", "f3d2"),
        ("drei", "f3d2"),
        ("Springer Bella David zwei", "b1d2"),
    ] {
        let got = de.resolve(&p, &Utterance::from_text(text), Some(&among));
        assert_eq!(got, sure(mv(&p, want)), "{text}");
    }
    let got = de.resolve(&p, &Utterance::from_text("David zwei"), Some(&among));
    assert_eq!(got, Resolution::Ambiguous(among.to_vec()));
    let got = de.resolve(&p, &Utterance::from_text("Gustav"), Some(&among));
    assert_eq!(got, Resolution::NotUnderstood);

    let p = pos(PROMOTION);
    let among: Vec<Move> = ["g7g8q", "g7g8r", "g7g8b", "g7g8n"]
        .iter()
        .map(|u| mv(&p, u))
        .collect();
    let got = de.resolve(&p, &Utterance::from_text("Springer"), Some(&among));
    assert_eq!(got, sure(mv(&p, "g7g8n")));
}

#[test]
fn uncertain_hearing_asks_back() {
    let de = vocabulary(Language::De);
    let p = pos(START);
    let e4 = mv(&p, "e2e4");
    // A confident first choice: sure.
    let got = de.resolve(&p, &heard(&[("Eva", 0.95), ("vier", 0.9)]), None);
    assert_eq!(got, sure(e4));
    // A word heard with low confidence: fits, but ask back.
    let got = de.resolve(&p, &heard(&[("Eva", 0.95), ("vier", 0.4)]), None);
    assert_eq!(
        got,
        Resolution::Move {
            mv: e4,
            sure: false
        }
    );
    // A confusable word, not sure of it: the knight's only move to the f-file fits loosely.
    let got = de.resolve(
        &p,
        &heard(&[("Springer", 0.95), ("Felix", 0.9), ("zwei", 0.7)]),
        None,
    );
    assert_eq!(
        got,
        Resolution::Move {
            mv: mv(&p, "g1f3"),
            sure: false
        }
    );
    // An unknown extra word: fits loosely.
    let got = de.resolve(
        &p,
        &Utterance::from_text("Springer Felix drei Quatsch"),
        None,
    );
    assert_eq!(
        got,
        Resolution::Move {
            mv: mv(&p, "g1f3"),
            sure: false
        }
    );
    // The recognizer's alternative names the right word.
    let mut u = heard(&[("Springer", 0.95), ("Felix", 0.9), ("zwei", 0.5)]);
    u.words[2].alternatives.push(("drei".to_owned(), 0.45));
    let got = de.resolve(&p, &u, None);
    assert_eq!(
        got,
        Resolution::Move {
            mv: mv(&p, "g1f3"),
            sure: false
        }
    );
    // Two readings close together: ask which.
    let got = de.resolve(
        &p,
        &heard(&[("Springer", 0.95), ("Cäsar", 0.9), ("zwei", 0.4)]),
        None,
    );
    assert!(
        matches!(
            got,
            Resolution::Move { sure: false, .. } | Resolution::Ambiguous(_)
        ),
        "{got:?}"
    );
}

#[test]
fn parses_typed_moves() {
    use IllegalReason::*;
    let start = pos(START);
    let knights = pos(TWO_KNIGHTS);
    let castles = pos(CASTLES);
    let ep = pos(EN_PASSANT);
    let promo = pos(PROMOTION);
    type Want = fn(&Chess) -> Resolution;
    let cases: &[(Language, &Chess, &str, Want)] = &[
        (Language::En, &start, "Nf3", |p| sure(mv(p, "g1f3"))),
        (Language::De, &start, "Sf3", |p| sure(mv(p, "g1f3"))),
        (Language::De, &start, "Nf3", |p| sure(mv(p, "g1f3"))),
        (Language::Es, &start, "Cf3", |p| sure(mv(p, "g1f3"))),
        (Language::En, &start, "g1f3", |p| sure(mv(p, "g1f3"))),
        (Language::En, &start, "e4", |p| sure(mv(p, "e2e4"))),
        (Language::En, &start, "1. e4", |p| sure(mv(p, "e2e4"))),
        (Language::En, &start, "1.e4!?", |p| sure(mv(p, "e2e4"))),
        (Language::En, &start, "Ng1-f3", |p| sure(mv(p, "g1f3"))),
        (Language::En, &start, "Nxf3", |p| sure(mv(p, "g1f3"))),
        (Language::De, &start, "Springer Felix drei", |p| {
            sure(mv(p, "g1f3"))
        }),
        (Language::En, &start, "Qh5", |_| {
            Resolution::Illegal(NoPieceReaches {
                role: Role::Queen,
                to: Square::H5,
            })
        }),
        (Language::En, &start, "O-O", |_| {
            Resolution::Illegal(CastlingNotAllowed {
                side: Some(CastlingSide::KingSide),
            })
        }),
        (Language::En, &start, "e2e5", |_| {
            Resolution::Illegal(NoPieceReaches {
                role: Role::Pawn,
                to: Square::E5,
            })
        }),
        (Language::En, &knights, "Nd2", |p| {
            Resolution::Ambiguous(vec![mv(p, "b1d2"), mv(p, "f3d2")])
        }),
        (Language::De, &knights, "Sbd2", |p| sure(mv(p, "b1d2"))),
        (Language::En, &castles, "O-O", |p| sure(mv(p, "e1g1"))),
        (Language::En, &castles, "0-0", |p| sure(mv(p, "e1g1"))),
        (Language::Es, &castles, "0-0-0", |p| sure(mv(p, "e1c1"))),
        (Language::En, &castles, "e1g1", |p| sure(mv(p, "e1g1"))),
        (Language::De, &ep, "exd6 e.p.", |p| sure(mv(p, "e5d6"))),
        (Language::Es, &ep, "exd6 a.p.", |p| sure(mv(p, "e5d6"))),
        (Language::En, &promo, "g8=Q", |p| sure(mv(p, "g7g8q"))),
        (Language::En, &promo, "g8Q", |p| sure(mv(p, "g7g8q"))),
        (Language::De, &promo, "g8D", |p| sure(mv(p, "g7g8q"))),
        (Language::De, &promo, "gxh8=S+", |p| sure(mv(p, "g7h8n"))),
        (Language::Es, &promo, "gxh8=C", |p| sure(mv(p, "g7h8n"))),
        (Language::En, &promo, "g7g8n", |p| sure(mv(p, "g7g8n"))),
        (Language::En, &promo, "g8", |_| {
            Resolution::Illegal(PromotionMissing {
                from: Square::G7,
                to: Square::G8,
            })
        }),
    ];
    for (lang, p, text, want) in cases {
        let got = vocabulary(*lang).parse_typed(p, text, None);
        assert_eq!(got.resolution, want(p), "{lang}: {text:?}");
        assert!(!got.draw_offer, "{text}");
    }
}

#[test]
fn spanish_king_letter_takes_precedence() {
    // After the seed game's 10.0-0-0: "Rb1" is the king (Rey), never a rook.
    let p = pos("r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/2KR1B1R w - - 8 11");
    let es = vocabulary(Language::Es);
    for text in ["Rb1", "Rb1(=)", "11.Rb1(=)", "11. Rb1 (=)"] {
        let got = es.parse_typed(&p, text, None);
        assert_eq!(got.resolution, sure(mv(&p, "c1b1")), "{text}");
        assert_eq!(got.draw_offer, text.contains("(="), "{text}");
    }
}

#[test]
fn replays_the_seed_game_typed_in_spanish() {
    // FIDE Laws Appendix C, the example game, in Spanish notation.
    let game = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd4 d5 6.exd6 a.p. Cxd6 7.Ag5 Cc6 \
                8.De3+ Ae7 9.Cbd2 0-0 10.0-0-0 Te8 11.Rb1(=)";
    let es = vocabulary(Language::Es);
    let mut p = Chess::default();
    let mut tokens: Vec<String> = Vec::new();
    for t in game.split_whitespace() {
        if matches!(t, "a.p." | "e.p.") {
            if let Some(last) = tokens.last_mut() {
                last.push(' ');
                last.push_str(t);
            }
        } else {
            tokens.push(t.to_owned());
        }
    }
    assert_eq!(tokens.len(), 21);
    for (i, t) in tokens.iter().enumerate() {
        let typed = es.parse_typed(&p, t, None);
        let Resolution::Move { mv, sure: true } = typed.resolution else {
            panic!("{t}: {:?}", typed.resolution);
        };
        assert_eq!(typed.draw_offer, i == 20, "{t}");
        // The announcement of each move resolves back as well.
        let said = es.announce(&p, mv);
        assert_eq!(
            es.resolve(&p, &Utterance::from_text(&said), None),
            sure(mv),
            "{said}"
        );
        p.play_unchecked(mv);
    }
    assert_eq!(
        Fen::from_position(&p, shakmaty::EnPassantMode::Legal).to_string(),
        "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11"
    );
}

#[test]
fn utterance_text_round_trips() {
    let u = Utterance::from_text("  Springer   Felix drei ");
    assert_eq!(u.words.len(), 3);
    assert!(
        u.words
            .iter()
            .all(|w| w.confidence == 1.0 && w.alternatives.is_empty())
    );
    assert_eq!(u.text(), "Springer Felix drei");
    assert_eq!(Utterance::default().text(), "");
}

#[test]
fn fallback_vocabulary_is_algebraic() {
    let v = Vocabulary::fallback(Language::De);
    let p = pos(START);
    assert_eq!(v.announce(&p, mv(&p, "g1f3")), "N f3");
    assert_eq!(
        v.resolve(&p, &Utterance::from_text("N f3"), None),
        sure(mv(&p, "g1f3"))
    );
    assert_eq!(v.piece_letter(Role::Knight), 'N');
}

/// A correction window may make a surely heard move only if no likely recognizer error
/// (a word taken for one of its `[[confusion]]` group, or for the recognizer's
/// alternative; a word of another move dropped) explains the words as another legal move.
#[test]
fn silence_is_safe_only_without_a_likely_swap() {
    let de = vocabulary(Language::De);
    let start = pos(START);
    let knights = pos(TWO_KNIGHTS);
    let alt = |w: &str, c: f32, a: &str| HeardWord {
        text: w.to_owned(),
        confidence: c,
        alternatives: vec![(a.to_owned(), 0.05)],
    };
    let u = |words: Vec<HeardWord>| Utterance { words };
    let cases: &[(&Chess, Utterance, &str, bool)] = &[
        // Typed or scripted words (confidence 1.0): always.
        (&start, Utterance::from_text("Eva vier"), "e2e4", true),
        // Eva and Bella sound alike, and b4 is legal too.
        (
            &start,
            heard(&[("Eva", 0.95), ("vier", 0.95)]),
            "e2e4",
            false,
        ),
        // Hector and Cäsar sound alike, and the knight b1 reaches c3.
        (
            &start,
            heard(&[("Springer", 0.95), ("Hector", 0.95), ("drei", 0.95)]),
            "g1h3",
            false,
        ),
        // A recognizer's alternative naming another legal move: not safe.
        (
            &knights,
            u(vec![
                HeardWord::new("Springer", 0.95),
                alt("Bella", 0.95, "Felix"),
                HeardWord::new("David", 0.95),
                HeardWord::new("zwei", 0.95),
            ]),
            "b1d2",
            false,
        ),
        // Without the alternative, only swaps of Bella (Anna, Eva) or zwei (eins, drei)
        // remain, and no other knight move fits them.
        (
            &knights,
            heard(&[
                ("Springer", 0.95),
                ("Bella", 0.95),
                ("David", 0.95),
                ("zwei", 0.95),
            ]),
            "b1d2",
            true,
        ),
    ];
    for (p, heard, uci, want) in cases {
        assert_eq!(
            MovePhrases::new(de, (*p).clone()).silence_safe(heard, mv(p, uci)),
            *want,
            "{} ({uci})",
            heard.text()
        );
    }
}

/// Two damaged words (cost up to `LOOSE`) are asked back, or asked which among at most
/// `LOOSE_CHOICES` moves, instead of "not understood"; never sure.
#[test]
fn two_damaged_words_are_asked_back_not_refused() {
    let de = vocabulary(Language::De);
    let start = pos(START);
    // "Springer Felix drei" heard as an unsure "Läufer" and "Felix", "drei" lost.
    let got = de.resolve(&start, &heard(&[("Läufer", 0.5), ("Felix", 0.95)]), None);
    match &got {
        Resolution::Move { mv: m, sure } => assert!(!sure && *m == mv(&start, "g1f3"), "{got:?}"),
        Resolution::Ambiguous(v) => {
            assert!(v.len() <= 3 && v.contains(&mv(&start, "g1f3")), "{got:?}")
        }
        other => panic!("{other:?}"),
    }
    // Nothing move-like stays not understood.
    let got = de.resolve(&start, &heard(&[("Schach", 0.5), ("matt", 0.5)]), None);
    assert_eq!(got, Resolution::NotUnderstood);
}
