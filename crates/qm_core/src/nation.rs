//! Nations: major powers, minor countries and colonies.

use crate::ids::{FactionId, NationId, Side};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// What kind of country a nation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum NationKind {
    /// A major power (Germany, Britain, Russia, Japan, ...).
    Major,
    /// A minor country (Finland, Hungary, Persia, ...).
    Minor,
    /// A colony of a major power.
    Colony,
}

/// Whether a nation is in the war.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum NationStatus {
    /// At war.
    #[default]
    Active,
    /// Not (yet) at war. Neutral hexes and units are fully supplied by the
    /// neutral itself (SUP-146).
    Neutral,
    /// Surrendered (SUP-032, SUP-041).
    Surrendered,
}

/// The static description of a nation, from the ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NationDef {
    /// Key used in files (`germany`).
    pub key: String,
    /// Display name.
    pub name: String,
    /// Major power, minor country or colony.
    pub kind: NationKind,
    /// The nation's cooperation faction (SUP-050..053), or, if
    /// `inherits_faction`, the one it has without a patron.
    pub faction: FactionId,
    /// A minor country or colony without a bloc of its own: it takes its
    /// patron's faction (SUP-050: restrictions extend to minor countries and
    /// colonies associated with a major power). Communist China has its own
    /// bloc and keeps it as a Russian minor ally (SUP-027, SUP-030, SUP-053).
    pub inherits_faction: bool,
    /// Side at the start, unless the scenario says otherwise.
    pub side: Option<Side>,
    /// Partially supplied when neutral (SUP-146: Spanish Morocco).
    pub neutral_partial: bool,
}

/// The changing state of a nation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NationState {
    /// The side it belongs to, or none for a true neutral.
    pub side: Option<Side>,
    /// At war, neutral or surrendered.
    pub status: NationStatus,
    /// The major power it is associated with, allied to or controlled by.
    pub patron: Option<NationId>,
    /// Whether it has surrendered at some time (SUP-032).
    pub ever_surrendered: bool,
}

/// A nation entity: its id. Its state is the [`NationState`] component.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nation(pub NationId);

/// A nation's state as a component.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NationStateC(pub NationState);

/// The side of every nation, indexed by [`NationId`]: computed once, when a
/// world is built from a state ([`build_world`](crate::state::build_world)),
/// for the rules that ask which side a nation is on. No rule moves a nation
/// to another side during a game, so it stays equal to the sides of the
/// [`NationStateC`] components.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct NationSides(Vec<Option<Side>>);

impl NationSides {
    /// The sides of the nations of a state, in nation order.
    #[must_use]
    pub fn from_states(states: &[NationState]) -> Self {
        Self(states.iter().map(|s| s.side).collect())
    }

    /// The side nation `n` is on, or `None` for a true neutral (or a nation
    /// the state does not list).
    #[must_use]
    pub fn side_of(&self, n: NationId) -> Option<Side> {
        self.0.get(n.index()).copied().flatten()
    }

    /// Whether nation `n` is on `side`.
    #[must_use]
    pub fn is_on(&self, n: NationId, side: Side) -> bool {
        self.side_of(n) == Some(side)
    }
}

/// The faction of every nation: its own, or its patron's for a nation that
/// inherits one (SUP-050: restrictions extend to colonies and minor
/// countries associated with a major power).
#[must_use]
pub fn effective_factions(defs: &[NationDef], states: &[NationState]) -> Vec<FactionId> {
    defs.iter()
        .enumerate()
        .map(|(i, d)| match states.get(i).and_then(|s| s.patron) {
            Some(p) if d.inherits_faction => defs.get(p.index()).map_or(d.faction, |pd| pd.faction),
            _ => d.faction,
        })
        .collect()
}

/// Whether two nations are enemies: on different sides and both at war.
#[must_use]
pub fn at_war_with(states: &[NationState], a: NationId, b: NationId) -> bool {
    match (states.get(a.index()), states.get(b.index())) {
        (Some(x), Some(y)) => {
            x.status == NationStatus::Active
                && y.status == NationStatus::Active
                && x.side.is_some()
                && y.side.is_some()
                && x.side != y.side
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(side: Option<Side>, status: NationStatus) -> NationState {
        NationState { side, status, patron: None, ever_surrendered: false }
    }

    #[test]
    fn sides_follow_the_states_in_nation_order() {
        let states = [
            state(Some(Side::Axis), NationStatus::Active),
            state(None, NationStatus::Neutral),
            state(Some(Side::Allies), NationStatus::Surrendered),
        ];
        let sides = NationSides::from_states(&states);
        assert_eq!(sides.side_of(NationId(0)), Some(Side::Axis));
        assert_eq!(sides.side_of(NationId(1)), None);
        // A surrendered nation stays on its side.
        assert_eq!(sides.side_of(NationId(2)), Some(Side::Allies));
        assert!(sides.is_on(NationId(2), Side::Allies));
        assert!(!sides.is_on(NationId(2), Side::Axis));
        assert!(!sides.is_on(NationId(1), Side::Axis) && !sides.is_on(NationId(1), Side::Allies));
        // A nation the state does not list is on no side.
        assert_eq!(sides.side_of(NationId(3)), None);
        assert_eq!(NationSides::default().side_of(NationId(0)), None);
    }
}
