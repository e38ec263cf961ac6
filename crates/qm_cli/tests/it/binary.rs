//! The real `qm` binary: exit codes and streams.

use crate::root;

use std::process::Command;

#[test]
fn check_exits_1_on_bad_input_and_0_on_good() {
    let bad = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(["check", &root("tests/fixtures/bad/unknown-hex.ron")])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("unknown-hex.ron:25:61: unknown hex `zz99` in unit `ger-4pz`"), "{err}");
    let good = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(["check", &root("scenarios/awaw/barbarossa-pocket.ron")])
        .output()
        .expect("runs");
    assert_eq!(good.status.code(), Some(0), "{}", String::from_utf8_lossy(&good.stderr));
}
