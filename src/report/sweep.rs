//! The report of one `sweep` run: each metric against the varied value, with interval bands.

use std::path::Path;

use super::page::Page;
use super::svg::{Lines, Point, SERIES, Unit};
use super::table::Table;
use super::{Run, config_name, is_rate, words};
use crate::output::UsageError;

/// One plotted metric at every point: value and interval.
struct Curve {
    metric: String,
    values: Vec<f64>,
    bands: Vec<Option<(f64, f64)>>,
}

pub fn render(dir: &Path, run: &Run) -> anyhow::Result<String> {
    let sweep = Table::read(dir, "sweep.csv")?.ok_or_else(|| {
        UsageError(format!(
            "{} has no sweep.csv: not a complete sweep result",
            dir.display()
        ))
    })?;
    let header = sweep.header().to_vec();
    // The varied keys come first, one column each; then each metric, its interval after it.
    let keys = header
        .iter()
        .position(|h| h == "games")
        .ok_or_else(|| UsageError(format!("{}: sweep.csv has no games column", dir.display())))?;
    let key_names = &header[..keys];
    let key_values: Vec<Vec<&str>> = key_names
        .iter()
        .map(|k| sweep.text(k))
        .collect::<Result<_, _>>()?;
    let mut curves = Vec::new();
    for m in &header[keys..] {
        if m.ends_with("_ci_low") || m.ends_with("_ci_high") {
            continue;
        }
        let low = format!("{m}_ci_low");
        if !header.contains(&low) {
            continue;
        }
        let (lo, hi) = (
            sweep.optional(&low)?,
            sweep.optional(&format!("{m}_ci_high"))?,
        );
        let values: Vec<f64> = sweep
            .optional(m)?
            .iter()
            .map(|v| v.unwrap_or(f64::NAN))
            .collect();
        if values.iter().all(|v| *v == 0.0) {
            // Nothing to see (a rate that never happened, like capped games).
            continue;
        }
        curves.push(Curve {
            metric: m.clone(),
            values,
            bands: lo.into_iter().zip(hi).map(|(l, h)| l.zip(h)).collect(),
        });
    }

    // The first key runs along the x axis; each combination of the others is one line.
    let xs = &key_values[0];
    let mut x_order: Vec<&str> = Vec::new();
    for &x in xs {
        if !x_order.contains(&x) {
            x_order.push(x);
        }
    }
    let numeric: Option<Vec<f64>> = x_order.iter().map(|x| x.parse().ok()).collect();
    let x_of = |row: usize| {
        let i = x_order.iter().position(|&x| x == xs[row]).unwrap_or(0);
        numeric.as_ref().map_or(i as f64, |v| v[i])
    };
    let group_of = |row: usize| -> String {
        (1..keys)
            .map(|k| format!("{}={}", key_names[k], key_values[k][row]))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut groups: Vec<String> = Vec::new();
    for row in 0..sweep.len() {
        let g = group_of(row);
        if !groups.contains(&g) {
            groups.push(g);
        }
    }

    let mut page = Page::new(
        &format!(
            "Sweep: {} over {}",
            config_name(&run.get("config")),
            key_names.join(" × ")
        ),
        &format!(
            "{} points, {} games each on the same seeds, bots {}, seed {}",
            sweep.len(),
            run.count("games"),
            run.get("bots"),
            run.get("seed")
        ),
    );
    let at = |row: usize| -> String {
        (0..keys)
            .map(|k| format!("{}={}", key_names[k], key_values[k][row]))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut findings = Vec::new();
    if run.partial() {
        findings.push(format!(
            "This sweep was interrupted: {} of {} points were finished.",
            run.get("points_finished"),
            run.get("points")
        ));
    }
    for c in &curves {
        let unit = unit_of(&c.metric);
        let (lo_row, hi_row) = extremes(&c.values);
        let moves = match (c.bands[lo_row], c.bands[hi_row]) {
            (Some((_, lo_high)), Some((hi_low, _))) => lo_high < hi_low,
            _ => false,
        };
        if moves {
            findings.push(format!(
                "{} moves from {} at {} to {} at {}.",
                words(&c.metric),
                unit.format(c.values[lo_row]),
                at(lo_row),
                unit.format(c.values[hi_row]),
                at(hi_row)
            ));
        }
    }
    if let Some(balance) = curves.iter().find(|c| c.metric == "balance") {
        let (_, best) = extremes(&balance.values);
        findings.push(format!(
            "The most even point is {} (balance {:.3}).",
            at(best),
            balance.values[best]
        ));
    }
    page.findings(&findings);

    let seat_curves: Vec<&Curve> = curves
        .iter()
        .filter(|c| c.metric.starts_with("seat_"))
        .collect();
    let line = |c: &Curve, rows: &[usize]| -> Vec<Point> {
        rows.iter()
            .map(|&r| Point {
                x: x_of(r),
                y: c.values[r],
                band: c.bands[r],
            })
            .collect()
    };
    let rows_of =
        |g: &str| -> Vec<usize> { (0..sweep.len()).filter(|&r| group_of(r) == g).collect() };
    let x_names = numeric
        .is_none()
        .then(|| x_order.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    let chart = |title: String, y_label: &str, unit: Unit, series, legend| Lines {
        title,
        x_label: key_names[0].clone(),
        y_label: y_label.into(),
        unit,
        series,
        legend,
        x_names: x_names.clone(),
        from_zero: false,
        reference: None,
    };
    if groups.len() == 1 && !seat_curves.is_empty() {
        let rows = rows_of(&groups[0]);
        let mut c = chart(
            "Win rate by seat".into(),
            "games won (%)",
            Unit::Percent,
            seat_curves
                .iter()
                .take(SERIES)
                .map(|c| line(c, &rows))
                .collect(),
            seat_curves
                .iter()
                .take(SERIES)
                .map(|c| c.metric.trim_end_matches("_win_rate").replace('_', " "))
                .collect(),
        );
        let fair = 1.0 / seat_curves.len() as f64;
        c.reference = Some((fair, format!("fair share {}", Unit::Percent.format(fair))));
        page.figure(
            &format!("How does each seat's win rate move with {}?", key_names[0]),
            "Share of games each seat won at every point; bands are 95% intervals.",
            &c.svg(),
        );
    }
    for c in &curves {
        if groups.len() == 1 && c.metric.starts_with("seat_") {
            continue;
        }
        let unit = unit_of(&c.metric);
        let y_label = if unit == Unit::Percent {
            format!("{} (%)", words(&c.metric))
        } else {
            words(&c.metric)
        };
        let series = groups
            .iter()
            .take(SERIES)
            .map(|g| line(c, &rows_of(g)))
            .collect();
        let legend = if groups.len() > 1 {
            groups.iter().take(SERIES).cloned().collect()
        } else {
            vec![]
        };
        let svg = chart(words(&c.metric), &y_label, unit, series, legend).svg();
        page.figure(
            &format!("How does {} move with {}?", words(&c.metric), key_names[0]),
            "The metric at every point of the sweep; the band is its 95% interval.",
            &svg,
        );
    }
    page.heading("Every point");
    let shown: Vec<&Curve> = curves
        .iter()
        .filter(|c| !c.metric.starts_with("seat_"))
        .collect();
    let mut columns: Vec<String> = key_names.to_vec();
    columns.extend(shown.iter().map(|c| words(&c.metric)));
    let column_refs: Vec<&str> = columns.iter().map(String::as_str).collect();
    let table: Vec<Vec<String>> = (0..sweep.len())
        .map(|r| {
            let mut row: Vec<String> = (0..keys).map(|k| key_values[k][r].to_string()).collect();
            row.extend(shown.iter().map(|c| unit_of(&c.metric).format(c.values[r])));
            row
        })
        .collect();
    page.table(&column_refs, &table, &[]);
    page.run(
        &[
            ("config", run.get("config")),
            ("varied", run.get("vary")),
            ("overrides", run.get("set")),
            ("seed", run.get("seed")),
            ("games a point", run.get("games")),
            ("bots", run.get("bots")),
            ("whisker", run.get("whisker_version")),
        ],
        None,
    );
    Ok(page.finish())
}

fn unit_of(metric: &str) -> Unit {
    if is_rate(metric) {
        Unit::Percent
    } else {
        Unit::Number
    }
}

/// The rows of the lowest and the highest value (NaN rows skipped).
fn extremes(values: &[f64]) -> (usize, usize) {
    let rows = || (0..values.len()).filter(|&r| !values[r].is_nan());
    let lo = rows()
        .min_by(|&a, &b| values[a].total_cmp(&values[b]))
        .unwrap_or(0);
    let hi = rows()
        .max_by(|&a, &b| values[a].total_cmp(&values[b]))
        .unwrap_or(0);
    (lo, hi)
}
