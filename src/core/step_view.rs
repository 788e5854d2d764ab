//! What the game is after a step, as a value: the station builds one [`StepView`] after
//! each step and hands it to every adapter ([`crate::station::Sink::observe`]). An adapter
//! takes what it needs from it (the recognizer its grammar, the Braille display its board
//! and status line, the electronic board the clock and the blind player's last move, the
//! web page its view, the records their texts) and never sees the session itself, so no
//! adapter can reach into the game's state or change it.

use std::sync::Arc;

use shakmaty::Chess;

use crate::core::lang::Language;
use crate::core::ply::Ply;
use crate::core::scoresheet::Sheet;
use crate::core::session::Session;
use crate::core::status::StatusSource;
use crate::core::time::Timestamp;
use crate::core::view::GameView;
use crate::core::words::MovePhrases;

/// The game after one step, for the adapters.
#[derive(Clone, Debug)]
pub struct StepView {
    /// The instant of the step (the session's now).
    pub now: Timestamp,
    /// The game's language.
    pub lang: Language,
    /// The position on the board.
    pub position: Chess,
    /// The words of every legal move here: the recognizer's grammar.
    pub move_phrases: Arc<MovePhrases<'static>>,
    /// Whether the session asks which of several moves was meant (the recognizer then
    /// listens for the answer's words too).
    pub asks_which: bool,
    /// FIDE Laws D.2.6: what the status line is made of (the last move, the clock).
    pub status: StatusSource,
    /// The last move made, if any.
    pub last_ply: Option<Ply>,
    /// The game as a page that follows it shows it.
    pub game: GameView,
    /// The game record as PGN with its clock times, rendered again only when the moves or
    /// the result changed ([`Session::pgn`]): an unchanged step shares the same text.
    pub pgn: Arc<str>,
    /// FIDE Laws D.2.6: the scoresheet, shared the same way ([`Session::scoresheet`]).
    pub sheet: Arc<Sheet>,
}

impl StepView {
    /// The view of `session` as it stands now.
    pub fn of(session: &Session) -> StepView {
        StepView {
            now: session.now(),
            lang: session.setup().lang,
            position: session.shown_position().clone(),
            move_phrases: Arc::clone(session.move_phrases()),
            asks_which: session.asks_which(),
            status: session.status_source(),
            last_ply: session.shown_history().last().cloned(),
            game: session.view(),
            pgn: session.pgn(),
            sheet: session.scoresheet(),
        }
    }
}
