//! The "Welcher …?" question (FIDE Laws D.2.1: a move is announced clearly; when the words
//! fit several legal moves, the station asks which). It names at most three moves; with
//! more, it asks for the one word that tells them apart (the piece, the origin, the target),
//! and for a promotion without the piece, which piece. The answer is matched against the
//! candidates alone ([`crate::core::words::MovePhrases::resolve`] with `among`).

use shakmaty::{Move, Role, Square};

use crate::core::phrases::{Message, role_key};

use super::Session;

/// The most moves the question names one by one, and the most options it offers for the
/// distinguishing word (a promotion's four pieces are always offered).
const MAX_NAMED: usize = 3;

/// What tells the candidates apart, in the order tried when the groups are equally many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    Origin,
    Target,
    Role,
}

impl Session {
    /// The "Welcher …?" question when several moves fit.
    pub(super) fn which_message(&self, candidates: &[Move]) -> Message {
        if let Some(msg) = self.which_promotion(candidates) {
            return msg;
        }
        if candidates.len() <= MAX_NAMED {
            return self.which_named(candidates);
        }
        let best = [Word::Origin, Word::Target, Word::Role]
            .into_iter()
            .map(|w| (w, groups(candidates, w)))
            .filter(|(_, n)| (2..=MAX_NAMED).contains(n))
            .max_by_key(|(w, n)| (*n, std::cmp::Reverse(*w as u8)));
        match best {
            Some((word, _)) => self.which_word(candidates, word),
            None => Message::new("which-many").arg("count", candidates.len()),
        }
    }

    /// "Welche neue Figur: Dame, Turm, Läufer oder Springer?" when the candidates are the
    /// promotions of one pawn to one square (FIDE Laws 3.7.5.1, D.2.1).
    fn which_promotion(&self, candidates: &[Move]) -> Option<Message> {
        let first = candidates.first()?;
        let one_pawn = candidates
            .iter()
            .all(|m| m.is_promotion() && m.from() == first.from() && m.to() == first.to());
        if !one_pawn || candidates.len() < 2 {
            return None;
        }
        let mut roles: Vec<Role> = candidates.iter().filter_map(|m| m.promotion()).collect();
        roles.sort_by_key(|r| std::cmp::Reverse(*r as u8));
        let options: Vec<String> = roles
            .iter()
            .map(|r| self.vocab.piece_name(*r).to_owned())
            .collect();
        Some(Message::new("which-promotion").arg("options", self.join_or(&options)))
    }

    /// At most three candidates, named: "Welcher Springer: von Bella oder von Felix?" when
    /// one kind of piece goes to one square from different origins; otherwise the whole
    /// moves, so that an answer naming an origin cannot pick a move to another square.
    fn which_named(&self, candidates: &[Move]) -> Message {
        let same_target = candidates.windows(2).all(|w| w[0].to() == w[1].to());
        if same_target && groups(candidates, Word::Origin) == candidates.len() {
            return self.which_word(candidates, Word::Origin);
        }
        let options: Vec<String> = candidates.iter().map(|m| self.here.announce(*m)).collect();
        Message::new("which-move").arg("options", self.join_or(&options))
    }

    /// Asks for the word that tells the candidates apart: "Welcher Springer: von Bella
    /// oder von Gustav?", "Welcher Läufer: nach Cäsar vier oder nach Felix vier?",
    /// "Welche Figur: Springer oder Läufer?".
    fn which_word(&self, candidates: &[Move], word: Word) -> Message {
        let role = candidates.first().map(|m| m.role()).unwrap_or(Role::Pawn);
        let same_role = candidates.iter().all(|m| m.role() == role);
        let options: Vec<String> = match word {
            Word::Role => {
                let roles = distinct(candidates.iter().map(|m| m.role() as u8));
                let names = roles.iter().filter_map(|r| {
                    Role::ALL
                        .into_iter()
                        .find(|x| *x as u8 == *r)
                        .map(|x| self.vocab.piece_name(x).to_owned())
                });
                let names: Vec<String> = names.collect();
                return Message::new("which-role").arg("options", self.join_or(&names));
            }
            Word::Origin => self.options(candidates.iter().filter_map(|m| m.from()), "option-from"),
            Word::Target => self.options(candidates.iter().map(|m| m.to()), "option-to"),
        };
        if same_role {
            Message::new("which-piece")
                .arg("piece", self.vocab.piece_name(role))
                .arg("role", role_key(role))
                .arg("options", self.join_or(&options))
        } else {
            Message::new("which-move").arg("options", self.join_or(&options))
        }
    }

    /// The distinct squares as options ("von Bella", "nach Felix drei"): the file alone
    /// when it tells them apart, otherwise the square.
    fn options(&self, squares: impl Iterator<Item = Square>, id: &'static str) -> Vec<String> {
        let squares: Vec<Square> = distinct(squares);
        let files = distinct(squares.iter().map(|s| s.file()));
        squares
            .iter()
            .map(|sq| {
                let name = if files.len() == squares.len() {
                    self.vocab.file_name(sq.file()).to_owned()
                } else {
                    self.vocab.square_name(*sq)
                };
                self.phrases.speech(&Message::new(id).arg("square", name))
            })
            .collect()
    }
}

/// How many groups the distinguishing `word` splits the candidates into.
fn groups(candidates: &[Move], word: Word) -> usize {
    match word {
        Word::Origin => {
            if candidates.windows(2).any(|w| w[0].role() != w[1].role()) {
                return 0;
            }
            distinct(candidates.iter().filter_map(|m| m.from())).len()
        }
        Word::Target => distinct(candidates.iter().map(|m| m.to())).len(),
        Word::Role => distinct(candidates.iter().map(|m| m.role() as u8)).len(),
    }
}

/// The distinct items, in their first order.
fn distinct<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    for x in items {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}
