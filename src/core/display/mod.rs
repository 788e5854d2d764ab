//! The Braille display's model (FIDE Laws D.2.6: the visually impaired player may keep the
//! score in Braille; a display is the channel without sound a deaf-blind player needs).
//!
//! Pure: what a display of `width` × `height` cells shows for the outputs and the position
//! it was given, and what each of its keys means. The device adapter (`crate::braille`)
//! only moves cells and key codes. Every cell comes from one [`BrailleTable`], and the dot
//! chords typed on the display go back through the same table, so typing what one reads
//! gives what one read: on a real display the language's computer Braille from liblouis
//! (`crate::braille::display_table`; docs/developers.md "Braille internals"), in a build
//! without liblouis the scoresheet's code ([`ScoresheetCode`]). The layout of chess
//! notation is the scoresheet's ([`crate::core::scoresheet::braille`]): one cell per print
//! character, no number sign, the piece letter a capital, so a move reads as it is
//! printed.
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
//!   a white piece is its capital letter (in computer Braille one cell with dot 7, after a
//!   blank; in the scoresheet's code the capital sign ⠠ and the letter), a black piece a
//!   blank and the small letter, an empty square a blank and ⠤ (`-`). The letters are the
//!   language's (de K D T L S B). A routing key over a square asks what stands there, and
//!   picks the from and to squares of a move (below).
//! - [`Mode::Pieces`]: the owner's pieces, then the opponent's, each line "Weiß: Kg1 Dd1
//!   … a2 b2" in the language's letters; a routing key over a piece asks about its square.
//!
//! In the board and piece modes a new message appears over the document until the next
//! key, so the player sees an echo or an answer without losing the place. That key is
//! never lost to the message: the panning keys read on through a message longer than the
//! window, every other key (and panning past its end) removes it and acts as it would
//! without it, so a routing key pressed as a message came picks the square under the
//! finger (issue 22). Clock reminders and the final countdown (FIDE Laws D.2.5.c) never
//! cover the board or the pieces: they go to the game mode's messages (the countdown only
//! with `braille.countdown` on, [`DisplayModel::with_countdown`]), and in the board and
//! piece modes the first row ends in status cells that show both clocks (D.2.11: a
//! deaf-blind player in time trouble reads the position and the time together), on a
//! display of at least [`STATUS_CELLS`] + 20 cells.
//!
//! # Keys
//!
//! Dot chords of the Braille keyboard arrive as dots (Unicode braille patterns) and are
//! read back through the display's [`BrailleTable`]; characters (a PC keyboard on the
//! display) are typed as they are. Enter
//! sends what is typed (SAN, the language's letters, UCI, or any command the station
//! understands typed), or confirms when nothing is typed (FIDE Laws D.2.3); Backspace
//! deletes, or cancels when nothing is typed (D.2.7); Escape cancels. Routing in the board:
//! the first key over one of the mover's own pieces picks it (its first cell gets dots 7 and 8),
//! the next key over another square hands the station the move `from`→`to` as a move, not
//! text ([`Event::Move`](crate::core::input::Event::Move); a pawn to the last rank becomes a queen; the echo says so and can
//! be refused), the same square again drops the pick. Every routing key also asks what stands on the square (D.2.9.d: the
//! answer goes to the asker only).

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use shakmaty::{Chess, Color, Position, Square};

use crate::core::input::{Actor, Key};
use crate::core::output::{Audience, BrailleKind, Output};
use crate::core::phrases::{PhraseError, Phrases};
use crate::core::scoresheet::braille::Cell;
use crate::core::status::StatusSource;
use crate::core::time::Timestamp;
use crate::core::words::{Vocabulary, vocabulary};

/// The cell a cursor or a picked square gets: dots 7 and 8 (no character of the
/// scoresheet's six-dot code uses them).
pub const CURSOR: Cell = Cell(0b1100_0000);

/// How many messages the game document keeps.
const KEPT_MESSAGES: usize = 32;

/// How many cells at the end of the first row show the clocks in the board and piece
/// modes ("W*1:29:59 S1:30:00" and a blank before it), on a display wide enough to keep
/// 20 cells for the document (a rank is 18).
pub const STATUS_CELLS: usize = 19;

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
    fn text(table: &dyn BrailleTable, text: &str) -> Line {
        let cells = table.to_cells(text);
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
    table: Arc<dyn BrailleTable>,
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
    countdown: bool,
    clocks: Option<String>,
    now: Timestamp,
}

impl std::fmt::Debug for DisplayModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DisplayModel")
            .field("owner", &self.owner)
            .field("table", &self.table.name())
            .field("size", &(self.width, self.height))
            .field("mode", &self.mode)
            .field("typed", &self.typed)
            .finish()
    }
}

impl DisplayModel {
    /// A display of `width` × `height` cells for `owner`, in `lang`, showing the start
    /// position until it observes the game; its cells in the scoresheet's code until
    /// [`DisplayModel::with_table`] gives it the display's table.
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
            table: Arc::new(ScoresheetCode),
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
            countdown: true,
            clocks: None,
            now: Timestamp::ZERO,
        })
    }

    /// FIDE Laws D.2.5.c (clock alarms can be switched off): whether the final countdown's
    /// numbers are shown at all (`braille.countdown`, on by default). They never cover the
    /// board or the pieces either way.
    pub fn with_countdown(mut self, on: bool) -> DisplayModel {
        self.countdown = on;
        self
    }

    /// FIDE Laws D.2.6: the same display with `table` for what it shows and what is typed
    /// on it.
    pub fn with_table(mut self, table: Arc<dyn BrailleTable>) -> DisplayModel {
        self.table = table;
        self
    }

    /// The display's Braille table.
    pub fn table(&self) -> &dyn BrailleTable {
        self.table.as_ref()
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
    /// reached it. A step of clock reminders only never covers the board or the pieces;
    /// the countdown's numbers are left out when the player does not want them.
    pub fn deliver(&mut self, outputs: &[Output]) {
        let mut texts: Vec<&str> = Vec::new();
        let mut cover = false;
        for o in outputs {
            match o {
                Output::Braille(b) if self.for_me(b.to) => {
                    if b.kind == BrailleKind::Countdown && !self.countdown {
                        continue;
                    }
                    cover |= b.kind == BrailleKind::Message;
                    texts.push(&b.text);
                }
                Output::Status(s) => self.status = s.clone(),
                _ => {}
            }
        }
        if !texts.is_empty() {
            self.message(texts.join(" "), cover);
        }
    }

    fn message(&mut self, text: String, cover: bool) {
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
        } else if cover {
            self.overlay = Some(Overlay {
                cells: self
                    .messages
                    .back()
                    .map(|m| self.table.to_cells(m))
                    .unwrap_or_default(),
                pan: 0,
            });
        }
    }

    /// Follows the game after a step: the position (board reading, routing) and what the
    /// status line is made of. A clock that stands is drawn at once (its time does not
    /// change: "- W15:00 S15:00 Uhr steht" before the start); a running one at the next
    /// [`DisplayModel::tick`].
    pub fn observe(&mut self, position: &Chess, status: StatusSource) {
        if self.position.board() != position.board() || self.position.turn() != position.turn() {
            self.from = None;
        }
        self.position = position.clone();
        let stands = !status.ticking();
        self.source = Some(status);
        if stands {
            self.tick(self.now);
        }
    }

    /// Redraws the status line and the status cells for `now` (a running clock); returns
    /// whether they changed.
    pub fn tick(&mut self, now: Timestamp) -> bool {
        self.now = self.now.max(now);
        let Some(source) = &self.source else {
            return false;
        };
        let line = source.line(&self.phrases, self.vocab, now);
        let clocks = source.clocks(&self.phrases, now);
        let changed = line != self.status || clocks != self.clocks;
        self.status = line;
        self.clocks = clocks;
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

mod keys;
mod panning;
mod render;
mod table;

pub use render::vr_dots;
pub use table::{BrailleTable, ScoresheetCode};

#[cfg(test)]
mod tests;
