//! The `qm` command's integration tests, in one binary: a module per
//! command family, the helpers here.
#![allow(clippy::expect_used, clippy::unwrap_used, reason = "tests fail loudly")]

mod binary;
mod harness_step;
mod render;
mod replay;
mod replay_browser;

/// A path under the repository root.
fn root(rel: &str) -> String {
    format!("{}/../../{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `qm` in-process: exit code, stdout, stderr.
fn qm(args: &[&str]) -> (i32, String, String) {
    let mut argv = vec!["qm".to_string()];
    argv.extend(args.iter().map(|a| (*a).to_string()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = qm_cli::run(argv, &mut out, &mut err);
    (code, String::from_utf8(out).expect("utf-8"), String::from_utf8(err).expect("utf-8"))
}
