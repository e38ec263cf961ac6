//! Cheap clones and restores (issue 14) change nothing a game does: a clone
//! continues bit-identically, a snapshot restored into a played world
//! (`Game::restore_from`) continues as a fresh `Game::restore` of it, and
//! the checksum read from the world equals the checksum of the extracted
//! state. On every shipped scenario and on a generated map.

use crate::common;

use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};

/// Two player turns and a bit.
const PHASES: usize = 14;

fn games() -> Vec<(String, Game)> {
    let mut out: Vec<(String, Game)> =
        common::shipped().into_iter().map(|p| (p.clone(), common::load_seeded(&p, 11))).collect();
    let c = generate(GenParams::new(1_200, 4)).expect("generated");
    out.push(("generated".into(), Game::builder().strict(true).from_compiled(c, 4).expect("game")));
    out
}

/// Every unit's explanation, by id: what derived caches could leak into.
fn explanations(g: &Game) -> Vec<Option<String>> {
    g.unit_ids().iter().map(|id| g.explain(id.as_str())).collect()
}

#[test]
fn the_checksum_read_from_the_world_is_the_checksum_of_the_state() {
    for (name, mut g) in games() {
        for phase in 0..PHASES {
            assert_eq!(g.checksum(), g.spec().fingerprint.fold(checksum(&g.state())), "{name}, phase {phase}");
            g.step_phase();
        }
    }
}

#[test]
fn a_clone_at_any_phase_continues_bit_identically() {
    for (name, g) in games() {
        let mut straight = g.clone();
        let want = common::play(&mut straight, PHASES);
        for cut in [0, 1, 3, 7, 12] {
            let mut a = g.clone();
            let mut got = common::play(&mut a, cut);
            let mut b = a.clone();
            assert_eq!(b.checksum(), a.checksum(), "{name}: clone at phase {cut}");
            assert_eq!(explanations(&b), explanations(&a), "{name}: clone at phase {cut}");
            let rest_b = common::play(&mut b, PHASES - cut);
            got.extend(common::play(&mut a, PHASES - cut));
            assert_eq!(got, want, "{name}: the original after a clone at phase {cut}");
            assert_eq!(rest_b, want[cut..], "{name}: the clone made at phase {cut}");
        }
    }
}

/// The self-play loop: clone, play, drop, again. Clones after the first
/// reuse the worlds of dropped ones, and play alike.
#[test]
fn clones_that_reuse_dropped_worlds_play_alike() {
    for (name, mut g) in games() {
        common::play(&mut g, 2);
        let before = g.checksum();
        let first = common::play(&mut g.clone(), PHASES);
        for round in 0..3 {
            let mut c = g.clone();
            assert_eq!(c.checksum(), before, "{name}: round {round}");
            assert_eq!(common::play(&mut c, PHASES), first, "{name}: round {round}");
        }
        assert_eq!(g.checksum(), before, "{name}: playing clones leaves the original alone");
    }
}

#[test]
fn a_restore_into_a_played_world_continues_as_a_fresh_restore() {
    for (name, g) in games() {
        for cut in [0, 2, 5, 9] {
            let mut source = g.clone();
            common::play(&mut source, cut);
            let snap = source.snapshot();
            // A world played past the snapshot, then a clone of it played
            // elsewhere: caches, resources and entities that a fresh world
            // does not have.
            let mut used = g.clone();
            common::play(&mut used, PHASES);
            used.restore_from(&snap).expect("restores");
            let mut fresh = Game::restore(&snap);
            assert_eq!(used.checksum(), fresh.checksum(), "{name}: restored at phase {cut}");
            assert_eq!(used.state(), fresh.state(), "{name}: restored at phase {cut}");
            assert_eq!(explanations(&used), explanations(&fresh), "{name}: restored at phase {cut}");
            assert_eq!(
                common::play(&mut used, PHASES),
                common::play(&mut fresh, PHASES),
                "{name}: continued from phase {cut}"
            );
            assert_eq!(explanations(&used), explanations(&fresh), "{name}: continued from phase {cut}");
        }
    }
}

#[test]
fn a_snapshot_of_another_scenario_gets_a_new_world() {
    let mut a = common::load("scenarios/awaw/barbarossa-pocket.ron");
    let b = common::load("scenarios/awaw/libya-split.ron");
    a.restore_from(&b.snapshot()).expect("restores");
    assert_eq!(a.checksum(), b.checksum());
    assert_eq!(a.title(), b.title());
}

/// A restore keeps rule 30's derived buffers (`Cache::invalidate`): the
/// supply context holds its columns' memory, and says that it holds no
/// determination, so that nothing outside the determination reads the
/// played world's.
#[test]
fn a_restore_keeps_the_supply_buffers_and_forgets_their_determination() {
    use quartermaster::supply::SupplyContext;
    let c = generate(GenParams::new(1_200, 4)).expect("generated");
    let mut g = Game::builder().strict(true).from_compiled(c, 4).expect("game");
    let snap = g.snapshot();
    g.determine_supply(Side::Axis, DeterminationKind::Initial);
    let before = g.world().resource::<SupplyContext>();
    assert_eq!(before.side, Some(Side::Axis));
    let columns = before.accept.as_ptr();
    g.restore_from(&snap).expect("restores");
    let after = g.world().resource::<SupplyContext>();
    assert_eq!((after.side, after.kind), (None, None), "no determination after a restore");
    assert_eq!(after.accept.as_ptr(), columns, "the column's buffer is kept");
    g.determine_supply(Side::Allies, DeterminationKind::Initial);
    let mut fresh = Game::restore(&snap);
    fresh.determine_supply(Side::Allies, DeterminationKind::Initial);
    assert_eq!(g.checksum(), fresh.checksum());
    assert_eq!(g.world().resource::<SupplyContext>().accept, fresh.world().resource::<SupplyContext>().accept);
}

/// The entity of a unit in a game's world.
fn entity_of(g: &Game, id: &str) -> Option<quartermaster::bevy_ecs::entity::Entity> {
    use quartermaster::bevy_ecs::entity::Entity;
    use quartermaster::core::components::Unit;
    let w = g.world();
    let mut q = w.try_query::<(Entity, &Unit)>()?;
    q.iter(w).find(|(_, u)| u.id.as_str() == id).map(|(e, _)| e)
}

/// A clone writes the units into a dropped world by id (issue 14): a unit
/// both hold keeps its entity there, a unit only the dropped world holds
/// (one it built) is despawned, and a unit only the source holds (one built
/// since the world was dropped) is spawned. Each clone then holds exactly
/// the source's state and plays on as the source does.
#[test]
fn a_clone_into_a_world_with_other_units_holds_the_source_units() {
    use common::ops::{EAST, submit_op, until};
    let build = |at: &str| OpsOrder::Build { kind: "inf".into(), at: at.into() };
    let mut g = common::load(EAST);
    until(&mut g, CONSTRUCTION_REDEPLOYMENT);
    let n = g.unit_ids().len();
    // A clone builds a unit and is dropped: its world has a unit the
    // source has not.
    let mut c = g.clone();
    submit_op(&mut c, Side::Axis, build("berlin")).expect("build");
    c.step_phase();
    assert_eq!(c.unit_ids().len(), n + 1, "the clone built a unit");
    let kept = entity_of(&c, "ger-1a").expect("in the clone");
    drop(c);
    let d = g.clone();
    assert_eq!(entity_of(&d, "ger-1a"), Some(kept), "the dropped world is reused, the unit's entity kept");
    assert_eq!(d.unit_ids().len(), n);
    assert_eq!((d.state(), d.checksum()), (g.state(), g.checksum()), "the built unit is gone");
    drop(d);
    // The source builds a unit the dropped world has not.
    submit_op(&mut g, Side::Axis, build("berlin")).expect("build");
    g.step_phase();
    let mut e = g.clone();
    assert_eq!(e.unit_ids().len(), n + 1);
    assert_eq!((e.state(), e.checksum()), (g.state(), g.checksum()), "the source's new unit is there");
    assert_eq!(explanations(&e), explanations(&g));
    let mut fresh = Game::restore(&g.snapshot());
    let want = common::play(&mut fresh, PHASES);
    assert_eq!(common::play(&mut e, PHASES), want, "the clone plays on as a fresh restore");
    assert_eq!(common::play(&mut g, PHASES), want, "and as the source");
}
