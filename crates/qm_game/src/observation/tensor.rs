//! The observation's fixed-size tensor: `planes::COUNT × rows × cols`
//! bytes over the grid of the map's hexes, relative to the observing side.

use super::{HexObs, Observation, UnitClass, UnitObs};
use qm_core::ids::{NodeId, NodeVec, Side};
use qm_core::supply::{HexStatus, UnitStatus};

/// The feature planes of [`Observation::tensor`], by index. The count is
/// the same for every scenario; `docs/observation.md` gives the layout.
pub mod planes {
    /// 1 where the grid cell is a land or coastal hex of the map.
    pub const LAND: usize = 0;
    /// 1 where the observing side controls the hex.
    pub const OWN_CONTROL: usize = 1;
    /// 1 where the enemy side controls the hex.
    pub const ENEMY_CONTROL: usize = 2;
    /// 1 where an own hex is fully supplied.
    pub const OWN_HEX_FULL: usize = 3;
    /// 1 where an own hex is partially supplied.
    pub const OWN_HEX_PARTIAL: usize = 4;
    /// 1 where an own hex is unsupplied.
    pub const OWN_HEX_UNSUPPLIED: usize = 5;
    /// Own units in full supply, counted.
    pub const OWN_UNITS_FULL: usize = 6;
    /// Own units in partial supply, counted.
    pub const OWN_UNITS_PARTIAL: usize = 7;
    /// Own isolated units, counted.
    pub const OWN_UNITS_ISOLATED: usize = 8;
    /// Own armor units, counted.
    pub const OWN_ARMOR: usize = 9;
    /// Visible enemy units, counted.
    pub const ENEMY_UNITS: usize = 10;
    /// Visible enemy armor units, counted.
    pub const ENEMY_ARMOR: usize = 11;
    /// Visible isolated enemy units, counted.
    pub const ENEMY_ISOLATED: usize = 12;
    /// 1 where the hex is visible to the observing side (everywhere
    /// without fog).
    pub const VISIBLE: usize = 13;
    /// 1 on cities, capitals and objectives.
    pub const CITY: usize = 14;
    /// 1 everywhere when the observing side is the side to move.
    pub const TO_MOVE: usize = 15;
    /// The hex's terrain: its index in the ruleset's terrain list, plus one.
    pub const TERRAIN: usize = 16;
    /// Movement points to enter the hex (the operations' terrain cost; 0
    /// without operations data).
    pub const MOVE_COST: usize = 17;
    /// Defensive column shifts of the hex's terrain (0 without operations
    /// data).
    pub const DEFENCE_SHIFT: usize = 18;
    /// River hexsides, a mask of the six sides (`docs/observation.md`).
    pub const RIVER_SIDES: usize = 19;
    /// All-sea hexsides (SUP-064), a mask of the six sides.
    pub const SEA_SIDES: usize = 20;
    /// Victory points of an objective in the hex.
    pub const OBJECTIVE_POINTS: usize = 21;
    /// Factors of own ground units other than armor and HQs, summed.
    pub const OWN_INFANTRY_FACTORS: usize = 22;
    /// Factors of own armor, summed.
    pub const OWN_ARMOR_FACTORS: usize = 23;
    /// Factors of own HQs, summed.
    pub const OWN_HQ_FACTORS: usize = 24;
    /// Factors of own air units, summed.
    pub const OWN_AIR_FACTORS: usize = 25;
    /// Factors of own naval units, summed.
    pub const OWN_NAVAL_FACTORS: usize = 26;
    /// Factors of visible enemy ground units other than armor and HQs.
    pub const ENEMY_INFANTRY_FACTORS: usize = 27;
    /// Factors of visible enemy armor, summed.
    pub const ENEMY_ARMOR_FACTORS: usize = 28;
    /// Factors of visible enemy HQs, summed.
    pub const ENEMY_HQ_FACTORS: usize = 29;
    /// Factors of visible enemy air units, summed.
    pub const ENEMY_AIR_FACTORS: usize = 30;
    /// Factors of visible enemy naval units, summed.
    pub const ENEMY_NAVAL_FACTORS: usize = 31;
    /// 1 where an enemy hex is fully supplied (never under fog).
    pub const ENEMY_HEX_FULL: usize = 32;
    /// 1 where an enemy hex is partially supplied (never under fog).
    pub const ENEMY_HEX_PARTIAL: usize = 33;
    /// 1 where an enemy hex is unsupplied (never under fog).
    pub const ENEMY_HEX_UNSUPPLIED: usize = 34;
    /// The own supply zone of the hex (SUP-093), numbered from 1 in the
    /// order of each zone's lowest node; 0: none.
    pub const OWN_ZONE: usize = 35;
    /// The enemy supply zone of the hex, numbered alike (never under fog).
    pub const ENEMY_ZONE: usize = 36;
    /// How many planes there are.
    pub const COUNT: usize = 37;
}

/// The planes of a unit's factors by class, own first.
const fn factor_plane(own: bool, class: UnitClass) -> usize {
    let first = if own { planes::OWN_INFANTRY_FACTORS } else { planes::ENEMY_INFANTRY_FACTORS };
    first
        + match class {
            UnitClass::Infantry => 0,
            UnitClass::Armor => 1,
            UnitClass::Hq => 2,
            UnitClass::Air => 3,
            UnitClass::Naval => 4,
        }
}

/// A tensor being filled: `planes × cells` bytes.
struct Canvas {
    t: Vec<u8>,
    cells: usize,
}

impl Canvas {
    /// Sets a cell of a plane to `v`.
    fn put(&mut self, plane: usize, at: usize, v: u8) {
        if let Some(x) = self.t.get_mut(plane * self.cells + at) {
            *x = v;
        }
    }

    /// Adds `v` to a cell of a plane, saturating at 255.
    fn add(&mut self, plane: usize, at: usize, v: u8) {
        if let Some(x) = self.t.get_mut(plane * self.cells + at) {
            *x = x.saturating_add(v);
        }
    }
}

impl Observation {
    /// The tensor's shape: `(planes, rows, cols)`.
    #[must_use]
    pub fn shape(&self) -> (usize, usize, usize) {
        (planes::COUNT, self.grid.2 as usize, self.grid.3 as usize)
    }

    /// The fixed-size encoding: `PLANES × rows × cols` bytes, row-major.
    /// See [`planes`] for what each plane holds.
    #[must_use]
    pub fn tensor(&self) -> Vec<u8> {
        let (p, rows, cols) = self.shape();
        let mut c = Canvas { t: vec![0u8; p * rows * cols], cells: rows * cols };
        let cell = |rc: Option<(u32, u32)>| {
            let (r, k) = rc?;
            let (r, k) = (r.checked_sub(self.grid.0)? as usize, k.checked_sub(self.grid.1)? as usize);
            (r < rows && k < cols).then_some(r * cols + k)
        };
        let mut where_is = NodeVec::from(vec![None; self.hexes.last().map_or(0, |h| h.node.index() + 1)]);
        for h in &self.hexes {
            let Some(at) = cell(h.row_col) else { continue };
            where_is[h.node] = Some(at);
            for (plane, v) in hex_planes(self.side, h) {
                c.put(plane, at, v);
            }
            c.put(planes::TO_MOVE, at, u8::from(self.to_move == self.side));
        }
        let at_of = |n: NodeId| where_is.get(n).copied().flatten();
        for u in &self.own_units {
            let Some(at) = at_of(u.node) else { continue };
            let plane = match u.status {
                UnitStatus::Full => planes::OWN_UNITS_FULL,
                UnitStatus::Partial => planes::OWN_UNITS_PARTIAL,
                UnitStatus::Isolated => planes::OWN_UNITS_ISOLATED,
            };
            c.add(plane, at, 1);
            c.add(planes::OWN_ARMOR, at, u8::from(u.armor));
            add_factors(&mut c, true, u, at);
        }
        for u in &self.enemy_units {
            let Some(at) = at_of(u.node) else { continue };
            c.add(planes::ENEMY_UNITS, at, 1);
            c.add(planes::ENEMY_ARMOR, at, u8::from(u.armor));
            c.add(planes::ENEMY_ISOLATED, at, u8::from(u.status == UnitStatus::Isolated));
            add_factors(&mut c, false, u, at);
        }
        c.t
    }
}

/// Adds a unit's factors to its class's plane.
fn add_factors(c: &mut Canvas, own: bool, u: &UnitObs, at: usize) {
    c.add(factor_plane(own, u.class), at, u.factors);
}

/// The planes one hex sets, with their values.
fn hex_planes(side: Side, h: &HexObs) -> [(usize, u8); 19] {
    let own = h.control == Some(side);
    let enemy = h.control == Some(side.other());
    let status = |mine: bool, s: HexStatus| u8::from(mine && h.supply == Some(s));
    let small = |v: Option<u32>| v.map_or(0, |z| u8::try_from(z).unwrap_or(u8::MAX));
    [
        (planes::LAND, u8::from(h.land)),
        (planes::OWN_CONTROL, u8::from(own)),
        (planes::ENEMY_CONTROL, u8::from(enemy)),
        (planes::OWN_HEX_FULL, status(own, HexStatus::Full)),
        (planes::OWN_HEX_PARTIAL, status(own, HexStatus::Partial)),
        (planes::OWN_HEX_UNSUPPLIED, status(own, HexStatus::Unsupplied)),
        (planes::VISIBLE, u8::from(h.visible)),
        (planes::CITY, u8::from(h.city)),
        (planes::TERRAIN, h.map.terrain),
        (planes::MOVE_COST, h.map.move_cost),
        (planes::DEFENCE_SHIFT, h.map.defence_shift),
        (planes::RIVER_SIDES, h.map.river_sides),
        (planes::SEA_SIDES, h.map.sea_sides),
        (planes::OBJECTIVE_POINTS, small(Some(h.map.objective))),
        (planes::ENEMY_HEX_FULL, status(enemy, HexStatus::Full)),
        (planes::ENEMY_HEX_PARTIAL, status(enemy, HexStatus::Partial)),
        (planes::ENEMY_HEX_UNSUPPLIED, status(enemy, HexStatus::Unsupplied)),
        (planes::OWN_ZONE, small(h.own_zone)),
        (planes::ENEMY_ZONE, small(h.enemy_zone)),
    ]
}
