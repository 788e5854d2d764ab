use super::*;
use crate::core::scoresheet::brf::render_brf;
use shakmaty::CastlingMode;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{EnPassantMode, Position};

/// FIDE Laws Appendix C, the example game, in UCI.
const SEED_UCI: &str = "e2e4 e7e5 g1f3 g8f6 d2d4 e5d4 e4e5 f6e4 d1d4 d7d5 e5d6 e4d6 c1g5 b8c6 \
                        d4e3 f8e7 b1d2 e8g8 e1c1 f8e8 c1b1";
/// The same game as Appendix C prints it (Spanish letters).
const SEED_ES: &str = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd4 d5 6.exd6 a.p. Cxd6 7.Ag5 \
                       Cc6 8.De3+ Ae7 9.Cbd2 0-0 10.0-0-0 Te8 11.Rb1(=)";

fn ucis(start: &Chess, text: &str) -> Vec<Move> {
    let mut p = start.clone();
    text.split_whitespace()
        .map(|u| {
            let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            p.play_unchecked(m);
            m
        })
        .collect()
}

fn seed() -> Vec<Move> {
    ucis(&Chess::default(), SEED_UCI)
}

#[test]
fn reads_the_stations_own_pgn() {
    let pgn = "[Event \"Club \\\"Open\\\"\"]\n[Site \"Jülich\"]\n[Date \"2025.03.14\"]\n\
               [Round \"3\"]\n[White \"Ana\"]\n[Black \"Bea\"]\n[Result \"1/2-1/2\"]\n\
               [TimeControl \"900+10\"]\n[Termination \"normal\"]\n\n\
               1. e4 { [%clk 0:15:05.5] [%emt 0:00:04.5] } 1... e5 { [%clk 0:15:08] } 2. Nf3 \
               { [%clk 0:15:10.0] [%emt 0:00:05.5] (=) } 1/2-1/2\n\n";
    let games = read_pgn(pgn, Language::De).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    let s = &g.sheet;
    assert_eq!(s.info.event, "Club \"Open\"");
    assert_eq!(s.info.site, "Jülich");
    assert_eq!(
        (s.info.white.as_str(), s.info.black.as_str()),
        ("Ana", "Bea")
    );
    assert_eq!(s.info.round, "3");
    assert_eq!(s.time_control.as_deref(), Some("900+10"));
    assert_eq!(s.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(s.move_list(), ucis(&Chess::default(), "e2e4 e7e5 g1f3"));
    assert_eq!(
        s.moves.iter().map(|m| m.draw_offer).collect::<Vec<_>>(),
        [false, false, true]
    );
    assert_eq!(
        g.clocks,
        [
            Some(Duration::from_millis(905_500)),
            Some(Duration::from_secs(908)),
            Some(Duration::from_secs(910)),
        ]
    );
    assert_eq!(g.tags.len(), 9);
    assert_eq!(g.tags[8], ("Termination".into(), "normal".into()));
}

#[test]
fn reads_appendix_c_in_spanish() {
    let pgn = format!("[Event \"Ejemplo\"]\n\n{SEED_ES} *\n");
    let games = read_pgn(&pgn, Language::Es).unwrap();
    let s = &games[0].sheet;
    assert_eq!(s.move_list(), seed());
    assert!(s.moves[20].draw_offer);
    assert_eq!(s.moves.iter().filter(|m| m.draw_offer).count(), 1);
    assert_eq!(s.result, None);
    // The same text without tags is a plain move list.
    assert_eq!(read_move_list(SEED_ES, Language::Es), Ok(seed()));
    // And the print's second form (with "9 Cbd2", "Dd4", "ed6" and an English "Kb1").
    let second = "1. e4 e5 2. Cf3 Cf6 3. d4 ed4 4. e5 Ce4 5. Dd4 d5 6. ed6 Cd6 7. Ag5 Cc6 \
                  8. De3 Ae7 9 Cbd2 0-0 10. 0-0-0 Te8 11. Kb1 (=)";
    let s = read_list(second, Language::Es).unwrap();
    assert_eq!(s.move_list(), seed());
    assert!(s.moves[20].draw_offer);
}

#[test]
fn reads_german_and_english_notation() {
    let de = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3 0-0";
    let en = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O";
    let want = read_move_list(en, Language::En).unwrap();
    assert_eq!(want.len(), 16);
    assert_eq!(read_move_list(de, Language::De), Ok(want.clone()));
    // An English game reads right in Spanish: "Re1" is a rook, not the king.
    assert_eq!(read_move_list(en, Language::Es), Ok(want.clone()));
    assert_eq!(read_move_list(en, Language::De), Ok(want));
}

#[test]
fn skips_variations_nags_and_comments() {
    let pgn = "[White \"A\"]\n[Black \"B\"]\n\n\
               1. e4 $1 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... c5!? ; a comment (not a move\n\
               % an escaped line Nf3\n\
               2. Nf3 {a (=) free {comment} d6 (2... e6 3. d4 (=)) 3. d4 *\n";
    let games = read_pgn(pgn, Language::En).unwrap();
    let s = &games[0].sheet;
    assert_eq!(
        s.move_list(),
        ucis(&Chess::default(), "e2e4 c7c5 g1f3 d7d6 d2d4")
    );
    // "(=)" inside a comment is the draw offer of the move before it (the station's form).
    assert_eq!(
        s.moves.iter().map(|m| m.draw_offer).collect::<Vec<_>>(),
        [false, false, true, false, false]
    );
}

#[test]
fn reads_several_games_and_set_up_starts() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let pgn = format!(
        "[Event \"one\"]\n\n1. e4 e5 1-0\n\n\
         [Event \"two\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1... c5 2. Nf3 0-1\n\n\
         [Event \"three\"]\n[Variant \"Chess960\"]\n\
         [FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"]\n\n\
         1. O-O O-O-O *\n"
    );
    let games = read_pgn(&pgn, Language::De).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].sheet.result.as_deref(), Some("1-0"));
    let two = &games[1].sheet;
    assert_eq!(
        Fen::from_position(&two.start, EnPassantMode::Legal).to_string(),
        fen
    );
    assert_eq!(two.moves.len(), 2);
    assert_eq!(two.result.as_deref(), Some("0-1"));
    let three = &games[2].sheet;
    assert_eq!(three.start.castles().mode(), CastlingMode::Chess960);
    assert_eq!(three.moves.len(), 2);
    assert!(three.moves.iter().all(|m| m.mv.is_castle()));
}

#[test]
fn errors_name_the_line_and_the_move() {
    let head = "[Event \"x\"]\n[White \"A\"]\n\n";
    for (body, want) in [
        (
            "1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe4 4. Qe2 Qe7\n5. Qxe4 d6 6. d4 dxe5 7. dxe5 Qxe5 8. exd7",
            "line 5: move 8. exd7: illegal in this position",
        ),
        (
            "1. e4 e5\n2. Qh5 Ke7 3. Qxf7#\n4. Ke2",
            "line 6: move 3… Ke2: illegal in this position",
        ),
        ("(=) 1. e4", "line 4: (=) before any move"),
        ("1. e4 e5 2. Xy7", "line 4: move 2. Xy7: not a move"),
        (
            "1. Nc3 Nc6 2. Nb5 Nb4 3. Nd4 Nc6\n4. Nf3",
            "line 5: move 4. Nf3: ambiguous: Ngf3 or Ndf3",
        ),
    ] {
        let got = read_pgn(&format!("{head}{body}"), Language::En);
        assert_eq!(
            got.map_err(|e| e.to_string()),
            Err(format!("game 1, {want}")),
            "{body}"
        );
    }
    let bad = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8 w - - 0 1\"]\n\n*";
    let err = read_pgn(bad, Language::En).unwrap_err();
    assert!(matches!(&err, PgnError::Fen { line: 3, .. }), "{err}");
    let zh = "[Event \"x\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *";
    assert_eq!(
        read_pgn(zh, Language::En).map_err(|e| e.to_string()),
        Err("game 1, line 2: variant \"Crazyhouse\" is not chess".to_owned())
    );
    assert!(matches!(
        read_pgn("1. e4 { never closed", Language::En),
        Err(PgnError::Syntax { .. })
    ));
    assert_eq!(read_pgn("", Language::En), Ok(Vec::new()));
}

#[test]
fn move_list_errors() {
    assert_eq!(
        read_move_list("1.e4 e5\n2.Cf3 Cf6\n3.Cxe5 Cxe4\n4.CCe4", Language::Es)
            .map_err(|e| e.to_string()),
        Err("game 1, line 4: move 4. CCe4: not a move".to_owned())
    );
    assert_eq!(
        read_move_list("(=)", Language::De),
        Err(PgnError::DrawOfferWithoutMove { game: 1, line: 1 })
    );
}

#[test]
fn detects_the_form() {
    for (text, want) in [
        ("[Event \"x\"]\n1. e4", Format::Pgn),
        ("  [White \"A\"]", Format::Pgn),
        ("1.e4 e5 2.Cf3", Format::List),
        ("1. e4 e5 2. Nf3", Format::List),
        (",WHITE: ,A\r\n1 E4 E5", Format::Brf),
        (",white: ,a\n1 e4 e5", Format::Brf),
        ("1 E4 E5", Format::Brf),
        ("⠂⠀⠑⠲", Format::Brf),
        ("", Format::List),
    ] {
        assert_eq!(detect(text), want, "{text:?}");
    }
}

#[test]
fn reads_any_form() {
    let mut sheet = read_list(SEED_ES, Language::Es).unwrap();
    sheet.info.white = "Ana".into();
    let brf = render_brf(&sheet, Language::Es);
    let pgn = format!("[White \"Ana\"]\n\n{SEED_ES}\n");
    for text in [brf.as_str(), pgn.as_str(), SEED_ES] {
        let got = read_any(text, Language::Es).unwrap();
        assert_eq!(got.move_list(), seed(), "{text}");
        assert!(got.moves[20].draw_offer);
    }
    assert_eq!(
        read_any("1 E4 E4", Language::En).map_err(|e| e.to_string()),
        Err("Braille scoresheet: page 1, line 1: move 1… e4: illegal in this position".into())
    );
    assert_eq!(read_any("\n", Language::En).map(|s| s.moves.len()), Ok(0));
}

#[test]
fn clock_comments() {
    for (text, ms) in [
        ("0:15:05.5", Some(905_500)),
        ("1:30:00", Some(5_400_000)),
        ("0:00:00.123", Some(123)),
        ("0:00:01.1234", Some(1_123)),
        ("15:05", None),
        ("a:00:00", None),
        ("0:00:00:0", None),
    ] {
        assert_eq!(parse_clock(text), ms.map(Duration::from_millis), "{text}");
    }
}

/// Found by the `pgn` fuzz target: a stray `}` outside a comment made `prepare` loop
/// forever (a word stops at `}`, and nothing stepped over it).
#[test]
fn a_stray_closing_brace_ends() {
    let cases = [
        "1. e4 } e5 *\n",
        "[Event \"?\"]\n\n1. e4 e5 2. Nf3 }} *\n",
        "}",
        "[White \"Ana\"]\n\n1. e4 {[%clk 0:15:06]}} e5 *\n",
    ];
    for text in cases {
        for lang in Language::ALL {
            let _ = read_pgn(text, lang);
            let _ = read_any(text, lang);
        }
    }
    // The moves around it are still read.
    let games = read_pgn("1. e4 } e5 2. Nf3 *\n", Language::En).expect("read");
    assert_eq!(games[0].sheet.moves.len(), 3);
}

/// Found by the `pgn` fuzz target: a `[%clk]` fraction cut inside a multi-byte character
/// panicked; a huge hour count overflowed.
#[test]
fn odd_clock_comments_are_ignored_not_a_panic() {
    let cases = [
        ("0:15:21.6", Some(Duration::from_millis(921_600))),
        ("1:00:00", Some(Duration::from_secs(3600))),
        ("0:00:01.25", Some(Duration::from_millis(1250))),
        ("0:00:01.2345", Some(Duration::from_millis(1234))),
        ("0:15:211.6\u{fffd}\u{fffd}", None),
        ("0:15:21.é", None),
        ("0:15:21.6é", None),
        ("99999999999999999:00:00", None),
        ("0:0:18446744073709551615", None),
    ];
    for (text, expected) in cases {
        assert_eq!(parse_clock(text), expected, "{text:?}");
    }
    let pgn = "1. e4 {[%clk 0:15:211.6\u{fffd}\u{fffd}]} e5 *\n";
    let games = read_pgn(pgn, Language::En).expect("read");
    assert_eq!(games[0].sheet.moves.len(), 2);
}

/// FIDE Laws D.2.8: a file of several games: every game is read, each as far as it goes; a
/// broken game names its number, line and move, and the games after it are still read.
#[test]
fn every_game_of_a_file_each_as_far_as_it_reads() {
    let text = "\u{feff}[Event \"a\"]\n\n1. e4 e5 1-0\n\n\
                [Event \"b\"]\n\n1. d4 d5 2. Bxf7 Nf6 0-1\n\n\
                \u{feff}[Event \"c\"]\n[FEN \"8/8 w - - 0 1\"]\n\n*\n\n\
                [Event \"d\"]\n\n1. c4 {[%clk 0:01:00] [%emt 0:00:02.5]} *\n";
    let games = read_games(text, Language::En).unwrap();
    let summary: Vec<(usize, Option<String>)> = games
        .iter()
        .map(|g| (g.sheet.moves.len(), g.stop.as_ref().map(|e| e.to_string())))
        .collect();
    assert_eq!(
        summary,
        [
            (2, None),
            (
                2,
                Some("game 2, line 7: move 2. Bxf7: illegal in this position".into())
            ),
            (
                0,
                Some("game 3, line 10: FEN \"8/8 w - - 0 1\": invalid board part in fen".into())
            ),
            (1, None),
        ]
    );
    assert_eq!(games[0].tags[0], ("Event".into(), "a".into()));
    assert_eq!(games[3].clocks, [Some(Duration::from_secs(60))]);
    assert_eq!(games[3].elapsed, [Some(Duration::from_millis(2500))]);
    // read_pgn refuses the file at its first broken game.
    assert_eq!(
        read_pgn(text, Language::En).map_err(|e| e.to_string()),
        Err("game 2, line 7: move 2. Bxf7: illegal in this position".into())
    );
}

/// A UTF-8 byte-order mark (as Windows programs write it) is no part of the text.
#[test]
fn a_byte_order_mark_is_skipped() {
    for text in ["\u{feff}[Event \"x\"]\n\n1. e4 e5 *\n", "\u{feff}1. e4 e5"] {
        assert_eq!(detect(text), detect(without_bom(text)), "{text:?}");
        let sheet = read_any(text, Language::En).unwrap();
        assert_eq!(sheet.moves.len(), 2, "{text:?}");
    }
}
