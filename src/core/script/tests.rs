use super::*;
use crate::core::input::BoardEvent;
use crate::core::laws::Start;
use crate::core::setup::{ConfirmPolicy, Impaired};

#[test]
fn errors_name_the_line() {
    for (text, want) in [
        (
            "@0 white say e4\n@x white say e5",
            "line 2: expected @SECONDS",
        ),
        (
            "@1 white say e4\n@0 black say e5",
            "line 2: time goes backwards",
        ),
        ("@0 knight say e4", "line 1: unknown actor"),
        ("@0 white dance e4", "line 1: unknown verb"),
        ("@0 white key jump", "line 1: unknown key"),
        (
            "@0 white say e4\n@0 arbiter setup lang=de",
            "line 2: setup must be the first",
        ),
        ("@0 arbiter setup lang=fr", "line 1: unknown language"),
        ("@0 arbiter setup colour=blue", "line 1: unknown setup key"),
        ("@0 arbiter setup fen=\"8/8", "line 1: unclosed quote"),
    ] {
        let err = parse(text).unwrap_err().to_string();
        assert!(err.starts_with(want), "{text:?}: {err}");
    }
}

#[test]
fn scored_words() {
    let u = scored_utterance("Springer Felix:0.4|Eva:0.35 drei").unwrap();
    assert_eq!(u.words.len(), 3);
    assert_eq!(u.words[0].confidence, 1.0);
    assert_eq!(u.words[1].text, "Felix");
    assert_eq!(u.words[1].confidence, 0.4);
    assert_eq!(u.words[1].alternatives, vec![("Eva".to_owned(), 0.35)]);
    assert!(scored_utterance("Felix:2").is_err());
    assert!(scored_utterance("Felix:x").is_err());
    assert!(scored_utterance(":0.5").is_err());
}

#[test]
fn setup_reads_every_key() {
    let s = parse("@0 arbiter setup lang=es vi=both confirm=window:2.5 fen=\"8/8/4k3/8/8/3K4/8/8 w - - 0 1\" white=\"Ana B\"").unwrap();
    assert_eq!(s.setup.lang, crate::core::lang::Language::Es);
    assert_eq!(s.setup.impaired, Impaired::Both);
    assert_eq!(
        s.setup.confirm,
        ConfirmPolicy::Window(Duration::from_millis(2500))
    );
    assert_eq!(
        s.setup.start,
        Start::Fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1".into())
    );
    assert_eq!(s.setup.info.white, "Ana B");
}

fn read_back(line: &str) -> Input {
    let (time, body) = line.split_once(' ').unwrap();
    assert!(parse_stamp(time).is_some(), "{line}");
    match parse_body(body).unwrap_or_else(|e| panic!("{line}: {e}")) {
        (_, Body::Action(Action::Input(input))) => input,
        other => panic!("{line}: {other:?}"),
    }
}

fn every_command() -> Vec<Command> {
    let mut all = vec![
        Command::Yes,
        Command::No,
        Command::OfferDraw,
        Command::AcceptDraw,
        Command::DeclineDraw,
        Command::Resign,
        Command::End,
        Command::ClaimDraw,
        Command::Repeat,
        Command::Start,
        Command::Pause,
        Command::Resume,
        Command::Alarms(true),
        Command::Alarms(false),
        Command::SetClock {
            side: Color::White,
            time: Duration::from_millis(600_250),
        },
        Command::SetMoves {
            side: Color::Black,
            moves: 40,
        },
        Command::AddTime {
            side: Color::Black,
            time: Duration::from_secs(7200),
        },
        Command::Penalty {
            offender: Color::White,
        },
        Command::TakeBack,
        Command::TakeBackTo {
            number: 17,
            side: Color::Black,
        },
        Command::Adjourn,
        Command::ResumeAdjourned,
        Command::Executed,
        Command::AccessCode(crate::core::input::AccessRole::Opponent),
        Command::AccessCode(crate::core::input::AccessRole::Arbiter),
        Command::RevokeAccess,
        Command::Level(7),
        Command::NewGame,
        Command::SwitchColour,
        Command::Quit,
    ];
    let questions = [
        Question::WhoseMove,
        Question::MoveNumber,
        Question::LastMoves(3),
        Question::Pieces {
            mine: true,
            role: None,
        },
        Question::Pieces {
            mine: false,
            role: Some(Role::Knight),
        },
        Question::Square(shakmaty::Square::E4),
        Question::OwnTime,
        Question::TimeUsed,
        Question::MovesMade,
        Question::More,
        Question::File(shakmaty::File::H),
        Question::Rank(shakmaty::Rank::Eighth),
        Question::Material,
        Question::Position,
        Question::Time,
        Question::Help,
    ];
    all.extend(questions.into_iter().map(Command::Ask));
    all
}

/// `input_line` and the parser are inverses for every kind of input.
#[test]
fn input_lines_round_trip() {
    let white = Actor::Player(Color::White);
    let mut inputs = vec![
        Input::heard(white, "Springer Felix drei"),
        Input::Act {
            by: Actor::Player(Color::Black),
            event: Event::Heard(
                scored_utterance("Springer Felix:0.4|Eva:0.35 drei:0.9|zwei:0.05").unwrap(),
            ),
        },
        // A certain word with a colon keeps its confidence written out.
        Input::heard(Actor::Arbiter, "Uhr Weiß 10:00"),
        Input::heard(white, ""),
        Input::typed(white, "Sf3 # nicht ein Kommentar"),
        Input::typed(Actor::Arbiter, "Uhr Schwarz 1:30:00"),
        Input::typed(white, ""),
        // Moves picked on the Braille display's board.
        Input::picked(white, "e2e4".parse().unwrap()),
        Input::picked(Actor::Player(Color::Black), "e2e1q".parse().unwrap()),
    ];
    // What an electronic board reports (issue 16), journaled like any input.
    let black = Actor::Player(Color::Black);
    inputs.extend([
        Input::board(black, BoardEvent::Found { clock: true }),
        Input::board(black, BoardEvent::Found { clock: false }),
        Input::board(black, BoardEvent::Placement(shakmaty::Board::new())),
        Input::board(black, BoardEvent::Placement(shakmaty::Board::empty())),
        Input::board(black, BoardEvent::Lever),
        Input::board(black, BoardEvent::Lost),
    ]);
    // The training engine's replies (issue 34.1).
    inputs.extend(
        [
            "move 1 e7e5",
            "move 12 e7e8q",
            "restarted 3 crashed",
            "restarted 3 timeout",
            "restarted 3 nonsense",
            "failed 4",
            "missing",
        ]
        .map(|text| Input::engine(black, text.parse().unwrap())),
    );
    inputs.extend(Key::ALL.iter().map(|(k, _)| Input::key(Actor::Arbiter, *k)));
    inputs.extend(every_command().into_iter().map(|c| Input::Act {
        by: Actor::Arbiter,
        event: Event::Command(c),
    }));
    for (i, input) in inputs.iter().enumerate() {
        let at = Timestamp::from_millis(1000 * i as u64 + 7);
        let line = input_line(at, input);
        assert_eq!(&read_back(&line), input, "{line}");
        assert!(line.starts_with(&stamp(at)), "{line}");
    }
    assert_eq!(
        input_line(Timestamp::from_millis(1500), &inputs[1]),
        "@1.500 black say Springer Felix:0.4|Eva:0.35 drei:0.9|zwei:0.05"
    );
    assert_eq!(
        input_line(Timestamp::ZERO, &inputs[2]),
        "@0.000 arbiter say Uhr Weiß 10:00:1"
    );
    assert_eq!(
        input_line(Timestamp::ZERO, &inputs[inputs.len() - 5]),
        "@0.000 arbiter do ask rank 8"
    );
    assert_eq!(
        input_line(Timestamp::ZERO, &Input::Timeout),
        "@0.000 arbiter wait"
    );
    assert_eq!(
        input_line(Timestamp::from_millis(2500), &inputs[8]),
        "@2.500 black move e2e1q"
    );
    assert!(parse_body("white move e9e4").is_err());
    assert!(parse_body("white move").is_err());
}

/// What the format cannot carry is normalised once, and then stays as it is.
#[test]
fn input_lines_normalise_to_a_fixed_point() {
    let white = Actor::Player(Color::White);
    let odd = [
        Input::typed(white, "  e4\nja\r "),
        Input::Act {
            by: white,
            event: Event::Heard(HeardWords {
                words: vec![
                    HeardWord {
                        text: "Fe lix|".into(),
                        confidence: f32::NAN,
                        alternatives: vec![(String::new(), 7.0)],
                    },
                    HeardWord::new("drei", 0.123_456_79),
                ],
            }),
        },
    ];
    for input in odd {
        let once = input_line(Timestamp::ZERO, &input);
        let twice = input_line(Timestamp::ZERO, &read_back(&once));
        assert_eq!(once, twice);
    }
    assert_eq!(
        input_line(Timestamp::ZERO, &Input::typed(white, "  e4\nja\r ")),
        "@0.000 white type e4 ja"
    );
}

#[test]
fn commands_from_the_console() {
    assert_eq!(
        parse_console_line("arbiter do set-clock black 0:05:00", Actor::Arbiter).unwrap(),
        Some(Input::Act {
            by: Actor::Arbiter,
            event: Event::Command(Command::SetClock {
                side: Color::Black,
                time: Duration::from_secs(300)
            })
        })
    );
    assert_eq!(
        parse_console_line("move e2e4", Actor::Player(Color::White)).unwrap(),
        Some(Input::picked(
            Actor::Player(Color::White),
            "e2e4".parse().unwrap()
        ))
    );
    assert!(parse_console_line("black move e9e4", Actor::Arbiter).is_err());
    // "move" without a UCI move is the player's words, typed ("move fifteen", issue 34.3).
    for line in ["move fifteen", "move 15 black", "move 2"] {
        assert_eq!(
            parse_console_line(line, Actor::Player(Color::White)).unwrap(),
            Some(Input::typed(Actor::Player(Color::White), line)),
            "{line}"
        );
    }
    // `say` reads alternatives and confidences as a script does (issue 22.8).
    let white = Actor::Player(Color::White);
    assert_eq!(
        parse_console_line("say Eva:0.9|Anna:0.05 vier", white).unwrap(),
        Some(Input::Act {
            by: white,
            event: Event::Heard(scored_utterance("Eva:0.9|Anna:0.05 vier").unwrap()),
        })
    );
    assert!(parse_console_line("say Eva:7 vier", white).is_err());
    for bad in [
        "set-clock green 1:00",
        "set-clock white soon",
        "ask pieces mine dragon",
        "ask file ee",
        "fly",
    ] {
        assert!(parse_command(bad).is_err(), "{bad}");
    }
}

#[test]
fn exact_durations() {
    for (text, ms) in [
        ("0:10:00.000", Some(600_000)),
        ("1:30:00.5", Some(5_400_500)),
        ("5:00", Some(300_000)),
        ("0:00:01.250", Some(1250)),
        ("0:00:01.", None),
        ("0:00:01.2345", None),
        ("1:60", None),
    ] {
        assert_eq!(
            parse_exact(text).map(|d| d.as_millis() as u64),
            ms,
            "{text}"
        );
    }
    let d = Duration::from_millis(3_723_004);
    assert_eq!(parse_exact(&exact(d)), Some(d));
}
