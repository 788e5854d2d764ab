//! Where the window stands in each mode's document: by a line, to the top or the bottom,
//! and by a window (past a line's end to the next line, as BRLTTY does).

use super::{DisplayModel, Mode, View};

impl DisplayModel {
    pub(super) fn view(&self) -> View {
        let lines = self.lines(self.mode).len();
        let mut v = self.views[self.mode.index()];
        v.line = v.line.min(lines.saturating_sub(1));
        v
    }

    /// The cells of a row the document has: the whole width, except in the board and
    /// piece modes of a wide display with a clock, where the status cells end the row
    /// ([`super::STATUS_CELLS`]).
    pub(super) fn doc_width(&self) -> usize {
        let status = self.mode != Mode::Game
            && self.clocks.is_some()
            && self.width >= super::STATUS_CELLS + 20;
        if status {
            self.width - super::STATUS_CELLS
        } else {
            self.width
        }
    }

    pub(super) fn set_view(&mut self, v: View) {
        self.views[self.mode.index()] = v;
    }

    /// The status line's index in the game document.
    pub(super) fn status_index(&self) -> usize {
        self.messages.len()
    }

    /// The last line of the document.
    pub(super) fn bottom(&mut self) {
        let last = self.lines(self.mode).len().saturating_sub(1);
        self.set_view(View { line: last, pan: 0 });
    }

    pub(super) fn move_line(&mut self, delta: isize) {
        let count = self.lines(self.mode).len();
        let v = self.view();
        let line = v
            .line
            .saturating_add_signed(delta)
            .min(count.saturating_sub(1));
        self.set_view(View { line, pan: 0 });
    }

    pub(super) fn pan(&mut self, right: bool) {
        let lines = self.lines(self.mode);
        let v = self.view();
        let w = self.doc_width();
        let len = |i: usize| lines.get(i).map_or(0, |l| l.cells.len());
        let next = if right {
            if v.pan + w < len(v.line) {
                View {
                    line: v.line,
                    pan: v.pan + w,
                }
            } else if v.line + 1 < lines.len() {
                View {
                    line: v.line + 1,
                    pan: 0,
                }
            } else {
                v
            }
        } else if v.pan > 0 {
            View {
                line: v.line,
                pan: v.pan.saturating_sub(w),
            }
        } else if v.line > 0 {
            let prev = len(v.line - 1);
            View {
                line: v.line - 1,
                pan: prev.saturating_sub(1) / w * w,
            }
        } else {
            v
        };
        self.set_view(next);
    }
}
