//! Where a scenario's `ruleset:` may point: inside the scenario's own
//! folder tree, or inside an `assets/` folder that sits beside the
//! scenario's folder or one of its parents (the shipped `assets/rulesets/`
//! of a checkout: `scenarios/awaw/x.ron` names `../../assets/rulesets/awaw.ron`).
//! Anything else (an absolute path elsewhere, `..` out of the tree,
//! `/etc/os-release`, `/proc/self/cmdline`, a symbolic link out) is refused
//! before it is opened, so a server that loads untrusted scenarios never
//! reads, nor prints, a file outside. `qm --allow-any-ruleset` (or
//! [`with_any_ruleset`]) lifts the restriction.

use std::cell::Cell;
use std::path::{Path, PathBuf};

thread_local! {
    static ANY: Cell<bool> = const { Cell::new(false) };
}

/// Whether rulesets may be read from anywhere on this thread.
#[must_use]
pub fn allow_any_ruleset() -> bool {
    ANY.with(Cell::get)
}

/// Runs `f` with rulesets readable from anywhere on this thread.
pub fn with_any_ruleset<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            ANY.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(ANY.with(|c| c.replace(true)));
    f()
}

/// Checks that `ruleset` (already joined to the scenario's folder) lies
/// where a ruleset of `scenario` may.
///
/// # Errors
/// `PermissionDenied` naming the allowed places, or the I/O error of a
/// path that does not resolve.
pub fn check(scenario: &Path, ruleset: &Path) -> std::io::Result<()> {
    if allow_any_ruleset() {
        return Ok(());
    }
    let target = std::fs::canonicalize(ruleset)?;
    let dir = scenario.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or_else(|| Path::new("."));
    let dir = std::fs::canonicalize(dir)?;
    if allowed_roots(&dir).iter().any(|root| target.starts_with(root)) {
        Ok(())
    } else {
        Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "outside the scenario's folder and the `assets/` folders beside it and its parents \
             (qm --allow-any-ruleset lifts this)",
        ))
    }
}

/// The scenario's folder, and `assets/` beside it and each of its parents.
fn allowed_roots(dir: &Path) -> Vec<PathBuf> {
    std::iter::once(dir.to_path_buf()).chain(dir.ancestors().map(|a| a.join("assets"))).collect()
}
