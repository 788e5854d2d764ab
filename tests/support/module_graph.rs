//! The import graph among the top-level modules of a module tree, read with `syn` (for the
//! tidy tests): module X depends on Y when X's non-test code names a path into Y, in a `use`
//! tree, an expression, a type, a pattern or a macro's tokens.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::buffer::{Cursor, TokenBuffer};
use syn::visit::{self, Visit};
use syn::{Attribute, ImplItem, Item, ItemMod, UseTree};

/// Which top-level module depends on which (self-edges left out).
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// The import cycles among the top-level modules of the module tree rooted at `dir` (its
/// `mod.rs` or `lib.rs` declares them), whose path in the crate is `crate_prefix`
/// (`"crate"` for `src/`, `"crate::core"` for `src/core/`): each strongly connected group
/// of more than one module, its names sorted; the groups sorted.
pub fn module_cycles(dir: &Path, crate_prefix: &str) -> Vec<Vec<String>> {
    strongly_connected(&module_graph(dir, crate_prefix))
        .into_iter()
        .filter(|group| group.len() > 1)
        .collect()
}

/// The dependencies among the top-level modules of the module tree rooted at `dir` (see
/// [`module_cycles`]). Every top-level module is a key, with no dependencies if it has none.
/// `#[cfg(test)]` items and the files they declare are left out.
pub fn module_graph(dir: &Path, crate_prefix: &str) -> Graph {
    let prefix: Vec<String> = crate_prefix.split("::").map(str::to_owned).collect();
    let root = ["mod.rs", "lib.rs"]
        .iter()
        .map(|name| dir.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("no mod.rs or lib.rs in {}", dir.display()));
    let root_file = parse(&root);
    let mut graph = Graph::new();
    let mut queue = Vec::new();
    for item in &root_file.items {
        if let Item::Mod(m) = item
            && !is_test(&m.attrs)
        {
            let name = m.ident.to_string();
            graph.insert(name.clone(), BTreeSet::new());
            if m.content.is_none() {
                let mut path = prefix.clone();
                path.push(name.clone());
                queue.push((child_file(dir, &name), path, dir.join(&name)));
            }
        }
    }
    let tops: BTreeSet<String> = graph.keys().cloned().collect();
    while let Some((file, module, child_dir)) = queue.pop() {
        let ast = parse(&file);
        let mut reader = Reader {
            prefix: &prefix,
            tops: &tops,
            module: module.clone(),
            children: vec![mod_names(&ast.items)],
            targets: BTreeSet::new(),
            files: Vec::new(),
            dir: child_dir,
        };
        reader.visit_file(&ast);
        let own = module[prefix.len()].clone();
        let deps = graph.entry(own.clone()).or_default();
        deps.extend(reader.targets.into_iter().filter(|t| *t != own));
        queue.extend(reader.files);
    }
    graph
}

/// The strongly connected components of a graph (Tarjan), each sorted, in sorted order.
pub fn strongly_connected(graph: &Graph) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        groups: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    group.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                group.sort();
                self.groups.push(group);
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        groups: Vec::new(),
    };
    for v in graph.keys() {
        if !tarjan.index.contains_key(v.as_str()) {
            tarjan.visit(v);
        }
    }
    let mut groups = tarjan.groups;
    groups.sort();
    groups
}

fn parse(file: &Path) -> syn::File {
    let text = std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
    syn::parse_file(&text).unwrap_or_else(|e| panic!("cannot parse {}: {e}", file.display()))
}

/// The file of module `name` declared by a module whose children live in `dir`.
fn child_file(dir: &Path, name: &str) -> PathBuf {
    let flat = dir.join(format!("{name}.rs"));
    if flat.is_file() {
        flat
    } else {
        dir.join(name).join("mod.rs")
    }
}

/// Whether an item is compiled only for tests (`#[cfg(test)]`).
fn is_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|arg| arg == "test")
    })
}

fn item_attrs(item: &Item) -> &[Attribute] {
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

fn impl_item_attrs(item: &ImplItem) -> &[Attribute] {
    match item {
        ImplItem::Const(i) => &i.attrs,
        ImplItem::Fn(i) => &i.attrs,
        ImplItem::Type(i) => &i.attrs,
        ImplItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

/// The modules declared by these items (so that a bare path `child::x` resolves).
fn mod_names(items: &[Item]) -> BTreeSet<String> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::Mod(m) if !is_test(&m.attrs) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// Reads one file: the top-level modules its paths lead to, and the files it declares.
struct Reader<'a> {
    prefix: &'a [String],
    tops: &'a BTreeSet<String>,
    /// The path of the module being read, from `crate`.
    module: Vec<String>,
    /// The modules declared in the module being read (innermost last).
    children: Vec<BTreeSet<String>>,
    targets: BTreeSet<String>,
    /// Files of the modules declared here: (file, module path, directory of its children).
    files: Vec<(PathBuf, Vec<String>, PathBuf)>,
    /// Where the files of modules declared in the module being read live.
    dir: PathBuf,
}

impl Reader<'_> {
    /// Notes the top-level module a path names, if it names one.
    fn path(&mut self, segments: &[String]) {
        let Some(first) = segments.first() else {
            return;
        };
        let absolute: Vec<String> = match first.as_str() {
            "crate" => segments.to_vec(),
            "self" => self.module.iter().chain(&segments[1..]).cloned().collect(),
            "super" => {
                let ups = segments.iter().take_while(|s| *s == "super").count();
                let Some(keep) = self.module.len().checked_sub(ups) else {
                    return;
                };
                self.module[..keep]
                    .iter()
                    .chain(&segments[ups..])
                    .cloned()
                    .collect()
            }
            name if self.children.last().is_some_and(|c| c.contains(name)) => {
                self.module.iter().chain(segments).cloned().collect()
            }
            _ => return,
        };
        if absolute.len() > self.prefix.len() && absolute.starts_with(self.prefix) {
            let top = &absolute[self.prefix.len()];
            if self.tops.contains(top) {
                self.targets.insert(top.clone());
            }
        }
    }

    fn use_tree(&mut self, tree: &UseTree, stem: &mut Vec<String>) {
        match tree {
            UseTree::Path(p) => {
                stem.push(p.ident.to_string());
                self.use_tree(&p.tree, stem);
                stem.pop();
            }
            UseTree::Name(n) => self.with_last(stem, n.ident.to_string()),
            UseTree::Rename(r) => self.with_last(stem, r.ident.to_string()),
            UseTree::Glob(_) => self.path(&stem.clone()),
            UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(tree, stem);
                }
            }
        }
    }

    fn with_last(&mut self, stem: &[String], last: String) {
        let mut path = stem.to_vec();
        path.push(last);
        self.path(&path);
    }

    /// Paths in a macro's tokens (`a::b::c` sequences, in every group).
    fn tokens(&mut self, mut cursor: Cursor<'_>) {
        let mut path: Vec<String> = Vec::new();
        while !cursor.eof() {
            if let Some((ident, next)) = cursor.ident() {
                path.push(ident.to_string());
                match double_colon(next) {
                    Some(after) => cursor = after,
                    None => {
                        self.path(&std::mem::take(&mut path));
                        cursor = next;
                    }
                }
                continue;
            }
            self.path(&std::mem::take(&mut path));
            if let Some((inside, _, _, after)) = cursor.any_group() {
                self.tokens(inside);
                cursor = after;
            } else if let Some((_, next)) = cursor.token_tree() {
                cursor = next;
            } else {
                break;
            }
        }
        self.path(&path);
    }
}

/// The cursor after `::`, if it points at one.
fn double_colon(cursor: Cursor<'_>) -> Option<Cursor<'_>> {
    let (first, next) = cursor.punct()?;
    let (second, after) = next.punct()?;
    (first.as_char() == ':' && second.as_char() == ':').then_some(after)
}

impl<'ast> Visit<'ast> for Reader<'_> {
    fn visit_item(&mut self, item: &'ast Item) {
        if !is_test(item_attrs(item)) {
            visit::visit_item(self, item);
        }
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        if !is_test(impl_item_attrs(item)) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, m: &'ast ItemMod) {
        let name = m.ident.to_string();
        let mut module = self.module.clone();
        module.push(name.clone());
        match &m.content {
            None => self
                .files
                .push((child_file(&self.dir, &name), module, self.dir.join(&name))),
            Some((_, items)) => {
                let outer = std::mem::replace(&mut self.module, module);
                let outer_dir = self.dir.join(&name);
                let outer_dir = std::mem::replace(&mut self.dir, outer_dir);
                self.children.push(mod_names(items));
                for item in items {
                    self.visit_item(item);
                }
                self.children.pop();
                self.dir = outer_dir;
                self.module = outer;
            }
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        if u.leading_colon.is_none() {
            self.use_tree(&u.tree, &mut Vec::new());
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.path(&segments);
        }
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let buffer = TokenBuffer::new2(mac.tokens.clone());
        self.tokens(buffer.begin());
        visit::visit_macro(self, mac);
    }
}
