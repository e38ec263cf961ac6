//! Class 6: errors inside a family's section point at the offending value's
//! `file:line:col`, and numbers that overflow or are not numbers say so.

use super::{qm, s, scenario, scratch};

/// The line of the first line of `text` that holds `needle`, 1-based.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect("needle") + 1
}

#[test]
fn overflowing_and_nan_numbers_are_named_at_their_position() {
    let root = scratch("numbers");
    for (name, value, needle) in [("inf", "1e400", "this number overflows"), ("nan", "NaN", "`NaN` is not a number")] {
        let p = scenario(&root, &format!("{name}.ron"), "scenarios/mwif/stockpiles.ron", |t| {
            t.replace("factories: {\"liverpool\": 3,", &format!("factories: {{\"liverpool\": {value},"))
        });
        let text = std::fs::read_to_string(&p).unwrap();
        let line = line_of(&text, "factories:");
        let col = text.lines().nth(line - 1).unwrap().find(value).unwrap() + 1;
        let r = qm(&["check", s(&p)]);
        r.refused(needle);
        assert!(r.err.contains(&format!("{name}.ron:{line}:{col}:")), "{}", r.err);
        assert!(!r.err.contains("invalid type: null"), "{}", r.err);
    }
}

#[test]
fn a_section_its_family_refuses_is_reported_at_the_section() {
    let root = scratch("section-pos");
    let p = scenario(&root, "x.ron", "scenarios/mwif/stockpiles.ron", |t| {
        t.replace("hex: \"ruhr\", points: 3", "hex: \"nowhere\", points: 3")
    });
    let text = std::fs::read_to_string(&p).unwrap();
    let line = line_of(&text, "\"mwif-oil\":");
    let r = qm(&["run", s(&p), "--phases", "1"]);
    r.refused("unknown hex `nowhere`");
    assert!(r.err.contains(&format!("x.ron:{line}:")), "{}", r.err);
}

#[test]
fn a_value_its_family_cannot_read_is_reported_at_the_value() {
    let root = scratch("section-value");
    let p = scenario(&root, "x.ron", "scenarios/awaw/eastern-front-1941.ron", |t| {
        t.replace(r#"at_limit: [(side: "Axis", points: 5)]"#, "at_limit: [(side: Axis, points: 5)]")
    });
    let text = std::fs::read_to_string(&p).unwrap();
    let line = line_of(&text, "at_limit: [(side: Axis");
    let col = text.lines().nth(line - 1).unwrap().find("Axis").unwrap() + 1;
    let r = qm(&["run", s(&p), "--phases", "1"]);
    r.refused("rules.victory.at_limit[0].side");
    assert!(r.err.contains(&format!("x.ron:{line}:{col}:")), "{}", r.err);
    assert!(r.err.contains(r#"written as a string here: "Axis""#), "{}", r.err);
}
