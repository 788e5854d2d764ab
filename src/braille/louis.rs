//! liblouis: the display's Braille translation both ways (cargo feature `braille`; the only
//! place that calls liblouis).
//!
//! # The tables (the decision)
//!
//! Each language has one liblouis table, used for every cell the display shows and for
//! every dot chord typed on it:
//!
//! | language | table | what it is |
//! |---|---|---|
//! | de | `de-de-comp8.ctb` | German 8-dot computer Braille (Eurobraille, the table of BRLTTY's German text table): digits are a–j with dot 6 (4 = ⠹ 1-4-5-6), capitals have dot 7, ä ⢜ ö ⢪ ü ⢳ (the literary cells with dot 8), ß ⢼ |
//! | es | `Es-Es-G0.utb` | Spanish 8-dot computer Braille: digits a–j with dot 6, capitals dot 7, á ⠷ é ⠮ í ⠌ ó ⠬ ú ⠾ ñ ⢻ ü ⢳, ¿ ⡢ ¡ ⣖ |
//! | en | `en-us-comp8-ext.utb` | North American 8-dot computer Braille: Braille ASCII (lower-cell digits, 4 = ⠲, as the BRF scoresheet), capitals dot 7, accented letters in one cell with dot 8 (ä ⢜ é ⢣ ß ⢼) |
//!
//! Computer Braille, not the literary code, for the messages as well: it writes one cell per
//! character and reads each cell back as that character, so what the player types is what
//! the player read, also in the status line (`12.Sf3 W*4:57 S5:00`), in moves and in
//! numbers; a display line holds as many characters as cells. Literary Braille (de-g0, es-g1,
//! en-ueb-g1) would write digits with the number sign, capitals unmarked or with a sign, and
//! cannot read "4:57" or "Sf3" back (liblouis's back-translation of de-g0 gives "4 : eg",
//! "sf3"); it also differs from what BRLTTY shows everywhere else on the same display. The
//! layout of chess notation stays the scoresheet's (one cell per print character, no number
//! sign, the piece letter a capital); only the cell of each character is the language's.
//!
//! liblouis is not thread-safe: every call holds one lock. The display redraws its lines
//! often (every key poll), so each table keeps the cells of the texts it wrote last.

// FFI: liblouis's C API (`liblouis-sys`: translation both ways, and a log callback that C
// calls with a C string); there is no safe wrapper of it.
#![allow(unsafe_code)]

use std::collections::HashMap;
use std::ffi::{CStr, CString, c_char, c_int};
use std::sync::{Mutex, Once};

use liblouis_sys::{
    logLevels, lou_backTranslateString, lou_registerLogCallback, lou_translateString,
    translationModes, widechar,
};

use crate::core::display::BrailleTable;
use crate::core::lang::Language;
use crate::core::scoresheet::braille::Cell;

/// One lock for every call into liblouis (it keeps global state).
static LOUIS: Mutex<()> = Mutex::new(());

/// How many texts a table keeps the cells of (the display's messages, status and more).
const CACHED: usize = 256;

/// liblouis's dot flag in `dotsIO` mode: a cell is `0x8000 | dots`.
const DOTS: widechar = 0x8000;

/// liblouis's own messages (a table that does not compile…) go to the log, not to stderr,
/// where they would reach the console a screen reader reads.
unsafe extern "C" fn log(_level: logLevels::Type, message: *const c_char) {
    if message.is_null() {
        return;
    }
    // SAFETY: liblouis passes a NUL-terminated message, valid during the call.
    let text = unsafe { CStr::from_ptr(message) }.to_string_lossy();
    tracing::debug!("liblouis: {text}");
}

/// Registers [`log`] once.
static LOG: Once = Once::new();

/// FIDE Laws D.2.6: the liblouis table of each language (the module documentation).
pub fn table_name(lang: Language) -> &'static str {
    match lang {
        Language::De => "de-de-comp8.ctb",
        Language::Es => "Es-Es-G0.utb",
        Language::En => "en-us-comp8-ext.utb",
    }
}

/// Why a liblouis table cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LouisError {
    /// liblouis could not load or use the table (not installed: Debian's liblouis-data).
    #[error("liblouis cannot translate with the table {0} (is liblouis-data installed?)")]
    Table(String),
    /// The text is too long for liblouis's lengths.
    #[error("text too long for liblouis ({0} characters)")]
    TooLong(usize),
}

/// FIDE Laws D.2.6: a liblouis table, both ways.
#[derive(Debug)]
pub struct LouisTable {
    name: String,
    list: CString,
    cache: Mutex<HashMap<String, Vec<Cell>>>,
}

impl LouisTable {
    /// The table `name` (a file of liblouis's table path, or a path); checked by
    /// translating one letter.
    pub fn new(name: &str) -> Result<LouisTable, LouisError> {
        LOG.call_once(|| {
            let _lock = LOUIS.lock().unwrap_or_else(|e| e.into_inner());
            // SAFETY: `log` is a valid callback for the whole program.
            unsafe { lou_registerLogCallback(Some(log)) }
        });
        let list = CString::new(name).map_err(|_| LouisError::Table(name.to_owned()))?;
        let table = LouisTable {
            name: name.to_owned(),
            list,
            cache: Mutex::new(HashMap::new()),
        };
        table.forward("a")?;
        Ok(table)
    }

    /// The table of `lang` ([`table_name`]).
    pub fn for_language(lang: Language) -> Result<LouisTable, LouisError> {
        LouisTable::new(table_name(lang))
    }

    /// Text to cells.
    pub fn forward(&self, text: &str) -> Result<Vec<Cell>, LouisError> {
        let input: Vec<widechar> = text.chars().map(widechar::from).collect();
        let out = self.call(&input, false)?;
        // dotsIO: the low byte holds dots 1-8.
        Ok(out.into_iter().map(|w| Cell((w & 0xFF) as u8)).collect())
    }

    /// Cells to text.
    pub fn backward(&self, cells: &[Cell]) -> Result<String, LouisError> {
        let input: Vec<widechar> = cells.iter().map(|c| DOTS | widechar::from(c.0)).collect();
        let out = self.call(&input, true)?;
        Ok(out.into_iter().filter_map(char::from_u32).collect())
    }

    /// One translation (`back`: cells to text), in liblouis's `dotsIO` mode.
    fn call(&self, input: &[widechar], back: bool) -> Result<Vec<widechar>, LouisError> {
        if input.is_empty() {
            return Ok(Vec::new());
        }
        let too_long = || LouisError::TooLong(input.len());
        let mut in_len = c_int::try_from(input.len()).map_err(|_| too_long())?;
        // Computer Braille writes one cell a character; an undefined character becomes
        // liblouis's escape (`\x2192/`, up to 10 cells).
        let capacity = input.len() * 16 + 16;
        let mut out: Vec<widechar> = vec![0; capacity];
        let mut out_len = c_int::try_from(capacity).map_err(|_| too_long())?;
        let mode = translationModes::dotsIO as c_int;
        let _lock = LOUIS.lock().unwrap_or_else(|e| e.into_inner());
        // The two directions take the same arguments.
        let translate = if back {
            lou_backTranslateString
        } else {
            lou_translateString
        };
        // SAFETY: `list` is a NUL-terminated string; `input` holds `in_len` widechars and
        // `out` `out_len`; typeform and spacing may be null.
        let ok = unsafe {
            translate(
                self.list.as_ptr(),
                input.as_ptr(),
                &mut in_len,
                out.as_mut_ptr(),
                &mut out_len,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                mode,
            )
        };
        if ok == 0 {
            return Err(LouisError::Table(self.name.clone()));
        }
        out.truncate(usize::try_from(out_len).unwrap_or(0));
        Ok(out)
    }
}

impl BrailleTable for LouisTable {
    fn name(&self) -> &str {
        &self.name
    }

    fn to_cells(&self, text: &str) -> Vec<Cell> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(cells) = cache.get(text) {
            return cells.clone();
        }
        let cells = self.forward(text).unwrap_or_else(|e| {
            tracing::warn!("{e}");
            Vec::new()
        });
        if cache.len() >= CACHED {
            cache.clear();
        }
        cache.insert(text.to_owned(), cells.clone());
        cells
    }

    fn to_text(&self, cells: &[Cell]) -> String {
        self.backward(cells).unwrap_or_else(|e| {
            tracing::warn!("{e}");
            cells.iter().map(|c| c.to_char()).collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dots(cells: &[Cell]) -> Vec<Vec<u8>> {
        cells.iter().map(|c| c.dots()).collect()
    }

    #[test]
    fn the_tables_of_the_decision() {
        for (lang, text, want) in [
            // The case: e4 in German computer Braille, 4 = dots 1-4-5-6.
            (Language::De, "e4", vec![vec![1, 5], vec![1, 4, 5, 6]]),
            (
                Language::De,
                "Sf3",
                vec![vec![2, 3, 4, 7], vec![1, 2, 4], vec![1, 4, 6]],
            ),
            (
                Language::De,
                "ßä",
                vec![vec![3, 4, 5, 6, 8], vec![3, 4, 5, 8]],
            ),
            (Language::Es, "í4", vec![vec![3, 4], vec![1, 4, 5, 6]]),
            (Language::En, "e4", vec![vec![1, 5], vec![2, 5, 6]]),
            (Language::En, "N", vec![vec![1, 3, 4, 5, 7]]),
        ] {
            let table = LouisTable::for_language(lang).unwrap();
            let cells = table.forward(text).unwrap();
            assert_eq!(dots(&cells), want, "{lang:?} {text}");
            assert_eq!(table.backward(&cells).unwrap(), text, "{lang:?} {text}");
        }
    }

    #[test]
    fn a_missing_table_is_an_error() {
        assert_eq!(
            LouisTable::new("no-such-table.ctb").unwrap_err(),
            LouisError::Table("no-such-table.ctb".into())
        );
        assert!(LouisTable::new("a\0b").is_err());
    }

    #[test]
    fn empty_text_and_blanks() {
        let table = LouisTable::for_language(Language::De).unwrap();
        assert_eq!(table.forward("").unwrap(), []);
        assert_eq!(table.backward(&[]).unwrap(), "");
        assert_eq!(table.forward(" ").unwrap(), [Cell::BLANK]);
        assert_eq!(table.backward(&[Cell::BLANK]).unwrap(), " ");
    }
}
