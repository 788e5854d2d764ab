//! Test code stays in files of one concept (issue 35.1): no file of the tests (`tests/`),
//! the benchmarks (`src/bin/ansage-bench/`) or the test kit (`src/testkit/`) is over
//! [`MAX_LINES`] lines. A file that grows past it holds several concepts: split it by
//! concept (a helper's process, its client, its page; a test file's topics).

use std::path::{Path, PathBuf};

/// The most lines a file of test code may have.
const MAX_LINES: usize = 600;

/// The folders of test code, under the crate's root.
const TEST_CODE: [&str; 3] = ["tests", "src/bin/ansage-bench", "src/testkit"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, at any depth.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The files of test code under `base` over `max` lines: `path: N lines`.
fn too_long(base: &Path, max: usize) -> Vec<String> {
    TEST_CODE
        .iter()
        .flat_map(|d| rust_files(&base.join(d)))
        .filter_map(|path| {
            let lines = std::fs::read_to_string(&path).ok()?.lines().count();
            let rel = path
                .strip_prefix(base)
                .unwrap_or(&path)
                .display()
                .to_string();
            (lines > max).then(|| format!("{rel}: {lines} lines"))
        })
        .collect()
}

#[test]
fn no_test_or_bench_file_is_over_600_lines() {
    let offences = too_long(&root(), MAX_LINES);
    assert!(
        offences.is_empty(),
        "test code over {MAX_LINES} lines (split each by concept):\n{}",
        offences.join("\n")
    );
}

/// The scan counts lines in every folder of test code, at any depth, and only `.rs`
/// files; a file of exactly the limit passes.
#[test]
fn the_length_scan_catches_long_files() {
    let dir = tempfile::tempdir().unwrap();
    let lines = |n: usize| "x\n".repeat(n);
    for (path, n) in [
        ("tests/it/a.rs", 601),
        ("tests/it/deep/b.rs", 600),
        ("tests/data/c.txt", 900),
        ("src/bin/ansage-bench/d.rs", 700),
        ("src/testkit/e.rs", 602),
        ("src/core/f.rs", 900),
    ] {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, lines(n)).unwrap();
    }
    let mut found = too_long(dir.path(), MAX_LINES);
    found.sort();
    assert_eq!(
        found,
        [
            "src/bin/ansage-bench/d.rs: 700 lines",
            "src/testkit/e.rs: 602 lines",
            "tests/it/a.rs: 601 lines",
        ]
    );
}
