//! The accessibility side of a browser page (`support/page.rs`): axe-core's WCAG check,
//! the live regions as chromium's accessibility tree has them (DevTools
//! `Accessibility.getFullAXTree`), the controls' sizes and screenshots.

use std::path::Path;
use std::time::Instant;

use base64::Engine as _;
use serde_json::{Value, json};

use super::browser::WAIT;
use super::page::Page;

/// A control's size on the page.
#[derive(Clone, Debug)]
pub struct ControlBox {
    /// What it is: its tag, id, `data-sq`, name or text (for messages).
    pub what: String,
    pub width: f64,
    pub height: f64,
}

/// A live region as the browser's accessibility tree has it.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveRegion {
    /// Its role (`status`, `log`, `alert`, `generic`…).
    pub role: String,
    /// `polite` or `assertive`.
    pub live: String,
    pub atomic: bool,
    /// Its text: the names of the text nodes under it, in order, joined by spaces.
    pub text: String,
}

impl Page {
    /// Runs axe-core (`tests/web/vendor/axe-core/axe.min.js`, injected if the page has none
    /// yet) for WCAG 2.1 A and AA; returns the violations (`id`, `help`, the nodes' targets).
    pub fn axe(&self) -> Vec<Value> {
        let loaded = self.js("return typeof window.axe !== 'undefined';", vec![]);
        if loaded != Value::Bool(true) {
            let path =
                Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web/vendor/axe-core/axe.min.js");
            let source = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            // Evaluated through DevTools in the page's global scope (axe.min.js sets
            // `window.axe`): the page's Content-Security-Policy allows no inline script,
            // so a script element with its text would not run.
            self.cdp(
                "Runtime.evaluate",
                json!({"expression": source, "returnByValue": true}),
            );
        }
        let result = self.js_async(
            "const done = arguments[arguments.length - 1]; \
             axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}) \
               .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, \
                 nodes: v.nodes.map(n => ({target: n.target, html: n.html.slice(0, 200), \
                   summary: n.failureSummary}))})))) \
               .catch(e => done({error: String(e)}));",
            vec![],
        );
        match result {
            Value::Array(violations) => violations,
            other => panic!("axe-core failed: {other}"),
        }
    }

    /// The live regions of the page as the accessibility tree has them (CDP
    /// `Accessibility.getFullAXTree`): each node with a `live` property other than `off`,
    /// and the text under it.
    pub fn ax_live_regions(&self) -> Vec<LiveRegion> {
        self.cdp("Accessibility.enable", json!({}));
        let tree = self.cdp("Accessibility.getFullAXTree", json!({}));
        live_regions(&tree)
    }

    /// The text of the live region `selector` as the accessibility tree has it.
    #[track_caller]
    pub fn ax_live_text(&self, selector: &str) -> String {
        self.cdp("Accessibility.enable", json!({}));
        self.cdp("DOM.enable", json!({}));
        let doc = self.cdp("DOM.getDocument", json!({"depth": 0}));
        let root = doc["root"]["nodeId"].clone();
        let node = self.cdp(
            "DOM.querySelector",
            json!({"nodeId": root, "selector": selector}),
        );
        let node_id = node["nodeId"].as_i64().unwrap_or_default();
        assert!(node_id != 0, "no element {selector} in the page");
        let described = self.cdp("DOM.describeNode", json!({"nodeId": node_id}));
        let backend = described["node"]["backendNodeId"].clone();
        let tree = self.cdp("Accessibility.getFullAXTree", json!({}));
        let nodes = tree["nodes"].as_array().cloned().unwrap_or_default();
        let region = nodes
            .iter()
            .find(|n| n["backendDOMNodeId"] == backend)
            .unwrap_or_else(|| panic!("{selector} is not in the accessibility tree"));
        text_under(&nodes, region)
    }

    /// Waits until the text of the live region `selector`, as the accessibility tree has
    /// it, `matches`; returns it. `what` names it in the failure.
    #[track_caller]
    pub fn wait_ax_live_text(
        &self,
        selector: &str,
        what: &str,
        matches: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let text = self.ax_live_text(selector);
            if matches(&text) {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "{selector} does not say {what} after {WAIT:?}; it says {text:?}"
            );
            self.pause();
        }
    }

    /// The size of every visible control in the document: buttons, links, inputs, selects,
    /// text areas, summaries and elements with a button-like role or a tab stop.
    pub fn control_boxes(&self) -> Vec<ControlBox> {
        self.bounding_boxes(
            "button, a[href], input:not([type=hidden]), select, textarea, summary, \
             [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], \
             [role=menuitem], [tabindex]:not([tabindex='-1'])",
        )
    }

    /// The size (`getBoundingClientRect`) of every element matching `selector` that is
    /// rendered (not `display: none`, not zero-sized).
    pub fn bounding_boxes(&self, selector: &str) -> Vec<ControlBox> {
        let found = self.js(
            "return [...document.querySelectorAll(arguments[0])]\
             .filter(e => e.getClientRects().length > 0)\
             .map(e => { const r = e.getBoundingClientRect(); \
               return {what: e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') \
                 + (e.dataset.sq ? '[' + e.dataset.sq + ']' : '') + ' ' \
                 + (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40), \
                 width: r.width, height: r.height}; })\
             .filter(b => b.width > 0 && b.height > 0);",
            vec![json!(selector)],
        );
        found
            .as_array()
            .map(|boxes| {
                boxes
                    .iter()
                    .map(|b| ControlBox {
                        what: b["what"].as_str().unwrap_or_default().to_owned(),
                        width: b["width"].as_f64().unwrap_or_default(),
                        height: b["height"].as_f64().unwrap_or_default(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Writes a PNG of the whole page (beyond the viewport) to `path`.
    pub fn screenshot(&self, path: &Path) {
        let metrics = self.cdp("Page.getLayoutMetrics", json!({}));
        let size = &metrics["cssContentSize"];
        let width = size["width"].as_f64().unwrap_or(800.0).ceil();
        let height = size["height"].as_f64().unwrap_or(600.0).ceil();
        let shot = self.cdp(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true,
                   "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}}),
        );
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap_or_default())
            .expect("a base64 PNG from Page.captureScreenshot");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// The live regions of an `Accessibility.getFullAXTree` answer: the nodes whose `live`
/// property is not `off`, less those inside another one (they carry the region's `live`).
fn live_regions(tree: &Value) -> Vec<LiveRegion> {
    let nodes = tree["nodes"].as_array().cloned().unwrap_or_default();
    let live: Vec<&Value> = nodes
        .iter()
        .filter(|n| {
            property(n, "live")
                .and_then(|v| v.as_str().map(str::to_owned))
                .is_some_and(|v| v != "off")
        })
        .collect();
    let inner: Vec<Value> = live.iter().flat_map(|n| descendants(&nodes, n)).collect();
    live.into_iter()
        .filter(|n| !inner.contains(&n["nodeId"]))
        .map(|n| LiveRegion {
            role: n["role"]["value"].as_str().unwrap_or_default().to_owned(),
            live: property(n, "live")
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            atomic: property(n, "atomic").and_then(|v| v.as_bool()) == Some(true),
            text: text_under(&nodes, n),
        })
        .collect()
}

/// The node IDs of every node under `node`.
fn descendants(nodes: &[Value], node: &Value) -> Vec<Value> {
    let mut found = Vec::new();
    let mut stack: Vec<Value> = node["childIds"].as_array().cloned().unwrap_or_default();
    while let Some(id) = stack.pop() {
        if let Some(n) = nodes.iter().find(|n| n["nodeId"] == id) {
            stack.extend(n["childIds"].as_array().cloned().unwrap_or_default());
        }
        found.push(id);
    }
    found
}

/// An AX node's property `name` (`live`, `atomic`…), its value.
fn property(node: &Value, name: &str) -> Option<Value> {
    node["properties"]
        .as_array()?
        .iter()
        .find(|p| p["name"] == name)
        .map(|p| p["value"]["value"].clone())
}

/// The text under an AX node: the names of its `StaticText` descendants, in order, joined
/// by spaces.
fn text_under(nodes: &[Value], node: &Value) -> String {
    let by_id = |id: &Value| nodes.iter().find(|n| &n["nodeId"] == id);
    let mut words = Vec::new();
    let mut stack: Vec<&Value> = vec![node];
    while let Some(n) = stack.pop() {
        if n["role"]["value"] == "StaticText" {
            // Text hidden from assistive technology is in the tree as ignored.
            if n["ignored"] == true {
                continue;
            }
            if let Some(name) = n["name"]["value"].as_str() {
                words.push(name.trim().to_owned());
            }
            continue;
        }
        let children: Vec<&Value> = n["childIds"]
            .as_array()
            .map(|ids| ids.iter().filter_map(by_id).collect())
            .unwrap_or_default();
        stack.extend(children.into_iter().rev());
    }
    words
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
