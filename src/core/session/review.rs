//! Going through a game (issue 34): at the end of any game ("Partie durchgehen"), or a game
//! read from a file (`ansage review`, [`Session::reviewing`]). A point of the game is the
//! position after one of its moves (or the starting position); "vor", "zurück", "Anfang",
//! "Ende", "Zug fünfzehn" and "Schwarz Zug fünfzehn" move to another point and say its move
//! in the game's words. Every question of a game is answered on the point's position (the
//! session's [`Session::shown_position`]), and the Braille display shows its board and the
//! current move in the move list. Nothing of the game changes: no move is made, no clock
//! runs.

use shakmaty::{Chess, Color, Position};

use crate::core::input::{Actor, Command, Question};
use crate::core::laws;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::Message;
use crate::core::ply::Ply;
use crate::core::scoresheet::Sheet;
use crate::core::setup::{SessionSetup, SetupError};
use crate::core::time::Timestamp;

use super::{Session, audience};

/// Where the game is being gone through.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Review {
    /// How many of the game's moves stand at this point (0: the starting position).
    pub(super) at: usize,
}

impl Session {
    /// A command of going through a game given while the game is played (issue 34.3):
    /// "Partie durchgehen" starts it; the moving and analysing commands are answered with
    /// how to start it (or that the game must end first). False for any other command.
    pub(super) fn review_command_in_game(
        &mut self,
        by: Actor,
        command: &Command,
        out: &mut Vec<Output>,
    ) -> bool {
        let to = audience(by);
        match command {
            Command::Review => self.start_review(by, out),
            Command::Forward
            | Command::Back
            | Command::First
            | Command::Last
            | Command::GoTo { .. } => {
                let id = if self.result.is_some() {
                    "review-how"
                } else {
                    "review-not-over"
                };
                self.tell(to, Priority::Answer, Message::new(id), out)
            }
            Command::Evaluation
            | Command::BestMove
            | Command::Analyse
            | Command::StopAnalysis
            | Command::Mistakes
            | Command::Practice
            | Command::Hint
            | Command::Solution => self.tell(
                to,
                Priority::Answer,
                Message::new("analysis-not-review"),
                out,
            ),
            _ => return false,
        }
        true
    }

    /// A game read from a file (a journal, PGN, BRF or move list: its scoresheet `sheet`)
    /// set up to be gone through from its starting position, in the words of `setup`'s
    /// language. What to say first is [`Session::review_opening`].
    pub fn reviewing(setup: SessionSetup, sheet: &Sheet) -> Result<Session, SetupError> {
        let mut session = Session::new(setup)?;
        session.initial = sheet.start.clone();
        session.repetitions = laws::Repetitions::new(&sheet.start);
        session.set_position(sheet.start.clone());
        for m in &sheet.moves {
            let side = session.position().turn();
            let rendered = session.here.render(m.mv, session.castling_mode);
            session.record_move(side, rendered, m.draw_offer, Timestamp::ZERO);
        }
        if let Some((winner, reason)) =
            laws::automatic_end(session.position(), &session.repetitions)
        {
            let loser = winner.map(|w| !w);
            session.result.set(Some(crate::core::output::GameResult {
                winner,
                loser,
                reason,
            }));
        }
        session.recorded_result = sheet.result.clone();
        session.review = Some(Review { at: 0 });
        Ok(session)
    }

    /// What a game read from a file says first, to the players: how many moves, the
    /// result, what to say, and the starting position.
    pub fn review_opening(&mut self) -> Vec<Output> {
        let mut out = Vec::new();
        for c in self.reviewers() {
            self.tell_review_start(Audience::player(c), &mut out);
        }
        self.emit_status(self.now, &mut out);
        out
    }

    /// Whether the game is being gone through.
    pub fn in_review(&self) -> bool {
        self.review.is_some()
    }

    /// While the game is gone through, the point reached in words ("Zug 15, Weiß: Turm
    /// Eva eins."), as "vor" and "zurück" say it: what a resumed review says first.
    pub fn review_point(&self) -> Option<Message> {
        self.review.map(|_| self.point_message())
    }

    /// The position shown: the game's current position, or while the game is gone
    /// through, the position at the point reached.
    pub fn shown_position(&self) -> &Chess {
        match self.review {
            Some(Review { at }) if at < self.history.len() => &self.history[at].before,
            _ => self.position(),
        }
    }

    /// The moves up to the position shown ([`Session::shown_position`]).
    pub fn shown_history(&self) -> &[Ply] {
        match self.review {
            Some(Review { at }) => &self.history[..at.min(self.history.len())],
            None => &self.history,
        }
    }

    /// Whether the position shown is the game's last (the result then stands).
    pub(super) fn shows_the_end(&self) -> bool {
        self.review.is_none_or(|r| r.at >= self.history.len())
    }

    /// The players who go through the game: the visually impaired, or both when nobody is.
    fn reviewers(&self) -> Vec<Color> {
        let impaired: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| self.setup.impaired.includes(*c))
            .collect();
        if impaired.is_empty() {
            Color::ALL.to_vec()
        } else {
            impaired
        }
    }

    /// "Partie durchgehen": at the game's end, or again from the start while going
    /// through; while the game goes on, it is refused.
    pub(super) fn start_review(&mut self, by: Actor, out: &mut Vec<Output>) {
        let to = audience(by);
        if self.result.is_none() && self.review.is_none() {
            self.tell(to, Priority::Answer, Message::new("review-not-over"), out);
            return;
        }
        self.ending = None;
        self.review = Some(Review { at: 0 });
        self.tell_review_start(to, out);
        self.emit_status(self.now, out);
    }

    fn tell_review_start(&mut self, to: Audience, out: &mut Vec<Output>) {
        let moves = self.history.len().div_ceil(2);
        let msg = Message::new("review-started")
            .arg("moves", moves)
            .arg("result", self.review_result());
        self.tell(to, Priority::Answer, msg, out);
        let msg = self.point_message();
        self.tell(to, Priority::Answer, msg, out);
    }

    /// A command while the game is gone through: the moves through it, questions on the
    /// position shown, repeat, stop and end as always; anything else is answered with what
    /// can be said.
    pub(super) fn review_command(
        &mut self,
        by: Actor,
        command: Command,
        now: Timestamp,
        out: &mut Vec<Output>,
    ) {
        let to = audience(by);
        let Some(Review { at }) = self.review else {
            return;
        };
        let last = self.history.len();
        if self.analysis_command(by, &command, out) || self.practice_command(by, &command, out) {
            return;
        }
        if matches!(
            command,
            Command::Review
                | Command::Forward
                | Command::Back
                | Command::First
                | Command::Last
                | Command::GoTo { .. }
        ) {
            self.leave_practice();
        }
        if command == Command::Ask(Question::More) && self.analysis_more(to, out) {
            return;
        }
        match command {
            Command::Review => self.start_review(by, out),
            Command::Forward | Command::Yes if at >= last => {
                let msg = Message::new("review-at-end").arg("result", self.review_result());
                self.tell(to, Priority::Answer, msg, out);
            }
            Command::Forward | Command::Yes => self.review_to(at + 1, to, now, out),
            Command::Back | Command::No | Command::Undo if at == 0 => {
                self.tell(to, Priority::Answer, Message::new("review-at-start"), out)
            }
            Command::Back | Command::No | Command::Undo => self.review_to(at - 1, to, now, out),
            Command::First => self.review_to(0, to, now, out),
            Command::Last => self.review_to(last, to, now, out),
            Command::GoTo { number, side } => match self.point_of(number, side) {
                Some(point) => self.review_to(point, to, now, out),
                None => {
                    let side = side.unwrap_or(Color::White);
                    let msg = Message::new("review-no-such-move")
                        .arg("number", number)
                        .arg("side", self.color_name(side));
                    self.tell(to, Priority::Answer, msg, out);
                }
            },
            Command::Ask(Question::Help) => {
                self.tell(to, Priority::Answer, Message::new("review-what"), out)
            }
            Command::Ask(q) => self.answer(by, &q, now, out),
            Command::Stop => out.push(Output::Hush { to }),
            Command::Repeat => self.repeat(to, out),
            Command::End | Command::Confirmed(crate::core::input::Irreversible::End) => {
                self.close(to, out)
            }
            _ => self.tell(to, Priority::Answer, Message::new("review-what"), out),
        }
    }

    /// Words that are no command while the game is gone through (no move is made).
    pub(super) fn review_words(&mut self, by: Actor, out: &mut Vec<Output>) {
        let to = audience(by);
        self.tell(to, Priority::Answer, Message::new("review-what"), out);
    }

    /// Moves to the point after `at` moves and says its move.
    fn review_to(&mut self, at: usize, to: Audience, now: Timestamp, out: &mut Vec<Output>) {
        self.review = Some(Review { at });
        self.forget_follow(to);
        let msg = self.point_message();
        self.tell(to, Priority::Answer, msg, out);
        self.emit_status(now, out);
    }

    /// The point after move `number` of `side` (white's when `None`), if the game has it.
    fn point_of(&self, number: u32, side: Option<Color>) -> Option<usize> {
        let side = side.unwrap_or(Color::White);
        self.history
            .iter()
            .position(|p| p.made.number == number && p.made.side == side)
            .map(|i| i + 1)
    }

    /// The point's move in words ("Zug 15, Weiß: Turm Eva eins."), brailled in the move
    /// list around it; the starting position with the side to move.
    fn point_message(&self) -> Message {
        let at = self.review.map_or(self.history.len(), |r| r.at);
        let Some(ply) = at.checked_sub(1).and_then(|i| self.history.get(i)) else {
            let side = self.shown_position().turn();
            return Message::new("review-start-position").arg("side", self.color_name(side));
        };
        let list: Vec<String> = (at.saturating_sub(2)..(at + 1).min(self.history.len()))
            .map(|i| {
                let text = numbered(&self.history[i]);
                if i + 1 == at {
                    format!("[{text}]")
                } else {
                    text
                }
            })
            .collect();
        Message::new("review-move")
            .arg("number", ply.made.number)
            .arg("side", self.color_name(ply.made.side))
            .arg("move", ply.made.phrase.clone())
            .arg("list", list.join(" "))
    }

    /// The game's result in words ("Weiß gewinnt."): the session's, or the one recorded
    /// in the file read.
    fn review_result(&self) -> String {
        let token = self.review_result_token().unwrap_or_default();
        let key = match token.as_str() {
            "1-0" => "white",
            "0-1" => "black",
            "1/2-1/2" => "draw",
            _ => "none",
        };
        self.phrases
            .speech(&Message::new("review-result").arg("result", key))
    }
}

impl Session {
    /// The game's result as PGN writes it: the session's, or the one recorded in the file
    /// read (`None`: none known).
    pub(super) fn review_result_token(&self) -> Option<String> {
        self.result
            .as_ref()
            .map(|r| r.pgn().to_owned())
            .or_else(|| self.recorded_result.clone())
    }
}

/// A move numbered as on the status line ("15.Te1", "15...h6").
fn numbered(ply: &Ply) -> String {
    let dots = if ply.made.side.is_white() { "." } else { "..." };
    format!("{}{dots}{}", ply.made.number, ply.san_local)
}

#[cfg(test)]
mod tests {
    use crate::core::script;

    /// What white hears (the text after `say:white`), from a script.
    fn heard(body: &str) -> Vec<String> {
        let text = format!("@0 arbiter setup vi=white lang=de confirm=window:0\n{body}");
        let run = script::run(&script::parse(&text).unwrap()).unwrap();
        run.transcript
            .iter()
            .filter_map(|l| l.split_once(" say:white ").map(|(_, t)| t.to_owned()))
            .collect()
    }

    /// A short game to its end (the fool's mate), then `body`.
    fn after_mate(body: &str) -> Vec<String> {
        let all = heard(&format!(
            "@1 white type f3\n@2 black type e5\n@3 white type g4\n@4 black type Qh4\n{body}"
        ));
        let from = all
            .iter()
            .position(|l| l.starts_with("Partie durchgehen") || l.starts_with("Durchgehen"))
            .unwrap_or(all.len());
        all[from..].to_vec()
    }

    #[test]
    fn going_through_a_finished_game() {
        let cases: [(&str, &[&str]); 4] = [
            (
                "@10 white say partie durchgehen\n@11 white say vor\n@12 white say vor\n",
                &[
                    "Partie durchgehen: 2 Züge. Schwarz gewinnt. Sagen Sie vor, zurück, Anfang, Ende oder Zug und eine Nummer.",
                    "Anfangsstellung, Weiß am Zug.",
                    "Zug 1, Weiß: Felix drei.",
                    "Zug 1, Schwarz: Eva fünf.",
                ],
            ),
            (
                "@10 white say partie durchgehen\n@11 white say ende\n@12 white say vor\n\
                 @13 white say zurück\n@14 white say anfang\n@15 white say zurück\n",
                &[
                    "Partie durchgehen: 2 Züge. Schwarz gewinnt. Sagen Sie vor, zurück, Anfang, Ende oder Zug und eine Nummer.",
                    "Anfangsstellung, Weiß am Zug.",
                    "Zug 2, Schwarz: Dame Hector vier matt.",
                    "Das war der letzte Zug. Schwarz gewinnt.",
                    "Zug 2, Weiß: Gustav vier.",
                    "Anfangsstellung, Weiß am Zug.",
                    "Das ist die Anfangsstellung.",
                ],
            ),
            (
                "@10 white say partie durchgehen\n@11 white say schwarz zug eins\n\
                 @12 white say wer ist am zug\n@13 white say zug zwei\n@14 white say zug neun\n",
                &[
                    "Partie durchgehen: 2 Züge. Schwarz gewinnt. Sagen Sie vor, zurück, Anfang, Ende oder Zug und eine Nummer.",
                    "Anfangsstellung, Weiß am Zug.",
                    "Zug 1, Schwarz: Eva fünf.",
                    "Weiß ist am Zug.",
                    "Zug 2, Weiß: Gustav vier.",
                    "Einen Zug 9 Weiß gibt es in dieser Partie nicht.",
                ],
            ),
            (
                "@10 white say partie durchgehen\n@11 white say zug eins\n@12 white type e4\n\
                 @13 white say was steht auf feld f3\n",
                &[
                    "Partie durchgehen: 2 Züge. Schwarz gewinnt. Sagen Sie vor, zurück, Anfang, Ende oder Zug und eine Nummer.",
                    "Anfangsstellung, Weiß am Zug.",
                    "Zug 1, Weiß: Felix drei.",
                    "Beim Durchgehen: vor, zurück, Anfang, Ende, Zug und eine Nummer, oder eine Frage wie wo sind meine Figuren.",
                    "Felix drei: weißer Bauer.",
                ],
            ),
        ];
        for (body, want) in cases {
            assert_eq!(after_mate(body), want, "{body}");
        }
    }

    /// FIDE Laws D.2.6: the Braille display's board and status line follow the point
    /// reached: the step view holds the position after the move shown (1.f3, Black to
    /// move, the pawn on f3, none yet on e5), not the game's last one.
    #[test]
    fn the_display_shows_the_point_reached() {
        use shakmaty::{Color, Position as _, Role, Square};
        let text = "@0 arbiter setup vi=white lang=de confirm=window:0\n\
                    @1 white type f3\n@2 black type e5\n@3 white type g4\n\
                    @4 black type Qh4\n@10 white say partie durchgehen\n@11 white say vor\n";
        let run = script::run(&script::parse(text).unwrap()).unwrap();
        let view = crate::core::step_view::StepView::of(&run.session);
        assert_eq!(view.status.last.as_deref(), Some("1.f3"));
        assert_eq!(view.status.turn, Color::Black);
        let board = view.position.board();
        assert_eq!(board.role_at(Square::F3), Some(Role::Pawn));
        assert_eq!(board.piece_at(Square::E5), None);
        assert_eq!(board.piece_at(Square::H4), None);
        assert!(
            run.session.position().is_checkmate(),
            "the game itself stays at its end"
        );
    }

    #[test]
    fn not_while_the_game_goes_on() {
        let said = heard("@1 white say partie durchgehen\n");
        assert_eq!(
            said.last().map(String::as_str),
            Some("Durchgehen geht, wenn die Partie beendet ist.")
        );
    }
}
