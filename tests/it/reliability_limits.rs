//! Resource limits and the ruleset sandbox through `qm` (issue 15): huge
//! generator requests, FIFOs and devices, files outside the scenario's
//! tree; each refused with a message and a non-zero exit, never a hang, an
//! abort, or a leak of another file's content.

use crate::common;

use std::path::{Path, PathBuf};

/// `qm ARGS`, in-process: exit code and stderr.
fn qm(args: &[&str]) -> (i32, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut all = vec!["qm"];
    all.extend_from_slice(args);
    let code = qm_cli::run(all, &mut out, &mut err);
    (code, String::from_utf8_lossy(&err).into_owned())
}

/// A scratch tree: `tree/scenarios/awaw/t.ron` naming `ruleset`, the
/// shipped ruleset at `tree/assets/rulesets/awaw.ron`, and a secret file
/// beside the tree. Returns (scenario, root).
fn tree(name: &str, ruleset: &str) -> (PathBuf, PathBuf) {
    let root = std::env::temp_dir().join(format!("qm-reliab-limits-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("tree/scenarios/awaw")).unwrap();
    std::fs::create_dir_all(root.join("tree/assets/rulesets")).unwrap();
    std::fs::copy(common::path("assets/rulesets/awaw.ron"), root.join("tree/assets/rulesets/awaw.ron")).unwrap();
    std::fs::write(root.join("secret.txt"), "TOPSECRET line one\nTOPSECRET line two\n").unwrap();
    let scen = std::fs::read_to_string(common::path("scenarios/awaw/barbarossa-pocket.ron"))
        .unwrap()
        .replace("\"../../assets/rulesets/awaw.ron\"", &format!("{ruleset:?}"));
    let p = root.join("tree/scenarios/awaw/t.ron");
    std::fs::write(&p, scen).unwrap();
    (p, root)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_generator_request_over_the_limit_is_refused() {
    let (code, err) = qm(&["bench", "supply", "--hexes", "4294967295", "--iters", "1"]);
    assert_ne!(code, 0);
    assert!(err.contains("4294967295 is too large"), "{err}");
    let (code, err) = qm(&["bench", "collect", "--territories", "4294967295", "--iters", "1"]);
    assert_ne!(code, 0);
    assert!(err.contains("4294967295 is too large"), "{err}");
    // The generator itself refuses, for library callers, before allocating.
    use quartermaster::scenario::{generate, generate_territories};
    let e = generate::generate(generate::GenParams::new(u32::MAX, 1)).map(drop).expect_err("refused");
    assert!(e.to_string().contains("over the limit of 4000000 (raise it with --max-hexes)"), "{e}");
    let p = generate_territories::TerritoryParams { territories: u32::MAX, seed: 1 };
    let e = generate_territories::generate_territories(p).map(drop).expect_err("refused");
    assert!(e.to_string().contains("--max-hexes"), "{e}");
}

#[test]
fn devices_and_fifos_are_refused_not_read() {
    let (p, root) = tree("dev", "../../assets/rulesets/awaw.ron");
    let (code, err) = qm(&["run", s(&p), "--phases", "1", "--orders", "/dev/zero"]);
    assert_eq!(code, 1);
    assert!(err.contains("not a regular file"), "{err}");
    let fifo = root.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|st| st.success());
    if made {
        let (code, err) = qm(&["run", s(&p), "--phases", "1", "--orders", s(&fifo)]);
        assert_eq!(code, 1);
        assert!(err.contains("not a regular file"), "{err}");
        let (code, err) = qm(&["check", s(&fifo)]);
        assert_eq!(code, 1);
        assert!(err.contains("not a regular file"), "{err}");
    }
    let (code, err) = qm(&["check", "/dev/zero"]);
    assert_eq!(code, 1);
    assert!(err.contains("not a regular file"), "{err}");
    let (p, _) = tree("devrules", "/dev/zero");
    let (code, err) = qm(&["--allow-any-ruleset", "check", s(&p)]);
    assert_eq!(code, 1);
    assert!(err.contains("not a regular file"), "{err}");
}

#[test]
fn files_over_the_size_limit_are_refused_with_the_flag_named() {
    let (p, _) = tree("size", "../../assets/rulesets/awaw.ron");
    let (code, err) = qm(&["--max-file-bytes", "100", "check", s(&p)]);
    assert_eq!(code, 1);
    assert!(err.contains("over the limit of 100 (raise it with --max-file-bytes)"), "{err}");
    assert_eq!(qm(&["check", s(&p)]).0, 0, "the default limit takes it");
}

#[test]
fn a_ruleset_outside_the_scenario_tree_is_refused_and_never_printed() {
    for (name, ruleset) in
        [("dotdot", "../../../secret.txt"), ("abs", "/etc/os-release"), ("proc", "/proc/self/cmdline")]
    {
        let (p, _) = tree(name, ruleset);
        let (code, err) = qm(&["check", s(&p)]);
        assert_eq!(code, 1, "{name}");
        assert!(err.contains("outside the folder of the file that names it"), "{name}: {err}");
        assert!(!err.contains("TOPSECRET") && !err.contains("NAME="), "{name} leaked: {err}");
    }
    // The explicit flag lifts it: the file is read (and is no ruleset).
    let (p, _) = tree("allowed", "../../../secret.txt");
    let (code, err) = qm(&["--allow-any-path", "check", s(&p)]);
    assert_eq!(code, 1);
    assert!(err.contains("RON syntax error"), "{err}");
}

#[test]
fn the_shipped_layout_stays_allowed() {
    let (code, err) = qm(&["check", s(&common::path("scenarios/awaw/barbarossa-pocket.ron"))]);
    assert_eq!(code, 0, "{err}");
}
