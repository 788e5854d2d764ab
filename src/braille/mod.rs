//! The Braille display adapter (FIDE Laws D.2.6; a channel without sound for a deaf-blind
//! player): a [`Sink`](crate::station::Sink) that hands the session's outputs to the display's own thread, and
//! sends what is typed and pressed on the display into the main loop.
//!
//! What is shown and what a key means is decided by the pure
//! [`crate::core::display::DisplayModel`]; this module only moves cells and
//! key codes. The thread owns the model and one [`Terminal`] (a connection to a display):
//! it writes the cells when they change (dots, from the display's Braille table:
//! [`display_table`], liblouis's computer Braille of the language, never BRLTTY's text
//! table), redraws the status line each second while a clock runs, and polls the keys: dot
//! chords come as dots (BrlAPI's retain-dots parameter) and are read back through the same
//! table, so typing what one reads gives it back. When the display goes away (BRLTTY restarts, the cable is pulled) it says so
//! once, keeps following the game, and reconnects with a growing pause (backoff) until the
//! display is back, then says that once and shows the current state: a lost display never
//! stops the game.
//!
//! Backends: [`ConsoleConnector`] (always built: the cells as Unicode braille on stderr,
//! no keys), [`FakeConnector`] (tests: a display in memory that can be unplugged), and
//! `brlapi::BrlapiConnector` under the cargo feature `braille` (BRLTTY through BrlAPI).

#[cfg(feature = "braille")]
pub mod brlapi;
mod channel;
mod console;
mod fake;
mod keys;
#[cfg(feature = "braille")]
pub mod louis;
mod sink;
mod worker;

use std::sync::Arc;
use std::time::Duration;

use crate::core::display::BrailleTable;
use crate::core::input::Actor;
use crate::core::lang::Language;
use crate::core::scoresheet::braille::Cell;

pub use console::ConsoleConnector;
pub use fake::{FakeConnector, FakeDisplay};
pub use keys::decode_key;
pub use sink::BrailleSink;

/// How the display adapter is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct BrailleConfig {
    /// Whose display it is: what is brailled to this player (and to all) is shown, and what
    /// is typed on it is this player's (the arbiter's display shows the arbiter's).
    pub owner: Actor,
    /// The language of the status line and the piece letters.
    pub lang: Language,
    /// Braille only, for a deaf-blind player: nothing is spoken. The display shows what it
    /// always shows; whoever wires the devices (`ansage play`) must then start no speech
    /// output at all (or one that drops every [`Output::Say`](crate::core::output::Output::Say)), must not open the
    /// microphone's speaking gate, and should leave the console's Braille lines on for the
    /// arbiter. The adapter itself only records the choice.
    pub braille_only: bool,
    /// FIDE Laws D.2.5.c: show the final countdown's numbers (`braille.countdown`); they
    /// never cover the board or the pieces either way.
    pub countdown: bool,
    /// The BrlAPI host (`host:N`, as `BRLAPI_HOST`); `None`: `BRLAPI_HOST` or BrlAPI's
    /// configuration.
    pub host: Option<String>,
    /// The BrlAPI authorization (`none`, `keyfile:PATH`, as `BRLAPI_AUTH`); `None`:
    /// `BRLAPI_AUTH` or BrlAPI's configuration.
    pub auth: Option<String>,
    /// The first pause before reconnecting to a lost display; it doubles up to
    /// [`BrailleConfig::max_backoff`].
    pub backoff: Duration,
    /// The longest pause between reconnection attempts.
    pub max_backoff: Duration,
    /// How often keys are polled.
    pub poll: Duration,
}

impl BrailleConfig {
    /// The defaults for `owner` in `lang`: host and authorization from the environment,
    /// reconnection after 0.2 s doubling up to 5 s, keys polled every 10 ms.
    pub fn new(owner: Actor, lang: Language) -> BrailleConfig {
        BrailleConfig {
            owner,
            lang,
            braille_only: false,
            countdown: true,
            host: None,
            auth: None,
            backoff: Duration::from_millis(200),
            max_backoff: Duration::from_secs(5),
            poll: Duration::from_millis(10),
        }
    }
}

/// FIDE Laws D.2.6: the display's Braille table for `lang`, both ways: liblouis's computer
/// Braille of the language (`louis::table_name`, cargo feature `braille`), or the
/// scoresheet's code ([`crate::core::display::ScoresheetCode`]) in a build without
/// liblouis or when the table cannot be loaded (said once in the log).
pub fn display_table(lang: Language) -> Arc<dyn BrailleTable> {
    #[cfg(feature = "braille")]
    match louis::LouisTable::for_language(lang) {
        Ok(table) => return Arc::new(table),
        Err(e) => tracing::warn!("{e}; the display writes the scoresheet's code"),
    }
    let _ = lang;
    Arc::new(crate::core::display::ScoresheetCode)
}

/// Why a display cannot be reached or was lost.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Braille display: {0}")]
pub struct LinkError(pub String);

/// One connection to a display (until it fails).
pub trait Terminal {
    /// Cells per line and lines.
    fn size(&self) -> (usize, usize);
    /// Shows these cells (exactly width × height).
    fn write(&mut self, cells: &[Cell]) -> Result<(), LinkError>;
    /// The next key, if one was pressed (does not wait): a BrlAPI key code.
    fn read_key(&mut self) -> Result<Option<u64>, LinkError>;
}

/// How to reach a display; called again after a loss.
pub trait Connector: Send + 'static {
    /// Connects and claims the display.
    fn connect(&mut self) -> Result<Box<dyn Terminal>, LinkError>;
    /// What this display is, for messages ("BrlAPI 127.0.0.1:17").
    fn describe(&self) -> String;
}

#[cfg(test)]
mod tests;
