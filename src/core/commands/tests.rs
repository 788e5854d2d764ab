//! The command books: every language parses, phrases mean what their group says.

use super::*;

fn de(text: &str) -> Option<Command> {
    commands(Language::De)
        .unwrap()
        .understand(text)
        .map(|u| u.command)
}

#[test]
fn every_language_parses() {
    for lang in Language::ALL {
        let book = commands(lang).unwrap();
        assert!(book.patterns.len() > 50, "{lang}");
    }
}

#[test]
fn german_commands_and_questions() {
    use shakmaty::Square::*;
    let table: &[(&str, Option<Command>)] = &[
        ("Ja", Some(Command::Yes)),
        ("nein", Some(Command::No)),
        ("Korrektur", Some(Command::No)),
        ("Remis bitte", Some(Command::OfferDraw)),
        ("Ich gebe auf", Some(Command::Resign)),
        ("Wer ist am Zug", Some(Command::Ask(Question::WhoseMove))),
        (
            "Letzte drei Züge",
            Some(Command::Ask(Question::LastMoves(3))),
        ),
        ("letzte 5 zuege", Some(Command::Ask(Question::LastMoves(5)))),
        (
            "Wo sind meine Springer?",
            Some(Command::Ask(Question::Pieces {
                mine: true,
                role: Some(Role::Knight),
            })),
        ),
        (
            "wo sind die gegnerischen Figuren",
            Some(Command::Ask(Question::Pieces {
                mine: false,
                role: None,
            })),
        ),
        (
            "Was steht auf Eva vier",
            Some(Command::Ask(Question::Square(E4))),
        ),
        ("was steht auf e4", Some(Command::Ask(Question::Square(E4)))),
        ("Linie Hector", Some(Command::Ask(Question::File(File::H)))),
        (
            "Reihe zwei",
            Some(Command::Ask(Question::Rank(Rank::Second))),
        ),
        ("Springer Felix drei", None),
        ("Ja Springer", None),
        ("", None),
    ];
    for (text, want) in table {
        assert_eq!(&de(text), want, "{text:?}");
    }
}

#[test]
fn claim_with_intended_move_keeps_the_move_words() {
    let u = commands(Language::De)
        .unwrap()
        .understand("Remis reklamieren Springer Felix drei")
        .unwrap();
    assert_eq!(u.command, Command::ClaimDraw);
    assert_eq!(u.move_words.unwrap(), ["springer", "felix", "drei"]);
}

#[test]
fn arbiter_commands() {
    let table: &[(&str, Option<Command>)] = &[
        (
            "Uhr Weiß 10:00",
            Some(Command::SetClock {
                side: Color::White,
                time: Duration::from_secs(600),
            }),
        ),
        (
            "uhr schwarz 1:30:00",
            Some(Command::SetClock {
                side: Color::Black,
                time: Duration::from_secs(5400),
            }),
        ),
        (
            "Züge Weiß 40",
            Some(Command::SetMoves {
                side: Color::White,
                moves: 40,
            }),
        ),
        (
            "plus Schwarz 2:00",
            Some(Command::AddTime {
                side: Color::Black,
                time: Duration::from_secs(120),
            }),
        ),
        (
            "unmöglicher Zug Weiß",
            Some(Command::Penalty {
                offender: Color::White,
            }),
        ),
        ("Ansagen aus", Some(Command::Alarms(false))),
        ("Uhr Weiß 10:75", None),
        ("Uhr Grün 10:00", None),
    ];
    for (text, want) in table {
        assert_eq!(&de(text), want, "{text:?}");
    }
    assert_eq!(parse_clock_reading("0:05"), Some(Duration::from_secs(5)));
    assert_eq!(parse_clock_reading("5"), None);
    assert_eq!(parse_clock_reading("1:2:3:4"), None);
}

#[test]
fn take_backs_and_adjournment() {
    let table: &[(&str, Option<Command>)] = &[
        ("Zug zurücknehmen", Some(Command::TakeBack)),
        (
            "zurück auf 17 Schwarz",
            Some(Command::TakeBackTo {
                number: 17,
                side: Color::Black,
            }),
        ),
        (
            "zurück bis drei Weiß",
            Some(Command::TakeBackTo {
                number: 3,
                side: Color::White,
            }),
        ),
        ("Partie abbrechen", Some(Command::Adjourn)),
        ("Partie fortsetzen", Some(Command::ResumeAdjourned)),
    ];
    for (text, want) in table {
        assert_eq!(&de(text), want, "{text:?}");
    }
}

#[test]
fn spanish_and_english() {
    let es = commands(Language::Es).unwrap();
    assert_eq!(es.understand("Sí").map(|u| u.command), Some(Command::Yes));
    assert_eq!(
        es.understand("ofrezco tablas").map(|u| u.command),
        Some(Command::OfferDraw)
    );
    let en = commands(Language::En).unwrap();
    assert_eq!(
        en.understand("whose move is it").map(|u| u.command),
        Some(Command::Ask(Question::WhoseMove))
    );
}

/// Starting the clock and ending the game, by voice or typing, in every language.
#[test]
fn clock_start_and_end_in_every_language() {
    let table = [
        (Language::De, "Uhr starten", Command::Start),
        (Language::De, "beenden", Command::End),
        (Language::De, "Partie beenden", Command::End),
        (Language::De, "bitte die Partie beenden", Command::End),
        (Language::Es, "iniciar reloj", Command::Start),
        (Language::Es, "iniciar el reloj", Command::Start),
        (Language::Es, "terminar", Command::End),
        (Language::Es, "terminar partida", Command::End),
        (Language::En, "start clock", Command::Start),
        (Language::En, "start the clock", Command::Start),
        (Language::En, "end game", Command::End),
        (Language::En, "end the game", Command::End),
    ];
    for (lang, text, want) in table {
        let book = commands(lang).unwrap();
        assert_eq!(
            book.understand(text).map(|u| u.command),
            Some(want),
            "{text}"
        );
    }
}

/// Every phrase without a slot, said as written, is understood as the command of its
/// group (or of the first group with the same words): a filler written in a phrase ("code
/// for the opponent", "wie bitte") must not stop it from matching.
#[test]
fn every_phrase_as_written_is_understood() {
    for lang in Language::ALL {
        let book = commands(lang).unwrap();
        let written = book.written.iter().filter(|p| !p.contains('{'));
        let patterns = book
            .patterns
            .iter()
            .filter(|(_, tokens)| tokens.iter().all(|t| matches!(t, Token::Word(_))));
        for (phrase, (meaning, tokens)) in written.zip(patterns) {
            let first = book
                .patterns
                .iter()
                .find(|(_, t)| t == tokens)
                .map_or(*meaning, |(m, _)| *m);
            let want = first.command(&Slots::default());
            let got = book.understand(phrase).map(|u| u.command);
            assert_eq!(got, want, "{lang}: {phrase:?} ({})", meaning.name);
        }
    }
}

/// The trainer's German words (issue 34.1) are in the recognizer's words, which the model's
/// vocabulary check at start-up and `ansage doctor` check, and each of its phrases is
/// understood as its command.
#[test]
fn the_trainers_words_are_checked_and_understood() {
    let all = crate::core::grammar::GrammarBuilder::new(Language::De)
        .unwrap()
        .all_words();
    for w in [
        "stufe",
        "spielstärke",
        "neue",
        "partie",
        "farbe",
        "wechseln",
        "zehn",
    ] {
        assert!(all.binary_search(&w.to_owned()).is_ok(), "{w}");
    }
    assert_eq!(de("Stufe fünf"), Some(Command::Level(5)));
    assert_eq!(de("stufe 3"), Some(Command::Level(3)));
    assert_eq!(de("Neue Partie"), Some(Command::NewGame));
    assert_eq!(de("Farbe wechseln"), Some(Command::SwitchColour));
}
