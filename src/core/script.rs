//! Timed scripts and transcripts: the contract for tests, bug reports and arbiters
//! (documented in the README).
//!
//! A script has one event a line, `@SECONDS WHO VERB TEXT`; `#` starts a comment. WHO is
//! `white`, `black` or `arbiter`; VERB is `say` (words a recognizer delivered), `type`
//! (keyboard text), `key` (a named key), `wait` (only lets time pass) or, on the first
//! line, `setup KEY=VALUE …`. A transcript has one output a line,
//! `@SECONDS CHANNEL[:WHO] TEXT`, CHANNEL one of `say`, `braille`, `clock`, `made`, `result`.

use std::time::Duration;

use crate::core::clock::{ClockSetup, ReminderSchedule, TimeControl};
use crate::core::commands::parse_clock_reading;
use crate::core::input::{Actor, Event, Input, Key};
use crate::core::laws::Start;
use crate::core::output::{ArbiterAction, Output};
use crate::core::session::{Config, ConfirmPolicy, Impaired, Session, SetupError};
use crate::core::time::Timestamp;
use crate::core::words::{HeardWord, Utterance};

/// What a script line does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Feed an input.
    Input(Input),
    /// Only let time pass (deadlines up to then fire).
    Wait,
}

/// One event of a script.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The line number in the script (1-based).
    pub line: usize,
    /// When.
    pub at: Timestamp,
    /// What.
    pub action: Action,
}

/// A parsed script.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    /// The configuration from the setup line (defaults without one).
    pub config: Config,
    /// The events in time order.
    pub steps: Vec<Step>,
}

/// An error in a script, naming the line.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    /// A line that does not follow the format.
    #[error("line {line}: {detail}")]
    Line {
        /// The line number (1-based).
        line: usize,
        /// What is wrong.
        detail: String,
    },
    /// The setup cannot start a session.
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
}

fn line_err(line: usize, detail: impl Into<String>) -> ScriptError {
    ScriptError::Line {
        line,
        detail: detail.into(),
    }
}

/// Parses `SECONDS` (decimal, at most millisecond precision) into an instant.
fn parse_time(text: &str) -> Option<Timestamp> {
    let (secs, frac) = text.split_once('.').unwrap_or((text, ""));
    if frac.len() > 3 || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let secs: u64 = secs.parse().ok()?;
    let millis: u64 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<3}").parse().ok()?
    };
    Some(Timestamp::from_millis(
        secs.checked_mul(1000)?.checked_add(millis)?,
    ))
}

/// Splits `KEY=VALUE KEY="VALUE WITH SPACES"` pairs.
fn setup_pairs(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (key, after) = rest
            .split_once('=')
            .ok_or_else(|| format!("expected KEY=VALUE at {rest:?}"))?;
        let (value, after) = if let Some(quoted) = after.strip_prefix('"') {
            let end = quoted
                .find('"')
                .ok_or_else(|| format!("unclosed quote in {key}="))?;
            (quoted[..end].to_owned(), &quoted[end + 1..])
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (after[..end].to_owned(), &after[end..])
        };
        pairs.push((key.trim().to_owned(), value));
        rest = after.trim_start();
    }
    Ok(pairs)
}

/// Parses a confirmation policy: `explicit` or `window:SECONDS`.
pub fn parse_policy(text: &str) -> Option<ConfirmPolicy> {
    match text {
        "explicit" => Some(ConfirmPolicy::Explicit),
        "immediate" => Some(ConfirmPolicy::Window(Duration::ZERO)),
        _ => {
            let secs = text.strip_prefix("window:")?;
            Some(ConfirmPolicy::Window(parse_time(secs)?.since_epoch()))
        }
    }
}

/// Applies one setup option to a configuration; the error says what is wrong.
pub fn apply_setup(config: &mut Config, key: &str, value: &str) -> Result<(), String> {
    match key {
        "tc_white" | "tc_black" => {
            let tc = TimeControl::from_pgn(value).map_err(|e| format!("{key}={value}: {e}"))?;
            let mut setup = config
                .clock
                .clone()
                .unwrap_or_else(|| ClockSetup::same(tc.clone()));
            if key == "tc_white" {
                setup.white = tc;
            } else {
                setup.black = tc;
            }
            config.clock = Some(setup);
        }
        "tc" => {
            let tc = TimeControl::from_pgn(value).map_err(|e| format!("tc={value}: {e}"))?;
            // An untimed game ("-") has no clock to show or announce.
            config.clock = (!tc.is_untimed()).then(|| ClockSetup::same(tc));
        }
        "vi" => {
            config.impaired = match value {
                "white" => Impaired::White,
                "black" => Impaired::Black,
                "both" => Impaired::Both,
                "none" => Impaired::None,
                _ => return Err(format!("vi={value}: expected white, black, both or none")),
            }
        }
        "lang" => config.lang = value.parse().map_err(|e| format!("{e}"))?,
        "confirm" => {
            config.confirm = parse_policy(value)
                .ok_or_else(|| format!("confirm={value}: expected explicit or window:SECONDS"))?;
        }
        "confirm_sighted" => {
            config.confirm_sighted = parse_policy(value).ok_or_else(|| {
                format!("confirm_sighted={value}: expected explicit, immediate or window:SECONDS")
            })?;
        }
        "fen" => config.start = Start::Fen(value.to_owned()),
        "chess960" => {
            let n = value
                .parse()
                .map_err(|_| format!("chess960={value}: expected 0..959"))?;
            config.start = Start::Chess960(n);
        }
        "announce_moves" => config.announce.move_count = on_off(key, value)?,
        "reminders" => {
            config.announce.alarms.reminders = on_off(key, value)?.then(ReminderSchedule::default);
        }
        "control_alarm" => config.announce.alarms.control_passed = on_off(key, value)?,
        "low_time" => {
            let mut thresholds = Vec::new();
            for part in value.split(',').filter(|p| !p.is_empty() && *p != "off") {
                thresholds.push(parse_clock_reading(part).ok_or_else(|| {
                    format!("low_time={value}: expected m:ss readings separated by commas, or off")
                })?);
            }
            config.announce.alarms.low_time = thresholds;
        }
        "white" => config.info.white = value.to_owned(),
        "black" => config.info.black = value.to_owned(),
        "event" => config.info.event = value.to_owned(),
        "site" => config.info.site = value.to_owned(),
        "date" => config.info.date = value.to_owned(),
        "round" => config.info.round = value.to_owned(),
        _ => return Err(format!("unknown setup key {key:?}")),
    }
    Ok(())
}

fn on_off(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(format!("{key}={value}: expected on or off")),
    }
}

/// The words of a `say` line. A word may carry its recognizer confidence and
/// alternatives: `Felix:0.4`, `Felix:0.4|Eva:0.35` (the first is the recognizer's choice).
/// Without a suffix a word is certain (1.0).
pub fn scored_utterance(text: &str) -> Result<Utterance, String> {
    let mut words = Vec::new();
    for token in text.split_whitespace() {
        let mut choices = Vec::new();
        for choice in token.split('|') {
            let (word, conf) = match choice.rsplit_once(':') {
                Some((w, c)) => {
                    let conf: f32 = c
                        .parse()
                        .ok()
                        .filter(|c: &f32| (0.0..=1.0).contains(c))
                        .ok_or_else(|| {
                            format!("confidence {c:?} of {w:?} is not a number from 0 to 1")
                        })?;
                    (w, conf)
                }
                None => (choice, 1.0),
            };
            if word.is_empty() {
                return Err(format!("empty word in {token:?}"));
            }
            choices.push((word.to_owned(), conf));
        }
        let (text, confidence) = choices.remove(0);
        words.push(HeardWord {
            text,
            confidence,
            alternatives: choices,
        });
    }
    Ok(Utterance { words })
}

/// Parses a script.
pub fn parse(text: &str) -> Result<Script, ScriptError> {
    let mut config = Config::default();
    let mut steps = Vec::new();
    let mut last = Timestamp::ZERO;
    let mut seen_event = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split_once('#').map_or(raw, |(c, _)| c).trim();
        if content.is_empty() {
            continue;
        }
        let mut parts = content.splitn(4, char::is_whitespace);
        let time = parts.next().unwrap_or_default();
        let at = time
            .strip_prefix('@')
            .and_then(parse_time)
            .ok_or_else(|| line_err(line, format!("expected @SECONDS, found {time:?}")))?;
        if at < last {
            return Err(line_err(line, "time goes backwards"));
        }
        last = at;
        let who: Actor = parts
            .next()
            .unwrap_or_default()
            .parse()
            .map_err(|e| line_err(line, format!("{e}")))?;
        let verb = parts.next().unwrap_or_default();
        let rest = parts.next().unwrap_or_default().trim();
        let action = match verb {
            "setup" => {
                if seen_event || who != Actor::Arbiter {
                    return Err(line_err(
                        line,
                        "setup must be the first event, by the arbiter",
                    ));
                }
                for (key, value) in setup_pairs(rest).map_err(|e| line_err(line, e))? {
                    apply_setup(&mut config, &key, &value).map_err(|e| line_err(line, e))?;
                }
                seen_event = true;
                continue;
            }
            "say" => Action::Input(Input::Act {
                by: who,
                event: Event::Heard(scored_utterance(rest).map_err(|e| line_err(line, e))?),
            }),
            "type" => Action::Input(Input::typed(who, rest)),
            "key" => {
                let key: Key = rest.parse().map_err(|e| line_err(line, format!("{e}")))?;
                Action::Input(Input::key(who, key))
            }
            "wait" => Action::Wait,
            _ => {
                return Err(line_err(
                    line,
                    format!("unknown verb {verb:?}: expected say, type, key, wait or setup"),
                ));
            }
        };
        seen_event = true;
        steps.push(Step { line, at, action });
    }
    Ok(Script { config, steps })
}

/// `@SECONDS` with milliseconds.
pub fn stamp(at: Timestamp) -> String {
    let ms = at.as_millis();
    format!("@{}.{:03}", ms / 1000, ms % 1000)
}

/// A duration as `h:mm:ss.mmm` (clock readings in transcripts, to the millisecond).
pub fn exact(d: Duration) -> String {
    let ms = d.as_millis();
    let (h, m, s, f) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    format!("{h}:{m:02}:{s:02}.{f:03}")
}

/// The transcript line of one output.
pub fn transcript_line(at: Timestamp, output: &Output) -> String {
    let t = stamp(at);
    match output {
        Output::Say(s) => format!("{t} say:{} {}", s.to.name(), s.text),
        Output::Braille(b) => format!("{t} braille:{} {}", b.to.name(), b.text),
        Output::Clock(c) => {
            let running = match c.running {
                Some(shakmaty::Color::White) => "white",
                Some(shakmaty::Color::Black) => "black",
                None => "none",
            };
            format!(
                "{t} clock white {} black {} running {running}",
                exact(c.white),
                exact(c.black)
            )
        }
        Output::Made(m) => {
            let number = if m.side.is_white() {
                format!("{}.", m.number)
            } else {
                format!("{}...", m.number)
            };
            let mut line = format!("{t} made {number} {}", m.san);
            if let Some(clk) = m.clock {
                line.push_str(&format!(" clk {}", exact(clk)));
            }
            if let Some(emt) = m.elapsed {
                line.push_str(&format!(" emt {}", exact(emt)));
            }
            if m.draw_offer {
                line.push_str(" (=)");
            }
            line
        }
        Output::Result(r) => format!("{t} result {} {}", r.pgn(), r.reason.name()),
        Output::Flag { side, first } => {
            let which = if *first { "first" } else { "second" };
            format!("{t} clock flag {} {which}", color_word(*side))
        }
        Output::Arbiter(a) => {
            let what = match a {
                ArbiterAction::Start => "start".to_owned(),
                ArbiterAction::Pause => "pause".to_owned(),
                ArbiterAction::Resume => "resume".to_owned(),
                ArbiterAction::SetClock(c, d) => format!("set {} {}", color_word(*c), exact(*d)),
                ArbiterAction::SetMoves(c, n) => format!("moves {} {n}", color_word(*c)),
                ArbiterAction::AddTime(c, d) => format!("add {} {}", color_word(*c), exact(*d)),
            };
            format!("{t} clock arbiter {what}")
        }
        Output::Status(text) => format!("{t} braille:status {text}"),
        Output::TakenBack { plies } => format!("{t} made takeback to ply {plies}"),
    }
}

fn color_word(c: shakmaty::Color) -> &'static str {
    if c.is_white() { "white" } else { "black" }
}

/// A finished run of a script.
#[derive(Debug)]
pub struct Run {
    /// Every output, one line each.
    pub transcript: Vec<String>,
    /// The session at the end (for its PGN).
    pub session: Session,
}

/// Runs a script in virtual time: before each event, every deadline up to its instant
/// fires at its own instant.
pub fn run(script: &Script) -> Result<Run, ScriptError> {
    let mut session = Session::new(script.config.clone())?;
    let mut transcript = Vec::new();
    for step in &script.steps {
        while let Some(deadline) = session.next_deadline() {
            if deadline > step.at {
                break;
            }
            let outputs = session.handle(Input::Timeout, deadline);
            if outputs.is_empty() {
                break;
            }
            transcript.extend(outputs.iter().map(|o| transcript_line(deadline, o)));
        }
        if let Action::Input(input) = &step.action {
            let outputs = session.handle(input.clone(), step.at);
            transcript.extend(outputs.iter().map(|o| transcript_line(step.at, o)));
        }
    }
    Ok(Run {
        transcript,
        session,
    })
}

/// Parses a console line `[WHO] [VERB] TEXT`: WHO defaults to `default_by` (the side to
/// move), VERB to `type`. The error says what is wrong.
pub fn parse_console_line(line: &str, default_by: Actor) -> Result<Option<Input>, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let (by, line) = match first.trim_end_matches(':').parse::<Actor>() {
        Ok(a) => (a, rest.trim()),
        Err(_) => (default_by, line),
    };
    let (verb, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    Ok(Some(match verb {
        "say" => Input::heard(by, rest),
        "type" => Input::typed(by, rest),
        "key" => Input::key(by, rest.parse().map_err(|e| format!("{e}"))?),
        _ => Input::typed(by, line),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        for (text, ms) in [
            ("0", Some(0)),
            ("1.5", Some(1500)),
            ("12.345", Some(12_345)),
            ("1.2345", None),
            ("x", None),
        ] {
            assert_eq!(parse_time(text).map(Timestamp::as_millis), ms, "{text}");
        }
    }

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
        assert_eq!(s.config.lang, crate::core::lang::Language::Es);
        assert_eq!(s.config.impaired, Impaired::Both);
        assert_eq!(
            s.config.confirm,
            ConfirmPolicy::Window(Duration::from_millis(2500))
        );
        assert_eq!(
            s.config.start,
            Start::Fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1".into())
        );
        assert_eq!(s.config.info.white, "Ana B");
    }
}
