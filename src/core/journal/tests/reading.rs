//! The reader: frames, damage cut off with its reason, the two orders.

use super::*;

#[test]
fn frames_carry_crc_and_length() {
    // The CRC-32 check value of "123456789".
    assert_eq!(frame("123456789"), "cbf43926 9 123456789\n");
    assert_eq!(read_frame(b"cbf43926 9 123456789\n"), Ok(("123456789", 21)));
    let umlaut = frame("@1.000 white type Läufer");
    assert!(umlaut.starts_with(&format!(
        "{:08x} 25 ",
        crc32fast::hash("@1.000 white type Läufer".as_bytes())
    )));
    assert_eq!(frame("a\nb"), frame("a b"));
}

/// Cut at every byte: everything before the cut record is kept, the rest is reported.
#[test]
fn truncated_at_every_offset() {
    let text = sample();
    let bytes = text.as_bytes();
    let ends = ends(&text);
    for cut in 0..=bytes.len() {
        let got = read(&bytes[..cut]);
        let whole = ends.iter().take_while(|&&e| e <= cut).count();
        let good = if whole == 0 { 0 } else { ends[whole - 1] };
        assert_eq!(got.records.len(), whole, "cut {cut}");
        assert_eq!(got.good_len, good, "cut {cut}");
        let want = (cut > good).then(|| Damage {
            offset: good,
            record: whole + 1,
            dropped: cut - good,
            kind: DamageKind::Torn,
        });
        assert_eq!(got.damage, want, "cut {cut}");
    }
}

/// A flipped byte anywhere in a record: the records before it are kept, it and all after
/// it dropped.
#[test]
fn a_flipped_byte_in_each_record() {
    let text = sample();
    let ends = ends(&text);
    let mut start = 0;
    for (n, &end) in ends.iter().enumerate() {
        for at in start..end {
            for mask in [0x01u8, 0x20, 0x80] {
                let mut bytes = text.clone().into_bytes();
                bytes[at] ^= mask;
                let got = read(&bytes);
                assert_eq!(
                    got.records.len(),
                    n,
                    "record {} byte {at} ^{mask:#x}",
                    n + 1
                );
                let damage = got.damage.unwrap();
                assert_eq!(
                    (damage.offset, damage.record, damage.dropped),
                    (start, n + 1, text.len() - start),
                    "byte {at} ^{mask:#x}"
                );
                let last_newline = at == text.len() - 1;
                let ok = match damage.kind {
                    DamageKind::Torn => last_newline,
                    DamageKind::Frame | DamageKind::Length | DamageKind::Checksum => true,
                    _ => false,
                };
                assert!(ok, "byte {at} ^{mask:#x}: {:?}", damage.kind);
            }
        }
        start = end;
    }
}

#[test]
fn appended_garbage_is_cut_off_with_its_reason() {
    let text = sample();
    let n = ends(&text).len();
    let early = frame("@1.000 tick");
    let second_setup = frame("@7.000 arbiter setup lang=en");
    let bad_record = frame("@7.000 knight say e4");
    let long = format!("00000000 {} x\n", MAX_PAYLOAD + 1);
    let cases: [(&[u8], DamageKind); 9] = [
        (b"hello world\n", DamageKind::Frame),
        (b"\x00\xff\xfe garbage without an end", DamageKind::Torn),
        (b"00000000 5 hello\n", DamageKind::Checksum),
        (b"0000000g 5 hello\n", DamageKind::Frame),
        (b"3610a686 5 hello and more\n", DamageKind::Length),
        (early.as_bytes(), DamageKind::TimeBackwards),
        (second_setup.as_bytes(), DamageKind::NoSetup),
        (bad_record.as_bytes(), DamageKind::Record(String::new())),
        (long.as_bytes(), DamageKind::Frame),
    ];
    for (garbage, kind) in cases {
        let mut bytes = text.clone().into_bytes();
        bytes.extend_from_slice(garbage);
        let got = read(&bytes);
        assert_eq!(got.records.len(), n);
        assert_eq!(got.good_len, text.len());
        let damage = got.damage.unwrap();
        assert_eq!(damage.offset, text.len());
        assert_eq!(damage.record, n + 1);
        assert_eq!(damage.dropped, garbage.len());
        match (&damage.kind, &kind) {
            (DamageKind::Record(detail), DamageKind::Record(_)) => {
                assert!(detail.contains("unknown actor"), "{detail}");
            }
            _ => assert_eq!(damage.kind, kind, "{garbage:?}"),
        }
    }
    // Invalid UTF-8 under a correct checksum.
    let payload = b"@7.000 white type \xff";
    let mut bytes = text.clone().into_bytes();
    bytes.extend_from_slice(
        format!("{:08x} {} ", crc32fast::hash(payload), payload.len()).as_bytes(),
    );
    bytes.extend_from_slice(payload);
    bytes.push(b'\n');
    assert_eq!(read(&bytes).damage.unwrap().kind, DamageKind::NotUtf8);
}

#[test]
fn empty_and_header_only() {
    let empty = read(b"");
    assert_eq!(empty.records, vec![]);
    assert_eq!(empty.damage, None);
    assert!(matches!(replay(&empty), Err(ReplayError::NoSetup)));

    let config = parse(SAMPLE).unwrap().setup;
    let head = header(&config).unwrap();
    let got = read(head.as_bytes());
    assert_eq!(got.records, vec![Record::Setup(Box::new(config))]);
    assert_eq!(got.damage, None);
    let replayed = replay(&got).unwrap();
    assert_eq!(replayed.last, Timestamp::ZERO);
    assert!(replayed.session.history().is_empty());
    assert_eq!(last_move_text(&replayed.session), None);

    // A journal that does not start with its setup keeps nothing.
    let tick = tick_record(Timestamp::ZERO);
    let got = read(tick.as_bytes());
    assert_eq!(got.records, vec![]);
    assert_eq!(
        got.damage,
        Some(Damage {
            offset: 0,
            record: 1,
            dropped: tick.len(),
            kind: DamageKind::NoSetup
        })
    );
}

/// The heartbeat writes from a task of its own: a tick may stand before an input (or
/// a check) with an earlier instant. Ticks keep their order among themselves, the other
/// records theirs; either out of order is damage.
#[test]
fn ticks_and_the_other_records_each_keep_their_own_order() {
    let text = sample();
    let n = ends(&text).len();
    // The sample ends with `@6.000 black type Sc6`, its check, `@6.100 tick`.
    let cases: [(&str, &[&str], Option<usize>); 4] = [
        (
            "a tick ahead of the input after it",
            &["@7.000 tick", "@6.500 white say Springer Gustav eins"],
            None,
        ),
        ("a tick behind a tick", &["@6.050 tick"], Some(n + 1)),
        (
            "an input behind an input",
            &["@5.500 white say ja"],
            Some(n + 1),
        ),
        (
            "an input behind an input, a tick between",
            &["@9.000 tick", "@5.500 white say ja"],
            Some(n + 2),
        ),
    ];
    for (what, payloads, damaged_at) in cases {
        let appended: String = payloads.iter().map(|p| frame(p)).collect();
        let got = read(format!("{text}{appended}").as_bytes());
        let kinds = got.damage.as_ref().map(|d| (d.record, d.kind.clone()));
        assert_eq!(
            kinds,
            damaged_at.map(|r| (r, DamageKind::TimeBackwards)),
            "{what}"
        );
    }
}
