//! Rule 30's orders: designating sources (SUP-015), sea supply plans
//! (SUP-103, SUP-121) and interceptions (SUP-104, SUP-124); their
//! validation, and the systems that apply them.

use crate::phases::determination;
use bevy_ecs::prelude::*;
use qm_core::components::{Control, Designation, Location, SupplySource, Unit};
use qm_core::events::{EventLog, GameEvent};
use qm_core::ids::{DeterminationKind, NodeId, Side, SourceId, UnitId};
use qm_core::nation::NationSides;
use qm_core::orders::{OrderContext, OrderError, OrderSet, Pending, SeaLineOrder, ValidSeaLine};
use qm_core::phase::{Determining, GameClock, PhaseId, RunningPhase};
use qm_core::spec::Spec;
use qm_core::state::EntityIndex;
use serde::{Deserialize, Serialize};

/// Rule 30's orders, as players write them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SupplyOrder {
    /// Designate (or stop designating) a supply source (SUP-015). A source
    /// designated this turn supplies from the next turn. Any phase, by the
    /// side to move.
    DesignateSource {
        /// The source's hex label, place name or box key.
        at: String,
        /// The source class key; may be omitted when the node has one source.
        #[serde(default)]
        class: Option<String>,
        /// Designate (true) or withdraw (false).
        designate: bool,
    },
    /// The moving side's sea supply for the coming determination, in the
    /// order the lines are traced (SUP-103, SUP-121). Zones that could
    /// receive a line and get none are declined (SUP-139). Without this
    /// order, every eligible zone gets a line (the default plan).
    SeaSupply(Vec<SeaLineOrder>),
    /// The defending side attacks an announced sea line (SUP-104, SUP-124).
    Intercept {
        /// The line's position in the announcement order.
        line: u32,
        /// The attacking naval and air units.
        by: Vec<String>,
        /// For a line to an island group: the island before which it is
        /// attacked (SUP-100..102); by default, before it enters.
        #[serde(default)]
        at_island: Option<String>,
    },
}

impl OrderSet for SupplyOrder {
    const KINDS: &'static [&'static str] = &["DesignateSource", "SeaSupply", "Intercept"];

    fn kind(&self) -> &'static str {
        match self {
            Self::DesignateSource { .. } => "DesignateSource",
            Self::SeaSupply(_) => "SeaSupply",
            Self::Intercept { .. } => "Intercept",
        }
    }
}

/// A rule 30 order after validation, with every name resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SupplyValid {
    /// See [`SupplyOrder::DesignateSource`].
    DesignateSource {
        /// The source.
        source: SourceId,
        /// Designate or withdraw.
        designate: bool,
    },
    /// See [`SupplyOrder::SeaSupply`].
    SeaSupply(Vec<ValidSeaLine>),
    /// See [`SupplyOrder::Intercept`].
    Intercept {
        /// The line.
        line: u32,
        /// Attackers.
        by: Vec<UnitId>,
        /// Island before which it is attacked.
        at_island: Option<NodeId>,
    },
}

/// Rule 30's queue of valid orders.
pub type SupplyPending = Pending<SupplyValid>;

/// Validates a rule 30 order and queues it.
///
/// The side to move gives designations and its sea supply plan; the
/// defending side gives only interceptions of the moving side's sea lines
/// (SUP-104), after they are announced — if the moving side has announced
/// none, its default plan is announced then (SUP-103).
///
/// # Errors
/// The order's [`OrderError`]; nothing is queued then.
pub fn validate(world: &mut World, cx: &OrderContext, order: &SupplyOrder) -> Result<(), OrderError> {
    let (side, index, phase) = (cx.side, cx.index, cx.phase);
    let valid = match order {
        SupplyOrder::DesignateSource { at, class, designate } => {
            cx.moving_side_only()?;
            validate_designation(world, side, (index, phase), at, class.as_deref(), *designate)?
        }
        SupplyOrder::SeaSupply(lines) => {
            cx.moving_side_only()?;
            let kind = determination_phase(cx, "sea supply")?;
            crate::preview(world, side, kind);
            let view = crate::sea::view(world).ok_or(OrderError::NoPhase)?;
            SupplyValid::SeaSupply(crate::sea::validate_plan(&view, index, lines)?)
        }
        SupplyOrder::Intercept { line, by, at_island } => {
            if side == cx.clock.side {
                return Err(OrderError::NotYourTurn { side, to_move: cx.clock.side });
            }
            let kind = determination_phase(cx, "interception")?;
            crate::preview(world, cx.clock.side, kind);
            let plan = announced_plan(world, cx)?;
            let view = crate::sea::view(world).ok_or(OrderError::NoPhase)?;
            crate::sea::validate_intercept(&view, index, &plan, *line, by, at_island.as_deref())?
        }
    };
    world.get_resource_or_init::<SupplyPending>().push(side, phase, valid);
    Ok(())
}

/// The determination of the phase about to run, or why an order of `what`
/// cannot be given now.
fn determination_phase(cx: &OrderContext, what: &str) -> Result<DeterminationKind, OrderError> {
    determination(cx.phase).ok_or_else(|| OrderError::WrongPhase {
        index: cx.index,
        what: what.to_string(),
        phase: "initial or post-combat supply".to_string(),
    })
}

/// The moving side's announced plan for the phase; if it announced none,
/// its default plan, announced (queued) now so that it can be attacked
/// (SUP-103). Runs after a preview of the determination.
fn announced_plan(world: &mut World, cx: &OrderContext) -> Result<Vec<ValidSeaLine>, OrderError> {
    let announced = world.get_resource::<SupplyPending>().and_then(|p| {
        p.for_phase(cx.phase).rev().find_map(|o| match &o.order {
            SupplyValid::SeaSupply(l) => Some(l.clone()),
            _ => None,
        })
    });
    if let Some(p) = announced {
        return Ok(p);
    }
    let plan = crate::sea::view(world).map(|v| crate::sea::default_plan(&v)).ok_or(OrderError::NoPhase)?;
    world.get_resource_or_init::<SupplyPending>().push(cx.clock.side, cx.phase, SupplyValid::SeaSupply(plan.clone()));
    Ok(plan)
}

/// Sets the determination a supply phase makes (system, in
/// `PhaseSystems::Begin`): the side to move traces supply. Outside the turn
/// sequence (a what-if), the caller has set it.
pub fn begin_determination(world: &mut World) {
    let running = world.get_resource::<RunningPhase>().and_then(|r| r.0);
    let side = world.get_resource::<GameClock>().map(|c| c.side);
    if let (Some(kind), Some(side)) = (running.and_then(determination), side) {
        world.insert_resource(Determining { side, kind });
    }
}

/// Validates a designation order against the world, without changing it.
/// `index` is its position in its batch, `phase` the phase it is given for: the designations already queued
/// for it count, so a designation given twice is refused the second time.
///
/// # Errors
/// [`OrderError::UnknownPlace`], [`OrderError::NoSource`],
/// [`OrderError::AmbiguousSource`], [`OrderError::NotYourSource`] (the
/// faction controlling a source decides, SUP-015) or
/// [`OrderError::SourceUnchanged`] (the order would change nothing).
pub fn validate_designation(
    world: &World,
    side: Side,
    (index, phase): (usize, PhaseId),
    at: &str,
    class: Option<&str>,
    designate: bool,
) -> Result<SupplyValid, OrderError> {
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
        .and_then(|ix| ix.nodes.get(node))
        .and_then(|&e| world.get::<Control>(e))
        .and_then(|c| c.current);
    let controller_side = controller.and_then(|n| world.get_resource::<NationSides>()?.side_of(n));
    if controller_side != Some(side) {
        return Err(OrderError::NotYourSource { index, at: at.to_string(), side });
    }
    let source = SourceId(source as u32);
    if designated(world, phase, source) == designate {
        return Err(OrderError::SourceUnchanged { index, at: at.to_string(), designated: designate });
    }
    Ok(SupplyValid::DesignateSource { source, designate })
}

/// Whether `source` is designated once the designations queued for `phase`
/// apply, in the order given ([`apply_designations`]).
#[must_use]
pub fn designated(world: &World, phase: PhaseId, source: SourceId) -> bool {
    let now = world
        .get_resource::<EntityIndex>()
        .and_then(|ix| ix.sources.get(source.0 as usize))
        .and_then(|&e| world.get::<Designation>(e))
        .is_some_and(|d| d.designated);
    let queued = world.get_resource::<SupplyPending>().into_iter().flat_map(|p| p.for_phase(phase));
    queued.fold(now, |d, o| match o.order {
        SupplyValid::DesignateSource { source: s, designate } if s == source => designate,
        _ => d,
    })
}

/// Applies the designation orders of the phase being run (SUP-015): a newly
/// designated source acts from the next game turn.
pub fn apply_designations(
    clock: Res<GameClock>,
    running: Res<RunningPhase>,
    mut pending: ResMut<SupplyPending>,
    mut sources: Query<(&SupplySource, &mut Designation)>,
    mut log: ResMut<EventLog>,
) {
    let Some(phase) = running.0 else { return };
    for o in pending.take(phase, |o| matches!(o, SupplyValid::DesignateSource { .. })) {
        let SupplyValid::DesignateSource { source, designate } = o.order else { continue };
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
pub fn record_turn_start(clock: Res<GameClock>, sides: Res<NationSides>, mut units: Query<(&Unit, &mut Location)>) {
    for (u, mut loc) in &mut units {
        if sides.is_on(u.nation, clock.side) && loc.turn_start != loc.node {
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
    sides: Res<NationSides>,
    mut units: Query<(&Unit, &mut qm_core::components::UnitFlags)>,
) {
    use qm_core::components::UnitFlagBits;
    for (u, mut f) in &mut units {
        if !sides.is_on(u.nation, clock.side) {
            continue;
        }
        let mut bits = f.bits - UnitFlagBits::INVERTED - UnitFlagBits::NEW_BRIDGEHEAD;
        if f.exploited_turn.is_none_or(|t| t.checked_add(1) != Some(clock.turn)) {
            bits -= UnitFlagBits::REDEPLOYED;
        }
        if bits != f.bits {
            f.bits = bits;
        }
    }
}
