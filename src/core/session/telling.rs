//! Telling: the one place where the session renders what it says and shows. Each concern
//! picks a message and its arguments; here messages become speech and Braille (and are
//! kept for the repeat key), the clock and the status line are emitted, and the result,
//! the "Welcher …?" question, the reason for an illegal move, answers to questions and
//! the pending prompt are phrased.

use std::time::Duration;

use shakmaty::{Color, File, Position, Rank, Role, Square};

use crate::core::durations::spoken_duration;
use crate::core::input::Actor;
use crate::core::output::{
    Audience, ClockReading, GameResult, LiveClock, Output, Priority, Termination,
};
use crate::core::phrases::{Message, role_key};
use crate::core::questions;
use crate::core::render;
use crate::core::status::StatusSource;
use crate::core::time::Timestamp;
use crate::core::words::{IllegalReason, Vocabulary};

use super::adjournment::Adjournment;
use super::pending::Pending;
use super::protocol::Announced;
use super::repeat::Said;
use super::{Session, audience};

impl Session {
    /// Says again what the station is waiting for, if anything: the echoed move awaiting
    /// "ja" (D.2.3), the "Welcher …?" question, the resignation to confirm, a draw offer
    /// not yet answered (9.1.b), an adjournment whose move is to be sealed or is sealed
    /// (Appendix E). Used when a game is resumed from its journal, so the player hears
    /// where things stand.
    pub fn pending_prompt(&mut self) -> Vec<Output> {
        let mut out = Vec::new();
        self.step += 1;
        match self.pending.clone() {
            Pending::None => {}
            Pending::Echoed { side, rendered, .. } => {
                let msg = Message::new("echo-confirm")
                    .arg("move", rendered.phrase)
                    .arg("san", rendered.san_local);
                self.tell(Audience::player(side), Priority::Move, msg, &mut out);
            }
            Pending::Which {
                side, candidates, ..
            } => {
                let msg = self.which_message(&candidates);
                self.tell(Audience::player(side), Priority::Move, msg, &mut out);
            }
            Pending::Resign { side } => {
                self.tell(
                    Audience::player(side),
                    Priority::Move,
                    Message::new("resign-confirm"),
                    &mut out,
                );
            }
        }
        if let Some(side) = self.draw_offer {
            // FIDE Laws 9.1.b.3: the offer stands until it is accepted or rejected.
            let msg = Message::new("draw-offered").arg("side", self.color_name(side));
            self.tell(Audience::All, Priority::Move, msg, &mut out);
        }
        match self.adjournment.clone() {
            Adjournment::None => {}
            Adjournment::Sealing { side } => {
                let msg = Message::new("seal-please").arg("side", self.color_name(side));
                self.tell(Audience::All, Priority::Move, msg, &mut out);
            }
            Adjournment::Sealed { .. } => self.tell(
                Audience::All,
                Priority::Move,
                Message::new("game-adjourned"),
                &mut out,
            ),
        }
        out
    }

    /// FIDE Laws Appendix E: whether the game is adjourned with a sealed move (it goes on
    /// when the arbiter resumes it, not when a clock is started).
    pub fn adjourned(&self) -> bool {
        matches!(self.adjournment, Adjournment::Sealed { .. })
    }

    /// FIDE Laws D.2.6: what the Braille status line is made of now (the last move in the
    /// language's letters, the clock, the side to move), for the session's own status
    /// line and for a display that redraws the running clock by itself.
    pub fn status_source(&self) -> StatusSource {
        let last = self.shown_history().last().map(|ply| {
            let dots = if ply.made.side.is_white() { "." } else { "..." };
            format!("{}{dots}{}", ply.made.number, ply.san_local)
        });
        StatusSource {
            last,
            clock: self.clock.clone().filter(|_| self.review.is_none()),
            turn: self.shown_position().turn(),
        }
    }

    /// The Braille status line: the last move in the language's letters, both clocks
    /// (m:ss, h:mm:ss from an hour up) and whose clock runs; without a clock, whose move
    /// it is. Put out as [`Output::Status`] with every clock reading; a display redraws a
    /// running clock itself, from the [`StatusSource`] (`DisplayModel::tick`).
    pub fn status_line(&self, now: Timestamp) -> String {
        self.status_source().line(&self.phrases, self.vocab, now)
    }

    /// Says a message to `to`, in speech and in Braille, and remembers it for repeat.
    pub(super) fn tell(
        &mut self,
        to: Audience,
        priority: Priority,
        msg: Message,
        out: &mut Vec<Output>,
    ) {
        self.tell_with(to, priority, msg, None, None, out);
    }

    /// [`Session::tell`], for a clock answer with the data to render it again when its
    /// speech starts (FIDE Laws D.2.9.d: a time is never read out stale).
    pub(super) fn tell_live(
        &mut self,
        to: Audience,
        priority: Priority,
        msg: Message,
        live: Option<LiveClock>,
        out: &mut Vec<Output>,
    ) {
        self.tell_with(to, priority, msg, None, live, out);
    }

    /// Says a message as [`Session::tell`] does, to be dropped unsaid if it cannot start
    /// to be spoken by `expires` ([`Speech::expires`]).
    pub(super) fn tell_until(
        &mut self,
        to: Audience,
        priority: Priority,
        msg: Message,
        expires: Option<Timestamp>,
        out: &mut Vec<Output>,
    ) {
        self.tell_with(to, priority, msg, expires, None, out);
    }

    /// The one place a message becomes speech and Braille and is kept for repeat.
    fn tell_with(
        &mut self,
        to: Audience,
        priority: Priority,
        msg: Message,
        expires: Option<Timestamp>,
        live: Option<LiveClock>,
        out: &mut Vec<Output>,
    ) {
        // Online, the opponent is not at the station: nothing is said or shown to him; the
        // moves of a game joined while it runs are made quietly.
        let remote = self.setup.online.map(Audience::player);
        if remote == Some(to) || self.online.quiet {
            return;
        }
        let timing = render::Timing {
            expires,
            live: live.clone(),
            reply_to: self.reply_to(to),
            ply: self.history.len(),
        };
        out.extend(render::message(&self.phrases, to, priority, &msg, timing));
        self.remember(Said {
            step: self.step,
            to,
            msg,
            live,
            priority,
            access: None,
        });
    }

    /// The input an utterance to `to` replies to: the one this step handles, when it is
    /// `to`'s own ([`crate::core::output::Speech::reply_to`]; newest input first). What a
    /// step tells anyone else, and every deadline's words, are news.
    pub(super) fn reply_to(&self, to: Audience) -> Option<u64> {
        self.replying
            .filter(|(asker, _)| *asker == to)
            .map(|(_, step)| step)
    }

    /// Refuses an action only the arbiter may take (the clock's settings 6.10–6.11, 7.5,
    /// take-backs D.2.8, adjournment Appendix E), telling whoever asked; returns whether it
    /// was refused.
    pub(super) fn refused_unless_arbiter(&mut self, by: Actor, out: &mut Vec<Output>) -> bool {
        if by == Actor::Arbiter {
            return false;
        }
        self.tell(
            audience(by),
            Priority::Answer,
            Message::new("arbiter-only"),
            out,
        );
        true
    }

    /// Tells `to` that the game is over, and how it ended.
    pub(super) fn tell_game_over(&mut self, to: Audience, out: &mut Vec<Output>) {
        let text = self
            .result
            .clone()
            .map(|r| self.result_text(&r))
            .unwrap_or_default();
        self.tell(
            to,
            Priority::Answer,
            Message::new("game-over").arg("result", text),
            out,
        );
    }

    /// The clocks' reading and the status line.
    pub(super) fn emit_clock(&self, now: Timestamp, out: &mut Vec<Output>) {
        if let Some(clock) = &self.clock {
            out.push(Output::Clock(ClockReading {
                white: clock.remaining(Color::White, now),
                black: clock.remaining(Color::Black, now),
                running: clock.running(),
            }));
        }
        self.emit_status(now, out);
    }

    /// The status line.
    pub(super) fn emit_status(&self, now: Timestamp, out: &mut Vec<Output>) {
        out.push(Output::Status(self.status_line(now)));
    }

    /// The sentence for a result ("Schachmatt. Weiß gewinnt.").
    pub(super) fn result_text(&self, result: &GameResult) -> String {
        let id = match result.reason {
            Termination::Checkmate => "end-checkmate",
            Termination::Resignation => "end-resignation",
            Termination::Stalemate => "end-stalemate",
            Termination::DeadPosition => "end-dead-position",
            Termination::Agreement => "end-agreement",
            Termination::ThreefoldRepetition => "end-threefold",
            Termination::FiftyMoves => "end-fifty-moves",
            Termination::FivefoldRepetition => "end-fivefold",
            Termination::SeventyFiveMoves => "end-seventy-five-moves",
            Termination::FlagFall => "end-flag",
            Termination::FlagFallInsufficient => "end-flag-insufficient",
            Termination::Unfinished => "end-unfinished",
            Termination::Aborted => "end-aborted",
            Termination::Abandoned => "end-abandoned",
            Termination::Drawn => "end-drawn",
            Termination::Adjudicated => "end-adjudicated",
        };
        let loser = result
            .loser
            .or(result.winner.map(|w| !w))
            .unwrap_or(Color::Black);
        let msg = Message::new(id)
            .arg("winner", self.color_name(!loser))
            .arg("loser", self.color_name(loser));
        self.phrases.speech(&msg)
    }

    /// "A, B oder C".
    pub(super) fn join_or(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => {
                let or = self.phrases.speech(&Message::new("word-or"));
                format!("{} {or} {last}", init.join(", "))
            }
        }
    }

    /// The sentence saying that what was announced (`heard`: its text) is a clearly
    /// described move that is impossible, and why. To a visually impaired player the move
    /// is said in the language's words (FIDE Laws D.2.1): spoken words as heard, typed
    /// notation or a move picked on the display in words ("Se5": "Springer Eva fünf"); the
    /// display shows it in notation with the reason, within one line of 40 cells (D.2.6:
    /// `Unmöglich: Se5. S nicht nach e5`). To a `sighted` player (his page, his console)
    /// the move and its squares are in notation, as he reads them: "Unmöglicher Zug: Kf1.
    /// Kein König kann nach f1 ziehen."
    pub(super) fn illegal_message(
        &self,
        what: &Announced,
        heard: String,
        reason: &IllegalReason,
        sighted: bool,
    ) -> Message {
        let described = match what {
            Announced::Heard(words) => self.here.describe_words(words),
            Announced::Typed(text) => self.here.describe_typed(text),
            Announced::Move(uci) => self.here.describe_uci(uci),
        };
        // The move as described ("Ke2"), else what the reason names, else the words.
        let shown = described
            .as_ref()
            .map(|d| d.notation.clone())
            .or_else(|| reason_notation(self.vocab, reason))
            .unwrap_or_else(|| heard.clone());
        let said = match (what, &described) {
            _ if sighted => shown.clone(),
            (Announced::Heard(_), _) | (_, None) => heard,
            (_, Some(d)) => d.words.clone(),
        };
        let reason = illegal_reason(self.vocab, reason, sighted);
        Message::new("illegal-move")
            .arg("heard", said)
            .arg("shown", shown)
            .arg("reason", self.phrases.speech(&reason))
            .arg("reason_braille", self.phrases.braille(&reason))
    }

    /// The sentence saying why words describe no legal move, alone.
    pub(super) fn reason_message(&self, reason: &IllegalReason) -> Message {
        illegal_reason(self.vocab, reason, false)
    }

    /// A span of time as spoken ("zwei Minuten").
    pub(super) fn spoken(&self, d: Duration) -> String {
        spoken_duration(&self.phrases, d)
    }

    /// A side's name ("Weiß").
    pub(super) fn color_name(&self, c: Color) -> String {
        self.vocab.color_name(c).to_owned()
    }

    /// What an answer to `by`'s question may look at.
    pub(super) fn context(&self, by: Actor, now: Timestamp) -> questions::Context<'_> {
        questions::Context {
            asker: by,
            pos: self.shown_position(),
            history: self.shown_history(),
            vocab: self.vocab,
            phrases: &self.phrases,
            clock: self.clock.as_ref(),
            now,
            echo_pending: matches!(self.pending, Pending::Echoed { .. }),
            in_charge: self.setup.in_charge(by),
            over: (self.shows_the_end())
                .then(|| self.result.clone().map(|r| self.result_text(&r)))
                .flatten(),
            braille_input: self.setup.braille_input,
        }
    }
}

/// The sentence saying why a move is impossible; its Braille form names squares and
/// pieces in notation (`sq` "e5", `letter` "S", FIDE Laws C.5, D.2.6).
/// Why a move is impossible; its squares in Appendix D's words, or in notation ("f1")
/// for a `sighted` player.
fn illegal_reason(vocab: &Vocabulary, reason: &IllegalReason, sighted: bool) -> Message {
    let piece = |m: Message, role: Role| {
        m.arg("piece", vocab.piece_name(role))
            .arg("role", role_key(role))
            .arg("letter", vocab.piece_letter(role).to_string())
    };
    let square = |m: Message, sq: Square| {
        let name = if sighted {
            sq.to_string()
        } else {
            vocab.square_name(sq)
        };
        m.arg("square", name).arg("sq", sq.to_string())
    };
    match reason {
        IllegalReason::NoSuchPiece { role } => piece(Message::new("reason-no-such-piece"), *role),
        IllegalReason::NoPieceOn { square: sq } => square(Message::new("reason-no-piece-on"), *sq),
        IllegalReason::NoPieceReaches { role, to } => {
            square(piece(Message::new("reason-no-piece-reaches"), *role), *to)
        }
        IllegalReason::OwnPieceOnTarget { to } => {
            square(Message::new("reason-own-piece-on-target"), *to)
        }
        IllegalReason::WouldLeaveKingInCheck { in_check, .. } => Message::new(if *in_check {
            "reason-king-in-check"
        } else {
            "reason-king-into-check"
        }),
        IllegalReason::CastlingNotAllowed { .. } => Message::new("reason-castling-not-allowed"),
        IllegalReason::PromotionMissing { to, .. } => {
            square(Message::new("reason-promotion-missing"), *to)
        }
        IllegalReason::NotAPromotion { to } => square(Message::new("reason-not-a-promotion"), *to),
        IllegalReason::InvalidPromotion { role } => {
            piece(Message::new("reason-invalid-promotion"), *role)
        }
        IllegalReason::NothingFits { role, file, rank } => nothing_fits(vocab, *role, *file, *rank),
    }
}

/// The move a clearly described impossible move names, in notation ("Se5", "e2e4"), for
/// the display; `None` when the reason names no square.
fn reason_notation(vocab: &Vocabulary, reason: &IllegalReason) -> Option<String> {
    let with = |role: Role, rest: String| {
        if role == Role::Pawn {
            rest
        } else {
            format!("{}{rest}", vocab.piece_letter(role))
        }
    };
    match reason {
        IllegalReason::NoPieceReaches { role, to } => Some(with(*role, to.to_string())),
        IllegalReason::WouldLeaveKingInCheck { role, from, to, .. } => {
            Some(with(*role, format!("{from}{to}")))
        }
        IllegalReason::PromotionMissing { from, to } => Some(format!("{from}{to}")),
        IllegalReason::OwnPieceOnTarget { to } | IllegalReason::NotAPromotion { to } => {
            Some(to.to_string())
        }
        _ => None,
    }
}

/// The sentence saying that no legal move has all the words of a fragment: "Kein Läufer
/// kann auf die Reihe vier ziehen.", "Kein Zug passt zur Linie Cäsar."
fn nothing_fits(
    vocab: &Vocabulary,
    role: Option<Role>,
    file: Option<File>,
    rank: Option<Rank>,
) -> Message {
    let id = match (role, file, rank) {
        (Some(_), Some(_), Some(_)) => "reason-no-piece-reaches",
        (Some(_), Some(_), None) => "reason-no-piece-file",
        (Some(_), None, Some(_)) => "reason-no-piece-rank",
        (Some(_), None, None) => "reason-no-piece-moves",
        (None, Some(_), Some(_)) => "reason-no-move-square",
        (None, Some(_), None) => "reason-no-move-file",
        (None, None, _) => "reason-no-move-rank",
    };
    let mut m = Message::new(id);
    if let Some(role) = role {
        m = m
            .arg("piece", vocab.piece_name(role))
            .arg("role", role_key(role))
            .arg("letter", vocab.piece_letter(role).to_string());
    }
    if let (Some(f), Some(r)) = (file, rank) {
        let sq = Square::from_coords(f, r);
        m = m
            .arg("square", vocab.square_name(sq))
            .arg("sq", sq.to_string());
    }
    if let Some(f) = file {
        m = m
            .arg("file", vocab.file_name(f))
            .arg("f", f.char().to_string());
    }
    if let Some(r) = rank {
        m = m
            .arg("rank", vocab.rank_name(r))
            .arg("r", r.char().to_string());
    }
    m
}
