//! Why an order is refused, as typed reasons that carry their data: the
//! `why` of the [`OrderError`](crate::orders::OrderError) variants. Each
//! reason's `Display` is the prose the error message shows, citing the
//! rule ids it applies.

use serde::{Deserialize, Serialize};

/// Why a sea line may not start where ordered (SUP-067..072, SUP-022).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum OriginRefusal {
    /// A box with no sea entries onto the board.
    #[error("the box has no sea entries onto the board")]
    BoxWithoutEntries,
    /// A box whose owner is not at war, with no neutral rule (SUP-022).
    #[error("the box's owner is not at war, and no rule lets its box send sea supply meanwhile (SUP-022)")]
    BoxOwnerNotAtWar,
    /// A box that is not a supply source of the side (SUP-068).
    #[error("the box is not a supply source of the side (SUP-068)")]
    BoxNotASource,
    /// Neither a box nor a port (SUP-067).
    #[error("neither a box nor a port (SUP-067)")]
    NotBoxOrPort,
    /// A port the side does not hold.
    #[error("the port is not held by the side")]
    PortNotHeld,
    /// A port that receives sea supply this player turn (SUP-071).
    #[error("it receives sea supply this player turn and may not send it (SUP-071)")]
    ReceivesSeaSupply,
    /// A port in an enemy zone of control (SUP-072).
    #[error("the port is in an enemy zone of control (SUP-072)")]
    PortInEnemyZoc,
    /// A port without land supply in its zone (SUP-070, SUP-071).
    #[error("the port receives no supply by land in its zone (SUP-070, SUP-071)")]
    PortWithoutLandSupply,
}

/// Why a sea line may not end (or reach an island) where ordered
/// (SUP-022, SUP-073..083, SUP-096..100).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum TerminationRefusal {
    /// A map box (SUP-083).
    #[error("sea supply lines may not be traced to a map box (SUP-083)")]
    MapBox,
    /// Not held by the side (SUP-073).
    #[error("it is not held by the side (SUP-073)")]
    NotHeld,
    /// Not a place a line may land (SUP-073..077, SUP-098).
    #[error("not a port, bridgehead, one-hex island, beach or island of an island group (SUP-073..077, SUP-098)")]
    NotALandingPlace,
    /// The line starts there.
    #[error("the line starts there")]
    StartsThere,
    /// A port sea supply is traced from this player turn (SUP-074).
    #[error("sea supply is traced from it this player turn: it may not receive any (SUP-074)")]
    TracedFromThisTurn,
    /// A neutral box's line off its front (SUP-022).
    #[error(
        "while {nation} is not at war its box's sea supply may go only to the {} front (SUP-022)",
        fronts.join(" or ")
    )]
    NeutralBoxFront {
        /// The box's owner, by key.
        nation: String,
        /// The fronts its lines may go to, by key.
        fronts: Vec<String>,
    },
    /// A pass-through box's line that neither ends at nor passes through
    /// one of its destinations (SUP-079, SUP-080).
    #[error(
        "the box's sea supply must end at one of its destinations or pass through a port among them \
         (SUP-079, SUP-080)"
    )]
    NotThroughDestination,
    /// A box's line to a place it may not supply (SUP-022, SUP-079..082).
    #[error("the box's sea supply may not go there (SUP-022, SUP-079..082)")]
    NotADestination,
    /// Supply from the box may not extend there (SUP-081).
    #[error("supply originating in the box may not extend there (SUP-081)")]
    BoxSupplyMayNotExtend,
    /// An island of another group than the one the line enters (SUP-098,
    /// SUP-100).
    #[error("not an island of the group the line enters (SUP-098, SUP-100)")]
    NotInGroup,
    /// An island of another supply zone (SUP-096).
    #[error(
        "not in the supply zone of the island the line enters: an island captured this combat phase is a \
         supply zone of its own for post-combat supply (SUP-096)"
    )]
    OtherZone,
    /// An island the line already reaches (SUP-100).
    #[error("the line already reaches that island (SUP-100: each island once, in order)")]
    IslandAlreadyReached,
    /// An island that the line attacked neither enters nor reaches
    /// (SUP-100).
    #[error("not an island that line enters or reaches (SUP-100)")]
    NotOnLine,
}

/// Why a zone may take no (further) sea line (SUP-094, SUP-097, SUP-135,
/// SUP-139).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum ZoneRefusal {
    /// An earlier line of the plan supplies the island group (SUP-097).
    #[error("line {line} already supplies that island group (SUP-097)")]
    GroupSupplied {
        /// The earlier line's position in the plan.
        line: usize,
    },
    /// An earlier line of the plan supplies the zone (SUP-094).
    #[error("line {line} already supplies that zone (SUP-094)")]
    ZoneSupplied {
        /// The earlier line's position in the plan.
        line: usize,
    },
    /// Sea supply to the zone was attempted at initial determination
    /// (SUP-135, SUP-139).
    #[error("sea supply to this zone was attempted at initial determination (SUP-135, SUP-139)")]
    Attempted,
    /// Sea supply to the zone was declined at initial determination
    /// (SUP-139).
    #[error("sea supply to this zone was declined at initial determination (SUP-139)")]
    Declined,
}

/// Why a unit may not protect, fly cover for or attack a sea line
/// (SUP-022, SUP-104..124, SUP-144, SUP-145).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum EscortRefusal {
    /// It protects an earlier line of the plan (SUP-108, SUP-120).
    #[error("it already protects line {line}: each unit protects one line (SUP-108, SUP-120)")]
    AlreadyProtects {
        /// The earlier line.
        line: usize,
    },
    /// Not of the side tracing the line.
    #[error("it is not of the side tracing the line")]
    NotOfSide,
    /// Its nation is not at war (SUP-022, SUP-146).
    #[error("its nation is not at war (SUP-022, SUP-146)")]
    NationNotAtWar,
    /// A neutral box's line that only some nations may protect (SUP-022).
    #[error("while its box's owner is not at war, only units of {} may protect this line (SUP-022)", protectors.join(" and "))]
    NeutralProtectors {
        /// The nations that may, by key.
        protectors: Vec<String>,
    },
    /// Not a naval unit.
    #[error("not a naval unit")]
    NotNaval,
    /// Not an air unit.
    #[error("not an air unit")]
    NotAir,
    /// Inverted (SUP-106, SUP-123, SUP-144).
    #[error("it is inverted (SUP-106, SUP-123, SUP-144)")]
    Inverted,
    /// Not fully supplied (SUP-106, SUP-123, SUP-168).
    #[error("it is not fully supplied (SUP-106, SUP-123, SUP-168)")]
    NotFullySupplied,
    /// Its base is not operational (SUP-123, SUP-144).
    #[error("its base is not operational (SUP-123, SUP-144)")]
    BaseNotOperational,
    /// A naval protector based where it may not protect this line
    /// (SUP-111..119).
    #[error(
        "it is based neither at the origin, nor at a port on the route, nor in an sw box covering this line \
         (SUP-111..119)"
    )]
    NotBasedOnRoute,
    /// Air cover out of reach (SUP-123).
    #[error("the line is out of its reach (SUP-123)")]
    CoverOutOfReach,
    /// An attacker not of the defending side (SUP-104).
    #[error("only the defending side's units may attack the moving side's sea lines (SUP-104)")]
    NotDefendingSide,
    /// An attacker neither naval nor air (SUP-124).
    #[error("only naval and air units attack sea lines (SUP-124)")]
    NotNavalOrAir,
    /// An inverted attacker (SUP-145).
    #[error("it is inverted (SUP-145)")]
    AttackerInverted,
    /// An attacker not fully supplied (SUP-145, SUP-170).
    #[error("it is not fully supplied (SUP-145, SUP-170)")]
    AttackerNotFullySupplied,
    /// An attacker whose base is not operational (SUP-145).
    #[error("its base is not operational (SUP-145)")]
    AttackerBaseNotOperational,
    /// The line is out of the attacker's reach.
    #[error("the line is out of its reach")]
    AttackerOutOfReach,
    /// An attacker named twice in one interception: each unit attacks a
    /// line once (SUP-124).
    #[error("it is named twice among the attackers: each unit attacks once (SUP-124)")]
    AttackerNamedTwice,
}

/// Why a unit may not move, exploit, attack, advance, invade or redeploy
/// as ordered (SUP-012, SUP-156, SUP-174, SUP-193, SUP-204).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum MoveRefusal {
    /// Its unit type is not in the ruleset.
    #[error("unknown type")]
    UnknownType,
    /// Only ground units move by land.
    #[error("only ground units move by land")]
    NotGroundMover,
    /// Isolated at initial supply determination (SUP-012, SUP-174).
    #[error("it was isolated at initial supply determination (SUP-012, SUP-174)")]
    IsolatedAtInitial,
    /// Only armor supplied normally exploits (SUP-193).
    #[error("only armor supplied normally may exploit (SUP-193)")]
    ExploitNeedsArmor,
    /// No path within its movement factors.
    #[error("no path within its {movement} movement factors")]
    NoPath {
        /// Its movement factors.
        movement: u8,
    },
    /// An attack without attackers.
    #[error("no attackers")]
    NoAttackers,
    /// Only ground units attack.
    #[error("only ground units attack")]
    NotGroundAttacker,
    /// Not adjacent to the target.
    #[error("it is not adjacent to {target}")]
    NotAdjacent {
        /// The target as ordered.
        target: String,
    },
    /// A friendly target without enemy units.
    #[error("{target} holds nothing of the enemy")]
    NothingOfTheEnemy {
        /// The target as ordered.
        target: String,
    },
    /// An advance by a unit that did not attack.
    #[error("it did not attack")]
    DidNotAttack,
    /// Isolated units do not advance after combat (SUP-174).
    #[error("isolated units may not advance after combat (SUP-174)")]
    IsolatedMayNotAdvance,
    /// Only ground units invade.
    #[error("only ground units invade")]
    NotGroundInvader,
    /// Only fully supplied units invade (SUP-156).
    #[error("only fully supplied units make seaborne invasions (SUP-156)")]
    InvasionNeedsFullSupply,
    /// An invasion embarks in a port.
    #[error("it must embark in a port")]
    NotInPort,
    /// An invasion lands on a coastal hex.
    #[error("the target must be a coastal hex")]
    TargetNotCoastal,
    /// Enemy units hold the invasion's target.
    #[error("enemy units hold the target")]
    TargetHeld,
    /// The invasion's target is out of sea range.
    #[error("the target is not within {range} sea hexes")]
    TargetOutOfRange {
        /// The sea range.
        range: u32,
    },
    /// Ground redeployment into a hex not the side's or not supplied
    /// (SUP-204).
    #[error("only into hexes of the side that are supplied (SUP-204)")]
    RedeployIntoUnsupplied,
    /// Isolated ground units do not redeploy (SUP-174).
    #[error("isolated ground units may not redeploy (SUP-174)")]
    IsolatedMayNotRedeploy,
    /// Ground redeployment out of or through unsupplied hexes (SUP-204).
    #[error("ground units redeploy only out of, into and through supplied hexes (SUP-204)")]
    RedeployThroughUnsupplied,
    /// No chain of air bases reaches the destination.
    #[error("no chain of air bases {hop} hexes apart or less reaches it")]
    NoAirChain {
        /// The unit's hop between bases.
        hop: u8,
    },
    /// No sea route between ports reaches the destination.
    #[error("no sea route with at most {range} sea hexes between ports reaches it")]
    NoSeaRoute {
        /// The sea range.
        range: u32,
    },
}

/// Why an air or naval redeployment may not end in, or pass through, a hex
/// (SUP-175, SUP-176, SUP-205, SUP-206).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum RedeployRefusal {
    /// Not an air base of the side (SUP-205).
    #[error("air units redeploy only into air bases of their side: a city, a port or an airbase (SUP-205)")]
    NotAnAirBase,
    /// An unsupplied air base (SUP-175, SUP-205).
    #[error("air units may not redeploy to an unsupplied base (SUP-175, SUP-205)")]
    UnsuppliedAirBase,
    /// Only through an unsupplied air base (SUP-175, SUP-205).
    #[error(
        "air units may not redeploy through an unsupplied base, and no other chain of bases reaches the \
         destination (SUP-175, SUP-205)"
    )]
    ThroughUnsuppliedAirBase,
    /// Not a port of the side (SUP-206).
    #[error("naval units redeploy only into ports of their side (SUP-206)")]
    NotAPort,
    /// An unsupplied port (SUP-176, SUP-206).
    #[error("naval units may not redeploy to an unsupplied port (SUP-176, SUP-206)")]
    UnsuppliedPort,
    /// Only through an unsupplied port (SUP-176, SUP-206).
    #[error(
        "naval units may not redeploy through an unsupplied port, and no other sea route reaches the \
         destination (SUP-176, SUP-206)"
    )]
    ThroughUnsuppliedPort,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reasons that carry data say it as the prose they replace did.
    #[test]
    fn data_carrying_reasons_read_as_before() {
        let front = TerminationRefusal::NeutralBoxFront { nation: "usa".into(), fronts: vec!["atlantic".into()] };
        assert_eq!(
            front.to_string(),
            "while usa is not at war its box's sea supply may go only to the atlantic front (SUP-022)"
        );
        let two = EscortRefusal::NeutralProtectors { protectors: vec!["britain".into(), "france".into()] };
        assert_eq!(
            two.to_string(),
            "while its box's owner is not at war, only units of britain and france may protect this line (SUP-022)"
        );
        assert_eq!(
            ZoneRefusal::GroupSupplied { line: 0 }.to_string(),
            "line 0 already supplies that island group (SUP-097)"
        );
        assert_eq!(ZoneRefusal::ZoneSupplied { line: 2 }.to_string(), "line 2 already supplies that zone (SUP-094)");
        assert_eq!(
            EscortRefusal::AlreadyProtects { line: 1 }.to_string(),
            "it already protects line 1: each unit protects one line (SUP-108, SUP-120)"
        );
        assert_eq!(MoveRefusal::NoPath { movement: 4 }.to_string(), "no path within its 4 movement factors");
        assert_eq!(MoveRefusal::NotAdjacent { target: "e5".into() }.to_string(), "it is not adjacent to e5");
        assert_eq!(MoveRefusal::NothingOfTheEnemy { target: "e5".into() }.to_string(), "e5 holds nothing of the enemy");
        assert_eq!(MoveRefusal::TargetOutOfRange { range: 6 }.to_string(), "the target is not within 6 sea hexes");
        assert_eq!(
            MoveRefusal::NoAirChain { hop: 3 }.to_string(),
            "no chain of air bases 3 hexes apart or less reaches it"
        );
        assert_eq!(
            MoveRefusal::NoSeaRoute { range: 6 }.to_string(),
            "no sea route with at most 6 sea hexes between ports reaches it"
        );
    }

    /// The long reasons wrapped over source lines read as one sentence.
    #[test]
    fn wrapped_reasons_have_single_spaces() {
        for text in [
            TerminationRefusal::NotThroughDestination.to_string(),
            TerminationRefusal::OtherZone.to_string(),
            EscortRefusal::NotBasedOnRoute.to_string(),
            RedeployRefusal::ThroughUnsuppliedAirBase.to_string(),
            RedeployRefusal::ThroughUnsuppliedPort.to_string(),
        ] {
            assert!(!text.contains("  ") && !text.contains('\n'), "{text}");
            assert!(text.ends_with(')'), "cites its rules: {text}");
        }
    }
}
