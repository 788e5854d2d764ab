//! Tidy tests (after matklad): rules of the code base checked by reading the sources.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Whether a file holds only unit tests (a `#[cfg(test)] mod tests;` in its own file).
fn is_test_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "tests.rs")
}

/// The part of a file before its unit tests (`#[cfg(test)]` modules end the files here).
fn non_test_code(text: &str) -> &str {
    text.split("#[cfg(test)]").next().unwrap_or(text)
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// ARCHITECTURE.md: the core is sans-IO. It never reads a clock, touches files, the
/// network, threads, processes, the environment or tokio, and never prints.
#[test]
fn core_is_pure() {
    let forbidden = [
        "Instant::now",
        "SystemTime",
        "std::time::Instant",
        "std::fs",
        "std::io",
        "std::net",
        "std::thread",
        "std::process",
        "std::env",
        "tokio",
        "println!",
        "eprintln!",
        "print!",
        "dbg!",
        "include_bytes!(\"/",
    ];
    let mut offences = Vec::new();
    let files = rust_files(&root().join("src/core"));
    assert!(files.len() > 5, "the core's sources were not found");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for f in forbidden {
                if code.contains(f) {
                    offences.push(format!("{}:{}: {f}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "the core must stay pure:\n{}",
        offences.join("\n")
    );
}

/// DEVELOPERS.md: no unwrap() or expect() outside tests.
#[test]
fn no_unwrap_outside_tests() {
    let mut offences = Vec::new();
    for file in rust_files(&root().join("src"))
        .into_iter()
        .filter(|f| !is_test_file(f))
    {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in non_test_code(&text).lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains(".unwrap()") || code.contains(".expect(") {
                offences.push(format!("{}:{}", file.display(), n + 1));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "unwrap/expect outside tests:\n{}",
        offences.join("\n")
    );
}

/// Words are data: no German, Spanish or English move words in the core's code.
#[test]
fn no_words_in_core_code() {
    let words = [
        "\"Springer\"",
        "\"Läufer\"",
        "\"Turm\"",
        "\"Dame\"",
        "\"König\"",
        "\"Bauer\"",
        "\"Rochade",
        "\"schlägt\"",
        "\"Schach\"",
        "\"matt\"",
        "\"Caballo\"",
        "\"Alfil\"",
        "\"Knight\"",
        "\"Bishop\"",
        "\"Weiß\"",
        "\"Schwarz\"",
        "\"ja\"",
        "\"nein\"",
    ];
    let mut offences = Vec::new();
    for file in rust_files(&root().join("src/core"))
        .into_iter()
        .filter(|f| !is_test_file(f))
    {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in non_test_code(&text).lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for w in words {
                if line.contains(w) {
                    offences.push(format!("{}:{}: {w}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "words belong in assets/<lang>/:\n{}",
        offences.join("\n")
    );
}

/// The tidy scan itself must catch an offence.
#[test]
fn the_scan_catches_offences() {
    assert!(non_test_code("a\n#[cfg(test)]\nb").contains('a'));
    assert!(!non_test_code("a\n#[cfg(test)]\nb").contains('b'));
}
