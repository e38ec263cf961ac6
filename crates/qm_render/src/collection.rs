//! A territory map's lines of supply and naval trade (COL-004..008), as
//! every controlling nation's income statement would record them now: the
//! same `qm_collect::collect_income` the collection phase runs, on a board
//! read from the game, with convoy dice from a throwaway stream so the
//! game's own stream is untouched.

use crate::scene::Collection;
use qm_collect::{LineStatus, collect_income};
use qm_core::ids::NationId;
use qm_core::rng::GameRng;
use qm_game::Game;

/// The lines and trade of every nation that controls a territory, or
/// nothing on a map without collection data.
#[must_use]
pub fn of(game: &mut Game) -> Collection {
    if game.spec().map.is_hex_map() {
        return Collection::default();
    }
    let turn = game.clock().turn;
    let Some(board) = game.territory_board() else { return Collection::default() };
    let mut nations: Vec<NationId> = board.control.iter().flatten().copied().collect();
    nations.sort_unstable();
    nations.dedup();
    let mut rng = GameRng::seeded(0);
    let mut c = Collection::default();
    for n in nations {
        let s = collect_income(&board, n, turn, &|_, _| false, &mut rng);
        // Each line rebuilt from the statement's first-arrival parents.
        let parents = s.parents();
        for t in &s.territories {
            let path = parents.line_of(&t.id).unwrap_or_default();
            c.lines.push((t.id.clone(), path, t.line == LineStatus::Cut));
        }
        for t in &s.naval_trade {
            let outcome = serde_json::to_value(t.outcome).ok().and_then(|v| v.as_str().map(str::to_string));
            c.trade.push((t.zone.clone(), outcome.unwrap_or_default()));
            if let Some(ship) = &t.blocked_by {
                c.blockers.push((t.zone.clone(), ship.clone()));
            }
        }
    }
    c.lines.sort();
    c.trade.sort();
    c.trade.dedup();
    c.blockers.sort();
    c.blockers.dedup();
    c
}
