//! Conditions written as data in rulesets and scenarios: "unless Australia
//! has surrendered" (SUP-023), "only if under Axis control" (SUP-043),
//! "if the Persian BRP route is open" (SUP-026).

use crate::ids::{FactionId, NationId, Side};
use crate::nation::{NationState, NationStatus};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A condition, evaluated against the nations' states, the scenario flags and
/// the place it is asked about (a source's owner and controller).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    /// Always true.
    #[default]
    Always,
    /// A scenario flag is set (`persian-route-open`, `burma-road`).
    Flag(String),
    /// The nation has surrendered.
    Surrendered(NationId),
    /// The nation has surrendered at some time, even if it reentered the war
    /// (SUP-032: London stays limited).
    EverSurrendered(NationId),
    /// The nation is at war (neither neutral nor surrendered).
    AtWar(NationId),
    /// The place's owner has surrendered (SUP-032, SUP-041).
    OwnerSurrendered,
    /// The place's owner has surrendered at some time.
    OwnerEverSurrendered,
    /// The place is controlled by its owner.
    ControlledByOwner,
    /// The place is controlled by a nation on the owner's side.
    ControlledByOwnerSide,
    /// The place is controlled by this nation.
    ControlledBy(NationId),
    /// The place is controlled by a nation of this side (SUP-043: Vichy
    /// colonial capitals only if under Axis control).
    ControlledBySide(Side),
    /// The place's controller belongs to this faction.
    ControllerFaction(FactionId),
    /// `minor` is associated with, allied to or controlled by `major`
    /// (SUP-027: Communist China a Russian minor ally; SUP-043: Kiev).
    Associated {
        /// The minor country.
        minor: NationId,
        /// The major power.
        major: NationId,
    },
    /// The place's features are undamaged (SUP-018: synthetic oil plants).
    Undamaged,
    /// Negation.
    Not(Box<Condition>),
    /// Every condition holds.
    All(Vec<Condition>),
    /// At least one condition holds.
    Any(Vec<Condition>),
}

/// What a condition is evaluated against.
#[derive(Clone, Copy, Debug)]
pub struct CondCtx<'a> {
    /// Every nation's state, indexed by [`NationId`].
    pub nations: &'a [NationState],
    /// Every nation's faction, indexed by [`NationId`] (see
    /// [`effective_factions`](crate::nation::effective_factions)).
    pub factions: &'a [FactionId],
    /// The scenario flags.
    pub flags: &'a BTreeSet<String>,
    /// The owner of the place asked about, if any.
    pub owner: Option<NationId>,
    /// The controller of the place asked about, if any.
    pub controller: Option<NationId>,
    /// Whether the place's features are damaged.
    pub damaged: bool,
}

impl CondCtx<'_> {
    fn nation(&self, n: NationId) -> Option<&NationState> {
        self.nations.get(n.index())
    }

    fn status(&self, n: Option<NationId>) -> Option<NationStatus> {
        n.and_then(|n| self.nation(n)).map(|s| s.status)
    }

    fn side(&self, n: Option<NationId>) -> Option<Side> {
        n.and_then(|n| self.nation(n)).and_then(|s| s.side)
    }
}

impl Condition {
    /// Evaluates the condition. Unknown nations make a condition false.
    #[must_use]
    pub fn holds(&self, ctx: &CondCtx<'_>) -> bool {
        match self {
            Self::Always => true,
            Self::Flag(f) => ctx.flags.contains(f),
            Self::Surrendered(n) => ctx.status(Some(*n)) == Some(NationStatus::Surrendered),
            Self::EverSurrendered(n) => {
                ctx.nation(*n).is_some_and(|s| s.ever_surrendered || s.status == NationStatus::Surrendered)
            }
            Self::AtWar(n) => ctx.status(Some(*n)) == Some(NationStatus::Active),
            Self::OwnerSurrendered => ctx.status(ctx.owner) == Some(NationStatus::Surrendered),
            Self::OwnerEverSurrendered => ctx
                .owner
                .and_then(|n| ctx.nation(n))
                .is_some_and(|s| s.ever_surrendered || s.status == NationStatus::Surrendered),
            Self::ControlledByOwner => ctx.owner.is_some() && ctx.owner == ctx.controller,
            Self::ControlledByOwnerSide => {
                let (a, b) = (ctx.side(ctx.owner), ctx.side(ctx.controller));
                a.is_some() && a == b
            }
            Self::ControlledBy(n) => ctx.controller == Some(*n),
            Self::ControlledBySide(s) => ctx.side(ctx.controller) == Some(*s),
            Self::ControllerFaction(f) => ctx.controller.and_then(|c| ctx.factions.get(c.index())) == Some(f),
            Self::Associated { minor, major } => ctx.nation(*minor).is_some_and(|s| s.patron == Some(*major)),
            Self::Undamaged => !ctx.damaged,
            Self::Not(c) => !c.holds(ctx),
            Self::All(cs) => cs.iter().all(|c| c.holds(ctx)),
            Self::Any(cs) => cs.iter().any(|c| c.holds(ctx)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nation::NationStatus;

    fn st(side: Option<Side>, status: NationStatus) -> NationState {
        NationState { side, status, patron: None, ever_surrendered: false }
    }

    #[test]
    fn evaluates_owner_controller_and_flags() {
        let nations = vec![
            st(Some(Side::Axis), NationStatus::Active),
            st(Some(Side::Allies), NationStatus::Surrendered),
            st(Some(Side::Allies), NationStatus::Active),
        ];
        let factions = vec![FactionId(0), FactionId(1), FactionId(1)];
        let flags: BTreeSet<String> = ["route".to_string()].into();
        let ctx = CondCtx {
            nations: &nations,
            factions: &factions,
            flags: &flags,
            owner: Some(NationId(1)),
            controller: Some(NationId(0)),
            damaged: false,
        };
        assert!(Condition::OwnerSurrendered.holds(&ctx));
        assert!(Condition::OwnerEverSurrendered.holds(&ctx));
        assert!(!Condition::ControlledByOwner.holds(&ctx));
        assert!(!Condition::ControlledByOwnerSide.holds(&ctx));
        assert!(Condition::ControlledBySide(Side::Axis).holds(&ctx));
        assert!(Condition::ControllerFaction(FactionId(0)).holds(&ctx));
        assert!(Condition::Flag("route".into()).holds(&ctx));
        assert!(!Condition::Flag("burma".into()).holds(&ctx));
        assert!(Condition::All(vec![Condition::Undamaged, Condition::AtWar(NationId(2))]).holds(&ctx));
        assert!(
            !Condition::Any(vec![Condition::Surrendered(NationId(0)), Condition::Not(Box::new(Condition::Always))])
                .holds(&ctx)
        );
        assert!(!Condition::AtWar(NationId(9)).holds(&ctx));
    }
}
