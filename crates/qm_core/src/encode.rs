//! The canonical binary encoding that [`crate::checksum`] hashes.
//!
//! A serde [`Serializer`] in the manner of bincode and postcard: not
//! self-describing, so for one Rust type it is a prefix-free, injective
//! encoding of the value, and the same value gives the same bytes on every
//! machine. The rules:
//!
//! - `bool`: one byte, 0 or 1; integers: fixed width, little-endian, at the
//!   width of their type; floats: their IEEE bits, little-endian; `char`:
//!   `u32`;
//! - strings and byte strings: the length as `u64`, then the bytes;
//! - `None`: `0u8`; `Some(v)`: `1u8`, then `v`;
//! - unit, unit structs: nothing; newtype structs: the inner value;
//! - enum variants: the variant index as `u32`, then the fields;
//! - structs, tuples and tuple structs: the fields in declaration order,
//!   without names;
//! - sequences and maps: the number of elements as `u64`, then the
//!   elements (map entries key then value, in the map's own order, sorted
//!   for the `BTreeMap`s and `BTreeSet`s of the state); a sequence whose
//!   serializer does not give its length up front is written as
//!   `u64::MAX`, the elements, then their number.
//!
//! The plain data of the families' state sections (`serde_json::Value`) is
//! self-describing, so it goes through [`Encoder::value`], which writes a
//! tag byte before each node.
//!
//! The bytes are streamed into a BLAKE3 hasher through a buffer; nothing
//! the size of the state is built.

use serde::ser::{self, Serialize};
use std::fmt;

/// Bytes buffered before they are handed to the hasher: large enough for
/// BLAKE3's wide SIMD path.
const FLUSH_AT: usize = 1 << 16;

/// Writes values in the canonical binary encoding into a BLAKE3 hasher.
#[derive(Clone)]
pub struct Encoder {
    buf: Vec<u8>,
    hasher: blake3::Hasher,
}

impl Default for Encoder {
    fn default() -> Self {
        Self { buf: Vec::with_capacity(FLUSH_AT + 1024), hasher: blake3::Hasher::new() }
    }
}

/// A value that does not encode (a `Serialize` impl that failed).
#[derive(Debug)]
pub struct EncodeError(String);

impl EncodeError {
    /// An error with this message.
    #[must_use]
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EncodeError {}

impl ser::Error for EncodeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self(msg.to_string())
    }
}

impl Encoder {
    /// Appends raw bytes.
    #[inline]
    pub fn bytes(&mut self, b: &[u8]) {
        if b.len() >= FLUSH_AT / 4 {
            // Long enough to hash where it is, after what is buffered (the
            // hash of a stream does not depend on how it is cut).
            self.hasher.update(&self.buf);
            self.buf.clear();
            self.hasher.update(b);
            return;
        }
        self.buf.extend_from_slice(b);
        self.flush_if_full();
    }

    /// Appends the first `len` bytes of `b`, copying all of `b` (a copy of
    /// known size, done in a few moves) and cutting the rest.
    #[inline]
    pub(crate) fn bytes_fixed<const N: usize>(&mut self, b: &[u8; N], len: usize) {
        let at = self.buf.len();
        self.buf.extend_from_slice(b);
        self.buf.truncate(at + len.min(N));
        self.flush_if_full();
    }

    /// Hands the buffer to the hasher once it holds [`FLUSH_AT`] bytes.
    #[inline]
    fn flush_if_full(&mut self) {
        if self.buf.len() >= FLUSH_AT {
            self.hasher.update(&self.buf);
            self.buf.clear();
        }
    }

    /// Appends a length or count.
    #[inline]
    pub fn count(&mut self, n: usize) {
        self.bytes(&(n as u64).to_le_bytes());
    }

    /// Appends one value. A value whose `Serialize` fails writes the error
    /// text instead, so that the hash still differs from the value's
    /// absence.
    pub fn put<T: Serialize + ?Sized>(&mut self, v: &T) {
        if let Err(e) = v.serialize(&mut *self) {
            self.bytes(b"\xffencode error:");
            self.bytes(e.0.as_bytes());
        }
    }

    /// Appends a self-describing `serde_json::Value`, a tag byte before
    /// each node: 0 null, 1 bool, 2 unsigned (`u64`), 3 signed (`i64`), 4
    /// float, 5 string, 6 array, 7 object (keys in the map's sorted order),
    /// 8 unsigned that fits a `u32` (as a `u32`: node ids, the bulk of a
    /// section).
    pub fn value(&mut self, v: &serde_json::Value) {
        use serde_json::Value;
        match v {
            Value::Null => self.bytes(&[0]),
            Value::Bool(b) => self.bytes(&[1, u8::from(*b)]),
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    let (b, len) = tagged_uint(u);
                    self.bytes(&b[..len]);
                } else if let Some(i) = n.as_i64() {
                    self.bytes(&[3]);
                    self.bytes(&i.to_le_bytes());
                } else {
                    self.bytes(&[4]);
                    self.bytes(&n.as_f64().unwrap_or(f64::NAN).to_bits().to_le_bytes());
                }
            }
            Value::String(s) => {
                self.bytes(&[5]);
                self.str(s);
            }
            Value::Array(a) => {
                self.bytes(&[6]);
                self.count(a.len());
                for x in a {
                    self.value(x);
                }
            }
            Value::Object(m) => {
                self.bytes(&[7]);
                self.count(m.len());
                for (k, x) in m {
                    self.str(k);
                    self.value(x);
                }
            }
        }
    }

    fn str(&mut self, s: &str) {
        self.count(s.len());
        self.bytes(s.as_bytes());
    }

    /// The BLAKE3 hash of everything written.
    #[must_use]
    pub fn finish(mut self) -> [u8; 32] {
        self.hasher.update(&self.buf);
        *self.hasher.finalize().as_bytes()
    }
}

/// The tagged bytes of an unsigned number in [`Encoder::value`]'s
/// encoding, and how many of them there are: tag 8 and a `u32` when it
/// fits, tag 2 and a `u64` otherwise.
#[inline]
pub(crate) fn tagged_uint(u: u64) -> ([u8; 9], usize) {
    let mut b = [0u8; 9];
    match u32::try_from(u) {
        Ok(small) => {
            b[0] = 8;
            b[1..5].copy_from_slice(&small.to_le_bytes());
            (b, 5)
        }
        Err(_) => {
            b[0] = 2;
            b[1..].copy_from_slice(&u.to_le_bytes());
            (b, 9)
        }
    }
}

/// A sequence or map being written; counts elements when the length was
/// not given up front.
pub struct Compound<'a> {
    enc: &'a mut Encoder,
    counted: Option<u64>,
}

impl Compound<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
        if let Some(n) = &mut self.counted {
            *n += 1;
        }
        v.serialize(&mut *self.enc)
    }

    fn end(self) -> Result<(), EncodeError> {
        if let Some(n) = self.counted {
            self.enc.bytes(&n.to_le_bytes());
        }
        Ok(())
    }
}

macro_rules! int {
    ($($f:ident: $t:ty),*) => {
        $(
            fn $f(self, v: $t) -> Result<(), EncodeError> {
                self.bytes(&v.to_le_bytes());
                Ok(())
            }
        )*
    };
}

impl<'a> ser::Serializer for &'a mut Encoder {
    type Ok = ();
    type Error = EncodeError;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    int!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64, serialize_i128: i128);
    int!(serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64, serialize_u128: u128);
    int!(serialize_f32: f32, serialize_f64: f64);

    fn serialize_bool(self, v: bool) -> Result<(), EncodeError> {
        self.bytes(&[u8::from(v)]);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), EncodeError> {
        self.serialize_u32(v as u32)
    }
    fn serialize_str(self, v: &str) -> Result<(), EncodeError> {
        self.str(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), EncodeError> {
        self.count(v.len());
        self.bytes(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), EncodeError> {
        self.bytes(&[0]);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), EncodeError> {
        self.bytes(&[1]);
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), EncodeError> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), EncodeError> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, index: u32, _: &'static str) -> Result<(), EncodeError> {
        self.serialize_u32(index)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<(), EncodeError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        v: &T,
    ) -> Result<(), EncodeError> {
        self.bytes(&index.to_le_bytes());
        v.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Compound<'a>, EncodeError> {
        let counted = match len {
            Some(n) => {
                self.count(n);
                None
            }
            None => {
                self.bytes(&u64::MAX.to_le_bytes());
                Some(0)
            }
        };
        Ok(Compound { enc: self, counted })
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>, EncodeError> {
        Ok(Compound { enc: self, counted: None })
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, EncodeError> {
        Ok(Compound { enc: self, counted: None })
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, EncodeError> {
        self.bytes(&index.to_le_bytes());
        Ok(Compound { enc: self, counted: None })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Compound<'a>, EncodeError> {
        self.serialize_seq(len)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, EncodeError> {
        Ok(Compound { enc: self, counted: None })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, EncodeError> {
        self.bytes(&index.to_le_bytes());
        Ok(Compound { enc: self, counted: None })
    }
}

/// The serde compound traits whose items a [`Compound`] writes as the
/// elements of a sequence, by [`Compound::element`].
macro_rules! element_impls {
    ($($tr:ident :: $method:ident),*) => {
        $(
            impl ser::$tr for Compound<'_> {
                type Ok = ();
                type Error = EncodeError;
                fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
                    self.element(v)
                }
                fn end(self) -> Result<(), EncodeError> {
                    Compound::end(self)
                }
            }
        )*
    };
}

element_impls!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = EncodeError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), EncodeError> {
        self.element(k)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), EncodeError> {
        v.serialize(&mut *self.enc)
    }
    fn end(self) -> Result<(), EncodeError> {
        Compound::end(self)
    }
}

/// The serde struct traits a [`Compound`] implements: each field's value
/// in field order, without its name.
macro_rules! field_impls {
    ($($tr:ident),*) => {
        $(
            impl ser::$tr for Compound<'_> {
                type Ok = ();
                type Error = EncodeError;
                fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, v: &T) -> Result<(), EncodeError> {
                    self.element(v)
                }
                fn end(self) -> Result<(), EncodeError> {
                    Compound::end(self)
                }
            }
        )*
    };
}

field_impls!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes_of<T: Serialize>(v: &T) -> Vec<u8> {
        let mut e = Encoder::default();
        e.put(v);
        e.buf
    }

    #[test]
    fn the_encoding_is_the_documented_one() {
        assert_eq!(bytes_of(&(true, 7u16, -1i8)), vec![1, 7, 0, 0xff]);
        assert_eq!(bytes_of(&Some("ab")), vec![1, 2, 0, 0, 0, 0, 0, 0, 0, b'a', b'b']);
        assert_eq!(bytes_of(&None::<u8>), vec![0]);
        assert_eq!(bytes_of(&vec![3u8, 4]), vec![2, 0, 0, 0, 0, 0, 0, 0, 3, 4]);
    }

    #[test]
    fn section_values_are_tagged_so_that_shapes_do_not_collide() {
        let enc = |v: serde_json::Value| {
            let mut e = Encoder::default();
            e.value(&v);
            e.finish()
        };
        assert_ne!(enc(serde_json::json!(null)), enc(serde_json::json!([])));
        assert_ne!(enc(serde_json::json!(1)), enc(serde_json::json!(-1)));
        assert_ne!(enc(serde_json::json!(1)), enc(serde_json::json!(1u64 << 32)));
        assert_ne!(enc(serde_json::json!([1, 0])), enc(serde_json::json!([1u64 << 32])));
        assert_ne!(enc(serde_json::json!({"a": 1})), enc(serde_json::json!({"a": "1"})));
        assert_eq!(enc(serde_json::json!({"a": 1, "b": [true]})), enc(serde_json::json!({"b": [true], "a": 1})));
    }
}
