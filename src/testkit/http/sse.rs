//! The page's event stream as a page's `EventSource` reads it (Server-Sent Events): the
//! pieces of a chunked body and the event blocks in them, the same for the blocking and
//! the async client.

/// An event: its fields (`event`, `id`, `retry`, `data`).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Event {
    /// `event:`.
    pub event: String,
    /// `id:`.
    pub id: String,
    /// `retry:`.
    pub retry: String,
    /// `data:`.
    pub data: String,
}

/// The next event with data in `pending` (the stream's text read so far), taken out of
/// it; blocks without data (keep-alive comments) are dropped. `None`: no whole event yet.
pub fn take_event(pending: &mut String) -> Option<Event> {
    while let Some(end) = pending.find("\n\n") {
        let block: String = pending.drain(..end + 2).collect();
        let mut event = Event::default();
        for line in block.lines() {
            if let Some((field, value)) = line.split_once(':') {
                let value = value.strip_prefix(' ').unwrap_or(value).to_owned();
                match field {
                    "event" => event.event = value,
                    "id" => event.id = value,
                    "retry" => event.retry = value,
                    "data" => event.data = value,
                    _ => {}
                }
            }
        }
        if !event.data.is_empty() {
            return Some(event);
        }
    }
    None
}

/// The size in a chunk's size line (`1a\r\n`), if it is one.
pub fn chunk_size(line: &str) -> Option<usize> {
    usize::from_str_radix(line.trim(), 16).ok()
}

/// The status in an answer's status line (`HTTP/1.1 200 OK`), 0 if there is none.
pub fn status(line: &str) -> u16 {
    line.split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// A header line's name (in lower case) and value.
pub fn header_line(line: &str) -> Option<(String, String)> {
    let (n, v) = line.trim_end().split_once(':')?;
    Some((n.trim().to_ascii_lowercase(), v.trim().to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_taken_whole_and_keep_alives_dropped() {
        let mut pending =
            String::from(": keep-alive\n\nevent: state\nid: 7\ndata: {\"a\":1}\n\nda");
        let e = take_event(&mut pending);
        assert_eq!(
            e,
            Some(Event {
                event: "state".into(),
                id: "7".into(),
                retry: String::new(),
                data: "{\"a\":1}".into(),
            })
        );
        assert_eq!(take_event(&mut pending), None);
        assert_eq!(pending, "da");
        assert_eq!(chunk_size("1a\r\n"), Some(26));
        assert_eq!(chunk_size("x"), None);
        assert_eq!(status("HTTP/1.1 403 Forbidden"), 403);
        assert_eq!(status(""), 0);
        assert_eq!(
            header_line("Set-Cookie: a=b\r\n"),
            Some(("set-cookie".into(), "a=b".into()))
        );
    }
}
