//! Land supply scenarios: armor adjacency (SUP-058), limited sources
//! (SUP-037, SUP-045, SUP-148) and cooperation between nations
//! (SUP-050..053).

use crate::common;

use common::*;
use quartermaster::prelude::*;

const ARMOR: &str = "scenarios/awaw/armor-adjacency.ron";
const LIMITED: &str = "scenarios/awaw/limited-sources.ron";
const COOP: &str = "scenarios/awaw/cooperation.ron";
const COOP_CC_RUSSIAN_ALLY: &str = "scenarios/awaw/cooperation-cc-russian-ally.ron";
const COOP_CHINESE: &str = "scenarios/awaw/cooperation-chinese-cooperation.ron";

/// A single refusal, as [`refused`] lists it.
fn refusal(source: &str, why: SourceRefusal) -> Vec<(String, SourceRefusal)> {
    vec![(source.to_string(), why)]
}

/// The tier of a unit's supply line, if it has one.
fn line_tier(g: &Game, id: &str) -> Option<Tier> {
    supply(g, id).line.map(|l| l.tier)
}

/// Asserts a unit's line: its source, its tier and its hexes.
#[track_caller]
fn expect_line(g: &Game, id: &str, source: &str, tier: Tier, hexes: &[&str]) {
    let why = g.explain(id).unwrap_or_default();
    assert_eq!(line_source(g, id).as_deref(), Some(source), "{why}");
    assert_eq!(line_tier(g, id), Some(tier), "{why}");
    assert_eq!(line_labels(g, id), hexes, "{why}");
}

fn zoc(ids: &[&str]) -> BlockReason {
    BlockReason::Zoc(ids.iter().map(|u| UnitId::new(*u)).collect())
}

fn nation(g: &Game, key: &str) -> NationId {
    g.spec().ruleset.nation_by_key(key).unwrap_or_else(|| panic!("no nation `{key}`"))
}

// ------------------------------------------------------------ armor adjacency

/// SUP-058, SUP-057 (case a): a unit next to its source, both in the zone of
/// control of the same enemy armor, with the only detour hex in another enemy
/// zone, is isolated, and so is its hex; the explanation names the armor.
#[test]
fn armor_adjacency_isolates_a_unit_next_to_its_source() {
    let mut g = load(ARMOR);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("brit-a", UnitStatus::Isolated)]);
    expect_hexes(&g, &[("b3", HexStatus::Unsupplied), ("trap-depot", HexStatus::Full)]);
    assert_eq!(
        sources_refused(&g, "brit-a"),
        refusal("b2:wa-unlimited", SourceRefusal::ArmorAdjacency(UnitId::new("ger-a-pz")))
    );
    let b = blocks(&g, "brit-a");
    // SUP-057: the source in b2 is in an enemy zone of control but still
    // supplies; it is no blocker (its refusal, SUP-058, says why).
    assert!(!b.iter().any(|x| x.0 == "b2"), "{b:?}");
    assert!(b.contains(&("a3".into(), zoc(&["ger-a-inf"]))), "{b:?}");
    assert!(b.contains(&("c3".into(), BlockReason::EnemyControl(nation(&g, "germany")))), "{b:?}");
    let text = g.explain("brit-a").expect("explained");
    assert!(text.contains("isolated") && text.contains("ger-a-pz") && text.contains("SUP-058"), "{text}");
}

/// SUP-058 (case b): the line may leave the source through a hex free of
/// enemy zones of control and come back to the unit.
#[test]
fn armor_adjacency_allows_a_detour_free_of_enemy_zoc() {
    let mut g = load(ARMOR);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("brit-b", UnitStatus::Full)]);
    expect_line(&g, "brit-b", "b7:wa-unlimited", Tier::Full, &["b7", "a8", "b8"]);
    expect_hexes(&g, &[("b8", HexStatus::Full)]);
}

/// SUP-058 (case c): the restriction is for enemy armor only; with enemy
/// infantry next to both, the unit traces directly from the source
/// (SUP-057: the source and the unit may be in an enemy zone).
#[test]
fn armor_adjacency_is_armor_only() {
    let mut g = load(ARMOR);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("brit-c", UnitStatus::Full)]);
    expect_line(&g, "brit-c", "b12:wa-unlimited", Tier::Full, &["b12", "b13"]);
}

/// SUP-058 (case d), ruling 7: enemy zones of control do not extend into a
/// fortified source, so the restriction does not apply.
#[test]
fn armor_adjacency_spares_a_fortified_source() {
    let mut g = load(ARMOR);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("brit-d", UnitStatus::Full)]);
    expect_line(&g, "brit-d", "b17:wa-unlimited", Tier::Full, &["b17", "b18"]);
    expect_hexes(&g, &[("fort-depot", HexStatus::Full), ("b18", HexStatus::Full)]);
}

/// SUP-058 (case e), SUP-057: a line may be traced through a fortified hex
/// next to enemy armor; the same hex unfortified is in the armor's zone and
/// passes nothing on.
#[test]
fn a_line_passes_a_fortified_hex_next_to_armor() {
    let mut g = load(ARMOR);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("brit-e", UnitStatus::Full), ("brit-e2", UnitStatus::Isolated)]);
    // b23 is `line-fort`.
    expect_line(&g, "brit-e", "b22:wa-unlimited", Tier::Full, &["b22", "b23", "b24"]);
    let b = blocks(&g, "brit-e2");
    assert!(b.contains(&("b29".into(), zoc(&["ger-e2-pz"]))), "{b:?}");
    expect_hexes(&g, &[("b24", HexStatus::Full), ("b30", HexStatus::Unsupplied)]);
}

/// SUP-058 (case f): the source and the unit must be in the zone of the
/// *same* armor unit; two different armor units do not forbid the hop.
#[test]
fn armor_adjacency_needs_the_same_armor_unit() {
    let mut g = load(ARMOR);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("brit-f", UnitStatus::Full)]);
    expect_line(&g, "brit-f", "b34:wa-unlimited", Tier::Full, &["b34", "b35"]);
}

/// SUP-058 with SUP-152 and ruling 7 (case g): partially supplied armor has
/// lost its zone of control, so it neither blocks nor forbids the hop.
#[test]
fn armor_without_its_zoc_does_not_restrict() {
    let mut g = load(ARMOR);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("brit-g", UnitStatus::Full)]);
    expect_line(&g, "brit-g", "b39:wa-unlimited", Tier::Full, &["b39", "b40"]);
}

// ------------------------------------------------------------ limited sources

/// SUP-013, SUP-014, SUP-037, SUP-043, SUP-148..150: a colonial capital is a
/// limited source; ground units of every type it reaches are partially
/// supplied along lines of partial tier, and the armor, whose type loses its
/// mechanized component when not fully supplied, acts as infantry.
#[test]
fn limited_source_partially_supplies_ground_units() {
    let mut g = load(LIMITED);
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[("brit-inf", UnitStatus::Partial), ("brit-arm", UnitStatus::Partial), ("brit-para", UnitStatus::Partial)],
    );
    expect_line(&g, "brit-inf", "c3:colonial-capital", Tier::Partial, &["c3", "c4"]);
    expect_line(&g, "brit-para", "c3:colonial-capital", Tier::Partial, &["c3", "d3"]);
    // SUP-014: not limited to its own hex; the armor is two hexes away.
    expect_line(&g, "brit-arm", "c3:colonial-capital", Tier::Partial, &["c3", "c4", "c5"]);
    // SUP-150: the armor's type loses its mechanized component here.
    let (unit, loc, _) = g.unit("brit-arm").expect("brit-arm");
    let spec = g.spec();
    let def = spec.ruleset.unit_type(unit.kind).expect("unit type");
    let theater = spec.map.node(loc.node).expect("hex").theater;
    assert!(def.armor && def.mechanized);
    assert!(def.mech_loss.as_ref().is_some_and(|m| m.applies(unit.nation, theater)), "{def:?}");
    // Full supply was refused by the limited source only.
    assert_eq!(
        sources_refused(&g, "brit-arm"),
        refusal("c3:colonial-capital", SourceRefusal::NotEligible(Some(Tier::Partial)))
    );
    expect_hexes(&g, &[("cairo", HexStatus::Partial), ("c4", HexStatus::Partial), ("c5", HexStatus::Partial)]);
}

/// SUP-010, SUP-148: air and naval units take the status of their base,
/// which draws only on the limited source: partial.
#[test]
fn air_and_naval_units_take_a_limited_hex_status() {
    let mut g = load(LIMITED);
    initial(&mut g, Side::Allies);
    expect_hexes(&g, &[("b3", HexStatus::Partial), ("alexandria", HexStatus::Partial)]);
    expect_units(&g, &[("raf-air", UnitStatus::Partial), ("rn-dd", UnitStatus::Partial)]);
    assert_eq!(line_tier(&g, "raf-air"), Some(Tier::Partial));
}

/// SUP-045, SUP-047, SUP-014: an industrial centre is a limited source for
/// the units in it only: the unit in it is partial through its own-hex
/// source, the unit next to it, with no other source, is isolated; the IC's
/// hex is partially supplied and its neighbour unsupplied.
#[test]
fn an_ic_supplies_only_units_in_its_hex() {
    let mut g = load(LIMITED);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("ic-inf", UnitStatus::Partial), ("ic-next", UnitStatus::Isolated)]);
    let s = supply(&g, "ic-inf");
    assert_eq!(s.own_hex.map(|src| g.spec().source_key(src).to_string()).as_deref(), Some("c9:ic"));
    assert_eq!(s.line, None);
    assert_eq!(sources_refused(&g, "ic-next"), refusal("c9:ic", SourceRefusal::OwnHexOnly));
    expect_hexes(&g, &[("sheffield", HexStatus::Partial), ("c10", HexStatus::Unsupplied)]);
}

/// SUP-013, SUP-147: a unit that an unlimited and a limited source both
/// reach is fully supplied, even when the limited source is nearer.
#[test]
fn unlimited_source_beats_a_nearer_limited_one() {
    let mut g = load(LIMITED);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("mixed-inf", UnitStatus::Full), ("bham-inf", UnitStatus::Full)]);
    expect_line(&g, "mixed-inf", "c13:wa-capital", Tier::Full, &["c13", "c14", "c15", "c16"]);
    assert_eq!(line_source(&g, "bham-inf").as_deref(), Some("c13:wa-capital"));
    assert_eq!(supply(&g, "mixed-inf").cutoff, None);
    expect_hexes(&g, &[("birmingham", HexStatus::Full), ("c16", HexStatus::Full)]);
}

// ---------------------------------------------------------------- cooperation

/// SUP-050, SUP-025, SUP-027, SUP-029: the Urals box does not supply the
/// British unit next to its entry hex, but fully supplies the Nationalist
/// Chinese, Communist Chinese and Russian units there.
#[test]
fn russian_sources_refuse_western_allied_units() {
    let mut g = load(COOP);
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[
            ("brit-urals", UnitStatus::Isolated),
            ("nc-urals", UnitStatus::Full),
            ("cc-urals", UnitStatus::Full),
            ("sov-urals", UnitStatus::Full),
        ],
    );
    assert_eq!(sources_refused(&g, "brit-urals"), refusal("urals:urals", SourceRefusal::NotEligible(None)));
    expect_line(&g, "nc-urals", "urals:urals", Tier::Full, &["urals", "c2", "c3"]);
    expect_line(&g, "cc-urals", "urals:urals", Tier::Full, &["urals", "c2", "d2"]);
    let text = g.explain("brit-urals").expect("explained");
    assert!(text.contains("urals:urals") && text.contains("does not supply this nation"), "{text}");
}

/// SUP-052, SUP-051, SUP-043: a Japanese unit next to a Russian-held source
/// is isolated; a Russian source that Japan has taken is an Axis (limited)
/// source and partially supplies the Japanese unit next to it.
#[test]
fn japanese_units_may_not_draw_on_russian_sources() {
    let mut g = load(COOP);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("jap-ulan-bator", UnitStatus::Isolated), ("jap-kyzyl", UnitStatus::Partial)]);
    assert_eq!(sources_refused(&g, "jap-ulan-bator"), refusal("c7:colonial-capital", SourceRefusal::NotEligible(None)));
    assert_eq!(blocks(&g, "jap-ulan-bator"), vec![("c7".to_string(), BlockReason::EnemyControl(nation(&g, "russia")))]);
    expect_line(&g, "jap-kyzyl", "c12:colonial-capital", Tier::Partial, &["c12", "c13"]);
    expect_hexes(&g, &[("c8", HexStatus::Unsupplied), ("c13", HexStatus::Partial)]);
    // Ulan Bator does act as a source, for the Russians.
    initial(&mut g, Side::Allies);
    expect_hexes(&g, &[("ulan-bator", HexStatus::Partial)]);
}

/// SUP-053, SUP-028: Chungking gives the British and American units only
/// partial supply, but full supply to the Flying Tigers (an American unit
/// drawing supply as Nationalist Chinese) and to Nationalist Chinese units.
#[test]
fn nationalist_chinese_sources_give_western_allies_partial_supply() {
    let mut g = load(COOP);
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[
            ("brit-chungking", UnitStatus::Partial),
            ("us-chungking", UnitStatus::Partial),
            ("flying-tigers", UnitStatus::Full),
            ("nc-chungking", UnitStatus::Full),
        ],
    );
    expect_line(&g, "brit-chungking", "c17:nc-city", Tier::Partial, &["c17", "c18"]);
    expect_line(&g, "us-chungking", "c17:nc-city", Tier::Partial, &["c17", "c18"]);
    assert_eq!(
        sources_refused(&g, "us-chungking"),
        refusal("c17:nc-city", SourceRefusal::NotEligible(Some(Tier::Partial)))
    );
    // The Flying Tigers, in the same hex, draw as Nationalist Chinese.
    expect_line(&g, "flying-tigers", "c17:nc-city", Tier::Full, &["c17", "c18"]);
    expect_line(&g, "nc-chungking", "c17:nc-city", Tier::Full, &["c17", "b17"]);
}

/// SUP-053, SUP-029: a Western Allied source fully supplies Nationalist
/// Chinese units, and Communist Chinese units while Communist China is not a
/// Russian ally.
#[test]
fn western_allied_sources_supply_chinese_units() {
    let mut g = load(COOP);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("nc-wa", UnitStatus::Full), ("cc-wa", UnitStatus::Full)]);
    expect_line(&g, "nc-wa", "c23:wa-unlimited", Tier::Full, &["c23", "c24"]);
    expect_line(&g, "cc-wa", "c23:wa-unlimited", Tier::Full, &["c23", "d23"]);
}

/// SUP-053, SUP-028, SUP-030: without Chinese cooperation, Nationalist and
/// Communist China do not draw on one another's sources; each still draws
/// on its own.
#[test]
fn chinese_sources_are_not_shared_without_cooperation() {
    let mut g = load(COOP);
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[("cc-chungking", UnitStatus::Isolated), ("nc-yenan", UnitStatus::Isolated), ("cc-yenan", UnitStatus::Full)],
    );
    assert_eq!(sources_refused(&g, "cc-chungking"), refusal("c17:nc-city", SourceRefusal::NotEligible(None)));
    assert_eq!(sources_refused(&g, "nc-yenan"), refusal("c29:cc-city", SourceRefusal::NotEligible(None)));
    expect_line(&g, "cc-yenan", "c29:cc-city", Tier::Full, &["c29", "b29"]);
}

/// SUP-053, SUP-050, SUP-027, SUP-030: with Communist China a Russian minor
/// ally, the Western Allied source no longer supplies it, while the Urals
/// box and its own city Yenan still do; Nationalist China is unaffected.
#[test]
fn communist_china_as_a_russian_ally_loses_western_allied_supply() {
    let mut g = load(COOP_CC_RUSSIAN_ALLY);
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[
            ("cc-wa", UnitStatus::Isolated),
            ("cc-urals", UnitStatus::Full),
            ("cc-yenan", UnitStatus::Full),
            ("cc-chungking", UnitStatus::Isolated),
            ("nc-wa", UnitStatus::Full),
            ("nc-urals", UnitStatus::Full),
        ],
    );
    assert_eq!(sources_refused(&g, "cc-wa"), refusal("c23:wa-unlimited", SourceRefusal::NotEligible(None)));
    assert_eq!(line_source(&g, "cc-urals").as_deref(), Some("urals:urals"));
    assert_eq!(line_source(&g, "cc-yenan").as_deref(), Some("c29:cc-city"));
}

/// SUP-053: with the `chinese-cooperation` flag, Nationalist and Communist
/// China draw full supply from one another's sources; Western Allied units
/// are supplied as before (SUP-050).
#[test]
fn chinese_cooperation_shares_chinese_sources() {
    let mut g = load(COOP_CHINESE);
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[
            ("cc-chungking", UnitStatus::Full),
            ("nc-yenan", UnitStatus::Full),
            ("brit-chungking", UnitStatus::Partial),
            ("brit-urals", UnitStatus::Isolated),
        ],
    );
    expect_line(&g, "cc-chungking", "c17:nc-city", Tier::Full, &["c17", "d17"]);
    expect_line(&g, "nc-yenan", "c29:cc-city", Tier::Full, &["c29", "c30"]);
}
