//! Class 8: output hygiene. Ids from a file are escaped before they reach
//! a terminal, and outputs that are not regular files are refused before
//! anything is run or opened.

use super::{qm, s, scenario, scratch};

#[test]
fn unknown_unit_errors_list_ids_escaped() {
    let root = scratch("escape");
    let p = scenario(&root, "x.ron", "scenarios/awaw/barbarossa-pocket.ron", |t| {
        let first = t.find("id: \"").unwrap() + 5;
        let mut t = t;
        t.insert_str(first, "\\u{1b}[31mred-");
        t
    });
    let r = qm(&["explain", s(&p), "nobody"]);
    r.refused("no unit `nobody`");
    assert!(!r.err.contains('\u{1b}'), "a raw escape reached the terminal: {:?}", r.err);
    assert!(r.err.contains("\\u{1b}[31mred-"), "{}", r.err);
}

#[test]
#[cfg(unix)]
fn outputs_that_are_not_regular_files_are_refused() {
    let root = scratch("fifo");
    let fifo = root.join("out.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let pocket = "scenarios/awaw/barbarossa-pocket.ron";
    qm(&["replay", pocket, "-o", s(&fifo)]).refused("a FIFO");
    let svg_fifo = root.join("out.svg");
    assert!(std::process::Command::new("mkfifo").arg(&svg_fifo).status().unwrap().success());
    qm(&["render", pocket, "-o", s(&svg_fifo)]).refused("a FIFO");
    let dir = root.join("dir.svg");
    std::fs::create_dir_all(&dir).unwrap();
    qm(&["render", pocket, "-o", s(&dir)]).refused("a directory");
}
