//! The checksums of every shipped scenario, pinned (issue 14): loaded with
//! seed 11, after each of the first two player turns' phases. A change of
//! rule behaviour, of the checksum's encoding or of a scenario file shows
//! here as a changed line. When the change is meant (a new encoding, an
//! edited scenario), regenerate the file with
//! `QM_BLESS=1 cargo test --test it golden_checksums` and say why in the commit.

use crate::common;

/// Two player turns and a bit, as `tests/it/clone_restore.rs` plays them.
const PHASES: usize = 14;

/// The pinned values: one line per scenario, `path checksum-after-PHASES`,
/// with the checksum at load in between.
const GOLDEN: &str = "tests/fixtures/checksums.txt";

fn lines() -> String {
    let mut out = String::new();
    for rel in common::shipped() {
        let mut g = common::load_seeded(&rel, 11);
        let at_load = g.checksum();
        for _ in 0..PHASES {
            g.step_phase();
        }
        out.push_str(&format!("{rel} {at_load} {}\n", g.checksum()));
    }
    out
}

#[test]
fn shipped_scenarios_keep_their_checksums() {
    let got = lines();
    let path = common::path(GOLDEN);
    if std::env::var_os("QM_BLESS").is_some() {
        std::fs::write(&path, &got).expect("written");
    }
    let want = std::fs::read_to_string(&path).expect("tests/fixtures/checksums.txt");
    let changed: Vec<_> = got.lines().zip(want.lines()).filter(|(g, w)| g != w).map(|(g, _)| g).collect();
    assert!(
        changed.is_empty() && got.lines().count() == want.lines().count(),
        "checksums changed (QM_BLESS=1 to accept, and say why): {changed:#?}"
    );
}
