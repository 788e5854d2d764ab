//! TEMPORARY STUB (replaced by the words branch): words of moves.
#![allow(missing_docs, dead_code, unused_variables)]
use crate::core::lang::Language;
use shakmaty::{
    Chess, Color, File, Move, Rank, Role, Square, san::SanPlus, uci::UciMove,
};

pub struct Vocabulary(Language);
static DE: Vocabulary = Vocabulary(Language::De);
static ES: Vocabulary = Vocabulary(Language::Es);
static EN: Vocabulary = Vocabulary(Language::En);
pub fn vocabulary(lang: Language) -> &'static Vocabulary {
    match lang {
        Language::De => &DE,
        Language::Es => &ES,
        Language::En => &EN,
    }
}
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Utterance {
    pub words: Vec<HeardWord>,
}
impl Utterance {
    pub fn from_text(text: &str) -> Utterance {
        Utterance {
            words: text
                .split_whitespace()
                .map(|w| HeardWord {
                    text: w.into(),
                    confidence: 1.0,
                    alternatives: vec![],
                })
                .collect(),
        }
    }
    pub fn text(&self) -> String {
        self.words
            .iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}
#[derive(Clone, Debug, PartialEq)]
pub struct HeardWord {
    pub text: String,
    pub confidence: f32,
    pub alternatives: Vec<(String, f32)>,
}
#[derive(Clone, Debug, PartialEq)]
pub enum Resolution {
    Move { mv: Move, sure: bool },
    Ambiguous(Vec<Move>),
    Illegal(IllegalReason),
    NotUnderstood,
}
#[derive(Clone, Debug, PartialEq)]
pub enum IllegalReason {
    NoPieceReaches { role: Role, to: Square },
}
pub struct Typed {
    pub resolution: Resolution,
    pub draw_offer: bool,
}
const FILES: [&str; 8] = [
    "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
];
const RANKS: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
];
impl Vocabulary {
    pub fn language(&self) -> Language {
        self.0
    }
    pub fn announce(&self, pos: &Chess, m: Move) -> String {
        SanPlus::from_move(pos.clone(), m).to_string()
    }
    pub fn phrases(&self, pos: &Chess, m: Move) -> Vec<String> {
        vec![self.announce(pos, m)]
    }
    pub fn piece_name(&self, role: Role) -> &str {
        role.upper_char().to_string().leak()
    }
    pub fn piece_name_plural(&self, role: Role) -> &str {
        self.piece_name(role)
    }
    pub fn piece_letter(&self, role: Role) -> char {
        role.upper_char()
    }
    pub fn file_name(&self, file: File) -> &str {
        FILES[usize::from(file)]
    }
    pub fn rank_name(&self, rank: Rank) -> &str {
        RANKS[usize::from(rank)]
    }
    pub fn square_name(&self, sq: Square) -> String {
        format!(
            "{} {}",
            self.file_name(sq.file()),
            self.rank_name(sq.rank())
        )
    }
    pub fn color_name(&self, color: Color) -> &str {
        if color.is_white() { "Weiß" } else { "Schwarz" }
    }
    pub fn localized_san(&self, pos: &Chess, m: Move) -> String {
        self.announce(pos, m)
    }
    pub fn known_words(&self) -> Vec<String> {
        vec![]
    }
    pub fn resolve(&self, pos: &Chess, heard: &Utterance, among: Option<&[Move]>) -> Resolution {
        self.parse_typed(pos, &heard.text(), among).resolution
    }
    pub fn parse_typed(&self, pos: &Chess, text: &str, among: Option<&[Move]>) -> Typed {
        let t = text.trim();
        let (t, draw_offer) = match t.strip_suffix("(=)") {
            Some(s) => (s.trim(), true),
            None => (t, false),
        };
        let resolution = if let Ok(san) = t.parse::<SanPlus>() {
            match san.san.to_move(pos) {
                Ok(m) => Resolution::Move { mv: m, sure: true },
                Err(_) => Resolution::NotUnderstood,
            }
        } else if let Ok(u) = t.parse::<UciMove>() {
            match u.to_move(pos) {
                Ok(m) => Resolution::Move { mv: m, sure: true },
                Err(_) => Resolution::NotUnderstood,
            }
        } else {
            Resolution::NotUnderstood
        };
        Typed {
            resolution,
            draw_offer,
        }
    }
}
