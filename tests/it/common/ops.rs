//! Helpers for the tests of the reference operations on the showcase
//! scenario.

use quartermaster::prelude::*;

/// The showcase scenario.
pub const EAST: &str = "scenarios/awaw/eastern-front-1941.ron";

/// The showcase with its text changed by `edit`, loaded strict with `seed`.
pub fn east_with(edit: impl Fn(String) -> String, seed: u64) -> Game {
    let path = super::path(EAST);
    let text = edit(std::fs::read_to_string(&path).expect("reads"));
    let name = path.display().to_string();
    let c = quartermaster::scenario::load_bytes(&name, text.as_bytes(), |p| std::fs::read(p))
        .unwrap_or_else(|e| panic!("edited showcase does not load:\n{e}"));
    Game::builder().strict(true).from_compiled(c, seed).expect("game")
}

/// Steps phases until the next one is `phase` (of any side), at most 64.
pub fn until(g: &mut Game, phase: PhaseId) {
    for _ in 0..64 {
        if g.next_phase() == Some(phase) {
            return;
        }
        g.step_phase();
    }
    panic!("never reached {phase}");
}

/// Submits one order of `side`.
pub fn submit_op(g: &mut Game, side: Side, o: OpsOrder) -> Result<(), OrderError> {
    g.submit(side, &Orders::of([o]))
}

/// A unit's hex label.
pub fn at(g: &Game, id: &str) -> String {
    let (_, l, _) = g.unit(id).unwrap_or_else(|| panic!("no unit `{id}`"));
    g.spec().map.label(l.node).to_string()
}

/// The destinations of a unit's listed moves (its side's legal orders).
pub fn listed_moves(g: &mut Game, side: Side, id: &str) -> std::collections::BTreeSet<String> {
    g.legal_orders(side)
        .iter()
        .filter_map(|o| match o.downcast_ref::<OpsOrder>() {
            Some(OpsOrder::Move { unit, to }) if unit == id => Some(to.clone()),
            _ => None,
        })
        .collect()
}

/// Plays `g` for up to `phases` phases (fewer if the game ends), the side
/// to move giving a random share of its legal orders, at most `per_phase`,
/// one at a time (re-listing after each), drawn with `seed`: the snapshots
/// from the start and after each phase.
pub fn random_play(mut g: Game, seed: u64, phases: usize, per_phase: usize) -> Vec<Snapshot> {
    let mut rng = super::mix::Mix(seed);
    let mut out = vec![g.snapshot()];
    for _ in 0..phases {
        let side = g.clock().side;
        for _ in 0..per_phase {
            let legal = g.legal_orders(side);
            if legal.is_empty() || rng.below(4) == 0 {
                break;
            }
            let o = legal[rng.below(legal.len())].clone();
            g.submit(side, &Orders { orders: vec![o] }).expect("a listed order passes");
        }
        g.step_phase();
        out.push(g.snapshot());
        if g.is_over() {
            break;
        }
    }
    out
}
