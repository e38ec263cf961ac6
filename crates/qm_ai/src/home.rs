//! A side's home ground: the nodes its nations controlled at the start of
//! the war, read from the world's `Control` components. Greedy hunts the
//! enemy units that stand there, since they cut its supply lines from
//! behind (SUP-055..060).

use qm_core::components::{Control, MapNode};
use qm_core::nation::{Nation, NationStateC};
use qm_game::{Game, Side};

/// Per node, whether `side` held it at the start of the war.
#[must_use]
pub fn home_nodes(game: &Game, side: Side) -> Vec<bool> {
    let world = game.world();
    let mut side_of = vec![None; game.spec().ruleset.nations.len()];
    if let Some(mut q) = world.try_query::<(&Nation, &NationStateC)>() {
        for (n, s) in q.iter(world) {
            if let Some(slot) = side_of.get_mut(n.0.index()) {
                *slot = s.0.side;
            }
        }
    }
    let mut home = vec![false; game.spec().map.node_count()];
    if let Some(mut q) = world.try_query::<(&MapNode, &Control)>() {
        for (n, c) in q.iter(world) {
            let held = c.original.and_then(|o| side_of.get(o.index()).copied().flatten()) == Some(side);
            if let Some(slot) = home.get_mut(n.0 as usize) {
                *slot = held;
            }
        }
    }
    home
}
