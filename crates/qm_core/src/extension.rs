//! The rule families' static data, held by the kernel's containers without
//! the kernel naming its types.
//!
//! The compiled [`Ruleset`](crate::ruleset::Ruleset) and the
//! [`ScenarioSpec`](crate::spec::ScenarioSpec) are the kernel's, shared by
//! every family; what only one family reads lives in that family's crate
//! (collection's map and convoy rules in `qm_collect`, the Middle East
//! track's rules beside it, rule 30's names resolved against the map in
//! `qm_supply`). The scenario compiler, which knows every family's file
//! sections, puts each family's data into [`Extensions`] by type, and the
//! family reads it back by type ([`Extensions::get`]): a dependency the
//! other way round from a field of the family's type.
//!
//! Each entry has a name, and the entries serialize as a map from name to
//! value, in the order they were put in. A container that flattens its
//! extensions (`#[serde(flatten)]`, as the ruleset does) is written exactly
//! as if each were a field of that name at that place: the ruleset's
//! fingerprint, which hashes its JSON, does not depend on which crate
//! defines a section's type.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A family's static data: plain data that can be compared, printed and
/// serialized.
pub trait Extension: Any + Send + Sync + fmt::Debug + erased_serde::Serialize {
    /// Whether `other` is of the same type and equal.
    fn eq_dyn(&self, other: &dyn Extension) -> bool;
}

impl<T: Any + Send + Sync + fmt::Debug + PartialEq + Eq + Serialize> Extension for T {
    fn eq_dyn(&self, other: &dyn Extension) -> bool {
        (other as &dyn Any).downcast_ref::<T>().is_some_and(|o| self == o)
    }
}

erased_serde::serialize_trait_object!(Extension);

/// The families' static data, by type, each with the name it is written
/// under, in the order put in. Cloning shares the data.
#[derive(Clone, Default)]
pub struct Extensions(Vec<(&'static str, Arc<dyn Extension>)>);

impl Extensions {
    /// Puts `value` in under `name`: in the place of the data of its type
    /// if there is one already (with the new name), else last.
    pub fn insert<T: Extension>(&mut self, name: &'static str, value: T) {
        let value: Arc<dyn Extension> = Arc::new(value);
        match self.0.iter_mut().find(|(_, v)| (&**v as &dyn Any).is::<T>()) {
            Some(slot) => *slot = (name, value),
            None => self.0.push((name, value)),
        }
    }

    /// [`Self::insert`], by value.
    #[must_use]
    pub fn with<T: Extension>(mut self, name: &'static str, value: T) -> Self {
        self.insert(name, value);
        self
    }

    /// The data of type `T`, if it was put in.
    #[must_use]
    pub fn get<T: Extension>(&self) -> Option<&T> {
        self.0.iter().find_map(|(_, v)| (&**v as &dyn Any).downcast_ref::<T>())
    }

    /// The names, in order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.0.iter().map(|(n, _)| *n)
    }

    /// How many entries there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// No entry at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Extensions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.0.iter().map(|(n, v)| (n, v))).finish()
    }
}

/// Equal when they hold the same names in the same order, with equal data.
impl PartialEq for Extensions {
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len() && self.0.iter().zip(&other.0).all(|((n, a), (m, b))| n == m && a.eq_dyn(&**b))
    }
}

impl Eq for Extensions {}

impl Serialize for Extensions {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, &**value)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Eq, Serialize)]
    struct Die {
        sides: u8,
        hits_on: u8,
    }

    #[derive(Debug, PartialEq, Eq, Serialize)]
    struct Track(Vec<String>);

    #[derive(Serialize)]
    struct Fields {
        name: &'static str,
        die: Die,
        track: Track,
        last: u8,
    }

    #[derive(Serialize)]
    struct Flattened {
        name: &'static str,
        #[serde(flatten)]
        ext: Extensions,
        last: u8,
    }

    #[test]
    fn flattened_extensions_write_what_fields_of_their_names_write() {
        let fields = Fields { name: "r", die: Die { sides: 6, hits_on: 2 }, track: Track(vec!["a".into()]), last: 9 };
        let ext =
            Extensions::default().with("die", Die { sides: 6, hits_on: 2 }).with("track", Track(vec!["a".into()]));
        let flat = Flattened { name: "r", ext, last: 9 };
        let (a, b) = (serde_json::to_string(&fields), serde_json::to_string(&flat));
        assert_eq!(a.expect("json"), b.expect("json"));
    }

    #[test]
    fn data_is_read_back_by_type_and_replaced_in_place() {
        let mut ext = Extensions::default().with("die", Die { sides: 6, hits_on: 2 }).with("track", Track(Vec::new()));
        assert_eq!(ext.get::<Die>(), Some(&Die { sides: 6, hits_on: 2 }));
        assert_eq!(ext.get::<u32>(), None);
        let before = ext.clone();
        ext.insert("die", Die { sides: 10, hits_on: 1 });
        assert_eq!(ext.names().collect::<Vec<_>>(), ["die", "track"], "replaced in place");
        assert_eq!(ext.get::<Die>().map(|d| d.sides), Some(10));
        assert_ne!(ext, before);
        assert_eq!(before.get::<Die>().map(|d| d.sides), Some(6), "a clone keeps its own data");
        assert_eq!(format!("{:?}", Extensions::default().with("n", 3u8)), r#"{"n": 3}"#);
    }
}
