//! The web page's words (issue 21): every key the page uses (`t("key")` in
//! `assets/web/*.js`, `data-t="key"` in `assets/web/index.html`) is defined in each
//! language's `assets/<lang>/web.toml`, every defined key is used, all languages have the
//! same keys with the same `{placeholders}`, and no script calls `t` with anything but a
//! literal key (so that this test sees every use), but `words.js` itself.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const LANGS: [&str; 3] = ["de", "en", "es"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A language's words: key → text.
fn words(lang: &str) -> BTreeMap<String, String> {
    let path = root().join("assets").join(lang).join("web.toml");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let table: toml::Table =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    table
        .into_iter()
        .map(|(key, value)| match value {
            toml::Value::String(s) => (key, s),
            other => panic!("{}: {key} is not a string but {other}", path.display()),
        })
        .collect()
}

/// The `{name}` placeholders of a text.
fn placeholders(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        out.insert(after[..close].to_string());
        rest = &after[close + 1..];
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$' || c == '.'
}

/// The literal keys after each `marker` (`t("` or `data-t="`) in `text`, and the places
/// where `call` (`t(`) is not followed by a literal.
fn keys_in(text: &str, marker: &str) -> (Vec<String>, Vec<usize>) {
    let (mut keys, mut bare) = (Vec::new(), Vec::new());
    let call = marker.trim_end_matches('"');
    for (at, _) in text.match_indices(call) {
        if text[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let after = &text[at + call.len()..];
        match after
            .strip_prefix('"')
            .and_then(|a| a.find('"').map(|end| &a[..end]))
        {
            Some(key) => keys.push(key.to_string()),
            None => bare.push(text[..at].lines().count()),
        }
    }
    (keys, bare)
}

/// Every key the page uses, with the files that use it.
fn used_keys() -> BTreeMap<String, BTreeSet<String>> {
    let dir = root().join("assets").join("web");
    let mut used: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "js" || e == "html"))
        .collect();
    files.sort();
    assert!(
        files.iter().any(|p| p.ends_with("app.js")),
        "assets/web/app.js not found"
    );
    for path in &files {
        let text = fs::read_to_string(path).unwrap();
        let name = file_name(path);
        let marker = if name.ends_with(".html") {
            "data-t=\""
        } else {
            "t(\""
        };
        let (keys, bare) = keys_in(&text, marker);
        if marker.starts_with('t') && name != "words.js" {
            assert!(
                bare.is_empty(),
                "{name}: t( without a literal key on lines {bare:?}"
            );
        }
        for key in keys {
            used.entry(key).or_default().insert(name.clone());
        }
    }
    used
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_used_key_is_defined_in_every_language() {
    let used = used_keys();
    assert!(used.len() > 50, "too few keys found: {}", used.len());
    let mut missing = Vec::new();
    for lang in LANGS {
        let words = words(lang);
        for (key, files) in &used {
            if !words.contains_key(key) {
                missing.push(format!("{lang}: {key} (used in {files:?})"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "keys used by the page but not defined:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_defined_key_is_used() {
    let used = used_keys();
    let mut unused = Vec::new();
    for lang in LANGS {
        for key in words(lang).keys() {
            if !used.contains_key(key) {
                unused.push(format!("{lang}: {key}"));
            }
        }
    }
    assert!(
        unused.is_empty(),
        "keys defined but not used by the page:\n{}",
        unused.join("\n")
    );
}

#[test]
fn languages_have_the_same_keys_and_placeholders() {
    let reference = words("de");
    let mut wrong = Vec::new();
    for lang in LANGS {
        let words = words(lang);
        let keys: BTreeSet<&String> = words.keys().collect();
        let expected: BTreeSet<&String> = reference.keys().collect();
        for key in keys.symmetric_difference(&expected) {
            wrong.push(format!("{lang}: {key} only in one of de and {lang}"));
        }
        for (key, text) in &words {
            if let Some(de) = reference.get(key)
                && placeholders(de) != placeholders(text)
            {
                wrong.push(format!(
                    "{lang}: {key}: {:?} vs de {:?}",
                    placeholders(text),
                    placeholders(de)
                ));
            }
            if text.trim().is_empty() {
                wrong.push(format!("{lang}: {key} is empty"));
            }
        }
        assert_eq!(
            words.get("lang").map(String::as_str),
            Some(lang),
            "{lang}: lang = \"{lang}\""
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
