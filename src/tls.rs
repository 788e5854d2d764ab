//! The station's one TLS set-up for its HTTPS clients (online play and `ansage models
//! install`): rustls with the aws-lc-rs provider, named rather than left to rustls's choice
//! (with two providers in the tree, rustls picks no default: fantoccini, in the tests and
//! the benchmarks, brings aws-lc-rs too), and the Mozilla roots compiled in
//! (webpki-roots): no OpenSSL and no system package.

/// A client configuration for reqwest's `use_preconfigured_tls`.
pub fn client_config() -> Result<rustls::ClientConfig, rustls::Error> {
    let provider = std::sync::Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    Ok(rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_root_certificates(roots)
        .with_no_client_auth())
}
