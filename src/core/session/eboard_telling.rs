//! What the session says of the sighted player's electronic board (FIDE Laws D.2.9): the
//! squares that differ from the game, in Appendix D words, to both players; a take-back
//! candidate, to the arbiter.

use shakmaty::{Board, Color, Position};

use crate::core::eboard::discrepancy::{Discrepancy, discrepancies};
use crate::core::eboard::placement::differences;
use crate::core::output::{Audience, Output, Priority};
use crate::core::phrases::{Message, color_key, role_key};

use super::Session;

/// At most this many discrepancies are said; the rest are counted.
const SAID_AT_MOST: usize = 3;

impl Session {
    /// FIDE Laws D.2.9: the squares where the sighted player's board differs from the
    /// game, to both players: to the blind player "Auf dem Brett des Gegners …", to the
    /// sighted player "Auf Ihrem Brett …".
    pub(super) fn tell_differences(&mut self, placement: &Board, out: &mut Vec<Output>) {
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        watch.diverged = true;
        watch.unfit_since = None;
        let side = watch.side;
        let found = discrepancies(&differences(self.position().board(), placement));
        if found.is_empty() {
            return;
        }
        let (speech, braille) = self.discrepancy_lists(&found);
        let theirs = Message::new("board-differs-theirs")
            .arg("list", speech.clone())
            .arg("brief", braille.clone());
        let yours = Message::new("board-differs-yours")
            .arg("list", speech)
            .arg("brief", braille);
        self.tell(Audience::player(!side), Priority::Move, theirs, out);
        self.tell(Audience::player(side), Priority::Move, yours, out);
    }

    /// The discrepancies as a spoken list and a Braille list, at most [`SAID_AT_MOST`]
    /// named, the rest counted.
    fn discrepancy_lists(&self, found: &[Discrepancy]) -> (String, String) {
        let mut speech = Vec::new();
        let mut braille = Vec::new();
        for d in found.iter().take(SAID_AT_MOST) {
            let msg = self.discrepancy_message(*d);
            speech.push(self.phrases.speech(&msg));
            braille.push(self.phrases.braille(&msg));
        }
        if found.len() > SAID_AT_MOST {
            let more = Message::new("board-differs-more").arg("n", found.len() - SAID_AT_MOST);
            speech.push(self.phrases.speech(&more));
            braille.push(self.phrases.braille(&more));
        }
        (speech.join("; "), braille.join("; "))
    }

    /// One discrepancy in Appendix D words.
    fn discrepancy_message(&self, d: Discrepancy) -> Message {
        let id = match d {
            Discrepancy::Misplaced { .. } => "board-misplaced",
            Discrepancy::Missing { .. } => "board-missing",
            Discrepancy::Extra { .. } => "board-extra",
        };
        let (piece, first, second) = match d {
            Discrepancy::Misplaced {
                piece,
                found,
                expected,
            } => (piece, found, Some(expected)),
            Discrepancy::Missing { piece, square } | Discrepancy::Extra { piece, square } => {
                (piece, square, None)
            }
        };
        let colored = Message::new("colored-piece")
            .arg("piece", self.vocab.piece_name(piece.role))
            .arg("role", role_key(piece.role))
            .arg("color", color_key(piece.color));
        let mut msg = Message::new(id)
            .arg("colored", self.phrases.speech(&colored))
            .arg("piece", self.vocab.piece_name(piece.role))
            .arg("role", role_key(piece.role))
            .arg("color", color_key(piece.color))
            .arg("letter", self.vocab.piece_letter(piece.role).to_string())
            .arg("square", self.vocab.square_name(first))
            .arg("sq", first.to_string());
        if let Some(expected) = second {
            msg = msg
                .arg("expected", self.vocab.square_name(expected))
                .arg("expected_sq", expected.to_string());
        }
        msg
    }

    /// An earlier position of the game on the board: a take-back candidate (FIDE Laws
    /// D.2.8, 7.5), told to the arbiter once; never taken back by itself.
    pub(super) fn tell_earlier(
        &mut self,
        placement: &Board,
        plies_back: usize,
        out: &mut Vec<Output>,
    ) {
        let Some(watch) = self.eboard.as_mut() else {
            return;
        };
        if watch.told_earlier.as_ref() == Some(placement) {
            return;
        }
        watch.told_earlier = Some(placement.clone());
        let side = watch.side;
        let keep = self.history.len().saturating_sub(plies_back);
        let msg = match keep.checked_sub(1).and_then(|i| self.history.get(i)) {
            Some(ply) => Message::new("board-earlier")
                .arg("side", self.color_name(side))
                .arg("number", ply.made.number)
                .arg("mover", self.color_name(ply.made.side))
                .arg("plies", plies_back),
            None => Message::new("board-earlier-start")
                .arg("side", self.color_name(side))
                .arg("plies", plies_back),
        };
        self.tell(Audience::Arbiter, Priority::Answer, msg, out);
    }

    /// Says a message about the board to both players (the board's player and the blind
    /// player), each once.
    pub(super) fn tell_both(&mut self, side: Color, msg: Message, out: &mut Vec<Output>) {
        self.tell(Audience::player(!side), Priority::Move, msg.clone(), out);
        self.tell(Audience::player(side), Priority::Move, msg, out);
    }
}
