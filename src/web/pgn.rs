//! `GET /game.pgn`: the live PGN with `[%clk]` (`Session::pgn`, as the records are
//! written), read-only, for a broadcast that polls a PGN address.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::request::App;

/// `GET /game.pgn`.
pub async fn game(State(app): State<App>) -> Response {
    let published = app.hub.published();
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        published.pgn.to_string(),
    )
        .into_response()
}
