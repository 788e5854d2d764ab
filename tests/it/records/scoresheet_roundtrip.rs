//! Scoresheets out and back in, over more than a thousand games: seeded random legal games
//! (lengths 0–200 plies, promotions, castling, en passant, draw offers, Chess960 and FEN
//! starts) played through the station, and the 400 real games of `tests/data/games.pgn`:
//!
//! (a) the station's PGN (`game_record::pgn`) → `read_pgn` → the same moves, draw offers, start,
//!     names and result;
//! (b) `render_brf` → `read_brf` → the same scoresheet, in de, es and en, every page at most
//!     25 lines of at most 40 cells of Braille ASCII;
//! (c) the example game of FIDE Laws Appendix C in Spanish notation, as a move list and as
//!     a Braille scoresheet.

use std::time::Duration;

use ansage::core::input::{Actor, Input};
use ansage::core::lang::Language;
use ansage::core::laws::Start;
use ansage::core::scoresheet::Sheet;
use ansage::core::scoresheet::brf::{read_brf, render_brf, render_unicode};
use ansage::core::scoresheet::compare::compare;
use ansage::core::scoresheet::pgn_in::{read_any, read_move_list, read_pgn};
use ansage::core::session::Session;
use ansage::core::setup::{ConfirmPolicy, GameInfo, Impaired, SessionSetup};
use ansage::core::time::Timestamp;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, Role};

use crate::support::load;

/// xorshift64*: deterministic, seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % u64::try_from(n.max(1)).unwrap()).unwrap()
    }
}

/// Names in every character the Braille code writes exactly.
const NAMES: [&str; 8] = [
    "Anna Müller",
    "José Peña",
    "Björn Weiß",
    "Ana María Núñez",
    "O'Brien, Seán",
    "Françoise",
    "X",
    "Dr. Jürgen Schäfer-Öztürk",
];
const EVENTS: [&str; 4] = [
    "?",
    "Stadtmeisterschaft 2025, Gruppe A (Senioren) - Runde der letzten acht Spieler",
    "Open de Madrid",
    "Club @ Home",
];

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn fen_of(start: &Start) -> Chess {
    start.position().unwrap().0
}

/// A random legal move, often a special one (promotion, castling, en passant) or a pawn's.
fn pick(rng: &mut Rng, pos: &Chess) -> Option<Move> {
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    if legal.is_empty() {
        return None;
    }
    let special: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.is_promotion() || m.is_castle() || m.is_en_passant())
        .collect();
    let pawns: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.role() == Role::Pawn)
        .collect();
    Some(match rng.below(4) {
        0 | 1 if !special.is_empty() => special[rng.below(special.len())],
        2 if !pawns.is_empty() => pawns[rng.below(pawns.len())],
        _ => legal[rng.below(legal.len())],
    })
}

/// A random start: mostly standard, some Chess960, some positions from a random opening.
fn random_start(rng: &mut Rng) -> Start {
    match rng.below(10) {
        0 => Start::Chess960(u32::try_from(rng.below(960)).unwrap()),
        1 => {
            let mut p = Chess::default();
            for _ in 0..1 + rng.below(30) {
                match pick(rng, &p) {
                    Some(m) => p.play_unchecked(m),
                    None => break,
                }
            }
            if p.legal_moves().is_empty() {
                Start::Standard
            } else {
                Start::Fen(fen(&p))
            }
        }
        _ => Start::Standard,
    }
}

/// Plays moves through the station (everyone sighted, moves made at once) and returns it.
fn play(lang: Language, start: Start, info: GameInfo, moves: &[(Move, bool)]) -> Session {
    let config = SessionSetup {
        lang,
        impaired: Impaired::None,
        confirm: ConfirmPolicy::Window(Duration::ZERO),
        confirm_sighted: ConfirmPolicy::Window(Duration::ZERO),
        start,
        info,
        ..SessionSetup::default()
    };
    let mut session = Session::new(config).unwrap();
    for (i, (m, draw)) in moves.iter().enumerate() {
        if session.result().is_some() {
            break;
        }
        let side = session.position().turn();
        let uci = m.to_uci(session.castling_mode()).to_string();
        let text = if *draw { format!("{uci} (=)") } else { uci };
        let now = Timestamp::from_millis(1000 * (i as u64 + 1));
        session.handle(Input::typed(Actor::Player(side), &text), now);
        assert_eq!(session.history().len(), i + 1, "{text} not made");
    }
    session
}

/// The station's scoresheet of a session.
fn sheet_of(session: &Session, time_control: Option<String>) -> Sheet {
    Sheet::from_plies(
        &session.setup().info,
        time_control,
        session.result().map(|r| r.pgn().to_owned()),
        session.initial_position(),
        session.history(),
    )
}

/// Every page at most 25 lines of at most 40 cells, Braille ASCII only.
fn check_layout(brf: &str, unicode: &str) {
    for page in brf.split('\x0c') {
        let lines: Vec<&str> = page.split_terminator("\r\n").collect();
        assert!(lines.len() <= 25, "{} lines:\n{page}", lines.len());
        for line in lines {
            assert!(line.len() <= 40, "{} cells: {line}", line.len());
            assert!(
                line.bytes().all(|b| (0x20..=0x5f).contains(&b)),
                "not Braille ASCII: {line:?}"
            );
        }
    }
    assert!(!brf.replace("\r\n", "").contains('\n'), "bare LF");
    let brf_shape: Vec<usize> = brf
        .split('\x0c')
        .map(|p| p.split_terminator("\r\n").count())
        .collect();
    let uni_shape: Vec<usize> = unicode
        .split('\x0c')
        .map(|p| p.split_terminator('\n').count())
        .collect();
    assert_eq!(brf_shape, uni_shape);
    assert!(
        unicode
            .chars()
            .all(|c| matches!(c, '\n' | '\x0c' | '\u{2800}'..='\u{283f}'))
    );
}

/// The scoresheet as read must be the one written: moves, draw offers, names, result, start.
fn assert_same(got: &Sheet, want: &Sheet, what: &str) {
    assert_eq!(got.moves, want.moves, "{what}: moves");
    assert_eq!(got.info, want.info, "{what}: names");
    assert_eq!(got.result, want.result, "{what}: result");
    assert_eq!(fen(&got.start), fen(&want.start), "{what}: start");
    assert!(compare(&got.move_list(), &want.move_list()).identical());
}

/// (b) in every language.
fn brf_round_trip(sheet: &Sheet, what: &str) {
    for lang in Language::ALL {
        let brf = render_brf(sheet, lang);
        let unicode = render_unicode(sheet, lang);
        check_layout(&brf, &unicode);
        let read = read_brf(&brf, lang).unwrap_or_else(|e| panic!("{what} {lang}: {e}\n{brf}"));
        assert_same(&read, sheet, &format!("{what} BRF {lang}"));
        assert_eq!(read.time_control, sheet.time_control, "{what} {lang}");
        if lang == Language::Es {
            // The Unicode form and detection, once a game.
            let read = read_brf(&unicode, lang).unwrap();
            assert_same(&read, sheet, &format!("{what} Unicode {lang}"));
            assert_eq!(read_any(&brf, lang).unwrap().moves, sheet.moves);
        }
    }
}

/// (a) the station's PGN, read back.
fn pgn_round_trip(session: &Session, sheet: &Sheet, what: &str) {
    let pgn = session.pgn();
    let lang = session.setup().lang;
    let games = read_pgn(&pgn, lang).unwrap_or_else(|e| panic!("{what}: {e}\n{pgn}"));
    assert_eq!(games.len(), 1, "{what}");
    let read = &games[0].sheet;
    assert_same(read, sheet, &format!("{what} PGN"));
    if session.castling_mode() == CastlingMode::Chess960 {
        assert_eq!(read.start.castles().mode(), CastlingMode::Chess960);
    }
    assert_eq!(read_any(&pgn, lang).unwrap().moves, sheet.moves);
}

#[derive(Default, Debug)]
struct Seen {
    games: usize,
    plies: usize,
    promotions: usize,
    castles: usize,
    en_passant: usize,
    draw_offers: usize,
    chess960: usize,
    fen: usize,
    pages: usize,
}

#[test]
fn random_games_round_trip() {
    let _busy = load::busy();
    let mut rng = Rng(0x5eed_5c0e_5ee7);
    let mut seen = Seen::default();
    for g in 0..700 {
        let lang = Language::ALL[g % 3];
        let start = random_start(&mut rng);
        match start {
            Start::Chess960(_) => seen.chess960 += 1,
            Start::Fen(_) => seen.fen += 1,
            Start::Standard => {}
        }
        let plies = match rng.below(4) {
            0 => rng.below(12),
            1 => 150 + rng.below(51),
            _ => rng.below(201),
        };
        let mut pos = fen_of(&start);
        let mut moves = Vec::new();
        for _ in 0..plies {
            let Some(m) = pick(&mut rng, &pos) else { break };
            moves.push((m, rng.below(20) == 0));
            pos.play_unchecked(m);
        }
        let info = GameInfo {
            white: NAMES[rng.below(NAMES.len())].into(),
            black: NAMES[rng.below(NAMES.len())].into(),
            event: EVENTS[rng.below(EVENTS.len())].into(),
            site: if rng.below(2) == 0 { "?" } else { "Jülich" }.into(),
            date: if rng.below(2) == 0 {
                "????.??.??"
            } else {
                "2025.03.14"
            }
            .into(),
            round: (1 + rng.below(9)).to_string(),
        };
        let session = play(lang, start, info, &moves);
        let tc = match rng.below(3) {
            0 => None,
            1 => Some("900+10".to_owned()),
            _ => Some("40/5400+30:1800+30".to_owned()),
        };
        let sheet = sheet_of(&session, tc);
        let what = format!("game {g}");
        pgn_round_trip(&session, &sheet, &what);
        brf_round_trip(&sheet, &what);

        seen.games += 1;
        seen.plies += sheet.moves.len();
        seen.pages += render_brf(&sheet, lang).matches('\x0c').count() + 1;
        for p in session.history() {
            seen.promotions += usize::from(p.mv.is_promotion());
            seen.castles += usize::from(p.mv.is_castle());
            seen.en_passant += usize::from(p.mv.is_en_passant());
            seen.draw_offers += usize::from(p.made.draw_offer);
        }
    }
    eprintln!("{seen:?}");
    assert_eq!(seen.games, 700);
    assert!(seen.promotions >= 50, "{seen:?}");
    assert!(seen.castles >= 200, "{seen:?}");
    assert!(seen.en_passant >= 30, "{seen:?}");
    assert!(seen.draw_offers >= 300, "{seen:?}");
    assert!(seen.chess960 >= 30 && seen.fen >= 30, "{seen:?}");
    assert!(seen.pages > seen.games, "{seen:?}");
}

#[test]
fn real_games_round_trip() {
    let _busy = load::busy();
    let text = include_str!("../../data/games.pgn");
    let games = read_pgn(text, Language::En).unwrap();
    assert_eq!(games.len(), 400);
    // English SAN reads the same in every language.
    for lang in [Language::De, Language::Es] {
        let other = read_pgn(text, lang).unwrap();
        for (a, b) in games.iter().zip(&other) {
            assert_eq!(a.sheet.moves, b.sheet.moves, "{lang}");
        }
    }
    for (g, game) in games.iter().enumerate() {
        let what = format!("real game {}", g + 1);
        assert!(!game.sheet.moves.is_empty(), "{what}");
        let lang = Language::ALL[g % 3];
        let moves: Vec<(Move, bool)> = game.sheet.moves.iter().map(|m| (m.mv, false)).collect();
        let session = play(lang, Start::Standard, game.sheet.info.clone(), &moves);
        let mut sheet = sheet_of(&session, None);
        pgn_round_trip(&session, &sheet, &what);
        sheet.result = game.sheet.result.clone();
        sheet.time_control = game.sheet.time_control.clone();
        brf_round_trip(&sheet, &what);
    }
}

/// FIDE Laws Appendix C, the example game.
const SEED_ES: &str = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd4 d5 6.exd6 a.p. Cxd6 7.Ag5 \
                       Cc6 8.De3+ Ae7 9.Cbd2 0-0 10.0-0-0 Te8 11.Rb1(=)";
const SEED_UCI: &str = "e2e4 e7e5 g1f3 g8f6 d2d4 e5d4 e4e5 f6e4 d1d4 d7d5 e5d6 e4d6 c1g5 b8c6 \
                        d4e3 f8e7 b1d2 e8g8 e1c1 f8e8 c1b1";

#[test]
fn the_seed_game_as_list_and_braille() {
    let mut p = Chess::default();
    let want: Vec<Move> = SEED_UCI
        .split_whitespace()
        .map(|u| {
            let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            p.play_unchecked(m);
            m
        })
        .collect();
    assert_eq!(read_move_list(SEED_ES, Language::Es), Ok(want.clone()));
    let mut sheet = read_any(SEED_ES, Language::Es).unwrap();
    assert_eq!(sheet.move_list(), want);
    assert!(sheet.moves.last().is_some_and(|m| m.draw_offer));
    sheet.info.white = "Ana".into();
    sheet.info.black = "Bea".into();
    let brf = render_brf(&sheet, Language::Es);
    assert!(
        brf.ends_with("\r\n9 ,CBD2 0-0\r\n10 0-0-0 ,TE8\r\n11 ,RB1 (=)\r\n"),
        "{brf}"
    );
    assert!(brf.contains("\r\n6 EXD6 ,CXD6\r\n"), "{brf}");
    let read = read_brf(&brf, Language::Es).unwrap();
    assert_eq!(read, sheet);
    // The arbiter compares it with a sighted player's sheet that has 6...Cxd6 wrong.
    let mut other = want.clone();
    other.truncate(11);
    let agreement = compare(&read.move_list(), &other);
    assert_eq!(agreement.last_agreed().as_deref(), Some("6."));
}
