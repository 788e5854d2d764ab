//! The speech models `ansage models install` knows: one small vosk model per language,
//! each with what can be known of its archive before downloading it.
//!
//! The sizes are the publisher's own model list's (the `size` of each entry). A SHA-256 is
//! given where one could be learned from independent public sources that agree; where
//! none could, the entry's `sha256` is `None` and only the size and the unpacked model
//! are checked. A new or a newer model is a line here.

use crate::core::lang::Language;

/// The publisher's folder of models (Alpha Cephei): the default of the setting
/// `models.url`. An archive is `{models.url}/{name}.zip`.
pub const PUBLISHER_URL: &str = crate::config::MODELS_URL;

/// A language's speech model as published.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelSpec {
    /// The language the model hears.
    pub lang: Language,
    /// The publisher's name of the model: its archive is `NAME.zip`, holding the folder
    /// `NAME/`, which is installed under that name.
    pub name: &'static str,
    /// The archive's size in bytes.
    pub size: u64,
    /// The archive's SHA-256 (lower-case hex), where it is known.
    pub sha256: Option<&'static str>,
}

/// Every language's model, in the order of [`Language::ALL`].
pub const MODELS: [ModelSpec; 3] = [
    ModelSpec {
        lang: Language::De,
        name: "vosk-model-small-de-0.15",
        // The publisher's model list: 46,499,967 bytes (md5 4f21f92c0897b48287ef8839420608eb).
        size: 46_499_967,
        sha256: None,
    },
    ModelSpec {
        lang: Language::Es,
        name: "vosk-model-small-es-0.42",
        // The publisher's model list: 39,817,833 bytes (md5 2d5c94f9859a84881a0ef744738ebd31).
        size: 39_817_833,
        sha256: None,
    },
    ModelSpec {
        lang: Language::En,
        name: "vosk-model-small-en-us-0.15",
        // The publisher's model list: 41,205,931 bytes; the SHA-256 as several projects
        // that pin this archive give it, alike.
        size: 41_205_931,
        sha256: Some("30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498"),
    },
];

/// The model of `lang`.
pub fn spec(lang: Language) -> &'static ModelSpec {
    match lang {
        Language::De => &MODELS[0],
        Language::Es => &MODELS[1],
        Language::En => &MODELS[2],
    }
}

/// The archive's address: `base` (`models.url`) and `NAME.zip`, with one slash between.
pub fn archive_url(base: &str, name: &str) -> String {
    format!("{}/{name}.zip", base.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_model_and_its_address() {
        for lang in Language::ALL {
            let s = spec(lang);
            assert_eq!(s.lang, lang);
            assert!(s.name.starts_with("vosk-model-small-"), "{s:?}");
            assert!(s.size > 30_000_000, "{s:?}");
            if let Some(sha) = s.sha256 {
                assert_eq!(sha.len(), 64, "{s:?}");
                assert!(
                    sha.bytes()
                        .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
                );
            }
        }
        assert_eq!(
            archive_url("http://127.0.0.1:1/m/", "x"),
            "http://127.0.0.1:1/m/x.zip"
        );
        assert_eq!(
            archive_url(PUBLISHER_URL, spec(Language::De).name),
            "https://alphacephei.com/vosk/models/vosk-model-small-de-0.15.zip"
        );
    }
}
