//! Supply statuses in reports as the lowercase words the JSON has always
//! used (`full`, `partial`, `isolated`, `unsupplied`). The statuses' own
//! serde form (variant names) is the one state sections and saves use,
//! and stays as it is.

use qm_core::supply::{HexStatus, UnitStatus};
use serde::{Deserialize, Deserializer, Serializer, de::Error};

/// `UnitStatus` as `full`, `partial` or `isolated`.
pub mod unit {
    use super::{Deserialize, Deserializer, Error, Serializer, UnitStatus};

    /// Writes the lowercase word.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(s: &UnitStatus, ser: S) -> Result<S::Ok, S::Error> {
        ser.serialize_str(s.as_str())
    }

    /// Reads the lowercase word.
    ///
    /// # Errors
    /// A word that is not a unit status.
    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<UnitStatus, D::Error> {
        let word = String::deserialize(de)?;
        [UnitStatus::Full, UnitStatus::Partial, UnitStatus::Isolated]
            .into_iter()
            .find(|s| s.as_str() == word)
            .ok_or_else(|| D::Error::custom(format!("unknown unit status `{word}`")))
    }
}

/// `HexStatus` as `full`, `partial` or `unsupplied`.
pub mod hex {
    use super::{Deserialize, Deserializer, Error, HexStatus, Serializer};

    /// Writes the lowercase word.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(s: &HexStatus, ser: S) -> Result<S::Ok, S::Error> {
        ser.serialize_str(s.as_str())
    }

    /// Reads the lowercase word.
    ///
    /// # Errors
    /// A word that is not a hex status.
    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<HexStatus, D::Error> {
        let word = String::deserialize(de)?;
        [HexStatus::Full, HexStatus::Partial, HexStatus::Unsupplied]
            .into_iter()
            .find(|s| s.as_str() == word)
            .ok_or_else(|| D::Error::custom(format!("unknown hex status `{word}`")))
    }
}
