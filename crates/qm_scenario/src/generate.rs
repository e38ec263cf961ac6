//! Seeded synthetic maps: two sides, a wavy front, pockets behind it, sea
//! inlets with ports, boxes on both edges, about one unit per 50 hexes.
//!
//! The generator writes an ordinary [`ScenarioFile`] and compiles it like any
//! file, so benches, fuzz seeds and property tests exercise the same loader
//! as hand-written scenarios.

use crate::compile::Compiled;
use crate::schema::*;
use qm_core::ids::{Side, Theater};
use qm_core::map::{Feature, hex_label};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// The AWAW ruleset, built in so that generated maps need no files.
pub const AWAW_RULESET: &str = include_str!("../../../assets/rulesets/awaw.ron");

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenParams {
    /// About this many hexes (the map is the nearest rectangle).
    pub hexes: u32,
    /// Seed.
    pub seed: u64,
    /// One unit per this many hexes.
    pub hexes_per_unit: u32,
    /// Number of pockets on each side of the front.
    pub pockets: u32,
}

impl GenParams {
    /// Defaults: one unit per 50 hexes, a pocket per 5 000 hexes a side.
    #[must_use]
    pub fn new(hexes: u32, seed: u64) -> Self {
        Self { hexes, seed, hexes_per_unit: 50, pockets: (hexes / 5_000).clamp(1, 64) }
    }
}

/// The map as laid out: its size, the front and the control and terrain letters.
struct Layout {
    /// Columns.
    width: u32,
    /// Rows.
    height: u32,
    /// The front's column in each row: Axis west of it, Allies from it east.
    front: Vec<u32>,
    /// Control letters by row and column: `G` Axis, `R` Allies.
    ctl: Vec<Vec<char>>,
    /// Terrain letters by row and column, `~` sea.
    ter: Vec<Vec<char>>,
}

impl Layout {
    /// Whether the hex at row `r`, column `c` is land.
    fn land(&self, r: u32, c: u32) -> bool {
        self.ter[r as usize][c as usize] != '~'
    }
}

/// The label of the hex at row `r`, column `c`.
fn label(r: u32, c: u32) -> String {
    hex_label(r, c + 1)
}

/// Generates a scenario file.
#[must_use]
pub fn scenario_file(p: GenParams) -> ScenarioFile {
    // The steps draw from `rng` in this order (front, pockets, terrain,
    // inlets, cities, units): reordering them changes every generated map.
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    let (width, height) = map_size(p.hexes);
    let front = wavy_front(&mut rng, width, height);
    let mut ctl = front_control(&front, width, height);
    add_pockets(&mut rng, p.pockets, &front, &mut ctl);
    let mut ter = random_terrain(&mut rng, width, height);
    let ports = add_seas(&mut rng, &mut ter);
    keep_edge_columns(&mut ctl);
    let lay = Layout { width, height, front, ctl, ter };
    let ctl_rows = control_rows(&lay);
    let ter_rows = terrain_rows(&lay);
    let (places, sources) = places_and_sources(&mut rng, &lay, &ports, p.hexes);
    let units = place_units(&mut rng, &lay, p.hexes_per_unit);
    ScenarioFile {
        title: format!("generated front, {} hexes, seed {}", width * height, p.seed),
        ruleset: "awaw.ron".into(),
        turn: 3,
        side: Side::Allies,
        first: Side::Axis,
        phase: None,
        flags: Vec::new(),
        nations: Vec::new(),
        map: Some(MapFile {
            theater: Theater::Europe,
            blocks: vec![BlockFile {
                origin: "a1".into(),
                theater: None,
                terrain: ter_rows,
                control: ctl_rows,
                original: Vec::new(),
                regions: Vec::new(),
                front: None,
            }],
            legend: [('G', "germany".to_string()), ('R', "russia".to_string())].into_iter().collect(),
            region_legend: BTreeMap::new(),
            places: places.into_values().collect(),
            all_sea_sides: Vec::new(),
            crossings: Vec::new(),
            boxes: boxes(&lay),
            partisan_held: Vec::new(),
            damaged: Vec::new(),
            island_groups: Vec::new(),
        }),
        territories: Vec::new(),
        sources,
        units,
        transports: vec![(Side::Axis, "baltic".into(), 8), (Side::Allies, "arctic".into(), 8)],
        sections: BTreeMap::new(),
    }
}

/// The map's width and height for about `hexes` hexes.
fn map_size(hexes: u32) -> (u32, u32) {
    // At least 6 x 4: the front keeps two columns of each side, and the
    // pockets and inlets need room (a narrower map had no valid front).
    let width = ((f64::from(hexes.max(16))).sqrt().ceil() as u32).max(6);
    let height = hexes.max(16).div_ceil(width).max(4);
    (width, height)
}

/// The front's column in each row, wandering at most a column a row.
fn wavy_front(rng: &mut ChaCha8Rng, width: u32, height: u32) -> Vec<u32> {
    let mut front: Vec<u32> = Vec::with_capacity(height as usize);
    let mut x = width / 2;
    for _ in 0..height {
        let step: i32 = rng.random_range(-1..=1);
        x = (x as i32 + step).clamp(2, width as i32 - 3) as u32;
        front.push(x);
    }
    front
}

/// Control: Axis (G) west of a wavy front, Allies (R) east of it.
fn front_control(front: &[u32], width: u32, height: u32) -> Vec<Vec<char>> {
    (0..height).map(|r| (0..width).map(|c| if c < front[r as usize] { 'G' } else { 'R' }).collect()).collect()
}

/// Pockets: discs of one side's hexes inside the other's territory.
fn add_pockets(rng: &mut ChaCha8Rng, pockets: u32, front: &[u32], ctl: &mut [Vec<char>]) {
    let (width, height) = (ctl[0].len() as u32, ctl.len() as u32);
    // One pocket in four on the north coast, where sea supply can reach it.
    for k in 0..pockets * 2 {
        let r0 = if k % 4 < 2 {
            rng.random_range(2..5.min(height - 1).max(3))
        } else {
            rng.random_range(2..height.saturating_sub(2).max(3))
        };
        let fx = front[r0 as usize];
        let (lo, hi, ch) = if k % 2 == 0 { (1, fx.saturating_sub(4).max(2), 'R') } else { (fx + 4, width - 1, 'G') };
        if lo >= hi {
            continue;
        }
        let c0 = rng.random_range(lo..hi);
        let rad: i32 = rng.random_range(1..=3);
        for dr in -rad..=rad {
            for dc in -rad..=rad {
                let (r, c) = (r0 as i32 + dr, c0 as i32 + dc);
                if dr * dr + dc * dc <= rad * rad && r >= 0 && c >= 1 && r < height as i32 && c < width as i32 - 1 {
                    ctl[r as usize][c as usize] = ch;
                }
            }
        }
    }
}

/// Terrain: clear with forest and mountain (the seas come next).
fn random_terrain(rng: &mut ChaCha8Rng, width: u32, height: u32) -> Vec<Vec<char>> {
    (0..height)
        .map(|_| {
            (0..width)
                .map(|_| match rng.random_range(0..20) {
                    0..=1 => 'f',
                    2 => 'm',
                    3 => 's',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

/// Sea along the north edge, inlets from both coasts; returns the ports' hexes.
fn add_seas(rng: &mut ChaCha8Rng, ter: &mut [Vec<char>]) -> Vec<(u32, u32)> {
    let (width, height) = (ter[0].len() as u32, ter.len() as u32);
    // A sea along the north edge, for sea supply.
    for row in ter.iter_mut().take(2) {
        for c in row.iter_mut() {
            *c = '~';
        }
    }
    let inlets = (width / 24).max(1);
    let mut ports: Vec<(u32, u32)> = Vec::new();
    for c in (2..width - 2).step_by(9) {
        ports.push((2, c));
    }
    for k in 0..inlets * 2 {
        let c = rng.random_range(3..width.saturating_sub(3).max(4));
        let depth = rng.random_range(2..(height / 6).max(3));
        let north = k % 2 == 0;
        for d in 0..depth {
            let r = if north { d } else { height - 1 - d };
            ter[r as usize][c as usize] = '~';
            if rng.random_range(0..3) == 0 {
                ter[r as usize][(c + 1).min(width - 2) as usize] = '~';
            }
        }
        let pr = if north { depth } else { height - 1 - depth };
        ports.push((pr, c));
        let _ = north;
    }
    ports
}

/// Keeps the edge columns on their side: boxes enter along the edges.
fn keep_edge_columns(ctl: &mut [Vec<char>]) {
    for row in ctl {
        row[0] = 'G';
        let last = row.len() - 1;
        row[last] = 'R';
    }
}

/// A row of a map block: its cells spaced, odd rows indented.
fn block_row(r: usize, cells: &[String]) -> String {
    format!("{}{}", if r % 2 == 1 { " " } else { "" }, cells.join(" "))
}

/// The control rows of the map block, sea hexes `~`.
fn control_rows(lay: &Layout) -> Vec<String> {
    (0..lay.height as usize)
        .map(|r| {
            let cells: Vec<String> = (0..lay.width as usize)
                .map(|c| if lay.ter[r][c] == '~' { "~".into() } else { lay.ctl[r][c].to_string() })
                .collect();
            block_row(r, &cells)
        })
        .collect()
}

/// The terrain rows of the map block.
fn terrain_rows(lay: &Layout) -> Vec<String> {
    (0..lay.height as usize)
        .map(|r| {
            let cells: Vec<String> = lay.ter[r].iter().map(|c| c.to_string()).collect();
            block_row(r, &cells)
        })
        .collect()
}

/// Places (ports, cities with ICs scattered) and sources (boxes, some cities).
fn places_and_sources(
    rng: &mut ChaCha8Rng,
    lay: &Layout,
    ports: &[(u32, u32)],
    hexes: u32,
) -> (BTreeMap<String, PlaceFile>, Vec<SourceFile>) {
    let mut places: BTreeMap<String, PlaceFile> = BTreeMap::new();
    for &(r, c) in ports {
        if lay.land(r, c) {
            places
                .insert(label(r, c), PlaceFile { hex: label(r, c), name: None, features: vec![Feature::Port], ic: 0 });
        }
    }
    let cities = (hexes / 2_000).max(2);
    let mut sources = vec![
        SourceFile {
            at: "reich".into(),
            class: "axis-capital".into(),
            owner: None,
            designated: true,
            designated_turn: None,
        },
        SourceFile { at: "urals".into(), class: "urals".into(), owner: None, designated: true, designated_turn: None },
    ];
    for k in 0..cities {
        let (r, c) = (rng.random_range(0..lay.height), rng.random_range(1..lay.width - 1));
        if !lay.land(r, c) || places.contains_key(&label(r, c)) {
            continue;
        }
        let ic = if k % 2 == 0 { rng.random_range(1..=9) } else { 0 };
        places.insert(label(r, c), PlaceFile { hex: label(r, c), name: None, features: vec![Feature::City], ic });
        if k % 3 == 1 {
            sources.push(SourceFile {
                at: label(r, c),
                class: "colonial-capital".into(),
                owner: None,
                designated: true,
                designated_turn: None,
            });
        }
    }
    (places, sources)
}

/// Units: about one per `hexes_per_unit` hexes, more near the front, armor one in four.
fn place_units(rng: &mut ChaCha8Rng, lay: &Layout, hexes_per_unit: u32) -> Vec<UnitFile> {
    let (width, height) = (lay.width, lay.height);
    let n_units = (width * height) / hexes_per_unit.max(1);
    let mut units = Vec::with_capacity(n_units as usize);
    let mut taken: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    let mut tries = 0;
    while (units.len() as u32) < n_units && tries < n_units * 20 {
        tries += 1;
        let r = rng.random_range(0..height);
        let near_front = rng.random_range(0..2) == 0;
        let c = if near_front {
            let f = lay.front[r as usize] as i32 + rng.random_range(-3..=3);
            f.clamp(1, width as i32 - 2) as u32
        } else {
            rng.random_range(1..width - 1)
        };
        if !lay.land(r, c) || *taken.get(&(r, c)).unwrap_or(&0) >= 2 {
            continue;
        }
        *taken.entry((r, c)).or_default() += 1;
        let axis = lay.ctl[r as usize][c as usize] == 'G';
        let kind = if rng.random_range(0..4) == 0 { "arm" } else { "inf" };
        let nation = if axis { "germany" } else { "russia" };
        units.push(UnitFile {
            id: format!("{}-{:06}", if axis { "g" } else { "r" }, units.len()),
            nation: nation.into(),
            kind: kind.into(),
            at: label(r, c),
            supply_as: None,
            supply: None,
            exploited: None,
            flags: Vec::new(),
            factors: None,
        });
    }
    units
}

/// The boxes: the Reich and the Urals on the land edges, two convoy boxes at sea.
fn boxes(lay: &Layout) -> Vec<BoxFile> {
    let (width, height) = (lay.width, lay.height);
    let west: Vec<String> = (0..height).filter(|&r| lay.land(r, 0)).map(|r| label(r, 0)).collect();
    let east: Vec<String> = (0..height).filter(|&r| lay.land(r, width - 1)).map(|r| label(r, width - 1)).collect();
    // Convoys enter anywhere along the north sea.
    let sea_west: Vec<String> = (0..width).step_by(6).map(|c| label(0, c)).collect();
    let sea_east: Vec<String> = (3..width).step_by(6).map(|c| label(0, c)).collect();
    vec![
        land_box("reich", "The Reich", "germany", west),
        land_box("urals", "Urals box", "russia", east),
        convoy_box("baltic", "Baltic convoys", "germany", sea_west),
        convoy_box("arctic", "Arctic convoys", "russia", sea_east),
    ]
}

/// A box of `owner` entered by land from `hexes`.
fn land_box(key: &str, name: &str, owner: &str, hexes: Vec<String>) -> BoxFile {
    BoxFile {
        key: key.into(),
        name: Some(name.into()),
        owner: owner.into(),
        theater: None,
        entries: vec![EntryFile { hexes, when: CondFile::Always, controlled_by: None }],
        sea_entries: Vec::new(),
        destinations: Vec::new(),
        pass_through: false,
        transport_pool: None,
        sw: false,
        protects: Vec::new(),
    }
}

/// A box of `owner` entered by sea from `sea_entries`, with its own transport pool.
fn convoy_box(key: &str, name: &str, owner: &str, sea_entries: Vec<String>) -> BoxFile {
    BoxFile {
        key: key.into(),
        name: Some(name.into()),
        owner: owner.into(),
        theater: None,
        entries: Vec::new(),
        sea_entries,
        destinations: Vec::new(),
        pass_through: false,
        transport_pool: Some(key.into()),
        sw: false,
        protects: Vec::new(),
    }
}

/// Generates and compiles a scenario.
///
/// # Errors
/// A [`LoadError`](crate::LoadError) if the generated file does not compile
/// (a bug in the generator).
pub fn generate(p: GenParams) -> Result<Compiled, crate::LoadError> {
    if let Err(m) = crate::limits::current().check_map(u64::from(p.hexes)) {
        let d = crate::Diagnostic::whole_file("generated map", format!("{} hexes requested: {m}", p.hexes));
        return Err(crate::LoadError::single(d));
    }
    let file = scenario_file(p);
    crate::compile_file(&file, "generated.ron", AWAW_RULESET)
}

/// The generated scenario as RON text (for fuzz seeds and inspection).
#[must_use]
pub fn to_ron(file: &ScenarioFile) -> String {
    let cfg = ron::ser::PrettyConfig::new().depth_limit(4).struct_names(true);
    crate::ron_options().to_string_pretty(file, cfg).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generates_a_valid_front_of_the_asked_size() {
        let c = generate(GenParams::new(2_500, 3)).expect("compiles");
        let hexes = c.spec.map.board_count;
        assert!((2_500..2_600).contains(&hexes), "{hexes}");
        assert_eq!(c.state.units.len() as u32, hexes / 50);
        assert!(c.spec.map.box_entries.len() > 80);
        assert!(!c.spec.ports.is_empty());
        // Same seed, same map; another seed, another map.
        let again = generate(GenParams::new(2_500, 3)).expect("compiles");
        assert_eq!(again.state, c.state);
        let other = generate(GenParams::new(2_500, 4)).expect("compiles");
        assert_ne!(other.state, c.state);
    }

    #[test]
    fn the_ron_text_round_trips_through_the_loader() {
        let f = scenario_file(GenParams::new(400, 9));
        let text = to_ron(&f);
        let c = crate::load_bytes("generated.ron", text.as_bytes(), |_| Ok(AWAW_RULESET.as_bytes().to_vec()))
            .expect("loads");
        assert_eq!(c.state.units.len(), f.units.len());
    }
}
