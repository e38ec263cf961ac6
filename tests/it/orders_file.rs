//! Orders files: no batch is silently dropped (issue 8, point 2), refusals
//! name the order's `file:line:col`, and every order kind is documented in
//! `docs/orders.md` with an example that reads.

use crate::common;

use common::*;
use serde_json::Value;
use std::path::PathBuf;

const POCKET: &str = "scenarios/awaw/barbarossa-pocket.ron";

/// Writes an orders file for a test and returns its path.
fn orders_file(name: &str, text: &str) -> PathBuf {
    let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("orders-{name}.ron"));
    std::fs::write(&p, text).expect("writes");
    p
}

/// 1-based line and column of the first `needle` in `text`.
fn position(text: &str, needle: &str) -> (usize, usize) {
    let byte = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in {text}"));
    let before = &text[..byte];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
    (line, col)
}

#[test]
fn a_batch_never_reached_is_an_error_at_its_position() {
    let text = "[\n    (turn: 3, side: Allies, phase: \"movement\", orders: []),\n    \
                (turn: 5, side: Allies, phase: \"movement\", orders: []),\n]\n";
    let f = orders_file("never-reached", text);
    let fp = f.display().to_string();
    let (code, out, err) = qm(&["run", &path(POCKET).display().to_string(), "--phases", "6", "--orders", &fp]);
    assert_eq!(code, 1, "{out}");
    let (line, col) = position(text, "(turn: 5");
    assert!(err.contains(&format!("{fp}:{line}:{col}: orders batch never used")), "{err}");
    assert!(
        err.contains(
            "turn 5 allies movement is never reached: --phases 6 stops at turn 3 allies construction-redeployment"
        ),
        "{err}"
    );
    assert_eq!(err.lines().filter(|l| l.starts_with(&fp)).count(), 1, "the used batch is not reported: {err}");
    // Under --json, the same error as data, with the same exit code.
    let (code, _, err) = qm(&["run", &path(POCKET).display().to_string(), "--phases", "6", "--orders", &fp, "--json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(err.lines().next().expect("a line")).expect("JSON error");
    assert_eq!(v["error"]["kind"], "unused-orders");
    assert_eq!(v["error"]["file"], fp.as_str());
    assert_eq!(v["error"]["line"], line);
    assert_eq!(v["error"]["col"], col);
}

#[test]
fn a_batch_before_the_start_is_never_reached_either() {
    let text = "[(turn: 1, side: Axis, phase: \"movement\", orders: [])]";
    let f = orders_file("before-start", text);
    let (code, _, err) =
        qm(&["run", &path(POCKET).display().to_string(), "--phases", "2", "--orders", &f.display().to_string()]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "turn 1 axis movement is never reached: the game starts at turn 3 allies initial-supply, after it"
        ),
        "{err}"
    );
}

#[test]
fn an_order_its_phase_does_not_take_is_refused_at_load() {
    let text = "[\n    (turn: 3, side: Allies, phase: \"initial-supply\", orders: [\n        \
                Move(unit: \"sov-16a\", to: \"e59\"),\n    ]),\n]\n";
    let f = orders_file("wrong-phase", text);
    let fp = f.display().to_string();
    let (code, out, err) = qm(&["run", &path(POCKET).display().to_string(), "--phases", "1", "--orders", &fp]);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "nothing runs: {out}");
    let (line, col) = position(text, "Move(");
    assert!(
        err.contains(&format!("{fp}:{line}:{col}: a `Move` order in a batch for the `initial-supply` phase")),
        "{err}"
    );
    assert!(err.contains("given in the movement phase"), "{err}");
}

#[test]
fn an_intercept_batch_without_player_is_an_error() {
    let text = "[\n    (turn: 2, side: Axis, phase: \"initial-supply\", orders: [\n        \
                Intercept(line: 0, by: [\"jap-air\"]),\n    ]),\n]\n";
    let f = orders_file("intercept-no-player", text);
    let fp = f.display().to_string();
    let rabaul = path("scenarios/awaw/rabaul-isolation.ron").display().to_string();
    let (code, _, err) = qm(&["run", &rabaul, "--phases", "5", "--orders", &fp]);
    assert_eq!(code, 1);
    let (line, col) = position(text, "Intercept(");
    assert!(err.contains(&format!("{fp}:{line}:{col}:")), "{err}");
    assert!(err.contains("add `player: Allies` to the batch"), "{err}");
    // With `player:` it is the shipped fixture's interception, and runs.
    let (code, _, err) = qm(&[
        "run",
        &rabaul,
        "--phases",
        "5",
        "--orders",
        &path("tests/fixtures/orders/rabaul-cut.ron").display().to_string(),
    ]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_refused_order_names_its_position_in_the_file() {
    let text = "[\n    (turn: 3, side: Allies, phase: \"movement\", orders: [\n        \
                Move(unit: \"sov-16a\", to: \"e59\"),\n        Move(unit: \"sov-99\", to: \"e59\"),\n    ]),\n]\n";
    let f = orders_file("refused", text);
    let fp = f.display().to_string();
    let (code, _, err) = qm(&["run", &path(POCKET).display().to_string(), "--phases", "3", "--orders", &fp]);
    assert_eq!(code, 1);
    let (line, col) = position(text, "Move(unit: \"sov-99\"");
    assert!(err.starts_with(&format!("{fp}:{line}:{col}: turn 3, allies movement: batch of allies refused:")), "{err}");
    assert!(err.contains("sov-99"), "{err}");
}

/// The ```ron blocks of docs/orders.md, each with the scenario its first
/// line names.
fn documented_examples() -> Vec<(String, String)> {
    let doc = std::fs::read_to_string(path("docs/orders.md")).expect("docs/orders.md");
    doc.split("```ron\n")
        .skip(1)
        .map(|rest| {
            let block = rest.split("```").next().unwrap_or_default().to_string();
            let scenario = block
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("// for "))
                .unwrap_or_else(|| panic!("example without `// for SCENARIO`: {block}"))
                .trim()
                .to_string();
            (scenario, block)
        })
        .collect()
}

#[test]
fn every_order_kind_is_documented_with_an_example_that_reads() {
    let examples = documented_examples();
    let mut documented = std::collections::BTreeSet::new();
    let mut kinds = std::collections::BTreeSet::new();
    for (scenario, block) in &examples {
        let g = load(scenario);
        let batches = g
            .read_orders("docs/orders.md", block.as_bytes())
            .unwrap_or_else(|e| panic!("the example for {scenario} does not read:\n{e}\n{block}"));
        for b in &batches {
            documented.extend(b.orders.iter().map(|o| o.kind()));
        }
    }
    // Every kind of every built-in family: one scenario per family set.
    for scenario in [POCKET, "scenarios/wteaw/convoy.ron", "scenarios/mwif/oil-example.ron"] {
        kinds.extend(load(scenario).rules().order_kinds().kinds());
    }
    assert!(kinds.len() >= 10, "{kinds:?}");
    let missing: Vec<_> = kinds.difference(&documented).collect();
    assert!(missing.is_empty(), "order kinds without an example in docs/orders.md: {missing:?}");
}
