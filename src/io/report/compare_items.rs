//! The compare report's per-item part: every row of the game's tables (an item's pass rate,
//! a card's use) that differs between A and B, biggest change first.

use std::path::Path;

use super::page::Section;
use super::svg::{Bar, HBars, Scale, hundredths, signed};
use super::table::CsvFile;
use crate::stats::compare::findings::size;
use crate::stats::compare::items::{FILE, order, proportion};
use crate::stats::compare::{OVER_FAIR, over_fair};

/// Most rows one chart draws; the table below lists every significant row.
const CHARTED: usize = 25;

/// One significant row of `compare_items.csv`.
pub(super) struct Changed {
    label: String,
    kind: String,
    /// Its column in the game's table, as the findings size it.
    column: String,
    a: f64,
    b: f64,
    diff: f64,
    interval: (f64, f64),
    /// A win rate whose row over its fair share stands next to it (sides of different sizes):
    /// that row is the change, this one moved with the fair share.
    superseded: bool,
}

impl Changed {
    fn unit(&self) -> Scale {
        if proportion(&self.kind) {
            Scale::Percent
        } else {
            Scale::Number
        }
    }

    /// A value as the findings and the table show it: a proportion as a percentage, a count
    /// or mean to three significant digits (a card used 0.021 times a game).
    fn show(&self, x: f64) -> String {
        match self.unit() {
            // Above or below the fair share: its sign is the point.
            // To two places, as compare.csv's table beside it shows its rows over fair share.
            Scale::Percent if self.column.ends_with(OVER_FAIR) => {
                format!("{} points", signed(hundredths(x)))
            }
            Scale::Percent => Scale::Percent.format(x),
            _ => significant(x),
        }
    }
}

/// What the per-item comparison adds to the page: the rows that differ, biggest change first,
/// and how many rows were tested (Holm's family). `None` for a comparison made before per-item
/// rows existed.
pub(super) struct Items {
    pub changed: Vec<Changed>,
    pub compared: usize,
}

pub(super) fn read(dir: &Path, turn: &'static str) -> anyhow::Result<Option<Items>> {
    let Some(csv) = CsvFile::read(dir, FILE)? else {
        return Ok(None);
    };
    let (file, item, column, kind) = (
        csv.text("file")?,
        csv.text("item")?,
        csv.text("column")?,
        csv.text("kind")?,
    );
    let (a, b) = (csv.optional("a")?, csv.optional("b")?);
    let [diff, lo, hi] = csv.optional_estimates("diff")?;
    let significant = csv.text("significant")?;
    // Empty in a comparison from before they were written.
    let over = csv.text("over").unwrap_or_default();
    let name = csv.text("name").unwrap_or_default();
    let over_fair = |i: usize| {
        let name = over_fair(column[i]);
        (0..csv.len()).any(|j| file[j] == file[i] && item[j] == item[i] && column[j] == name)
    };
    let mut changed: Vec<Changed> = (0..csv.len())
        .filter(|&i| significant[i] == "yes")
        .filter_map(|i| {
            Some(Changed {
                label: crate::stats::compare::findings::item_words(
                    [
                        file[i],
                        item[i],
                        name.get(i).copied().unwrap_or(""),
                        column[i],
                        over.get(i).copied().unwrap_or(""),
                    ],
                    turn,
                ),
                kind: kind[i].to_string(),
                column: column[i].to_string(),
                a: a[i]?,
                b: b[i]?,
                diff: diff[i]?,
                interval: (lo[i]?, hi[i]?),
                superseded: over_fair(i),
            })
        })
        .collect();
    changed.sort_by(|x, y| {
        let (ox, oy) = (order(&x.kind, x.a, x.b), order(&y.kind, y.a, y.b));
        oy.0.cmp(&ox.0).then(oy.1.total_cmp(&ox.1))
    });
    // A row with nothing to test has no p-value: it could not differ, so it is not counted.
    let tested = csv.optional("p_holm")?.iter().flatten().count();
    Ok(Some(Items {
        changed,
        compared: tested,
    }))
}

impl Items {
    /// Two charts: rates and shares in points; counts and means as a part of A's value (the
    /// reference).
    pub(super) fn sections(&self) -> Vec<Section> {
        let bar = |c: &Changed, scale: f64| {
            Bar::new(c.label.clone(), c.diff / scale)
                .within(c.interval.0 / scale, c.interval.1 / scale)
                .flagged(size(proportion(&c.kind), &c.column, c.a, c.b, c.diff) >= 1.0)
        };
        let shares: Vec<Bar> = self
            .changed
            .iter()
            .filter(|c| proportion(&c.kind) && !c.superseded)
            .take(CHARTED)
            .map(|c| bar(c, 1.0))
            .collect();
        // Drawn as a part of A's value, so ordered by it.
        let mut counts: Vec<&Changed> = self
            .changed
            .iter()
            .filter(|c| !proportion(&c.kind) && c.a != 0.0)
            .collect();
        // A count A never saw has no share of A to change by: the table lists it, and the
        // caption says how many there are.
        let unseen = self
            .changed
            .iter()
            .filter(|c| !proportion(&c.kind) && c.a == 0.0)
            .count();
        counts.sort_by(|x, y| (y.diff / y.a).abs().total_cmp(&(x.diff / x.a).abs()));
        let counts: Vec<Bar> = counts
            .into_iter()
            .take(CHARTED)
            .map(|c| bar(c, c.a.abs()))
            .collect();
        let mut out = Vec::new();
        if !shares.is_empty() {
            out.push(Section {
                question: "Which of the game's rates changed?".into(),
                how: format!(
                    "B − A for every rate and share in the game's own tables (a route's share of games, a card holder's win rate, a test's pass rate) that differs significantly after Holm's correction across the {} tested per-item rows; largest first, at most {CHARTED}.",
                    self.compared
                ),
                svg: HBars::new("Per-item rates that changed, B − A with its 95% interval", "B − A (percentage points)", Scale::Points, shares).reference(Some((0.0, "no difference".into())))
                .svg(),
            });
        }
        if !counts.is_empty() {
            out.push(Section {
                question: "Which counts changed?".into(),
                how: format!(
                    "B − A as a share of A's value, for every per-game count and mean in the game's tables (how often a card is used, an action taken) that differs significantly; largest first, at most {CHARTED}.{}",
                    match unseen {
                        0 => String::new(),
                        1 => " One more is 0 in A, so it has no share of A to change by: the table below lists it.".into(),
                        n => format!(" {n} more are 0 in A, so they have no share of A to change by: the table below lists them."),
                    }
                ),
                svg: HBars::new("Per-item counts that changed, relative to A", "B − A, as a share of A", Scale::Change, counts).reference(Some((0.0, "no difference".into())))
                .svg(),
            });
        }
        out
    }

    /// Every significant row, for the page's table.
    pub(super) fn table(&self) -> Vec<Vec<String>> {
        self.changed
            .iter()
            .map(|c| {
                let gap = |x: f64| {
                    if c.unit() == Scale::Percent {
                        format!("{} points", signed(hundredths(x)))
                    } else {
                        signed(significant(x))
                    }
                };
                vec![
                    c.label.clone(),
                    c.show(c.a),
                    c.show(c.b),
                    gap(c.diff),
                    format!("{} to {}", gap(c.interval.0), gap(c.interval.1)),
                ]
            })
            .collect()
    }
}

/// `x` to three significant digits (at least none after the point): 0.0213, 1.23, 123.
fn significant(x: f64) -> String {
    let places = if x == 0.0 {
        0
    } else {
        (2 - x.abs().log10().floor() as i32).clamp(0, 6) as usize
    };
    format!("{x:.places$}")
}

#[cfg(test)]
mod tests {
    use super::{Changed, Items, significant};

    #[test]
    fn a_count_a_never_saw_is_left_off_the_relative_chart_and_said_to_be() {
        let count = |label: &str, a: f64, b: f64| Changed {
            label: label.into(),
            kind: "mean".into(),
            column: "plays_per_game".into(),
            a,
            b,
            diff: b - a,
            interval: (b - a - 0.1, b - a + 0.1),
            superseded: false,
        };
        let items = |changed| Items {
            changed,
            compared: 10,
        };
        let caption = |i: Items| i.sections().last().map(|s| s.how.clone()).unwrap();
        let both = caption(items(vec![count("x", 1.0, 2.0), count("new", 0.0, 0.5)]));
        assert!(
            both.ends_with(" One more is 0 in A, so it has no share of A to change by: the table below lists it."),
            "{both}"
        );
        let two = caption(items(vec![
            count("x", 1.0, 2.0),
            count("new", 0.0, 0.5),
            count("newer", 0.0, 0.7),
        ]));
        assert!(two.contains(" 2 more are 0 in A"), "{two}");
        assert!(caption(items(vec![count("x", 1.0, 2.0)])).ends_with("at most 25."));
    }

    /// A win rate over its fair share is above or below it: signed points, as the findings
    /// say it, not a share of games.
    #[test]
    fn a_rate_over_its_fair_share_reads_in_signed_points() {
        let row = Changed {
            label: "cards ace: holder win rate over fair share".into(),
            kind: "rate".into(),
            column: "holder_win_rate_over_fair_share".into(),
            a: -0.005,
            b: 0.0425,
            diff: 0.0475,
            interval: (0.04, 0.055),
            superseded: false,
        };
        let cells = &Items {
            changed: vec![row],
            compared: 1,
        }
        .table()[0];
        assert_eq!(
            cells[1..],
            [
                "−0.50 points",
                "+4.25 points",
                "+4.75 points",
                "+4.00 points to +5.50 points"
            ]
        );
    }

    #[test]
    fn counts_keep_three_significant_digits() {
        assert_eq!(significant(0.021_34), "0.0213");
        assert_eq!(significant(1.234), "1.23");
        assert_eq!(significant(-12.34), "-12.3");
        assert_eq!(significant(1234.5), "1234");
        assert_eq!(significant(0.0), "0");
    }
}
