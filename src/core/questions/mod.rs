//! Answers to questions (FIDE Laws D.2.9.d: given only to whoever asks): whose move, the
//! move number, the last moves, where pieces stand, a square, a file or rank, material,
//! the whole position, the clocks, help.
//!
//! Short first, more on request: an answer is a list of [`Part`]s; the first is said, each
//! further one on "mehr" (the session keeps where the asker is). A part fits in a few
//! seconds of speech (`listing`), the time answer in about three (`clock`); lists are
//! grouped (kinds with their plural names, squares sharing a rank said once).

mod clock;
mod listing;
mod targets;

pub use clock::{live_message, render_live, short_duration};
pub use listing::{PART_BUDGET, part_budget, spoken_weight};

use listing::Item;

use shakmaty::{Chess, Color, File, Position, Rank, Role, Square};

use crate::core::clock::Clock;
use crate::core::input::{Actor, Question};
use crate::core::output::{ClockForm, LiveClock};
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
    /// FIDE Laws 6.5, 6.11: the asker may start and stop the clock and end the game
    /// unfinished (without an arbiter present, either player; with one, the arbiter).
    pub in_charge: bool,
    /// FIDE Laws 5: the game is over, with this result as spoken ("Schachmatt. Weiß
    /// gewinnt."); nobody is to move any more.
    pub over: Option<String>,
    /// FIDE Laws D.2.6: the player plays by the Braille display without speech: help
    /// describes typing and the display's keys ([`crate::core::setup::SessionSetup::braille_input`]).
    pub braille_input: bool,
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

    /// "weiße Bauern".
    fn colored_pieces(&self, color: Color, role: Role) -> String {
        self.say(
            &Message::new("colored-pieces")
                .arg("color", color_key(color))
                .arg("role", role_key(role))
                .arg("pieces", self.vocab.piece_name_plural(role)),
        )
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
}

/// One utterance of an answer: its message (spoken and brailled), and for a clock answer
/// the data to render it again when it really starts to be spoken.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// What is said and brailled.
    pub msg: Message,
    /// A clock answer, rendered again at the start of its speech.
    pub live: Option<LiveClock>,
}

impl Part {
    fn new(msg: Message) -> Part {
        Part { msg, live: None }
    }

    /// A part already rendered (spoken, brailled), with the hint that "mehr" says more.
    fn joined((speech, braille): (String, String), more: bool) -> Part {
        let id = if more {
            "answer-part-more"
        } else {
            "answer-part"
        };
        Part::new(
            Message::new(id)
                .arg("speech", speech)
                .arg("braille", braille),
        )
    }
}

/// The answer to a question, in parts: the first is said at once, each further one on
/// "mehr" ([`Question::More`] is the session's: here it has nothing to add).
pub fn answer(q: &Question, cx: &Context<'_>) -> Vec<Part> {
    let msg = match (q, &cx.over) {
        // FIDE Laws 5: after the end nobody is to move: the answer says the game is over.
        (Question::WhoseMove, Some(result)) => {
            Message::new("game-over").arg("result", result.as_str())
        }
        (Question::MoveNumber, Some(result)) => Message::new("game-over-after")
            .arg("number", last_number(cx))
            .arg("result", result.as_str()),
        _ => return answer_in_play(q, cx),
    };
    vec![Part::new(msg)]
}

/// The number of the last move made (the start's number before any).
fn last_number(cx: &Context<'_>) -> u32 {
    cx.history
        .last()
        .map_or(cx.pos.fullmoves().get(), |p| p.made.number)
}

/// The answer to a question while the game may go on.
fn answer_in_play(q: &Question, cx: &Context<'_>) -> Vec<Part> {
    let turn = cx.pos.turn();
    let msg = match q {
        Question::WhoseMove => Message::new("whose-move").arg("side", cx.side(turn)),
        Question::MoveNumber => Message::new("move-number")
            .arg("number", cx.pos.fullmoves().get())
            .arg("side", cx.side(turn)),
        Question::LastMoves(n) => return last_moves(*n, cx),
        Question::Pieces { mine, role } => return pieces(*mine, *role, cx),
        Question::Square(sq) => square(*sq, cx),
        Question::Targets { role, from } => return targets::targets(*role, *from, cx),
        Question::File(f) => {
            let items = cx.line_items(
                Rank::ALL.into_iter().map(|r| Square::from_coords(*f, r)),
                true,
            );
            let head = Message::new("file-content")
                .arg("file", cx.vocab.file_name(*f))
                .arg("letter", f.char().to_string());
            return line(head, items, cx);
        }
        Question::Rank(r) => {
            let items = cx.line_items(
                File::ALL.into_iter().map(|f| Square::from_coords(f, *r)),
                false,
            );
            let head = Message::new("rank-content")
                .arg("rank", cx.vocab.rank_name(*r))
                .arg("digit", r.char().to_string());
            return line(head, items, cx);
        }
        Question::Material => return material(cx),
        Question::Position => return position(cx),
        Question::Time => return clock(cx, &[ClockForm::Short, ClockForm::Detail]),
        Question::OwnTime => return clock(cx, &[ClockForm::Own]),
        Question::TimeUsed => return clock(cx, &[ClockForm::Used]),
        Question::MovesMade => return clock(cx, &[ClockForm::Moves]),
        Question::Help if cx.echo_pending => Message::new("help-pending"),
        Question::Help => return help(cx),
        Question::More => Message::new("more-nothing"),
    };
    one(msg)
}

/// Help in parts of about eight seconds each: how to give a move (by voice, or typed on
/// the Braille display and sent with its keys, D.2.6), the questions (D.2.9.d), where a
/// piece can go, silence, the time announcements off and the opponent's code for the web
/// page, who runs the clock (6.5, 6.11), and where the quick reference card in Braille is.
fn help(cx: &Context<'_>) -> Vec<Part> {
    let mut parts = if cx.braille_input {
        Vec::from([
            Message::new("help-typing"),
            Message::new("help-keys"),
            Message::new("help-keys-more"),
        ])
    } else {
        Vec::from([Message::new("help")])
    };
    parts.extend([
        Message::new("help-questions"),
        Message::new("help-more"),
        Message::new("help-also"),
        Message::new(if cx.in_charge {
            "help-clock"
        } else {
            "help-clock-arbiter"
        }),
        Message::new("help-card"),
    ]);
    parts.into_iter().map(Part::new).collect()
}

/// An answer of one part (a function, not `vec!`, so that the message scan of
/// `tests/it/tidy/messages.rs` sees the ids).
fn one(msg: Message) -> Vec<Part> {
    Vec::from([Part::new(msg)])
}

/// Clock answers in the given forms, each a part of its own; without a clock, that there
/// is none.
fn clock(cx: &Context<'_>, forms: &[ClockForm]) -> Vec<Part> {
    let Some(clock) = cx.clock else {
        return one(Message::new("no-clock"));
    };
    forms
        .iter()
        .map(|form| {
            let live = LiveClock {
                clock: clock.clone(),
                asker: cx.asker.color(),
                form: *form,
            };
            Part {
                msg: live_message(&live, cx.phrases, cx.now),
                live: Some(live),
            }
        })
        .collect()
}

/// The last `n` moves made, oldest first.
fn last_moves(n: u32, cx: &Context<'_>) -> Vec<Part> {
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    let start = cx.history.len().saturating_sub(n);
    let head = Message::new("last-moves");
    let items: Vec<(Message, Item)> = cx.history[start..]
        .iter()
        .map(|p| {
            let entry = Message::new("move-entry")
                .arg("number", p.made.number)
                .arg("side", cx.side(p.made.side))
                .arg("color", color_key(p.made.side))
                .arg("move", p.made.phrase.clone())
                .arg("san", p.san_local.clone());
            let item = Item {
                speech: cx.say(&entry),
                braille: cx.phrases.braille(&entry),
                kind: None,
            };
            (head.clone(), item)
        })
        .collect();
    if items.is_empty() {
        return one(Message::new("no-moves-yet"));
    }
    listing::Listing {
        items,
        sep: ", ",
        braille_sep: " ",
        whole_heads: false,
    }
    .parts(cx)
}

/// The asker's pieces (`mine`) or the opponent's, all of them grouped by kind, or the
/// squares of one kind.
fn pieces(mine: bool, role: Option<Role>, cx: &Context<'_>) -> Vec<Part> {
    let color = if mine { cx.own() } else { !cx.own() };
    let (head, items, sep) = match role {
        None => (
            Message::new(if mine { "pieces-mine" } else { "pieces-theirs" }),
            cx.kind_groups(color),
            "; ",
        ),
        Some(r) => (
            Message::new(if mine {
                "pieces-mine-kind"
            } else {
                "pieces-theirs-kind"
            })
            .arg("pieces", cx.vocab.piece_name_plural(r))
            .arg("role", role_key(r)),
            cx.squares_of(color, r),
            cx.rank_sep(),
        ),
    };
    listed(head, items, sep, cx)
}

/// What stands on a file or a rank, a group per piece ("weiße Türme Anna, Hector; …").
fn line(head: Message, items: Vec<Item>, cx: &Context<'_>) -> Vec<Part> {
    listed(head, items, "; ", cx)
}

/// Items under one heading, in parts; an empty list is "none".
fn listed(head: Message, items: Vec<Item>, sep: &'static str, cx: &Context<'_>) -> Vec<Part> {
    if items.is_empty() {
        return one(head.arg("list", cx.say(&Message::new("none"))));
    }
    listing::Listing {
        items: items.into_iter().map(|i| (head.clone(), i)).collect(),
        sep,
        braille_sep: " ",
        whole_heads: false,
    }
    .parts(cx)
}

/// The whole position: first one short sentence (whose move it is, how many pieces each
/// side has, and that "mehr" gives them by kind, "Reihe eins" to "acht" by rank), then on
/// "mehr" each side's pieces grouped by kind; at the standard start, only that it is.
fn position(cx: &Context<'_>) -> Vec<Part> {
    let board = cx.pos.board();
    if *board == shakmaty::Board::new() {
        return one(Message::new("position-start").arg("side", cx.side(cx.pos.turn())));
    }
    let offer = Message::new("position-offer")
        .arg("side", cx.side(cx.pos.turn()))
        .arg("white", board.by_color(Color::White).count())
        .arg("black", board.by_color(Color::Black).count());
    let mut items = Vec::new();
    for color in Color::ALL {
        let head = Message::new("position-side")
            .arg("side", cx.side(color))
            .arg("color", color_key(color));
        items.extend(cx.kind_groups(color).into_iter().map(|i| (head.clone(), i)));
    }
    let mut parts = one(offer);
    parts.extend(
        listing::Listing {
            items,
            sep: "; ",
            braille_sep: " ",
            whole_heads: false,
        }
        .parts(cx),
    );
    parts
}

/// What stands on one square.
fn square(sq: Square, cx: &Context<'_>) -> Message {
    let square = cx.vocab.square_name(sq);
    match cx.pos.board().piece_at(sq) {
        Some(p) => Message::new("square-piece")
            .arg("square", square)
            .arg("sq", sq.to_string())
            .arg("piece", cx.colored_piece(p.color, p.role)),
        None => Message::new("square-empty")
            .arg("square", square)
            .arg("sq", sq.to_string()),
    }
}

/// Each side's pieces but the king, counted by kind, and their points (9, 5, 3, 3, 1):
/// said once when both sides have the same, else each side's in parts.
fn material(cx: &Context<'_>) -> Vec<Part> {
    let count = |c: Color| -> Vec<String> {
        [
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
        .collect()
    };
    let points = |c: Color| {
        let m = cx.pos.board().material_side(c);
        u32::from(m.queen) * 9
            + u32::from(m.rook) * 5
            + u32::from(m.bishop) * 3
            + u32::from(m.knight) * 3
            + u32::from(m.pawn)
    };
    let (white, black) = (count(Color::White), count(Color::Black));
    if white == black {
        return one(Message::new("material-equal")
            .arg("points", points(Color::White))
            .arg("list", cx.list(white)));
    }
    let mut items = Vec::new();
    for (color, counts) in [(Color::White, white), (Color::Black, black)] {
        let head = Message::new("material-side")
            .arg("side", cx.side(color))
            .arg("color", color_key(color))
            .arg("points", points(color));
        if counts.is_empty() {
            items.push((head.clone(), Item::same(cx.say(&Message::new("none")))));
        }
        items.extend(counts.into_iter().map(|i| (head.clone(), Item::same(i))));
    }
    listing::Listing {
        items,
        sep: ", ",
        braille_sep: ", ",
        whole_heads: false,
    }
    .parts(cx)
}
