//! Whose a console line is when it names no WHO (issue 22): the console belongs to the
//! visually impaired player (FIDE Laws Appendix D). A question, a key or a command typed
//! without WHO is theirs; a move is theirs too unless the sighted player is to move and has
//! no input of his own (then he may type his move at the same keyboard, as today).
//! With both players or neither visually impaired, a line is the side to move's.

use shakmaty::Color;

use crate::core::commands::CommandBook;
use crate::core::input::{Actor, Event, Input};
use crate::core::setup::Impaired;

use super::{BodyError, parse_console_line};

/// What a console line is, for deciding whose it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// A move announced (typed, said, picked) or a board event.
    Move,
    /// A question, a key or a command.
    Other,
}

impl LineKind {
    /// What `input` is: typed or heard words are a command when the session's command book
    /// understands them (as the session itself decides), else a move.
    pub fn of(input: &Input, book: &CommandBook) -> LineKind {
        match input {
            Input::Act { event, .. } => match event {
                Event::Typed(text) if book.understand(text).is_none() => LineKind::Move,
                Event::Heard(u) if book.understand(&u.text()).is_none() => LineKind::Move,
                Event::Move(_)
                | Event::Board(_)
                | Event::Server(_)
                | Event::Engine(_)
                | Event::Analysis(_) => LineKind::Move,
                _ => LineKind::Other,
            },
            Input::Timeout => LineKind::Other,
        }
    }
}

/// The console's owner rule (issue 22, FIDE Laws Appendix D): who sits at the board
/// visually impaired, and whether the sighted opponent has an input of his own (an
/// electronic board, the web page, a microphone of his own).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ConsoleOwner {
    /// Who is visually impaired.
    pub impaired: Impaired,
    /// The sighted opponent enters his moves elsewhere: every line is the blind player's.
    pub opponent_input: bool,
}

impl ConsoleOwner {
    /// Whose a line of `kind` without WHO is, with `turn` to move.
    pub fn actor(self, turn: Color, kind: LineKind) -> Actor {
        let blind = match self.impaired {
            Impaired::White => Color::White,
            Impaired::Black => Color::Black,
            Impaired::None | Impaired::Both => return Actor::Player(turn),
        };
        if self.opponent_input || kind == LineKind::Other {
            Actor::Player(blind)
        } else {
            Actor::Player(turn)
        }
    }

    /// Parses a console line (`[WHO] [VERB] TEXT`, [`parse_console_line`]); without WHO
    /// its actor is the one this rule names for what the line is.
    pub fn parse(
        self,
        line: &str,
        turn: Color,
        book: &CommandBook,
    ) -> Result<Option<Input>, BodyError> {
        let (first, rest) = line
            .trim()
            .split_once(char::is_whitespace)
            .unwrap_or((line, ""));
        let who = first.trim_end_matches(':').parse::<Actor>().ok();
        let letter = book.letter(if who.is_some() { rest } else { line });
        if let Some(command) = letter {
            let by = who.unwrap_or_else(|| self.actor(turn, LineKind::Other));
            let event = Event::Command(command);
            return Ok(Some(Input::Act { by, event }));
        }
        let named = who.is_some();
        let input = parse_console_line(line, Actor::Player(turn))?;
        if named {
            return Ok(input);
        }
        Ok(input.map(|input| {
            let by = self.actor(turn, LineKind::of(&input, book));
            with_actor(input, by)
        }))
    }
}

/// `input` as done by `by`.
fn with_actor(input: Input, by: Actor) -> Input {
    match input {
        Input::Act { event, .. } => Input::Act { by, event },
        Input::Timeout => Input::Timeout,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::commands::commands;
    use crate::core::lang::Language;

    const W: Actor = Actor::Player(Color::White);
    const B: Actor = Actor::Player(Color::Black);

    #[test]
    fn the_rule_as_a_table() {
        use Impaired::{Black, Both, None, White};
        use LineKind::{Move, Other};
        // (impaired, opponent's own input, to move, kind) → whose.
        let table = [
            (White, false, Color::White, Move, W),
            (White, false, Color::White, Other, W),
            (White, false, Color::Black, Move, B),
            (White, false, Color::Black, Other, W),
            (White, true, Color::Black, Move, W),
            (White, true, Color::Black, Other, W),
            (Black, false, Color::White, Move, W),
            (Black, false, Color::White, Other, B),
            (Black, true, Color::White, Move, B),
            (Both, false, Color::Black, Other, B),
            (Both, true, Color::White, Other, W),
            (None, false, Color::Black, Other, B),
            (None, true, Color::White, Move, W),
        ];
        for (impaired, opponent_input, turn, kind, who) in table {
            let owner = ConsoleOwner {
                impaired,
                opponent_input,
            };
            assert_eq!(
                owner.actor(turn, kind),
                who,
                "{impaired:?} {opponent_input} {turn:?} {kind:?}"
            );
        }
    }

    fn whose(line: &str, opponent_input: bool) -> Actor {
        let owner = ConsoleOwner {
            impaired: Impaired::White,
            opponent_input,
        };
        let book = commands(Language::De).unwrap();
        match owner.parse(line, Color::Black, book).unwrap().unwrap() {
            Input::Act { by, .. } => by,
            Input::Timeout => panic!("no act"),
        }
    }

    #[test]
    fn in_the_opponents_turn_questions_are_the_blind_players() {
        assert_eq!(whose("wo sind meine Springer", false), W);
        assert_eq!(whose("key time", false), W);
        assert_eq!(whose("do ask position", false), W);
        assert_eq!(whose("Springer Cäsar sechs", false), B);
        assert_eq!(whose("move g8f6", false), B);
        assert_eq!(whose("Springer Cäsar sechs", true), W);
        assert_eq!(whose("black wo sind meine Springer", true), B);
        assert_eq!(whose("arbiter key start", true), Actor::Arbiter);
    }

    /// One-letter console commands (keyboard users, as in lichess's blind mode), in each
    /// language: a question, the blind player's; yes and no keep their letters; two
    /// letters are no command; a WHO still names the asker.
    #[test]
    fn one_letter_commands_ask_their_question() {
        use crate::core::input::{Command, Question};
        let owner = ConsoleOwner {
            impaired: Impaired::White,
            opponent_input: false,
        };
        let cases = [
            (Language::De, "l", Some((W, Question::LastMoves(1)))),
            (Language::De, "C", Some((W, Question::Time))),
            (Language::De, "s", Some((W, Question::WhoseMove))),
            (Language::De, "black p", Some((B, Question::Position))),
            (Language::De, "j", None),
            (Language::Es, "t", Some((W, Question::WhoseMove))),
            (Language::Es, "s", None),
            (Language::En, "s", Some((W, Question::WhoseMove))),
            (Language::En, "y", None),
            (Language::En, "ll", None),
        ];
        for (lang, line, want) in cases {
            let book = commands(lang).unwrap();
            let got = match owner.parse(line, Color::Black, book).unwrap() {
                Some(Input::Act {
                    by,
                    event: Event::Command(Command::Ask(q)),
                }) => Some((by, q)),
                _ => None,
            };
            assert_eq!(got, want, "{lang} {line:?}");
        }
    }

    /// The trainer's help by a letter (issue 34.2): evaluation, hint and undo.
    #[test]
    fn one_letter_commands_give_the_trainers_help() {
        use crate::core::input::Command;
        let owner = ConsoleOwner {
            impaired: Impaired::White,
            opponent_input: false,
        };
        let cases = [
            (Language::De, "b", Command::Evaluation),
            (Language::De, "t", Command::Hint),
            (Language::De, "z", Command::Undo),
            (Language::En, "e", Command::Evaluation),
            (Language::En, "i", Command::Hint),
            (Language::En, "u", Command::Undo),
            (Language::Es, "v", Command::Evaluation),
            (Language::Es, "i", Command::Hint),
            (Language::Es, "d", Command::Undo),
        ];
        for (lang, line, want) in cases {
            let book = commands(lang).unwrap();
            let got = match owner.parse(line, Color::White, book).unwrap() {
                Some(Input::Act {
                    event: Event::Command(c),
                    ..
                }) => Some(c),
                _ => None,
            };
            assert_eq!(got, Some(want), "{lang} {line:?}");
        }
    }
}
