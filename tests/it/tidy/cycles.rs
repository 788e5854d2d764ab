//! Tidy tests: no import cycle among the crate's modules, at any depth (issue 13, 23),
//! read as `tidy/code.rs` reads the sources (`support/sources.rs`,
//! `support/module_graph.rs`).

use std::path::{Path, PathBuf};

use crate::support::load;
use crate::support::module_graph::{module_cycles, module_graph};

use super::code::{root, tree};

/// ARCHITECTURE.md: no import cycle among the top-level modules of the core (a module is
/// a file or folder directly under `src/core/`; issue 13).
#[test]
fn no_cycles_among_core_modules() {
    let _busy = load::busy();
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
    let _busy = load::busy();
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

/// Every module folder under `src/` and the module path its files have (`crate::core::
/// session` for `src/core/session/`; a binary's folder is a crate of its own, `crate`).
fn module_folders(src: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_owned()];
    while let Some(dir) = stack.pop() {
        let mut children: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        children.sort();
        for child in children {
            let rel = child.strip_prefix(src).unwrap();
            let parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let module = if parts.first().is_some_and(|p| p == "bin") {
                if parts.len() != 2 || !child.join("main.rs").is_file() {
                    continue;
                }
                "crate".to_owned()
            } else if child.join("mod.rs").is_file() || child.with_extension("rs").is_file() {
                format!("crate::{}", parts.join("::"))
            } else {
                continue;
            };
            out.push((child.clone(), module));
            stack.push(child);
        }
    }
    out.sort();
    out
}

/// Issue 23: no import cycle among the modules of any folder, at every depth (the files
/// and sub-folders directly in it), not only at the top.
#[test]
fn no_cycles_in_any_folder() {
    let _busy = load::busy();
    let src = root().join("src");
    let folders = module_folders(&src);
    assert!(
        folders.iter().any(|(_, m)| m == "crate::core::session"),
        "the folders were not found: {folders:?}"
    );
    let found: Vec<String> = folders
        .iter()
        .flat_map(|(dir, module)| {
            let rel = dir.strip_prefix(&src).unwrap().display().to_string();
            module_cycles(dir, module)
                .into_iter()
                .map(move |group| format!("  src/{rel}: {}", group.join(", ")))
        })
        .collect();
    assert!(
        found.is_empty(),
        "import cycles among the modules of a folder (each group depends on itself):\n{}",
        found.join("\n")
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
    let dir = tree(&[
        (
            "mod.rs",
            "pub mod a; pub mod b; pub mod c; pub mod d; pub mod e;",
        ),
        ("a.rs", "use crate::m::b::B; pub struct A;"),
        ("b.rs", "pub struct B; fn f() { let _ = super::a::A; }"),
        ("c.rs", "pub mod inner;"),
        ("c/inner.rs", "pub fn f(_: super::super::d::D) {}"),
        (
            "d.rs",
            "pub struct D; fn g() { let _ = format!(\"{:?}\", crate::m::c::inner::f); }",
        ),
        (
            "e.rs",
            "pub struct E;\n#[cfg(test)]\nmod tests { use crate::m::a::A; }\n#[cfg(test)] mod more;",
        ),
        ("e/more.rs", "use crate::m::a::A;"),
    ]);
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
