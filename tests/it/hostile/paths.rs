//! Class 1: a save could read, and print, any file. One path policy for
//! every file a file names (`qm_scenario::sandbox`).

use super::{qm, s, save_after, scenario, scratch};

#[test]
fn a_save_whose_scenario_is_outside_its_tree_is_refused_without_reading_it() {
    let root = scratch("save-outside");
    let scen = scenario(&root, "pocket.ron", "scenarios/awaw/barbarossa-pocket.ron", |t| t);
    let save = save_after(&scen, 1);
    // A secret beside the tree, and a save inside it naming the secret (and,
    // second, the process environment).
    std::fs::write(root.join("secret.txt"), "TOPSECRET line one\nTOPSECRET line two\n").unwrap();
    let inner = root.join("scenarios/t/saves");
    std::fs::create_dir_all(&inner).unwrap();
    for (name, target) in [("secret", root.join("secret.txt")), ("environ", "/proc/self/environ".into())] {
        let named = format!("scenario: {:?}", s(&target));
        let edited = save
            .lines()
            .map(|l| if l.trim_start().starts_with("scenario:") { format!("    {named},") } else { l.to_string() })
            .collect::<Vec<_>>()
            .join("\n");
        let p = inner.join(format!("{name}.sav.ron"));
        std::fs::write(&p, edited).unwrap();
        let r = qm(&["run", s(&p), "--phases", "1"]);
        r.refused("is outside the save's folder");
        assert!(!r.err.contains("TOPSECRET") && !r.err.contains("PATH="), "{}", r.err);
    }
    // The save beside its scenario loads, and `--allow-any-path` (or its
    // old name) lifts the policy for the secret, which then fails to parse
    // without any of its lines shown.
    let ok = root.join("scenarios/t/ok.sav.ron");
    std::fs::write(&ok, &save).unwrap();
    assert_eq!(qm(&["run", s(&ok), "--phases", "1"]).code, Some(0));
    let p = inner.join("secret.sav.ron");
    for flag in ["--allow-any-path", "--allow-any-ruleset"] {
        let r = qm(&[flag, "run", s(&p), "--phases", "1"]);
        assert!(matches!(r.code, Some(1 | 2)), "{r:?}");
        assert!(!r.err.contains("line one") && !r.err.contains("line two"), "{}", r.err);
    }
}

#[test]
fn a_ruleset_error_shows_its_position_but_none_of_its_lines() {
    let root = scratch("ruleset-lines");
    let rules = root.join("assets/rulesets/bad.ron");
    std::fs::write(&rules, "Ruleset(\n  // SECRETLINE\n  name: 5,\n)\n").unwrap();
    let scen = scenario(&root, "x.ron", "scenarios/awaw/barbarossa-pocket.ron", |t| {
        t.replace("\"../../assets/rulesets/awaw.ron\"", "\"../../assets/rulesets/bad.ron\"")
    });
    let r = qm(&["check", s(&scen)]);
    r.refused("bad.ron:3:");
    assert!(!r.err.contains("SECRETLINE"), "{}", r.err);
}
