//! The Braille display's model (FIDE Laws D.2.6: the visually impaired player may keep the
//! score in Braille; a display is the channel without sound a deaf-blind player needs).
//!
//! Pure: what a display of `width` × `height` cells shows for the outputs and the position
//! it was given, and what each of its keys means. The device adapter (`crate::braille`)
//! only moves cells and key codes. Every cell comes from the one Braille rendering of
//! [`crate::core::scoresheet::braille`], the same one the BRF scoresheet uses, so what the
//! player reads on the display is what the scoresheet says.
//!
//! # Modes and documents
//!
//! Each mode shows a document of lines; the display is a window onto it: `height` lines
//! from the current one, `width` cells from the pan offset. The line keys move by a line,
//! the panning keys by a window (past a line's end to the next line, as BRLTTY does).
//!
//! - [`Mode::Game`]: every Braille message for the display's owner (oldest first, the last
//!   32), then the status line (last move in the language's letters, both clocks, `*` on
//!   the running one), then the typing line while something is typed. A new message moves
//!   the window onto it.
//! - [`Mode::Board`]: one rank per line, from the owner's side (White reads rank 8 first,
//!   Black rank 1): the rank's digit, a blank, then two cells per square from file a to h —
//!   a white piece is its capital letter (capital sign ⠠ and the letter), a black piece a
//!   blank and the small letter, an empty square a blank and ⠤ (`-`). The letters are the
//!   language's (de K D T L S B). A routing key over a square asks what stands there, and
//!   picks the from and to squares of a move (below).
//! - [`Mode::Pieces`]: the owner's pieces, then the opponent's, each line "Weiß: Kg1 Dd1
//!   … a2 b2" in the language's letters; a routing key over a piece asks about its square.
//!
//! In the board and piece modes a new message appears over the document until the next
//! key, so the player sees an echo or an answer without losing the place.
//!
//! # Keys
//!
//! Dot chords of the Braille keyboard arrive as characters (through the display's text
//! table) and are typed; Unicode braille patterns are read in the scoresheet's code. Enter
//! sends what is typed (SAN, the language's letters, UCI, or any command the station
//! understands typed), or confirms when nothing is typed (FIDE Laws D.2.3); Backspace
//! deletes, or cancels when nothing is typed (D.2.7); Escape cancels. Routing in the board:
//! the first key over one of the mover's own pieces picks it (its cells get dots 7 and 8),
//! the next key over another square hands the station the move `from`→`to` as a move, not
//! text ([`Event::Move`]; a pawn to the last rank becomes a queen; the echo says so and can
//! be refused), the same square again drops the pick. Every routing key also asks what stands on the square (D.2.9.d: the
//! answer goes to the asker only).

use std::collections::VecDeque;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, File, Position, Rank, Role, Square};

use crate::core::input::{Actor, Command, Event, Key, Question};
use crate::core::output::{Audience, Output};
use crate::core::phrases::{Message, PhraseError, Phrases};
use crate::core::questions::PIECE_ORDER;
use crate::core::scoresheet::braille::{Cell, cells_to_text, text_to_cells};
use crate::core::status::StatusSource;
use crate::core::time::Timestamp;
use crate::core::words::{Vocabulary, vocabulary};

/// The cell a cursor or a picked square gets: dots 7 and 8 (no character of the
/// scoresheet's six-dot code uses them).
pub const CURSOR: Cell = Cell(0b1100_0000);

/// How many messages the game document keeps.
const KEPT_MESSAGES: usize = 32;

/// What the display shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Messages, the status line, the typing line.
    Game,
    /// One rank per line (board reading).
    Board,
    /// The pieces of each side, one side per line.
    Pieces,
}

impl Mode {
    fn index(self) -> usize {
        match self {
            Mode::Game => 0,
            Mode::Board => 1,
            Mode::Pieces => 2,
        }
    }

    fn next(self) -> Mode {
        match self {
            Mode::Game => Mode::Board,
            Mode::Board => Mode::Pieces,
            Mode::Pieces => Mode::Game,
        }
    }
}

/// A key of a Braille display, as the adapter reads it (BrlAPI commands and characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DisplayKey {
    /// The previous line.
    LineUp,
    /// The next line.
    LineDown,
    /// The first line.
    Top,
    /// The last line.
    Bottom,
    /// The previous window (pan left).
    PanLeft,
    /// The next window (pan right).
    PanRight,
    /// A routing key over the cell with this index (0-based, row by row).
    Route(usize),
    /// A character typed on the Braille keyboard (a dot chord through the text table).
    Char(char),
    /// Enter: send what is typed, or confirm.
    Enter,
    /// Delete the last typed character, or cancel.
    Backspace,
    /// Drop what is typed and the picked square, and cancel.
    Escape,
    /// A named key of the station (repeat, time, help…).
    Key(Key),
    /// The next mode (game → board → pieces → game).
    NextMode,
    /// Back to the game mode, at the newest message.
    GameMode,
}

/// One line of a document: its cells and, for each cell, the square it shows.
#[derive(Clone, Debug, Default, PartialEq)]
struct Line {
    cells: Vec<Cell>,
    squares: Vec<Option<Square>>,
}

impl Line {
    fn text(text: &str) -> Line {
        let cells = text_to_cells(text);
        let squares = vec![None; cells.len()];
        Line { cells, squares }
    }

    fn push(&mut self, cells: &[Cell], square: Option<Square>) {
        self.cells.extend_from_slice(cells);
        self.squares
            .extend(std::iter::repeat_n(square, cells.len()));
    }
}

/// Where the window stands in a document.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct View {
    line: usize,
    pan: usize,
}

/// A message shown over the board or piece list until the next key.
#[derive(Clone, Debug, PartialEq)]
struct Overlay {
    cells: Vec<Cell>,
    pan: usize,
}

/// FIDE Laws D.2.6: the model of one Braille display, for one owner (a player or the
/// arbiter). See the module documentation.
pub struct DisplayModel {
    owner: Actor,
    phrases: Phrases,
    vocab: &'static Vocabulary,
    width: usize,
    height: usize,
    mode: Mode,
    views: [View; 3],
    messages: VecDeque<String>,
    status: String,
    source: Option<StatusSource>,
    position: Chess,
    typed: String,
    from: Option<Square>,
    overlay: Option<Overlay>,
}

impl std::fmt::Debug for DisplayModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DisplayModel")
            .field("owner", &self.owner)
            .field("size", &(self.width, self.height))
            .field("mode", &self.mode)
            .field("typed", &self.typed)
            .finish()
    }
}

impl DisplayModel {
    /// A display of `width` × `height` cells for `owner`, in `lang`, showing the start
    /// position until it observes the game.
    pub fn new(
        owner: Actor,
        lang: crate::core::lang::Language,
        width: usize,
        height: usize,
    ) -> Result<DisplayModel, PhraseError> {
        Ok(DisplayModel {
            owner,
            phrases: Phrases::load(lang)?,
            vocab: vocabulary(lang),
            width: width.max(1),
            height: height.max(1),
            mode: Mode::Game,
            views: [View::default(); 3],
            messages: VecDeque::new(),
            status: String::new(),
            source: None,
            position: Chess::default(),
            typed: String::new(),
            from: None,
            overlay: None,
        })
    }

    /// The display's owner.
    pub fn owner(&self) -> Actor {
        self.owner
    }

    /// The display's size changed (another display after a reconnection): any size works.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.width = width.max(1);
        self.height = height.max(1);
        for v in &mut self.views {
            v.pan = 0;
        }
        if let Some(o) = &mut self.overlay {
            o.pan = 0;
        }
    }

    /// The size, width × height cells.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The mode shown.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// What is typed and not yet sent.
    pub fn typed(&self) -> &str {
        &self.typed
    }

    /// The square picked by a routing key, if any.
    pub fn picked(&self) -> Option<Square> {
        self.from
    }

    /// The current status line.
    pub fn status(&self) -> &str {
        &self.status
    }

    fn for_me(&self, to: Audience) -> bool {
        to == Audience::All
            || match self.owner {
                Actor::Player(c) => to == Audience::player(c),
                Actor::Arbiter => to == Audience::Arbiter,
            }
    }

    /// Takes the outputs of one step: the Braille messages for the owner (and for all),
    /// and the status line.
    ///
    /// The messages of one step become one line ("e5 Zug 1."): one step's messages belong
    /// together, and shown one after the other the first would be gone before a finger
    /// reached it.
    pub fn deliver(&mut self, outputs: &[Output]) {
        let mut texts: Vec<&str> = Vec::new();
        for o in outputs {
            match o {
                Output::Braille(b) if self.for_me(b.to) => texts.push(&b.text),
                Output::Status(s) => self.status = s.clone(),
                _ => {}
            }
        }
        if !texts.is_empty() {
            self.message(texts.join(" "));
        }
    }

    fn message(&mut self, text: String) {
        if self.messages.len() >= KEPT_MESSAGES {
            self.messages.pop_front();
            let game = &mut self.views[Mode::Game.index()];
            game.line = game.line.saturating_sub(1);
        }
        self.messages.push_back(text);
        if self.mode == Mode::Game {
            self.views[0] = View {
                line: self.messages.len() - 1,
                pan: 0,
            };
        } else {
            self.overlay = Some(Overlay {
                cells: self
                    .messages
                    .back()
                    .map(|m| text_to_cells(m))
                    .unwrap_or_default(),
                pan: 0,
            });
        }
    }

    /// Follows the game after a step: the position (board reading, routing) and what the
    /// status line is made of.
    pub fn observe(&mut self, position: &Chess, status: StatusSource) {
        if self.position.board() != position.board() || self.position.turn() != position.turn() {
            self.from = None;
        }
        self.position = position.clone();
        self.source = Some(status);
    }

    /// Redraws the status line for `now` (a running clock); returns whether it changed.
    pub fn tick(&mut self, now: Timestamp) -> bool {
        let Some(source) = &self.source else {
            return false;
        };
        let line = source.line(&self.phrases, self.vocab, now);
        let changed = line != self.status;
        self.status = line;
        changed
    }

    /// Whether the status line changes with time.
    pub fn ticking(&self) -> bool {
        self.source.as_ref().is_some_and(StatusSource::ticking)
    }

    /// The side whose view the board takes (the arbiter sees White's).
    fn side(&self) -> Color {
        self.owner.color().unwrap_or(Color::White)
    }

    fn lines(&self, mode: Mode) -> Vec<Line> {
        match mode {
            Mode::Game => {
                let mut lines: Vec<Line> = self.messages.iter().map(|m| Line::text(m)).collect();
                lines.push(Line::text(&self.status));
                if !self.typed.is_empty() {
                    let mut line = Line::default();
                    line.push(&typed_cells(&self.typed), None);
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
        line.push(&text_to_cells(&format!("{} ", rank.char())), None);
        for file in File::ALL {
            let sq = Square::from_coords(file, rank);
            let mut cells = match self.position.board().piece_at(sq) {
                Some(p) => {
                    let letter = self.vocab.piece_letter(p.role);
                    match p.color {
                        Color::White => text_to_cells(&letter.to_uppercase().to_string()),
                        Color::Black => {
                            let mut c = vec![Cell::BLANK];
                            c.extend(text_to_cells(&letter.to_lowercase().to_string()));
                            c
                        }
                    }
                }
                None => vec![Cell::BLANK, Cell::from_dots(&[3, 6])],
            };
            if self.from == Some(sq) {
                for c in &mut cells {
                    c.0 |= CURSOR.0;
                }
            }
            line.push(&cells, Some(sq));
        }
        line
    }

    fn pieces_line(&self, color: Color) -> Line {
        let side = self
            .phrases
            .braille(&Message::new("display-pieces").arg("side", self.vocab.color_name(color)));
        let mut line = Line::text(&side);
        let board = self.position.board();
        for role in PIECE_ORDER {
            for sq in board.by_piece(shakmaty::Piece { color, role }) {
                let letter = if role == Role::Pawn {
                    String::new()
                } else {
                    self.vocab.piece_letter(role).to_uppercase().to_string()
                };
                line.push(&[Cell::BLANK], None);
                line.push(&text_to_cells(&format!("{letter}{sq}")), Some(sq));
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
        for row in 0..h {
            let Some(line) = lines.get(view.line + row) else {
                break;
            };
            for (col, c) in line.cells.iter().skip(view.pan).take(w).enumerate() {
                out[row * w + col] = *c;
            }
        }
        out
    }

    fn view(&self) -> View {
        let lines = self.lines(self.mode).len();
        let mut v = self.views[self.mode.index()];
        v.line = v.line.min(lines.saturating_sub(1));
        v
    }

    fn set_view(&mut self, v: View) {
        self.views[self.mode.index()] = v;
    }

    /// The status line's index in the game document.
    fn status_index(&self) -> usize {
        self.messages.len()
    }

    /// Handles a key; returns what the owner thereby asks of the session (in order).
    pub fn key(&mut self, key: DisplayKey) -> Vec<Event> {
        if let Some(o) = &mut self.overlay {
            let area = self.width * self.height;
            match key {
                DisplayKey::PanRight if o.pan + area < o.cells.len() => {
                    o.pan += area;
                    return Vec::new();
                }
                DisplayKey::PanLeft if o.pan > 0 => {
                    o.pan = o.pan.saturating_sub(area);
                    return Vec::new();
                }
                DisplayKey::Char(_)
                | DisplayKey::Enter
                | DisplayKey::Backspace
                | DisplayKey::Escape
                | DisplayKey::Key(_)
                | DisplayKey::NextMode
                | DisplayKey::GameMode => self.overlay = None,
                _ => {
                    self.overlay = None;
                    return Vec::new();
                }
            }
        }
        match key {
            DisplayKey::LineUp => self.move_line(-1),
            DisplayKey::LineDown => self.move_line(1),
            DisplayKey::Top => self.set_view(View::default()),
            DisplayKey::Bottom => {
                let last = self.lines(self.mode).len().saturating_sub(1);
                self.set_view(View { line: last, pan: 0 });
            }
            DisplayKey::PanLeft => self.pan(false),
            DisplayKey::PanRight => self.pan(true),
            DisplayKey::Route(n) => return self.route(n),
            DisplayKey::Char(c) => {
                if !c.is_control() {
                    self.typed.push(c);
                    self.from = None;
                    self.show_typing();
                }
            }
            DisplayKey::Enter => {
                if self.typed.is_empty() {
                    return vec![Event::Key(Key::Confirm)];
                }
                let text = typed_text(&std::mem::take(&mut self.typed));
                self.game_at_status();
                return vec![Event::Typed(text)];
            }
            DisplayKey::Backspace => {
                if self.typed.pop().is_some() {
                    if self.typed.is_empty() {
                        self.game_at_status();
                    }
                    return Vec::new();
                }
                if self.from.take().is_some() {
                    return Vec::new();
                }
                return vec![Event::Key(Key::Cancel)];
            }
            DisplayKey::Escape => {
                self.typed.clear();
                self.from = None;
                return vec![Event::Key(Key::Cancel)];
            }
            DisplayKey::Key(k) => return vec![Event::Key(k)],
            DisplayKey::NextMode => {
                self.mode = self.mode.next();
                if self.mode != Mode::Board {
                    self.from = None;
                }
            }
            DisplayKey::GameMode => {
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
        }
        Vec::new()
    }

    fn show_typing(&mut self) {
        self.mode = Mode::Game;
        let typing = self.status_index() + 1;
        let len = typed_cells(&self.typed).len() + 1;
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

    fn move_line(&mut self, delta: isize) {
        let count = self.lines(self.mode).len();
        let v = self.view();
        let line = v
            .line
            .saturating_add_signed(delta)
            .min(count.saturating_sub(1));
        self.set_view(View { line, pan: 0 });
    }

    fn pan(&mut self, right: bool) {
        let lines = self.lines(self.mode);
        let v = self.view();
        let w = self.width;
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

    /// The square under routing key `n`, if any.
    pub fn square_at(&self, n: usize) -> Option<Square> {
        if self.overlay.is_some() {
            return None;
        }
        let (row, col) = (n / self.width, n % self.width);
        if row >= self.height {
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

/// The cells of typed text: Unicode braille patterns as themselves, the rest in the
/// scoresheet's code.
fn typed_cells(typed: &str) -> Vec<Cell> {
    let mut out = Vec::new();
    for c in typed.chars() {
        match Cell::from_char(c) {
            Some(cell) => out.push(cell),
            None => out.extend(text_to_cells(&c.to_string())),
        }
    }
    out
}

/// The text of what was typed: characters as they came; if Unicode braille patterns are
/// among them (a table that passes dots through), the whole is read in the scoresheet's
/// code, when it reads.
fn typed_text(typed: &str) -> String {
    if typed.chars().any(|c| Cell::from_char(c).is_some())
        && let Ok(text) = cells_to_text(&typed_cells(typed))
    {
        return text;
    }
    typed.to_owned()
}

/// How long until the status line of a running clock should be redrawn: the next whole
/// second of the running side's remaining time.
pub fn next_tick(source: &StatusSource, now: Timestamp) -> Option<Duration> {
    let clock = source.clock.as_ref()?;
    let side = clock.running()?;
    let left = clock.remaining(side, now);
    let sub = left.subsec_nanos();
    Some(if sub == 0 {
        Duration::from_secs(1)
    } else {
        Duration::from_nanos(u64::from(sub))
    })
}

#[cfg(test)]
mod tests;
