//! Compiles a [`RulesetFile`] into a [`Ruleset`], resolving names.

use crate::diag::{Problems, loc};
use crate::locate::Seg;
use crate::schema::*;
use qm_collect::collect_map::ConvoyRules;
use qm_collect::middle_east::MiddleEastRules;
use qm_core::condition::Condition;
use qm_core::extension::Extensions;
use qm_core::ids::{FactionId, NationId, SourceClassId, TerrainId};
use qm_core::nation::NationDef;
use qm_core::ruleset::*;
use std::collections::{BTreeMap, BTreeSet};

/// The faction of a nation that inherits one and has no patron.
pub const UNALIGNED: &str = "unaligned";

/// Largest unit cost in BRPs.
pub const MAX_COST: u32 = 1000;
/// Largest movement factor.
pub const MAX_MOVEMENT: u32 = 50;
/// Largest oil cost of a unit type, in tenths: one oil point, the most a
/// point covers (ruling 13; OIL-003's largest cost is 0.6), so that every
/// unit fits some point.
pub const MAX_OIL: u32 = 10;

/// Names a condition may refer to.
pub(crate) struct Names<'a> {
    pub nations: &'a BTreeMap<String, NationId>,
    pub factions: &'a BTreeMap<String, FactionId>,
}

impl Names<'_> {
    fn nation(&self, key: &str, at: Vec<Seg>, p: &mut Problems) -> NationId {
        self.nations.get(key).copied().unwrap_or_else(|| {
            p.at(at, format!("unknown nation `{key}`"));
            NationId(0)
        })
    }

    fn faction(&self, key: &str, at: Vec<Seg>, p: &mut Problems) -> FactionId {
        self.factions.get(key).copied().unwrap_or_else(|| {
            p.at(at, format!("unknown faction `{key}`"));
            FactionId(0)
        })
    }

    /// Resolves a list of nations written at `at`, reporting each at `at[k]`.
    fn nation_list(&self, ns: &[String], at: Vec<Seg>, p: &mut Problems) -> Vec<NationId> {
        ns.iter()
            .enumerate()
            .map(|(k, n)| {
                let mut a = at.clone();
                a.push(Seg::Index(k));
                self.nation(n, a, p)
            })
            .collect()
    }

    /// Resolves a condition written with names.
    pub fn condition(&self, c: &CondFile, at: Vec<Seg>, p: &mut Problems) -> Condition {
        let sub = |extra: &[Seg]| -> Vec<Seg> { at.iter().cloned().chain(extra.iter().cloned()).collect() };
        match c {
            CondFile::Always => Condition::Always,
            CondFile::Flag(s) => Condition::Flag(s.clone()),
            CondFile::Surrendered(n) => Condition::Surrendered(self.nation(n, sub(&[Seg::Index(0)]), p)),
            CondFile::EverSurrendered(n) => Condition::EverSurrendered(self.nation(n, sub(&[Seg::Index(0)]), p)),
            CondFile::AtWar(n) => Condition::AtWar(self.nation(n, sub(&[Seg::Index(0)]), p)),
            CondFile::OwnerSurrendered => Condition::OwnerSurrendered,
            CondFile::OwnerEverSurrendered => Condition::OwnerEverSurrendered,
            CondFile::ControlledByOwner => Condition::ControlledByOwner,
            CondFile::ControlledByOwnerSide => Condition::ControlledByOwnerSide,
            CondFile::ControlledBy(n) => Condition::ControlledBy(self.nation(n, sub(&[Seg::Index(0)]), p)),
            CondFile::ControlledBySide(s) => Condition::ControlledBySide(*s),
            CondFile::ControllerFaction(f) => Condition::ControllerFaction(self.faction(f, sub(&[Seg::Index(0)]), p)),
            CondFile::Associated { minor, major } => Condition::Associated {
                minor: self.nation(minor, sub(&[Seg::Field("minor".into())]), p),
                major: self.nation(major, sub(&[Seg::Field("major".into())]), p),
            },
            CondFile::Undamaged => Condition::Undamaged,
            CondFile::Not(c) => Condition::Not(Box::new(self.condition(c, sub(&[Seg::Index(0)]), p))),
            CondFile::All(cs) => Condition::All(
                cs.iter()
                    .enumerate()
                    .map(|(k, c)| self.condition(c, sub(&[Seg::Index(0), Seg::Index(k)]), p))
                    .collect(),
            ),
            CondFile::Any(cs) => Condition::Any(
                cs.iter()
                    .enumerate()
                    .map(|(k, c)| self.condition(c, sub(&[Seg::Index(0), Seg::Index(k)]), p))
                    .collect(),
            ),
        }
    }
}

/// Index of unique keys, reporting duplicates at `list[i].key`.
fn unique_keys<'a>(
    list: &str,
    keys: impl Iterator<Item = &'a str>,
    what: &str,
    p: &mut Problems,
) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for (i, k) in keys.enumerate() {
        if k.is_empty() {
            p.at(loc![list, i, "key"], format!("empty {what} key"));
        } else if out.insert(k.to_string(), i).is_some() {
            p.at(loc![list, i, "key"], format!("duplicate {what} `{k}`"));
        }
    }
    out
}

/// The region, front and place keys a ruleset declares: every name its
/// rules use is one of them, and a map's regions and fronts are too.
pub(crate) struct Declared {
    pub regions: Vec<String>,
    pub fronts: Vec<String>,
    pub places: Vec<String>,
}

/// A key as files write names: lowercase letters, digits and `-`.
pub(crate) fn is_key(k: &str) -> bool {
    !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// A declared list, sorted, reporting malformed and duplicate keys at
/// `list[i]`.
fn declared_list(list: &str, keys: &[String], what: &str, p: &mut Problems) -> Vec<String> {
    let mut seen = BTreeSet::new();
    for (i, k) in keys.iter().enumerate() {
        if !is_key(k) {
            p.at(loc![list, i], format!("{what} key `{k}` must be lowercase letters, digits and `-`"));
        } else if !seen.insert(k.clone()) {
            p.at(loc![list, i], format!("duplicate {what} `{k}`"));
        }
    }
    seen.into_iter().collect()
}

impl Declared {
    fn from_file(file: &RulesetFile, p: &mut Problems) -> Self {
        Self {
            regions: declared_list("regions", &file.regions, "region", p),
            fronts: declared_list("fronts", &file.fronts, "front", p),
            places: declared_list("places", &file.places, "place", p),
        }
    }

    fn check(list: &[String], field: &str, what: &str, key: &str, at: Vec<Seg>, p: &mut Problems) {
        if list.binary_search_by(|k| k.as_str().cmp(key)).is_err() {
            p.at(at, format!("unknown {what} `{key}`: the ruleset's `{field}` does not declare it"));
        }
    }

    /// Reports a region the ruleset does not declare.
    pub fn region(&self, key: &str, at: Vec<Seg>, p: &mut Problems) {
        Self::check(&self.regions, "regions", "region", key, at, p);
    }

    /// Reports a front the ruleset does not declare.
    pub fn front(&self, key: &str, at: Vec<Seg>, p: &mut Problems) {
        Self::check(&self.fronts, "fronts", "front", key, at, p);
    }

    /// Reports a place the ruleset does not declare.
    pub fn place(&self, key: &str, at: Vec<Seg>, p: &mut Problems) {
        Self::check(&self.places, "places", "place", key, at, p);
    }

    /// Checks every region, front and place name the rules use (SUP-022,
    /// SUP-031, SUP-062, SUP-063, SUP-081, SUP-182).
    fn check_rules(&self, file: &RulesetFile, p: &mut Problems) {
        for (i, l) in file.terrain_limits.iter().enumerate() {
            if let Some(r) = &l.region {
                self.region(r, loc!["terrain_limits", i, "region"], p);
            }
            for (j, e) in l.except.iter().enumerate() {
                self.place(&e.place, loc!["terrain_limits", i, "except", j, "place"], p);
            }
        }
        for (i, r) in file.land_routes.iter().enumerate() {
            self.region(&r.into_region, loc!["land_routes", i, "into_region"], p);
            for (j, (a, b)) in r.via.iter().enumerate() {
                self.place(a, loc!["land_routes", i, "via", j, 0], p);
                self.place(b, loc!["land_routes", i, "via", j, 1], p);
            }
            for (j, f) in r.from.iter().enumerate() {
                self.place(f, loc!["land_routes", i, "from", j], p);
            }
        }
        for (i, (r, _)) in file.supplied_regions.iter().enumerate() {
            self.region(r, loc!["supplied_regions", i, 0], p);
        }
        for (i, e) in file.isolation_exceptions.iter().enumerate() {
            if let IsolationExceptionFile::Homeland(_, r) = e {
                self.region(r, loc!["isolation_exceptions", i, 1], p);
            }
        }
        for (i, l) in file.origin_limits.iter().enumerate() {
            for (j, f) in l.from.iter().enumerate() {
                self.place(f, loc!["origin_limits", i, "from", j], p);
            }
            for (field, list) in [("within", &l.within), ("not_into", &l.not_into)] {
                for (j, f) in list.iter().enumerate() {
                    self.front(f, loc!["origin_limits", i, field, j], p);
                }
            }
        }
        for (i, r) in file.neutral_boxes.iter().enumerate() {
            for (j, f) in r.fronts.iter().enumerate() {
                self.front(f, loc!["neutral_boxes", i, "fronts", j], p);
            }
        }
    }
}

/// Compiles a ruleset file. Problems are added to `p`.
pub(crate) fn compile_ruleset(file: &RulesetFile, p: &mut Problems) -> Ruleset {
    let declared = Declared::from_file(file, p);
    declared.check_rules(file, p);
    let factions = compile_factions(file, p);
    let terrain = compile_terrain(file, p);
    let mut unit_types = compile_unit_types(file, p);
    let (nation_ids, nations) = compile_nations(file, &factions, p);
    let names = Names { nations: &nation_ids, factions: &factions };
    resolve_mech_loss(file, &mut unit_types, &names, p);
    let (class_ids, source_classes) = compile_source_classes(file, &names, p);
    let cooperation = compile_cooperation(file, &names, p);
    check_terrain_limits(file, &terrain, p);
    let feature_sources = compile_feature_sources(file, &class_ids, p);
    let land_routes = compile_land_routes(file, &names, p);
    let home_supplied =
        file.home_supplied.iter().enumerate().map(|(i, n)| names.nation(n, loc!["home_supplied", i], p)).collect();
    let isolation_exceptions = compile_isolation_exceptions(file, &names, p);
    let neutral_boxes = compile_neutral_boxes(file, &names, p);
    check_origin_limits(file, p);
    check_sea(file, p);

    Ruleset {
        name: file.name.clone(),
        families: file.families.clone(),
        // In this order, where the fields of these names used to be: the
        // fingerprint hashes the ruleset's JSON (`qm_core::extension`).
        extensions: Extensions::default()
            .with(ConvoyRules::NAME, file.convoy)
            .with(MiddleEastRules::NAME, file.middle_east.clone()),
        home_supplied,
        isolation_exceptions,
        sea: file.sea.clone(),
        origin_limits: file.origin_limits.clone(),
        neutral_boxes,
        land_routes,
        supplied_regions: file.supplied_regions.clone(),
        terrain,
        unit_types,
        factions: file.factions.clone(),
        nations,
        source_classes,
        cooperation,
        zoc: file.zoc.clone(),
        terrain_limits: file.terrain_limits.clone(),
        feature_sources,
        regions: declared.regions,
        fronts: declared.fronts,
        places: declared.places,
    }
}

/// Factions by key, in file order, reporting duplicates and too many.
fn compile_factions(file: &RulesetFile, p: &mut Problems) -> BTreeMap<String, FactionId> {
    let mut factions = BTreeMap::new();
    for (i, k) in file.factions.iter().enumerate() {
        if factions.insert(k.clone(), FactionId(i as u8)).is_some() {
            p.at(loc!["factions", i], format!("duplicate faction `{k}`"));
        }
    }
    if file.factions.len() > 64 {
        p.at(loc!["factions"], format!("{} factions; at most 64 are allowed", file.factions.len()));
    }
    factions
}

/// Terrain types, reporting duplicate keys, bad codes and too many types.
fn compile_terrain(file: &RulesetFile, p: &mut Problems) -> Vec<TerrainDef> {
    unique_keys("terrain", file.terrain.iter().map(|t| t.key.as_str()), "terrain", p);
    let mut codes = BTreeSet::new();
    for (i, t) in file.terrain.iter().enumerate() {
        if t.code == '-' || t.code.is_whitespace() {
            p.at(loc!["terrain", i, "code"], format!("terrain `{}` uses the reserved code `{}`", t.key, t.code));
        } else if !codes.insert(t.code) {
            p.at(loc!["terrain", i, "code"], format!("duplicate terrain code `{}` (terrain `{}`)", t.code, t.key));
        }
    }
    if file.terrain.len() > 200 {
        p.at(loc!["terrain"], "more than 200 terrain types");
    }
    file.terrain
        .iter()
        .map(|t| TerrainDef { key: t.key.clone(), code: t.code, land: t.land, jungle: t.jungle, mountain: t.mountain })
        .collect()
}

/// Unit types, values clamped to range; mechanized-component loss comes later.
fn compile_unit_types(file: &RulesetFile, p: &mut Problems) -> Vec<UnitTypeDef> {
    unique_keys("unit_types", file.unit_types.iter().map(|t| t.key.as_str()), "unit type", p);
    let mut unit_types = Vec::new();
    for (i, t) in file.unit_types.iter().enumerate() {
        check_unit_type(i, t, p);
        unit_types.push(UnitTypeDef {
            key: t.key.clone(),
            name: t.name.clone(),
            domain: t.domain,
            armor: t.armor,
            mechanized: t.mechanized || t.armor,
            airborne: t.airborne,
            partisan: t.partisan,
            chindit: t.chindit,
            hq: t.hq,
            zoc: t.zoc,
            cost: t.cost.min(MAX_COST) as u16,
            movement: [t.movement.0.min(MAX_MOVEMENT) as u8, t.movement.1.min(MAX_MOVEMENT) as u8],
            mech_loss: None,
            destroyer: t.destroyer,
            transport: t.transport,
            submarine: t.submarine,
            installation: t.installation || t.bridgehead,
            bridgehead: t.bridgehead,
            air_base: t.air_base,
            factors: t.factors.unwrap_or(1).min(99) as u8,
            oil: t.oil.min(MAX_OIL) as u8,
        });
    }
    unit_types
}

/// Reports an out-of-range cost, movement, oil cost or factors of unit type `i`.
fn check_unit_type(i: usize, t: &UnitTypeFile, p: &mut Problems) {
    if t.cost > MAX_COST {
        p.at(
            loc!["unit_types", i, "cost"],
            format!("cost {} of unit type `{}` is out of range 0..={MAX_COST}", t.cost, t.key),
        );
    }
    for (k, m) in [t.movement.0, t.movement.1].into_iter().enumerate() {
        if m > MAX_MOVEMENT {
            p.at(
                loc!["unit_types", i, "movement", k],
                format!("movement {m} of unit type `{}` is out of range 0..={MAX_MOVEMENT}", t.key),
            );
        }
    }
    if t.oil > MAX_OIL {
        p.at(
            loc!["unit_types", i, "oil"],
            format!(
                "oil cost {} of unit type `{}` is out of range 0..={MAX_OIL} tenths (one oil point covers at most 1.0 of units, ruling 13)",
                t.oil, t.key
            ),
        );
    }
    if t.factors.is_some_and(|f| f > 99) {
        p.at(loc!["unit_types", i, "factors"], format!("factors of unit type `{}` are out of range 0..=99", t.key));
    }
}

/// Nations, sorted by key, with their ids by key.
fn compile_nations(
    file: &RulesetFile,
    factions: &BTreeMap<String, FactionId>,
    p: &mut Problems,
) -> (BTreeMap<String, NationId>, Vec<NationDef>) {
    let by_key = unique_keys("nations", file.nations.iter().map(|n| n.key.as_str()), "nation", p);
    let nation_ids: BTreeMap<String, NationId> =
        by_key.keys().enumerate().map(|(i, k)| (k.clone(), NationId(i as u16))).collect();
    let mut nations = Vec::new();
    for (key, &fi) in &by_key {
        let n = &file.nations[fi];
        let inherits_faction = n.faction.is_none() && n.kind != qm_core::nation::NationKind::Major;
        let faction = nation_faction(key, fi, n, factions, p);
        nations.push(NationDef {
            key: key.clone(),
            name: n.name.clone(),
            kind: n.kind,
            faction,
            inherits_faction,
            side: n.side,
            neutral_partial: n.neutral_partial,
        });
    }
    if nations.len() > u16::MAX as usize {
        p.at(loc!["nations"], "too many nations");
    }
    (nation_ids, nations)
}

/// The faction of nation `key` (`nations[fi]`), reported if it has none or an unknown one.
fn nation_faction(
    key: &str,
    fi: usize,
    n: &NationFile,
    factions: &BTreeMap<String, FactionId>,
    p: &mut Problems,
) -> FactionId {
    let fkey = n.faction.as_deref().unwrap_or(UNALIGNED);
    factions.get(fkey).copied().unwrap_or_else(|| {
        let msg = match &n.faction {
            Some(f) => format!("unknown faction `{f}` of nation `{key}`"),
            None if n.kind == qm_core::nation::NationKind::Major => {
                format!("major power `{key}` needs a `faction`")
            }
            None => {
                format!("nation `{key}` has no faction and the ruleset no `{UNALIGNED}` faction to fall back on")
            }
        };
        p.at(loc!["nations", fi, "key"], msg);
        FactionId(0)
    })
}

/// Mechanized-component loss (SUP-150), now that nations are known.
fn resolve_mech_loss(file: &RulesetFile, unit_types: &mut [UnitTypeDef], names: &Names<'_>, p: &mut Problems) {
    for (i, t) in file.unit_types.iter().enumerate() {
        unit_types[i].mech_loss = match &t.mech_loss {
            Some(m) => Some(MechLoss {
                theaters: m.theaters.clone(),
                nations: m
                    .nations
                    .iter()
                    .enumerate()
                    .map(|(k, n)| names.nation(n, loc!["unit_types", i, "mech_loss", "nations", k], p))
                    .collect(),
            }),
            None if t.armor => Some(MechLoss { theaters: Vec::new(), nations: Vec::new() }),
            None => None,
        };
    }
}

/// Source classes, with their indices by key.
fn compile_source_classes(
    file: &RulesetFile,
    names: &Names<'_>,
    p: &mut Problems,
) -> (BTreeMap<String, usize>, Vec<SourceClassDef>) {
    let class_ids =
        unique_keys("source_classes", file.source_classes.iter().map(|c| c.key.as_str()), "source class", p);
    let mut source_classes = Vec::new();
    for (i, c) in file.source_classes.iter().enumerate() {
        let mut cases = Vec::new();
        for (k, case) in c.cases.iter().enumerate() {
            let when = names.condition(&case.when, loc!["source_classes", i, "cases", k, "when"], p);
            let grants =
                case.grants.iter().enumerate().map(|(g, grant)| compile_grant(i, k, g, grant, names, p)).collect();
            cases.push(SourceCase { when, grants });
        }
        source_classes.push(SourceClassDef {
            key: c.key.clone(),
            rules: c.rules.clone(),
            own_hex_only: c.own_hex_only,
            bridgehead: c.bridgehead,
            cases,
        });
    }
    (class_ids, source_classes)
}

/// Grant `g` of case `k` of source class `i`, its recipients resolved.
fn compile_grant(i: usize, k: usize, g: usize, grant: &GrantFile, names: &Names<'_>, p: &mut Problems) -> Grant {
    let at = |j: usize, kk: usize| loc!["source_classes", i, "cases", k, "grants", g, "to", j, kk];
    let to = match &grant.to {
        RecipientsFile::Owner => Recipients::Owner,
        RecipientsFile::Controller => Recipients::Controller,
        RecipientsFile::ControllerSide => Recipients::ControllerSide,
        RecipientsFile::Factions(fs) => {
            Recipients::Factions(fs.iter().enumerate().map(|(j, f)| names.faction(f, at(0, j), p)).collect())
        }
        RecipientsFile::Nations(ns) => {
            Recipients::Nations(ns.iter().enumerate().map(|(j, n)| names.nation(n, at(0, j), p)).collect())
        }
    };
    Grant { to, tier: grant.tier }
}

/// Cooperation entries, names resolved.
fn compile_cooperation(file: &RulesetFile, names: &Names<'_>, p: &mut Problems) -> Vec<Cooperation> {
    file.cooperation
        .iter()
        .enumerate()
        .map(|(i, c)| Cooperation {
            source: names.faction(&c.source, loc!["cooperation", i, "source"], p),
            unit: names.faction(&c.unit, loc!["cooperation", i, "unit"], p),
            max: c.max,
            when: names.condition(&c.when, loc!["cooperation", i, "when"], p),
        })
        .collect()
}

/// Reports terrain limits on unknown terrain.
fn check_terrain_limits(file: &RulesetFile, terrain: &[TerrainDef], p: &mut Problems) {
    for (i, l) in file.terrain_limits.iter().enumerate() {
        if !terrain.iter().any(|t| t.key == l.terrain) {
            p.at(loc!["terrain_limits", i, "terrain"], format!("unknown terrain `{}`", l.terrain));
        }
    }
}

/// Feature-implied sources, reporting unknown source classes.
fn compile_feature_sources(
    file: &RulesetFile,
    class_ids: &BTreeMap<String, usize>,
    p: &mut Problems,
) -> Vec<(qm_core::map::Feature, SourceClassId)> {
    file.feature_sources
        .iter()
        .enumerate()
        .filter_map(|(i, (feat, class))| match class_ids.get(class) {
            Some(&c) => Some((*feat, SourceClassId(c as u16))),
            None => {
                p.at(loc!["feature_sources", i, 1], format!("unknown source class `{class}`"));
                None
            }
        })
        .collect()
}

/// Restricted land routes, names resolved, reporting too many.
fn compile_land_routes(file: &RulesetFile, names: &Names<'_>, p: &mut Problems) -> Vec<LandRoute> {
    let land_routes = file
        .land_routes
        .iter()
        .enumerate()
        .map(|(i, r)| LandRoute {
            rules: r.rules.clone(),
            faction: names.faction(&r.faction, loc!["land_routes", i, "faction"], p),
            into_region: r.into_region.clone(),
            via: r.via.clone(),
            from: r.from.clone(),
            when: names.condition(&r.when, loc!["land_routes", i, "when"], p),
        })
        .collect();
    if file.land_routes.len() > 3 {
        p.at(loc!["land_routes"], "at most 3 restricted land routes are supported");
    }
    land_routes
}

/// Isolation exceptions, nation names resolved.
fn compile_isolation_exceptions(file: &RulesetFile, names: &Names<'_>, p: &mut Problems) -> Vec<IsolationException> {
    file.isolation_exceptions
        .iter()
        .enumerate()
        .map(|(i, e)| match e {
            IsolationExceptionFile::Fortified => IsolationException::Fortified,
            IsolationExceptionFile::PortOrIsland(t) => IsolationException::PortOrIsland(*t),
            IsolationExceptionFile::Jungle(ns) => {
                IsolationException::Jungle(names.nation_list(ns, loc!["isolation_exceptions", i, 0], p))
            }
            IsolationExceptionFile::Homeland(ns, r) => {
                IsolationException::Homeland(names.nation_list(ns, loc!["isolation_exceptions", i, 0], p), r.clone())
            }
        })
        .collect()
}

/// SUP-022: sea lines from boxes of nations not at war.
fn compile_neutral_boxes(file: &RulesetFile, names: &Names<'_>, p: &mut Problems) -> Vec<NeutralBoxRule> {
    file.neutral_boxes
        .iter()
        .enumerate()
        .map(|(i, r)| NeutralBoxRule {
            rules: r.rules.clone(),
            owner: names.nation(&r.owner, loc!["neutral_boxes", i, "owner"], p),
            protectors: names.nation_list(&r.protectors, loc!["neutral_boxes", i, "protectors"], p),
            fronts: r.fronts.clone(),
        })
        .collect()
}

/// Reports origin limits without origins or fronts, and too many of them.
fn check_origin_limits(file: &RulesetFile, p: &mut Problems) {
    for (i, l) in file.origin_limits.iter().enumerate() {
        if l.from.is_empty() || (l.within.is_empty() && l.not_into.is_empty()) {
            p.at(loc!["origin_limits", i], "an origin limit names its origins and the fronts it keeps to or out of");
        }
    }
    if file.origin_limits.len() > 8 {
        p.at(loc!["origin_limits"], "at most 8 origin limits are supported");
    }
}

/// Reports sea parameters out of range.
fn check_sea(file: &RulesetFile, p: &mut Problems) {
    if file.sea.range == 0 || file.sea.range > 200 || file.sea.reach > 200 || !(2..=100).contains(&file.sea.die) {
        p.at(loc!["sea"], "sea parameters out of range: range 1..=200, reach 0..=200, die 2..=100");
    }
}

/// The declarations of a compiled ruleset, to check a map's names against.
pub(crate) fn declared(r: &Ruleset) -> Declared {
    Declared { regions: r.regions.clone(), fronts: r.fronts.clone(), places: r.places.clone() }
}

/// The terrain with this code.
pub(crate) fn terrain_by_code(r: &Ruleset, code: char) -> Option<TerrainId> {
    r.terrain.iter().position(|t| t.code == code).map(|i| TerrainId(i as u8))
}
