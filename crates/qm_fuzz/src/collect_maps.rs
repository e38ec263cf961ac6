//! Collection (COL-004..008) on generated territory maps: 2 to 400
//! territories from the input's seed, the control of node pairs swapped as
//! the input says, then every nation's income statement. Never a panic;
//! every traced line runs from one of the saving place's territories to
//! the territory, over adjacent nodes, each one passing the nation's lines
//! (ruling 4), through the one `qm_trace` flood.

use qm_collect::lines::passability;
use qm_collect::{Board, IncomeStatement, LineStatus, collect_income};
use qm_core::components::{Control, MapNode};
use qm_core::ids::{NationId, NodeId};
use qm_core::rng::GameRng;
use qm_game::Game;
use qm_scenario::generate_territories::{TerritoryParams, generate_territories};
use qm_trace::EdgeKinds;

/// Two bytes of size, two of seed, then pairs of nodes to swap.
pub fn run(data: &[u8]) {
    let Some((head, swaps)) = data.split_first_chunk::<4>() else { return };
    let territories = u32::from(u16::from_le_bytes([head[0], head[1]])) % 399 + 2;
    let seed = u64::from(u16::from_le_bytes([head[2], head[3]]));
    let Ok(c) = generate_territories(TerritoryParams { territories, seed }) else { return };
    let Ok(mut g) = Game::from_compiled(c, seed) else { return };
    swap_control(&mut g, swaps);
    let Some(board) = Board::from_world(g.world()) else { return };
    for n in 0..board.spec.ruleset.nations.len() {
        let nation = NationId(n as u16);
        let mut rng = GameRng::seeded(seed);
        let s = collect_income(&board, nation, 1, &|_, _| false, &mut rng);
        check_lines(&board, nation, &s);
    }
}

/// Every traced line of `s` rebuilds from its parents, ends at its
/// territory, steps between adjacent nodes and passes the nation's lines.
fn check_lines(board: &Board, nation: NationId, s: &IncomeStatement) {
    let map = &board.spec.map;
    let pass = passability(board, nation);
    let parents = s.parents();
    for t in s.territories.iter().filter(|t| t.line == LineStatus::Ok) {
        let path = parents.line_of(&t.id).expect("a traced line is rebuilt from its parents");
        let nodes: Vec<NodeId> = path.iter().map(|k| map.find(k).expect("a line names map nodes")).collect();
        assert_eq!(nodes.last().map(|&x| map.label(x)), Some(t.id.as_str()), "the line ends at its territory");
        for w in nodes.windows(2) {
            assert!(map.adjacency.neighbors(w[0], EdgeKinds::ALL).any(|x| x == w[1]), "adjacent steps");
        }
        for &x in nodes.iter().take(nodes.len().saturating_sub(1)) {
            assert!(pass[x] != 0, "every node before the territory passes the line");
        }
    }
}

/// Swaps the controllers of node pairs, two bytes a pair.
fn swap_control(g: &mut Game, swaps: &[u8]) {
    let count = g.spec().map.board_nodes().len();
    if count == 0 {
        return;
    }
    let w = g.world_mut();
    let mut q = w.query::<(&MapNode, &mut Control)>();
    let mut controls: Vec<(NodeId, Option<NationId>)> = q.iter(w).map(|(n, c)| (n.0, c.current)).collect();
    controls.sort_by_key(|c| c.0);
    for pair in swaps.chunks_exact(2).take(64) {
        let (a, b) = (usize::from(pair[0]) % count, usize::from(pair[1]) % count);
        if a < controls.len() && b < controls.len() {
            let (ca, cb) = (controls[a].1, controls[b].1);
            controls[a].1 = cb;
            controls[b].1 = ca;
        }
    }
    for (n, mut c) in q.iter_mut(w) {
        if let Ok(i) = controls.binary_search_by_key(&n.0, |c| c.0) {
            c.current = controls[i].1;
        }
    }
}
