//! Lists in answers, short first: pieces grouped by kind with their plural names, squares
//! sharing a rank said once ("Bauern Anna, Bella, Cäsar, Felix zwei; David vier"), and a
//! long list cut into parts that each fit in a few seconds of speech, the rest given on
//! "mehr".

use shakmaty::{Color, File, Position, Rank, Role, Square};

use super::{Context, PIECE_ORDER, Part};
use crate::core::phrases::Message;

/// How long a part may be, in [`spoken_weight`] units: about 6.5 s of speech at a
/// synthesizer's default rate (espeak-ng, 175 words a minute), under the 8 s an answer may
/// take (the spoken-length table in `tests/spoken_lengths.rs` measures them).
pub const PART_BUDGET: usize = 112;

/// A rough measure of how long a text takes to say: a letter counts 1, a digit 4 (a
/// number word is long), a letter standing alone 4 (it is spelt), a pause (comma,
/// semicolon, colon, full stop) 3 or 5, a space 1. About 17 units make a second of
/// espeak-ng at its default rate in German (16.7), Spanish (18.4) and English (18.6).
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
            let letters = if letters.len() == 1 { 4 } else { letters.len() };
            letters + digits * 4 + pauses + 1
        })
        .sum()
}

/// A list under headings: each item belongs to a heading (a message whose `$list` the
/// items of one run fill), and an optional closing sentence.
pub(super) struct Listing {
    /// Each item with its heading.
    pub items: Vec<(Message, String)>,
    /// How items of one heading are joined.
    pub sep: &'static str,
    /// Said after the last item (in the last part).
    pub tail: Option<Message>,
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
            let last = end == n;
            let part = self.render(cx, start, end);
            if last && self.tail.is_some() && !fits(&part, false, cx) {
                // The closing sentence does not fit beside the last item: it waits for
                // "mehr".
                parts.push(Part::joined(self.render_items(cx, start, end), true));
                if let Some(tail) = &self.tail {
                    parts.push(Part::joined((cx.say(tail), cx.phrases.braille(tail)), false));
                }
            } else {
                parts.push(Part::joined(part, !last));
            }
            start = end;
        }
        parts
    }

    /// The items `start..end` under their headings, with the tail after the last item.
    fn render(&self, cx: &Context<'_>, start: usize, end: usize) -> (String, String) {
        let (mut speech, mut braille) = self.render_items(cx, start, end);
        if end == self.items.len()
            && let Some(t) = &self.tail
        {
            speech = format!("{speech} {}", cx.say(t));
            braille = format!("{braille} {}", cx.phrases.braille(t));
        }
        (speech, braille)
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
    fn rank_apart(&self) -> bool {
        let sq = Square::E4;
        self.vocab.square_name(sq)
            == format!(
                "{} {}",
                self.vocab.file_name(sq.file()),
                self.vocab.rank_name(sq.rank())
            )
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
        let name = |f: File| {
            if apart {
                self.vocab.file_name(f).to_owned()
            } else {
                self.vocab.square_name(Square::from_coords(f, rank))
            }
        };
        let mut items = Vec::new();
        let mut i = 0;
        while i < files.len() {
            let mut j = i;
            while j + 1 < files.len() && u32::from(files[j + 1]) == u32::from(files[j]) + 1 {
                j += 1;
            }
            if j - i >= 3 {
                items.push(self.say(
                    &Message::new("square-range")
                        .arg("from", name(files[i]))
                        .arg("to", name(files[j])),
                ));
                i = j + 1;
            } else {
                items.push(name(files[i]));
                i += 1;
            }
        }
        let files = items.join(", ");
        if apart {
            self.say(
                &Message::new("rank-group")
                    .arg("files", files)
                    .arg("rank", self.vocab.rank_name(rank)),
            )
        } else {
            files
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
                Some(self.say(
                    &Message::new("kind-squares")
                        .arg("piece", piece)
                        .arg("squares", groups.join("; ")),
                ))
            })
            .collect()
    }

    /// What stands on `squares` (one file or one rank), each named by what tells it apart
    /// on that line where the language allows it ("vier weißer Bauer" on a file).
    pub(super) fn line_items(&self, squares: impl Iterator<Item = Square>, file: bool) -> Vec<String> {
        let apart = self.rank_apart();
        squares
            .filter_map(|sq| {
                let piece = self.pos.board().piece_at(sq)?;
                let name = match (apart, file) {
                    (true, true) => self.vocab.rank_name(sq.rank()).to_owned(),
                    (true, false) => self.vocab.file_name(sq.file()).to_owned(),
                    (false, _) => self.vocab.square_name(sq),
                };
                Some(self.say(
                    &Message::new("square-content")
                        .arg("square", name)
                        .arg("piece", self.colored_piece(piece.color, piece.role)),
                ))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weight_grows_with_letters_digits_and_pauses() {
        assert_eq!(spoken_weight("Eva vier"), 3 + 1 + 4 + 1);
        assert_eq!(spoken_weight("e4"), 4 + 4 + 1);
        assert_eq!(spoken_weight("a, b."), 4 + 3 + 1 + 4 + 5 + 1);
        assert!(spoken_weight("14 Minuten") > spoken_weight("Minuten"));
    }
}
