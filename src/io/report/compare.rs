//! The report of one `compare` run: A and B on the same axes, the significant rows marked.

use std::path::Path;

use super::headline::{self, Naming};
use super::page::{Page, Section};
use super::svg::{Bar, Capped, Columns, HBars, SPARSE, Scale, hundredths, signed, tail_note};
use super::table::CsvFile;
use super::{Run, compare_items, config_name, unit_of};
use crate::stats::compare::findings::{self, Change};
use crate::stats::compare::{self, OVER_FAIR, is_difference_of_shares};
use crate::stats::strength::{self, Sample, Verdict};

/// The configs of a comparison's two sides, as its folder keeps them.
const SIDES: [&str; 2] = ["config_a.toml", "config_b.toml"];

/// The row that repeats seat 1's win rate under another name.
const FIRST_SEAT: &str = "first_seat_win_rate";
/// Rows the charts leave to the table (as they do every count): a rate that is almost always
/// zero, and a repeated one.
const TABLE_ONLY: [&str; 3] = ["games", "capped_rate", FIRST_SEAT];
/// One row of compare.csv.
struct CompareRow<'a> {
    metric: &'a str,
    a: Option<f64>,
    b: Option<f64>,
    diff: Option<f64>,
    interval: Option<(f64, f64)>,
    p_holm: Option<f64>,
    significant: bool,
    /// A win rate whose row over its fair share stands in the file too (sides of different
    /// sizes): that row is the change, this one moved with the fair share.
    superseded: bool,
}

impl CompareRow<'_> {
    /// Marked `!` on a chart as in the findings: real (significant after Holm's correction),
    /// and large enough to matter.
    fn marked(&self) -> bool {
        let share = unit_of(self.metric) == Scale::Percent;
        match (self.a, self.b, self.diff) {
            (Some(a), Some(b), Some(d)) => {
                self.significant
                    && !self.superseded
                    && findings::size(share, self.metric, a, b, d) >= 1.0
            }
            _ => false,
        }
    }

    /// A count (games capped, a game's declared count): an interval, but no test of its own.
    fn count(&self) -> bool {
        self.interval.is_some() && self.p_holm.is_none()
    }
}

/// Whether the significant differences keep their sign under strong play, as `compare.csv`
/// and `run.toml` record the strength sample.
fn strength(
    csv: &CsvFile,
    significant: &[&str],
    run: &Run,
    turn: &'static str,
) -> anyhow::Result<(bool, String)> {
    let bots = run.get("strength_bots");
    let sample = if !bots.is_empty() {
        Sample::Played(bots, run.get("strength_games").parse().unwrap_or(0))
    } else {
        Sample::Not(strength::NOT_RECORDED.into())
    };
    if !csv.header().iter().any(|h| h == "strong_play") {
        return Ok(compare::strength_sentence(&[], &sample, Naming::PLAIN));
    }
    let (names, diff, play) = (
        csv.text("metric")?,
        csv.text("diff")?,
        csv.text("strong_play")?,
    );
    let (sd, lo, hi) = (
        csv.text("strong_diff")?,
        csv.text("strong_ci_low")?,
        csv.text("strong_ci_high")?,
    );
    // Played by the strong lineup itself: every row with an interval says so.
    let sample = match sample {
        Sample::Not(_) if play.iter().any(|p| *p == Verdict::Itself.word()) => {
            Sample::Itself(run.get("bots"))
        }
        s => s,
    };
    let found: Vec<compare::Checked> = (0..csv.len())
        .filter(|&i| significant[i] == "yes")
        .filter(|&i| !compare::read_over_fair(names[i], names.iter().copied()))
        .map(|i| compare::Checked {
            metric: names[i],
            diff: diff[i],
            strong: [sd[i], lo[i], hi[i]],
            play: play[i],
        })
        .collect();
    Ok(compare::strength_sentence(
        &found,
        &sample,
        Naming {
            roles: &run.list("roles"),
            turn,
        },
    ))
}

pub(super) fn render(dir: &Path, run: &Run) -> anyhow::Result<String> {
    let csv = CsvFile::needed(dir, "compare.csv", "compare")?;
    let names = csv.text("metric")?;
    let (a, b) = (csv.optional("a")?, csv.optional("b")?);
    let [diff, lo, hi] = csv.optional_estimates("diff")?;
    let p = csv.optional("p_holm")?;
    let significant = csv.text("significant")?;
    // Seats by their roles, in a game with roles.
    let roles = run.list("roles");
    let naming = Naming {
        roles: &roles,
        turn: super::folder::turn_in(dir, &SIDES),
    };
    let named = |metric: &str| headline::metric_words(metric, naming);
    let rows: Vec<CompareRow> = (0..csv.len())
        .map(|i| CompareRow {
            metric: names[i],
            a: a[i],
            b: b[i],
            diff: diff[i],
            interval: lo[i].zip(hi[i]),
            p_holm: p[i],
            significant: significant[i] == "yes",
            superseded: compare::read_over_fair(names[i], names.iter().copied()),
        })
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
    // A stopped comparison holds the games it played (each seat rotation of a seed one game,
    // as the terminal counts them), fewer than it planned.
    let games = run.count(if run.partial() { "played" } else { "games" });
    let mut page = Page::new(
        &format!("Comparison: A {label_a} against B {label_b}"),
        &format!(
            "{games} games on each side, the same seeds on both, bots {}, seed {}",
            match run.get("bots_b") {
                b if b.is_empty() => run.get("bots"),
                b => format!("{} in A, {b} in B", run.get("bots")),
            },
            run.get("seed")
        ),
    );
    page.command(&run.get("reproduce"));

    // What a designer acts on first, by the size that matters (as the terminal lists it).
    let mut changes: Vec<Change> = (0..csv.len())
        .filter_map(|i| {
            let cell = |c: &str| csv.text(c).map(|v| v[i]).unwrap_or("");
            Change::metric(
                names[i],
                ["a", "b", "diff", "ci_low", "ci_high"].map(cell),
                significant[i] == "yes",
                naming,
            )
        })
        .collect();
    let items = compare_items::read(dir, naming.turn)?;
    if let Some(t) = CsvFile::read(dir, crate::stats::compare::items::FILE)? {
        let (file, item, column, kind) = (
            t.text("file")?,
            t.text("item")?,
            t.text("column")?,
            t.text("kind")?,
        );
        let yes = t.text("significant")?;
        for i in 0..t.len() {
            // `name` and `over` are empty in a comparison from before they were written.
            let cell = |c: &str| t.text(c).map(|v| v[i]).unwrap_or("");
            changes.extend(Change::item(
                [file[i], item[i], cell("name"), column[i], cell("over")],
                crate::stats::compare::items::proportion(kind[i]),
                ["a", "b", "diff", "ci_low", "ci_high"].map(cell),
                yes[i] == "yes",
                naming.turn,
            ));
        }
    }
    // As compare.csv counts them: seat 1's rate under both its names, as the table lists it.
    let real = rows.iter().filter(|r| r.significant).count();
    let found = findings::rank(changes);
    let mut findings = Vec::new();
    if run.partial() {
        findings.push(format!(
            "This comparison was interrupted: the figures are for the {games} games a side played before it stopped."
        ));
    }
    findings.extend(found.marked.iter().cloned());
    if found.more > 0 {
        findings.push(format!(
            "… and {} more {} as large; every one is in the tables below.",
            found.more,
            if found.more == 1 { "change" } else { "changes" }
        ));
    }
    let mut keys = vec![
        (
            real.to_string(),
            format!(
                "of compare.csv's {} tested rows differ significantly (Holm-corrected p < 0.05)",
                rows.iter().filter(|r| r.p_holm.is_some()).count()
            ),
        ),
        (
            games.clone(),
            "games a side, on the same seeds (common random numbers)".into(),
        ),
    ];
    if let Some(items) = &items {
        keys.insert(
            1,
            (
                items.changed.len().to_string(),
                format!(
                    "of the game's {} tested per-item rows differ significantly",
                    items.compared
                ),
            ),
        );
    }
    let mut lead = Vec::new();
    if let Some(r) = rows.iter().find(|r| r.metric == "capped_rate")
        && let Some(stall) = headline::compared_stall(
            r.a.unwrap_or(0.0),
            r.b.unwrap_or(0.0),
            [
                super::folder::cap_in(dir, SIDES[0]),
                super::folder::cap_in(dir, SIDES[1]),
            ],
        )
    {
        lead.push((true, stall));
    }
    lead.push((
        false,
        "Every change is B − A: B, the change tried, minus A, the reference. Seats count from 1."
            .into(),
    ));
    // Each side's seats: those with a win rate on that side (a seat only one side has keeps
    // its row, the other side empty).
    let seats_of = |side: &[Option<f64>]| {
        (0..csv.len())
            .filter(|&i| headline::is_seat_rate(names[i]))
            .filter(|&i| side[i].is_some())
            .count()
    };
    if let Some(counts) = findings::seat_counts_sentence(seats_of(&a), seats_of(&b)) {
        lead.push((true, counts));
    }
    if let Some(only) = crate::stats::compare::items::unpaired_sentence(&run.list("unpaired")) {
        lead.push((true, only));
    }
    lead.push(strength(&csv, &significant, run, naming.turn)?);
    page.lead(&lead);
    page.keys(&keys);
    page.findings(&findings);
    if let Some(tables) = found.tables_sentence(!run.get("strength_bots").is_empty()) {
        page.paragraph(&tables);
    }
    if let Some(small) = found.small_sentence() {
        page.paragraph(&small);
    }

    let charted = |r: &&CompareRow| !TABLE_ONLY.contains(&r.metric) && !r.count();
    let pair = |keep: &dyn Fn(&str) -> bool| -> Vec<Bar> {
        let mut bars = Vec::new();
        for r in rows.iter().filter(charted).filter(|r| keep(r.metric)) {
            for (series, v) in [r.a, r.b].into_iter().enumerate() {
                if let Some(v) = v {
                    bars.push(
                        Bar::new(named(r.metric), v)
                            .series(series)
                            .flagged(r.marked()),
                    );
                }
            }
        }
        bars
    };
    let legend = vec![format!("A: {label_a}"), format!("B: {label_b}")];
    let mut sections = vec![Section {
        question: "Who wins, and how often, in A and in B?".into(),
        how: "Each rate for A (first bar) and B (second bar) on one axis. A row marked ! differs significantly and by enough to act on, as a finding above does.".into(),
        // The seat gap is in points, not a share of games: the differences chart has it.
        svg: HBars::new(
            "Rates, A against B",
            "share (%)",
            Scale::Percent,
            pair(&|m| unit_of(m) == Scale::Percent && !is_difference_of_shares(m)),
        )
        .legend(legend.clone())
        .svg(),
    }];
    // A game that keeps no score has none to chart.
    let scored = rows
        .iter()
        .filter(|r| r.metric.ends_with("_mean_score"))
        .any(|r| r.a.is_some_and(|v| v != 0.0) || r.b.is_some_and(|v| v != 0.0));
    sections.extend(scored.then(|| {
        Section {
            question: "How many points does each seat score?".into(),
            how: "Mean final score of each seat in A and in B. A row marked ! differs significantly and by enough to act on, as a finding above does."
                .into(),
            svg: HBars::new(
                "Mean final score by seat, A against B",
                "mean final score (points)",
                Scale::Number,
                pair(&|m| m.ends_with("_mean_score")),
            )
            .legend(legend.clone())
            .svg(),
        }
    }));
    sections.push(Section {
        question: "Which differences are real?".into(),
        how: "B − A for each rate, paired game by game; an interval that does not cross zero is a real difference. A row marked ! stays significant after Holm's correction and differs by enough to act on, as a finding above does; the table below marks every significant row.".into(),
        svg: HBars::new(
            "Difference B − A in each rate, with its 95% interval",
            "B − A (percentage points)",
            Scale::Points,
            rows.iter()
                .filter(charted)
                .filter(|r| unit_of(r.metric) == Scale::Percent && r.interval.is_some())
                .filter(|r| !r.superseded)
                .map(|r| {
                    Bar::new(named(r.metric), r.diff.unwrap_or(0.0))
                        .interval(r.interval)
                        .flagged(r.marked())
                })
                .collect(),
        )
        .reference(Some((0.0, "no difference".into())))
        .svg(),
    });
    if let Some(length) = CsvFile::read(dir, "game_length.csv")? {
        let turns = super::simulate::lengths(&length)?;
        let (ga, gb) = (length.numbers("games_a")?, length.numbers("games_b")?);
        let share = |v: &[f64]| {
            let total: f64 = v.iter().sum();
            v.iter().map(|x| x / total.max(1.0)).collect::<Vec<_>>()
        };
        let mut markers = Vec::new();
        if let Some(r) = rows.iter().find(|r| r.metric == "mean_turns")
            && let (Some(ma), Some(mb)) = (r.a, r.b)
        {
            markers.push((ma, format!("A mean {ma:.1}")));
            markers.push((mb, format!("B mean {mb:.1}")));
        }
        let mut series = vec![share(&ga), share(&gb)];
        let capped = capped_column(&rows, &turns, &mut series);
        let mut chart = Columns {
            title: "Game length, A against B".into(),
            x_label: format!("{}s in the game", naming.turn),
            y_label: "games (%)".into(),
            unit: Scale::Percent,
            categories: turns.iter().map(|&t| t as i64).collect(),
            series,
            legend,
            markers,
            capped,
        };
        let cut = chart.cut_tail(SPARSE);
        sections.push(Section {
            question: "Do games get longer or shorter?".into(),
            how: format!(
                "Share of games lasting each number of {}s, A and B side by side; the KS row of the table tests the whole distribution.{}",
                naming.turn,
                tail_note(cut, "games")
            ),
            svg: chart.svg(),
        });
    }
    if let Some(items) = &items {
        sections.extend(items.sections());
    }
    for s in &sections {
        page.figure(s);
    }

    page.heading("Every compared metric");
    let mut table = Vec::new();
    let mut marked = Vec::new();
    for r in rows.iter().filter(|r| r.metric != "games") {
        // The seat gap in points, as the findings read it; a rate over its fair share is
        // above or below it, signed.
        let unit = if is_difference_of_shares(r.metric) {
            Scale::Gap
        } else {
            unit_of(r.metric)
        };
        let count = r.count();
        let over_fair = r.metric.ends_with(OVER_FAIR);
        let value = |x: f64| {
            if count {
                grouped_signed(x, false)
            } else {
                cell(unit, x, over_fair)
            }
        };
        let gap = |x: f64| {
            if count {
                grouped_signed(x, true)
            } else {
                cell(unit, x, true)
            }
        };
        if r.significant {
            marked.push(table.len());
        }
        table.push(vec![
            named(r.metric),
            r.a.map_or(String::new(), value),
            r.b.map_or(String::new(), value),
            r.diff.map_or(String::new(), gap),
            r.interval
                .map_or(String::new(), |(l, h)| format!("{} to {}", gap(l), gap(h))),
            r.p_holm.map_or(String::new(), |p| {
                if p < 1e-4 {
                    "< 0.0001".into()
                } else {
                    format!("{p:.4}")
                }
            }),
        ]);
    }
    page.table(
        &["metric", "A", "B", "B − A", "95% CI of B − A", "p (Holm)"],
        &table,
        &marked,
    );
    if let Some(items) = items.filter(|i| !i.changed.is_empty()) {
        page.heading("Every item that changed");
        let rows = items.table();
        let marked: Vec<usize> = (0..rows.len()).collect();
        page.table(
            &["table, item: column", "A", "B", "B − A", "95% CI of B − A"],
            &rows,
            &marked,
        );
    }
    page.run(
        &[
            ("A", label_a.clone()),
            ("B", label_b.clone()),
            ("seed", run.get("seed")),
            ("games", games),
            ("bots", run.get("bots")),
            ("whisker", run.get("whisker_version")),
        ],
        Some(&run.get("reproduce")),
    );
    Ok(page.finish())
}

/// The games each side's turn cap stopped, as a column of their own (as `simulate` draws
/// them): a capped game lasts exactly its side's cap, the longest length that side has, so
/// its share is taken out of that length's column. Sides with different caps name both.
fn capped_column(rows: &[CompareRow], turns: &[f64], series: &mut [Vec<f64>]) -> Option<Capped> {
    let row = rows.iter().find(|r| r.metric == "capped_games")?;
    let counts = [row.a.unwrap_or(0.0), row.b.unwrap_or(0.0)];
    let games = rows
        .iter()
        .find(|r| r.metric == "games")
        .and_then(|r| r.a)
        .filter(|&g| g > 0.0)?;
    if counts.iter().all(|&c| c == 0.0) {
        return None;
    }
    let mut caps = Vec::new();
    let mut heights = Vec::new();
    for (side, &count) in series.iter_mut().zip(&counts) {
        let share = count / games;
        if share > 0.0
            && let Some(last) = side.iter().rposition(|&x| x > 0.0)
        {
            side[last] = (side[last] - share).max(0.0);
            caps.push(turns[last] as i64);
        }
        heights.push(share);
    }
    caps.dedup();
    let at = *caps.iter().max()?;
    let name = match caps[..] {
        [one] => format!("capped at {one} turns"),
        _ => format!(
            "capped at {} turns",
            caps.iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    };
    Some(Capped { at, name, heights })
}

/// A whole number with its thousands grouped, signed when it is a difference.
fn grouped_signed(x: f64, difference: bool) -> String {
    let n = x.round();
    let sign = match (n < 0.0, difference) {
        (true, _) => "−",
        (false, true) if n > 0.0 => "+",
        _ => "",
    };
    format!("{sign}{}", super::svg::grouped(n.abs() as u64))
}

/// A table cell: a value of `unit`, or (`difference`) a signed gap between two, to the
/// precision a designer compares them at.
fn cell(unit: Scale, x: f64, difference: bool) -> String {
    match (unit, difference) {
        (Scale::Percent, false) => format!("{}%", hundredths(x)),
        (Scale::Percent | Scale::Gap, true) => {
            format!("{} points", signed(hundredths(x)))
        }
        (Scale::Gap, false) => format!("{} points", hundredths(x)),
        (_, false) => format!("{x:.3}"),
        (_, true) => signed(format!("{x:.3}")),
    }
}
