//! The analysed game as PGN (issue 34.4), for other programs (lichess's study import,
//! SCID, ChessBase): the Seven Tag Roster, then after every analysed move its evaluation
//! `{ [%eval 0.35] }`, after a judged one its NAG (`$6` inaccuracy, `$2` mistake, `$4`
//! blunder) and the engine's better move as a variation; lines of at most 80 characters.

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Position};

use crate::core::engine::score::Score;
use crate::core::game_record::{write_movetext, write_roster, write_start, write_tag};
use crate::core::scoresheet::Sheet;

use super::MoveNote;

/// `[%eval]`'s form of a White-relative score: pawns with two decimals (`0.35`,
/// `-1.20`), a mate `#3` (White mates) or `#-2` (Black mates).
pub fn eval_text(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => {
            let sign = if cp < 0 { "-" } else { "" };
            let size = cp.unsigned_abs();
            format!("{sign}{}.{:02}", size / 100, size % 100)
        }
        Score::Mate(n) => format!("#{n}"),
    }
}

/// The game of `sheet` as PGN with each move's note (`notes[i]` for move `i`).
pub fn annotated_pgn(sheet: &Sheet, notes: &[MoveNote]) -> String {
    let result = sheet.result.as_deref().unwrap_or("*");
    let mut out = String::new();
    write_roster(&mut out, &sheet.info, result);
    write_tag(&mut out, "Annotator", "ansage");
    write_start(&mut out, &sheet.start);
    out.push('\n');
    let mut tokens = movetext(sheet, notes);
    tokens.push(result.to_owned());
    write_movetext(&mut out, tokens);
    out
}

/// The moves as PGN tokens, each with its NAG, evaluation and variation.
fn movetext(sheet: &Sheet, notes: &[MoveNote]) -> Vec<String> {
    let mut pos: Chess = sheet.start.clone();
    let mut tokens = Vec::new();
    let mut numbered = false;
    for (i, m) in sheet.moves.iter().enumerate() {
        let number = pos.fullmoves().get();
        let white = pos.turn().is_white();
        if white {
            tokens.push(format!("{number}."));
        } else if !numbered {
            tokens.push(format!("{number}..."));
        }
        let before = pos.clone();
        tokens.push(SanPlus::from_move_and_play_unchecked(&mut pos, m.mv).to_string());
        numbered = white;
        let Some(note) = notes.get(i) else {
            continue;
        };
        if let Some(j) = note.judgement {
            tokens.push(format!("${}", j.nag()));
        }
        if let Some(eval) = note.eval {
            tokens.push(format!("{{ [%eval {}] }}", eval_text(eval)));
        }
        if let Some(best) = note.best {
            let dots = if white { "." } else { "..." };
            let san = SanPlus::from_move(before, best);
            tokens.push(format!("( {number}{dots} {san} )"));
            // After a variation, Black's move is numbered again.
            numbered = false;
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use pgn_reader::{Nag, RawComment, Reader, SanPlus, Skip, Visitor};
    use shakmaty::{Chess, Color, Move, Position, san::San};

    use super::*;
    use crate::core::analysis::{Judgement, notes};
    use crate::core::lang::Language;
    use crate::core::scoresheet::{Sheet, SheetMove, pgn_in};

    /// What another program reads of the PGN: the main line's moves, NAGs, `[%eval]`
    /// comments and the variations' moves, each with the main-line move it follows.
    #[derive(Default, Debug, PartialEq)]
    struct Read {
        moves: Vec<String>,
        nags: Vec<(usize, u8)>,
        evals: Vec<(usize, String)>,
        variations: Vec<(usize, String)>,
    }

    struct Reading {
        depth: usize,
    }

    impl Visitor for Reading {
        type Tags = ();
        type Movetext = Read;
        type Output = Read;

        fn begin_tags(&mut self) -> ControlFlow<Read> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<Read, Read> {
            ControlFlow::Continue(Read::default())
        }
        fn san(&mut self, r: &mut Read, san: SanPlus) -> ControlFlow<Read> {
            if self.depth == 0 {
                r.moves.push(san.to_string());
            } else {
                r.variations.push((r.moves.len(), san.to_string()));
            }
            ControlFlow::Continue(())
        }
        fn nag(&mut self, r: &mut Read, nag: Nag) -> ControlFlow<Read> {
            r.nags.push((r.moves.len(), nag.0));
            ControlFlow::Continue(())
        }
        fn comment(&mut self, r: &mut Read, c: RawComment<'_>) -> ControlFlow<Read> {
            let text = String::from_utf8_lossy(c.as_bytes()).trim().to_owned();
            if let Some(eval) = text
                .strip_prefix("[%eval ")
                .and_then(|t| t.strip_suffix(']'))
            {
                r.evals.push((r.moves.len(), eval.to_owned()));
            }
            ControlFlow::Continue(())
        }
        fn begin_variation(&mut self, _: &mut Read) -> ControlFlow<Read, Skip> {
            self.depth += 1;
            ControlFlow::Continue(Skip(false))
        }
        fn end_variation(&mut self, _: &mut Read) -> ControlFlow<Read> {
            self.depth -= 1;
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, r: Read) -> Read {
            r
        }
    }

    fn moves(sans: &[&str]) -> Vec<Move> {
        let mut pos = Chess::default();
        sans.iter()
            .map(|s| {
                let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
                pos.play_unchecked(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn a_hung_queen_annotated_and_read_back_by_pgn_reader() {
        let game = moves(&["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"]);
        let cp = |c| Some(Score::Centipawns(c));
        let evals = [cp(20), cp(30), cp(30), cp(0), cp(10), cp(-800), cp(-820)];
        let mut best = vec![None; 6];
        best[4] = moves(&["e4", "e5", "Qh5", "Nc6", "Bc4"]).pop();
        let notes = notes(Color::White, &game, &evals, &best);
        assert_eq!(notes[4].judgement, Some(Judgement::Blunder));
        assert_eq!(notes.iter().filter(|n| n.judgement.is_some()).count(), 1);
        let mut sheet = Sheet::new(Chess::default());
        sheet.result = Some("0-1".into());
        sheet.moves = game
            .iter()
            .map(|mv| SheetMove {
                mv: *mv,
                draw_offer: false,
            })
            .collect();
        let text = annotated_pgn(&sheet, &notes);
        let flowing = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flowing.contains(
                "3. Qxe5+ $4 { [%eval -8.00] } ( 3. Bc4 ) 3... Nxe5 { [%eval -8.20] } 0-1"
            ),
            "{text}"
        );
        let read = Reader::new(text.as_bytes())
            .read_game(&mut Reading { depth: 0 })
            .unwrap()
            .unwrap();
        assert_eq!(read.moves, ["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"]);
        assert_eq!(read.nags, [(5, 4)]);
        assert_eq!(read.variations, [(5, "Bc4".to_owned())]);
        let evals: Vec<&str> = read.evals.iter().map(|(_, e)| e.as_str()).collect();
        assert_eq!(evals, ["0.30", "0.30", "0.00", "0.10", "-8.00", "-8.20"]);
        // The station reads its own annotated game back too.
        let again = pgn_in::read_games(&text, Language::En).unwrap();
        assert_eq!(again[0].sheet.moves, sheet.moves);
    }

    #[test]
    fn evals_as_pgn_writes_them() {
        let table = [
            (Score::Centipawns(35), "0.35"),
            (Score::Centipawns(-120), "-1.20"),
            (Score::Centipawns(-5), "-0.05"),
            (Score::Centipawns(0), "0.00"),
            (Score::Mate(3), "#3"),
            (Score::Mate(-2), "#-2"),
        ];
        for (score, want) in table {
            assert_eq!(eval_text(score), want);
        }
    }
}
