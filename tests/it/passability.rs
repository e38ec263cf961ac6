//! Rule 30's read-only passability view (`qm_supply::Passability`), which
//! other families trace over (oil's paths, OIL-003): on every shipped
//! scenario that plays rule 30, for either side, the masks a post-combat
//! determination of the side would trace over (SUP-054..065), built from
//! the world without changing it: the state, its checksum and the
//! determinations' own context are untouched, and the determination then
//! made builds the same masks.

use crate::common;

use quartermaster::prelude::*;
use quartermaster::supply::{Passability, SupplyContext};

/// What a context says of a side: its side and kind, and its masks.
type Masks = (Option<Side>, Option<DeterminationKind>, NodeVec<u64>, NodeVec<u64>, Vec<(u32, u64)>);

fn masks(c: &SupplyContext) -> Masks {
    (c.side, c.kind, c.accept.clone(), c.emit.clone(), c.gates.clone())
}

#[test]
fn the_view_is_what_a_determination_traces_over_and_changes_nothing() {
    let mut seen = 0;
    for rel in common::shipped() {
        let mut g = common::load(&rel);
        if !g.rules().families().contains(&"awaw-supply") {
            continue;
        }
        g.step_phase();
        for side in [Side::Axis, Side::Allies] {
            let (state, checksum) = (g.state(), g.checksum());
            let own = g.world().get_resource::<SupplyContext>().map(masks);
            let view = Passability::of(g.world(), side).unwrap_or_else(|| panic!("{rel}: a view"));
            assert_eq!(view.side(), Some(side), "{rel}");
            assert_eq!((g.state(), g.checksum()), (state, checksum), "{rel}: the state is untouched");
            assert_eq!(g.world().get_resource::<SupplyContext>().map(masks), own, "{rel}: its own context too");
            let threats = view.sea_threats(g.world());
            assert!(threats.is_empty() || threats.len() == g.spec().map.node_count(), "{rel}");
            g.determine_supply(side, DeterminationKind::PostCombat);
            let made = g.world().get_resource::<SupplyContext>().map(masks);
            let viewed = (Some(side), Some(DeterminationKind::PostCombat), view.accept(), view.emit(), view.gates());
            let viewed = (viewed.0, viewed.1, viewed.2.to_vec(), viewed.3.to_vec(), viewed.4.to_vec());
            assert_eq!(made, Some(viewed), "{rel}: {side:?}");
            seen += 1;
        }
    }
    assert!(seen >= 20, "rule 30 is played on the shipped scenarios: {seen} views");
}
