//! `ansage models install de|es|en` and `ansage models list`: the speech models, installed
//! into the user's data folder ([`crate::models`]). Every step is one line on the console
//! (a screen reader reads each once, none is redrawn), and spoken when the station's speech
//! is on and built in. A failure says what went wrong and what to do, in words.

use std::path::Path;

use crate::app::AppError;
use crate::app::options::GameOptions;
use crate::core::lang::Language;
use crate::core::phrases::{Message, Phrases};
use crate::models::{Archive, InstallError, Installed, Progress, Request};

/// The arguments of `ansage models`.
#[derive(clap::Args, Debug)]
pub struct ModelsArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: ModelsCommand,
}

/// `ansage models install` or `list`.
#[derive(clap::Subcommand, Debug)]
pub enum ModelsCommand {
    /// Download a language's speech model (de, es, en) from its publisher (the setting
    /// models.url) into the data folder (~/.local/share/ansage/models), check it and put it
    /// where the station finds it. Says each tenth downloaded; in the model's language
    /// unless --lang names another.
    Install {
        /// The model's language: de, es or en.
        #[arg(value_name = "LANG")]
        language: String,
        /// The settings (models.url, speech).
        #[command(flatten)]
        options: GameOptions,
    },
    /// Say which speech models are there, and where.
    List {
        /// The settings.
        #[command(flatten)]
        options: GameOptions,
    },
}

/// Runs `ansage models …`; whether it succeeded (the exit status).
pub fn run(args: &ModelsArgs) -> Result<bool, AppError> {
    match &args.command {
        ModelsCommand::Install { language, options } => install(language, options),
        ModelsCommand::List { options } => list(options),
    }
}

fn install(language: &str, options: &GameOptions) -> Result<bool, AppError> {
    let model_lang: Language = language.parse()?;
    let settings = options.layers()?.settings()?;
    let lang = match &options.lang {
        Some(_) => settings.to_setup()?.lang,
        None => model_lang,
    };
    let phrases = Phrases::load(lang)?;
    let mut out = Announcer::open(&settings, lang);
    let spec = crate::models::spec(model_lang);
    let archive = Archive::from(spec);
    let dir = crate::models::models_dir()?;
    let request = Request {
        archive: &archive,
        base_url: &settings.models.url,
        dir: &dir,
        loads: &loads,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(AppError::Runtime)?;
    let mut progress = |p: Progress| out.say(&phrases, &progress_message(&p, spec.name));
    let result = runtime.block_on(crate::models::install(&request, &mut progress));
    let ok = match result {
        Ok(Installed::New(path)) => {
            out.say(&phrases, &there("models-done", spec.name, &path));
            true
        }
        Ok(Installed::Already(path)) => {
            out.say(&phrases, &there("models-already", spec.name, &path));
            true
        }
        Err(e) => {
            tracing::info!("models install {model_lang}: {e}");
            out.say(&phrases, &failure(&e, &archive, &dir));
            false
        }
    };
    out.finish();
    Ok(ok)
}

fn list(options: &GameOptions) -> Result<bool, AppError> {
    let settings = options.layers()?.settings()?;
    let phrases = Phrases::load(settings.to_setup()?.lang)?;
    for (spec, dir) in crate::models::list() {
        let msg = match dir {
            Some(dir) => there("models-list-there", spec.name, &dir),
            None => Message::new("models-list-missing").arg("model", spec.name.to_owned()),
        };
        println!(
            "{}",
            phrases.speech(&msg.arg("lang", spec.lang.code().to_owned()))
        );
    }
    Ok(true)
}

/// Whether vosk loads the model in `dir` (built with the `vosk` feature; without it the
/// structure check alone decides).
fn loads(dir: &Path) -> Result<(), crate::models::NotAModel> {
    #[cfg(feature = "vosk")]
    {
        crate::hearing::vosk::set_log_level(-1);
        crate::hearing::vosk::VoskModel::load(dir)
            .map(drop)
            .map_err(|e| crate::models::NotAModel::Load(Box::new(e)))
    }
    #[cfg(not(feature = "vosk"))]
    {
        let _ = dir;
        Ok(())
    }
}

fn there(id: &'static str, model: &str, path: &Path) -> Message {
    Message::new(id)
        .arg("model", model.to_owned())
        .arg("path", path.display().to_string())
}

fn megabytes(bytes: u64) -> u64 {
    bytes.div_ceil(1_000_000)
}

fn progress_message(p: &Progress, model: &str) -> Message {
    match p {
        Progress::Started { url, size } => Message::new("models-download")
            .arg("model", model.to_owned())
            .arg("megabytes", megabytes(*size))
            .arg("url", url.clone()),
        Progress::Downloading { percent } => {
            Message::new("models-progress").arg("percent", u64::from(*percent))
        }
        Progress::Unpacking => Message::new("models-unpack"),
    }
}

/// What went wrong and what to do, for the user.
fn failure(e: &InstallError, archive: &Archive, dir: &Path) -> Message {
    match e {
        InstallError::Network { url, detail } => Message::new("models-network")
            .arg("url", url.clone())
            .arg("detail", detail.clone()),
        InstallError::Http { url, status } => Message::new("models-http")
            .arg("url", url.clone())
            .arg("status", u64::from(*status)),
        InstallError::Size { expected, got } => Message::new("models-size")
            .arg("expected", *expected)
            .arg("got", *got),
        InstallError::Checksum { .. } => Message::new("models-checksum"),
        InstallError::DiskFull { .. } => Message::new("models-disk-full")
            .arg("path", dir.display().to_string())
            .arg("megabytes", megabytes(archive.size) * 3),
        InstallError::Disk { path, source } => Message::new("models-disk")
            .arg("path", path.display().to_string())
            .arg("detail", source.to_string()),
        InstallError::Archive(detail) => {
            Message::new("models-archive").arg("detail", detail.clone())
        }
        InstallError::NotAModel(detail) => {
            Message::new("models-not-a-model").arg("detail", detail.to_string())
        }
        InstallError::NoHome(e) => Message::new("models-disk")
            .arg("path", "~".to_owned())
            .arg("detail", e.to_string()),
    }
}

/// Prints each line, and speaks it when speech is on and built in.
struct Announcer {
    #[cfg(feature = "speech")]
    speech: Option<(
        std::sync::mpsc::Sender<Vec<crate::core::output::Output>>,
        std::thread::JoinHandle<()>,
    )>,
}

impl Announcer {
    fn open(settings: &crate::config::Settings, lang: Language) -> Announcer {
        #[cfg(feature = "speech")]
        {
            let speech = (settings.speech.enabled && !settings.braille.braille_only)
                .then(|| speaker(lang))
                .flatten();
            Announcer { speech }
        }
        #[cfg(not(feature = "speech"))]
        {
            let _ = (settings, lang);
            Announcer {}
        }
    }

    fn say(&mut self, phrases: &Phrases, msg: &Message) {
        println!("{}", phrases.speech(msg));
        #[cfg(feature = "speech")]
        if let Some((tx, _)) = &self.speech {
            use crate::core::output::{Audience, Priority};
            use crate::core::render::{self, Timing};
            let outputs = render::message(
                phrases,
                Audience::All,
                Priority::Info,
                msg,
                Timing::default(),
            );
            let _ = tx.send(outputs.to_vec());
        }
    }

    /// Waits for the last words to be said (at most a few seconds).
    fn finish(self) {
        #[cfg(feature = "speech")]
        if let Some((tx, thread)) = self.speech {
            drop(tx);
            let _ = thread.join();
        }
    }
}

/// A thread speaking what it is sent through speech-dispatcher, in `lang`'s voice; none
/// when speech-dispatcher does not answer.
#[cfg(feature = "speech")]
fn speaker(
    lang: Language,
) -> Option<(
    std::sync::mpsc::Sender<Vec<crate::core::output::Output>>,
    std::thread::JoinHandle<()>,
)> {
    use crate::core::output::Audience;
    use crate::speech::{SpeechConfig, SpeechSink};
    use crate::station::Sink as _;
    let (tx, rx) = std::sync::mpsc::channel::<Vec<crate::core::output::Output>>();
    let thread = std::thread::Builder::new()
        .name("models-speech".into())
        .spawn(move || {
            let config = SpeechConfig {
                language: lang,
                ..SpeechConfig::default()
            };
            let speaking = crate::adapter::Speaking::new();
            let made = SpeechSink::spawn(
                crate::speech::tts::maker(&config),
                &config,
                vec![Audience::All],
                speaking,
            );
            let Ok(mut sink) = made else {
                return;
            };
            while let Ok(outputs) = rx.recv() {
                sink.deliver(crate::core::time::Timestamp::ZERO, &outputs);
            }
            // The last line said to its end, within a bound.
            sink.close(std::time::Duration::from_secs(15));
        })
        .ok()?;
    Some((tx, thread))
}
