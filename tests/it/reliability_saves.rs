//! Saves and states are not trusted blindly (issue 15): a save names the
//! fingerprint of its scenario and ruleset and its format version, and is
//! refused against another; a state that does not fit its scenario is
//! refused with a typed error; turns never overflow; a truncated or
//! corrupted save is reported at `file:line:col`; the checksum covers the
//! static scenario.

use crate::common;

use quartermaster::game::{Game, InvalidState, NodeId};
use std::path::{Path, PathBuf};

/// A scratch copy of the repository's layout (`scenarios/awaw/`,
/// `assets/rulesets/`) in a fresh temporary directory, with
/// `barbarossa-pocket.ron` and its ruleset, edited by `edit_scenario` and
/// `edit_ruleset`. Returns the scenario's path.
fn scratch(name: &str, edit_scenario: impl Fn(String) -> String, edit_ruleset: impl Fn(String) -> String) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qm-reliab-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scenarios/awaw")).unwrap();
    std::fs::create_dir_all(dir.join("assets/rulesets")).unwrap();
    let rules = std::fs::read_to_string(common::path("assets/rulesets/awaw.ron")).unwrap();
    std::fs::write(dir.join("assets/rulesets/awaw.ron"), edit_ruleset(rules)).unwrap();
    let scen = std::fs::read_to_string(common::path("scenarios/awaw/barbarossa-pocket.ron")).unwrap();
    let path = dir.join("scenarios/awaw/pocket.ron");
    std::fs::write(&path, edit_scenario(scen)).unwrap();
    path
}

fn same(s: String) -> String {
    s
}

fn load(path: &Path) -> Game {
    Game::load(path, 1).unwrap_or_else(|e| panic!("{e}"))
}

/// A save's file name beside the scenario at `path`: a save may name only
/// a scenario inside its own folder tree (`qm_scenario::sandbox`).
fn beside(path: &Path) -> String {
    path.with_file_name("game.sav.ron").display().to_string()
}

fn save_text(g: &Game) -> String {
    g.save().expect("a scenario from a file saves")
}

#[test]
fn a_save_is_refused_against_an_edited_scenario_naming_both_fingerprints() {
    let path = scratch("edited", same, same);
    let mut g = load(&path);
    g.step_phase();
    let text = save_text(&g);
    let fp = g.spec().fingerprint.to_string();
    // One hex changed at the top of the map: the save would silently move
    // units before; it is refused now.
    let scen = std::fs::read_to_string(&path).unwrap().replacen("\". . . f", "\". . f f", 1);
    std::fs::write(&path, scen).unwrap();
    let err = Game::load_save(&beside(&path), text.as_bytes()).map(drop).expect_err("another scenario");
    let msg = err.to_string();
    assert!(msg.contains(&fp), "{msg}");
    let now = load(&path).spec().fingerprint.to_string();
    assert!(msg.contains(&now) && now != fp, "{msg}");
    assert!(err.diagnostics[0].line > 1, "at the save's fingerprint field: {msg}");
}

#[test]
fn a_save_is_refused_against_a_changed_ruleset() {
    let path = scratch("ruleset", same, same);
    let g = load(&path);
    let text = save_text(&g);
    let rules = path.parent().unwrap().join("../../assets/rulesets/awaw.ron");
    let edited = std::fs::read_to_string(&rules).unwrap().replace("die: 6", "die: 100");
    std::fs::write(&rules, edited).unwrap();
    let err = Game::load_save(&beside(&path), text.as_bytes()).map(drop).expect_err("another ruleset");
    assert!(err.to_string().contains("fingerprint"), "{err}");
}

#[test]
fn an_unchanged_scenario_loads_its_save_with_the_same_checksum() {
    let path = scratch("same", same, same);
    let mut g = load(&path);
    g.step_phase();
    let back = Game::load_save(&beside(&path), save_text(&g).as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.checksum(), g.checksum());
}

#[test]
fn a_save_of_another_format_version_is_refused_naming_both_versions() {
    let g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    let text = save_text(&g);
    let v = quartermaster::core::state::STATE_VERSION;
    let old = text.replacen(&format!("version: {v},"), "version: 2,", 1);
    assert_ne!(old, text);
    let err = Game::load_save("old.sav.ron", old.as_bytes()).map(drop).expect_err("old version");
    let d = &err.diagnostics[0];
    assert!(d.message.contains("version 2") && d.message.contains(&format!("version {v}")), "{err}");
    assert!(d.line >= 1 && d.col >= 1, "{err}");
}

#[test]
fn saves_name_the_scenario_by_an_absolute_path_and_find_it_beside_the_save() {
    let path = scratch("moved", same, same);
    let g = load(&path);
    let save = quartermaster::scenario::read_save("s.ron", save_text(&g).as_bytes()).expect("reads");
    assert!(Path::new(&save.scenario).is_absolute(), "{}", save.scenario);
    // The folder moved: the save lies beside its scenario under a new root.
    let dir = path.parent().unwrap();
    let moved = dir.parent().unwrap().join("moved");
    std::fs::create_dir_all(&moved).unwrap();
    std::fs::rename(&path, moved.join("pocket.ron")).unwrap();
    let save_file = moved.join("game.sav.ron");
    let back = Game::load_save(&save_file.display().to_string(), save_text(&g).as_bytes());
    assert_eq!(back.map(|b| b.checksum()).unwrap_or_else(|e| panic!("{e}")), g.checksum());
}

#[test]
fn truncated_and_corrupted_saves_are_reported_at_a_position() {
    let g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    let text = save_text(&g);
    for cut in [10, text.len() / 3, text.len() / 2, text.len() - 3] {
        let err = Game::load_save("cut.sav.ron", &text.as_bytes()[..cut]).map(drop).expect_err("truncated");
        assert!(err.diagnostics.iter().all(|d| d.line >= 1 && d.col >= 1), "cut at {cut}: {err}");
    }
    let mut bytes = text.clone().into_bytes();
    let mid = bytes.len() / 2;
    bytes[mid] = 0xff;
    let err = Game::load_save("bad.sav.ron", &bytes).map(drop).expect_err("not UTF-8");
    assert!(err.diagnostics[0].line >= 1, "{err}");
}

/// The state of barbarossa-pocket, edited by `f`, given to `Game::new`.
fn refused(f: impl Fn(&mut quartermaster::core::state::GameState)) -> InvalidState {
    let g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    let mut s = g.state();
    f(&mut s);
    let err = Game::new(g.spec_arc(), &s).map(drop).expect_err("refused");
    err.invalid.clone().unwrap_or_else(|| panic!("typed: {err}"))
}

#[test]
fn states_that_do_not_fit_the_scenario_are_refused_with_typed_errors() {
    use quartermaster::core::ids::{NationId, UnitTypeId};
    assert!(matches!(refused(|s| s.units[0].nation = NationId(99)), InvalidState::OutOfRange { what: "nation", .. }));
    assert!(matches!(
        refused(|s| s.units[0].kind = UnitTypeId(999)),
        InvalidState::OutOfRange { what: "unit type", .. }
    ));
    assert!(matches!(
        refused(|s| s.units[0].location.node = NodeId(1_000_000)),
        InvalidState::OutOfRange { what: "node", .. }
    ));
    assert!(matches!(
        refused(|s| s.nodes[NodeId(3)].control.current = Some(NationId(77))),
        InvalidState::OutOfRange { .. }
    ));
    assert!(matches!(refused(|s| s.nodes.push(s.nodes[NodeId(0)])), InvalidState::Count { what: "nodes", .. }));
    assert!(matches!(
        refused(|s| s.nations.pop().map(drop).unwrap_or(())),
        InvalidState::Count { what: "nations", .. }
    ));
    let dup = refused(|s| {
        let u = s.units[0].clone();
        s.units.push(u);
    });
    assert!(matches!(dup, InvalidState::DuplicateUnit(_)), "{dup}");
    assert!(matches!(refused(|s| s.clock.phase = 99), InvalidState::Phase { found: 99, .. }));
    assert!(matches!(refused(|s| s.clock.turn = u32::MAX), InvalidState::Turn(u32::MAX)));
    assert!(matches!(refused(|s| s.clock.turn = 0), InvalidState::Turn(0)));
}

#[test]
fn snapshots_that_do_not_fit_are_refused_by_try_restore() {
    let g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    let mut snap = g.snapshot();
    snap.state.clock.phase = 99;
    let err = Game::try_restore(&snap).map(drop).expect_err("refused");
    assert!(matches!(err.invalid, Some(InvalidState::Phase { .. })), "{err}");
}

#[test]
fn a_save_at_turn_u32_max_is_refused_not_wrapped() {
    let g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    let text = save_text(&g).replacen("turn: 3,", &format!("turn: {},", u32::MAX), 1);
    let err = Game::load_save("max.sav.ron", text.as_bytes()).map(drop).expect_err("turn out of range");
    assert!(err.to_string().contains("turn 4294967295 is out of range"), "{err}");
}

#[test]
fn queued_orders_for_ghost_units_are_refused() {
    let g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    let mut s = g.state();
    let ghost = serde_json::json!([{ "side": "Axis", "phase": "movement", "order": { "Move": { "unit": "ghost", "path": [0] } } }]);
    s.sections.insert("ops".into(), ghost);
    let err = Game::new(g.spec_arc(), &s).map(drop).expect_err("refused");
    assert!(err.section == "ops" && err.message.contains("ghost"), "{err}");
}

#[test]
fn the_checksum_covers_the_ruleset() {
    let a = load(&scratch("die6", same, same));
    let b = load(&scratch("die100", same, |r| r.replace("die: 6", "die: 100")));
    assert_eq!(a.state(), b.state(), "the same dynamic state");
    assert_ne!(a.checksum(), b.checksum(), "the sea die 6 → 100 changes the checksum");
}

/// Round trip (issue 15, item 4): on every shipped scenario, a few phases
/// in, save -> load gives the same state, section by section, and the same
/// checksum; and the loaded game plays on alike.
#[test]
fn every_registered_section_of_every_shipped_scenario_round_trips_through_a_save() {
    let mut sections = std::collections::BTreeSet::new();
    for rel in common::shipped() {
        let mut g = common::load_seeded(&rel, 4);
        for _ in 0..3 {
            g.step_phase();
        }
        let back = Game::load_save("rt.sav.ron", save_text(&g).as_bytes()).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let (want, got) = (g.state(), back.state());
        assert_eq!(got.sections.keys().collect::<Vec<_>>(), want.sections.keys().collect::<Vec<_>>(), "{rel}");
        for (name, v) in &want.sections {
            assert_eq!(&got.sections[name], v, "{rel}: section {name}");
            sections.insert(name.clone());
        }
        assert_eq!(got, want, "{rel}");
        assert_eq!(back.checksum(), g.checksum(), "{rel}");
        let mut back = back;
        back.step_phase();
        g.step_phase();
        assert_eq!(back.checksum(), g.checksum(), "{rel}: plays on alike");
    }
    let all: Vec<&str> = sections.iter().map(String::as_str).collect();
    assert_eq!(all, ["awaw-supply", "mwif-oil", "ops", "wteaw-collect"], "every built-in family's section is covered");
}

/// Every error of a damaged save names a position in it.
#[track_caller]
fn positioned(what: &str, r: Result<Game, quartermaster::game::LoadError>) {
    if let Err(e) = r {
        assert!(!e.diagnostics.is_empty(), "{what}: an error without a diagnostic");
        assert!(e.diagnostics.iter().all(|d| d.line >= 1 && d.col >= 1), "{what}: {e}");
        assert!(e.to_string().starts_with("x.sav.ron:"), "{what}: {e}");
    }
}

/// A save cut at every 1/150th of its length, and with bytes flipped at
/// 150 places (to a quote, a bracket, a digit, a letter, 0xff), loads or
/// is refused at `file:line:col`: never a panic.
#[test]
fn saves_cut_or_flipped_anywhere_are_refused_at_a_position_never_a_panic() {
    let mut g = common::load("scenarios/awaw/barbarossa-pocket.ron");
    g.step_phase();
    let text = save_text(&g).into_bytes();
    let step = (text.len() / 150).max(1);
    for cut in (0..text.len()).step_by(step) {
        let r = Game::load_save("x.sav.ron", &text[..cut]);
        assert!(r.is_err(), "a save cut at {cut} of {} loads", text.len());
        positioned(&format!("cut at {cut}"), r);
    }
    for (i, at) in (0..text.len()).step_by(step).enumerate() {
        let mut bad = text.clone();
        bad[at] = [b'"', b')', b'9', b'q', 0xff][i % 5];
        positioned(&format!("byte {at} flipped"), Game::load_save("x.sav.ron", &bad));
    }
}
