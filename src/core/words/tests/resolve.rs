//! Resolving heard words to a move: sure, asked back, which one, illegal, and when silence is safe.

use super::*;

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
        // A promotion without the piece is no impossible move: which piece? (D.2.1)
        (Language::De, &promo, "Gustav acht", |p| {
            Resolution::Ambiguous(
                ["g7g8n", "g7g8b", "g7g8r", "g7g8q"]
                    .map(|u| mv(p, u))
                    .to_vec(),
            )
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
        let got = vocabulary(*lang).resolve(p, &HeardWords::from_text(text), None);
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
        let got = de.resolve(&p, &HeardWords::from_text(text), Some(&among));
        assert_eq!(got, sure(mv(&p, want)), "{text}");
    }
    let got = de.resolve(&p, &HeardWords::from_text("David zwei"), Some(&among));
    assert_eq!(got, Resolution::Ambiguous(among.to_vec()));
    let got = de.resolve(&p, &HeardWords::from_text("Gustav"), Some(&among));
    assert_eq!(got, Resolution::NotUnderstood);

    let p = pos(PROMOTION);
    let among: Vec<Move> = ["g7g8q", "g7g8r", "g7g8b", "g7g8n"]
        .iter()
        .map(|u| mv(&p, u))
        .collect();
    let got = de.resolve(&p, &HeardWords::from_text("Springer"), Some(&among));
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
        &HeardWords::from_text("Springer Felix drei Quatsch"),
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
    let u = |words: Vec<HeardWord>| HeardWords { words };
    let cases: &[(&Chess, HeardWords, &str, bool)] = &[
        // Typed or scripted words (confidence 1.0): always.
        (&start, HeardWords::from_text("Eva vier"), "e2e4", true),
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
