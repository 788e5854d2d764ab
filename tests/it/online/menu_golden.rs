//! Golden transcripts of the online menu's dialogue (issue 24.3) in German, Spanish and
//! English: the same moments in each language (the greeting with a running game, a seek
//! too fast, one sent and said once the server took it, one refused with the server's
//! words as they are, a bullet challenge declined, a challenge told and accepted, a game
//! starting; a challenge's own answer declined, then canceled), through the pure menu ([`ansage::core::online::lobby`]) with every sentence
//! as the station says it. Update with `UPDATE_EXPECT=1 cargo test --test it online::menu_golden`.

use ansage::core::lang::Language;
use ansage::core::online::answer::Answer;
use ansage::core::online::events::AccountEvent;
use ansage::core::online::lobby::{Lobby, LobbyInput, LobbyOutput, LobbyRequest};
use ansage::core::online::menu_words::{MenuCommand, MenuWords};
use ansage::core::online::time_control::OnlineTc;
use ansage::core::phrases::Phrases;

/// What the player says in each language: a seek too fast, a seek, the menu, a seek
/// while one runs, cancel, a challenge without a time control, accept, quit.
fn lines(lang: Language) -> [&'static str; 8] {
    match lang {
        Language::De => [
            "suchen fünf plus drei",
            "suchen fünfzehn plus zehn",
            "Menü",
            "suchen 10",
            "abbrechen",
            "herausfordern Bo",
            "annehmen",
            "Springer f3",
        ],
        Language::Es => [
            "buscar cinco más tres",
            "buscar quince más diez",
            "menú",
            "buscar 10",
            "cancelar",
            "desafiar a Bo",
            "aceptar",
            "caballo f3",
        ],
        Language::En => [
            "seek five plus three",
            "seek fifteen plus ten",
            "menu",
            "seek 10",
            "cancel",
            "challenge Bo",
            "accept",
            "knight f3",
        ],
    }
}

fn event(json: &str) -> LobbyInput {
    LobbyInput::Event(Box::new(
        serde_json::from_str::<AccountEvent>(json).expect("an event line"),
    ))
}

const RUNNING: &str = r#"{"type":"gameStart","game":{"gameId":"r1","fullId":"r1abcd","color":"black","isMyTurn":true,"opponent":{"id":"eve","username":"Eve","rating":1650}}}"#;
const BULLET: &str = r#"{"type":"challenge","challenge":{"id":"x1","challenger":{"id":"cy","name":"Cy","rating":2100},"destUser":{"id":"ana","name":"Ana"},"variant":{"key":"standard"},"rated":true,"timeControl":{"type":"clock","limit":60,"increment":0},"finalColor":"black"}}"#;
const BLITZ: &str = r#"{"type":"challenge","challenge":{"id":"x2","challenger":{"id":"dee","name":"Dee","rating":1720},"destUser":{"id":"ana","name":"Ana"},"variant":{"key":"standard"},"rated":false,"timeControl":{"type":"clock","limit":300,"increment":3},"finalColor":"white"}}"#;
const STARTED: &str =
    r#"{"type":"gameStart","game":{"gameId":"x2","fullId":"x2abcd","color":"black"}}"#;

fn dialogue(lang: Language) -> String {
    let phrases = Phrases::load(lang).unwrap();
    let mut lobby = Lobby::new(MenuWords::load(lang).unwrap(), "Ana");
    let said = lines(lang);
    let mut out = String::new();
    let mut show = |heard: &str, outputs: Vec<LobbyOutput>| {
        out.push_str(&format!("> {heard}\n"));
        for o in outputs {
            let line = match o {
                LobbyOutput::Say(m) => format!("say: {}", phrases.speech(&m)),
                LobbyOutput::Send(r) => format!("send: {r:?}"),
                LobbyOutput::Play(id) => format!("play: {id}"),
                LobbyOutput::Review => "review".into(),
                LobbyOutput::Quit => "quit".into(),
            };
            out.push_str(&line);
            out.push('\n');
        }
    };
    let LobbyInput::Event(running) = event(RUNNING) else {
        unreachable!()
    };
    let AccountEvent::GameStart { game } = *running else {
        unreachable!()
    };
    show("(start, playing r1)", lobby.greeting(vec![game]));
    show("(event) gameStart r1", lobby.handle(event(RUNNING)));
    for heard in &said[..2] {
        show(heard, lobby.handle(LobbyInput::Line((*heard).into())));
    }
    show(
        "(answer) seek open",
        lobby.handle(LobbyInput::Answered(Answer::SeekOpen)),
    );
    for heard in &said[2..5] {
        show(heard, lobby.handle(LobbyInput::Line((*heard).into())));
    }
    show(said[1], lobby.handle(LobbyInput::Line(said[1].into())));
    let refused = LobbyInput::Refused {
        request: LobbyRequest::Seek {
            tc: OnlineTc::minutes(15, 10),
            rated: false,
        },
        reason: "Already seeking".into(),
    };
    show("(refused) Already seeking", lobby.handle(refused));
    show(said[5], lobby.handle(LobbyInput::Line(said[5].into())));
    show("(event) challenge x1", lobby.handle(event(BULLET)));
    show("(event) challenge x2", lobby.handle(event(BLITZ)));
    show(said[7], lobby.handle(LobbyInput::Line(said[7].into())));
    show(said[6], lobby.handle(LobbyInput::Line(said[6].into())));
    show("(event) gameStart x2", lobby.handle(event(STARTED)));
    // A challenge's own answer ends without a game: declined, then canceled (issue 32.3).
    let challenge = || {
        LobbyInput::Command(MenuCommand::Challenge {
            name: "Bo".into(),
            tc: Some(OnlineTc::minutes(10, 5)),
        })
    };
    let answered = |a: Answer| LobbyInput::Answered(a);
    let made = |id: &str| {
        answered(Answer::ChallengeMade {
            id: id.into(),
            to: Some("Bo".into()),
        })
    };
    let done = |id: &str, done: &str| {
        answered(Answer::ChallengeDone {
            id: Some(id.into()),
            done: done.into(),
        })
    };
    show("(command) challenge Bo 10+5", lobby.handle(challenge()));
    show("(answer) challenge c3", lobby.handle(made("c3")));
    show(
        "(answer) done: declined",
        lobby.handle(done("c3", "declined")),
    );
    show("(command) challenge Bo 10+5", lobby.handle(challenge()));
    show("(answer) challenge c4", lobby.handle(made("c4")));
    show(
        "(answer) done: canceled",
        lobby.handle(done("c4", "canceled")),
    );
    out
}

#[test]
fn menu_de() {
    expect_test::expect_file!["../../golden/online/menu_de.transcript"]
        .assert_eq(&dialogue(Language::De));
}

#[test]
fn menu_es() {
    expect_test::expect_file!["../../golden/online/menu_es.transcript"]
        .assert_eq(&dialogue(Language::Es));
}

#[test]
fn menu_en() {
    expect_test::expect_file!["../../golden/online/menu_en.transcript"]
        .assert_eq(&dialogue(Language::En));
}
