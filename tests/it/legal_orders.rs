//! `Game::legal_orders` against `Game::submit` (issue 11), on random
//! states of the showcase scenario reached by random legal play: every
//! listed order passes `submit` on its own, and an operation order that is
//! not listed does not (attacks in their canonical one-attacker form); and
//! any rejected batch of random well-formed orders (real and made-up unit
//! ids and hexes) leaves the checksum unchanged.
//!
//! Cases: 1,000 per property in CI, 10,000 with `QM_LONG=1`, at random
//! phases of the first 30 of 64 random plays (each played once per test
//! thread and kept as snapshots; a case clones a loaded game and restores
//! one), with the sampling of candidates seeded by the case.

use crate::common;

use common::mix::Mix;

use common::ops::*;
use common::*;
use proptest::prelude::*;
use quartermaster::prelude::*;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// Seeds of the random plays that states are drawn from: each is played
/// once per test thread, to 30 phases, and its snapshot after every phase
/// kept, so that a case costs a clone and a restore, not a load and up to
/// 30 phases of play.
const PLAYS: u64 = 64;

/// Cases per property: 1,000 in CI, 10,000 with `QM_LONG=1`.
fn cases() -> u32 {
    if long() { 10_000 } else { 1_000 }
}

/// Plays 30 phases from the start (fewer if the game ends), the side to
/// move giving a random share of its legal orders one at a time
/// (re-listing after each): the snapshots from the start and after each
/// phase.
fn random_play(seed: u64) -> Vec<Snapshot> {
    common::ops::random_play(load_seeded(EAST, seed), seed, 30, 12)
}

thread_local! {
    static BASE: Game = load(EAST);
    static PLAYED: RefCell<BTreeMap<u64, Vec<Snapshot>>> = const { RefCell::new(BTreeMap::new()) };
}

/// The state of play `seed % PLAYS` after `phases` phases (or at its end).
fn random_state(seed: u64, phases: u32) -> Game {
    let seed = seed % PLAYS;
    let snap = PLAYED.with(|p| {
        let mut p = p.borrow_mut();
        let v = p.entry(seed).or_insert_with(|| random_play(seed));
        v[(phases as usize).min(v.len() - 1)].clone()
    });
    let mut g = BASE.with(Game::clone);
    g.restore_from(&snap).expect("a snapshot of the same scenario");
    g
}

/// Asks whether orders pass `submit` on a copy of a game: one scratch copy
/// serves every refused order (a refusal leaves the game unchanged, which
/// `a_rejected_batch_leaves_the_checksum_unchanged` checks), and is copied
/// afresh after an accepted one.
struct Probe<'g> {
    game: &'g Game,
    scratch: Game,
}

impl<'g> Probe<'g> {
    fn new(game: &'g Game) -> Self {
        Self { game, scratch: game.clone() }
    }

    /// Whether `o` passes `submit` for `side` on its own.
    fn passes(&mut self, side: Side, o: &Order) -> bool {
        let ok = self.scratch.submit(side, &Orders { orders: vec![o.clone()] }).is_ok();
        if ok {
            self.scratch = self.game.clone();
        }
        ok
    }
}

/// Candidate operation orders of every kind near the units of both sides:
/// each unit to every hex within three of it, attacks on every neighbour,
/// builds of every type at every named place.
fn candidates(g: &Game) -> Vec<Order> {
    let map = &g.spec().map;
    let mut out = Vec::new();
    for id in g.unit_ids() {
        let (_, l, _) = g.unit(id.as_str()).expect("unit");
        let near = quartermaster::trace::bfs_distances(
            &map.adjacency,
            quartermaster::trace::EdgeKinds::ALL,
            &[l.node],
            3,
            |_| true,
        );
        for (n, &d) in near.iter_enumerated() {
            if d == u32::MAX {
                continue;
            }
            let to = map.label(n).to_string();
            let unit = id.to_string();
            out.push(OpsOrder::Move { unit: unit.clone(), to: to.clone() }.into());
            out.push(OpsOrder::Exploit { unit: unit.clone(), to: to.clone() }.into());
            if d == 1 {
                out.push(OpsOrder::Attack { attackers: vec![unit.clone()], target: to.clone() }.into());
            }
        }
    }
    for place in ["berlin", "warsaw", "konigsberg", "moscow", "leningrad", "kiev", "kharkov", "rostov", "minsk"] {
        for kind in ["inf", "arm", "mech"] {
            // Legal orders name places by their labels.
            let at = map.find(place).map_or_else(|| place.to_string(), |n| map.label(n).to_string());
            out.push(OpsOrder::Build { kind: kind.into(), at }.into());
        }
    }
    out
}

fn check(seed: u64, phases: u32) {
    let mut g = random_state(seed, phases);
    let listings = [Side::Axis, Side::Allies].map(|side| {
        let before = g.checksum();
        let legal = g.legal_orders(side);
        assert_eq!(g.checksum(), before, "listing changes no state");
        assert_eq!(g.legal_orders(side), legal, "the listing is deterministic");
        legal
    });
    let mut probe = Probe::new(&g);
    for (side, legal) in [Side::Axis, Side::Allies].into_iter().zip(listings) {
        let mut sorted = legal.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), legal.len(), "no order is listed twice");
        // Every listed order passes (a sample of them, spread evenly).
        let step = (legal.len() / 25).max(1);
        for o in legal.iter().step_by(step) {
            assert!(probe.passes(side, o), "listed but refused: {o:?} at {:?}", g.clock());
        }
        multi_attacks(&g, &mut probe, side, &legal, seed);
        // No unlisted candidate passes.
        let mut rng = Mix(seed ^ 0x5eed);
        let cands = candidates(&g);
        for _ in 0..60 {
            let o = &cands[rng.below(cands.len())];
            if !legal.contains(o) {
                assert!(!probe.passes(side, o), "not listed but passes: {o:?} at {:?}", g.clock());
            }
        }
    }
}

/// The encoding of attacks by several units (one combat per hex): an
/// `Attack` naming several attackers passes exactly when each of its
/// one-attacker parts is listed. Checked on the listed pairs of each
/// attacked hex, and on a listed attacker joined by a unit whose part is
/// not listed.
fn multi_attacks(g: &Game, probe: &mut Probe<'_>, side: Side, legal: &[Order], seed: u64) {
    let mut by_target: std::collections::BTreeMap<String, Vec<String>> = std::collections::BTreeMap::new();
    for o in legal {
        if let Some(OpsOrder::Attack { attackers, target }) = o.downcast_ref::<OpsOrder>() {
            by_target.entry(target.clone()).or_default().extend(attackers.iter().cloned());
        }
    }
    let ids: Vec<String> = g.unit_ids().iter().map(ToString::to_string).collect();
    let mut rng = Mix(seed ^ 0xa77a);
    for (target, units) in by_target.iter().take(6) {
        let attack = |a: &[&String]| -> Order {
            OpsOrder::Attack { attackers: a.iter().map(|s| (*s).clone()).collect(), target: target.clone() }.into()
        };
        if let [a, b, ..] = units.as_slice() {
            assert!(probe.passes(side, &attack(&[a, b])), "both parts listed: {a} and {b} on {target}");
        }
        let other = &ids[rng.below(ids.len())];
        if !units.contains(other) {
            assert!(!probe.passes(side, &attack(&[&units[0], other])), "{other}'s part on {target} is not listed");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn legal_orders_are_exactly_what_submit_takes(seed in 0u64..1000, phases in 0u32..30) {
        check(seed, phases);
    }

    #[test]
    fn a_rejected_batch_leaves_the_checksum_unchanged(seed in any::<u64>(), phases in 0u32..30) {
        rejected_unchanged(seed, phases);
    }
}

/// A unit id: a real one or a made-up one.
fn any_unit(g: &Game, rng: &mut Mix) -> String {
    let ids = g.unit_ids();
    if ids.is_empty() || rng.below(4) == 0 {
        "x-no-such-unit".to_string()
    } else {
        ids[rng.below(ids.len())].to_string()
    }
}

/// A hex: a real label or a made-up one.
fn any_hex(g: &Game, rng: &mut Mix) -> String {
    let map = &g.spec().map;
    if rng.below(4) == 0 {
        "zz999".to_string()
    } else {
        map.label(NodeId::from_index(rng.below(map.node_count()))).to_string()
    }
}

/// A random well-formed order of any operation kind.
fn random_order(g: &Game, rng: &mut Mix) -> Order {
    let (unit, to) = (any_unit(g, rng), any_hex(g, rng));
    match rng.below(4) {
        0 => OpsOrder::Move { unit, to }.into(),
        1 => OpsOrder::Exploit { unit, to }.into(),
        2 => OpsOrder::Attack { attackers: vec![unit, any_unit(g, rng)], target: to }.into(),
        _ => OpsOrder::Build { kind: ["inf", "arm", "mech", "nope"][rng.below(4)].into(), at: to }.into(),
    }
}

/// Random batches of one to three random orders for either side: a
/// rejected batch leaves the checksum as it was (illegal orders change
/// nothing).
fn rejected_unchanged(seed: u64, phases: u32) {
    let g = random_state(seed, phases);
    let mut rng = Mix(seed);
    let before = g.checksum();
    let mut rejected = 0;
    for _ in 0..40 {
        let side = if rng.below(2) == 0 { Side::Axis } else { Side::Allies };
        let orders: Vec<Order> = (0..=rng.below(3)).map(|_| random_order(&g, &mut rng)).collect();
        let mut h = g.clone();
        if h.submit(side, &Orders { orders: orders.clone() }).is_err() {
            rejected += 1;
            assert_eq!(h.checksum(), before, "rejected {orders:?} changed the state at {:?}", g.clock());
        }
    }
    assert!(rejected > 0, "some random batch is rejected");
}

#[test]
fn every_phase_of_the_first_turn() {
    for phases in 0..12 {
        check(7, phases);
    }
}

#[test]
fn a_multi_attacker_order_passes_when_its_parts_are_listed() {
    let mut g = load(EAST);
    until(&mut g, COMBAT);
    // Move nothing; find a Russian unit with two German neighbours listed.
    let legal = g.legal_orders(Side::Axis);
    let attacks: Vec<(String, String)> = legal
        .iter()
        .filter_map(|o| match o.downcast_ref::<OpsOrder>() {
            Some(OpsOrder::Attack { attackers, target }) => Some((attackers[0].clone(), target.clone())),
            _ => None,
        })
        .collect();
    let pair = attacks.iter().find_map(|(a, t)| attacks.iter().find(|(b, u)| u == t && b != a).map(|(b, _)| (a, b, t)));
    if let Some((a, b, t)) = pair {
        let o = OpsOrder::Attack { attackers: vec![a.clone(), b.clone()], target: t.clone() };
        assert!(submit_op(&mut g.clone(), Side::Axis, o).is_ok());
    }
    // And an attack by a unit that is not adjacent is refused, as is the
    // other side's order in the side to move's phase.
    assert!(g.legal_orders(Side::Allies).is_empty(), "only the side to move has orders");
}
