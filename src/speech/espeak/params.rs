//! The voice's settings in espeak-ng's own scales (pure): speech-dispatcher's -100..100
//! mapped as its espeak-ng module maps them, so that a voice sounds the same on both
//! engines.

use crate::core::lang::Language;

use super::super::SpeechConfig;

/// What espeak-ng is set to before it speaks one utterance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    /// The voice by espeak-ng's name: the configured one for the game's language
    /// (`German+Max` becomes `German+max`, espeak-ng's variant file), else the language.
    pub name: String,
    /// The language's own voice, when the configured one is not found.
    pub fallback: String,
    /// Words per minute, 80 to 450 (175 is normal).
    pub rate: i32,
    /// 0 to 100 (50 is normal).
    pub pitch: i32,
    /// 0 to 100 (100 is normal; more would clip).
    pub volume: i32,
}

/// The voice for an utterance in `lang` under `config`.
pub fn voice(config: &SpeechConfig, lang: Language) -> Voice {
    let fallback = lang.code().to_owned();
    let name = match &config.voice {
        Some(v) if lang == config.language => espeak_name(v),
        _ => fallback.clone(),
    };
    Voice {
        name,
        fallback,
        rate: rate(config.rate),
        pitch: (config.pitch.clamp(-100, 100) + 100) / 2,
        volume: (config.volume.clamp(-100, 100) + 100) / 2,
    }
}

/// speech-dispatcher's names list a variant capitalized (`German+Max`); espeak-ng's
/// variant files are lower case.
fn espeak_name(v: &str) -> String {
    match v.split_once('+') {
        Some((voice, variant)) => format!("{voice}+{}", variant.to_lowercase()),
        None => v.to_owned(),
    }
}

/// -100..100 to words per minute: 0 is espeak-ng's normal 175, -100 its minimum 80, 100
/// its maximum 450.
fn rate(r: i32) -> i32 {
    const MIN: i32 = 80;
    const NORMAL: i32 = 175;
    const MAX: i32 = 450;
    let r = r.clamp(-100, 100);
    if r < 0 {
        NORMAL + (NORMAL - MIN) * r / 100
    } else {
        NORMAL + (MAX - NORMAL) * r / 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_in_espeaks_scales() {
        let base = SpeechConfig::default();
        let cases: [(&str, SpeechConfig, Language, Voice); 4] = [
            (
                "normal",
                SpeechConfig {
                    volume: 100,
                    ..base.clone()
                },
                Language::De,
                Voice {
                    name: "de".into(),
                    fallback: "de".into(),
                    rate: 175,
                    pitch: 50,
                    volume: 100,
                },
            ),
            (
                "slow, low, half as loud, a variant",
                SpeechConfig {
                    voice: Some("German+Max".into()),
                    rate: -100,
                    pitch: -100,
                    volume: 0,
                    ..base.clone()
                },
                Language::De,
                Voice {
                    name: "German+max".into(),
                    fallback: "de".into(),
                    rate: 80,
                    pitch: 0,
                    volume: 50,
                },
            ),
            (
                "the configured voice is the game language's only",
                SpeechConfig {
                    voice: Some("German".into()),
                    rate: 100,
                    ..base.clone()
                },
                Language::En,
                Voice {
                    name: "en".into(),
                    fallback: "en".into(),
                    rate: 450,
                    pitch: 50,
                    volume: 100,
                },
            ),
            (
                "out of range is clamped",
                SpeechConfig {
                    rate: 500,
                    pitch: 300,
                    volume: -300,
                    ..base
                },
                Language::De,
                Voice {
                    name: "de".into(),
                    fallback: "de".into(),
                    rate: 450,
                    pitch: 100,
                    volume: 0,
                },
            ),
        ];
        for (what, config, lang, expected) in cases {
            assert_eq!(voice(&config, lang), expected, "{what}");
        }
    }
}
