//! FIDE Laws D.2.6: the Braille display's one translation, both ways (liblouis, feature
//! `braille`): every character the station shows in each language goes to cells and back
//! to itself, and typing on the display what it shows (dot chords as BrlAPI delivers them)
//! gives back what it showed.

use std::collections::BTreeSet;
use std::path::Path;

use ansage::braille::louis::{LouisTable, table_name};
use ansage::braille::{decode_key, display_table};
use ansage::core::display::{BrailleTable, DisplayKey, DisplayModel};
use ansage::core::input::{Actor, Event};
use ansage::core::lang::Language;
use ansage::core::output::{Audience, Braille, Output};
use ansage::core::scoresheet::braille::Cell;
use shakmaty::Color;

/// The strings of a TOML file (keys and values: both may be shown, a key as a word).
fn toml_strings(value: &toml::Value, out: &mut String) {
    match value {
        toml::Value::String(s) => {
            out.push_str(s);
            out.push(' ');
        }
        toml::Value::Array(a) => a.iter().for_each(|v| toml_strings(v, out)),
        toml::Value::Table(t) => {
            for (k, v) in t {
                out.push_str(k);
                out.push(' ');
                toml_strings(v, out);
            }
        }
        _ => {}
    }
}

/// Every character the station may show in `lang`: the messages (the Fluent file without
/// its comments: the message texts, and the syntax's own ASCII), the words and commands,
/// the digits and ASCII punctuation.
fn shown_characters(lang: Language) -> BTreeSet<char> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(lang.code());
    let mut text = String::new();
    let ftl = std::fs::read_to_string(dir.join("messages.ftl")).unwrap();
    for line in ftl.lines().filter(|l| !l.trim_start().starts_with('#')) {
        text.push_str(line);
        text.push(' ');
    }
    for file in ["words.toml", "commands.toml"] {
        let source = std::fs::read_to_string(dir.join(file)).unwrap();
        let value: toml::Value = toml::from_str(&source).unwrap();
        toml_strings(&value, &mut text);
    }
    text.push_str("0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
    text.chars().filter(|c| !c.is_control()).collect()
}

#[test]
fn braille_every_shown_character_reads_back() {
    for lang in Language::ALL {
        let table = LouisTable::for_language(lang).unwrap();
        let chars = shown_characters(lang);
        assert!(chars.len() > 60, "{lang}: {} characters", chars.len());
        let mut cells_seen: Vec<(Vec<Cell>, char)> = Vec::new();
        for c in &chars {
            let cells = table.to_cells(&c.to_string());
            // Computer Braille: one cell a character, and back.
            assert_eq!(
                cells.len(),
                1,
                "{lang} {}: {c:?} → {cells:?}",
                table_name(lang)
            );
            assert_eq!(
                table.to_text(&cells),
                c.to_string(),
                "{lang} {}: {c:?} → {cells:?}",
                table_name(lang)
            );
            if let Some((_, other)) = cells_seen.iter().find(|(seen, _)| *seen == cells) {
                panic!("{lang}: {c:?} and {other:?} share {cells:?}");
            }
            cells_seen.push((cells, *c));
        }
        let all: String = chars.iter().collect();
        assert_eq!(table.to_text(&table.to_cells(&all)), all, "{lang}");
    }
}

/// The dot chord a cell is typed with, as BrlAPI delivers it with the retain-dots
/// parameter: a command (0x2000_0000) of the PASSDOTS block (34 << 16) with the dots.
fn chord(cell: Cell) -> u64 {
    0x2000_0000 | (34 << 16) | u64::from(cell.0)
}

/// Shows `text` on a display in `lang`, types its cells back with chords, sends: what
/// the station receives.
fn type_back(lang: Language, text: &str) -> Vec<Event> {
    let owner = Actor::Player(Color::White);
    let mut model = DisplayModel::new(owner, lang, 80, 1)
        .unwrap()
        .with_table(display_table(lang));
    model.deliver(&[Output::Braille(Braille {
        text: text.into(),
        to: Audience::White,
        kind: ansage::core::output::BrailleKind::Message,
    })]);
    let shown: Vec<Cell> = model.cells();
    let len = model.table().to_cells(text).len();
    let mut events = Vec::new();
    for cell in &shown[..len] {
        let key = decode_key(chord(*cell)).unwrap();
        events.extend(model.key(key));
    }
    events.extend(model.key(DisplayKey::Enter));
    events
}

#[test]
fn braille_typing_what_is_read_gives_it_back() {
    for (lang, text) in [
        // The issue's case: e and the 4 as shown (German computer Braille, dots 1-4-5-6).
        (Language::De, "e4"),
        (Language::De, "12.Sf3 W*4:57 S5:00"),
        (Language::De, "Weiß: Kg1 Dd1 a2 (=) Läufer Bella fünf?"),
        (Language::De, "Uhr starten"),
        (Language::Es, "sí Dxd4+ 0-0-0 ¿Peón e4? Año"),
        (Language::Es, "12.Cf3 B*4:57 N5:00"),
        (Language::En, "yes Nxf3# e8=Q 1/2-1/2"),
        (Language::En, "12.Nf3 W*4:57 B5:00"),
    ] {
        assert_eq!(
            type_back(lang, text),
            [Event::Typed(text.into())],
            "{lang}: {text}"
        );
    }
}

#[test]
fn braille_the_issues_digit_is_dots_1456_in_german() {
    let table = display_table(Language::De);
    assert_eq!(table.name(), "de-de-comp8.ctb");
    let cells = table.to_cells("e4");
    assert_eq!(cells[1].dots(), [1, 4, 5, 6]);
    // ß and ä are single cells (no escape), the German cells with dot 8.
    assert_eq!(table.to_cells("ß")[0].dots(), [3, 4, 5, 6, 8]);
    assert_eq!(table.to_cells("ä")[0].dots(), [3, 4, 5, 8]);
}

#[test]
fn braille_the_board_keeps_two_cells_a_square() {
    let owner = Actor::Player(Color::White);
    let mut model = DisplayModel::new(owner, Language::De, 18, 1)
        .unwrap()
        .with_table(display_table(Language::De));
    model.key(DisplayKey::NextMode);
    // Rank 8: "8 " then a blank and the small letter of each black piece.
    let cells = model.cells();
    let rank8: String = model.table().to_text(&cells);
    assert_eq!(rank8, "8  t s l d k l s t");
    for _ in 0..7 {
        model.key(DisplayKey::LineDown);
    }
    // Rank 1: a white piece is a blank and its capital (one cell with dot 7).
    let cells = model.cells();
    assert_eq!(model.table().to_text(&cells), "1  T S L D K L S T");
    assert_eq!(cells[3].dots(), [2, 3, 4, 5, 7]);
}
