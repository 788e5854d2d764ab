use super::*;
use crate::core::scoresheet::braille::to_unicode;
use shakmaty::Move;
use shakmaty::uci::UciMove;

/// FIDE Laws Appendix C, the example game, in UCI.
const SEED: &str = "e2e4 e7e5 g1f3 g8f6 d2d4 e5d4 e4e5 f6e4 d1d4 d7d5 e5d6 e4d6 c1g5 b8c6 \
                    d4e3 f8e7 b1d2 e8g8 e1c1 f8e8 c1b1";

fn play(start: &Chess, ucis: &str) -> Vec<Move> {
    let mut p = start.clone();
    ucis.split_whitespace()
        .map(|u| {
            let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            p.play_unchecked(m);
            m
        })
        .collect()
}

fn sheet(start: Chess, ucis: &str) -> Sheet {
    let moves = play(&start, ucis);
    let mut s = Sheet::new(start);
    s.moves = moves
        .into_iter()
        .map(|mv| SheetMove {
            mv,
            draw_offer: false,
        })
        .collect();
    s
}

fn seed_sheet() -> Sheet {
    let mut s = sheet(Chess::default(), SEED);
    s.info.white = "Ana".into();
    s.info.black = "Bea".into();
    s.info.date = "2025.03.14".into();
    if let Some(last) = s.moves.last_mut() {
        last.draw_offer = true;
    }
    s
}

fn fen(f: &str) -> Chess {
    start(f, 1, 1).unwrap()
}

#[test]
fn the_seed_game_in_spanish_braille() {
    let want = ",BLANCAS: ,ANA\r\n\
                ,NEGRAS: ,BEA\r\n\
                ,FECHA: 2025.03.14\r\n\
                \r\n\
                1 E4 E5\r\n\
                2 ,CF3 ,CF6\r\n\
                3 D4 EXD4\r\n\
                4 E5 ,CE4\r\n\
                5 ,DXD4 D5\r\n\
                6 EXD6 ,CXD6\r\n\
                7 ,AG5 ,CC6\r\n\
                8 ,DE3+ ,AE7\r\n\
                9 ,CBD2 0-0\r\n\
                10 0-0-0 ,TE8\r\n\
                11 ,RB1 (=)\r\n";
    let s = seed_sheet();
    assert_eq!(render_brf(&s, Language::Es), want);
    assert_eq!(read_brf(want, Language::Es), Ok(s));
}

#[test]
fn german_and_english_letters() {
    let s = seed_sheet();
    let de = render_brf(&s, Language::De);
    assert!(de.starts_with(",WEI@!: ,ANA\r\n,SCHWARZ: ,BEA\r\n,DATUM: 2025.03.14\r\n"));
    assert!(de.contains("\r\n2 ,SF3 ,SF6\r\n"), "{de}");
    assert!(de.contains("\r\n7 ,LG5 ,SC6\r\n"), "{de}");
    assert!(de.contains("\r\n11 ,KB1 (=)\r\n"), "{de}");
    let en = render_brf(&s, Language::En);
    assert!(en.contains("\r\n5 ,QXD4 D5\r\n"), "{en}");
    assert!(en.contains("\r\n9 ,NBD2 0-0\r\n"), "{en}");
    for lang in Language::ALL {
        assert_eq!(
            read_brf(&render_brf(&s, lang), lang),
            Ok(s.clone()),
            "{lang}"
        );
    }
}

#[test]
fn unicode_has_the_same_lines() {
    let s = seed_sheet();
    let u = render_unicode(&s, Language::Es);
    let brf = render_brf(&s, Language::Es);
    assert_eq!(u.lines().count(), brf.lines().count());
    assert!(u.starts_with("⠠⠃⠇⠁⠝⠉⠁⠎⠱⠀⠠⠁⠝⠁\n"), "{u}");
    assert_eq!(read_brf(&u, Language::Es), Ok(s));
}

#[test]
fn full_header_black_first_promotion_and_result() {
    let start = fen("8/2P2k2/8/8/8/8/5K2/8 b - - 3 40");
    let mut s = sheet(start, "f7e6 c7c8q e6d6 c8c4");
    s.info.event = "Stadtmeisterschaft Jülich – Offene Gruppe A, Runde der Besten".into();
    s.info.site = "Jülich".into();
    s.info.round = "7".into();
    s.time_control = Some("40/5400+30:1800+30".into());
    s.result = Some("1-0".into());
    s.moves[0].draw_offer = true;
    let text = render_brf(&s, Language::De);
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines[0], ",WEI@!: ?");
    assert!(
        lines[2].starts_with(",TURNIER: ,STADTMEISTERSCHAFT"),
        "{text}"
    );
    assert!(lines[3].starts_with("   @? ,OFFENE"), "{text}");
    assert!(lines.iter().all(|l| l.len() <= 40));
    assert!(text.contains("\r\n40 -,KE6 (=)\r\n41 C8=,D+ ,KD6\r\n42 ,DC4\r\n1-0\r\n"));
    assert!(text.contains(",STELLUNG: 8/2,P2K2/8/8/8/8/5,K2/8 B - -\r\n   3 40\r\n"));
    let read = read_brf(&text, Language::De).unwrap();
    // The unknown "–" reads back as "?"; everything else exactly.
    assert_eq!(read.info.event.replace('?', "–"), s.info.event);
    let mut s2 = s.clone();
    s2.info.event = read.info.event.clone();
    assert_eq!(read, s2);
}

#[test]
fn pages_hold_25_lines_of_40_cells() {
    // 120 full moves of knights going back and forth.
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(60);
    let s = sheet(Chess::default(), &shuffle);
    let p = pages(&s, Language::Es);
    assert_eq!(p.len(), 5); // 2 header lines, a blank, 120 move lines: 123 lines.
    for page in &p {
        assert!(page.len() <= LINES_PER_PAGE);
        assert!(page.iter().all(|l| l.len() <= CELLS_PER_LINE));
    }
    let text = render_brf(&s, Language::Es);
    assert_eq!(text.matches('\x0c').count(), 4);
    assert!(text.contains("\r\n\x0c"));
    assert_eq!(read_brf(&text, Language::Es), Ok(s));
}

#[test]
fn a_long_word_is_broken_hard() {
    let mut s = sheet(Chess::default(), "");
    s.info.white = "X".repeat(45);
    let text = render_brf(&s, Language::En);
    let lines: Vec<&str> = text.split("\r\n").collect();
    // The break falls before the blank after the label, then hard within the word.
    assert_eq!(lines[0], ",WHITE:");
    assert!(lines[1].starts_with("   ,X"));
    assert_eq!(lines[1].len(), 39);
    assert!(lines[2].starts_with("  ,X"));
    assert_eq!(read_brf(&text, Language::En), Ok(s));
}

#[test]
fn reading_is_tolerant() {
    let s = seed_sheet();
    let loose = ",blancas: ,ana\n,negras: ,bea\n,fecha: 2025.03.14\n\n\n1 e4   e5\n2 ,cf3\n ,cf6 3 \
                 d4 exd4\x0c4 e5 ,ce4 5 ,dxd4 d5 6 exd6 ,cxd6\n\n7 ,ag5 ,cc6 8 ,de3+ ,ae7\n9 \
                 ,cbd2 0-0 10 0-0-0 ,te8 11 ,rb1 (=)   \n\n";
    assert_eq!(read_brf(loose, Language::Es), Ok(s.clone()));
    // Another language's labels are understood too.
    let en = render_brf(&s, Language::En);
    assert_eq!(read_brf(&en, Language::De), Ok(s));
}

#[test]
fn errors_name_page_line_and_token() {
    let head = ",WHITE: ,A\r\n,BLACK: ,B\r\n\r\n";
    for (body, want) in [
        (
            "1 E4 E5\r\n2 ,NF3 ,NF6\r\n3 ,NXE5 ,NXE4\r\n4 ,QE2 ,QE7\r\n5 ,QXE4 D6\r\n6 D4 \
             DXE5\r\n7 DXE5 ,QXE5\r\n8 EXD7+",
            "page 1, line 11: move 8. exd7+: illegal in this position",
        ),
        (
            "1 E4 E5\r\n3 D4",
            "page 1, line 5: move number 3, expected 2",
        ),
        (
            "1 E4\x0c1 -E5 2 ,ZZ",
            "page 2, line 1: move 2. Zz: not a move",
        ),
        ("(=) 1 E4", "page 1, line 4: (=) before any move"),
        (
            "1 E4 \t",
            "page 1, line 4: column 6: '\\t' is not a Braille ASCII character",
        ),
        (
            "1 E4 ,1",
            "page 1, line 4: cell 6: capital sign ⠠ not followed by a letter",
        ),
        (
            "1 ,NC3 ,NC6 2 ,NB5 ,NB4 3 ,ND4 ,NC6 4 ,NF3",
            "page 1, line 4: move 4. Nf3: ambiguous: Ngf3 or Ndf3",
        ),
    ] {
        let got = read_brf(&format!("{head}{body}"), Language::En);
        assert_eq!(
            got.map_err(|e| e.to_string()),
            Err(want.to_owned()),
            "{body}"
        );
    }
    let bad_fen = ",WHITE: ,A\r\n,POSITION: 8/8 W - - 0 1\r\n";
    let err = read_brf(bad_fen, Language::En).unwrap_err();
    assert!(
        matches!(&err, BrfError::Start { page: 1, line: 2, fen, .. } if fen == "8/8 w - - 0 1"),
        "{err}"
    );
}

#[test]
fn wraps_before_blanks_and_keeps_capitals_whole() {
    let cells = text_to_cells(&format!("{} Abc", "a".repeat(37)));
    let lines = wrap(&cells);
    assert_eq!(to_unicode(&lines[0]), "⠁".repeat(37));
    assert_eq!(to_unicode(&lines[1]), "⠀⠀⠀⠠⠁⠃⠉");
    // A capital sign never ends a line.
    let cells = text_to_cells(&format!("{}Ab", "a".repeat(39)));
    let lines = wrap(&cells);
    assert_eq!(lines[0].len(), 39);
    assert_eq!(to_unicode(&lines[1]), "⠀⠀⠠⠁⠃");
}
