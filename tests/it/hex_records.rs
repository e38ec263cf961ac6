//! A hex's status is written only when it changes, so that an embedder's
//! `Changed<HexSupply>` sees real changes (issue 14: dense hex state and
//! change detection). When it was decided is a component of its own,
//! `HexDecided`, which SUP-142 reads and every determination of the
//! holder's side writes. Properties: whatever hexes change hands between
//! determinations, of either kind and turn, each component is marked
//! changed exactly when its content changed, and the records equal those of
//! the same determination on a game restored from a snapshot (new, or
//! restored into in place) and on a clone.

use crate::common;

use common::hand_over;
use proptest::prelude::*;
use quartermaster::bevy_ecs::change_detection::DetectChanges;
use quartermaster::bevy_ecs::change_detection::Tick;
use quartermaster::bevy_ecs::prelude::Ref;
use quartermaster::core::components::MapNode;
use quartermaster::core::phase::GameClock;
use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use std::collections::BTreeMap;

/// A hex's record, and whether its status and its decision were marked
/// changed since a tick.
#[derive(Clone, Copy, Debug)]
struct Seen {
    record: HexRecord,
    status_marked: bool,
    decided_marked: bool,
}

/// Every node's record, by node id, with its marks since `since`. It reads
/// the world without taking it mutably, so a restore into the game still
/// writes its world in place.
fn hexes(g: &Game, since: Tick) -> BTreeMap<NodeId, Seen> {
    let w = g.world();
    let now = w.read_change_tick();
    let mut q = w.try_query::<(&MapNode, Ref<HexSupply>, Ref<HexDecided>)>().expect("hex components");
    q.iter(w)
        .map(|(n, s, d)| {
            let seen = Seen {
                record: HexRecord::of(&s, &d),
                status_marked: s.last_changed().is_newer_than(since, now),
                decided_marked: d.last_changed().is_newer_than(since, now),
            };
            (n.0, seen)
        })
        .collect()
}

/// Determines `side`'s supply and returns the hexes before and after.
fn determine(g: &mut Game, side: Side, kind: DeterminationKind) -> [BTreeMap<NodeId, Seen>; 2] {
    let since = g.world().read_change_tick();
    let before = hexes(g, since);
    g.determine_supply(side, kind);
    [before, hexes(g, since)]
}

/// Asserts that each component is marked changed exactly when its content
/// changed; returns how many hexes kept their status but got a new
/// decision.
fn marked_iff_changed(before: &BTreeMap<NodeId, Seen>, after: &BTreeMap<NodeId, Seen>) -> usize {
    let mut redecided = 0;
    for (n, new) in after {
        let old = before[n].record;
        let status_changed = old.status != new.record.status;
        let at_changed = old.at != new.record.at;
        assert_eq!(new.status_marked, status_changed, "node {n}: status {:?} -> {:?}", old.status, new.record.status);
        assert_eq!(new.decided_marked, at_changed, "node {n}: decided {:?} -> {:?}", old.at, new.record.at);
        redecided += usize::from(at_changed && !status_changed);
    }
    redecided
}

/// Moves the game's clock on by one turn.
fn next_turn(g: &mut Game) {
    g.world_mut().resource_mut::<GameClock>().turn += 1;
}

fn side(allies: bool) -> Side {
    if allies { Side::Allies } else { Side::Axis }
}

#[test]
fn a_new_turn_decides_every_hex_again_but_marks_only_changed_statuses() {
    let c = generate(GenParams::new(10_000, 3)).expect("generated");
    let mut g = Game::builder().strict(true).from_compiled(c, 3).expect("game");
    for s in Side::BOTH {
        g.determine_supply(s, DeterminationKind::Initial);
    }
    next_turn(&mut g);
    for s in Side::BOTH {
        let [before, after] = determine(&mut g, s, DeterminationKind::Initial);
        let redecided = marked_iff_changed(&before, &after);
        let status_marked = after.values().filter(|h| h.status_marked).count();
        // The same map a turn later: every hex of the side is decided anew,
        // and none changes status.
        assert!(redecided > 1_000, "{s}: only {redecided} hexes decided anew");
        assert_eq!(status_marked, 0, "{s}: statuses marked on an unchanged map");
        let turn = g.clock().turn;
        assert!(after.values().filter(|h| h.decided_marked).all(|h| h.record.at.is_some_and(|a| a.turn == turn)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn hex_components_are_marked_exactly_when_they_change_and_equal_a_restored_game(
        rounds in proptest::collection::vec(
            (proptest::collection::vec((0u32..1_500, 0usize..12), 0..40), any::<bool>(), any::<bool>(), any::<bool>()),
            1..6,
        ),
    ) {
        let c = generate(GenParams::new(1_200, 5)).expect("generated");
        let mut g = Game::builder().strict(true).from_compiled(c, 5).expect("game");
        g.determine_supply(Side::Axis, DeterminationKind::Initial);
        g.determine_supply(Side::Allies, DeterminationKind::Initial);
        // A second oracle: one game of the same scenario, restored into at
        // every round, whose world is written in place.
        let mut other = g.clone();
        let board = g.spec().map.board_count;
        for (changes, allies, post, new_turn) in rounds {
            if new_turn {
                next_turn(&mut g);
            }
            for (node, nation) in changes {
                hand_over(&mut g, NodeId(node % board), nation);
            }
            let kind = if post { DeterminationKind::PostCombat } else { DeterminationKind::Initial };
            // The oracle: the same determination on a game restored from a
            // snapshot, which carries every hex's decision (SUP-142).
            let mut fresh = Game::restore(&g.snapshot());
            // Its last state differs first (the other side decided after
            // combat), so that the restore has every decision to write.
            other.determine_supply(side(!allies), DeterminationKind::PostCombat);
            other.restore_from(&g.snapshot()).expect("restored");
            let mut cloned = g.clone();
            let [before, after] = determine(&mut g, side(allies), kind);
            marked_iff_changed(&before, &after);
            for o in [&mut fresh, &mut other, &mut cloned] {
                o.determine_supply(side(allies), kind);
                let oracle = hexes(o, Tick::new(0));
                for (n, h) in &after {
                    prop_assert_eq!(h.record, oracle[n].record, "node {}", n);
                }
                prop_assert_eq!(g.checksum(), o.checksum());
                // Dropped, it lends its world to a later clone: a world
                // whose decisions differ, for the copy to overwrite.
                o.determine_supply(side(!allies), DeterminationKind::PostCombat);
            }
        }
    }
}
