//! The trainer's help in a training game (issue 34.2), table-driven: "zurück" told apart
//! from "nein" by the situation, the takeback, the hint, the evaluation and the warning,
//! each run as a script in virtual time (the engine's and the analyst's answers
//! scripted), and each use marked in the PGN.

use crate::core::script;

/// A training game against the engine as Black, in German, with a clock.
const SETUP: &str = "@0 arbiter setup tc=300 vi=white lang=de engine=black level=3 reminders=off\n@1 white key start\n";

/// After `e4` confirmed and the engine's `e5`.
const OPENED: &str = "@2 white say e4\n@3 white say ja\n@4 black engine move 1 e7e5\n";

/// (what, the script's steps after the setup, the moves standing after it, words said to
/// the player, words the PGN holds).
type Case = (
    &'static str,
    String,
    usize,
    &'static [&'static str],
    &'static [&'static str],
);

fn cases() -> Vec<Case> {
    vec![
        (
            "zurück while a move is echoed is nein",
            "@2 white say e4\n@3 white say zurück\n".into(),
            0,
            &["bitte neu ansagen"],
            &[],
        ),
        (
            "zurück with nothing open takes back the move and the engine's answer",
            format!("{OPENED}@5 white say zurück\n"),
            0,
            &["Alle Züge zurückgenommen"],
            &["{ Zurückgenommen: 1. e4 e5 }"],
        ),
        (
            "zurück while the engine thinks takes back only his move; its late answer is dropped",
            "@2 white say e4\n@3 white say ja\n@4 white say zurück\n@5 black engine move 1 e7e5\n"
                .into(),
            0,
            &["Alle Züge zurückgenommen"],
            &["{ Zurückgenommen: 1. e4 }"],
        ),
        (
            "zurück while the end of the game is asked is nein",
            format!("{OPENED}@5 white say Partie beenden\n@6 white say zurück\n"),
            2,
            &["Partie ohne Ergebnis beenden?"],
            &[],
        ),
        (
            "nein with nothing open takes nothing back",
            format!("{OPENED}@5 white say nein\n"),
            2,
            &["Es gibt nichts zurückzunehmen."],
            &[],
        ),
        (
            "Zug zurücknehmen and einen Zug zurück take back, twice down to the start",
            format!(
                "{OPENED}@5 white say Springer Felix drei\n@6 white say ja\n\
                 @7 black engine move 2 b8c6\n@8 white say Zug zurücknehmen\n\
                 @9 white say einen Zug zurück\n@10 white say zurück\n"
            ),
            0,
            &["Noch kein eigener Zug"],
            &["{ Zurückgenommen: 2. Sf3 Sc6 } { Zurückgenommen: 1. e4 e5 }"],
        ),
        (
            "the cancel key with nothing open takes back",
            format!("{OPENED}@5 white key cancel\n"),
            0,
            &["Alle Züge zurückgenommen"],
            &[],
        ),
        (
            "a hint names the piece, asked again the move",
            "@2 white say Tipp\n@3 arbiter analysis found 1 cp 20 g1f3 d7d5\n@4 white say Tipp\n"
                .into(),
            0,
            &[
                "Tipp: Springer auf Gustav eins.",
                "Tipp: Springer Felix drei.",
            ],
            &["{ Tipp } { Tipp: der Zug }"],
        ),
        (
            "a hint's answer for a position left meanwhile is dropped",
            "@2 white say Tipp\n@3 white say e4\n@4 white say ja\n\
             @5 arbiter analysis found 1 cp 20 g1f3\n"
                .into(),
            1,
            &[],
            &[],
        ),
        (
            "no hint while the engine is to move",
            "@2 white say e4\n@3 white say ja\n@4 white say Tipp\n".into(),
            1,
            &["Die Engine ist am Zug."],
            &[],
        ),
        (
            "the evaluation in words, the number on mehr, a mate",
            format!(
                "{OPENED}@5 white say Bewertung\n@6 arbiter analysis found 1 cp -150 d2d4\n\
                 @7 white say mehr\n@8 white say Bewertung\n@9 arbiter analysis found 2 mate 3 d1h5\n"
            ),
            2,
            &[
                "Schwarz steht besser.",
                "minus 1,50",
                "Weiß setzt matt in 3.",
            ],
            &["{ Bewertung: -1.50 } { Bewertung: #3 }"],
        ),
        (
            "a move that loses little is made after its check",
            "@2 white say Warnen ein\n@3 white say e4\n@4 white say ja\n\
             @5 arbiter analysis found 1 cp 30 e2e4\n@6 arbiter analysis found 2 cp -20 e7e5\n"
                .into(),
            1,
            &["Einen Moment"],
            &[],
        ),
        (
            "a losing move is asked once; zurück answers nein; confirmed again it is made",
            "@2 white say Warnen ein\n@3 white say f3\n@4 white say ja\n\
             @5 arbiter analysis found 1 cp 30 e2e4\n@6 arbiter analysis found 2 cp 280 e7e5\n\
             @7 white say zurück\n@8 white say f3\n@9 white say ja\n"
                .into(),
            1,
            &[
                "etwa 3 Bauern. Trotzdem ziehen?",
                "Gut, dann einen anderen Zug.",
            ],
            &["{ Warnung: f3 -2.80 }"],
        ),
        (
            "a losing move made on ja",
            "@2 white say Warnen ein\n@3 white say f3\n@4 white say ja\n\
             @5 arbiter analysis found 1 cp 30 e2e4\n@6 arbiter analysis found 2 mate 2 e7e5\n\
             @7 white say ja\n"
                .into(),
            1,
            &["Dieser Zug lässt Matt zu."],
            &[],
        ),
        (
            "the warning never blocks: no answer in time, the move is made unchecked",
            "@2 white say Warnen ein\n@3 white say e4\n@4 white say ja\n@20 white say Zeit\n"
                .into(),
            1,
            &["konnte nicht geprüft werden"],
            &[],
        ),
        (
            "the warning never blocks: no engine, the move is made unchecked",
            "@2 white say Warnen ein\n@3 white say e4\n@4 white say ja\n\
             @5 arbiter analysis missing\n"
                .into(),
            1,
            &["konnte nicht geprüft werden"],
            &[],
        ),
        (
            "warnings off: no check",
            "@2 white say Warnen ein\n@3 white say Warnen aus\n@4 white say e4\n@5 white say ja\n"
                .into(),
            1,
            &["Warnen aus."],
            &[],
        ),
    ]
}

#[test]
fn the_trainers_help() {
    for (what, steps, plies, said, pgn) in cases() {
        let text = format!("{SETUP}{steps}");
        let run = script::run(&script::parse(&text).unwrap()).unwrap();
        let transcript = run.transcript.join("\n");
        assert_eq!(run.session.history().len(), plies, "{what}:\n{transcript}");
        for words in said {
            assert!(
                transcript.contains(words),
                "{what}: {words:?} not said:\n{transcript}"
            );
        }
        let record = run.session.pgn();
        let flat = record.replace('\n', " ");
        for comment in pgn {
            assert!(
                flat.contains(comment),
                "{what}: {comment:?} not in\n{record}"
            );
        }
    }
}

#[test]
fn outside_a_training_game_zurück_is_nein_and_the_help_is_refused() {
    let text = "@0 arbiter setup vi=white lang=de\n@1 white say e4\n@2 white say ja\n\
                @3 white say zurück\n@4 white say Warnen ein\n";
    let run = script::run(&script::parse(text).unwrap()).unwrap();
    let transcript = run.transcript.join("\n");
    assert_eq!(run.session.history().len(), 1, "{transcript}");
    assert!(
        transcript.contains("Das ist keine Trainingspartie."),
        "{transcript}"
    );
    assert!(!transcript.contains("zurückgenommen"), "{transcript}");
}

#[test]
fn the_clocks_return_as_they_stood() {
    let text = format!(
        "{SETUP}@2 white say e4\n@3 white say ja\n@9 black engine move 1 e7e5\n@20 white say zurück\n"
    );
    let run = script::run(&script::parse(&text).unwrap()).unwrap();
    let clock = run.session.clock().unwrap();
    let at = crate::core::time::Timestamp::from_millis(20_000);
    // White used two seconds before e4 (1 to 3): his clock stands at 4:58 again, running.
    assert_eq!(
        clock.remaining(shakmaty::Color::White, at).as_millis(),
        298_000
    );
    assert_eq!(
        clock.remaining(shakmaty::Color::Black, at).as_millis(),
        300_000
    );
}

#[test]
fn a_hint_for_a_position_left_is_not_said_nor_recorded() {
    let text = format!(
        "{SETUP}@2 white say Tipp\n@3 white say e4\n@4 white say ja\n\
         @5 arbiter analysis found 1 cp 20 g1f3\n"
    );
    let run = script::run(&script::parse(&text).unwrap()).unwrap();
    let transcript = run.transcript.join("\n");
    assert!(!transcript.contains("Tipp:"), "{transcript}");
    assert!(!run.session.pgn().contains("Tipp"), "{}", run.session.pgn());
}

/// pgn-reader's view of a game: its moves and its comments.
#[derive(Default)]
struct Collect;

impl pgn_reader::Visitor for Collect {
    type Tags = ();
    type Movetext = (Vec<String>, Vec<String>);
    type Output = (Vec<String>, Vec<String>);

    fn begin_tags(&mut self) -> std::ops::ControlFlow<Self::Output, Self::Tags> {
        std::ops::ControlFlow::Continue(())
    }

    fn begin_movetext(
        &mut self,
        _tags: Self::Tags,
    ) -> std::ops::ControlFlow<Self::Output, Self::Movetext> {
        std::ops::ControlFlow::Continue((Vec::new(), Vec::new()))
    }

    fn san(
        &mut self,
        game: &mut Self::Movetext,
        san: pgn_reader::SanPlus,
    ) -> std::ops::ControlFlow<Self::Output> {
        game.0.push(san.to_string());
        std::ops::ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        game: &mut Self::Movetext,
        comment: pgn_reader::RawComment<'_>,
    ) -> std::ops::ControlFlow<Self::Output> {
        let text = String::from_utf8_lossy(comment.as_bytes())
            .trim()
            .to_owned();
        game.1.push(text);
        std::ops::ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        game
    }
}

#[test]
fn the_comments_are_read_back_by_pgn_reader_and_the_station() {
    let text = include_str!("../../../../tests/golden/training/training_help_de.script");
    let run = script::run(&script::parse(text).unwrap()).unwrap();
    let record = run.session.pgn();
    let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(record.as_bytes()));
    let (sans, comments) = reader.read_game(&mut Collect).unwrap().unwrap();
    let made: Vec<String> = run
        .session
        .history()
        .iter()
        .map(|p| p.made.san.clone())
        .collect();
    assert_eq!(sans, made, "{record}");
    for note in [
        "Zurückgenommen: 1. e4 e5",
        "Zurückgenommen: 1. Sf3",
        "Tipp",
        "Tipp: der Zug",
        "Bewertung: +0.30",
        "Warnung: Dh5 -2.60",
        "Zurückgenommen: 3. Sf3 Sf6",
    ] {
        assert!(
            comments.iter().any(|c| c == note),
            "{note:?} not in {comments:?}"
        );
    }
    let again =
        crate::core::scoresheet::pgn_in::read_games(&record, crate::core::lang::Language::De)
            .unwrap();
    let moves: Vec<_> = again[0].sheet.move_list();
    let ours: Vec<_> = run.session.history().iter().map(|p| p.mv).collect();
    assert_eq!(moves, ours);
}
