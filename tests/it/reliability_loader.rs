//! The loader under hostile input (issue 15): duplicates are errors at
//! `file:line:col`, text hygiene (BOM, CR-only line ends, control
//! characters), bounded diagnostics, nesting depth, size limits.

use crate::common;

use quartermaster::scenario::{Compiled, LoadError, load_bytes};

fn ruleset() -> Vec<u8> {
    std::fs::read(common::path("assets/rulesets/awaw.ron")).unwrap()
}

fn load(text: &str) -> Result<Compiled, LoadError> {
    load_bytes("t.ron", text.as_bytes(), |_| Ok(ruleset()))
}

fn pocket() -> String {
    std::fs::read_to_string(common::path("scenarios/awaw/barbarossa-pocket.ron")).unwrap()
}

/// The error of a text that must not load, with its first diagnostic's
/// line and column checked to be real.
#[track_caller]
fn error(text: &str) -> LoadError {
    let e = load(text).map(drop).expect_err("must be refused");
    let d = &e.diagnostics[0];
    assert!(d.line >= 1 && d.col >= 1, "{e}");
    e
}

/// Line (1-based) of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> u32 {
    let at = text.find(needle).expect("present");
    text[..at].matches('\n').count() as u32 + 1
}

#[test]
fn a_duplicate_legend_key_is_an_error_at_its_line() {
    let text = pocket().replacen("legend: {", "legend: {'G': \"ussr\", ", 1);
    let e = error(&text);
    assert!(e.to_string().contains("duplicate key 'G'"), "{e}");
    assert_eq!(e.diagnostics[0].line, line_of(&text, "legend: {"), "{e}");
}

#[test]
fn a_hex_with_two_names_is_an_error() {
    let text = pocket();
    let places = text.find("places: [").expect("the pocket names places") + "places: [".len();
    let first_hex = &text[places..].split("hex: \"").nth(1).unwrap()[..3].trim_end_matches('"').to_string();
    let edited = format!("{}(hex: \"{first_hex}\", name: \"second-name\"), {}", &text[..places], &text[places..]);
    let e = error(&edited);
    assert!(e.to_string().contains("is already named") || e.to_string().contains(&format!("hex `{first_hex}`")), "{e}");
}

#[test]
fn a_duplicate_island_group_is_an_error() {
    let text = std::fs::read_to_string(common::path("scenarios/awaw/islands/solomons.ron"))
        .or_else(|_| std::fs::read_to_string(common::path("scenarios/awaw/rabaul-isolation.ron")))
        .unwrap();
    let at = text.find("island_groups: [").expect("a scenario with island groups") + "island_groups: [".len();
    let group_end = text[at..].find(')').unwrap() + at + 1;
    let group = text[at..group_end].trim().to_string();
    let edited = format!("{}{group}, {}", &text[..at], &text[at..]);
    let e = load_bytes("g.ron", edited.as_bytes(), |_| Ok(ruleset())).map(drop).expect_err("refused");
    assert!(e.to_string().contains("duplicate island group"), "{e}");
    assert!(e.diagnostics[0].line >= 1, "{e}");
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let text = format!("\u{feff}{}", pocket());
    let c = load(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.spec.fingerprint, load(&pocket()).unwrap().spec.fingerprint);
}

#[test]
fn cr_only_line_ends_do_not_let_a_comment_swallow_the_file() {
    let text = pocket().replace("\r\n", "\n").replace('\n', "\r");
    assert!(text.starts_with("//"));
    load(&text).unwrap_or_else(|e| panic!("{e}"));
    // And a problem is reported on its own line, as an editor shows it.
    let bad = text.replacen("turn: 3", "turn: 0", 1);
    let e = error(&bad);
    assert_eq!(e.diagnostics[0].line, line_of(&bad.replace('\r', "\n"), "turn: 0"), "{e}");
}

#[test]
fn control_characters_in_ids_never_reach_the_terminal_raw() {
    let text = pocket().replacen(
        "units: [",
        "units: [(id: \"x\\u{1b}[2J\", nation: \"nope\", kind: \"inf\", at: \"a50\"), ",
        1,
    );
    let e = error(&text);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let dir = scratch_tree("ctl", &text);
    let code = quartermaster_cli(&[dir.to_str().unwrap()], &mut out, &mut err);
    assert_eq!(code, 1);
    let printed = String::from_utf8_lossy(&err);
    assert!(!printed.contains('\u{1b}'), "raw escape printed: {printed:?}");
    assert!(e.to_string().contains("nope"), "{e}");
}

/// Writes `text` as `scenarios/awaw/t.ron` of a scratch tree with the
/// shipped ruleset under `assets/rulesets/`; returns the scenario's path.
fn scratch_tree(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("qm-reliab-loader-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scenarios/awaw")).unwrap();
    std::fs::create_dir_all(dir.join("assets/rulesets")).unwrap();
    std::fs::write(dir.join("assets/rulesets/awaw.ron"), ruleset()).unwrap();
    let p = dir.join("scenarios/awaw/t.ron");
    std::fs::write(&p, text).unwrap();
    p
}

/// `qm check FILE` in-process.
fn quartermaster_cli(files: &[&str], out: &mut Vec<u8>, err: &mut Vec<u8>) -> i32 {
    let mut args = vec!["qm", "check"];
    args.extend_from_slice(files);
    qm_cli::run(args, out, err)
}

/// A scenario of `rows` rows of 100 unknown terrain codes: about 200 bytes
/// a row.
fn unknown_codes(rows: usize) -> String {
    let row = vec!["Q"; 100].join(" ");
    let rows: Vec<String> = (0..rows).map(|i| format!("{}\"{row}\"", if i % 2 == 1 { " " } else { "" })).collect();
    format!(
        "Scenario(title: \"codes\", ruleset: \"../../assets/rulesets/awaw.ron\", side: Allies,\n map: (blocks: [(origin: \"a1\", terrain: [\n{}\n])]))\n",
        rows.join(",\n")
    )
}

#[test]
fn forty_kilobytes_of_unknown_terrain_codes_give_bounded_output() {
    let text = unknown_codes(200);
    assert!(text.len() >= 40_000, "{}", text.len());
    let e = load(&text).map(drop).expect_err("refused");
    assert_eq!(e.diagnostics.len(), 51, "50 shown and a count of the rest");
    let last = &e.diagnostics[50].message;
    let more: usize =
        last.strip_prefix("and ").and_then(|r| r.split(' ').next()).and_then(|n| n.parse().ok()).unwrap_or(0);
    assert!(more >= 19_950 && last.contains("more problems"), "{last}");
    // Sorted in file order: the first is on the first map row.
    assert_eq!(e.diagnostics[0].line, 3);
    let path = scratch_tree("codes", &text);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(quartermaster_cli(&[path.to_str().unwrap()], &mut out, &mut err), 1);
    assert!(err.len() < 64 * 1024, "bounded output: {} bytes", err.len());
    let printed = String::from_utf8_lossy(&err);
    let headers = printed.lines().filter(|l| l.starts_with(path.to_str().unwrap())).count();
    assert_eq!(headers, 51, "50 diagnostics and the count of the rest printed");
    assert!(printed.contains(&format!("and {more} more problems")), "{printed}");
}

#[test]
fn deep_nesting_is_a_clear_error_not_a_stack_overflow() {
    for open in ["(", "[", "{"] {
        let close = match open {
            "(" => ")",
            "[" => "]",
            _ => "}",
        };
        let text = format!("Scenario(title: {}1{})", open.repeat(100_000), close.repeat(100_000));
        let e = error(&text);
        assert!(e.to_string().contains("nesting deeper than 64 levels"), "{e}");
    }
}

#[test]
fn a_map_over_the_hex_limit_is_refused_before_it_is_allocated() {
    // Two one-hex blocks 1600 rows and 6000 columns apart: 9.6M cells
    // (row letters stop at 64 repeats, row 1663).
    let far = format!("{}6000", quartermaster::game::row_letters(1599));
    let text = format!(
        "Scenario(title: \"wide\", ruleset: \"r\", side: Allies, map: (blocks: [(origin: \"a1\", terrain: [\".\"]), (origin: \"{far}\", terrain: [\".\"])]))"
    );
    let e = error(&text);
    assert!(e.to_string().contains("over the limit of 4000000 (raise it with --max-hexes)"), "{e}");
    let lim =
        quartermaster::scenario::limits::Limits { hexes: 10_000_000, memory_bytes: 1 << 30, ..Default::default() };
    let e =
        quartermaster::scenario::limits::with_limits(lim, || load(&text)).map(drop).expect_err("over the memory limit");
    assert!(e.to_string().contains("--max-memory-mib"), "{e}");
}

#[test]
fn too_many_units_are_refused() {
    let lim = quartermaster::scenario::limits::Limits { units: 3, ..Default::default() };
    let e = quartermaster::scenario::limits::with_limits(lim, || load(&pocket())).map(drop).expect_err("refused");
    assert!(e.to_string().contains("over the limit of 3 (raise it with --max-units)"), "{e}");
}
