//! The operations view's memo (`qm_ops::ViewMemo`): the legal orders and
//! the validation of every order read one copy of the world per state of
//! it, with one flood per unit. A game whose world has no memo reads the
//! world afresh for every order, and is the oracle: on random play both
//! list the same orders, accept and refuse the same orders with the same
//! errors, and reach the same checksums; and a change made behind the
//! engine's back between a listing and the next is seen, and a search
//! copy lists as a fresh reading of itself does.

use crate::common;

use common::mix::Mix;
use common::ops::EAST;
use common::*;
use quartermaster::core::components::{Location, Unit};
use quartermaster::ops::ViewMemo;
use quartermaster::prelude::*;

/// A copy of `g` whose world reads itself afresh for every order.
fn without_memo(g: &Game) -> Game {
    let mut c = g.clone();
    c.world_mut().remove_resource::<ViewMemo>();
    c
}

/// The legal orders of `side`, written out.
fn listed(g: &mut Game, side: Side) -> Vec<String> {
    g.legal_orders(side).iter().map(|o| format!("{o:?}")).collect()
}

/// Plays `phases` phases of `scenario` with `seed` on a game with the memo
/// and one without, side by side: at each phase both sides' listings
/// agree; the side to move gives a random share of its listed orders,
/// each twice (the second time refused: one order a unit), and a move of
/// a listed unit to a random hex, on both games with the same results; and
/// after the phase both games have one checksum.
fn agree_on_random_play(scenario: &str, seed: u64, phases: usize) {
    let mut memo = load_seeded(scenario, seed);
    let mut fresh = without_memo(&memo);
    let mut rng = Mix(seed);
    let labels: Vec<String> = memo.spec().map.node_ids().map(|n| memo.spec().map.label(n).to_string()).collect();
    for phase in 0..phases {
        let side = memo.clock().side;
        for s in [side, side.other()] {
            assert_eq!(listed(&mut memo, s), listed(&mut fresh, s), "{scenario} seed {seed} phase {phase}: {s:?}");
        }
        let legal = memo.legal_orders(side);
        let mut given: Vec<Order> = Vec::new();
        for o in &legal {
            if rng.below(3) == 0 {
                given.extend([o.clone(), o.clone()]);
            }
        }
        if let Some(Some(OpsOrder::Move { unit, .. })) = legal.first().map(|o| o.downcast_ref::<OpsOrder>()) {
            given.push(OpsOrder::Move { unit: unit.clone(), to: rng.pick(&labels).clone() }.into());
        }
        for o in given {
            let (a, b) = (memo.submit(side, &Orders::of([o.clone()])), fresh.submit(side, &Orders::of([o.clone()])));
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{scenario} seed {seed} phase {phase}: {o:?}");
        }
        memo.step_phase();
        fresh.step_phase();
        assert_eq!(memo.checksum(), fresh.checksum(), "{scenario} seed {seed} phase {phase}");
        if memo.result().is_some() {
            break;
        }
    }
}

#[test]
fn the_memo_and_a_fresh_reading_agree_on_random_play_of_the_showcase() {
    for seed in 0..4 {
        agree_on_random_play(EAST, seed, 24);
    }
}

#[test]
fn the_memo_and_a_fresh_reading_agree_on_random_play_of_the_campaigns() {
    for scenario in ["scenarios/campaigns/fuel-for-the-front.ron", "scenarios/campaigns/price-of-the-east.ron"] {
        for seed in 0..2 {
            agree_on_random_play(scenario, seed, 18);
        }
    }
}

/// A unit moved by hand after a listing (no phase run, no system, the
/// world's tick unchanged by the engine) lists its moves from its new hex,
/// as a fresh reading does.
#[test]
fn a_change_behind_the_engine_after_a_listing_is_seen() {
    let mut g = load(EAST);
    common::ops::until(&mut g, MOVEMENT);
    let side = g.clock().side;
    let before = g.legal_orders(side);
    let Some(OpsOrder::Move { unit, to }) = before.iter().find_map(|o| o.downcast_ref::<OpsOrder>().cloned()) else {
        panic!("the showcase lists a move first in its movement phase");
    };
    let node = g.spec().map.find(&to).expect("a listed hex");
    let w = g.world_mut();
    let mut q = w.query::<(&Unit, &mut Location)>();
    let (_, mut at) = q.iter_mut(w).find(|(u, _)| u.id.as_str() == unit).expect("the listed unit");
    at.node = node;
    let after = listed(&mut g, side);
    assert_eq!(after, listed(&mut without_memo(&g), side));
    let moves_of = |v: &[String]| v.iter().filter(|o| o.contains(&format!("\"{unit}\""))).cloned().collect::<Vec<_>>();
    let was: Vec<String> = before.iter().map(|o| format!("{o:?}")).collect();
    assert_ne!(moves_of(&after), moves_of(&was), "{unit} moved from its hex to {to}: its moves change");
}

/// Moves `unit` of `g` to `label` by hand, behind the engine's back.
fn move_by_hand(g: &mut Game, unit: &str, label: &str) {
    let node = g.spec().map.find(label).expect("a hex of the map");
    let w = g.world_mut();
    let mut q = w.query::<(&Unit, &mut Location)>();
    let (_, mut at) = q.iter_mut(w).find(|(u, _)| u.id.as_str() == unit).expect("a unit of the game");
    at.node = node;
}

/// A search copy starts from its game's view (`ViewMemo::share`) and lists
/// as a fresh reading of itself does: right after the fork, after a change
/// by hand to the copy, and after a phase run on it; the game's own
/// listing is untouched by what the copy does.
#[test]
fn a_search_copy_lists_as_a_fresh_reading_of_itself() {
    let mut g = load(EAST);
    common::ops::until(&mut g, MOVEMENT);
    let side = g.clock().side;
    let own = listed(&mut g, side);
    let mut copy = g.fork(7);
    assert_eq!(listed(&mut copy, side), own);
    assert_eq!(listed(&mut without_memo(&copy), side), own);
    let Some(OpsOrder::Move { unit, to }) = g.legal_orders(side).iter().find_map(|o| o.downcast_ref().cloned()) else {
        panic!("the showcase lists a move first in its movement phase");
    };
    move_by_hand(&mut copy, &unit, &to);
    let moved = listed(&mut copy, side);
    assert_eq!(moved, listed(&mut without_memo(&copy), side));
    assert_ne!(moved, own, "{unit} moved by hand to {to} on the copy");
    copy.step_phase();
    for s in [side, side.other()] {
        assert_eq!(listed(&mut copy, s), listed(&mut without_memo(&copy), s));
    }
    assert_eq!(listed(&mut g, side), own);
}

/// A game changed by hand after its listing holds a base that is no longer
/// its own: a fork taken then must not start from it.
#[test]
fn a_fork_of_a_game_changed_after_its_listing_reads_itself() {
    let mut g = load(EAST);
    common::ops::until(&mut g, MOVEMENT);
    let side = g.clock().side;
    let Some(OpsOrder::Move { unit, to }) = g.legal_orders(side).iter().find_map(|o| o.downcast_ref().cloned()) else {
        panic!("the showcase lists a move first in its movement phase");
    };
    let own = listed(&mut g, side);
    move_by_hand(&mut g, &unit, &to);
    let mut copy = g.fork(7);
    let forked = listed(&mut copy, side);
    assert_eq!(forked, listed(&mut without_memo(&g), side));
    assert_ne!(forked, own, "{unit} moved by hand to {to} before the fork");
}
