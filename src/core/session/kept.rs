//! A field of the session that the records are rendered from (the moves made, the
//! result): read through `Deref`, changed only through [`Kept::edit`] or [`Kept::set`],
//! which count the change. The PGN and the scoresheet are rendered again only when one of
//! them changed ([`super::Session::record`], issue 35.3), and a new way of changing them
//! cannot forget to say so: without `DerefMut` it does not compile.

use std::ops::Deref;

/// A value with the count of its changes.
#[derive(Debug, Default)]
pub(crate) struct Kept<T> {
    value: T,
    changes: u64,
}

impl<T> Kept<T> {
    /// `value`, unchanged so far.
    pub(crate) fn new(value: T) -> Kept<T> {
        Kept { value, changes: 0 }
    }

    /// The value to change: counted as a change.
    pub(crate) fn edit(&mut self) -> &mut T {
        self.changes += 1;
        &mut self.value
    }

    /// Replaces the value: counted as a change.
    pub(crate) fn set(&mut self, value: T) {
        *self.edit() = value;
    }

    /// How often the value was changed.
    pub(crate) fn changes(&self) -> u64 {
        self.changes
    }
}

impl<T> Deref for Kept<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

#[cfg(test)]
mod tests {
    use super::Kept;

    #[test]
    fn every_change_is_counted_and_reading_is_not() {
        let mut moves = Kept::new(Vec::<u8>::new());
        assert_eq!((moves.len(), moves.changes()), (0, 0));
        moves.edit().push(1);
        let _ = moves.first();
        assert_eq!(moves.changes(), 1);
        moves.set(vec![2, 3]);
        assert_eq!((moves.as_slice(), moves.changes()), (&[2, 3][..], 2));
    }
}
