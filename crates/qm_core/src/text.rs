//! Text from input files, made safe to print: control characters (escape
//! sequences, carriage returns, bells) never reach a terminal raw.

use std::borrow::Cow;

/// `s` with every control character escaped (`\u{1b}`, `\r`), or `s`
/// itself when it has none.
#[must_use]
pub fn printable(s: &str) -> Cow<'_, str> {
    if s.chars().any(char::is_control) {
        let mut out = String::with_capacity(s.len() + 8);
        for c in s.chars() {
            if c.is_control() {
                out.extend(c.escape_default());
            } else {
                out.push(c);
            }
        }
        Cow::Owned(out)
    } else {
        Cow::Borrowed(s)
    }
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(printable("a\u{1b}[31mb\r\n"), "a\\u{1b}[31mb\\r\\n");
        assert_eq!(printable("Łódź-1"), "Łódź-1");
    }
}
