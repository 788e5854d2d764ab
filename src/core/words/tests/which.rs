//! The "Welcher …?" question's words: heard words narrow the candidates, fragments that no
//! legal move has are said why, and an answer picks among the candidates asked about only.

use super::*;

/// The c pawn is blocked by c3, the bishop f1 by e2 and g2: no move on the c file, no
/// bishop move.
const BLOCKED: &str = "4k3/8/8/8/8/2p5/2P1PPP1/4KB2 w - - 0 1";
/// Bishop e2, knight g1 and pawn f2 all reach f3.
const THREE_TO_F3: &str = "4k3/8/8/8/8/8/4BP2/4K1N1 w - - 0 1";

fn amb(p: &Chess, us: &[&str]) -> Resolution {
    Resolution::Ambiguous(us.iter().map(|u| mv(p, u)).collect())
}

#[test]
fn heard_words_narrow_the_candidates() {
    use IllegalReason::*;
    let start = pos(START);
    let blocked = pos(BLOCKED);
    type Want = fn(&Chess) -> Resolution;
    let cases: &[(Language, &Chess, &str, Want)] = &[
        // A piece word keeps the candidates to that piece: no pawn move.
        (Language::De, &start, "Springer drei", |p| {
            amb(p, &["b1a3", "b1c3", "g1f3", "g1h3"])
        }),
        (Language::Es, &start, "Caballo tres", |p| {
            amb(p, &["b1a3", "b1c3", "g1f3", "g1h3"])
        }),
        (Language::En, &start, "Knight three", |p| {
            amb(p, &["b1a3", "b1c3", "g1f3", "g1h3"])
        }),
        // The piece alone: every move of it, however many.
        (Language::De, &start, "Springer", |p| {
            amb(p, &["b1a3", "b1c3", "g1f3", "g1h3"])
        }),
        // A file alone: the moves on it.
        (Language::De, &start, "Zäsar", |p| {
            amb(p, &["c2c3", "c2c4"])
        }),
        // Nothing on the file, nothing of the piece: said why, never another file's move.
        (Language::De, &blocked, "Zäsar", |_| {
            Resolution::Illegal(NothingFits {
                role: None,
                file: Some(File::C),
                rank: None,
            })
        }),
        (Language::Es, &blocked, "ce", |_| {
            Resolution::Illegal(NothingFits {
                role: None,
                file: Some(File::C),
                rank: None,
            })
        }),
        (Language::De, &blocked, "Läufer vier", |_| {
            Resolution::Illegal(NothingFits {
                role: Some(Role::Bishop),
                file: None,
                rank: Some(Rank::Fourth),
            })
        }),
        (Language::En, &blocked, "Bishop four", |_| {
            Resolution::Illegal(NothingFits {
                role: Some(Role::Bishop),
                file: None,
                rank: Some(Rank::Fourth),
            })
        }),
        (Language::De, &blocked, "Läufer", |_| {
            Resolution::Illegal(NothingFits {
                role: Some(Role::Bishop),
                file: None,
                rank: None,
            })
        }),
        (Language::De, &blocked, "Läufer Eva", |_| {
            Resolution::Illegal(NothingFits {
                role: Some(Role::Bishop),
                file: Some(File::E),
                rank: None,
            })
        }),
        (Language::De, &blocked, "Läufer Eva vier", |_| {
            Resolution::Illegal(NoPieceReaches {
                role: Role::Bishop,
                to: Square::E4,
            })
        }),
        (Language::De, &blocked, "Dame", |_| {
            Resolution::Illegal(NoSuchPiece { role: Role::Queen })
        }),
        (Language::De, &blocked, "Reihe", |_| {
            Resolution::NotUnderstood
        }),
        // A whole move is still a whole move.
        (Language::De, &blocked, "Eva vier", |p| sure(mv(p, "e2e4"))),
    ];
    for (lang, p, text, want) in cases {
        let got = vocabulary(*lang).resolve(p, &HeardWords::from_text(text), None);
        assert_eq!(got, want(p), "{lang}: {text:?}");
    }
}

/// Language, position, the moves asked about, the answer, the moves it picks (UCI).
type AnswerCase<'a> = (Language, &'a Chess, &'a [Move], &'a str, &'a [&'a str]);

#[test]
fn answers_pick_among_the_candidates_only() {
    let start = pos(START);
    let knights: Vec<Move> = ["b1a3", "b1c3", "g1f3", "g1h3"]
        .iter()
        .map(|u| mv(&start, u))
        .collect();
    let castles = pos(CASTLES);
    let both: Vec<Move> = ["e1c1", "e1g1"].iter().map(|u| mv(&castles, u)).collect();
    let promo = pos(PROMOTION);
    let pieces: Vec<Move> = ["g7g8q", "g7g8r", "g7g8b", "g7g8n"]
        .iter()
        .map(|u| mv(&promo, u))
        .collect();
    let cases: &[AnswerCase] = &[
        // The target's file or rank, the origin, the whole move.
        (Language::De, &start, &knights, "Felix", &["g1f3"]),
        (Language::De, &start, &knights, "Hector", &["g1h3"]),
        (
            Language::De,
            &start,
            &knights,
            "von Bella",
            &["b1a3", "b1c3"],
        ),
        (Language::De, &start, &knights, "Gustav", &["g1f3", "g1h3"]),
        (
            Language::De,
            &start,
            &knights,
            "Springer Cäsar drei",
            &["b1c3"],
        ),
        (Language::Es, &start, &knights, "efe", &["g1f3"]),
        (
            Language::Es,
            &start,
            &knights,
            "desde be",
            &["b1a3", "b1c3"],
        ),
        (Language::En, &start, &knights, "h", &["g1h3"]),
        (Language::En, &start, &knights, "from g", &["g1f3", "g1h3"]),
        // A word no candidate has: none, never a pawn move.
        (Language::De, &start, &knights, "Eva", &[]),
        (Language::De, &start, &knights, "Eva drei", &[]),
        (Language::En, &start, &knights, "e", &[]),
        // The castling side alone.
        (Language::De, &castles, &both, "kurze", &["e1g1"]),
        (Language::De, &castles, &both, "die kurze", &["e1g1"]),
        (Language::De, &castles, &both, "die lange", &["e1c1"]),
        (Language::De, &castles, &both, "lang", &["e1c1"]),
        (Language::Es, &castles, &both, "el corto", &["e1g1"]),
        (Language::Es, &castles, &both, "la larga", &["e1c1"]),
        (Language::En, &castles, &both, "short", &["e1g1"]),
        (Language::En, &castles, &both, "the long", &["e1c1"]),
        (Language::En, &castles, &both, "queenside", &["e1c1"]),
        // The promotion piece alone.
        (Language::De, &promo, &pieces, "Springer", &["g7g8n"]),
        (Language::De, &promo, &pieces, "Dame", &["g7g8q"]),
        (Language::Es, &promo, &pieces, "Torre", &["g7g8r"]),
        (Language::En, &promo, &pieces, "Bishop", &["g7g8b"]),
        (Language::En, &promo, &pieces, "King", &[]),
    ];
    for (lang, p, among, text, want) in cases {
        let got = vocabulary(*lang).resolve(p, &HeardWords::from_text(text), Some(among));
        let want: Vec<Move> = want.iter().map(|u| mv(p, u)).collect();
        let expected = match want.as_slice() {
            [] => Resolution::NotUnderstood,
            [m] => sure(*m),
            _ => Resolution::Ambiguous(sorted(want.clone())),
        };
        assert_eq!(got, expected, "{lang}: {text:?}");
    }
}

/// A square said as the answer to a question about two moves to it answers it exactly, so
/// the session keeps the question rather than make the pawn move the same words name.
#[test]
fn an_exact_answer_is_never_another_move() {
    let de = vocabulary(Language::De);
    let p = pos(THREE_TO_F3);
    let among = [mv(&p, "g1f3"), mv(&p, "e2f3")];
    let heard = HeardWords::from_text("Felix drei");
    let phrases = MovePhrases::new(de, p.clone());
    assert!(phrases.answers_exactly(&heard, &among));
    assert_eq!(
        phrases.resolve(&heard, Some(&among)),
        Resolution::Ambiguous(among.to_vec())
    );
    assert_eq!(phrases.resolve(&heard, None), sure(mv(&p, "f2f3")));
    let other = HeardWords::from_text("Eva vier");
    assert!(!phrases.answers_exactly(&other, &among));
}

/// A recognizer's doubtful word does not exclude: "Springer" heard at 0.5 may be "Bauer".
#[test]
fn a_doubtful_word_does_not_narrow() {
    let de = vocabulary(Language::De);
    let p = pos(START);
    let heard = HeardWords {
        words: vec![
            HeardWord::new("Springer", 0.5),
            HeardWord::new("Eva", 0.95),
            HeardWord::new("vier", 0.95),
        ],
    };
    let got = de.resolve(&p, &heard, None);
    assert!(
        matches!(got, Resolution::Move { mv, sure: false } if mv == self::mv(&p, "e2e4")),
        "{got:?}"
    );
}

/// A recognizer's word may be one it is easily mistaken for (`[[confusion]]`: zwei, drei):
/// it does not rule those moves out, where the same word typed does.
#[test]
fn a_recognizers_word_keeps_what_it_is_mistaken_for() {
    let de = vocabulary(Language::De);
    let p = pos(START);
    let typed = de.resolve(&p, &HeardWords::from_text("Springer zwei"), None);
    assert_eq!(
        typed,
        Resolution::Illegal(IllegalReason::NothingFits {
            role: Some(Role::Knight),
            file: None,
            rank: Some(Rank::Second),
        })
    );
    let heard = HeardWords {
        words: vec![
            HeardWord::new("Springer", 0.95),
            HeardWord::new("zwei", 0.95),
        ],
    };
    // "zwei" may be "drei", "Springer" may be "Bauer" (`[[confusion]]`): the knights'
    // moves to the third rank stay candidates, and so do the pawns' there.
    let got = de.resolve(&p, &heard, None);
    let Resolution::Ambiguous(ms) = &got else {
        panic!("{got:?}")
    };
    for u in ["b1a3", "b1c3", "g1f3", "g1h3", "f2f3"] {
        assert!(ms.contains(&mv(&p, u)), "{u}: {got:?}");
    }
}

/// FIDE Laws D.2.3, D.2.7: a recognizer's short answer to "Welcher …?" is never made by
/// silence when a likely error explains it as another move asked about or another legal
/// move; typed words always may be.
#[test]
fn a_heard_answer_is_made_by_silence_only_if_safe() {
    let de = vocabulary(Language::De);
    let p = pos(START);
    let phrases = MovePhrases::new(de, p.clone());
    let among = [mv(&p, "g1f3"), mv(&p, "g1h3")];
    let typed = HeardWords::from_text("Hector");
    assert!(phrases.silence_safe_among(&typed, among[1], Some(&among)));
    let heard = HeardWords {
        words: vec![HeardWord::new("Hector", 0.95)],
    };
    assert_eq!(phrases.resolve(&heard, Some(&among)), sure(among[1]));
    assert!(!phrases.silence_safe_among(&heard, among[1], Some(&among)));
}
