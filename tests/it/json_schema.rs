//! JSON tools can rely on (issue 8, point 4): every `--json` output has the
//! header, typed rows, map order, JSON errors; the schemas in
//! `docs/schema/` are generated from the output types and real outputs
//! validate against them.

use crate::common;

use common::*;
use serde_json::Value;

/// The schema file `name` of `docs/schema/`, as JSON.
fn schema(name: &str) -> Value {
    let text = std::fs::read_to_string(path("docs/schema").join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::from_str(&text).expect("a schema is JSON")
}

/// Asserts that `instance` validates against the schema file `name`.
#[track_caller]
fn assert_valid(name: &str, instance: &Value) {
    let s = schema(name);
    let validator = jsonschema::validator_for(&s).unwrap_or_else(|e| panic!("{name} is not a schema: {e}"));
    let errors: Vec<String> =
        validator.iter_errors(instance).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "{name}: {errors:#?}\n{instance}");
}

/// Regenerates the schemas from the Rust types and compares them with the
/// files (`QM_BLESS=1` writes them instead).
#[test]
fn schemas_are_generated_from_the_output_types() {
    let dir = path("docs/schema");
    for (name, s) in qm_cli::output::schemas() {
        let text = qm_cli::output::schema_text(&s);
        let file = dir.join(name);
        if std::env::var_os("QM_BLESS").is_some() {
            std::fs::create_dir_all(&dir).expect("dir");
            std::fs::write(&file, &text).expect("writes");
        }
        let on_disk = std::fs::read_to_string(&file).unwrap_or_default();
        assert_eq!(on_disk, text, "{name} is stale: run `QM_BLESS=1 cargo test --test it json_schema`");
    }
}

const POCKET: &str = "scenarios/awaw/barbarossa-pocket.ron";
const RABAUL: &str = "scenarios/awaw/rabaul-isolation.ron";

fn p(rel: &str) -> String {
    path(rel).display().to_string()
}

#[test]
fn supply_and_run_outputs_validate_and_carry_the_header() {
    let supply = json(&["supply", &p(POCKET), "--json"]);
    assert_valid("supply.schema.json", &supply);
    let h = &supply["header"];
    assert_eq!(h["format"], qm_cli::output::FORMAT);
    assert_eq!(h["command"], "supply");
    assert_eq!(h["scenario"], p(POCKET).as_str());
    assert_eq!(h["seed"], 1);
    assert_eq!(
        (h["turn"].as_u64(), h["side"].as_str(), h["phase"].as_str()),
        (Some(3), Some("allies"), Some("initial-supply"))
    );
    let events = h["events"].as_array().expect("events");
    assert!(events.iter().any(|e| e["event"] == "supply-determined" && e["side"] == "allies"), "{events:?}");
    let run =
        json(&["run", &p(RABAUL), "--phases", "5", "--orders", &p("tests/fixtures/orders/rabaul-cut.ron"), "--json"]);
    assert_valid("supply.schema.json", &run);
    assert_eq!(run["header"]["command"], "run");
    assert_eq!(run["phases_run"], 5);
    let events = run["header"]["events"].as_array().expect("events");
    let gone = events.iter().find(|e| e["event"] == "unit-eliminated").expect("an elimination");
    assert_eq!((gone["unit"].as_str(), gone["hex"].as_str()), (Some("us-1-2"), Some("c7")), "names, not ids");
    assert!(events.iter().any(|e| e["event"] == "phase-began" && e["phase"] == "post-combat-supply"));
}

#[test]
fn unit_rows_carry_place_type_nation_capabilities_and_isolation() {
    let v = json(&["supply", &p(POCKET), "--json"]);
    let units = v["units"].as_array().expect("units");
    let row = units.iter().find(|u| u["id"] == "sov-21a").expect("sov-21a");
    assert_eq!(row["hex"], "e53");
    assert_eq!(row["place"], "vyazma");
    assert_eq!(row["type"], "inf");
    assert_eq!(row["nation"], "russia");
    assert_eq!(row["status"], "isolated");
    assert_eq!(row["eliminated"], false);
    assert_eq!(row["turns_isolated"], 0);
    assert_eq!(row["dm_lost"], 0);
    let caps = &row["capabilities"];
    // SUP-174: isolated units do not move; SUP-149: -1 CTL.
    assert_eq!(caps["may_move"], false);
    assert_eq!(caps["ctl_modifier"], -1);
    assert_eq!(caps["mechanized"], false);
    let supplied = units.iter().find(|u| u["id"] == "sov-16a").expect("sov-16a");
    assert_eq!(supplied["capabilities"]["ctl_modifier"], 0);
    assert_eq!(supplied["capabilities"]["may_move"], true);
    // After the Rabaul run, the eliminated unit is a row without
    // capabilities.
    let run =
        json(&["run", &p(RABAUL), "--phases", "5", "--orders", &p("tests/fixtures/orders/rabaul-cut.ron"), "--json"]);
    let gone = run["units"].as_array().expect("units").iter().find(|u| u["id"] == "us-1-2").expect("us-1-2").clone();
    assert_eq!((gone["eliminated"].as_bool(), gone["capabilities"].is_null()), (Some(true), true), "{gone}");
}

/// The keys of the top-level object and of the first unit row, in the
/// order the text has them.
fn key_order(text: &str) -> Vec<String> {
    let keys = ["\"header\"", "\"side\"", "\"units\"", "\"hexes\"", "\"zones\"", "\"phases_run\"", "\"checksum\""];
    let unit = [
        "\"hex\"",
        "\"place\"",
        "\"type\"",
        "\"nation\"",
        "\"status\"",
        "\"eliminated\"",
        "\"capabilities\"",
        "\"turns_isolated\"",
        "\"dm_lost\"",
    ];
    let top_at = |k: &str| text.rfind(&format!("{k}:")).unwrap_or(usize::MAX);
    let units = text.find("\"units\":[").unwrap_or(0);
    let unit_at = |k: &str| text[units..].find(&format!("{k}:")).unwrap_or(usize::MAX);
    let mut top: Vec<&str> = keys.to_vec();
    top.sort_by_key(|k| top_at(k));
    let mut row: Vec<&str> = unit.to_vec();
    row.sort_by_key(|k| unit_at(k));
    top.into_iter().chain(row).map(str::to_string).collect()
}

#[test]
fn supply_and_run_have_one_field_order_and_hexes_in_map_order() {
    let (_, supply, _) = qm(&["supply", &p(RABAUL), "--json"]);
    let (_, run, _) = qm(&["run", &p(RABAUL), "--phases", "1", "--json"]);
    assert_eq!(key_order(&supply), key_order(&run));
    assert_eq!(key_order(&supply)[..3], ["\"header\"", "\"side\"", "\"units\""]);
    // Map order: row, then column as a number ("b7" before "c6" before
    // "c7"; "d3" before "d16", which text order puts the other way).
    let v = json(&["supply", &p("scenarios/awaw/armor-adjacency.ron"), "--json", "--side", "allies"]);
    let labels: Vec<&str> =
        v["hexes"].as_array().expect("hexes").iter().map(|h| h["hex"].as_str().expect("hex")).collect();
    let rc: Vec<(u32, u32)> =
        labels.iter().map(|l| quartermaster::core::map::parse_hex_label(l).expect("a hex label")).collect();
    let mut sorted = rc.clone();
    sorted.sort();
    assert_eq!(rc, sorted, "{labels:?}");
    let mut text_order = labels.clone();
    text_order.sort();
    assert_ne!(text_order, labels, "columns below and above 10 differ in text order");
}

#[test]
fn other_outputs_carry_the_header_and_validate() {
    let phases = json(&["phases", &p(POCKET), "--json"]);
    assert_valid("phases.schema.json", &phases);
    assert_eq!(phases["header"]["command"], "phases");
    let collect = json(&["collect", &p("scenarios/wteaw/convoy.ron"), "--json"]);
    assert_valid("collect.schema.json", &collect);
    assert_eq!(collect["header"]["format"], qm_cli::output::FORMAT);
    assert_eq!(collect["header"]["command"], "collect");
    let reorganize = json(&["reorganize", &p("scenarios/mwif/oil-example.ron"), "--json"]);
    assert_valid("reorganize.schema.json", &reorganize);
    assert_eq!(reorganize["header"]["command"], "reorganize");
    let bench = json(&["bench", "supply", "--hexes", "400", "--iters", "1", "--json"]);
    assert_valid("bench-supply.schema.json", &bench);
    assert_eq!(
        (bench["header"]["command"].as_str(), bench["header"]["seed"].as_u64()),
        (Some("bench supply"), Some(1))
    );
}

/// Every command that takes `--json` has a schema (a command added with
/// `--json` and no entry here fails), and each schema is generated.
#[test]
fn every_json_command_has_a_schema() {
    let table = [
        ("check", "check.schema.json"),
        ("collect", "collect.schema.json"),
        ("supply", "supply.schema.json"),
        ("run", "supply.schema.json"),
        ("explain", "explain.schema.json"),
        ("phases", "phases.schema.json"),
        ("reorganize", "reorganize.schema.json"),
        ("bench supply", "bench-supply.schema.json"),
        ("bench collect", "bench-collect.schema.json"),
        ("bench game", "bench-game.schema.json"),
        ("bench oil", "bench-oil.schema.json"),
        ("bench selfplay", "bench-selfplay.schema.json"),
    ];
    let mut commands = qm_cli::output::json_commands();
    commands.sort();
    let mut listed: Vec<String> = table.iter().map(|(c, _)| (*c).to_string()).collect();
    listed.sort();
    assert_eq!(commands, listed, "a command with --json and no schema, or a schema for no command");
    let generated: Vec<&str> = qm_cli::output::schemas().iter().map(|(n, _)| *n).collect();
    for (command, name) in table {
        assert!(generated.contains(&name), "{command}: {name} is not generated");
    }
    assert!(generated.contains(&"supply-territories.schema.json") && generated.contains(&"error.schema.json"));
    assert!(generated.contains(&"selfplay.schema.json"), "self-play's JSON lines have a schema");
}

/// `qm selfplay`'s JSON lines, with logistics by the policies on one side
/// and by the engine on the other, each validate against the schema and
/// carry the graded results.
#[test]
fn selfplay_lines_validate_and_carry_the_graded_results() {
    let out = std::env::temp_dir().join(format!("qm-selfplay-schema-{}.jsonl", std::process::id()));
    let file = p("scenarios/awaw/rabaul-isolation.ron");
    let args = ["selfplay", &file, "--games", "2", "--max-turns", "2", "--policies", "greedy,random"];
    let logistics = ["--logistics", "policy,engine", "--out", out.to_str().expect("utf-8")];
    let (code, _, err) = qm(&[&args[..], &logistics[..]].concat());
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).expect("the lines");
    let _ = std::fs::remove_file(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        let v: Value = serde_json::from_str(line).expect("JSON");
        assert_valid("selfplay.schema.json", &v);
        for side in ["Axis", "Allies"] {
            let graded = &v["sides"][side];
            assert!(graded["lost"]["isolation"].is_u64() && graded["vp_margin"].is_i64(), "{v}");
        }
        assert_ne!(v["logistics"]["Axis"], v["logistics"]["Allies"], "the two policies' modes: {v}");
    }
}

/// `qm explain --json`: the header, then the unit, territory, sea zone or
/// oil resource explained, tagged by `kind`, each validating.
#[test]
fn explain_outputs_validate_for_every_kind() {
    let orders = p("tests/fixtures/orders/rabaul-cut.ron");
    let unit = json(&["explain", &p(RABAUL), "us-1-2", "--phases", "5", "--orders", &orders, "--json"]);
    assert_valid("explain.schema.json", &unit);
    assert_eq!((unit["header"]["command"].as_str(), unit["kind"].as_str()), (Some("explain"), Some("unit")));
    assert_eq!(unit["header"]["turn"], 2, "the header tells where the game stands after the phases");
    assert!(unit["header"]["events"].as_array().is_some_and(|e| e.iter().any(|e| e["event"] == "unit-eliminated")));
    assert_eq!(unit["eliminated"]["turn"], 2);
    assert!(unit["reorganization"].is_null());

    let europe = p("scenarios/wteaw/europe-1914.ron");
    let land = json(&["explain", &europe, "heligoland", "--json"]);
    assert_valid("explain.schema.json", &land);
    assert_eq!((land["kind"].as_str(), land["territory"].as_str()), (Some("territory"), Some("heligoland")));
    assert_eq!((land["controller"].as_str(), land["value"].as_u64()), (Some("germany"), Some(1)));
    let line = &land["statement"]["line"];
    assert_eq!((line["line"].as_str(), line["blocked_by"].as_str()), (Some("cut"), Some("north-sea (grand-fleet)")));
    assert!(land["text"][0].as_str().is_some_and(|t| t.starts_with("heligoland (Heligoland), controlled by germany")));
    let neutral = json(&["explain", &europe, "spain", "--json"]);
    assert_valid("explain.schema.json", &neutral);
    assert!(neutral["controller"].is_null() && neutral["statement"].is_null());

    let sea = json(&["explain", &europe, "north-sea", "--json"]);
    assert_valid("explain.schema.json", &sea);
    assert_eq!(sea["kind"], "sea-zone");
    let germany = sea["trade"].as_array().and_then(|t| t.iter().find(|z| z["nation"] == "germany")).expect("germany");
    assert_eq!((germany["points"].as_u64(), germany["line"]["outcome"].as_str()), (Some(2), Some("blocked")));

    let oil = p("scenarios/mwif/oil-example.ron");
    let resource = json(&["explain", &oil, "ita-b", "--json"]);
    assert_valid("explain.schema.json", &resource);
    assert_eq!((resource["kind"].as_str(), resource["power"].as_str()), (Some("oil-resource"), Some("italy")));
    assert_eq!(
        (resource["resource"]["spent"].as_u64(), resource["resource"]["load_tenths"].as_u64()),
        (Some(1), Some(6))
    );
    assert_eq!(resource["units_assigned"], serde_json::json!(["ita-b1", "ita-b2", "ita-b3"]));
    let cut = json(&["explain", &oil, "ger-cut", "--json"]);
    assert_valid("explain.schema.json", &cut);
    assert_eq!((cut["kind"].as_str(), cut["unit"].as_str()), (Some("unit"), Some("ger-cut")));
    let reorganization = cut["reorganization"].as_array().expect("its reorganization, as lines");
    assert!(reorganization.iter().any(|l| l.as_str().is_some_and(|l| l.contains("no path to oil"))), "{cut}");
}

/// Collection outputs: `qm collect`, the statements of `qm run`, and
/// `qm supply` on a territory map without rule 30, each validating, with
/// the statement's keys in their declared order (they came out
/// alphabetically, `conquered_counted` first, when built as a JSON map).
#[test]
fn collection_outputs_validate_in_declared_order() {
    for (file, nation) in [
        ("scenarios/wteaw/raider.ron", "britain"),
        ("scenarios/wteaw/conquered.ron", "germany"),
        ("scenarios/middle-east/mediterranean.ron", "germany"),
    ] {
        let (code, text, err) = qm(&["collect", &p(file), "--nation", nation, "--json"]);
        assert_eq!(code, 0, "{file}: {err}");
        let v: Value = serde_json::from_str(&text).expect("JSON");
        assert_valid("collect.schema.json", &v);
        // Past the header, whose own keys (`format`, `turn`) come first.
        let body = text.find("},\"format\":").unwrap_or(0);
        let at = |k: &str| {
            if k == "header" { 1 } else { text[body..].find(&format!("\"{k}\":")).map_or(usize::MAX, |i| body + i) }
        };
        let keys = ["header", "format", "nation", "turn", "territories", "conquered_sum", "conquered_counted"];
        let keys2 = ["naval_trade", "saved", "total", "lost", "middle_east"];
        let order: Vec<usize> = keys.iter().chain(&keys2).map(|k| at(k)).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{file}: keys out of order {order:?}\n{text}");
    }
    let med = json(&["collect", &p("scenarios/middle-east/mediterranean.ron"), "--nation", "germany", "--json"]);
    assert!(med["middle_east"]["level"].is_u64(), "{med}");
    let run = json(&["run", &p("scenarios/wteaw/europe-1914.ron"), "--phases", "2", "--json"]);
    assert_valid("supply.schema.json", &run);
    let statements = run["income_statements"].as_array().expect("statements");
    assert!(statements.iter().any(|s| s["nation"] == "germany" && s["format"] == "qm-collect/2"), "{run}");
    let table = json(&["supply", &p("scenarios/wteaw/raider.ron"), "--json"]);
    assert_valid("supply-territories.schema.json", &table);
    assert_eq!(table["header"]["command"], "supply");
    assert!(table["territories"].as_array().is_some_and(|t| t.iter().any(|r| r["line"] == "ok")), "{table}");
    let (_, reorganize, _) = qm(&["reorganize", &p("scenarios/mwif/oil-example.ron"), "--json"]);
    let body = reorganize.find("},\"format\":").unwrap_or(0);
    let at = |k: &str| {
        if k == "header" { 1 } else { reorganize[body..].find(&format!("\"{k}\":")).map_or(usize::MAX, |i| body + i) }
    };
    let order: Vec<usize> = ["header", "format", "power", "turn", "requested", "reorganized", "free"].map(at).to_vec();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "reorganize keys out of order {order:?}\n{reorganize}");
}

/// The benches: the header with no game, then the figures, validating;
/// refusals are JSON errors of kind `bench`, exit code 2.
#[test]
fn bench_outputs_validate() {
    let collect = json(&["bench", "collect", "--territories", "200", "--iters", "1", "--json"]);
    assert_valid("bench-collect.schema.json", &collect);
    assert_eq!(
        (collect["header"]["command"].as_str(), collect["header"]["turn"].is_null()),
        (Some("bench collect"), true)
    );
    assert!(collect["ratio_vs_bfs_reach"].is_f64() && collect["ratio_vs_plain_bfs"].is_f64());
    assert!(collect["plain_bfs_ns"].as_u64().is_some_and(|ns| ns > 0));
    let game = json(&["bench", "game", "--hexes", "400", "--iters", "1", "--json"]);
    assert_valid("bench-game.schema.json", &game);
    assert_eq!(game["header"]["command"], "bench game");
    let oil = json(&["bench", "oil", "--iters", "1", "--json"]);
    assert_valid("bench-oil.schema.json", &oil);
    assert_eq!((oil["header"]["command"].as_str(), oil["iters"].as_u64()), (Some("bench oil"), Some(1)));
    let cases = oil["cases"].as_array().expect("cases");
    let ids: Vec<String> =
        cases.iter().map(|c| format!("{}/{}", c["case"].as_str().unwrap_or("?"), c["size"])).collect();
    let sizes = ["\"12x4\"", "\"12x4\"", "\"40x12\"", "\"40x12\"", "\"200x30\"", "\"200x30\""];
    let kinds = ["all_fit", "short_of_oil"].repeat(3);
    assert_eq!(ids, kinds.iter().zip(sizes).map(|(k, s)| format!("{k}/{s}")).collect::<Vec<_>>(), "{oil}");
    for c in cases {
        let (problems, proven) = (c["problems"].as_u64(), c["proven_optimal"].as_u64());
        assert!(problems.is_some_and(|n| n > 0) && proven <= problems, "{c}");
        assert!(c["median_ns"].is_u64() && c["mean_ns"].is_u64() && c["nodes"].is_u64(), "{c}");
    }
    let selfplay = json(&["bench", "selfplay", &p(POCKET), "--games", "2", "--max-turns", "1", "--json"]);
    assert_valid("bench-selfplay.schema.json", &selfplay);
    assert_eq!(selfplay["header"]["command"], "bench selfplay");
    let no_turns = p("scenarios/middle-east/mediterranean.ron");
    for args in [
        vec!["bench", "collect", "--territories", "999999999", "--json"],
        vec!["bench", "game", "--hexes", "999999999", "--json"],
        vec!["bench", "selfplay", &no_turns, "--games", "1", "--json"],
    ] {
        let (code, out, err) = qm(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        let v: Value = serde_json::from_str(err.trim()).unwrap_or_else(|e| panic!("{args:?}: `{err}`: {e}"));
        assert_valid("error.schema.json", &v);
        assert_eq!(v["error"]["kind"], "bench");
    }
}

#[test]
fn check_json_lists_diagnostics_as_data() {
    let ok = json(&["check", &p(POCKET), "--json"]);
    assert_valid("check.schema.json", &ok);
    assert_eq!(ok["files"][0]["ok"], true);
    assert_eq!(ok["files"][0]["units"], 10);
    let bad = p("tests/fixtures/bad/unknown-hex.ron");
    let (code, out, _) = qm(&["check", &bad, "--json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_valid("check.schema.json", &v);
    let d = &v["files"][0]["diagnostics"][0];
    assert_eq!(v["files"][0]["ok"], false);
    assert_eq!(d["kind"], "load");
    assert!(d["line"].as_u64().is_some_and(|l| l > 1) && d["col"].as_u64().is_some());
    assert!(d["message"].as_str().is_some_and(|m| m.contains("unknown hex `zz99`")), "{d}");
}

#[test]
fn errors_under_json_are_json_with_the_same_exit_codes() {
    let (pocket, bad) = (p(POCKET), p("tests/fixtures/bad/unknown-hex.ron"));
    let cases: [(Vec<&str>, i32, &str); 5] = [
        (vec!["supply", "no/such/file.ron", "--json"], 1, "load"),
        (vec!["supply", &bad, "--json"], 1, "load"),
        (vec!["supply", &pocket, "--side", "neutrals", "--json"], 2, "usage"),
        (vec!["bench", "supply", "--hexes", "999999999", "--json"], 2, "bench"),
        (vec!["collect", &pocket, "--json"], 1, "no-phase"),
    ];
    for (args, code, kind) in cases {
        let (got, out, err) = qm(&args);
        assert_eq!(got, code, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        for line in err.lines() {
            let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: `{line}` is not JSON: {e}"));
            assert_valid("error.schema.json", &v);
            assert_eq!(v["error"]["kind"], kind, "{args:?}");
        }
        assert!(!err.is_empty(), "{args:?}");
    }
    // A missing file has no invented position.
    let (_, _, err) = qm(&["supply", "no/such/file.ron", "--json"]);
    let v: Value = serde_json::from_str(err.lines().next().expect("line")).expect("JSON");
    assert!(v["error"]["line"].is_null() && v["error"]["col"].is_null(), "{v}");
    assert_eq!(v["error"]["file"], "no/such/file.ron");
}

/// Every ledger in the `--json` outputs of `qm collect`, `qm reorganize`
/// and `qm run`: treasuries and transfers (MET-006, ruling 6) where
/// collection is loaded, build point totals, saved stock and the stock log
/// (OIL-006, OIL-009..013) where oil is; each validating against its schema.
#[test]
fn collect_reorganize_and_run_carry_every_ledger() {
    let med = p("scenarios/middle-east/mediterranean.ron");
    let collect = json(&["collect", &med, "--nation", "germany", "--json"]);
    assert_valid("collect.schema.json", &collect);
    let l = &collect["ledgers"];
    let germany = l["treasuries"].as_array().expect("treasuries").iter().find(|t| t["nation"] == "germany").cloned();
    let germany = germany.expect("germany's treasury");
    assert_eq!((germany["opening"].as_u64(), germany["balance"].as_u64()), (Some(10), Some(23)));
    assert_eq!((germany["received"].as_u64(), germany["paid"].as_u64()), (Some(3), Some(0)));
    assert_eq!(
        l["transfers"][0],
        serde_json::json!({"turn": 1, "payer": "uk", "payee": "germany", "amount": 3, "reason": "middle_east_track"})
    );
    assert!(l["build_points"].is_null() && l["stock_log"].is_null(), "no oil family: {l}");

    let stockpiles = p("scenarios/mwif/stockpiles.ron");
    let reorganize = json(&["reorganize", &stockpiles, "--power", "germany", "--json"]);
    assert_valid("reorganize.schema.json", &reorganize);
    let l = &reorganize["ledgers"];
    assert!(l["treasuries"].is_null(), "no collection family: {l}");
    let bp: Vec<(String, u64)> = l["build_points"]
        .as_array()
        .expect("build points")
        .iter()
        .map(|a| (a["nation"].as_str().unwrap_or_default().to_string(), a["amount"].as_u64().unwrap_or(0)))
        .collect();
    assert_eq!(bp, [("britain".to_string(), 20), ("germany".to_string(), 0)]);
    // The German raider in Dover took Britain's stock there (OIL-013).
    let capture = &l["stock_log"]["captures"][0];
    assert_eq!(
        (capture["hex"].as_str(), capture["from"].as_str(), capture["to"].as_str()),
        (Some("a2"), Some("britain"), Some("germany"))
    );
    assert!(l["stockpiles"].as_array().is_some_and(|s| s.iter().any(|p| p["hex"] == "a2" && p["owner"] == "germany")));

    let orders = p("tests/fixtures/orders/stockpiles-orders.ron");
    let run = json(&["run", &stockpiles, "--phases", "1", "--orders", &orders, "--json"]);
    assert_valid("supply.schema.json", &run);
    let l = &run["ledgers"];
    assert_eq!(
        l["build_points"]
            .as_array()
            .and_then(|b| b.iter().find(|a| a["nation"] == "germany"))
            .map(|a| a["amount"].clone()),
        Some(serde_json::json!(12))
    );
    assert_eq!(l["stock_log"]["shipments"].as_array().map(Vec::len), Some(1));
    let run = json(&["run", &med, "--phases", "1", "--json"]);
    assert_valid("supply.schema.json", &run);
    assert!(run["ledgers"]["transfers"].as_array().is_some_and(|t| t.len() == 2), "{}", run["ledgers"]);
}

/// `qm explain payment:NATION` says who paid a marker nation what and why
/// (MET-006, ruling 6); `qm explain build-points:NATION` how a build point
/// total came to be (OIL-010, OIL-012); both validate as `explain` output.
#[test]
fn explain_answers_for_a_payment_and_a_build_point_total() {
    let med = p("scenarios/middle-east/mediterranean.ron");
    let (code, text, err) = qm(&["explain", &med, "payment:germany"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("turn 1: level 3 (iraq, trans-jordan)") && text.contains("paid by uk 3"), "{text}");
    assert!(text.contains("the Axis chose"), "{text}");
    let v = json(&["explain", &med, "payment:germany", "--json"]);
    assert_valid("explain.schema.json", &v);
    assert_eq!((v["kind"].as_str(), v["received"].as_u64()), (Some("payment"), Some(3)));
    assert_eq!(v["collections"][0]["paid_by"][0], serde_json::json!({"nation": "uk", "amount": 3}));
    let (code, _, err) = qm(&["explain", &med, "payment:uk"]);
    assert_eq!(code, 1);
    assert!(err.contains("no marker"), "{err}");

    let stockpiles = p("scenarios/mwif/stockpiles.ron");
    let orders = p("tests/fixtures/orders/stockpiles-orders.ron");
    let args = ["explain", &stockpiles, "build-points:germany", "--phases", "1", "--orders", &orders];
    let (code, text, err) = qm(&args);
    assert_eq!(code, 0, "{err}");
    for line in [
        "germany: build point total 12",
        "0 at the start of the game",
        "turn 3: +4 saved build points spent from a7 (OIL-012)",
        "turn 3: +8 saved build points spent from a8 (OIL-012)",
        "= 12",
    ] {
        assert!(text.contains(line), "`{line}` in:\n{text}");
    }
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    assert_valid("explain.schema.json", &v);
    assert_eq!(
        (v["kind"].as_str(), v["total"].as_u64(), v["start"].as_u64()),
        (Some("build-points"), Some(12), Some(0))
    );
}
