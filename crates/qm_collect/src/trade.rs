//! Naval trade (COL-006, COL-008): blocked by an enemy surface warship in
//! the zone; fought for in a convoy battle when enemy submarines alone are
//! there and attack (ruling 5); collected otherwise.

use crate::board::{Board, ShipKind};
use crate::collect_map::{CollectMap, ConvoyRules, TradePoints};
use crate::statement::{TradeLine, TradeOutcome};
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::rng::GameRng;

/// A nation's naval trade this turn, zone by zone (by zone id). `declined`
/// says whether a side declined to attack convoys in a zone (an order of
/// the submarines' owner). Dice come from the game's seeded stream.
pub fn naval_trade(
    board: &Board,
    nation: NationId,
    declined: &dyn Fn(Side, NodeId) -> bool,
    rng: &mut GameRng,
) -> Vec<TradeLine> {
    let rules = *ConvoyRules::of(&board.spec.ruleset);
    CollectMap::of(&board.spec)
        .trade
        .iter()
        .filter(|t| t.nation == nation)
        .map(|t| trade_zone(board, t, rules, declined, rng))
        .collect()
}

/// One zone's trade.
fn trade_zone(
    board: &Board,
    t: &TradePoints,
    rules: ConvoyRules,
    declined: &dyn Fn(Side, NodeId) -> bool,
    rng: &mut GameRng,
) -> TradeLine {
    let points = u32::from(t.points);
    let mut line = TradeLine {
        zone: board.spec.map.label(t.zone).to_string(),
        points,
        outcome: TradeOutcome::Collected,
        collected: points,
        blocked_by: None,
        escort_rolls: Vec::new(),
        rolls: Vec::new(),
    };
    // COL-006: enemy ships (not counting subs) in the zone: nothing.
    if let Some(raider) = board.raider(t.nation, t.zone) {
        line.outcome = TradeOutcome::Blocked;
        line.collected = 0;
        line.blocked_by = Some(raider.id.to_string());
        return line;
    }
    let subs: Vec<NationId> = board
        .ships_in(t.zone)
        .filter(|s| s.kind == ShipKind::Submarine && board.enemy(t.nation, s.nation))
        .map(|s| s.nation)
        .collect();
    if subs.is_empty() {
        return line;
    }
    let attacking = subs.iter().filter(|&&n| board.sides.side_of(n).is_none_or(|side| !declined(side, t.zone))).count();
    if attacking == 0 {
        line.outcome = TradeOutcome::Declined;
        return line;
    }
    let escorts =
        board.ships_in(t.zone).filter(|s| s.kind == ShipKind::Surface && board.friendly(t.nation, s.nation)).count();
    convoy_battle(&mut line, attacking, escorts, rules, rng);
    line
}

/// A convoy battle (ruling 5): each escort rolls and drives off a submarine
/// on `escort_hits_on` or less; each remaining submarine rolls and sinks a
/// trade point on `submarine_hits_on` or less. What survives is collected.
fn convoy_battle(line: &mut TradeLine, subs: usize, escorts: usize, rules: ConvoyRules, rng: &mut GameRng) {
    let die = u32::from(rules.die);
    line.outcome = TradeOutcome::ConvoyBattle;
    line.escort_rolls = (0..escorts).map(|_| rng.roll(die)).collect();
    let driven_off = line.escort_rolls.iter().filter(|&&r| r <= u32::from(rules.escort_hits_on)).count();
    let remaining = subs.saturating_sub(driven_off);
    line.rolls = (0..remaining).map(|_| rng.roll(die)).collect();
    let sunk = line.rolls.iter().filter(|&&r| r <= u32::from(rules.submarine_hits_on)).count() as u32;
    line.collected = line.points.saturating_sub(sunk);
}
