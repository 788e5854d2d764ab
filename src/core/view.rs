//! What a page that follows the game shows: the game as plain data, built by
//! [`crate::core::session::Session::view`] after each step (the web page's state,
//! `docs/web-protocol.md`). It holds only what the session itself knows and has said: the
//! position, the moves with their Appendix D words, the move not yet made, the clocks,
//! offers and the result. A page renders it; it runs no chess rules of its own.

use serde::Serialize;

pub use crate::core::side::Side;

/// The game as a page shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameView {
    /// The game's language (`de`, `es`, `en`).
    pub lang: &'static str,
    /// FIDE Laws D.1: the visually impaired side(s).
    pub impaired: Vec<Side>,
    /// The players' names, as on the scoresheet.
    pub names: Names,
    /// The position's placement, as the first field of a FEN.
    pub board: String,
    /// The side to move.
    pub turn: Side,
    /// The moves made, in order (FIDE Laws D.2.3: only made moves).
    pub moves: Vec<MoveView>,
    /// A move announced and not yet made (FIDE Laws D.2.3, D.2.7), or a question pending.
    pub pending: Option<PendingView>,
    /// What became of the last announcement, resignation or draw claim, as the session
    /// decided it; gone once a newer announcement or another move replaces it.
    pub settled: Option<SettledView>,
    /// FIDE Laws D.2.1: whether the visually impaired player's last move stands on the
    /// sighted player's board: `Some(true)` executed, `Some(false)` not yet (or wrongly),
    /// `None` when his last move is not the one to execute, or nothing tells.
    pub executed: Option<bool>,
    /// The sighted player's electronic board, once it reported (FIDE Laws D.1).
    pub eboard: Option<BoardView>,
    /// The clocks, if the game has a time control.
    pub clock: Option<ClockView>,
    /// The side whose draw offer stands (FIDE Laws 9.1.b).
    pub draw_offer: Option<Side>,
    /// The result, once the game has ended.
    pub result: Option<ResultView>,
    /// FIDE Laws Appendix E: the game is adjourned, or a move is being sealed.
    pub adjourned: bool,
}

/// The players' names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Names {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
}

/// One move made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The full move number.
    pub number: u32,
    /// Who moved.
    pub side: Side,
    /// Standard algebraic notation, English letters (FIDE Laws Appendix C).
    pub san: String,
    /// The move in the language's letters ("Sf3").
    pub local: String,
    /// UCI notation.
    pub uci: String,
    /// FIDE Laws D.2.1: the move's words, as announced ("Springer Felix drei").
    pub words: String,
    /// The mover's clock after the move, in milliseconds, if a clock runs.
    pub clock_ms: Option<u64>,
}

/// What is pending, in its stage (FIDE Laws D.2.3, D.2.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PendingView {
    /// `echoed` (announced and echoed, waiting for confirmation or correction), `which`
    /// (several moves fit the words: the station asked which), `resign` (a resignation
    /// waiting for its confirmation).
    pub stage: &'static str,
    /// For whom it is pending.
    pub side: Side,
    /// The echoed move's words (not while a move is sealed, Appendix E.1).
    pub words: Option<String>,
    /// The echoed move in SAN.
    pub san: Option<String>,
    /// The echoed move in the language's letters.
    pub local: Option<String>,
    /// The echoed move in UCI.
    pub uci: Option<String>,
}

/// What became of something announced and not yet made: the session's decision, never
/// a page's guess.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SettledView {
    /// Its fate.
    pub fate: Fate,
    /// Whose announcement, resignation or claim it was.
    pub side: Side,
    /// The words of the move announced (for a correction: the words replaced).
    pub words: Option<String>,
    /// That move in SAN.
    pub san: Option<String>,
    /// That move in the language's letters.
    pub local: Option<String>,
}

/// The fate of an announcement, a resignation or a draw claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fate {
    /// FIDE Laws D.2.3: the announced move was made.
    Made,
    /// FIDE Laws D.2.7: other words replaced the announced move before it was made.
    Corrected,
    /// The announced move was taken back before it was made ("nein").
    Withdrawn,
    /// The resignation was confirmed: the game is over.
    Resigned,
    /// The resignation was not confirmed: the game goes on.
    ResignationWithdrawn,
    /// FIDE Laws 9.2, 9.3: the draw claim was right; the game is drawn.
    ClaimUpheld,
    /// FIDE Laws 9.5.b: the draw claim was wrong and refused.
    ClaimRefused,
}

/// The sighted player's electronic board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// Who plays on it.
    pub side: Side,
    /// It is there (found, reporting).
    pub connected: bool,
    /// Its squares differ from the game and the difference was said (FIDE Laws D.2.9).
    pub differs: bool,
}

/// The clocks at the start of the current stretch: a page counts the running side down
/// from `at_ms` by itself, and takes the new values at every change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// White's remaining time at `at_ms`, in milliseconds (`None`: untimed).
    pub white_ms: Option<u64>,
    /// Black's remaining time at `at_ms`.
    pub black_ms: Option<u64>,
    /// Whose clock runs.
    pub running: Option<Side>,
    /// The side whose clock runs when it is started or restarted.
    pub to_move: Option<Side>,
    /// The clock has been started at all (FIDE Laws 6.5).
    pub started: bool,
    /// The clocks are stopped (FIDE Laws 6.11, 6.12).
    pub paused: bool,
    /// The session's instant of these values, in milliseconds.
    pub at_ms: u64,
    /// The simple delay left at `at_ms` (FIDE Laws 6.3.b: the clock does not count down
    /// during it), in milliseconds.
    pub delay_ms: u64,
    /// Moves White has completed (FIDE Laws D.2.5.c).
    pub white_moves: u32,
    /// Moves Black has completed.
    pub black_moves: u32,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// The PGN result (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub pgn: &'static str,
    /// Why it ended, as the PGN Termination tag names it.
    pub reason: &'static str,
    /// The winner.
    pub winner: Option<Side>,
}
