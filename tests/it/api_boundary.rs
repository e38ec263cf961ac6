//! The API boundary holds: the crates that use the engine (the CLI, the
//! Python binding, the renderer, the policies) read a game only through
//! `qm_game`'s typed accessors, never through its `World`
//! (ARCHITECTURE.md, "`crates/qm_game`: the facade").

use std::fs;
use std::path::{Path, PathBuf};

/// The crates on the far side of the boundary.
const USERS: [&str; 4] = ["qm_cli", "qm_py", "qm_render", "qm_ai"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Every `.world()` or `.world_mut()` call in `text`, as `line: text`.
fn world_calls(text: &str) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .filter(|(_, l)| l.contains(".world()") || l.contains(".world_mut()"))
        .map(|(i, l)| format!("{}: {}", i + 1, l.trim()))
        .collect()
}

#[test]
fn no_user_of_the_engine_reaches_into_the_world() {
    let mut found = Vec::new();
    for krate in USERS {
        let mut files = Vec::new();
        sources(&crate::common::path(&format!("crates/{krate}/src")), &mut files);
        files.sort();
        for f in files {
            let text = fs::read_to_string(&f).unwrap();
            found.extend(world_calls(&text).into_iter().map(|c| format!("{}:{c}", f.display())));
        }
    }
    assert!(found.is_empty(), "calls into the World past the boundary:\n{}", found.join("\n"));
}

#[test]
fn the_scan_finds_a_world_call() {
    let text = "fn f(g: &Game) {\n    // g.world() in a comment\n    let w = g.world_mut();\n}\n";
    assert_eq!(world_calls(text), vec!["3: let w = g.world_mut();".to_string()]);
}

/// The `qm_*` crates in a manifest's `[dependencies]` table.
fn engine_dependencies(manifest: &str) -> Vec<String> {
    let mut in_deps = false;
    let mut out = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
        } else if in_deps && line.starts_with("qm_") {
            out.extend(line.split(['.', ' ', '=']).next().map(str::to_string));
        }
    }
    out.sort();
    out
}

/// The CLI and the Python binding depend on the facade (`qm_game`), the
/// policies (`qm_ai`), the renderer and the bench harness, and on no rule
/// crate: what they show comes through `qm_game`.
#[test]
fn the_cli_and_the_binding_depend_on_no_rule_crate() {
    let allowed = ["qm_ai", "qm_bench", "qm_game", "qm_render"];
    for krate in ["qm_cli", "qm_py"] {
        let manifest = fs::read_to_string(crate::common::path(&format!("crates/{krate}/Cargo.toml"))).unwrap();
        let deps = engine_dependencies(&manifest);
        assert!(deps.contains(&"qm_game".to_string()), "{krate} depends on qm_game: {deps:?}");
        let past: Vec<&String> = deps.iter().filter(|d| !allowed.contains(&d.as_str())).collect();
        assert!(past.is_empty(), "{krate} depends on rule crates past the boundary: {past:?}");
    }
}

#[test]
fn the_manifest_scan_reads_the_dependencies_table_only() {
    let manifest = "[package]\nname = \"x\"\n[dependencies]\nqm_game.workspace = true\nqm_core = { workspace = true }\nserde = \"1\"\n[dev-dependencies]\nqm_oil.workspace = true\n";
    assert_eq!(engine_dependencies(manifest), vec!["qm_core".to_string(), "qm_game".to_string()]);
}
