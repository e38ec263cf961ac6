//! Hostile inputs through the `qm` binary: one test per class of the
//! second hostile-input campaign (`docs/RELIABILITY.md`, "Hostile inputs").
//! Each runs `qm` as a child process under a 2 GiB address-space limit
//! (`setrlimit` through the shell's `ulimit -v`) and asserts a clean error:
//! exit code 1 or 2, a message naming the problem, nothing printed of a
//! file the user did not name. The quadratic readers are checked by
//! counting their work (bytes walked), never by timing them.

use crate::common;

mod caps;
mod collect;
mod ignored;
mod loader;
mod output;
mod paths;
mod positions;
mod readers;
mod saves;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The address space a child `qm` may take: 2 GiB, in KiB.
const LIMIT_KIB: u64 = 2 << 20;

/// The variable that makes this binary's `qm_child` test run `qm`.
const ARGS_VAR: &str = "QM_HOSTILE_ARGS";

/// What a child `qm` did.
#[derive(Debug)]
pub struct Run {
    /// Its exit code (`None`: killed by a signal, an abort).
    pub code: Option<i32>,
    /// What it wrote on stderr.
    pub err: String,
    /// What it wrote on stdout (after the test harness's own lines).
    pub out: String,
}

impl Run {
    /// Asserts a clean refusal: exit code 1 or 2 and `needle` in stderr.
    pub fn refused(&self, needle: &str) -> &Self {
        assert!(matches!(self.code, Some(1 | 2)), "exit {:?}, expected 1 or 2\nstderr: {}", self.code, self.err);
        assert!(self.err.contains(needle), "stderr lacks {needle:?}:\n{}", self.err);
        assert!(!self.err.contains("panicked"), "a panic:\n{}", self.err);
        self
    }
}

/// Runs `qm ARGS` as a child process (this test binary's `qm_child`,
/// which calls `qm_cli::run`), under [`LIMIT_KIB`] of address space.
pub fn qm(args: &[&str]) -> Run {
    let exe = std::env::current_exe().expect("the test binary");
    let script = format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\"");
    let out = Command::new("sh")
        .args(["-c", &script])
        .arg(exe)
        .args(["--exact", "hostile::qm_child", "--ignored", "--nocapture", "--test-threads=1", "--quiet"])
        .env(ARGS_VAR, args.join("\u{1f}"))
        .current_dir(common::root())
        .output()
        .expect("the child starts");
    Run {
        code: out.status.code(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
    }
}

/// The `qm` of [`qm`]'s child processes: runs only when started by it.
#[test]
#[ignore = "the child process of the hostile tests; it runs `qm` only with QM_HOSTILE_ARGS set"]
fn qm_child() {
    let Ok(args) = std::env::var(ARGS_VAR) else { return };
    let mut all = vec!["qm".to_string()];
    all.extend(args.split('\u{1f}').filter(|a| !a.is_empty()).map(str::to_string));
    let code = qm_cli::run(all, &mut std::io::stdout(), &mut std::io::stderr());
    std::process::exit(code);
}

/// A scratch folder for one test: `scenarios/` (empty) and the shipped
/// `assets/rulesets/` beside it, as a checkout lays them out.
pub fn scratch(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("qm-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("scenarios/t")).unwrap();
    std::fs::create_dir_all(root.join("assets/rulesets")).unwrap();
    for r in std::fs::read_dir(common::path("assets/rulesets")).unwrap() {
        let r = r.unwrap().path();
        std::fs::copy(&r, root.join("assets/rulesets").join(r.file_name().unwrap())).unwrap();
    }
    root
}

/// Writes a scenario into `root/scenarios/t/NAME`: the shipped scenario
/// `from` (relative to the repository) with `edit` applied to its text.
pub fn scenario(root: &Path, name: &str, from: &str, edit: impl FnOnce(String) -> String) -> PathBuf {
    let text = std::fs::read_to_string(common::path(from)).unwrap();
    let p = root.join("scenarios/t").join(name);
    std::fs::write(&p, edit(text)).unwrap();
    p
}

/// A path as `qm` takes it.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The text of a save of `scenario` (loaded with seed 1) after `phases`
/// phases with default orders.
pub fn save_after(scenario: &Path, phases: usize) -> String {
    let mut g = quartermaster::game::Game::load(scenario, 1).unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..phases {
        g.step_phase();
    }
    g.save().expect("a save")
}

/// A hex map of `rows` rows of `width` clear hexes each, starting at hex
/// `origin`, with no units: the smallest scenario the `awaw` ruleset takes.
pub fn hex_map(blocks: &[(&str, usize, usize)]) -> String {
    let mut b = String::new();
    for &(origin, rows, width) in blocks {
        let row = vec!["."; width].join(" ");
        b.push_str(&format!("(origin: \"{origin}\", terrain: [\n"));
        for _ in 0..rows {
            b.push_str(&format!("\"{row}\",\n"));
        }
        b.push_str("]),\n");
    }
    format!(
        "Scenario(title: \"hostile\", ruleset: \"../../assets/rulesets/awaw.ron\", side: Allies,\n \
         map: (blocks: [\n{b}]))\n"
    )
}
