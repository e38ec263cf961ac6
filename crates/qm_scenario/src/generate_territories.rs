//! Seeded synthetic territory maps for collection (COL-004..008): a grid of
//! land territories under six warring nations, a wavy front between the
//! blocs, a colony at the far end of each nation's band, conquered
//! territories along the front, small pockets cut off behind it, a coast of
//! sea zones with naval trade, and a few warships and submarines.
//!
//! Like the hex generator beside it, it writes an ordinary
//! [`ScenarioFile`] and compiles it with the loader, on the built-in
//! *War to End All Wars* ruleset.

use crate::compile::Compiled;
use crate::schema::*;
use qm_core::ids::Side;
use qm_core::map::Feature;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// The WTEAW ruleset, built in so that generated maps need no files.
pub const WTEAW_RULESET: &str = include_str!("../../../assets/rulesets/wteaw.ron");

/// The Central Powers (the `Axis` side), by row band west of the front.
const AXIS: [&str; 2] = ["germany", "austria-hungary"];
/// The Entente (the `Allies` side), by row band east of the front.
const ALLIES: [&str; 4] = ["france", "britain", "russia", "italy"];
/// Land territories per sea zone of the coast (columns of the first row).
const COAST_PER_ZONE: u32 = 8;
/// Territories per pocket cut off behind the front.
const PER_POCKET: u32 = 2_000;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerritoryParams {
    /// About this many land territories (the nearest rectangle).
    pub territories: u32,
    /// Seed.
    pub seed: u64,
}

/// The grid: who holds each cell, and the front.
struct Grid {
    width: u32,
    height: u32,
    /// Per row, the first column east of the front.
    front: Vec<u32>,
}

impl Grid {
    fn new(territories: u32, rng: &mut ChaCha8Rng) -> Self {
        let width = (f64::from(territories.max(16)).sqrt().ceil() as u32).max(8);
        // Rows rounded up, but the map (land and the coast's sea zones)
        // kept within the format's limit, so that the largest size the
        // benches take compiles.
        let room = crate::territory::MAX_TERRITORIES as u32 - width.div_ceil(COAST_PER_ZONE);
        let height = territories.max(16).div_ceil(width).max(4).min(room / width);
        let mut front = Vec::with_capacity(height as usize);
        let mut x = width / 3;
        for _ in 0..height {
            let step: i32 = rng.random_range(-1..=1);
            x = (x as i32 + step).clamp(2, width as i32 - 3) as u32;
            front.push(x);
        }
        Self { width, height, front }
    }

    /// The original owner of a cell and whether it is in its colony (the
    /// last fifth of the nation's band of columns, away from the front).
    fn owner(&self, r: u32, c: u32) -> (&'static str, bool) {
        let f = self.front[r as usize];
        if c < f {
            let band = (r * AXIS.len() as u32 / self.height) as usize;
            (AXIS[band], c < f / 5)
        } else {
            let band = (r * ALLIES.len() as u32 / self.height) as usize;
            (ALLIES[band], c >= self.width - (self.width - f) / 5)
        }
    }
}

fn key(r: u32, c: u32) -> String {
    format!("t{r:05}-{c:05}")
}

fn zone_key(z: u32) -> String {
    format!("s{z:05}")
}

/// A land or sea entry with the fields it needs, the rest defaulted.
fn territory(key: String, kind: TerritoryKind) -> TerritoryFile {
    TerritoryFile {
        key,
        name: None,
        kind,
        adjacent: Vec::new(),
        at: None,
        terrain: None,
        control: None,
        original: None,
        region: None,
        theater: None,
        features: Vec::new(),
        value: 0,
        colony: None,
        saves_at: None,
        gifted_to: None,
        incorporated: true,
        trade: Vec::new(),
        middle_east: false,
    }
}

/// One land territory of the grid.
fn land(g: &Grid, r: u32, c: u32, rng: &mut ChaCha8Rng) -> TerritoryFile {
    let (owner, colony) = g.owner(r, c);
    let mut t = territory(key(r, c), TerritoryKind::Land);
    t.value = rng.random_range(0..=4);
    t.control = Some(owner.to_string());
    if colony {
        t.colony = Some(format!("{owner}-colony"));
    }
    // Supply centers (COL-005): a city in about one territory in three,
    // ports along the coast.
    if (r + 2 * c).is_multiple_of(3) {
        t.features.push(Feature::City);
    }
    if r == 0 {
        t.features.push(Feature::Port);
        t.adjacent.push(zone_key(c / COAST_PER_ZONE));
    }
    if c + 1 < g.width {
        t.adjacent.push(key(r, c + 1));
    }
    if r + 1 < g.height {
        t.adjacent.push(key(r + 1, c));
    }
    t
}

/// Conquered territories (COL-008): every fourth row, the Central Powers
/// hold the first territory east of the front.
fn conquer(list: &mut [TerritoryFile], g: &Grid) {
    for r in (0..g.height).step_by(4) {
        let i = (r * g.width + g.front[r as usize]) as usize;
        let west = g.owner(r, g.front[r as usize] - 1).0;
        if let Some(t) = list.get_mut(i) {
            t.original = t.control.take();
            t.control = Some(west.to_string());
        }
    }
}

/// Pockets (COL-005): a territory deep in the Central Powers' land held by
/// the Entente nation of its row, with no line out: its resources are lost.
fn pockets(list: &mut [TerritoryFile], g: &Grid, territories: u32, rng: &mut ChaCha8Rng) {
    for _ in 0..(territories / PER_POCKET).max(1) {
        let r = rng.random_range(1..g.height - 1);
        let f = g.front[r as usize];
        if f < 6 {
            continue;
        }
        let c = rng.random_range(2..f - 3);
        let band = (r * ALLIES.len() as u32 / g.height) as usize;
        if let Some(t) = list.get_mut((r * g.width + c) as usize) {
            t.control = Some(ALLIES[band].to_string());
            t.original = t.control.clone();
            t.colony = None;
            t.value = t.value.max(1);
        }
    }
}

/// The coast: one sea zone per [`COAST_PER_ZONE`] columns, each adjacent to
/// the next, with naval trade for the nations of the first row.
fn coast(g: &Grid) -> Vec<TerritoryFile> {
    let zones = g.width.div_ceil(COAST_PER_ZONE);
    (0..zones)
        .map(|z| {
            let mut t = territory(zone_key(z), TerritoryKind::Sea);
            if z + 1 < zones {
                t.adjacent.push(zone_key(z + 1));
            }
            let (owner, _) = g.owner(0, (z * COAST_PER_ZONE).min(g.width - 1));
            t.trade.push((owner.to_string(), 2));
            t
        })
        .collect()
}

/// Ships (COL-006, ruling 4): a German cruiser closes an Entente zone of
/// the coast, a British fleet a German one, and German submarines attack
/// the easternmost zone's convoys.
fn ships(g: &Grid) -> Vec<UnitFile> {
    let zones = g.width.div_ceil(COAST_PER_ZONE);
    let ship = |id: &str, nation: &str, kind: &str, z: u32| UnitFile {
        id: id.to_string(),
        nation: nation.to_string(),
        kind: kind.to_string(),
        at: zone_key(z.min(zones - 1)),
        supply_as: None,
        supply: None,
        exploited: None,
        flags: Vec::new(),
        factors: None,
    };
    vec![
        ship("ger-cruiser", "germany", "fleet", g.front[0] / COAST_PER_ZONE + 1),
        ship("bri-fleet", "britain", "fleet", 0),
        ship("u-9", "germany", "sub", zones - 1),
    ]
}

/// Generates a territory scenario file.
#[must_use]
pub fn territory_scenario(p: TerritoryParams) -> ScenarioFile {
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    let g = Grid::new(p.territories, &mut rng);
    let mut list: Vec<TerritoryFile> =
        (0..g.height).flat_map(|r| (0..g.width).map(move |c| (r, c))).map(|(r, c)| land(&g, r, c, &mut rng)).collect();
    conquer(&mut list, &g);
    pockets(&mut list, &g, p.territories, &mut rng);
    list.extend(coast(&g));
    ScenarioFile {
        title: format!("Generated territory map ({} territories, seed {})", g.width * g.height, p.seed),
        ruleset: "wteaw.ron".into(),
        turn: 1,
        side: Side::Axis,
        first: Side::Axis,
        phase: None,
        flags: Vec::new(),
        nations: Vec::new(),
        map: None,
        territories: list,
        sources: Vec::new(),
        units: ships(&g),
        transports: Vec::new(),
        sections: BTreeMap::new(),
    }
}

/// Generates and compiles a territory scenario.
///
/// # Errors
/// A [`LoadError`](crate::LoadError) if the generated file does not compile
/// (a bug in the generator).
pub fn generate_territories(p: TerritoryParams) -> Result<Compiled, crate::LoadError> {
    if let Err(m) = crate::limits::current().check_map(u64::from(p.territories)) {
        let d = crate::Diagnostic::whole_file("generated map", format!("{} territories requested: {m}", p.territories));
        return Err(crate::LoadError::single(d));
    }
    crate::compile_file(&territory_scenario(p), "generated-territories.ron", WTEAW_RULESET)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_maps_stay_within_the_format_limit() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for territories in [99_000, 99_999, 100_000] {
            let g = Grid::new(territories, &mut rng);
            let total = g.width * g.height + g.width.div_ceil(COAST_PER_ZONE);
            assert!(total <= crate::territory::MAX_TERRITORIES as u32, "{territories}: {total}");
            assert!(g.width * g.height >= territories - territories / 200, "{territories}: about as many as asked");
        }
    }

    #[test]
    fn generates_a_territory_map_of_the_asked_size() {
        let c = generate_territories(TerritoryParams { territories: 2_500, seed: 3 }).expect("compiles");
        let land = c.spec.map.nodes.iter().filter(|n| n.kind == qm_core::map::NodeKind::Territory).count();
        assert!((2_500..2_600).contains(&land), "{land}");
        let seas = c.spec.map.nodes.iter().filter(|n| n.kind == qm_core::map::NodeKind::SeaZone).count();
        assert_eq!(seas, 50usize.div_ceil(COAST_PER_ZONE as usize));
        // Homelands of the six warring nations and their colonies.
        let cm = qm_collect::collect_map::CollectMap::of(&c.spec);
        assert_eq!(cm.places.len(), 12, "{:?}", cm.places);
        assert!(cm.trade.len() >= seas);
        let again = generate_territories(TerritoryParams { territories: 2_500, seed: 3 }).expect("compiles");
        assert_eq!(again.state, c.state);
        let other = generate_territories(TerritoryParams { territories: 2_500, seed: 4 }).expect("compiles");
        assert_ne!(other.state, c.state);
    }
}
