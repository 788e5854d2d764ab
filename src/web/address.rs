//! The page's address as the station says and shows it (issue 31): in words a speech
//! synthesizer reads right — the host's parts joined by the language's word for the dot,
//! then the port ("192 Punkt 168 Punkt 1 Punkt 20, Port 8432"; espeak-ng reads
//! `http://127.0.0.1:8432/` as "ha te te pe", the colon and slashes silent and the port run
//! into the address) — and in full (`http://…/`) on the Braille display.

use crate::core::phrases::{Message, Phrases};

/// The page's address, ready to be said and shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageAddress {
    /// In full, as a browser takes it (`http://192.168.1.20:8432/`).
    pub url: String,
    /// The host in words ("192 Punkt 168 Punkt 1 Punkt 20", "schach Punkt local").
    host: String,
    /// The port, if the address names one.
    port: String,
}

impl PageAddress {
    /// The address `url` (`http://HOST:PORT/`, as the server gives it) in the words of
    /// `phrases`' language.
    pub fn new(url: &str, phrases: &Phrases) -> PageAddress {
        let bare = url.strip_prefix("http://").unwrap_or(url);
        let bare = bare.trim_end_matches('/');
        let (host, port) = match bare.rsplit_once(':') {
            Some((host, port)) if !port.is_empty() && port.chars().all(|c| c.is_ascii_digit()) => {
                (host, port)
            }
            _ => (bare, ""),
        };
        // An IPv6 address stays as it is, without its brackets.
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let dot = phrases.speech(&Message::new("web-address-dot"));
        let words = if host.contains(':') {
            host.to_owned()
        } else {
            host.split('.')
                .filter(|part| !part.is_empty())
                .collect::<Vec<_>>()
                .join(&format!(" {dot} "))
        };
        PageAddress {
            url: url.to_owned(),
            host: words,
            port: port.to_owned(),
        }
    }

    /// `msg` with the address: `host` and `port` in words, `url` in full.
    pub fn args(&self, msg: Message) -> Message {
        msg.arg("host", self.host.clone())
            .arg("port", self.port.clone())
            .arg("url", self.url.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lang::Language;

    /// Each case: (language, the server's address, what is said, what is shown).
    #[test]
    fn the_address_is_said_in_words_and_shown_in_full() {
        let cases = [
            (
                Language::De,
                "http://192.168.1.20:8432/",
                "Adresse: 192 Punkt 168 Punkt 1 Punkt 20, Port 8432.",
                "Adresse: http://192.168.1.20:8432/",
            ),
            (
                Language::Es,
                "http://127.0.0.1:18501/",
                "Dirección: 127 punto 0 punto 0 punto 1, puerto 18501.",
                "Dirección: http://127.0.0.1:18501/",
            ),
            (
                Language::En,
                "http://schach.local:8432/",
                "Address: schach dot local, port 8432.",
                "Address: http://schach.local:8432/",
            ),
            (
                Language::En,
                "http://[::1]:8432/",
                "Address: ::1, port 8432.",
                "Address: http://[::1]:8432/",
            ),
        ];
        for (lang, url, said, shown) in cases {
            let phrases = Phrases::load(lang).unwrap();
            let msg = PageAddress::new(url, &phrases).args(Message::new("web-address"));
            assert_eq!(phrases.speech(&msg), said, "{lang}: {url}");
            assert_eq!(phrases.braille(&msg), shown, "{lang}: {url}");
        }
    }
}
