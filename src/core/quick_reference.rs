//! The quick reference card (issue 25): one to three Braille pages per language, for an
//! embosser or a Braille notetaker: the words to say, the questions, the display's keys and
//! the console's letters. Its text is data, `assets/<lang>/quick-reference.txt`; it is
//! written by the scoresheet's BRF code ([`crate::core::scoresheet::brf`]: 40 cells a line,
//! 25 lines a page, the same Braille code), and installed with the package as
//! `/usr/share/ansage/quick-reference-<lang>.brf` (`ansage help` names it, and so does the
//! last part of the spoken help).

use crate::core::lang::Language;
use crate::core::scoresheet::braille::Cell;
use crate::core::scoresheet::brf::{brf_of_pages, text_pages};

/// Where the package installs the cards (`ansage help` says it).
pub const INSTALLED_DIR: &str = "/usr/share/ansage";

/// The card's file name for `lang`: `quick-reference-de.brf`.
pub fn file_name(lang: Language) -> String {
    format!("quick-reference-{}.brf", lang.code())
}

/// The card's text lines in print (the data file without its comment lines), with its
/// [`PAGE_BREAK`]s.
pub fn lines(lang: Language) -> Vec<String> {
    let text = match lang {
        Language::De => include_str!("../../assets/de/quick-reference.txt"),
        Language::Es => include_str!("../../assets/es/quick-reference.txt"),
        Language::En => include_str!("../../assets/en/quick-reference.txt"),
    };
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.trim_end().to_owned())
        .collect()
}

/// The line of the data file that starts a new page.
pub const PAGE_BREAK: &str = "<page>";

/// The card as pages of lines of cells: a page at each [`PAGE_BREAK`] (and wherever 25
/// lines are full).
pub fn pages(lang: Language) -> Vec<Vec<Vec<Cell>>> {
    lines(lang)
        .split(|l| l == PAGE_BREAK)
        .flat_map(text_pages)
        .collect()
}

/// The card as a BRF file (Braille ASCII, CR LF, a form feed between pages).
pub fn render_brf(lang: Language) -> String {
    brf_of_pages(&pages(lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_card_is_one_to_three_pages_of_40_cells_by_25_lines() {
        for lang in Language::ALL {
            let pages = pages(lang);
            assert!(
                (1..=3).contains(&pages.len()),
                "{lang:?}: {} pages",
                pages.len()
            );
            for page in &pages {
                assert!(page.len() <= 25, "{lang:?}");
                assert!(page.iter().all(|l| l.len() <= 40), "{lang:?}");
            }
            assert!(lines(lang).iter().all(|l| !l.starts_with('#')));
        }
    }
}
