//! The family's orders, their validation and typed refusals.

use crate::FAMILY;
use crate::paths::reach_of_side;
use crate::state::Organization;
use bevy_ecs::prelude::*;
use qm_core::components::Unit;
use qm_core::ids::{NationId, UnitId};
use qm_core::orders::{OrderContext, OrderError, OrderSet, Pending, RuleError};
use qm_core::phase::PhaseId;
use qm_core::spec::Spec;
use serde::{Deserialize, Serialize};

/// The final reorganization step (OIL-003), at the end of the player turn.
pub const REORGANIZATION: PhaseId = PhaseId::new("reorganization");

/// An oil order as a player writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OilOrder {
    /// Reorganize these disorganized units (OIL-003). Without this order
    /// every disorganized unit of the side is requested; with it, the
    /// oil-dependent units not listed stay disorganized. Units that are not
    /// oil dependent are reorganized for free either way.
    Reorganize {
        /// Unit ids.
        units: Vec<String>,
    },
    /// Reorganize `power`'s units with these oil resources only (well
    /// keys, `saved@HEX`, `hq@UNIT`). Oil of a co-operating major power is
    /// refused (OIL-003): [`OilOrderError::ForeignOil`].
    DrawOil {
        /// The major power, a nation key.
        power: String,
        /// The resources it may draw from.
        oil: Vec<String>,
    },
    /// Save unused oil resources and build points of `power` in a city or
    /// port it controls (OIL-009, OIL-010). Each entry of `resources`
    /// saves one oil point of that oil resource, produced this turn and
    /// not spent.
    SaveStock {
        /// The major power, a nation key.
        power: String,
        /// The city or port: hex label or place name.
        at: String,
        /// Oil resource keys, one entry per point.
        #[serde(default)]
        resources: Vec<String>,
        /// Build points from the power's total.
        #[serde(default)]
        build_points: u32,
    },
    /// Transport saved stock to another city or port, factory or not
    /// (OIL-011).
    TransportStock {
        /// The major power, a nation key.
        power: String,
        /// From this hex.
        from: String,
        /// To this city or port.
        to: String,
        /// Saved oil points moved.
        #[serde(default)]
        oil: u32,
        /// Saved build points moved.
        #[serde(default)]
        build_points: u32,
    },
    /// Take saved build points off the map into the power's total
    /// (OIL-012), within the hex's limit a turn.
    SpendSaved {
        /// The major power, a nation key.
        power: String,
        /// The hex.
        at: String,
        /// Build points.
        build_points: u32,
    },
    /// Send resources to another major power of the side, committing how
    /// many are oil (OIL-006).
    SendResources {
        /// Sender, a nation key.
        from: String,
        /// Receiver, a nation key.
        to: String,
        /// Resources sent in all.
        resources: u32,
        /// How many of them are oil.
        oil: u32,
    },
    /// Strategic bombardment of the enemy's saved stock in a hex (OIL-013,
    /// OIL-014), resolved with the game's random stream.
    Bombard {
        /// The hex.
        at: String,
        /// Bomber factors.
        factors: u32,
        /// Whether the bombers fly there with no enemy fighters (OIL-014).
        #[serde(default)]
        uncontested: bool,
    },
    /// Expend a supply unit to make an HQ a primary supply source this turn:
    /// the supply unit is removed from the map and the HQ counts as one oil
    /// resource in this reorganization (OIL-005, last clause). Written
    /// `ExpendSupply(hq: "ger-hq", supply: "ger-sup")`; without `supply`,
    /// the supply unit of the HQ's nation in the HQ's hex with the lowest id.
    ExpendSupply {
        /// The HQ's unit id.
        hq: String,
        /// The supply unit expended, by id: a unit of the HQ's nation, of a
        /// type the oil section lists in `supply_types` (default `supply`),
        /// in the HQ's hex.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        supply: Option<String>,
    },
}

impl OrderSet for OilOrder {
    const KINDS: &'static [&'static str] = &[
        "Reorganize",
        "DrawOil",
        "SaveStock",
        "TransportStock",
        "SpendSaved",
        "SendResources",
        "Bombard",
        "ExpendSupply",
    ];

    fn kind(&self) -> &'static str {
        match self {
            Self::Reorganize { .. } => "Reorganize",
            Self::DrawOil { .. } => "DrawOil",
            Self::SaveStock { .. } => "SaveStock",
            Self::TransportStock { .. } => "TransportStock",
            Self::SpendSaved { .. } => "SpendSaved",
            Self::SendResources { .. } => "SendResources",
            Self::Bombard { .. } => "Bombard",
            Self::ExpendSupply { .. } => "ExpendSupply",
        }
    }
}

/// An oil order after validation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OilValid {
    /// See [`OilOrder::Reorganize`].
    Reorganize {
        /// The units, in the order given, without repeats.
        units: Vec<UnitId>,
    },
    /// See [`OilOrder::DrawOil`].
    DrawOil {
        /// The power.
        power: NationId,
        /// Resource keys.
        oil: Vec<String>,
    },
    /// A stockpile order (save, transport, spend, send, bombard, expend
    /// supply), applied in order before the reorganization.
    Stock(OilOrder),
}

/// The most bomber factors one `Bombard` order may name. OIL-013 and
/// OIL-014 set no limit; each factor rolls a die and the rolls are kept in
/// the bombing's record, so the count read from an orders file is capped
/// before any roll is drawn. No MWIF stack reaches a thousand strategic
/// bombardment factors.
pub const MAX_BOMBER_FACTORS: u32 = 1000;

/// Why an oil order is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OilOrderError {
    /// No unit has this id.
    #[error("no unit `{0}`")]
    UnknownUnit(String),
    /// The unit is not of the side giving the order.
    #[error("unit `{0}` is not of the side to move")]
    NotYourUnit(String),
    /// The unit is organized already.
    #[error("unit `{0}` is organized: only disorganized units are reorganized (OIL-003)")]
    NotDisorganized(String),
    /// The unit is oil dependent and traces no path to oil of its major
    /// power (OIL-003).
    #[error("unit `{0}` traces no path to oil of its major power (OIL-003): it cannot be reorganized")]
    NoPath(String),
    /// No hex has this label or place name.
    #[error("no hex `{0}`")]
    UnknownHex(String),
    /// No nation has this key.
    #[error("no nation `{0}`")]
    UnknownNation(String),
    /// The nation is not a major power of the side giving the order.
    #[error("`{0}` is not a major power of the side to move")]
    NotYourPower(String),
    /// Stock is saved only in a city or a port (OIL-009).
    #[error("{0} is neither a city nor a port: nothing can be saved there (OIL-009)")]
    NotCityOrPort(String),
    /// Stock is saved only where the power controls the hex (OIL-009).
    #[error("{power} does not control {hex} (OIL-009)")]
    NotControlled {
        /// The hex.
        hex: String,
        /// The power.
        power: String,
    },
    /// Only oil resources may be saved (OIL-009).
    #[error("`{0}` is not an oil resource: non-oil resources cannot be saved (OIL-009)")]
    NotOil(String),
    /// No resource has this key.
    #[error("no resource `{0}`")]
    UnknownResource(String),
    /// The resource is not the power's.
    #[error("oil resource `{resource}` is not controlled by {power}")]
    NotYourResource {
        /// The resource.
        resource: String,
        /// The power.
        power: String,
    },
    /// The oil resource has no unspent point left this turn (OIL-009: it
    /// must have been used neither in production nor for reorganizing).
    #[error("oil resource `{0}` has no unspent oil left this turn (OIL-009)")]
    NoOilLeft(String),
    /// The hex would hold more than its cap (OIL-009, OIL-010).
    #[error("{hex} holds at most {cap} saved {what} (OIL-009): it holds {held}, {adding} more is past the cap")]
    PastCap {
        /// The hex.
        hex: String,
        /// `oil points` or `build points`.
        what: String,
        /// Its cap.
        cap: u32,
        /// What it holds.
        held: u32,
        /// What the order adds.
        adding: u32,
    },
    /// The power's build point total is too small.
    #[error("{power} has {have} build points, not {asked}")]
    NotEnoughBuildPoints {
        /// The power.
        power: String,
        /// Its total.
        have: u32,
        /// Asked.
        asked: u32,
    },
    /// A neutral major power saves at most one oil a turn (OIL-009).
    #[error("{power} is a neutral major power: it saves at most one oil a turn (OIL-009), {saved} saved already")]
    NeutralLimit {
        /// The power.
        power: String,
        /// Oil it saved this turn before the order.
        saved: u32,
    },
    /// No saved stock of the power in the hex.
    #[error("{power} has no saved stock in {hex}")]
    NothingSaved {
        /// The hex.
        hex: String,
        /// The power.
        power: String,
    },
    /// Less saved stock than asked.
    #[error("{hex} holds {held} saved {what} of the power, not {asked}")]
    NotEnoughSaved {
        /// The hex.
        hex: String,
        /// `oil points` or `build points`.
        what: String,
        /// Held.
        held: u32,
        /// Asked.
        asked: u32,
    },
    /// Past the saved build points a hex gives a turn (OIL-012).
    #[error(
        "{hex} gives at most {limit} saved build points a turn (OIL-012: 1 per city, usable factory and port; any \
         number at the capital): {drawn} taken already, {asked} more is past the limit"
    )]
    PastHexLimit {
        /// The hex.
        hex: String,
        /// Its limit a turn.
        limit: u32,
        /// Taken already this turn.
        drawn: u32,
        /// Asked.
        asked: u32,
    },
    /// Resources go to another major power of the same side.
    #[error("{from} cannot send resources to {to}: not another major power of its side")]
    NotAlly {
        /// Sender.
        from: String,
        /// Receiver.
        to: String,
    },
    /// Resources go to a power on the map: one that controls no hex has
    /// nowhere to take them, so the shipment could never be used.
    #[error("{0} controls no hex and cannot receive resources")]
    ReceiverAbsent(String),
    /// More oil committed than resources sent (OIL-006).
    #[error("{oil} oil committed among {resources} resources sent (OIL-006)")]
    OilMoreThanResources {
        /// Resources sent.
        resources: u32,
        /// Oil committed.
        oil: u32,
    },
    /// The power has less unspent produced oil this turn than asked.
    #[error("{power} has {have} unspent oil this turn, not {asked}")]
    NotEnoughOil {
        /// The power.
        power: String,
        /// Its unspent produced oil.
        have: u32,
        /// Asked.
        asked: u32,
    },
    /// No enemy saved stock in the hex to bomb (OIL-013).
    #[error("{0} holds no enemy saved oil or build points to bomb (OIL-013)")]
    NothingToBomb(String),
    /// A bombardment with no bomber factor.
    #[error("a bombardment needs at least one bomber factor")]
    NoBombers,
    /// More bomber factors than one bombardment can hold
    /// ([`MAX_BOMBER_FACTORS`]): the count is read from input and sizes
    /// the rolls, so it is capped before anything is drawn.
    #[error("a bombardment of {0} bomber factors is more than the {max} one bombardment may hold", max = MAX_BOMBER_FACTORS)]
    TooManyBombers(u32),
    /// Oil of another major power, co-operating or not (OIL-003): only the
    /// two Chinas share, and US units in China use Chinese oil through
    /// Stilwell.
    #[error("`{resource}` is oil of {owner}: {power} cannot use a co-operating major power's oil (OIL-003)")]
    ForeignOil {
        /// The resource.
        resource: String,
        /// Its power.
        owner: String,
        /// The power ordering.
        power: String,
    },
    /// Saved stock moves only along a path like an oil path (OIL-011,
    /// OIL-003): through the side's open hexes, overseas between friendly
    /// ports.
    #[error(
        "{power} cannot carry stock from {from} to {to}: no path through its side's open hexes or by sea between \
         friendly ports joins them{cut} (OIL-011, OIL-003)"
    )]
    NoTransportPath {
        /// The power.
        power: String,
        /// The hex the stock is in.
        from: String,
        /// The hex it was to go to.
        to: String,
        /// The overseas legs an enemy cut on the way, in words
        /// ([`crate::sea_legs::describe`]), or empty.
        cut: String,
    },
    /// The unit is not an HQ (OIL-005).
    #[error("unit `{0}` is not an HQ: only an HQ becomes a supply source (OIL-005)")]
    NotAnHq(String),
    /// The HQ is a supply source this turn already.
    #[error("HQ `{0}` is a supply source this turn already (OIL-005)")]
    AlreadySource(String),
    /// Saved stock is carried to another city or port (OIL-011), not to
    /// the hex it is in.
    #[error("stock in {0} can only be carried to another city or port (OIL-011)")]
    SameHex(String),
    /// No supply unit of the HQ's nation stands in its hex (OIL-005).
    #[error("no supply unit of `{nation}` stands with HQ `{hq}` to expend (OIL-005)")]
    NoSupplyUnit {
        /// The HQ.
        hq: String,
        /// Its nation.
        nation: String,
    },
    /// The unit named is not a supply unit of the HQ's nation in its hex.
    #[error("unit `{supply}` is not a supply unit of the HQ's nation in the HQ's hex `{hex}` (OIL-005)")]
    NotASupplyUnit {
        /// The unit named.
        supply: String,
        /// The HQ's hex.
        hex: String,
    },
    /// The supply unit is expended for another HQ already this turn.
    #[error("supply unit `{0}` is expended already (OIL-005)")]
    AlreadyExpended(String),
}

pub(crate) fn refuse(index: usize, e: OilOrderError) -> OrderError {
    OrderError::Rule { index, family: FAMILY, error: RuleError::new(e) }
}

/// Validates an oil order for the phase about to run and queues it.
///
/// # Errors
/// Not the side to move, not the reorganization phase, or an
/// [`OilOrderError`].
pub fn validate(world: &mut World, cx: &OrderContext, order: &OilOrder) -> Result<(), OrderError> {
    cx.moving_side_only()?;
    cx.in_phase("reorganize", &[REORGANIZATION])?;
    let valid = match order {
        OilOrder::Reorganize { units } => validate_reorganize(world, cx, units)?,
        OilOrder::DrawOil { power, oil } => crate::draw::validate_draw(world, cx, power, oil)?,
        other => crate::ledger::validate_stock(world, cx, other)?,
    };
    world.get_resource_or_init::<Pending<OilValid>>().push(cx.side, cx.phase, valid);
    Ok(())
}

fn validate_reorganize(world: &mut World, cx: &OrderContext, units: &[String]) -> Result<OilValid, OrderError> {
    let reach = reach_of_side(world, cx.side, cx.clock.turn);
    let spec = world.resource::<Spec>().0.clone();
    let mut out: Vec<UnitId> = Vec::new();
    for id in units {
        let found = world
            .query::<(&Unit, Option<&Organization>)>()
            .iter(world)
            .find(|(u, _)| u.id.as_str() == *id)
            .map(|(u, o)| (u.clone(), o.copied()));
        let Some((unit, org)) = found else { return Err(refuse(cx.index, OilOrderError::UnknownUnit(id.clone()))) };
        if reach.sides.get(unit.nation.index()).is_none_or(|s| *s != Some(cx.side)) {
            return Err(refuse(cx.index, OilOrderError::NotYourUnit(id.clone())));
        }
        if org.is_none_or(|o| o.organized) {
            return Err(refuse(cx.index, OilOrderError::NotDisorganized(id.clone())));
        }
        let dependent = spec.ruleset.unit_type(unit.kind).is_some_and(|d| d.oil > 0);
        if dependent && reach.reaches(&unit.id) == 0 {
            return Err(refuse(cx.index, OilOrderError::NoPath(id.clone())));
        }
        if !out.contains(&unit.id) {
            out.push(unit.id);
        }
    }
    Ok(OilValid::Reorganize { units: out })
}
