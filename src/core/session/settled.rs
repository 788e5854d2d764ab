//! What became of the last thing announced and not yet made (a move, FIDE Laws D.2.3,
//! D.2.7; a resignation; a draw claim, 9.2, 9.3, 9.5): decided once per step from what the
//! session was before it and is after it, kept for the page's view ([`SettledView`]) until
//! a newer announcement or another move replaces it.

use shakmaty::Color;

use crate::core::output::{OnlineRequest, Output, Termination};
use crate::core::view::{Fate, SettledView, Side};
use crate::core::words::RenderedMove;

use super::Session;
use super::adjournment::Adjournment;
use super::pending::Pending;

/// The session before a step, as far as a fate depends on it.
pub(super) struct Before {
    pending: Pending,
    moves: usize,
    over: bool,
    sealing: bool,
}

/// What a step did to the last fate.
enum Change {
    /// It stays (nothing replaced it).
    Keep,
    /// It is gone (replaced by a newer announcement, another move, the end of the game).
    Clear,
    /// A new fate.
    Set(SettledView),
}

fn settled(fate: Fate, side: Color, rendered: Option<&RenderedMove>) -> Change {
    Change::Set(SettledView {
        fate,
        side: Side::from(side),
        words: rendered.map(|r| r.phrase.clone()),
        san: rendered.map(|r| r.san.clone()),
        local: rendered.map(|r| r.san_local.clone()),
    })
}

impl Session {
    /// The session before a step.
    pub(super) fn before_step(&self) -> Before {
        Before {
            pending: self.pending.clone(),
            moves: self.history.len(),
            over: self.result.is_some(),
            sealing: self.adjournment != Adjournment::None,
        }
    }

    /// FIDE Laws 9.2, 9.3, 9.5: a draw claim decided in this step.
    pub(super) fn settle_claim(&mut self, side: Color, upheld: bool) {
        let fate = if upheld {
            Fate::ClaimUpheld
        } else {
            Fate::ClaimRefused
        };
        self.claimed = Some(SettledView {
            fate,
            side: Side::from(side),
            words: None,
            san: None,
            local: None,
        });
    }

    /// Decides the fate after a step that began as `before` and produced `out`.
    pub(super) fn settle(&mut self, before: Before, out: &[Output]) {
        let change = match self.claimed.take() {
            Some(claim) => Change::Set(claim),
            None => self.change(&before, out),
        };
        match change {
            Change::Keep => {}
            Change::Clear => self.settled = None,
            Change::Set(view) => self.settled = Some(view),
        }
    }

    fn change(&self, before: &Before, out: &[Output]) -> Change {
        let made = self.history.get(before.moves).map(|p| &p.made);
        let moves_changed = self.history.len() != before.moves;
        let resigned = !before.over
            && self
                .result
                .as_ref()
                .is_some_and(|r| r.reason == Termination::Resignation);
        let sent_online = out
            .iter()
            .any(|o| matches!(o, Output::Online(OnlineRequest::Resign)));
        // Appendix E.1: a move being sealed is shown to nobody, not even as withdrawn.
        if before.sealing || self.adjournment != Adjournment::None {
            return Change::Clear;
        }
        if resigned {
            return match self.result.as_ref().and_then(|r| r.loser) {
                Some(side) => settled(Fate::Resigned, side, None),
                None => Change::Clear,
            };
        }
        match (&before.pending, &self.pending) {
            (Pending::Echoed { side, rendered, .. }, after) => {
                let same = matches!(after, Pending::Echoed { side: s, rendered: r, .. }
                    if s == side && r.uci == rendered.uci);
                if same {
                    Change::Keep
                } else if !matches!(after, Pending::None) {
                    settled(Fate::Corrected, *side, Some(rendered))
                } else if made.is_some_and(|m| m.side == *side && m.uci == rendered.uci) {
                    settled(Fate::Made, *side, Some(rendered))
                } else if self.result.is_some() || moves_changed {
                    Change::Clear
                } else {
                    settled(Fate::Withdrawn, *side, Some(rendered))
                }
            }
            (Pending::Which { side, .. }, Pending::None) => match made {
                Some(m) if m.side == *side => Change::Clear.made_by(self, *side),
                _ if self.result.is_some() || moves_changed => Change::Clear,
                _ => settled(Fate::Withdrawn, *side, None),
            },
            (Pending::Resign { .. }, Pending::Resign { .. }) => Change::Keep,
            (Pending::Resign { .. }, _) if sent_online || self.result.is_some() => Change::Clear,
            (Pending::Resign { side }, _) => settled(Fate::ResignationWithdrawn, *side, None),
            (_, Pending::None) if !moves_changed => Change::Keep,
            _ => Change::Clear,
        }
    }
}

impl Change {
    /// The move `side` just made, after a "which" question, as a made announcement.
    fn made_by(self, session: &Session, side: Color) -> Change {
        match session.history.last() {
            Some(ply) if ply.made.side == side => Change::Set(SettledView {
                fate: Fate::Made,
                side: Side::from(side),
                words: Some(ply.made.phrase.clone()),
                san: Some(ply.made.san.clone()),
                local: Some(ply.san_local.clone()),
            }),
            _ => self,
        }
    }
}
