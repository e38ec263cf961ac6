//! `qm step` driven by a script (issue 13): a session over the Barbarossa
//! pocket (SUP-185..187) that stops before isolation elimination, explains
//! the pocket's units, draws the map, steps a system, diffs, saves, loads
//! and undoes, compared with a golden transcript
//! (`crates/qm_cli/tests/it/golden/step-barbarossa.txt`; `UPDATE_EXPECT=1` rewrites it). And
//! garbage commands answer `unknown command` while the session goes on.

use crate::root;

use std::io::Cursor;
use std::path::{Path, PathBuf};

/// Runs a script of commands over a scenario; the transcript.
fn session(scenario: &str, orders: Option<&str>, script: &str) -> String {
    let file = std::path::PathBuf::from(root(scenario));
    let orders = orders.map(|o| std::path::PathBuf::from(root(o)));
    let args = qm_cli::step::Args { file: &file, seed: 1, orders: orders.as_ref(), load: None };
    let mut err = Vec::new();
    let mut s = qm_cli::step::open(&args, &mut err).unwrap_or_else(|| panic!("{}", String::from_utf8_lossy(&err)));
    let mut out = Vec::new();
    assert_eq!(qm_cli::step::script(&mut s, &mut Cursor::new(script.as_bytes()), &mut out), 0);
    String::from_utf8(out).expect("utf-8")
}

/// A scratch path for a save file, and how it shows in transcripts.
fn save_path(name: &str) -> (PathBuf, &'static str) {
    (Path::new(env!("CARGO_TARGET_TMPDIR")).join(name), "$SAVE")
}

#[test]
fn a_scripted_session_over_the_barbarossa_pocket_matches_its_transcript() {
    let (save, shown) = save_path("step-barbarossa.save.ron");
    let save = save.display().to_string();
    let script = format!(
        "help
phases-are-next
until isolation-elimination
explain sov-13a
explain sov-21a
explain sov-3a
explain d53
show units allies
map vyazma 2
sys
diff
events
save {save}
next
show ledger
load {save}
show units vyazma
undo
undo
events
quit
next
"
    );
    let transcript = session("scenarios/awaw/barbarossa-pocket.ron", None, &script).replace(&save, shown);
    expect_test::expect_file!["golden/step-barbarossa.txt"].assert_eq(&transcript);
}

#[test]
fn the_session_stops_before_isolation_elimination_with_the_pocket_isolated() {
    let t = session("scenarios/awaw/barbarossa-pocket.ron", None, "until isolation-elimination\nshow units allies\n");
    assert!(t.contains("stopped before isolation-elimination"), "{t}");
    assert!(t.contains("isolation-elimination] > show units allies"), "{t}");
    for unit in ["sov-13a", "sov-21a", "sov-3a"] {
        let row = t.lines().find(|l| l.starts_with(unit)).unwrap_or_else(|| panic!("{unit} in\n{t}"));
        assert!(row.contains("isolated"), "{row}");
    }
    let row = t.lines().find(|l| l.starts_with("sov-16a")).expect("sov-16a");
    assert!(row.contains("full"), "{row}");
}

#[test]
fn garbage_commands_answer_unknown_command_and_the_session_goes_on() {
    let t = session(
        "scenarios/awaw/barbarossa-pocket.ron",
        None,
        "nxet\nxyzzy plugh\n!!!\nshow nonsense\nexplain nobody\nuntil nowhere\nmap zz99\norder NotAnOrder(1)\nnext\nevents\n",
    );
    assert!(t.contains("unknown command `nxet`, did you mean `next`?"), "{t}");
    assert!(t.contains("unknown command `xyzzy`"), "{t}");
    assert!(t.contains("unknown command `!!!`"), "{t}");
    assert!(t.contains("error: usage: show"), "{t}");
    assert!(t.contains("error: no unit, hex or territory `nobody`"), "{t}");
    assert!(t.contains("error: no phase `nowhere`"), "{t}");
    assert!(t.contains("error: no hex `zz99`"), "{t}");
    // The session went on: the phase ran and emitted its events.
    assert!(t.contains("ran turn 3 allies initial-supply"), "{t}");
    assert!(t.contains("allies initial supply determined: 3 full, 0 partial, 3 isolated"), "{t}");
}

#[test]
fn an_order_is_refused_with_its_typed_error_and_the_state_is_unchanged() {
    let t = session(
        "scenarios/awaw/rabaul-isolation.ron",
        None,
        "order SeaSupply([(from: \"kavieng\", to: \"rabaul\")])\ndiff\norder SeaSupply([(from: \"finschhafen\", to: \"rabaul\")])\nnext\nshow lines\n",
    );
    assert!(t.contains("error: refused:"), "{t}");
    assert!(t.contains("accepted 1 order for allies in initial-supply"), "{t}");
    assert!(t.contains("finschhafen") && t.contains("-> b7 (rabaul)"), "{t}");
}

#[test]
fn stepping_with_the_rabaul_orders_eliminates_the_beach_unit() {
    let t = session(
        "scenarios/awaw/rabaul-isolation.ron",
        Some("tests/fixtures/orders/rabaul-cut.ron"),
        "break eliminate_isolated\ncontinue\nsys\nevents\nexplain us-1-2\n",
    );
    assert!(t.contains("breakpoint `eliminate_isolated`: stopped before"), "{t}");
    assert!(t.contains("us-1-2 eliminated by isolation at c7"), "{t}");
    assert!(t.contains("SUP-177"), "{t}");
}

#[test]
fn legal_lists_the_moving_sides_orders_and_each_listed_order_is_accepted() {
    let listed = session("scenarios/awaw/eastern-front-1941.ron", None, "until movement\nlegal ger-1pz\n");
    assert!(listed.contains("legal orders for axis before movement"), "{listed}");
    let first = listed.lines().find(|l| l.contains("\"ger-1pz\"")).unwrap_or_else(|| panic!("{listed}"));
    let t = session("scenarios/awaw/eastern-front-1941.ron", None, &format!("until movement\norder {first}\n"));
    assert!(t.contains("accepted 1 order for axis in movement"), "{t}");
}
