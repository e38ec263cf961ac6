//! Resource limits on what the loader reads and builds: file size, hexes,
//! units, nesting depth and the memory a map would take, checked before
//! anything is allocated for it, so that no input exhausts memory or
//! hangs the process. `qm` overrides them with `--max-...` flags.
//!
//! The limits in force are [`Limits::default`], or those of the innermost
//! [`with_limits`] on this thread (scoped like
//! `qm_core::orders::with_order_kinds`, so tests in parallel threads never
//! see each other's).

use std::cell::Cell;
use std::io::Read;
use std::path::Path;

/// What a load may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest file read (scenario, ruleset, orders, save), in bytes.
    pub file_bytes: u64,
    /// Most cells of a hex map's bounding rectangle (or generated hexes).
    pub hexes: u64,
    /// Most units in a scenario or state.
    pub units: u64,
    /// Deepest nesting of brackets in a RON file.
    pub depth: usize,
    /// Most memory a map may be estimated to take, in bytes.
    pub memory_bytes: u64,
}

/// Estimated bytes a game takes per hex of its map: the compiled graph
/// (nodes, four CSR topologies, labels), one entity with its components,
/// the state's node record and the dense per-determination arrays
/// (measured in `docs/RELIABILITY.md`, with margin).
pub const BYTES_PER_HEX: u64 = 1_200;

impl Default for Limits {
    fn default() -> Self {
        Self { file_bytes: 64 << 20, hexes: 4_000_000, units: 1_000_000, depth: 64, memory_bytes: 8 << 30 }
    }
}

impl Limits {
    /// Checks a map of `cells` cells against [`Limits::hexes`] and its
    /// estimated memory against [`Limits::memory_bytes`].
    ///
    /// # Errors
    /// The message naming the figure, the limit and the flag that raises it.
    pub fn check_map(&self, cells: u64) -> Result<(), String> {
        if cells > self.hexes {
            return Err(format!(
                "the map has {cells} cells, over the limit of {} (raise it with --max-hexes)",
                self.hexes
            ));
        }
        let bytes = cells.saturating_mul(BYTES_PER_HEX);
        if bytes > self.memory_bytes {
            return Err(format!(
                "a map of {cells} cells would take about {} MiB, over the limit of {} MiB (raise it with --max-memory-mib)",
                bytes >> 20,
                self.memory_bytes >> 20
            ));
        }
        Ok(())
    }
}

thread_local! {
    static CURRENT: Cell<Option<Limits>> = const { Cell::new(None) };
}

/// The limits in force on this thread.
#[must_use]
pub fn current() -> Limits {
    CURRENT.with(Cell::get).unwrap_or_default()
}

/// Runs `f` with `limits` in force on this thread.
pub fn with_limits<R>(limits: Limits, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Limits>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(CURRENT.with(|c| c.replace(Some(limits))));
    f()
}

/// Reads a file through a bounded reader: only a regular file (never a
/// FIFO, a device such as `/dev/zero`, or a directory), of at most
/// [`Limits::file_bytes`].
///
/// # Errors
/// An I/O error, or `InvalidInput` naming what is refused.
pub fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    let limit = current().file_bytes;
    let refuse = |m: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, m);
    // Checked before opening: opening a FIFO blocks until a writer comes.
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(refuse("not a regular file (FIFOs, devices and directories are refused)".into()));
    }
    if meta.len() > limit {
        return Err(refuse(format!(
            "{} bytes, over the limit of {limit} (raise it with --max-file-bytes)",
            meta.len()
        )));
    }
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(refuse("not a regular file".into()));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(refuse(format!("over the limit of {limit} bytes (raise it with --max-file-bytes)")));
    }
    Ok(bytes)
}

/// Checks the nesting depth of brackets in RON text (outside strings and
/// comments) against [`Limits::depth`], before the parser recurses.
///
/// # Errors
/// The byte offset where the limit is passed, and the message.
pub fn check_depth(text: &str) -> Result<(), (usize, String)> {
    let max = current().depth;
    let b = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'"' => i = skip_string(b, i),
            b'\'' => i = b[i + 1..].iter().take(12).position(|&c| c == b'\'').map_or(i, |n| i + 1 + n),
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |n| i + n)
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 1);
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    return Err((i, format!("nesting deeper than {max} levels (raise it with --max-depth)")));
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The index of the closing quote of the string opening at `start` (or the
/// end of the text).
fn skip_string(b: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i,
            _ => i += 1,
        }
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_brackets_outside_strings_and_comments() {
        let lim = Limits { depth: 3, ..Limits::default() };
        with_limits(lim, || {
            assert!(check_depth("((()))").is_ok());
            assert!(check_depth("(\"((((((\", // ((((\n [])").is_ok());
            assert_eq!(check_depth("(((()))))").map_err(|e| e.0), Err(3));
        });
        assert!(check_depth("((((()))))").is_ok(), "the default is back");
    }
}
