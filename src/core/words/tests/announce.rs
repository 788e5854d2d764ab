//! Announcing moves in words: the phrases, the names, localized SAN.

use super::*;

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
        (Language::Es, START, "g1f3", "caballo efe tres"),
        (Language::Es, TWO_KNIGHTS, "b1d2", "caballo be de dos"),
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
            "ge captura hache ocho dama jaque",
        ),
        (
            Language::Es,
            MATE,
            "h5f7",
            "dama captura efe siete jaque mate",
        ),
        (Language::En, START, "e2e4", "e4"),
        (Language::En, START, "g1f3", "knight f3"),
        (Language::En, TWO_KNIGHTS, "b1d2", "knight b d2"),
        (Language::En, TWO_ROOKS, "a1a3", "rook 1 a3"),
        (Language::En, CASTLES, "e1g1", "castles kingside"),
        (Language::En, EN_PASSANT, "e5d6", "e takes d6 en passant"),
        (Language::En, PROMOTION, "g7h8q", "g takes h8 queen check"),
        (Language::En, MATE, "h5f7", "queen takes f7 checkmate"),
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
    assert_eq!(said, "torre a ocho a uno");
    assert_eq!(es.resolve(&p, &HeardWords::from_text(&said), None), sure(m));

    // Rooks a1 and d1 both reach c1: "Torre a ce uno" is "Rac1" or "Rook to c1".
    let p = pos("4k3/8/8/8/8/8/8/R2RK3 w - - 0 1");
    let m = mv(&p, "a1c1");
    let heard = es.resolve(&p, &HeardWords::from_text("Torre a ce uno"), None);
    assert_eq!(heard, Resolution::Ambiguous(vec![m, mv(&p, "d1c1")]));
    let said = es.announce(&p, m);
    assert_eq!(said, "torre a uno ce uno");
    assert_eq!(es.resolve(&p, &HeardWords::from_text(&said), None), sure(m));
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
