//! FIDE Laws D.2.8: "If during a game different positions should arise on the two boards,
//! they must be corrected with the assistance of the arbiter and by consulting both players'
//! scoresheets. […] When the scoresheets differ, the moves shall be retraced to the point
//! where the two scoresheets agree and the arbiter shall readjust the clocks accordingly."
//!
//! [`compare`] finds that point; [`Comparison`] also names what each scoresheet has where
//! they part, however broken either is after that (a move that cannot be played, a line
//! that cannot be read), and the clocks at that point where a scoresheet has them.
//! [`Comparison::say`] says it in words, move numbers and times spelled out as a reader
//! speaks them (de "Die Partien stimmen bis einschließlich Zug 6 von Schwarz überein.
//! Dann, Zug 7 von Weiß: Lg5 gegen Le3.").

use std::time::Duration;

use shakmaty::{Chess, Color, Move, Position};

use super::pgn_in::{Partial, ReadError};
use super::refusal::move_of;
use super::{MoveError, move_label};
use crate::core::durations::spoken_duration;
use crate::core::lang::Language;
use crate::core::phrases::{Message, Phrases};
use crate::core::words::vocabulary;

/// FIDE Laws D.2.8: how far two scoresheets agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreement {
    /// The number of plies (half-moves) both scoresheets have alike from the start.
    pub agreed_plies: usize,
    /// The number of plies on the first scoresheet.
    pub len_a: usize,
    /// The number of plies on the second scoresheet.
    pub len_b: usize,
    /// The move number of the first ply (1 from the standard start).
    pub first_number: u32,
    /// Who makes the first ply (White from the standard start).
    pub first_side: Color,
}

/// FIDE Laws D.2.8: compares two scoresheets played from the standard starting position.
pub fn compare(a: &[Move], b: &[Move]) -> Agreement {
    compare_from(&Chess::default(), a, b)
}

/// FIDE Laws D.2.8: compares two scoresheets played from `start` (which numbers the moves).
pub fn compare_from(start: &Chess, a: &[Move], b: &[Move]) -> Agreement {
    let agreed_plies = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    Agreement {
        agreed_plies,
        len_a: a.len(),
        len_b: b.len(),
        first_number: start.fullmoves().get(),
        first_side: start.turn(),
    }
}

impl Agreement {
    /// FIDE Laws D.2.8: whether both scoresheets hold the same moves.
    pub fn identical(&self) -> bool {
        self.agreed_plies == self.len_a && self.agreed_plies == self.len_b
    }

    /// FIDE Laws D.2.8: how many plies each scoresheet must take back to reach the point
    /// where both agree.
    pub fn take_back(&self) -> (usize, usize) {
        (
            self.len_a - self.agreed_plies,
            self.len_b - self.agreed_plies,
        )
    }

    /// FIDE Laws C.2: the move number and side of the ply with this index (0 is the first).
    pub fn ply(&self, index: usize) -> (u32, Color) {
        let offset = index + usize::from(self.first_side == Color::Black);
        let number = self.first_number + u32::try_from(offset / 2).unwrap_or(u32::MAX);
        let side = if offset.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        (number, side)
    }

    /// FIDE Laws D.2.8: the last move both agree on ("17…" after Black's 17th, "17." after White's), or
    /// `None` if they differ from the first move.
    pub fn last_agreed(&self) -> Option<String> {
        let last = self.agreed_plies.checked_sub(1)?;
        let (number, side) = self.ply(last);
        Some(move_label(number, side))
    }

    /// FIDE Laws D.2.8: what to tell the arbiter and the players: `scoresheets-agree` when
    /// identical, `scoresheets-differ-from-start` when the first move differs, otherwise
    /// `scoresheets-agree-until` with `$move` the last move both agree on, in words ("Zug 6
    /// von Schwarz").
    pub fn message(&self, phrases: &Phrases) -> Message {
        if self.identical() {
            return Message::new("scoresheets-agree");
        }
        match self.agreed_plies.checked_sub(1) {
            None => Message::new("scoresheets-differ-from-start"),
            Some(last) => {
                let (number, side) = self.ply(last);
                Message::new("scoresheets-agree-until").arg("move", move_of(phrases, number, side))
            }
        }
    }
}

/// FIDE Laws D.2.8: what a scoresheet has at the ply where the two part.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    /// A move, in the language's notation ("Lg5").
    Move(String),
    /// A move as written that cannot be played there, and why.
    Unreadable {
        /// The move as written.
        token: String,
        /// Why it cannot be played.
        problem: MoveError,
    },
    /// Something else that cannot be read there (a line, a move number).
    Broken(ReadError),
    /// The scoresheet ends there.
    End,
}

/// FIDE Laws D.2.8: two scoresheets compared, each read as far as it goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// How far they agree.
    pub agreement: Agreement,
    /// What each has at the first ply where they part (`None` when they agree
    /// throughout and both read to the end).
    pub parting: Option<(Entry, Entry)>,
    /// Both clocks (White, Black) after the last move both agree on, from the first
    /// scoresheet that records them there.
    pub clocks: Option<(Duration, Duration)>,
}

/// FIDE Laws D.2.8: compares two scoresheets read as far as they go (the moves after the
/// point where they part may be anything), with each one's clock times where known
/// (`[%clk]`, the mover's clock after each move). Both must start from the same position.
pub fn compare_sheets(
    lang: Language,
    (a, clocks_a): (&Partial, &[Option<Duration>]),
    (b, clocks_b): (&Partial, &[Option<Duration>]),
) -> Comparison {
    let start = &a.sheet.start;
    let agreement = compare_from(start, &a.sheet.move_list(), &b.sheet.move_list());
    let k = agreement.agreed_plies;
    let whole = agreement.identical() && a.stop.is_none() && b.stop.is_none();
    let parting = (!whole).then(|| (entry(lang, a, k), entry(lang, b, k)));
    let clocks = clocks_at(&agreement, clocks_a).or_else(|| clocks_at(&agreement, clocks_b));
    Comparison {
        agreement,
        parting,
        clocks,
    }
}

/// What `sheet` has at ply `k`.
fn entry(lang: Language, sheet: &Partial, k: usize) -> Entry {
    if let Some(m) = sheet.sheet.moves.get(k) {
        let mut pos = sheet.sheet.start.clone();
        for before in &sheet.sheet.moves[..k] {
            pos.play_unchecked(before.mv);
        }
        return Entry::Move(vocabulary(lang).localized_san(&pos, m.mv));
    }
    match &sheet.stop {
        None => Entry::End,
        Some(e) => match e.unreadable_move() {
            Some((token, problem)) => Entry::Unreadable {
                token: token.to_owned(),
                problem: problem.clone(),
            },
            None => Entry::Broken(e.clone()),
        },
    }
}

/// Both clocks after the first `agreed` plies: each side's clock after its last move
/// there, when the scoresheet records both.
fn clocks_at(agreement: &Agreement, clocks: &[Option<Duration>]) -> Option<(Duration, Duration)> {
    let (mut white, mut black) = (None, None);
    for (i, clock) in clocks.iter().enumerate().take(agreement.agreed_plies) {
        if let Some(c) = clock {
            match agreement.ply(i).1 {
                Color::White => white = Some(*c),
                Color::Black => black = Some(*c),
            }
        }
    }
    Some((white?, black?))
}

impl Comparison {
    /// FIDE Laws D.2.8: the sentences to say: how far they agree, what each has where they
    /// part, and the clocks there.
    pub fn messages(&self, phrases: &Phrases) -> Vec<Message> {
        let mut out = Vec::new();
        let agreement = &self.agreement;
        if self.parting.is_some() && agreement.identical() {
            // Alike as far as both read: the agreement is up to the last move read.
            out.push(match agreement.agreed_plies.checked_sub(1) {
                None => Message::new("scoresheets-differ-from-start"),
                Some(last) => {
                    let (number, side) = agreement.ply(last);
                    Message::new("scoresheets-agree-until")
                        .arg("move", move_of(phrases, number, side))
                }
            });
        } else {
            out.push(agreement.message(phrases));
        }
        if let Some((a, b)) = &self.parting {
            let (number, side) = agreement.ply(agreement.agreed_plies);
            out.push(
                Message::new("scoresheets-then")
                    .arg("move", move_of(phrases, number, side))
                    .arg("a", say_entry(phrases, a))
                    .arg("b", say_entry(phrases, b)),
            );
        }
        if agreement.agreed_plies > 0
            && let Some((white, black)) = self.clocks
        {
            out.push(
                Message::new("scoresheets-clocks")
                    .arg("white", spoken_duration(phrases, white))
                    .arg("black", spoken_duration(phrases, black)),
            );
        }
        out
    }

    /// FIDE Laws D.2.8: [`Comparison::messages`] as one text.
    pub fn say(&self, phrases: &Phrases) -> String {
        self.messages(phrases)
            .iter()
            .map(|m| phrases.speech(m))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What a scoresheet has where the two part, in words.
fn say_entry(phrases: &Phrases, entry: &Entry) -> String {
    let msg = match entry {
        Entry::Move(san) => return san.clone(),
        Entry::Unreadable { token, problem } => Message::new("scoresheets-unreadable")
            .arg("token", token.as_str())
            .arg("problem", phrases.speech(&problem.message(phrases))),
        Entry::Broken(e) => Message::new("scoresheets-broken").arg(
            "why",
            phrases
                .speech(&e.message(phrases))
                .trim_end_matches('.')
                .to_owned(),
        ),
        Entry::End => Message::new("scoresheets-ends"),
    };
    phrases.speech(&msg)
}

#[cfg(test)]
mod tests;
