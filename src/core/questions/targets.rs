//! Where a piece can go (FIDE Laws D.2.9.d: the player may ask about the position, as
//! lichess's blind mode answers it): each of the asker's pieces of a kind, or the piece
//! on a square, with the squares its legal moves reach — spoken in words ("Springer
//! Gustav eins: Felix drei, Hector drei."), brailled in notation (`Sg1: f3 h3`).

use shakmaty::{Chess, Color, Position, Role, Square};

use super::{Context, Part, listing, one};
use crate::core::phrases::{Message, role_key};

/// The answer to "wohin kann mein Springer" (`role`) or "wohin kann der Springer auf
/// Gustav eins" (`from`, with or without its kind): each such piece of the asker's with
/// its legal targets, in parts that fit the ear; one piece's squares stay in one part
/// (unless they alone are longer than a part), and each part's display line shows only
/// its own squares.
pub(super) fn targets(role: Option<Role>, from: Option<Square>, cx: &Context<'_>) -> Vec<Part> {
    let color = cx.own();
    let board = cx.pos.board();
    let pieces: Vec<(Square, Role)> = board
        .by_color(color)
        .into_iter()
        .filter_map(|sq| board.role_at(sq).map(|r| (sq, r)))
        .filter(|(sq, r)| from.is_none_or(|f| f == *sq) && role.is_none_or(|want| want == *r))
        .collect();
    if pieces.is_empty() {
        return one(match (from, role) {
            (Some(sq), _) => Message::new("reason-no-piece-on")
                .arg("square", cx.vocab.square_name(sq))
                .arg("sq", sq.to_string()),
            (None, r) => {
                let r = r.unwrap_or(Role::King);
                Message::new("reason-no-such-piece")
                    .arg("piece", cx.vocab.piece_name(r))
                    .arg("role", role_key(r))
                    .arg("letter", cx.vocab.piece_letter(r).to_string())
            }
        });
    }
    let moves = moves_of(cx.pos, color);
    let mut items = Vec::new();
    for (sq, r) in pieces {
        let mut to: Vec<Square> = moves
            .iter()
            .filter(|(f, _)| *f == sq)
            .map(|(_, t)| *t)
            .collect();
        to.sort_by_key(|t| (t.file(), t.rank()));
        to.dedup();
        let head = head(cx, sq, r);
        if to.is_empty() {
            let nowhere = listing::Item {
                speech: cx.say(&Message::new("targets-nowhere")),
                braille: "-".to_owned(),
                kind: None,
            };
            items.push((head.clone(), nowhere));
        }
        for t in to {
            let item = listing::Item {
                speech: cx.vocab.square_name(t).to_owned(),
                braille: t.to_string(),
                kind: None,
            };
            items.push((head.clone(), item));
        }
    }
    listing::Listing {
        items,
        sep: ", ",
        braille_sep: " ",
        whole_heads: true,
    }
    .parts(cx)
}

/// The heading of one piece: its name and square in words, and in notation for the
/// display ("Sg1"; a pawn without a letter, "e2"), which shows the targets of the part it
/// is in after it ("Sg1: f3 h3"; none: "Dd1: -").
fn head(cx: &Context<'_>, sq: Square, role: Role) -> Message {
    let letter = match role {
        Role::Pawn => String::new(),
        r => cx.vocab.piece_letter(r).to_string(),
    };
    Message::new("targets-piece")
        .arg("piece", cx.vocab.piece_name(role))
        .arg("role", role_key(role))
        .arg("square", cx.vocab.square_name(sq))
        .arg("notation", format!("{letter}{sq}"))
}

/// The legal moves of `color` as (from, to) squares, the king's castling to its own
/// target square: of the position itself when `color` is to move, else of the same
/// placement with `color` to move (a player may ask in the opponent's turn).
fn moves_of(pos: &Chess, color: Color) -> Vec<(Square, Square)> {
    let turned;
    let pos = if pos.turn() == color {
        pos
    } else {
        match pos.clone().swap_turn() {
            Ok(p) => {
                turned = p;
                &turned
            }
            Err(e) => match e.ignore_impossible_check() {
                Ok(p) => {
                    turned = p;
                    &turned
                }
                Err(_) => return Vec::new(),
            },
        }
    };
    pos.legal_moves()
        .iter()
        .filter_map(|m| {
            let to = match m.castling_side() {
                Some(side) => side.king_to(color),
                None => m.to(),
            };
            m.from().map(|f| (f, to))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use crate::core::output::{Audience, Output};
    use crate::core::script::{parse, run};

    /// The display's lines of the answer to `ask` and of four "mehr" after it, in `fen`,
    /// each without its "more" mark.
    fn shown(lang: &str, fen: &str, ask: &str, more: &str) -> Vec<String> {
        let mut script =
            format!("@0 arbiter setup vi=white lang={lang} fen=\"{fen}\"\n@1 white say {ask}\n");
        for i in 2..6 {
            script.push_str(&format!("@{i} white say {more}\n"));
        }
        run(&parse(&script).unwrap())
            .unwrap()
            .outputs
            .into_iter()
            .filter_map(|(_, o)| match o {
                Output::Braille(b) if b.to == Audience::White && b.text.contains(':') => {
                    Some(b.text)
                }
                _ => None,
            })
            .map(|t| t.split(" (").next().unwrap_or("").to_owned())
            .collect()
    }

    /// Issue 31: one piece's squares stay in one part (unless they alone are longer than
    /// a part: a queen in the middle), and no part's display line shows a square another
    /// part showed; in de, es and en.
    #[test]
    fn a_piece_stays_in_one_part_and_each_part_shows_its_own_squares() {
        let rooks = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1";
        let queens = "4k3/8/8/8/3Q4/8/8/Q3K3 w - - 0 1";
        let cases = [
            ("de", rooks, "wohin kann mein Turm", "mehr"),
            ("de", queens, "wohin kann meine Dame", "mehr"),
            ("es", rooks, "adónde pueden ir mis torres", "más"),
            ("es", queens, "adónde puede ir mi dama", "más"),
            ("en", rooks, "where can my rook go", "more"),
            ("en", queens, "where can my queen go", "more"),
        ];
        for (lang, fen, ask, more) in cases {
            let lines = shown(lang, fen, ask, more);
            assert!(lines.len() >= 2, "{lang} {ask}: one part only: {lines:?}");
            let mut seen = HashSet::new();
            for line in &lines {
                // "Ta1: a2 a3 … Th1: f1 g1": each head with its squares.
                let mut head = "";
                let mut heads = Vec::new();
                for word in line.split_whitespace() {
                    match word.strip_suffix(':') {
                        Some(h) => {
                            head = h;
                            heads.push(h);
                        }
                        None => assert!(
                            seen.insert((head.to_owned(), word.to_owned())),
                            "{lang}: {head} {word} shown twice: {lines:?}"
                        ),
                    }
                }
                // A piece cut between two parts stands alone in each of them.
                for other in &lines {
                    if other == line {
                        continue;
                    }
                    for h in &heads {
                        let cut = other.contains(&format!("{h}:"));
                        assert!(
                            !cut || heads.len() == 1,
                            "{lang}: {h} in two parts beside another piece: {lines:?}"
                        );
                    }
                }
            }
        }
    }
}
