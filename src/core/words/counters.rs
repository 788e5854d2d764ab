//! Test builds only: how often this thread built phrase forms and rendered a move, so that
//! tests show each happens once (the forms once per position, a move once per step).

use std::cell::Cell;
use std::ops::Sub;

/// What this thread has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Phrase forms built ([`super::matcher::Forms::build`]).
    pub(crate) forms: usize,
    /// Moves rendered in every form ([`super::MovePhrases::render`]).
    pub(crate) renders: usize,
    /// Announcements rendered (spoken form of a move).
    pub(crate) spoken: usize,
    /// Moves written in the language's letters ([`super::Vocabulary::localized_san`]).
    pub(crate) lettered: usize,
}

impl Sub for Counts {
    type Output = Counts;
    fn sub(self, before: Counts) -> Counts {
        Counts {
            forms: self.forms - before.forms,
            renders: self.renders - before.renders,
            spoken: self.spoken - before.spoken,
            lettered: self.lettered - before.lettered,
        }
    }
}

thread_local! {
    static COUNTS: Cell<Counts> = Cell::new(Counts::default());
}

/// Counts something done on this thread.
pub(crate) fn count(what: impl FnOnce(&mut Counts)) {
    COUNTS.with(|c| {
        let mut counts = c.get();
        what(&mut counts);
        c.set(counts);
    });
}

/// What this thread has done so far.
pub(crate) fn counts() -> Counts {
    COUNTS.with(Cell::get)
}
