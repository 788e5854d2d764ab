//! FIDE Laws D.2.6: the display's Braille translation, one table both ways.
//!
//! What the display shows (messages, the status line, the board, the piece lists, what is
//! being typed) is text turned into cells by one [`BrailleTable`], and the dot chords typed
//! on the display's Braille keyboard are turned back into text by the same table, so that
//! typing what one reads always gives what one read.
//!
//! The table of a real display is liblouis's computer Braille table of the language
//! (`crate::braille::display_table`, cargo feature `braille`; docs/developers.md "Braille
//! internals"). The core only knows this trait; [`ScoresheetCode`] is the pure fallback of
//! a build without liblouis (the scoresheet's six-dot code of
//! [`crate::core::scoresheet::braille`]).

use crate::core::scoresheet::braille::{Cell, cells_to_text, text_to_cells};

/// FIDE Laws D.2.6: a Braille translation both ways (text to cells for what is shown,
/// cells to text for what is typed), with the same table.
pub trait BrailleTable: Send + Sync {
    /// The table's name, for messages and the documentation ("de-de-comp8.ctb").
    fn name(&self) -> &str;
    /// FIDE Laws D.2.6: the cells of `text` (a blank cell for each space).
    fn to_cells(&self, text: &str) -> Vec<Cell>;
    /// FIDE Laws D.2.6: the text of typed `cells` (a space for each blank cell).
    fn to_text(&self, cells: &[Cell]) -> String;
}

/// FIDE Laws D.2.6: the scoresheet's six-dot code (lower-cell digits, the capital sign, the
/// escape; [`crate::core::scoresheet::braille`]) as a display table: the pure fallback
/// for a build without liblouis and for the core's tests. Cells that do not read in that
/// code are kept as Unicode braille patterns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScoresheetCode;

impl BrailleTable for ScoresheetCode {
    fn name(&self) -> &str {
        "scoresheet"
    }

    fn to_cells(&self, text: &str) -> Vec<Cell> {
        text_to_cells(text)
    }

    fn to_text(&self, cells: &[Cell]) -> String {
        cells_to_text(cells).unwrap_or_else(|_| cells.iter().map(|c| c.to_char()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scoresheet_code_reads_back_what_it_writes() {
        for text in ["Sf3? Weiß: Kg1 (=)", "12.Sf3 W*4:57 S5:00", "sí, Peña"] {
            let cells = ScoresheetCode.to_cells(text);
            assert_eq!(ScoresheetCode.to_text(&cells), text, "{text}");
        }
    }

    #[test]
    fn cells_outside_the_scoresheet_code_stay_patterns() {
        let cells = [Cell::from_dots(&[1]), Cell::from_dots(&[7])];
        assert_eq!(ScoresheetCode.to_text(&cells), "⠁⡀");
    }
}
