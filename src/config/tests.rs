use expect_test::{Expect, expect};

use super::*;

fn file(text: &str) -> Result<Settings, SettingsError> {
    let mut layers = Layers::new();
    layers.file(text, "config.toml")?;
    let settings = layers.settings()?;
    settings.to_setup()?;
    Ok(settings)
}

fn check_error(text: &str, expected: &Expect) {
    match file(text) {
        Ok(s) => panic!("{text:?} was accepted: {s:?}"),
        Err(e) => expected.assert_eq(&e.to_string()),
    }
}

#[test]
fn bad_files_name_the_line_and_the_key() {
    let cases: &[(&str, Expect)] = &[
        (
            "[game]\nlang = \"de\"\nvi = \"purple\"\n",
            expect![[r#"config.toml:3: game.vi: "purple": expected white, black, both or none"#]],
        ),
        (
            "[game]\nlnag = \"de\"\n",
            expect![
                "config.toml:2: game.lnag: unknown field `lnag`, expected one of `lang`, `vi`, `assistant`, `arbiter`, `confirm`, `confirm_sighted`, `tc`, `tc_white`, `tc_black`, `fen`, `chess960`, `white`, `black`, `event`, `site`, `date`, `round`, `braille_input`, `online`, `engine`, `level`; did you mean `lang`?"
            ],
        ),
        (
            "[announce]\nreminders = \"sometimes\"\n",
            expect![[r#"config.toml:2: announce.reminders: "sometimes": expected on or off"#]],
        ),
        (
            "[sound]\nrate = 2\n",
            expect![
                "config.toml:1: sound: unknown field `sound`, expected one of `game`, `input`, `announce`, `eboard`, `speech`, `braille`, `voice`, `journal`, `web`, `online`, `models`, `engine`"
            ],
        ),
        (
            "[game]\ntc = \"90 minutes\"\n",
            expect![[
                r#"config.toml:2: game.tc: "90 minutes": "90 minutes" is not a time control: a PGN time control has only digits, '.', '+', '/', ':' and the delay markers d b"#
            ]],
        ),
        (
            "[game]\nconfirm = \"window:abc\"\n",
            expect![[
                r#"config.toml:2: game.confirm: "window:abc": expected explicit or window:SECONDS"#
            ]],
        ),
        (
            "[speech]\nrate = \"fast\"\n",
            expect![[r#"config.toml:2: speech.rate: invalid type: string "fast", expected f32"#]],
        ),
        (
            "[input]\nwhite = \"telepathy\"\n",
            expect![
                "config.toml:2: input.white: unknown variant `telepathy`, expected one of `voice`, `braille`, `console`, `eboard`"
            ],
        ),
        (
            "[game]\nlang = \"de\"\nlang = \"es\"\n",
            expect!["config.toml:3: game.lang: duplicate key"],
        ),
        (
            "[game\nlang = \"de\"\n",
            expect!["config.toml:1: game: unclosed table, expected `]`"],
        ),
        (
            "[announce]\nlow_time = \"2 minutes\"\n",
            expect![[
                r#"config.toml:2: announce.low_time: "2 minutes": expected m:ss readings separated by commas, or off"#
            ]],
        ),
        (
            "[voice]\ntail_ms = -5\n",
            expect!["config.toml:2: voice.tail_ms: invalid value: integer `-5`, expected u32"],
        ),
        (
            "[game]\nchess960 = 1000\n",
            expect![[
                r#"config.toml:2: game.chess960: "1000": Chess960 positions are numbered 0 to 959, not 1000"#
            ]],
        ),
        (
            "[game]\nfen = \"8/8/8/8/8/8/8/8 w - - 0 1\"\n",
            expect![[
                r#"config.toml:2: game.fen: "8/8/8/8/8/8/8/8 w - - 0 1": invalid FEN "8/8/8/8/8/8/8/8 w - - 0 1": illegal position: empty board, missing king"#
            ]],
        ),
        (
            "[game]\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\nchess960 = 5\n",
            expect!["game.fen and game.chess960 exclude each other"],
        ),
        (
            "[journal]\nenabled = 1\n",
            expect![
                "config.toml:2: journal.enabled: invalid type: integer `1`, expected true or false (on or off)"
            ],
        ),
        (
            "lang = \"de\"\n",
            expect![
                "config.toml:1: lang: unknown field `lang`, expected one of `game`, `input`, `announce`, `eboard`, `speech`, `braille`, `voice`, `journal`, `web`, `online`, `models`, `engine`"
            ],
        ),
        (
            "[game]\nassistant = \"maybe\"\n",
            expect![[r#"config.toml:2: game.assistant: "maybe": expected on or off"#]],
        ),
    ];
    for (text, expected) in cases {
        check_error(text, expected);
    }
}

fn settings(layers: &[&str]) -> Settings {
    let mut l = Layers::new();
    for layer in layers {
        match layer.strip_prefix("--set ") {
            Some(assignment) => l.set(assignment),
            None => l.file(layer, "config.toml"),
        }
        .unwrap_or_else(|e| panic!("{layer:?}: {e}"));
    }
    l.settings().unwrap_or_else(|e| panic!("{layers:?}: {e}"))
}

/// The settings' game equals the configuration of the script setup line.
fn same_as_script(s: &Settings, setup: &str) {
    let script = crate::core::script::parse(&format!("@0 arbiter setup {setup}\n"))
        .unwrap_or_else(|e| panic!("{setup}: {e}"));
    assert_eq!(s.to_setup().expect("config"), script.setup, "{setup}");
}

#[test]
fn defaults_are_todays_behaviour() {
    let s = settings(&[]);
    assert_eq!(s, Settings::default());
    assert_eq!(s.to_setup().expect("config"), SessionSetup::default());
    assert_eq!(settings(&[""]), Settings::default());
    assert_eq!(settings(&["# nothing\n[game]\n"]), Settings::default());
}

#[test]
fn good_files_and_options_mean_what_a_script_means() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["[game]\nlang = \"es\"\nvi = \"both\"\n"],
            "lang=es vi=both",
        ),
        (&["[game]\ntc = 300\n"], "tc=300"),
        (
            &["[game]\ntc = \"900+10\"\ntc_black = \"600\"\n"],
            "tc=900+10 tc_black=600",
        ),
        (
            &["[game]\nconfirm = \"window:2.5\"\nconfirm_sighted = \"explicit\"\n"],
            "confirm=window:2.5 confirm_sighted=explicit",
        ),
        (&["[game]\nchess960 = 518\n"], "chess960=518"),
        (
            &["[announce]\nmoves = false\nreminders = \"off\"\nlow_time = \"2:00,0:30\"\n"],
            "announce_moves=off reminders=off low_time=2:00,0:30",
        ),
        (
            &["[game]\nwhite = \"Ana Bell\"\nblack = \"Ben\"\n"],
            "white=\"Ana Bell\" black=Ben",
        ),
        // Later layers win, key by key.
        (
            &[
                "[game]\nlang = \"es\"\nvi = \"black\"\n",
                "--set game.lang=en",
            ],
            "lang=en vi=black",
        ),
        (
            &["[game]\nlang = \"es\"\n", "[game]\nvi = \"none\"\n"],
            "lang=es vi=none",
        ),
        // The script keys of `--set`, as before settings files.
        (
            &["--set announce_moves=off", "--set tc=60"],
            "announce_moves=off tc=60",
        ),
        (
            &["--set white=\"Ana\"", "--set game.black=Ben"],
            "white=Ana black=Ben",
        ),
        (
            &["--set game.tc=40/5400+30:1800+30"],
            "tc=40/5400+30:1800+30",
        ),
        // Who may start the clock (FIDE Laws 6.5, 6.11): an arbiter present or not.
        (&["[game]\narbiter = true\n"], "arbiter=on"),
        (
            &["[game]\narbiter = \"on\"\n", "--set game.arbiter=off"],
            "arbiter=off",
        ),
        (&["--set arbiter=on"], "arbiter=on"),
    ];
    for (layers, setup) in cases {
        same_as_script(&settings(layers), setup);
    }
}

#[test]
fn device_settings_are_read() {
    let s = settings(&[
        "[speech]\nvoice = \"German+Max\"\nrate = 1.5\nearcons = \"off\"\n\
         [braille]\nhost = \":1\"\nbraille_only = true\n\
         [voice]\nmodel = \"/m/de\"\nhear_self = \"on\"\ntail_ms = 250\n\
         [input]\nwhite = \"voice\"\nblack = \"braille\"\n[journal]\nenabled = false\n",
        "--set speech.volume=0.5",
        "--set voice.tail_ms=400",
        "--set journal.dir=/tmp/games",
    ]);
    assert_eq!(s.speech.voice, "German+Max");
    assert_eq!(
        (s.speech.rate, s.speech.volume, s.speech.pitch),
        (1.5, 0.5, 1.0)
    );
    assert!(!s.speech.earcons && s.speech.enabled);
    assert_eq!(
        (s.braille.host.as_str(), s.braille.braille_only),
        (":1", true)
    );
    assert_eq!(s.voice.model, PathBuf::from("/m/de"));
    assert!(s.voice.hear_self);
    assert_eq!(s.voice.tail_ms, 400);
    assert_eq!(
        (s.input.white, s.input.black),
        (InputMethod::Voice, InputMethod::Braille)
    );
    assert!(!s.journal.enabled);
    assert_eq!(s.journal.dir, PathBuf::from("/tmp/games"));
}

#[test]
fn the_web_page_is_off_and_on_loopback_unless_set() {
    let s = settings(&[]);
    assert!(!s.web.enabled);
    assert_eq!(s.web.listen, "127.0.0.1:8432");
    let s = settings(&["[web]\nenabled = true\n", "--set web.listen=0.0.0.0:8432"]);
    assert!(s.web.enabled);
    assert_eq!(s.web.listen, "0.0.0.0:8432");
}

#[test]
fn the_engine_is_found_by_default_and_bounded_in_time() {
    let s = settings(&[]);
    assert_eq!(
        (
            s.engine.path.as_os_str().is_empty(),
            s.engine.nodes,
            s.engine.timeout_ms
        ),
        (true, 0, 30_000)
    );
    let s = settings(&[
        "[engine]\npath = \"/usr/games/stockfish\"\n",
        "--set engine.nodes=5000",
    ]);
    assert_eq!(s.engine.path, PathBuf::from("/usr/games/stockfish"));
    assert_eq!(s.engine.nodes, 5000);
    let text = s.to_toml();
    assert_eq!(settings(&[&text]), s, "{text}");
}

#[test]
fn printed_settings_read_back_the_same() {
    let s = settings(&[
        "[game]\ntc = \"900+10\"\nwhite = \"Ana\"\n[speech]\nrate = 1.25\n[input]\nblack = \"voice\"\n",
    ]);
    let text = s.to_toml();
    assert_eq!(settings(&[&text]), s, "{text}");
    assert_eq!(
        settings(&[&Settings::default().to_toml()]),
        Settings::default()
    );
}

#[test]
fn bad_options_name_the_option() {
    let cases: &[(&str, Expect)] = &[
        (
            "game.vi=purple",
            expect![[r#"--set game.vi=purple: "purple": expected white, black, both or none"#]],
        ),
        (
            "game.lnag=de",
            expect![
                "--set game.lnag=de: unknown field `lnag`, expected one of `lang`, `vi`, `assistant`, `arbiter`, `confirm`, `confirm_sighted`, `tc`, `tc_white`, `tc_black`, `fen`, `chess960`, `white`, `black`, `event`, `site`, `date`, `round`, `braille_input`, `online`, `engine`, `level`; did you mean `lang`?"
            ],
        ),
        (
            "lnag=de",
            expect![
                "--set lnag=de: unknown key `lnag`: expected section.key (game.lang, speech.rate, …) or a script setup key; did you mean `lang`?"
            ],
        ),
        (
            "speech.rate=fast",
            expect![[r#"--set speech.rate=fast: invalid type: string "fast", expected f32"#]],
        ),
        (
            "sound.rate=2",
            expect![
                "--set sound.rate=2: unknown field `sound`, expected one of `game`, `input`, `announce`, `eboard`, `speech`, `braille`, `voice`, `journal`, `web`, `online`, `models`, `engine`"
            ],
        ),
        ("vi", expect!["--set vi: expected KEY=VALUE"]),
        (
            "announce.moves=sometimes",
            expect![[r#"--set announce.moves=sometimes: "sometimes": expected on or off"#]],
        ),
    ];
    for (assignment, expected) in cases {
        let mut l = Layers::new();
        match l.set(assignment) {
            Ok(()) => panic!("{assignment:?} was accepted"),
            Err(e) => expected.assert_eq(&e.to_string()),
        }
    }
}

#[test]
fn a_resumed_game_refuses_game_keys_only() {
    let mut l = Layers::new();
    l.file("[game]\nlang = \"es\"\n", "config.toml")
        .expect("file");
    l.set("speech.rate=1.5").expect("set");
    assert!(!l.cli_sets_game());
    l.set("reminders=off").expect("set");
    assert!(l.cli_sets_game());
}

#[test]
fn did_you_mean_allows_few_edits() {
    let known = ["lang", "vi", "confirm_sighted", "tc"];
    let cases = [
        ("lnag", Some("lang")),
        ("lan", Some("lang")),
        ("confirm_sigted", Some("confirm_sighted")),
        ("xy", None),
        ("language", None),
    ];
    for (unknown, expected) in cases {
        assert_eq!(did_you_mean(unknown, &known), expected, "{unknown}");
    }
}
