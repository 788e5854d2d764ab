use serde_json::json;

use super::announcement;

/// Each case: (pending before, pending after, a move made, what became of it).
#[test]
fn what_became_of_the_announcement() {
    let echoed = json!({"stage": "echoed", "side": "black", "words": "Springer Felix sechs"});
    let other = json!({"stage": "echoed", "side": "black", "words": "Springer Gustav sechs"});
    let cases = [
        (echoed.clone(), json!(null), true, Some("made")),
        (echoed.clone(), json!(null), false, Some("withdrawn")),
        (echoed.clone(), other, false, Some("corrected")),
        (echoed.clone(), echoed.clone(), false, None),
        (json!(null), echoed.clone(), false, None),
    ];
    for (before, after, made, expected) in cases {
        let got = announcement(
            &json!({"pending": before}),
            &json!({"pending": after}),
            made,
        );
        assert_eq!(
            got.as_ref().and_then(|a| a["stage"].as_str()),
            expected,
            "{before} -> {after}"
        );
        if let Some(a) = got {
            assert_eq!(a["words"], "Springer Felix sechs");
            assert_eq!(a["side"], "black");
        }
    }
}
