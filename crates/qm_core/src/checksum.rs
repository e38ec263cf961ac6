//! Checksums of game state.
//!
//! The checksum is BLAKE3 over the canonical JSON of [`GameState`]. Canonical
//! because [`GameState`] holds only integers, strings, booleans and sorted
//! sequences (nodes by index, units by id, sources by id, flags in a
//! `BTreeSet`): no floats, no hash maps, no `Entity`. Two games with the same
//! scenario, seed and orders produce byte-identical JSON, on any machine and
//! thread count, and after a save and load in between.

use crate::state::GameState;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A 256-bit checksum, printed as 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Checksum(pub [u8; 32]);

impl fmt::Display for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// The checksum of a state.
#[must_use]
pub fn checksum(state: &GameState) -> Checksum {
    let mut h = blake3::Hasher::new();
    if let Err(e) = serde_json::to_writer(&mut h, state) {
        // Not reachable for GameState's types; hash the error rather than
        // pretend the state was empty.
        h.update(e.to_string().as_bytes());
    }
    Checksum(*h.finalize().as_bytes())
}
