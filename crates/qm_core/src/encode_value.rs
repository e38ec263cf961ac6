//! A section's checksum bytes straight from its typed data.
//!
//! A family's section of state is plain data: the `serde_json::Value` its
//! `Serialize` gives, which [`Encoder::value`] writes with a tag byte
//! before each node. Building that value only to hash it costs an
//! allocation per node of it, and the supply section lists every zone's
//! hexes. [`Encoder::value_of`] writes the same bytes from the typed data,
//! through the serializer of this module:
//!
//! - numbers as `serde_json` holds them: an unsigned or non-negative
//!   integer as tag 8 and `u32`, or tag 2 and `u64` past a `u32`, a
//!   negative one as tag 3 and `i64`;
//! - `None`, `()` and unit structs as null, a unit variant as its name, a
//!   variant with data as a one-entry object `{variant: data}`;
//! - object entries in the sorted order of their keys, as `serde_json`'s
//!   map keeps them (the workspace does not enable its `preserve_order`),
//!   a later entry replacing an earlier one of the same key; map keys as
//!   `serde_json` turns them into strings (integers in decimal).
//!
//! What this serializer does not mirror exactly (floats, 128-bit integers
//! out of range, keys that are not strings, integers or names), it refuses:
//! [`Encoder::value_of`] then writes the value the slow way, so that the
//! bytes are the same in every case. The tests compare the two on every
//! shape serde has, and `tests/it/checksum_coverage.rs` on every shipped
//! scenario's sections.

use crate::encode::{EncodeError, Encoder, tagged_uint};
use serde::Serialize;
use serde::ser::{self, Impossible};
use std::borrow::Cow;

/// The tags of [`Encoder::value`].
mod tag {
    pub const NULL: u8 = 0;
    pub const BOOL: u8 = 1;
    pub const INT: u8 = 3;
    pub const STR: u8 = 5;
    pub const ARRAY: u8 = 6;
    pub const OBJECT: u8 = 7;
}

impl Encoder {
    /// Appends `v` as [`Encoder::value`] appends `serde_json::to_value(v)`,
    /// without building the value.
    ///
    /// # Errors
    /// `v` does not serialize to a JSON value (the message of
    /// `serde_json::to_value`).
    pub fn value_of<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
        let mut out = Tagged::default();
        if v.serialize(&mut out).is_ok() {
            self.bytes(&out.buf);
            return Ok(());
        }
        let value = serde_json::to_value(v).map_err(|e| EncodeError::new(e.to_string()))?;
        self.value(&value);
        Ok(())
    }
}

/// The bytes written so far.
#[derive(Default)]
struct Tagged {
    buf: Vec<u8>,
}

impl Tagged {
    fn tag(&mut self, t: u8) {
        self.buf.push(t);
    }

    fn count(&mut self, n: usize) {
        self.buf.extend_from_slice(&(n as u64).to_le_bytes());
    }

    fn str(&mut self, s: &str) {
        self.count(s.len());
        self.buf.extend_from_slice(s.as_bytes());
    }

    fn uint(&mut self, v: u64) {
        let (b, len) = tagged_uint(v);
        self.buf.extend_from_slice(&b[..len]);
    }

    fn int(&mut self, v: i64) {
        match u64::try_from(v) {
            Ok(u) => self.uint(u),
            Err(_) => {
                self.tag(tag::INT);
                self.buf.extend_from_slice(&v.to_le_bytes());
            }
        }
    }

    /// Starts an array: its tag and a count patched by [`Array::end`].
    fn array(&mut self) -> Array<'_> {
        self.tag(tag::ARRAY);
        let at = self.buf.len();
        self.count(0);
        Array { out: self, at, n: 0 }
    }

    /// Starts an object: its tag and a count patched by [`Object::end`],
    /// which also puts the entries in key order.
    fn object(&mut self) -> Object<'_> {
        self.tag(tag::OBJECT);
        let at = self.buf.len();
        self.count(0);
        Object { out: self, at, entries: Vec::new(), key: None }
    }

    /// Starts the one-entry object `{variant: ...}` of a variant with
    /// data: its tag, count and key; the data follows.
    fn variant(&mut self, variant: &str) {
        self.tag(tag::OBJECT);
        self.count(1);
        self.str(variant);
    }
}

/// Why the fast path gave up (the slow path has the real message).
#[derive(Debug)]
struct Refused;

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not mirrored")
    }
}

impl std::error::Error for Refused {}

impl ser::Error for Refused {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Refused
    }
}

type Done = Result<(), Refused>;

/// An array being written.
struct Array<'a> {
    out: &'a mut Tagged,
    /// Where its count is.
    at: usize,
    n: u64,
}

impl Array<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        self.n += 1;
        v.serialize(&mut *self.out)
    }

    fn end(self) -> Done {
        self.out.buf[self.at..self.at + 8].copy_from_slice(&self.n.to_le_bytes());
        Ok(())
    }
}

/// An object being written: its entries as they come, each its key and
/// its value's bytes, put in key order at the end if they are not already.
struct Object<'a> {
    out: &'a mut Tagged,
    /// Where its count is; its first entry starts after it.
    at: usize,
    /// Per entry: the key, and where its bytes (key, then value) start and
    /// end.
    entries: Vec<(Cow<'static, str>, usize, usize)>,
    /// The key of a map entry whose value comes next.
    key: Option<String>,
}

impl Object<'_> {
    fn entry<T: Serialize + ?Sized>(&mut self, key: Cow<'static, str>, v: &T) -> Done {
        let from = self.out.buf.len();
        self.out.str(&key);
        v.serialize(&mut *self.out)?;
        self.entries.push((key, from, self.out.buf.len()));
        Ok(())
    }

    fn end(self) -> Done {
        let Object { out, at, mut entries, .. } = self;
        let start = at + 8;
        if !entries.is_sorted_by(|a, b| a.0 < b.0) {
            let bytes = out.buf.split_off(start);
            // Stable: of two entries of one key, the later one is kept.
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            let mut kept: Vec<(Cow<'static, str>, usize, usize)> = Vec::with_capacity(entries.len());
            for e in entries {
                match kept.last_mut() {
                    Some(last) if last.0 == e.0 => *last = e,
                    _ => kept.push(e),
                }
            }
            for (_, from, to) in &kept {
                out.buf.extend_from_slice(&bytes[from - start..to - start]);
            }
            entries = kept;
        }
        out.buf[at..start].copy_from_slice(&(entries.len() as u64).to_le_bytes());
        Ok(())
    }
}

/// Narrow integers, written as the wide one `serde_json` holds them as.
macro_rules! widen {
    ($($f:ident: $t:ty),* => $to:ident: $w:ty) => {
        $(
            fn $f(self, v: $t) -> Done {
                self.$to(<$w>::from(v))
            }
        )*
    };
}

impl<'a> ser::Serializer for &'a mut Tagged {
    type Ok = ();
    type Error = Refused;
    type SerializeSeq = Array<'a>;
    type SerializeTuple = Array<'a>;
    type SerializeTupleStruct = Array<'a>;
    type SerializeTupleVariant = Array<'a>;
    type SerializeMap = Object<'a>;
    type SerializeStruct = Object<'a>;
    type SerializeStructVariant = Object<'a>;

    widen!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32 => serialize_i64: i64);
    widen!(serialize_u8: u8, serialize_u16: u16, serialize_u32: u32 => serialize_u64: u64);

    fn serialize_bool(self, v: bool) -> Done {
        self.tag(tag::BOOL);
        self.buf.push(u8::from(v));
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Done {
        self.int(v);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Done {
        if let Ok(u) = u64::try_from(v) {
            self.uint(u);
        } else {
            self.int(i64::try_from(v).map_err(|_| Refused)?);
        }
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Done {
        self.uint(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Done {
        self.uint(u64::try_from(v).map_err(|_| Refused)?);
        Ok(())
    }
    fn serialize_f32(self, _: f32) -> Done {
        Err(Refused)
    }
    fn serialize_f64(self, _: f64) -> Done {
        Err(Refused)
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Done {
        self.tag(tag::STR);
        self.str(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Done {
        let mut a = self.array();
        for b in v {
            a.element(b)?;
        }
        a.end()
    }
    fn serialize_none(self) -> Done {
        self.tag(tag::NULL);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        self.tag(tag::NULL);
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        self.tag(tag::NULL);
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Done {
        self.variant(variant);
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Array<'a>, Refused> {
        Ok(self.array())
    }
    fn serialize_tuple(self, _: usize) -> Result<Array<'a>, Refused> {
        Ok(self.array())
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Array<'a>, Refused> {
        Ok(self.array())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Array<'a>, Refused> {
        self.variant(variant);
        Ok(self.array())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Object<'a>, Refused> {
        Ok(self.object())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Object<'a>, Refused> {
        Ok(self.object())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Object<'a>, Refused> {
        self.variant(variant);
        Ok(self.object())
    }
}

/// The serde compound traits an [`Array`] implements: each element by
/// [`Array::element`].
macro_rules! array_impls {
    ($($tr:ident :: $method:ident),*) => {
        $(
            impl ser::$tr for Array<'_> {
                type Ok = ();
                type Error = Refused;
                fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
                    self.element(v)
                }
                fn end(self) -> Done {
                    Array::end(self)
                }
            }
        )*
    };
}

array_impls!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Object<'_> {
    type Ok = ();
    type Error = Refused;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Done {
        self.key = Some(k.serialize(KeyString)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        let key = self.key.take().ok_or(Refused)?;
        self.entry(Cow::Owned(key), v)
    }
    fn end(self) -> Done {
        Object::end(self)
    }
}

/// The serde struct traits an [`Object`] implements: each field an entry
/// under its name.
macro_rules! struct_impls {
    ($($tr:ident),*) => {
        $(
            impl ser::$tr for Object<'_> {
                type Ok = ();
                type Error = Refused;
                fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T) -> Done {
                    self.entry(Cow::Borrowed(key), v)
                }
                fn end(self) -> Done {
                    Object::end(self)
                }
            }
        )*
    };
}

struct_impls!(SerializeStruct, SerializeStructVariant);

/// A map key as `serde_json` writes it: a string, a character, an integer
/// or a bool in text, a unit variant's name; anything else is refused.
struct KeyString;

macro_rules! key_in_decimal {
    ($($f:ident: $t:ty),*) => {
        $(
            fn $f(self, v: $t) -> Result<String, Refused> {
                Ok(v.to_string())
            }
        )*
    };
}

impl ser::Serializer for KeyString {
    type Ok = String;
    type Error = Refused;
    type SerializeSeq = Impossible<String, Refused>;
    type SerializeTuple = Impossible<String, Refused>;
    type SerializeTupleStruct = Impossible<String, Refused>;
    type SerializeTupleVariant = Impossible<String, Refused>;
    type SerializeMap = Impossible<String, Refused>;
    type SerializeStruct = Impossible<String, Refused>;
    type SerializeStructVariant = Impossible<String, Refused>;

    key_in_decimal!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64, serialize_i128: i128);
    key_in_decimal!(serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64, serialize_u128: u128);
    key_in_decimal!(serialize_bool: bool, serialize_char: char);

    fn serialize_f32(self, _: f32) -> Result<String, Refused> {
        Err(Refused)
    }
    fn serialize_f64(self, _: f64) -> Result<String, Refused> {
        Err(Refused)
    }
    fn serialize_str(self, v: &str) -> Result<String, Refused> {
        Ok(v.to_owned())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Refused> {
        Err(Refused)
    }
    fn serialize_none(self) -> Result<String, Refused> {
        Err(Refused)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Refused> {
        Err(Refused)
    }
    fn serialize_unit(self) -> Result<String, Refused> {
        Err(Refused)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Refused> {
        Err(Refused)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<String, Refused> {
        Ok(variant.to_owned())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<String, Refused> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Refused> {
        Err(Refused)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Refused> {
        Err(Refused)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Refused> {
        Err(Refused)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Refused> {
        Err(Refused)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Refused> {
        Err(Refused)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Refused> {
        Err(Refused)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Refused> {
        Err(Refused)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Refused> {
        Err(Refused)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    /// The hash of the fast path's bytes, if it takes the value.
    fn fast<T: Serialize>(v: &T) -> Option<[u8; 32]> {
        let mut out = Tagged::default();
        v.serialize(&mut out).ok().map(|()| *blake3::hash(&out.buf).as_bytes())
    }

    /// The hash of the value's bytes.
    fn slow<T: Serialize>(v: &T) -> [u8; 32] {
        let mut e = Encoder::default();
        e.value(&serde_json::to_value(v).expect("a value"));
        e.finish()
    }

    /// The fast path writes exactly the value's bytes.
    fn same<T: Serialize + std::fmt::Debug>(v: &T) {
        assert_eq!(fast(v), Some(slow(v)), "{v:?}");
    }

    #[derive(Serialize, Debug)]
    struct Unit;

    #[derive(Serialize, Debug)]
    struct Newtype(u32);

    #[derive(Serialize, Debug)]
    struct Pair(i8, Option<u16>);

    #[derive(Serialize, Debug)]
    enum Shape {
        Plain,
        Wrapped(i64),
        Tuple(u8, String),
        Fields { zeta: bool, alpha: Vec<u32> },
    }

    #[derive(Serialize, Debug)]
    struct Fields {
        zone: u32,
        at: Option<u64>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        empty: Vec<u8>,
        b: Vec<Shape>,
        a: (Unit, Newtype, Pair, char),
        by_number: BTreeMap<u32, String>,
        by_name: BTreeMap<String, i32>,
        by_variant: BTreeMap<Side, ()>,
        bytes: serde_bytes_like::Bytes,
    }

    #[derive(Serialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Side {
        Axis,
        Allies,
    }

    mod serde_bytes_like {
        /// Serializes as bytes, as `serde_bytes` would.
        #[derive(Debug)]
        pub struct Bytes(pub Vec<u8>);
        impl serde::Serialize for Bytes {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(&self.0)
            }
        }
    }

    #[derive(Serialize, Debug)]
    struct Flattened {
        z: u8,
        #[serde(flatten)]
        rest: BTreeMap<String, u8>,
    }

    #[test]
    fn every_shape_serde_has_writes_the_values_bytes() {
        same(&());
        same(&Unit);
        same(&true);
        same(&Newtype(7));
        same(&Pair(-3, None));
        same(&Pair(3, Some(9)));
        same(&(i64::MIN, i64::MAX, u64::MAX, -1i32, 0i16, 'é', "text"));
        same(&(i128::from(i64::MIN), u128::from(u64::MAX), -5i128));
        same(&(u64::from(u32::MAX), u64::from(u32::MAX) + 1, i64::from(u32::MAX) + 1));
        for s in [Shape::Plain, Shape::Wrapped(-2), Shape::Tuple(1, "x".into())] {
            same(&s);
        }
        same(&Shape::Fields { zeta: false, alpha: vec![3, 1] });
        let fields = Fields {
            zone: 4,
            at: Some(1),
            empty: Vec::new(),
            b: vec![Shape::Plain, Shape::Fields { zeta: true, alpha: Vec::new() }],
            a: (Unit, Newtype(2), Pair(0, Some(1)), 'q'),
            // As text, "10" sorts before "9".
            by_number: [(9, "nine".to_string()), (10, "ten".to_string())].into(),
            by_name: [("b".to_string(), -1), ("a".to_string(), 1)].into(),
            by_variant: [(Side::Allies, ()), (Side::Axis, ())].into(),
            bytes: serde_bytes_like::Bytes(vec![0, 255]),
        };
        same(&fields);
        same(&vec![fields]);
        same(&Flattened { z: 1, rest: [("a".to_string(), 2), ("zz".to_string(), 3)].into() });
        same(&BTreeMap::<u8, u8>::new());
        same(&Vec::<u8>::new());
    }

    #[test]
    fn what_it_does_not_mirror_it_refuses_and_value_of_writes_the_slow_way() {
        assert!(fast(&1.5f64).is_none());
        assert!(fast(&u128::MAX).is_none());
        assert!(fast(&BTreeMap::from([((1, 2), 3)])).is_none());
        for v in [serde_json::json!(1.5), serde_json::json!({"k": [2.5, null]})] {
            let mut e = Encoder::default();
            e.value_of(&v).expect("a value");
            assert_eq!(e.finish(), slow(&v));
        }
        let mut e = Encoder::default();
        assert!(e.value_of(&BTreeMap::from([((1, 2), 3)])).is_err(), "serde_json refuses it too");
    }
}
