//! No file of the project keeps a merge's conflict markers: a merge once
//! left both sides of a conflict in `docs/performance.md`, and nothing
//! noticed, since Markdown renders them as text.

use std::fs;
use std::path::{Path, PathBuf};

/// Folders of the project that hold text: code, tests, docs, data.
const FOLDERS: &[&str] = &[
    "crates",
    "docs",
    "tests",
    "benches",
    "scenarios",
    "assets",
    "python",
    "fuzz",
    "scripts",
    "src",
    "examples",
    ".ci",
];

/// Lines that open or close a conflict (the `=======` between the sides is
/// also a Markdown heading underline, so it is not looked for).
fn is_marker(line: &str) -> bool {
    line.starts_with("<<<<<<< ") || line.starts_with(">>>>>>> ") || line == "<<<<<<<" || line == ">>>>>>>"
}

/// Every file under `dir`, skipping build output and hidden folders.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if (name != "target" && name != "node_modules" && !name.starts_with('.')) || name == ".ci" {
                files(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// The `(file, line number)` of every marker in the text files given.
fn markers(paths: &[PathBuf]) -> Vec<(PathBuf, usize)> {
    let mut found = Vec::new();
    for p in paths {
        // Binary files (images, pickles) are not text: skip what is not UTF-8.
        let Ok(text) = fs::read_to_string(p) else { continue };
        found.extend(text.lines().enumerate().filter(|(_, l)| is_marker(l)).map(|(i, _)| (p.clone(), i + 1)));
    }
    found
}

#[test]
fn no_file_keeps_conflict_markers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    for f in FOLDERS {
        files(&root.join(f), &mut paths);
    }
    let top = fs::read_dir(root).expect("the project's folder").flatten().map(|e| e.path()).filter(|p| p.is_file());
    paths.extend(top);
    assert!(paths.iter().any(|p| p.ends_with("docs/performance.md")), "the walk found the docs");
    let found = markers(&paths);
    assert!(found.is_empty(), "conflict markers left by a merge: {found:?}");
}

#[test]
fn markers_are_found_where_a_merge_leaves_them() {
    let dir = std::env::temp_dir().join(format!("qm-markers-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.md");
    fs::write(&bad, "text\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n").expect("write");
    let good = dir.join("good.md");
    fs::write(&good, "Title\n=======\n\n> quoted\n").expect("write");
    let found = markers(&[bad.clone(), good]);
    assert_eq!(found, vec![(bad.clone(), 2), (bad, 6)]);
    let _ = fs::remove_dir_all(&dir);
}
