//! The JSON of `qm bench supply|collect|game --json`: a header with no game
//! (`command`, `seed`), then the bench's figures, in declaration order.
//! Under `--json` a bench that does not run says why as a JSON error on
//! stderr ([`crate::output::ErrorOutput`], kind `bench`), exit code 2.

use crate::output::{ErrorBody, Header};
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Display;
use std::io::Write;

/// A bench's JSON: the header, then its figures.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct BenchOutput<T> {
    /// The header (no game: `scenario`, `turn`, `side` and `phase` are
    /// `null`; `seed` is the generated map's).
    pub header: Header,
    /// The figures.
    #[serde(flatten)]
    pub figures: T,
}

/// Prints a bench's result: its figures as text or as one JSON object on
/// `out` (exit code 0), or why it did not run on `err` (exit code 2).
pub fn print<T: Serialize, E: Display>(
    command: &str,
    seed: u64,
    json: bool,
    result: Result<T, E>,
    text: impl Fn(&T) -> String,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    match result {
        Ok(figures) if json => {
            crate::print_json(out, &BenchOutput { header: Header::bare(command, None, Some(seed)), figures });
            0
        }
        Ok(figures) => {
            let _ = writeln!(out, "{}", text(&figures));
            0
        }
        Err(e) => {
            let m = e.to_string();
            crate::fail(err, json, &[ErrorBody::plain("bench", None, m.clone())], &format!("error: {m}"));
            2
        }
    }
}
