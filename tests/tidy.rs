//! Tidy tests (after matklad): rules of the code base checked by reading the sources.

use std::path::{Path, PathBuf};

#[path = "support/module_graph.rs"]
mod module_graph;

use module_graph::{module_cycles, module_graph};

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

/// ARCHITECTURE.md: no import cycle among the top-level modules of the core (a module is
/// a file or folder directly under `src/core/`; issue 13).
#[test]
fn no_cycles_among_core_modules() {
    let core = root().join("src/core");
    let graph = module_graph(&core, "crate::core");
    assert!(
        graph
            .get("session")
            .is_some_and(|deps| deps.contains("clock")),
        "the core's import graph was not read: {graph:?}"
    );
    let cycles = module_cycles(&core, "crate::core");
    assert!(
        cycles.is_empty(),
        "import cycles among the modules of src/core/ (each group depends on itself):\n{}",
        describe(&cycles)
    );
}

/// ARCHITECTURE.md: no import cycle among the top-level modules of the crate (issue 13).
#[test]
fn no_cycles_among_crate_modules() {
    let src = root().join("src");
    let graph = module_graph(&src, "crate");
    assert!(
        graph
            .get("station")
            .is_some_and(|deps| deps.contains("core")),
        "the crate's import graph was not read: {graph:?}"
    );
    let cycles = module_cycles(&src, "crate");
    assert!(
        cycles.is_empty(),
        "import cycles among the modules of src/ (each group depends on itself):\n{}",
        describe(&cycles)
    );
}

fn describe(cycles: &[Vec<String>]) -> String {
    cycles
        .iter()
        .map(|group| format!("  {}", group.join(", ")))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The cycle scan itself finds a cycle through a `use`, a `super::` path in an expression, a
/// type, a macro's tokens and a child's file, and ignores `#[cfg(test)]` code.
#[test]
fn the_cycle_scan_catches_cycles() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "mod.rs",
        "pub mod a; pub mod b; pub mod c; pub mod d; pub mod e;",
    );
    write("a.rs", "use crate::m::b::B; pub struct A;");
    write("b.rs", "pub struct B; fn f() { let _ = super::a::A; }");
    write("c.rs", "pub mod inner;");
    write("c/inner.rs", "pub fn f(_: super::super::d::D) {}");
    write(
        "d.rs",
        "pub struct D; fn g() { let _ = format!(\"{:?}\", crate::m::c::inner::f); }",
    );
    write(
        "e.rs",
        "pub struct E;\n#[cfg(test)]\nmod tests { use crate::m::a::A; }\n#[cfg(test)] mod more;",
    );
    write("e/more.rs", "use crate::m::a::A;");
    let cycles = module_cycles(dir.path(), "crate::m");
    assert_eq!(
        cycles,
        [
            vec!["a".to_owned(), "b".to_owned()],
            vec!["c".to_owned(), "d".to_owned()]
        ]
    );
    let graph = module_graph(dir.path(), "crate::m");
    assert!(graph["e"].is_empty(), "{graph:?}");
}
