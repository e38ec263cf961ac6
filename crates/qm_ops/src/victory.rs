//! The end of the game, from the scenario's victory conditions: objective
//! hexes held at a game turn's end (sudden death), a side's elimination,
//! and the turn limit.

use crate::apply::side_of;
use crate::data::{OpsData, Victory};
use bevy_ecs::prelude::*;
use qm_core::components::{Control, Location, MapNode, Unit};
use qm_core::ids::{NodeId, Side};
use qm_core::outcome::{EndReason, GameResult, Outcome};
use qm_core::phase::GameClock;
use qm_core::ruleset::Domain;
use qm_core::spec::Spec;
use std::collections::BTreeMap;

/// The objective points each side holds: the objectives whose controller
/// is of that side.
#[must_use]
pub fn score(world: &World) -> BTreeMap<Side, u32> {
    let mut score = BTreeMap::from([(Side::Axis, 0), (Side::Allies, 0)]);
    let Some(data) = world.get_resource::<OpsData>() else { return score };
    let Some(mut q) = world.try_query::<(&MapNode, &Control)>() else { return score };
    let control: BTreeMap<NodeId, _> = q.iter(world).map(|(n, c)| (n.0, c.current)).collect();
    for &(n, points) in &data.0.objectives {
        if let Some(s) = control.get(&n).copied().flatten().and_then(|c| side_of(world, c)) {
            *score.entry(s).or_default() += points;
        }
    }
    score
}

/// Ground units (not installations nor bridgeheads) each side has on the
/// map: what elimination reads.
#[must_use]
pub fn ground_units(world: &World, spec: &qm_core::spec::ScenarioSpec) -> BTreeMap<Side, u32> {
    let mut count = BTreeMap::from([(Side::Axis, 0), (Side::Allies, 0)]);
    let Some(mut q) = world.try_query::<(&Unit, &Location)>() else { return count };
    for (u, _) in q.iter(world) {
        let ground = spec
            .ruleset
            .unit_type(u.kind)
            .is_some_and(|d| d.domain == Domain::Ground && !d.installation && !d.bridgehead);
        if let (true, Some(s)) = (ground, side_of(world, u.nation)) {
            *count.entry(s).or_default() += 1;
        }
    }
    count
}

/// The result at the end of the player turn of `clock`, if the game ends
/// there.
fn decide(
    v: &Victory,
    clock: GameClock,
    score: &BTreeMap<Side, u32>,
    units: &BTreeMap<Side, u32>,
) -> Option<GameResult> {
    let end = |winner, reason| Some(GameResult { winner, reason, turn: clock.turn, score: score.clone() });
    let held = |s: Side| score.get(&s).copied().unwrap_or(0);
    if v.elimination {
        let out: Vec<Side> = [Side::Axis, Side::Allies].into_iter().filter(|s| units.get(s) == Some(&0)).collect();
        match out.as_slice() {
            [] => {}
            [s] => return end(Some(s.other()), EndReason::Elimination),
            _ => return end(None, EndReason::Elimination),
        }
    }
    // A game turn ends with the player turn of the side that moves second.
    if clock.side == clock.first {
        return None;
    }
    if let Some(t) = v.sudden_death.iter().find(|t| held(t.side) >= t.points) {
        return end(Some(t.side), EndReason::Objectives);
    }
    if v.turn_limit.is_some_and(|l| clock.turn >= l) {
        let winner = match v.at_limit.iter().find(|t| held(t.side) >= t.points) {
            Some(t) => Some(t.side),
            None => v.otherwise.or_else(|| match held(Side::Axis).cmp(&held(Side::Allies)) {
                std::cmp::Ordering::Greater => Some(Side::Axis),
                std::cmp::Ordering::Less => Some(Side::Allies),
                std::cmp::Ordering::Equal => None,
            }),
        };
        return end(winner, EndReason::TurnLimit);
    }
    None
}

/// Decides whether the game ends with this player turn (exclusive system,
/// in the operations' rules set of the construction and redeployment
/// phase, the last of a player turn).
pub fn check_victory(world: &mut World) {
    if world.get_resource::<Outcome>().is_some_and(|o| o.0.is_some()) {
        return;
    }
    let Some(data) = world.get_resource::<OpsData>().map(|d| d.0.clone()) else { return };
    let Some(v) = data.rules.victory.as_ref() else { return };
    let Some(clock) = world.get_resource::<GameClock>().copied() else { return };
    let spec = world.resource::<Spec>().0.clone();
    let units = ground_units(world, &spec);
    if let Some(r) = decide(v, clock, &score(world), &units) {
        world.insert_resource(Outcome(Some(r)));
    }
}

/// The result the scenario's turn limit would give if it were reached now
/// (a self-play batch that stops a game early adjudicates it so); `None`
/// without victory conditions or a turn limit.
#[must_use]
pub fn adjudicate(world: &World) -> Option<GameResult> {
    let data = world.get_resource::<OpsData>()?;
    let v = data.0.rules.victory.as_ref()?;
    let limit = v.turn_limit?;
    let clock = world.get_resource::<GameClock>().copied()?;
    let spec = &world.get_resource::<Spec>()?.0;
    let units = ground_units(world, spec);
    let last = GameClock { turn: clock.turn.max(limit), side: clock.first.other(), ..clock };
    decide(v, last, &score(world), &units).map(|r| GameResult { turn: clock.turn, ..r })
}
