//! Typed moves: SAN, UCI, this language's SAN and the conventions of FIDE Laws Appendix C,
//! falling back to spelled-out words.

use shakmaty::san::{San, SanError};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, Move, Position, Role};

use super::illegal::Description;
use super::{HeardWords, IllegalReason, MovePhrases, Resolution, Typed, Vocabulary, sorted};

/// Annotations that may follow a move (FIDE Laws C.12 and common usage).
const ANNOTATIONS: [&str; 11] = ["!!", "??", "!?", "?!", "!", "?", "++", "+", "#", "†", "‡"];
/// Marks of an en passant capture (C.12 "e.p.", Spanish "a.p.").
const EN_PASSANT_MARKS: [&str; 6] = ["e.p.", "a.p.", "e.p", "a.p", "ep", "ap"];

/// Parses typed input (see [`MovePhrases::parse_typed`]).
pub(crate) fn parse(phrases: &MovePhrases<'_>, text: &str, among: Option<&[Move]>) -> Typed {
    let (vocab, pos) = (phrases.vocabulary(), phrases.position());
    let mut s = text.trim();
    let mut draw_offer = false;
    if let Some(rest) = s.strip_suffix("(=)") {
        draw_offer = true;
        s = rest.trim_end();
    }
    let s = strip_move_number(s);
    let s = strip_annotations(s);
    let compact: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    // This language's letters first, then English ones; an illegal reading is kept only if
    // no reading is legal.
    let mut illegal = None;
    for cand in [localize(vocab, &compact), english(&compact)]
        .into_iter()
        .flatten()
    {
        match notation(pos, &cand).and_then(|r| restrict(r, among)) {
            Some(Resolution::Illegal(reason)) => {
                illegal.get_or_insert(Resolution::Illegal(reason));
            }
            Some(resolution) => {
                return Typed {
                    resolution,
                    draw_offer,
                };
            }
            None => {}
        }
    }
    if let Some(resolution) = illegal {
        return Typed {
            resolution,
            draw_offer,
        };
    }
    Typed {
        resolution: phrases.resolve(&HeardWords::from_text(s), among),
        draw_offer,
    }
}

/// Typed notation (castling, UCI, SAN in this language's letters or English ones) as the
/// move it describes, legal or not, read as [`parse`] reads it; `None` if the text is no
/// notation (words, or nothing a move).
pub(crate) fn description(vocab: &Vocabulary, text: &str) -> Option<Description> {
    let s = text.trim();
    let s = s.strip_suffix("(=)").unwrap_or(s).trim_end();
    let s = strip_annotations(strip_move_number(s));
    let compact: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    [localize(vocab, &compact), english(&compact)]
        .into_iter()
        .flatten()
        .find_map(|cand| notation_description(&cand))
}

/// One reading of [`description`].
fn notation_description(s: &str) -> Option<Description> {
    if let Some(side) = castling(s) {
        return Some(Description {
            castle: Some(Some(side)),
            ..Description::default()
        });
    }
    if is_uci(s)
        && let Ok(UciMove::Normal {
            from,
            to,
            promotion,
        }) = s.parse::<UciMove>()
    {
        return Some(Description {
            from_file: Some(from.file()),
            from_rank: Some(from.rank()),
            to: Some(to),
            promotion,
            ..Description::default()
        });
    }
    let San::Normal {
        role,
        file,
        rank,
        to,
        promotion,
        ..
    } = s.replace('-', "").parse::<San>().ok()?
    else {
        return None;
    };
    Some(Description {
        role: Some(role),
        from_file: file,
        from_rank: rank,
        to: Some(to),
        promotion,
        castle: None,
    })
}

/// Keeps a notation result only if it agrees with the candidates asked about.
fn restrict(resolution: Resolution, among: Option<&[Move]>) -> Option<Resolution> {
    let Some(among) = among else {
        return Some(resolution);
    };
    match resolution {
        Resolution::Move { mv, .. } if among.contains(&mv) => Some(resolution),
        Resolution::Illegal(_) => Some(resolution),
        Resolution::Ambiguous(ms) => {
            let ms: Vec<Move> = ms.into_iter().filter(|m| among.contains(m)).collect();
            match ms.as_slice() {
                [] => None,
                [m] => Some(Resolution::Move { mv: *m, sure: true }),
                _ => Some(Resolution::Ambiguous(ms)),
            }
        }
        _ => None,
    }
}

/// Drops a leading move number: "11.", "11. ", "1...".
fn strip_move_number(s: &str) -> &str {
    let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return s;
    }
    let rest = &s[digits..];
    let dots = rest.len() - rest.trim_start_matches(['.', '…']).len();
    if dots == 0 {
        return s;
    }
    rest[dots..].trim_start()
}

/// Drops trailing annotations and en passant marks.
fn strip_annotations(mut s: &str) -> &str {
    loop {
        let before = s;
        s = s.trim_end();
        for a in ANNOTATIONS {
            if let Some(rest) = s.strip_suffix(a) {
                s = rest;
            }
        }
        let lower = s.to_ascii_lowercase();
        for mark in EN_PASSANT_MARKS {
            // Only a separate mark or one after a square ("exd6e.p."), never inside a word.
            if lower.ends_with(mark) {
                let cut = s.len() - mark.len();
                let prev = s[..cut].chars().last();
                if prev.is_some_and(|c| c.is_whitespace() || c.is_ascii_digit()) {
                    s = &s[..cut];
                    break;
                }
            }
        }
        if s == before {
            return s;
        }
    }
}

/// Rewrites this language's piece letters as English SAN letters; `None` if the text uses no
/// letter of this language (then the English reading alone applies).
fn localize(vocab: &Vocabulary, s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len() + 1);
    let mut changed = false;
    for (i, c) in s.chars().enumerate() {
        let role = Role::ALL
            .into_iter()
            .find(|r| vocab.piece_letter(*r) == c && c.is_ascii_uppercase());
        match role {
            Some(Role::Pawn) if i == 0 => changed = true,
            Some(role) => {
                changed |= role.upper_char() != c;
                out.push(role.upper_char());
            }
            None => out.push(c),
        }
    }
    changed.then(|| promotion_equals(&out))
}

/// The English reading: "e8Q" → "e8=Q", castling with zeros → with letters O.
fn english(s: &str) -> Option<String> {
    Some(promotion_equals(s))
}

/// Inserts the "=" of a promotion written without it ("e8Q", "exd8N", "e8(Q)", "e8/Q").
fn promotion_equals(s: &str) -> String {
    let s = s.replace(['(', ')', '/'], "");
    let bytes = s.as_bytes();
    let n = bytes.len();
    if n >= 3
        && bytes[n - 1].is_ascii_uppercase()
        && bytes[n - 2].is_ascii_digit()
        && matches!(bytes[n - 2], b'1' | b'8')
    {
        format!("{}={}", &s[..n - 1], &s[n - 1..])
    } else {
        s
    }
}

/// Reads castling, UCI or SAN; `None` if the text is none of them.
fn notation(pos: &Chess, s: &str) -> Option<Resolution> {
    if let Some(side) = castling(s) {
        return Some(match pos.castling_moves(side).first() {
            Some(m) => Resolution::Move { mv: *m, sure: true },
            None => Resolution::Illegal(IllegalReason::CastlingNotAllowed { side: Some(side) }),
        });
    }
    if is_uci(s)
        && let Ok(uci) = s.parse::<UciMove>()
    {
        return Some(uci_move(pos, &uci));
    }
    let san: San = s.replace('-', "").parse().ok()?;
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = san
    else {
        return None;
    };
    match san.to_move(pos) {
        Ok(m) => Some(Resolution::Move { mv: m, sure: true }),
        Err(SanError::AmbiguousSan) => {
            let ms: Vec<Move> = pos
                .san_candidates(role, to)
                .into_iter()
                .filter(|m| san.matches(*m))
                .collect();
            Some(Resolution::Ambiguous(sorted(ms)))
        }
        Err(SanError::IllegalSan) => {
            // Lenient about a wrong or missing capture mark ("Nxf3" for "Nf3", "ed5").
            let flipped = San::Normal {
                role,
                file,
                rank,
                capture: !capture,
                to,
                promotion,
            };
            if let Ok(m) = flipped.to_move(pos) {
                return Some(Resolution::Move { mv: m, sure: true });
            }
            let d = Description {
                role: Some(role),
                from_file: file,
                from_rank: rank,
                to: Some(to),
                promotion,
                castle: None,
            };
            Some(match d.resolution(pos) {
                Some(resolution) => resolution,
                None => {
                    let ms = d.legal(pos, role);
                    if ms.is_empty() {
                        Resolution::Illegal(IllegalReason::NoPieceReaches { role, to })
                    } else {
                        Resolution::Ambiguous(sorted(ms))
                    }
                }
            })
        }
    }
}

/// A move given in UCI: the legal move, or why there is none (what squares were named and
/// which piece stands there tell why); anything but a move between two squares is not
/// understood.
pub(crate) fn uci_move(pos: &Chess, uci: &UciMove) -> Resolution {
    if let Ok(m) = uci.to_move(pos) {
        return Resolution::Move { mv: m, sure: true };
    }
    let UciMove::Normal {
        from,
        to,
        promotion,
    } = *uci
    else {
        return Resolution::NotUnderstood;
    };
    let d = Description {
        from_file: Some(from.file()),
        from_rank: Some(from.rank()),
        to: Some(to),
        promotion,
        ..Description::default()
    };
    d.resolution(pos).unwrap_or(Resolution::NotUnderstood)
}

/// "O-O", "0-0", "o-o" and the same with three: the castling side.
fn castling(s: &str) -> Option<CastlingSide> {
    let t: String = s.chars().filter(|c| *c != '-').collect();
    match t.as_str() {
        "OO" | "00" | "oo" => Some(CastlingSide::KingSide),
        "OOO" | "000" | "ooo" => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// Whether text looks like UCI: "g1f3", "e7e8q".
fn is_uci(s: &str) -> bool {
    let b = s.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
        && (b.len() == 4 || b"qrbnk".contains(&b[4]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_numbers_and_annotations() {
        for (input, want) in [
            ("11.Rb1", "Rb1"),
            ("1...e5", "e5"),
            ("1. e4", "e4"),
            ("e4!?", "e4"),
            ("Qh5#", "Qh5"),
            ("Qh5++", "Qh5"),
            ("exd6 e.p.", "exd6"),
            ("exd6 a.p.", "exd6"),
            ("exd6e.p.", "exd6"),
            ("0-0", "0-0"),
        ] {
            assert_eq!(strip_annotations(strip_move_number(input)), want, "{input}");
        }
    }

    #[test]
    fn inserts_promotion_equals() {
        assert_eq!(promotion_equals("e8Q"), "e8=Q");
        assert_eq!(promotion_equals("e8=Q"), "e8=Q");
        assert_eq!(promotion_equals("e8(Q)"), "e8=Q");
        assert_eq!(promotion_equals("Nf3"), "Nf3");
    }
}
