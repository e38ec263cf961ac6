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

/// Generates a scenario file.
#[must_use]
#[allow(clippy::too_many_lines, reason = "one pass laying out the map, then units and sources")]
pub fn scenario_file(p: GenParams) -> ScenarioFile {
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    // At least 6 x 4: the front keeps two columns of each side, and the
    // pockets and inlets need room (a narrower map had no valid front).
    let width = ((f64::from(p.hexes.max(16))).sqrt().ceil() as u32).max(6);
    let height = p.hexes.max(16).div_ceil(width).max(4);

    // Control: Axis (G) west of a wavy front, Allies (R) east of it.
    let mut front: Vec<u32> = Vec::with_capacity(height as usize);
    let mut x = width / 2;
    for _ in 0..height {
        let step: i32 = rng.random_range(-1..=1);
        x = (x as i32 + step).clamp(2, width as i32 - 3) as u32;
        front.push(x);
    }
    let mut ctl: Vec<Vec<char>> =
        (0..height).map(|r| (0..width).map(|c| if c < front[r as usize] { 'G' } else { 'R' }).collect()).collect();

    // Pockets: discs of one side's hexes inside the other's territory; one
    // in four on the north coast, where sea supply can reach it.
    for k in 0..p.pockets * 2 {
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

    // Terrain: clear with forest and mountain, sea inlets from the north and
    // south coasts.
    let mut ter: Vec<Vec<char>> = (0..height)
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
        .collect();
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
    for row in &mut ctl {
        // Boxes enter along the edges: keep the edge columns on their side.
        row[0] = 'G';
        let last = row.len() - 1;
        row[last] = 'R';
    }
    let ctl_rows: Vec<String> = (0..height as usize)
        .map(|r| {
            let cells: Vec<String> = (0..width as usize)
                .map(|c| if ter[r][c] == '~' { "~".into() } else { ctl[r][c].to_string() })
                .collect();
            format!("{}{}", if r % 2 == 1 { " " } else { "" }, cells.join(" "))
        })
        .collect();
    let ter_rows: Vec<String> = (0..height as usize)
        .map(|r| {
            let cells: Vec<String> = ter[r].iter().map(|c| c.to_string()).collect();
            format!("{}{}", if r % 2 == 1 { " " } else { "" }, cells.join(" "))
        })
        .collect();

    let label = |r: u32, c: u32| hex_label(r, c + 1);
    let land = |r: u32, c: u32| ter[r as usize][c as usize] != '~';

    // Places: ports at the head of each inlet, cities with ICs scattered.
    let mut places: BTreeMap<String, PlaceFile> = BTreeMap::new();
    for &(r, c) in &ports {
        if land(r, c) {
            places
                .insert(label(r, c), PlaceFile { hex: label(r, c), name: None, features: vec![Feature::Port], ic: 0 });
        }
    }
    let cities = (p.hexes / 2_000).max(2);
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
        let (r, c) = (rng.random_range(0..height), rng.random_range(1..width - 1));
        if !land(r, c) || places.contains_key(&label(r, c)) {
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

    // Units: about one per `hexes_per_unit` hexes, more of them near the
    // front; armor one in four.
    let n_units = (width * height) / p.hexes_per_unit.max(1);
    let mut units = Vec::with_capacity(n_units as usize);
    let mut taken: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    let mut tries = 0;
    while (units.len() as u32) < n_units && tries < n_units * 20 {
        tries += 1;
        let r = rng.random_range(0..height);
        let near_front = rng.random_range(0..2) == 0;
        let c = if near_front {
            let f = front[r as usize] as i32 + rng.random_range(-3..=3);
            f.clamp(1, width as i32 - 2) as u32
        } else {
            rng.random_range(1..width - 1)
        };
        if !land(r, c) || *taken.get(&(r, c)).unwrap_or(&0) >= 2 {
            continue;
        }
        *taken.entry((r, c)).or_default() += 1;
        let axis = ctl[r as usize][c as usize] == 'G';
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

    let west: Vec<String> = (0..height).filter(|&r| land(r, 0)).map(|r| label(r, 0)).collect();
    let east: Vec<String> = (0..height).filter(|&r| land(r, width - 1)).map(|r| label(r, width - 1)).collect();
    // Convoys enter anywhere along the north sea.
    let sea_west: Vec<String> = (0..width).step_by(6).map(|c| label(0, c)).collect();
    let sea_east: Vec<String> = (3..width).step_by(6).map(|c| label(0, c)).collect();
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
            boxes: vec![
                BoxFile {
                    key: "reich".into(),
                    name: Some("The Reich".into()),
                    owner: "germany".into(),
                    theater: None,
                    entries: vec![EntryFile { hexes: west, when: CondFile::Always, controlled_by: None }],
                    sea_entries: Vec::new(),
                    destinations: Vec::new(),
                    pass_through: false,
                    transport_pool: None,
                    sw: false,
                    protects: Vec::new(),
                },
                BoxFile {
                    key: "urals".into(),
                    name: Some("Urals box".into()),
                    owner: "russia".into(),
                    theater: None,
                    entries: vec![EntryFile { hexes: east, when: CondFile::Always, controlled_by: None }],
                    sea_entries: Vec::new(),
                    destinations: Vec::new(),
                    pass_through: false,
                    transport_pool: None,
                    sw: false,
                    protects: Vec::new(),
                },
                BoxFile {
                    key: "baltic".into(),
                    name: Some("Baltic convoys".into()),
                    owner: "germany".into(),
                    theater: None,
                    entries: Vec::new(),
                    sea_entries: sea_west,
                    destinations: Vec::new(),
                    pass_through: false,
                    transport_pool: Some("baltic".into()),
                    sw: false,
                    protects: Vec::new(),
                },
                BoxFile {
                    key: "arctic".into(),
                    name: Some("Arctic convoys".into()),
                    owner: "russia".into(),
                    theater: None,
                    entries: Vec::new(),
                    sea_entries: sea_east,
                    destinations: Vec::new(),
                    pass_through: false,
                    transport_pool: Some("arctic".into()),
                    sw: false,
                    protects: Vec::new(),
                },
            ],
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
