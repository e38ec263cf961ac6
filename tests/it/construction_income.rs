//! Construction paid from collected income (issue 11, item 1; COL-004,
//! COL-005, SUP-203), on `scenarios/wteaw/construction.ron`: the reference
//! operations and Phase 12 on one territory map. A nation's construction
//! points are its treasury (what it collected and saved), not the
//! scenario's per-turn budget; a build spends from it; what is spent is
//! saved state, in the checksum, and survives clones, snapshots and saves.

use crate::common;

use common::ops::{submit_op, until};
use quartermaster::collect::Statements;
use quartermaster::core::treasury::Treasury;
use quartermaster::ops::{OpsError, construction_left};
use quartermaster::prelude::*;

const SCENARIO: &str = "scenarios/wteaw/construction.ron";

/// The construction phase of the ops family.
const CONSTRUCTION: PhaseId = PhaseId::new("construction-redeployment");
/// Phase 12.
const COLLECTION: PhaseId = PhaseId::new("collection");

/// The scenario with its text changed by `edit`, loaded strict.
fn scenario_with(edit: impl Fn(String) -> String) -> Game {
    let path = common::path(SCENARIO);
    let text = edit(std::fs::read_to_string(&path).expect("reads"));
    let c = quartermaster::scenario::load_bytes(&path.display().to_string(), text.as_bytes(), |p| std::fs::read(p))
        .unwrap_or_else(|e| panic!("edited scenario does not load:\n{e}"));
    let mut g = Game::builder().strict(true).from_compiled(c, 1).expect("game");
    g.check_schedules().expect("schedules");
    g
}

/// The scenario at the Allies' first construction phase.
fn at_construction() -> Game {
    let mut g = common::load(SCENARIO);
    until(&mut g, CONSTRUCTION);
    assert_eq!(g.clock().side, Side::Allies);
    g
}

fn treasury(g: &Game) -> Treasury {
    g.world().get_resource::<Treasury>().cloned().expect("the collection family's treasury")
}

fn britain(g: &Game) -> NationId {
    NationId(g.spec().ruleset.nations.iter().position(|n| n.key == "britain").expect("britain") as u16)
}

fn build(kind: &str, at: &str) -> OpsOrder {
    OpsOrder::Build { kind: kind.into(), at: at.into() }
}

/// The `Build` orders `legal_orders` lists for the Allies.
fn legal_builds(g: &mut Game) -> Vec<OpsOrder> {
    g.legal_orders(Side::Allies)
        .iter()
        .filter_map(|o| o.downcast_ref::<OpsOrder>().cloned())
        .filter(|o| matches!(o, OpsOrder::Build { .. }))
        .collect()
}

#[test]
fn the_budget_is_the_collected_income_not_the_scenarios() {
    let g = at_construction();
    let t = treasury(&g);
    // COL-005: London 5 and Kent 2 trace; Scilly's 3 are lost behind the
    // German cruiser (ruling 4). Germany: Berlin 6, and conquered Dover's 1
    // halved, rounded up (COL-008). The scenario's budget of 100 is not
    // used.
    assert_eq!((t.has("britain"), t.has("germany")), (7, 7), "{t:?}");
    assert_eq!(construction_left(g.world(), britain(&g)), 7);
}

#[test]
fn a_build_over_the_collected_income_is_refused_and_changes_nothing() {
    let mut g = at_construction();
    let before = g.checksum();
    let e = submit_op(&mut g, Side::Allies, build("fleet", "london")).expect_err("8 > 7");
    assert_eq!(
        e.rule::<OpsError>(),
        Some(&OpsError::OverBudget { nation: "britain".into(), kind: "fleet".into(), cost: 8, left: 7 }),
        "{e}"
    );
    assert_eq!(g.checksum(), before, "a refused build leaves the state");
    assert_eq!(treasury(&g).has("britain"), 7);
}

#[test]
fn a_build_within_income_is_placed_and_spent_from_the_treasury() {
    let mut g = at_construction();
    let units = g.unit_ids().len();
    submit_op(&mut g, Side::Allies, build("inf", "london")).expect("3 of 7");
    assert_eq!(construction_left(g.world(), britain(&g)), 4, "the queued build counts");
    submit_op(&mut g, Side::Allies, build("inf", "london")).expect("3 of 4");
    let e = submit_op(&mut g, Side::Allies, build("inf", "london")).expect_err("3 of 1");
    assert!(matches!(e.rule::<OpsError>(), Some(OpsError::OverBudget { cost: 3, left: 1, .. })), "{e}");
    g.step_phase();
    assert_eq!(g.unit_ids().len(), units + 2);
    let (_, l, _) = g.unit("britain-inf-1-1").expect("built");
    assert_eq!(g.spec().map.label(l.node), "london");
    let t = treasury(&g);
    assert_eq!((t.has("britain"), t.spent_by("britain")), (1, 6), "{t:?}");
    // Phase 12 collects 7 again; the unspent point is saved (COL-004).
    assert_eq!(g.next_phase(), Some(COLLECTION));
    g.step_phase();
    let t = treasury(&g);
    assert_eq!((t.has("britain"), t.spent_by("britain"), t.opening["britain"]), (8, 6, 7));
    let collected: u32 =
        g.world().resource::<Statements>().0.iter().filter(|s| s.nation == "britain").map(|s| s.total).sum();
    assert_eq!(t.has("britain"), t.opening["britain"] + collected - t.spent_by("britain"), "the treasury balances");
}

#[test]
fn what_is_spent_is_in_the_checksum_and_survives_clone_snapshot_and_save() {
    let mut built = at_construction();
    let mut idle = built.clone();
    submit_op(&mut built, Side::Allies, build("inf", "london")).expect("fits");
    built.step_phase();
    idle.step_phase();
    assert_ne!(built.checksum(), idle.checksum());
    // What is spent is saved in the collection family's section: changed
    // there alone, it changes the checksum and is restored as written.
    let mut st = serde_json::to_value(built.state()).expect("json");
    let spent = st.pointer_mut("/sections/wteaw-collect/treasury/spent/britain").expect("saved");
    assert_eq!(*spent, serde_json::json!(3));
    *spent = serde_json::json!(4);
    let st: GameState = serde_json::from_value(st).expect("a state");
    assert_ne!(quartermaster::core::checksum::checksum(&st), quartermaster::core::checksum::checksum(&built.state()));
    let edited = Game::new(built.spec_arc(), &st).expect("builds");
    assert_eq!(treasury(&edited).spent_by("britain"), 4);
    assert_ne!(edited.checksum(), built.checksum());

    let clone = built.clone();
    let restored = Game::restore(&built.snapshot());
    let saved = Game::load_save("c.sav.ron", built.save().expect("a save").as_bytes()).expect("loads");
    for (what, g) in [("clone", &clone), ("snapshot", &restored), ("save", &saved)] {
        assert_eq!(treasury(g), treasury(&built), "{what}");
        assert_eq!(g.checksum(), built.checksum(), "{what}");
    }
    let (mut a, mut b) = (built, saved);
    assert_eq!(common::play(&mut a, 8), common::play(&mut b, 8), "plays on alike");
}

#[test]
fn a_nation_whose_lines_are_cut_collects_less_and_can_build_less() {
    // COL-005: without the German cruiser, Scilly traces across the Celtic
    // Sea and Britain saves 10, not 7.
    let mut open =
        scenario_with(|t| t.replace(r#"(id: "ger-cruiser", nation: "germany", kind: "fleet", at: "celtic-sea"),"#, ""));
    until(&mut open, CONSTRUCTION);
    let mut cut = at_construction();
    assert_eq!((treasury(&open).has("britain"), treasury(&cut).has("britain")), (10, 7));
    // Three infantry corps fit 10; only two fit 7.
    let mut placed = Vec::new();
    for g in [&mut open, &mut cut] {
        let n = (0..4).take_while(|_| submit_op(g, Side::Allies, build("inf", "london")).is_ok()).count();
        placed.push(n);
    }
    assert_eq!(placed, [3, 2]);
    // And Phase 12 collects 10 and 7 again, Scilly's line cut behind the
    // cruiser.
    for g in [&mut open, &mut cut] {
        g.step_phase();
        g.step_phase();
    }
    let statement = |g: &Game| g.world().resource::<Statements>().latest("britain").cloned().expect("collected");
    let (s_open, s_cut) = (statement(&open), statement(&cut));
    assert_eq!((s_open.total, s_cut.total), (10, 7));
    let scilly = s_cut.territories.iter().find(|t| t.id == "scilly").expect("scilly");
    assert_eq!(scilly.blocked_by.as_deref(), Some("celtic-sea (ger-cruiser)"), "{scilly:?}");
    assert_eq!((treasury(&open).has("britain"), treasury(&cut).has("britain")), (10 - 9 + 10, 7 - 6 + 7));
}

#[test]
fn legal_orders_agree_with_submit_on_builds_at_the_budget_edge() {
    let mut g = at_construction();
    let map = &g.spec().map;
    let sites: Vec<String> = map.board_nodes().map(|n| map.label(n).to_string()).collect();
    let kinds = ["inf", "fleet"];
    // Every site and kind, listed exactly when submit takes it, as the
    // budget runs down: 7, 4, 1.
    let mut listed_per_step = Vec::new();
    for step in 0..3 {
        let listed = legal_builds(&mut g);
        for at in &sites {
            for kind in kinds {
                let o = build(kind, at);
                let mut probe = g.clone();
                let took = submit_op(&mut probe, Side::Allies, o.clone()).is_ok();
                assert_eq!(took, listed.contains(&o), "step {step}: {o:?}, listed {listed:?}");
            }
        }
        listed_per_step.push(listed.len());
        let _ = submit_op(&mut g, Side::Allies, build("inf", "london"));
    }
    // London only (Kent is no supply center, Dover is Germany's but not a
    // supply center of Germany's, Berlin is the enemy's): infantry at 7 and
    // 4, nothing at 1; the fleet never.
    assert_eq!(listed_per_step, [1, 1, 0]);
    let e = submit_op(&mut g, Side::Allies, build("inf", "kent")).expect_err("no supply center");
    assert!(matches!(e.rule::<OpsError>(), Some(OpsError::NotABuildSite { .. })), "{e}");
}

#[test]
fn a_conquered_city_is_no_supply_center_for_its_holder() {
    let mut g = at_construction();
    // Germany's turn: Dover is a British city Germany holds (COL-005: a
    // supply center is in a territory of the nation's own).
    g.step_phase();
    until(&mut g, CONSTRUCTION);
    assert_eq!(g.clock().side, Side::Axis);
    let e = submit_op(&mut g, Side::Axis, build("inf", "dover")).expect_err("not Germany's center");
    assert!(matches!(e.rule::<OpsError>(), Some(OpsError::NotABuildSite { .. })), "{e}");
    submit_op(&mut g, Side::Axis, build("inf", "berlin")).expect("7 pay 3");
    let e = submit_op(&mut g, Side::Axis, build("fleet", "berlin")).expect_err("3 left");
    assert!(matches!(e.rule::<OpsError>(), Some(OpsError::OverBudget { cost: 8, left: 4, .. })), "{e}");
}
