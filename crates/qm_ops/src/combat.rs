//! Combat by the scenario's odds-ratio table, with the game's dice.
//!
//! Strengths are summed in tenths: an isolated unit fights at the
//! scenario's `isolated_percent`, a mechanized unit that has lost its
//! mechanized component (SUP-150) attacks at `unmechanized_percent`, a
//! disorganized unit (OIL-003) defends at `disorganized_percent`. The
//! column is the highest whose odds the attack reaches (the lowest if
//! none), shifted towards the defender by the defended hex's terrain, a
//! river every attacker crosses, a city and a fortress, and towards the
//! attacker by one if a defender takes the low-CTL DM (SUP-154). One die
//! roll from the game's stream decides. On a territory map the same table
//! decides attacks across land borders, with the territory's terrain, city
//! and fortress shifts; a unit out of supply (COL-005) fights as an
//! isolated one, and defenders retreat into a territory of their side
//! (`View::territory_retreat`).

use crate::apply::{capture, side_of};
use crate::data::{CombatResult, Crt};
use crate::movement::GROUND;
use crate::roster::Roster;
use crate::section::{CombatRecord, OpsLedger};
use crate::view::{UnitInfo, View};
use bevy_ecs::prelude::*;
use qm_core::components::Location;
use qm_core::ids::{NodeId, NodeSlice, Side, UnitId};
use qm_core::map::Features;
use qm_core::phase::GameClock;
use qm_core::rng::GameRng;
use qm_core::supply::UnitStatus;

/// A unit's strength in tenths after its supply (rule 30's capabilities).
fn tenths(v: &View<'_>, u: &UnitInfo, base: u32, attacking: bool) -> u32 {
    let caps = v.caps(u);
    let mechanized = v.spec.ruleset.unit_type(u.unit.kind).is_some_and(|d| d.mechanized || d.armor);
    let mut pct = 100;
    if caps.status == UnitStatus::Isolated {
        pct = pct * v.ops.rules.isolated_percent / 100;
    }
    if attacking && mechanized && !caps.mechanized {
        pct = pct * v.ops.rules.unmechanized_percent / 100;
    }
    if !attacking && u.disorganized {
        pct = pct * v.ops.rules.disorganized_percent / 100;
    }
    base * 10 * pct / 100
}

/// The column of the odds `attack : defense` (both in tenths).
pub(crate) fn column(crt: &Crt, attack: u32, defense: u32) -> usize {
    let defense = u64::from(defense.max(1));
    crt.odds.iter().rposition(|&(a, d)| u64::from(attack) * u64::from(d) >= defense * u64::from(a)).unwrap_or(0)
}

/// The odds, in tenths, and the column after shifts of a combat.
pub(crate) struct Odds {
    /// Attack strength.
    pub attack: u32,
    /// Defense strength.
    pub defense: u32,
    /// Column after shifts.
    pub column: usize,
}

/// The odds of `attackers` against what defends `target`.
pub(crate) fn odds(v: &View<'_>, crt: &Crt, attackers: &[&UnitInfo], target: NodeId, defenders: &[&UnitInfo]) -> Odds {
    let ops = v.ops;
    let attack: u32 = attackers.iter().map(|u| tenths(v, u, ops.strength_of(u.unit.kind).attack, true)).sum();
    let defense: u32 = defenders.iter().map(|u| tenths(v, u, ops.strength_of(u.unit.kind).defense, false)).sum();
    let info = v.spec.map.node(target);
    let mut shift = info.map_or(0, |i| ops.terrain_shift.get(i.terrain.index()).copied().unwrap_or(0));
    if !attackers.is_empty() && attackers.iter().all(|u| ops.river(u.node, target)) {
        shift += ops.rules.river_shift;
    }
    if info.is_some_and(|i| i.features.intersects(Features::CITY | Features::CAPITAL)) {
        shift += ops.rules.city_shift;
    }
    if info.is_some_and(|i| i.features.fortified()) {
        shift += ops.rules.fortress_shift;
    }
    let bonus = usize::from(defenders.iter().any(|u| v.caps(u).low_ctl_dm));
    let col = (column(crt, attack, defense) + bonus).saturating_sub(shift as usize).min(crt.odds.len() - 1);
    Odds { attack, defense, column: col }
}

/// The hex a defender retreats to: an adjacent land hex free of enemy
/// units and of the enemy's zone of control, its own side's first, then
/// the lowest node. `None` if there is none or the unit may not move
/// (SUP-174: isolated). On a territory map, see `View::territory_retreat`.
fn retreat_to(v: &View<'_>, u: &UnitInfo, side: Side, zoc: &NodeSlice<bool>) -> Option<NodeId> {
    if !v.spec.map.is_hex_map() {
        return v.territory_retreat(u, side);
    }
    if !v.caps(u).can_move {
        return None;
    }
    let map = &v.spec.map;
    let mut options: Vec<(bool, NodeId)> = map
        .land
        .neighbors(u.node, GROUND)
        .filter(|&n| map.is_hex(n) && map.node(n).is_some_and(|i| i.surface.is_land()))
        .filter(|&n| !v.enemy_at(n, side) && !zoc.get(n).copied().unwrap_or(false))
        .map(|n| (!v.friendly(n, side), n))
        .collect();
    options.sort_unstable();
    options.first().map(|&(_, n)| n)
}

/// The weakest of `units` (by `key`, then id): the one a loss takes.
fn weakest<'a>(units: &[&'a UnitInfo], key: impl Fn(&UnitInfo) -> u32) -> Option<&'a UnitInfo> {
    units.iter().copied().min_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.unit.id.cmp(&b.unit.id)))
}

/// Resolves one combat: `attackers` (of the side to move) against `target`.
pub(crate) fn resolve(world: &mut World, roster: &mut Roster, target: NodeId, attackers: &[UnitId], clock: GameClock) {
    let side = clock.side;
    let Some(data) = world.get_resource::<crate::data::OpsData>().map(|d| d.0.clone()) else { return };
    let Some(crt) = data.rules.combat.as_ref() else { return };
    // One roll per attacked hex, in the order the hexes were first attacked.
    let roll = world.resource_mut::<GameRng>().roll(crt.die);
    let (record, gone, moves, advanced) = {
        let Some(v) = View::new(world) else { return };
        let att: Vec<&UnitInfo> =
            attackers.iter().filter_map(|id| v.units.get(id)).filter(|u| v.attack_adjacent(u.node, target)).collect();
        let def_ids = v.enemy_units_at(target, side);
        let def: Vec<&UnitInfo> = def_ids.iter().filter_map(|id| v.units.get(id)).collect();
        if att.is_empty() || def.is_empty() {
            return;
        }
        let o = odds(&v, crt, &att, target, &def);
        let result = crt.rows[(roll - 1) as usize][o.column];
        let ops = v.ops;
        let mut gone: Vec<UnitId> = Vec::new();
        let mut moves: Vec<(UnitId, NodeId)> = Vec::new();
        let lose = |units: &[&UnitInfo], defending: bool| {
            weakest(units, |u| {
                let s = ops.strength_of(u.unit.kind);
                if defending { s.defense } else { s.attack }
            })
            .map(|u| u.unit.id.clone())
        };
        match result {
            CombatResult::AE => gone.extend(att.iter().map(|u| u.unit.id.clone())),
            CombatResult::AL => gone.extend(lose(&att, false)),
            CombatResult::NE => {}
            CombatResult::EX => gone.extend(lose(&att, false).into_iter().chain(lose(&def, true))),
            CombatResult::DE => gone.extend(def.iter().map(|u| u.unit.id.clone())),
            CombatResult::DR | CombatResult::DL => {
                if result == CombatResult::DL {
                    gone.extend(lose(&def, true));
                }
                let zoc = v.enemy_zoc(side.other());
                let lost = gone.clone();
                for u in def.iter().filter(|u| !lost.contains(&u.unit.id)) {
                    match retreat_to(&v, u, side.other(), zoc) {
                        Some(n) => moves.push((u.unit.id.clone(), n)),
                        None => gone.push(u.unit.id.clone()),
                    }
                }
            }
        }
        // Advance after combat into a hex left empty: the strongest
        // surviving attacker that may advance (SUP-174).
        let vacated = def.iter().all(|u| gone.contains(&u.unit.id) || moves.iter().any(|(m, _)| *m == u.unit.id));
        let advanced = if vacated && result != CombatResult::NE {
            att.iter()
                .filter(|u| !gone.contains(&u.unit.id) && v.caps(u).can_advance)
                .max_by(|a, b| {
                    let (sa, sb) = (ops.strength_of(a.unit.kind).attack, ops.strength_of(b.unit.kind).attack);
                    sa.cmp(&sb).then_with(|| b.unit.id.cmp(&a.unit.id))
                })
                .map(|u| (u.unit.id.clone(), u.unit.nation))
        } else {
            None
        };
        let record = CombatRecord {
            target: v.spec.map.label(target).to_string(),
            attackers: att.iter().map(|u| u.unit.id.clone()).collect(),
            defenders: def_ids.clone(),
            attack: o.attack,
            defense: o.defense,
            column: o.column,
            roll,
            result,
            eliminated: gone.clone(),
            retreated: moves.iter().map(|(u, n)| (u.clone(), v.spec.map.label(*n).to_string())).collect(),
            advanced: advanced.as_ref().map(|(u, _)| u.clone()),
        };
        (record, gone, moves, advanced)
    };
    let mut moves = moves;
    if let Some((u, nation)) = advanced {
        moves.push((u, target));
        capture(world, target, nation, clock);
    }
    for id in &gone {
        if let Some(e) = roster.entity(world, id) {
            let nation = world.get::<qm_core::components::Unit>(e).map(|u| u.nation);
            if let Some(s) = nation.and_then(|n| side_of(world, n)) {
                *world.get_resource_or_init::<OpsLedger>().lost.entry(s).or_default() += 1;
            }
            world.despawn(e);
        }
    }
    for (id, n) in &moves {
        if let Some(e) = roster.entity(world, id)
            && let Some(mut l) = world.get_mut::<Location>(e)
        {
            l.node = *n;
        }
    }
    world.get_resource_or_init::<OpsLedger>().combats.push(record);
}

/// What a planned attack would meet, read without rolling: a policy's or
/// an interface's forecast of combat by the scenario's table, with the
/// same odds, shifts and supply modifiers [`resolve`] applies.
pub struct Forecast<'w>(View<'w>);

impl<'w> Forecast<'w> {
    /// The forecast of the world as it stands; `None` without operations.
    #[must_use]
    pub fn new(world: &'w World) -> Option<Self> {
        View::new(world).map(Self)
    }

    /// The table's result for each die roll (1 first) of an attack by
    /// `attackers` (unit ids, of the side to move) on `target`, and the
    /// column after shifts; `None` without a table, attackers adjacent to
    /// it or enemy ground units in it.
    #[must_use]
    pub fn results(&self, side: Side, attackers: &[&str], target: NodeId) -> Option<(usize, Vec<CombatResult>)> {
        let v = &self.0;
        let crt = v.ops.rules.combat.as_ref()?;
        let att: Vec<&UnitInfo> = attackers
            .iter()
            .filter_map(|id| v.units.get(&UnitId::new(*id)))
            .filter(|u| v.attack_adjacent(u.node, target))
            .collect();
        let def_ids = v.enemy_units_at(target, side);
        let def: Vec<&UnitInfo> = def_ids.iter().filter_map(|id| v.units.get(id)).collect();
        if att.is_empty() || def.is_empty() {
            return None;
        }
        let o = odds(v, crt, &att, target, &def);
        Some((o.column, crt.rows.iter().filter_map(|r| r.get(o.column).copied()).collect()))
    }
}
