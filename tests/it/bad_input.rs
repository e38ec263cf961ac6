//! Bad input: every class of error gets a fixture in `tests/fixtures/bad/`,
//! and `qm check` reports it as `FILE:LINE:COL: message` naming the
//! offending item, at the offending token, with exit code 1.

use crate::common;

use common::*;

/// The expected first diagnostic of a fixture: the text it must point at
/// (the first occurrence of `at`, plus `offset` characters) and a fragment
/// of the message.
struct Case {
    file: &'static str,
    at: &'static str,
    offset: usize,
    message: &'static str,
}

const CASES: &[Case] = &[
    Case { file: "syntax.ron", at: "    map: (blocks", offset: 4, message: "RON syntax error: Expected comma" },
    Case { file: "unknown-field.ron", at: "boxen", offset: 0, message: "Unexpected field named `boxen`" },
    Case { file: "unknown-hex.ron", at: "\"zz99\"", offset: 0, message: "unknown hex `zz99` in unit `ger-4pz`" },
    Case {
        file: "unknown-nation.ron",
        at: "\"prussia\"",
        offset: 0,
        message: "unknown nation `prussia` in unit `ger-4pz`",
    },
    Case {
        file: "unknown-unit-type.ron",
        at: "\"panzer\"",
        offset: 0,
        message: "unknown unit type `panzer` in unit `ger-4pz`",
    },
    Case {
        file: "duplicate-id.ron",
        at: "(id: \"sov-1\", nation: \"russia\", kind: \"inf\", at: \"b3\")",
        offset: 5,
        message: "duplicate unit id `sov-1`",
    },
    Case {
        file: "naval-inland.ron",
        at: "at: \"b1\"",
        offset: 4,
        message: "naval unit `ger-bb1` is on inland hex `b1`",
    },
    Case {
        file: "same-coordinates.ron",
        at: "(origin: \"b2\", terrain: [\". .\"",
        offset: 26,
        message: "two hexes with the same coordinates: `b2`",
    },
    Case { file: "out-of-range.ron", at: "20000", offset: 0, message: "turn 20000 is out of range 1..=10000" },
    Case { file: "bad-terrain-code.ron", at: "Q", offset: 0, message: "unknown terrain code `Q` at hex `b2`" },
];

/// 1-based line and column (in characters) of the first `needle` plus
/// `offset` characters.
fn position(text: &str, needle: &str, offset: usize) -> (u32, u32) {
    let byte = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in fixture"));
    let before = &text[..byte];
    let line = before.matches('\n').count() as u32 + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1 + offset as u32;
    (line, col)
}

#[test]
fn every_error_class_is_reported_with_file_line_and_column() {
    for case in CASES {
        let rel = format!("tests/fixtures/bad/{}", case.file);
        let text = std::fs::read_to_string(path(&rel)).expect("fixture readable");
        let err = match quartermaster::scenario::load(path(&rel)) {
            Ok(_) => panic!("{rel} loaded without error"),
            Err(e) => e,
        };
        let d = err.diagnostics.first().expect("a diagnostic");
        let (line, col) = position(&text, case.at, case.offset);
        assert!(d.file.ends_with(case.file), "{rel}: {d}");
        assert_eq!((d.line, d.col), (line, col), "{rel}: {d}");
        assert!(d.message.contains(case.message), "{rel}: {d}");
    }
}

#[test]
fn qm_check_exits_1_and_prints_file_line_col() {
    for case in CASES {
        let rel = format!("tests/fixtures/bad/{}", case.file);
        let file = path(&rel).display().to_string();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = qm_cli::run(["qm", "check", &file], &mut out, &mut err);
        assert_eq!(code, 1, "{rel}");
        let err = String::from_utf8(err).expect("utf-8");
        let first = err.lines().next().unwrap_or_default();
        let text = std::fs::read_to_string(&file).expect("fixture");
        let (line, col) = position(&text, case.at, case.offset);
        assert!(first.starts_with(&format!("{file}:{line}:{col}: ")), "{first}");
        assert!(first.contains(case.message), "{first}");
        // The snippet points into the file.
        assert!(err.contains("here"), "{err}");
    }
}

#[test]
fn every_problem_in_a_file_is_reported_not_just_the_first() {
    let err = match quartermaster::scenario::load(path("tests/fixtures/bad/same-coordinates.ron")) {
        Ok(_) => panic!("loaded"),
        Err(e) => e,
    };
    // b2 and b3 are both defined twice.
    assert_eq!(err.diagnostics.len(), 2, "{err}");
    assert!(err.diagnostics[1].message.contains("`b3`"));
}

#[test]
fn a_missing_file_and_a_missing_ruleset_are_diagnostics() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(qm_cli::run(["qm", "check", "no/such/file.ron"], &mut out, &mut err), 1);
    // A missing file gets no invented position.
    assert!(
        String::from_utf8_lossy(&err).starts_with("no/such/file.ron: cannot read"),
        "{}",
        String::from_utf8_lossy(&err)
    );
    let text = "Scenario(title: \"t\", ruleset: \"nowhere.ron\", side: Axis, map: (blocks: []))";
    let e = quartermaster::scenario::load_bytes("scenarios/x/inline.ron", text.as_bytes(), |p| std::fs::read(p)).err();
    let d = e.expect("an error").diagnostics.remove(0);
    assert_eq!((d.line, d.col), (1, 31), "{d}");
    // It says which resolved path it tried.
    assert!(d.message.contains("cannot read ruleset `nowhere.ron` (tried `scenarios/x/nowhere.ron`)"), "{d}");
}

#[test]
fn a_ruleset_error_points_into_the_ruleset() {
    let bad = std::fs::read_to_string(path("assets/rulesets/awaw.ron")).expect("ruleset").replacen(
        "(source: \"russia\", unit: \"western-allies\", max: None)",
        "(source: \"rusia\", unit: \"western-allies\", max: None)",
        1,
    );
    let e = quartermaster::scenario::parse_ruleset("bad-ruleset.ron", bad.as_bytes()).expect_err("an error");
    let d = &e.diagnostics[0];
    let (line, col) = position(&bad, "\"rusia\"", 0);
    assert_eq!((d.file.as_str(), d.line, d.col), ("bad-ruleset.ron", line, col), "{d}");
    assert!(d.message.contains("unknown faction `rusia`"), "{d}");
}

#[test]
fn every_shipped_scenario_checks_clean() {
    let mut files = Vec::new();
    let mut dirs = vec![path("scenarios")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).expect("dir").flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "ron") {
                files.push(p.display().to_string());
            }
        }
    }
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    let mut args = vec!["qm".to_string(), "check".to_string()];
    args.extend(files.iter().cloned());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = qm_cli::run(args, &mut out, &mut err);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    assert_eq!(String::from_utf8_lossy(&out).lines().filter(|l| l.contains(": ok (")).count(), files.len());
}

/// The benches on small or odd sizes (0, 1, 2, 7, 10, 11, ...) run or are
/// refused with a message, never panic; `--iters 0` runs once.
#[test]
fn bench_on_small_and_odd_sizes_never_panics() {
    let sizes = ["0", "1", "2", "7", "10", "11", "17", "33", "101"];
    for (bench, size) in [("supply", "--hexes"), ("collect", "--territories"), ("game", "--hexes")] {
        for n in sizes {
            let args = ["bench", bench, size, n, "--iters", "1", "--json"];
            let run = std::panic::catch_unwind(|| qm(&args));
            let (code, out, err) = run.unwrap_or_else(|_| panic!("qm {args:?} panicked"));
            if code == 0 {
                let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
                let counted = v["hexes"].as_u64().or(v["territories"].as_u64());
                assert!(counted.is_some_and(|h| h > 0), "{args:?}: {out}");
            } else {
                assert!(err.contains(size.trim_start_matches("--")), "{args:?}: {err}");
            }
        }
    }
    let (code, _, err) = qm(&["bench", "collect", "--territories", "10", "--iters", "0"]);
    assert_eq!(code, 0, "{err}");
}

/// Every size up to 150 generates a map that loads, for hex maps and
/// territory maps alike: the generators clamp what they draw, so no range
/// is ever empty (the `min > max` panic of `generate.rs:53` at
/// `--hexes 10`, and its like at any other size).
#[test]
fn the_generators_take_every_small_size() {
    use quartermaster::scenario::generate::{GenParams, generate};
    use quartermaster::scenario::generate_territories::{TerritoryParams, generate_territories};
    for n in 0..=150u32 {
        for seed in [1, 2] {
            let hexes = std::panic::catch_unwind(|| generate(GenParams::new(n, seed)).map(|c| c.spec.map.board_count));
            let hexes = hexes.unwrap_or_else(|_| panic!("--hexes {n} seed {seed} panicked"));
            assert!(hexes.is_ok_and(|h| h > 0), "--hexes {n} seed {seed}: does not compile");
            let land = std::panic::catch_unwind(|| {
                generate_territories(TerritoryParams { territories: n, seed }).map(|c| c.spec.map.board_count)
            });
            let land = land.unwrap_or_else(|_| panic!("--territories {n} seed {seed} panicked"));
            assert!(land.is_ok_and(|h| h > 0), "--territories {n} seed {seed}: does not compile");
        }
    }
}

/// A save file continues the game: `qm supply`, `qm run` and `qm explain`
/// read it as well as a scenario.
#[test]
fn a_save_file_can_be_given_instead_of_a_scenario() {
    let mut g = quartermaster::game::Game::load(path("scenarios/awaw/rabaul-isolation.ron"), 1).expect("loads");
    g.step_phase();
    g.step_phase();
    let save = g.save().expect("a save");
    let f = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rabaul-save.ron");
    std::fs::write(&f, save).expect("writes");
    let fp = f.display().to_string();
    // The save lies in the target folder, which may be outside the
    // repository (CARGO_TARGET_DIR): the path policy has its own tests.
    let v = json(&["--allow-any-path", "supply", &fp, "--json"]);
    assert_eq!(
        (v["header"]["turn"].as_u64(), v["header"]["phase"].as_str()),
        (Some(2), Some("combat")),
        "{}",
        v["header"]
    );
    let run = json(&["--allow-any-path", "run", &fp, "--phases", "3", "--json"]);
    assert_eq!(run["header"]["phase"], "construction-redeployment", "{}", run["header"]);
    let (code, out, err) = qm(&["--allow-any-path", "explain", &fp, "us-2-2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("us-2-2"), "{out}");
}

/// Unknown names get the closest known one.
#[test]
fn unknown_names_get_a_did_you_mean() {
    let text = std::fs::read_to_string(path("scenarios/awaw/barbarossa-pocket.ron"))
        .expect("scenario")
        .replacen("at: \"vyazma\"", "at: \"vyasma\"", 1)
        .replacen("nation: \"germany\"", "nation: \"germnay\"", 1);
    let file = path("scenarios/awaw/typo.ron").display().to_string();
    let e = quartermaster::scenario::load_bytes(&file, text.as_bytes(), |p| std::fs::read(p)).expect_err("typos");
    let all = e.to_string();
    assert!(all.contains("unknown hex `vyasma` in unit `sov-21a`, did you mean vyazma (e53)?"), "{all}");
    assert!(all.contains("unknown nation `germnay` in unit `ger-12i`, did you mean germany?"), "{all}");
    let (code, _, err) =
        qm(&["explain", &path("scenarios/awaw/barbarossa-pocket.ron").display().to_string(), "sov-21"]);
    assert_eq!(code, 1);
    assert!(err.contains("no unit `sov-21`, did you mean sov-21a?"), "{err}");
}

/// Counts are written with the right plural, and `--side` lists its values.
#[test]
fn plurals_and_side_values() {
    use quartermaster::core::map::NodeKind;
    assert_eq!(quartermaster::game::counted(1, NodeKind::Hex), "1 hex");
    assert_eq!(quartermaster::game::counted(1, NodeKind::Box), "1 box");
    assert_eq!(quartermaster::game::counted(2, NodeKind::Box), "2 boxes");
    assert_eq!(quartermaster::game::counted(1, NodeKind::SeaZone), "1 sea zone");
    let (code, out, _) = qm(&["check", &path("scenarios/awaw/rabaul-isolation.ron").display().to_string()]);
    assert_eq!(code, 0);
    assert!(out.contains("70 hexes, 1 box,"), "{out}");
    let (_, help, _) = qm(&["supply", "--help"]);
    assert!(help.contains("Possible values:\n          - axis:") && help.contains("- allies:"), "{help}");
    let (_, short, _) = qm(&["supply", "-h"]);
    assert!(short.contains("[possible values: axis, allies]"), "{short}");
}

/// `qm run --phases 999` on a scenario with no end says where it stopped.
#[test]
fn a_long_run_says_where_it_stopped() {
    let (code, out, err) =
        qm(&["run", &path("scenarios/awaw/rabaul-isolation.ron").display().to_string(), "--phases", "999"]);
    assert_eq!(code, 0, "{err}");
    // 6 phases a player turn, from turn 2 allies: 999 = 166 * 6 + 3.
    assert!(
        out.contains("stopped after 999 phases at turn 85 allies post-combat-supply"),
        "{}",
        out.lines().rev().take(40).collect::<Vec<_>>().join("\n")
    );
}
