//! Loading a game's TOML config: parse, apply `--set` overrides, deserialize with unknown keys
//! rejected, and report every failure with file, line and field.

use std::fmt;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use toml::de::{DeTable, DeValue};

mod de;

/// A config's text and the name its errors are reported under.
#[derive(Clone, Debug)]
pub struct Source {
    /// A file path, or a `<built-in …>` label for an embedded default.
    pub name: String,
    /// The stem results are filed under (`results/<stem>/`).
    pub stem: String,
    pub text: String,
}

/// The largest config file read: far above any deck a designer writes, and below what a
/// device that never ends (`/dev/zero`) would fill memory with first.
const MAX_CONFIG_BYTES: u64 = 64 << 20;

/// The bytes of `path`, or `None` when it holds more than `limit`.
fn read_at_most(path: &Path, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

impl Source {
    pub fn from_file(path: &Path) -> Result<Self, ConfigError> {
        let error = |line, message| ConfigError {
            file: path.display().to_string(),
            line,
            field: String::new(),
            message,
        };
        let bytes = read_at_most(path, MAX_CONFIG_BYTES)
            .map_err(|e| error(None, format!("cannot read the file: {e}")))?
            .ok_or_else(|| {
                error(
                    None,
                    format!(
                        "larger than {} MiB: not a config (the built-in ones are under 20 KB)",
                        MAX_CONFIG_BYTES >> 20
                    ),
                )
            })?;
        let text = String::from_utf8(bytes).map_err(|e| {
            // Where the first byte that is not UTF-8 is, as an editor counts it.
            let at = e.utf8_error().valid_up_to();
            let before = &e.as_bytes()[..at];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
            error(
                Some(line),
                format!(
                    "column {column} (byte {at} of the file): not UTF-8 text (byte 0x{:02x}); save the config as UTF-8",
                    e.as_bytes()[at]
                ),
            )
        })?;
        let stem = path
            .file_stem()
            .map_or_else(|| "config".into(), |s| s.to_string_lossy().into_owned());
        Ok(Self {
            name: path.display().to_string(),
            stem,
            text,
        })
    }

    /// Whether this is a config built into the binary (rather than a file).
    pub fn is_builtin(&self) -> bool {
        self.name.starts_with("<built-in")
    }

    pub fn embedded(name: &str, stem: &str, text: &str) -> Self {
        Self {
            name: format!("<built-in {name}>"),
            stem: stem.into(),
            text: text.into(),
        }
    }

    /// The 1-based line of the value at `path` (dotted, array indices as numbers), if it is in
    /// the file.
    pub fn line_of(&self, path: &str) -> Option<usize> {
        self.line_of_keys(path.split('.').filter(|k| !k.is_empty()))
    }

    /// [`Source::line_of`] for a path given key by key, so a key holding a dot (`"b.lue"`)
    /// stays one key.
    pub fn line_of_keys<'k>(&self, keys: impl IntoIterator<Item = &'k str>) -> Option<usize> {
        self.offset_of(keys).map(|at| line_at(&self.text, at))
    }

    /// The line of row `row` of the multi-line string at `path` (a board drawn as text): rows
    /// start on the line after the opening quotes when the text begins there, as TOML reads it.
    pub fn line_of_row(&self, path: &str, row: usize) -> Option<usize> {
        let at = self.offset_of(path.split('.').filter(|k| !k.is_empty()))?;
        let rest = &self.text[at..];
        let opened = ["'''\n", "'''\r\n", "\"\"\"\n", "\"\"\"\r\n"]
            .iter()
            .any(|q| rest.starts_with(q));
        Some(line_at(&self.text, at) + usize::from(opened) + row)
    }

    /// The byte offset where the value at the path `keys` starts (or its nearest enclosing one
    /// that is in the file). A number is an index only into a list: in a table it is a key.
    fn offset_of<'k>(&self, keys: impl IntoIterator<Item = &'k str>) -> Option<usize> {
        let root = DeTable::parse(&self.text).ok()?;
        let mut span = root.span();
        let mut value: Option<&toml::Spanned<DeValue<'_>>> = None;
        for key in keys {
            let next = match value {
                None => root.get_ref().get(key),
                Some(v) => match (v.get_ref(), key.parse::<usize>()) {
                    (DeValue::Array(_), Ok(i)) => v.get_ref().get(i),
                    (here, _) => here.get(key),
                },
            };
            match next {
                Some(v) => {
                    span = v.span();
                    value = Some(v);
                }
                None => break,
            }
        }
        Some(span.start)
    }

    /// The dotted path of the innermost key or value at byte `offset`, for errors that carry a
    /// position but not a field.
    pub fn path_at(&self, offset: usize) -> String {
        let Ok(root) = DeTable::parse(&self.text) else {
            return String::new();
        };
        let mut path = Vec::new();
        descend(root.get_ref(), offset, &mut path);
        path.join(".")
    }
}

fn descend_value(value: &DeValue<'_>, offset: usize, path: &mut Vec<String>) -> bool {
    match value {
        DeValue::Table(t) => descend(t, offset, path),
        DeValue::Array(a) => a.iter().enumerate().any(|(i, v)| {
            let inside = v.span().contains(&offset);
            path.push(i.to_string());
            if descend_value(v.get_ref(), offset, path) || inside {
                return true;
            }
            path.pop();
            false
        }),
        _ => false,
    }
}

/// Finds the entry of `table` holding `offset`. Tables opened by a `[header]` do not span their
/// contents, so every entry is searched, not only those whose span holds the offset.
fn descend(table: &DeTable<'_>, offset: usize, path: &mut Vec<String>) -> bool {
    table.iter().any(|(key, value)| {
        let inside = key.span().contains(&offset) || value.span().contains(&offset);
        path.push(key.get_ref().to_string());
        if descend_value(value.get_ref(), offset, path) || inside {
            return true;
        }
        path.pop();
        false
    })
}

pub(crate) fn line_at(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

/// A `--set key.path=value` override.
#[derive(Clone, Debug, PartialEq)]
pub struct Override {
    pub path: String,
    pub value: toml::Value,
    /// The argument as given, for messages.
    pub arg: String,
    /// Where it was given: the command line's flag, or the file it was read from.
    pub origin: Origin,
}

/// The flag an override is given by, unless a command names another.
const SET: &str = "--set";

/// Where an [`Override`] was given.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// On the command line, by this flag: `--set`, or `--set-a` and `--set-b` in `compare`.
    Flag(&'static str),
    /// In this file (a baseline's `run.toml`).
    File(String),
}

impl Override {
    /// The same override, read from `file` rather than given on the command line.
    pub(crate) fn read_from(self, file: &str) -> Self {
        Self {
            origin: Origin::File(file.to_string()),
            ..self
        }
    }

    /// The same override, given on the command line by `flag` rather than `--set`.
    pub(crate) fn given_by(self, flag: &'static str) -> Self {
        Self {
            origin: Origin::Flag(flag),
            ..self
        }
    }

    /// As a message names it among others: `--set KEY=VALUE`, or where it was read.
    pub(crate) fn named(&self) -> String {
        match &self.origin {
            Origin::File(file) => format!("{} from {file}", self.arg),
            Origin::Flag(flag) => format!("{flag} {}", self.arg),
        }
    }

    /// Where it was set, as a message says it.
    pub(crate) fn set_where(&self) -> String {
        match &self.origin {
            Origin::File(file) => format!("set in {file}"),
            Origin::Flag(SET) => "set on the command line".to_string(),
            Origin::Flag(flag) => format!("set on the command line by {flag}"),
        }
    }
}

impl std::str::FromStr for Override {
    type Err = String;

    fn from_str(arg: &str) -> Result<Self, String> {
        let (path, raw) = arg.split_once('=').ok_or_else(|| {
            format!("`{arg}` is not KEY=VALUE (for example rules.track_length=12)")
        })?;
        let path = path.trim();
        if path.is_empty() || path.split('.').any(str::is_empty) {
            return Err(format!(
                "`{arg}`: the key path is empty or has an empty part"
            ));
        }
        // The path is split at every dot: a quoted key (a name holding a dot) cannot be named.
        if path.contains(['"', '\'']) {
            return Err(format!(
                "`{arg}`: a key path is plain names joined by dots, without quotes; a key whose name holds a dot cannot be set from the command line (rename it in the config)"
            ));
        }
        let value = value(raw).map_err(|why| format!("`{arg}`: {why}"))?;
        Ok(Self {
            path: path.to_string(),
            value,
            arg: arg.to_string(),
            origin: Origin::Flag(SET),
        })
    }
}

/// An override's value: a TOML literal where the whole text is exactly one (numbers, booleans,
/// arrays, quoted strings); any other one-line text is a bare string, so `--set
/// rules.obstacle_cheese=none` works.
fn value(raw: &str) -> Result<toml::Value, String> {
    let text = raw.trim();
    if let Ok(mut t) = toml::from_str::<toml::Table>(&format!("v = {text}"))
        && t.len() == 1
        && let Some(v) = t.remove("v")
    {
        return Ok(v);
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.len() > 1 && digits.starts_with('0') && digits.bytes().all(|b| b.is_ascii_digit()) {
        // TOML reads no leading zero (it could be an octal number elsewhere).
        let bare = match digits.trim_start_matches('0') {
            "" => "0",
            bare => bare,
        };
        return Err(format!(
            "{text}: a whole number has no leading zero; write {}",
            text.replacen(digits, bare, 1)
        ));
    }
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit() || b == b'_') {
        return Err(format!(
            "{text} is too large for a whole number (from {} to {})",
            i64::MIN,
            i64::MAX
        ));
    }
    if digits.starts_with(|c: char| c.is_ascii_digit())
        && text.parse::<f64>().is_ok_and(f64::is_infinite)
    {
        // As the file's reading of the same number says it.
        return Err(format!("{text}: floating-point number overflowed"));
    }
    if text.contains(['\n', '\r']) {
        // One line, so what follows a line break is never mistaken for more of the config.
        return Err("a value is one line of text".into());
    }
    Ok(toml::Value::String(text.to_string()))
}

/// Every config failure: which file, which line, which field, and what is wrong. A command
/// reports it as a `Failure::Config` (`core/failure.rs`).
#[derive(Debug, PartialEq)]
pub struct ConfigError {
    pub file: String,
    pub line: Option<usize>,
    /// Dotted path of the offending field, empty when the whole file is at fault.
    pub field: String,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if !self.field.is_empty() {
            write!(f, ": field `{}`", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Declares a game's config file as written: the header every config has (`game`, `edition`,
/// `description`, read by the shared layer before the game's own tables are) and the `[bots]`
/// presets, around the game's own tables given inside. Unknown keys are errors, so the header
/// has to be declared where the game's tables are.
macro_rules! raw_config {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$fmeta:meta])* pub $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            pub game: String,
            #[serde(default)]
            pub edition: String,
            #[serde(default)]
            pub description: String,
            $($(#[$fmeta])* pub $field: $ty,)*
            /// Bot presets (`whisker bots`).
            #[serde(default)]
            pub bots: $crate::io::config::Named<String>,
        }
    };
}
pub(crate) use raw_config;

/// A map read in file order (`[cards.fox]`, `[cards.owl]`, …): order is how designers list
/// things and how the CSV files show them.
#[derive(Debug, Clone)]
pub struct Named<T>(pub Vec<(String, T)>);

impl<T> Default for Named<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Named<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = Named<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut m: A,
            ) -> Result<Self::Value, A::Error> {
                let mut v = Vec::new();
                while let Some(e) = m.next_entry()? {
                    v.push(e);
                }
                Ok(Named(v))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

/// Collects every problem rather than stopping at the first, so one run shows a designer all
/// that is wrong with a file.
#[derive(Default)]
pub struct Problems(pub Vec<Invalid>);

impl Problems {
    pub fn check(&mut self, ok: bool, path: impl Into<String>, message: impl Into<String>) {
        if !ok {
            self.0.push(Invalid::new(path, message));
        }
    }
}

pub(crate) fn range<T: PartialOrd + std::fmt::Display + Copy>(
    p: &mut Problems,
    path: &str,
    v: T,
    lo: T,
    hi: T,
) {
    if v < lo || v > hi {
        let allowed = format!("{lo} to {hi}");
        p.0.push(Invalid {
            allowed: Some(allowed.clone()),
            ..Invalid::new(path, format!("{v} is out of range: allowed {allowed}"))
        });
    }
}

/// A list's length, checked as [`range`] checks a value, and told as a count of entries
/// (`holds 0 entries: allowed 2 to 12 entries`), not as if the list were the number.
pub(crate) fn length(p: &mut Problems, path: &str, len: usize, lo: usize, hi: usize) {
    if len < lo || len > hi {
        let allowed = format!("{lo} to {hi} entries");
        p.0.push(Invalid {
            allowed: Some(allowed.clone()),
            ..Invalid::new(path, format!("holds {len} entries: allowed {allowed}"))
        });
    }
}

/// A semantic problem found after deserializing: the field's dotted path and the message.
#[derive(Debug, Clone, PartialEq)]
pub struct Invalid {
    pub path: String,
    pub message: String,
    /// The row of a multi-line string value the problem is on (a board map), so the error
    /// names that line rather than the key's.
    pub row: Option<usize>,
    /// The values the field takes, when a range check refused it (`2 to 6`): a value of the
    /// wrong type is then told the same range.
    pub allowed: Option<String>,
}

impl Invalid {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
            row: None,
            allowed: None,
        }
    }

    /// A problem on row `row` of the multi-line string at `path`.
    pub fn on_row(path: impl Into<String>, row: usize, message: impl Into<String>) -> Self {
        Self {
            row: Some(row),
            ..Self::new(path, message)
        }
    }
}

/// A config as loaded: the typed value and the table it came from, overrides applied (written
/// out beside every result as the resolved config).
pub(crate) struct LoadedConfig<T> {
    pub value: T,
    pub table: toml::Table,
}

/// Parse `source`, apply `overrides`, and deserialize into `T` (the shared part of
/// [`load_compiled`], for the tests of this module).
#[cfg(test)]
fn load<T: DeserializeOwned>(
    source: &Source,
    overrides: &[Override],
) -> Result<LoadedConfig<T>, ConfigError> {
    load_with::<T>(source, overrides, &|_, _| None)
}

/// [`load`], with `allowed` saying what whole numbers the field an error is about takes, where
/// the game's own checks know.
fn load_with<T: DeserializeOwned>(
    source: &Source,
    overrides: &[Override],
    allowed: Allowed,
) -> Result<LoadedConfig<T>, ConfigError> {
    let mut table = parse(source)?;
    // The file's own errors first, each with the line it is on.
    every_error::<T>(source, &table, allowed)?;
    let mut errors = Vec::new();
    for (i, o) in overrides.iter().enumerate() {
        // The same key twice from one place: the later would replace the earlier unsaid. (A
        // side's `--set-a` over a shared `--set` is the point of it.)
        if let Some(first) = overrides[..i]
            .iter()
            .find(|f| f.path == o.path && f.origin == o.origin)
        {
            errors.push(ConfigError {
                file: source.name.clone(),
                line: None,
                field: o.path.clone(),
                message: format!(
                    "`{}` ({}): the key is set twice, also by {}: give each key once",
                    o.arg,
                    o.set_where(),
                    first.named()
                ),
            });
            continue;
        }
        if let Err(message) = apply(&mut table, o) {
            errors.push(ConfigError {
                file: source.name.clone(),
                line: None,
                field: o.path.clone(),
                message: format!("`{}` ({}): {message}", o.arg, o.set_where()),
            });
        }
    }
    if let Some(e) = combine(errors) {
        return Err(e);
    }
    let value = de::from_table::<T>(&table).map_err(|e| {
        // The file reads, so an override is at fault: the one whose key holds the value, or
        // is held by it.
        let path = e.dotted();
        let culprit = overrides
            .iter()
            .find(|o| within(&path, &o.path) || within(&o.path, &path));
        let message = message(&table, &e, allowed);
        ConfigError {
            file: source.name.clone(),
            line: None,
            field: culprit.map_or_else(String::new, |o| o.path.clone()),
            message: match culprit {
                Some(o) => format!("`{}` ({}): {message}", o.arg, o.set_where()),
                None => format!(
                    "after {}: {message}",
                    overrides
                        .iter()
                        .map(Override::named)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        }
    })?;
    Ok(LoadedConfig { value, table })
}

/// Whether the dotted path `inner` is `outer` or inside it.
fn within(inner: &str, outer: &str) -> bool {
    inner == outer
        || inner
            .strip_prefix(outer)
            .is_some_and(|rest| rest.starts_with('.'))
}

/// What whole numbers the field an error in a table is about takes, where the game's own
/// checks know: given the table (with the stand-ins so far) and the error.
type Allowed<'a> = &'a dyn Fn(&toml::Table, &de::Error) -> Option<String>;

/// An error in `table`: its message, with the field's own range of whole numbers where known.
fn message(table: &toml::Table, e: &de::Error, allowed: Allowed) -> String {
    let range = e
        .problem
        .wants_whole_number()
        .then(|| allowed(table, e))
        .flatten();
    match range {
        Some(range) => e.problem.expecting(&format!("a whole number from {range}")),
        None => e.problem.to_string(),
    }
}

/// The most errors one run lists.
const MAX_ERRORS: usize = 20;

/// One error standing for `errors`: the first, with the rest listed under it, at most
/// [`MAX_ERRORS`]; `None` when there are none.
fn combine(errors: Vec<ConfigError>) -> Option<ConfigError> {
    let total = errors.len();
    let mut errors = errors.into_iter();
    let first = errors.next()?;
    let mut rest: Vec<String> = errors.take(MAX_ERRORS - 1).map(|e| e.to_string()).collect();
    if total > MAX_ERRORS {
        rest.push(format!("… and {} more", total - MAX_ERRORS));
    }
    Some(if rest.is_empty() {
        first
    } else {
        ConfigError {
            message: format!("{}\n{}", first.message, rest.join("\n")),
            ..first
        }
    })
}

/// Deserializes the file's `table` as `T`, listing every independent error with its line:
/// after each one, a wrong value is replaced by a stand-in the field takes, and anything else
/// (an unknown key) is taken out, and the table is read again. A field missing after the first
/// error ends the list (taking a value out could have caused it), so each error shown is one the
/// designer wrote.
fn every_error<T: DeserializeOwned>(
    source: &Source,
    table: &toml::Table,
    allowed: Allowed,
) -> Result<(), ConfigError> {
    let mut table = table.clone();
    let mut errors: Vec<ConfigError> = Vec::new();
    while errors.len() < MAX_ERRORS {
        let Err(e) = de::from_table::<T>(&table) else {
            break;
        };
        if !errors.is_empty() && matches!(e.problem, de::Problem::MissingField(_)) {
            break;
        }
        let field = e.dotted();
        errors.push(ConfigError {
            file: source.name.clone(),
            line: source.line_of_keys(e.path.iter().map(String::as_str)),
            message: message(&table, &e, allowed),
            field,
        });
        // A wrong value no plain value can stand in for (a table missing its fields) is taken
        // out too: what follows it in the file is still read.
        let read_on = (e.problem.is_wrong_value() && stand_in::<T>(&mut table, &e))
            || de::remove(&mut table, &e.path);
        if !read_on {
            break;
        }
    }
    combine(errors).map_or(Ok(()), Err)
}

/// Puts a value the field takes where `e` found a wrong one: the first of a few plain values
/// of each type that reading no longer refuses there (for a choice, its first name). Whether
/// one was found.
fn stand_in<T: DeserializeOwned>(table: &mut toml::Table, e: &de::Error) -> bool {
    use toml::Value;
    let candidates = match &e.problem {
        de::Problem::UnknownVariant { expected, .. } => expected
            .iter()
            .take(1)
            .map(|&name| Value::String(name.into()))
            .collect(),
        _ => vec![
            Value::Integer(0),
            Value::Float(0.0),
            Value::String(String::new()),
            Value::Boolean(false),
            Value::Array(Vec::new()),
            Value::Table(toml::Table::new()),
        ],
    };
    for candidate in candidates {
        let mut tried = table.clone();
        let Some(slot) = de::value_mut(&mut tried, &e.path) else {
            return false;
        };
        *slot = candidate;
        if de::from_table::<T>(&tried).map_or_else(|next| next.path != e.path, |_| true) {
            *table = tried;
            return true;
        }
    }
    false
}

/// Parses the file as a TOML table, with syntax errors located.
pub(crate) fn parse(source: &Source) -> Result<toml::Table, ConfigError> {
    toml::from_str(&source.text).map_err(|e| located(source, &e))
}

fn located(source: &Source, e: &toml::de::Error) -> ConfigError {
    let mut message = e.message().trim().to_string();
    // TOML's parser says which key is duplicated only by where: the text there names it.
    if let (true, Some(span)) = (message.starts_with("duplicate key"), e.span()) {
        let key = source.text.get(span.clone()).unwrap_or("").trim();
        let key = key.trim_start_matches('[').trim_end_matches(']').trim();
        if !key.is_empty() {
            message = format!(
                "duplicate key `{key}`: it is given twice (a table's header or a key may appear once)"
            );
        }
    }
    ConfigError {
        file: source.name.clone(),
        line: e.span().map(|s| line_at(&source.text, s.start)),
        field: e
            .span()
            .map_or_else(String::new, |s| source.path_at(s.start)),
        message,
    }
}

/// Loads `source` as `R`, applies `overrides`, and compiles it with `compile`, turning every
/// problem it reports into one located error (the first, with the others listed after it).
pub(crate) fn load_compiled<R: DeserializeOwned, T>(
    source: &Source,
    overrides: &[Override],
    compile: impl Fn(&R) -> Result<T, Vec<Invalid>>,
) -> Result<(T, toml::Table), ConfigError> {
    let allowed = |table: &toml::Table, e: &de::Error| allowed_range(table, e, &compile);
    let loaded = load_with::<R>(source, overrides, &allowed)?;
    let compiled = compile(&loaded.value).map_err(|problems| {
        // The problems of the config with only `these` changes, each by its field and message.
        let problems_with = |these: &[Override]| -> Vec<(String, String)> {
            load_with::<R>(source, these, &allowed)
                .ok()
                .and_then(|l| compile(&l.value).err())
                .unwrap_or_default()
                .into_iter()
                .map(|p| (p.path, p.message))
                .collect()
        };
        // What the file gets wrong without any `--set` is its own, whatever is set beside it.
        let own = if overrides.is_empty() {
            Vec::new()
        } else {
            problems_with(&[])
        };
        // Each problem's `--set`s: those without which it is gone (all of them where no one
        // alone makes it).
        let without: Vec<Vec<(String, String)>> = (0..overrides.len())
            .map(|i| {
                let mut rest = overrides.to_vec();
                rest.remove(i);
                problems_with(&rest)
            })
            .collect();
        let errors = problems
            .into_iter()
            .map(|p| {
                let is = |(path, m): &(String, String)| *path == p.path && *m == p.message;
                if own.iter().any(is) {
                    return invalid(source, &[], p);
                }
                let made: Vec<Override> = overrides
                    .iter()
                    .zip(&without)
                    .filter(|(_, left)| !left.iter().any(is))
                    .map(|(o, _)| o.clone())
                    .collect();
                invalid(source, if made.is_empty() { overrides } else { &made }, p)
            })
            .collect();
        combine(errors).expect("compile fails only with a problem")
    })?;
    Ok((compiled, loaded.table))
}

/// The whole numbers the field an error is about takes, by the game's own checks: numbers far
/// out of any range are put in the wrong value's place (whatever its type) until a check
/// refuses one and says what it allows.
fn allowed_range<R: DeserializeOwned, T>(
    table: &toml::Table,
    e: &de::Error,
    compile: &impl Fn(&R) -> Result<T, Vec<Invalid>>,
) -> Option<String> {
    let field = e.dotted();
    let (last, parents) = e.path.split_last()?;
    [-1_000_000_000i64, 1_000_000_000, -1, 1_000, 255, 127]
        .iter()
        .find_map(|&probe| {
            let mut t = table.clone();
            let holder = if parents.is_empty() {
                &mut t
            } else {
                de::value_mut(&mut t, parents)?.as_table_mut()?
            };
            holder.insert(last.clone(), toml::Value::Integer(probe));
            let raw = de::from_table::<R>(&t).ok()?;
            let problems = compile(&raw).err()?;
            problems
                .into_iter()
                .filter(|p| p.path == field)
                .find_map(|p| p.allowed)
        })
}

/// The resolved config with `rules.players` set to the count actually played.
pub(crate) fn with_players(mut table: toml::Table, players: usize) -> toml::Table {
    if let Some(toml::Value::Table(r)) = table.get_mut("rules") {
        r.insert("players".into(), toml::Value::Integer(players as i64));
    }
    table
}

/// Turn a semantic problem into a located error, naming `--set` when an override supplied it.
pub(crate) fn invalid(source: &Source, overrides: &[Override], problem: Invalid) -> ConfigError {
    let overridden = overrides
        .iter()
        .find(|o| problem.path == o.path || problem.path.starts_with(&format!("{}.", o.path)));
    match overridden {
        Some(o) => ConfigError {
            file: source.name.clone(),
            line: None,
            field: problem.path,
            message: format!("{} ({}: {})", problem.message, o.set_where(), o.arg),
        },
        None => {
            // A clash with a sibling that `--set` changed (two themes given one name), or a
            // whole that a change inside it broke (a colour's count, for the bag's size), is
            // told at the file's line, naming the change that made it; failing those, every
            // change, since the file alone may be sound.
            let parent = |path: &str| path.rsplit_once('.').map(|(p, _)| p.to_string());
            let linked: Vec<String> = overrides
                .iter()
                .filter(|o| {
                    (parent(&o.path).is_some() && parent(&o.path) == parent(&problem.path))
                        || o.path.starts_with(&format!("{}.", problem.path))
                })
                .map(Override::named)
                .collect();
            let named = if linked.is_empty() {
                overrides.iter().map(Override::named).collect()
            } else {
                linked
            };
            ConfigError {
                file: source.name.clone(),
                line: match problem.row {
                    Some(row) => source.line_of_row(&problem.path, row),
                    None => source.line_of(&problem.path),
                },
                field: problem.path,
                message: if named.is_empty() {
                    problem.message
                } else {
                    format!("{} (with {})", problem.message, named.join(", "))
                },
            }
        }
    }
}

fn apply(table: &mut toml::Table, o: &Override) -> Result<(), String> {
    let keys: Vec<&str> = o.path.split('.').collect();
    let (last, parents) = keys
        .split_last()
        .expect("paths are checked non-empty on parse");
    let mut here: &mut toml::Value = table.get_mut(keys[0]).ok_or_else(|| no_key(keys[0]))?;
    if parents.is_empty() {
        return set(here, &o.value);
    }
    for key in &parents[1..] {
        here = child(here, key)?;
    }
    // A key the file leaves to its default can be set too; deserialization then rejects it if
    // the schema has no such field.
    if let toml::Value::Table(t) = here
        && !t.contains_key(*last)
    {
        t.insert((*last).to_string(), o.value.clone());
        return Ok(());
    }
    let target = child(here, last)?;
    set(target, &o.value)
}

fn child<'a>(v: &'a mut toml::Value, key: &str) -> Result<&'a mut toml::Value, String> {
    match v {
        toml::Value::Table(t) => t.get_mut(key).ok_or_else(|| no_key(key)),
        toml::Value::Array(a) => {
            let len = a.len();
            let i: usize = key
                .parse()
                .map_err(|_| format!("`{key}` indexes a list: use a number"))?;
            a.get_mut(i)
                .ok_or_else(|| format!("index {i} is past the end of a list of {len}"))
        }
        _ => Err(format!(
            "`{key}` is below a plain value, which has no fields"
        )),
    }
}

fn no_key(key: &str) -> String {
    format!("there is no key `{key}` at that place in the config")
}

fn set(target: &mut toml::Value, value: &toml::Value) -> Result<(), String> {
    let same_kind = std::mem::discriminant(target) == std::mem::discriminant(value)
        || matches!(
            (&*target, value),
            (toml::Value::Float(_), toml::Value::Integer(_))
        );
    if !same_kind {
        return Err(format!(
            "expected {}, got {}",
            target.type_str(),
            value.type_str()
        ));
    }
    *target = value.clone();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Demo {
        a: u32,
        inner: Inner,
    }
    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        list: Vec<Item>,
    }
    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Item {
        x: i32,
    }

    fn src(text: &str) -> Source {
        Source::embedded("demo", "demo", text)
    }

    const DEMO: &str = "a = 1\n\n[inner]\nlist = [\n  { x = 1 },\n  { x = 2 },\n]\n";

    /// Why `text` does not load.
    fn refused(text: &str) -> ConfigError {
        load::<Demo>(&src(text), &[]).err().unwrap()
    }

    #[test]
    fn unknown_key_names_its_line() {
        let e = refused("a = 1\nb = 2\n[inner]\nlist = []\n");
        assert_eq!(e.line, Some(2));
        assert_eq!(e.field, "b");
        assert!(e.message.contains("unknown field `b`"), "{e}");
    }

    #[test]
    fn every_independent_error_is_listed_with_its_line() {
        let text = "a = 1\nb = 2\n[inner]\nlist = [{ x = \"no\" }]\nc = 3\n";
        let all = refused(text).to_string();
        assert!(
            all.starts_with("<built-in demo>:2: field `b`: unknown field `b`"),
            "{all}"
        );
        assert!(all.contains(":4: field `inner.list.0.x`"), "{all}");
        assert!(
            all.contains(":5: field `inner.c`: unknown field `c`"),
            "{all}"
        );
        // A required field of the wrong type is listed once, not again as missing, and the
        // errors after it are still found.
        let text = "a = \"one\"\nb = 2\n[inner]\nlist = []\n";
        let all = refused(text).to_string();
        assert!(!all.contains("missing field"), "{all}");
        assert!(all.contains(":2: field `b`: unknown field `b`"), "{all}");
        // An unknown table is taken out whole: its keys are not blamed on another table.
        let text = "a = 1\n[inner]\nlist = []\n[nope]\nq = 1\nr = 2\n";
        let all = refused(text).to_string();
        assert_eq!(all.lines().count(), 1, "{all}");
    }

    #[test]
    fn wrong_type_names_its_line() {
        let e = refused("a = 1\n[inner]\nlist = [{ x = \"no\" }]\n");
        assert_eq!(e.line, Some(3));
        assert_eq!(e.field, "inner.list.0.x");
    }

    #[test]
    fn overrides_reach_nested_lists() {
        let o: Override = "inner.list.1.x=-7".parse().unwrap();
        let loaded = load::<Demo>(&src(DEMO), &[o]).unwrap();
        assert_eq!(loaded.value.inner.list[1].x, -7);
        assert_eq!(loaded.value.a, 1);
    }

    #[test]
    fn overrides_reject_unknown_paths_and_types() {
        for (arg, says) in [
            ("inner.nope=1", "unknown field `nope`"),
            ("nope.x=1", "no key `nope`"),
            ("inner.list.5.x=1", "past the end"),
            ("a=\"text\"", "expected integer, got string"),
        ] {
            let o: Override = arg.parse().unwrap();
            let e = load::<Demo>(&src(DEMO), &[o]).err().unwrap();
            assert!(e.message.contains(says), "{arg}: {e}");
        }
        assert!("novalue".parse::<Override>().is_err());
        assert!("a..b=1".parse::<Override>().is_err());
        // A quoted key was split at its dot, and the message named a key `"gam`.
        let e = r#"cards."a.b".name=Zz"#.parse::<Override>().unwrap_err();
        assert!(e.contains("without quotes"), "{e}");
        let e = "a=99999999999999999999".parse::<Override>().err().unwrap();
        assert!(e.contains("too large for a whole number"), "{e}");
        // The file's reading says the same; it was `expected integer, got string`.
        let e = "a=1e400".parse::<Override>().err().unwrap();
        assert!(
            e.ends_with("1e400: floating-point number overflowed"),
            "{e}"
        );
        assert!("a=1e300".parse::<Override>().is_ok());
        let e = "rules.rooms=012".parse::<Override>().unwrap_err();
        assert!(
            e.contains("012: a whole number has no leading zero; write 12"),
            "{e}"
        );
        // A line break cannot smuggle more TOML in.
        let e = "a=3\n[evil]\nx=1".parse::<Override>().err().unwrap();
        assert!(e.contains("one line"), "{e}");
        assert!(
            "a=1 # note"
                .parse::<Override>()
                .is_ok_and(|o| o.value.as_integer() == Some(1))
        );
    }

    #[test]
    fn bare_words_are_strings() {
        let o: Override = "k=none".parse().unwrap();
        assert_eq!(o.value, toml::Value::String("none".into()));
        let o: Override = "k=[1, 2]".parse().unwrap();
        assert!(o.value.is_array());
    }

    #[test]
    fn semantic_errors_find_their_line() {
        let s = src(DEMO);
        assert_eq!(s.line_of("inner.list.1.x"), Some(6));
        assert_eq!(s.line_of("a"), Some(1));
        // A number is a key in a table, and a quoted key with a dot is one key.
        let keyed = src("[t.1]\nx = 1\n[t.\"b.c\"]\ny = 2\n");
        assert_eq!(keyed.line_of("t.1.x"), Some(2));
        assert_eq!(keyed.line_of_keys(["t", "b.c", "y"]), Some(4));
        let e = invalid(&s, &[], Invalid::new("inner.list.1.x", "too big"));
        assert_eq!(
            e.to_string(),
            "<built-in demo>:6: field `inner.list.1.x`: too big"
        );
        let o: Override = "inner.list.1.x=9".parse().unwrap();
        let e = invalid(&s, &[o], Invalid::new("inner.list.1.x", "too big"));
        assert!(
            e.to_string()
                .contains("set on the command line: inner.list.1.x=9"),
            "{e}"
        );
    }
}
