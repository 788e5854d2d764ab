//! Message ids are checked against the code: every id the code names is a message of every
//! language's `assets/<lang>/messages.ftl`, and every message there is named by the code.
//!
//! The code names a message with `Message::new(id)` (`src/core/phrases.rs`). The crate's
//! non-test code is parsed with `syn`, module by module from its roots, and each such `id`
//! is followed to its string literals: a literal; an `if` or `match` of literals; a local
//! `let id = …`; a parameter of the enclosing function (the arguments of every call to it) or
//! of a closure bound by `let` (the arguments of its calls); a function returning
//! `&'static str` (the literals it returns); a constant. An `id` the scan cannot follow fails
//! the test: it names the place, and the code is to name its ids in one of those ways.
//!
//! A message `foo-braille` is `foo`'s short form for the display (`Phrases::braille`): it is
//! used when `foo` is. A message referenced by another used message (`{ foo }`) is used.
//! Literals compared with a message's `id` and the lists of ids (`ERROR_MESSAGES`) must be
//! messages too, but do not make one used.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fluent_syntax::ast;

use crate::support::load;
use crate::support::message_ids::{Scan, scan};
use crate::support::sources::{Source, crate_sources};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A language's messages and the messages each refers to (`{ other }`).
struct Catalogue {
    ids: BTreeSet<String>,
    refs: BTreeMap<String, BTreeSet<String>>,
}

fn inline_refs(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::MessageReference { id, .. } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_refs(expression, out),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_refs(a, out);
            }
            for a in &arguments.named {
                inline_refs(&a.value, out);
            }
        }
        _ => {}
    }
}

fn expression_refs(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Inline(i) => inline_refs(i, out),
        ast::Expression::Select { selector, variants } => {
            inline_refs(selector, out);
            for v in variants {
                pattern_refs(&v.value, out);
            }
        }
    }
}

fn pattern_refs(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_refs(expression, out);
        }
    }
}

fn catalogue(text: &str) -> Catalogue {
    let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(_, e)| panic!("{e:?}"));
    let mut ids = BTreeSet::new();
    let mut refs = BTreeMap::new();
    for entry in &resource.body {
        let (name, value, attributes) = match entry {
            ast::Entry::Message(m) => (m.id.name.to_owned(), m.value.as_ref(), &m.attributes),
            ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
            _ => continue,
        };
        let mut r = BTreeSet::new();
        for p in value.into_iter().chain(attributes.iter().map(|a| &a.value)) {
            pattern_refs(p, &mut r);
        }
        if matches!(entry, ast::Entry::Message(_)) {
            ids.insert(name.clone());
        }
        refs.insert(name, r);
    }
    Catalogue { ids, refs }
}

/// The problems of one language's messages against what the code names.
fn check(lang: &str, cat: &Catalogue, code: &Scan) -> Vec<String> {
    let mut problems = Vec::new();
    for id in &code.referred {
        if !cat.ids.contains(id) {
            problems.push(format!(
                "{lang}: the code names {id:?}, not in messages.ftl"
            ));
        }
    }
    // Used: named by the code, referred to by a used message or by a term.
    let mut used: BTreeSet<String> = code.used.clone();
    for (name, r) in &cat.refs {
        if name.starts_with('-') {
            used.extend(r.iter().cloned());
        }
    }
    loop {
        let more: BTreeSet<String> = used
            .iter()
            .filter_map(|u| cat.refs.get(u))
            .flatten()
            .filter(|r| !used.contains(*r))
            .cloned()
            .collect();
        if more.is_empty() {
            break;
        }
        used.extend(more);
    }
    for id in &cat.ids {
        let base = id.strip_suffix("-braille").unwrap_or(id);
        if !used.contains(base) {
            problems.push(format!(
                "{lang}: {id:?} in messages.ftl is never used by the code"
            ));
        }
    }
    problems
}

/// Every language's message file: (language folder, text).
fn message_files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(root().join("assets")).unwrap().flatten() {
        let file = entry.path().join("messages.ftl");
        if file.exists() {
            let lang = entry.file_name().to_string_lossy().into_owned();
            out.push((lang, std::fs::read_to_string(&file).unwrap()));
        }
    }
    out.sort();
    out
}

#[test]
fn every_message_id_is_in_every_language_and_used() {
    let _busy = load::busy();
    let sources = crate_sources(&root().join("src"));
    assert!(
        sources.len() > 50,
        "only {} source files found",
        sources.len()
    );
    let code = scan(&sources);
    assert!(
        code.unresolved.is_empty(),
        "message ids the scan cannot follow (name them as the module doc of \
         tests/it/tidy/messages.rs says):\n{}",
        code.unresolved.join("\n")
    );
    assert!(code.used.len() > 100, "only {} ids found", code.used.len());
    let files = message_files();
    assert!(files.len() >= 3, "{} message files", files.len());
    let mut problems = Vec::new();
    for (lang, text) in &files {
        problems.extend(check(lang, &catalogue(text), &code));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The scan follows every way the code names an id, and reports what it cannot follow.
#[test]
fn the_scan_follows_every_way_of_naming_an_id() {
    let code = r#"
        const ERROR_MESSAGES: [&str; 1] = ["listed"];
        const NAMED: &str = "constant";
        enum Kind { A, B }
        impl Kind {
            fn message_id(&self) -> &'static str {
                match self { Kind::A => "kind-a", Kind::B => "kind-b" }
            }
        }
        fn tell(id: &'static str) -> Message { Message::new(id).arg("x", 1) }
        fn all(k: Kind, sure: bool, m: Message) {
            let _ = Message::new("literal");
            let id = match sure { true => "local-yes", false => "local-no" };
            let _ = Message::new(id);
            let _ = Message::new(if sure { "if-yes" } else { "if-no" });
            let _ = Message::new(k.message_id());
            let _ = tell("passed");
            let render = |id: &'static str| Message::new(id);
            let _ = render("closure");
            let _ = Message::new(NAMED);
            if m.id == "compared" {}
        }
        #[cfg(test)]
        mod tests {
            fn t() { let _ = Message::new("test-only"); }
        }
    "#;
    let sources = vec![Source {
        path: PathBuf::from("x.rs"),
        module: vec!["crate".to_owned()],
        ast: syn::parse_file(code).unwrap(),
    }];
    let found = scan(&sources);
    assert!(found.unresolved.is_empty(), "{:?}", found.unresolved);
    let used: Vec<&str> = found.used.iter().map(String::as_str).collect();
    assert_eq!(
        used,
        [
            "closure",
            "constant",
            "if-no",
            "if-yes",
            "kind-a",
            "kind-b",
            "literal",
            "local-no",
            "local-yes",
            "passed"
        ]
    );
    assert!(found.referred.contains("listed") && found.referred.contains("compared"));
    assert!(!found.used.contains("listed") && !found.referred.contains("test-only"));

    // What the scan cannot follow is reported, not skipped.
    let opaque = "fn f(v: Vec<&'static str>) { let _ = Message::new(v[0]); }";
    let sources = vec![Source {
        path: PathBuf::from("y.rs"),
        module: vec!["crate".to_owned()],
        ast: syn::parse_file(opaque).unwrap(),
    }];
    assert_eq!(scan(&sources).unresolved.len(), 1);
}

/// The check catches an id missing from a language, an unused message and a short form
/// whose message is not used; a message referred to by a used one is used.
#[test]
fn the_check_catches_missing_and_unused_ids() {
    let code = Scan {
        used: ["a", "b"].map(str::to_owned).into(),
        referred: ["a", "b", "c"].map(str::to_owned).into(),
        unresolved: Vec::new(),
    };
    let ftl = "a = A { d }\na-braille = A\nd = D\ne = E\nf-braille = F\n";
    let problems = check("xx", &catalogue(ftl), &code);
    assert_eq!(
        problems,
        [
            "xx: the code names \"b\", not in messages.ftl",
            "xx: the code names \"c\", not in messages.ftl",
            "xx: \"e\" in messages.ftl is never used by the code",
            "xx: \"f-braille\" in messages.ftl is never used by the code",
        ]
    );
}
