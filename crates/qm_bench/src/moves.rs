//! The generated moves of `qm bench supply` and the post-combat
//! determination timed after them: the side to move captures enemy hexes
//! next to its units, and supply is determined again from the initial
//! determination's zones and sea lines (SUP-140, SUP-141).

use crate::stats::{elapsed_ns, median};
use qm_core::components::{Control, Location, MapNode, Unit};
use qm_core::ids::{DeterminationKind, NationId, NodeId, NodeVec, Side, UnitId};
use qm_core::ruleset::Domain;
use qm_game::Game;
use std::collections::BTreeMap;
use std::time::Instant;

/// A generated move: the unit, the hex it moves into, the nation that
/// captures the hex.
pub type Move = (UnitId, NodeId, NationId);

/// Generated moves of the side to move: every second of its ground units
/// that stands next to an enemy hex moves into the lowest such hex and
/// captures it this player turn. Returns `(unit, to, nation)` in unit
/// order.
#[must_use]
pub fn generated_moves(g: &Game) -> Vec<Move> {
    let spec = g.spec();
    let map = &spec.map;
    let state = g.state();
    let side = state.clock.side;
    let side_of = |n: Option<NationId>| n.and_then(|n| state.nations.get(n.index())).and_then(|s| s.side);
    let mut control: NodeVec<Option<NationId>> = state.nodes.iter().map(|n| n.control.current).collect();
    let mut moves = Vec::new();
    let ground = state.units.iter().filter(|u| {
        side_of(Some(u.nation)) == Some(side)
            && spec.ruleset.unit_type(u.kind).is_some_and(|t| t.domain == Domain::Ground && !t.partisan)
    });
    let mut next_to_enemy = 0;
    for u in ground {
        let to = map
            .adjacent(u.location.node)
            .filter(|&t| map.is_hex(t) && side_of(control.get(t).copied().flatten()) == Some(side.other()))
            .min();
        if let Some(to) = to {
            next_to_enemy += 1;
            if next_to_enemy % 2 == 1 {
                control[to] = Some(u.nation);
                moves.push((u.id.clone(), to, u.nation));
            }
        }
    }
    moves
}

/// Applies the moves to the world: the units move, the hexes change hands
/// this player turn (SUP-096, SUP-140).
pub fn apply_moves(g: &mut Game, moves: &[Move]) {
    let clock = g.clock();
    let by_unit: BTreeMap<&UnitId, NodeId> = moves.iter().map(|(u, to, _)| (u, *to)).collect();
    let by_node: BTreeMap<NodeId, NationId> = moves.iter().map(|&(_, to, n)| (to, n)).collect();
    let w = g.world_mut();
    let mut units = w.query::<(&Unit, &mut Location)>();
    for (u, mut loc) in units.iter_mut(w) {
        if let Some(&to) = by_unit.get(&u.id) {
            loc.node = to;
        }
    }
    let mut nodes = w.query::<(&MapNode, &mut Control)>();
    for (n, mut c) in nodes.iter_mut(w) {
        if let Some(&nation) = by_node.get(&n.0) {
            c.current = Some(nation);
            c.captured = Some((clock.turn, clock.side));
        }
    }
}

/// Untimed determinations of `side`, one of each kind, on a game just
/// built: they fill the buffers a determination reuses and build the
/// schedules of both determinations' phases (bevy builds a schedule on its
/// first run), as a game that has played a player turn has them.
pub fn warm_up(g: &mut Game, side: Side) {
    g.determine_supply(side, DeterminationKind::Initial);
    g.determine_supply(side, DeterminationKind::PostCombat);
}

/// What [`post_combat`] measured: medians of the post-combat and initial
/// determinations of the side to move, and the moves made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostCombat {
    /// Median time of the post-combat determination, in nanoseconds (at
    /// least 1).
    pub post_combat_ns: u64,
    /// Median time of the initial determination just before the moves, in
    /// nanoseconds (at least 1).
    pub initial_ns: u64,
    /// Units moved.
    pub moves: u32,
}

/// Times the initial determination of the side to move, then its
/// post-combat determination after the generated moves, in pairs: each
/// round restores the state from before the moves (untimed), determines
/// initial supply, makes the moves (untimed) and determines post-combat
/// supply from that initial determination's zones and sea lines (SUP-140,
/// SUP-141). Pairing puts the machine's drift on both alike. Leaves the
/// moves applied.
///
/// Both timed determinations do what they do in a game. The moves are
/// written into the world, so a restore builds the game afresh, with empty
/// buffers and schedules not yet built: untimed determinations of the
/// other side ([`warm_up`]) fill and build them, as a game that played the
/// player turn before has them. And the side's records hold another
/// determination than the initial one (an untimed post-combat one, made
/// before the snapshot), so the initial determination writes each of them
/// as the post-combat one does, instead of finding them equal. Without
/// these, the initial determination paid for allocating the buffers but
/// not for writing the records, and the post-combat one for building its
/// schedule: the ratio read 0.62–0.67 at 100k hexes and 0.87–0.93 at 10k.
pub fn post_combat(g: &mut Game, rounds: u32) -> PostCombat {
    let side = g.clock().side;
    g.determine_supply(side, DeterminationKind::PostCombat);
    let before = g.snapshot();
    let moves = generated_moves(g);
    let (mut initial, mut post) = (Vec::new(), Vec::new());
    for round in 0..rounds.max(1) {
        // The first round starts from the snapshot's state already; a
        // snapshot of this game restores into its own world.
        if round > 0 && g.restore_from(&before).is_err() {
            *g = Game::restore(&before);
        }
        warm_up(g, side.other());
        let t = Instant::now();
        g.determine_supply(side, DeterminationKind::Initial);
        initial.push(elapsed_ns(t));
        apply_moves(g, &moves);
        let t = Instant::now();
        g.determine_supply(side, DeterminationKind::PostCombat);
        post.push(elapsed_ns(t));
    }
    PostCombat { post_combat_ns: median(post).max(1), initial_ns: median(initial).max(1), moves: moves.len() as u32 }
}
