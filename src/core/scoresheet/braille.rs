//! One Braille rendering for the scoresheet and the Braille display (FIDE Laws D.2.6: the
//! visually impaired player keeps the score in Braille).
//!
//! # The code (the contract)
//!
//! Six-dot cells, uncontracted, one print character to one cell wherever possible, so that
//! a move is as short in Braille as in print and reads back exactly:
//!
//! | print | cells | Braille ASCII (BRF) |
//! |---|---|---|
//! | letters `a`–`z` | the letters ⠁ … ⠵ | `A`–`Z` |
//! | capitals `A`–`Z` | capital sign ⠠ (dot 6), then the letter | `,A`–`,Z` |
//! | digits `1`…`9`, `0` | lower-cell digits ⠂⠆⠒⠲⠢⠖⠶⠦⠔, ⠴, no number sign | `1`–`9`, `0` |
//! | `+ # x = - ( ) / . : ; ! ? * ' "` and the other ASCII signs | the cell Braille ASCII gives them (`+` ⠬, `#` ⠼, `=` ⠿, `-` ⠤, `(` ⠷, `)` ⠾, `/` ⠌, `.` ⠨ …) | the sign itself |
//! | `,` `@` and letters with accents | escape ⠈ (dot 4), then one cell | `@…` |
//!
//! Rationale, after the Braille Chess Association's code (BAUK 2015, 1.3: "each move number
//! is written as a lower number without a numeric indicator"): digits are lower-cell digits
//! everywhere, so a square is two cells (`e4` ⠑⠲) and cannot be mistaken for a letter; the
//! piece letter carries the capital sign, so a piece never reads as a file (`Bc4` ⠠⠃⠉⠲ and
//! `bxc4` ⠃⠭⠉⠲; es `Dxd4` ⠠⠙⠭⠙⠲ and `dxe5`). The piece letters are the language's (FIDE
//! Laws C.3: de K D T L S, es R D T A C, en K Q R B N), from the vocabulary. Because every
//! cell of a move is the Braille ASCII cell of its print character, a BRF scoresheet shows
//! the notation nearly as printed, in capitals: `1. e4 e5 2. Nf3` is `1 E4 E5` / `2 ,NF3`.
//!
//! The escape ⠈ (dot 4; the accent sign of English Braille) writes what has no cell of its
//! own: `,` ⠈⠂ (Braille ASCII gives the comma the capital sign's cell), `@` ⠈⠁, and the
//! letters of German and Spanish names: ä ⠈⠜, ö ⠈⠪, ü ⠈⠳, ß ⠈⠮ (the German cells), á
//! ⠈⠷, í ⠈⠌, ó ⠈⠬, ú ⠈⠾, ñ ⠈⠻ (the Spanish cells), é ⠈⠿, ç ⠈⠯; their capitals take the
//! capital sign first (`Ä` ⠠⠈⠜). Any other character is written as `?` under the escape
//! (⠈⠹) and reads back as `?`: the only lossy case.
//!
//! Worked example (es): `11. Rb1 (=)` → cells ⠂⠂⠀⠠⠗⠃⠂⠀⠷⠿⠾, Braille ASCII `11 ,RB1 (=)`.

use std::fmt;

/// FIDE Laws D.2.6: one Braille cell, dots 1–8 as bits 0–7 (the order of Unicode's
/// braille block).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Cell(pub u8);

impl Cell {
    /// FIDE Laws D.2.6: the empty cell (a space).
    pub const BLANK: Cell = Cell(0);
    /// FIDE Laws D.2.6: the capital sign, dot 6 (⠠), before a capital letter.
    pub const CAPITAL: Cell = Cell(0b10_0000);
    /// FIDE Laws D.2.6: the escape, dot 4 (⠈), before a character without a cell of its own.
    pub const ESCAPE: Cell = Cell(0b1000);

    /// FIDE Laws D.2.6: the cell with the given dots (1–8); other numbers are ignored.
    pub fn from_dots(dots: &[u8]) -> Cell {
        Cell(
            dots.iter()
                .filter(|d| (1..=8).contains(*d))
                .fold(0, |acc, d| acc | 1 << (d - 1)),
        )
    }

    /// FIDE Laws D.2.6: the dots of this cell, ascending.
    pub fn dots(self) -> Vec<u8> {
        (1..=8).filter(|d| self.0 & (1 << (d - 1)) != 0).collect()
    }

    /// FIDE Laws D.2.6: the Unicode braille pattern (U+2800 + dots).
    pub fn to_char(self) -> char {
        char::from_u32(0x2800 + u32::from(self.0)).unwrap_or(' ')
    }

    /// FIDE Laws D.2.6: the cell of a Unicode braille pattern, if `c` is one.
    pub fn from_char(c: char) -> Option<Cell> {
        let n = u32::from(c).checked_sub(0x2800)?;
        u8::try_from(n).ok().map(Cell)
    }

    /// FIDE Laws D.2.6: whether the cell uses dot 7 or 8 (not expressible in six-dot
    /// Braille ASCII).
    pub fn is_eight_dot(self) -> bool {
        self.0 & 0b1100_0000 != 0
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// North American Braille ASCII: the character of each six-dot cell (index = dots as bits).
/// The encoding of BRF files.
const BRAILLE_ASCII: &[u8; 64] =
    b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// Letters with accents written under the escape: the letter and the cell after ⠈.
const ESCAPED: [(char, u8); 13] = [
    (',', 0b00_0010), // dot 2: the literary comma
    ('@', 0b00_0001), // dot 1: UEB's @ is ⠈⠁
    ('ä', 0b01_1100), // 345
    ('ö', 0b10_1010), // 246
    ('ü', 0b11_0011), // 1256
    ('ß', 0b10_1110), // 2346
    ('á', 0b11_0111), // 12356
    ('é', 0b11_1111), // 123456
    ('í', 0b00_1100), // 34
    ('ó', 0b10_1100), // 346
    ('ú', 0b11_1110), // 23456
    ('ñ', 0b11_1011), // 12456
    ('ç', 0b10_1111), // 12346
];

/// `?` under the escape: a character the code cannot write.
const UNKNOWN: Cell = Cell(0b11_1001);

/// FIDE Laws D.2.6: why Braille ASCII text cannot be read as cells.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {found:?} is not a Braille ASCII character")]
pub struct BrailleAsciiError {
    /// The column (1-based, in characters) of the offending character.
    pub column: usize,
    /// The character found.
    pub found: char,
}

/// FIDE Laws D.2.6: why cells cannot be read back as text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellsError {
    /// A capital sign not followed by a letter.
    #[error("cell {cell}: capital sign ⠠ not followed by a letter")]
    DanglingCapital {
        /// The position (1-based) of the capital sign.
        cell: usize,
    },
    /// An escape followed by a cell that is no escaped character.
    #[error("cell {cell}: ⠈ followed by {found} is no character of the code")]
    UnknownEscape {
        /// The position (1-based) of the escape.
        cell: usize,
        /// The cell after the escape (or a blank at the end of the line).
        found: Cell,
    },
    /// A cell with dot 7 or 8.
    #[error("cell {cell}: {found} has dot 7 or 8")]
    EightDot {
        /// The position (1-based).
        cell: usize,
        /// The cell.
        found: Cell,
    },
}

/// FIDE Laws D.2.6: Unicode braille patterns (U+2800 block) of the cells, for screens and
/// Braille displays that take text.
pub fn to_unicode(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_char()).collect()
}

/// FIDE Laws D.2.6: the cells in North American Braille ASCII (the encoding of BRF files),
/// upper case; `None` if a cell uses dot 7 or 8, which six-dot Braille ASCII cannot write.
pub fn to_braille_ascii(cells: &[Cell]) -> Option<String> {
    cells
        .iter()
        .map(|c| {
            if c.is_eight_dot() {
                None
            } else {
                Some(char::from(BRAILLE_ASCII[usize::from(c.0)]))
            }
        })
        .collect()
}

/// FIDE Laws D.2.6: reads Braille ASCII (BRF) text as cells. Lower-case letters and
/// `` ` { | } ~ `` are read as their upper-case forms `@ [ \ ] ^`, as BRF readers do;
/// Unicode braille patterns of six dots are accepted as themselves.
pub fn from_braille_ascii(text: &str) -> Result<Vec<Cell>, BrailleAsciiError> {
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            ascii_cell(c)
                .or_else(|| Cell::from_char(c).filter(|cell| !cell.is_eight_dot()))
                .ok_or(BrailleAsciiError {
                    column: i + 1,
                    found: c,
                })
        })
        .collect()
}

/// The cell of one Braille ASCII character.
fn ascii_cell(c: char) -> Option<Cell> {
    let upper = match c {
        'a'..='z' => c.to_ascii_uppercase(),
        '`' => '@',
        '{' => '[',
        '|' => '\\',
        '}' => ']',
        '~' => '^',
        c => c,
    };
    let b = u8::try_from(upper).ok()?;
    BRAILLE_ASCII
        .iter()
        .position(|x| *x == b)
        .and_then(|i| u8::try_from(i).ok())
        .map(Cell)
}

/// The cell Braille ASCII gives an ASCII character (letters upper case).
fn cell_of(c: char) -> Option<Cell> {
    ascii_cell(c.to_ascii_uppercase())
}

/// FIDE Laws D.2.6 and C.3–C.13: plain text (the scoresheet's notation, names, dates,
/// numbers, the signs of chess notation) as six-dot cells in the code of this module (see
/// the module documentation): letters, capital sign before capitals, lower-cell digits,
/// Braille ASCII signs, the escape for the rest. White space becomes blank cells.
pub fn text_to_cells(text: &str) -> Vec<Cell> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 4);
    for c in text.chars() {
        if c.is_whitespace() {
            out.push(Cell::BLANK);
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.extend(cell_of(c));
        } else if c.is_ascii_uppercase() {
            out.push(Cell::CAPITAL);
            out.extend(cell_of(c));
        } else if let Some(cell) = escaped(c) {
            out.push(Cell::ESCAPE);
            out.push(cell);
        } else if let Some(cell) = c.to_lowercase().next().and_then(escaped)
            && c.is_uppercase()
        {
            out.extend([Cell::CAPITAL, Cell::ESCAPE, cell]);
        } else if let Some(cell) = c.is_ascii().then(|| cell_of(c)).flatten() {
            out.push(cell);
        } else {
            out.extend([Cell::ESCAPE, UNKNOWN]);
        }
    }
    out
}

/// The cell after the escape for `c`, if `c` is written under the escape.
fn escaped(c: char) -> Option<Cell> {
    ESCAPED.iter().find(|(x, _)| *x == c).map(|(_, d)| Cell(*d))
}

/// FIDE Laws D.2.6: reads cells of this module's code back as text (the inverse of
/// [`text_to_cells`]; blank cells become spaces).
pub fn cells_to_text(cells: &[Cell]) -> Result<String, CellsError> {
    let mut out = String::with_capacity(cells.len());
    let mut i = 0;
    while i < cells.len() {
        let cell = cells[i];
        if cell.is_eight_dot() {
            return Err(CellsError::EightDot {
                cell: i + 1,
                found: cell,
            });
        }
        let capital = cell == Cell::CAPITAL;
        let start = i;
        if capital {
            i += 1;
        }
        let current = cells.get(i).copied().unwrap_or(Cell::BLANK);
        let c = if current == Cell::ESCAPE {
            let next = cells.get(i + 1).copied().unwrap_or(Cell::BLANK);
            i += 1;
            match next {
                UNKNOWN => '?',
                _ => ESCAPED
                    .iter()
                    .find(|(_, d)| *d == next.0)
                    .map(|(c, _)| *c)
                    .ok_or(CellsError::UnknownEscape {
                        cell: i,
                        found: next,
                    })?,
            }
        } else {
            char::from(BRAILLE_ASCII[usize::from(current.0 & 0b11_1111)])
        };
        if capital {
            if !c.is_alphabetic() {
                return Err(CellsError::DanglingCapital { cell: start + 1 });
            }
            out.extend(c.to_uppercase());
        } else if c.is_ascii_uppercase() {
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
        i += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braille_ascii_table_matches_the_standard() {
        // North American Braille ASCII, cell by cell.
        for (dots, ascii) in [
            (&[1][..], 'A'),
            (&[2], '1'),
            (&[1, 2], 'B'),
            (&[3], '\''),
            (&[4], '@'),
            (&[5], '"'),
            (&[6], ','),
            (&[2, 5, 6], '4'),
            (&[3, 5, 6], '0'),
            (&[3, 4, 5, 6], '#'),
            (&[3, 4, 6], '+'),
            (&[1, 3, 4, 6], 'X'),
            (&[1, 2, 3, 4, 5, 6], '='),
            (&[4, 6], '.'),
            (&[3, 6], '-'),
            (&[1, 2, 3, 5, 6], '('),
            (&[2, 3, 4, 5, 6], ')'),
            (&[2, 4, 5, 6], 'W'),
            (&[1, 3, 5, 6], 'Z'),
            (&[4, 5], '^'),
            (&[4, 5, 6], '_'),
        ] {
            let cell = Cell::from_dots(dots);
            assert_eq!(
                to_braille_ascii(&[cell]),
                Some(ascii.to_string()),
                "{dots:?}"
            );
            assert_eq!(from_braille_ascii(&ascii.to_string()), Ok(vec![cell]));
        }
        // Every cell is one character, and the table is a bijection.
        let all: Vec<Cell> = (0..64).map(Cell).collect();
        let ascii = to_braille_ascii(&all).unwrap();
        assert_eq!(ascii.len(), 64);
        assert_eq!(from_braille_ascii(&ascii), Ok(all));
    }

    #[test]
    fn unicode_and_dots() {
        assert_eq!(to_unicode(&[Cell(0), Cell(1), Cell(0xff)]), "⠀⠁⣿");
        assert_eq!(Cell::from_dots(&[1, 2, 4, 5]).dots(), [1, 2, 4, 5]);
        assert_eq!(Cell::from_char('⠙'), Some(Cell::from_dots(&[1, 4, 5])));
        assert_eq!(Cell::from_char('d'), None);
        assert_eq!(Cell(0b0100_0001).to_string(), "⡁");
    }

    #[test]
    fn eight_dot_cells_have_no_braille_ascii() {
        assert_eq!(to_braille_ascii(&[Cell(1), Cell::from_dots(&[7])]), None);
        assert_eq!(to_braille_ascii(&[Cell::from_dots(&[1, 8])]), None);
        assert_eq!(to_braille_ascii(&[]), Some(String::new()));
    }

    #[test]
    fn reads_lower_case_and_unicode_brf() {
        assert_eq!(from_braille_ascii("e4 ,nf3"), from_braille_ascii("E4 ,NF3"));
        assert_eq!(from_braille_ascii("{|}~`"), from_braille_ascii("[\\]^@"));
        assert_eq!(from_braille_ascii("⠑⠲"), from_braille_ascii("E4"));
    }

    #[test]
    fn rejects_what_is_no_braille_ascii() {
        for (text, column, found) in [("E4\tE5", 3, '\t'), ("Ä", 1, 'Ä'), ("AB⣿", 3, '⣿')] {
            assert_eq!(
                from_braille_ascii(text),
                Err(BrailleAsciiError { column, found }),
                "{text:?}"
            );
        }
        assert_eq!(
            from_braille_ascii("ab\u{7f}").unwrap_err().to_string(),
            "column 3: '\\u{7f}' is not a Braille ASCII character"
        );
    }

    #[test]
    fn chess_notation_in_braille_ascii() {
        for (text, brf) in [
            ("e4", "E4"),
            ("Nf3", ",NF3"),
            ("Cf3", ",CF3"),
            ("Sf3", ",SF3"),
            ("bxc4", "BXC4"),
            ("Bxc4", ",BXC4"),
            ("Dxd4+", ",DXD4+"),
            ("0-0-0", "0-0-0"),
            ("e8=D#", "E8=,D#"),
            ("exd6 a.p.", "EXD6 A.P."),
            ("11. Rb1 (=)", "11. ,RB1 (=)"),
            ("1/2-1/2", "1/2-1/2"),
            ("40/5400+30:1800+30", "40/5400+30:1800+30"),
            ("2025.03.14", "2025.03.14"),
            ("Weiß: Müller, Ana", ",WEI@!: ,M@\\LLER@1 ,ANA"),
            ("Peña Ñ", ",PE@]A ,@]"),
            ("x@y", "X@AY"),
        ] {
            let cells = text_to_cells(text);
            assert_eq!(to_braille_ascii(&cells).as_deref(), Some(brf), "{text}");
            assert_eq!(cells_to_text(&cells).as_deref(), Ok(text), "{text}");
        }
    }

    #[test]
    fn the_worked_example_of_the_module_docs() {
        let cells = text_to_cells("11 Rb1 (=)");
        assert_eq!(to_unicode(&cells), "⠂⠂⠀⠠⠗⠃⠂⠀⠷⠿⠾");
    }

    #[test]
    fn unknown_characters_become_question_marks() {
        let cells = text_to_cells("Łódź ½");
        assert_eq!(cells_to_text(&cells).unwrap(), "?ód? ?");
        assert_eq!(cells_to_text(&text_to_cells("ÄÖÜ")).unwrap(), "ÄÖÜ");
    }

    #[test]
    fn cells_errors_say_where() {
        let cap = Cell::CAPITAL;
        for (cells, want) in [
            (
                vec![Cell(1), cap, Cell(2)],
                CellsError::DanglingCapital { cell: 2 },
            ),
            (vec![cap], CellsError::DanglingCapital { cell: 1 }),
            (
                vec![Cell::ESCAPE, Cell(3)],
                CellsError::UnknownEscape {
                    cell: 1,
                    found: Cell(3),
                },
            ),
            (
                vec![Cell(1), Cell(0x41)],
                CellsError::EightDot {
                    cell: 2,
                    found: Cell(0x41),
                },
            ),
        ] {
            assert_eq!(cells_to_text(&cells), Err(want.clone()), "{want}");
        }
    }
}
