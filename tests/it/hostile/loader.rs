//! Class 3, the loader: the map's size is estimated from its blocks'
//! origins, row counts and row lengths before any hex, label or diagnostic
//! is made, and problems past a few hundred are counted, not kept.

use super::{hex_map, qm, s, scratch};

#[test]
fn a_map_spanning_19m_cells_is_refused_from_its_header() {
    let root = scratch("19m");
    // 4,400 rows of 4,400 hexes: 19.4M cells, in 39 MB of text.
    let p = root.join("scenarios/t/big.ron");
    std::fs::write(&p, hex_map(&[("a1", 4_400, 4_400)])).unwrap();
    qm(&["check", s(&p)]).refused("over the limit of 4000000 (raise it with --max-hexes)");
}

#[test]
fn a_million_one_hex_rows_with_a_problem_each_stay_bounded() {
    let root = scratch("1m-rows");
    // A million rows of one hex, each with an unknown terrain code.
    let rows = "\"?\",\n".repeat(1_000_000);
    let text = format!(
        "Scenario(title: \"rows\", ruleset: \"../../assets/rulesets/awaw.ron\", side: Allies,\n \
         map: (blocks: [(origin: \"a1\", terrain: [\n{rows}])]))\n"
    );
    let p = root.join("scenarios/t/rows.ron");
    std::fs::write(&p, text).unwrap();
    let r = qm(&["check", s(&p)]);
    r.refused("unknown terrain code");
    assert!(r.err.contains("more problems"), "{}", r.err);
    assert!(r.err.len() < 64 << 10, "{} bytes of diagnostics", r.err.len());
}
