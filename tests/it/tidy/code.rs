//! Tidy tests (after matklad): rules of the code base checked by reading the sources. The
//! crate's non-test files are read module by module with `syn` (`support/sources.rs`), and
//! what each names (paths with `use` trees expanded, macros, method calls, literals) by
//! `support/names.rs`; `#[cfg(test)]` and `#[test]` code is left out.

use std::path::{Path, PathBuf};

use crate::support::load;
use crate::support::names::names;
use crate::support::sources::{self, Source, crate_sources, module_tree};

pub(super) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The non-test files of the core (`crate::core`).
fn core_sources() -> Vec<Source> {
    let sources: Vec<Source> = crate_sources(&root().join("src"))
        .into_iter()
        .filter(|s| s.is_in(&["crate", "core"]))
        .collect();
    assert!(
        sources.len() > 20
            && sources
                .iter()
                .any(|s| s.path.ends_with("src/core/session/protocol.rs")),
        "the core's sources were not found"
    );
    sources
}

/// `file:line: what`, the file relative to `base`.
fn place(base: &Path, source: &Source, line: usize, what: &str) -> String {
    let file = source.path.strip_prefix(base).unwrap_or(&source.path);
    format!("{}:{line}: {what}", file.display())
}

/// Paths the core must not name (a path starting with one of these).
const IMPURE_PATHS: [&[&str]; 9] = [
    &["std", "fs"],
    &["std", "io"],
    &["std", "net"],
    &["std", "thread"],
    &["std", "process"],
    &["std", "env"],
    &["std", "time", "Instant"],
    &["std", "time", "SystemTime"],
    &["tokio"],
];

/// Macros the core must not invoke (it never prints).
const IMPURE_MACROS: [&str; 5] = ["println", "eprintln", "print", "eprint", "dbg"];

/// What in `sources` is not pure: a path into the file system, I/O, the network, threads,
/// processes, the environment, the system clock or tokio (through whatever `use`, alias or
/// glob it is named), a macro that prints, a file included by an absolute path.
fn impurities(base: &Path, sources: &[Source]) -> Vec<String> {
    let mut offences = Vec::new();
    for source in sources {
        let code = names(source);
        for named in &code.paths {
            let into = |m: &&Vec<String>| {
                IMPURE_PATHS
                    .iter()
                    .any(|f| m.len() >= f.len() && m.iter().zip(*f).all(|(a, b)| a == b))
            };
            // Whatever names them: the system clock, however it was brought in.
            let clock = |m: &&Vec<String>| {
                m.iter().any(|s| s == "SystemTime")
                    || m.windows(2).any(|w| w[0] == "Instant" && w[1] == "now")
            };
            let impure =
                (named.meanings.iter().find(into)).or_else(|| named.meanings.iter().find(clock));
            if let Some(m) = impure {
                offences.push(place(base, source, named.line, &m.join("::")));
            }
        }
        for call in &code.macros {
            let name = call.path.last().map_or("", String::as_str);
            let absolute = call
                .first_literal
                .as_ref()
                .is_some_and(|l| l.starts_with('/'));
            if IMPURE_MACROS.contains(&name)
                || (["include_bytes", "include_str"].contains(&name) && absolute)
            {
                offences.push(place(base, source, call.line, &format!("{name}!")));
            }
        }
    }
    offences
}

/// ARCHITECTURE.md: the core is sans-IO. It never reads a clock, touches files, the
/// network, threads, processes, the environment or tokio, and never prints.
#[test]
fn core_is_pure() {
    let _busy = load::busy();
    let offences = impurities(&root(), &core_sources());
    assert!(
        offences.is_empty(),
        "the core must stay pure:\n{}",
        offences.join("\n")
    );
}

/// Writes files (name, text) into a temporary directory.
pub(super) fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// The purity scan reads `use` trees, aliases, globs, expressions, types, macro tokens and
/// macro names, and leaves out test code.
#[test]
fn the_purity_scan_catches_impurities() {
    let dir = tree(&[
        (
            "mod.rs",
            "pub mod a; pub mod b; pub mod c; pub mod d; pub mod e; pub mod f; pub mod g; \
             pub mod h; pub mod i; pub mod j; #[cfg(test)] mod tests;",
        ),
        ("a.rs", "use std::{fs, io};\nuse std::time::Duration;"),
        (
            "b.rs",
            r#"use std::io as stdio;
pub fn f() -> stdio::Result<()> {
    Ok(())
}"#,
        ),
        (
            "c.rs",
            r#"pub fn f() {
    let _ = std::fs::read("x");
}"#,
        ),
        (
            "d.rs",
            r#"pub fn f() {
    let _ = tokio::spawn(async {});
}"#,
        ),
        (
            "e.rs",
            r#"pub fn f() {
    println!("x");
}"#,
        ),
        (
            "f.rs",
            r#"use std::time::*;
pub fn f(d: Duration) -> Duration {
    let _ = Instant::now();
    d
}"#,
        ),
        (
            "g.rs",
            r#"pub fn f() {
    let _ = format!("{:?}", ::std::env::args());
    dbg!(1);
}
const B: &[u8] = include_bytes!("/etc/hostname");"#,
        ),
        (
            "h.rs",
            r#"pub fn f() {}
#[cfg(test)]
mod tests {
    use std::{fs, io};
    use std::io as stdio;
    fn t() { let _ = std::fs::read("x"); let _ = tokio::spawn(async {}); println!("x"); }
    #[test]
    fn u() { dbg!(1); }
}
#[cfg(test)]
mod more;"#,
        ),
        ("h/more.rs", "use std::fs;"),
        (
            "i.rs",
            "use std::time::Duration;\npub fn f(d: Duration) -> Duration { d }",
        ),
        (
            "j.rs",
            r#"use std as s;
use s::thread;
pub fn f() {
    thread::yield_now();
}"#,
        ),
        ("tests.rs", "use std::fs;"),
    ]);
    let sources = module_tree(&dir.path().join("mod.rs"), dir.path(), "crate::m");
    assert_eq!(
        impurities(dir.path(), &sources),
        [
            "a.rs:1: std::fs",
            "a.rs:1: std::io",
            "b.rs:1: std::io",
            "b.rs:2: std::io::Result",
            "c.rs:2: std::fs::read",
            "d.rs:2: tokio::spawn",
            "e.rs:2: println!",
            "f.rs:3: std::time::Instant::now",
            "g.rs:2: std::env::args",
            "g.rs:3: dbg!",
            "g.rs:5: include_bytes!",
            "j.rs:2: std::thread",
            "j.rs:4: std::thread::yield_now",
        ]
    );
}

/// `x.unwrap()` and `x.expect(…)` (also in a macro's tokens) and `Option::unwrap` or
/// `Result::expect` as a path, in `sources`.
fn unwraps(base: &Path, sources: &[Source]) -> Vec<String> {
    let mut offences = Vec::new();
    for source in sources {
        let code = names(source);
        for call in &code.methods {
            if (call.name == "unwrap" && call.args == 0)
                || (call.name == "expect" && call.args == 1)
            {
                offences.push(place(base, source, call.line, &format!(".{}()", call.name)));
            }
        }
        for named in &code.paths {
            if let [.., ty, f] = named.path.as_slice()
                && (ty == "Option" || ty == "Result")
                && (f == "unwrap" || f == "expect")
            {
                offences.push(place(base, source, named.line, &named.path.join("::")));
            }
        }
    }
    offences
}

/// ARCHITECTURE.md (invariants): no `unwrap()` or `expect()` outside tests.
#[test]
fn no_unwrap_outside_tests() {
    let _busy = load::busy();
    let sources = crate_sources(&root().join("src"));
    assert!(
        sources.len() > 50,
        "only {} source files found",
        sources.len()
    );
    let offences = unwraps(&root(), &sources);
    assert!(
        offences.is_empty(),
        "unwrap/expect outside tests:\n{}",
        offences.join("\n")
    );
}

/// The unwrap scan finds method calls in code and in macros, and the functions as paths;
/// not `unwrap_or`, not a one-argument `unwrap`, not test code.
#[test]
fn the_unwrap_scan_catches_unwraps() {
    let dir = tree(&[
        ("lib.rs", "pub mod a;"),
        (
            "a.rs",
            r#"pub fn f(x: Option<u8>, y: Result<u8, ()>) -> u8 {
    let a = x.unwrap();
    let b = y.expect("y");
    let c = format!("{}", x.unwrap());
    let d = [x].into_iter().map(Option::unwrap).sum::<u8>();
    let e = x.unwrap_or(0) + not.unwrap(1);
    a + b + c.len() as u8 + d + e
}
#[cfg(test)]
mod tests {
    fn t(x: Option<u8>) -> u8 { x.unwrap() }
}"#,
        ),
    ]);
    let sources = module_tree(&dir.path().join("lib.rs"), dir.path(), "crate");
    assert_eq!(
        unwraps(dir.path(), &sources),
        [
            "a.rs:2: .unwrap()",
            "a.rs:3: .expect()",
            "a.rs:4: .unwrap()",
            "a.rs:5: Option::unwrap",
        ]
    );
}

/// Words the core's code must not hold: German, Spanish or English move words.
const WORDS: [&str; 18] = [
    "Springer", "Läufer", "Turm", "Dame", "König", "Bauer", "Rochade", "schlägt", "Schach", "matt",
    "Caballo", "Alfil", "Knight", "Bishop", "Weiß", "Schwarz", "ja", "nein",
];

/// String literals in `sources` that are one of [`WORDS`] (or start with "Rochade").
fn words_in(base: &Path, sources: &[Source]) -> Vec<String> {
    let mut offences = Vec::new();
    for source in sources {
        for (text, line) in names(source).literals {
            if WORDS.contains(&text.as_str()) || text.starts_with("Rochade") {
                offences.push(place(base, source, line, &format!("{text:?}")));
            }
        }
    }
    offences
}

/// ARCHITECTURE.md (invariants): words are data. No German, Spanish or English move words
/// in the core's code: they belong in `assets/<lang>/`.
#[test]
fn no_words_in_core_code() {
    let _busy = load::busy();
    let offences = words_in(&root(), &core_sources());
    assert!(
        offences.is_empty(),
        "words belong in assets/<lang>/:\n{}",
        offences.join("\n")
    );
}

/// The words scan finds literals in code and in macros, not in comments, doc comments or
/// tests.
#[test]
fn the_words_scan_catches_words() {
    let dir = tree(&[
        ("lib.rs", "pub mod a;"),
        (
            "a.rs",
            r#"/// "Springer"
pub fn f() -> String {
    // "Turm"
    let _ = "Springerin";
    let _ = "Lange Rochade";
    format!("{}", "Schach") + "Springer" + "Rochade lang"
}
#[cfg(test)]
mod tests {
    const T: &str = "Turm";
}"#,
        ),
    ]);
    let sources = module_tree(&dir.path().join("lib.rs"), dir.path(), "crate");
    assert_eq!(
        words_in(dir.path(), &sources),
        [
            "a.rs:6: \"Schach\"",
            "a.rs:6: \"Springer\"",
            "a.rs:6: \"Rochade lang\""
        ]
    );
}

/// The longest a function may be outside tests, in lines from `fn` to its closing brace
/// (issue 23: functions that fit on a screen).
const MAX_FN_LINES: usize = 80;

/// The functions of a file's non-test code longer than [`MAX_FN_LINES`]: `file:line: name
/// (N lines)`.
struct LongFunctions<'a> {
    file: String,
    found: &'a mut Vec<String>,
}

impl LongFunctions<'_> {
    fn check(&mut self, name: &syn::Ident, start: proc_macro2::Span, end: proc_macro2::Span) {
        let (first, last) = (start.start().line, end.end().line);
        let lines = last + 1 - first;
        if lines > MAX_FN_LINES {
            self.found
                .push(format!("{}:{first}: {name} ({lines} lines)", self.file));
        }
    }
}

impl<'ast> syn::visit::Visit<'ast> for LongFunctions<'_> {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        if sources::test_only(&f.attrs) {
            return;
        }
        let end = f.block.brace_token.span.close();
        self.check(&f.sig.ident, f.sig.fn_token.span, end);
        syn::visit::visit_item_fn(self, f);
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if sources::test_only(&f.attrs) {
            return;
        }
        let end = f.block.brace_token.span.close();
        self.check(&f.sig.ident, f.sig.fn_token.span, end);
        syn::visit::visit_impl_item_fn(self, f);
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.check(
                &f.sig.ident,
                f.sig.fn_token.span,
                block.brace_token.span.close(),
            );
        }
        syn::visit::visit_trait_item_fn(self, f);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if !sources::test_only(&m.attrs) {
            syn::visit::visit_item_mod(self, m);
        }
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        if !sources::test_only(&i.attrs) {
            syn::visit::visit_item_impl(self, i);
        }
    }
}

fn long_functions(base: &Path, sources: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for source in sources {
        let file = source
            .path
            .strip_prefix(base)
            .unwrap_or(&source.path)
            .display()
            .to_string();
        let mut visitor = LongFunctions {
            file,
            found: &mut found,
        };
        syn::visit::Visit::visit_file(&mut visitor, &source.ast);
    }
    found
}

/// Issue 23: no function over [`MAX_FN_LINES`] lines in the library or the programs,
/// tests left out.
#[test]
fn functions_fit_on_a_screen() {
    let _busy = load::busy();
    let src = root().join("src");
    let sources = crate_sources(&src);
    assert!(sources.len() > 100, "the sources were not read");
    let long = long_functions(&src, &sources);
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines:\n{}",
        long.join("\n")
    );
}

/// The scan finds a long function, a long method and a trait's long default, and leaves a
/// test's long function alone.
#[test]
fn the_length_scan_catches_long_functions() {
    let body = "    let _ = 1;\n".repeat(MAX_FN_LINES);
    let text = format!(
        "pub fn short() {{}}\npub fn long() {{\n{body}}}\nstruct S;\nimpl S {{\n    fn method(&self) {{\n{body}    }}\n}}\ntrait T {{\n    fn default(&self) {{\n{body}    }}\n}}\n#[cfg(test)]\nmod tests {{\n    fn helper() {{\n{body}    }}\n}}\n"
    );
    let dir = tree(&[("lib.rs", &text)]);
    let sources = crate_sources(dir.path());
    let long = long_functions(dir.path(), &sources);
    let names: Vec<&str> = long
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(names, ["long", "method", "default"], "{long:?}");
}
