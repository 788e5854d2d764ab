//! [`Settings`] as TOML: the game's sections (`[game]`, `[announce]`) key by key through
//! the core's one path ([`Key::set`], [`Key::get`]); the device sections as plain serde
//! data. An error is raised at the key or the value it is about, so the file's reader
//! names its line.

use std::fmt;
use std::sync::LazyLock;

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::core::settings::{GameSettings, KEYS, Key, OnOff, Section, ValueError, file_key};

use super::Settings;

/// The sections of the file, in the order it is written.
const SECTIONS: &[&str] = &[
    "game", "input", "announce", "eboard", "speech", "braille", "voice", "journal", "web",
    "online", "models", "engine",
];

/// The key names of `[game]`, `[announce]` and `[eboard]`, in the order of the file.
static NAMES: LazyLock<[Vec<&'static str>; 3]> = LazyLock::new(|| {
    [Section::Game, Section::Announce, Section::Eboard].map(|section| {
        KEYS.iter()
            .filter(|k| k.section == section)
            .map(|k| k.name)
            .collect()
    })
});

fn names(section: Section) -> &'static [&'static str] {
    match section {
        Section::Game => &NAMES[0],
        Section::Announce => &NAMES[1],
        Section::Eboard => &NAMES[2],
    }
}

/// What a bad value's message says: `"VALUE": what is wrong`, or only what is wrong when
/// that quotes the value already.
pub(super) fn value_message(value: &str, error: &ValueError) -> String {
    if error.names_value() {
        error.to_string()
    } else {
        format!("{value:?}: {error}")
    }
}

impl<'de> Deserialize<'de> for Settings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Settings, D::Error> {
        d.deserialize_map(SettingsVisitor)
    }
}

struct SettingsVisitor;

impl<'de> Visitor<'de> for SettingsVisitor {
    type Value = Settings;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the settings' sections")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Settings, A::Error> {
        let mut s = Settings::default();
        while let Some(name) = map.next_key_seed(Name(SECTIONS))? {
            match name {
                "game" => map.next_value_seed(SectionSeed(Section::Game, &mut s.game))?,
                "announce" => map.next_value_seed(SectionSeed(Section::Announce, &mut s.game))?,
                "eboard" => map.next_value_seed(SectionSeed(Section::Eboard, &mut s.game))?,
                "input" => s.input = map.next_value()?,
                "speech" => s.speech = map.next_value()?,
                "braille" => s.braille = map.next_value()?,
                "voice" => s.voice = map.next_value()?,
                "journal" => s.journal = map.next_value()?,
                "web" => s.web = map.next_value()?,
                "online" => s.online = map.next_value()?,
                "models" => s.models = map.next_value()?,
                "engine" => s.engine = map.next_value()?,
                _ => return Err(de::Error::unknown_field(name, SECTIONS)),
            }
        }
        Ok(s)
    }
}

/// A key that must be one of `.0`: an unknown one is an error at the key.
struct Name(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for Name {
    type Value = &'static str;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<&'static str, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Name {
    type Value = &'static str;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<&'static str, E> {
        self.0
            .iter()
            .find(|n| **n == v)
            .copied()
            .ok_or_else(|| E::unknown_field(v, self.0))
    }
}

/// One of the game's sections, each key set on the settings as it is read.
struct SectionSeed<'a>(Section, &'a mut GameSettings);

impl<'de> DeserializeSeed<'de> for SectionSeed<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for SectionSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the section [{}]", self.0.name())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(name) = map.next_key_seed(Name(names(self.0)))? {
            let key = file_key(self.0, name).ok_or_else(|| de::Error::custom(name))?;
            map.next_value_seed(ValueSeed(key, &mut *self.1))?;
        }
        Ok(())
    }
}

/// One value of the game's sections: its text (a string, or a number or a boolean as
/// the file writes them) set through [`Key::set`], an error at the value.
struct ValueSeed<'a>(&'static Key, &'a mut GameSettings);

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let text = d.deserialize_any(Text { flag: self.0.flag })?;
        self.0
            .set(self.1, &text)
            .map_err(|e| de::Error::custom(value_message(&text, &e)))
    }
}

/// A value's text: a switch is a boolean or a text, any other value a text or a number.
struct Text {
    flag: bool,
}

impl Visitor<'_> for Text {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.flag {
            "true or false (on or off)"
        } else {
            "a text"
        })
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        Ok(v.to_owned())
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<String, E> {
        if self.flag {
            Ok(OnOff(v).to_string())
        } else {
            Err(E::invalid_type(de::Unexpected::Bool(v), &self))
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
        self.number(v.to_string(), de::Unexpected::Signed(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
        self.number(v.to_string(), de::Unexpected::Unsigned(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
        self.number(v.to_string(), de::Unexpected::Float(v))
    }
}

impl Text {
    fn number<E: de::Error>(self, text: String, unexpected: de::Unexpected) -> Result<String, E> {
        if self.flag {
            Err(E::invalid_type(unexpected, &self))
        } else {
            Ok(text)
        }
    }
}

impl Serialize for Settings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Settings", SECTIONS.len())?;
        out.serialize_field("game", &SectionView(Section::Game, &self.game))?;
        out.serialize_field("input", &self.input)?;
        out.serialize_field("announce", &SectionView(Section::Announce, &self.game))?;
        out.serialize_field("eboard", &SectionView(Section::Eboard, &self.game))?;
        out.serialize_field("speech", &self.speech)?;
        out.serialize_field("braille", &self.braille)?;
        out.serialize_field("voice", &self.voice)?;
        out.serialize_field("journal", &self.journal)?;
        out.serialize_field("web", &self.web)?;
        out.serialize_field("online", &self.online)?;
        out.serialize_field("models", &self.models)?;
        out.serialize_field("engine", &self.engine)?;
        out.end()
    }
}

/// One of the game's sections as the file writes it: a switch as a boolean, any other
/// value as its text ([`Key::get`]).
struct SectionView<'a>(Section, &'a GameSettings);

impl Serialize for SectionView<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let keys = KEYS.iter().filter(|k| k.section == self.0);
        let mut out = s.serialize_map(None)?;
        for key in keys {
            let text = key.get(self.1);
            match text.parse::<OnOff>() {
                Ok(on) if key.flag => out.serialize_entry(key.name, &on.0)?,
                _ => out.serialize_entry(key.name, &text)?,
            }
        }
        out.end()
    }
}
