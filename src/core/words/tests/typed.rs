//! Typed moves and the text form of utterances.

use super::*;

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
        // A promotion without the piece is no impossible move: which piece? (D.2.1)
        (Language::En, &promo, "g8", |p| {
            Resolution::Ambiguous(
                ["g7g8n", "g7g8b", "g7g8r", "g7g8q"]
                    .map(|u| mv(p, u))
                    .to_vec(),
            )
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
            es.resolve(&p, &HeardWords::from_text(&said), None),
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
    let u = HeardWords::from_text("  Springer   Felix drei ");
    assert_eq!(u.words.len(), 3);
    assert!(
        u.words
            .iter()
            .all(|w| w.confidence == 1.0 && w.alternatives.is_empty())
    );
    assert_eq!(u.text(), "Springer Felix drei");
    assert_eq!(HeardWords::default().text(), "");
}

#[test]
fn fallback_vocabulary_is_algebraic() {
    let v = Vocabulary::fallback(Language::De);
    let p = pos(START);
    assert_eq!(v.announce(&p, mv(&p, "g1f3")), "N f3");
    assert_eq!(
        v.resolve(&p, &HeardWords::from_text("N f3"), None),
        sure(mv(&p, "g1f3"))
    );
    assert_eq!(v.piece_letter(Role::Knight), 'N');
}
