//! The console adapter: lines in, lines out, made for a screen reader (Orca, NVDA): every
//! printed line is read aloud and brailled, so the console prints one plain line per
//! event, no cursor movement, no timestamps, nothing twice ([`Show`]); the full transcript
//! contract (`@SECONDS CHANNEL:WHO …`) on request.

use std::io::{BufRead, Write};

use tokio::sync::mpsc;

use crate::core::output::{Audience, Output};
use crate::core::phrases::sentence_case;
use crate::core::script::transcript_line;
use crate::core::time::Timestamp;
use crate::station::{Sink, StationInput};

/// The next line of stdin ([`next_line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextLine {
    /// A line.
    Line(String),
    /// Nothing within the wait.
    Nothing,
    /// The end of the input.
    End,
}

/// stdin's lines, read by one thread for the whole process: the online menu and then the
/// station read from it in turn, and no line is lost between them.
struct StdinLines {
    rx: std::sync::Mutex<std::sync::mpsc::Receiver<String>>,
    /// A line taken by a reader that stopped before it could hand it on.
    returned: std::sync::Mutex<std::collections::VecDeque<String>>,
    ended: std::sync::atomic::AtomicBool,
}

fn stdin_lines() -> &'static StdinLines {
    static LINES: std::sync::OnceLock<StdinLines> = std::sync::OnceLock::new();
    LINES.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::sync_channel(16);
        let spawned = std::thread::Builder::new()
            .name("stdin".into())
            .spawn(move || {
                for line in std::io::stdin().lock().lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            });
        if let Err(e) = spawned {
            tracing::error!("console: no thread to read stdin: {e}");
        }
        StdinLines {
            rx: std::sync::Mutex::new(rx),
            returned: std::sync::Mutex::new(std::collections::VecDeque::new()),
            ended: std::sync::atomic::AtomicBool::new(false),
        }
    })
}

/// The next line of stdin, waiting at most `wait`.
pub fn next_line(wait: std::time::Duration) -> NextLine {
    use std::sync::atomic::Ordering;
    let lines = stdin_lines();
    if let Some(line) = lines.returned.lock().ok().and_then(|mut r| r.pop_front()) {
        return NextLine::Line(line);
    }
    if lines.ended.load(Ordering::Relaxed) {
        return NextLine::End;
    }
    let Ok(rx) = lines.rx.lock() else {
        return NextLine::End;
    };
    match rx.recv_timeout(wait) {
        Ok(line) => NextLine::Line(line),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => NextLine::Nothing,
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            lines.ended.store(true, Ordering::Relaxed);
            NextLine::End
        }
    }
}

/// Gives back a line taken by a reader that stops: the next reader gets it first.
pub fn give_back(line: String) {
    if let Ok(mut r) = stdin_lines().returned.lock() {
        r.push_front(line);
    }
}

/// How often a reader waiting for stdin looks whether its station is gone.
const POLL: std::time::Duration = std::time::Duration::from_millis(200);

/// Reads stdin on its own thread (blocking reads never stall the main loop) and sends each
/// line; sends `Quit` on `quit` and `Shutdown` at end of input. `opponent_input`: the sighted
/// opponent has an input of his own, so every line without WHO is the visually impaired
/// player's (issue 22, [`crate::core::script::ConsoleOwner`]). The thread ends when the
/// station is gone.
pub fn spawn_reader(
    tx: mpsc::Sender<StationInput>,
    opponent_input: bool,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        loop {
            let line = match next_line(POLL) {
                NextLine::Line(line) => line,
                NextLine::Nothing if tx.is_closed() => return,
                NextLine::Nothing => continue,
                NextLine::End => break,
            };
            // `quit` may be asked about (an online game goes on): reading goes on.
            let msg = if matches!(line.trim(), "quit" | "exit") {
                StationInput::Quit
            } else {
                StationInput::Console {
                    line,
                    opponent_input,
                }
            };
            // A line read as the station closes is given back (to the online menu that
            // follows a game).
            if let Err(mpsc::error::SendError(msg)) = tx.blocking_send(msg) {
                if let StationInput::Console { line, .. } = msg {
                    give_back(line);
                }
                return;
            }
        }
        let _ = tx.blocking_send(StationInput::Shutdown);
    })
}

/// What the console prints. By default what the station's own voice does not say, one
/// line per event ([`reader_line`]): everything said while no voice runs (`play
/// --console`, speech missing); with speech-dispatcher speaking, only what is said to
/// listeners it does not speak to (a sighted player, the arbiter), so that a screen reader
/// never repeats the station.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Show {
    /// One line per event: what the station's voice does not say (all when none speaks).
    #[default]
    Unvoiced,
    /// One line per event: everything said, also what the voice says.
    Said,
    /// Nothing said: only the console's own answers (a line not understood, the records).
    Quiet,
    /// The full transcript (`@SECONDS CHANNEL:WHO …`), with a resume's restored moves.
    Transcript,
}

/// Prints each step's outputs as [`Show`] says.
#[derive(Debug, Default)]
pub struct ConsoleSink {
    /// What to print.
    pub show: Show,
    /// In the transcript: print the Braille lines too (off: `--no-braille`).
    pub braille: bool,
    /// Whom the station's voice speaks to, once it runs (empty: no voice).
    voiced: Vec<Audience>,
}

impl ConsoleSink {
    /// A console showing `show` (`braille`: the transcript's Braille lines too).
    pub fn new(show: Show, braille: bool) -> ConsoleSink {
        ConsoleSink {
            show,
            braille,
            voiced: Vec::new(),
        }
    }

    /// The line of one step's outputs, if it has one.
    fn lines(&self, at: Timestamp, outputs: &[Output]) -> Vec<String> {
        match self.show {
            Show::Transcript => outputs
                .iter()
                .filter(|o| self.braille || !matches!(o, Output::Braille(_)))
                .map(|o| transcript_line(at, o))
                .collect(),
            Show::Said => reader_line(outputs, &[]).into_iter().collect(),
            Show::Unvoiced => reader_line(outputs, &self.voiced).into_iter().collect(),
            Show::Quiet => Vec::new(),
        }
    }
}

impl Sink for ConsoleSink {
    fn deliver(&mut self, at: Timestamp, outputs: &[Output]) {
        let lines = self.lines(at, outputs);
        if lines.is_empty() {
            return;
        }
        let mut stdout = std::io::stdout().lock();
        for line in lines {
            let _ = writeln!(stdout, "{line}");
        }
        let _ = stdout.flush();
    }

    fn voice_opened(&mut self, listeners: &[Audience]) {
        self.voiced = listeners.to_vec();
        self.voiced.push(Audience::All);
    }

    fn voice_lost(&mut self) {
        self.voiced.clear();
    }

    fn transcript_only(&mut self, line: &str) {
        if self.show == Show::Transcript {
            let mut stdout = std::io::stdout().lock();
            let _ = writeln!(stdout, "{line}");
            let _ = stdout.flush();
        }
    }
}

/// The one line a person at the console reads for one step of the session (an input
/// handled, a deadline fired): each text said in it, once, in order, joined by spaces;
/// `None` when there is nothing to read. Braille, clock and status lines are left out (the
/// display and the clock show them; a screen reader has its own Braille). A text said to a
/// listener in `voiced` (the station's voice speaks to them; `Audience::All` when it runs
/// at all) is left out, and so is the same text said to anyone else in that step: the
/// console never makes a screen reader repeat the station. A made move that nothing in the
/// step says (no announcement to anyone) is named by its announcement, so that a move is
/// never made unseen.
pub fn reader_line(outputs: &[Output], voiced: &[Audience]) -> Option<String> {
    let said = || {
        outputs.iter().filter_map(|o| match o {
            Output::Say(s) => Some(s),
            _ => None,
        })
    };
    let spoken: Vec<&str> = said()
        .filter(|s| voiced.contains(&s.to))
        .map(|s| s.text.as_str())
        .collect();
    let mut parts: Vec<String> = Vec::new();
    // The made record carries the move's words as a phrase ("knight c3"), the texts said
    // carry them as a sentence ("Knight c3."): the same words, whatever the case.
    for phrase in outputs.iter().filter_map(made_phrase) {
        let words = phrase.to_lowercase();
        if !said().any(|s| s.text.to_lowercase().contains(&words)) {
            parts.push(sentence_case(format!("{phrase}.")));
        }
    }
    for s in said() {
        let text = s.text.trim();
        if text.is_empty() || spoken.contains(&s.text.as_str()) || parts.iter().any(|p| p == text) {
            continue;
        }
        parts.push(text.to_owned());
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The words of a made move, if `output` is one.
fn made_phrase(output: &Output) -> Option<&str> {
    match output {
        Output::Made(m) => Some(m.phrase.as_str()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lang::Language;
    use crate::core::output::{Braille, MadeMove, Priority, Speech};
    use shakmaty::Color;

    fn say(to: Audience, text: &str) -> Output {
        Output::Say(Speech {
            text: text.into(),
            lang: Language::De,
            priority: Priority::Move,
            to,
            error: false,
            expires: None,
            live: None,
            reply_to: None,
            ply: 0,
        })
    }

    fn braille(to: Audience, text: &str) -> Output {
        Output::Braille(Braille {
            text: text.into(),
            to,
            kind: crate::core::output::BrailleKind::Message,
        })
    }

    fn made(phrase: &str) -> Output {
        Output::Made(MadeMove {
            number: 1,
            side: Color::White,
            san: "e4".into(),
            uci: "e2e4".into(),
            phrase: phrase.into(),
            clock: None,
            elapsed: None,
            clocks: None,
            draw_offer: false,
        })
    }

    /// A made move as the session hands it over: the made record, the clocks, the status
    /// line, the announcement to Black and the move count to White, each with its Braille.
    fn white_moves() -> Vec<Output> {
        vec![
            made("Eva vier"),
            Output::Status("1.e4 W15:10 S*15:00".into()),
            say(Audience::Black, "Eva vier."),
            braille(Audience::Black, "e4"),
            say(Audience::White, "Zug 1."),
            braille(Audience::White, "Zug 1."),
            say(Audience::Black, "Zug 1."),
            braille(Audience::Black, "Zug 1."),
        ]
    }

    /// What is tested, one step's outputs, whom the voice speaks to, the line printed.
    type Case = (
        &'static str,
        Vec<Output>,
        Vec<Audience>,
        Option<&'static str>,
    );

    #[test]
    fn console_reader_lines() {
        use Audience::{All, Arbiter, Black, White};
        let cases: Vec<Case> = vec![
            (
                "a made move: one line, each text once",
                white_moves(),
                vec![],
                Some("Eva vier. Zug 1."),
            ),
            (
                "the voice speaks to White and to all: only what Black alone hears",
                white_moves(),
                vec![White, All],
                Some("Eva vier."),
            ),
            (
                "the voice speaks to both: nothing printed",
                white_moves(),
                vec![White, Black, All],
                None,
            ),
            (
                "a sighted player's echo, voiced to the blind opponent: not printed twice",
                vec![say(Black, "Eva fünf."), say(White, "Eva fünf.")],
                vec![White, All],
                None,
            ),
            (
                "the arbiter is never voiced",
                vec![say(Arbiter, "Journal: j.txt"), braille(Arbiter, "j.txt")],
                vec![White, All],
                Some("Journal: j.txt"),
            ),
            (
                "a move nobody hears about is still named",
                vec![made("Eva vier"), Output::Status("1.e4".into())],
                vec![],
                Some("Eva vier."),
            ),
            (
                "the move's words said as a sentence, a capital first: printed once",
                vec![
                    made("knight c3"),
                    say(Black, "Knight c3."),
                    say(White, "Move 2."),
                ],
                vec![],
                Some("Knight c3. Move 2."),
            ),
            (
                "a move nobody hears about, named as a sentence",
                vec![made("knight c3")],
                vec![],
                Some("Knight c3."),
            ),
            (
                "nothing said, nothing made: no line",
                vec![Output::Status("1.e4".into()), braille(White, "e4")],
                vec![],
                None,
            ),
        ];
        for (what, outputs, voiced, want) in cases {
            assert_eq!(reader_line(&outputs, &voiced).as_deref(), want, "{what}");
        }
    }

    /// The sighted player offers a draw and the visually impaired player declines it by
    /// word: said once to everyone, naming who declined; the console prints it once when
    /// no voice speaks, and leaves it to the station's voice when one does, in each
    /// language.
    #[test]
    fn a_draw_declined_by_word_is_printed_once() {
        use crate::core::input::{Actor, Event, Input};
        use crate::core::session::Session;
        use crate::core::setup::SessionSetup;
        let cases = [
            (
                Language::De,
                "remis",
                "abgelehnt",
                "Weiß lehnt das Remis ab.",
            ),
            (
                Language::Es,
                "tablas",
                "rechazo",
                "Las blancas rechazan las tablas.",
            ),
            (Language::En, "draw", "decline", "White declines the draw."),
        ];
        let typed = |side, text: &str| Input::Act {
            by: Actor::Player(side),
            event: Event::Typed(text.into()),
        };
        for (lang, offer, decline, want) in cases {
            let setup = SessionSetup {
                lang,
                ..SessionSetup::default()
            };
            let mut s = Session::new(setup).unwrap();
            s.handle(typed(Color::Black, offer), Timestamp::from_millis(1000));
            let outputs = s.handle(typed(Color::White, decline), Timestamp::from_millis(2000));
            let line = reader_line(&outputs, &[]);
            assert_eq!(line.as_deref(), Some(want), "{lang}");
            let voiced = reader_line(&outputs, &[Audience::White, Audience::All]);
            assert_eq!(voiced, None, "{lang}");
        }
    }

    #[test]
    fn console_transcript_keeps_the_contract() {
        let mut sink = ConsoleSink::new(Show::Transcript, false);
        let lines = sink.lines(Timestamp::from_millis(1500), &white_moves());
        assert_eq!(lines.len(), 5, "{lines:?}");
        assert_eq!(lines[2], "@1.500 say:black Eva vier.");
        sink.braille = true;
        assert_eq!(sink.lines(Timestamp::ZERO, &white_moves()).len(), 8);
        let mut quiet = ConsoleSink::new(Show::Unvoiced, true);
        quiet.voice_opened(&[Audience::White, Audience::Black]);
        assert!(quiet.lines(Timestamp::ZERO, &white_moves()).is_empty());
        let said = ConsoleSink {
            show: Show::Said,
            ..quiet
        };
        assert_eq!(
            said.lines(Timestamp::ZERO, &white_moves()),
            ["Eva vier. Zug 1."]
        );
        let silent = ConsoleSink::new(Show::Quiet, true);
        assert!(silent.lines(Timestamp::ZERO, &white_moves()).is_empty());
    }
}
