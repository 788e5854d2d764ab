//! What a training game asks the analyst (issue 34.2): a hint, an evaluation, a warning's
//! two checks; and an evaluation as the PGN's comments write it.

use crate::core::engine::score::Score;
use crate::core::output::Audience;

/// What the analyst was asked for in a training game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Asked {
    /// "Tipp", for `to`.
    Hint(Audience),
    /// "Bewertung", for `to`.
    Evaluation(Audience),
    /// A warning's check: the position before the confirmed move.
    WarnBefore,
    /// A warning's check: the position after it, the score before (White's view).
    WarnAfter(Score),
}

impl Asked {
    /// Who is answered.
    pub(super) fn asker(self, player: Audience) -> Audience {
        match self {
            Asked::Hint(to) | Asked::Evaluation(to) => to,
            Asked::WarnBefore | Asked::WarnAfter(_) => player,
        }
    }
}

/// An evaluation as PGN comments write it, White's view: `+0.80`, `-1.25`, `#3`, `#-2`.
pub(super) fn pgn_eval(white: Score) -> String {
    match white {
        Score::Centipawns(cp) => {
            let sign = if cp < 0 { '-' } else { '+' };
            let abs = cp.unsigned_abs();
            format!("{sign}{}.{:02}", abs / 100, abs % 100)
        }
        Score::Mate(n) => format!("#{n}"),
    }
}
