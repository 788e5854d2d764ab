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
    Push(&'static str, Priority, u64),
    /// To black.
    PushBlack(&'static str, Priority, u64),
    /// Handed over at that instant with the others of that instant (one step).
    Together(&'static str, Priority, u64),
    /// Pushed at the first instant, not to be started after the second.
    PushBy(&'static str, Priority, u64, u64),
    End(u64),
    Stop,
}
use Step::*;

#[test]
fn order_interruption_and_dropping() {
    use Priority::*;
    // (case, steps with millisecond instants, the expected trace)
    let cases: Vec<(&str, Vec<Step>, Vec<&str>)> = vec![
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
            "a flag interrupts a move",
            vec![
                Push("Springer f3", Move, 0),
                Push("Zeit abgelaufen", Urgent, 100),
            ],
            vec![
                "say Springer f3",
                "cancel",
                "drop Springer f3 (Interrupted)",
                "say Zeit abgelaufen",
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
                Push("Weiß am Zug", Answer, 10),
                End(800),
            ],
            vec!["say e4", "say Weiß am Zug"],
        ),
        (
            "newest wins: a new answer cuts the older answer short",
            vec![
                Push("Hilfe: sagen Sie Ihren Zug", Answer, 0),
                Push("Sie: 14 Minuten", Answer, 3000),
                End(4000),
            ],
            vec![
                "say Hilfe: sagen Sie Ihren Zug",
                "cancel",
                "drop Hilfe: sagen Sie Ihren Zug (Superseded)",
                "say Sie: 14 Minuten",
            ],
        ),
        (
            "newest wins: waiting answers and reminders to the listener are dropped",
            vec![
                Push("e4", Move, 0),
                Push("Stellung", Answer, 100),
                Push("noch 5 Minuten", Reminder, 200),
                Push("letzter Zug", Answer, 300),
                End(900),
            ],
            vec![
                "say e4",
                "drop Stellung (Superseded)",
                "drop noch 5 Minuten (Superseded)",
                "say letzter Zug",
            ],
        ),
        (
            "the parts of one answer are said in turn; the next question supersedes them",
            vec![
                Together("Weiß: 14 Minuten", Answer, 0),
                Together("Schwarz: 13 Minuten", Answer, 0),
                End(1500),
                Together("Weiß: 13 Minuten", Answer, 2000),
                Together("Schwarz: 13 Minuten", Answer, 2000),
            ],
            vec![
                "say Weiß: 14 Minuten",
                "say Schwarz: 13 Minuten",
                "cancel",
                "drop Schwarz: 13 Minuten (Superseded)",
                "say Weiß: 13 Minuten",
            ],
        ),
        (
            "an answer to another listener does not supersede",
            vec![
                Push("e4", Move, 0),
                Push("Antwort an Weiß", Answer, 100),
                PushBlack("Antwort an Schwarz", Answer, 200),
                End(900),
                End(2000),
            ],
            vec!["say e4", "say Antwort an Weiß", "say Antwort an Schwarz"],
        ),
        (
            "a waiting reminder is not dropped by a move: it waits while it is in time",
            vec![
                Push("Antwort", Answer, 0),
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
                Push("Antwort", Answer, 100),
                Push("noch 4 Minuten", Reminder, 200),
                End(900),
            ],
            vec![
                "say noch 5 Minuten",
                "cancel",
                "drop noch 5 Minuten (Interrupted)",
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
            "nothing is dropped for its age",
            vec![
                Push("e4", Move, 0),
                Push("e5", Move, 0),
                Push("Zeit?", Answer, 0),
                Push("noch 1 Minute", Reminder, 0),
                End(60_000),
                End(120_000),
                End(180_000),
            ],
            vec!["say e4", "say e5", "say Zeit?", "say noch 1 Minute"],
        ),
        (
            "the most urgent waiting one goes first",
            vec![
                Push("e4", Move, 0),
                Push("Antwort", Answer, 10),
                Push("Zeit abgelaufen", Urgent, 20),
                End(500),
                End(900),
            ],
            vec![
                "say e4",
                "cancel",
                "drop e4 (Interrupted)",
                "say Zeit abgelaufen",
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
                Push("Antwort", Answer, 10),
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
    ];
    for (case, steps, want) in cases {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let mut s = Scheduler::new();
        let mut got = Vec::new();
        for step in steps {
            let actions = match step {
                Push(text, p, ms) => s.push(u(text, p), at(ms)),
                PushBlack(text, p, ms) => s.push(to(text, p, Audience::Black), at(ms)),
                Together(text, p, ms) => {
                    let mut utterance = u(text, p);
                    utterance.handed = Some(at(ms));
                    s.push(utterance, at(ms))
                }
                PushBy(text, p, ms, by) => {
                    let mut utterance = u(text, p);
                    utterance.expires = Some(at(by));
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
