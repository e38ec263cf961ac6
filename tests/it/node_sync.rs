//! The supply context keeps the hexes' control, damage and captures dense
//! between determinations and reads again only the hexes whose components
//! changed (issue 14: `qm_supply::node_sync`). Property: whatever an
//! embedder or the rules change, and in whatever order determinations run,
//! the next determination gives the same context, statuses and checksum as
//! a fresh game that reads every hex.

use proptest::prelude::*;
use quartermaster::bevy_ecs::change_detection::DetectChangesMut;
use quartermaster::core::components::{Control, HexDamage, MapNode};
use quartermaster::core::ids::NationId;
use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use quartermaster::supply::SupplyContext;

/// One change to one hex, as an embedder writes components.
#[derive(Clone, Debug)]
enum Change {
    /// A new controller (an index into the nations, or none past them).
    Controller(usize),
    ByPartisan(bool),
    /// Captured at `(turn, side)`, or not at all.
    Captured(Option<(u32, bool)>),
    SyntheticOil(bool),
    /// A change that writes the same value: marks the hex changed.
    Touch,
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        (0usize..12).prop_map(Change::Controller),
        any::<bool>().prop_map(Change::ByPartisan),
        proptest::option::of((1u32..3, any::<bool>())).prop_map(Change::Captured),
        any::<bool>().prop_map(Change::SyntheticOil),
        Just(Change::Touch),
    ]
}

fn side(allies: bool) -> Side {
    if allies { Side::Allies } else { Side::Axis }
}

/// Applies `change` to the hex of node `at` (modulo the board).
fn apply(g: &mut Game, at: usize, change: &Change) {
    let (board, nations) = (g.spec().map.board_nodes().len(), g.spec().ruleset.nations.len());
    let node = NodeId::from_index(at % board);
    let w = g.world_mut();
    let mut q = w.query::<(&MapNode, &mut Control, &mut HexDamage)>();
    let Some((_, mut c, mut d)) = q.iter_mut(w).find(|(n, _, _)| n.0 == node) else { return };
    match *change {
        Change::Controller(k) => c.current = (k < nations).then_some(NationId(k as u16)),
        Change::ByPartisan(b) => c.by_partisan = b,
        Change::Captured(k) => c.captured = k.map(|(t, a)| (t, side(a))),
        Change::SyntheticOil(b) => d.synthetic_oil = b,
        Change::Touch => c.set_changed(),
    }
}

/// What a determination decided and read, to compare.
fn outcome(g: &Game) -> impl PartialEq + std::fmt::Debug {
    let c = g.world().resource::<SupplyContext>();
    let columns = (c.control.clone(), c.original.clone(), c.friendly.clone(), c.partisan_held.clone());
    let masks = (c.accept.clone(), c.emit.clone(), c.zone_class.clone(), c.terrain_closed.clone());
    (columns, masks, c.captured_now.clone(), c.zoc.clone(), g.checksum())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_context_kept_between_determinations_equals_one_read_afresh(
        rounds in proptest::collection::vec(
            (proptest::collection::vec((0usize..1_500, change()), 0..12), any::<bool>(), any::<bool>()),
            1..5,
        ),
    ) {
        let c = generate(GenParams::new(1_200, 4)).expect("generated");
        let mut g = Game::builder().strict(true).from_compiled(c, 4).expect("game");
        for (changes, allies, post) in rounds {
            for (at, ch) in &changes {
                apply(&mut g, *at, ch);
            }
            let kind = if post { DeterminationKind::PostCombat } else { DeterminationKind::Initial };
            let mut fresh = Game::restore(&g.snapshot());
            let events = g.determine_supply(side(allies), kind);
            let fresh_events = fresh.determine_supply(side(allies), kind);
            prop_assert_eq!(events, fresh_events);
            prop_assert_eq!(outcome(&g), outcome(&fresh));
        }
    }
}
