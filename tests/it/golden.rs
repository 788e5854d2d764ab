//! Golden game transcripts: a timed script in, every line spoken, brailled, every clock
//! reading, every made move and the result out, plus the PGN, checked with expect-test.
//! The scripts are `tests/golden/TOPIC/NAME.script`, a module here per topic folder.
//! The speech-order scripts (`speech_*`) add a speech timeline per listener.
//! The console scripts (`console/*.console`) are lines typed at the console as a player
//! types them, most without WHO: each goes through the console's owner rule
//! (`ConsoleOwner`, issue 22) and the one-letter commands, and the transcript shows whose
//! each line became.
//! Update after an intended change with `UPDATE_EXPECT=1 cargo test --test it golden::`.

use ansage::core::output::{Audience, Output};
use ansage::core::script::{self, ConsoleOwner, transcript_line};
use ansage::core::time::Timestamp;
use ansage::speech::timeline::timeline;

use crate::support::golden;

fn transcript(topic: &str, name: &str) -> String {
    let path = golden::script(topic, name).display().to_string();
    let text = std::fs::read_to_string(&path).unwrap();
    let parsed = script::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let run = script::run(&parsed).unwrap();
    let mut out = if topic == "web" {
        web_transcript(&run).join("\n")
    } else {
        run.transcript.join("\n")
    };
    out.push_str("\n--- pgn\n");
    out.push_str(&run.session.pgn());
    if name.starts_with("speech_") {
        out.push_str(&speech_timelines(&run.outputs));
    }
    out
}

/// The web page's scripts (`web/`): after each request to the page (`web:WHO …`), what
/// the station says and shows to whoever asked, as the page answers it
/// (`ansage::web::answer`) at the script's instant, for a page at
/// `http://192.168.1.20:8432/` whose codes' digits come from a fixed list.
#[cfg(feature = "web")]
fn web_transcript(run: &script::Run) -> Vec<String> {
    use ansage::web::access::Access;
    use ansage::web::answer::{Page, answer};
    use ansage::web::{PageAddress, Seats};
    let session = &run.session;
    let page = Page {
        seats: Seats::of(session.setup().impaired),
        address: PageAddress::new("http://192.168.1.20:8432/", session.phrases()),
    };
    let mut access = Access::new();
    let mut randoms = [935_080, 271_828, 314_159, 141_421].into_iter();
    let mut lines = Vec::new();
    for (line, (at, output)) in run.transcript.iter().zip(&run.outputs) {
        lines.push(line.clone());
        if let Output::Access(request) = output {
            let (to, msg) = answer(*request, &mut access, &page, at.since_epoch(), || {
                randoms.next()
            });
            let told = session.announce(to, ansage::core::output::Priority::Urgent, &msg);
            lines.extend(told.iter().map(|o| transcript_line(*at, o)));
        }
    }
    lines
}

#[cfg(not(feature = "web"))]
fn web_transcript(run: &script::Run) -> Vec<String> {
    run.transcript.clone()
}

/// The scripts of the speech order (`speech_*`) end with what a speaker for each player
/// would say when: each `say` run through the speech scheduler in virtual time, as long as
/// espeak-ng takes to say it (`ansage::speech::timeline`).
fn speech_timelines(outputs: &[(Timestamp, Output)]) -> String {
    let mut out = String::new();
    for listener in [Audience::White, Audience::Black, Audience::Arbiter] {
        let heard = outputs
            .iter()
            .any(|(_, o)| matches!(o, Output::Say(s) if s.to == listener));
        if !heard {
            continue;
        }
        out.push_str(&format!(
            "\n--- speech {} (virtual speaker)\n",
            listener.name()
        ));
        out.push_str(&timeline(outputs, &[listener]).join("\n"));
    }
    out
}

macro_rules! golden {
    ($($topic:ident: [$($name:ident),* $(,)?]),* $(,)?) => {
        $(
            /// The golden scripts of `tests/golden/TOPIC/`.
            mod $topic {
                $(
                    #[test]
                    fn $name() {
                        let got = super::transcript(stringify!($topic), stringify!($name));
                        expect_test::expect_file![concat!(
                            "../golden/",
                            stringify!($topic),
                            "/",
                            stringify!($name),
                            ".transcript"
                        )]
                        .assert_eq(&got);
                    }
                )*
            }
        )*

        /// Every script in tests/golden has its test here, in its topic folder's list; no
        /// golden file lies outside a topic folder.
        #[test]
        fn every_script_is_listed() {
            let listed = [$($(concat!(stringify!($topic), "/", stringify!($name))),*),*];
            for entry in std::fs::read_dir(golden::dir()).unwrap() {
                let path = entry.unwrap().path();
                assert!(
                    path.is_dir(),
                    "{}: a golden file goes into a topic folder",
                    path.display()
                );
            }
            for path in golden::scripts() {
                let topic = path.parent().unwrap().file_name().unwrap().to_string_lossy();
                let stem = path.file_stem().unwrap().to_string_lossy();
                let name = format!("{topic}/{stem}");
                assert!(listed.contains(&name.as_str()), "{name}.script has no golden test");
            }
        }
    };
}

golden!(
    protocol: [
        scholars_mate,
        promotion,
        en_passant,
        castling,
        ambiguous_knight,
        illegal_move,
        illegal_typed_de,
        illegal_typed_es,
        illegal_typed_en,
        slip_of_the_tongue,
        correction_window,
        chess960,
        seed_game_es_typed,
        seed_game_de_spoken,
        low_confidence,
        take_back,
        reconciliation,
    ],
    which: [
        which_narrow_de,
        which_castling_de,
        which_named_de,
        which_none_de,
        which_promotion_de,
        which_narrow_es,
        which_castling_es,
        which_named_es,
        which_none_es,
        which_promotion_es,
        which_narrow_en,
        which_castling_en,
        which_named_en,
        which_none_en,
        which_promotion_en,
    ],
    review: [
        review_seed_game_de,
        review_seed_game_es,
        review_seed_game_en,
        analysis_hung_queen_de,
        analysis_hung_queen_es,
        analysis_hung_queen_en,
        analysis_engine_fails_de,
        analysis_engine_fails_es,
        analysis_engine_fails_en,
    ],
    endings: [
        stalemate,
        threefold_claim_right,
        threefold_claim_wrong,
        fifty_move_claim,
        fivefold,
        seventy_five_moves,
        insufficient_material,
        resignation,
        draw_offer,
        adjournment,
        draw_declined_by_move_de,
        draw_declined_by_move_es,
        draw_declined_by_word_de,
        draw_declined_by_word_es,
        draw_declined_by_word_en,
    ],
    clock: [
        display_clock_de,
        display_clock_es,
        display_clock_en,
        tc_fischer,
        tc_simple_delay,
        tc_bronstein,
        tc_control_passed,
        tc_different,
        flag_fall_win,
        flag_fall_lone_king,
        low_time_alarm,
        arbiter_clock,
        clockstart_stopped_de,
        clockstart_stopped_es,
        clockstart_stopped_en,
        clockstart_home_de,
        clockstart_home_es,
        clockstart_home_en,
        clockstart_arbiter_de,
        clockstart_arbiter_es,
        clockstart_arbiter_en,
        clockstart_end_de,
        clockstart_end_es,
        clockstart_end_en,
    ],
    answers: [
        questions,
        answers_time_de,
        answers_time_es,
        answers_time_en,
        answers_lists_de,
        answers_lists_es,
        answers_lists_en,
        answers_braille_de,
        answers_braille_en,
        repeat_after_move_de,
        repeat_after_move_en,
        targets_de,
        targets_es,
        targets_en,
    ],
    speech: [
        speech_answers_de,
        speech_answers_es,
        speech_answers_en,
        speech_countdown_de,
        speech_countdown_es,
        speech_countdown_en,
        speech_corrections_de,
        speech_corrections_es,
        speech_corrections_en,
        speech_words_first_de,
        speech_words_first_en,
    ],
    eboard: [
        eboard_game_de,
        eboard_game_es,
        eboard_game_en,
        eboard_castling_de,
        eboard_lever_de,
        eboard_key_de,
    ],
    online: [
        online_game_de,
        online_game_es,
        online_game_en,
        online_server_decides_de,
        online_server_decides_es,
        online_server_decides_en,
        online_aborted_de,
        online_aborted_es,
        online_aborted_en,
        online_offers_de,
        online_offers_es,
        online_offers_en,
        online_takeback_de,
        online_takeback_es,
        online_takeback_en,
        online_gone_de,
        online_gone_es,
        online_gone_en,
        online_resend_de,
        online_resend_es,
        online_resend_en,
        online_edges_de,
        online_edges_es,
        online_edges_en,
        online_offers_once_de,
        online_offers_once_es,
        online_offers_once_en,
        online_claim_draw_de,
        online_claim_draw_es,
        online_claim_draw_en,
        online_first_move_de,
        online_first_move_es,
        online_first_move_en,
    ],
    web: [
        web_access_de,
        web_access_es,
        web_access_en,
    ],
    records: [
        records_draw_before_move,
        records_questions_after_end,
    ],
    training: [
        training_game_de,
        training_game_es,
        training_game_en,
        training_clock_de,
        training_clock_es,
        training_clock_en,
        training_review_de,
        training_review_es,
        training_review_en,
        training_help_de,
        training_help_es,
        training_help_en,
    ],
    startup: [
        startup_resume_de,
        startup_resume_es,
        startup_resume_en,
    ],
);

/// A message whose argument is missing renders Fluent's error into the text: no golden
/// transcript may hold one (the transcripts are rewritten with `UPDATE_EXPECT=1`, so an
/// error there would otherwise be accepted with them).
#[test]
fn no_transcript_holds_a_message_with_a_missing_argument() {
    for path in golden::files() {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for line in text.lines() {
            assert!(
                !line.contains("ResolverError") && !line.contains("{$"),
                "{}: {line}",
                path.display()
            );
        }
    }
}

/// A console script: its first line a script's setup line, then `@SECONDS LINE` for each
/// line typed at the console (as `ansage play` reads it, WHO optional), and
/// `opponent-input on|off` for whether the sighted opponent has an input of his own (an
/// electronic board, the web page). Each typed line is shown (`> LINE` and whose it became)
/// before what the session answered.
fn console_transcript(name: &str) -> String {
    let path = golden::dir()
        .join("console")
        .join(format!("{name}.console"))
        .display()
        .to_string();
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let setup = lines.next().expect("a setup line");
    let config = script::parse(setup)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .setup;
    let mut session = ansage::core::session::Session::new(config).unwrap();
    let mut out: Vec<String> = session
        .clock_start_hint()
        .iter()
        .map(|o| transcript_line(Timestamp::ZERO, o))
        .collect();
    let mut opponent_input = false;
    for line in lines {
        if let Some(flag) = line.strip_prefix("opponent-input ") {
            opponent_input = flag.trim() == "on";
            out.push(format!("# opponent-input {}", flag.trim()));
            continue;
        }
        let (stamp, typed) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{path}: {line}"));
        let secs: f64 = stamp.trim_start_matches('@').parse().unwrap();
        let at = Timestamp::from_millis((secs * 1000.0).round() as u64);
        while let Some((deadline, outputs)) = session.poll_due(at) {
            out.extend(outputs.iter().map(|o| transcript_line(deadline, o)));
        }
        let owner = ConsoleOwner {
            impaired: session.setup().impaired,
            opponent_input,
        };
        let turn = shakmaty::Position::turn(session.position());
        let input = owner
            .parse(typed, turn, session.commands())
            .unwrap_or_else(|e| panic!("{path}: {typed}: {e}"));
        let Some(input) = input else { continue };
        let whose = match &input {
            ansage::core::input::Input::Act { by, .. } => by.to_string(),
            ansage::core::input::Input::Timeout => "timeout".into(),
        };
        out.push(format!("> {typed}  ({whose})"));
        let outputs = session.handle(input, at);
        out.extend(outputs.iter().map(|o| transcript_line(at, o)));
    }
    out.join("\n")
}

macro_rules! console_golden {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                let got = console_transcript(stringify!($name));
                expect_test::expect_file![concat!("../golden/console/", stringify!($name), ".transcript")].assert_eq(&got);
            }
        )*

        /// Every console script in tests/golden has its test here.
        #[test]
        fn every_console_script_is_listed() {
            let listed = [$(stringify!($name)),*];
            for path in golden::files() {
                if path.extension().is_some_and(|e| e == "console") {
                    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
                    assert!(listed.contains(&stem.as_str()), "{stem}.console has no golden test");
                }
            }
        }
    };
}

/// The console scripts of `tests/golden/console/`.
mod console {
    use super::{console_transcript, golden};

    console_golden!(console_owner_de, console_owner_en);
}
