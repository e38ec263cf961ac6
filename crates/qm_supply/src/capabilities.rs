//! Impairments as capabilities (SUP-012, SUP-147..176, SUP-199..207).
//!
//! Supply statuses matter through what units and hexes may then do. These
//! pure functions turn a status into a [`UnitCapabilities`] or a
//! [`HexCapabilities`], which later phases (movement, redeployment), AI
//! policies and user interfaces read instead of re-deriving the rules.

use qm_core::components::{Unit, UnitFlags};
use qm_core::ids::Theater;
use qm_core::map::{Features, NodeInfo};
use qm_core::ruleset::{Domain, Ruleset, UnitTypeDef};
use qm_core::supply::{HexStatus, UnitStatus, UnitSupply};
use serde::{Deserialize, Serialize};

/// What an air unit may do from its base (SUP-158..163, SUP-175, SUP-201).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AirCapabilities {
    /// Offensive operations (SUP-159).
    pub offensive: bool,
    /// Search, air cover, attacks on naval units at sea (SUP-160, SUP-123).
    pub naval_missions: bool,
    /// Modifier to its air nationality DRM (SUP-161).
    pub nationality_drm: i8,
    /// Defensive air activities beyond its own hex (SUP-162).
    pub defends_beyond_own_hex: bool,
    /// Defensive operations at all (SUP-175: none from an unsupplied base).
    pub defensive: bool,
    /// Offensive strategic warfare (SUP-163).
    pub strategic_warfare: bool,
    /// Missions, interceptions, modifying rolls (SUP-201).
    pub missions: bool,
    /// Stage and redeploy out of the base (SUP-158, SUP-205).
    pub redeploy_out: bool,
}

/// What a naval unit may do from its port (SUP-164..171, SUP-176, SUP-202).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalCapabilities {
    /// Offensive operations (SUP-167).
    pub offensive: bool,
    /// Protect sea supply, provide or protect sea escort (SUP-168, SUP-202).
    pub protect: bool,
    /// Modifier to its naval nationality DRM (SUP-169).
    pub nationality_drm: i8,
    /// Intercept (SUP-170).
    pub intercept: bool,
    /// Base change and redeploy out of the port (SUP-164, SUP-206).
    pub redeploy_out: bool,
    /// Operate in an sw box (SUP-171).
    pub sw_box: bool,
}

/// What a unit may do under its supply status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitCapabilities {
    /// The status these derive from.
    pub status: UnitStatus,
    /// Move in the movement and combat phases (SUP-012, SUP-174: not if
    /// isolated at initial determination).
    pub can_move: bool,
    /// Advance after combat, and into hexes gained by attrition (SUP-174).
    pub can_advance: bool,
    /// Redeploy (SUP-174, SUP-204).
    pub can_redeploy: bool,
    /// Sea transport and seaborne invasion (SUP-156).
    pub can_sea_transport: bool,
    /// Airdrop (SUP-155).
    pub can_airdrop: bool,
    /// Exploit: only if supplied normally, not automatically (SUP-193).
    pub can_exploit: bool,
    /// Change to CTL (SUP-037, SUP-149: -1).
    pub ctl_modifier: i8,
    /// Keeps its mechanized component (SUP-150).
    pub mechanized: bool,
    /// Exerts a zone of control (SUP-152).
    pub zoc: bool,
    /// Movement factor (SUP-151: 3 in Europe, 2 in the Pacific without the
    /// mechanized component).
    pub movement: u8,
    /// Takes a -1 DM against exploiting armor like infantry (SUP-153).
    pub exploit_dm: i8,
    /// Takes a -1 DM when attacked with a CTL of zero or less here
    /// (SUP-154): armor without its mechanized component, unless defending
    /// in a capital, objective, IC or railhead hex, in a hex holding a
    /// bridgehead of its side ([`Site::bridgehead`]), or in its home country
    /// ([`Site::home`]).
    pub low_ctl_dm: bool,
    /// DM its hex has lost to the unit's isolation (SUP-191).
    pub dm_loss: u8,
    /// Air units' abilities, if an air unit.
    pub air: Option<AirCapabilities>,
    /// Naval units' abilities, if a naval unit.
    pub naval: Option<NavalCapabilities>,
}

/// What may be done in or through a hex of a status (SUP-008,
/// SUP-199..207).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexCapabilities {
    /// Units may be constructed here (SUP-203: full supply only).
    pub build_units: bool,
    /// Airbases, rocket bases and port counters may be constructed here
    /// (SUP-200: full supply only).
    pub build_bases: bool,
    /// Ground units may redeploy out of, into or through it (SUP-204).
    pub ground_redeploy: bool,
    /// Air units may redeploy into or through it (SUP-205).
    pub air_redeploy_into: bool,
    /// Naval units may redeploy into or through it (SUP-206).
    pub naval_redeploy_into: bool,
    /// Air units based here fly missions and interceptions (SUP-201).
    pub air_missions: bool,
    /// Naval units based here protect sea supply and escorts (SUP-202).
    pub naval_missions: bool,
    /// Counts for offensive submarine warfare (SUP-171: not a partially
    /// supplied port).
    pub sw_port: bool,
}

/// The capabilities a hex's status gives.
#[must_use]
pub fn hex_capabilities(status: Option<HexStatus>, info: Option<&NodeInfo>) -> HexCapabilities {
    let full = status == Some(HexStatus::Full);
    let supplied = matches!(status, Some(HexStatus::Full | HexStatus::Partial));
    let port = info.is_some_and(|i| i.features.contains(Features::PORT));
    HexCapabilities {
        build_units: full,
        build_bases: full,
        ground_redeploy: supplied,
        air_redeploy_into: supplied,
        naval_redeploy_into: supplied,
        air_missions: full,
        naval_missions: full,
        sw_port: port && full,
    }
}

/// Where a unit stands, as far as its capabilities depend on it: the hex,
/// and what the caller knows of the hex beyond its static features.
///
/// A bridgehead is a unit, not a feature of the hex, and a home country is
/// a matter of who controlled the hex at the start of the war: the caller
/// (operations, an AI policy, an interface) reads them from the game and
/// passes them here, so that [`unit_capabilities`] stays a pure function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Site<'a> {
    /// The hex: its theater and features. `None`: a featureless hex of
    /// Europe.
    pub hex: Option<&'a NodeInfo>,
    /// The hex is in the unit's home country: its nation controlled it at
    /// the start of the war (`Control::original`), whoever holds it now
    /// (SUP-154).
    pub home: bool,
    /// A bridgehead of the unit's side stands in the hex, whatever its own
    /// supply (SUP-154; bridgeheads are not eliminated by partial supply,
    /// SUP-172).
    pub bridgehead: bool,
}

impl<'a> Site<'a> {
    /// A hex away from home, with no bridgehead.
    #[must_use]
    pub const fn hex(hex: Option<&'a NodeInfo>) -> Self {
        Self { hex, home: false, bridgehead: false }
    }
}

/// The capabilities of a unit with supply `sup` standing at `site`
/// (SUP-012, SUP-147..176).
#[must_use]
pub fn unit_capabilities(
    rules: &Ruleset,
    unit: &Unit,
    flags: &UnitFlags,
    sup: &UnitSupply,
    site: &Site<'_>,
) -> UnitCapabilities {
    let hex = site.hex;
    let def = rules.unit_type(unit.kind);
    let status = sup.status;
    let full = status == UnitStatus::Full;
    let supplied = status != UnitStatus::Isolated;
    let theater = hex.map_or(Theater::Europe, |h| h.theater);
    // SUP-150: armor (and British and American mechanized infantry in
    // Europe) lose the mechanized component when not fully supplied.
    let loses_mech = def.is_some_and(|d| d.mech_loss.as_ref().is_some_and(|m| m.applies(unit.nation, theater)));
    let mechanized = def.is_some_and(|d| d.mechanized) && (full || !loses_mech);
    let base_movement = def.map_or(0, |d| d.movement[usize::from(theater == Theater::Pacific)]);
    let movement = if !full && loses_mech {
        // SUP-151.
        base_movement.min(if theater == Theater::Pacific { 2 } else { 3 })
    } else {
        base_movement
    };
    let isolated_at_initial = sup.initial == Some(UnitStatus::Isolated);
    // SUP-154: where armor that lost its mechanized component is spared
    // the -1 DM of a low CTL: a capital, objective, IC or railhead hex, a
    // hex with a bridgehead of its side, or its home country.
    let sheltered = site.bridgehead
        || site.home
        || hex.is_some_and(|h| {
            h.features.intersects(Features::CAPITAL | Features::OBJECTIVE | Features::IC | Features::RAILHEAD)
        });
    let air = def.filter(|d| d.domain == Domain::Air).map(|_| AirCapabilities {
        offensive: full,
        naval_missions: full,
        nationality_drm: if full { 0 } else { -1 },
        defends_beyond_own_hex: full,
        defensive: supplied,
        strategic_warfare: full,
        missions: full,
        redeploy_out: true,
    });
    let fortified_sub = def.is_some_and(|d| d.submarine) && hex.is_some_and(|h| h.features.fortified());
    let naval = def.filter(|d| d.domain == Domain::Naval).map(|_| {
        // SUP-165: submarines in fortified ports escape the impairments.
        let ok = full || fortified_sub;
        NavalCapabilities {
            offensive: ok,
            protect: ok,
            nationality_drm: if ok { 0 } else { -1 },
            intercept: ok,
            redeploy_out: true,
            sw_box: true,
        }
    });
    UnitCapabilities {
        status,
        can_move: !isolated_at_initial,
        can_advance: supplied,
        can_redeploy: supplied,
        can_sea_transport: full,
        can_airdrop: full || !def.is_some_and(|d| d.airborne),
        can_exploit: full && sup.automatic.is_none(),
        // SUP-149: ground units; air and naval units have no CTL.
        ctl_modifier: if full || def.is_none_or(|d| d.domain != Domain::Ground) { 0 } else { -1 },
        mechanized,
        zoc: def.is_some_and(|d| d.zoc) && (full || !loses_mech || !rules.zoc.lost_when_mech_lost),
        movement,
        exploit_dm: if !full && loses_mech { -1 } else { 0 },
        low_ctl_dm: !full && loses_mech && !sheltered,
        dm_loss: flags.isolated_turns,
        air,
        naval,
    }
}

/// Whether a unit type needs supply at all (SUP-007: partisans do not).
#[must_use]
pub fn needs_supply(def: &UnitTypeDef) -> bool {
    !def.partisan
}
