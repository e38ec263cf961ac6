//! Supply orders: designating sources (SUP-015).

use bevy_ecs::prelude::*;
use qm_core::components::{Control, Designation, Location, SupplySource, Unit};
use qm_core::events::{EventLog, GameEvent};
use qm_core::ids::Side;
use qm_core::nation::{Nation, NationStateC};
use qm_core::orders::{OrderError, PendingOrders, ValidOrder};
use qm_core::phase::{GameClock, RunningPhase};
use qm_core::spec::Spec;
use qm_core::state::EntityIndex;

/// Validates a designation order against the world, without changing it.
///
/// # Errors
/// [`OrderError::UnknownPlace`], [`OrderError::NoSource`],
/// [`OrderError::AmbiguousSource`] or [`OrderError::NotYourSource`] (the
/// faction controlling a source decides, SUP-015).
pub fn validate_designation(
    world: &World,
    side: Side,
    index: usize,
    at: &str,
    class: Option<&str>,
    designate: bool,
) -> Result<ValidOrder, OrderError> {
    let spec = world.get_resource::<Spec>().ok_or(OrderError::NoPhase)?;
    let node = spec.map.find(at).ok_or_else(|| OrderError::UnknownPlace { index, name: at.to_string() })?;
    let candidates: Vec<usize> = spec
        .sources
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            s.node == node
                && class.is_none_or(|c| spec.ruleset.source_classes.get(s.class.index()).is_some_and(|d| d.key == c))
        })
        .map(|(i, _)| i)
        .collect();
    let source = match candidates.as_slice() {
        [one] => *one,
        [] => return Err(OrderError::NoSource { index, at: at.to_string(), class: class.map(str::to_string) }),
        _ => return Err(OrderError::AmbiguousSource { index, at: at.to_string() }),
    };
    let controller = world
        .get_resource::<EntityIndex>()
        .and_then(|ix| ix.nodes.get(node as usize))
        .and_then(|&e| world.get::<Control>(e))
        .and_then(|c| c.current);
    let controller_side = controller.and_then(|n| {
        let ix = world.get_resource::<EntityIndex>()?;
        let e = *ix.nations.get(n.index())?;
        world.get::<NationStateC>(e).and_then(|s| s.0.side)
    });
    if controller_side != Some(side) {
        return Err(OrderError::NotYourSource { index, at: at.to_string(), side });
    }
    Ok(ValidOrder::DesignateSource { source: qm_core::ids::SourceId(source as u32), designate })
}

/// Applies the designation orders of the phase being run (SUP-015): a newly
/// designated source acts from the next game turn.
pub fn apply_designations(
    clock: Res<GameClock>,
    running: Res<RunningPhase>,
    mut pending: ResMut<PendingOrders>,
    mut sources: Query<(&SupplySource, &mut Designation)>,
    mut log: ResMut<EventLog>,
) {
    let Some(phase) = running.0 else { return };
    for o in pending.take(phase, |o| matches!(o, ValidOrder::DesignateSource { .. })) {
        let ValidOrder::DesignateSource { source, designate } = o.order else { continue };
        for (s, mut d) in &mut sources {
            if s.id != source {
                continue;
            }
            if designate && !d.designated {
                *d = Designation { designated: true, since: Some(clock.turn) };
            } else if !designate {
                d.designated = false;
            }
            log.push(GameEvent::SourceDesignated { source, designated: designate });
        }
    }
}

/// Records where the side's units begin their player turn (SUP-047,
/// SUP-048: own-hex sources supply only units that began the turn there).
pub fn record_turn_start(
    clock: Res<GameClock>,
    nations: Query<(&Nation, &NationStateC)>,
    mut units: Query<(&Unit, &mut Location)>,
) {
    let mut side_of = Vec::new();
    for (n, s) in &nations {
        if side_of.len() <= n.0.index() {
            side_of.resize(n.0.index() + 1, None);
        }
        side_of[n.0.index()] = s.0.side;
    }
    for (u, mut loc) in &mut units {
        if side_of.get(u.nation.index()).copied().flatten() == Some(clock.side) && loc.turn_start != loc.node {
            loc.turn_start = loc.node;
        }
    }
}

/// The start of a player turn (first in the initial supply phase): the
/// moving side's units uninvert, last turn's bridgeheads are no longer new
/// (SUP-197), and the mark of a redeployment after exploitation lapses once
/// it no longer matters (SUP-198).
pub fn begin_player_turn(
    clock: Res<GameClock>,
    nations: Query<(&Nation, &NationStateC)>,
    mut units: Query<(&Unit, &mut qm_core::components::UnitFlags)>,
) {
    use qm_core::components::UnitFlagBits;
    let mut side_of = Vec::new();
    for (n, s) in &nations {
        if side_of.len() <= n.0.index() {
            side_of.resize(n.0.index() + 1, None);
        }
        side_of[n.0.index()] = s.0.side;
    }
    for (u, mut f) in &mut units {
        if side_of.get(u.nation.index()).copied().flatten() != Some(clock.side) {
            continue;
        }
        let mut bits = f.bits - UnitFlagBits::INVERTED - UnitFlagBits::NEW_BRIDGEHEAD;
        if f.exploited_turn.is_none_or(|t| t + 1 != clock.turn) {
            bits -= UnitFlagBits::REDEPLOYED;
        }
        if bits != f.bits {
            f.bits = bits;
        }
    }
}
