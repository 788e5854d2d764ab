//! The web page's port (`web.listen`): whether the station could listen there, and if
//! not, which program holds it (from `/proc/net/tcp*` and the processes' sockets; a
//! program of another user shows as "another program").

use std::net::ToSocketAddrs;

use crate::adapter::DeviceStatus;
use crate::config::Settings;
use crate::core::phrases::Message;

const DEVICE: &str = "web page";

/// The check of `web.listen`.
pub fn check(settings: &Settings) -> DeviceStatus {
    let listen = settings.web.listen.clone();
    let Some(addr) = listen.to_socket_addrs().ok().and_then(|mut a| a.next()) else {
        return DeviceStatus::absent(DEVICE, format!("{listen:?}: no address"))
            .said(Message::new("device-web-bad-address").arg("listen", listen))
            .todo(Message::new("device-web-bad-address-todo"));
    };
    match std::net::TcpListener::bind(addr) {
        Ok(_) => DeviceStatus::present(DEVICE, format!("{addr} free"))
            .said(Message::new("device-web-free").arg("listen", listen)),
        Err(e) => {
            let holder = holder(addr.port());
            let said = match &holder {
                Some(h) => Message::new("device-web-taken")
                    .arg("listen", listen)
                    .arg("holder", h.clone()),
                None => Message::new("device-web-taken-unknown").arg("listen", listen),
            };
            DeviceStatus::absent(DEVICE, format!("{addr}: {e}; held by {holder:?}"))
                .said(said)
                .todo(Message::new("device-web-taken-todo"))
        }
    }
}

/// The sockets listening on `port` in a `/proc/net/tcp` table: their inodes.
pub fn listening_inodes(table: &str, port: u16) -> Vec<u64> {
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let local = fields.get(1)?;
            let (_, hex) = local.rsplit_once(':')?;
            let listening = fields.get(3) == Some(&"0A");
            (listening && u16::from_str_radix(hex, 16).ok()? == port)
                .then(|| fields.get(9)?.parse().ok())
                .flatten()
        })
        .collect()
}

/// The program listening on `port`: `NAME (PID)`, if this user may see it.
fn holder(port: u16) -> Option<String> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        if let Ok(text) = std::fs::read_to_string(table) {
            inodes.extend(listening_inodes(&text, port));
        }
    }
    let wanted: Vec<String> = inodes.iter().map(|i| format!("socket:[{i}]")).collect();
    for proc_dir in std::fs::read_dir("/proc").ok()?.flatten() {
        let pid = proc_dir.file_name().to_string_lossy().into_owned();
        if !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(fds) = std::fs::read_dir(proc_dir.path().join("fd")) else {
            continue;
        };
        let holds = fds.flatten().any(|fd| {
            std::fs::read_link(fd.path())
                .is_ok_and(|target| wanted.iter().any(|w| target.as_os_str() == w.as_str()))
        });
        if holds {
            let comm = std::fs::read_to_string(proc_dir.path().join("comm")).unwrap_or_default();
            return Some(format!("{} ({pid})", comm.trim()));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_listening_sockets_of_a_port_are_found() {
        let table = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n   \
0: 0100007F:20F0 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4242 1 0000000000000000 100 0 0 10 0\n   \
1: 0100007F:20F0 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000        0 4343 1 0000000000000000 20 4 30 10 -1\n   \
2: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 99 1 0000000000000000 100 0 0 10 0\n";
        assert_eq!(super::listening_inodes(table, 8432), vec![4242]);
        assert_eq!(super::listening_inodes(table, 22), vec![99]);
        assert!(super::listening_inodes(table, 80).is_empty());
    }
}
