//! Lists in answers, short first: pieces grouped by kind as lichess's blind mode groups
//! them ("Springer: Bella eins, Gustav eins"), four or more squares in a row on a rank a
//! range ("Bauern: Anna bis Hector zwei"), the display's form in Braille notation ("Sb1
//! Sg1", FIDE Laws D.2.6), and a long list cut into parts that each fit in about eight
//! seconds of speech, the rest given on "mehr".

use shakmaty::{Color, Position, Rank, Role, Square};

use super::{Context, PIECE_ORDER, Part};
use crate::core::lang::Language;
use crate::core::phrases::{Message, braille_case, color_key, sentence_case};

/// How long a part may be, in [`spoken_weight`] units: about 7.5 s of German speech at a
/// synthesizer's default rate (espeak-ng, 175 words a minute), under the 8 s an answer may
/// take (the spoken-length table in `tests/it/speech/spoken_lengths.rs` measures them).
pub const PART_BUDGET: usize = 120;

/// [`PART_BUDGET`] for a language: Spanish and English say more units a second (about 18
/// and 19 against German's 16), so their parts hold more for the same seven and a half
/// seconds.
pub fn part_budget(lang: Language) -> usize {
    match lang {
        Language::De => PART_BUDGET,
        Language::Es => PART_BUDGET * 17 / 16,
        Language::En => PART_BUDGET * 19 / 16,
    }
}

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

/// One item of a list, as it is said and as it is brailled: the spoken words ("Springer:
/// Bella eins, Gustav eins") and the Braille notation (FIDE Laws D.2.6, C.5: "Sb1 Sg1").
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Item {
    /// What is said.
    pub speech: String,
    /// What the display shows.
    pub braille: String,
    /// The kind of piece the item's squares belong to ("Springer"), said once before a
    /// run of them in a part (and again when the run goes on in the next part).
    pub kind: Option<String>,
}

impl Item {
    /// An item said and brailled alike (a count, a word).
    pub fn same(text: String) -> Item {
        Item {
            braille: text.clone(),
            speech: text,
            kind: None,
        }
    }
}

/// A list under headings: each item belongs to a heading (a message whose `$list` the
/// items of one run fill).
pub(super) struct Listing {
    /// Each item with its heading.
    pub items: Vec<(Message, Item)>,
    /// How items of one heading are joined when said.
    pub sep: &'static str,
    /// How they are joined on the display.
    pub braille_sep: &'static str,
    /// A part never cuts the items of one heading (one piece's squares, "wohin kann"),
    /// unless they alone are longer than a part.
    pub whole_heads: bool,
}

impl Listing {
    /// The list (not empty) in parts that each fit in [`part_budget`], with the hint that
    /// more follows on all but the last; a heading cut between two parts is said again at
    /// the start of the next. A part ends where a kind's run ends ("Läufer Cäsar, Felix
    /// eins" stays together, as lichess's blind mode groups them), and with
    /// [`Listing::whole_heads`] where a heading's items end, unless the run alone is longer
    /// than a part. A single item too long for a part is a part of its own.
    pub fn parts(self, cx: &Context<'_>) -> Vec<Part> {
        let mut parts = Vec::new();
        let mut start = 0;
        let n = self.items.len();
        while start < n {
            let mut end = start + 1;
            while end < n && fits(&self.render_items(cx, start, end + 1), end + 1 < n, cx) {
                end += 1;
            }
            let end = self.run_start(start, end);
            parts.push(Part::joined(self.render_items(cx, start, end), end < n));
            start = end;
        }
        parts
    }

    /// Where a part `start..end` should end so as not to cut a kind's run (or with
    /// [`Listing::whole_heads`] a heading's items): back to the start of the run that
    /// `end` would cut, unless that leaves the part empty.
    fn run_start(&self, start: usize, end: usize) -> usize {
        let same_run = |i: usize| {
            let ((head_a, a), (head_b, b)) = (&self.items[i - 1], &self.items[i]);
            head_a == head_b && (self.whole_heads || (a.kind.is_some() && a.kind == b.kind))
        };
        if end >= self.items.len() {
            return end;
        }
        let mut cut = end;
        while cut > start && same_run(cut) {
            cut -= 1;
        }
        if cut == start { end } else { cut }
    }

    /// The spoken items of one heading, those of one kind after the kind's name
    /// ("Springer Bella eins; Felix drei": the squares of one rank are one item, the ranks
    /// joined by "; " where the language names the rank apart, else "Knights b1, f3"), the
    /// kinds joined by `sep`, other items too.
    fn said_by_kind(&self, cx: &Context<'_>, items: &[&Item]) -> String {
        let within = cx.rank_sep();
        let mut groups: Vec<(Option<&str>, Vec<&str>)> = Vec::new();
        for item in items {
            match groups.last_mut() {
                Some((kind, squares)) if kind.is_some() && *kind == item.kind.as_deref() => {
                    squares.push(&item.speech);
                }
                _ => groups.push((item.kind.as_deref(), vec![&item.speech])),
            }
        }
        let said: Vec<String> = groups
            .into_iter()
            .map(|(kind, squares)| match kind {
                Some(piece) => cx.say(
                    &Message::new("kind-squares")
                        .arg("piece", piece)
                        .arg("squares", squares.join(within)),
                ),
                None => squares.join(self.sep),
            })
            .collect();
        said.join(self.sep)
    }

    /// The items `start..end` under their headings, spoken and brailled.
    fn render_items(&self, cx: &Context<'_>, start: usize, end: usize) -> (String, String) {
        let mut runs: Vec<(&Message, Vec<&Item>)> = Vec::new();
        for (head, item) in &self.items[start..end] {
            match runs.last_mut() {
                Some((h, items)) if *h == head => items.push(item),
                _ => runs.push((head, vec![item])),
            }
        }
        let mut speech = Vec::new();
        let mut braille = Vec::new();
        for (head, items) in runs {
            let said = self.said_by_kind(cx, &items);
            let shown: Vec<&str> = items.iter().map(|i| i.braille.as_str()).collect();
            // Each heading is a sentence of its own ("Knight b1: a3, c3. Knight g1: f3."),
            // its first word a capital however the part was cut.
            let said = cx.say(&head.clone().arg("list", said));
            let shown = head.clone().arg("list", shown.join(self.braille_sep));
            braille.push(braille_case(&said, cx.phrases.braille(&shown)));
            speech.push(sentence_case(said));
        }
        (speech.join(" "), braille.join(" "))
    }
}

/// Whether a part, with the hint when more follows, fits in the language's
/// [`part_budget`].
fn fits(part: &(String, String), more: bool, cx: &Context<'_>) -> bool {
    let hint = if more {
        spoken_weight(&cx.say(&Message::new("more-hint")))
    } else {
        0
    };
    spoken_weight(&part.0) + hint <= part_budget(cx.phrases.lang())
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

    /// A piece on a square in the language's notation (FIDE Laws C.5, D.2.6: "Sb1"; a
    /// pawn by its square alone).
    fn notation(&self, role: Role, sq: Square) -> String {
        if role == Role::Pawn {
            sq.to_string()
        } else {
            format!("{}{sq}", self.vocab.piece_letter(role))
        }
    }

    /// How the squares of one kind are joined: where the language names the rank apart
    /// ("Eva vier"), each item is one rank's squares ("Anna, Bella zwei") and the ranks are
    /// joined by "; "; otherwise each square is an item, joined by ", ".
    pub(super) fn rank_sep(&self) -> &'static str {
        if self.rank_apart() { "; " } else { ", " }
    }

    /// One side's pieces of one kind, from the side's own back rank forward, as the user
    /// guide groups them: where the language names the rank apart, one item a rank, its
    /// squares' files then the rank once ("Anna, Bella, Eva bis Hector zwei"), four or more
    /// files in a row a range; otherwise each square an item ("a2", "e2 to h2"). On the
    /// display in notation ("Sb1", "a2 b2 c2 d2").
    pub(super) fn squares_of(&self, color: Color, role: Role) -> Vec<Item> {
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
        let shown = |run: &[Square]| -> String {
            let shown: Vec<String> = run.iter().map(|sq| self.notation(role, *sq)).collect();
            shown.join(" ")
        };
        let mut items = Vec::new();
        for rank in ranks {
            let on_rank: Vec<Square> = squares
                .iter()
                .copied()
                .filter(|s| s.rank() == rank)
                .collect();
            if self.rank_apart() {
                let files: Vec<String> = runs(&on_rank)
                    .into_iter()
                    .map(|run| self.files_name(run))
                    .collect();
                let speech = self.say(
                    &Message::new("rank-group")
                        .arg("files", files.join(", "))
                        .arg("rank", self.vocab.rank_name(rank)),
                );
                items.push(Item {
                    speech,
                    braille: shown(&on_rank),
                    kind: None,
                });
                continue;
            }
            for run in runs(&on_rank) {
                items.push(Item {
                    speech: self.run_name(run),
                    braille: shown(run),
                    kind: None,
                });
            }
        }
        items
    }

    /// The files of a run of squares on one rank: one file by its name, four or more a
    /// range ("Eva bis Hector").
    fn files_name(&self, run: &[Square]) -> String {
        let (Some(from), Some(to)) = (run.first(), run.last()) else {
            return String::new();
        };
        if run.len() < 4 {
            return self.vocab.file_name(from.file()).to_owned();
        }
        self.say(
            &Message::new("square-range")
                .arg("from", self.vocab.file_name(from.file()))
                .arg("to", self.vocab.file_name(to.file())),
        )
    }

    /// Squares of one rank, for a language that names squares whole ("e4"): one square by
    /// its name, a run of four or more a range ("e2 to h2").
    fn run_name(&self, run: &[Square]) -> String {
        let (Some(from), Some(to)) = (run.first(), run.last()) else {
            return String::new();
        };
        if run.len() < 4 {
            return self.vocab.square_name(*from);
        }
        self.say(
            &Message::new("square-range")
                .arg("from", self.vocab.square_name(*from))
                .arg("to", self.vocab.square_name(*to)),
        )
    }

    /// One side's pieces by kind (king, queen, rooks, bishops, knights, pawns), as lichess's
    /// blind mode lists them: each kind named once, in the plural when several, then its
    /// squares ("Türme Anna, Hector eins"); on the display "Ta1 Th1".
    pub(super) fn kind_groups(&self, color: Color) -> Vec<Item> {
        let mut items = Vec::new();
        for role in PIECE_ORDER {
            let squares = self.squares_of(color, role);
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
            items.extend(squares.into_iter().map(|i| Item {
                kind: Some(piece.to_owned()),
                ..i
            }));
        }
        items
    }

    /// What stands on `squares` (one file or one rank, in order), grouped by piece, each
    /// square named by what tells it apart on that line where the language allows it:
    /// "weiße Bauern Anna bis Hector" on a rank, "weißer König eins" on a file; on the
    /// display in notation ("W Ta1 Th1").
    pub(super) fn line_items(
        &self,
        squares: impl Iterator<Item = Square>,
        file: bool,
    ) -> Vec<Item> {
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
                let notation: Vec<String> = squares
                    .iter()
                    .map(|sq| self.notation(piece.role, *sq))
                    .collect();
                let msg = Message::new("line-group")
                    .arg("pieces", pieces)
                    .arg("squares", names)
                    .arg("color", color_key(piece.color))
                    .arg("notation", notation.join(" "));
                Item {
                    speech: self.say(&msg),
                    braille: self.phrases.braille(&msg),
                    kind: None,
                }
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

/// Squares of one rank (ascending by file) as runs: four or more files in a row are one
/// run, every other square a run of its own.
fn runs(squares: &[Square]) -> Vec<&[Square]> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < squares.len() {
        let mut j = i;
        while j + 1 < squares.len()
            && u32::from(squares[j + 1].file()) == u32::from(squares[j].file()) + 1
        {
            j += 1;
        }
        if j - i >= 3 {
            out.push(&squares[i..=j]);
            i = j + 1;
        } else {
            out.push(&squares[i..=i]);
            i += 1;
        }
    }
    out
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
