//! A unit's supply record is written only when it changes, so that an
//! embedder's `Changed<UnitSupply>` sees real changes (issue 14: dense hex
//! state and change detection). Properties: whatever hexes change hands
//! between determinations, of either kind, a record is marked changed
//! exactly when its content changed (cutoffs included), and an initial
//! determination decides the records a game whose units hold no earlier
//! line decides.

use crate::common;

use common::hand_over;
use proptest::prelude::*;
use quartermaster::bevy_ecs::change_detection::DetectChanges;
use quartermaster::bevy_ecs::change_detection::Tick;
use quartermaster::bevy_ecs::prelude::Ref;
use quartermaster::core::components::Unit;
use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use std::collections::BTreeMap;

/// Every unit's record, by unit id, and whether it changed since `since`.
fn records(g: &mut Game, since: Tick) -> BTreeMap<String, (UnitSupply, bool)> {
    let w = g.world_mut();
    let now = w.read_change_tick();
    let mut q = w.query::<(&Unit, Ref<UnitSupply>)>();
    q.iter(w).map(|(u, s)| (u.id.to_string(), ((*s).clone(), s.last_changed().is_newer_than(since, now)))).collect()
}

/// Determines `side`'s supply and returns the records before and after.
fn determine(g: &mut Game, side: Side, kind: DeterminationKind) -> [BTreeMap<String, (UnitSupply, bool)>; 2] {
    let since = g.world_mut().change_tick();
    let before = records(g, since);
    g.determine_supply(side, kind);
    [before, records(g, since)]
}

/// Asserts that a record is marked changed exactly when its content
/// changed. A record with a cutoff is decided by two stages (the statuses,
/// then `explain_cutoffs`): it too is marked only if it ends otherwise.
fn marked_iff_changed(before: &BTreeMap<String, (UnitSupply, bool)>, after: &BTreeMap<String, (UnitSupply, bool)>) {
    for (id, (new, marked)) in after {
        let old = &before[id].0;
        if old != new {
            assert!(*marked, "unit {id}: changed but not marked: before {old:?}, after {new:?}");
        } else {
            assert!(!*marked, "unit {id}: marked but unchanged: {new:?}");
        }
    }
}

/// The same game with no unit holding a line: nothing to trace into.
fn without_lines(g: &Game) -> Game {
    let mut fresh = Game::restore(&g.snapshot());
    let w = fresh.world_mut();
    for mut s in w.query::<&mut UnitSupply>().iter_mut(w) {
        s.line = None;
    }
    fresh
}

/// Clears every unit's cutoff, so that the next determination writes each
/// anew instead of keeping one it finds equal.
fn without_cutoffs(g: &mut Game) {
    let w = g.world_mut();
    for mut s in w.query::<&mut UnitSupply>().iter_mut(w) {
        s.cutoff = None;
    }
}

fn side(allies: bool) -> Side {
    if allies { Side::Allies } else { Side::Axis }
}

#[test]
fn a_determination_repeated_on_the_same_state_changes_no_record() {
    let mut with_cutoff = 0;
    for seed in [1, 2] {
        let c = generate(GenParams::new(10_000, seed)).expect("generated");
        let mut g = Game::builder().strict(true).from_compiled(c, seed).expect("game");
        for s in [Side::Axis, Side::Allies] {
            g.determine_supply(s, DeterminationKind::Initial);
            let [before, after] = determine(&mut g, s, DeterminationKind::Initial);
            let lines = after.values().filter(|(r, _)| r.line.as_ref().is_some_and(|l| !l.path.is_empty())).count();
            assert!(lines > 50, "seed {seed}: only {lines} units hold a line");
            marked_iff_changed(&before, &after);
            for (id, (new, _)) in &after {
                assert_eq!(*new, before[id].0, "seed {seed}, unit {id}");
            }
            with_cutoff +=
                after.values().filter(|(r, _)| r.cutoff.is_some() && r.at.is_some_and(|a| a.side == s)).count();
        }
    }
    // Records explained by a cutoff are among those left unmarked.
    assert!(with_cutoff > 0, "no unit holds a cutoff");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn records_are_marked_exactly_when_they_change_and_equal_fresh_lines(
        rounds in proptest::collection::vec(
            (proptest::collection::vec((0u32..1_500, 0usize..12), 0..40), any::<bool>(), any::<bool>()),
            1..5,
        ),
    ) {
        let c = generate(GenParams::new(1_200, 4)).expect("generated");
        let mut g = Game::builder().strict(true).from_compiled(c, 4).expect("game");
        g.determine_supply(Side::Axis, DeterminationKind::Initial);
        g.determine_supply(Side::Allies, DeterminationKind::Initial);
        let board = g.spec().map.board_count;
        for (changes, allies, post) in rounds {
            for (node, nation) in changes {
                hand_over(&mut g, NodeId(node % board), nation);
            }
            let kind = if post { DeterminationKind::PostCombat } else { DeterminationKind::Initial };
            // An initial determination reads nothing of a unit's last record
            // but its line's path: a game without lines is the oracle.
            let mut fresh = if post { Game::restore(&g.snapshot()) } else { without_lines(&g) };
            // Nor does it read a cutoff but to compare the new one with it:
            // the oracle's are written whole.
            without_cutoffs(&mut fresh);
            let [before, after] = determine(&mut g, side(allies), kind);
            marked_iff_changed(&before, &after);
            fresh.determine_supply(side(allies), kind);
            let oracle = records(&mut fresh, Tick::new(0));
            // The other side's records are not the oracle's (it holds no
            // lines): they are left as they were.
            for (id, (rec, _)) in &after {
                if rec.at.is_some_and(|a| a.side == side(allies)) {
                    prop_assert_eq!(rec, &oracle[id].0, "unit {}", id);
                } else {
                    prop_assert_eq!(rec, &before[id].0, "unit {}", id);
                }
            }
        }
    }
}
