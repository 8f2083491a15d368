//! JSON read strictly: an object that names a key twice is an error. `serde_json` keeps the
//! last of duplicate keys, so `{"t":"move","t":"resign"}` would read as a resignation; the
//! client messages are read through [`from_str`] instead. And a struct is read only from an
//! object ([`ObjectOnly`], [`object`]): serde would also take an array of its fields in
//! order, so `{"computer": [1, "red"]}` would create a computer room.

use serde::de::{Deserialize, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::fmt;
use std::marker::PhantomData;

/// Parses `text` as one JSON value, refusing an object with a duplicate key at any depth.
///
/// # Errors
/// The parse error, or `duplicate key "t"` (with its line and column) for a key named twice.
pub fn from_str(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str::<Strict>(text).map(|s| s.0)
}

/// A `T` read only from a JSON object: an array (or anything else) is refused with
/// "invalid type: …, expected a JSON object". Duplicate and unknown fields are refused as `T`
/// says.
#[derive(Debug)]
pub struct ObjectOnly<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ObjectOnly<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ObjectOnly<T>, D::Error> {
        deserializer
            .deserialize_map(ObjectVisitor(PhantomData))
            .map(ObjectOnly)
    }
}

struct ObjectVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
    }
}

/// For `#[serde(deserialize_with = "object")]` on an optional struct field: `null` or a
/// missing field is `None`, an object is read as `T`, anything else is refused.
///
/// # Errors
/// The deserializer's error for a value that is neither `null` nor a fitting object.
pub fn object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    Option::<ObjectOnly<T>>::deserialize(deserializer).map(|o| o.map(|ObjectOnly(t)| t))
}

/// A JSON value built by a visitor that refuses duplicate keys.
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Strict, D::Error> {
        deserializer.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(Number::from_f64(n).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Strict::deserialize(d).map(|s| s.0)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(A::Error::custom(format_args!("duplicate key {key:?}")));
            }
            let Strict(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duplicate_key_is_refused_at_any_depth() {
        let e = from_str(r#"{"t":"move","t":"resign"}"#).unwrap_err();
        assert!(e.to_string().contains(r#"duplicate key "t""#), "{e}");
        let e = from_str(r#"{"a":[{"b":1,"b":2}]}"#).unwrap_err();
        assert!(e.to_string().contains(r#"duplicate key "b""#), "{e}");
    }

    #[test]
    fn values_without_duplicates_read_as_serde_json_reads_them() {
        let text = r#"{"t":"hello","seat":null,"v":3,"x":[1,-2,2.5,true,"s",{}]}"#;
        assert_eq!(
            from_str(text).expect("valid"),
            serde_json::from_str::<Value>(text).expect("valid")
        );
    }
}
