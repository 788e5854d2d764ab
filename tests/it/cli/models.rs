//! `ansage models install` and `list` against a fake publisher on 127.0.0.1 (never the
//! internet): archives made here, served whole, cut off, of the wrong size or checksum, and
//! a disk that fills up (a real one: a 1 MB tmpfs in a mount namespace of its own).

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use ansage::models::{Archive, InstallError, Installed, Progress, Request};
use sha2::{Digest, Sha256};

use crate::support::proc;

/// The limit for one `ansage models` command: a 47 MB archive over loopback and its
/// unpacking take a few seconds in a debug build.
const LIMIT: Duration = Duration::from_secs(180);

/// What the fake publisher does with a request.
#[derive(Clone)]
enum Serve {
    /// The whole archive.
    Whole(Arc<Vec<u8>>),
    /// Announces the whole archive, sends this many bytes of it, and closes.
    Cut(Arc<Vec<u8>>, usize),
}

/// A fake publisher on 127.0.0.1: its base address, and how many requests it had.
fn publisher(serve: Serve) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/vosk/models", listener.local_addr().unwrap());
    let count = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&count);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            counted.fetch_add(1, Ordering::SeqCst);
            // The request's head (a GET has no body).
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                head.push(byte[0]);
            }
            let (body, send) = match &serve {
                Serve::Whole(b) => (b, b.len()),
                Serve::Cut(b, n) => (b, *n),
            };
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nContent-Type: application/zip\r\n\
                 Connection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(&body[..send]);
            let _ = stream.flush();
        }
    });
    (url, count)
}

/// A zip archive of a model's layout (`NAME/am/final.mdl`, `conf/model.conf`,
/// `graph/HCLr.fst`), padded with a stored file to exactly `size` bytes when given.
fn model_zip(name: &str, size: Option<usize>) -> Vec<u8> {
    use zip::write::SimpleFileOptions;
    let build = |pad: usize| {
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let stored = SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored)
            .last_modified_time(zip::DateTime::default());
        for (file, text) in [
            ("am/final.mdl", "acoustic model"),
            ("conf/model.conf", "--sample-frequency=16000\n"),
            ("graph/HCLr.fst", "graph"),
        ] {
            w.start_file(format!("{name}/{file}"), stored).unwrap();
            w.write_all(text.as_bytes()).unwrap();
        }
        w.start_file(format!("{name}/README"), stored).unwrap();
        w.write_all(&vec![b'.'; pad]).unwrap();
        w.finish().unwrap().into_inner()
    };
    let bare = build(0);
    match size {
        None => bare,
        Some(size) => {
            let zip = build(size - bare.len());
            assert_eq!(zip.len(), size);
            zip
        }
    }
}

/// The archive of `lang`'s model as the catalogue knows it (its size), made here.
fn catalogue_zip(lang: ansage::core::lang::Language) -> Arc<Vec<u8>> {
    static DE: OnceLock<Arc<Vec<u8>>> = OnceLock::new();
    let spec = ansage::models::spec(lang);
    let make = || Arc::new(model_zip(spec.name, Some(spec.size as usize)));
    match lang {
        ansage::core::lang::Language::De => Arc::clone(DE.get_or_init(make)),
        _ => make(),
    }
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ansage-models-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// `ansage models ARGS` with its data folder (and current folder) in `data`, speech off,
/// the publisher at `url`; (success, stdout, stderr).
fn ansage_models(data: &Path, url: &str, args: &[&str], wrap: &[&str]) -> (bool, String, String) {
    let bin = env!("CARGO_BIN_EXE_ansage");
    let mut cmd = match wrap.split_first() {
        Some((first, rest)) => {
            let mut c = Command::new(first);
            c.args(rest).arg(bin);
            c
        }
        None => Command::new(bin),
    };
    cmd.arg("models")
        .args(args)
        .args(["--set", &format!("models.url=\"{url}\"")])
        .args(["--set", "speech.enabled=false"])
        // Not the clone's root: its models/ must not count.
        .current_dir(data)
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("no-config"))
        .env("RUST_BACKTRACE", "0");
    let out = proc::run(&mut cmd, LIMIT);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A whole archive: a line at every tenth, then unpacked, checked and in place, nothing
/// else left in the folder; installed again, nothing is downloaded.
#[test]
fn a_whole_archive_is_installed_with_a_line_at_every_tenth() {
    let dir = tmp("whole");
    let zip = model_zip("vosk-model-test", Some(200_000));
    let archive = Archive {
        name: "vosk-model-test".into(),
        size: zip.len() as u64,
        sha256: Some(hex(&Sha256::digest(&zip))),
    };
    let (url, requests) = publisher(Serve::Whole(Arc::new(zip)));
    let request = Request {
        archive: &archive,
        base_url: &url,
        dir: &dir,
        loads: &|_| Ok(()),
    };
    let mut seen = Vec::new();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let got = runtime
        .block_on(ansage::models::install(&request, &mut |p| seen.push(p)))
        .unwrap();
    let target = dir.join("vosk-model-test");
    assert_eq!(got, Installed::New(target.clone()));
    let percents: Vec<u8> = seen
        .iter()
        .filter_map(|p| match p {
            Progress::Downloading { percent } => Some(*percent),
            _ => None,
        })
        .collect();
    assert_eq!(percents, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    assert!(
        matches!(&seen[0], Progress::Started { url: u, size: 200_000 } if u.ends_with("/vosk-model-test.zip"))
    );
    assert_eq!(seen.last(), Some(&Progress::Unpacking));
    assert!(target.join("am/final.mdl").is_file());
    assert!(ansage::models::structure(&target).is_ok());
    assert_eq!(names(&dir), ["vosk-model-test"]);
    let again = runtime
        .block_on(ansage::models::install(&request, &mut |_| {}))
        .unwrap();
    assert_eq!(again, Installed::Already(target));
    assert_eq!(requests.load(Ordering::SeqCst), 1);
}

/// A checksum that is not the archive's: refused, nothing installed, nothing left.
#[test]
fn a_wrong_checksum_installs_nothing() {
    let dir = tmp("checksum");
    let zip = model_zip("vosk-model-test", None);
    let archive = Archive {
        name: "vosk-model-test".into(),
        size: zip.len() as u64,
        sha256: Some("0".repeat(64)),
    };
    let (url, _) = publisher(Serve::Whole(Arc::new(zip)));
    let request = Request {
        archive: &archive,
        base_url: &url,
        dir: &dir,
        loads: &|_| Ok(()),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let err = runtime
        .block_on(ansage::models::install(&request, &mut |_| {}))
        .unwrap_err();
    assert!(matches!(err, InstallError::Checksum { .. }), "{err}");
    assert_eq!(names(&dir), Vec::<String>::new());
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The English model's archive (its SHA-256 is known) with other bytes of the same size:
/// the command says the checksum does not match and installs nothing.
#[test]
fn the_command_refuses_an_archive_whose_checksum_is_not_the_model_s() {
    let data = tmp("en-checksum");
    let (url, _) = publisher(Serve::Whole(catalogue_zip(
        ansage::core::lang::Language::En,
    )));
    let (ok, out, err) = ansage_models(&data, &url, &["install", "en"], &[]);
    assert!(!ok, "{out}{err}");
    assert!(out.contains("10 percent downloaded."), "{out}");
    assert!(
        out.contains("The archive's checksum does not match: it is damaged or another one."),
        "{out}"
    );
    assert_eq!(names(&data.join("ansage/models")), Vec::<String>::new());
}

/// The connection cut at a third: the download failed, in words, with what to do; nothing
/// installed and nothing left behind.
#[test]
fn a_cut_connection_says_so_and_leaves_nothing() {
    let data = tmp("cut");
    let zip = catalogue_zip(ansage::core::lang::Language::De);
    let third = zip.len() / 3;
    let (url, _) = publisher(Serve::Cut(zip, third));
    let (ok, out, err) = ansage_models(&data, &url, &["install", "de"], &[]);
    assert!(!ok, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("Lade vosk-model-small-de-0.15, 47 MB, von http://127.0.0.1:"),
        "{out}"
    );
    assert!(lines.contains(&"30 Prozent geladen."), "{out}");
    assert!(!lines.contains(&"40 Prozent geladen."), "{out}");
    let last = lines.last().unwrap();
    assert!(last.starts_with("Der Download ist gescheitert: "), "{out}");
    assert!(
        last.ends_with("Internetverbindung prüfen und den Befehl noch einmal geben. Es wurde nichts installiert."),
        "{out}"
    );
    assert_eq!(names(&data.join("ansage/models")), Vec::<String>::new());
}

/// An archive of another size than the model's: refused before it is downloaded.
#[test]
fn an_archive_of_the_wrong_size_is_refused() {
    let data = tmp("size");
    let (url, _) = publisher(Serve::Whole(Arc::new(model_zip(
        "vosk-model-small-es-0.42",
        None,
    ))));
    let (ok, out, err) = ansage_models(&data, &url, &["install", "es"], &[]);
    assert!(!ok, "{out}{err}");
    assert!(out.contains("El archivo tiene "), "{out}");
    assert!(out.contains(" bytes en lugar de 39817833"), "{out}");
    assert!(!out.contains("por ciento"), "{out}");
    assert_eq!(names(&data.join("ansage/models")), Vec::<String>::new());
}

/// The whole German archive: ten lines of progress, then, built with vosk, vosk refuses
/// the made-up model (nothing installed); built without, the structure check takes it and
/// `models list` says where it is.
#[test]
fn the_whole_german_archive_is_checked_and_vosk_decides() {
    let data = tmp("de-whole");
    let (url, _) = publisher(Serve::Whole(catalogue_zip(
        ansage::core::lang::Language::De,
    )));
    let (ok, out, err) = ansage_models(&data, &url, &["install", "de"], &[]);
    let progress: Vec<&str> = out
        .lines()
        .filter(|l| l.ends_with("Prozent geladen."))
        .collect();
    assert_eq!(progress.len(), 10, "{out}");
    assert!(
        out.contains("Geladen. Entpacke und prüfe das Modell."),
        "{out}"
    );
    let models = data.join("ansage/models");
    if cfg!(feature = "vosk") {
        assert!(!ok, "{out}{err}");
        assert!(
            out.contains("Das entpackte Archiv ist kein Modell, das vosk lädt: "),
            "{out}"
        );
        assert_eq!(names(&models), Vec::<String>::new());
    } else {
        assert!(ok, "{out}{err}");
        assert!(
            out.contains("Fertig: vosk-model-small-de-0.15 ist installiert in "),
            "{out}"
        );
        assert_eq!(names(&models), ["vosk-model-small-de-0.15"]);
        let (_, list, _) = ansage_models(&data, &url, &["list", "--lang", "en"], &[]);
        assert!(list.contains("de: vosk-model-small-de-0.15 in "), "{list}");
    }
}

/// The data folder on a 1 MB file system of its own: the disk is full, said in words with
/// what to do, and nothing is left on it.
#[test]
fn a_full_disk_says_so_and_leaves_nothing() {
    let data = tmp("full");
    std::fs::create_dir_all(data.join("ansage")).unwrap();
    // A mount namespace of its own: as root directly, else as a user namespace's root.
    let unshare: &[&str] = if rustix::process::getuid().is_root() {
        &["unshare", "-m"]
    } else {
        &["unshare", "-rm"]
    };
    let probe = Command::new(unshare[0])
        .args(&unshare[1..])
        .args([
            "sh",
            "-c",
            "mount -t tmpfs -o size=1m none \"$0\"",
            &data.display().to_string(),
        ])
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        // CI's fresh root is a chroot, whose `/` is no mount point: `unshare -m` cannot
        // make the mounts private there (and `--propagation unchanged` would leak the
        // small file system into the machine's own mounts). The test runs wherever a
        // private mount namespace can be made (the developers' machines).
        eprintln!("skipped: no private mount namespace for a small file system here (unshare)");
        return;
    }
    let (url, _) = publisher(Serve::Whole(catalogue_zip(
        ansage::core::lang::Language::En,
    )));
    // The command on the small file system; then, still inside, what it left there.
    let script = "mount -t tmpfs -o size=1m none \"$XDG_DATA_HOME/ansage\" || exit 9; \
                  \"$@\"; rc=$?; echo \"left: $(ls -A \"$XDG_DATA_HOME/ansage/models\")\"; exit $rc";
    let mut wrap: Vec<&str> = unshare.to_vec();
    wrap.extend(["sh", "-c", script, "sh"]);
    let (ok, out, err) = ansage_models(&data, &url, &["install", "en"], &wrap);
    assert!(!ok, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 2, "{out}{err}");
    let said = lines[lines.len() - 2];
    assert!(
        said.starts_with("No space left on the disk of "),
        "{out}{err}"
    );
    assert!(
        said.ends_with("The model needs about 126 MB; make room and give the command again. Nothing was installed."),
        "{out}"
    );
    assert_eq!(lines[lines.len() - 1], "left: ", "{out}");
}

/// `models list` names each language's model: where an installed one is, and the command
/// for a missing one; the station's own lookup, in the data folder.
#[test]
fn models_list_says_which_are_there_and_how_to_install_the_others() {
    let data = tmp("list");
    let es = data.join("ansage/models/vosk-model-small-es-0.42");
    for (file, text) in [
        ("am/final.mdl", "a"),
        ("conf/model.conf", "c"),
        ("graph/HCLr.fst", "g"),
    ] {
        std::fs::create_dir_all(es.join(file).parent().unwrap()).unwrap();
        std::fs::write(es.join(file), text).unwrap();
    }
    let (ok, out, err) = ansage_models(&data, "http://127.0.0.1:9", &["list", "--lang", "en"], &[]);
    assert!(ok, "{out}{err}");
    assert_eq!(
        out,
        format!(
            "de: vosk-model-small-de-0.15 is missing. To install it: ansage models install de\n\
             es: vosk-model-small-es-0.42 in {}.\n\
             en: vosk-model-small-en-us-0.15 is missing. To install it: ansage models install en\n",
            es.display()
        )
    );
}
