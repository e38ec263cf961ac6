//! Numbers that are not numbers. RON reads `1e400` as an infinite float
//! and `NaN` as NaN; the families' sections are plain JSON data, which
//! holds neither, so either would arrive as `null` and be reported as
//! "invalid type: null". They are found first and said for what they are,
//! at their own position.

use crate::locate::Seg;
use ron::Value;
use ron::value::Number;

/// The first float in `value` (in the order its maps and lists hold them)
/// that is NaN or infinite: its path below `value` and what is wrong.
#[must_use]
pub fn first_non_finite(value: &Value) -> Option<(Vec<Seg>, &'static str)> {
    let mut path = Vec::new();
    walk(value, &mut path).map(|why| (path, why))
}

/// Depth-first search; `path` is left at the number found.
fn walk(v: &Value, path: &mut Vec<Seg>) -> Option<&'static str> {
    match v {
        Value::Number(n) => what_is_wrong(n),
        Value::Option(Some(inner)) => walk(inner, path),
        Value::Seq(items) => items.iter().enumerate().find_map(|(i, item)| within(path, Seg::Index(i), item)),
        Value::Map(map) => map.iter().find_map(|(k, item)| within(path, Seg::Key(key_text(k)), item)),
        _ => None,
    }
}

/// [`walk`] one step down, the step kept in `path` only where it found one.
fn within(path: &mut Vec<Seg>, seg: Seg, item: &Value) -> Option<&'static str> {
    path.push(seg);
    let found = walk(item, path);
    if found.is_none() {
        path.pop();
    }
    found
}

/// A map key as the locator matches it: a string's or char's content, a
/// number's text.
fn key_text(k: &Value) -> String {
    match k {
        Value::String(s) => s.clone(),
        Value::Char(c) => c.to_string(),
        Value::Number(n) => format!("{}", n.into_f64()),
        other => format!("{other:?}"),
    }
}

/// Why a number is not one, if it is not.
fn what_is_wrong(n: &Number) -> Option<&'static str> {
    let f = match n {
        Number::F32(f) => f64::from(f.get()),
        Number::F64(f) => f.get(),
        _ => return None,
    };
    if f.is_nan() {
        Some("`NaN` is not a number")
    } else if f.is_infinite() {
        Some("this number overflows: it is past the largest a number may be (about 1.8e308)")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        crate::ron_options().from_str(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn nan_and_overflow_are_found_at_their_path() {
        let (path, why) = first_non_finite(&value("{\"a\": [1, 2.5, 1e400]}")).expect("found");
        assert_eq!(path, vec![Seg::Key("a".into()), Seg::Index(2)]);
        assert!(why.contains("overflows"), "{why}");
        let (path, why) = first_non_finite(&value("(b: Some(NaN))")).expect("found");
        assert_eq!(path, vec![Seg::Key("b".into())]);
        assert!(why.contains("NaN"), "{why}");
        assert_eq!(first_non_finite(&value("{\"a\": [1, -2.5e300, 4294967295]}")), None);
    }
}
