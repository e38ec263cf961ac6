//! The checksums of the shipped scenarios, pinned (issue 14): the binary
//! encoding of the state (`qm_core::checksum`) must not drift. Each is taken
//! at load with seed 11 and after two player turns (24 phases) without
//! orders. A change of the encoding or of the state's layout changes them
//! all, deliberately: the failure prints the whole table to paste here.

mod common;

use quartermaster::prelude::*;

/// `(scenario, at load, after 24 phases)`.
const PINNED: &[(&str, &str, &str)] = &[];

fn actual() -> Vec<(String, String, String)> {
    let mut files = Vec::new();
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).expect("readable").map(|e| e.expect("entry").path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "ron") {
                out.push(p);
            }
        }
    }
    walk(&common::path("scenarios"), &mut files);
    let root = common::root();
    files
        .iter()
        .map(|p| {
            let name = p.strip_prefix(&root).expect("under the root").display().to_string();
            let mut g = Game::load(p, 11).unwrap_or_else(|e| panic!("{name}: {e}"));
            let at_load = g.checksum().to_string();
            for _ in 0..24 {
                g.step_phase();
            }
            (name, at_load, g.checksum().to_string())
        })
        .collect()
}

#[test]
fn the_checksums_of_the_shipped_scenarios_are_pinned() {
    let got = actual();
    let want: Vec<(String, String, String)> =
        PINNED.iter().map(|(a, b, c)| ((*a).to_string(), (*b).to_string(), (*c).to_string())).collect();
    let table: String = got
        .iter()
        .map(|(a, b, c)| format!("    (\n        \"{a}\",\n        \"{b}\",\n        \"{c}\",\n    ),\n"))
        .collect();
    assert!(got.len() >= 20, "scenarios/ holds {} files", got.len());
    assert_eq!(got, want, "the pinned checksums changed; if deliberately, the new table is:\n{table}");
}
