//! Generated unit ids are unique and deterministic (issue 15): two
//! invasions of one hex, and an invasion where a unit is already named like
//! the bridgehead it places (SUP-034, SUP-197).

use crate::common;

use common::*;
use quartermaster::prelude::*;

fn flags(g: &Game, id: &str) -> UnitFlags {
    g.state().units.into_iter().find(|u| u.id.as_str() == id).unwrap_or_else(|| panic!("no unit `{id}`")).flags
}

fn invaded(seed: u64) -> Game {
    let mut g = load_seeded("tests/fixtures/reliability/two-invasions.ron", seed);
    g.step_phase();
    step_to(&mut g, COMBAT);
    let invade = |u: &str| OpsOrder::Invade { unit: u.into(), at: "q4".into() };
    submit(&mut g, Side::Allies, vec![invade("us-inv"), invade("us-inv2")]);
    g.step_phase();
    g
}

#[test]
fn two_invasions_of_one_hex_beside_a_unit_named_like_a_bridgehead_give_unique_ids() {
    let g = invaded(1);
    let ids: Vec<String> = g.unit_ids().iter().map(|u| u.as_str().to_string()).collect();
    let mut unique = ids.clone();
    unique.dedup();
    assert_eq!(ids, unique, "no two units share an id");
    for id in ["bh-q4-4", "bh-q4-4-2", "bh-q4-4-3"] {
        assert!(g.unit(id).is_some(), "{id} is addressable: {ids:?}");
    }
    assert_eq!(g.unit("bh-q4-4").map(|(u, _, _)| u.kind), g.unit("us-inv").map(|(u, _, _)| u.kind), "the old one kept");
    let bridgeheads = ["bh-q4-4-2", "bh-q4-4-3"].map(|id| flags(&g, id).bits.contains(UnitFlagBits::NEW_BRIDGEHEAD));
    assert_eq!(bridgeheads, [true, true]);
}

#[test]
fn generated_ids_are_deterministic() {
    assert_eq!(invaded(1).unit_ids(), invaded(2).unit_ids());
    assert_eq!(invaded(3).checksum(), invaded(3).checksum());
}
