//! The page of a `whisker tune` folder, drawn from its files: the answer, then each target
//! figure against the first key's values (one line for each combination of the other keys),
//! every point on the most games it raced, with its interval and the band.

use std::collections::BTreeMap;
use std::path::Path;

use super::page::{Page, Section};
use super::svg::{Lines, Point, SERIES, Scale};
use crate::core::failure::Failure;
use crate::stats::is_rate;

/// The file that makes a folder a tune's.
pub(crate) const RECORD: &str = "tune.toml";
/// Every round's figures of every point.
pub(crate) const CANDIDATES: &str = "candidates.csv";

pub(super) fn is_tune(dir: &Path) -> bool {
    dir.join(RECORD).is_file()
}

/// One point's figure on the most games it raced.
struct Seen {
    games: u64,
    value: f64,
    band: Option<(f64, f64)>,
}

pub(super) fn render(dir: &Path) -> anyhow::Result<String> {
    let path = dir.join(RECORD);
    let bad = |p: &Path, e: String| Failure::Usage(format!("{}: {e}", p.display()));
    let text = std::fs::read_to_string(&path).map_err(|e| bad(&path, e.to_string()))?;
    let record: toml::Table = toml::from_str(&text).map_err(|e| bad(&path, e.to_string()))?;
    let get = |key: &str| match record.get(key) {
        Some(toml::Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
        None => String::new(),
    };
    let count = |key: &str| match record.get(key).and_then(toml::Value::as_integer) {
        Some(n) => super::svg::grouped(n.unsigned_abs()),
        None => get(key),
    };
    let list = |key: &str| match record.get(key) {
        Some(toml::Value::Array(a)) => a
            .iter()
            .filter_map(toml::Value::as_str)
            .collect::<Vec<_>>()
            .join(" "),
        _ => String::new(),
    };

    let csv_path = dir.join(CANDIDATES);
    let mut reader =
        csv::Reader::from_path(&csv_path).map_err(|e| bad(&csv_path, e.to_string()))?;
    let header = reader
        .headers()
        .map_err(|e| bad(&csv_path, e.to_string()))?
        .clone();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| bad(&csv_path, format!("no column `{name}`")))
    };
    let (seeds, games) = (column("seeds")?, column("games")?);
    let (metric, estimate) = (column("metric")?, column("estimate")?);
    let (ci_low, ci_high) = (column("ci_low")?, column("ci_high")?);
    let (target_low, target_high) = (column("target_low")?, column("target_high")?);
    let keys: Vec<String> = header
        .iter()
        .skip(seeds + 1)
        .take(games.saturating_sub(seeds + 1))
        .map(String::from)
        .collect();
    let number = |s: &str| s.parse::<f64>().ok().filter(|v| v.is_finite());
    // Per metric: its band, and each point's figure on the most games it raced.
    let mut bands: BTreeMap<String, (Option<f64>, Option<f64>)> = BTreeMap::new();
    let mut seen: BTreeMap<(String, Vec<String>), Seen> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    for row in reader.records() {
        let row = row.map_err(|e| bad(&csv_path, e.to_string()))?;
        let m = row[metric].to_string();
        if !order.contains(&m) {
            order.push(m.clone());
        }
        bands.insert(
            m.clone(),
            (number(&row[target_low]), number(&row[target_high])),
        );
        if &row[seeds] != "race" {
            continue;
        }
        let point: Vec<String> = (seeds + 1..games).map(|i| row[i].to_string()).collect();
        let (Some(n), Some(value)) = (row[games].parse::<u64>().ok(), number(&row[estimate]))
        else {
            continue;
        };
        let band = number(&row[ci_low]).zip(number(&row[ci_high]));
        let newer = seen
            .get(&(m.clone(), point.clone()))
            .is_none_or(|s| n > s.games);
        if newer {
            seen.insert(
                (m, point),
                Seen {
                    games: n,
                    value,
                    band,
                },
            );
        }
    }

    let mut page = Page::new(
        &format!("Tune: {}", super::config_name(&get("config"))),
        &format!("Made by whisker {}", get("whisker_version")),
    );
    let answer = get("answer");
    let partial = record.get("partial").and_then(toml::Value::as_bool) == Some(true);
    let lead: Vec<(bool, String)> = answer
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| match l.strip_prefix("! ") {
            // The page marks a warning itself.
            Some(warning) => (true, warning.to_string()),
            None => (l.starts_with("NOT FOUND"), l.to_string()),
        })
        .collect();
    page.lead(&lead);
    if lead.is_empty() {
        page.lead(&[(
            true,
            "No answer: the tune was stopped before it gave one; the rounds it finished are below."
                .into(),
        )]);
    }

    for m in &order {
        let Some(first) = keys.first() else { break };
        let points: Vec<(&Vec<String>, &Seen)> = seen
            .iter()
            .filter(|((name, _), _)| name == m)
            .map(|((_, p), s)| (p, s))
            .collect();
        // The first key along the x axis, in the order its values first appear; its values'
        // own numbers when they all are numbers.
        let mut xs: Vec<&str> = Vec::new();
        let mut lines: Vec<String> = Vec::new();
        for (p, _) in &points {
            if !xs.contains(&p[0].as_str()) {
                xs.push(&p[0]);
            }
            let rest = line_name(&keys, p);
            if !lines.contains(&rest) {
                lines.push(rest);
            }
        }
        let numeric: Option<Vec<f64>> = xs.iter().map(|x| number(x)).collect();
        if let Some(n) = &numeric {
            let mut sorted: Vec<(f64, &str)> = n.iter().copied().zip(xs.iter().copied()).collect();
            sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
            xs = sorted.into_iter().map(|(_, x)| x).collect();
        }
        let x_of = |x: &str| match &numeric {
            Some(_) => number(x).unwrap_or(0.0),
            None => xs.iter().position(|v| *v == x).unwrap_or(0) as f64,
        };
        let shown = lines.len().min(SERIES);
        let series: Vec<Vec<Point>> = lines[..shown]
            .iter()
            .map(|line| {
                let mut on: Vec<Point> = points
                    .iter()
                    .filter(|(p, _)| line_name(&keys, p) == *line)
                    .map(|(p, s)| Point {
                        x: x_of(&p[0]),
                        y: s.value,
                        band: s.band,
                    })
                    .collect();
                on.sort_by(|a, b| a.x.total_cmp(&b.x));
                on
            })
            .collect();
        let unit = scale(m);
        let (low, high) = bands.get(m).copied().unwrap_or((None, None));
        // A closed band is shaded; an open band's end is a line.
        let (reference, target, band, mark) = match (low, high) {
            (Some(l), Some(h)) => (
                None,
                Some((l, h)),
                format!("{} to {}", unit.format(l), unit.format(h)),
                "The shaded band is the target",
            ),
            (Some(l), None) => (
                Some(l),
                None,
                format!("at least {}", unit.format(l)),
                "The dashed line marks the target",
            ),
            (None, Some(h)) => (
                Some(h),
                None,
                format!("at most {}", unit.format(h)),
                "The dashed line marks the target",
            ),
            (None, None) => continue,
        };
        let legend = if keys.len() > 1 {
            lines[..shown].to_vec()
        } else {
            Vec::new()
        };
        let chart = Lines::new(
            format!("{m} against {first}"),
            first.clone(),
            m.clone(),
            unit,
            series,
        )
        .legend(legend)
        .x_names(
            numeric
                .is_none()
                .then(|| xs.iter().map(|x| x.to_string()).collect()),
        )
        .discrete(numeric.is_none() || xs.len() == 1)
        .reference(reference.map(|at| (at, format!("target {band}"))))
        .target(target);
        let more = if lines.len() > shown {
            format!(
                " The first {shown} of {} lines are drawn; {CANDIDATES} has them all.",
                lines.len()
            )
        } else {
            String::new()
        };
        page.figure(&Section {
            question: format!("Where does {m} meet its target ({band})?"),
            how: format!(
                "Each point is the figure on the most games that value raced, with its 95% interval; a point dropped early raced few games, so its interval is wide. {mark}; a point meets it when its whole interval lies inside {band}, and is confirmed only when it does so on fresh games too (the answer above names any that did not).{more}"
            ),
            svg: chart.svg(),
        });
    }

    page.run(
        &[
            ("config", get("config")),
            ("varied", list("vary")),
            ("targets", list("target")),
            ("kept", list("keep")),
            ("set", list("set")),
            ("bots", get("bots")),
            ("players", get("players")),
            ("seed", get("seed")),
            ("games played", count("games_played")),
            ("budget (--max-games)", count("max_games")),
        ],
        // A stopped tune's command plays the whole of it, not the rounds it finished.
        (!partial).then(|| get("reproduce")).as_deref(),
    );
    if partial {
        page.paragraph("It was stopped before it answered; to play the whole tune:");
        page.command(&get("reproduce"));
    }
    Ok(page.finish())
}

/// A point's values of every key but the first: the line it lies on.
fn line_name(keys: &[String], point: &[String]) -> String {
    keys.iter()
        .zip(point)
        .skip(1)
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a figure's numbers read: a rate as a percentage, a change of rates in points, anything
/// else as a number.
fn scale(metric: &str) -> Scale {
    match metric.strip_suffix("_change") {
        Some(m) if is_rate(m) => Scale::Points,
        _ if metric.contains('-') && metric.split('-').all(is_rate) => Scale::Points,
        // The seat gap in points, as the answer above the chart reads it.
        _ if metric.split('@').next() == Some("seat_gap") => Scale::Gap,
        _ if is_rate(metric) => Scale::Percent,
        _ => Scale::Number,
    }
}
