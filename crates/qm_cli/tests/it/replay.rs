//! `qm replay`: it stops at the end of the game (`--to-end`, and
//! `--phases N` past the end), a frame cap bounds the page, and each
//! frame is labelled with the turn, player turn and phase it shows, as the
//! engine's own phase reports give them.

use crate::{qm, root};

use qm_game::{Game, OrdersRun};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Writes a replay of `scenario` with `args` to a scratch page: its path
/// and what `qm` printed.
fn replay(scenario: &str, args: &[&str], name: &str) -> (PathBuf, String) {
    let page = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let (s, p) = (root(scenario), page.display().to_string());
    let mut all = vec!["replay", s.as_str()];
    all.extend(args);
    all.extend(["-o", p.as_str()]);
    let (code, out, err) = qm(&all);
    assert_eq!(code, 0, "{out}{err}");
    (page, out)
}

/// The frames embedded in a page (their SVG and explanations are indices
/// into the page's tables).
fn frames(page: &Path) -> Vec<Value> {
    let html = std::fs::read_to_string(page).expect("written");
    let start = html.find(r#"<script type="application/json" id="frames">"#).expect("the frames") + 44;
    let end = start + html[start..].find("</script>").expect("their end");
    let data = serde_json::from_str::<Value>(&html[start..end]).expect("JSON");
    data["frames"].as_array().expect("a list").clone()
}

/// `(turn, side, phase)` of each frame.
fn labels(frames: &[Value]) -> Vec<(u64, String, String)> {
    frames
        .iter()
        .map(|f| {
            let s = |k: &str| f[k].as_str().expect("text").to_string();
            (f["turn"].as_u64().expect("turn"), s("side"), s("phase"))
        })
        .collect()
}

#[test]
fn to_end_stops_at_the_end_of_the_game_and_the_page_stays_small() {
    let (page, out) = replay("scenarios/awaw/eastern-front-1941.ron", &["--to-end"], "eastern-front.html");
    // The oracle: the same game stepped until it is over, through the
    // library (no orders: the defaults), its phase reports in order.
    let mut g = Game::load(root("scenarios/awaw/eastern-front-1941.ron"), 1).expect("loads");
    let mut run = OrdersRun::new(Vec::new());
    let mut reports = Vec::new();
    while !g.is_over() {
        let r = run.step(&mut g).expect("default orders");
        reports.push((u64::from(r.turn), r.side.to_string(), r.phase.to_string()));
        assert!(reports.len() < 1000, "the game never ends");
    }
    let f = frames(&page);
    assert_eq!(f.len(), reports.len() + 1, "{out}");
    assert_eq!(labels(&f)[1..], reports[..], "each frame is labelled with the phase it shows");
    assert!(out.contains(&format!("the start and {} phases; game over: turn 9:", reports.len())), "{out}");
    let bytes = std::fs::metadata(&page).expect("written").len();
    assert!(bytes < 20_000_000, "{bytes} bytes");

    // `--phases` past the end stops there too.
    let (page, out) = replay("scenarios/awaw/eastern-front-1941.ron", &["--phases", "999"], "eastern-front-999.html");
    assert_eq!(frames(&page).len(), reports.len() + 1, "{out}");
}

#[test]
fn frames_are_labelled_with_the_phase_they_show_in_its_own_player_turn() {
    let (page, _) = replay(
        "scenarios/awaw/rabaul-isolation.ron",
        &["--orders", &root("tests/fixtures/orders/rabaul-cut.ron")],
        "rabaul-labels.html",
    );
    let f = labels(&frames(&page));
    let mut g = Game::load(root("scenarios/awaw/rabaul-isolation.ron"), 1).expect("loads");
    let start = g.clock();
    assert_eq!(f[0], (u64::from(start.turn), start.side.to_string(), "start".to_string()));
    let name = root("tests/fixtures/orders/rabaul-cut.ron");
    let batches = g.read_orders(&name, &std::fs::read(&name).expect("reads")).expect("parses");
    let mut run = OrdersRun::new(batches);
    for (i, label) in f.iter().enumerate().skip(1) {
        let r = run.step(&mut g).expect("the orders are legal");
        assert_eq!(*label, (u64::from(r.turn), r.side.to_string(), r.phase.to_string()), "frame {i}");
    }
    // The last frame is the player turn's last phase, in that player turn
    // (not the next player turn's side, which the clock shows after it).
    let last = f.last().expect("frames");
    assert_eq!(last.1, start.side.to_string(), "{last:?}");
}

#[test]
fn a_game_without_an_end_stops_at_the_frame_cap() {
    let (page, out) = replay("scenarios/awaw/libya-split.ron", &["--to-end"], "libya-capped.html");
    let n = frames(&page).len();
    assert_eq!(n, qm_cli::replay_cmd::MAX_FRAMES, "{out}");
    assert!(out.contains("stopped at the frame cap"), "{out}");
}

/// Game 3 of a recorded batch (`qm selfplay --out`) replays from its line
/// (`qm replay --selfplay FILE --game 3`) to the line's checksum, a frame
/// per phase; a line whose checksum the replay does not reach is refused.
#[test]
fn game_3_of_a_recorded_batch_replays_to_its_checksum() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let lines = dir.join("batch-for-replay.jsonl");
    let scenario = root("scenarios/awaw/barbarossa-pocket.ron");
    let batch = [
        "selfplay",
        scenario.as_str(),
        "--games",
        "4",
        "--max-turns",
        "2",
        "--logistics",
        "policy,engine",
        "--out",
        lines.to_str().expect("utf-8"),
    ];
    let record = dir.join("batch-records");
    let r = record.display().to_string();
    let (code, out, err) = qm(&[&batch[..], &["--record", &r]].concat());
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&lines).expect("the lines");
    let own = std::fs::read_to_string(record.join("game-3.json")).expect("game 3's record");
    assert_eq!(own.trim_end(), text.lines().nth(3).expect("game 3"), "the record is the game's line");
    let third: Value = serde_json::from_str(text.lines().nth(3).expect("game 3")).expect("JSON");
    let l = lines.display().to_string();
    let (page, out) = replay("scenarios/awaw/barbarossa-pocket.ron", &["--selfplay", &l, "--game", "3"], "game-3.html");
    let checksum = third["checksum"].as_str().expect("checksum");
    assert!(out.contains(&format!("checksum {checksum} as recorded")), "{out}");
    assert!(frames(&page).len() > 1, "a frame per phase");
    let tampered = dir.join("batch-tampered.jsonl");
    std::fs::write(&tampered, text.replace(checksum, "0000")).expect("written");
    let t = tampered.display().to_string();
    let (code, _, err) =
        qm(&["replay", &scenario, "--selfplay", &t, "--game", "3", "-o", dir.join("x.html").to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not the line's"), "{err}");
}
