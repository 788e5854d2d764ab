//! Clock answers (FIDE Laws D.2.9.d: times on request), short first: the asker's own
//! remaining time, then the opponent's, and that the clock stands when it does (not yet
//! started, or stopped, FIDE Laws 6.11); the time used and the moves completed on request.
//! Each is rendered from a [`LiveClock`] at an instant, so the speech adapter can render
//! it again when it really starts to be spoken ([`render_live`]).

use std::time::Duration;

use shakmaty::Color;

use crate::core::clock::Clock;
use crate::core::durations::clock_text;
use crate::core::output::{ClockForm, LiveClock};
use crate::core::phrases::{Message, Phrases};
use crate::core::time::Timestamp;
use crate::core::words::vocabulary;

/// The spoken text of a clock answer at the instant `at` (when it starts to be spoken).
pub fn render_live(live: &LiveClock, phrases: &Phrases, at: Timestamp) -> String {
    phrases.speech(&live_message(live, phrases, at))
}

/// The message of a clock answer at the instant `at`. The remaining times ([`ClockForm::Short`],
/// [`ClockForm::Own`]) end with "Die Uhr steht." while no clock runs.
pub fn live_message(live: &LiveClock, phrases: &Phrases, at: Timestamp) -> Message {
    let msg = times_message(live, phrases, at);
    let remaining = matches!(live.form, ClockForm::Short | ClockForm::Own);
    if remaining && live.clock.running().is_none() {
        Message::new("time-stands")
            .arg("time", phrases.speech(&msg))
            .arg("time_braille", phrases.braille(&msg))
    } else {
        msg
    }
}

/// The message of a clock answer at the instant `at`, whether the clock runs or not.
fn times_message(live: &LiveClock, phrases: &Phrases, at: Timestamp) -> Message {
    let clock = &live.clock;
    // The asker's side first: a player's own, for the arbiter White then Black, except
    // that "own time" names the side whose clock runs (or that is to move).
    let first = match (live.asker, live.form) {
        (Some(c), _) => c,
        (None, ClockForm::Own) => clock.running().or(clock.to_move()).unwrap_or(Color::White),
        (None, _) => Color::White,
    };
    let label = |c: Color| match live.asker {
        Some(asker) if asker == c => phrases.speech(&Message::new("label-you")),
        Some(_) => phrases.speech(&Message::new("label-opponent")),
        None => vocabulary(phrases.lang()).color_name(c).to_owned(),
    };
    let (a, b) = (first, !first);
    let m = |id: &'static str| Message::new(id).arg("a", label(a)).arg("b", label(b));
    let left = |c: Color| clock.remaining(c, at);
    let used = |c: Color| clock.used(c, at);
    match live.form {
        ClockForm::Short => m("time-short")
            .arg("a_left", short_duration(phrases, left(a)))
            .arg("b_left", short_duration(phrases, left(b)))
            .arg("a_clock", clock_text(left(a)))
            .arg("b_clock", clock_text(left(b))),
        ClockForm::Own => m(if live.asker.is_some() {
            "time-own"
        } else {
            "time-own-side"
        })
        .arg("a_left", short_duration(phrases, left(a)))
        .arg("a_clock", clock_text(left(a))),
        ClockForm::Used => used_message(m("time-used"), phrases, used(a), used(b)),
        ClockForm::Moves => moves_message(m("time-moves"), clock, a, b),
        ClockForm::Detail => {
            let used = used_message(m("time-used"), phrases, used(a), used(b));
            let moves = moves_message(m("time-moves"), clock, a, b);
            Message::new("time-detail")
                .arg("used", phrases.speech(&used))
                .arg("moves", phrases.speech(&moves))
                .arg("used_braille", phrases.braille(&used))
                .arg("moves_braille", phrases.braille(&moves))
        }
    }
}

fn used_message(m: Message, phrases: &Phrases, a: Duration, b: Duration) -> Message {
    m.arg("a_used", short_duration(phrases, a))
        .arg("b_used", short_duration(phrases, b))
        .arg("a_clock", clock_text(a))
        .arg("b_clock", clock_text(b))
}

fn moves_message(m: Message, clock: &Clock, a: Color, b: Color) -> Message {
    m.arg("a_moves", clock.moves_completed(a))
        .arg("b_moves", clock.moves_completed(b))
}

/// A clock time as a talking clock says it, briefly (the time answer must fit in about
/// three seconds of speech, both sides): from an hour up hours and minutes ("eine Stunde
/// 27"), from ten minutes up whole minutes ("14 Minuten"), under that the clock's reading
/// of minutes and seconds ("4 06", said "vier null sechs"), under a minute seconds ("42
/// Sekunden"). The exact reading is in Braille (`m:ss`).
pub fn short_duration(phrases: &Phrases, d: Duration) -> String {
    let total = d.as_secs();
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    let unit = |id: &'static str, n: u64| phrases.speech(&Message::new(id).arg("n", n));
    let with = |big: String, small: u64| {
        if small == 0 {
            big
        } else {
            phrases.speech(
                &Message::new("duration-and")
                    .arg("big", big)
                    .arg("small", small),
            )
        }
    };
    if h > 0 {
        with(unit("duration-hours", h), m)
    } else if m >= 10 {
        unit("duration-minutes", m)
    } else if m > 0 {
        phrases.speech(
            &Message::new("duration-clock")
                .arg("m", m)
                .arg("s", format!("{s:02}")),
        )
    } else {
        unit("duration-seconds", s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::clock::{ClockSetup, TimeControl};
    use crate::core::lang::Language;

    /// A clock never started.
    fn unstarted(white: u64, black: u64) -> Clock {
        let tc = |s: u64| TimeControl::from_pgn(&s.to_string()).expect("tc");
        Clock::new(ClockSetup {
            white: tc(white),
            black: tc(black),
        })
    }

    fn clock_at(white: u64, black: u64) -> Clock {
        let mut clock = unstarted(white, black);
        clock.start(Color::White, Timestamp::ZERO);
        clock
    }

    #[test]
    fn short_durations_as_a_talking_clock_says_them() {
        let de = Phrases::load(Language::De).expect("de");
        for (secs, said) in [
            (5_400, "eine Stunde 30"),
            (3_600, "eine Stunde"),
            (846, "14 Minuten"),
            (246, "4 06"),
            (240, "4 00"),
            (65, "1 05"),
            (42, "42 Sekunden"),
            (1, "eine Sekunde"),
            (0, "0 Sekunden"),
        ] {
            assert_eq!(short_duration(&de, Duration::from_secs(secs)), said);
        }
    }

    #[test]
    fn the_asker_hears_their_own_time_first_and_the_arbiter_both_colours() {
        let de = Phrases::load(Language::De).expect("de");
        let clock = clock_at(900, 600);
        let at = Timestamp::from_millis(654_000);
        let live = |asker, form| LiveClock {
            clock: clock.clone(),
            asker,
            form,
        };
        for (asker, form, said) in [
            (
                Some(Color::White),
                ClockForm::Short,
                "Sie 4 06, Gegner 10 Minuten.",
            ),
            (
                Some(Color::Black),
                ClockForm::Short,
                "Sie 10 Minuten, Gegner 4 06.",
            ),
            (None, ClockForm::Short, "Weiß 4 06, Schwarz 10 Minuten."),
            (Some(Color::Black), ClockForm::Own, "Ihre Zeit: 10 Minuten."),
            (None, ClockForm::Own, "Weiß: 4 06."),
            (
                Some(Color::White),
                ClockForm::Detail,
                "Verbraucht: Sie 10 Minuten, Gegner 0 Sekunden. Züge: Sie 0, Gegner 0.",
            ),
        ] {
            assert_eq!(render_live(&live(asker, form), &de, at), said);
        }
    }

    /// The remaining times end with "Die Uhr steht." while no clock runs (never started, or
    /// stopped, FIDE Laws 6.11), in speech and in Braille; the time used and the moves
    /// never do.
    #[test]
    fn the_time_answer_says_when_the_clock_stands() {
        let de = Phrases::load(Language::De).expect("de");
        let at = Timestamp::from_millis(10_000);
        let never = unstarted(300, 300);
        let running = clock_at(300, 300);
        let mut stopped = clock_at(300, 300);
        stopped.pause(Timestamp::from_millis(4_000));
        // (the clock, the form, what is said, what is brailled)
        let cases = [
            (
                &never,
                ClockForm::Short,
                "Sie 5 00, Gegner 5 00. Die Uhr steht.",
                "Sie 5:00, Gegner 5:00, Uhr steht",
            ),
            (
                &never,
                ClockForm::Own,
                "Ihre Zeit: 5 00. Die Uhr steht.",
                "Ihre Zeit 5:00, Uhr steht",
            ),
            (
                &stopped,
                ClockForm::Short,
                "Sie 4 56, Gegner 5 00. Die Uhr steht.",
                "Sie 4:56, Gegner 5:00, Uhr steht",
            ),
            (
                &running,
                ClockForm::Short,
                "Sie 4 50, Gegner 5 00.",
                "Sie 4:50, Gegner 5:00",
            ),
            (
                &running,
                ClockForm::Own,
                "Ihre Zeit: 4 50.",
                "Ihre Zeit 4:50",
            ),
            (
                &never,
                ClockForm::Moves,
                "Züge: Sie 0, Gegner 0.",
                "Züge: Sie 0, Gegner 0.",
            ),
        ];
        for (clock, form, said, shown) in cases {
            let live = LiveClock {
                clock: clock.clone(),
                asker: Some(Color::White),
                form,
            };
            let msg = live_message(&live, &de, at);
            assert_eq!(de.speech(&msg), said, "{form:?}");
            assert_eq!(de.braille(&msg), shown, "{form:?}");
        }
    }

    #[test]
    fn a_live_answer_rendered_later_says_the_later_time() {
        let de = Phrases::load(Language::De).expect("de");
        let live = LiveClock {
            clock: clock_at(300, 300),
            asker: Some(Color::White),
            form: ClockForm::Own,
        };
        let early = render_live(&live, &de, Timestamp::from_millis(1_000));
        let late = render_live(&live, &de, Timestamp::from_millis(2_500));
        assert_eq!(early, "Ihre Zeit: 4 59.");
        assert_eq!(late, "Ihre Zeit: 4 57.");
    }
}
