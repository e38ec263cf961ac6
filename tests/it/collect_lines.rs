//! Collection traces each territory's line into one reused buffer
//! (`Lines::line_into`, issue 9): every line it gives equals the one
//! `Flood::trace_many` gives for the same flood (the oracle), for every
//! territory and every saving place of a side, on the 1914 map and on
//! generated maps with pockets cut off (COL-005, ruling 4).

use crate::common;

use quartermaster::collect::Board;
use quartermaster::collect::income::shared_lines;
use quartermaster::prelude::*;
use quartermaster::scenario::generate_territories::{TerritoryParams, generate_territories};

#[test]
fn a_line_traced_into_a_buffer_is_the_line_traced_with_the_others() {
    let mut games = vec![common::load_seeded("scenarios/wteaw/europe-1914.ron", 1)];
    for seed in [1, 2, 3] {
        let compiled = generate_territories(TerritoryParams { territories: 900, seed }).expect("compiles");
        games.push(Game::from_compiled(compiled, seed).expect("builds"));
    }
    let mut buf = Vec::new();
    for mut g in games {
        let board = Board::from_world(g.world_mut()).expect("a board");
        let nodes = board.spec.map.board_nodes();
        for side in [Side::Axis, Side::Allies] {
            let lines = shared_lines(&board, &board.nations_of(side)).expect("one side, few places");
            let targets: Vec<(NodeId, u16)> =
                nodes.clone().flat_map(|n| lines.places.iter().map(move |&p| (n, p))).collect();
            let oracle = lines.lines_of(&targets);
            let (mut traced, mut cut) = (0, 0);
            for (&(n, p), want) in targets.iter().zip(&oracle) {
                let got = lines.line_into(n, p, &mut buf);
                assert_eq!(got.then(|| buf.clone()), *want, "node {n}, place {p}");
                if got { traced += 1 } else { cut += 1 }
            }
            assert!(traced > 0 && cut > 0, "{side:?}: {traced} traced, {cut} not");
        }
    }
}
