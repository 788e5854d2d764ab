use super::*;
use crate::core::lang::Language;
use crate::core::phrases::Phrases;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;

fn line(start: &Chess, ucis: &str) -> Vec<Move> {
    let mut p = start.clone();
    ucis.split_whitespace()
        .map(|u| {
            let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            p.play_unchecked(m);
            m
        })
        .collect()
}

#[test]
fn finds_where_the_sheets_agree() {
    let s = Chess::default();
    let game = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6";
    type Case = (
        &'static str,
        &'static str,
        usize,
        Option<&'static str>,
        bool,
    );
    let cases: [Case; 7] = [
        (game, game, 6, Some("3…"), true),
        (game, "e2e4 e7e5 g1f3 b8c6 f1c4", 4, Some("2…"), false),
        (game, "e2e4 e7e5 g1f3 g8f6", 3, Some("2."), false),
        (game, "d2d4", 0, None, false),
        (game, "", 0, None, false),
        ("", "", 0, None, true),
        (game, "e2e4 e7e5", 2, Some("1…"), false),
    ];
    for (a, b, agreed, last, identical) in cases {
        let r = compare(&line(&s, a), &line(&s, b));
        assert_eq!(r.agreed_plies, agreed, "{a} / {b}");
        assert_eq!(r.last_agreed().as_deref(), last, "{a} / {b}");
        assert_eq!(r.identical(), identical, "{a} / {b}");
    }
    let r = compare(&line(&s, game), &line(&s, "e2e4 e7e5 g1f3 g8f6"));
    assert_eq!(r.take_back(), (3, 1));
}

#[test]
fn numbers_from_a_position_with_black_to_move() {
    let fen: Fen = "4k3/8/8/8/8/8/8/4K3 b - - 0 17".parse().unwrap();
    let s: Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
    let a = line(&s, "e8e7 e1e2 e7e6");
    let b = line(&s, "e8e7 e1e2 e7d6");
    let r = compare_from(&s, &a, &b);
    assert_eq!(r.last_agreed().as_deref(), Some("18."));
    assert_eq!(r.ply(0), (17, Color::Black));
    assert_eq!(r.ply(2), (18, Color::Black));
}

#[test]
fn says_it_in_every_language() {
    let s = Chess::default();
    let game = line(&s, "e2e4 e7e5 g1f3 b8c6");
    let other = line(&s, "e2e4 e7e5 g1f3 g8f6");
    let first = line(&s, "d2d4");
    for (lang, same, until, start) in [
        (
            Language::De,
            "Die Partien stimmen überein.",
            "Die Partien stimmen bis einschließlich Zug 2 von Weiß überein.",
            "Die Partien weichen ab dem ersten Zug ab.",
        ),
        (
            Language::Es,
            "Las planillas coinciden.",
            "Las planillas coinciden hasta la jugada 2 de las blancas, incluida.",
            "Las planillas difieren desde la primera jugada.",
        ),
        (
            Language::En,
            "The scoresheets agree.",
            "The scoresheets agree up to and including White's move 2.",
            "The scoresheets differ from the first move.",
        ),
    ] {
        let p = Phrases::load(lang).unwrap();
        assert_eq!(p.speech(&compare(&game, &game).message(&p)), same);
        assert_eq!(p.speech(&compare(&game, &other).message(&p)), until);
        assert_eq!(p.speech(&compare(&game, &first).message(&p)), start);
    }
    let de = Phrases::load(Language::De).unwrap();
    let black = line(&s, "e2e4 e7e5 g1f3 b8c6 f1c4");
    let r = compare(&line(&s, "e2e4 e7e5 g1f3 b8c6 f1b5"), &black);
    assert_eq!(
        de.speech(&r.message(&de)),
        "Die Partien stimmen bis einschließlich Zug 2 von Schwarz überein."
    );
}

/// The two scoresheets of the brief: alike to 6…, then 7. Lg5 against 7. Le3, the
/// second broken after that point in every way a sheet can be.
#[test]
fn names_the_parting_moves_however_broken_the_rest_is() {
    use crate::core::scoresheet::pgn_in::{read_any_partly, read_games};
    let head = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 ";
    let a = format!("{head}7. Lb3 d6 8. c3 O-O");
    let cases: [(&str, String, &str); 6] = [
        (
            "illegal after the parting",
            format!("{head}7. Lb3 d6 8. d4 Lxf6 9. zz"),
            "Die Partien stimmen bis einschließlich Zug 7 von Schwarz überein. \
                 Dann, Zug 8 von Weiß: c3 gegen d4.",
        ),
        (
            "parting, then garbage",
            format!("{head}7. d4 Qxq9 zz 8. Lxf6"),
            "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein. \
                 Dann, Zug 7 von Weiß: Lb3 gegen d4.",
        ),
        (
            "the parting move itself illegal",
            format!("{head}7. Lxf7 d6"),
            "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein. \
                 Dann, Zug 7 von Weiß: Lb3 gegen Lxf7 (in dieser Stellung unmöglich).",
        ),
        (
            "no move at all there",
            format!("{head}7. Xy3"),
            "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein. \
                 Dann, Zug 7 von Weiß: Lb3 gegen Xy3 (kein Zug).",
        ),
        (
            "ends there",
            head.to_owned(),
            "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein. \
                 Dann, Zug 7 von Weiß: Lb3 gegen nichts, das Formular endet dort.",
        ),
        (
            "the first move differs",
            "1. d4 e5 2. dxe5 Lxq1".to_owned(),
            "Die Partien weichen ab dem ersten Zug ab. Dann, Zug 1 von Weiß: e4 gegen d4.",
        ),
    ];
    let de = Phrases::load(Language::De).unwrap();
    let sheet_a = read_any_partly(&a, Language::De).unwrap();
    for (what, b, want) in cases {
        let sheet_b = read_any_partly(&b, Language::De).unwrap();
        let c = compare_sheets(Language::De, (&sheet_a, &[]), (&sheet_b, &[]));
        assert_eq!(c.say(&de), want, "{what}");
        // The other way round, the moves swap sides of "gegen".
        let back = compare_sheets(Language::De, (&sheet_b, &[]), (&sheet_a, &[]));
        assert_eq!(
            back.agreement.agreed_plies, c.agreement.agreed_plies,
            "{what}"
        );
    }
    // A PGN whose second sheet breaks in its tags' game: the same answer, in English.
    let en = Phrases::load(Language::En).unwrap();
    let pgn = format!("[Event \"x\"]\n\n{head}7. h3 Bxq9 *\n");
    let g = read_games(&pgn, Language::De).unwrap().remove(0);
    let b = Partial {
        sheet: g.sheet,
        stop: g.stop.map(ReadError::Pgn),
    };
    let c = compare_sheets(Language::De, (&sheet_a, &[]), (&b, &[]));
    assert_eq!(
        c.say(&en),
        "The scoresheets agree up to and including Black's move 6. \
             Then, White's move 7: Lb3 against h3."
    );
}

/// A Braille scoresheet broken after the point where the games part (a line that is
/// no Braille): the parting moves are still named.
#[test]
fn a_braille_sheet_broken_after_the_parting() {
    use crate::core::scoresheet::brf::render_brf;
    use crate::core::scoresheet::pgn_in::read_any_partly;
    let s = Chess::default();
    let brf = format!(
        "{}\u{e9}\u{e9}\n",
        render_brf(&sheet(&s, "e2e4 e7e5 g1f3 b8c6 f1b5"), Language::De)
    );
    let a = read_any_partly(&brf, Language::De).unwrap();
    assert!(matches!(&a.stop, Some(ReadError::Brf(_))), "{:?}", a.stop);
    let b = read_any_partly("1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5", Language::De).unwrap();
    let de = Phrases::load(Language::De).unwrap();
    let c = compare_sheets(Language::De, (&a, &[]), (&b, &[]));
    assert_eq!(
        c.say(&de),
        "Die Partien stimmen bis einschließlich Zug 2 von Schwarz überein. \
             Dann, Zug 3 von Weiß: Lb5 gegen Lc4."
    );
    // Alike as far as the broken one reads: the broken line is named.
    let b = read_any_partly("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6", Language::De).unwrap();
    let c = compare_sheets(Language::De, (&a, &[]), (&b, &[]));
    let said = c.say(&de);
    assert!(
        said.starts_with(
            "Die Partien stimmen bis einschließlich Zug 3 von Weiß überein. \
                 Dann, Zug 3 von Schwarz: nicht lesbar (Seite 1, Zeile "
        ),
        "{said}"
    );
    assert!(said.ends_with(" gegen a6."), "{said}");
}

#[test]
fn says_the_clocks_where_the_sheets_agree() {
    let s = Chess::default();
    let a = Partial {
        sheet: sheet(&s, "e2e4 e7e5 g1f3 b8c6"),
        stop: None,
    };
    let b = Partial {
        sheet: sheet(&s, "e2e4 e7e5 g1f3 g8f6"),
        stop: None,
    };
    let secs = |n| Some(Duration::from_secs(n));
    let clocks = [secs(895), secs(880), secs(3_601), secs(850)];
    for (lang, want) in [
        (
            Language::De,
            "Die Partien stimmen bis einschließlich Zug 2 von Weiß überein. \
                 Dann, Zug 2 von Schwarz: Sc6 gegen Sf6. \
                 Uhren an dieser Stelle: Weiß eine Stunde eine Sekunde, Schwarz 14 Minuten 40 Sekunden.",
        ),
        (
            Language::En,
            "The scoresheets agree up to and including White's move 2. \
                 Then, Black's move 2: Nc6 against Nf6. \
                 Clocks at that point: White one hour one second, Black 14 minutes 40 seconds.",
        ),
    ] {
        let p = Phrases::load(lang).unwrap();
        // The first sheet has no clocks: the second's are said.
        let c = compare_sheets(lang, (&a, &[]), (&b, &clocks));
        assert_eq!(c.say(&p), want, "{lang}");
    }
    // Only one side's clock known: no clocks said.
    let c = compare_sheets(Language::De, (&a, &[secs(1), None, secs(2)]), (&b, &[]));
    assert_eq!(c.clocks, None);
}

fn sheet(start: &Chess, ucis: &str) -> crate::core::scoresheet::Sheet {
    let mut sheet = crate::core::scoresheet::Sheet::new(start.clone());
    sheet.moves = line(start, ucis)
        .into_iter()
        .map(|mv| crate::core::scoresheet::SheetMove {
            mv,
            draw_offer: false,
        })
        .collect();
    sheet
}
