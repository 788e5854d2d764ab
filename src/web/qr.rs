//! The invite's QR code, as SVG (no image crates).

use qrcode::QrCode;
use qrcode::render::svg;

/// `text` as a QR code in SVG; `None` if it is too long for one.
pub fn svg(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(200, 200)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_address_becomes_an_svg() {
        let svg = super::svg("http://192.168.1.20:8432/#code=123456").unwrap_or_default();
        assert!(svg.starts_with("<?xml") && svg.contains("<svg"), "{svg}");
    }
}
