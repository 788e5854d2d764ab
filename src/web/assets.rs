//! The page's files, embedded in the binary (rust-embed, in debug builds too: feature
//! `debug-embed`, so that every build serves the same files wherever it runs), and its
//! words in the game's language (`assets/<lang>/web.toml` as a flat JSON object).

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value};

use super::request::{App, refuse};
use super::words::Refusal;
use crate::core::lang::Language;

#[derive(rust_embed::Embed)]
#[folder = "assets/web/"]
struct Page;

#[derive(rust_embed::Embed)]
#[folder = "assets/"]
#[include = "*/web.toml"]
struct PageWords;

/// The content type of a file by its name.
fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

fn file(app: &App, path: &str) -> Response {
    match Page::get(path) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            file.data.into_owned(),
        )
            .into_response(),
        None => refuse(&app.hub, Refusal::NotFound, None),
    }
}

/// `GET /`: the page.
pub async fn index(State(app): State<App>) -> Response {
    file(&app, "index.html")
}

/// `GET /assets/PATH`: one of the page's files.
pub async fn asset(State(app): State<App>, Path(path): Path<String>) -> Response {
    file(&app, &path)
}

/// `GET /words.json`.
pub async fn words(State(app): State<App>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        app.words_json.clone(),
    )
        .into_response()
}

/// The page's words in `lang`, flat (`section.key` for a table's keys); `{}` without a
/// file.
pub fn words_json(lang: Language) -> String {
    let table = PageWords::get(&format!("{}/web.toml", lang.code()))
        .and_then(|f| String::from_utf8(f.data.into_owned()).ok())
        .and_then(|text| match toml::from_str::<toml::Table>(&text) {
            Ok(t) => Some(t),
            Err(e) => {
                tracing::error!("web: assets/{}/web.toml: {e}", lang.code());
                None
            }
        })
        .unwrap_or_default();
    let mut flat = Map::new();
    flatten("", &table, &mut flat);
    Value::Object(flat).to_string()
}

fn flatten(prefix: &str, table: &toml::Table, out: &mut Map<String, Value>) {
    for (key, value) in table {
        let name = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            toml::Value::Table(inner) => flatten(&name, inner, out),
            toml::Value::String(s) => {
                out.insert(name, Value::String(s.clone()));
            }
            other => {
                out.insert(name, Value::String(other.to_string()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_table_of_words_is_flat() {
        let table: toml::Table =
            toml::from_str("title = \"Partie\"\n[clock]\nstopped = \"Uhr steht\"\n").unwrap();
        let mut flat = serde_json::Map::new();
        super::flatten("", &table, &mut flat);
        assert_eq!(
            serde_json::Value::Object(flat).to_string(),
            r#"{"clock.stopped":"Uhr steht","title":"Partie"}"#
        );
    }
}
