//! What a resumed game tells, in the order a player at the board needs it, in about 8 s of
//! speech (issue 22, measured by `ansage-bench resume`): the game is back, where it stands
//! and whose move it is, that both clocks stand and what they show, anything still
//! pending, and how the game goes on; and the reports around a resume (a damaged journal,
//! a replay that differs). The journal's record format ([`crate::core::journal`]) holds
//! none of these words: they are told here, through the session's renderer
//! ([`Session::announce`]).

use shakmaty::{Color, Position as _};

use crate::core::durations::clock_reading;
use crate::core::journal::{Damage, Mismatch};
use crate::core::output::{Audience, Braille, BrailleKind, Output, Priority};
use crate::core::phrases::{Message, Phrases};
use crate::core::questions::short_duration;
use crate::core::session::Session;
use crate::core::time::Timestamp;

/// The last made move as the scoresheet shows it in the session's language
/// ("12. Sf3", "12... Sf6"), or `None` before the first.
pub fn last_move_text(session: &Session) -> Option<String> {
    let ply = session.history().last()?;
    let dots = if ply.made.side.is_white() { "." } else { "..." };
    Some(format!("{}{dots} {}", ply.made.number, ply.san_local))
}

/// `msg` with where the game stands: `moves` (half-moves made), `last` (the last move as
/// the scoresheet shows it), `number` and `side` (the last move's number and side: moves
/// counted as moves, FIDE Laws D.2.5.c), `next` (the number of the move to come) and
/// `turn` (the side to move).
fn kept(msg: Message, session: &Session) -> Message {
    let vocabulary = session.vocabulary();
    let (number, side) = session
        .history()
        .last()
        .map(|ply| (ply.made.number, ply.made.side))
        .unwrap_or((0, Color::White));
    let turn = session.position().turn();
    let next = session.position().fullmoves().get();
    msg.arg("moves", session.history().len())
        .arg("last", last_move_text(session).unwrap_or_default())
        .arg("number", number)
        .arg("side", vocabulary.color_name(side))
        .arg("next", next)
        .arg("turn", vocabulary.color_name(turn))
}

/// The report of a damaged journal, in the session's language: where the damage starts,
/// what is wrong there, how many bytes were dropped, and what was kept ("Journal
/// beschädigt ab Byte 1234 (Eintrag 57, Prüfsumme stimmt nicht): 312 Bytes verworfen;
/// erhalten: bis Zug 12 von Weiß.").
pub fn damage_message(phrases: &Phrases, damage: &Damage, session: &Session) -> Message {
    let reason = phrases.speech(&Message::new(damage.kind.message_id()));
    kept(
        Message::new("journal-damaged")
            .arg("offset", damage.offset)
            .arg("record", damage.record)
            .arg("dropped", damage.dropped)
            .arg("reason", reason),
        session,
    )
}

/// What a resume says first: where the game stands and whose move it is, in one sentence
/// ("Fortgesetzt bei Zug 4, Weiß am Zug.": moves counted as moves, FIDE Laws D.2.5.c, not
/// half-moves), the display its notation ("Fortgesetzt: 3... a6, Weiß am Zug"); a game
/// that is over says after which move ("Fortgesetzt nach Zug 3 von Schwarz.").
pub fn resumed_message(session: &Session) -> Message {
    let id = if session.result().is_some() {
        "journal-resumed-over"
    } else {
        "journal-resumed"
    };
    kept(Message::new(id), session)
}

/// Both clocks as they were restored, for the resume's announcement (the clock stays
/// stopped until the arbiter starts it, FIDE Laws 6.12.c), said briefly as the time answer
/// says them (whole minutes from ten up, the unit said once when both are; the exact
/// reading in Braille and on request).
/// `None` without a clock.
pub fn clocks_message(session: &Session, at: Timestamp) -> Option<Message> {
    let clock = session.clock()?;
    let white = clock.remaining(Color::White, at);
    let black = clock.remaining(Color::Black, at);
    let phrases = session.phrases();
    // Both in whole minutes (ten up to an hour, as the time answer says them): the unit
    // once, after both ("Weiß 14, Schwarz 15 Minuten"), to keep the summary short.
    let minutes = |d: std::time::Duration| {
        (600..3600)
            .contains(&d.as_secs())
            .then_some(d.as_secs() / 60)
    };
    let msg = match (minutes(white), minutes(black)) {
        (Some(w), Some(b)) => Message::new("journal-clocks-minutes")
            .arg("white", w)
            .arg("black", b),
        _ => Message::new("journal-clocks")
            .arg("white", short_duration(phrases, white))
            .arg("black", short_duration(phrases, black)),
    };
    Some(
        msg.arg("white-clock", clock_reading(white))
            .arg("black-clock", clock_reading(black)),
    )
}

/// A check record the replay did not confirm, for the arbiter.
pub fn mismatch_message(mismatch: &Mismatch) -> Message {
    Message::new("journal-mismatch")
        .arg("expected", mismatch.expected.clone())
        .arg("got", mismatch.got.clone().unwrap_or_else(|| "-".into()))
}

/// What a resumed game tells ([`resume_announcement`]).
#[derive(Clone, Debug, Default)]
pub struct ResumeAnnouncement {
    /// What is said and shown at once, in order (the station's "ready" follows it).
    pub told: Vec<Output>,
    /// The Braille display's line after the station's "ready" (FIDE Laws D.2.6): where
    /// the game stands with what is pending ("Fortgesetzt: 1... e5, Weiß am Zug. Sf3?
    /// Weiß bietet Remis an."), to all, or to each listener when a pending item is one
    /// listener's (an echo waiting for "ja").
    pub top: Vec<Output>,
}

/// The announcement of a game resumed from its journal at `at`, said in this order (docs/
/// user-guide.md, "Resuming after a crash"):
///
/// 1. the game is back, where it stands and whose move it is ("Fortgesetzt bei Zug 4, Weiß
///    am Zug.": moves counted as moves, not half-moves), or after which move it ended and
///    that it is over;
/// 2. that the clocks stand and both clocks, as the time answer says them (FIDE Laws
///    6.12.c: the arbiter stopped them);
/// 3. what the station was waiting for ([`Session::pending_prompt`]: an echo awaiting
///    "ja", the "Welcher …?" question, a resignation, a draw offer, an adjournment);
/// 4. with an arbiter, that he starts the clock; else how to start it is on the display
///    only (not while the game is over or adjourned with a sealed move: the arbiter's
///    resumption says that).
///
/// Every part is said at [`Priority::Info`], the pending echo too, and so must the
/// station's "ready" after it ([`ResumeAnnouncement::told`] ends before it): one priority,
/// so the speech order is the order told (the order of speech sorts by priority first),
/// none is cut short or dropped by the next one, an answer waits behind them, and a move
/// announced or confirmed cuts them short (the player's words come first). The display
/// shows the clocks and how to go on, and after "ready" the summary with what is pending
/// ([`ResumeAnnouncement::top`]), so that its top line says where the game stands.
pub fn resume_announcement(session: &mut Session, at: Timestamp) -> ResumeAnnouncement {
    let mut told = Vec::new();
    let mut shown = Vec::new();
    let said =
        |session: &Session, msg: &Message| session.announce(Audience::All, Priority::Info, msg);
    let [summary, braille] = said(session, &resumed_message(session));
    told.push(summary);
    shown.push((Audience::All, braille));
    if session.result().is_some() {
        let [over, braille] = said(session, &Message::new("journal-over"));
        told.push(over);
        shown.push((Audience::All, braille));
    }
    // A review interrupted goes on at the point reached: the journal replayed its steps.
    if let Some(point) = session.review_point() {
        let [intro, braille] = said(session, &Message::new("journal-review"));
        told.push(intro);
        shown.push((Audience::All, braille));
        let [said_point, braille] = said(session, &point);
        told.push(said_point);
        shown.push((Audience::All, braille));
    }
    if let Some(clocks) = clocks_message(session, at) {
        told.extend(said(session, &clocks));
    }
    for output in session.pending_prompt() {
        match output {
            Output::Say(mut s) => {
                s.priority = Priority::Info;
                told.push(Output::Say(s));
            }
            Output::Braille(b) => shown.push((b.to, Output::Braille(b))),
            other => told.push(other),
        }
    }
    if session.result().is_none() && session.clock().is_some() && !session.adjourned() {
        // FIDE Laws 6.5, 6.11.c: who restarts the clock, as the settings say. The players
        // heard that the clock stands (the clocks' sentence): how to start it is left to
        // the display and to help, to keep the summary short (issue 22).
        if session.setup().arbiter {
            told.extend(said(session, &Message::new("journal-restart")));
        } else {
            let [_, braille] = said(session, &Message::new("journal-restart-players"));
            told.push(braille);
        }
    }
    ResumeAnnouncement {
        told,
        top: top_lines(&shown),
    }
}

/// The display's top line after a resume: the summary's and the pending items' Braille
/// texts, each a sentence, as one line to all, or one to each listener when an item is
/// one listener's.
fn top_lines(shown: &[(Audience, Output)]) -> Vec<Output> {
    let line = |to: Audience| {
        let texts: Vec<&str> = shown
            .iter()
            .filter(|(a, _)| *a == Audience::All || *a == to)
            .filter_map(|(_, o)| match o {
                Output::Braille(b) => Some(b.text.as_str()),
                _ => None,
            })
            .collect();
        Output::Braille(Braille {
            text: sentences(&texts),
            to,
            kind: BrailleKind::Message,
        })
    };
    if shown.iter().all(|(a, _)| *a == Audience::All) {
        return vec![line(Audience::All)];
    }
    [Audience::White, Audience::Black, Audience::Arbiter]
        .into_iter()
        .map(line)
        .collect()
}

/// Texts joined as sentences: each but the last ends with a full stop unless it ends with
/// one already (or a question or exclamation mark).
fn sentences(texts: &[&str]) -> String {
    let mut out = String::new();
    for (i, text) in texts.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(text);
        let last = i + 1 == texts.len();
        if !last && !text.ends_with(['.', '?', '!']) {
            out.push('.');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::output::Output;
    use crate::core::script::{parse, run};

    /// What the resume says (speech only) after `script`, at its last instant.
    fn said_after(script: &str, at: u64) -> Vec<String> {
        let mut session = run(&parse(script).unwrap()).unwrap().session;
        resume_announcement(&mut session, Timestamp::from_millis(at))
            .told
            .into_iter()
            .filter_map(|o| match o {
                Output::Say(s) => Some(format!("{}: {}", s.to.name(), s.text)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn each_state_a_game_can_stop_in_is_told() {
        let cases: [(&str, &str, u64, &[&str]); 5] = [
            (
                "no clock: the turn, nothing about clocks",
                "@0 arbiter setup vi=white lang=de\n@1 white type e2e4\n@2 white key confirm\n",
                2000,
                &["all: Fortgesetzt bei Zug 1, Schwarz am Zug."],
            ),
            (
                "a resignation waiting for its confirmation",
                "@0 arbiter setup tc=300 vi=white lang=en\n@0 arbiter key start\n@1 white type resign\n",
                1000,
                &[
                    "all: Resumed at move 1, White to move.",
                    "all: Clock stopped: White 4 59, Black 5 00.",
                    "white: Really resign? Confirm with yes.",
                ],
            ),
            (
                "an adjournment waiting for the sealed move, with an arbiter",
                "@0 arbiter setup tc=600 vi=white lang=de arbiter=on\n@0 arbiter key start\n@5 arbiter type Partie abbrechen\n",
                5000,
                &[
                    "all: Fortgesetzt bei Zug 1, Weiß am Zug.",
                    "all: Uhr steht: Weiß 9 55, Schwarz 10 Minuten.",
                    "all: Abbruch: Weiß versiegelt den nächsten Zug.",
                    "all: Weiter, wenn der Schiedsrichter die Uhr startet.",
                ],
            ),
            (
                "a sealed move: it goes on when the arbiter resumes, not with the clock",
                "@0 arbiter setup tc=600 vi=white lang=de\n@0 arbiter key start\n@5 arbiter type Partie abbrechen\n@8 white type e2e4\n@9 white key confirm\n",
                9000,
                &[
                    "all: Fortgesetzt bei Zug 1, Weiß am Zug.",
                    "all: Uhr steht: Weiß 9 51, Schwarz 10 Minuten.",
                    "all: Die Partie ist abgebrochen; sie geht weiter, wenn der Schiedsrichter fortsetzt.",
                ],
            ),
            (
                "a game that is over: said so, no restart",
                "@0 arbiter setup tc=300 vi=white lang=es\n@0 arbiter key start\n@1 white type abandono\n@2 white key confirm\n",
                2000,
                &[
                    "all: Reanudada, sin jugadas.",
                    "all: La partida ha terminado.",
                    "all: Reloj parado: blancas 4 58, negras 5 00.",
                ],
            ),
        ];
        for (what, script, at, expected) in cases {
            assert_eq!(said_after(script, at), expected, "{what}");
        }
    }

    /// Issue 22: after six half-moves the summary says "Zug 4, Weiß am Zug" (moves counted
    /// as moves), that the clock stands and the clocks briefly, and is short (the spoken
    /// length is measured with espeak-ng by `ansage-bench resume`); how to start the clock
    /// is on the display.
    #[test]
    fn the_summary_counts_moves_as_moves_and_is_short() {
        let game = "@0 arbiter key start\n@1 white type e2e4\n@2 white key confirm\n@3 black type e7e5\n@4 white type g1f3\n@5 white key confirm\n@6 black type b8c6\n@7 white type f1b5\n@8 white key confirm\n@9 black type a7a6\n";
        let cases: [(&str, &[&str]); 2] = [
            (
                "de",
                &[
                    "all: Fortgesetzt bei Zug 4, Weiß am Zug.",
                    "all: Uhr steht: Weiß 14, Schwarz 14 Minuten.",
                ],
            ),
            (
                "en",
                &[
                    "all: Resumed at move 4, White to move.",
                    "all: Clock stopped: White 14, Black 14 minutes.",
                ],
            ),
        ];
        for (lang, expected) in cases {
            let script = format!("@0 arbiter setup tc=900 vi=white lang={lang}\n{game}");
            let said = said_after(&script, 60_000);
            assert_eq!(said, expected, "{lang}");
            let chars: usize = said.iter().map(|s| s.len() - "all: ".len()).sum();
            assert!(chars < 90, "{lang}: {chars} characters");
        }
        // The display shows the clocks and how to go on (the players start the clock),
        // and after "ready" the summary as its top line.
        let script = format!("@0 arbiter setup tc=900 vi=white lang=de\n{game}");
        let mut session = run(&parse(&script).unwrap()).unwrap().session;
        let told = resume_announcement(&mut session, Timestamp::from_millis(60_000));
        assert_eq!(
            braille(&told.told),
            ["all: Uhr steht W14:03 S14:57", "all: Weiter: Uhr starten"]
        );
        assert_eq!(
            braille(&told.top),
            ["all: Fortgesetzt: 3... a6, Weiß am Zug"]
        );
    }

    /// The Braille texts of `outputs`, each with its listener.
    fn braille(outputs: &[Output]) -> Vec<String> {
        outputs
            .iter()
            .filter_map(|o| match o {
                Output::Braille(b) => Some(format!("{}: {}", b.to.name(), b.text)),
                _ => None,
            })
            .collect()
    }

    /// The display's top line after a resume is the summary with what is pending: to all
    /// when everything pending is everyone's, else to each listener with what is theirs
    /// (the echo waiting for White's "ja" on White's display only).
    #[test]
    fn the_top_line_is_the_summary_with_what_is_pending() {
        let cases: [(&str, &str, &[&str]); 3] = [
            (
                "nothing pending",
                "@0 arbiter setup tc=600 vi=white lang=de\n@0 arbiter key start\n",
                &["all: Fortgesetzt: kein Zug, Weiß am Zug"],
            ),
            (
                "a draw offer, everyone's",
                "@0 arbiter setup tc=600 vi=white lang=en\n@0 arbiter key start\n@1 white type e2e4\n@2 white key confirm\n@3 black type draw\n",
                &["all: Resumed: 1. e4, Black to move. Black offers a draw."],
            ),
            (
                "an echo waiting for White's yes, and a draw offer",
                "@0 arbiter setup tc=600 vi=white lang=de\n@0 arbiter key start\n@1 white type Remis\n@2 white type e2e4\n",
                &[
                    "white: Fortgesetzt: kein Zug, Weiß am Zug. e4? Weiß bietet Remis an.",
                    "black: Fortgesetzt: kein Zug, Weiß am Zug. Weiß bietet Remis an.",
                    "arbiter: Fortgesetzt: kein Zug, Weiß am Zug. Weiß bietet Remis an.",
                ],
            ),
        ];
        for (what, script, expected) in cases {
            let mut session = run(&parse(script).unwrap()).unwrap().session;
            let told = resume_announcement(&mut session, Timestamp::from_millis(5_000));
            assert_eq!(braille(&told.top), expected, "{what}");
            let said: Vec<Priority> = told
                .told
                .iter()
                .filter_map(|o| match o {
                    Output::Say(s) => Some(s.priority),
                    _ => None,
                })
                .collect();
            assert!(
                said.iter().all(|p| *p == Priority::Info),
                "{what}: {said:?}"
            );
        }
    }
}
