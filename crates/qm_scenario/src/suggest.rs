//! "Did you mean" for unknown names: the closest known name by edit
//! distance (Damerau-Levenshtein, `strsim`), if it is close enough to be a
//! likely typo.

use qm_core::map::MapGraph;

/// The known name closest to `name`, if at most a third of its characters
/// (at least one) differ. Ties go to the name first in text order, so the
/// suggestion never depends on the order of `known`.
#[must_use]
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    let limit = (name.chars().count() / 3).max(1);
    known
        .into_iter()
        .filter(|k| *k != name)
        .map(|k| (strsim::damerau_levenshtein(&lower, &k.to_lowercase()), k))
        .filter(|(d, _)| *d <= limit)
        .min()
        .map(|(_, k)| k)
}

/// `, did you mean X?` for the known name closest to `name`, or nothing.
#[must_use]
pub fn hint<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(name, known).map(|k| format!(", did you mean {k}?")).unwrap_or_default()
}

/// `, did you mean vyazma (e53)?` for the hex label, place name or box key
/// of `map` closest to `name`, or nothing.
#[must_use]
pub fn place_hint(map: &MapGraph, name: &str) -> String {
    let known = map.nodes.iter().flat_map(|i| std::iter::once(i.label.as_str()).chain(i.name.as_deref()));
    let Some(best) = closest(name, known) else { return String::new() };
    let described = map.find(best).and_then(|n| map.node(n)).map_or_else(
        || best.to_string(),
        |i| match &i.name {
            Some(place) if place == best => format!("{place} ({})", i.label),
            Some(place) => format!("{} ({place})", i.label),
            None => i.label.clone(),
        },
    );
    format!(", did you mean {described}?")
}

/// `, did you mean arm (Armor)?` for the unit type (`(key, name)` pairs)
/// whose key is closest to `name`, or else whose name is (a type written
/// by its name, `armor` or `armour` for `arm`), or nothing.
#[must_use]
pub fn type_hint<'a>(name: &str, types: &[(&'a str, &'a str)]) -> String {
    let by_key = closest(name, types.iter().map(|t| t.0));
    let lower = name.to_lowercase();
    let limit = (name.chars().count() / 3).max(1);
    let by_name = || {
        types
            .iter()
            .map(|(k, n)| (strsim::damerau_levenshtein(&lower, &n.to_lowercase()), *k))
            .filter(|(d, _)| *d <= limit)
            .min()
            .map(|(_, k)| k)
    };
    let Some(key) = by_key.or_else(by_name) else { return String::new() };
    let full = types.iter().find(|t| t.0 == key).map_or(key, |t| t.1);
    format!(", did you mean {key} ({full})?")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_are_suggested_and_far_ones_not() {
        let known = ["vyazma", "moscow", "smolensk"];
        assert_eq!(closest("vyasma", known), Some("vyazma"));
        assert_eq!(closest("Moscow", known), Some("moscow"));
        assert_eq!(closest("berlin", known), None);
        assert_eq!(hint("smolnsk", known), ", did you mean smolensk?");
        assert_eq!(hint("x", known), "");
    }

    #[test]
    fn ties_go_to_the_first_name_in_text_order() {
        assert_eq!(closest("ab", ["ac", "aa"]), Some("aa"));
        assert_eq!(closest("ab", ["aa", "ac"]), Some("aa"));
    }

    #[test]
    fn unit_types_are_suggested_by_key_or_by_name() {
        let types = [("inf", "Infantry"), ("arm", "Armor"), ("hq", "Headquarters"), ("mech", "Mechanized infantry")];
        assert_eq!(type_hint("armor", &types), ", did you mean arm (Armor)?");
        assert_eq!(type_hint("Armour", &types), ", did you mean arm (Armor)?");
        assert_eq!(type_hint("Infantry", &types), ", did you mean inf (Infantry)?");
        assert_eq!(type_hint("inff", &types), ", did you mean inf (Infantry)?");
        assert_eq!(type_hint("mec", &types), ", did you mean mech (Mechanized infantry)?");
        assert_eq!(type_hint("cavalry", &types), "");
    }
}
