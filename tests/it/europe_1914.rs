//! Issue 9: the playable 1914 Europe (`scenarios/wteaw/europe-1914.ron`)
//! and the collection commands on it: `qm check`, `qm collect`, `qm
//! explain` of a territory, `qm run` with its income statements and `qm
//! supply`'s territory table. The numbers are worked by hand from the map's
//! (illustrative) values.

use crate::common;

use common::*;
use qm_cli::collect::play_collection;
use quartermaster::collect::{IncomeStatement, LineStatus, TradeOutcome};

const EUROPE: &str = "scenarios/wteaw/europe-1914.ron";

fn file() -> String {
    path(EUROPE).display().to_string()
}

/// The statements of the Central Powers' collection, then the Entente's.
fn both_collections() -> (Vec<IncomeStatement>, Vec<IncomeStatement>) {
    let mut g = load(EUROPE);
    let axis = play_collection(&mut g).expect("a collection phase");
    let allies = play_collection(&mut g).expect("a collection phase");
    (axis, allies)
}

fn of<'a>(made: &'a [IncomeStatement], nation: &str) -> &'a IncomeStatement {
    made.iter().find(|s| s.nation == nation).unwrap_or_else(|| panic!("no statement for {nation}"))
}

/// `(zone, points, outcome, collected)` of every trade line.
fn trade(s: &IncomeStatement) -> Vec<(&str, u32, TradeOutcome, u32)> {
    s.naval_trade.iter().map(|z| (z.zone.as_str(), z.points, z.outcome, z.collected)).collect()
}

/// Every point is saved or listed as lost.
fn accounts_for_every_point(s: &IncomeStatement) {
    let values: u32 = s.territories.iter().map(|t| t.value).sum();
    let points: u32 = s.naval_trade.iter().map(|z| z.points).sum();
    assert_eq!(values + points, s.total + s.lost(), "{}", s.nation);
}

#[test]
fn europe_1914_passes_qm_check_at_a_playable_size() {
    let (code, out, err) = qm(&["check", &file()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(108 territories, 24 sea zones, 0 boxes, 30 units, 0 sources)"), "{out}");
    let g = load(EUROPE);
    let places: Vec<&str> =
        quartermaster::collect::collect_map::CollectMap::of(g.spec()).places.iter().map(|p| p.key.as_str()).collect();
    for colony in ["british-india", "egypt", "french-north-africa", "german-east-africa", "libya"] {
        assert!(places.contains(&colony), "{places:?}");
    }
}

#[test]
fn germany_collects_55_with_heligoland_cut_and_the_north_sea_blocked() {
    let (axis, _) = both_collections();
    assert_eq!(axis.iter().map(|s| s.nation.as_str()).collect::<Vec<_>>(), ["austria-hungary", "germany"]);
    let s = of(&axis, "germany");
    // Conquered Brussels 2, Antwerp 2, Liege 1, Nord 3: 8, halved 4.
    assert_eq!((s.conquered_sum, s.conquered_counted), (8, 4));
    let heligoland = s.territory("heligoland").expect("heligoland");
    assert_eq!((heligoland.line, heligoland.counted), (LineStatus::Cut, 0));
    assert_eq!(heligoland.blocked_by.as_deref(), Some("north-sea (grand-fleet)"));
    // Trade lines in zone-key order.
    assert_eq!(trade(s), [("baltic-sea", 2, TradeOutcome::Collected, 2), ("north-sea", 2, TradeOutcome::Blocked, 0)]);
    // Homeland originals 46 (Heligoland's 1 lost) + conquered 4 + Baltic
    // trade 2 at home; Dar es Salaam 2 + Tanganyika 1 in the colony.
    assert_eq!((s.saved_at("germany"), s.saved_at("german-east-africa"), s.total), (52, 3, 55));
    assert_eq!(s.lost(), 1 + 4 + 2);
    accounts_for_every_point(s);
    let a = of(&axis, "austria-hungary");
    assert_eq!((a.total, a.lost(), a.conquered_sum), (27, 0, 0));
}

#[test]
fn the_entente_saves_at_homes_and_colonies_with_cyprus_cut_and_malta_round_by_libya() {
    let (_, allies) = both_collections();
    let nations: Vec<&str> = allies.iter().map(|s| s.nation.as_str()).collect();
    assert_eq!(nations, ["belgium", "britain", "france", "italy", "russia"]);

    let france = of(&allies, "france");
    assert_eq!((france.saved_at("france"), france.saved_at("french-north-africa"), france.total), (34, 8, 42));
    // Corsica's own port is a supply center of the homeland (COL-005).
    let corsica = france.territory("corsica").expect("corsica");
    assert_eq!(
        (france.line_of("corsica"), corsica.via.as_deref(), corsica.saved_at.as_deref()),
        (Some(vec!["corsica".to_string()]), None, Some("france"))
    );
    accounts_for_every_point(france);

    let britain = of(&allies, "britain");
    // British India saves at India, Egypt with Malta at Egypt.
    assert_eq!((britain.saved_at("british-india"), britain.saved_at("egypt")), (12, 5));
    let malta = britain.territory("malta").expect("malta");
    assert_eq!(
        britain.line_of("malta").expect("traced"),
        ["alexandria", "cyrenaica", "central-mediterranean", "malta"]
    );
    assert_eq!(malta.via.as_deref(), Some("central-mediterranean"));
    let cyprus = britain.territory("cyprus").expect("cyprus");
    assert_eq!((cyprus.line, cyprus.blocked_by.as_deref()), (LineStatus::Cut, Some("eastern-mediterranean (breslau)")));
    let convoy = britain.naval_trade.iter().find(|z| z.zone == "western-approaches").expect("convoys");
    assert_eq!(convoy.outcome, TradeOutcome::ConvoyBattle);
    let emden = britain.naval_trade.iter().find(|z| z.zone == "indian-ocean").expect("indian ocean");
    assert_eq!((emden.outcome, emden.blocked_by.as_deref()), (TradeOutcome::Blocked, Some("emden")));
    // Homeland 20 + North Atlantic 3 + Central Atlantic 1 + what the convoys
    // bring home through U-9 and U-21.
    assert_eq!(britain.saved_at("britain"), 24 + convoy.collected);
    accounts_for_every_point(britain);

    let russia = of(&allies, "russia");
    // Galicia conquered: 3 counts 2; the Goeben closes the Black Sea.
    assert_eq!((russia.conquered_sum, russia.conquered_counted, russia.total), (3, 2, 44));
    assert_eq!(
        trade(russia),
        [("black-sea", 2, TradeOutcome::Blocked, 0), ("white-sea", 1, TradeOutcome::Collected, 1)]
    );
    assert_eq!((of(&allies, "italy").total, of(&allies, "belgium").total), (26, 1));
}

#[test]
fn qm_explain_says_why_a_territorys_resources_were_lost_with_the_cut_line() {
    let (code, out, err) = qm(&["explain", &file(), "heligoland"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("heligoland (Heligoland), controlled by germany, resource value 1"), "{out}");
    assert!(out.contains("saved at germany (COL-004)"), "{out}");
    assert!(out.contains("line of supply CUT by north-sea (grand-fleet) (COL-005, ruling 4)"), "{out}");
    assert!(out.contains("its 1 are lost this turn (COL-005)"), "{out}");

    let (_, out, _) = qm(&["explain", &file(), "malta"]);
    assert!(out.contains("saved at egypt (COL-004)"), "{out}");
    assert!(
        out.contains("line of supply ok (COL-005, ruling 4): alexandria - cyrenaica - central-mediterranean - malta"),
        "{out}"
    );
    assert!(out.contains("original territory: counted 1 of 1 (COL-008)"), "{out}");

    let (_, out, _) = qm(&["explain", &file(), "nord"]);
    assert!(out.contains("controlled by germany"), "{out}");
    assert!(
        out.contains("conquered: 3 (of its 3) enters the conquered sum 8, halved and rounded up once to 4"),
        "{out}"
    );

    // A sea zone: what became of the naval trade there.
    let (_, out, _) = qm(&["explain", &file(), "north-sea"]);
    assert!(
        out.contains(
            "germany: 2 naval-trade points, 0 collected: blocked by the enemy surface warship grand-fleet (COL-006)"
        ),
        "{out}"
    );

    // Neutral land, and a unit as before.
    let (_, out, _) = qm(&["explain", &file(), "spain"]);
    assert!(out.contains("held by no nation of the war"), "{out}");
    let (code, _, err) = qm(&["explain", &file(), "atlantis"]);
    assert_eq!(code, 1);
    assert!(err.contains("no unit `atlantis`"), "{err}");
}

#[test]
fn qm_explain_after_phases_reads_the_recorded_statement() {
    let (code, out, err) = qm(&["explain", &file(), "cyprus", "--phases", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("income statement of britain, turn 1"), "{out}");
    assert!(out.contains("CUT by eastern-mediterranean (breslau)"), "{out}");
}

#[test]
fn qm_run_shows_the_income_statements_of_the_collection_phases_it_runs() {
    let (code, out, err) = qm(&["run", &file(), "--phases", "2"]);
    assert_eq!(code, 0, "{err}");
    for head in ["germany collects, turn 1", "austria-hungary collects, turn 1", "france collects, turn 1"] {
        assert!(out.contains(head), "{out}");
    }
    assert!(out.contains("total 55 (lost 7)"), "{out}");
    let v = json(&["run", &file(), "--phases", "1", "--json"]);
    let made = v["income_statements"].as_array().expect("income statements");
    let nations: Vec<&str> = made.iter().filter_map(|s| s["nation"].as_str()).collect();
    assert_eq!(nations, ["austria-hungary", "germany"]);
    assert_eq!((made[1]["total"].as_u64(), made[1]["conquered_counted"].as_u64()), (Some(55), Some(4)));
    // A hex game's run has no collection and no such key.
    let hex = path("scenarios/awaw/barbarossa-pocket.ron").display().to_string();
    let v = json(&["run", &hex, "--phases", "1", "--json"]);
    assert!(v.get("income_statements").is_none());
}

#[test]
fn qm_supply_draws_a_territory_map_as_a_table() {
    let (code, out, err) = qm(&["supply", &file()]);
    assert_eq!(code, 0, "{err}");
    let row = |key: &str| out.lines().find(|l| l.starts_with(&format!("{key} "))).unwrap_or_default().to_string();
    let heligoland = row("heligoland");
    assert!(heligoland.contains("germany") && heligoland.contains("CUT"), "{heligoland}");
    assert!(heligoland.contains("cut by north-sea (grand-fleet)"), "{heligoland}");
    let nord = row("nord");
    assert!(nord.contains("germany (of france)") && nord.contains(" ok "), "{nord}");
    assert!(row("bombay").contains("british-india"), "{}", row("bombay"));
    assert!(out.contains("territories: 108 ("), "{out}");
    assert!(!out.contains("SEA ZONE"), "sea zones with --map only");
    let (_, map, _) = qm(&["supply", &file(), "--map"]);
    assert!(map.contains("SEA ZONE"), "{map}");
    let zone = map.lines().find(|l| l.starts_with("north-sea ")).unwrap_or_default();
    assert!(zone.contains("grand-fleet (britain)") && zone.contains("u-17 (germany)"), "{zone}");
}
