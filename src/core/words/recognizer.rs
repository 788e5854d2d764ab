//! What a recognizer may hear of moves: every word of a move phrase, and the short answers
//! to "Welcher …?", for the recognizer's vocabulary check and its grammar
//! ([`crate::core::grammar`]).

use shakmaty::Square;

use super::Vocabulary;

impl Vocabulary {
    /// Every text a move phrase ([`Vocabulary::phrases`]) can be made of, as written in the
    /// word file: file, rank and piece names (singular and plural), every castling wording,
    /// the capture, check, mate and en passant words (FIDE Laws D.2.1). For a recognizer's
    /// vocabulary check.
    pub fn spoken_words(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        out.extend(self.files.iter().cloned());
        out.extend(self.ranks.iter().cloned());
        for p in &self.pieces {
            out.push(p.name.clone());
            out.push(p.plural.clone());
        }
        for all in &self.castling.all {
            out.extend(all.iter().cloned());
        }
        out.extend([
            self.capture.clone(),
            self.check.clone(),
            self.checkmate.clone(),
            self.en_passant.clone(),
        ]);
        out.retain(|w| !w.trim().is_empty());
        out.sort();
        out.dedup();
        out
    }

    /// The short answers to "Welcher …?" (FIDE Laws D.2.1: the move is announced clearly,
    /// and the station asks which when the words fit several): a file, a rank, a square, a
    /// piece alone, and an origin with the word before it ("von Bella", "von Bella eins").
    /// A recognizer's grammar offers them, so that a question can be answered in a word;
    /// the castling answers ("kurze", "lange") are among every castling wording the moves'
    /// phrases have.
    pub fn answer_phrases(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::with_capacity(160);
        out.extend(self.files.iter().cloned());
        out.extend(self.ranks.iter().cloned());
        out.extend(self.pieces.iter().map(|p| p.name.clone()));
        let from = |w: &str| {
            if self.from.is_empty() {
                w.to_owned()
            } else {
                format!("{} {w}", self.from)
            }
        };
        out.extend(self.files.iter().map(|f| from(f)));
        for sq in Square::ALL {
            let name = self.square_name(sq);
            out.push(from(&name));
            out.push(name);
        }
        out.retain(|w| !w.trim().is_empty());
        let mut seen = std::collections::HashSet::new();
        out.retain(|w| seen.insert(w.clone()));
        out
    }
}
