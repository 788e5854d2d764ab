//! ARCHITECTURE.md (Code map): `adapter`, `config` and `secret` are leaves the adapters share: they
//! name the pure core and nothing else of the crate, so that every adapter may use them
//! and none of them pulls an adapter in.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::support::module_graph::{Graph, module_graph};

/// The modules that are leaves, and the only modules they may name.
const LEAVES: [&str; 3] = ["adapter", "config", "secret"];
const BELOW_LEAVES: [&str; 1] = ["core"];

/// Where a leaf names more than the core, as `leaf -> module`.
fn strays(graph: &Graph) -> Vec<String> {
    let allowed: BTreeSet<&str> = BELOW_LEAVES.into_iter().collect();
    LEAVES
        .iter()
        .flat_map(|leaf| {
            graph
                .get(*leaf)
                .into_iter()
                .flatten()
                .filter(|dep| !allowed.contains(dep.as_str()))
                .map(move |dep| format!("{leaf} -> {dep}"))
        })
        .collect()
}

#[test]
fn adapter_config_and_secret_are_leaves() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = module_graph(&src, "crate");
    for leaf in LEAVES {
        assert!(graph.contains_key(leaf), "no module {leaf}: {graph:?}");
    }
    assert!(
        graph
            .get("config")
            .is_some_and(|deps| deps.contains("core")),
        "the crate's import graph was not read: {graph:?}"
    );
    let strays = strays(&graph);
    assert!(
        strays.is_empty(),
        "a leaf names an adapter (move the shared item into the leaf): {strays:?}"
    );
}

/// The scan names a leaf's import of an adapter and leaves the core alone.
#[test]
fn the_leaf_scan_catches_an_adapter_import() {
    let mut graph = Graph::new();
    graph.insert(
        "config".into(),
        ["core".to_owned(), "online".to_owned()].into(),
    );
    graph.insert("adapter".into(), ["core".to_owned()].into());
    graph.insert("online".into(), ["config".to_owned()].into());
    assert_eq!(strays(&graph), ["config -> online"]);
}
