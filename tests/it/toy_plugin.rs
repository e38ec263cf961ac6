//! A rule family defined here, outside `crates/`, and played through `Game`:
//! the core is open (issue 7). The toy family adds a phase (`morale-check`,
//! after post-combat supply, before isolation elimination), a component (`Morale` on every unit), an
//! order kind (`Rally`) with its typed refusals, and a state section
//! (`toy`), and nothing under `crates/` names it.

use crate::common;

use quartermaster::bevy_ecs::prelude::*;
use quartermaster::core::orders::RuleError;
use quartermaster::core::phase::RunningPhase;
use quartermaster::core::plugin::{SectionValue, from_section, to_section};
use quartermaster::game::SaveFile;
use quartermaster::prelude::*;
use quartermaster::scenario::{Compiled, load_bytes};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

const FAMILY: &str = "toy";
const MORALE_CHECK: PhaseId = PhaseId::new("morale-check");
/// Morale a unit starts with, and its ceiling.
const START: u8 = 5;
const CEILING: u8 = 9;

/// A unit's morale: isolated units lose a point at each morale check,
/// rallied ones gain two.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
struct Morale(u8);

/// The toy family's orders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum ToyOrder {
    /// Rally a unit at the next morale check.
    Rally { unit: String },
}

impl OrderSet for ToyOrder {
    const KINDS: &'static [&'static str] = &["Rally"];
    fn kind(&self) -> &'static str {
        "Rally"
    }
}

/// A rally, validated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Rallied(UnitId);

/// Why a rally is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum ToyError {
    #[error("no unit `{0}` to rally")]
    NoSuchUnit(String),
    #[error("`{0}` is isolated: no rally reaches it")]
    Isolated(String),
}

/// The toy family's section of saved state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct ToyState {
    morale: BTreeMap<UnitId, u8>,
    orders: Pending<Rallied>,
}

fn refuse(cx: &OrderContext, e: ToyError) -> OrderError {
    OrderError::Rule { index: cx.index, family: FAMILY, error: RuleError::new(e) }
}

fn validate(world: &mut World, cx: &OrderContext, order: &ToyOrder) -> Result<(), OrderError> {
    cx.moving_side_only()?;
    cx.in_phase("rally", &[MORALE_CHECK])?;
    let ToyOrder::Rally { unit } = order;
    let mut q = world.query::<(&Unit, &UnitSupply)>();
    let status = q.iter(world).find(|(u, _)| u.id.as_str() == unit).map(|(_, s)| s.status);
    match status {
        None => return Err(refuse(cx, ToyError::NoSuchUnit(unit.clone()))),
        Some(UnitStatus::Isolated) => return Err(refuse(cx, ToyError::Isolated(unit.clone()))),
        Some(_) => {}
    }
    world.resource_mut::<Pending<Rallied>>().push(cx.side, cx.phase, Rallied(UnitId::new(unit.as_str())));
    Ok(())
}

fn extract(world: &World) -> Result<SectionValue, String> {
    let mut q = world.try_query::<(&Unit, &Morale)>().ok_or("no morale")?;
    let morale = q.iter(world).map(|(u, m)| (u.id.clone(), m.0)).collect();
    let orders = world.get_resource::<Pending<Rallied>>().cloned().unwrap_or_default();
    to_section(&ToyState { morale, orders })
}

fn build(world: &mut World, v: Option<&SectionValue>) -> Result<(), String> {
    let s: ToyState = from_section(v)?;
    let units: Vec<(Entity, UnitId)> =
        world.query::<(Entity, &Unit)>().iter(world).map(|(e, u)| (e, u.id.clone())).collect();
    for (e, id) in units {
        let m = s.morale.get(&id).copied().unwrap_or(START);
        world.entity_mut(e).insert(Morale(m));
    }
    world.insert_resource(s.orders);
    Ok(())
}

/// The morale check: rallies first, then isolation costs a point.
fn morale_check(
    running: Res<RunningPhase>,
    mut pending: ResMut<Pending<Rallied>>,
    mut units: Query<(&Unit, &UnitSupply, &mut Morale)>,
) {
    let Some(phase) = running.0 else { return };
    let rallied: Vec<UnitId> = pending.take(phase, |_| true).into_iter().map(|o| o.order.0).collect();
    for (u, s, mut m) in &mut units {
        if rallied.contains(&u.id) {
            m.0 = (m.0 + 2).min(CEILING);
        }
        if s.status == UnitStatus::Isolated {
            m.0 = m.0.saturating_sub(1);
        }
    }
}

struct ToyPlugin;

impl RulePlugin for ToyPlugin {
    fn name(&self) -> &'static str {
        FAMILY
    }

    fn register(&self, rules: &mut RulesBuilder) -> Result<(), String> {
        rules.phases().insert_after(POST_COMBAT_SUPPLY, MORALE_CHECK);
        rules.add_orders::<ToyOrder, Rallied>(validate)?;
        rules.add_section(StateSection { name: FAMILY, extract, build })
    }

    fn build(&self, world: &mut World, _rules: &Rules, _strict: bool) {
        world
            .resource_mut::<Schedules>()
            .add_systems(PhaseSchedule(MORALE_CHECK), morale_check.in_set(RulesOf(FAMILY)));
    }
}

/// The Barbarossa pocket with a ruleset that names `families`.
fn compiled(families: &str) -> Compiled {
    let file = common::path("scenarios/awaw/barbarossa-pocket.ron");
    let text = std::fs::read(&file).expect("scenario");
    let families = families.to_string();
    load_bytes(&file.display().to_string(), &text, move |p| {
        let rules = std::fs::read_to_string(p)?;
        Ok(rules.replace(r#"families: ["awaw-supply", "ops"]"#, &families).into_bytes())
    })
    .expect("loads")
}

fn toy_game() -> Game {
    let c = compiled(r#"families: ["awaw-supply", "ops", "toy"]"#);
    Game::builder().plugin(ToyPlugin).strict(true).from_compiled(c, 7).expect("the toy family resolves")
}

fn morale(g: &mut Game, id: &str) -> u8 {
    let mut q = g.world_mut().query::<(&Unit, &Morale)>();
    q.iter(g.world()).find(|(u, _)| u.id.as_str() == id).map(|(_, m)| m.0).expect("unit with morale")
}

fn rally(unit: &str) -> Orders {
    Orders::of([ToyOrder::Rally { unit: unit.into() }])
}

/// Runs phases until `phase` is next.
fn step_to(g: &mut Game, phase: PhaseId) {
    for _ in 0..16 {
        if g.next_phase() == Some(phase) {
            return;
        }
        g.step_phase();
    }
    panic!("{phase} never came");
}

#[test]
fn the_toy_phase_takes_its_place_in_the_order_and_schedules_have_no_ambiguity() {
    let mut g = toy_game();
    let names: Vec<&str> = g.phase_order().phases().map(PhaseId::as_str).collect();
    assert_eq!(
        names,
        [
            "initial-supply",
            "movement",
            "combat",
            "post-combat-supply",
            "morale-check",
            "isolation-elimination",
            "construction-redeployment"
        ]
    );
    assert_eq!(g.rules().families(), ["awaw-supply", "ops", "toy"]);
    g.check_schedules().expect("no ambiguity with the toy family's systems");
}

#[test]
fn a_rally_is_validated_by_the_family_and_played_in_its_phase() {
    let mut g = toy_game();
    assert_eq!(morale(&mut g, "sov-21a"), START);
    step_to(&mut g, MORALE_CHECK);
    let side = g.clock().side;
    assert_eq!(side, Side::Allies);

    // Typed refusals, and nothing changes.
    let before = g.checksum();
    let err = g.submit(side, &rally("sov-99z")).expect_err("no such unit");
    assert_eq!(err.rule::<ToyError>(), Some(&ToyError::NoSuchUnit("sov-99z".into())));
    let err = g.submit(side, &rally("sov-16a")).err();
    // sov-16a is outside the pocket: accepted. sov-21a is isolated: refused.
    assert_eq!(err, None);
    let queued = g.checksum();
    assert_ne!(queued, before, "a queued order is state");
    let err = g.submit(side, &rally("sov-21a")).expect_err("isolated");
    assert_eq!(err.rule::<ToyError>(), Some(&ToyError::Isolated("sov-21a".into())));
    assert_eq!(g.checksum(), queued, "a refused batch changes nothing");
    let err = g.submit(side.other(), &rally("ger-4pz")).expect_err("not the Axis player turn");
    assert!(matches!(err, OrderError::NotYourTurn { .. }), "{err}");

    let report = g.step_phase();
    assert_eq!(report.phase, MORALE_CHECK);
    assert_eq!(morale(&mut g, "sov-16a"), START + 2);
    // The pocket's units are still isolated after post-combat supply: each
    // loses a point; units outside it keep their morale.
    assert_eq!(morale(&mut g, "sov-21a"), START - 1);
    assert_eq!(morale(&mut g, "sov-5t"), START);
}

#[test]
fn a_rally_outside_its_phase_is_refused_by_the_core() {
    let mut g = toy_game();
    let err = g.submit(Side::Allies, &rally("sov-16a")).expect_err("wrong phase");
    assert!(matches!(&err, OrderError::WrongPhase { phase, .. } if phase == "morale-check"), "{err}");
}

#[test]
fn the_toy_state_survives_a_save_and_load() {
    let mut g = toy_game();
    step_to(&mut g, MORALE_CHECK);
    g.submit(Side::Allies, &rally("sov-16a")).expect("accepted");
    let state = g.state();
    assert!(state.sections.contains_key("toy"), "{:?}", state.sections.keys());

    // Through RON text, as a save file is written and read.
    let save = SaveFile {
        version: state.version,
        scenario: "barbarossa-pocket.ron".into(),
        fingerprint: g.spec().fingerprint,
        state: state.clone(),
    };
    let text = quartermaster::scenario::save_to_ron(&save).expect("writes");
    let read = quartermaster::scenario::read_save("toy-save.ron", text.as_bytes()).expect("reads");
    assert_eq!(read.state, state);
    let mut loaded = Game::builder().plugin(ToyPlugin).build(g.spec_arc(), &read.state).expect("builds");
    assert_eq!(loaded.checksum(), g.checksum());
    g.step_phase();
    loaded.step_phase();
    assert_eq!(morale(&mut loaded, "sov-16a"), START + 2);
    assert_eq!(loaded.checksum(), g.checksum());
}

#[test]
fn every_section_round_trips_through_a_world() {
    let mut g = toy_game();
    for _ in 0..7 {
        let s = g.state();
        let rebuilt = Game::builder().plugin(ToyPlugin).build(g.spec_arc(), &s).expect("builds");
        assert_eq!(rebuilt.state(), s, "extract_state(build_world(spec, s)) == s at {:?}", g.next_phase());
        for section in g.rules().sections() {
            assert!(s.sections.contains_key(section.name), "section {} is saved", section.name);
        }
        g.step_phase();
    }
}

#[test]
fn an_orders_file_names_the_toy_kind() {
    let g = toy_game();
    let text = br#"[(turn: 3, side: Allies, phase: "morale-check", orders: [Rally(unit: "sov-16a")])]"#;
    let batches = g.read_orders("toy-orders.ron", text).expect("reads");
    assert_eq!(batches[0].orders, rally("sov-16a").orders);
    // Without the toy family, the kind and the phase are unknown.
    let plain = Game::from_compiled(compiled(r#"families: ["awaw-supply", "ops"]"#), 7).expect("loads");
    let e = plain.read_orders("toy-orders.ron", text).expect_err("unknown kind");
    assert!(e.to_string().starts_with("toy-orders.ron:1:"), "{e}");
    assert!(e.to_string().contains("Rally"), "{e}");
}

#[test]
fn a_family_the_catalog_does_not_know_is_a_load_error_at_its_name() {
    let c = compiled(r#"families: ["awaw-supply", "ops", "toy"]"#);
    let e = Game::from_compiled(c, 7).map(drop).expect_err("toy is not built in");
    let text = e.to_string();
    assert!(text.contains("awaw.ron:13:"), "{text}");
    assert!(text.contains("unknown rule family `toy`"), "{text}");
}
