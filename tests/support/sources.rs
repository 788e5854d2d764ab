//! The crate's non-test source files, parsed with `syn`: module by module from the crate's
//! roots (`src/lib.rs`, `src/main.rs`, `src/bin/…`), leaving out `#[cfg(test)]` modules.

use std::path::{Path, PathBuf};

use syn::{Expr, Lit};

/// Whether attributes mark test-only code: `#[test]` or `#[cfg(test)]`.
pub fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg")
                && a.parse_args::<syn::Meta>()
                    .is_ok_and(|m| m.path().is_ident("test")))
    })
}

/// One parsed file of the crate.
pub struct Source {
    /// Where it is.
    pub path: PathBuf,
    /// Its syntax tree.
    pub ast: syn::File,
}

/// Parses `file` and, following its `mod x;` items (not `#[cfg(test)]` ones), every file
/// below it; `dir` is where its child modules live.
fn load_tree(file: &Path, dir: &Path, out: &mut Vec<Source>) {
    if out.iter().any(|s| s.path == file) {
        return;
    }
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let here = file.parent().unwrap().to_owned();
    out.push(Source {
        path: file.to_owned(),
        ast: ast.clone(),
    });
    load_mods(&ast.items, &here, dir, out);
}

fn load_mods(items: &[syn::Item], here: &Path, dir: &Path, out: &mut Vec<Source>) {
    for item in items {
        let syn::Item::Mod(m) = item else { continue };
        if test_only(&m.attrs) {
            continue;
        }
        let name = m.ident.to_string();
        if let Some((_, inner)) = &m.content {
            load_mods(inner, here, &dir.join(&name), out);
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
        load_tree(&file, &dir.join(&name), out);
    }
}

/// Every non-test source file of the crate's library and binaries.
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
            load_tree(&file, &dir, &mut out);
        }
    }
    out
}
