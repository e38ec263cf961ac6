//! Class 2 and the render caps of class 3: every count read from input is
//! capped before anything is allocated for it.

use super::{hex_map, qm, s, scenario, scratch};

#[test]
fn bombard_factors_past_the_cap_are_refused_before_any_roll() {
    let root = scratch("bombard");
    let scen = scenario(&root, "stockpiles.ron", "scenarios/mwif/stockpiles.ron", |t| t);
    let orders = std::fs::read_to_string(crate::common::path("tests/fixtures/orders/stockpiles-orders.ron"))
        .unwrap()
        .replace("factors: 6", "factors: 4294967295");
    let o = root.join("scenarios/t/orders.ron");
    std::fs::write(&o, orders).unwrap();
    qm(&["run", s(&scen), "--phases", "1", "--orders", s(&o)]).refused("more than the 1000 one bombardment may hold");
}

#[test]
fn counts_on_the_command_line_past_their_caps_are_usage_errors() {
    let pocket = "scenarios/awaw/barbarossa-pocket.ron";
    qm(&["run", pocket, "--phases", "4294967295"]).refused("--phases");
    qm(&["render", pocket, "--phases", "4294967295", "-o", "/tmp/never.svg"]).refused("--phases");
    qm(&["explain", pocket, "x", "--phases", "4294967295"]).refused("--phases");
    qm(&["bench", "supply", "--hexes", "100", "--iters", "4294967295"]).refused("--iters");
    qm(&["bench", "game", "--hexes", "100", "--iters", "4294967295"]).refused("--iters");
    // At the cap, a run stops at the end of the game.
    let r = qm(&["run", "scenarios/awaw/eastern-front-1941.ron", "--phases", "100000"]);
    assert_eq!(r.code, Some(0), "{}", r.err);
}

#[test]
fn a_png_of_far_apart_hexes_is_refused_before_its_pixels_are_allocated() {
    let root = scratch("far-png");
    let far = format!("{}1500", quartermaster::game::row_letters(1499));
    let text = hex_map(&[("a1", 1, 1), (far.as_str(), 1, 1)]);
    let p = root.join("scenarios/t/far.ron");
    std::fs::write(&p, text).unwrap();
    let png = root.join("far.png");
    qm(&["render", s(&p), "-o", s(&png)]).refused("pixels a PNG may have");
    assert!(!png.exists());
}

#[test]
fn a_picture_of_too_many_hexes_is_refused_before_it_is_drawn() {
    let root = scratch("many-svg");
    let p = root.join("scenarios/t/big.ron");
    std::fs::write(&p, hex_map(&[("a1", 400, 250)])).unwrap();
    qm(&["render", s(&p), "-o", s(&root.join("big.svg"))]).refused("SVG elements");
    qm(&["render", s(&p), "-o", s(&root.join("big.png"))]).refused("SVG elements");
}
