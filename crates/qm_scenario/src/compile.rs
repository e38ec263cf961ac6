//! Compiles a [`ScenarioFile`] against its [`Ruleset`] into the static
//! [`ScenarioSpec`] and the initial [`GameState`].
//!
//! The map is a hex map ([`crate::hexmap`]) or a territory map
//! ([`crate::territory`]); both compile to the same [`MapGraph`]. The
//! ruleset's names are then resolved against it ([`crate::map_rules`]).

use crate::diag::{Problems, loc};
use crate::locate::Seg;
use crate::schema::*;
use qm_collect::collect_map::CollectMap;
use qm_core::components::{Designation, Location, UnitFlagBits, UnitFlags};
use qm_core::extension::Extensions;
use qm_core::ids::*;
use qm_core::map::*;
use qm_core::nation::{NationState, NationStatus};
use qm_core::phase::GameClock;
use qm_core::rng::GameRng;
use qm_core::ruleset::{Domain, Ruleset};
use qm_core::spec::{ScenarioSpec, SourceDef};
use qm_core::state::{GameState, NodeState, STATE_VERSION, UnitState};
use qm_core::supply::UnitSupply;
use qm_supply::map_rules::MapRules;
use std::collections::{BTreeMap, BTreeSet};

pub use crate::hexmap::{MAX_CELLS, MAX_COORD, MAX_IC_BRP};

pub use qm_core::validate::MAX_TURN;

/// A compiled scenario.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// What does not change.
    pub spec: ScenarioSpec,
    /// The state at the start (random stream seeded with 0; the loader seeds
    /// it). Its clock is at the first phase until the game resolves
    /// [`Compiled::start_phase`].
    pub state: GameState,
    /// The phase the scenario starts at, by name, where a file gives one:
    /// resolved by the game against its rules' phase order.
    pub start_phase: Option<NameAt>,
    /// The ruleset's rule families, where the file names them.
    pub families: Vec<NameAt>,
    /// The families' sections of the initial state, where the file writes
    /// them: a section its family refuses is reported there.
    pub sections: Vec<NameAt>,
}

/// A name the game resolves after compilation (a rule family, a phase), with
/// where it stands in its file, so that a name that resolves to nothing is
/// still reported at `file:line:col`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameAt {
    /// The name.
    pub name: String,
    /// Its file and position (the message is empty).
    pub at: crate::diag::Diagnostic,
}

impl NameAt {
    /// A load error at this name.
    #[must_use]
    pub fn error(&self, message: impl Into<String>) -> crate::LoadError {
        crate::LoadError::single(crate::diag::Diagnostic { message: message.into(), ..self.at.clone() })
    }
}

/// What every step of a compilation reads and reports into.
pub(crate) struct Ctx<'a> {
    pub rules: &'a Ruleset,
    pub nation_ids: BTreeMap<String, NationId>,
    pub faction_ids: BTreeMap<String, FactionId>,
    pub p: Problems,
}

impl Ctx<'_> {
    /// The nation with this key, or a problem at `at`.
    pub fn nation(&mut self, key: &str, at: Vec<Seg>, what: impl FnOnce() -> String) -> Option<NationId> {
        let n = self.rules.nation_by_key(key);
        if n.is_none() {
            let hint = crate::suggest::hint(key, self.rules.nations.iter().map(|n| n.key.as_str()));
            self.p.at(at, format!("unknown nation `{key}`{}{hint}", what()));
        }
        n
    }
}

/// Compiles a scenario. Returns `None` if there were problems, which are in
/// `problems`.
pub(crate) fn compile(
    file: &ScenarioFile,
    rules: Ruleset,
    path_str: Option<String>,
    problems: &mut Problems,
) -> Option<Compiled> {
    let mut cx = Ctx {
        nation_ids: rules.nations.iter().enumerate().map(|(i, n)| (n.key.clone(), NationId(i as u16))).collect(),
        faction_ids: rules.factions.iter().enumerate().map(|(i, f)| (f.clone(), FactionId(i as u8))).collect(),
        rules: &rules,
        p: Problems::default(),
    };
    let clock = compile_clock(file, &mut cx);
    let nations = compile_nations(file, &mut cx);
    let (map, node_states) = compile_board(file, &mut cx);
    let sources = compile_sources(file, &map, &node_states, &mut cx);
    let units = compile_units(file, &map, &mut cx);
    check_transports(file, &mut cx);
    let sections = compile_sections(file, &mut cx);
    let ports: Vec<NodeId> = map.board_nodes().filter(|&n| map.nodes[n].features.contains(Features::PORT)).collect();
    let designations: Vec<Designation> = sources.iter().map(|(_, d)| *d).collect();
    let sources: Vec<SourceDef> = sources.into_iter().map(|(s, _)| s).collect();
    let map_rules = crate::map_rules::resolve(&rules, &map, &sources);
    let collect = crate::collect_map::compile_collect_map(&file.territories, &map, &node_states, &mut cx);

    let Ctx { p, .. } = cx;
    if !p.is_empty() {
        problems.absorb(p);
        return None;
    }
    let state = GameState {
        version: STATE_VERSION,
        clock,
        rng: GameRng::seeded(0),
        flags: file.flags.iter().cloned().collect::<BTreeSet<_>>(),
        nations,
        nodes: node_states,
        sources: designations,
        units,
        sections,
    };
    let fingerprint = qm_core::fingerprint::Fingerprint::of(file, &rules);
    let spec = ScenarioSpec {
        fingerprint,
        title: file.title.clone(),
        path: path_str,
        ruleset: rules,
        map,
        sources,
        ports,
        rules: std::sync::Arc::default(),
        transports: file.transports.clone(),
        extensions: Extensions::default().with(MapRules::NAME, map_rules).with(CollectMap::NAME, collect),
    };
    let names = |v: &[String]| v.iter().map(|n| NameAt { name: n.clone(), at: nowhere() }).collect();
    let families = names(&spec.ruleset.families);
    let start_phase = file.phase.as_ref().map(|n| NameAt { name: n.clone(), at: nowhere() });
    Some(Compiled { spec, state, start_phase, families, sections: Vec::new() })
}

/// The clock at the start, at the first phase: the game resolves the
/// starting phase by name ([`Compiled::start_phase`]) against the phase order
/// of its rules.
fn compile_clock(file: &ScenarioFile, cx: &mut Ctx<'_>) -> GameClock {
    if !(1..=MAX_TURN).contains(&file.turn) {
        cx.p.at(loc!["turn"], format!("turn {} is out of range 1..={MAX_TURN}", file.turn));
    }
    GameClock { turn: file.turn, side: file.side, phase: 0, first: file.first }
}

/// At most 99 transports of a pool a player turn (ruling 8).
fn check_transports(file: &ScenarioFile, cx: &mut Ctx<'_>) {
    for (i, t) in file.transports.iter().enumerate() {
        if t.2 > 99 {
            cx.p.at(loc!["transports", i, 2], format!("{} `{}` transports is out of range 0..=99", t.2, t.1));
        }
    }
}

/// The board: a hex map or a territory map, exactly one of them.
fn compile_board(file: &ScenarioFile, cx: &mut Ctx<'_>) -> (MapGraph, NodeVec<NodeState>) {
    match (&file.map, file.territories.is_empty()) {
        (Some(m), true) => crate::hexmap::compile_hex_map(m, cx),
        (None, false) => crate::territory::compile_territory_map(&file.territories, cx),
        (Some(_), false) => {
            cx.p.at(loc!["territories"], "a scenario has a hex `map` or `territories`, not both");
            (MapGraph::default(), NodeVec::new())
        }
        (None, true) => {
            cx.p.at(Vec::new(), "a scenario needs a hex `map` or a list of `territories`");
            (MapGraph::default(), NodeVec::new())
        }
    }
}

fn compile_nations(file: &ScenarioFile, cx: &mut Ctx<'_>) -> Vec<NationState> {
    let mut states: Vec<NationState> = cx
        .rules
        .nations
        .iter()
        .map(|n| NationState { side: n.side, status: NationStatus::Active, patron: None, ever_surrendered: false })
        .collect();
    let mut seen = BTreeSet::new();
    for (i, n) in file.nations.iter().enumerate() {
        let Some(id) = cx.nation(&n.nation, loc!["nations", i, "nation"], String::new) else { continue };
        if !seen.insert(id) {
            cx.p.at(loc!["nations", i, "nation"], format!("duplicate nation `{}`", n.nation));
            continue;
        }
        let patron = n
            .patron
            .as_ref()
            .and_then(|pk| cx.nation(pk, loc!["nations", i, "patron"], || format!(" (patron of `{}`)", n.nation)));
        let st = &mut states[id.index()];
        if n.side.is_some() {
            st.side = n.side;
        }
        st.status = n.status;
        st.patron = patron;
        st.ever_surrendered = n.ever_surrendered || n.status == NationStatus::Surrendered;
    }
    states
}

/// A sorted `(key, node)` index.
pub(crate) type KeyIndex = Vec<(String, NodeId)>;

/// The sorted `(label, node)` and `(name, node)` indexes of a map.
pub(crate) fn index_names(nodes: &NodeSlice<NodeInfo>, names: BTreeMap<String, NodeId>) -> (KeyIndex, KeyIndex) {
    let mut by_label: KeyIndex = nodes.iter_enumerated().map(|(i, n)| (n.label.clone(), i)).collect();
    by_label.sort();
    (by_label, names.into_iter().collect())
}

/// The nodes that can take a sea line: ports, one-hex islands and beaches
/// that take sea supply (SUP-073..077), sorted.
pub(crate) fn landings(nodes: &NodeSlice<NodeInfo>) -> Vec<NodeId> {
    nodes
        .iter_enumerated()
        .filter(|(_, i)| i.features.intersects(Features::PORT | Features::ISLAND | Features::BEACH_PORT))
        .map(|(n, _)| n)
        .collect()
}

/// Looks a key up as a hex label, territory or box key, or place name.
fn lookup(map: &MapGraph, key: &str) -> Option<NodeId> {
    map.find(key)
}

fn compile_sources(
    file: &ScenarioFile,
    map: &MapGraph,
    nodes: &NodeSlice<NodeState>,
    cx: &mut Ctx<'_>,
) -> Vec<(SourceDef, Designation)> {
    let mut out: BTreeMap<(NodeId, SourceClassId), (SourceDef, Designation)> = BTreeMap::new();
    let class_id =
        |key: &str| cx.rules.source_classes.iter().position(|c| c.key == key).map(|i| SourceClassId(i as u16));
    for (i, s) in file.sources.iter().enumerate() {
        let node = lookup(map, &s.at);
        let class = class_id(&s.class);
        let (Some(node), Some(class)) = (node, class) else {
            if node.is_none() {
                let hint = crate::suggest::place_hint(map, &s.at);
                cx.p.at(
                    loc!["sources", i, "at"],
                    format!("unknown hex, place or box `{}` for a supply source{hint}", s.at),
                );
            }
            if class.is_none() {
                let hint = crate::suggest::hint(&s.class, cx.rules.source_classes.iter().map(|c| c.key.as_str()));
                cx.p.at(loc!["sources", i, "class"], format!("unknown source class `{}` at `{}`{hint}", s.class, s.at));
            }
            continue;
        };
        let owner = match &s.owner {
            Some(o) => cx.nation(o, loc!["sources", i, "owner"], || format!(" owning the source at `{}`", s.at)),
            None => {
                let o = nodes.get(node).and_then(|st| st.control.original.or(st.control.current));
                if o.is_none() {
                    cx.p.at(
                        loc!["sources", i, "at"],
                        format!("the source at `{}` needs an `owner`: the hex has no original controller", s.at),
                    );
                }
                o
            }
        };
        let Some(owner) = owner else { continue };
        if let Some(t) = s.designated_turn
            && t > MAX_TURN
        {
            cx.p.at(loc!["sources", i, "designated_turn"], format!("turn {t} is out of range 1..={MAX_TURN}"));
        }
        let key = format!("{}:{}", map.label(node), s.class);
        let d = Designation { designated: s.designated, since: s.designated_turn };
        if out.insert((node, class), (SourceDef { node, class, owner, key: key.clone() }, d)).is_some() {
            cx.p.at(loc!["sources", i], format!("duplicate supply source `{key}`"));
        }
    }
    // Sources implied by features (SUP-045: every IC; SUP-018: synthetic oil).
    for (n, info) in map.nodes.iter_enumerated() {
        for &(feat, class) in &cx.rules.feature_sources {
            if !info.features.contains(feat.flag()) || out.contains_key(&(n, class)) {
                continue;
            }
            let Some(owner) = nodes.get(n).and_then(|st| st.control.original.or(st.control.current)) else {
                continue;
            };
            let key = format!("{}:{}", info.label, cx.rules.source_classes[class.index()].key);
            out.insert((n, class), (SourceDef { node: n, class, owner, key }, Designation::default()));
        }
    }
    out.into_values().collect()
}

fn compile_units(file: &ScenarioFile, map: &MapGraph, cx: &mut Ctx<'_>) -> Vec<UnitState> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut units = Vec::new();
    let max = crate::limits::current().units;
    if file.units.len() as u64 > max {
        let n = file.units.len();
        cx.p.at(loc!["units"], format!("{n} units, over the limit of {max} (raise it with --max-units)"));
        return units;
    }
    for (i, u) in file.units.iter().enumerate() {
        if u.id.is_empty() {
            cx.p.at(loc!["units", i, "id"], "empty unit id");
            continue;
        }
        if let Some(first) = seen.insert(&u.id, i) {
            cx.p.at(loc!["units", i, "id"], format!("duplicate unit id `{}` (first used by unit {})", u.id, first + 1));
            continue;
        }
        let nation = cx.nation(&u.nation, loc!["units", i, "nation"], || format!(" in unit `{}`", u.id));
        let kind = cx.rules.unit_types.iter().position(|t| t.key == u.kind).map(|k| UnitTypeId(k as u16));
        if kind.is_none() {
            let types: Vec<(&str, &str)> =
                cx.rules.unit_types.iter().map(|t| (t.key.as_str(), t.name.as_str())).collect();
            let hint = crate::suggest::type_hint(&u.kind, &types);
            cx.p.at(loc!["units", i, "kind"], format!("unknown unit type `{}` in unit `{}`{hint}", u.kind, u.id));
        }
        let node = lookup(map, &u.at);
        if node.is_none() {
            let hint = crate::suggest::place_hint(map, &u.at);
            let what = if map.hex.is_none() && map.board_count > 0 { "territory or sea zone" } else { "hex" };
            cx.p.at(loc!["units", i, "at"], format!("unknown {what} `{}` in unit `{}`{hint}", u.at, u.id));
        }
        let supply_as = u.supply_as.as_ref().and_then(|s| {
            cx.nation(s, loc!["units", i, "supply_as"], || format!(" in `supply_as` of unit `{}`", u.id))
        });
        if let Some(t) = u.exploited
            && t > MAX_TURN
        {
            cx.p.at(loc!["units", i, "exploited"], format!("turn {t} is out of range 1..={MAX_TURN}"));
        }
        let (Some(nation), Some(kind), Some(node)) = (nation, kind, node) else { continue };
        let def = &cx.rules.unit_types[kind.index()];
        let info = &map.nodes[node];
        match (def.domain, info.surface) {
            (_, Surface::Box) => {}
            (Domain::Naval, Surface::Land) => {
                cx.p.at(loc!["units", i, "at"], format!("naval unit `{}` is on inland hex `{}`", u.id, info.label));
            }
            (Domain::Naval, Surface::Coastal) if !info.features.contains(Features::PORT) => {
                cx.p.at(
                    loc!["units", i, "at"],
                    format!("naval unit `{}` is on hex `{}`, which is not a port", u.id, info.label),
                );
            }
            // A territory map bases ships in sea zones (COL-005, COL-006).
            (Domain::Naval, Surface::Sea) if info.kind == NodeKind::SeaZone => {}
            (Domain::Naval, Surface::Sea) => {
                cx.p.at(
                    loc!["units", i, "at"],
                    format!(
                        "naval unit `{}` is at sea in hex `{}`; naval units are based in ports or boxes",
                        u.id, info.label
                    ),
                );
            }
            (Domain::Ground | Domain::Air, Surface::Sea) => {
                cx.p.at(loc!["units", i, "at"], format!("unit `{}` is on sea hex `{}`", u.id, info.label));
            }
            _ => {}
        }
        let mut bits = UnitFlagBits::empty();
        for fl in &u.flags {
            bits |= match fl {
                UnitFlagFile::Redeployed => UnitFlagBits::REDEPLOYED,
                UnitFlagFile::Inverted => UnitFlagBits::INVERTED,
                UnitFlagFile::NewBridgehead => UnitFlagBits::NEW_BRIDGEHEAD,
            };
        }
        if u.exploited.is_some() {
            bits |= UnitFlagBits::EXPLOITED;
        }
        if u.factors.is_some_and(|f| f > 99) {
            cx.p.at(loc!["units", i, "factors"], format!("factors of unit `{}` are out of range 0..=99", u.id));
        }
        if def.bridgehead && info.surface != Surface::Coastal {
            cx.p.at(loc!["units", i, "at"], format!("bridgehead `{}` is not on a coastal hex", u.id));
        }
        units.push(UnitState {
            id: UnitId::new(u.id.clone()),
            nation,
            kind,
            supply_as,
            factors: u.factors.map_or(def.factors, |f| f.min(99) as u8),
            location: Location { node, turn_start: node },
            flags: UnitFlags { bits, exploited_turn: u.exploited, isolated_turns: 0 },
            supply: UnitSupply {
                status: u.supply.unwrap_or(qm_core::supply::UnitStatus::Full),
                ..UnitSupply::default()
            },
        });
    }
    units.sort_by(|a, b| a.id.cmp(&b.id));
    units
}

/// A position not yet located (generated scenarios have no file).
fn nowhere() -> crate::diag::Diagnostic {
    crate::diag::Diagnostic { file: String::new(), line: 0, col: 0, offset: 0, message: String::new() }
}

/// The families' initial sections as plain data (see
/// [`ScenarioFile::sections`]).
fn compile_sections(file: &ScenarioFile, cx: &mut Ctx<'_>) -> BTreeMap<String, serde_json::Value> {
    let mut out = BTreeMap::new();
    for (name, value) in &file.sections {
        if let Some((path, why)) = crate::numbers::first_non_finite(value) {
            let mut at = vec![Seg::Field("sections".into()), Seg::Key(name.clone())];
            at.extend(path);
            cx.p.at(at, why);
            continue;
        }
        match serde_json::to_value(value) {
            Ok(v) => {
                out.insert(name.clone(), v);
            }
            Err(e) => cx.p.at(loc!["sections", name.as_str()], format!("section `{name}` is not plain data: {e}")),
        }
    }
    out
}
