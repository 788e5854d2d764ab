//! FIDE Laws D.2.6: the game's records, the PGN with its clock times (C.12's draw offers,
//! the result) and the scoresheet, rendered from the moves made and the result. A step
//! view is built after every step, a deadline's and a heartbeat's too (issue 35.3): the
//! records are rendered again only when the moves or the result changed since they were
//! last rendered (`kept.rs` counts every change), and shared as `Arc`s until then.

use std::cell::RefCell;
use std::sync::Arc;

use shakmaty::CastlingMode;

use super::Session;
use crate::core::game_record::{PgnGame, PgnMove, write_pgn};
use crate::core::output::{GameResult, Termination};
use crate::core::ply::Ply;
use crate::core::scoresheet::Sheet;

/// The records as last rendered, with the count of changes they were rendered at.
#[derive(Debug, Default)]
pub(super) struct RecordMemo(RefCell<Option<Rendered>>);

#[derive(Debug)]
struct Rendered {
    changes: u64,
    pgn: Arc<str>,
    sheet: Arc<Sheet>,
}

impl Session {
    /// The PGN of the game so far: the Seven Tag Roster, TimeControl, Termination, a FEN
    /// for a non-standard start, and the moves with their clock times.
    pub fn pgn(&self) -> Arc<str> {
        self.records().0
    }

    /// FIDE Laws D.2.6: the scoresheet of the game so far.
    pub fn scoresheet(&self) -> Arc<Sheet> {
        self.records().1
    }

    /// How often the moves made or the result changed: the records read the same while
    /// this does.
    pub fn record_changes(&self) -> u64 {
        self.history.changes() + self.result.changes() + self.training.help.note_changes
    }

    /// The PGN and the scoresheet, rendered again only when the moves or the result
    /// changed.
    fn records(&self) -> (Arc<str>, Arc<Sheet>) {
        let changes = self.record_changes();
        let mut memo = self.record_memo.0.borrow_mut();
        if let Some(r) = memo.as_ref().filter(|r| r.changes == changes) {
            return (Arc::clone(&r.pgn), Arc::clone(&r.sheet));
        }
        let rendered = Rendered {
            changes,
            pgn: self.render_pgn().into(),
            sheet: Arc::new(self.render_sheet()),
        };
        let out = (Arc::clone(&rendered.pgn), Arc::clone(&rendered.sheet));
        *memo = Some(rendered);
        out
    }

    fn render_sheet(&self) -> Sheet {
        Sheet::from_plies(
            &self.setup.info,
            self.setup.clock.as_ref().map(|c| c.white.to_string()),
            self.result.as_ref().map(|r| r.pgn().to_owned()),
            &self.initial,
            &self.history,
        )
    }

    fn render_pgn(&self) -> String {
        let game = PgnGame {
            info: &self.setup.info,
            time_control: self.setup.clock.as_ref().map(|c| c.white.to_string()),
            termination: termination(self.result.as_ref()),
            result: self.result.as_ref().map_or("*", |r| r.pgn()),
            initial: &self.initial,
            chess960: self.castling_mode == CastlingMode::Chess960,
            moves: self.history.iter().map(pgn_move).collect(),
            comments: self.training_notes(),
        };
        write_pgn(&game)
    }
}

/// PGN's Termination tag of a result (none yet: `unterminated`).
fn termination(result: Option<&GameResult>) -> &'static str {
    match result.map(|r| r.reason) {
        None | Some(Termination::Unfinished | Termination::Aborted) => "unterminated",
        Some(Termination::FlagFall | Termination::FlagFallInsufficient) => "time forfeit",
        Some(Termination::Abandoned) => "abandoned",
        Some(Termination::Adjudicated) => "adjudication",
        Some(_) => "normal",
    }
}

fn pgn_move(p: &Ply) -> PgnMove {
    PgnMove {
        number: p.made.number,
        side: p.made.side,
        san: p.made.san.clone(),
        clock: p.made.clock,
        elapsed: p.made.elapsed,
        draw_offer: p.made.draw_offer,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::core::script::{self, Action};

    /// Every golden script of the protocol, records, endings, clock, e-board, online and
    /// answers, stepped: after
    /// each step the PGN and the scoresheet read exactly as freshly rendered ones, and
    /// while the moves and the result did not change they are the same `Arc`s (not
    /// rendered again).
    #[test]
    fn the_records_are_rendered_again_exactly_when_they_change() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
        let (mut scripts, mut reused, mut rendered) = (0, 0, 0);
        for folder in [
            "protocol", "records", "endings", "clock", "eboard", "online", "answers",
        ] {
            let mut paths: Vec<_> = std::fs::read_dir(format!("{root}/{folder}"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "script"))
                .collect();
            paths.sort();
            for path in paths {
                let text = std::fs::read_to_string(&path).unwrap();
                let parsed = script::parse(&text).unwrap();
                let mut s = super::Session::new(parsed.setup.clone()).unwrap();
                scripts += 1;
                for step in &parsed.steps {
                    let (before, pgn) = (s.record_changes(), s.pgn());
                    while s.poll_due(step.at).is_some() {}
                    if let Action::Input(input) = &step.action {
                        s.handle(input.clone(), step.at);
                    }
                    let (now, again) = (s.record_changes(), s.pgn());
                    assert_eq!(*again, *s.render_pgn(), "{path:?} line {}", step.line);
                    assert_eq!(*s.scoresheet(), s.render_sheet(), "{path:?}");
                    if now == before {
                        assert!(Arc::ptr_eq(&pgn, &again), "{path:?} line {}", step.line);
                        reused += 1;
                    } else {
                        rendered += 1;
                    }
                }
            }
        }
        assert!(scripts >= 10, "{scripts} scripts");
        assert!(
            reused > 0 && rendered > 0,
            "{reused} reused, {rendered} rendered"
        );
    }
}
