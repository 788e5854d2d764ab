//! The import graph among the top-level modules of a module tree (for the tidy tests):
//! module X depends on Y when X's non-test code names a path into Y, in a `use` tree, an
//! expression, a type, a pattern, an attribute or a macro's tokens. The files are read by
//! `sources.rs`, what they name by `names.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::names::{Names, names};
use super::sources::module_tree;

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
/// `#[cfg(test)]` items and the files they declare are left out (`sources.rs`).
pub fn module_graph(dir: &Path, crate_prefix: &str) -> Graph {
    let prefix: Vec<String> = crate_prefix.split("::").map(str::to_owned).collect();
    // The folder's own file: `mod.rs` or `lib.rs` inside it, `main.rs` for a binary, or
    // `NAME.rs` beside the folder `NAME/`.
    let root = ["mod.rs", "lib.rs", "main.rs"]
        .iter()
        .map(|name| dir.join(name))
        .chain(std::iter::once(dir.with_extension("rs")))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!(
                "no mod.rs, lib.rs, main.rs or NAME.rs for {}",
                dir.display()
            )
        });
    let sources = module_tree(&root, dir, crate_prefix);
    let files: Vec<Names> = sources.iter().map(names).collect();
    let mut modules: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
    modules.extend(files.iter().flat_map(|f| f.modules.iter().cloned()));
    let mut graph: Graph = modules
        .iter()
        .filter(|m| m.len() == prefix.len() + 1 && m.starts_with(&prefix))
        .map(|m| (m[prefix.len()].clone(), BTreeSet::new()))
        .collect();
    let tops: BTreeSet<String> = graph.keys().cloned().collect();
    for named in files.iter().flat_map(|f| &f.paths) {
        let Some(own) = named.module.get(prefix.len()) else {
            continue;
        };
        if named.global {
            continue;
        }
        if let Some(top) = top_of(&named.path, &named.module, &prefix, &modules)
            && tops.contains(&top)
            && top != *own
        {
            graph.entry(own.clone()).or_default().insert(top);
        }
    }
    graph
}

/// The top-level module (below `prefix`) that `path`, named in `module`, leads to: a path
/// from `crate`, `self` or `super`, or from a module declared in `module`.
fn top_of(
    path: &[String],
    module: &[String],
    prefix: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> Option<String> {
    let first = path.first()?;
    let absolute: Vec<String> = match first.as_str() {
        "crate" => path.to_vec(),
        "self" => module.iter().chain(&path[1..]).cloned().collect(),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            let keep = module.len().checked_sub(ups)?;
            module[..keep].iter().chain(&path[ups..]).cloned().collect()
        }
        name => {
            let mut child = module.to_vec();
            child.push(name.to_owned());
            if !modules.contains(&child) {
                return None;
            }
            module.iter().chain(path).cloned().collect()
        }
    };
    (absolute.len() > prefix.len() && absolute.starts_with(prefix))
        .then(|| absolute[prefix.len()].clone())
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
