use std::time::Duration;

use super::*;
use crate::core::lang::Language;

fn u(text: &str, priority: Priority) -> Utterance {
    Utterance {
        text: text.into(),
        lang: Language::De,
        priority,
        to: Audience::White,
        handed: None,
        expires: None,
        live: None,
        reply_to: None,
        ply: 0,
    }
}

/// A compact trace: `say X`, `cancel`, `drop X (reason)`.
fn trace(actions: &[Action]) -> Vec<String> {
    actions
        .iter()
        .map(|a| match a {
            Action::Cancel => "cancel".to_owned(),
            Action::Speak(u) => format!("say {}", u.text),
            Action::Drop(u, r) => format!("drop {} ({r:?})", u.text),
        })
        .collect()
}

/// An utterance to someone else than white.
fn to(text: &str, priority: Priority, to: Audience) -> Utterance {
    Utterance {
        to,
        ..u(text, priority)
    }
}

enum Step {
    /// News (no input of the listener's it replies to).
    Push(&'static str, Priority, u64),
    /// A reply to white's input number `.2`, at `.3`.
    Reply(&'static str, Priority, u64, u64),
    /// A reply to black's input number `.2`, at `.3`.
    ReplyBlack(&'static str, Priority, u64, u64),
    /// A reply to white's input `.2`, handed over at `.3` with the others of that instant
    /// (one step).
    Together(&'static str, Priority, u64, u64),
    /// Pushed at the first instant, not to be started after the second.
    PushBy(&'static str, Priority, u64, u64),
    /// News said when the game had `.2` half-moves, at `.3`.
    PushAfter(&'static str, Priority, usize, u64),
    /// A reply to white's input `.2`, said when the game had `.3` half-moves, at `.4`.
    ReplyAfter(&'static str, Priority, u64, usize, u64),
    End(u64),
    Stop,
}
use Step::*;

/// (case, steps with millisecond instants, the expected trace)
type Case = (&'static str, Vec<Step>, Vec<&'static str>);

fn run(cases: Vec<Case>) {
    for (case, steps, want) in cases {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let reply = |mut u: Utterance, input: u64| {
            u.reply_to = Some(input);
            u
        };
        let mut s = Scheduler::new();
        let mut got = Vec::new();
        for step in steps {
            let actions = match step {
                Push(text, p, ms) => s.push(u(text, p), at(ms)),
                Reply(text, p, input, ms) => s.push(reply(u(text, p), input), at(ms)),
                ReplyBlack(text, p, input, ms) => {
                    s.push(reply(to(text, p, Audience::Black), input), at(ms))
                }
                Together(text, p, input, ms) => {
                    let mut utterance = reply(u(text, p), input);
                    utterance.handed = Some(at(ms));
                    s.push(utterance, at(ms))
                }
                PushBy(text, p, ms, by) => {
                    let mut utterance = u(text, p);
                    utterance.expires = Some(at(by));
                    s.push(utterance, at(ms))
                }
                PushAfter(text, p, ply, ms) => {
                    let mut utterance = u(text, p);
                    utterance.ply = ply;
                    s.push(utterance, at(ms))
                }
                ReplyAfter(text, p, input, ply, ms) => {
                    let mut utterance = reply(u(text, p), input);
                    utterance.ply = ply;
                    s.push(utterance, at(ms))
                }
                End(ms) => s.ended(at(ms)),
                Stop => s.stop(),
            };
            got.extend(trace(&actions));
        }
        assert_eq!(got, want, "{case}");
    }
}

#[test]
fn newest_input_first() {
    use Priority::*;
    run(vec![
        (
            "a new announcement cuts the message about the last one, at move priority",
            vec![
                Reply("Unmöglicher Zug: Springer Eva fünf", Move, 1, 0),
                Reply("Springer Felix drei?", Move, 2, 1000),
            ],
            vec![
                "say Unmöglicher Zug: Springer Eva fünf",
                "cancel",
                "drop Unmöglicher Zug: Springer Eva fünf (Stale)",
                "say Springer Felix drei?",
            ],
        ),
        (
            "nein drops the echo it cancels that still waits: it is never said",
            vec![
                Push("Eva fünf.", Move, 0),
                Reply("Springer Felix drei?", Move, 1, 100),
                Reply("Zurückgenommen", Move, 2, 200),
                End(900),
            ],
            vec![
                "say Eva fünf.",
                "drop Springer Felix drei? (Stale)",
                "say Zurückgenommen",
            ],
        ),
        (
            "every older reply goes, the parts of the newest stay together",
            vec![
                Together("Hilfe, Teil 1", Answer, 1, 0),
                Together("Hilfe, Teil 2", Answer, 1, 0),
                Together("Eva vier?", Move, 2, 500),
                End(1400),
            ],
            vec![
                "say Hilfe, Teil 1",
                "drop Hilfe, Teil 2 (Stale)",
                "cancel",
                "drop Hilfe, Teil 1 (Stale)",
                "say Eva vier?",
            ],
        ),
        (
            "a reply cuts news below move priority, which is said again, whole, after it",
            vec![
                Push("Zurückgenommen bis 1… Eva fünf.", Info, 0),
                Reply("Springer Felix drei?", Move, 1, 500),
                End(2000),
            ],
            vec![
                "say Zurückgenommen bis 1… Eva fünf.",
                "cancel",
                "drop Zurückgenommen bis 1… Eva fünf. (Deferred)",
                "say Springer Felix drei?",
                "say Zurückgenommen bis 1… Eva fünf.",
            ],
        ),
        (
            "news at move priority goes first; a reply goes before informational news",
            vec![
                Push("Eva fünf.", Move, 0),
                Push("Der Schiedsrichter hat 2 Minuten gegeben.", Answer, 5),
                Push("Schwarz bietet Remis an.", Move, 10),
                Reply("Sie: 14 Minuten", Answer, 1, 100),
                End(900),
                End(2000),
                End(3500),
            ],
            vec![
                "say Eva fünf.",
                "say Schwarz bietet Remis an.",
                "say Sie: 14 Minuten",
                "say Der Schiedsrichter hat 2 Minuten gegeben.",
            ],
        ),
        (
            "news talked over twice is not put back a second time",
            vec![
                Push("Die Uhr läuft. Weiß ist am Zug.", Answer, 0),
                Reply("Eva vier?", Move, 1, 2000),
                End(2900),
                Reply("Zug 1.", Move, 2, 3000),
                End(3900),
            ],
            vec![
                "say Die Uhr läuft. Weiß ist am Zug.",
                "cancel",
                "drop Die Uhr läuft. Weiß ist am Zug. (Deferred)",
                "say Eva vier?",
                "say Die Uhr läuft. Weiß ist am Zug.",
                "cancel",
                "drop Die Uhr läuft. Weiß ist am Zug. (Interrupted)",
                "say Zug 1.",
            ],
        ),
        (
            "news put back is not said again once a move was made after it",
            vec![
                PushAfter(
                    "Zurückgenommen bis 1… Eva fünf. Weiß ist am Zug.",
                    Info,
                    2,
                    0,
                ),
                ReplyAfter("Springer Felix drei?", Move, 1, 2, 500),
                ReplyAfter("Zug 2.", Move, 2, 3, 1000),
                End(2000),
            ],
            vec![
                "say Zurückgenommen bis 1… Eva fünf. Weiß ist am Zug.",
                "cancel",
                "drop Zurückgenommen bis 1… Eva fünf. Weiß ist am Zug. (Deferred)",
                "say Springer Felix drei?",
                "drop Zurückgenommen bis 1… Eva fünf. Weiß ist am Zug. (Obsolete)",
                "cancel",
                "drop Springer Felix drei? (Stale)",
                "say Zug 2.",
            ],
        ),
        (
            "news cut by what a later move brings is not put back",
            vec![
                PushAfter("Zurückgenommen bis 1… Eva fünf.", Info, 2, 0),
                PushAfter("Springer Felix drei.", Move, 3, 500),
                End(2000),
            ],
            vec![
                "say Zurückgenommen bis 1… Eva fünf.",
                "cancel",
                "drop Zurückgenommen bis 1… Eva fünf. (Obsolete)",
                "say Springer Felix drei.",
            ],
        ),
        (
            "news put back keeps its place before later news",
            vec![
                Push("Der Schiedsrichter hat die Uhr angehalten.", Info, 0),
                Push("Zurückgenommen.", Info, 10),
                Reply("Zeit?", Answer, 1, 500),
                End(1500),
                End(4000),
            ],
            vec![
                "say Der Schiedsrichter hat die Uhr angehalten.",
                "cancel",
                "drop Der Schiedsrichter hat die Uhr angehalten. (Deferred)",
                "say Zeit?",
                "say Der Schiedsrichter hat die Uhr angehalten.",
                "say Zurückgenommen.",
            ],
        ),
        (
            "one listener's input makes no reply to another stale",
            vec![
                Reply("Welcher Springer?", Move, 1, 0),
                ReplyBlack("Weiß ist am Zug.", Answer, 2, 100),
                End(1000),
            ],
            vec!["say Welcher Springer?", "say Weiß ist am Zug."],
        ),
        (
            "an urgent announcement is not stale, and goes before a reply",
            vec![
                Push("Zeit abgelaufen", Urgent, 0),
                Reply("Eva vier?", Move, 1, 100),
                End(900),
            ],
            vec!["say Zeit abgelaufen", "say Eva vier?"],
        ),
    ]);
}

#[test]
fn order_interruption_and_dropping() {
    use Priority::*;
    run(vec![
        (
            "a move interrupts a reminder",
            vec![
                Push("noch 5 Minuten", Reminder, 0),
                Push("Springer f3", Move, 100),
            ],
            vec![
                "say noch 5 Minuten",
                "cancel",
                "drop noch 5 Minuten (Interrupted)",
                "say Springer f3",
            ],
        ),
        (
            "a flag interrupts a move, which is said again after it",
            vec![
                Push("Springer f3", Move, 0),
                Push("Zeit abgelaufen", Urgent, 100),
                End(900),
            ],
            vec![
                "say Springer f3",
                "cancel",
                "drop Springer f3 (Deferred)",
                "say Zeit abgelaufen",
                "say Springer f3",
            ],
        ),
        (
            "a move does not interrupt a move: it waits, in order",
            vec![Push("e4", Move, 0), Push("e5", Move, 100), End(900)],
            vec!["say e4", "say e5"],
        ),
        (
            "an answer does not cut a move short, and waits",
            vec![
                Push("e4", Move, 0),
                Reply("Weiß am Zug", Answer, 1, 10),
                End(800),
            ],
            vec!["say e4", "say Weiß am Zug"],
        ),
        (
            "a move cuts an answer short, which is not said again",
            vec![
                Reply("Stellung: Weiß König Eva eins", Answer, 1, 0),
                Push("Eva fünf.", Move, 500),
                End(1400),
            ],
            vec![
                "say Stellung: Weiß König Eva eins",
                "cancel",
                "drop Stellung: Weiß König Eva eins (Interrupted)",
                "say Eva fünf.",
            ],
        ),
        (
            "newest wins: a new answer cuts the older answer short",
            vec![
                Reply("Hilfe: sagen Sie Ihren Zug", Answer, 1, 0),
                Reply("Sie: 14 Minuten", Answer, 2, 3000),
                End(4000),
            ],
            vec![
                "say Hilfe: sagen Sie Ihren Zug",
                "cancel",
                "drop Hilfe: sagen Sie Ihren Zug (Stale)",
                "say Sie: 14 Minuten",
            ],
        ),
        (
            "newest wins: waiting answers and reminders to the listener are dropped",
            vec![
                Push("e4", Move, 0),
                Reply("Stellung", Answer, 1, 100),
                Push("noch 5 Minuten", Reminder, 200),
                Reply("letzter Zug", Answer, 2, 300),
                End(900),
            ],
            vec![
                "say e4",
                "drop Stellung (Stale)",
                "drop noch 5 Minuten (Superseded)",
                "say letzter Zug",
            ],
        ),
        (
            "news at answer level is not superseded by a newer answer",
            vec![
                Push("e4", Move, 0),
                Push("Schwarz hat das Remis abgelehnt.", Answer, 100),
                Reply("Sie: 14 Minuten", Answer, 1, 200),
                End(900),
                End(2000),
            ],
            vec![
                "say e4",
                "say Sie: 14 Minuten",
                "say Schwarz hat das Remis abgelehnt.",
            ],
        ),
        (
            "the parts of one answer are said in turn; the next question makes them stale",
            vec![
                Together("Weiß: 14 Minuten", Answer, 1, 0),
                Together("Schwarz: 13 Minuten", Answer, 1, 0),
                End(1500),
                Together("Weiß: 13 Minuten", Answer, 2, 2000),
                Together("Schwarz: 13 Minuten", Answer, 2, 2000),
            ],
            vec![
                "say Weiß: 14 Minuten",
                "say Schwarz: 13 Minuten",
                "cancel",
                "drop Schwarz: 13 Minuten (Stale)",
                "say Weiß: 13 Minuten",
            ],
        ),
        (
            "an answer to another listener does not supersede",
            vec![
                Push("e4", Move, 0),
                Reply("Antwort an Weiß", Answer, 1, 100),
                ReplyBlack("Antwort an Schwarz", Answer, 2, 200),
                End(900),
                End(2000),
            ],
            vec!["say e4", "say Antwort an Weiß", "say Antwort an Schwarz"],
        ),
        (
            "a waiting reminder is not dropped by a move: it waits while it is in time",
            vec![
                Reply("Antwort", Answer, 1, 0),
                Push("40 Züge gespielt", Reminder, 100),
                Push("e4", Move, 200),
                End(1200),
            ],
            vec![
                "say Antwort",
                "cancel",
                "drop Antwort (Interrupted)",
                "say e4",
                "say 40 Züge gespielt",
            ],
        ),
        (
            "an answer interrupts a reminder; a later reminder waits",
            vec![
                Push("noch 5 Minuten", Reminder, 0),
                Reply("Antwort", Answer, 1, 100),
                Push("noch 4 Minuten", Reminder, 200),
                End(900),
            ],
            vec![
                "say noch 5 Minuten",
                "cancel",
                "drop noch 5 Minuten (Superseded)",
                "say Antwort",
                "say noch 4 Minuten",
            ],
        ),
        (
            "a newer reminder replaces an older one, playing or waiting",
            vec![
                Push("e4", Move, 0),
                Push("noch 9", Reminder, 100),
                Push("noch 8", Reminder, 600),
                End(700),
                Push("noch 7", Reminder, 800),
            ],
            vec![
                "say e4",
                "drop noch 9 (Superseded)",
                "say noch 8",
                "cancel",
                "drop noch 8 (Superseded)",
                "say noch 7",
            ],
        ),
        (
            "nothing is dropped for its age; moves go before the player's question",
            vec![
                Push("e4", Move, 0),
                Push("e5", Move, 0),
                Reply("Zeit?", Answer, 1, 0),
                Push("noch 1 Minute", Reminder, 0),
                End(60_000),
                End(120_000),
                End(180_000),
            ],
            vec!["say e4", "say e5", "say Zeit?", "say noch 1 Minute"],
        ),
        (
            "the most urgent waiting one goes first, then the move it cut, then the answer",
            vec![
                Push("e4", Move, 0),
                Reply("Antwort", Answer, 1, 10),
                Push("Zeit abgelaufen", Urgent, 20),
                End(500),
                End(900),
            ],
            vec![
                "say e4",
                "cancel",
                "drop e4 (Deferred)",
                "say Zeit abgelaufen",
                "say e4",
                "say Antwort",
            ],
        ),
        (
            "what the session said to start by a deadline is dropped when its turn comes later",
            vec![
                Push("e4", Move, 0),
                PushBy("neun", Reminder, 100, 1300),
                End(1400),
                PushBy("acht", Reminder, 2000, 2300),
            ],
            vec!["say e4", "drop neun (Late)", "say acht"],
        ),
        (
            "an expiry in time is no drop",
            vec![
                Push("e4", Move, 0),
                PushBy("neun", Reminder, 100, 1300),
                End(1300),
            ],
            vec!["say e4", "say neun"],
        ),
        (
            "stop cancels and forgets",
            vec![
                Push("e4", Move, 0),
                Reply("Antwort", Answer, 1, 10),
                Stop,
                End(50),
            ],
            vec![
                "say e4",
                "cancel",
                "drop e4 (Stopped)",
                "drop Antwort (Stopped)",
            ],
        ),
    ]);
}
