//! The report of one `compare` run: A and B on the same axes, the significant rows marked.

use std::path::Path;

use super::page::Page;
use super::svg::{Bar, Columns, HBars, SPARSE, Unit, tail_note};
use super::table::Table;
use super::{Run, config_name, is_rate, words};
use crate::output::UsageError;

pub fn render(dir: &Path, run: &Run) -> anyhow::Result<String> {
    let rows = Table::read(dir, "compare.csv")?.ok_or_else(|| {
        UsageError(format!(
            "{} has no compare.csv: not a complete compare result",
            dir.display()
        ))
    })?;
    let names = rows.text("metric")?;
    let (a, b, diff) = (
        rows.optional("a")?,
        rows.optional("b")?,
        rows.optional("diff")?,
    );
    let (lo, hi) = (rows.optional("ci_low")?, rows.optional("ci_high")?);
    let significant: Vec<bool> = rows
        .text("significant")?
        .iter()
        .map(|&s| s == "yes")
        .collect();
    let side = |config: &str, sets: &str| {
        let config = config_name(config);
        if sets.is_empty() {
            config
        } else {
            format!("{config} with {sets}")
        }
    };
    let label_a = side(&run.get("config_a"), &run.get("set_a"));
    let label_b = side(&run.get("config_b"), &run.get("set_b"));
    let games = run.count("games");
    let mut page = Page::new(
        &format!("Comparison: A {label_a} against B {label_b}"),
        &format!(
            "{games} games on each side, the same seeds on both, bots {}, seed {}",
            run.get("bots"),
            run.get("seed")
        ),
    );

    let mut findings = Vec::new();
    let mut marked = Vec::new();
    let mut table = Vec::new();
    for i in 0..rows.len() {
        let unit = if is_rate(names[i]) {
            Unit::Percent
        } else {
            Unit::Number
        };
        let show = |v: Option<f64>| v.map_or(String::new(), number);
        let interval = match (lo[i], hi[i]) {
            (Some(l), Some(h)) => format!("{} – {}", number(l), number(h)),
            _ => String::new(),
        };
        let p = rows.optional("p_holm")?[i];
        table.push(vec![
            words(names[i]),
            show(a[i]),
            show(b[i]),
            show(diff[i]),
            interval,
            p.map_or(String::new(), |p| {
                if p < 1e-4 {
                    "< 0.0001".into()
                } else {
                    format!("{p:.4}")
                }
            }),
        ]);
        if !significant[i] {
            continue;
        }
        marked.push(i);
        // The first seat is seat 0, listed under its own name already.
        if names[i] == FIRST_SEAT {
            continue;
        }
        let gap = if unit == Unit::Percent {
            Unit::Points
        } else {
            Unit::Number
        };
        let sentence = match (a[i], b[i], diff[i], lo[i], hi[i]) {
            (Some(va), Some(vb), Some(d), Some(l), Some(h)) => format!(
                "{}: A {} against B {}; A − B = {} (CI {} to {}).",
                words(names[i]),
                unit.format(va),
                unit.format(vb),
                gap.format(d),
                gap.format(l),
                gap.format(h)
            ),
            (_, _, Some(d), _, _) => {
                format!("{}: the two differ (statistic {d:.3}).", words(names[i]))
            }
            _ => format!("{} differs.", words(names[i])),
        };
        findings.push(sentence);
    }
    page.keys(&[
        (
            findings.len().to_string(),
            "metrics differ significantly (Holm-corrected p < 0.05)".into(),
        ),
        (
            games.clone(),
            "games a side, on the same seeds (common random numbers)".into(),
        ),
    ]);
    page.findings(&findings);

    let pair = |filter: &dyn Fn(&str) -> bool| -> Vec<Bar> {
        let mut bars = Vec::new();
        for i in (0..rows.len()).filter(|&i| filter(names[i])) {
            for (series, v) in [a[i], b[i]].into_iter().enumerate() {
                if let Some(v) = v {
                    bars.push(Bar {
                        label: words(names[i]),
                        value: v,
                        interval: None,
                        series,
                        flagged: significant[i],
                    });
                }
            }
        }
        bars
    };
    let legend = vec![format!("A: {label_a}"), format!("B: {label_b}")];
    let rates = HBars {
        title: "Rates, A against B".into(),
        x_label: "share (%)".into(),
        unit: Unit::Percent,
        bars: pair(&|m| is_rate(m) && m != "capped_rate" && m != FIRST_SEAT),
        reference: None,
        legend: legend.clone(),
    };
    page.figure(
        "Who wins, and how often do tests pass, in A and in B?",
        "Each rate for A (first bar) and B (second bar) on one axis. Marked rows differ significantly.",
        &rates.svg(),
    );
    let means = HBars {
        title: "Means, A against B".into(),
        x_label: "tests or points".into(),
        unit: Unit::Number,
        bars: pair(&|m| m.starts_with("mean") || m.ends_with("mean_score")),
        reference: None,
        legend: legend.clone(),
    };
    page.figure(
        "How long are games, and how many points do seats score?",
        "Mean game length (tests) and mean final score per seat for A and B. Marked rows differ significantly.",
        &means.svg(),
    );
    let gaps = HBars {
        title: "Difference A − B in each rate, with its 95% interval".into(),
        x_label: "A − B (percentage points)".into(),
        unit: Unit::Points,
        bars: (0..rows.len())
            .filter(|&i| is_rate(names[i]) && lo[i].is_some() && names[i] != FIRST_SEAT)
            .map(|i| Bar {
                label: words(names[i]),
                value: diff[i].unwrap_or(0.0),
                interval: lo[i].zip(hi[i]),
                series: 0,
                flagged: significant[i],
            })
            .collect(),
        reference: Some((0.0, "no difference".into())),
        legend: vec![],
    };
    page.figure(
        "Which differences are real?",
        "A − B for each rate, paired game by game; an interval that does not cross zero is a real difference. Marked rows stay significant after Holm's correction.",
        &gaps.svg(),
    );
    if let Some(length) = Table::read(dir, "game_length.csv")? {
        let turns = length.numbers("turns")?;
        let (ga, gb) = (length.numbers("games_a")?, length.numbers("games_b")?);
        let share = |v: &[f64]| {
            let total: f64 = v.iter().sum();
            v.iter().map(|x| x / total.max(1.0)).collect::<Vec<_>>()
        };
        let mean = |m: &str, side: &[Option<f64>]| {
            names.iter().position(|&n| n == m).and_then(|i| side[i])
        };
        let mut markers = Vec::new();
        if let (Some(ma), Some(mb)) = (mean("mean_turns", &a), mean("mean_turns", &b)) {
            markers.push((ma, format!("A mean {ma:.1}")));
            markers.push((mb, format!("B mean {mb:.1}")));
        }
        let mut chart = Columns {
            title: "Game length, A against B".into(),
            x_label: "tests in the game".into(),
            y_label: "games (%)".into(),
            unit: Unit::Percent,
            categories: turns.iter().map(|&t| t as i64).collect(),
            series: vec![share(&ga), share(&gb)],
            legend,
            markers,
        };
        let cut = chart.cut_tail(SPARSE);
        page.figure(
            "Do games get longer or shorter?",
            &format!(
                "Share of games lasting each number of tests, A and B side by side; the KS row of the table tests the whole distribution.{}",
                tail_note(cut, "games")
            ),
            &chart.svg(),
        );
    }
    page.heading("Every compared metric");
    page.table(
        &["metric", "A", "B", "A − B", "95% CI of A − B", "p (Holm)"],
        &table,
        &marked,
    );
    page.run(
        &[
            ("A", label_a.clone()),
            ("B", label_b.clone()),
            ("seed", run.get("seed")),
            ("games", run.get("games")),
            ("bots", run.get("bots")),
            ("whisker", run.get("whisker_version")),
        ],
        Some(&run.get("reproduce")),
    );
    Ok(page.finish())
}

/// The row that repeats seat 0's win rate under another name.
const FIRST_SEAT: &str = "first_seat_win_rate";

/// A table cell: whole numbers plain, others to four decimals.
fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x:.4}")
    }
}
