//! Links libvosk when the `vosk` feature is on.
//!
//! libvosk is not packaged by Debian: `.ci/setup.sh` takes `vosk/libvosk.so` out of the
//! PyPI wheel `vosk==0.3.45` into `$XDG_CACHE_HOME/ansage/vosk-0.3.45` (or `VOSK_LIB_DIR`).
//! The binary gets an rpath to that directory, so it finds the library at run time
//! without `LD_LIBRARY_PATH`. Without the feature nothing is linked.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=VOSK_LIB_DIR");
    println!("cargo:rerun-if-env-changed=XDG_CACHE_HOME");
    println!("cargo:rerun-if-env-changed=HOME");
    if std::env::var_os("CARGO_FEATURE_VOSK").is_none() {
        return;
    }
    let dir = match std::env::var_os("VOSK_LIB_DIR") {
        Some(d) => PathBuf::from(d),
        None => {
            let cache = std::env::var_os("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
                .unwrap_or_else(|| PathBuf::from(".cache"));
            cache.join("ansage").join("vosk-0.3.45")
        }
    };
    let lib = dir.join("libvosk.so");
    if !lib.is_file() {
        panic!(
            "the `vosk` feature needs libvosk.so, not found at {}: run `bash .ci/setup.sh` \
             (it takes it from the PyPI wheel vosk==0.3.45), or set VOSK_LIB_DIR to the \
             directory that holds it",
            lib.display()
        );
    }
    println!("cargo:rerun-if-changed={}", lib.display());
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    // `ansage doctor` says which libvosk the program was linked with.
    println!("cargo:rustc-env=ANSAGE_VOSK_LIB={}", lib.display());
}
