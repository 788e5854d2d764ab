//! Waiting until the electronic board stands still before reading it.

use super::placement::Placement;
use crate::core::time::Timestamp;
use std::time::Duration;

/// Reports a placement once it has stayed unchanged for a wait.
///
/// FIDE Laws 6.2.a: a move is made by the clock, not by the hand; while the sighted player
/// is still moving pieces (a capture, a castling done rook first, a piece lifted and put
/// back) the board passes through placements that are no position at all. Only a placement
/// that stood unchanged for [`Stability::wait`] is reported, once; a placement that returns
/// to the one last reported is not reported again.
#[derive(Clone, Debug)]
pub struct Stability {
    wait: Duration,
    candidate: Option<(Placement, Timestamp)>,
    reported: Option<Placement>,
}

impl Stability {
    /// The wait used when the settings name none.
    pub const DEFAULT_WAIT: Duration = Duration::from_millis(250);

    /// A debouncer that reports a placement after it stood unchanged for `wait`.
    pub fn new(wait: Duration) -> Stability {
        Stability {
            wait,
            candidate: None,
            reported: None,
        }
    }

    /// The wait a placement must stand unchanged.
    pub fn wait(&self) -> Duration {
        self.wait
    }

    /// The board reports `placement` at `now`. Returns a placement that is stable by `now`
    /// (with a zero wait, this one at once).
    pub fn observe(&mut self, placement: Placement, now: Timestamp) -> Option<Placement> {
        let unchanged = self
            .candidate
            .as_ref()
            .is_some_and(|(pending, _)| *pending == placement);
        if !unchanged {
            if self.reported.as_ref() == Some(&placement) {
                self.candidate = None;
            } else {
                self.candidate = Some((placement, now));
            }
        }
        self.poll_due(now)
    }

    /// When the placement waiting now becomes stable, if one waits.
    pub fn next_deadline(&self) -> Option<Timestamp> {
        self.candidate.as_ref().map(|(_, since)| *since + self.wait)
    }

    /// The placement that became stable by `now`, if any (reported once).
    pub fn poll_due(&mut self, now: Timestamp) -> Option<Placement> {
        let due = self.next_deadline().is_some_and(|deadline| deadline <= now);
        if !due {
            return None;
        }
        let (placement, _) = self.candidate.take()?;
        self.reported = Some(placement.clone());
        Some(placement)
    }

    /// The placement last reported as stable, if any.
    pub fn stable(&self) -> Option<&Placement> {
        self.reported.as_ref()
    }
}

impl Default for Stability {
    fn default() -> Stability {
        Stability::new(Stability::DEFAULT_WAIT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position, Square};

    fn lifted(board: &Placement, square: Square) -> Placement {
        let mut b = board.clone();
        b.discard_piece_at(square);
        b
    }

    /// Each step: at `ms`, `Some(placement)` observed or `None` polled; what is reported.
    #[test]
    fn stability_table() {
        let a = Chess::default().board().clone();
        let b = lifted(&a, Square::E2);
        let c = lifted(&a, Square::D2);
        type Steps<'a> = Vec<(u64, Option<&'a Placement>, Option<&'a Placement>)>;
        let cases: Vec<(&str, Steps)> = vec![
            (
                "reported after the wait",
                vec![
                    (0, Some(&a), None),
                    (249, None, None),
                    (250, None, Some(&a)),
                ],
            ),
            (
                "reported once",
                vec![
                    (0, Some(&a), None),
                    (300, None, Some(&a)),
                    (600, None, None),
                    (700, Some(&a), None),
                    (1000, None, None),
                ],
            ),
            (
                "the same placement again keeps its instant",
                vec![
                    (0, Some(&a), None),
                    (200, Some(&a), None),
                    (250, None, Some(&a)),
                ],
            ),
            (
                "a change restarts the wait",
                vec![
                    (0, Some(&a), None),
                    (200, Some(&b), None),
                    (300, None, None),
                    (450, None, Some(&b)),
                ],
            ),
            (
                "a changed mind: only the last one",
                vec![
                    (0, Some(&b), None),
                    (100, Some(&c), None),
                    (349, None, None),
                    (350, None, Some(&c)),
                ],
            ),
            (
                "lifted and put back: nothing new",
                vec![
                    (0, Some(&a), None),
                    (250, None, Some(&a)),
                    (400, Some(&b), None),
                    (500, Some(&a), None),
                    (2000, None, None),
                ],
            ),
            (
                "late observation reports at once",
                vec![(0, Some(&a), None), (900, Some(&a), Some(&a))],
            ),
        ];
        for (name, steps) in cases {
            let mut s = Stability::default();
            for (ms, seen, want) in steps {
                let now = Timestamp::from_millis(ms);
                let got = match seen {
                    Some(p) => s.observe(p.clone(), now),
                    None => s.poll_due(now),
                };
                assert_eq!(got.as_ref(), want, "{name} at {ms} ms");
            }
        }
    }

    #[test]
    fn deadline_and_zero_wait() {
        let a = Chess::default().board().clone();
        let mut s = Stability::default();
        assert_eq!(s.next_deadline(), None);
        assert_eq!(s.observe(a.clone(), Timestamp::from_millis(10)), None);
        assert_eq!(s.next_deadline(), Some(Timestamp::from_millis(260)));
        assert_eq!(s.poll_due(Timestamp::from_millis(260)), Some(a.clone()));
        assert_eq!(s.next_deadline(), None);
        assert_eq!(s.stable(), Some(&a));
        let mut zero = Stability::new(Duration::ZERO);
        assert_eq!(zero.observe(a.clone(), Timestamp::ZERO), Some(a));
    }
}
