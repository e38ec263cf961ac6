//! When a self-played game ends, and with what result.

use crate::play::Limits;
use qm_game::{Game, Side};
use std::collections::BTreeMap;

/// The winner (`None`: a draw) and the reason, once the game is over:
/// the engine's own result ([`Game::result`]: the scenario's victory
/// conditions, elimination, its turn limit) when it has one; else a side
/// with no ground unit left loses (`elimination`); else at the batch's
/// turn limit (`max-turns`) the game is adjudicated as the scenario's own
/// turn limit would decide it now ([`qm_ops::adjudicate`]), and without
/// one the side ahead on objective points ([`Game::score`]), then on the
/// static evaluation ([`crate::eval::score`]), wins.
#[must_use]
pub fn ending(game: &Game, start_turn: u32, limits: Limits) -> Option<(Option<Side>, String)> {
    if let Some(r) = game.result() {
        return Some((r.winner, r.reason.to_string()));
    }
    let units = ground_units(game);
    let left = |s: Side| units.get(&s).copied().unwrap_or(0) > 0;
    match (left(Side::Axis), left(Side::Allies)) {
        (false, false) => return Some((None, "elimination".into())),
        (false, true) => return Some((Some(Side::Allies), "elimination".into())),
        (true, false) => return Some((Some(Side::Axis), "elimination".into())),
        (true, true) => {}
    }
    let c = game.clock();
    let played = c.turn.saturating_sub(start_turn);
    if played < limits.max_turns {
        return None;
    }
    if let Some(r) = game.adjudicate() {
        return Some((r.winner, "max-turns".into()));
    }
    let points = game.score();
    let (a, b) = (points.get(&Side::Axis).copied().unwrap_or(0), points.get(&Side::Allies).copied().unwrap_or(0));
    let ahead = a.cmp(&b).then_with(|| crate::eval::score(&game.observation(Side::Axis)).cmp(&0));
    let winner = match ahead {
        std::cmp::Ordering::Greater => Some(Side::Axis),
        std::cmp::Ordering::Less => Some(Side::Allies),
        std::cmp::Ordering::Equal => None,
    };
    Some((winner, "max-turns".into()))
}

/// Ground units (not installations nor bridgeheads) of each side on the
/// map, as elimination counts them.
#[must_use]
pub fn ground_units(game: &Game) -> BTreeMap<Side, u32> {
    game.ground_units()
}

/// Units of each side eliminated by isolation so far (SUP-177), from the
/// elimination ledger.
#[must_use]
pub fn isolation_losses(game: &Game) -> BTreeMap<Side, u32> {
    let mut out = BTreeMap::from([(Side::Axis, 0), (Side::Allies, 0)]);
    let nations = game.state().nations;
    for e in game.eliminations() {
        if let Some(side) = nations.get(e.unit.nation.index()).and_then(|n| n.side) {
            *out.entry(side).or_default() += 1;
        }
    }
    out
}
