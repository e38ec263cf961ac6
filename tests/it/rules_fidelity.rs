//! The rule texts read against the engine where it once read them wrong,
//! each case written from the text: a Middle East split that asks a power
//! for more than it has is settled, not refused (MET-006, ruling 6); the
//! doubled stockpile cap belongs to a major power's capital only (OIL-009,
//! OIL-010, with OIL-012's notion of a capital); a minor country's unit
//! uses its controlling major power's oil, the Chinas share theirs, and US
//! units in China reach Chinese oil through Stilwell (OIL-003).

use crate::common;

use common::{load, path, refused, step_to, submit};
use qm_cli::collect::play_collection;
use quartermaster::collect::{CollectOrder, IncomeStatement, Paid, Payment, Treasury};
use quartermaster::oil::{OilOrderError, PowerReport, REORGANIZATION, Reorganizations};
use quartermaster::prelude::*;

const MED: &str = "scenarios/middle-east/mediterranean.ron";
const STOCKPILES: &str = "scenarios/mwif/stockpiles.ron";

/// A shipped scenario with `edits` applied to its text (each `(from, to)`
/// replaced once), loaded against its own ruleset.
fn variant(scenario: &str, ruleset: &str, edits: &[(&str, &str)]) -> Result<Game, LoadError> {
    let mut text = std::fs::read_to_string(path(scenario)).expect("scenario");
    for (from, to) in edits {
        assert!(text.contains(from), "`{from}` not in {scenario}");
        text = text.replacen(from, to, 1);
    }
    let ruleset = std::fs::read(path(ruleset)).expect("ruleset");
    let c = quartermaster::scenario::load_bytes(scenario, text.as_bytes(), |_| Ok(ruleset.clone()))?;
    Game::from_compiled(c, 1)
}

// ---------------------------------------------------------------------------
// MET-006, ruling 6: "An Allied power never pays more than it has; what one
// cannot pay is taken from the next payer in the chooser's order; what no
// Allied power can pay is lost, and the ledger records it."

/// The Mediterranean with poor Allies: the United Kingdom has 2, the Soviet
/// Union 1, the United States nothing. Germany stands at 3, Italy at 2.
fn poor_allies() -> Game {
    variant(
        MED,
        "assets/rulesets/axis-allies-med.ron",
        &[
            (r#"control: "uk", value: 8,"#, r#"control: "uk", value: 0,"#),
            (r#"control: "usa", value: 4,"#, r#"control: "usa", value: 0,"#),
            (r#"control: "ussr", value: 3,"#, r#"control: "ussr", value: 1,"#),
        ],
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn split(payee: &str, by: &[(&str, u32)]) -> CollectOrder {
    CollectOrder::MiddleEastSplit {
        payee: payee.to_string(),
        paid_by: by.iter().map(|(k, v)| Payment { nation: (*k).to_string(), amount: *v }).collect(),
    }
}

fn paid(pairs: &[(&str, u32)]) -> Vec<Paid> {
    pairs.iter().map(|(k, v)| Paid { nation: (*k).to_string(), amount: *v }).collect()
}

fn settled(made: &[IncomeStatement], nation: &str) -> (Vec<Paid>, u32, Option<Side>) {
    let s = made.iter().find(|s| s.nation == nation).expect("a statement");
    let m = s.middle_east.as_ref().expect("a marker");
    (m.paid_by.clone(), m.shortfall, m.chosen_by)
}

fn balance(g: &Game, nation: &str) -> u32 {
    g.world().get_resource::<Treasury>().map_or(0, |t| t.has(nation))
}

#[test]
fn met_006_a_split_that_asks_a_power_for_more_than_it_has_is_settled_not_refused() {
    let mut g = poor_allies();
    // The Allies ask the United Kingdom for all 3 of Germany's level; it has
    // 2. The split is accepted (ruling 6 settles it instead of refusing it).
    submit(&mut g, Side::Allies, vec![split("germany", &[("uk", 3)])]);
    let made = play_collection(&mut g).expect("collection");
    // The United Kingdom pays what it has (2); the rest (1) is taken from the
    // next payer in the chooser's order: the Soviet Union, the only other
    // Allied power with anything.
    assert_eq!(settled(&made, "germany"), (paid(&[("uk", 2), ("ussr", 1)]), 0, Some(Side::Allies)));
    // Italy's 2: the Allies gave no split, the Axis chooses, and no Allied
    // power has anything left: lost, and recorded.
    assert_eq!(settled(&made, "italy"), (vec![], 2, Some(Side::Axis)));
    assert_eq!((balance(&g, "uk"), balance(&g, "ussr"), balance(&g, "usa")), (0, 0, 0));
}

#[test]
fn met_006_what_no_allied_power_can_pay_is_lost_after_every_payer_gave_what_it_had() {
    let mut g = poor_allies();
    // The Allies name the United States (nothing) for 2 and the Soviet Union
    // for 1: the United States' 2 pass on to the next payer, the Soviet
    // Union (1 in all, what it has), then to the United Kingdom (2).
    submit(&mut g, Side::Allies, vec![split("germany", &[("usa", 2), ("ussr", 1)])]);
    let made = play_collection(&mut g).expect("collection");
    assert_eq!(settled(&made, "germany"), (paid(&[("ussr", 1), ("uk", 2)]), 0, Some(Side::Allies)));
    let germany = made.iter().find(|s| s.nation == "germany").expect("germany");
    assert_eq!(germany.middle_east.as_ref().map(|m| m.level), Some(3));
}

// ---------------------------------------------------------------------------
// OIL-009, OIL-010: "4 for a city, 4 for a port, and double if it's a major
// power's capital" (London 16), with OIL-012's notion of a capital.

/// Liverpool (a4: city and port, 3 oil and 5 build points saved) made the
/// capital of Australia, a minor country, now held by Britain; with `more`
/// edits.
fn liverpool_a_minor_capital(more: &[(&str, &str)]) -> Result<Game, LoadError> {
    let mut edits = vec![
        (
            r#"(hex: "a4", name: "liverpool", features: [City, Port]),"#,
            r#"(hex: "a4", name: "liverpool", features: [City, Capital, Port]),"#,
        ),
        (
            r#"                ],
            ),
            (
                origin: "g1","#,
            r#"                ],
                original: [
                    "~ B B A B G G G G G G ~ ~ ~",
                     "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~",
                    "~ G G ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~",
                     "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~",
                    "~ U U ~ ~ U U ~ ~ ~ ~ ~ ~ ~",
                     "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~",
                ],
            ),
            (
                origin: "g1","#,
        ),
        (r#"'C': "communist-china","#, r#"'C': "communist-china", 'A': "australia","#),
    ];
    edits.extend_from_slice(more);
    variant(STOCKPILES, "assets/rulesets/mwif-oil.ron", &edits)
}

fn allied_reorganization(mut g: Game) -> Game {
    g.step_phase();
    step_to(&mut g, REORGANIZATION);
    assert_eq!(g.clock().side, Side::Allies);
    g
}

fn oil_error(e: &OrderError) -> OilOrderError {
    e.rule::<OilOrderError>().cloned().unwrap_or_else(|| panic!("not an oil error: {e}"))
}

#[test]
fn oil_009_a_minor_countrys_capital_holds_8_not_16() {
    let mut g = allied_reorganization(liverpool_a_minor_capital(&[]).unwrap_or_else(|e| panic!("{e}")));
    let save = |at: &str, bp: u32| OilOrder::SaveStock {
        power: "britain".into(),
        at: at.into(),
        resources: Vec::new(),
        build_points: bp,
    };
    // Liverpool holds 5 build points: 3 more reach its cap of (4 + 4) = 8,
    // not doubled, since Australia is no major power; a fourth is past it.
    let e = refused(&mut g, Side::Allies, vec![save("liverpool", 4)]);
    let past = OilOrderError::PastCap { hex: "a4".into(), what: "build points".into(), cap: 8, held: 5, adding: 4 };
    assert_eq!(oil_error(&e), past);
    submit(&mut g, Side::Allies, vec![save("liverpool", 3)]);
    // London, a major power's capital, still holds 16.
    submit(&mut g, Side::Allies, vec![save("london", 16)]);
}

#[test]
fn oil_009_a_scenario_past_a_minor_capitals_cap_is_refused_on_load() {
    let past = liverpool_a_minor_capital(&[(
        r#"(hex: "liverpool", owner: "britain", oil: 3, build_points: 5),"#,
        r#"(hex: "liverpool", owner: "britain", oil: 9, build_points: 5),"#,
    )]);
    let e = past.err().expect("9 oil in a minor country's capital is past its cap of 8");
    let messages: Vec<&str> = e.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert!(messages.iter().any(|m| m.contains("`liverpool`") && m.contains("cap of 8")), "{messages:?}");
}

// ---------------------------------------------------------------------------
// OIL-003: "For a unit to use oil for reorganizing, the oil must belong to
// the unit's controlling major power. Even oil controlled by co-operating
// major powers can't be used. However, Communist and Nationalist Chinese can
// use each other's oil. Chinese controlled oil resources may reorganize
// disorganized US units in China if they can trace a supply path ... back to
// Stilwell."

fn reports(g: &Game) -> Vec<PowerReport> {
    g.world().resource::<Reorganizations>().0.clone()
}

/// The resource a unit was reorganized with, in whichever power's report.
fn used_by(g: &Game, unit: &str) -> Option<String> {
    reports(g).iter().flat_map(|r| &r.reorganized).find(|u| u.id == unit).map(|u| u.resource.clone())
}

/// The stockpiles scenario with an Australian armor unit (Australia a minor
/// country controlled by Britain) next to the North Sea oil, disorganized,
/// and Communist China a minor ally of Russia.
fn with_patrons() -> Game {
    variant(
        STOCKPILES,
        "assets/rulesets/mwif-oil.ron",
        &[
            (
                r#"(id: "bri-tank", nation: "britain", kind: "arm", at: "a5"),"#,
                r#"(id: "bri-tank", nation: "britain", kind: "arm", at: "a5"),
        (id: "aus-arm", nation: "australia", kind: "arm", at: "a4"),"#,
            ),
            (r#""bri-air", "cc-arm","#, r#""aus-arm", "bri-air", "cc-arm","#),
            (
                "    units: [",
                r#"    nations: [
        (nation: "australia", patron: "britain"),
        (nation: "communist-china", patron: "russia"),
    ],
    units: ["#,
            ),
        ],
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn oil_003_a_minor_countrys_unit_uses_its_controlling_major_powers_oil() {
    let mut g = allied_reorganization(with_patrons());
    g.step_phase();
    // Australia has no oil of its own; Britain, its controlling major power,
    // has the North Sea.
    assert_eq!(used_by(&g, "aus-arm").as_deref(), Some("north-sea"));
    // The Chinese exception holds whoever Communist China's patron is: its
    // armor uses Nationalist Chinese oil, not Russia's (Russia has none).
    assert_eq!(used_by(&g, "cc-arm").as_deref(), Some("szechuan"));
    // Stilwell: the US air unit in China uses Chinese oil through him; the
    // one in Burma does not.
    assert_eq!(used_by(&g, "us-air-china").as_deref(), Some("szechuan"));
    assert_eq!(used_by(&g, "us-air-burma"), None);
    // A co-operating major power's oil is still refused: the British air
    // unit next to US oil is not reorganized.
    assert_eq!(used_by(&g, "bri-air"), None);
}

#[test]
fn oil_003_the_shipped_scenarios_still_load() {
    for s in [STOCKPILES, "scenarios/mwif/oil-example.ron", "scenarios/mwif/europe-1942-oil.ron"] {
        let _ = load(s);
    }
}

// ---------------------------------------------------------------------------
// Rulings 12 to 15 (the rules' README), each from its text.

/// Ruling 12: "only surface warships close a zone to lines of supply and
/// block naval trade. Transports, submarines alone and other non-combat
/// ships close nothing."
#[test]
fn ruling_12_a_transport_or_a_submarine_closes_no_sea_zone() {
    let sea_lines = |cruiser_kind: &str| {
        let to = format!(r#"(id: "ger-cruiser", nation: "germany", kind: "{cruiser_kind}", at: "celtic-sea"),"#);
        let mut g = variant(
            "scenarios/wteaw/sea-lines.ron",
            "assets/rulesets/wteaw.ron",
            &[(r#"(id: "ger-cruiser", nation: "germany", kind: "fleet", at: "celtic-sea"),"#, to.as_str())],
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let made = play_collection(&mut g).expect("collection");
        made.into_iter().find(|s| s.nation == "britain").expect("britain collects")
    };
    // A German cruiser (a surface warship) closes the Celtic Sea: Scilly's 2
    // are lost.
    let closed = sea_lines("fleet");
    assert_eq!((closed.territory("scilly").map(|t| t.counted), closed.total), (Some(0), 7));
    // A German transport there closes nothing, nor does a submarine alone.
    for kind in ["transport", "sub"] {
        let open = sea_lines(kind);
        assert_eq!((open.territory("scilly").map(|t| t.counted), open.total), (Some(2), 9), "{kind}");
    }
}

/// Ruling 13: "each oil point of a resource ... covers at most 1.0 of units
/// and is spent or not on its own. A point whose assigned units total 0.5
/// or more is spent; one below 0.5 may stay unspent ... So 1.2 assigned to a
/// two-point well spends 1 point." An oracle assigns the units to the points
/// one by one and takes the cheapest assignment (never below the rounded
/// total); the engine's count for one resource (`points_spent`, with the
/// rounded total of OIL-004) must agree, for every cost of the rules (0.1,
/// 0.2, 0.4, 0.6) on resources of one to three points, and say when the
/// units do not fit.
#[test]
fn ruling_13_each_point_of_a_resource_is_spent_on_its_own() {
    use quartermaster::oil::{points_spent, rounded_minimum};
    /// The fewest points spent over every assignment of `units` to
    /// `points` points of at most 10 tenths each, or `None` if none fits.
    fn oracle(units: &[u32], points: usize) -> Option<u32> {
        fn go(units: &[u32], bins: &mut Vec<u32>, best: &mut Option<u32>) {
            let Some((&u, rest)) = units.split_first() else {
                let spent = bins.iter().filter(|&&b| b >= 5).count() as u32;
                *best = Some(best.map_or(spent, |b| b.min(spent)));
                return;
            };
            for i in 0..bins.len() {
                if bins[i] + u <= 10 {
                    bins[i] += u;
                    go(rest, bins, best);
                    bins[i] -= u;
                }
            }
        }
        let mut best = None;
        go(units, &mut vec![0; points], &mut best);
        // "... as long as the total spent is at least the rounded sum of
        // everything reorganized" (halves up, ruling 1).
        let rounded = (units.iter().sum::<u32>() + 5) / 10;
        best.map(|b| b.max(rounded))
    }
    let engine =
        |units: &[u32], points: u32| points_spent(units, points).map(|s| s.max(rounded_minimum(units.iter().sum())));
    assert_eq!(oracle(&[2, 2, 2, 2, 2, 2], 2), Some(1), "1.2 on a two-point well spends 1");
    assert_eq!(engine(&[2, 2, 2, 2, 2, 2], 2), Some(1));
    assert_eq!(engine(&[10, 2], 2), Some(1));
    let costs = [1u32, 2, 4, 6];
    let mut cases = 0;
    let mut unfit = 0;
    for points in 1..=3usize {
        // Every multiset of up to eight units of those costs.
        let mut stack: Vec<Vec<u32>> = vec![Vec::new()];
        while let Some(units) = stack.pop() {
            let want = oracle(&units, points);
            assert_eq!(engine(&units, points as u32), want, "{units:?} on {points} points");
            cases += 1;
            unfit += usize::from(want.is_none());
            if units.len() < 8 {
                for &c in costs.iter().filter(|&&c| units.last().is_none_or(|&l| c >= l)) {
                    let mut next = units.clone();
                    next.push(c);
                    stack.push(next);
                }
            }
        }
    }
    assert!(cases > 1000 && unfit > 100, "{cases} cases, {unfit} that do not fit");
}

// Ruling 13 in the solver, the cases a resource's load rounded got wrong:
// HQ units (0.6 HQ-A, 0.4 HQ-I, OIL-003) do not divide among whole points.

/// `costs` (tenths) ordered HQs, all reaching the one resource of
/// `points` points.
fn solver_one_resource(costs: &[u32], points: u32) -> quartermaster::oil::Plan {
    use quartermaster::oil::{OilResource, OilUnit, Problem, ResourceId, ResourceKind, Tenths, UnitClass, UnitId};
    let units = (0..costs.len())
        .map(|u| OilUnit {
            id: UnitId(u as u32 + 1),
            cost: Tenths(costs[u]),
            class: UnitClass::Hq,
            ordered: true,
            reaches: vec![0],
        })
        .collect();
    let resources = vec![OilResource { id: ResourceId(1), points, kind: ResourceKind::Produced }];
    quartermaster::oil::solve(&Problem { units, resources }).unwrap_or_else(|e| panic!("a well-formed problem: {e:?}"))
}

/// The units a plan reorganizes.
fn solver_reorganized(plan: &quartermaster::oil::Plan) -> usize {
    use quartermaster::oil::UnitOutcome;
    plan.units.iter().filter(|u| matches!(u.outcome, UnitOutcome::Reorganized { .. })).count()
}

#[test]
fn ruling_13_two_0_6_hq_a_units_on_a_two_point_resource_spend_2() {
    // One to a point (1.2 does not fit one), each point 0.6: both spent.
    let plan = solver_one_resource(&[6, 6], 2);
    assert_eq!(solver_reorganized(&plan), 2);
    assert_eq!((plan.total_spent, plan.resources[0].spent, plan.rounded_minimum), (2, 2, 1));
    assert!(plan.optimal);
}

#[test]
fn ruling_13_six_0_4_hq_i_units_on_a_three_point_resource_spend_3() {
    // Two to a point (three do not fit 1.0), each point 0.8: all spent.
    let plan = solver_one_resource(&[4; 6], 3);
    assert_eq!(solver_reorganized(&plan), 6);
    assert_eq!((plan.total_spent, plan.resources[0].spent, plan.rounded_minimum), (3, 3, 2));
    assert!(plan.optimal);
}

#[test]
fn ruling_13_five_0_4_units_do_not_fit_two_points() {
    // Two points hold four 0.4 units at most (0.8 each): one is left
    // out, not enough oil; the four spend both points.
    let plan = solver_one_resource(&[4; 5], 2);
    assert_eq!(solver_reorganized(&plan), 4);
    assert_eq!(plan.units[4].outcome, quartermaster::oil::UnitOutcome::NotEnoughOil);
    assert_eq!(plan.cost_reorganized, quartermaster::oil::Tenths(16));
    assert_eq!(plan.total_spent, 2);
}

#[test]
fn ruling_13_one_point_two_on_a_two_point_well_spends_1() {
    // 0.6 + 0.4 on one point, 0.2 on the other, unspent.
    let plan = solver_one_resource(&[6, 4, 2], 2);
    assert_eq!((solver_reorganized(&plan), plan.total_spent), (3, 1));
}

/// Ruling 14: "a marker's level is the sum of the values of the Middle East
/// territories its nation ... holds, capped at the track's last position
/// (ruleset data, default 8) ... Value above the cap is not collected, and
/// the collection statement says so."
#[test]
fn ruling_14_value_above_the_tracks_last_position_is_not_collected_and_said() {
    let edits =
        [("middle_east: true,\n            value: 2, adjacent", "middle_east: true,\n            value: 9, adjacent")];
    let mut g = variant(MED, "assets/rulesets/axis-allies-med.ron", &edits).unwrap_or_else(|e| panic!("{e}"));
    let made = play_collection(&mut g).expect("collection");
    let germany = made.iter().find(|s| s.nation == "germany").expect("germany");
    let m = germany.middle_east.as_ref().expect("a marker");
    // Iraq 9 + Trans-Jordan 1 = 10: the marker stops at 8, 2 not collected.
    assert_eq!((m.level, m.above_cap, m.paid() + m.shortfall), (8, 2, 8));
    let text = qm_cli::collect::statement_text(germany);
    assert!(text.contains("level 8 (2 more above the track's last position, not collected: ruling 14)"), "{text}");
    // The cap is the ruleset's: with 12 positions, all 10 are collected.
    let ruleset = std::fs::read_to_string(path("assets/rulesets/axis-allies-med.ron")).expect("ruleset");
    let wide = ruleset.replace("positions: 8", "positions: 12");
    let mut text = std::fs::read_to_string(path(MED)).expect("scenario");
    text = text.replacen(edits[0].0, edits[0].1, 1);
    let c =
        quartermaster::scenario::load_bytes(MED, text.as_bytes(), |_| Ok(wide.clone().into_bytes())).expect("loads");
    let mut g = Game::from_compiled(c, 1).expect("game");
    let made = play_collection(&mut g).expect("collection");
    let m = made.iter().find(|s| s.nation == "germany").and_then(|s| s.middle_east.clone()).expect("a marker");
    assert_eq!((m.level, m.above_cap), (10, 0));
}

/// Ruling 15: "each marker nation is paid in its own collection phase, in
/// the ruleset's phase order; a later payment sees the treasuries the
/// earlier one left." With poor Allies (United Kingdom 2, Soviet Union 1),
/// whoever is paid first takes what there is.
#[test]
fn ruling_15_the_marker_listed_first_is_paid_first_and_the_next_sees_what_is_left() {
    let poor = [
        (r#"control: "uk", value: 8,"#, r#"control: "uk", value: 0,"#),
        (r#"control: "usa", value: 4,"#, r#"control: "usa", value: 0,"#),
        (r#"control: "ussr", value: 3,"#, r#"control: "ussr", value: 1,"#),
    ];
    let game = |markers: &str| {
        let ruleset = std::fs::read_to_string(path("assets/rulesets/axis-allies-med.ron")).expect("ruleset");
        let ruleset = ruleset.replace(r#"markers: ["germany", "italy"]"#, markers);
        let mut text = std::fs::read_to_string(path(MED)).expect("scenario");
        for (from, to) in poor {
            text = text.replacen(from, to, 1);
        }
        let c = quartermaster::scenario::load_bytes(MED, text.as_bytes(), |_| Ok(ruleset.clone().into_bytes()))
            .expect("loads");
        Game::from_compiled(c, 1).expect("game")
    };
    // Germany first (the shipped order): it takes all 3; Italy's 2 are lost.
    let mut g = game(r#"markers: ["germany", "italy"]"#);
    let made = play_collection(&mut g).expect("collection");
    assert_eq!(settled(&made, "germany"), (paid(&[("uk", 2), ("ussr", 1)]), 0, Some(Side::Axis)));
    assert_eq!(settled(&made, "italy"), (vec![], 2, Some(Side::Axis)));
    // Italy first: it takes 2 from the United Kingdom; Germany gets the
    // Soviet Union's 1 and loses 2.
    let mut g = game(r#"markers: ["italy", "germany"]"#);
    let made = play_collection(&mut g).expect("collection");
    assert_eq!(settled(&made, "italy"), (paid(&[("uk", 2)]), 0, Some(Side::Axis)));
    assert_eq!(settled(&made, "germany"), (paid(&[("ussr", 1)]), 2, Some(Side::Axis)));
    let order: Vec<&str> = made.iter().map(|s| s.nation.as_str()).filter(|n| *n != "bulgaria").collect();
    assert_eq!(order, ["italy", "germany"], "collected in the ruleset's order");
}
