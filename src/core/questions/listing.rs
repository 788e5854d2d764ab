//! Lists in answers, short first: pieces grouped by kind with their plural names, squares
//! sharing a rank said once ("Bauern Anna, Bella, Cäsar, Felix zwei; David vier"), and a
//! long list cut into parts that each fit in a few seconds of speech, the rest given on
//! "mehr".

use shakmaty::{Color, File, Position, Rank, Role, Square};

use super::{Context, PIECE_ORDER, Part};
use crate::core::phrases::Message;

/// How long a part may be, in [`spoken_weight`] units: at most about 7.8 s of speech at a
/// synthesizer's default rate (espeak-ng, 175 words a minute), under the 8 s an answer may
/// take (the spoken-length table in `tests/spoken_lengths.rs` measures them).
pub const PART_BUDGET: usize = 118;

/// A rough measure of how long a text takes to say: a letter counts 1, a digit 4 (a
/// number word is long), a letter standing alone 6 (it is spelt), a pause (comma,
/// semicolon, colon, full stop) 3 or 5, a space 1. Measured with espeak-ng at its default
/// rate, a second of speech is 15 to 23 units (17 in the middle) in German, Spanish and
/// English.
pub fn spoken_weight(text: &str) -> usize {
    text.split_whitespace()
        .map(|word| {
            let letters: Vec<char> = word.chars().filter(|c| c.is_alphabetic()).collect();
            let digits = word.chars().filter(char::is_ascii_digit).count();
            let pauses: usize = word
                .chars()
                .map(|c| match c {
                    ',' => 3,
                    ';' | ':' | '.' | '?' | '!' => 5,
                    _ => 0,
                })
                .sum();
            let letters = if letters.len() == 1 { 6 } else { letters.len() };
            letters + digits * 4 + pauses + 1
        })
        .sum()
}

/// A list under headings: each item belongs to a heading (a message whose `$list` the
/// items of one run fill), and an optional opening sentence.
pub(super) struct Listing {
    /// Each item with its heading.
    pub items: Vec<(Message, String)>,
    /// How items of one heading are joined.
    pub sep: &'static str,
    /// Said before the first item (in the first part).
    pub lead: Option<Message>,
}

impl Listing {
    /// The list (not empty) in parts that each fit in [`PART_BUDGET`], with the hint that
    /// more follows on all but the last; a heading cut between two parts is said again at
    /// the start of the next. A single item too long for a part is a part of its own.
    pub fn parts(self, cx: &Context<'_>) -> Vec<Part> {
        let mut parts = Vec::new();
        let mut start = 0;
        let n = self.items.len();
        while start < n {
            let mut end = start + 1;
            while end < n && fits(&self.render(cx, start, end + 1), end + 1 < n, cx) {
                end += 1;
            }
            parts.push(Part::joined(self.render(cx, start, end), end < n));
            start = end;
        }
        parts
    }

    /// The items `start..end` under their headings, after the lead in the first part.
    fn render(&self, cx: &Context<'_>, start: usize, end: usize) -> (String, String) {
        let (speech, braille) = self.render_items(cx, start, end);
        match &self.lead {
            Some(lead) if start == 0 => (
                format!("{} {speech}", cx.say(lead)),
                format!("{} {braille}", cx.phrases.braille(lead)),
            ),
            _ => (speech, braille),
        }
    }

    /// The items `start..end` under their headings, spoken and brailled.
    fn render_items(&self, cx: &Context<'_>, start: usize, end: usize) -> (String, String) {
        let mut msgs: Vec<Message> = Vec::new();
        let mut run: Option<(&Message, Vec<&str>)> = None;
        for (head, item) in &self.items[start..end] {
            match &mut run {
                Some((h, items)) if *h == head => items.push(item),
                _ => {
                    if let Some((h, items)) = run.take() {
                        msgs.push(h.clone().arg("list", items.join(self.sep)));
                    }
                    run = Some((head, vec![item]));
                }
            }
        }
        if let Some((h, items)) = run {
            msgs.push(h.clone().arg("list", items.join(self.sep)));
        }
        let speech: Vec<String> = msgs.iter().map(|m| cx.say(m)).collect();
        let braille: Vec<String> = msgs.iter().map(|m| cx.phrases.braille(m)).collect();
        (speech.join(" "), braille.join(" "))
    }
}

/// Whether a part, with the hint when more follows, fits in [`PART_BUDGET`].
fn fits(part: &(String, String), more: bool, cx: &Context<'_>) -> bool {
    let hint = if more {
        spoken_weight(&cx.say(&Message::new("more-hint")))
    } else {
        0
    };
    spoken_weight(&part.0) + hint <= PART_BUDGET
}

impl Context<'_> {
    /// Whether the language names a square as its file and rank apart ("Eva vier"), so
    /// that squares sharing a rank can name it once; otherwise ("e4") each square is named.
    pub(super) fn rank_apart(&self) -> bool {
        let sq = Square::E4;
        self.vocab.square_name(sq)
            == format!(
                "{} {}",
                self.vocab.file_name(sq.file()),
                self.vocab.rank_name(sq.rank())
            )
    }

    /// How the groups of one kind on different ranks are joined: "; " where a group names
    /// its rank once ("Anna, Bella zwei; David vier"), else ", " ("a2, b2, d4").
    pub(super) fn group_sep(&self) -> &'static str {
        if self.rank_apart() { "; " } else { ", " }
    }

    /// One side's pieces of one kind as groups, one per rank, from the side's own back
    /// rank forward: "Anna, Bella, Cäsar, Felix zwei", "David vier"; four or more files in
    /// a row are a range ("Anna bis Hector zwei").
    pub(super) fn rank_groups(&self, color: Color, role: Role) -> Vec<String> {
        let squares: Vec<Square> = self
            .pos
            .board()
            .by_piece(shakmaty::Piece { color, role })
            .into_iter()
            .collect();
        let mut ranks: Vec<Rank> = squares.iter().map(|s| s.rank()).collect();
        ranks.sort();
        ranks.dedup();
        if color == Color::Black {
            ranks.reverse();
        }
        ranks
            .into_iter()
            .map(|rank| {
                let files: Vec<File> = squares
                    .iter()
                    .filter(|s| s.rank() == rank)
                    .map(|s| s.file())
                    .collect();
                self.rank_group(&files, rank)
            })
            .collect()
    }

    /// The squares of `files` on `rank` (ascending), the rank said once where the
    /// language allows it.
    fn rank_group(&self, files: &[File], rank: Rank) -> String {
        let apart = self.rank_apart();
        let squares: Vec<Square> = files
            .iter()
            .map(|f| Square::from_coords(*f, rank))
            .collect();
        let name = |sq: Square| {
            if apart {
                self.vocab.file_name(sq.file()).to_owned()
            } else {
                self.vocab.square_name(sq)
            }
        };
        let names = self.ranges(&squares, &name, &|sq: Square| u32::from(sq.file()));
        if apart {
            self.say(
                &Message::new("rank-group")
                    .arg("files", names)
                    .arg("rank", self.vocab.rank_name(rank)),
            )
        } else {
            names
        }
    }

    /// One side's pieces by kind (king, queen, rooks, bishops, knights, pawns), each kind
    /// named once, in the plural when several: "Türme Anna, Hector eins".
    pub(super) fn kind_groups(&self, color: Color) -> Vec<String> {
        PIECE_ORDER
            .into_iter()
            .filter_map(|role| {
                let groups = self.rank_groups(color, role);
                if groups.is_empty() {
                    return None;
                }
                let n = self
                    .pos
                    .board()
                    .by_piece(shakmaty::Piece { color, role })
                    .count();
                let piece = if n == 1 {
                    self.vocab.piece_name(role)
                } else {
                    self.vocab.piece_name_plural(role)
                };
                Some(
                    self.say(
                        &Message::new("kind-squares")
                            .arg("piece", piece)
                            .arg("squares", groups.join(self.group_sep())),
                    ),
                )
            })
            .collect()
    }

    /// What stands on `squares` (one file or one rank, in order), grouped by piece, each
    /// square named by what tells it apart on that line where the language allows it:
    /// "weiße Bauern Anna bis Hector" on a rank, "weißer König eins" on a file.
    pub(super) fn line_items(
        &self,
        squares: impl Iterator<Item = Square>,
        file: bool,
    ) -> Vec<String> {
        let apart = self.rank_apart();
        let mut groups: Vec<(shakmaty::Piece, Vec<Square>)> = Vec::new();
        for sq in squares {
            let Some(piece) = self.pos.board().piece_at(sq) else {
                continue;
            };
            match groups.iter_mut().find(|(p, _)| *p == piece) {
                Some((_, squares)) => squares.push(sq),
                None => groups.push((piece, vec![sq])),
            }
        }
        let name = |sq: Square| match (apart, file) {
            (true, true) => self.vocab.rank_name(sq.rank()).to_owned(),
            (true, false) => self.vocab.file_name(sq.file()).to_owned(),
            (false, _) => self.vocab.square_name(sq),
        };
        let index = |sq: Square| {
            if file {
                u32::from(sq.rank())
            } else {
                u32::from(sq.file())
            }
        };
        groups
            .into_iter()
            .map(|(piece, squares)| {
                let names = self.ranges(&squares, &name, &index);
                let pieces = if squares.len() == 1 {
                    self.colored_piece(piece.color, piece.role)
                } else {
                    self.colored_pieces(piece.color, piece.role)
                };
                self.say(
                    &Message::new("line-group")
                        .arg("pieces", pieces)
                        .arg("squares", names),
                )
            })
            .collect()
    }

    /// Squares in a row, named; four or more one after another (by `index`) are a range
    /// ("Anna bis Hector").
    fn ranges(
        &self,
        squares: &[Square],
        name: &dyn Fn(Square) -> String,
        index: &dyn Fn(Square) -> u32,
    ) -> String {
        let mut items = Vec::new();
        let mut i = 0;
        while i < squares.len() {
            let mut j = i;
            while j + 1 < squares.len() && index(squares[j + 1]) == index(squares[j]) + 1 {
                j += 1;
            }
            if j - i >= 3 {
                items.push(
                    self.say(
                        &Message::new("square-range")
                            .arg("from", name(squares[i]))
                            .arg("to", name(squares[j])),
                    ),
                );
                i = j + 1;
            } else {
                items.push(name(squares[i]));
                i += 1;
            }
        }
        items.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weight_grows_with_letters_digits_and_pauses() {
        assert_eq!(spoken_weight("Eva vier"), 3 + 1 + 4 + 1);
        assert_eq!(spoken_weight("e4"), 6 + 4 + 1);
        assert_eq!(spoken_weight("a, b."), 6 + 3 + 1 + 6 + 5 + 1);
        assert!(spoken_weight("14 Minuten") > spoken_weight("Minuten"));
    }
}
