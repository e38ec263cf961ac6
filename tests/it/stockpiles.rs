//! MWIF 27.2 through the game, on `scenarios/mwif/stockpiles.ron`: saving
//! oil and build points and their caps, a neutral major power's one oil a
//! turn, transport, saved build points spent within a hex's limit, resources
//! sent with the oil committed, capture by land units, bombardment, an HQ
//! made an oil resource, Chinese oil and Stilwell, and a co-operating
//! power's oil refused. Every refusal is a typed error with the state
//! unchanged.

use crate::common;

use common::{load, load_seeded, mv, refused, step_to, submit};
use quartermaster::oil::state::{SavedBuildPoints, SavedOil, StockLog, Stockpile};
use quartermaster::oil::{OilOrderError, PowerReport, REORGANIZATION, Reorganizations};
use quartermaster::prelude::*;

const SCENARIO: &str = "scenarios/mwif/stockpiles.ron";

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(ToString::to_string).collect()
}

fn oil_error(e: &OrderError) -> OilOrderError {
    e.rule::<OilOrderError>().cloned().unwrap_or_else(|| panic!("not an oil error: {e}"))
}

/// Saved (oil, build points) of each owner in a hex, by nation key.
fn stock(g: &mut Game, hex: &str) -> Vec<(String, u32, u32)> {
    let node = common::node(g, hex);
    let spec = g.spec().clone();
    let w = g.world_mut();
    let mut q = w.query::<(&Stockpile, &SavedOil, &SavedBuildPoints)>();
    let mut out: Vec<(String, u32, u32)> = q
        .iter(w)
        .filter(|(p, _, _)| p.node == node)
        .map(|(p, o, b)| (spec.ruleset.nations[p.owner.index()].key.clone(), o.0, b.0))
        .collect();
    out.sort();
    out
}

fn log(g: &Game) -> StockLog {
    g.world().get_resource::<StockLog>().cloned().unwrap_or_default()
}

fn report(g: &Game, power: &str) -> PowerReport {
    let all = g.world().resource::<Reorganizations>();
    all.0.iter().find(|r| r.power == power).cloned().unwrap_or_else(|| panic!("no report for {power}"))
}

fn build_points(g: &Game, power: &str) -> u32 {
    let n = g.spec().ruleset.nation_by_key(power).expect("nation");
    g.world().resource::<quartermaster::oil::state::BuildPoints>().0.get(&n).copied().unwrap_or(0)
}

fn save(power: &str, at: &str, resources: &[&str], build_points: u32) -> OilOrder {
    OilOrder::SaveStock { power: power.into(), at: at.into(), resources: strings(resources), build_points }
}

fn spend(power: &str, at: &str, build_points: u32) -> OilOrder {
    OilOrder::SpendSaved { power: power.into(), at: at.into(), build_points }
}

/// The Allied player turn's reorganization step, about to run.
fn allied() -> Game {
    let mut g = load(SCENARIO);
    g.step_phase();
    step_to(&mut g, REORGANIZATION);
    assert_eq!(g.clock().side, Side::Allies);
    g
}

fn unit_line<'a>(r: &'a PowerReport, id: &str) -> Option<&'a quartermaster::oil::report::Reorganized> {
    r.reorganized.iter().find(|u| u.id == id)
}

fn reason(r: &PowerReport, id: &str) -> String {
    r.not_reorganized.iter().find(|u| u.id == id).map(|u| u.reason.clone()).unwrap_or_default()
}

#[test]
fn a_land_unit_in_a_hex_with_enemy_stock_takes_it_oil_013() {
    let mut g = load(SCENARIO);
    assert_eq!(stock(&mut g, "dover"), vec![("britain".into(), 2, 1)]);
    g.step_phase();
    assert_eq!(stock(&mut g, "dover"), vec![("germany".into(), 2, 1)]);
    let c = &log(&g).captures;
    assert_eq!(c.len(), 1);
    assert_eq!((c[0].unit.as_str(), c[0].from.as_str(), c[0].to.as_str()), ("ger-raider", "britain", "germany"));
}

#[test]
fn a_land_unit_moving_into_enemy_stock_takes_it_in_the_movement_phase_oil_013() {
    let mut g = load(SCENARIO);
    g.step_phase();
    step_to(&mut g, MOVEMENT);
    assert_eq!(g.clock().side, Side::Allies);
    submit(&mut g, Side::Allies, vec![mv("bri-tank", "calais")]);
    assert_eq!(stock(&mut g, "calais"), vec![("germany".into(), 1, 2)]);
    g.step_phase();
    assert_eq!(stock(&mut g, "calais"), vec![("britain".into(), 1, 2)]);
    assert!(log(&g).captures.iter().any(|c| c.hex == "a6" && c.unit == "bri-tank"));
}

#[test]
fn hamburg_gives_4_saved_build_points_a_turn_and_berlin_any_number_oil_012() {
    let mut g = load(SCENARIO);
    submit(&mut g, Side::Axis, vec![spend("germany", "hamburg", 4), spend("germany", "berlin", 8)]);
    let e = refused(&mut g, Side::Axis, vec![spend("germany", "hamburg", 1)]);
    assert_eq!(oil_error(&e), OilOrderError::PastHexLimit { hex: "a7".into(), limit: 4, drawn: 4, asked: 1 });
    g.step_phase();
    assert_eq!(build_points(&g, "germany"), 12);
    assert_eq!(stock(&mut g, "hamburg"), vec![("germany".into(), 0, 2)]);
    assert_eq!(stock(&mut g, "berlin"), vec![]);
}

#[test]
fn spending_past_the_hex_limit_in_one_order_is_refused_oil_012() {
    let mut g = load(SCENARIO);
    let e = refused(&mut g, Side::Axis, vec![spend("germany", "hamburg", 5)]);
    assert_eq!(oil_error(&e), OilOrderError::PastHexLimit { hex: "a7".into(), limit: 4, drawn: 0, asked: 5 });
    let e = refused(&mut g, Side::Axis, vec![spend("germany", "frankfurt", 1)]);
    assert_eq!(oil_error(&e), OilOrderError::NothingSaved { hex: "a10".into(), power: "germany".into() });
}

#[test]
fn a_save_past_the_cap_and_a_save_of_non_oil_are_refused_oil_009() {
    let mut g = load(SCENARIO);
    let e = refused(&mut g, Side::Axis, vec![save("germany", "kiel", &["ruhr-oil"], 0)]);
    let past = OilOrderError::PastCap { hex: "a9".into(), what: "oil points".into(), cap: 4, held: 4, adding: 1 };
    assert_eq!(oil_error(&e), past);
    let e = refused(&mut g, Side::Axis, vec![save("germany", "frankfurt", &["ruhr-coal"], 0)]);
    assert_eq!(oil_error(&e), OilOrderError::NotOil("ruhr-coal".into()));
    let e = refused(&mut g, Side::Axis, vec![save("germany", "ruhr", &["ruhr-oil"], 0)]);
    assert_eq!(oil_error(&e), OilOrderError::NotCityOrPort("a11".into()));
    let e = refused(&mut g, Side::Axis, vec![save("germany", "frankfurt", &["ruhr-oil"; 4], 0)]);
    assert_eq!(oil_error(&e), OilOrderError::NoOilLeft("ruhr-oil".into()));
}

#[test]
fn saved_stock_is_transported_and_frees_the_cap_oil_011() {
    let mut g = load(SCENARIO);
    let from_nothing = OilOrder::TransportStock {
        power: "germany".into(),
        from: "frankfurt".into(),
        to: "hamburg".into(),
        oil: 1,
        build_points: 0,
    };
    let e = refused(&mut g, Side::Axis, vec![from_nothing]);
    assert_eq!(oil_error(&e), OilOrderError::NothingSaved { hex: "a10".into(), power: "germany".into() });
    let kiel_to_hamburg = OilOrder::TransportStock {
        power: "germany".into(),
        from: "kiel".into(),
        to: "hamburg".into(),
        oil: 2,
        build_points: 0,
    };
    // The save is valid only after the transport in the same batch.
    submit(&mut g, Side::Axis, vec![kiel_to_hamburg, save("germany", "kiel", &["ruhr-oil"], 0)]);
    g.step_phase();
    assert_eq!(stock(&mut g, "kiel"), vec![("germany".into(), 3, 0)]);
    assert_eq!(stock(&mut g, "hamburg"), vec![("germany".into(), 2, 6)]);
}

#[test]
fn saved_stock_moves_only_along_a_path_oil_011() {
    let mut g = load(SCENARIO);
    let kiel_to = |to: &str| OilOrder::TransportStock {
        power: "germany".into(),
        from: "kiel".into(),
        to: to.into(),
        oil: 1,
        build_points: 0,
    };
    // Memel is a German city, but no German land path nor a sea leg between
    // friendly ports joins it to Kiel (OIL-011: like any other resource).
    let e = refused(&mut g, Side::Axis, vec![kiel_to("memel")]);
    let cut = OilOrderError::NoTransportPath {
        power: "germany".into(),
        from: "a9".into(),
        to: "c3".into(),
        cut: String::new(),
    };
    assert_eq!(oil_error(&e), cut);
    // Frankfurt is joined to Kiel by German land.
    submit(&mut g, Side::Axis, vec![kiel_to("frankfurt")]);
    g.step_phase();
    assert_eq!(stock(&mut g, "frankfurt"), vec![("germany".into(), 1, 0)]);
    assert_eq!(stock(&mut g, "kiel"), vec![("germany".into(), 3, 0)]);
}

#[test]
fn sending_resources_commits_how_many_are_oil_oil_006() {
    let mut g = load(SCENARIO);
    let send = |to: &str, resources: u32, oil: u32| OilOrder::SendResources {
        from: "germany".into(),
        to: to.into(),
        resources,
        oil,
    };
    let e = refused(&mut g, Side::Axis, vec![send("britain", 2, 1)]);
    assert_eq!(oil_error(&e), OilOrderError::NotAlly { from: "germany".into(), to: "britain".into() });
    let e = refused(&mut g, Side::Axis, vec![send("japan", 1, 0)]);
    assert_eq!(oil_error(&e), OilOrderError::ReceiverAbsent("japan".into()), "Japan holds no hex here");
    let listed = g.legal_orders(Side::Axis);
    let to = |k: &str| {
        listed.iter().any(|o| matches!(o.downcast_ref(), Some(OilOrder::SendResources { to, .. }) if to == k))
    };
    assert!(to("italy") && !to("japan"), "sends are listed to the allies on the map only");
    let e = refused(&mut g, Side::Axis, vec![send("italy", 2, 3)]);
    assert_eq!(oil_error(&e), OilOrderError::OilMoreThanResources { resources: 2, oil: 3 });
    let e = refused(&mut g, Side::Axis, vec![send("italy", 5, 4)]);
    assert_eq!(oil_error(&e), OilOrderError::NotEnoughOil { power: "germany".into(), have: 3, asked: 4 });
    submit(&mut g, Side::Axis, vec![send("italy", 2, 1)]);
    g.step_phase();
    let s = &log(&g).shipments;
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].from.as_str(), s[0].to.as_str(), s[0].resources, s[0].oil), ("germany", "italy", 2, 1));
    assert_eq!(g.state().sections["mwif-oil"]["wells"][2]["spent"], 1, "ruhr-oil gave the oil sent");
}

fn bombard(at: &str, factors: u32, uncontested: bool) -> OilOrder {
    OilOrder::Bombard { at: at.into(), factors, uncontested }
}

fn bombed(seed: u64, uncontested: bool) -> (Game, quartermaster::oil::state::Bombing) {
    let mut g = load_seeded(SCENARIO, seed);
    submit(&mut g, Side::Axis, vec![bombard("liverpool", 6, uncontested)]);
    g.step_phase();
    let b = log(&g).bombings.first().cloned().expect("a bombing");
    (g, b)
}

#[test]
fn bombers_flying_uncontested_get_0_1_per_factory_and_saved_point_rounded_up_oil_014() {
    for seed in [1, 2, 3, 4, 5] {
        let (mut g, b) = bombed(seed, true);
        assert_eq!(b.bonus, 2, "0.1 x (3 factories + 3 saved oil + 5 saved build points) = 1.1 -> 2");
        assert_eq!(b.rolls.len(), 6);
        assert!(b.rolls.iter().all(|r| (1..=10).contains(r)));
        let hits = b.rolls.iter().filter(|&&r| r + 2 >= 10).count() as u32;
        assert_eq!(b.oil_destroyed, hits.min(3), "saved oil goes first");
        assert_eq!(b.build_points_destroyed, hits.saturating_sub(3).min(5));
        let left = vec![("britain".to_string(), 3 - b.oil_destroyed, 5 - b.build_points_destroyed)];
        let left: Vec<_> = left.into_iter().filter(|l| l.1 + l.2 > 0).collect();
        assert_eq!(stock(&mut g, "liverpool"), left);
        let (_, again) = bombed(seed, true);
        assert_eq!(again, b, "the outcome is the game's seeded stream");
    }
    let (_, contested) = bombed(1, false);
    assert_eq!(contested.bonus, 0);
}

#[test]
fn bombing_a_hex_with_no_enemy_stock_is_refused_oil_013() {
    let mut g = load(SCENARIO);
    let e = refused(&mut g, Side::Axis, vec![bombard("frankfurt", 3, true)]);
    assert_eq!(oil_error(&e), OilOrderError::NothingToBomb("a10".into()));
    let e = refused(&mut g, Side::Axis, vec![bombard("kiel", 3, true)]);
    assert_eq!(oil_error(&e), OilOrderError::NothingToBomb("a9".into()), "own stock is not a target");
}

#[test]
fn an_hq_made_a_supply_source_is_one_oil_resource_for_itself_and_others_oil_005() {
    let mut g = load(SCENARIO);
    g.step_phase();
    let r = report(&g, "germany");
    assert_eq!((reason(&r, "ger-hq"), reason(&r, "ger-pz")), ("no_path".into(), "no_path".into()));

    let mut g = load(SCENARIO);
    let expend =
        |hq: &str, supply: Option<&str>| OilOrder::ExpendSupply { hq: hq.into(), supply: supply.map(Into::into) };
    let e = refused(&mut g, Side::Axis, vec![expend("ger-pz", None)]);
    assert_eq!(oil_error(&e), OilOrderError::NotAnHq("ger-pz".into()));
    let e = refused(&mut g, Side::Axis, vec![expend("ger-hq", Some("ger-pz"))]);
    assert_eq!(oil_error(&e), OilOrderError::NotASupplyUnit { supply: "ger-pz".into(), hex: "c2".into() });
    submit(&mut g, Side::Axis, vec![expend("ger-hq", None)]);
    let e = refused(&mut g, Side::Axis, vec![expend("ger-hq", None)]);
    assert_eq!(oil_error(&e), OilOrderError::AlreadySource("ger-hq".into()));
    assert!(g.unit("ger-sup").is_some(), "expended when the phase applies the order");
    g.step_phase();
    // The supply unit is expended: removed from the map (OIL-005).
    assert!(g.unit("ger-sup").is_none(), "the supply unit is removed");
    assert_eq!(g.state().sections["mwif-oil"]["hq_sources"][0]["supply"], "ger-sup");
    let r = report(&g, "germany");
    assert_eq!(unit_line(&r, "ger-hq").map(|u| u.resource.as_str()), Some("hq@ger-hq"));
    assert_eq!(unit_line(&r, "ger-pz").map(|u| u.resource.as_str()), Some("hq@ger-hq"));
    let hq = r.resources.iter().find(|x| x.id == "hq@ger-hq").expect("the HQ is a resource");
    assert_eq!((hq.kind.as_str(), hq.load_tenths, hq.spent), ("hq", 6, 1));
    assert_eq!(g.state().sections["mwif-oil"]["hq_sources"][0]["spent"], true);
}

#[test]
fn london_holds_16_oil_and_16_build_points_oil_009_oil_010() {
    let mut g = allied();
    submit(&mut g, Side::Allies, vec![save("britain", "london", &["north-sea"; 16], 16)]);
    let e = refused(&mut g, Side::Allies, vec![save("britain", "london", &["north-sea"], 0)]);
    let past = OilOrderError::PastCap { hex: "a3".into(), what: "oil points".into(), cap: 16, held: 16, adding: 1 };
    assert_eq!(oil_error(&e), past);
    let e = refused(&mut g, Side::Allies, vec![save("britain", "london", &[], 1)]);
    let past = OilOrderError::PastCap { hex: "a3".into(), what: "build points".into(), cap: 16, held: 16, adding: 1 };
    assert_eq!(oil_error(&e), past);
    g.step_phase();
    assert_eq!(stock(&mut g, "london"), vec![("britain".into(), 16, 16)]);
    assert_eq!(build_points(&g, "britain"), 4);
}

#[test]
fn a_neutral_major_power_saves_one_oil_a_turn_oil_009() {
    let mut g = allied();
    let e = refused(&mut g, Side::Allies, vec![save("usa", "new-york", &["texas", "texas"], 0)]);
    assert_eq!(oil_error(&e), OilOrderError::NeutralLimit { power: "usa".into(), saved: 0 });
    submit(&mut g, Side::Allies, vec![save("usa", "new-york", &["texas"], 0)]);
    let e = refused(&mut g, Side::Allies, vec![save("usa", "new-york", &["texas"], 0)]);
    assert_eq!(oil_error(&e), OilOrderError::NeutralLimit { power: "usa".into(), saved: 1 });
    g.step_phase();
    assert_eq!(stock(&mut g, "new-york"), vec![("usa".into(), 1, 0)]);
}

#[test]
fn the_chinas_share_oil_and_us_units_in_china_use_it_through_stilwell_oil_003() {
    let mut g = allied();
    g.step_phase();
    let cc = report(&g, "communist-china");
    assert_eq!(unit_line(&cc, "cc-arm").map(|u| u.resource.as_str()), Some("szechuan"), "Nationalist oil");
    let nc = report(&g, "nationalist-china");
    assert_eq!(unit_line(&nc, "nc-arm").map(|u| u.resource.as_str()), Some("szechuan"));
    let us = report(&g, "usa");
    let line = unit_line(&us, "us-air-china").expect("reorganized with Chinese oil");
    assert_eq!(line.resource, "szechuan");
    assert_eq!(line.path, vec!["g5".to_string(), "g6".to_string()], "traced to Stilwell, not to the oil");
    assert_eq!(reason(&us, "us-air-burma"), "no_path", "in Burma, not in China");
    assert_eq!(reason(&us, "us-air-far"), "no_path", "in China, cut off from Stilwell");
    let kinds: Vec<&str> = us.resources.iter().map(|r| r.kind.as_str()).collect();
    assert!(kinds.contains(&"produced-via-stilwell"), "{kinds:?}");
}

#[test]
fn powers_sharing_oil_are_solved_together_oil_003_oil_004() {
    let mut g = allied();
    g.step_phase();
    // Szechuan carries the two Chinese armors (0.2 each) and the US air unit
    // through Stilwell (0.1): 0.5 on one resource, so it is spent (OIL-004),
    // though no power alone puts 0.5 on it.
    for power in ["communist-china", "nationalist-china", "usa"] {
        let r = report(&g, power);
        let szechuan = r.resources.iter().find(|x| x.id == "szechuan").expect("szechuan listed");
        assert_eq!((szechuan.load_tenths, szechuan.spent), (5, 1), "{power}");
    }
    let us = report(&g, "usa");
    let own: Vec<&str> = us.reorganized.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(own, vec!["us-air-china"], "each report lists its own units");
}

#[test]
fn a_co_operating_major_powers_oil_is_refused_oil_003() {
    let mut g = allied();
    let draw = OilOrder::DrawOil { power: "britain".into(), oil: strings(&["iceland-oil"]) };
    let e = refused(&mut g, Side::Allies, vec![draw]);
    let foreign =
        OilOrderError::ForeignOil { resource: "iceland-oil".into(), owner: "usa".into(), power: "britain".into() };
    assert_eq!(oil_error(&e), foreign);
    let own = OilOrder::DrawOil { power: "britain".into(), oil: strings(&["north-sea"]) };
    submit(&mut g, Side::Allies, vec![own]);
    g.step_phase();
    let r = report(&g, "britain");
    assert_eq!(reason(&r, "bri-air"), "no_path", "US oil next to it is not British oil");
    assert!(r.resources.iter().all(|x| x.id == "north-sea"), "DrawOil keeps to the listed oil");
}

#[test]
fn stockpile_state_survives_save_and_restore() {
    let mut g = load(SCENARIO);
    submit(&mut g, Side::Axis, vec![spend("germany", "hamburg", 2), bombard("liverpool", 3, true)]);
    g.step_phase();
    let back = Game::restore(&g.snapshot());
    assert_eq!(back.checksum(), g.checksum());
    let s = g.state();
    assert_eq!(s.sections["mwif-oil"]["build_points_drawn"][0][0], "a7");
    assert_eq!(s.sections["mwif-oil"]["log"]["bombings"].as_array().map(Vec::len), Some(1));
}

#[test]
fn stockpile_orders_are_played_by_qm_run_from_an_orders_file() {
    let file = common::path(SCENARIO);
    let file = file.to_str().expect("utf-8 path");
    let orders = common::path("tests/fixtures/orders/stockpiles-orders.ron");
    let orders = orders.to_str().expect("utf-8 path");
    let played = common::json(&["run", file, "--phases", "1", "--orders", orders, "--json"]);
    let plain = common::json(&["run", file, "--phases", "1", "--json"]);
    assert_ne!(played["checksum"], plain["checksum"], "the orders changed the game");

    let mut g = load(SCENARIO);
    let bytes = std::fs::read(common::path("tests/fixtures/orders/stockpiles-orders.ron")).expect("orders file");
    let batches = g.read_orders("stockpiles-orders.ron", &bytes).expect("orders parse");
    g.step_with(&batches).expect("orders accepted");
    assert_eq!(g.checksum().to_string(), played["checksum"].as_str().unwrap_or_default());
    assert_eq!(build_points(&g, "germany"), 12);
    assert_eq!(stock(&mut g, "frankfurt"), vec![("germany".into(), 1, 0)]);
    assert_eq!(stock(&mut g, "hamburg"), vec![("germany".into(), 2, 2)]);
    assert_eq!(log(&g).shipments.len(), 1);
    assert_eq!(log(&g).bombings[0].bonus, 2);
    assert_eq!(report(&g, "germany").spent_total, 1, "the HQ's point reorganizes it and the armor");

    let refused = common::path("tests/fixtures/orders/stockpiles-orders-refused.ron");
    let (code, _, err) = common::qm(&["run", file, "--phases", "1", "--orders", refused.to_str().unwrap_or("")]);
    assert_eq!(code, 1);
    assert!(err.contains("at most 4 saved build points a turn (OIL-012"), "{err}");
}

/// OIL-009, OIL-010: a scenario whose stockpile holds more than its hex's
/// cap is refused on load with the place and the cap, not played (Berlin,
/// a capital city without a port: (4 + 0) x 2 = 8).
#[test]
fn a_stockpile_past_its_cap_is_refused_on_load() {
    let text = std::fs::read_to_string(SCENARIO).expect("the shipped scenario");
    let at_cap = r#"(hex: "berlin", owner: "germany", build_points: 8)"#;
    assert!(text.contains(at_cap), "the scenario holds Berlin at its cap");
    let past = text.replace(at_cap, r#"(hex: "berlin", owner: "germany", build_points: 9)"#);
    let c = quartermaster::scenario::load_bytes(SCENARIO, past.as_bytes(), |p| std::fs::read(p)).expect("it parses");
    let e = Game::from_compiled(c, 1).err().expect("refused");
    let messages: Vec<&str> = e.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert!(messages.iter().any(|m| m.contains("`berlin`") && m.contains("past the hex's cap of 8")), "{messages:?}");
}
