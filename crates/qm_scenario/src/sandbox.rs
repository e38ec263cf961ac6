//! Where a file named by another file may be: one policy for every such
//! path (a scenario's `ruleset:`, a save's `scenario:`). The named file
//! must lie inside the referring file's own folder tree, or inside an
//! `assets/` or `scenarios/` folder that sits beside that folder or one of
//! its parents: a project's two data folders (the shipped
//! `assets/rulesets/` of a checkout: `scenarios/awaw/x.ron` names
//! `../../assets/rulesets/awaw.ron`; a save kept anywhere in a checkout
//! names `scenarios/awaw/x.ron`).
//! Anything else (an absolute path elsewhere, `..` out of the tree,
//! `/etc/passwd`, `/proc/self/environ`, a symbolic link out) is refused
//! before it is opened, so a server that loads untrusted scenarios or
//! saves never reads, nor prints, a file outside. `qm --allow-any-path`
//! (or [`with_any_path`]) lifts the restriction.

use std::cell::Cell;
use std::path::{Path, PathBuf};

thread_local! {
    static ANY: Cell<bool> = const { Cell::new(false) };
}

/// Whether a file may name files anywhere, on this thread.
#[must_use]
pub fn allow_any_path() -> bool {
    ANY.with(Cell::get)
}

/// Runs `f` with files named by other files readable from anywhere on
/// this thread.
pub fn with_any_path<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            ANY.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(ANY.with(|c| c.replace(true)));
    f()
}

/// The former name of [`allow_any_path`].
#[must_use]
pub fn allow_any_ruleset() -> bool {
    allow_any_path()
}

/// The former name of [`with_any_path`].
pub fn with_any_ruleset<R>(f: impl FnOnce() -> R) -> R {
    with_any_path(f)
}

/// Checks that `named` (already joined to the referring file's folder)
/// lies where a file named by `referrer` may.
///
/// # Errors
/// `PermissionDenied` naming the allowed places, or the I/O error of a
/// path that does not resolve.
pub fn check(referrer: &Path, named: &Path) -> std::io::Result<()> {
    if allow_any_path() {
        return Ok(());
    }
    let target = std::fs::canonicalize(named)?;
    let dir = std::fs::canonicalize(folder_of(referrer))?;
    if allowed_roots(&dir).iter().any(|root| target.starts_with(root)) {
        Ok(())
    } else {
        Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "outside the folder of the file that names it and the `assets/` and `scenarios/` folders beside that \
             folder and its parents (qm --allow-any-path lifts this)",
        ))
    }
}

/// Whether `named` lies where a file named by `referrer` may (see
/// [`check`]); a path that does not resolve is not allowed.
#[must_use]
pub fn allows(referrer: &Path, named: &Path) -> bool {
    check(referrer, named).is_ok()
}

/// The folder a file is in (`.` for a bare file name).
fn folder_of(file: &Path) -> &Path {
    file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or_else(|| Path::new("."))
}

/// The referring file's folder, and `assets/` and `scenarios/` beside it
/// and each of its parents.
fn allowed_roots(dir: &Path) -> Vec<PathBuf> {
    let data = dir.ancestors().flat_map(|a| [a.join("assets"), a.join("scenarios")]);
    std::iter::once(dir.to_path_buf()).chain(data).collect()
}
