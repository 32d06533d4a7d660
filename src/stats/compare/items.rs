//! Every row of every table a game declares, compared between the two sides: each target's
//! pass rate, each card's use, each face's share of draws. A row is a ratio of two per-game totals
//! on each side (a count is a ratio to one per game), so its B − A difference gets the same
//! paired delta-method interval as the summary's rows, from exact integer sums of the four
//! per-game values and their cross products.

use serde::Serialize;

use super::{Z95, holm, num, p_value, paired_sd};
#[cfg(doc)]
use crate::stats::metrics::CountTable;
use crate::stats::metrics::{Block, Cell, ColumnKind, Counts, Declared, Per, Slot};
use crate::stats::wilson;

/// The file the rows are written to.
pub(crate) const FILE: &str = "compare_items.csv";

/// A per-game denominator, resolved: one per game, a counter, or a block's sum (by its index
/// in [`ItemPlan::blocks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Den {
    One,
    Slot(Slot),
    Block(usize),
}

/// One side of a compared row: a counter over a denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ratio {
    num: Slot,
    den: Den,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct ComparedItem {
    file: String,
    item: String,
    /// The row's `name` where its table has one that its item does not say (a card's name
    /// name beside its id).
    name: String,
    column: String,
    kind: ColumnKind,
    sides: [Ratio; 2],
    /// The games the row counts, where not every game (the table's [`CountTable::over`]).
    over: &'static str,
}

/// The rows both sides declare, matched by file, item and column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ItemPlan {
    items: Vec<ComparedItem>,
    /// The blocks denominators add up, for each side.
    blocks: [Vec<Block>; 2],
}

impl ItemPlan {
    pub(crate) fn new(a: &Declared, b: &Declared) -> Self {
        let mut plan = Self::default();
        for ta in &a.tables {
            let Some(tb) = b.tables.iter().find(|t| t.file == ta.file) else {
                continue;
            };
            let named = ta
                .columns
                .iter()
                .position(|c| c.name == "name" && c.kind == ColumnKind::Text);
            for (c, col) in ta.columns.iter().enumerate() {
                let compared = matches!(
                    col.kind,
                    ColumnKind::Count { compared: true }
                        | ColumnKind::Rate
                        | ColumnKind::Share
                        | ColumnKind::Mean
                );
                let Some(cb) = tb.columns.iter().position(|x| *x == *col) else {
                    continue;
                };
                if !compared {
                    continue;
                }
                for ra in &ta.rows {
                    let Some(rb) = tb.rows.iter().find(|r| r.item == ra.item) else {
                        continue;
                    };
                    let sides = [plan.ratio(0, &ra.cells[c]), plan.ratio(1, &rb.cells[cb])];
                    let name = match named.map(|n| &ra.cells[n]) {
                        Some(Cell::Text(name)) if *name != ra.item => name.clone(),
                        // A row keyed by a number is named by what it counts: `turn 75` of
                        // Cheesy Heist's cheese.csv, `chip total 7`, not a bare `75`.
                        _ if ra.item.parse::<u64>().is_ok() => format!("{} {}", ta.item, ra.item),
                        _ => String::new(),
                    };
                    plan.items.push(ComparedItem {
                        file: ta.file.clone(),
                        item: ra.item.clone(),
                        name,
                        column: col.name.clone(),
                        kind: col.kind,
                        sides,
                        over: ta.over.or(tb.over).unwrap_or(""),
                    });
                }
            }
        }
        plan
    }

    fn ratio(&mut self, side: usize, cell: &Cell) -> Ratio {
        let (num, per) = match *cell {
            Cell::Count(s) => (s, Per::Games),
            Cell::Of(s, per) => (s, per),
            // Only counters' columns are compared.
            Cell::Text(_) | Cell::Int(_) => unreachable!("a label column is not compared"),
        };
        let den = match per {
            Per::Games => Den::One,
            Per::Slot(s) => Den::Slot(s),
            Per::Block(b) => {
                let blocks = &mut self.blocks[side];
                let i = blocks.iter().position(|x| *x == b).unwrap_or_else(|| {
                    blocks.push(b);
                    blocks.len() - 1
                });
                Den::Block(i)
            }
        };
        Ratio { num, den }
    }

    /// An empty accumulator for these rows.
    pub(crate) fn sums(&self) -> ItemSums {
        ItemSums {
            n: 0,
            sum: vec![[0; 4]; self.items.len()],
            cross: vec![[0; 10]; self.items.len()],
            block_sums: [vec![0; self.blocks[0].len()], vec![0; self.blocks[1].len()]],
        }
    }
}

/// Exact sums over paired games of each row's four per-game values (A's numerator and
/// denominator, B's) and of their ten distinct products.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ItemSums {
    n: u64,
    sum: Vec<[i128; 4]>,
    cross: Vec<[i128; 10]>,
    /// Each side's denominator blocks summed over the game being added (kept to reuse).
    block_sums: [Vec<u64>; 2],
}

impl ItemSums {
    /// Adds one pair of games: the counts each side's game made alone.
    pub(crate) fn add(&mut self, plan: &ItemPlan, a: &Counts, b: &Counts) {
        self.n += 1;
        for (side, counts) in [a, b].into_iter().enumerate() {
            for (s, block) in self.block_sums[side].iter_mut().zip(&plan.blocks[side]) {
                *s = block.slots().map(|i| counts.get(i)).sum();
            }
        }
        for (k, item) in plan.items.iter().enumerate() {
            let mut x = [0i128; 4];
            for (side, (r, counts)) in item.sides.iter().zip([a, b]).enumerate() {
                x[2 * side] = i128::from(counts.get(r.num));
                x[2 * side + 1] = i128::from(match r.den {
                    Den::One => 1,
                    Den::Slot(s) => counts.get(s),
                    Den::Block(i) => self.block_sums[side][i],
                });
            }
            if x == [0; 4] {
                continue;
            }
            let (sum, cross) = (&mut self.sum[k], &mut self.cross[k]);
            let mut c = 0;
            for i in 0..4 {
                sum[i] += x[i];
                for j in i..4 {
                    cross[c] += x[i] * x[j];
                    c += 1;
                }
            }
        }
    }

    pub(crate) fn merge(&mut self, o: &Self) {
        self.n += o.n;
        for (a, b) in self.sum.iter_mut().zip(&o.sum) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        for (a, b) in self.cross.iter_mut().zip(&o.cross) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
    }
}

/// A row of `compare_items.csv`.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub(crate) struct ItemRow {
    pub file: String,
    pub item: String,
    /// The item's name in A's config, where its table has one the item does not say.
    pub name: String,
    pub column: String,
    /// `rate` or `share` (a proportion: its difference is in points), `count` (per game) or
    /// `mean`.
    pub kind: &'static str,
    pub a: String,
    pub b: String,
    pub diff: String,
    pub ci_low: String,
    pub ci_high: String,
    pub p_value: String,
    /// After Holm's correction across every row of the file.
    pub p_holm: String,
    pub significant: &'static str,
    /// The games the row counts, where not every game: each side counts its own.
    pub over: &'static str,
}

/// Every row compared, in declaration order, Holm-corrected together. With `fair`, each
/// side's fair share of wins where the sides seat different numbers of players
/// ([`super::fair_shares`]), a win rate's row is followed by the rate less it.
pub(crate) fn item_rows(
    plan: &ItemPlan,
    sums: &ItemSums,
    fair: Option<(f64, f64)>,
) -> Vec<ItemRow> {
    let n = sums.n as f64;
    let mut p_values = Vec::new();
    let mut rows: Vec<ItemRow> = plan
        .items
        .iter()
        .zip(sums.sum.iter().zip(&sums.cross))
        .flat_map(|(item, (sum, cross))| {
            let m = sum.map(|s| s as f64 / n.max(1.0));
            let mut cov = [[0.0; 4]; 4];
            if sums.n >= 2 {
                let mut c = 0;
                for i in 0..4 {
                    for j in i..4 {
                        let v = (i128::from(sums.n) * cross[c] - sum[i] * sum[j]) as f64
                            / (n * (n - 1.0));
                        cov[i][j] = v;
                        cov[j][i] = v;
                        c += 1;
                    }
                }
            }
            let ratio = |x: f64, y: f64| if y == 0.0 { f64::NAN } else { x / y };
            let (va, vb) = (ratio(m[0], m[1]), ratio(m[2], m[3]));
            let diff = vb - va;
            // The gradient of x₀/x₁ − x₂/x₃.
            let grad = [
                1.0 / m[1],
                -m[0] / (m[1] * m[1]),
                -1.0 / m[3],
                m[2] / (m[3] * m[3]),
            ];
            let sd = if diff.is_nan() {
                f64::NAN
            } else {
                paired_sd(&grad, &cov, n)
            };
            let kind = match item.kind {
                ColumnKind::Rate => "rate",
                ColumnKind::Share => "share",
                ColumnKind::Mean => "mean",
                _ => "count",
            };
            let paired = Z95 * sd;
            let (below, above) = if proportion(kind) {
                proportion_spread((sum[0], sum[1]), (sum[2], sum[3]), paired)
            } else {
                (paired, paired)
            };
            let mut row = |column: String, va: f64, vb: f64| {
                let diff = vb - va;
                // The spread on the side towards no difference, so that the p-value and the
                // interval agree on whether it is excluded.
                let toward = if diff >= 0.0 { below } else { above };
                let spread = if toward > paired { toward / Z95 } else { sd };
                let p = (!diff.is_nan()).then(|| p_value(diff, spread, sums.n));
                p_values.push(p);
                ItemRow {
                    file: item.file.clone(),
                    item: item.item.clone(),
                    name: item.name.clone(),
                    column,
                    kind,
                    a: num(va),
                    b: num(vb),
                    diff: num(diff),
                    ci_low: num(diff - below),
                    ci_high: num(diff + above),
                    p_value: p.map_or_else(String::new, num),
                    p_holm: String::new(),
                    significant: "",
                    over: item.over,
                }
            };
            let mut out = vec![row(item.column.clone(), va, vb)];
            // A fair share is a fixed number, so the rate less it has the rate's spread.
            if let Some((fa, fb)) =
                fair.filter(|_| kind == "rate" && item.column.ends_with("win_rate"))
            {
                out.push(row(super::over_fair(&item.column), va - fa, vb - fb));
            }
            out
        })
        .collect();
    for (row, adjusted) in rows.iter_mut().zip(holm(&p_values)) {
        if let Some(h) = adjusted {
            row.p_holm = num(h);
            row.significant = if h < 0.05 { "yes" } else { "no" };
        }
    }
    rows
}

/// How far a proportion's B − A difference may lie below and above its value (95%): the paired
/// interval's `paired` either way; but where a side counts fewer than `FEW` hits or misses,
/// Newcombe's (1998) hybrid score interval from each side's totals (`a` and `b`, hits and
/// trials) where that is wider. Near a rate of 0 or 1 the delta method's spread shrinks to
/// nothing (a card played in one game on each side, lost in A and won in B, read as a
/// certain 100 points); the score interval stays honest there, while elsewhere the paired
/// interval keeps what the shared seeds gain.
fn proportion_spread(a: (i128, i128), b: (i128, i128), paired: f64) -> (f64, f64) {
    const FEW: i128 = 5;
    let few = |(hits, trials): (i128, i128)| hits.min(trials - hits) < FEW;
    if !few(a) && !few(b) {
        return (paired, paired);
    }
    let score = |(hits, trials): (i128, i128)| {
        let counted = |x: i128| u64::try_from(x).ok();
        match (counted(hits), counted(trials)) {
            (Some(h), Some(t)) if t > 0 && h <= t => Some(wilson(h, t)),
            _ => None,
        }
    };
    match (score(a), score(b)) {
        (Some(a), Some(b)) => {
            let below = (b.value - b.low).hypot(a.high - a.value);
            let above = (b.high - b.value).hypot(a.value - a.low);
            (paired.max(below), paired.max(above))
        }
        _ => (paired, paired),
    }
}

/// Whether a row of this kind is a proportion, its difference in points.
pub(crate) fn proportion(kind: &str) -> bool {
    matches!(kind, "rate" | "share")
}

/// How large a row's change is, unit-free: in points for a rate or a share, as a part of the
/// larger side's value for a count or a mean.
pub(crate) fn size(kind: &str, a: f64, b: f64) -> f64 {
    let d = (a - b).abs();
    if proportion(kind) {
        d
    } else {
        d / a.abs().max(b.abs()).max(1e-9)
    }
}

/// The order rows are listed in: rates and shares first, largest change in points first; then
/// counts and means, largest change as a part of their value first (a rarely used card's
/// count can change by a large part of almost nothing, so counts never crowd out a rate).
pub(crate) fn order(kind: &str, a: f64, b: f64) -> (bool, f64) {
    (proportion(kind), size(kind, a, b))
}

/// The rows of a table both sides write that only one side has (an item the change renamed,
/// added or removed), which no row of compare_items.csv can pair: `<table file> <item> (A
/// only)`. `run.toml` keeps them, so the page says what the terminal says.
pub(crate) fn unpaired(a: &Declared, b: &Declared) -> Vec<String> {
    let mut only = Vec::new();
    for ta in &a.tables {
        let Some(tb) = b.tables.iter().find(|t| t.file == ta.file) else {
            continue;
        };
        let [a_only, b_only] = [(ta, tb, "A"), (tb, ta, "B")].map(|(x, y, side)| {
            x.rows
                .iter()
                .filter(|r| !y.rows.iter().any(|s| s.item == r.item))
                .map(|r| format!("{} {} ({side} only)", x.file, r.item))
                .collect::<Vec<_>>()
        });
        // A's and B's in turn, so a renamed item's two names stand together, and the first
        // few named show both sides.
        let (mut a_only, mut b_only) = (a_only.into_iter(), b_only.into_iter());
        loop {
            let (x, y) = (a_only.next(), b_only.next());
            if x.is_none() && y.is_none() {
                break;
            }
            only.extend(x.into_iter().chain(y));
        }
    }
    only
}

/// That the comparison leaves out the rows of `only` (as [`unpaired`] names them), the first
/// few named; nothing when every row pairs.
pub(crate) fn unpaired_sentence(only: &[String]) -> Option<String> {
    const SHOWN: usize = 4;
    if only.is_empty() {
        return None;
    }
    let more = only.len().saturating_sub(SHOWN);
    Some(format!(
        "{} {} of the game's tables on one side only (renamed, added or removed), so not compared: {}{}.",
        only.len(),
        if only.len() == 1 { "row" } else { "rows" },
        only[..only.len().min(SHOWN)].join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    ))
}

/// How many rows of the game's tables differ, of those tested, for the terminal (the findings
/// name them). A row with nothing to test (an item no game used on either side) is not counted:
/// it could not differ.
pub(crate) fn headline(rows: &[ItemRow]) -> String {
    let changed = rows.iter().filter(|r| r.significant == "yes").count();
    let tested = rows.iter().filter(|r| !r.p_holm.is_empty()).count();
    format!(
        "  {changed} of {tested} tested rows of the game's tables differ significantly (compare_items.csv).\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::metrics::example::declared;

    #[test]
    fn every_counted_column_of_every_row_is_compared() {
        let (d, ..) = declared();
        let plan = ItemPlan::new(&d, &d);
        let names: Vec<String> = plan
            .items
            .iter()
            .map(|i| format!("{} {}", i.item, i.column))
            .collect();
        assert_eq!(
            names,
            [
                "a tries",
                "b tries",
                "a win_rate",
                "b win_rate",
                "a share",
                "b share",
                "a per_game",
                "b per_game"
            ]
        );
    }

    /// The rows of `games` paired games of the example tables, `play` counting game `g` on
    /// each side (its tries and wins blocks given).
    fn compared(games: u64, play: impl Fn(u64, [&mut Counts; 2], Block, Block)) -> Vec<ItemRow> {
        let (d, tries, wins) = declared();
        let plan = ItemPlan::new(&d, &d);
        let mut sums = plan.sums();
        for g in 0..games {
            let (mut a, mut b) = (d.counts(), d.counts());
            play(g, [&mut a, &mut b], tries, wins);
            sums.add(&plan, &a, &b);
        }
        item_rows(&plan, &sums, None)
    }

    #[test]
    fn a_changed_rate_is_found_and_an_unchanged_one_is_not() {
        let rows = compared(2000, |g, [a, b], tries, wins| {
            for c in [&mut *a, &mut *b] {
                c.add_n(tries.at(0), 2);
                c.add_n(tries.at(1), 1 + g % 2);
                // Thing `b` wins alike on both sides.
                c.add_n(wins.at(1), u64::from(g % 3 == 0));
            }
            // Thing `a` wins half its tries on side A and a quarter on side B.
            a.add_n(wins.at(0), 1);
            b.add_n(wins.at(0), u64::from(g % 2 == 0));
        });
        let row = |item: &str, col: &str| {
            rows.iter()
                .find(|r| r.item == item && r.column == col)
                .unwrap()
        };
        let a = row("a", "win_rate");
        assert_eq!((a.a.as_str(), a.b.as_str()), ("0.500000", "0.250000"));
        assert_eq!(a.significant, "yes");
        let b = row("b", "win_rate");
        assert_eq!(b.diff, "0.000000");
        assert_eq!(b.significant, "no");
        // Won alike game by game, with hundreds of wins and losses a side: the paired interval
        // of no spread, not a score interval of two independent sides.
        assert_eq!(
            (b.ci_low.as_str(), b.ci_high.as_str()),
            ("0.000000", "0.000000")
        );
        // Tries are identical on both sides: no difference and no spread.
        let t = row("b", "tries");
        assert_eq!((t.a.as_str(), t.diff.as_str()), ("1.500000", "0.000000"));
        assert_eq!(
            (t.ci_low.as_str(), t.ci_high.as_str()),
            ("0.000000", "0.000000")
        );
        let text = headline(&rows);
        assert!(
            text.contains("1 of 8 tested rows of the game's tables differ"),
            "{text}"
        );
        let found = super::super::findings::rank(super::super::findings::changes(
            &[],
            &rows,
            crate::io::report::headline::Naming::PLAIN,
        ));
        assert_eq!(found.marked.len(), 1, "{:?}", found.marked);
        assert!(
            found.marked[0].starts_with("things a: win rate:"),
            "{:?}",
            found.marked
        );
    }

    #[test]
    fn the_interval_is_the_paired_differences_own() {
        // A wins its one try a game in even games, B in odd ones: each wins half, but the
        // per-game difference in the win rate is always 1 or −1, so B − A is 0 with the normal
        // interval of a mean of n such values, half-width 1.96 · √(n / (n − 1) / n), wider than
        // two independent halves' would be.
        let n = 1000u64;
        let rows = compared(n, |g, [a, b], tries, wins| {
            a.add_n(tries.at(0), 1);
            b.add_n(tries.at(0), 1);
            a.add_n(wins.at(0), u64::from(g % 2 == 0));
            b.add_n(wins.at(0), u64::from(g % 2 == 1));
        });
        let r = rows
            .iter()
            .find(|r| r.item == "a" && r.column == "win_rate")
            .unwrap();
        let nf = n as f64;
        let half = Z95 * (nf / (nf - 1.0) / nf).sqrt();
        assert_eq!(r.diff, "0.000000");
        assert_eq!(r.ci_low, num(-half));
        assert_eq!(r.ci_high, num(half));
    }

    /// A card played in one game on each side, its player losing in A and winning in B: the
    /// paired spread is nothing (a rate of 0 and one of 1), but one game each says little. The
    /// interval is the score interval's, wide, and the row is no finding.
    #[test]
    fn a_rate_of_one_game_a_side_is_no_certain_difference() {
        let rows = compared(2000, |g, [a, b], tries, wins| {
            if g == 7 {
                a.add_n(tries.at(0), 1);
                b.add_n(tries.at(0), 1);
                b.add_n(wins.at(0), 1);
            }
        });
        let r = rows
            .iter()
            .find(|r| r.item == "a" && r.column == "win_rate")
            .unwrap();
        assert_eq!((r.a.as_str(), r.b.as_str()), ("0.000000", "1.000000"));
        // Each side's Wilson interval of 1 try runs from 0 to 0.793 (or 0.207 to 1).
        let w = wilson(1, 1);
        let below = (1.0 - w.low).hypot(1.0 - w.low);
        assert_eq!(r.ci_low, num(1.0 - below));
        assert_eq!(r.ci_high, "1.000000");
        assert_eq!(r.significant, "no");
        let found = super::super::findings::rank(super::super::findings::changes(
            &[],
            &rows,
            crate::io::report::headline::Naming::PLAIN,
        ));
        assert!(found.marked.is_empty(), "{:?}", found.marked);
    }

    #[test]
    fn halves_merge_to_the_whole() {
        let (d, tries, wins) = declared();
        let plan = ItemPlan::new(&d, &d);
        let (mut whole, mut left, mut right) = (plan.sums(), plan.sums(), plan.sums());
        for g in 0..50u64 {
            let (mut a, mut b) = (d.counts(), d.counts());
            a.add_n(tries.at(0), g % 4);
            a.add_n(wins.at(0), g % 2);
            b.add_n(tries.at(0), g % 3);
            whole.add(&plan, &a, &b);
            if g < 20 { &mut left } else { &mut right }.add(&plan, &a, &b);
        }
        left.merge(&right);
        assert_eq!(left.sum, whole.sum);
        assert_eq!(left.cross, whole.cross);
        assert_eq!(
            item_rows(&plan, &left, None),
            item_rows(&plan, &whole, None)
        );
    }
}
