//! Rulesets parsed once per process. Every scenario of a batch, a self-play
//! run or a fuzz campaign names one of a few rulesets; parsing and compiling
//! one (16 KB for `awaw.ron`) costs more than most scenarios. The cache
//! keys a ruleset by its file name and a BLAKE3 hash of its bytes, so an
//! edited file is parsed again, and keeps only rulesets that compiled: a
//! bad one is reported afresh each time, at its positions.

use crate::{LoadError, parse_ruleset};
use qm_core::ruleset::Ruleset;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

/// At most this many rulesets are kept; a full cache is emptied before the
/// next one goes in (a process rarely uses more than a handful).
const CAPACITY: usize = 32;

type Key = (String, [u8; 32]);

static CACHE: Mutex<BTreeMap<Key, Arc<Ruleset>>> = Mutex::new(BTreeMap::new());

/// [`parse_ruleset`], through the process-wide cache.
///
/// # Errors
/// As [`parse_ruleset`].
pub fn parse_ruleset_cached(file: &str, bytes: &[u8]) -> Result<Ruleset, LoadError> {
    let key = (file.to_string(), *blake3::hash(bytes).as_bytes());
    let hit = CACHE.lock().unwrap_or_else(PoisonError::into_inner).get(&key).cloned();
    if let Some(rules) = hit {
        return Ok((*rules).clone());
    }
    let rules = parse_ruleset(file, bytes)?;
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    if cache.len() >= CAPACITY {
        cache.clear();
    }
    cache.insert(key, Arc::new(rules.clone()));
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    const AWAW: &[u8] = include_bytes!("../../../assets/rulesets/awaw.ron");

    #[test]
    fn a_cached_ruleset_is_the_parsed_one() {
        let fresh = parse_ruleset("awaw.ron", AWAW).expect("parses");
        assert_eq!(parse_ruleset_cached("awaw.ron", AWAW).expect("parses"), fresh);
        assert_eq!(parse_ruleset_cached("awaw.ron", AWAW).expect("cached"), fresh);
    }

    #[test]
    fn an_edited_ruleset_is_parsed_again_and_errors_are_not_cached() {
        let bad = b"Ruleset(nations: 7)";
        let first = parse_ruleset_cached("bad.ron", bad).map(drop).expect_err("refused");
        let again = parse_ruleset_cached("bad.ron", bad).map(drop).expect_err("refused again");
        assert_eq!(first.to_string(), again.to_string());
        let fixed = parse_ruleset_cached("bad.ron", AWAW).expect("the edited file parses");
        assert_eq!(fixed, parse_ruleset("bad.ron", AWAW).expect("parses"));
    }
}
