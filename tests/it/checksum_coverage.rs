//! The checksum covers all canonical state (issue 15, item 3): on every
//! shipped scenario, a few phases in, each part of the saved state (the
//! core parts: clock, rng, flags, nations, nodes, sources, units; and every
//! rule family's registered section) is mutated in turn, the mutated state
//! is restored through `Game::new`, and wherever the mutation survives the
//! restore, the checksum changes. The checksum does not depend on the
//! order entities were spawned in.

use crate::common;

use quartermaster::ai::{Greedy, Match};
use quartermaster::bevy_ecs::prelude::*;
use quartermaster::core::checksum::checksum;
use quartermaster::core::state::GameState;
use quartermaster::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// Leaves tried per part of the state per scenario (spread evenly).
const LEAVES: usize = 4;

/// JSON-pointer paths of the numbers, booleans and strings under `v`.
fn leaves(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| leaves(x, format!("{at}/{i}"), out)),
        Value::Object(o) => {
            for (k, x) in o {
                leaves(x, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out);
            }
        }
        Value::Null => {}
        _ => out.push(at),
    }
}

/// The leaf changed: a number plus one, a boolean flipped, a string
/// extended.
fn mutate(v: &mut Value) {
    let new = match &*v {
        Value::Bool(b) => Value::Bool(!*b),
        Value::Number(n) => n.as_u64().map_or_else(|| Value::from(n.as_i64().unwrap_or(0) - 1), |u| Value::from(u ^ 1)),
        Value::String(s) => Value::String(format!("{s}x")),
        other => other.clone(),
    };
    *v = new;
}

/// The parts of a state, as JSON-pointer prefixes: the core fields and
/// each section.
fn parts(state: &Value) -> Vec<String> {
    let mut out: Vec<String> =
        ["clock", "rng", "flags", "nations", "nodes", "sources", "units"].iter().map(|p| format!("/{p}")).collect();
    if let Some(s) = state["sections"].as_object() {
        out.extend(s.keys().map(|k| format!("/sections/{k}")));
    }
    out
}

/// Mutations of `part`: up to `LEAVES` leaves spread over it, and, for a
/// list, dropping its last item (or adding a flag to empty flags).
fn mutations(state: &Value, part: &str) -> Vec<Value> {
    let mut paths = Vec::new();
    leaves(state.pointer(part).unwrap_or(&Value::Null), part.to_string(), &mut paths);
    let step = paths.len().div_ceil(LEAVES).max(1);
    let mut out: Vec<Value> = paths
        .iter()
        .step_by(step)
        .map(|p| {
            let mut s = state.clone();
            mutate(s.pointer_mut(p).expect("a leaf"));
            s
        })
        .collect();
    let mut s = state.clone();
    match s.pointer_mut(part) {
        Some(Value::Array(a)) if !a.is_empty() => drop(a.pop()),
        Some(Value::Array(a)) if part == "/flags" => a.push(Value::from("coverage-test")),
        _ => return out,
    }
    out.push(s);
    out
}

#[test]
fn every_part_of_the_state_reaches_the_checksum() {
    // Part -> (mutations that survived a restore, scenarios that have it).
    let mut seen: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for rel in common::shipped() {
        let mut g = common::load_seeded(&rel, 5);
        // Greedy self-play fills the queues and ledgers of the sections.
        let (mut a, mut b) = (Greedy::default(), Greedy::default());
        let mut m = Match::new(&mut a, &mut b, 5);
        for _ in 0..3 {
            m.phase(&mut g);
        }
        let state = serde_json::to_value(g.state()).expect("a state is JSON");
        let (before, pure) = (g.checksum(), checksum(&g.state()));
        for part in parts(&state) {
            let row = seen.entry(part.clone()).or_default();
            row.1 += 1;
            for m in mutations(&state, &part) {
                let Ok(st) = serde_json::from_value::<GameState>(m) else { continue };
                // The checksum is a function of every field of the state.
                assert_ne!(checksum(&st), pure, "{rel}: {part}");
                let Ok(restored) = Game::new(g.spec_arc(), &st) else { continue };
                if restored.state() != g.state() {
                    row.0 += 1;
                    assert_ne!(restored.checksum(), before, "{rel}: a change of {part} leaves the checksum");
                }
            }
        }
    }
    let families = ["/sections/awaw-supply", "/sections/ops", "/sections/wteaw-collect", "/sections/mwif-oil"];
    for f in families {
        assert!(seen.contains_key(f), "no shipped scenario has {f}: {seen:?}");
    }
    eprintln!("part: mutations that survived a restore, scenarios with the part\n{seen:#?}");
    for (part, (survived, scenarios)) in &seen {
        assert!(*survived > 0, "no mutation of {part} survived a restore on {scenarios} scenarios");
    }
}

#[test]
fn the_checksum_does_not_depend_on_entity_order() {
    for rel in [
        "scenarios/awaw/eastern-front-1941.ron",
        "scenarios/wteaw/europe-1914.ron",
        "scenarios/mwif/europe-1942-oil.ron",
    ] {
        let mut g = common::load_seeded(rel, 9);
        g.step_phase();
        let mut st = g.state();
        st.units.reverse();
        // Units spawned in reverse order: other `Entity` values per unit.
        let mut r = Game::new(g.spec_arc(), &st).expect("builds");
        assert_eq!(r.checksum(), g.checksum(), "{rel}");
        assert_eq!(common::play(&mut r, 14), common::play(&mut g, 14), "{rel}");
    }
}

/// A family with a section and no phase of its own: counts, at each
/// movement phase, the units on the map.
const TALLY: &str = "tally";

/// The tally section.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Tally(Vec<u32>);

fn count_units(mut tally: ResMut<Tally>, units: Query<&Unit>) {
    tally.0.push(units.iter().count() as u32);
}

struct TallyPlugin;

impl RulePlugin for TallyPlugin {
    fn name(&self) -> &'static str {
        TALLY
    }

    fn register(&self, rules: &mut RulesBuilder) -> Result<(), String> {
        rules.add_section(StateSection::resource::<Tally>(TALLY))
    }

    fn build(&self, world: &mut World, _rules: &Rules, _strict: bool) {
        world.resource_mut::<Schedules>().add_systems(PhaseSchedule(MOVEMENT), count_units.in_set(RulesOf(TALLY)));
    }
}

/// A family registered first or last gives the same game (its sections
/// are hashed by name, its resources are not in the state): the state's
/// checksum is the same phase by phase. (The built-in families cannot be
/// swapped so: each pushes its phases, so the phase order follows the
/// families' order and swapping them is another game.)
#[test]
fn the_checksum_does_not_depend_on_the_plugins_registration_order() {
    let build = |families: &str| {
        let c = common::compiled_with_families("scenarios/awaw/barbarossa-pocket.ron", families);
        Game::builder().plugin(TallyPlugin).strict(true).from_compiled(c, 3).expect("the families resolve")
    };
    let mut a = build(r#"families: ["tally", "awaw-supply", "ops"]"#);
    let mut b = build(r#"families: ["awaw-supply", "ops", "tally"]"#);
    assert_ne!(a.rules().families(), b.rules().families());
    let names = |g: &Game| g.phase_order().phases().map(PhaseId::as_str).collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b));
    // The fingerprint folds in the ruleset's text, which differs by the
    // swapped line; the state's own checksum must not.
    for _ in 0..14 {
        assert_eq!(checksum(&a.state()), checksum(&b.state()));
        a.step_phase();
        b.step_phase();
    }
    assert!(a.state().sections[TALLY].as_array().is_some_and(|t| !t.is_empty()), "the tally ran");
}
