//! What each key of the display means: typing, sending, confirming and cancelling
//! (FIDE Laws D.2.3, D.2.7), the modes, and the routing keys that ask about a square
//! (D.2.9.d) and pick the squares of a move.

use shakmaty::uci::UciMove;
use shakmaty::{Position, Rank, Role, Square};

use super::render::{typed_cells, typed_text};
use super::{DisplayKey, DisplayModel, Mode, View};
use crate::core::input::{Command, Event, Key, Question};

impl DisplayModel {
    /// Handles a key; returns what the owner thereby asks of the session (in order).
    pub fn key(&mut self, key: DisplayKey) -> Vec<Event> {
        if !self.key_over_overlay(&key) {
            return Vec::new();
        }
        match key {
            DisplayKey::LineUp => self.move_line(-1),
            DisplayKey::LineDown => self.move_line(1),
            DisplayKey::Top => self.set_view(View::default()),
            DisplayKey::Bottom => self.bottom(),
            DisplayKey::PanLeft => self.pan(false),
            DisplayKey::PanRight => self.pan(true),
            DisplayKey::Route(n) => return self.route(n),
            DisplayKey::Char(c) => self.type_char(c),
            DisplayKey::Enter => return self.enter(),
            DisplayKey::Backspace => return self.backspace(),
            DisplayKey::Escape => return self.escape(),
            DisplayKey::Key(k) => return vec![Event::Key(k)],
            DisplayKey::NextMode => self.next_mode(),
            DisplayKey::GameMode => self.game_mode(),
        }
        Vec::new()
    }

    /// A key while a message covers the document: the panning keys read on through the
    /// message while there is more of it; any other key (or panning past its end) removes
    /// it and acts as it would without it: no key is lost to a message (issue 22: a
    /// routing key pressed as a message came still picks its square). Returns whether the
    /// key goes on to act.
    fn key_over_overlay(&mut self, key: &DisplayKey) -> bool {
        let area = self.width * self.height;
        let Some(o) = &mut self.overlay else {
            return true;
        };
        match key {
            DisplayKey::PanRight if o.pan + area < o.cells.len() => {
                o.pan += area;
                false
            }
            DisplayKey::PanLeft if o.pan > 0 => {
                o.pan = o.pan.saturating_sub(area);
                false
            }
            _ => {
                self.overlay = None;
                true
            }
        }
    }

    /// A character typed on the Braille keyboard (control characters are ignored).
    fn type_char(&mut self, c: char) {
        if !c.is_control() {
            self.typed.push(c);
            self.from = None;
            self.show_typing();
        }
    }

    /// FIDE Laws D.2.3: Enter sends what is typed, or confirms when nothing is typed.
    fn enter(&mut self) -> Vec<Event> {
        if self.typed.is_empty() {
            return vec![Event::Key(Key::Confirm)];
        }
        let typed = std::mem::take(&mut self.typed);
        let text = typed_text(self.table(), &typed);
        self.game_at_status();
        vec![Event::Typed(text)]
    }

    /// FIDE Laws D.2.7: Backspace deletes the last typed character, else drops the picked
    /// square, else cancels.
    fn backspace(&mut self) -> Vec<Event> {
        if self.typed.pop().is_some() {
            if self.typed.is_empty() {
                self.game_at_status();
            }
            return Vec::new();
        }
        if self.from.take().is_some() {
            return Vec::new();
        }
        vec![Event::Key(Key::Cancel)]
    }

    /// Escape drops what is typed and the picked square, and cancels.
    fn escape(&mut self) -> Vec<Event> {
        self.typed.clear();
        self.from = None;
        vec![Event::Key(Key::Cancel)]
    }

    /// The next mode; the picked square stays only in the board.
    fn next_mode(&mut self) {
        self.mode = self.mode.next();
        if self.mode != Mode::Board {
            self.from = None;
        }
    }

    /// Back to the game mode, at the newest message (or the status line).
    fn game_mode(&mut self) {
        self.mode = Mode::Game;
        self.from = None;
        let newest = if self.messages.is_empty() {
            self.status_index()
        } else {
            self.messages.len() - 1
        };
        self.set_view(View {
            line: newest,
            pan: 0,
        });
    }

    fn show_typing(&mut self) {
        self.mode = Mode::Game;
        let typing = self.status_index() + 1;
        let len = typed_cells(self.table(), &self.typed).len() + 1;
        // Keep the cursor in the window.
        let pan = len.saturating_sub(1) / self.width * self.width;
        self.views[0] = View { line: typing, pan };
    }

    fn game_at_status(&mut self) {
        if self.mode == Mode::Game {
            self.views[0] = View {
                line: self.status_index(),
                pan: 0,
            };
        }
    }

    /// The square under routing key `n`, if any.
    pub fn square_at(&self, n: usize) -> Option<Square> {
        if self.overlay.is_some() {
            return None;
        }
        let (row, col) = (n / self.width, n % self.width);
        if row >= self.height || col >= self.doc_width() {
            return None;
        }
        let v = self.view();
        let lines = self.lines(self.mode);
        let line = lines.get(v.line + row)?;
        line.squares.get(v.pan + col).copied().flatten()
    }

    fn route(&mut self, n: usize) -> Vec<Event> {
        let Some(sq) = self.square_at(n) else {
            return Vec::new();
        };
        let ask = Event::Command(Command::Ask(Question::Square(sq)));
        if self.mode != Mode::Board {
            return vec![ask];
        }
        let mover = self.position.turn();
        let mine = self.owner.color().is_none_or(|c| c == mover);
        let own_piece = self
            .position
            .board()
            .piece_at(sq)
            .is_some_and(|p| p.color == mover);
        match self.from {
            Some(f) if f == sq => {
                self.from = None;
                vec![ask]
            }
            Some(f) if !own_piece || self.is_legal(f, sq) => {
                self.from = None;
                vec![Event::Move(self.uci(f, sq))]
            }
            _ if mine && own_piece => {
                self.from = Some(sq);
                vec![ask]
            }
            _ => vec![ask],
        }
    }

    fn is_legal(&self, from: Square, to: Square) -> bool {
        self.position
            .legal_moves()
            .iter()
            .any(|m| m.from() == Some(from) && m.to() == to)
    }

    /// The move from `from` to `to`, as UCI; a pawn to the last rank becomes a queen.
    fn uci(&self, from: Square, to: Square) -> UciMove {
        let pawn = self
            .position
            .board()
            .piece_at(from)
            .is_some_and(|p| p.role == Role::Pawn);
        let promotes = pawn && matches!(to.rank(), Rank::First | Rank::Eighth);
        UciMove::Normal {
            from,
            to,
            promotion: promotes.then_some(Role::Queen),
        }
    }
}
