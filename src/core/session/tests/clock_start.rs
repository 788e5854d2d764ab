//! The clock start (FIDE Laws 6.5, 6.6, 6.11, D.2.3): who may start, stop and restart the
//! clock and end a game unfinished, what is said while the clock stands, the move counts
//! of moves made before it starts, and "Partie beenden".

use shakmaty::Color;

use crate::core::clock::{ClockSetup, TimeControl};
use crate::core::input::{Actor, Command, Event, Input};
use crate::core::lang::Language;
use crate::core::output::{Audience, Output, Termination};
use crate::core::setup::SessionSetup;
use crate::core::time::Timestamp;

use super::super::Session;
use super::super::audience;

const WHITE: Actor = Actor::Player(Color::White);
const BLACK: Actor = Actor::Player(Color::Black);
const ARBITER: Actor = Actor::Arbiter;

fn game(tc: Option<&str>, arbiter: bool, lang: Language) -> Session {
    let clock = tc.map(|tc| {
        let tc = TimeControl::from_pgn(tc).unwrap();
        ClockSetup::new(tc.clone(), tc)
    });
    Session::new(SessionSetup {
        lang,
        arbiter,
        clock,
        ..SessionSetup::default()
    })
    .unwrap()
}

fn command(by: Actor, c: Command) -> Input {
    Input::Act {
        by,
        event: Event::Command(c),
    }
}

fn at(secs: u64) -> Timestamp {
    Timestamp::from_millis(secs * 1000)
}

/// Who heard `text`.
fn heard(out: &[Output], text: &str) -> Vec<Audience> {
    out.iter()
        .filter_map(|o| match o {
            Output::Say(s) if s.text == text => Some(s.to),
            _ => None,
        })
        .collect()
}

/// FIDE Laws 6.5, 6.11: with an arbiter present only the arbiter starts, stops and
/// restarts the clock and ends a game unfinished; without one, either player does too. A
/// refusal is said to the one who asked, and to nobody else.
#[test]
fn who_may_start_stop_restart_and_end() {
    use Command::{End, Pause, Resume, Start};
    // (an arbiter present, who asks, what, whether it is done)
    let cases = [
        (false, WHITE, Start, true),
        (false, BLACK, Start, true),
        (false, ARBITER, Start, true),
        (true, WHITE, Start, false),
        (true, BLACK, Start, false),
        (true, ARBITER, Start, true),
        (false, BLACK, Pause, true),
        (true, BLACK, Pause, false),
        (true, ARBITER, Pause, true),
        (false, WHITE, Resume, true),
        (false, BLACK, Resume, true),
        (true, WHITE, Resume, false),
        (true, BLACK, Resume, false),
        (true, ARBITER, Resume, true),
        (false, WHITE, End, true),
        (false, BLACK, End, true),
        (true, WHITE, End, false),
        (true, ARBITER, End, true),
    ];
    for (arbiter, by, what, done) in cases {
        let case = format!("arbiter {arbiter}, {by:?}, {what:?}");
        let mut s = game(Some("600"), arbiter, Language::De);
        // Pausing needs a running clock, restarting a stopped one: the arbiter's.
        if matches!(what, Pause | Resume) {
            s.handle(command(ARBITER, Start), at(0));
        }
        if what == Resume {
            s.handle(command(ARBITER, Pause), at(1));
        }
        let out = s.handle(command(by, what.clone()), at(2));
        let refused = heard(&out, "Das darf nur der Schiedsrichter.");
        let acted = out.iter().any(|o| matches!(o, Output::Arbiter(_)));
        if done {
            assert!(refused.is_empty(), "{case}: {out:?}");
            assert!(acted || s.ending == Some(by), "{case}: {out:?}");
        } else {
            assert_eq!(refused, [audience(by)], "{case}");
            assert!(!acted && s.ending.is_none(), "{case}: {out:?}");
        }
    }
}

/// FIDE Laws 6.5, 6.6: the start says how the clock starts (who, and by key, typing or
/// voice), in every language; nothing without a clock.
#[test]
fn the_start_says_how_the_clock_starts() {
    let cases = [
        (Some("900+10"), false, Language::De, Some("Starttaste")),
        (
            Some("900+10"),
            true,
            Language::De,
            Some("Der Schiedsrichter startet sie."),
        ),
        (Some("900+10"), false, Language::Es, Some("iniciar reloj")),
        (Some("900+10"), true, Language::Es, Some("el árbitro")),
        (Some("900+10"), false, Language::En, Some("start clock")),
        (
            Some("900+10"),
            true,
            Language::En,
            Some("The arbiter starts it."),
        ),
        // Without a clock, how to get help (issue 22.8).
        (None, false, Language::De, Some("Hilfe sagen")),
        (None, true, Language::En, Some("say help")),
    ];
    for (tc, arbiter, lang, says) in cases {
        let out = game(tc, arbiter, lang).clock_start_hint();
        let said: Vec<&str> = out
            .iter()
            .filter_map(|o| match o {
                Output::Say(s) if s.to == Audience::All => Some(s.text.as_str()),
                _ => None,
            })
            .collect();
        match says {
            Some(part) => assert!(
                said.len() == 1 && said[0].contains(part),
                "{tc:?} {arbiter} {lang:?}: {said:?}"
            ),
            None => assert!(out.is_empty(), "{tc:?} {lang:?}: {out:?}"),
        }
    }
    // While the clock runs, nothing is to say; stopped again (as after a resume), the
    // same hint; once the game is over, nothing.
    let mut s = game(Some("300"), false, Language::De);
    s.handle(command(WHITE, Command::Start), at(0));
    assert!(s.clock_start_hint().is_empty());
    s.handle(command(WHITE, Command::Pause), at(1));
    assert_eq!(s.clock_start_hint().len(), 2, "said and shown");
    s.handle(Input::typed(WHITE, "ich gebe auf"), at(2));
    s.handle(command(WHITE, Command::Yes), at(3));
    assert!(s.clock_start_hint().is_empty());
}

/// D.2.3, 6.11: a move made while the clock stands is said to be so, to everyone; on a
/// running clock, or without a clock, nothing is said about the clock.
#[test]
fn a_move_on_a_stopped_clock_is_said_to_be_so() {
    // (time control, the clock before White's move: 0 never started, 1 running, 2 stopped)
    let cases = [
        (Some("600"), 0, true),
        (Some("600"), 1, false),
        (Some("600"), 2, true),
        (None, 0, false),
    ];
    for (tc, state, stands) in cases {
        let mut s = game(tc, false, Language::De);
        if state >= 1 {
            s.handle(command(ARBITER, Command::Start), at(0));
        }
        if state == 2 {
            s.handle(command(BLACK, Command::Pause), at(1));
        }
        s.handle(Input::typed(WHITE, "e4"), at(2));
        let out = s.handle(command(WHITE, Command::Yes), at(3));
        assert_eq!(s.history().len(), 1);
        let said = heard(&out, "Die Uhr steht.");
        let want: &[Audience] = if stands { &[Audience::All] } else { &[] };
        assert_eq!(said, want, "{tc:?}, state {state}");
    }
}

/// FIDE Laws 6.3.a: moves made before the clock is first started are counted (no time
/// measured: no increment, no `[%clk]`), so the counts stay right all game and a time
/// control is passed at its move; from the start on, every move has its clock time.
#[test]
fn moves_before_the_start_are_counted_without_clock_times() {
    // (time control, plies made before the start, White's time after them)
    let cases = [("900+10", 2, 900), ("300d5", 2, 300), ("1/60:120", 2, 180)];
    for (tc, plies, white_left) in cases {
        let mut s = game(Some(tc), false, Language::En);
        for (i, san) in ["e4", "e5", "Nf3", "Nc6"].iter().take(plies).enumerate() {
            let by = if i % 2 == 0 { WHITE } else { BLACK };
            s.handle(Input::typed(by, san), at(i as u64 * 2));
            s.handle(command(by, Command::Yes), at(i as u64 * 2 + 1));
        }
        let clock = s.clock().unwrap();
        assert_eq!(clock.moves_completed(Color::White), 1, "{tc}");
        assert_eq!(clock.moves_completed(Color::Black), 1, "{tc}");
        assert_eq!(clock.remaining(Color::White, at(10)).as_secs(), white_left);
        s.handle(command(BLACK, Command::Start), at(10));
        s.handle(Input::typed(WHITE, "Nf3"), at(12));
        s.handle(command(WHITE, Command::Yes), at(13));
        let clock = s.clock().unwrap();
        assert_eq!(clock.moves_completed(Color::White), 2, "{tc}");
        let record = s.pgn();
        assert!(record.contains("1. e4 e5 2. Nf3 { [%clk"), "{tc}: {record}");
    }
}

/// Who says what, in order.
type Said<'a> = &'a [(Actor, &'a str)];

/// "Partie beenden" is confirmed like a resignation: the asker's (or the arbiter's) "ja"
/// ends the game without a result and closes the station; "nein" keeps it going; a move
/// lets the request lapse, a question leaves it open; said once the game is over, it
/// closes the station at once.
#[test]
fn ending_the_game_asks_first() {
    // (the inputs after 1. e4 with Black to move, whether it ended unfinished, closed)
    let cases: [(Said<'_>, bool, bool); 8] = [
        (&[(BLACK, "beenden"), (BLACK, "ja")], true, true),
        (&[(BLACK, "Partie beenden"), (BLACK, "nein")], false, false),
        (&[(BLACK, "beenden"), (ARBITER, "ja")], true, true),
        (&[(BLACK, "beenden"), (WHITE, "ja")], false, false),
        (
            &[(BLACK, "beenden"), (BLACK, "e5"), (BLACK, "ja")],
            false,
            false,
        ),
        (
            &[(BLACK, "beenden"), (BLACK, "Zeit"), (BLACK, "ja")],
            true,
            true,
        ),
        (&[(WHITE, "Partie beenden"), (WHITE, "ja")], true, true),
        (
            &[(BLACK, "ich gebe auf"), (BLACK, "ja"), (WHITE, "beenden")],
            false,
            true,
        ),
    ];
    for (inputs, unfinished, closed) in cases {
        let mut s = game(Some("600"), false, Language::De);
        s.handle(command(ARBITER, Command::Start), at(0));
        s.handle(Input::typed(WHITE, "e4"), at(1));
        s.handle(command(WHITE, Command::Yes), at(2));
        for (i, (by, text)) in inputs.iter().enumerate() {
            s.handle(Input::typed(*by, text), at(3 + i as u64));
        }
        let reason = s.result().map(|r| r.reason);
        assert_eq!(
            reason == Some(Termination::Unfinished),
            unfinished,
            "{inputs:?}: {reason:?}"
        );
        assert_eq!(s.closed(), closed, "{inputs:?}");
        if unfinished {
            assert!(s.pgn().contains("[Result \"*\"]"));
            assert!(s.clock().unwrap().running().is_none(), "the clocks stop");
        }
    }
}

/// FIDE Laws D.2.6, 6.5: a visually impaired player at the Braille display without voice
/// input (`braille_input`) is told to type, never to say, how the clock starts and how
/// help comes, in every language; with an arbiter, that he starts it.
#[test]
fn braille_only_the_start_says_to_type() {
    let cases = [
        (
            Some("900+10"),
            false,
            Language::De,
            "Uhr starten tippen",
            "sagen",
        ),
        (
            Some("900+10"),
            false,
            Language::Es,
            "escriba iniciar reloj",
            "diga",
        ),
        (
            Some("900+10"),
            false,
            Language::En,
            "type start clock",
            "say",
        ),
        (
            Some("900+10"),
            true,
            Language::De,
            "Der Schiedsrichter",
            "sagen",
        ),
        (None, false, Language::De, "Hilfe tippen", "sagen"),
        (None, false, Language::Es, "escriba ayuda", "diga"),
        (None, true, Language::En, "type help", "say"),
    ];
    for (tc, arbiter, lang, says, never) in cases {
        let mut s = game(tc, arbiter, lang);
        s.setup.braille_input = true;
        let said: Vec<String> = s
            .clock_start_hint()
            .into_iter()
            .filter_map(|o| match o {
                Output::Say(s) if s.to == Audience::All => Some(s.text),
                _ => None,
            })
            .collect();
        assert!(
            said.len() == 1 && said[0].contains(says) && !said[0].contains(never),
            "{tc:?} {arbiter} {lang:?}: {said:?}"
        );
    }
}
