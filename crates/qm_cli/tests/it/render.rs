//! `qm render` (issue 13): a golden SVG of a small scenario, a PNG of the
//! Barbarossa pocket (SUP-185) whose pocket hexes have the unsupplied
//! colour, and a territory map (COL-004..008) with its cut lines, lost
//! territories, trade and blockades. `UPDATE_EXPECT=1` rewrites the golden
//! SVG.

use crate::{qm, root};

use qm_game::{DeterminationKind, Side};
use qm_render::layout::Layout;
use qm_render::png::pixmap;
use qm_render::scene::Scene;
use std::path::Path;

/// Renders with `qm render` to a scratch file; the file's path.
fn render(args: &[&str], name: &str) -> std::path::PathBuf {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let o = out.display().to_string();
    let args: Vec<String> = args.iter().map(|a| if a.ends_with(".ron") { root(a) } else { (*a).to_string() }).collect();
    let mut all: Vec<&str> = vec!["render"];
    all.extend(args.iter().map(String::as_str));
    all.extend(["-o", o.as_str()]);
    let (code, stdout, err) = qm(&all);
    assert_eq!(code, 0, "{stdout}{err}");
    assert!(stdout.starts_with("wrote "), "{stdout}");
    out
}

#[test]
fn the_svg_of_rabaul_after_its_player_turn_matches_the_golden_file() {
    let out = render(
        &["scenarios/awaw/rabaul-isolation.ron", "--phases", "5", "--orders", "tests/fixtures/orders/rabaul-cut.ron"],
        "rabaul.svg",
    );
    let svg = std::fs::read_to_string(out).expect("written");
    expect_test::expect_file!["golden/rabaul-isolation.svg"].assert_eq(&svg);
    // What the picture must show: the disrupted line, its attacker, the
    // eliminated 1-2 and the isolated 2-2 that survives (SUP-180).
    assert!(svg.contains("class=\"sea-line disrupted\""), "a dashed sea line");
    assert!(svg.contains("attacked by jap-air"));
    assert!(svg.contains("us-1-2 (usa inf): eliminated by isolation (SUP-177)"));
    assert!(svg.contains("us-2-2 (usa inf): isolated"));
    assert!(svg.contains("data-hex=\"truk\""), "the Truk box");
}

#[test]
fn the_png_of_the_barbarossa_pocket_shows_the_pocket_unsupplied() {
    let out = render(&["scenarios/awaw/barbarossa-pocket.ron"], "pocket.png");
    let png = resvg_pixmap(&out);
    // The same picture as SVG, laid out: where the hexes are.
    let mut g = qm_game::Game::load(root("scenarios/awaw/barbarossa-pocket.ron"), 1).expect("loads");
    g.determine_supply(Side::Allies, DeterminationKind::Initial);
    let scene = Scene::of(&mut g, Side::Allies);
    let lay = Layout::of(&scene);
    assert_eq!((png.width(), png.height()), (lay.width.ceil() as u32, lay.height.ceil() as u32));
    let at = |label: &str| {
        let n = g.spec().map.find(label).expect("hex");
        let (x, y) = lay.center(n).expect("laid out");
        let p = png.pixel(x as u32, y as u32).expect("inside");
        (p.red(), p.green(), p.blue())
    };
    // d53 is inside the pocket (no unit on it): red, unsupplied.
    let (r, gr, b) = at("d53");
    assert!(r > 200 && gr < 120 && b < 120, "d53 is {:?}", (r, gr, b));
    // e61, behind the Russian main front: green, fully supplied.
    let (r, gr, b) = at("e61");
    assert!(gr > r + 40 && gr > b + 40, "e61 is {:?}", (r, gr, b));
    // And the SVG agrees with the independent determination: every hex of
    // the pocket unsupplied, none of the main front.
    let svg = qm_render::scene_svg(&scene);
    for hex in ["d52", "d53", "d54", "e52", "e53", "e54", "f52", "f53", "f54"] {
        assert!(svg.contains(&format!("<title>{hex}")), "{hex}");
        assert_eq!(
            scene.node(g.spec().map.find(hex).expect("hex")).and_then(|n| n.supply).map(|s| s.as_str()),
            Some("unsupplied"),
            "{hex}"
        );
    }
}

/// Reads back a PNG file with the renderer's own decoder.
fn resvg_pixmap(p: &Path) -> qm_render::png::Pixmap {
    qm_render::png::Pixmap::load_png(p).expect("a PNG")
}

#[test]
fn a_territory_map_renders_as_a_graph_with_cut_lines_lost_territories_and_blockades() {
    let out = render(&["scenarios/wteaw/europe-1914.ron"], "europe-1914.svg");
    let svg = std::fs::read_to_string(&out).expect("written");
    for key in ["london", "heligoland", "north-sea", "cyprus", "brussels"] {
        assert!(svg.contains(&format!("data-hex=\"{key}\"")), "{key}");
    }
    // COL-005: the Grand Fleet cuts Heligoland off; COL-008: Brussels is
    // held by Germany, lost by Belgium; COL-006: North Sea trade blocked.
    assert!(svg.contains("Heligoland (heligoland), line of supply cut"), "Heligoland's cut line");
    assert!(svg.contains("lost by belgium"), "a lost territory");
    assert!(svg.contains("trade: blocked"), "blocked trade");
    assert!(svg.contains("\nblockade\n"), "a blockading ship");
    // A line of supply is drawn from a territory to its supply center (a
    // center itself traces a line of one territory, with nothing to draw).
    assert!(svg.contains("data-line=\"burgundy\""), "lines of supply drawn");
    let png = pixmap(&svg, 0.5).expect("renders");
    assert!(png.width() > 500 && png.height() > 400);
}

#[test]
fn the_map_keeps_nation_and_supply_apart_with_nato_symbols_and_a_full_legend() {
    let mut g = qm_game::Game::load(root("scenarios/awaw/barbarossa-pocket.ron"), 1).expect("loads");
    g.determine_supply(Side::Allies, DeterminationKind::Initial);
    let scene = Scene::of(&mut g, Side::Allies);
    let svg = qm_render::scene_svg(&scene);
    let units: Vec<&str> = svg.split("<g class=\"unit\"").skip(1).collect();
    assert_eq!(units.len(), scene.units.len());
    for u in &units {
        // Every counter has the same body; its nation is the band on top,
        // so no counter takes a colour of the supply tints.
        assert!(u.contains("fill=\"#f7f5ee\""), "{u}");
        assert!(u.contains("class=\"symbol\""), "{u}");
    }
    // NATO symbols: armour is a track (an ellipse), infantry a cross (and
    // no ellipse).
    let ger_4pz = units.iter().find(|u| u.contains("ger-4pz")).expect("the panzer army");
    assert!(ger_4pz.contains("<ellipse"), "{ger_4pz}");
    let sov_21a = units.iter().find(|u| u.contains("sov-21a")).expect("the 21st army");
    assert!(!sov_21a.contains("<ellipse") && sov_21a.contains("<line"), "{sov_21a}");
    // The legend: the symbols on the map, the nation key, the terrain.
    let legend = &svg[svg.find("class=\"legend\"").expect("a legend")..];
    for text in ["infantry", "armour", "isolated", "eliminated", "Nations (counter band)", "Terrain", "clear", "forest"]
    {
        assert!(legend.contains(&format!("\n{text}\n")), "{text}");
    }
    for (key, name) in [("germany", "Germany"), ("russia", "Russia")] {
        assert!(legend.contains(&format!("data-nation=\"{key}\"")), "{key}");
        assert!(legend.contains(&format!("\n{name}\n")), "{name}");
    }
    // Labels are never cut: the Reich box's name wraps onto two lines.
    assert!(svg.contains("\nThe Reich (off the\n") && svg.contains("\nexcerpt)\n"), "the Reich box's name");
    assert!(!svg.contains("...\n"), "a label cut");
}
