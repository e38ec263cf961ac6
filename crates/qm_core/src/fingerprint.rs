//! The fingerprint of a scenario's static data: a BLAKE3 hash of the
//! scenario as parsed and of its compiled ruleset.
//!
//! A save carries the fingerprint of the scenario it was played on, and is
//! refused against any other (an edited map, a changed ruleset); the game's
//! checksum folds it in, so that two games agree only when they play the same
//! rules on the same map. Parsed data is hashed, not bytes: comments and
//! layout do not change it, any value does (the sea die 6 → 100).

use crate::checksum::Checksum;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A 256-bit hash of a scenario and its ruleset, printed as 64 hex digits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fingerprint(pub [u8; 32]);

impl Fingerprint {
    /// The fingerprint of a parsed scenario and its compiled ruleset (both
    /// plain data without hash maps, so their JSON is canonical).
    #[must_use]
    pub fn of(scenario: &impl Serialize, ruleset: &impl Serialize) -> Self {
        let mut h = blake3::Hasher::new();
        h.update(b"qm-fingerprint-1\0");
        for part in [serde_json::to_vec(scenario), serde_json::to_vec(ruleset)] {
            // Not reachable for plain data; hash the error rather than nothing.
            let bytes = part.unwrap_or_else(|e| e.to_string().into_bytes());
            h.update(&(bytes.len() as u64).to_le_bytes());
            h.update(&bytes);
        }
        Self(*h.finalize().as_bytes())
    }

    /// A state checksum with this fingerprint folded in: what
    /// `Game::checksum` reports.
    #[must_use]
    pub fn fold(&self, state: Checksum) -> Checksum {
        let mut h = blake3::Hasher::new();
        h.update(&self.0);
        h.update(&state.0);
        Checksum(*h.finalize().as_bytes())
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl std::str::FromStr for Fingerprint {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{}` is not 64 hex digits", s.escape_debug());
        if s.len() != 64 || !s.is_ascii() {
            return Err(bad());
        }
        let mut out = [0u8; 32];
        for (i, b) in out.iter_mut().enumerate() {
            *b = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
        }
        Ok(Self(out))
    }
}

impl Serialize for Fingerprint {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Fingerprint {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_and_parses_back() {
        let f = Fingerprint::of(&("a", 1), &[2, 3]);
        assert_eq!(f.to_string().parse::<Fingerprint>(), Ok(f));
        assert!("zz".parse::<Fingerprint>().is_err());
    }

    #[test]
    fn any_value_changes_it() {
        assert_ne!(Fingerprint::of(&("a", 6), &()), Fingerprint::of(&("a", 100), &()));
        assert_ne!(Fingerprint::of(&"ab", &"c"), Fingerprint::of(&"a", &"bc"));
    }
}
