//! A side's sea searches are kept from one determination to the next while
//! it holds the same ports (issue 14: `qm_supply::sea::searches`, SUP-090).
//! Property: whichever ports change hands between determinations, a game
//! that kept its searches decides what a fresh game decides: the same
//! events, sea log and checksum.

use proptest::prelude::*;
use quartermaster::core::components::{Control, MapNode};
use quartermaster::core::ids::NationId;
use quartermaster::core::map::Features;
use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use quartermaster::supply::sea_log::SeaLog;

fn side(allies: bool) -> Side {
    if allies { Side::Allies } else { Side::Axis }
}

fn game() -> Game {
    let c = generate(GenParams::new(1_200, 1)).expect("generated");
    Game::builder().strict(true).from_compiled(c, 1).expect("game")
}

/// The map's ports, sorted.
fn ports(g: &Game) -> Vec<NodeId> {
    let map = &g.spec().map;
    map.landings.iter().copied().filter(|&n| map.node(n).is_some_and(|i| i.features.contains(Features::PORT))).collect()
}

/// Gives port `port` to nation `nation` (none past the nations), as an
/// embedder writes components.
fn hand_over(g: &mut Game, port: NodeId, nation: usize) {
    let nations = g.spec().ruleset.nations.len();
    let w = g.world_mut();
    let mut q = w.query::<(&MapNode, &mut Control)>();
    if let Some((_, mut c)) = q.iter_mut(w).find(|(n, _)| n.0 == port) {
        c.current = (nation < nations).then_some(NationId(nation as u16));
    }
}

#[test]
fn the_generated_map_traces_sea_lines_through_ports() {
    let mut g = game();
    assert!(ports(&g).len() >= 4, "the property needs ports to hand over");
    g.determine_supply(Side::Axis, DeterminationKind::Initial);
    let axis = g.world().resource::<SeaLog>().lines.len();
    g.determine_supply(Side::Allies, DeterminationKind::Initial);
    let allies = g.world().resource::<SeaLog>().lines.len();
    assert!(axis + allies > 0, "no sea line: the property would not test the searches");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn kept_searches_decide_what_fresh_ones_decide(
        rounds in proptest::collection::vec(
            (proptest::collection::vec((any::<prop::sample::Index>(), 0usize..8), 0..4), any::<bool>(), any::<bool>()),
            1..6,
        ),
    ) {
        let mut g = game();
        let all = ports(&g);
        for (changes, allies, post) in rounds {
            for (port, nation) in &changes {
                hand_over(&mut g, all[port.index(all.len())], *nation);
            }
            let kind = if post { DeterminationKind::PostCombat } else { DeterminationKind::Initial };
            let mut fresh = Game::restore(&g.snapshot());
            let events = g.determine_supply(side(allies), kind);
            let fresh_events = fresh.determine_supply(side(allies), kind);
            prop_assert_eq!(events, fresh_events);
            prop_assert_eq!(g.world().resource::<SeaLog>(), fresh.world().resource::<SeaLog>());
            prop_assert_eq!(g.checksum(), fresh.checksum());
        }
    }
}
