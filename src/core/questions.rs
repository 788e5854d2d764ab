//! Answers to questions (FIDE Laws D.2.9.d: given only to whoever asks): whose move, the
//! move number, the last moves, where pieces stand, a square, a file or rank, material,
//! the whole position, the clocks, help.

use std::time::Duration;

use shakmaty::{Chess, Color, File, Position, Rank, Role, Square};

use crate::core::clock::Clock;
use crate::core::durations::{clock_text, spoken_duration};
use crate::core::input::{Actor, Question};
use crate::core::phrases::{Message, Phrases, color_key, role_key};
use crate::core::ply::Ply;
use crate::core::time::Timestamp;
use crate::core::words::Vocabulary;

/// The order in which a side's pieces are listed, spoken and brailled: king, queen, rooks,
/// bishops, knights, pawns (as on a scoresheet's material count).
pub const PIECE_ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// What an answer may look at.
pub struct Context<'a> {
    /// Who asks.
    pub asker: Actor,
    /// The current position.
    pub pos: &'a Chess,
    /// The moves made.
    pub history: &'a [Ply],
    /// Words of the language.
    pub vocab: &'static Vocabulary,
    /// Sentences of the language.
    pub phrases: &'a Phrases,
    /// The clock, if any.
    pub clock: Option<&'a Clock>,
    /// Now.
    pub now: Timestamp,
    /// A move is echoed and waits for confirmation.
    pub echo_pending: bool,
}

impl Context<'_> {
    fn say(&self, msg: &Message) -> String {
        self.phrases.speech(msg)
    }

    fn side(&self, c: Color) -> String {
        self.vocab.color_name(c).to_owned()
    }

    /// The asker's own side (the arbiter asks for the side to move).
    fn own(&self) -> Color {
        self.asker.color().unwrap_or(self.pos.turn())
    }

    fn list(&self, items: Vec<String>) -> String {
        if items.is_empty() {
            self.say(&Message::new("none"))
        } else {
            items.join(", ")
        }
    }

    /// "weißer Springer".
    fn colored_piece(&self, color: Color, role: Role) -> String {
        self.say(
            &Message::new("colored-piece")
                .arg("color", color_key(color))
                .arg("role", role_key(role))
                .arg("piece", self.vocab.piece_name(role)),
        )
    }

    /// Pieces of one side in the order king, queen, rooks, bishops, knights, pawns, each
    /// with its square ("König Gustav eins"), or only the squares when one kind is asked.
    fn pieces(&self, color: Color, only: Option<Role>) -> Vec<String> {
        let board = self.pos.board();
        let mut items = Vec::new();
        for role in PIECE_ORDER {
            if only.is_some_and(|r| r != role) {
                continue;
            }
            for sq in board.by_piece(shakmaty::Piece { color, role }) {
                let square = self.vocab.square_name(sq);
                items.push(match only {
                    Some(_) => square,
                    None => self.say(
                        &Message::new("piece-at")
                            .arg("piece", self.vocab.piece_name(role))
                            .arg("square", square),
                    ),
                });
            }
        }
        items
    }

    fn square_items(&self, squares: impl Iterator<Item = Square>) -> Vec<String> {
        squares
            .filter_map(|sq| {
                let piece = self.pos.board().piece_at(sq)?;
                Some(format!(
                    "{} {}",
                    self.vocab.square_name(sq),
                    self.colored_piece(piece.color, piece.role)
                ))
            })
            .collect()
    }

    fn duration(&self, d: Duration) -> String {
        spoken_duration(self.phrases, d)
    }
}

/// The answer to a question, as messages to the asker.
pub fn answer(q: &Question, cx: &Context<'_>) -> Vec<Message> {
    let turn = cx.pos.turn();
    let msg = match q {
        Question::WhoseMove => Message::new("whose-move").arg("side", cx.side(turn)),
        Question::MoveNumber => Message::new("move-number")
            .arg("number", cx.pos.fullmoves().get())
            .arg("side", cx.side(turn)),
        Question::LastMoves(n) => last_moves(*n, cx),
        Question::Pieces { mine, role } => pieces(*mine, *role, cx),
        Question::Square(sq) => square(*sq, cx),
        Question::File(f) => {
            let items = cx.square_items(Rank::ALL.into_iter().map(|r| Square::from_coords(*f, r)));
            Message::new("file-content")
                .arg("file", cx.vocab.file_name(*f))
                .arg("list", cx.list(items))
        }
        Question::Rank(r) => {
            let items = cx.square_items(File::ALL.into_iter().map(|f| Square::from_coords(f, *r)));
            Message::new("rank-content")
                .arg("rank", cx.vocab.rank_name(*r))
                .arg("list", cx.list(items))
        }
        Question::Material => material(cx),
        Question::Position => Message::new("position")
            .arg("white", cx.list(cx.pieces(Color::White, None)))
            .arg("black", cx.list(cx.pieces(Color::Black, None)))
            .arg("side", cx.side(turn)),
        Question::Time => return time(cx),
        Question::Help => {
            if cx.echo_pending {
                Message::new("help-pending")
            } else {
                Message::new("help")
            }
        }
    };
    vec![msg]
}

/// The last `n` moves made, oldest first.
fn last_moves(n: u32, cx: &Context<'_>) -> Message {
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    let start = cx.history.len().saturating_sub(n);
    let items: Vec<String> = cx.history[start..]
        .iter()
        .map(|p| {
            cx.say(
                &Message::new("move-entry")
                    .arg("number", p.made.number)
                    .arg("side", cx.side(p.made.side))
                    .arg("move", p.made.phrase.clone()),
            )
        })
        .collect();
    if items.is_empty() {
        Message::new("no-moves-yet")
    } else {
        Message::new("last-moves").arg("list", items.join(", "))
    }
}

/// The asker's pieces (`mine`) or the opponent's, all of them or one kind.
fn pieces(mine: bool, role: Option<Role>, cx: &Context<'_>) -> Message {
    let color = if mine { cx.own() } else { !cx.own() };
    let list = cx.list(cx.pieces(color, role));
    let id = match (mine, role) {
        (true, None) => "pieces-mine",
        (false, None) => "pieces-theirs",
        (true, Some(_)) => "pieces-mine-kind",
        (false, Some(_)) => "pieces-theirs-kind",
    };
    let mut m = Message::new(id).arg("list", list);
    if let Some(r) = role {
        m = m
            .arg("pieces", cx.vocab.piece_name_plural(r))
            .arg("role", role_key(r));
    }
    m
}

/// What stands on one square.
fn square(sq: Square, cx: &Context<'_>) -> Message {
    let square = cx.vocab.square_name(sq);
    match cx.pos.board().piece_at(sq) {
        Some(p) => Message::new("square-piece")
            .arg("square", square)
            .arg("piece", cx.colored_piece(p.color, p.role)),
        None => Message::new("square-empty").arg("square", square),
    }
}

/// Each side's pieces but the king, counted by kind, and their points (9, 5, 3, 3, 1).
fn material(cx: &Context<'_>) -> Message {
    let count = |c: Color| {
        let items: Vec<String> = [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]
        .into_iter()
        .filter_map(|role| {
            let n = cx
                .pos
                .board()
                .by_piece(shakmaty::Piece { color: c, role })
                .count();
            (n > 0).then(|| {
                cx.say(
                    &Message::new("piece-count")
                        .arg("n", n)
                        .arg("one", cx.vocab.piece_name(role))
                        .arg("many", cx.vocab.piece_name_plural(role)),
                )
            })
        })
        .collect();
        cx.list(items)
    };
    let points = |c: Color| {
        let m = cx.pos.board().material_side(c);
        u32::from(m.queen) * 9
            + u32::from(m.rook) * 5
            + u32::from(m.bishop) * 3
            + u32::from(m.knight) * 3
            + u32::from(m.pawn)
    };
    Message::new("material")
        .arg("white", count(Color::White))
        .arg("black", count(Color::Black))
        .arg("white_points", points(Color::White))
        .arg("black_points", points(Color::Black))
}

/// Both clocks: the time left, the time used and the moves completed of each side.
fn time(cx: &Context<'_>) -> Vec<Message> {
    let Some(clock) = cx.clock else {
        return vec![Message::new("no-clock")];
    };
    Color::ALL
        .into_iter()
        .map(|c| {
            let left = clock.remaining(c, cx.now);
            Message::new("time-side")
                .arg("side", cx.side(c))
                .arg("left", cx.duration(left))
                .arg("clock", clock_text(left))
                .arg("used", cx.duration(clock.used(c, cx.now)))
                .arg("moves", clock.moves_completed(c))
        })
        .collect()
}
