//! What a file's non-test code names, read with `syn` (the files come from `sources.rs`):
//! every path, with `use` trees expanded into full paths (`use std::{fs, io::Write}` names
//! `std::fs` and `std::io::Write`; `use std::io as x` names `std::io`); every path in an
//! expression, a type, a pattern, an attribute or a macro's tokens, with what a `use` of
//! its module makes of its first segment; every macro invocation; every method call; every
//! string literal. Items marked `#[cfg(test)]` or `#[test]` are left out, with everything
//! in them.

use std::collections::BTreeMap;

use proc_macro2::{Delimiter, Span, TokenStream};
use syn::buffer::{Cursor, TokenBuffer};
use syn::visit::{self, Visit};
use syn::{ImplItem, Item, ItemMod, TraitItem, UseTree};

use super::sources::{Source, impl_item_attrs, item_attrs, test_only, trait_item_attrs};

/// A path the code names.
#[derive(Clone, Debug, PartialEq)]
pub struct Named {
    /// The module it is named in, from `crate` (inline modules included).
    pub module: Vec<String>,
    /// The path as written, `::` left off (a `use` tree: one of its full paths).
    pub path: Vec<String>,
    /// Whether it began with `::` (an external crate).
    pub global: bool,
    /// Whether it comes from a `use` tree.
    pub in_use: bool,
    /// The full paths it may stand for: itself, or with its first segment replaced by the
    /// path a `use` of its module binds that name to; for a name a glob may bring in, each
    /// glob's stem before it too (`use std::time::*` makes `Instant` `std::time::Instant`).
    pub meanings: Vec<Vec<String>>,
    /// Its line (from 1).
    pub line: usize,
}

/// A macro invocation (`println!(…)`, also inside another macro's tokens).
#[derive(Clone, Debug)]
pub struct MacroCall {
    /// The macro's path (`["println"]`, `["std", "println"]`).
    pub path: Vec<String>,
    /// Its first token, if it is a string literal (`include_bytes!("/etc/x")`).
    pub first_literal: Option<String>,
    /// Its line (from 1).
    pub line: usize,
}

/// A method call (`x.unwrap()`, also inside a macro's tokens).
#[derive(Clone, Debug)]
pub struct MethodCall {
    /// The method's name.
    pub name: String,
    /// How many arguments it is given.
    pub args: usize,
    /// Its line (from 1).
    pub line: usize,
}

/// Everything a file's non-test code names.
#[derive(Debug, Default)]
pub struct Names {
    /// Every path.
    pub paths: Vec<Named>,
    /// Every macro invocation.
    pub macros: Vec<MacroCall>,
    /// Every method call.
    pub methods: Vec<MethodCall>,
    /// Every string literal (doc comments left out), with its line.
    pub literals: Vec<(String, usize)>,
    /// Every module declared in the file, inline or in a file of its own.
    pub modules: Vec<Vec<String>>,
}

/// What `source`'s non-test code names.
pub fn names(source: &Source) -> Names {
    let mut reader = Reader {
        module: source.module.clone(),
        scopes: vec![Scope::of(&source.ast.items)],
        out: Names::default(),
    };
    reader.visit_file(&source.ast);
    reader.out
}

/// The full paths of a `use` tree, with whether each is a glob (`a::b::*` gives `a::b`).
pub fn use_paths(tree: &UseTree) -> Vec<(Vec<String>, Option<String>, bool)> {
    fn walk(
        tree: &UseTree,
        stem: &mut Vec<String>,
        out: &mut Vec<(Vec<String>, Option<String>, bool)>,
    ) {
        match tree {
            UseTree::Path(p) => {
                stem.push(p.ident.to_string());
                walk(&p.tree, stem, out);
                stem.pop();
            }
            UseTree::Name(n) if n.ident == "self" => {
                let bound = stem.last().cloned();
                out.push((stem.clone(), bound, false));
            }
            UseTree::Name(n) => {
                let mut path = stem.clone();
                path.push(n.ident.to_string());
                out.push((path, Some(n.ident.to_string()), false));
            }
            UseTree::Rename(r) => {
                let mut path = stem.clone();
                if r.ident != "self" {
                    path.push(r.ident.to_string());
                }
                out.push((path, Some(r.rename.to_string()), false));
            }
            UseTree::Glob(_) => out.push((stem.clone(), None, true)),
            UseTree::Group(g) => {
                for tree in &g.items {
                    walk(tree, stem, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(tree, &mut Vec::new(), &mut out);
    out
}

/// The names the `use` items of one module bind, and its globs.
#[derive(Default)]
struct Scope {
    /// Name → the full path it stands for.
    aliases: BTreeMap<String, Vec<String>>,
    /// The stems of `use …::*`.
    globs: Vec<Vec<String>>,
}

impl Scope {
    /// The scope of a module's items: its `use` items (in function bodies too), each path's
    /// first segment resolved through the others (`use std::io; use io::Write;`).
    fn of(items: &[Item]) -> Scope {
        struct Uses<'a>(Vec<&'a syn::ItemUse>);
        impl<'ast> Visit<'ast> for Uses<'ast> {
            fn visit_item(&mut self, item: &'ast Item) {
                if !test_only(item_attrs(item)) {
                    visit::visit_item(self, item);
                }
            }
            fn visit_item_mod(&mut self, _: &'ast ItemMod) {}
            fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
                self.0.push(u);
            }
        }
        let mut uses = Uses(Vec::new());
        for item in items {
            uses.visit_item(item);
        }
        let mut scope = Scope::default();
        for u in uses.0 {
            for (path, bound, glob) in use_paths(&u.tree) {
                match bound {
                    Some(name) if !glob && name != "_" => {
                        scope.aliases.insert(name, path);
                    }
                    _ if glob => scope.globs.push(path),
                    _ => {}
                }
            }
        }
        for _ in 0..scope.aliases.len() {
            let before = scope.aliases.clone();
            for path in scope.aliases.values_mut().chain(&mut scope.globs) {
                if let Some(first) = path.first()
                    && let Some(target) = before.get(first).filter(|t| t.first() != Some(first))
                {
                    *path = target.iter().chain(&path[1..]).cloned().collect();
                }
            }
        }
        scope
    }

    /// What `path` (not global) may stand for in this scope.
    fn meanings(&self, path: &[String]) -> Vec<Vec<String>> {
        let Some(first) = path.first() else {
            return Vec::new();
        };
        if let Some(target) = self.aliases.get(first) {
            return vec![target.iter().chain(&path[1..]).cloned().collect()];
        }
        let mut out = vec![path.to_vec()];
        if !["crate", "self", "super", "Self"].contains(&first.as_str()) {
            for stem in &self.globs {
                out.push(stem.iter().chain(path).cloned().collect());
            }
        }
        out
    }
}

/// Reads one file.
struct Reader {
    /// The path of the module being read, from `crate`.
    module: Vec<String>,
    /// The scopes of the module being read and those around it (innermost last).
    scopes: Vec<Scope>,
    out: Names,
}

fn line(span: Span) -> usize {
    span.start().line
}

impl Reader {
    fn path(&mut self, path: Vec<String>, global: bool, in_use: bool, line: usize) {
        if path.is_empty() {
            return;
        }
        let meanings = if global {
            vec![path.clone()]
        } else {
            self.scopes
                .last()
                .map_or_else(|| vec![path.clone()], |s| s.meanings(&path))
        };
        self.out.paths.push(Named {
            module: self.module.clone(),
            path,
            global,
            in_use,
            meanings,
            line,
        });
    }

    /// Paths (`a::b::c`), macro invocations (`m!(…)`), method calls (`.m(…)`) and string
    /// literals in a macro's or an attribute's tokens, in every group.
    fn tokens(&mut self, mut cursor: Cursor<'_>) {
        let mut path: Vec<String> = Vec::new();
        let mut global = false;
        let mut start = 0;
        let mut after_dot = false;
        while !cursor.eof() {
            if let Some((ident, next)) = cursor.ident() {
                if path.is_empty() {
                    start = line(ident.span());
                }
                path.push(ident.to_string());
                if let Some(after) = double_colon(next) {
                    cursor = after;
                    continue;
                }
                let taken = std::mem::take(&mut path);
                cursor = self.path_end(taken, (global, after_dot), start, next);
                global = false;
                after_dot = false;
                continue;
            }
            self.path(std::mem::take(&mut path), global, false, start);
            global = false;
            after_dot = false;
            if let Some(after) = double_colon(cursor) {
                global = true;
                cursor = after;
            } else if let Some((inside, _, _, after)) = cursor.any_group() {
                self.tokens(inside);
                cursor = after;
            } else if let Some((lit, next)) = cursor.literal() {
                if let syn::Lit::Str(s) = syn::Lit::new(lit.clone()) {
                    self.out.literals.push((s.value(), line(lit.span())));
                }
                cursor = next;
            } else if let Some((p, next)) = cursor.punct() {
                after_dot = p.as_char() == '.';
                cursor = next;
            } else if let Some((_, next)) = cursor.token_tree() {
                cursor = next;
            } else {
                break;
            }
        }
        self.path(path, global, false, start);
    }

    /// A path in tokens, on line `start`, `next` pointing after it: a macro invocation
    /// (`m!(…)`), a method call (after a `.`: `.m(…)`) or a plain path (after `::` if
    /// `global`). Returns where the tokens go on.
    fn path_end<'c>(
        &mut self,
        path: Vec<String>,
        (global, after_dot): (bool, bool),
        start: usize,
        next: Cursor<'c>,
    ) -> Cursor<'c> {
        if let Some((bang, after_bang)) = next.punct().filter(|(p, _)| p.as_char() == '!')
            && let Some((inside, _, _, after)) = after_bang.any_group()
        {
            self.out.macros.push(MacroCall {
                path: path.clone(),
                first_literal: first_literal(inside),
                line: line(bang.span()),
            });
            self.path(path, global, false, start);
            self.tokens(inside);
            return after;
        }
        if after_dot
            && let [name] = path.as_slice()
            && let Some((inside, Delimiter::Parenthesis, _, after)) = next.any_group()
        {
            self.out.methods.push(MethodCall {
                name: name.clone(),
                args: arguments(inside.token_stream()),
                line: start,
            });
            self.tokens(inside);
            return after;
        }
        self.path(path, global, false, start);
        next
    }
}

/// The string literal tokens begin with, if they do.
fn first_literal(cursor: Cursor<'_>) -> Option<String> {
    match syn::Lit::new(cursor.literal()?.0) {
        syn::Lit::Str(s) => Some(s.value()),
        _ => None,
    }
}

/// How many comma-separated arguments a call's tokens hold.
fn arguments(tokens: TokenStream) -> usize {
    let mut count = 0;
    let mut pending = false;
    for tree in tokens {
        match tree {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ',' => {
                count += usize::from(pending);
                pending = false;
            }
            _ => pending = true,
        }
    }
    count + usize::from(pending)
}

/// The cursor after `::`, if it points at one.
fn double_colon(cursor: Cursor<'_>) -> Option<Cursor<'_>> {
    let (first, next) = cursor.punct()?;
    let (second, after) = next.punct()?;
    (first.as_char() == ':' && second.as_char() == ':').then_some(after)
}

impl<'ast> Visit<'ast> for Reader {
    fn visit_item(&mut self, item: &'ast Item) {
        if !test_only(item_attrs(item)) {
            visit::visit_item(self, item);
        }
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        if !test_only(impl_item_attrs(item)) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast TraitItem) {
        if !test_only(trait_item_attrs(item)) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, m: &'ast ItemMod) {
        for attr in &m.attrs {
            self.visit_attribute(attr);
        }
        let mut module = self.module.clone();
        module.push(m.ident.to_string());
        self.out.modules.push(module.clone());
        if let Some((_, items)) = &m.content {
            let outer = std::mem::replace(&mut self.module, module);
            self.scopes.push(Scope::of(items));
            for item in items {
                self.visit_item(item);
            }
            self.scopes.pop();
            self.module = outer;
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        for attr in &u.attrs {
            self.visit_attribute(attr);
        }
        let global = u.leading_colon.is_some();
        let at = line(u.use_token.span);
        for (path, _, _) in use_paths(&u.tree) {
            self.path(path, global, true, at);
        }
    }

    fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
        self.path(vec![e.ident.to_string()], true, true, line(e.ident.span()));
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let at = path.segments.first().map_or(0, |s| line(s.ident.span()));
        self.path(segments, path.leading_colon.is_some(), false, at);
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let path: Vec<String> = mac
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let buffer = TokenBuffer::new2(mac.tokens.clone());
        self.out.macros.push(MacroCall {
            path,
            first_literal: first_literal(buffer.begin()),
            line: mac
                .path
                .segments
                .first()
                .map_or(0, |s| line(s.ident.span())),
        });
        self.tokens(buffer.begin());
        visit::visit_macro(self, mac);
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if attr.path().is_ident("doc") {
            return;
        }
        if let syn::Meta::List(list) = &attr.meta {
            let buffer = TokenBuffer::new2(list.tokens.clone());
            self.tokens(buffer.begin());
        }
        visit::visit_attribute(self, attr);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.out.methods.push(MethodCall {
            name: call.method.to_string(),
            args: call.args.len(),
            line: line(call.method.span()),
        });
        visit::visit_expr_method_call(self, call);
    }

    fn visit_lit_str(&mut self, lit: &'ast syn::LitStr) {
        self.out.literals.push((lit.value(), line(lit.span())));
    }
}
