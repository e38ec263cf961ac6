//! Sea supply edge cases (rule 30, SUP-022..145): the boxes' limits, beach
//! hexes, range, one line per zone, who may protect, cover or attack a line.
//! Each scenario under `scenarios/awaw/sea/` is a fixture of these tests and
//! passes `qm check`.
//!
//! Illegal orders are refused with a typed [`OrderError`] and leave the game,
//! and its checksum, unchanged.

use crate::common;

use common::*;
use quartermaster::core::orders::SeaLineOrder;
use quartermaster::prelude::*;

const MIDDLE_EAST: &str = "scenarios/awaw/middle-east-sea.ron";
const BEACH: &str = "scenarios/awaw/sea/beach-port.ron";
const PACIFIC_US: &str = "scenarios/awaw/sea/pacific-us-box.ron";

use UnitStatus::{Full, Isolated, Partial};

// ------------------------------------------------------------------ helpers

fn line(from: &str, to: &str) -> SeaLineOrder {
    SeaLineOrder { from: from.into(), to: to.into(), ..Default::default() }
}

fn line_via(from: &str, via: &[&str], to: &str) -> SeaLineOrder {
    SeaLineOrder { via: strings(via), ..line(from, to) }
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_string()).collect()
}

fn protected(from: &str, to: &str, by: &[&str]) -> SeaLineOrder {
    SeaLineOrder { protect: strings(by), ..line(from, to) }
}

fn sea_supply(lines: Vec<SeaLineOrder>) -> Orders {
    Orders::of([SupplyOrder::SeaSupply(lines)])
}

fn intercept(line: u32, by: &[&str]) -> Orders {
    Orders::of([SupplyOrder::Intercept { line, by: strings(by), at_island: None }])
}

#[track_caller]
fn submit(g: &mut Game, side: Side, orders: &Orders) {
    g.submit(side, orders).unwrap_or_else(|e| panic!("orders refused: {e}"));
}

/// A refused protector, attacker or air cover: its id, role and reason.
#[track_caller]
fn bad_escort(err: OrderError) -> (String, String, String) {
    match err {
        OrderError::BadEscort { unit, role, why, .. } => (unit, role, why.to_string()),
        e => panic!("expected BadEscort, got {e:?}"),
    }
}

#[track_caller]
fn zone_of(g: &Game, hex: &str) -> ZoneRecord {
    let n = node(g, hex);
    let zones = g.world().resource::<Zones>();
    zones.zones.iter().find(|z| z.hexes.contains(&n)).cloned().unwrap_or_else(|| panic!("{hex} is in no zone"))
}

/// Loads a scenario from its text with `from` replaced by `to` (a variant
/// of a fixture).
#[track_caller]
fn load_variant(rel: &str, from: &str, to: &str) -> Game {
    let path = path(rel);
    let text = std::fs::read_to_string(&path).expect("scenario");
    assert!(text.contains(from), "{rel} holds `{from}`");
    let text = text.replace(from, to);
    let file = path.display().to_string();
    let compiled = quartermaster::scenario::load_bytes(&file, text.as_bytes(), |p| std::fs::read(p))
        .unwrap_or_else(|e| panic!("the variant of {rel} does not load: {e:?}"));
    Game::from_compiled(compiled, 1).expect("game")
}

/// `qm check` accepts every scenario of `scenarios/awaw/sea/`.
#[test]
fn sea_scenarios_pass_qm_check() {
    let dir = path("scenarios/awaw/sea");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("scenarios/awaw/sea").map(|e| e.expect("entry").path()).collect();
    files.sort();
    assert!(files.len() >= 2);
    for f in files {
        let argv = vec!["qm".to_string(), "check".to_string(), f.display().to_string()];
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = qm_cli::run(argv, &mut out, &mut err);
        assert_eq!(code, 0, "{}: {}", f.display(), String::from_utf8_lossy(&err));
    }
}

// ------------------------------------------- SUP-022, SUP-081, SUP-083: boxes

/// SUP-022, SUP-081: sea supply from the South Africa box goes only to its
/// listed destinations (Suez on this map); a line to Haifa is refused.
#[test]
fn south_africa_line_to_an_unlisted_port_is_refused() {
    let mut g = load(MIDDLE_EAST);
    let err = refused_batch(&mut g, Side::Allies, &sea_supply(vec![line("south-africa", "haifa")]));
    expect_bad_termination(&err, Some(0), "haifa", "SUP-022");
    // To Suez it is accepted.
    submit(&mut g, Side::Allies, &sea_supply(vec![line("south-africa", "suez")]));
}

/// SUP-083: a sea line may not be traced to a map box.
#[test]
fn a_line_to_a_box_is_refused() {
    let mut g = load(MIDDLE_EAST);
    let err = refused_batch(&mut g, Side::Allies, &sea_supply(vec![line("alexandria", "south-africa")]));
    expect_bad_termination(&err, None, "south-africa", "SUP-083");
}

// ------------------------------------------------------ SUP-077: a beach hex

/// SUP-077: New Ireland takes sea supply into its beach hex as though it
/// were a port, and the supply goes inland (SUP-084); declined, the island
/// is isolated.
#[test]
fn a_beach_hex_takes_sea_supply_as_a_port() {
    let mut g = load(BEACH);
    submit(&mut g, Side::Axis, &sea_supply(vec![line("kagoshima", "kavieng")]));
    g.step_phase();
    let l = line_to(&g, "kavieng");
    assert!(!l.disrupted);
    assert_eq!(l.reached, vec![node(&g, "kavieng")]);
    expect_units(&g, &[("jap-kavieng", Full), ("jap-namatanai", Full)]);
    expect_hexes(&g, &[("kavieng", HexStatus::Full), ("d8", HexStatus::Full)]);
    assert_eq!(zone_of(&g, "d8").sea_line, Some(0));

    // The default plan lands there too (SUP-103).
    let mut g = load(BEACH);
    let plan = g.default_sea_plan();
    assert_eq!(plan.len(), 1, "{plan:?}");
    assert_eq!((plan[0].from, plan[0].to), (node(&g, "kagoshima"), node(&g, "kavieng")));
    g.step_phase();
    expect_units(&g, &[("jap-kavieng", Full), ("jap-namatanai", Full)]);

    // Declined: nothing else feeds New Ireland.
    let mut g = load(BEACH);
    submit(&mut g, Side::Axis, &sea_supply(Vec::new()));
    g.step_phase();
    expect_units(&g, &[("jap-kavieng", Isolated), ("jap-namatanai", Isolated)]);
}

/// SUP-073, SUP-077: a coastal hex of New Ireland that is neither a port nor
/// its beach takes no sea line.
#[test]
fn a_coastal_hex_that_is_no_beach_takes_no_line() {
    let mut g = load(BEACH);
    let err = refused_batch(&mut g, Side::Axis, &sea_supply(vec![line("kagoshima", "c8")]));
    expect_bad_termination(&err, None, "c8", "SUP-073");
}

// ------------------------------------- SUP-080, SUP-090: the Pacific U.S. box

/// SUP-080: a line from the Pacific U.S. box to Suva, which is not in a
/// listed area, is refused; through the port of Hilo it is accepted, uses a
/// Pacific transport and supplies Suva, not Hilo (SUP-091).
#[test]
fn pacific_us_box_line_passes_through_a_listed_port() {
    let mut g = load(PACIFIC_US);
    let err = refused_batch(&mut g, Side::Allies, &sea_supply(vec![line("us-pacific", "suva")]));
    expect_bad_termination(&err, None, "suva", "SUP-080");
    submit(&mut g, Side::Allies, &sea_supply(vec![line_via("us-pacific", &["hilo"], "suva")]));
    g.step_phase();
    let l = line_to(&g, "suva");
    assert!(l.path.contains(&node(&g, "hilo")), "the line passes Hilo: {:?}", l.path);
    assert_eq!(l.transport.as_deref(), Some("pacific"));
    expect_units(&g, &[("brit-suva", Full), ("us-hilo", Isolated)]);
    assert_eq!(zone_of(&g, "hilo").sea_line, None, "SUP-091: passing Hilo does not supply it");
}

/// SUP-080, SUP-103: the default plan supplies Hilo directly and Suva
/// through a listed port.
#[test]
fn pacific_us_box_default_plan_passes_through_a_listed_port() {
    let mut g = load(PACIFIC_US);
    let plan = g.default_sea_plan();
    let suva = plan.iter().find(|l| l.to == node(&g, "suva")).expect("a line to Suva");
    assert_eq!(suva.from, node(&g, "us-pacific"));
    assert!(
        suva.via.iter().any(|&p| p == node(&g, "hilo") || p == node(&g, "dutch-harbor")),
        "through a listed port: {suva:?}"
    );
    g.step_phase();
    expect_units(&g, &[("brit-suva", Full), ("us-hilo", Full)]);
}

/// SUP-090: Norfolk is out of the sea range of every friendly port, so a line
/// to it is refused with `OutOfRange`, even through Hilo and Suva; the
/// default plan does not try it.
#[test]
fn a_line_beyond_the_sea_range_is_refused() {
    let mut g = load(PACIFIC_US);
    let err =
        refused_batch(&mut g, Side::Allies, &sea_supply(vec![line_via("us-pacific", &["hilo", "suva"], "norfolk")]));
    match err {
        OrderError::OutOfRange { line, from, to, range, .. } => {
            assert_eq!((line, from.as_str(), to.as_str()), (0, "us-pacific", "norfolk"));
            assert_eq!(range, 10);
        }
        e => panic!("unexpected error {e:?}"),
    }
    assert!(g.default_sea_plan().iter().all(|l| l.to != node(&g, "norfolk")));
    g.step_phase();
    expect_units(&g, &[("us-norfolk", Isolated)]);
}

// ------------------------ SUP-111..125, SUP-144, SUP-145: escorts and attackers

const ESCORTS: &str = "scenarios/awaw/sea/escorts.ron";

/// The line to Hollandia of SUP-122, through Manila and Manado, protected
/// by `protect` and covered by `cover`.
fn hollandia(protect: &[&str], cover: &[&str]) -> SeaLineOrder {
    SeaLineOrder {
        protect: strings(protect),
        air_cover: strings(cover),
        ..line_via("kagoshima", &["manila", "manado"], "hollandia")
    }
}

/// Plays the Hollandia line with `protect` and `cover`, attacked by
/// `attackers`; returns the recorded line.
fn play_hollandia(seed: u64, protect: &[&str], cover: &[&str], attackers: &[&str]) -> (SeaLineRecord, UnitStatus) {
    let mut g = load_seeded(ESCORTS, seed);
    submit(&mut g, Side::Axis, &sea_supply(vec![hollandia(protect, cover)]));
    if !attackers.is_empty() {
        submit(&mut g, Side::Allies, &intercept(0, attackers));
    }
    g.step_phase();
    (line_to(&g, "hollandia"), status(&g, "jap-18a"))
}

/// SUP-111, SUP-118, SUP-119: a destroyer in Rabaul, a port the line to
/// Hollandia neither starts from nor passes, may not protect it; nor may
/// one of the defending side.
#[test]
fn a_protector_based_off_the_route_is_refused() {
    let mut g = load(ESCORTS);
    let (unit, role, why) =
        bad_escort(refused_batch(&mut g, Side::Axis, &sea_supply(vec![hollandia(&["jdd-rabaul"], &[])])));
    assert_eq!((unit.as_str(), role.as_str()), ("jdd-rabaul", "protect"));
    assert!(why.contains("SUP-111..119"), "{why}");
    // Based at the origin (SUP-112) it may.
    submit(&mut g, Side::Axis, &sea_supply(vec![hollandia(&["jdd-kagoshima"], &[])]));
}

/// SUP-113: a destroyer at Manila, a port the line passes, may protect it,
/// but only once the line has reached Manila: attacked near Hollandia by the
/// US air at Port Moresby, the line is contested (ruling 9); attacked near
/// Kagoshima by the submarine at Iwo, before Manila, it is unprotected there
/// and disrupted with no roll (SUP-125).
#[test]
fn a_protector_at_a_port_on_the_route_protects_from_its_port() {
    let mut outcomes = std::collections::BTreeSet::new();
    for seed in 1..=8 {
        let (l, jap) = play_hollandia(seed, &["jdd-manila"], &[], &["us-5af"]);
        assert_eq!(unit_ids(&l.protected_by), ["jdd-manila"]);
        assert_eq!(unit_ids(&l.attacked_by), ["us-5af"]);
        let (p, a) = l.rolls.expect("attacked after Manila: contested");
        assert_eq!(l.disrupted, a > p, "seed {seed}");
        assert_eq!(jap, if l.disrupted { Isolated } else { Full }, "seed {seed}");
        outcomes.insert(l.disrupted);
    }
    assert_eq!(outcomes.len(), 2, "the dice decide");

    let (l, jap) = play_hollandia(1, &["jdd-manila"], &[], &["us-ss"]);
    assert_eq!(unit_ids(&l.attacked_by), ["us-ss"]);
    assert_eq!(l.rolls, None, "SUP-113, SUP-125: not yet protected where the submarine attacks");
    assert!(l.disrupted && l.reached.is_empty());
    assert_eq!(jap, Isolated);

    // Protected from the origin, the same attack is contested.
    let (l, _) = play_hollandia(1, &["jdd-kagoshima"], &[], &["us-ss"]);
    assert!(l.rolls.is_some(), "SUP-112: protected from Kagoshima on");
}

/// SUP-114..117: naval units in the Pacific sw box may protect any Japanese
/// line, from its start; SUP-120: the moving side says which of them
/// protects which line, and a unit protects one line.
#[test]
fn naval_units_in_an_sw_box_protect_the_lines_it_covers() {
    let (l, _) = play_hollandia(1, &["jdd-sw"], &[], &["us-ss"]);
    assert_eq!(unit_ids(&l.protected_by), ["jdd-sw"]);
    assert!(l.rolls.is_some(), "SUP-117: the sw box protects the line from its start");

    let mut g = load(ESCORTS);
    let two = sea_supply(vec![
        hollandia(&["jdd-sw"], &[]),
        SeaLineOrder {
            protect: strings(&["jdd-sw"]),
            ..line_via("kagoshima", &["manila", "manado", "hollandia"], "rabaul")
        },
    ]);
    let (unit, _, why) = bad_escort(refused_batch(&mut g, Side::Axis, &two));
    assert_eq!(unit, "jdd-sw");
    assert!(why.contains("SUP-120"), "{why}");
}

/// SUP-123, SUP-125: air cover joins the contest of an attacked line
/// (ruling 9), which an unprotected line would lose with no roll.
#[test]
fn air_cover_joins_the_contest() {
    let mut outcomes = std::collections::BTreeSet::new();
    for seed in 1..=8 {
        let (l, jap) = play_hollandia(seed, &[], &["jap-air-manado"], &["us-5af"]);
        assert_eq!(unit_ids(&l.protected_by), ["jap-air-manado"]);
        let (p, a) = l.rolls.expect("SUP-123: covered, so contested");
        // Air factors 2 on each side, one die each (ruleset `sea.die`).
        assert!((3..=8).contains(&p) && (3..=8).contains(&a), "({p}, {a})");
        assert_eq!(l.disrupted, a > p);
        assert_eq!(jap, if l.disrupted { Isolated } else { Full });
        outcomes.insert(l.disrupted);
    }
    assert_eq!(outcomes.len(), 2, "the dice decide");
    // Without cover the same attack disrupts the line with no roll.
    let (l, jap) = play_hollandia(1, &[], &[], &["us-5af"]);
    assert!(l.disrupted && l.rolls.is_none());
    assert_eq!(jap, Isolated);
}

/// SUP-123: air cover must be within reach of the line.
#[test]
fn air_cover_out_of_reach_is_refused() {
    let mut g = load(ESCORTS);
    let far = SeaLineOrder { air_cover: strings(&["jap-air-rabaul"]), ..line("kagoshima", "manila") };
    let (unit, role, why) = bad_escort(refused_batch(&mut g, Side::Axis, &sea_supply(vec![far])));
    assert_eq!((unit.as_str(), role.as_str()), ("jap-air-rabaul", "fly cover for"));
    assert!(why.contains("SUP-123"), "{why}");
    // Over the line to Hollandia, which passes within its reach, it may.
    submit(&mut g, Side::Axis, &sea_supply(vec![hollandia(&[], &["jap-air-manado"])]));
}

/// SUP-144, SUP-145: an inverted unit may neither protect a line nor attack
/// one.
#[test]
fn inverted_protectors_and_attackers_are_refused() {
    let mut g = load(ESCORTS);
    let (unit, role, why) =
        bad_escort(refused_batch(&mut g, Side::Axis, &sea_supply(vec![hollandia(&["jdd-spent"], &[])])));
    assert_eq!((unit.as_str(), role.as_str()), ("jdd-spent", "protect"));
    assert!(why.contains("inverted") && why.contains("SUP-144"), "{why}");

    submit(&mut g, Side::Axis, &sea_supply(vec![hollandia(&[], &[])]));
    let (unit, role, why) = bad_escort(refused_batch(&mut g, Side::Allies, &intercept(0, &["us-spent"])));
    assert_eq!((unit.as_str(), role.as_str()), ("us-spent", "attack"));
    assert!(why.contains("inverted") && why.contains("SUP-145"), "{why}");
    submit(&mut g, Side::Allies, &intercept(0, &["us-5af"]));
}

// ------------------------------------------------- SUP-094: enemy ZOC landings

const ZOC_LANDING: &str = "scenarios/awaw/sea/zoc-landing.ron";

/// SUP-094: Benghazi, in the British armor's ZOC, is in the same zone as
/// Tripoli; a line to Benghazi alone supplies Benghazi only (SUP-084), so a
/// second line to the zone, to Tripoli, is allowed, and with both the zone
/// is full.
#[test]
fn a_second_line_is_allowed_when_the_first_lands_in_an_enemy_zoc() {
    let mut g = load(ZOC_LANDING);
    initial(&mut g, Side::Axis);
    assert_eq!(zone_of(&g, "benghazi").id, zone_of(&g, "tripoli").id, "one zone");

    let mut g = load(ZOC_LANDING);
    submit(&mut g, Side::Axis, &sea_supply(vec![line("naples", "benghazi")]));
    g.step_phase();
    expect_units(&g, &[("ita-benghazi", Full), ("ita-inland", Isolated), ("ita-tripoli", Isolated)]);

    let mut g = load(ZOC_LANDING);
    submit(&mut g, Side::Axis, &sea_supply(vec![line("naples", "benghazi"), line("naples", "tripoli")]));
    g.step_phase();
    assert_eq!(sea_log(&g).lines.len(), 2);
    assert!(sea_log(&g).lines.iter().all(|l| !l.disrupted));
    expect_units(&g, &[("ita-benghazi", Full), ("ita-inland", Full), ("ita-tripoli", Full)]);
}

/// SUP-094: once a line lands free of enemy ZOC, a second line to the zone
/// is refused, as is a second line to the same landing.
#[test]
fn a_second_line_is_refused_when_the_first_lands_free_of_enemy_zoc() {
    let mut g = load(ZOC_LANDING);
    for lines in [
        vec![line("naples", "tripoli"), line("naples", "benghazi")],
        vec![line("naples", "benghazi"), line("naples", "benghazi")],
    ] {
        let to = lines[1].to.clone();
        match refused_batch(&mut g, Side::Axis, &sea_supply(lines)) {
            OrderError::ZoneAlreadySupplied { line, at, why, .. } => {
                assert_eq!((line, at.as_str()), (1, to.as_str()));
                assert!(why.to_string().contains("SUP-094"), "{why}");
            }
            e => panic!("unexpected error {e:?}"),
        }
    }
    // The default plan: one line, to Tripoli, which supplies the zone.
    let plan = g.default_sea_plan();
    assert_eq!(plan.len(), 1, "{plan:?}");
    assert_eq!(plan[0].to, node(&g, "tripoli"));
    g.step_phase();
    expect_units(&g, &[("ita-benghazi", Full), ("ita-inland", Full), ("ita-tripoli", Full)]);
}

// ------------------------------------------- SUP-022: the U.S. box, neutral

const NEUTRAL_US: &str = "scenarios/awaw/sea/neutral-us-box.ron";

/// SUP-022: while the U.S. is not at war, its box still traces sea supply to
/// Western Europe, protected by British (based in the box, SUP-112) and
/// French (in the Atlantic sw box, SUP-114) naval units.
#[test]
fn neutral_us_box_supplies_western_europe_under_british_and_french_protection() {
    let mut g = load(NEUTRAL_US);
    submit(
        &mut g,
        Side::Allies,
        &sea_supply(vec![
            protected("us-atlantic", "plymouth", &["brit-dd"]),
            protected("us-atlantic", "gibraltar", &["fr-dd"]),
        ]),
    );
    g.step_phase();
    assert_eq!(unit_ids(&line_to(&g, "plymouth").protected_by), ["brit-dd"]);
    assert_eq!(unit_ids(&line_to(&g, "gibraltar").protected_by), ["fr-dd"]);
    expect_units(&g, &[("brit-plymouth", Full), ("brit-gibraltar", Full), ("brit-malta", Isolated)]);
}

/// SUP-022: meanwhile only British and French naval units may protect its
/// lines: not an Australian destroyer (of the same side), nor an American
/// one (its nation is not at war).
#[test]
fn neutral_us_box_lines_refuse_other_nations_protectors() {
    let mut g = load(NEUTRAL_US);
    for (dd, text) in [("aus-dd", "SUP-022"), ("us-dd", "not at war")] {
        let (unit, role, why) = bad_escort(refused_batch(
            &mut g,
            Side::Allies,
            &sea_supply(vec![protected("us-atlantic", "plymouth", &[dd])]),
        ));
        assert_eq!((unit.as_str(), role.as_str()), (dd, "protect"));
        assert!(why.contains(text), "{dd}: {why}");
    }
    // At war, both may (and the line may go on into the Mediterranean).
    let mut g = load_variant(NEUTRAL_US, "(nation: \"usa\", status: Neutral)", "(nation: \"usa\", status: Active)");
    submit(
        &mut g,
        Side::Allies,
        &sea_supply(vec![
            protected("us-atlantic", "plymouth", &["aus-dd"]),
            protected("us-atlantic", "gibraltar", &["us-dd"]),
        ]),
    );
}

/// SUP-022: while the U.S. is not at war its box supplies Western Europe
/// only: a line through Gibraltar to Malta is refused; at war it is the
/// Atlantic box's line into the Mediterranean (SUP-079), and Malta is
/// supplied.
#[test]
fn neutral_us_box_supplies_western_europe_only() {
    let to_malta = sea_supply(vec![line_via("us-atlantic", &["gibraltar"], "malta")]);
    let mut g = load(NEUTRAL_US);
    expect_bad_termination(&refused_batch(&mut g, Side::Allies, &to_malta), None, "malta", "SUP-022");
    assert!(g.default_sea_plan().iter().all(|l| l.to != node(&g, "malta")), "nor does the default plan try");

    let mut g = load_variant(NEUTRAL_US, "(nation: \"usa\", status: Neutral)", "(nation: \"usa\", status: Active)");
    submit(&mut g, Side::Allies, &to_malta);
    g.step_phase();
    assert!(line_to(&g, "malta").path.contains(&node(&g, "gibraltar")));
    expect_units(&g, &[("brit-malta", Full)]);
}

// ----------------------------------------- SUP-081: fronts of the boxes' supply

const SOUTH_AFRICA: &str = "scenarios/awaw/sea/south-africa-front.ron";
const INDIA: &str = "scenarios/awaw/sea/india-front.ron";

/// The Middle East plan on the fronts map: Suez from the South Africa box,
/// Gibraltar from Alexandria.
fn south_africa_plan() -> Orders {
    sea_supply(vec![line("south-africa", "suez"), line("alexandria", "gibraltar")])
}

/// SUP-081: the South Africa box's full supply spreads over the
/// Mediterranean front only; beyond it, by land or by a line from
/// Alexandria, there is only Cairo's partial supply (SUP-086).
#[test]
fn south_africa_supply_stays_on_the_mediterranean_front() {
    let mut g = load(SOUTH_AFRICA);
    submit(&mut g, Side::Allies, &south_africa_plan());
    g.step_phase();
    expect_units(&g, &[("brit-suez", Full), ("brit-alex", Full), ("brit-west", Partial), ("brit-gibraltar", Partial)]);
    expect_hexes(&g, &[("c5", HexStatus::Full), ("c4", HexStatus::Partial)]);
    let gib = line_to(&g, "gibraltar");
    assert!(!gib.disrupted);
    assert!(!gib.carried.is_empty() && gib.carried.iter().all(|c| c.1 == Tier::Partial), "{:?}", gib.carried);

    // All on one front, the same plan supplies everything fully.
    let mut g = load_variant(SOUTH_AFRICA, "front: \"western\"", "front: \"mediterranean\"");
    submit(&mut g, Side::Allies, &south_africa_plan());
    g.step_phase();
    expect_units(&g, &[("brit-suez", Full), ("brit-alex", Full), ("brit-west", Full), ("brit-gibraltar", Full)]);
}

/// SUP-081: the India box's supply may not extend into Australia: a line
/// from the zone it supplied carries none of it there, and a line from the
/// box straight to Darwin is refused.
#[test]
fn india_supply_does_not_extend_into_australia() {
    let mut g = load(INDIA);
    expect_bad_termination(
        &refused_batch(&mut g, Side::Allies, &sea_supply(vec![line("india", "darwin")])),
        None,
        "darwin",
        "SUP-081",
    );
    let plan = sea_supply(vec![line("india", "rangoon"), line("akyab", "darwin")]);
    submit(&mut g, Side::Allies, &plan);
    g.step_phase();
    expect_units(&g, &[("brit-rangoon", Full), ("aus-darwin", Isolated), ("aus-outback", Isolated)]);
    assert!(line_to(&g, "darwin").carried.is_empty(), "nothing of India's supply lands in Australia");
    // Nor does the default plan send India's supply there.
    let mut g = load(INDIA);
    assert!(g.default_sea_plan().iter().all(|l| l.to != node(&g, "darwin")));

    // Were Darwin on the same front, the same lines would supply it.
    let mut g = load_variant(INDIA, "front: \"australia\"", "front: \"southeast-asia\"");
    submit(&mut g, Side::Allies, &plan);
    g.step_phase();
    expect_units(&g, &[("brit-rangoon", Full), ("aus-darwin", Full), ("aus-outback", Full)]);
}

/// SUP-116: the destroyer in the Indian Ocean sw box may protect the line to
/// Suez, not a line from Alexandria to Gibraltar (SUP-118, SUP-119).
#[test]
fn the_indian_ocean_sw_box_protects_lines_to_suez_only() {
    let mut g = load(SOUTH_AFRICA);
    let plan = sea_supply(vec![line("south-africa", "suez"), protected("alexandria", "gibraltar", &["brit-dd-io"])]);
    let (unit, _, why) = bad_escort(refused_batch(&mut g, Side::Allies, &plan));
    assert_eq!(unit, "brit-dd-io");
    assert!(why.contains("SUP-111..119"), "{why}");
    submit(&mut g, Side::Allies, &sea_supply(vec![protected("south-africa", "suez", &["brit-dd-io"])]));
    g.step_phase();
    assert_eq!(unit_ids(&line_to(&g, "suez").protected_by), ["brit-dd-io"]);
}

// ---------------------------------------- SUP-144, SUP-145: operational bases

const BASES: &str = "scenarios/awaw/sea/bases.ron";

/// Steps until `side` is about to play `phase`.
#[track_caller]
fn step_to(g: &mut Game, side: Side, phase: PhaseId) {
    for _ in 0..32 {
        if g.clock().side == side && g.next_phase() == Some(phase) {
            return;
        }
        g.step_phase();
    }
    panic!("never reached {side:?} {phase}");
}

/// Plays a player turn of `side` that declines sea supply and redeploys
/// `unit` to `to`.
fn turn_redeploying(g: &mut Game, side: Side, unit: &str, to: &str) {
    step_to(g, side, INITIAL_SUPPLY);
    submit(g, side, &sea_supply(Vec::new()));
    step_to(g, side, CONSTRUCTION_REDEPLOYMENT);
    submit(g, side, &Orders::of([OpsOrder::Redeploy { unit: unit.into(), to: to.into() }]));
    g.step_phase();
}

/// SUP-144, SUP-145: a destroyer redeployed into partially supplied Truk
/// and an air unit redeployed into partially supplied Lae keep their own
/// full supply, but their bases are not operational: the one may not protect
/// a line, the other may not attack one; units in operational bases may.
#[test]
fn units_in_bases_that_are_not_operational_may_not_protect_or_attack() {
    let mut g = load(BASES);
    turn_redeploying(&mut g, Side::Axis, "jdd-moved", "truk");
    expect_hexes(&g, &[("kagoshima", HexStatus::Full), ("truk", HexStatus::Partial)]);
    turn_redeploying(&mut g, Side::Allies, "us-air-moved", "lae");
    expect_hexes(&g, &[("port-moresby", HexStatus::Full), ("lae", HexStatus::Partial)]);
    step_to(&mut g, Side::Axis, INITIAL_SUPPLY);
    assert_eq!(g.clock().turn, 9);
    expect_units(&g, &[("jdd-moved", Full), ("us-air-moved", Full)]);

    let to_saipan = |protect: &[&str]| {
        sea_supply(vec![SeaLineOrder { protect: strings(protect), ..line_via("kagoshima", &["truk"], "saipan") }])
    };
    let (unit, role, why) = bad_escort(refused_batch(&mut g, Side::Axis, &to_saipan(&["jdd-moved"])));
    assert_eq!((unit.as_str(), role.as_str()), ("jdd-moved", "protect"));
    assert!(why.contains("not operational") && why.contains("SUP-144"), "{why}");
    submit(&mut g, Side::Axis, &to_saipan(&["jdd-home"]));

    let (unit, role, why) = bad_escort(refused_batch(&mut g, Side::Allies, &intercept(0, &["us-air-moved"])));
    assert_eq!((unit.as_str(), role.as_str()), ("us-air-moved", "attack"));
    assert!(why.contains("not operational") && why.contains("SUP-145"), "{why}");
    submit(&mut g, Side::Allies, &intercept(0, &["us-air-home"]));
    g.step_phase();
    let l = line_to(&g, "saipan");
    assert_eq!(unit_ids(&l.protected_by), ["jdd-home"]);
    assert_eq!(unit_ids(&l.attacked_by), ["us-air-home"]);
    assert!(l.rolls.is_some());
}

/// SUP-115: the destroyer in the Pacific sw box may protect a western allied
/// line on the Pacific front (to Suva), not one to the Australian front (to
/// Noumea, SUP-118, SUP-119).
#[test]
fn the_pacific_sw_box_protects_western_allied_lines_on_the_pacific_front() {
    let mut g = load(PACIFIC_US);
    let to = |port: &str| {
        sea_supply(vec![SeaLineOrder { protect: strings(&["us-dd-sw"]), ..line_via("us-pacific", &["hilo"], port) }])
    };
    let (unit, _, why) = bad_escort(refused_batch(&mut g, Side::Allies, &to("noumea")));
    assert_eq!(unit, "us-dd-sw");
    assert!(why.contains("SUP-111..119"), "{why}");
    submit(&mut g, Side::Allies, &to("suva"));
    g.step_phase();
    assert_eq!(unit_ids(&line_to(&g, "suva").protected_by), ["us-dd-sw"]);
    expect_units(&g, &[("brit-suva", Full)]);
}

/// SUP-139: sea supply declined at initial determination may not be traced
/// to the same zone at post-combat determination, and the default plan does
/// not try; had it been traced, the zone would have been supplied.
#[test]
fn sea_supply_declined_at_initial_determination_is_refused_at_post_combat() {
    let mut g = load(BASES);
    submit(&mut g, Side::Axis, &sea_supply(Vec::new()));
    g.step_phase();
    expect_units(&g, &[("jap-saipan", Isolated)]);
    step_to(&mut g, Side::Axis, POST_COMBAT_SUPPLY);
    match refused_batch(&mut g, Side::Axis, &sea_supply(vec![line("kagoshima", "saipan")])) {
        OrderError::ZoneAlreadySupplied { at, why, .. } => {
            assert_eq!(at, "saipan");
            assert!(why.to_string().contains("declined") && why.to_string().contains("SUP-139"), "{why}");
        }
        e => panic!("unexpected error {e:?}"),
    }
    assert!(g.default_sea_plan().is_empty(), "{:?}", g.default_sea_plan());
    g.step_phase();
    assert!(sea_log(&g).lines.is_empty());
    expect_units(&g, &[("jap-saipan", Isolated)]);

    // Not declined, the same line supplies Saipan at initial determination.
    let mut g = load(BASES);
    submit(&mut g, Side::Axis, &sea_supply(vec![line("kagoshima", "saipan")]));
    g.step_phase();
    expect_units(&g, &[("jap-saipan", Full)]);
}
