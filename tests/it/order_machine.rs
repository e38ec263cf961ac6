//! Orders as a state machine (issue 15, item 5): sequences of up to 20
//! steps, each a phase step or a batch of orders for either side (a listed
//! legal order; a listed order mutated: another unit, a ghost unit, another
//! or an off-map hex, another kind, a second attacker, an advance; garbage:
//! made-up ids and unit types, orders of the wrong side, builds past the
//! budget; rule 30's supply orders: designations, sea lines,
//! interceptions; batches of several), on small generated maps and on the
//! shipped playable scenarios. After every step:
//! - no panic;
//! - a refused batch returns a typed `OrderError` and leaves the checksum
//!   unchanged, however many of its orders were valid;
//! - `legal_orders` agrees with `submit` where the API promises it
//!   (`Game::legal_orders`, `qm_ops::legal`): a listed order passes on its
//!   own; an accepted operation order (`Move`, `Exploit`, `Invade`,
//!   `Redeploy`, `Build`) was listed, and an accepted `Attack` or `Combat`
//!   had each of its one-attacker parts listed (attacks on one hex are one
//!   combat); the side not to move has no listed orders;
//! - unit ids stay unique.
//!
//! Cases: 1,000 in CI, 10,000 with `QM_LONG=1` (docs/RELIABILITY.md).

use crate::common;

use common::mix::Mix;

use proptest::prelude::*;
use quartermaster::core::orders::SeaLineOrder;
use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use std::collections::BTreeSet;

fn cases() -> u32 {
    if common::long() { 10_000 } else { 1_000 }
}

/// The shipped playable scenarios (those with an `ops:` section, as in
/// `tests/it/determinism_matrix.rs`).
const PLAYABLE: [&str; 2] = ["scenarios/awaw/eastern-front-1941.ron", "scenarios/awaw/barbarossa-pocket.ron"];

/// What a run saw, for the non-vacuity check.
#[derive(Debug, Default)]
struct Seen {
    listed_accepted: usize,
    other_accepted: usize,
    refused: usize,
    refused_batches_with_a_valid_order: usize,
    combat_by_ordered: usize,
    steps: usize,
}

/// A game to play on: a shipped playable scenario (cloned from one loaded
/// per thread) or a small generated map.
fn game_for(which: u8, seed: u64) -> Game {
    thread_local!(static SHIPPED: Vec<Game> = PLAYABLE.iter().map(|r| common::load_seeded(r, 1)).collect());
    if usize::from(which % 4) < PLAYABLE.len() {
        let mut g = SHIPPED.with(|s| s[usize::from(which % 4)].clone());
        g.reseed(seed);
        g
    } else {
        let hexes = 30 + (seed % 60) as u32;
        let c =
            generate(GenParams { hexes_per_unit: 5, pockets: 1, ..GenParams::new(hexes, seed) }).expect("generated");
        Game::from_compiled(c, seed).expect("a game")
    }
}

/// A unit id: a real one most of the time, else a ghost.
fn any_unit(g: &Game, rng: &mut Mix) -> String {
    let ids = g.unit_ids();
    if ids.is_empty() || rng.below(5) == 0 { "x-ghost".to_string() } else { rng.pick(&ids).to_string() }
}

/// A hex: a real label most of the time, else off the map.
fn any_hex(g: &Game, rng: &mut Mix) -> String {
    let map = &g.spec().map;
    if rng.below(5) == 0 {
        ["zz999", "", "a0"][rng.below(3)].to_string()
    } else {
        map.label(NodeId::from_index(rng.below(map.node_count()))).to_string()
    }
}

/// A listed order changed in one place.
fn mutate(g: &Game, o: &Order, rng: &mut Mix) -> Order {
    let Some(op) = o.downcast_ref::<OpsOrder>() else { return o.clone() };
    let mut op = op.clone();
    match (&mut op, rng.below(4)) {
        (OpsOrder::Move { unit, .. } | OpsOrder::Exploit { unit, .. } | OpsOrder::Redeploy { unit, .. }, 0)
        | (OpsOrder::Invade { unit, .. }, 0) => *unit = any_unit(g, rng),
        (OpsOrder::Move { to, .. } | OpsOrder::Exploit { to, .. } | OpsOrder::Redeploy { to, .. }, 1)
        | (OpsOrder::Invade { at: to, .. } | OpsOrder::Build { at: to, .. }, 1) => *to = any_hex(g, rng),
        (OpsOrder::Move { unit, to }, 2) => op = OpsOrder::Exploit { unit: unit.clone(), to: to.clone() },
        (OpsOrder::Exploit { unit, to }, 2) => op = OpsOrder::Invade { unit: unit.clone(), at: to.clone() },
        (OpsOrder::Redeploy { unit, to }, 2) => op = OpsOrder::Move { unit: unit.clone(), to: to.clone() },
        (OpsOrder::Build { kind, .. }, _) => *kind = ["inf", "arm", "mech", "nope"][rng.below(4)].into(),
        (OpsOrder::Attack { attackers, target }, _) => match rng.below(3) {
            0 => attackers.push(any_unit(g, rng)),
            1 => *target = any_hex(g, rng),
            _ => {
                op = OpsOrder::Combat {
                    attackers: attackers.clone(),
                    target: target.clone(),
                    advance: attackers.clone(),
                }
            }
        },
        (OpsOrder::Combat { attackers, advance, .. }, _) => {
            if rng.below(2) == 0 {
                attackers.push(any_unit(g, rng))
            } else {
                advance.push(any_unit(g, rng))
            }
        }
        _ => op = OpsOrder::Build { kind: "inf".into(), at: any_hex(g, rng) },
    }
    op.into()
}

/// An order made up from the game's names (or none of them).
fn garbage(g: &Game, rng: &mut Mix) -> Order {
    let (unit, to) = (any_unit(g, rng), any_hex(g, rng));
    match rng.below(10) {
        0 => OpsOrder::Move { unit, to }.into(),
        1 => OpsOrder::Exploit { unit, to }.into(),
        2 => OpsOrder::Attack { attackers: vec![unit, any_unit(g, rng)], target: to }.into(),
        3 => OpsOrder::Combat { attackers: vec![unit], target: to, advance: vec![any_unit(g, rng)] }.into(),
        4 => OpsOrder::Invade { unit, at: to }.into(),
        5 => OpsOrder::Redeploy { unit, to }.into(),
        6 => OpsOrder::Build { kind: ["inf", "arm", "nope"][rng.below(3)].into(), at: to }.into(),
        7 => SupplyOrder::DesignateSource { at: to, class: None, designate: rng.below(2) == 0 }.into(),
        8 => SupplyOrder::SeaSupply(
            (0..rng.below(3))
                .map(|_| SeaLineOrder {
                    from: any_hex(g, rng),
                    to: any_hex(g, rng),
                    via: Vec::new(),
                    islands: Vec::new(),
                    protect: Vec::new(),
                    air_cover: Vec::new(),
                })
                .collect(),
        )
        .into(),
        _ => SupplyOrder::Intercept { line: rng.below(3) as u32, by: vec![unit], at_island: None }.into(),
    }
}

/// The one-attacker parts of an attack or combat, in listed form; `None`
/// for other orders.
fn parts(o: &Order) -> Option<Vec<Order>> {
    match o.downcast_ref::<OpsOrder>()? {
        OpsOrder::Attack { attackers, target } => Some(
            attackers
                .iter()
                .map(|a| OpsOrder::Attack { attackers: vec![a.clone()], target: target.clone() }.into())
                .collect(),
        ),
        OpsOrder::Combat { attackers, target, .. } => Some(
            attackers
                .iter()
                .map(|a| {
                    OpsOrder::Combat { attackers: vec![a.clone()], target: target.clone(), advance: Vec::new() }.into()
                })
                .collect(),
        ),
        _ => None,
    }
}

/// Whether `o` is an outcome-carrying `Combat`.
fn is_combat(o: &Order) -> bool {
    matches!(o.downcast_ref::<OpsOrder>(), Some(OpsOrder::Combat { .. }))
}

/// The units an operation order names as actors.
fn units(o: &Order) -> Vec<String> {
    match o.downcast_ref::<OpsOrder>() {
        Some(
            OpsOrder::Move { unit, .. }
            | OpsOrder::Exploit { unit, .. }
            | OpsOrder::Invade { unit, .. }
            | OpsOrder::Redeploy { unit, .. },
        ) => vec![unit.clone()],
        Some(OpsOrder::Attack { attackers, .. } | OpsOrder::Combat { attackers, .. }) => attackers.clone(),
        _ => Vec::new(),
    }
}

/// Whether the API promises that an accepted `o` was listed (every
/// operation order; attacks through their parts).
fn promised(o: &Order) -> bool {
    o.downcast_ref::<OpsOrder>().is_some()
}

/// The listed orders of `side`, cached until the game changes, and the
/// units named by the operation orders accepted for the phase about to run.
struct Listing {
    at: Option<Checksum>,
    legal: [Vec<Order>; 2],
    ordered: BTreeSet<String>,
}

impl Listing {
    fn of(&mut self, g: &mut Game, side: Side) -> &[Order] {
        let now = g.checksum();
        if self.at != Some(now) {
            self.legal = [g.legal_orders(Side::Axis), g.legal_orders(Side::Allies)];
            self.at = Some(now);
        }
        &self.legal[usize::from(side == Side::Allies)]
    }
}

/// Submits one batch and checks it against the listing.
fn submit_checked(
    g: &mut Game,
    side: Side,
    batch: Vec<Order>,
    listing: &mut Listing,
    seen: &mut Seen,
) -> Result<(), TestCaseError> {
    let legal = listing.of(g, side).to_vec();
    let before = g.checksum();
    let result = g.submit(side, &Orders { orders: batch.clone() });
    match (&result, batch.as_slice()) {
        (Err(e), _) => {
            prop_assert_eq!(g.checksum(), before, "refused {:?} ({}) changed the game at {:?}", batch, e, g.clock());
            seen.refused += 1;
            if batch.len() > 1 && batch.iter().any(|o| legal.contains(o)) {
                seen.refused_batches_with_a_valid_order += 1;
            }
        }
        (Ok(()), [o]) if is_combat(o) && units(o).iter().any(|u| listing.ordered.contains(u)) => {
            // `qm_ops::validate`: "One order per unit per phase (the
            // outcome-carrying `Combat` excepted ...)": a unit with an
            // order may still be named by a `Combat`, while the listing
            // leaves ordered units out. See `a_combat_by_an_ordered_unit_is_listed_or_refused`.
            seen.combat_by_ordered += 1;
        }
        (Ok(()), [o]) if promised(o) => {
            match parts(o) {
                Some(ps) => {
                    for p in &ps {
                        prop_assert!(
                            legal.contains(p),
                            "accepted {:?}, its part {:?} not listed at {:?}",
                            o,
                            p,
                            g.clock()
                        );
                    }
                }
                None => prop_assert!(legal.contains(o), "accepted but not listed: {:?} at {:?}", o, g.clock()),
            }
            seen.listed_accepted += 1;
        }
        (Ok(()), _) => seen.other_accepted += 1,
    }
    if result.is_ok() {
        listing.ordered.extend(batch.iter().flat_map(units));
    }
    if let [o] = batch.as_slice()
        && legal.contains(o)
    {
        prop_assert!(result.is_ok(), "listed but refused: {:?} ({:?}) at {:?}", o, result, g.clock());
    }
    Ok(())
}

/// One step of the machine.
fn step(g: &mut Game, rng: &mut Mix, listing: &mut Listing, seen: &mut Seen) -> Result<(), TestCaseError> {
    let to_move = g.clock().side;
    let side = if rng.below(6) == 0 { to_move.other() } else { to_move };
    let legal = listing.of(g, side).to_vec();
    let idle = listing.of(g, to_move.other()).to_vec();
    prop_assert!(idle.is_empty(), "the side not to move has listed orders: {:?}", idle.first());
    let one = |g: &Game, rng: &mut Mix| -> Order {
        match rng.below(4) {
            0 | 1 if !legal.is_empty() => rng.pick(&legal).clone(),
            2 if !legal.is_empty() => mutate(g, rng.pick(&legal), rng),
            _ => garbage(g, rng),
        }
    };
    match rng.below(8) {
        0 => {
            g.step_phase();
            listing.ordered.clear();
            seen.steps += 1;
        }
        1 => {
            let batch: Vec<Order> = (0..2 + rng.below(2)).map(|_| one(g, rng)).collect();
            submit_checked(g, side, batch, listing, seen)?;
        }
        _ => {
            let o = one(g, rng);
            submit_checked(g, side, vec![o], listing, seen)?;
        }
    }
    let ids = g.unit_ids();
    prop_assert!(ids.windows(2).all(|w| w[0] != w[1]), "two units share an id at {:?}", g.clock());
    Ok(())
}

/// Plays `steps` steps from a game `phases` phases in.
fn run(which: u8, seed: u64, phases: u32, steps: usize, seen: &mut Seen) -> Result<(), TestCaseError> {
    let mut g = game_for(which, seed);
    for _ in 0..phases {
        g.step_phase();
    }
    let mut rng = Mix(seed);
    let mut listing = Listing { at: None, legal: [Vec::new(), Vec::new()], ordered: BTreeSet::new() };
    for _ in 0..steps {
        if g.is_over() || g.next_phase().is_none() {
            break;
        }
        step(&mut g, &mut rng, &mut listing, seen)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn random_legal_and_illegal_orders_keep_the_order_promises(
        which in any::<u8>(),
        seed in any::<u64>(),
        phases in 0u32..12,
        steps in 1usize..=20,
    ) {
        run(which, seed, phases, steps, &mut Seen::default())?;
    }
}

/// The property is not vacuous: over 200 fixed runs, listed orders are
/// accepted, orders are refused, batches holding a valid order are refused
/// whole, and phases run.
#[test]
fn the_order_machine_sees_accepted_and_refused_orders() {
    let mut seen = Seen::default();
    for i in 0..200u64 {
        run((i % 4) as u8, i, (i % 12) as u32, 20, &mut seen).unwrap_or_else(|e| panic!("run {i}: {e}"));
    }
    eprintln!("{seen:?}");
    assert!(seen.listed_accepted > 200, "{seen:?}");
    assert!(seen.refused > 500, "{seen:?}");
    assert!(seen.refused_batches_with_a_valid_order > 10, "{seen:?}");
    assert!(seen.steps > 200, "{seen:?}");
}

/// `Game::legal_orders` promises that an operation order that is not
/// listed does not pass `submit`, and the listing leaves out units that
/// have an order for the phase; `qm_ops::validate` lets a unit with
/// another order be named by an outcome-carrying `Combat` ("the
/// outcome-carrying `Combat` excepted"), but not by a second `Combat`: a
/// listed `Combat`, given once, is refused a second time (a unit fights
/// once a phase). Found by this file's state machine.
#[test]
fn a_combat_by_an_ordered_unit_is_listed_or_refused() {
    let (mut g, combat) = (0..200u64)
        .find_map(|seed| {
            let mut g = game_for(2, seed);
            for _ in 0..12 {
                let side = g.clock().side;
                if let Some(o) = g.legal_orders(side).into_iter().find(is_combat) {
                    return Some((g, o));
                }
                g.step_phase();
            }
            None
        })
        .expect("a generated map with a listed Combat");
    let side = g.clock().side;
    g.submit(side, &Orders { orders: vec![combat.clone()] }).expect("a listed order passes");
    assert!(!g.legal_orders(side).contains(&combat), "its unit has an order now: no longer listed");
    let again = g.submit(side, &Orders { orders: vec![combat.clone()] });
    assert!(again.is_err(), "not listed, yet {combat:?} passes a second time");
}
