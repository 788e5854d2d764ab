//! FIDE Laws D.2.6: what the display shows: the documents of each mode (game, board,
//! pieces) and the window onto them, in cells.

use shakmaty::{Color, File, Position, Rank, Role, Square};

use super::BrailleTable;
use super::{CURSOR, DisplayModel, Line, Mode};
use crate::core::phrases::Message;
use crate::core::questions::PIECE_ORDER;
use crate::core::scoresheet::braille::Cell;

impl DisplayModel {
    pub(super) fn lines(&self, mode: Mode) -> Vec<Line> {
        match mode {
            Mode::Game => {
                let mut lines: Vec<Line> = self
                    .messages
                    .iter()
                    .map(|m| Line::text(self.table(), m))
                    .collect();
                lines.push(Line::text(self.table(), &self.status));
                if !self.typed.is_empty() {
                    let mut line = Line::default();
                    line.push(&typed_cells(self.table(), &self.typed), None);
                    line.push(&[CURSOR], None);
                    lines.push(line);
                }
                lines
            }
            Mode::Board => {
                let ranks: Vec<Rank> = match self.side() {
                    Color::White => Rank::ALL.into_iter().rev().collect(),
                    Color::Black => Rank::ALL.into_iter().collect(),
                };
                ranks.into_iter().map(|r| self.rank_line(r)).collect()
            }
            Mode::Pieces => [self.side(), !self.side()]
                .into_iter()
                .map(|c| self.pieces_line(c))
                .collect(),
        }
    }

    fn rank_line(&self, rank: Rank) -> Line {
        let mut line = Line::default();
        let table = self.table();
        line.push(&table.to_cells(&format!("{} ", rank.char())), None);
        for file in File::ALL {
            let sq = Square::from_coords(file, rank);
            let mut cells = match self.position.board().piece_at(sq) {
                Some(p) => {
                    let letter = self.vocab.piece_letter(p.role);
                    let letter = match p.color {
                        Color::White => letter.to_uppercase().to_string(),
                        Color::Black => letter.to_lowercase().to_string(),
                    };
                    // Two cells a square: a letter of one cell after a blank.
                    let mut c = table.to_cells(&letter);
                    while c.len() < 2 {
                        c.insert(0, Cell::BLANK);
                    }
                    c
                }
                None => vec![Cell::BLANK, Cell::from_dots(&[3, 6])],
            };
            if self.from == Some(sq)
                && let Some(first) = cells.first_mut()
            {
                // The first cell only: dot 7 may be a capital's in computer Braille.
                first.0 |= CURSOR.0;
            }
            line.push(&cells, Some(sq));
        }
        line
    }

    fn pieces_line(&self, color: Color) -> Line {
        let side = self
            .phrases
            .braille(&Message::new("display-pieces").arg("side", self.vocab.color_name(color)));
        let mut line = Line::text(self.table(), &side);
        let board = self.position.board();
        for role in PIECE_ORDER {
            for sq in board.by_piece(shakmaty::Piece { color, role }) {
                let letter = if role == Role::Pawn {
                    String::new()
                } else {
                    self.vocab.piece_letter(role).to_uppercase().to_string()
                };
                line.push(&[Cell::BLANK], None);
                line.push(&self.table().to_cells(&format!("{letter}{sq}")), Some(sq));
            }
        }
        line
    }

    /// FIDE Laws D.2.6: the cells the display shows now, `width` × `height`, row by row.
    pub fn cells(&self) -> Vec<Cell> {
        let (w, h) = (self.width, self.height);
        let mut out = vec![Cell::BLANK; w * h];
        if let Some(o) = &self.overlay {
            for (i, c) in o.cells.iter().skip(o.pan).take(w * h).enumerate() {
                out[i] = *c;
            }
            return out;
        }
        let lines = self.lines(self.mode);
        let view = self.view();
        let doc = self.doc_width();
        for row in 0..h {
            let Some(line) = lines.get(view.line + row) else {
                break;
            };
            for (col, c) in line.cells.iter().skip(view.pan).take(doc).enumerate() {
                out[row * w + col] = *c;
            }
        }
        if doc < w {
            // The status cells: the clocks at the end of the first row.
            let clocks = self.clocks.as_deref().unwrap_or_default();
            let cells = self.table().to_cells(clocks);
            let shown = cells.len().min(w - doc - 1);
            for (i, c) in cells.iter().take(shown).enumerate() {
                out[w - shown + i] = *c;
            }
        }
        out
    }

    /// The dots of the cells now as the vr protocol of BRLTTY's Virtual driver writes them
    /// (`1234|15| |…`), for tests and the benchmark.
    pub fn vr_dots(&self) -> String {
        vr_dots(&self.cells())
    }
}

/// Cells as BRLTTY's Virtual driver reports them: each cell's dots as digits, a blank cell
/// as a space, separated by `|`.
pub fn vr_dots(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| {
            if *c == Cell::BLANK {
                " ".to_owned()
            } else {
                c.dots().iter().map(|d| char::from(b'0' + d)).collect()
            }
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// The cells of typed text: dot chords (Unicode braille patterns) as themselves, the
/// characters through the display's table.
pub(super) fn typed_cells(table: &dyn BrailleTable, typed: &str) -> Vec<Cell> {
    let mut out = Vec::new();
    for c in typed.chars() {
        match Cell::from_char(c) {
            Some(cell) => out.push(cell),
            None => out.extend(table.to_cells(&c.to_string())),
        }
    }
    out
}

/// FIDE Laws D.2.6: the text of what was typed: characters as they came; if dot chords
/// (Unicode braille patterns) are among them, the whole is read back through the
/// display's table, the one its cells are written with.
pub(super) fn typed_text(table: &dyn BrailleTable, typed: &str) -> String {
    if typed.chars().any(|c| Cell::from_char(c).is_some()) {
        return table.to_text(&typed_cells(table, typed));
    }
    typed.to_owned()
}
