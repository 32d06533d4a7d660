//! A deserializer over a parsed TOML table that knows where it is. Every error carries the
//! dotted path of the value it is about and what is wrong as data (serde's own kinds: a wrong
//! type, an unknown field, a missing one), so the messages a designer reads and the way a bad
//! value is stood in for never depend on how a dependency words its errors.

use std::fmt;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, Expected, IntoDeserializer, MapAccess,
    SeqAccess, Unexpected, VariantAccess, Visitor,
};
use toml::Value;

/// What is wrong with a value.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Problem {
    /// A value of another type than the field takes (text where a number goes).
    WrongType {
        found: String,
        expected: String,
    },
    /// A value of the field's type that it does not take (a negative count).
    WrongValue {
        found: String,
        expected: String,
    },
    /// A list of the wrong length.
    WrongLength {
        found: usize,
        expected: String,
    },
    /// A name that is not one of the field's choices.
    UnknownVariant {
        name: String,
        expected: &'static [&'static str],
    },
    /// A key the table does not have.
    UnknownField {
        name: String,
        expected: &'static [&'static str],
    },
    MissingField(&'static str),
    DuplicateField(&'static str),
    /// Anything else a type says of itself.
    Other(String),
}

impl Problem {
    /// Whether the value at the path is the one at fault (so a stand-in of the right type can
    /// take its place and the rest of the file be read on).
    pub(super) fn is_wrong_value(&self) -> bool {
        matches!(
            self,
            Self::WrongType { .. }
                | Self::WrongValue { .. }
                | Self::WrongLength { .. }
                | Self::UnknownVariant { .. }
        )
    }

    /// The message, saying the field takes `expected` (in words) instead of the type serde
    /// names.
    pub(super) fn expecting(&self, expected: &str) -> String {
        match self {
            Self::WrongType { found, .. } => format!("invalid type: {found}, expected {expected}"),
            Self::WrongValue { found, .. } => {
                format!("invalid value: {found}, expected {expected}")
            }
            _ => self.to_string(),
        }
    }

    /// Whether the field takes a whole number (its message then says which).
    pub(super) fn wants_whole_number(&self) -> bool {
        match self {
            Self::WrongType { expected, .. } | Self::WrongValue { expected, .. } => {
                whole_number(expected).is_some()
            }
            _ => false,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongType { found, expected } => {
                write!(f, "invalid type: {found}, expected {}", words(expected))
            }
            Self::WrongValue { found, expected } => {
                write!(f, "invalid value: {found}, expected {}", words(expected))
            }
            Self::WrongLength { found, expected } => {
                write!(f, "invalid length {found}, expected {}", words(expected))
            }
            Self::UnknownVariant { name, expected } => {
                write!(
                    f,
                    "unknown variant `{name}`, {}",
                    one_of(expected, "variants")
                )
            }
            Self::UnknownField { name, expected } => {
                write!(f, "unknown field `{name}`, {}", one_of(expected, "fields"))
            }
            Self::MissingField(name) => write!(f, "missing field `{name}`"),
            Self::DuplicateField(name) => write!(f, "duplicate field `{name}`"),
            Self::Other(message) => f.write_str(message),
        }
    }
}

/// The choices a name may take, as a sentence's end.
fn one_of(names: &[&str], none: &str) -> String {
    match names {
        [] => format!("there are no {none}"),
        [one] => format!("expected `{one}`"),
        [a, b] => format!("expected `{a}` or `{b}`"),
        _ => {
            let listed: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
            format!("expected one of {}", listed.join(", "))
        }
    }
}

/// The words for a whole-number type serde names (`u8`), if `expected` is one.
fn whole_number(expected: &str) -> Option<&'static str> {
    Some(match expected {
        "usize" | "u64" => "a whole number, 0 or more",
        "u32" => "a whole number from 0 to 4294967295",
        "u16" => "a whole number from 0 to 65535",
        "u8" => "a whole number from 0 to 255",
        "isize" | "i64" => "a whole number",
        "i32" => "a whole number from -2147483648 to 2147483647",
        "i16" => "a whole number from -32768 to 32767",
        "i8" => "a whole number from -128 to 127",
        _ => return None,
    })
}

/// What a field takes, in a designer's words: serde names Rust's number types (`u8`), which
/// say nothing to someone editing a TOML file.
fn words(expected: &str) -> String {
    match (whole_number(expected), expected) {
        (Some(w), _) => w.into(),
        (None, "f64" | "f32") => "a number".into(),
        _ => expected.into(),
    }
}

/// A deserialization error: the value's dotted path (array items by index) and the problem.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Error {
    pub path: Vec<String>,
    pub problem: Problem,
}

impl Error {
    fn new(problem: Problem) -> Self {
        Self {
            path: Vec::new(),
            problem,
        }
    }

    /// The same error, seen from the table or list holding the value at `key`.
    fn within(mut self, key: &str) -> Self {
        self.path.insert(0, key.to_string());
        self
    }

    pub(super) fn dotted(&self) -> String {
        self.path.join(".")
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.problem.fmt(f)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Self::new(Problem::Other(message.to_string()))
    }

    fn invalid_type(found: Unexpected, expected: &dyn Expected) -> Self {
        Self::new(Problem::WrongType {
            found: unexpected(found),
            expected: expected.to_string(),
        })
    }

    fn invalid_value(found: Unexpected, expected: &dyn Expected) -> Self {
        Self::new(Problem::WrongValue {
            found: unexpected(found),
            expected: expected.to_string(),
        })
    }

    fn invalid_length(found: usize, expected: &dyn Expected) -> Self {
        Self::new(Problem::WrongLength {
            found,
            expected: expected.to_string(),
        })
    }

    fn unknown_variant(name: &str, expected: &'static [&'static str]) -> Self {
        Self::new(Problem::UnknownVariant {
            name: name.into(),
            expected,
        })
    }

    fn unknown_field(name: &str, expected: &'static [&'static str]) -> Self {
        Self::new(Problem::UnknownField {
            name: name.into(),
            expected,
        })
    }

    fn missing_field(name: &'static str) -> Self {
        Self::new(Problem::MissingField(name))
    }

    fn duplicate_field(name: &'static str) -> Self {
        Self::new(Problem::DuplicateField(name))
    }
}

/// Reads `T` from `table`.
pub(super) fn from_table<T: DeserializeOwned>(table: &toml::Table) -> Result<T, Error> {
    T::deserialize(TableReader(table))
}

/// The value at `path` in `table`, to be replaced (array items by index).
pub(super) fn value_mut<'a>(table: &'a mut toml::Table, path: &[String]) -> Option<&'a mut Value> {
    let (first, rest) = path.split_first()?;
    let mut here = table.get_mut(first)?;
    for key in rest {
        here = match here {
            Value::Table(t) => t.get_mut(key)?,
            Value::Array(a) => a.get_mut(key.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(here)
}

/// Takes the value at `path` out of `table`; whether there was one.
pub(super) fn remove(table: &mut toml::Table, path: &[String]) -> bool {
    let Some((last, parents)) = path.split_last() else {
        return false;
    };
    let holder = if parents.is_empty() {
        Some(table)
    } else {
        match value_mut(table, parents) {
            Some(Value::Table(t)) => Some(t),
            _ => None,
        }
    };
    holder.is_some_and(|t| t.remove(last).is_some())
}

struct TableReader<'a>(&'a toml::Table);

impl<'de> de::Deserializer<'de> for TableReader<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_map(EntryReader {
            entries: self.0.iter(),
            next: None,
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

struct ValueReader<'a>(&'a Value);

impl<'de> de::Deserializer<'de> for ValueReader<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(s) => visitor.visit_str(s),
            Value::Integer(i) => visitor.visit_i64(*i),
            Value::Float(x) => visitor.visit_f64(*x),
            Value::Boolean(b) => visitor.visit_bool(*b),
            // No field of a config takes a date: one written by mistake is refused as such.
            Value::Datetime(_) => Err(de::Error::invalid_type(
                Unexpected::Other("a date"),
                &visitor,
            )),
            Value::Array(items) => visitor.visit_seq(ListReader {
                items: items.iter().enumerate(),
            }),
            Value::Table(t) => TableReader(t).deserialize_any(visitor),
        }
    }

    /// A value that is there is always `Some`: TOML has no null.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    /// A choice is its name (`game_end = "immediate"`), or a table of one entry, the choice's
    /// name and what it holds.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(s) => {
                visitor.visit_enum(IntoDeserializer::<Error>::into_deserializer(s.as_str()))
            }
            Value::Table(t) if t.len() == 1 => {
                let (name, value) = t.iter().next().expect("one entry");
                visitor.visit_enum(ChoiceReader { name, value })
            }
            other => Err(Error::new(Problem::WrongType {
                found: found(other),
                expected: choices(variants),
            })),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    /// A table where a table goes; the error names it so, not by the Rust type it fills.
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Table(_) => self.deserialize_any(visitor),
            other => Err(self.not("a table", other)),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(_) => self.deserialize_any(visitor),
            other => Err(self.not("a list", other)),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct tuple tuple_struct identifier ignored_any
    }
}

impl ValueReader<'_> {
    /// The error for `found` where `expected` goes.
    fn not(&self, expected: &str, value: &Value) -> Error {
        Error::new(Problem::WrongType {
            found: found(value),
            expected: expected.into(),
        })
    }
}

/// A table's entries, each error placed under its key.
struct EntryReader<'a> {
    entries: toml::map::Iter<'a, String, Value>,
    next: Option<(&'a String, &'a Value)>,
}

impl<'de> MapAccess<'de> for EntryReader<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        self.next = Some((key, value));
        seed.deserialize(IntoDeserializer::<Error>::into_deserializer(key.as_str()))
            .map(Some)
            .map_err(|e| e.within(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (key, value) = self.next.take().expect("a value follows its key");
        seed.deserialize(ValueReader(value))
            .map_err(|e| e.within(key))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// A list's items, each error placed under its index.
struct ListReader<'a> {
    items: std::iter::Enumerate<std::slice::Iter<'a, Value>>,
}

impl<'de> SeqAccess<'de> for ListReader<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            None => Ok(None),
            Some((i, value)) => seed
                .deserialize(ValueReader(value))
                .map(Some)
                .map_err(|e| e.within(&i.to_string())),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// A choice written as a table of one entry: its name, and what it holds. A name that is no
/// choice is the whole value's error; an error in what it holds is placed under the name.
#[derive(Clone, Copy)]
struct ChoiceReader<'a> {
    name: &'a str,
    value: &'a Value,
}

impl<'de, 'a> EnumAccess<'de> for ChoiceReader<'a> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let name = seed.deserialize(IntoDeserializer::<Error>::into_deserializer(self.name))?;
        Ok((name, self))
    }
}

impl<'de> VariantAccess<'de> for ChoiceReader<'_> {
    type Error = Error;

    /// A choice that holds nothing may be written `{ name = {} }`, as TOML's own reader took it.
    fn unit_variant(self) -> Result<(), Error> {
        match self.value {
            Value::Table(t) if t.is_empty() => Ok(()),
            other => Err(Error::new(Problem::WrongType {
                found: found(other),
                expected: "nothing (this choice holds no value)".into(),
            })
            .within(self.name)),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(ValueReader(self.value))
            .map_err(|e| e.within(self.name))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(ValueReader(self.value), visitor)
            .map_err(|e| e.within(self.name))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(ValueReader(self.value), visitor)
            .map_err(|e| e.within(self.name))
    }
}

/// What a value is, in a designer's words, for "invalid type: …".
fn found(value: &Value) -> String {
    match value {
        Value::String(s) => Unexpected::Str(s).to_string(),
        Value::Integer(i) => Unexpected::Signed(*i).to_string(),
        Value::Float(x) => Unexpected::Float(*x).to_string(),
        Value::Boolean(b) => Unexpected::Bool(*b).to_string(),
        Value::Datetime(_) => "a date".into(),
        Value::Array(_) => "a list".into(),
        Value::Table(_) => "a table".into(),
    }
}

/// What serde says it found, with a table and a list named as TOML names them.
fn unexpected(found: Unexpected) -> String {
    match found {
        Unexpected::Map => "a table".into(),
        Unexpected::Seq => "a list".into(),
        other => other.to_string(),
    }
}

/// The names a choice takes, as what a field expects.
fn choices(names: &[&str]) -> String {
    one_of(names, "choices")
        .trim_start_matches("expected ")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Rules {
        players: u8,
        #[serde(default)]
        end: End,
        faces: Vec<i8>,
        #[serde(default)]
        share: Option<f64>,
    }

    #[derive(Debug, Default, Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum End {
        #[default]
        Immediate,
        FinishRound,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct File {
        rules: Rules,
    }

    fn read(text: &str) -> Result<File, Error> {
        from_table(&toml::from_str(text).unwrap())
    }

    fn error(text: &str) -> (String, Problem) {
        let e = read(text).unwrap_err();
        (e.dotted(), e.problem)
    }

    #[test]
    fn reads_what_the_types_say() {
        let f = read("[rules]\nplayers = 4\nend = \"finish_round\"\nfaces = [1, -2]\nshare = 1")
            .unwrap();
        assert_eq!(
            f.rules,
            Rules {
                players: 4,
                end: End::FinishRound,
                faces: vec![1, -2],
                share: Some(1.0),
            }
        );
    }

    #[test]
    fn every_error_says_where_and_what_as_data() {
        assert_eq!(
            error("[rules]\nplayers = \"four\"\nfaces = []"),
            (
                "rules.players".into(),
                Problem::WrongType {
                    found: "string \"four\"".into(),
                    expected: "u8".into()
                }
            )
        );
        assert_eq!(
            error("[rules]\nplayers = 400\nfaces = []"),
            (
                "rules.players".into(),
                Problem::WrongValue {
                    found: "integer `400`".into(),
                    expected: "u8".into()
                }
            )
        );
        assert_eq!(
            error("[rules]\nplayers = 4\nfaces = [1, 200]"),
            (
                "rules.faces.1".into(),
                Problem::WrongValue {
                    found: "integer `200`".into(),
                    expected: "i8".into()
                }
            )
        );
        assert_eq!(
            error("[rules]\nplayers = 4\nfaces = []\nend = \"never\""),
            (
                "rules.end".into(),
                Problem::UnknownVariant {
                    name: "never".into(),
                    expected: &["immediate", "finish_round"]
                }
            )
        );
        assert_eq!(
            error("[rules]\nplayers = 4\nfaces = []\nplayer = 3").0,
            "rules.player"
        );
        assert_eq!(
            error("[rules]\nfaces = []"),
            ("rules".into(), Problem::MissingField("players"))
        );
        assert_eq!(
            error("rules = 3"),
            (
                "rules".into(),
                Problem::WrongType {
                    found: "integer `3`".into(),
                    expected: "a table".into()
                }
            )
        );
    }

    #[test]
    fn messages_name_types_in_a_designer_s_words() {
        let message = |text| read(text).unwrap_err().to_string();
        assert_eq!(
            message("[rules]\nplayers = -1\nfaces = []"),
            "invalid value: integer `-1`, expected a whole number from 0 to 255"
        );
        assert_eq!(
            message("rules = 3"),
            "invalid type: integer `3`, expected a table"
        );
        assert_eq!(
            message("[rules]\nplayers = 4\nfaces = []\nend = \"never\""),
            "unknown variant `never`, expected `immediate` or `finish_round`"
        );
        assert_eq!(
            message("[rules]\nplayers = 4\nfaces = []\nshare = \"half\""),
            "invalid type: string \"half\", expected a number"
        );
    }

    #[test]
    fn dates_and_choices_are_told_in_the_files_words() {
        let message = |text| read(text).unwrap_err().to_string();
        assert_eq!(
            message("[rules]\nplayers = 1979-05-27\nfaces = []"),
            "invalid type: a date, expected u8".replace("u8", "a whole number from 0 to 255")
        );
        assert_eq!(
            message("[rules]\nplayers = 4\nfaces = []\nend = 1"),
            "invalid type: integer `1`, expected `immediate` or `finish_round`"
        );
        // A choice written as a table: a wrong name is the choice's own error.
        assert_eq!(
            error("[rules]\nplayers = 4\nfaces = []\nend = { never = 1 }"),
            (
                "rules.end".into(),
                Problem::UnknownVariant {
                    name: "never".into(),
                    expected: &["immediate", "finish_round"]
                }
            )
        );
        let f = read("[rules]\nplayers = 4\nfaces = []\nend = { finish_round = {} }").unwrap();
        assert_eq!(f.rules.end, End::FinishRound);
    }

    #[test]
    fn a_value_is_found_and_removed_by_its_path() {
        let mut t: toml::Table = toml::from_str("[rules]\nfaces = [1, 2]\nplayers = 4").unwrap();
        let path = |p: &str| p.split('.').map(String::from).collect::<Vec<_>>();
        *value_mut(&mut t, &path("rules.faces.1")).unwrap() = Value::Integer(7);
        assert_eq!(t["rules"]["faces"][1].as_integer(), Some(7));
        assert!(remove(&mut t, &path("rules.players")));
        assert!(!remove(&mut t, &path("rules.players")));
        assert!(value_mut(&mut t, &path("rules.faces.9")).is_none());
    }
}
