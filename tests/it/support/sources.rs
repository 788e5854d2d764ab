//! The crate's non-test source files, parsed with `syn`: module by module from a root file
//! (`src/lib.rs`, `src/main.rs`, `src/bin/…`, or a module's `mod.rs`), following `mod x;`
//! items to their files and leaving out `#[cfg(test)]` modules. Each file knows the path
//! of its module in the crate, so that `self::`, `super::` and child paths can be resolved.
//!
//! The one reader of the crate's modules for the tidy tests (`tidy/code.rs`: purity,
//! import cycles, `unwrap`, words) and the message-id test (`tidy/messages.rs`); what a
//! file's code names is read by `names.rs`.

use std::path::{Path, PathBuf};

use syn::{Expr, ImplItem, Item, Lit, TraitItem};

/// Whether attributes mark test-only code: `#[test]` or `#[cfg(test)]`.
pub fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg")
                && a.parse_args::<syn::Meta>()
                    .is_ok_and(|m| m.path().is_ident("test")))
    })
}

/// The attributes of an item (none for verbatim tokens).
pub fn item_attrs(item: &Item) -> &[syn::Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// The attributes of an item of an `impl` block.
pub fn impl_item_attrs(item: &ImplItem) -> &[syn::Attribute] {
    match item {
        ImplItem::Const(i) => &i.attrs,
        ImplItem::Fn(i) => &i.attrs,
        ImplItem::Type(i) => &i.attrs,
        ImplItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

/// The attributes of an item of a trait.
pub fn trait_item_attrs(item: &TraitItem) -> &[syn::Attribute] {
    match item {
        TraitItem::Const(i) => &i.attrs,
        TraitItem::Fn(i) => &i.attrs,
        TraitItem::Type(i) => &i.attrs,
        TraitItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

/// One parsed file of the crate.
pub struct Source {
    /// Where it is.
    pub path: PathBuf,
    /// The path of its module in the crate (`["crate", "core", "clock"]`).
    pub module: Vec<String>,
    /// Its syntax tree.
    pub ast: syn::File,
}

impl Source {
    /// Whether the file's module is `prefix` or inside it.
    pub fn is_in(&self, prefix: &[&str]) -> bool {
        self.module.len() >= prefix.len() && self.module.iter().zip(prefix).all(|(m, p)| m == p)
    }
}

/// Parses `file`, the module `module`, and, following its `mod x;` items (not
/// `#[cfg(test)]` ones), every file below it; `dir` is where its child modules live.
fn load_tree(file: &Path, dir: &Path, module: Vec<String>, out: &mut Vec<Source>) {
    if out.iter().any(|s| s.path == file) {
        return;
    }
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let here = file.parent().unwrap().to_owned();
    out.push(Source {
        path: file.to_owned(),
        module: module.clone(),
        ast: ast.clone(),
    });
    load_mods(&ast.items, &here, dir, &module, out);
}

fn load_mods(items: &[Item], here: &Path, dir: &Path, module: &[String], out: &mut Vec<Source>) {
    for item in items {
        let Item::Mod(m) = item else { continue };
        if test_only(&m.attrs) {
            continue;
        }
        let name = m.ident.to_string();
        let mut child = module.to_vec();
        child.push(name.clone());
        if let Some((_, inner)) = &m.content {
            load_mods(inner, here, &dir.join(&name), &child, out);
            continue;
        }
        let by_attr = m.attrs.iter().find_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
                Expr::Lit(syn::ExprLit {
                    lit: Lit::Str(s), ..
                }) => Some(here.join(s.value())),
                _ => None,
            },
            _ => None,
        });
        let file = by_attr.unwrap_or_else(|| {
            let flat = dir.join(format!("{name}.rs"));
            if flat.exists() {
                flat
            } else {
                dir.join(&name).join("mod.rs")
            }
        });
        load_tree(&file, &dir.join(&name), child, out);
    }
}

/// Every non-test file of the module tree whose root file is `root` (its child modules in
/// `dir`), the root being the module `module` (`"crate"`, `"crate::core"`); the root first.
pub fn module_tree(root: &Path, dir: &Path, module: &str) -> Vec<Source> {
    let mut out = Vec::new();
    let module = module.split("::").map(str::to_owned).collect();
    load_tree(root, dir, module, &mut out);
    out
}

/// Every non-test source file of the crate's library and binaries (each binary is a crate
/// of its own: its files' modules start at `crate` too).
pub fn crate_sources(src: &Path) -> Vec<Source> {
    let mut roots = vec![
        (src.join("lib.rs"), src.to_owned()),
        (src.join("main.rs"), src.to_owned()),
    ];
    if let Ok(bins) = std::fs::read_dir(src.join("bin")) {
        for entry in bins.flatten() {
            let p = entry.path();
            if p.extension().is_some_and(|e| e == "rs") {
                let dir = p.with_extension("");
                roots.push((p, dir));
            } else if p.join("main.rs").exists() {
                roots.push((p.join("main.rs"), p));
            }
        }
    }
    let mut out = Vec::new();
    for (file, dir) in roots {
        if file.exists() {
            load_tree(&file, &dir, vec!["crate".to_owned()], &mut out);
        }
    }
    out
}
