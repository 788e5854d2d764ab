use super::{MenuCommand, MenuWords};
use crate::core::lang::Language;
use crate::core::online::time_control::OnlineTc;

fn tc(m: u64, i: u64) -> Option<OnlineTc> {
    Some(OnlineTc::minutes(m, i))
}

#[test]
fn german_phrases_said_and_typed() {
    let words = MenuWords::load(Language::De).unwrap();
    let table = [
        ("Menü", Some(MenuCommand::Menu)),
        ("suchen 15 plus 10", Some(MenuCommand::Seek(tc(15, 10)))),
        (
            "Gegner suchen fünfzehn plus zehn",
            Some(MenuCommand::Seek(tc(15, 10))),
        ),
        ("suchen 15+10", Some(MenuCommand::Seek(tc(15, 10)))),
        ("suchen 15 10", Some(MenuCommand::Seek(tc(15, 10)))),
        ("bitte suchen dreißig", Some(MenuCommand::Seek(tc(30, 0)))),
        ("suchen", Some(MenuCommand::Seek(None))),
        (
            "herausfordern Anna_K 5+3",
            Some(MenuCommand::Challenge {
                name: "Anna_K".into(),
                tc: tc(5, 3),
            }),
        ),
        (
            "herausfordern Anna_K",
            Some(MenuCommand::Challenge {
                name: "Anna_K".into(),
                tc: None,
            }),
        ),
        ("annehmen", Some(MenuCommand::Accept(None))),
        (
            "Herausforderung annehmen zwei",
            Some(MenuCommand::Accept(Some(2))),
        ),
        ("ablehnen 1", Some(MenuCommand::Decline(Some(1)))),
        ("fortsetzen", Some(MenuCommand::Resume(None))),
        ("Partie fortsetzen 3", Some(MenuCommand::Resume(Some(3)))),
        ("abbrechen", Some(MenuCommand::Cancel)),
        ("Ende", Some(MenuCommand::Quit)),
        ("Springer f3", None),
        ("suchen fünfzehn plus", None),
        ("", None),
        ("bitte", None),
    ];
    for (line, want) in table {
        assert_eq!(words.understand(line), want, "{line:?}");
    }
}

#[test]
fn spanish_and_english_numbers_of_several_words() {
    let es = MenuWords::load(Language::Es).unwrap();
    assert_eq!(
        es.understand("buscar cuarenta y cinco más cero"),
        Some(MenuCommand::Seek(tc(45, 0)))
    );
    assert_eq!(
        es.understand("buscar quince y diez"),
        Some(MenuCommand::Seek(tc(15, 10)))
    );
    assert_eq!(
        es.understand("retar a Pedro diez más cinco"),
        Some(MenuCommand::Challenge {
            name: "Pedro".into(),
            tc: tc(10, 5)
        })
    );
    let en = MenuWords::load(Language::En).unwrap();
    assert_eq!(
        en.understand("seek forty five plus twenty five"),
        Some(MenuCommand::Seek(tc(45, 25)))
    );
    assert_eq!(
        en.understand("accept two"),
        Some(MenuCommand::Accept(Some(2)))
    );
}

/// A name is one word of letters, digits, `_` or `-`, kept as typed.
#[test]
fn names_as_typed() {
    let en = MenuWords::load(Language::En).unwrap();
    for bad in ["challenge x 10+0", "challenge a/b 10+0", "challenge ö 10+0"] {
        assert_eq!(en.understand(bad), None, "{bad}");
    }
    assert_eq!(
        en.understand("challenge Magnus-C 3"),
        Some(MenuCommand::Challenge {
            name: "Magnus-C".into(),
            tc: tc(3, 0)
        })
    );
}

/// Every language's file loads, and every word a player may say is listed for the
/// doctor's check (no slot names, no empty words).
#[test]
fn every_language_loads_and_lists_its_words() {
    for lang in Language::ALL {
        let words = MenuWords::load(lang).unwrap();
        let spoken = words.spoken_words();
        assert!(spoken.len() > 20, "{lang}: {spoken:?}");
        assert!(spoken.iter().all(|w| !w.is_empty() && !w.contains('{')));
    }
}
