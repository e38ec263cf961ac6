//! Class 5: nothing is silently ignored. Unknown section names (with the
//! nearest name), keys written twice in any map, duplicate lists of oil
//! resources, empty or repeated interceptors.

use super::{qm, s, scenario, scratch};

#[test]
fn a_misspelled_section_is_refused_with_the_nearest_name() {
    let root = scratch("section-name");
    let p = scenario(&root, "x.ron", "scenarios/mwif/stockpiles.ron", |t| t.replace("\"mwif-oil\":", "\"mwif_oil\":"));
    for cmd in ["run", "reorganize"] {
        let args: Vec<&str> = if cmd == "run" { vec!["run", s(&p), "--phases", "1"] } else { vec![cmd, s(&p)] };
        let r = qm(&args);
        r.refused("unknown section `mwif_oil`, did you mean mwif-oil?");
        // At the section's own line, not 1:1.
        assert!(!r.err.contains("x.ron:1:1:"), "{}", r.err);
    }
}

#[test]
fn keys_written_twice_are_refused_at_the_second() {
    let root = scratch("dup-keys");
    let p = scenario(&root, "wells.ron", "scenarios/mwif/stockpiles.ron", |t| {
        t.replace(
            "(key: \"ruhr-oil\", hex: \"ruhr\", points: 3),",
            "(key: \"ruhr-oil\", hex: \"ruhr\", points: 3),\n(key: \"ruhr-oil\", hex: \"ruhr\", points: 9),",
        )
    });
    qm(&["run", s(&p), "--phases", "1"]).refused("`ruhr-oil` is listed twice in `wells`");
    let p = scenario(&root, "map.ron", "scenarios/mwif/stockpiles.ron", |t| {
        t.replace("factories: {\"liverpool\": 3,", "factories: {\"liverpool\": 3, \"liverpool\": 4,")
    });
    qm(&["check", s(&p)]).refused("`liverpool` is written twice in this map");
}

#[test]
fn empty_and_repeated_interceptors_are_refused() {
    let root = scratch("intercept");
    let fixture = std::fs::read_to_string(crate::common::path("tests/fixtures/orders/rabaul-cut.ron")).unwrap();
    for (name, by, needle) in [
        ("empty", "[]", "names no attacking unit"),
        ("twice", "[\"jap-air\", \"jap-air\"]", "named twice among the attackers"),
    ] {
        let o = root.join(format!("{name}.ron"));
        std::fs::write(&o, fixture.replace("by: [\"jap-air\"]", &format!("by: {by}"))).unwrap();
        qm(&["run", "scenarios/awaw/rabaul-isolation.ron", "--phases", "5", "--orders", s(&o)]).refused(needle);
    }
}
