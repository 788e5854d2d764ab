//! The simulated player: says the move, answers the station's echo and questions as a
//! careful player does (FIDE Laws D.2.3, D.2.7), and counts what happened.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

use super::ear::{Ear, Reply};
use super::{Tally, VoiceSetup};
use crate::simulated::{Channel, Rng, word_errors};
use ansage::core::grammar::speakable;
use ansage::core::input::{Actor, Command, Event, Input};
use ansage::core::output::{Audience, Output};
use ansage::core::phrases::Message;
use ansage::core::session::Session;
use ansage::core::time::Timestamp;
use ansage::core::words::{HeardWords, Vocabulary};

/// One game's sessions and the player's behaviour.
pub(super) struct Player<'a> {
    pub(super) channel: Channel,
    pub(super) rng: Rng,
    pub(super) setup: &'a VoiceSetup,
    pub(super) now: u64,
}

impl Player<'_> {
    fn at(&mut self, ms: u64) -> Timestamp {
        self.now += ms;
        Timestamp::from_millis(self.now)
    }

    fn heard(
        &mut self,
        session: &mut Session,
        by: Actor,
        said: &str,
        t: &mut Tally,
    ) -> Vec<Output> {
        let u = self.channel.hear(said);
        let (e, n) = word_errors(said, &u);
        t.edits += e;
        t.words += n;
        t.utterances += 1;
        let at = self.at(1000);
        session.handle(
            Input::Act {
                by,
                event: Event::Heard(u),
            },
            at,
        )
    }

    fn says_clean(&mut self, session: &mut Session, by: Actor, text: &str) -> Vec<Output> {
        let at = self.at(500);
        session.handle(
            Input::Act {
                by,
                event: Event::Heard(HeardWords::from_text(text)),
            },
            at,
        )
    }

    /// The arbiter makes `uci` (after failed tries, or to put a wrong move right).
    fn arbiter_makes(&mut self, session: &mut Session, uci: &str) {
        let at = self.at(1000);
        session.handle(
            Input::Act {
                by: Actor::Arbiter,
                event: Event::Typed(uci.to_owned()),
            },
            at,
        );
    }

    /// What the player says for `mv`: its announcement, or one time in `other_forms` another
    /// phrase form of it that the grammar holds.
    fn said_form(&mut self, vocab: &Vocabulary, pos: &Chess, mv: Move, announce: &str) -> String {
        if self.rng.chance(self.setup.other_forms) {
            let others: Vec<String> = vocab
                .phrases(pos, mv)
                .into_iter()
                // Only what the grammar lets a recognizer hear: not the written "0 0" of
                // castling, nor "null null null" (see `grammar::speakable`).
                .filter(|p| {
                    *p != announce && !p.chars().any(|c| c.is_ascii_digit()) && speakable(p)
                })
                .collect();
            let i = self.rng.below(others.len());
            others
                .get(i)
                .cloned()
                .unwrap_or_else(|| announce.to_owned())
        } else {
            announce.to_owned()
        }
    }

    /// The player's intent for `mv` in `pos` (the session's position).
    fn intent(&mut self, session: &Session, pos: &Chess, mv: Move) -> Intent {
        let vocab: &Vocabulary = session.vocabulary();
        let side = pos.turn();
        let uci = UciMove::from_move(mv, CastlingMode::Standard).to_string();
        let announce = vocab.announce(pos, mv);
        let said = self.said_form(vocab, pos, mv, &announce);
        let origin = mv
            .from()
            .map(|sq| vocab.square_name(sq))
            .unwrap_or_default();
        let mine = Ear::echo_texts(session, pos, mv);
        // How a question names the intended move, and what the player answers: the origin
        // ("von Bella eins", "von Bella": "Bella eins"), the target ("nach Felix drei",
        // "nach Felix": "Felix drei"), the whole move, the piece ("Springer"), the
        // promotion piece.
        let p = session.phrases();
        let option =
            |id: &'static str, name: String| p.speech(&Message::new(id).arg("square", name));
        let target = vocab.square_name(mv.to());
        let mut named: Vec<(String, String)> = Vec::new();
        if let Some(from) = mv.from() {
            named.push((option("option-from", origin.clone()), origin.clone()));
            let file = vocab.file_name(from.file()).to_owned();
            named.push((option("option-from", file), origin.clone()));
        }
        named.push((option("option-to", target.clone()), target.clone()));
        let file = vocab.file_name(mv.to().file()).to_owned();
        named.push((option("option-to", file), target.clone()));
        named.push((announce.clone(), announce.clone()));
        let piece = vocab
            .piece_name(mv.promotion().unwrap_or(mv.role()))
            .to_owned();
        named.push((piece.clone(), piece));
        Intent {
            mv,
            by: Actor::Player(side),
            to: Audience::player(side),
            uci,
            announce,
            said,
            mine,
            named,
        }
    }

    /// Plays `mv` in `pos` (the session's position) through the protocol.
    pub(super) fn play(
        &mut self,
        session: &mut Session,
        ear: &Ear,
        pos: &Chess,
        mv: Move,
        t: &mut Tally,
    ) {
        let intent = self.intent(session, pos, mv);
        t.moves += 1;
        for attempt in 0..self.setup.tries {
            if self.attempt(session, ear, pos, &intent, attempt, t) {
                return;
            }
        }
        t.failed += 1;
        self.arbiter_makes(session, &intent.uci);
    }

    /// One try: the announcement and the conversation that follows; whether a move was
    /// made.
    fn attempt(
        &mut self,
        session: &mut Session,
        ear: &Ear,
        pos: &Chess,
        i: &Intent,
        attempt: usize,
        t: &mut Tally,
    ) -> bool {
        let (by, mv) = (i.by, i.mv);
        let mut out = self.heard(session, by, &i.said, t);
        let mut talk = Conversation::default();
        loop {
            match ear.classify(
                session,
                pos,
                (mv, &i.mine, &i.named, &i.announce),
                &out,
                i.to,
            ) {
                Reply::Made(made) => {
                    self.made(session, i, &made, attempt, &talk, t);
                    return true;
                }
                Reply::Echo { mv: m, unsure } if m == mv => {
                    out = self.confirm(session, by, unsure, &mut talk);
                }
                Reply::Echo { .. } => {
                    // With a correction window running, silence would make it.
                    if session.next_deadline().is_some() {
                        t.wrong_silent += 1;
                    } else {
                        t.wrong_asked += 1;
                    }
                    self.says_clean(session, by, "nein");
                    return false;
                }
                Reply::Which { answer } => {
                    t.which += 1;
                    talk.which = true;
                    talk.answers += 1;
                    let listed = answer.is_some();
                    if !listed || talk.answers > 2 {
                        // The intended move is not among those asked about (or the
                        // answers are not understood): "nein", and a new try.
                        if !listed {
                            t.wrong_which += 1;
                        }
                        self.says_clean(session, by, "nein");
                        return false;
                    }
                    let answer = answer.unwrap_or_else(|| i.announce.clone());
                    out = self.heard(session, by, &answer, t);
                }
                Reply::NotUnderstood => {
                    t.not_understood += 1;
                    return false;
                }
                Reply::Illegal => {
                    t.illegal += 1;
                    return false;
                }
                Reply::Other => {
                    t.other += 1;
                    // Whatever is pending is withdrawn before the next try.
                    self.says_clean(session, by, "nein");
                    return false;
                }
            }
        }
    }

    /// The echo named the intended move: "ja", or silence while a correction window runs.
    fn confirm(
        &mut self,
        session: &mut Session,
        by: Actor,
        unsure: bool,
        talk: &mut Conversation,
    ) -> Vec<Output> {
        if unsure {
            talk.asked = true;
            return self.says_clean(session, by, "ja");
        }
        match session.next_deadline() {
            // The correction window: the player stays silent.
            Some(d) if d > Timestamp::from_millis(self.now) => {
                talk.by_silence = true;
                self.now = d.as_millis();
                session.handle(Input::Timeout, d)
            }
            _ => self.says_clean(session, by, "ja"),
        }
    }

    /// A move was made: counts it; a wrong one is taken back and the arbiter makes the
    /// intended one.
    fn made(
        &mut self,
        session: &mut Session,
        i: &Intent,
        made: &str,
        attempt: usize,
        talk: &Conversation,
        t: &mut Tally,
    ) {
        if made == i.uci {
            match (attempt, talk.which, talk.asked) {
                (0, true, _) => t.first_which += 1,
                (0, false, true) => t.first_asked += 1,
                (0, false, false) => t.first_sure += 1,
                _ => t.later += 1,
            }
            if talk.by_silence {
                t.silent += 1;
            }
        } else {
            t.wrong_made += 1;
            let at = self.at(1000);
            session.handle(
                Input::Act {
                    by: Actor::Arbiter,
                    event: Event::Command(Command::TakeBack),
                },
                at,
            );
            self.arbiter_makes(session, &i.uci);
        }
    }
}

/// What the player means to play and the words for it.
struct Intent {
    mv: Move,
    by: Actor,
    to: Audience,
    uci: String,
    /// The announcement.
    announce: String,
    /// What the player says (the announcement or another form of it).
    said: String,
    /// The echoes of the intended move.
    mine: [(String, bool); 3],
    /// How a question may name the intended move, with the player's answer to it.
    named: Vec<(String, String)>,
}

/// One try's conversation so far.
#[derive(Default)]
struct Conversation {
    /// The station asked back ("Meinten Sie …?").
    asked: bool,
    /// The station asked which ("Welcher …?").
    which: bool,
    /// The correction window made the move.
    by_silence: bool,
    /// Answers to "Welcher …?" in this try (at most two).
    answers: u32,
}
