use expect_test::{Expect, expect};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Square};

use super::*;
use crate::core::input::Input;
use crate::core::input::{Command, Event, Question};
use crate::core::lang::Language;
use crate::core::output::{Braille, BrailleKind};
use crate::core::scoresheet::braille::to_unicode;
use crate::core::scoresheet::braille::{cells_to_text, text_to_cells};
use crate::core::session::Session;

const WHITE: Actor = Actor::Player(Color::White);

fn model(owner: Actor, width: usize, height: usize) -> DisplayModel {
    DisplayModel::new(owner, Language::De, width, height).unwrap()
}

/// The display's cells as Unicode braille, one row a line, trailing blanks dropped.
fn shown(m: &DisplayModel) -> String {
    let (w, _) = m.size();
    m.cells()
        .chunks(w)
        .map(|row| to_unicode(row).trim_end_matches('⠀').to_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

fn check(m: &DisplayModel, want: Expect) {
    want.assert_eq(&shown(m));
}

fn braille(to: Audience, text: &str) -> Output {
    Output::Braille(Braille {
        text: text.to_owned(),
        to,
        kind: BrailleKind::Message,
    })
}

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().unwrap();
    fen.into_position(CastlingMode::Standard).unwrap()
}

fn no_status() -> StatusSource {
    StatusSource {
        last: None,
        clock: None,
        turn: Color::White,
    }
}

#[test]
fn messages_are_the_scoresheet_cells_and_only_the_owners() {
    let mut m = model(WHITE, 40, 1);
    m.deliver(&[
        braille(Audience::Black, "Nur für Schwarz"),
        braille(Audience::White, "Sf3?"),
        Output::Status("1.e4 W*4:57 S5:00".into()),
    ]);
    // Exactly the scoresheet's rendering of the text.
    assert_eq!(&m.cells()[..5], &text_to_cells("Sf3?")[..]);
    check(&m, expect!["⠠⠎⠋⠒⠹"]);
    m.key(DisplayKey::LineDown);
    check(&m, expect!["⠂⠨⠑⠲⠀⠠⠺⠡⠲⠱⠢⠶⠀⠠⠎⠢⠱⠴⠴"]);
    m.key(DisplayKey::LineUp);
    check(&m, expect!["⠠⠎⠋⠒⠹"]);
    m.deliver(&[braille(Audience::All, "Remis angeboten")]);
    assert_eq!(
        cells_to_text(&m.cells()).unwrap().trim_end(),
        "Remis angeboten"
    );
    let mut arbiter = model(Actor::Arbiter, 40, 1);
    arbiter.deliver(&[braille(Audience::White, "Sf3?")]);
    assert_eq!(cells_to_text(&arbiter.cells()).unwrap().trim(), "");
}

#[test]
fn the_board_one_rank_a_line_from_the_owners_side() {
    let mut m = model(WHITE, 40, 1);
    m.observe(&Chess::default(), no_status());
    m.key(DisplayKey::NextMode);
    assert_eq!(m.mode(), Mode::Board);
    check(&m, expect!["⠦⠀⠀⠞⠀⠎⠀⠇⠀⠙⠀⠅⠀⠇⠀⠎⠀⠞"]);
    m.key(DisplayKey::LineDown);
    check(&m, expect!["⠶⠀⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃"]);
    m.key(DisplayKey::LineDown);
    check(&m, expect!["⠖⠀⠀⠤⠀⠤⠀⠤⠀⠤⠀⠤⠀⠤⠀⠤⠀⠤"]);
    m.key(DisplayKey::Bottom);
    check(&m, expect!["⠂⠀⠠⠞⠠⠎⠠⠇⠠⠙⠠⠅⠠⠇⠠⠎⠠⠞"]);
    assert_eq!(cells_to_text(&m.cells()).unwrap().trim_end(), "1 TSLDKLST");
    // Black reads from rank 1 first; the arbiter from White's side.
    let mut black = model(Actor::Player(Color::Black), 40, 1);
    black.observe(&Chess::default(), no_status());
    black.key(DisplayKey::NextMode);
    assert_eq!(
        cells_to_text(&black.cells()).unwrap().trim_end(),
        "1 TSLDKLST"
    );
}

#[test]
fn the_piece_lists_own_side_first() {
    let mut m = model(Actor::Player(Color::Black), 80, 1);
    m.observe(&position("4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1"), no_status());
    m.key(DisplayKey::NextMode);
    m.key(DisplayKey::NextMode);
    assert_eq!(m.mode(), Mode::Pieces);
    check(&m, expect!["⠠⠎⠉⠓⠺⠁⠗⠵⠱⠀⠠⠅⠑⠦"]);
    m.key(DisplayKey::LineDown);
    assert_eq!(
        cells_to_text(&m.cells()).unwrap().trim_end(),
        "Weiß: Ke1 Ta1 e2"
    );
    // A routing key over "Ta1" asks about a1.
    let at = text_to_cells("Weiß: Ke1 ").len();
    assert_eq!(m.square_at(at), Some(Square::A1));
    assert_eq!(
        m.key(DisplayKey::Route(at + 2)),
        vec![Event::Command(Command::Ask(Question::Square(Square::A1)))]
    );
}

/// The first cell of a square in a rank line.
fn cell_of(file: usize) -> usize {
    2 + 2 * file
}

#[test]
fn routing_keys_name_squares_and_pick_a_move() {
    let mut m = model(WHITE, 40, 1);
    m.observe(&Chess::default(), no_status());
    m.key(DisplayKey::NextMode);
    for _ in 0..6 {
        m.key(DisplayKey::LineDown);
    }
    assert_eq!(m.square_at(cell_of(4)), Some(Square::E2));
    assert_eq!(m.square_at(cell_of(4) + 1), Some(Square::E2));
    assert_eq!(m.square_at(0), None);
    let ask = |sq| vec![Event::Command(Command::Ask(Question::Square(sq)))];
    // e2: White's own pawn, picked and named.
    assert_eq!(m.key(DisplayKey::Route(cell_of(4) + 1)), ask(Square::E2));
    assert_eq!(m.picked(), Some(Square::E2));
    check(&m, expect!["⠆⠀⠠⠃⠠⠃⠠⠃⠠⠃⣠⠃⠠⠃⠠⠃⠠⠃"]);
    // The same square again drops the pick.
    assert_eq!(m.key(DisplayKey::Route(cell_of(4))), ask(Square::E2));
    assert_eq!(m.picked(), None);
    // d2 picked, then another own piece with no move there re-picks; e4 is the move.
    m.key(DisplayKey::Route(cell_of(3)));
    m.key(DisplayKey::Route(cell_of(4)));
    assert_eq!(m.picked(), Some(Square::E2));
    m.key(DisplayKey::LineUp);
    m.key(DisplayKey::LineUp);
    assert_eq!(m.square_at(cell_of(4)), Some(Square::E4));
    assert_eq!(
        m.key(DisplayKey::Route(cell_of(4))),
        vec![Event::Move("e2e4".parse().unwrap())]
    );
    assert_eq!(m.picked(), None);
    // The opponent's pieces are only named.
    m.key(DisplayKey::Top);
    assert_eq!(m.key(DisplayKey::Route(cell_of(0))), ask(Square::A8));
    assert_eq!(m.picked(), None);
}

#[test]
fn routing_promotes_to_a_queen_and_the_pick_ends_with_the_move() {
    let mut m = model(WHITE, 40, 1);
    m.observe(&position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), no_status());
    m.key(DisplayKey::NextMode);
    m.key(DisplayKey::LineDown);
    m.key(DisplayKey::Route(cell_of(4)));
    m.key(DisplayKey::LineUp);
    assert_eq!(
        m.key(DisplayKey::Route(cell_of(4))),
        vec![Event::Move("e7e8q".parse().unwrap())]
    );
    // Not the owner's turn: nothing is picked.
    let mut b = model(Actor::Player(Color::Black), 40, 1);
    b.observe(&Chess::default(), no_status());
    b.key(DisplayKey::NextMode);
    b.key(DisplayKey::LineDown);
    b.key(DisplayKey::Route(cell_of(4)));
    assert_eq!(b.picked(), None);
    // A new position drops a pick.
    m.key(DisplayKey::LineDown);
    m.key(DisplayKey::Route(cell_of(4)));
    assert_eq!(m.picked(), Some(Square::E7));
    m.observe(&position("8/4P3/8/8/8/8/k7/3K4 b - - 1 1"), no_status());
    assert_eq!(m.picked(), None);
}

#[test]
fn typing_enter_backspace_escape() {
    for (keys, want) in [
        (vec![DisplayKey::Enter], vec![Event::Key(Key::Confirm)]),
        (vec![DisplayKey::Backspace], vec![Event::Key(Key::Cancel)]),
        (vec![DisplayKey::Escape], vec![Event::Key(Key::Cancel)]),
        (
            vec![
                DisplayKey::Char('S'),
                DisplayKey::Char('f'),
                DisplayKey::Char('3'),
                DisplayKey::Enter,
            ],
            vec![Event::Typed("Sf3".into())],
        ),
        (
            vec![
                DisplayKey::Char('e'),
                DisplayKey::Char('x'),
                DisplayKey::Backspace,
                DisplayKey::Char('4'),
                DisplayKey::Enter,
            ],
            vec![Event::Typed("e4".into())],
        ),
        (
            // A table that passes dots through: read in the scoresheet's code.
            "⠠⠎⠋⠒"
                .chars()
                .map(DisplayKey::Char)
                .chain([DisplayKey::Enter])
                .collect(),
            vec![Event::Typed("Sf3".into())],
        ),
        (
            vec![
                DisplayKey::Char('j'),
                DisplayKey::Char('a'),
                DisplayKey::Escape,
            ],
            vec![Event::Key(Key::Cancel)],
        ),
        (
            vec![DisplayKey::Key(Key::Time), DisplayKey::Key(Key::Help)],
            vec![Event::Key(Key::Time), Event::Key(Key::Help)],
        ),
    ] {
        let mut m = model(WHITE, 40, 1);
        let got: Vec<Event> = keys.iter().flat_map(|k| m.key(k.clone())).collect();
        assert_eq!(got, want, "{keys:?}");
        assert_eq!(m.typed(), "", "{keys:?}");
    }
}

#[test]
fn the_typing_line_shows_what_is_typed_and_the_cursor() {
    let mut m = model(WHITE, 40, 1);
    m.observe(&Chess::default(), no_status());
    m.key(DisplayKey::NextMode);
    for c in "Sf3".chars() {
        m.key(DisplayKey::Char(c));
    }
    assert_eq!(m.mode(), Mode::Game);
    check(&m, expect!["⠠⠎⠋⠒⣀"]);
    // A narrow display keeps the cursor in the window.
    let mut n = model(WHITE, 3, 1);
    for c in "Sf3".chars() {
        n.key(DisplayKey::Char(c));
    }
    check(&n, expect!["⠒⣀"]);
    n.key(DisplayKey::PanLeft);
    check(&n, expect!["⠠⠎⠋"]);
}

#[test]
fn panning_long_lines_and_past_their_end() {
    let mut m = model(WHITE, 10, 1);
    m.deliver(&[
        braille(Audience::White, "Eins zwei drei vier"),
        Output::Status("- Weiß am Zug".into()),
    ]);
    let mut windows = vec![shown(&m)];
    for _ in 0..4 {
        m.key(DisplayKey::PanRight);
        windows.push(shown(&m));
    }
    for _ in 0..4 {
        m.key(DisplayKey::PanLeft);
        windows.push(shown(&m));
    }
    expect![[r#"
        ⠠⠑⠊⠝⠎⠀⠵⠺⠑⠊
        ⠀⠙⠗⠑⠊⠀⠧⠊⠑⠗
        ⠤⠀⠠⠺⠑⠊⠈⠮⠀⠁
        ⠍⠀⠠⠵⠥⠛
        ⠍⠀⠠⠵⠥⠛
        ⠤⠀⠠⠺⠑⠊⠈⠮⠀⠁
        ⠀⠙⠗⠑⠊⠀⠧⠊⠑⠗
        ⠠⠑⠊⠝⠎⠀⠵⠺⠑⠊
        ⠠⠑⠊⠝⠎⠀⠵⠺⠑⠊"#]]
    .assert_eq(&windows.join("\n"));
    // The windows of a line are its cells, cut every 10.
    let line = text_to_cells("Eins zwei drei vier");
    assert_eq!(&m.cells()[..], &line[..10]);
    m.key(DisplayKey::PanRight);
    assert_eq!(&m.cells()[..], &line[10..20]);
}

#[test]
fn a_message_over_the_board_until_the_next_key() {
    let mut m = model(WHITE, 12, 1);
    m.observe(&Chess::default(), no_status());
    m.key(DisplayKey::NextMode);
    m.key(DisplayKey::LineDown);
    m.deliver(&[braille(Audience::White, "e4 leer, Sf3 möglich")]);
    assert_eq!(m.square_at(2), None);
    assert_eq!(cells_to_text(&m.cells()).unwrap(), "e4 leer, S");
    // Panning reads the rest; the next key afterwards drops it and acts: a routing key
    // asks about the square under it (a7), it is not lost.
    m.key(DisplayKey::PanRight);
    assert_eq!(cells_to_text(&m.cells()).unwrap().trim_end(), "f3 möglich");
    assert_eq!(
        m.key(DisplayKey::Route(3)),
        vec![Event::Command(Command::Ask(Question::Square(Square::A7)))]
    );
    assert_eq!(m.mode(), Mode::Board);
    check(&m, expect!["⠶⠀⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃"]);
    // In the game mode a message moves the window onto it instead.
    m.key(DisplayKey::GameMode);
    m.deliver(&[braille(Audience::White, "Sf3?")]);
    check(&m, expect!["⠠⠎⠋⠒⠹"]);
}

#[test]
fn any_display_size() {
    for (w, h) in [(1, 1), (12, 1), (20, 1), (40, 1), (80, 1), (40, 2), (20, 4)] {
        let mut m = model(WHITE, w, h);
        m.observe(&Chess::default(), no_status());
        m.deliver(&[braille(Audience::White, "Weiß am Zug")]);
        assert_eq!(m.cells().len(), w * h, "{w}x{h}");
        m.key(DisplayKey::NextMode);
        assert_eq!(m.cells().len(), w * h, "{w}x{h}");
        // Every routing key over a square finds that square's file.
        for n in 0..w * h {
            if let Some(sq) = m.square_at(n) {
                assert_eq!(usize::from(sq.file()), (n % w - 2) / 2, "{w}x{h} {n}");
            }
        }
    }
    let mut m = model(WHITE, 20, 3);
    m.observe(&Chess::default(), no_status());
    m.key(DisplayKey::NextMode);
    check(
        &m,
        expect![[r#"
            ⠦⠀⠀⠞⠀⠎⠀⠇⠀⠙⠀⠅⠀⠇⠀⠎⠀⠞
            ⠶⠀⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃
            ⠖⠀⠀⠤⠀⠤⠀⠤⠀⠤⠀⠤⠀⠤⠀⠤⠀⠤"#]],
    );
    assert_eq!(m.square_at(20 + 2), Some(Square::A7));
    m.resize(40, 1);
    assert_eq!(m.cells().len(), 40);
}

#[test]
fn the_status_line_is_the_sessions_and_ticks_with_the_clock() {
    let config = crate::core::script::parse("@0 arbiter setup tc=300 vi=none")
        .unwrap()
        .setup;
    let mut s = Session::new(config).unwrap();
    let t = Timestamp::from_millis(0);
    s.handle(Input::key(Actor::Arbiter, Key::Start), t);
    let t1 = Timestamp::from_millis(2_000);
    s.handle(Input::typed(WHITE, "e4"), t1);
    let source = s.status_source();
    assert!(source.ticking());
    let mut m = model(WHITE, 40, 1);
    m.observe(s.position(), source.clone());
    let t2 = Timestamp::from_millis(65_000);
    assert!(m.tick(t2));
    assert_eq!(m.status(), s.status_line(t2));
    assert_eq!(m.status(), "1.e4 W4:58 S*3:57");
    assert!(!m.tick(t2));
    assert_eq!(
        next_tick(&source, Timestamp::from_millis(65_250)),
        Some(Duration::from_millis(750))
    );
}

/// Issue 31: the display's clock rounds the time left up to the second, as the countdown
/// speaks it ("eins" with one second left): 0:01 through the last second, 0:00 only when
/// the flag falls.
#[test]
fn the_display_clock_reads_one_second_until_the_flag_falls() {
    let mut s = clocked("@0 arbiter setup tc=12 vi=none");
    s.handle(Input::key(Actor::Arbiter, Key::Start), Timestamp::ZERO);
    let mut m = model(WHITE, 40, 1);
    m.observe(s.position(), s.status_source());
    for (ms, want) in [
        (10_500, "- W*0:02 S0:12"),
        (11_000, "- W*0:01 S0:12"),
        (11_100, "- W*0:01 S0:12"),
        (11_999, "- W*0:01 S0:12"),
        (12_000, "- W*0:00 S0:12"),
    ] {
        m.tick(Timestamp::from_millis(ms));
        assert_eq!(m.status(), want, "at {ms} ms");
    }
}

fn clocked(setup: &str) -> Session {
    let config = crate::core::script::parse(setup).unwrap().setup;
    Session::new(config).unwrap()
}

fn kind(to: Audience, text: &str, kind: BrailleKind) -> Output {
    Output::Braille(Braille {
        text: text.to_owned(),
        to,
        kind,
    })
}

/// Issue 22 (FIDE Laws D.2.11): in time trouble the board stays readable: a clock
/// reminder and the countdown never cover it, the status cells show both clocks, and no
/// key is lost; a routing key picks the square under the finger.
#[test]
fn a_reminder_in_the_board_view_covers_nothing_and_swallows_no_key() {
    let mut s = clocked("@0 arbiter setup tc=300 vi=white");
    s.handle(Input::key(Actor::Arbiter, Key::Start), Timestamp::ZERO);
    let mut m = model(WHITE, 40, 1);
    m.observe(s.position(), s.status_source());
    m.tick(Timestamp::from_millis(291_000));
    m.key(DisplayKey::NextMode);
    let board = shown(&m);
    assert!(
        board.ends_with(&to_unicode(&text_to_cells("W*0:09 S5:00"))),
        "{board}"
    );
    m.deliver(&[kind(
        Audience::White,
        "Noch 10 Sekunden",
        BrailleKind::Reminder,
    )]);
    m.deliver(&[kind(Audience::White, "9", BrailleKind::Countdown)]);
    assert_eq!(shown(&m), board);
    // The first routing key picks e2 (rank 8 is shown: go down to rank 2), the next e4.
    for _ in 0..6 {
        m.key(DisplayKey::LineDown);
    }
    let e2 = 2 + 2 * 4 + 1;
    assert_eq!(
        m.key(DisplayKey::Route(e2)),
        vec![Event::Command(Command::Ask(Question::Square(Square::E2)))]
    );
    // The answer covers the board; a reminder comes; the next routing key is not lost.
    m.deliver(&[braille(Audience::White, "e2 Bauer")]);
    m.deliver(&[kind(Audience::White, "9", BrailleKind::Countdown)]);
    m.key(DisplayKey::LineUp);
    m.key(DisplayKey::LineUp);
    let e4 = e2;
    assert_eq!(
        m.key(DisplayKey::Route(e4)),
        vec![Event::Move("e2e4".parse().unwrap())]
    );
    // The status cells are no square.
    assert_eq!(m.square_at(39), None);
    // The reminder is in the game mode's messages, the countdown too (on by default).
    m.key(DisplayKey::GameMode);
    assert_eq!(cells_to_text(&m.cells()).unwrap().trim_end(), "9");
}

/// FIDE Laws D.2.5.c: the countdown on the display can be switched off.
#[test]
fn the_countdown_off_shows_no_numbers() {
    let mut m = model(WHITE, 40, 1).with_countdown(false);
    m.deliver(&[kind(
        Audience::White,
        "Noch 10 Sekunden",
        BrailleKind::Reminder,
    )]);
    m.deliver(&[kind(Audience::White, "9", BrailleKind::Countdown)]);
    assert_eq!(
        cells_to_text(&m.cells()).unwrap().trim_end(),
        "Noch 10 Sekunden"
    );
}

/// Issue 22: before the clock starts the status line shows both clocks and that the clock
/// stands, at once, without waiting for a tick.
#[test]
fn a_standing_clock_is_on_the_status_line_at_once() {
    let s = clocked("@0 arbiter setup tc=900 vi=white");
    let mut m = model(WHITE, 40, 1);
    m.observe(s.position(), s.status_source());
    assert_eq!(m.status(), "- W15:00 S15:00 Uhr steht");
    m.key(DisplayKey::NextMode);
    let board = shown(&m);
    assert!(
        board.ends_with(&to_unicode(&text_to_cells("W15:00 S15:00"))),
        "{board}"
    );
}
