//! Words of moves: vocabulary, rendering moves to phrases, resolving heard and typed input.
