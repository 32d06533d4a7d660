//! What a game counts, declared once when its config loads: flat integer counters ([`Counts`]),
//! the tables made from them, and the rules their sums obey. From the declaration alone the
//! shared layer writes every table, merges and checks counters read back from shards, and
//! compares every row of every table between two rule sets; a game only counts.

use crate::stats::ints::{Ints, Overflow, require, shown, sum};
use crate::stats::num;
use crate::stats::wilson;

/// A counter's index in [`Counts`].
pub(crate) type Slot = usize;

/// `len` consecutive counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Block {
    start: Slot,
    len: usize,
}

impl Block {
    #[inline]
    pub fn at(self, i: usize) -> Slot {
        // Checked in every test build: a game's index bug would count into the neighbouring
        // block. Unchecked in release, where it is the innermost loop of every count.
        debug_assert!(i < self.len, "counter {i} of a block of {}", self.len);
        self.start + i
    }

    pub fn len(self) -> usize {
        self.len
    }

    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    pub fn slots(self) -> std::ops::Range<Slot> {
        self.start..self.start + self.len
    }
}

/// `rows` × `cols` counters, row by row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Grid {
    block: Block,
    cols: usize,
}

impl Grid {
    #[inline]
    pub fn at(self, row: usize, col: usize) -> Slot {
        debug_assert!(col < self.cols, "column {col} of a grid of {}", self.cols);
        self.block.at(row * self.cols + col)
    }

    pub fn block(self) -> Block {
        self.block
    }
}

/// The counters of one game, one chunk of games or one run: integers only, so they merge
/// exactly in any order. Sized once from the declaration; counting never allocates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts(Vec<u64>);

impl Counts {
    pub fn zeroed(len: usize) -> Self {
        Self(vec![0; len])
    }

    #[inline]
    pub fn add_n(&mut self, slot: Slot, n: u64) {
        self.0[slot] += n;
    }

    #[inline]
    pub fn bump(&mut self, slot: Slot) {
        self.0[slot] += 1;
    }

    /// Adds the `i`-th of `values` to counter `i` of `block`, for each.
    #[inline]
    pub fn add_each(&mut self, block: Block, values: impl IntoIterator<Item = u32>) {
        for (i, n) in values.into_iter().enumerate() {
            self.add_n(block.at(i), u64::from(n));
        }
    }

    pub fn get(&self, slot: Slot) -> u64 {
        self.0[slot]
    }

    /// The sum of a block, or `None` past the largest u64 (only a damaged file's can).
    pub fn total(&self, b: Block) -> Option<u64> {
        sum(&self.0[b.slots()])
    }

    pub fn clear(&mut self) {
        self.0.fill(0);
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Ints for Counts {
    fn put(&self, out: &mut Vec<u64>) {
        self.0.put(out);
    }
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
        Vec::take(it).map(Self)
    }
    fn add(&mut self, other: &Self) -> Result<(), Overflow> {
        Ints::add(&mut self.0, &other.0)
    }
}

/// What a ratio is taken of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Per {
    /// Games played: a per-game mean, or the share of games in which something happened.
    Games,
    Slot(Slot),
    /// The sum of a block (a share of everything drawn).
    Block(Block),
}

/// What a table column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// A label, fixed when the config loads.
    Text,
    /// A number from the config (a target, a face value).
    Int,
    /// A counter's total. `compared`: `compare` tests its per-game mean (a count that is only a
    /// rate's numerator is not tested twice).
    Count { compared: bool },
    /// A proportion of trials with its 95% Wilson interval (`ci_low`, `ci_high` after it).
    Rate,
    /// A part of a whole (no interval: the parts of one game are not independent trials).
    Share,
    /// A total divided by a count.
    Mean,
}

/// A table's columns in order, as `name: Kind` with the kinds of [`ColumnKind`] (`Count` is a
/// count `compare` leaves alone, `ComparedCount` one it tests), or `(expr): Kind` for a name
/// made when the config loads.
macro_rules! columns {
    ($($name:tt: $kind:tt),* $(,)?) => {
        vec![$($crate::stats::metrics::Column::new(
            $crate::stats::metrics::column_kind!(@name $name),
            $crate::stats::metrics::column_kind!($kind),
        )),*]
    };
}
pub(crate) use columns;

/// A [`CountTable`] written to `file`, its rows keyed by `key`, with the [`columns!`] after
/// the `;`.
macro_rules! count_table {
    ($file:expr, $key:expr; $($columns:tt)*) => {
        $crate::stats::metrics::CountTable::new(
            $file,
            $key,
            $crate::stats::metrics::columns![$($columns)*],
        )
    };
}
pub(crate) use count_table;

/// What [`columns!`] makes of one column's name (`@name`) and of its kind.
macro_rules! column_kind {
    (@name ($name:expr)) => {
        $name
    };
    (@name $name:ident) => {
        stringify!($name)
    };
    (Count) => {
        $crate::stats::metrics::ColumnKind::Count { compared: false }
    };
    (ComparedCount) => {
        $crate::stats::metrics::ColumnKind::Count { compared: true }
    };
    ($kind:ident) => {
        $crate::stats::metrics::ColumnKind::$kind
    };
}
pub(crate) use column_kind;

/// One cell: the value of its column's [`ColumnKind`] for one row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    Text(String),
    Int(i64),
    Count(Slot),
    /// A counter over a denominator: for `Rate`, `Share` and `Mean` columns.
    Of(Slot, Per),
}

impl Cell {
    pub fn text(s: &str) -> Self {
        Self::Text(s.to_string())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    pub kind: ColumnKind,
}

impl Column {
    pub fn new(name: &str, kind: ColumnKind) -> Self {
        Self {
            name: name.into(),
            kind,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountRow {
    /// The row's name in comparisons and reports ("A3 Vault door").
    pub item: String,
    pub cells: Vec<Cell>,
}

/// One CSV file of per-item counts: a row per target, card, colour….
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountTable {
    pub file: String,
    /// What a row is ("card"), for comparisons and reports.
    pub item: String,
    pub columns: Vec<Column>,
    pub rows: Vec<CountRow>,
    /// Rows whose counter in this column is zero are left out of the file.
    pub skip_zero: Option<usize>,
    /// The games its rows count, where not every game ("the games still running then"): a
    /// comparison's two sides then count different games, and its findings say so.
    pub over: Option<&'static str>,
}

impl CountTable {
    /// One row per name counting something at most once a game (how games end): its games and
    /// its share of all games, with the interval.
    pub fn shares(file: &str, item: &str, names: &[&str], block: Block) -> Self {
        let columns = [
            Column::new("games", ColumnKind::Count { compared: false }),
            Column::new("share", ColumnKind::Rate),
        ];
        Self::by_name(file, item, names, block, columns)
    }

    /// One row per name counting events (several a game): the total and the mean a game.
    pub fn per_game(file: &str, item: &str, names: &[&str], block: Block) -> Self {
        let columns = [
            Column::new("total", ColumnKind::Count { compared: false }),
            Column::new("per_game", ColumnKind::Mean),
        ];
        Self::by_name(file, item, names, block, columns)
    }

    /// One row per name: the name, its count in `block`, and that count over the games.
    fn by_name(file: &str, item: &str, names: &[&str], block: Block, of: [Column; 2]) -> Self {
        let mut columns = vec![Column::new(item, ColumnKind::Text)];
        columns.extend(of);
        let mut t = Self::new(file, item, columns);
        for (i, name) in names.iter().enumerate() {
            let slot = block.at(i);
            let cells = vec![
                Cell::text(name),
                Cell::Count(slot),
                Cell::Of(slot, Per::Games),
            ];
            t.row(*name, cells);
        }
        t
    }

    pub fn new(file: &str, item: &str, columns: Vec<Column>) -> Self {
        Self {
            file: file.into(),
            item: item.into(),
            columns,
            rows: Vec::new(),
            skip_zero: None,
            over: None,
        }
    }

    /// Adds a row. Its cells must match the columns: that is the game's code, not a user's
    /// input, so a mismatch is a bug caught by every test that loads the game.
    pub fn row(&mut self, item: impl Into<String>, cells: Vec<Cell>) {
        assert_eq!(cells.len(), self.columns.len(), "{}: row width", self.file);
        for (cell, col) in cells.iter().zip(&self.columns) {
            let fits = matches!(
                (cell, col.kind),
                (Cell::Text(_), ColumnKind::Text)
                    | (Cell::Int(_), ColumnKind::Int)
                    | (Cell::Count(_), ColumnKind::Count { .. })
                    | (
                        Cell::Of(..),
                        ColumnKind::Rate | ColumnKind::Share | ColumnKind::Mean
                    )
            );
            assert!(fits, "{}: column `{}` holds {cell:?}", self.file, col.name);
        }
        self.rows.push(CountRow {
            item: item.into(),
            cells,
        });
    }

    /// The file's header: a rate is followed by its interval's ends.
    pub fn header(&self) -> Vec<String> {
        let rates = self
            .columns
            .iter()
            .filter(|c| c.kind == ColumnKind::Rate)
            .count();
        let mut h = Vec::new();
        for c in &self.columns {
            h.push(c.name.clone());
            if c.kind == ColumnKind::Rate {
                if rates == 1 {
                    h.extend(["ci_low".into(), "ci_high".into()]);
                } else {
                    h.extend([format!("{}_ci_low", c.name), format!("{}_ci_high", c.name)]);
                }
            }
        }
        h
    }

    /// The file's records from run totals of `games` games.
    pub fn records(&self, counts: &Counts, games: u64) -> Vec<Vec<String>> {
        let skipped = |r: &CountRow| {
            self.skip_zero
                .is_some_and(|c| matches!(r.cells[c], Cell::Count(s) if counts.get(s) == 0))
        };
        self.rows
            .iter()
            .filter(|r| !skipped(r))
            .map(|r| {
                let mut out = Vec::new();
                for (cell, col) in r.cells.iter().zip(&self.columns) {
                    match (cell, col.kind) {
                        (Cell::Text(t), _) => out.push(t.clone()),
                        (Cell::Int(v), _) => out.push(v.to_string()),
                        (Cell::Count(s), _) => out.push(counts.get(*s).to_string()),
                        (Cell::Of(s, per), ColumnKind::Rate) => {
                            let e = wilson(counts.get(*s), denominator(counts, *per, games));
                            out.extend([num(e.value), num(e.low), num(e.high)]);
                        }
                        (Cell::Of(s, per), _) => {
                            let d = denominator(counts, *per, games);
                            out.push(num(ratio(counts.get(*s), d)));
                        }
                    }
                }
                out
            })
            .collect()
    }
}

/// One counted value of one table row: what `compare` compares and `sweep` follows.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemValue<'a> {
    pub file: &'a str,
    pub item: &'a str,
    pub column: &'a str,
    /// A rate with its 95% interval; a count per game, a share or a mean with none.
    pub value: crate::stats::Estimate,
}

impl Declared {
    /// Every compared column of every row, from run totals of `games` games.
    pub fn item_values(&self, counts: &Counts, games: u64) -> Vec<ItemValue<'_>> {
        let mut out = Vec::new();
        for t in &self.tables {
            for (c, col) in t.columns.iter().enumerate() {
                for r in &t.rows {
                    let value = match (&r.cells[c], col.kind) {
                        (&Cell::Count(s), ColumnKind::Count { compared: true }) => {
                            crate::stats::Estimate::point(ratio(counts.get(s), games))
                        }
                        (&Cell::Of(s, per), ColumnKind::Rate) => {
                            wilson(counts.get(s), denominator(counts, per, games))
                        }
                        (&Cell::Of(s, per), _) => crate::stats::Estimate::point(ratio(
                            counts.get(s),
                            denominator(counts, per, games),
                        )),
                        _ => continue,
                    };
                    out.push(ItemValue {
                        file: &t.file,
                        item: &r.item,
                        column: &col.name,
                        value,
                    });
                }
            }
        }
        out
    }
}

/// `n / d`, or not a number when nothing was counted.
pub(crate) fn ratio(n: u64, d: u64) -> f64 {
    if d == 0 {
        f64::NAN
    } else {
        n as f64 / d as f64
    }
}

/// The value of a denominator in counts of `games` games (saturating: a damaged shard is
/// refused by [`Declared::check`] before anything is computed).
pub(crate) fn denominator(counts: &Counts, per: Per, games: u64) -> u64 {
    match per {
        Per::Games => games,
        Per::Slot(s) => counts.get(s),
        Per::Block(b) => counts.total(b).unwrap_or(u64::MAX),
    }
}

/// A per-game total a block's counters add up to exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Total {
    /// One per turn.
    Turns,
    /// This many per game.
    PerGame(u64),
}

/// What must hold of counters however many games they count, beyond what the tables imply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Sum(Block, Total),
    /// Each counter of the first block is at most its partner in the second.
    AtMost(Block, Block),
    /// The block adds up to at most one per game.
    AtMostGames(Block),
}

/// A quantity every game reports in its outcome, kept in `games.csv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    Turns,
    /// The game's own per-game value with this index.
    Value(usize),
}

/// How many per-game quantities a game has: its turns, then its values.
pub(crate) const QUANTITIES: usize = 1 + MAX_VALUES;

impl Quantity {
    /// Its place among a game's quantities: turns first, then the values in order.
    pub fn index(self) -> usize {
        match self {
            Quantity::Turns => 0,
            Quantity::Value(k) => 1 + k,
        }
    }
}

/// A `summary.csv` row a game declares over per-game quantities, so `compare` and `check` (which
/// read `games.csv`) can compute it too.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SummaryMetric {
    /// A total over all games.
    Count(&'static str, Quantity),
    /// `hits / of` over all games, with its interval; `check` allows it to move by `tolerance`.
    Rate {
        name: &'static str,
        hits: Quantity,
        of: Quantity,
        tolerance: f64,
    },
}

impl SummaryMetric {
    pub fn name(&self) -> &'static str {
        match *self {
            Self::Count(name, _) | Self::Rate { name, .. } => name,
        }
    }
}

/// Everything a game counts, as the shared layer sees it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Declared {
    slots: usize,
    /// Each block's name, for messages about a damaged shard.
    names: Vec<(String, Block)>,
    bounds: Vec<Bound>,
    pub tables: Vec<CountTable>,
    /// The per-game values, `games.csv` columns after `capped`.
    pub values: Vec<Value>,
    /// The `games.csv` column naming what ended each game.
    pub ending: &'static str,
    /// The name of each ending, by [`crate::core::game::Outcome::ending`]: that column's words.
    pub endings: Vec<String>,
    /// Which of them is the game's ending at the turn cap, where it names one: `capped_rate`
    /// measures it already.
    pub capped_ending: Option<usize>,
    pub summary: Vec<SummaryMetric>,
}

/// The most per-game values a game can declare.
pub const MAX_VALUES: usize = 4;

/// A per-game value a game reports in its outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    pub name: &'static str,
    /// At most one per turn (tests passed): a `games.csv` row with more is damaged.
    pub per_turn: bool,
}

impl Value {
    /// A value that grows by at most one a turn.
    pub const fn per_turn(name: &'static str) -> Self {
        Self {
            name,
            per_turn: true,
        }
    }

    /// A value that may grow by more than one in a turn.
    pub const fn unbounded(name: &'static str) -> Self {
        Self {
            name,
            per_turn: false,
        }
    }
}

impl Declared {
    pub fn new(values: &[Value], ending: &'static str) -> Self {
        assert!(values.len() <= MAX_VALUES);
        Self {
            values: values.to_vec(),
            ending,
            ..Self::default()
        }
    }

    /// Declares `len` counters named `name`.
    pub fn block(&mut self, name: &str, len: usize) -> Block {
        let b = Block {
            start: self.slots,
            len,
        };
        self.slots += len;
        self.names.push((name.into(), b));
        b
    }

    /// Declares `rows` × `cols` counters named `name`.
    pub fn grid(&mut self, name: &str, rows: usize, cols: usize) -> Grid {
        Grid {
            block: self.block(name, rows * cols),
            cols,
        }
    }

    /// Declares that `block` adds up to `total` in every game.
    pub fn sums_to(&mut self, block: Block, total: Total) {
        self.bounds.push(Bound::Sum(block, total));
    }

    /// Declares that each counter of `part` is at most its partner in `whole`.
    pub fn at_most(&mut self, part: Block, whole: Block) {
        assert_eq!(part.len, whole.len);
        self.bounds.push(Bound::AtMost(part, whole));
    }

    /// Declares that `block` counts at most one thing per game.
    pub fn at_most_games(&mut self, block: Block) {
        self.bounds.push(Bound::AtMostGames(block));
    }

    /// Zeroed counters of the declared size.
    pub fn counts(&self) -> Counts {
        Counts::zeroed(self.slots)
    }

    fn name(&self, slot: Slot) -> &str {
        self.names
            .iter()
            .find(|(_, b)| b.slots().contains(&slot))
            .map_or("?", |(n, _)| n)
    }

    /// What must hold of counters of `games` games lasting `turns` turns in all: checked on a
    /// shard's counters read back from its file. Names the counter that is wrong.
    pub fn check(&self, counts: &Counts, games: u64, turns: u64) -> Result<(), String> {
        require(counts.len() == self.slots, "counters", || {
            format!("{} counters, this game has {}", counts.len(), self.slots)
        })?;
        for &bound in &self.bounds {
            match bound {
                Bound::Sum(b, total) => {
                    let want = match total {
                        Total::Turns => Some(turns),
                        Total::PerGame(k) => games.checked_mul(k),
                    };
                    let got = counts.total(b);
                    require(got.is_some() && got == want, self.name(b.start), || {
                        format!(
                            "{} counted, but {games} games lasting {turns} turns make {}",
                            shown(got),
                            shown(want)
                        )
                    })?;
                }
                Bound::AtMost(part, whole) => {
                    let over = part
                        .slots()
                        .zip(whole.slots())
                        .find(|&(p, w)| counts.get(p) > counts.get(w));
                    require(over.is_none(), self.name(part.start), || {
                        let (p, w) = over.unwrap_or_default();
                        format!(
                            "{} counted where `{}` counted {}",
                            counts.get(p),
                            self.name(w),
                            counts.get(w)
                        )
                    })?;
                }
                Bound::AtMostGames(b) => {
                    let got = counts.total(b);
                    require(got.is_some_and(|n| n <= games), self.name(b.start), || {
                        format!("{} counted in {games} games", shown(got))
                    })?;
                }
            }
        }
        for t in &self.tables {
            for r in &t.rows {
                for (cell, col) in r.cells.iter().zip(&t.columns) {
                    let &Cell::Of(s, per) = cell else { continue };
                    if col.kind == ColumnKind::Mean {
                        continue;
                    }
                    let of = match per {
                        Per::Games => Some(games),
                        Per::Slot(d) => Some(counts.get(d)),
                        Per::Block(b) => counts.total(b),
                    };
                    require(of.is_some_and(|d| counts.get(s) <= d), self.name(s), || {
                        format!(
                            "{}: {} {} of {} ({})",
                            t.file,
                            counts.get(s),
                            col.name,
                            shown(of),
                            r.item
                        )
                    })?;
                }
            }
        }
        Ok(())
    }
}

/// A small declaration for tests of the shared layer: two things, each tried and sometimes won.
#[cfg(test)]
pub(crate) mod example {
    use super::*;

    /// The declaration, and its `tries` and `wins` blocks.
    pub(crate) fn declared() -> (Declared, Block, Block) {
        let mut d = Declared::new(&[], "ending");
        let tries = d.block("tries", 2);
        let wins = d.block("wins", 2);
        d.sums_to(tries, Total::Turns);
        let mut t = count_table!("things.csv", "thing";
            thing: Text, tries: ComparedCount, win_rate: Rate, share: Share, per_game: Mean
        );
        for (i, name) in ["a", "b"].into_iter().enumerate() {
            t.row(
                name,
                vec![
                    Cell::Text(name.into()),
                    Cell::Count(tries.at(i)),
                    Cell::Of(wins.at(i), Per::Slot(tries.at(i))),
                    Cell::Of(tries.at(i), Per::Block(tries)),
                    Cell::Of(tries.at(i), Per::Games),
                ],
            );
        }
        t.skip_zero = Some(1);
        d.tables.push(t);
        (d, tries, wins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use example::declared;

    #[test]
    fn tables_are_written_from_counts() {
        let (d, tries, wins) = declared();
        let mut c = d.counts();
        c.add_n(tries.at(0), 4);
        c.add_n(wins.at(0), 1);
        let t = &d.tables[0];
        assert_eq!(
            t.header(),
            [
                "thing", "tries", "win_rate", "ci_low", "ci_high", "share", "per_game"
            ]
        );
        let rows = t.records(&c, 2);
        // Row `b` was never tried: skipped.
        assert_eq!(rows.len(), 1);
        let w = wilson(1, 4);
        assert_eq!(
            rows[0],
            [
                "a",
                "4",
                "0.250000",
                &num(w.low),
                &num(w.high),
                "1.000000",
                "2.000000"
            ]
        );
    }

    #[test]
    fn damaged_counts_are_named() {
        let (d, tries, wins) = declared();
        let mut c = d.counts();
        c.add_n(tries.at(1), 3);
        assert_eq!(d.check(&c, 1, 3), Ok(()));
        let e = d.check(&c, 1, 4).unwrap_err();
        assert!(e.contains("field `tries`"), "{e}");
        c.add_n(wins.at(1), 4);
        let e = d.check(&c, 1, 3).unwrap_err();
        assert!(e.contains("field `wins`") && e.contains("(b)"), "{e}");
        let e = d.check(&Counts::zeroed(3), 1, 0).unwrap_err();
        assert!(e.contains("3 counters, this game has 4"), "{e}");
    }

    #[test]
    fn counts_merge_exactly_and_refuse_overflow() {
        let mut a = Counts::zeroed(2);
        a.add_n(1, u64::MAX - 1);
        let mut b = Counts::zeroed(2);
        b.bump(1);
        Ints::add(&mut a, &b).unwrap();
        assert_eq!(a.get(1), u64::MAX);
        assert!(Ints::add(&mut a, &b).is_err());
    }
}
