//! Issue 9: Phase 12, Collect Resources (COL-004..008) on territory maps.
//! One small scenario per clause under `scenarios/wteaw/`, with exact
//! numbers; `qm collect --json`; bad data at `file:line:col`.

use crate::common;

use common::*;
use qm_cli::collect::play_collection;
use quartermaster::collect::{CollectError, CollectOrder, IncomeStatement, LineStatus, TradeOutcome};
use quartermaster::prelude::*;

/// Runs the collection phase of the scenario with `seed` and returns the
/// statement of `nation`.
fn collect_seeded(rel: &str, seed: u64, nation: &str) -> IncomeStatement {
    let mut g = load_seeded(rel, seed);
    statement_of(&mut g, nation)
}

fn collect(rel: &str, nation: &str) -> IncomeStatement {
    collect_seeded(rel, 1, nation)
}

fn statement_of(g: &mut Game, nation: &str) -> IncomeStatement {
    let made = play_collection(g).expect("a collection phase");
    made.into_iter().find(|s| s.nation == nation).unwrap_or_else(|| panic!("no statement for {nation}"))
}

/// `(id, value, counted, line ok)` of every territory line.
fn rows(s: &IncomeStatement) -> Vec<(&str, u32, u32, bool)> {
    s.territories.iter().map(|t| (t.id.as_str(), t.value, t.counted, t.line == LineStatus::Ok)).collect()
}

/// Every point is saved or explained as lost: values plus trade equal the
/// total plus what the statement lists as lost.
fn accounts_for_every_point(s: &IncomeStatement) {
    let values: u32 = s.territories.iter().map(|t| t.value).sum();
    let trade: u32 = s.naval_trade.iter().map(|z| z.points).sum();
    assert_eq!(values + trade, s.total + s.lost(), "{s:?}");
    for t in s.territories.iter().filter(|t| t.line == LineStatus::Cut) {
        assert!(t.blocked_by.is_some() && t.via.is_none(), "a cut line names its blocker: {t:?}");
        assert_eq!(s.line_of(&t.id), None, "a cut line has no line: {t:?}");
    }
}

#[test]
fn a_cut_off_territory_loses_its_resources() {
    let s = collect("scenarios/wteaw/cut-off.ron", "france");
    assert_eq!(rows(&s), [("lorraine", 3, 0, false), ("paris", 5, 5, true), ("picardy", 2, 2, true)]);
    let lorraine = s.territory("lorraine").expect("lorraine");
    assert_eq!(lorraine.blocked_by.as_deref(), Some("champagne"));
    assert_eq!(s.line_of("picardy"), Some(vec!["paris".into(), "picardy".into()]));
    assert_eq!(s.territory("picardy").and_then(|t| t.via.as_deref()), Some("paris"));
    assert_eq!((s.saved_at("france"), s.total, s.lost()), (7, 7, 3));
    accounts_for_every_point(&s);
}

#[test]
fn a_colony_saves_at_the_colony_while_the_way_home_is_closed() {
    let s = collect("scenarios/wteaw/colony.ron", "britain");
    assert_eq!(rows(&s), [("bengal", 3, 3, true), ("delhi", 4, 4, true), ("kent", 2, 2, true), ("london", 5, 5, true)]);
    let at = |k: &str| s.territory(k).and_then(|t| t.saved_at.clone());
    assert_eq!((at("delhi"), at("bengal")), (Some("british-india".into()), Some("british-india".into())));
    // Delhi is a city of British India, a supply center itself: its line
    // starts and ends there (it read "bengal - delhi" while the flood let a
    // neighbour center's push reach it before its own seed, COL-005).
    assert_eq!(s.line_of("delhi"), Some(vec!["delhi".into()]));
    assert_eq!(s.territory("delhi").map(|t| t.via.clone()), Some(None));
    assert_eq!((s.saved_at("british-india"), s.saved_at("britain"), s.total), (7, 7, 14));
    accounts_for_every_point(&s);
}

#[test]
fn an_island_saves_where_the_map_says() {
    let s = collect("scenarios/wteaw/island.ron", "britain");
    let malta = s.territory("malta").expect("malta");
    assert_eq!((malta.saved_at.as_deref(), malta.counted), (Some("egypt"), 1));
    assert_eq!(s.line_of("malta").expect("traced"), ["cairo", "central-med", "malta"]);
    assert_eq!(malta.via.as_deref(), Some("central-med"));
    assert_eq!((s.saved_at("egypt"), s.saved_at("britain"), s.total), (4, 5, 9));
    accounts_for_every_point(&s);
}

#[test]
fn conquered_one_one_one_two_counts_three_not_four() {
    let s = collect("scenarios/wteaw/conquered.ron", "germany");
    assert_eq!((s.conquered_sum, s.conquered_counted), (5, 3));
    let conquered: Vec<&str> = s.territories.iter().filter(|t| t.conquered).map(|t| t.id.as_str()).collect();
    assert_eq!(conquered, ["flanders", "liege", "lille", "namur"]);
    // Rounding each territory would give 1 + 1 + 1 + 1 = 4.
    let per_territory: u32 = s.territories.iter().filter(|t| t.conquered).map(|t| t.value.div_ceil(2)).sum();
    assert_eq!(per_territory, 4);
    assert_eq!((s.saved_at("germany"), s.total, s.lost()), (8, 8, 2));
    accounts_for_every_point(&s);
}

#[test]
fn a_gifted_territory_counts_at_full_value() {
    let s = collect("scenarios/wteaw/gifted.ron", "italy");
    let trieste = s.territory("trieste").expect("trieste");
    assert_eq!((trieste.value, trieste.counted, trieste.conquered), (2, 2, false));
    assert_eq!((s.conquered_sum, s.total), (0, 6));
}

#[test]
fn a_surface_raider_blocks_a_trade_zone() {
    let s = collect("scenarios/wteaw/raider.ron", "britain");
    let zones: Vec<(&str, u32, TradeOutcome, u32, Option<&str>)> = s
        .naval_trade
        .iter()
        .map(|z| (z.zone.as_str(), z.points, z.outcome, z.collected, z.blocked_by.as_deref()))
        .collect();
    assert_eq!(
        zones,
        [
            ("channel", 2, TradeOutcome::Collected, 2, None),
            ("north-sea", 3, TradeOutcome::Blocked, 0, Some("ger-cruiser")),
        ]
    );
    assert_eq!((s.total, s.lost()), (7, 3));
    accounts_for_every_point(&s);
}

const CONVOY: &str = "scenarios/wteaw/convoy.ron";

#[test]
fn a_submarine_triggers_a_convoy_battle_with_seeded_dice() {
    let mut sunk_somewhere = false;
    for seed in 1..=40 {
        let a = collect_seeded(CONVOY, seed, "britain");
        let b = collect_seeded(CONVOY, seed, "britain");
        assert_eq!(a, b, "seed {seed}: the same seed gives the same dice");
        let z = &a.naval_trade[0];
        assert_eq!(z.outcome, TradeOutcome::ConvoyBattle);
        // Ruling 5, independently: one escort die; a 1 drives off one of the
        // two submarines; each remaining submarine sinks a point on 1 or 2.
        assert_eq!(z.escort_rolls.len(), 1);
        assert!(z.escort_rolls.iter().chain(&z.rolls).all(|r| (1..=6).contains(r)));
        let driven_off = usize::from(z.escort_rolls[0] == 1);
        assert_eq!(z.rolls.len(), 2 - driven_off);
        let sunk = z.rolls.iter().filter(|&&r| r <= 2).count() as u32;
        assert_eq!(z.collected, 4 - sunk);
        assert_eq!(a.total, 5 + z.collected);
        accounts_for_every_point(&a);
        sunk_somewhere |= sunk > 0;
    }
    assert!(sunk_somewhere, "some seed of forty sinks a convoy point");
}

#[test]
fn the_submarines_owner_may_decline_to_attack() {
    let mut g = load(CONVOY);
    let zone = CollectOrder::DeclineConvoyAttack { zone: "western-approaches".into() };
    g.submit(Side::Axis, &orders(vec![zone])).expect("Germany has submarines there");
    let s = statement_of(&mut g, "britain");
    let z = &s.naval_trade[0];
    assert_eq!((z.outcome, z.collected, z.rolls.len()), (TradeOutcome::Declined, 4, 0));
    assert_eq!(s.total, 9);
}

/// A family's refusal: its family and message. (`OrderError::rule` does not
/// downcast on main as of this writing: it calls `as_any` on the `Arc`, not
/// on the error inside, so the typed error is compared by its text.)
fn family_error(err: &OrderError) -> (&'static str, String) {
    match err {
        OrderError::Rule { family, error, .. } => (family, error.to_string()),
        other => panic!("not a family's refusal: {other}"),
    }
}

#[test]
fn a_decline_without_a_submarine_in_the_zone_is_refused_and_changes_nothing() {
    let mut g = load(CONVOY);
    let before = g.checksum();
    let zone = CollectOrder::DeclineConvoyAttack { zone: "western-approaches".into() };
    let err = g.submit(Side::Allies, &orders(vec![zone])).expect_err("Britain has no submarine there");
    assert_eq!(
        family_error(&err),
        (
            "wteaw-collect",
            CollectError::NoSubmarine { side: Side::Allies, zone: "western-approaches".into() }.to_string()
        )
    );
    let land = CollectOrder::DeclineConvoyAttack { zone: "london".into() };
    let err = g.submit(Side::Axis, &orders(vec![land])).expect_err("not a sea zone");
    assert_eq!(family_error(&err), ("wteaw-collect", CollectError::NotASeaZone("london".into()).to_string()));
    assert_eq!(g.checksum(), before);
    // The battle still happens.
    assert_eq!(statement_of(&mut g, "britain").naval_trade[0].outcome, TradeOutcome::ConvoyBattle);
}

#[test]
fn lines_pass_neutral_allied_and_submarine_zones_and_an_enemy_warship_cuts() {
    let s = collect("scenarios/wteaw/sea-lines.ron", "britain");
    assert_eq!(
        rows(&s),
        [("jersey", 1, 1, true), ("london", 5, 5, true), ("orkney", 1, 1, true), ("scilly", 2, 0, false)]
    );
    assert_eq!(s.line_of("jersey"), Some(vec!["london".into(), "channel".into(), "jersey".into()]));
    assert_eq!(s.line_of("orkney"), Some(vec!["london".into(), "north-sea".into(), "orkney".into()]));
    assert_eq!(s.territory("scilly").and_then(|t| t.blocked_by.clone()).as_deref(), Some("celtic-sea (ger-cruiser)"));
    assert_eq!((s.total, s.lost()), (7, 2));
    accounts_for_every_point(&s);
}

#[test]
fn the_statement_is_kept_in_the_families_state_section() {
    let mut a = load("scenarios/wteaw/sea-lines.ron");
    play_collection(&mut a);
    let state = a.state();
    let section = state.sections.get("wteaw-collect").expect("the family's section");
    assert_eq!(section["statements"][0]["nation"], "britain");
    assert_eq!(section["statements"][0]["total"], 7);
    // Saved and restored alike.
    let b = Game::restore(&a.snapshot());
    assert_eq!(a.checksum(), b.checksum());
}

#[test]
fn qm_collect_prints_the_income_statement_as_json() {
    let file = path("scenarios/wteaw/conquered.ron").display().to_string();
    let v = json(&["collect", &file, "--json"]);
    assert_eq!(v["format"], "qm-collect/2");
    assert_eq!(v["nation"], "germany");
    assert_eq!(v["turn"], 1);
    assert_eq!((v["conquered_sum"].as_u64(), v["conquered_counted"].as_u64()), (Some(5), Some(3)));
    assert_eq!(v["total"], 8);
    assert_eq!(v["saved"][0]["place"], "germany");
    assert_eq!(v["saved"][0]["amount"], 8);
    let lille = v["territories"].as_array().and_then(|a| a.iter().find(|t| t["id"] == "lille")).expect("lille");
    assert_eq!((lille["value"].as_u64(), lille["counted"].as_u64()), (Some(2), Some(0)));
    assert_eq!((lille["line"].as_str(), lille["conquered"].as_bool()), (Some("ok"), Some(true)));
    assert!(v["middle_east"].is_null());

    let file = path("scenarios/wteaw/raider.ron").display().to_string();
    let v = json(&["collect", &file, "--nation", "britain", "--json"]);
    assert_eq!(v["naval_trade"][1]["outcome"], "blocked");
    assert_eq!(v["naval_trade"][1]["blocked_by"], "ger-cruiser");
    let (code, out, _) = qm(&["collect", &file]);
    assert_eq!(code, 0);
    assert!(out.contains("blocked by ger-cruiser") && out.contains("total 7 (lost 3)"), "{out}");
    let (code, _, err) = qm(&["collect", &file, "--nation", "germany"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn every_collection_scenario_passes_qm_check() {
    for f in ["cut-off", "colony", "island", "conquered", "gifted", "raider", "convoy", "sea-lines"] {
        let file = path(&format!("scenarios/wteaw/{f}.ron")).display().to_string();
        let (code, _, err) = qm(&["check", &file]);
        assert_eq!(code, 0, "{f}: {err}");
    }
}

#[test]
fn bad_collection_data_is_reported_at_its_token() {
    let bad = "tests/fixtures/bad/collect.ron";
    let err = quartermaster::scenario::load(path(bad)).expect_err("bad data does not load");
    let got: Vec<(u32, u32, &str)> = err.diagnostics.iter().map(|d| (d.line, d.col, d.message.as_str())).collect();
    assert_eq!(
        got,
        [
            (8, 64, "resource value 120 out of range 0..=99"),
            (10, 76, "`malta` saves at `london`, which is not a colony or homeland"),
            (11, 47, "unknown nation `atlantis` trading in `malta-sea`"),
            (12, 62, "land territory `kent` has no naval trade"),
        ]
    );
}

/// `qm check` on a bad fixture: exit 1 and, for each `(needle, message)`,
/// a line `FILE:LINE:COL: message` at the first occurrence of the needle.
fn check_reports(fixture: &str, want: &[(&str, &str)]) {
    let file = path(&format!("tests/fixtures/bad/{fixture}")).display().to_string();
    let text = std::fs::read_to_string(&file).expect("fixture");
    let (code, _, err) = qm(&["check", &file]);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with(&file)).collect();
    assert_eq!(lines.len(), want.len(), "{err}");
    for (line, (needle, message)) in lines.iter().zip(want) {
        let byte = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in {fixture}"));
        let before = &text[..byte];
        let row = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        assert_eq!(*line, format!("{file}:{row}:{col}: {message}"), "{err}");
    }
}

#[test]
fn a_trade_zone_or_territory_not_on_the_map_is_reported_at_its_token() {
    check_reports(
        "collect-not-on-map.ron",
        &[
            ("\"calais\"", "unknown territory `calais` adjacent to `london`"),
            ("\"dogger-bank\"", "unknown territory or sea zone `dogger-bank` in unit `u-9`"),
        ],
    );
}

#[test]
fn routing_to_a_non_colony_of_the_owner_is_reported_at_its_token() {
    check_reports(
        "collect-routing.ron",
        &[
            ("\"cairo\", adjacent", "`malta` saves at `cairo`, which is not a colony or homeland"),
            (
                "\"egypt\", adjacent",
                "`rhodes` saves at `egypt`, a colony of britain, not a colony or homeland of its owner",
            ),
        ],
    );
}

#[test]
fn a_territory_or_sea_zone_adjacent_to_itself_is_reported_at_its_token() {
    check_reports(
        "collect-self-adjacent.ron",
        &[
            ("\"london\"]", "territory `london` is adjacent to itself"),
            ("\"north-sea\"]", "territory `north-sea` is adjacent to itself"),
        ],
    );
}

#[test]
fn values_out_of_range_are_reported_at_their_token() {
    check_reports(
        "collect-range.ron",
        &[
            ("100", "resource value 100 out of range 0..=99"),
            ("(\"germany\", 500)", "naval trade 500 of `germany` in `north-sea` out of range 0..=99"),
        ],
    );
}

/// The nations of a side share one flood (`shared_lines`): their
/// statements equal those of one flood per nation (the oracle), the same
/// lines cut and counted, each line as short and starting at a supply
/// center of its saving place, on the 1914 map and on generated maps.
#[test]
fn one_flood_per_side_gives_each_nation_its_own_statement() {
    use quartermaster::collect::income::{collect_income, collect_income_on, shared_lines};
    use quartermaster::collect::lines::supply_centers;
    use quartermaster::core::rng::GameRng;
    use quartermaster::scenario::generate_territories::{TerritoryParams, generate_territories};
    let mut games = vec![load("scenarios/wteaw/europe-1914.ron")];
    for seed in [1, 2, 3] {
        let compiled = generate_territories(TerritoryParams { territories: 900, seed }).expect("compiles");
        games.push(Game::from_compiled(compiled, seed).expect("builds"));
    }
    let none = |_: Side, _: NodeId| false;
    for mut g in games {
        let board = quartermaster::collect::Board::from_world(g.world_mut()).expect("a board");
        let map = &board.spec.map;
        for side in [Side::Axis, Side::Allies] {
            let nations = board.nations_of(side);
            let shared = shared_lines(&board, &nations).expect("one side, few places");
            for n in nations {
                let one = collect_income_on(&board, n, &shared, 1, &none, &mut GameRng::seeded(7));
                let own = collect_income(&board, n, 1, &none, &mut GameRng::seeded(7));
                let (lines_one, lines_own) = (one.parents(), own.parents());
                for (x, y) in one.territories.iter().zip(&own.territories) {
                    let (a, b) = (lines_one.line_of(&x.id), lines_own.line_of(&y.id));
                    assert_eq!(
                        a.as_ref().map(Vec::len),
                        b.as_ref().map(Vec::len),
                        "{}: the line of {}",
                        one.nation,
                        x.id
                    );
                    let Some(first) = a.as_ref().and_then(|p| p.first()) else { continue };
                    let place = quartermaster::collect::collect_map::CollectMap::of(&board.spec)
                        .place_by_key(x.saved_at.as_deref().unwrap_or_default());
                    let centers = supply_centers(&board, n, place.expect("a saving place"));
                    assert!(centers.contains(&map.find(first).expect("a node")), "{}: {first}", x.id);
                }
                let without_paths = |mut s: IncomeStatement| {
                    s.territories.iter_mut().for_each(|t| t.via = None);
                    s.relays.clear();
                    s
                };
                assert_eq!(without_paths(one), without_paths(own));
            }
        }
    }
}
