//! Class 7: saves that do not fit their scenario are refused, at the
//! offending section: node ids past the map in rule 30's section, unknown
//! sections, an exploitation turn at `u32::MAX`.

use super::{qm, s, save_after, scenario, scratch};

/// A save of `rabaul-isolation` one phase in (its default sea lines
/// traced), edited by `edit`, written beside its scenario.
fn edited_save(name: &str, edit: impl FnOnce(String) -> String) -> std::path::PathBuf {
    let root = scratch(name);
    let scen = scenario(&root, "rabaul.ron", "scenarios/awaw/rabaul-isolation.ron", |t| t);
    let text = edit(save_after(&scen, 1));
    let p = root.join("scenarios/t/x.sav.ron");
    std::fs::write(&p, text).unwrap();
    p
}

/// `text` with the number after the first `key` that follows `marker`
/// replaced by `value`.
fn set_number_after(text: &str, marker: &str, key: &str, value: &str) -> String {
    let m = text.find(marker).unwrap_or_else(|| panic!("no {marker} in the save"));
    let k = m + text[m..].find(key).unwrap_or_else(|| panic!("no {key} after {marker}")) + key.len();
    let digits = text[k..].find(|c: char| !c.is_ascii_digit() && c != ' ').unwrap();
    format!("{}{value}{}", &text[..k], &text[k + digits..])
}

#[test]
fn a_node_id_past_the_map_in_a_sea_line_is_refused() {
    let p = edited_save("node-range", |t| set_number_after(&t, "\"lines\":", "\"from\":", " 4000000"));
    qm(&["run", s(&p), "--phases", "1"]).refused("node 4000000 is out of range");
}

#[test]
fn an_unknown_section_in_a_save_is_refused_with_the_nearest_name() {
    let p = edited_save("save-section", |t| t.replacen("sections: {", "sections: {\n\"awaw_supply\": {},", 1));
    let r = qm(&["run", s(&p), "--phases", "1"]);
    r.refused("unknown section `awaw_supply`, did you mean awaw-supply?");
    assert!(!r.err.contains("x.sav.ron:1:1:"), "{}", r.err);
}

#[test]
fn an_exploitation_turn_at_u32_max_is_refused() {
    let p = edited_save("exploited", |t| t.replacen("exploited_turn: None", "exploited_turn: Some(4294967295)", 1));
    qm(&["run", s(&p), "--phases", "1"]).refused("exploitation turn 4294967295 is out of range");
}
