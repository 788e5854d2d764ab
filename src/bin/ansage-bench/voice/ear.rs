//! What the simulated player hears: the station's replies, recognized by their words.

use shakmaty::{Chess, Move, Position, Role};

use ansage::core::output::{Audience, Output, Priority};
use ansage::core::phrases::Message;
use ansage::core::phrases::role_key;
use ansage::core::session::Session;

/// What the player heard from the station after an utterance.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Reply {
    /// A move was made.
    Made(String),
    /// The echo of a move: sure (confirm or wait) or asked back.
    Echo {
        mv: Move,
        unsure: bool,
    },
    /// "Welcher Springer: von … ?", "Welcher Zug: …?", "Welche Figur: …?", "Welche neue
    /// Figur: …?", "16 Züge passen …": the player's answer, if the intended move is among
    /// those named (the whole move to "… Züge passen").
    Which {
        answer: Option<String>,
    },
    NotUnderstood,
    Illegal,
    Other,
}

/// The intended move, its echoes, how a question may name it (with the answer), and its
/// announcement.
pub(super) type Intended<'a> = (
    Move,
    &'a [(String, bool); 3],
    &'a [(String, String)],
    &'a str,
);

/// The fixed sentences the player recognizes, rendered once per session language.
pub(super) struct Ear {
    not_understood: String,
    illegal_prefix: String,
    which_piece: Vec<String>,
    which_move: String,
    which_role: String,
    which_promotion: String,
    /// The end of "16 Züge passen, bitte genauer ansagen.".
    which_many: String,
    or: String,
}

const MARK: &str = "\u{1}";

fn prefix(text: String) -> String {
    text.split(MARK).next().unwrap_or("").to_owned()
}

impl Ear {
    pub(super) fn new(session: &Session) -> Ear {
        let p = session.phrases();
        let v = session.vocabulary();
        Ear {
            not_understood: p.speech(&Message::new("not-understood")),
            illegal_prefix: prefix(
                p.speech(
                    &Message::new("illegal-move")
                        .arg("heard", MARK)
                        .arg("reason", ""),
                ),
            ),
            which_piece: Role::ALL
                .into_iter()
                .map(|r| {
                    prefix(
                        p.speech(
                            &Message::new("which-piece")
                                .arg("piece", v.piece_name(r))
                                .arg("role", role_key(r))
                                .arg("options", MARK),
                        ),
                    )
                })
                .collect(),
            which_move: prefix(p.speech(&Message::new("which-move").arg("options", MARK))),
            which_role: prefix(p.speech(&Message::new("which-role").arg("options", MARK))),
            which_promotion: prefix(
                p.speech(&Message::new("which-promotion").arg("options", MARK)),
            ),
            which_many: p
                .speech(&Message::new("which-many").arg("count", MARK))
                .rsplit(MARK)
                .next()
                .unwrap_or("")
                .to_owned(),
            or: p.speech(&Message::new("word-or")),
        }
    }

    /// The echo of `m` in `pos` under each of the three echo messages.
    pub(super) fn echo_texts(session: &Session, pos: &Chess, m: Move) -> [(String, bool); 3] {
        let v = session.vocabulary();
        let p = session.phrases();
        let phrase = v.announce(pos, m);
        let san = v.localized_san(pos, m);
        let render = |id: &'static str| {
            p.speech(
                &Message::new(id)
                    .arg("move", phrase.clone())
                    .arg("san", san.clone()),
            )
        };
        [
            (render("echo"), false),
            (render("echo-confirm"), false),
            (render("echo-unsure"), true),
        ]
    }

    pub(super) fn classify(
        &self,
        session: &Session,
        pos: &Chess,
        intended: Intended<'_>,
        out: &[Output],
        to: Audience,
    ) -> Reply {
        if let Some(made) = out.iter().find_map(|o| match o {
            Output::Made(m) => Some(m.uci.clone()),
            _ => None,
        }) {
            return Reply::Made(made);
        }
        let Some(text) = out.iter().rev().find_map(|o| match o {
            Output::Say(s) if s.to == to && s.priority == Priority::Move => Some(s.text.as_str()),
            _ => None,
        }) else {
            return Reply::Other;
        };
        if let Some((_, unsure)) = intended.1.iter().find(|(t, _)| t == text) {
            return Reply::Echo {
                mv: intended.0,
                unsure: *unsure,
            };
        }
        if text == self.not_understood {
            return Reply::NotUnderstood;
        }
        if text.starts_with(&self.illegal_prefix) {
            return Reply::Illegal;
        }
        let question = self
            .which_piece
            .iter()
            .chain([&self.which_move, &self.which_role, &self.which_promotion])
            .any(|p| text.starts_with(p.as_str()));
        if question {
            let answer = intended
                .2
                .iter()
                .find(|(o, _)| names(text, o, &self.or))
                .map(|(_, a)| a.clone());
            return Reply::Which { answer };
        }
        if !self.which_many.is_empty() && text.ends_with(&self.which_many) {
            return Reply::Which {
                answer: Some(intended.3.to_owned()),
            };
        }
        for m in pos.legal_moves() {
            if let Some((_, unsure)) = Ear::echo_texts(session, pos, m)
                .iter()
                .find(|(t, _)| t == text)
            {
                return Reply::Echo {
                    mv: m,
                    unsure: *unsure,
                };
            }
        }
        Reply::Other
    }
}

/// Whether a question's `text` names the option `o` as a whole (followed by a comma, the
/// question mark or the word "oder": "…, von Bella eins oder …"; "von Bella" is not named
/// in "von Bella eins").
fn names(text: &str, o: &str, or: &str) -> bool {
    text.match_indices(o).any(|(i, _)| {
        let rest = &text[i + o.len()..];
        (rest.is_empty()
            || rest.starts_with([',', '?'])
            || rest.strip_prefix(' ').is_some_and(|r| r.starts_with(or)))
            && (i == 0 || text[..i].ends_with([' ', ':']))
    })
}
