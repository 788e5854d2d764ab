//! ARCHITECTURE.md stays a map (issue 35.6): at most about 15 KB, and every path it names
//! in backticks or links exists, so that it cannot drift from the tree unnoticed.

use std::path::{Path, PathBuf};

/// The most bytes ARCHITECTURE.md may take.
const LIMIT: usize = 15_500;

/// The folders a path named in the map starts with.
const ROOTS: [&str; 7] = [
    "src/", "tests/", "assets/", "docs/", "fuzz/", ".ci/", "models/",
];

/// The languages a path with `<lang>` stands for.
const LANGS: [&str; 3] = ["de", "es", "en"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every path the text names: inside backticks or a link's parentheses, starting with one
/// of [`ROOTS`]; `<lang>` stands for each language.
fn named_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let spans = text
        .split('`')
        .skip(1)
        .step_by(2)
        .chain(text.split("](").skip(1).filter_map(|s| s.split(')').next()));
    for span in spans {
        let path = span.trim();
        if !ROOTS.iter().any(|r| path.starts_with(r)) || path.contains(' ') {
            continue;
        }
        if path.contains("<lang>") {
            out.extend(LANGS.iter().map(|l| path.replace("<lang>", l)));
        } else {
            out.push(path.to_owned());
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The named paths that do not exist under `base`.
fn missing(base: &Path, text: &str) -> Vec<String> {
    named_paths(text)
        .into_iter()
        .filter(|p| !base.join(p.split('#').next().unwrap_or(p)).exists())
        .collect()
}

#[test]
fn the_architecture_map_is_short_and_names_only_what_exists() {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    assert!(
        text.len() <= LIMIT,
        "ARCHITECTURE.md is {} bytes: a map, at most {LIMIT} (file-level detail goes into the module's //! header)",
        text.len()
    );
    let named = named_paths(&text);
    assert!(named.len() > 40, "the paths were not read: {named:?}");
    let missing = missing(&root(), &text);
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist: {missing:?}"
    );
}

/// The scan reads backticks and links, expands `<lang>`, and finds a missing file.
#[test]
fn the_path_scan_catches_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    for f in [
        "src/a.rs",
        "assets/de/w.toml",
        "assets/es/w.toml",
        "docs/g.md",
    ] {
        let p = dir.path().join(f);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, "").unwrap();
    }
    let text = "`src/a.rs` and `src/gone.rs`, `assets/<lang>/w.toml`, [g](docs/g.md#x), \
                `Session::handle`, `cargo test --test it`";
    assert_eq!(
        missing(dir.path(), text),
        ["assets/en/w.toml", "src/gone.rs"]
    );
}
