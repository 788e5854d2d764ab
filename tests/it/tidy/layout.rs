//! Where tests go (ARCHITECTURE.md, Tests): the integration tests are two test programs,
//! and a module's unit tests are inline or in a sibling file by their length alone.

use std::path::{Path, PathBuf};

use syn::Item;

use crate::support::load;
use crate::support::sources::test_only;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The most lines a module's inline unit tests take (`#[cfg(test)]` to the closing brace);
/// longer, they are the sibling file `tests.rs`.
const INLINE_LINES: usize = 200;

/// Cargo builds each `tests/*.rs` and each `tests/*/main.rs` as a test program of its own,
/// each linking the whole library: there are two, `tests/it/` and the device rig's
/// `tests/rig/` (issue 23), and a new test goes into a topic module of one of them.
#[test]
fn the_integration_tests_are_two_programs() {
    let mut programs = Vec::new();
    let mut loose = Vec::new();
    for entry in std::fs::read_dir(root().join("tests")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.join("main.rs").is_file() {
            programs.push(name);
        } else if path.extension().is_some_and(|e| e == "rs") {
            loose.push(name);
        }
    }
    programs.sort();
    assert_eq!(
        programs,
        ["it", "rig"],
        "the test programs (tests/*/main.rs)"
    );
    assert!(
        loose.is_empty(),
        "test files at the top of tests/, each a test program of its own (move each into a \
         topic module of tests/it/ or tests/rig/): {loose:?}"
    );
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The lines of a file, or of every `.rs` file of a folder.
fn lines(path: &Path) -> usize {
    let count = |file: &Path| std::fs::read_to_string(file).unwrap().lines().count();
    if path.is_dir() {
        rust_files(path).iter().map(|f| count(f)).sum()
    } else {
        count(path)
    }
}

/// Where the test modules of `file` break the rule, each as `file:line: what` (the file
/// relative to `base`): inline tests longer than [`INLINE_LINES`], a `mod tests;` whose
/// file is that short or longer, one found through `#[path]`, or one that is not `tests.rs`
/// (or `tests/mod.rs`) in the module's own folder.
fn misplaced_tests(base: &Path, file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let shown = file
        .strip_prefix(base)
        .unwrap_or(file)
        .display()
        .to_string();
    // The folder of the module's children: `foo/` beside `foo.rs`, the folder of `mod.rs`.
    let stem = file.file_stem().unwrap().to_string_lossy();
    let folder = match stem.as_ref() {
        "mod" | "lib" | "main" => file.parent().unwrap().to_path_buf(),
        _ => file.with_extension(""),
    };
    let mut offences = Vec::new();
    for item in &parsed.items {
        let Item::Mod(m) = item else { continue };
        if m.ident != "tests" || !test_only(&m.attrs) {
            continue;
        }
        let line = m.mod_token.span.start().line;
        match &m.content {
            Some((brace, _)) => {
                let first = m
                    .attrs
                    .first()
                    .map_or(line, |a| a.pound_token.span.start().line);
                let length = brace.span.close().end().line - first + 1;
                if length > INLINE_LINES {
                    offences.push(format!(
                        "{shown}:{line}: inline tests of {length} lines (at most {INLINE_LINES}: \
                         move them to {})",
                        folder
                            .join("tests.rs")
                            .strip_prefix(base)
                            .unwrap()
                            .display()
                    ));
                }
            }
            None => {
                if m.attrs.iter().any(|a| a.path().is_ident("path")) {
                    offences.push(format!("{shown}:{line}: tests found through #[path]"));
                    continue;
                }
                let sibling = [folder.join("tests.rs"), folder.join("tests")]
                    .into_iter()
                    .find(|p| p.exists());
                let Some(sibling) = sibling else {
                    offences.push(format!("{shown}:{line}: no tests.rs beside the module"));
                    continue;
                };
                let length = lines(&sibling);
                if length <= INLINE_LINES {
                    offences.push(format!(
                        "{shown}:{line}: {} has {length} lines (at most {INLINE_LINES}: put \
                         them inline)",
                        sibling.strip_prefix(base).unwrap().display()
                    ));
                }
            }
        }
    }
    offences
}

/// ARCHITECTURE.md (Tests): a module's unit tests are inline (`#[cfg(test)] mod tests
/// { … }`) while they take at most 200 lines, and longer they are the sibling file
/// `tests.rs` (`mod tests;`, no `#[path]`).
#[test]
fn unit_tests_are_inline_or_a_sibling_file_by_their_length() {
    let _busy = load::busy();
    let src = root().join("src");
    let files = rust_files(&src);
    assert!(files.len() > 50, "only {} source files found", files.len());
    let offences: Vec<String> = files
        .iter()
        .flat_map(|file| misplaced_tests(&root(), file))
        .collect();
    assert!(
        offences.is_empty(),
        "unit tests placed against the rule:\n{}",
        offences.join("\n")
    );
}

/// The placement scan finds long inline tests, short sibling files and `#[path]`, and
/// leaves short inline tests and long sibling files alone.
#[test]
fn the_placement_scan_catches_misplaced_tests() {
    let dir = tempfile::tempdir().unwrap();
    let long = "#[test]\nfn t() {}\n".repeat(INLINE_LINES / 2 + 1);
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "short.rs",
        "#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n",
    );
    write(
        "long.rs",
        &format!("#[cfg(test)]\nmod tests {{\n{long}}}\n"),
    );
    write("split.rs", "#[cfg(test)]\nmod tests;\n");
    write("split/tests.rs", &long);
    write("small/mod.rs", "#[cfg(test)]\nmod tests;\n");
    write("small/tests.rs", "#[test]\nfn t() {}\n");
    write(
        "pathed.rs",
        "#[cfg(test)]\n#[path = \"pathed_tests.rs\"]\nmod tests;\n",
    );
    write("pathed_tests.rs", &long);
    let found: Vec<String> = rust_files(dir.path())
        .iter()
        .flat_map(|f| misplaced_tests(dir.path(), f))
        .collect();
    assert_eq!(
        found,
        [
            "long.rs:2: inline tests of 205 lines (at most 200: move them to long/tests.rs)",
            "pathed.rs:3: tests found through #[path]",
            "small/mod.rs:2: small/tests.rs has 2 lines (at most 200: put them inline)",
        ]
    );
}
