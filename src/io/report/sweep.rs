//! The report of one `sweep` run: each metric against the varied value, with interval bands.

use std::path::Path;

use crate::stats::strength::{self, Sample, Verdict};

use super::headline::{self, Naming, points as points_text};
use super::page::{Page, Section};
use super::svg::{Lines, Point, SERIES, Scale};
use super::svg::{fair_line, series_note};
use super::table::CsvFile;
use super::{Run, config_name, unit_of};
use crate::core::failure::Failure;
use crate::stats::compare::findings::{COUNT, LENGTH, RELATIVE, SHARE};

/// Whether a move from `a` to `b` is one a designer acts on: 2 points of a share, a turn of
/// length, a tenth of any other figure and 0.1 a game (as `compare` marks its findings).
fn practical(metric: &str, a: f64, b: f64) -> bool {
    let d = (b - a).abs();
    if metric.ends_with("_rate") || metric == "seat_gap" {
        d >= SHARE
    } else if metric == "mean_turns" {
        d >= LENGTH
    } else {
        d >= RELATIVE * a.abs().max(b.abs()) && d >= COUNT
    }
}

/// Metrics the findings speak of besides every rate and seat: the rest are on the charts.
/// (`first_seat_win_rate` repeats seat 1's, `median_turns` follows the mean.)
const TOLD: [&str; 3] = ["mean_turns", "seat_gap", "mean_score"];

/// Whether the findings speak of `metric`: a game's own rates (`test_success_rate`) are told
/// as the shared ones are.
fn told(metric: &str) -> bool {
    TOLD.contains(&metric)
        || headline::is_seat_rate(metric)
        || (metric.ends_with("_rate") && metric != "first_seat_win_rate")
}

/// How the sweep shows `metric`: the seat gap in points, as every sentence reads it.
fn scale_of(metric: &str) -> Scale {
    if metric == "seat_gap" {
        Scale::Gap
    } else {
        unit_of(metric)
    }
}

/// How far apart (a share) the points' average seats may win and still share one fair-share
/// line: a line drawn within a tenth of a point of every point's own.
const FAIR_SPREAD: f64 = 0.002;

/// Whether `c` is the first seat's rate where seat 1's own is among `curves`: the same figure
/// again, drawn and tabled once.
fn repeats_seat_1(c: &Curve, curves: &[Curve]) -> bool {
    c.metric == "first_seat_win_rate" && curves.iter().any(|o| o.metric == "seat_1_win_rate")
}

/// One metric at every point: value and interval (`None` where the point has no value).
#[derive(Clone)]
struct Curve {
    metric: String,
    values: Vec<Option<f64>>,
    bands: Vec<Option<(f64, f64)>>,
}

impl Curve {
    /// The points with the lowest and the highest value.
    fn extremes(&self) -> Option<(usize, usize)> {
        let known = || (0..self.values.len()).filter(|&r| self.values[r].is_some());
        let value = |r: usize| self.values[r].unwrap_or(0.0);
        let lo = known().min_by(|&a, &b| value(a).total_cmp(&value(b)))?;
        let hi = known().max_by(|&a, &b| value(a).total_cmp(&value(b)))?;
        Some((lo, hi))
    }

    /// Whether the intervals at two points are apart: a real difference, not noise.
    fn apart(&self, lo: usize, hi: usize) -> bool {
        matches!((self.bands[lo], self.bands[hi]), (Some((_, a)), Some((b, _))) if a < b)
    }
}

/// The grid: the varied keys' values at each point.
struct SweepGrid<'a> {
    keys: Vec<String>,
    /// `values[k][point]`.
    values: Vec<Vec<&'a str>>,
}

impl SweepGrid<'_> {
    /// `key=value, …` for the keys in `keys` at `point`.
    fn name(&self, point: usize, keys: std::ops::Range<usize>) -> String {
        keys.map(|k| format!("{}={}", self.keys[k], self.values[k][point]))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn at(&self, point: usize) -> String {
        self.name(point, 0..self.keys.len())
    }

    /// The line a point belongs to: the values of every key but the first.
    fn line(&self, point: usize) -> String {
        self.name(point, 1..self.keys.len())
    }
}

/// Whether the sweep's figures hold under strong play, as `sweep_strength.csv` and `run.toml`
/// record its strength sample.
struct Strength {
    /// The sentence under the headline, and whether it warns.
    lead: (bool, String),
    /// Whether a sample was played at each point.
    played: bool,
    /// Each point's varied values, with the figures not confirmed there and whether one of
    /// them is by enough to act on.
    doubted: Vec<(Vec<String>, Vec<String>, bool)>,
}

impl Strength {
    /// The figures not confirmed at the point of `values`, and whether one is marked `!`.
    fn doubted_at(&self, values: &[&str]) -> (&[String], bool) {
        self.doubted
            .iter()
            .find(|(v, ..)| v.iter().map(String::as_str).eq(values.iter().copied()))
            .map_or((&[], false), |(_, d, marked)| (d.as_slice(), *marked))
    }
}

/// The column of Every point that says which figures strong play does not confirm there.
const STRONG_COLUMN: &str = "under strong play";

/// A point's seat gap and its interval.
pub(crate) type Gap = (f64, Option<(f64, f64)>);

/// What a sweep's answer to "which value is most even?" reads of each point.
pub(crate) struct SweepPoints<'a> {
    /// Each point as `key=value, …`.
    pub names: &'a [String],
    /// Each point's seat gap (`None` where it has none).
    pub gaps: &'a [Option<Gap>],
    /// Whether each point's games stall (at the cap, or in an ending the game calls a stall):
    /// such a point is no candidate, however even its seats.
    pub stalled: &'a [bool],
    /// Each point's seats: where the count moves, a gap is read against its fair share.
    pub seats: &'a [usize],
}

/// The answer, as the page and the terminal say it.
pub(crate) struct Evenness {
    /// The most even point, when its interval is apart from the least even's: a finding.
    pub finding: Option<String>,
    /// Otherwise what can be said: the intervals overlap, every point is as even, or stalls
    /// leave too few points to name one.
    pub paragraph: Option<String>,
    /// The point to mark as the most even, if one is more even than another.
    pub most_even: Option<usize>,
}

/// Which point of a sweep is most even (smallest seat gap, against its fair share where the
/// table's size moves), among those whose games do not stall; `doubted(point)` names the win
/// rates and seat gap strong play does not confirm there.
pub(crate) fn evenness(p: &SweepPoints, doubted: impl Fn(usize) -> Vec<String>) -> Evenness {
    let points = p.names.len();
    let one_size = p.seats.iter().all(|&s| s == p.seats[0]);
    let stalls = |i: usize| p.stalled[i];
    // A gap is read against its point's fair share where the table's size moves (18 points of
    // a 50% share is a smaller edge than 18 of a 25% one).
    let scale = |i: usize| if one_size { 1.0 } else { p.seats[i] as f64 };
    let known = p.gaps.iter().any(Option::is_some);
    let compared = known.then(|| Curve {
        metric: "seat_gap".into(),
        values: (0..points)
            .map(|i| p.gaps[i].filter(|_| !stalls(i)).map(|g| g.0 * scale(i)))
            .collect(),
        bands: (0..points)
            .map(|i| {
                p.gaps[i]
                    .and_then(|g| g.1)
                    .filter(|_| !stalls(i))
                    .map(|(lo, hi)| (lo * scale(i), hi * scale(i)))
            })
            .collect(),
    });
    let gap = compared.as_ref();
    let left_out = (0..points).filter(|&i| stalls(i)).count();
    let lead = if left_out > 0 {
        format!(
            "Of the points whose games do not stall ({left_out} of {points} stall in {} or more of their games), the most even",
            headline::pct(headline::STALLED)
        )
    } else {
        "The most even point".to_string()
    };
    let gap_range = gap.and_then(Curve::extremes);
    // A seat gap the same at every point has no most even point to name or mark.
    let most_even = gap_range
        .filter(|&(best, worst)| gap.is_some_and(|c| c.values[best] != c.values[worst]))
        .map(|(best, _)| best);
    let (mut finding, mut paragraph) = (None, None);
    if let (Some(c), Some((best, worst))) = (gap, gap_range)
        && points - left_out > 1
    {
        let gap_at = |i: usize| p.gaps[i].map_or(0.0, |g| g.0);
        let said = if one_size {
            format!(
                "{lead} is {} (seat gap {})",
                p.names[best],
                points_text(gap_at(best))
            )
        } else {
            format!(
                "{lead} for its table's size is {} (seat gap {} against a fair share of {})",
                p.names[best],
                points_text(gap_at(best)),
                headline::pct(1.0 / p.seats[best].max(1) as f64)
            )
        };
        let unbalanced = doubted(best);
        let caveat = match unbalanced.split_last() {
            None => String::new(),
            Some((last, rest)) => format!(
                " Under strong play its {} {} not confirmed ({}).",
                if rest.is_empty() {
                    last.clone()
                } else {
                    format!("{} and {last}", rest.join(", "))
                },
                if rest.is_empty() { "is" } else { "are" },
                strength::SWEEP_FILE
            ),
        };
        if c.values[best] == c.values[worst] {
            // No point is more even than another: none is named as the most even.
            paragraph = Some(format!(
                "Every point{} is as even as the others: seat gap {}.",
                if left_out > 0 {
                    " whose games do not stall"
                } else {
                    ""
                },
                points_text(gap_at(best))
            ));
        } else if c.apart(best, worst) {
            // Apart from the least even point, it may still be no more even than its
            // neighbours: those are named, since the designer would otherwise take the
            // smallest estimate for the answer.
            let alike: Vec<&str> = (0..points)
                .filter(|&i| i != best && c.bands[i].is_some() && !c.apart(best, i))
                .map(|i| p.names[i].as_str())
                .collect();
            let alike = match alike.split_last() {
                None => String::new(),
                Some((last, [])) => {
                    format!(", though {last} is as even within the intervals")
                }
                Some((last, rest)) => format!(
                    ", though {} and {last} are as even within the intervals",
                    rest.join(", ")
                ),
            };
            finding = Some(format!("{said}{alike}.{caveat}"));
        } else {
            paragraph = Some(format!(
                "{said}, though the most and least even points' intervals overlap.{caveat}"
            ));
        }
    }
    // Where stalls leave fewer than two points, the answer says why it names none.
    if left_out > 0 && points - left_out < 2 {
        let share = headline::pct(headline::STALLED);
        paragraph = Some(match (0..points).find(|&i| !stalls(i)) {
            Some(i) => format!(
                "No point is named the most even: {left_out} of {points} points stall in {share} or more of their games, leaving only {}.",
                p.names[i]
            ),
            None => format!(
                "No point is named the most even: every point's games stall in {share} or more of them."
            ),
        });
    }
    Evenness {
        finding,
        paragraph,
        most_even: most_even.filter(|_| points - left_out > 1),
    }
}

fn strength(dir: &Path, run: &Run) -> anyhow::Result<Strength> {
    let table = CsvFile::read(dir, strength::SWEEP_FILE)?;
    let bots = run.get("strength_bots");
    let Some(t) = table.filter(|_| !bots.is_empty()) else {
        let itself = CsvFile::read(dir, strength::SWEEP_FILE)?.is_some_and(|t| {
            t.text("strong_play")
                .is_ok_and(|p| !p.is_empty() && p.iter().all(|w| *w == Verdict::Itself.word()))
        });
        let sample = if itself {
            Sample::Itself(run.get("bots"))
        } else {
            Sample::Not(strength::NOT_RECORDED.into())
        };
        return Ok(Strength {
            lead: sample.points_sentence(0, 0, 0),
            played: false,
            doubted: Vec::new(),
        });
    };
    let sample = Sample::Played(bots, run.get("strength_games").parse().unwrap_or(0));
    // A point is its varied values: the columns before `metric`.
    let keys = t.header().iter().position(|h| h == "metric").unwrap_or(0);
    let columns: Vec<Vec<&str>> = t.header()[..keys]
        .iter()
        .map(|k| t.text(k))
        .collect::<Result<_, _>>()?;
    let (play, metrics) = (t.text("strong_play")?, t.text("metric")?);
    // A rotated sweep's bots have no rows in the sample, which plays unrotated: blank cells.
    let (ours, strong) = (t.optional("value")?, t.optional("strong_value")?);
    let point = |i: usize| columns.iter().map(|c| c[i].to_string()).collect::<Vec<_>>();
    let mut doubted: Vec<(Vec<String>, Vec<String>, bool)> = Vec::new();
    for (i, word) in play.iter().enumerate() {
        let here = point(i);
        let at = match doubted.iter().position(|(p, ..)| *p == here) {
            Some(at) => at,
            None => {
                doubted.push((here, Vec::new(), false));
                doubted.len() - 1
            }
        };
        if *word == Verdict::NotConfirmed.word() {
            doubted[at].1.push(metrics[i].to_string());
            if let (Some(ours), Some(strong)) = (ours[i], strong[i]) {
                doubted[at].2 |= strength::by_enough("summary", metrics[i], ours, strong);
            }
        }
    }
    let flagged = doubted.iter().filter(|(_, d, _)| !d.is_empty()).count();
    let marked = doubted.iter().filter(|(.., m)| *m).count();
    let (warns, mut said) = sample.points_sentence(flagged, marked, doubted.len());
    if flagged > 0 {
        said += &format!(" Every point's column “{STRONG_COLUMN}” names them.");
        said += &sample.points_caveat(flagged);
    }
    Ok(Strength {
        lead: (warns, said),
        played: true,
        doubted,
    })
}

pub(super) fn render(dir: &Path, run: &Run) -> anyhow::Result<String> {
    let sweep = CsvFile::needed(dir, "sweep.csv", "sweep")?;
    let file = dir.join("sweep.csv");
    let header = sweep.header().to_vec();
    // The varied keys come first, one column each; then each metric, its interval after it.
    let keys = header.iter().position(|h| h == "games").unwrap_or(0);
    if keys == 0 || sweep.is_empty() {
        return Err(Failure::Usage(format!(
            "{}: no varied key before `games`, or no points",
            file.display()
        ))
        .into());
    }
    let grid = SweepGrid {
        keys: header[..keys].to_vec(),
        values: header[..keys]
            .iter()
            .map(|k| sweep.text(k))
            .collect::<Result<_, _>>()?,
    };
    let points = sweep.len();
    // Seats by their roles, in a game with roles.
    let roles = run.list("roles");
    let naming = Naming {
        roles: &roles,
        turn: super::folder::turn_in(dir, &["config.toml"]),
    };
    let named = |metric: &str| headline::metric_words(metric, naming);
    let mut curves = Vec::new();
    for m in &header[keys..] {
        let low = format!("{m}_ci_low");
        if !header.contains(&low) {
            continue;
        }
        let values = sweep.optional(m)?;
        if values.iter().all(|v| v.unwrap_or(0.0) == 0.0) && !headline::is_seat_rate(m) {
            // Nothing to see (a rate that never happened, like capped games); a seat that never
            // wins is a finding, and drawn.
            continue;
        }
        let (lo, hi) = (
            sweep.optional(&low)?,
            sweep.optional(&format!("{m}_ci_high"))?,
        );
        curves.push(Curve {
            metric: m.clone(),
            values,
            bands: lo.into_iter().zip(hi).map(|(l, h)| l.zip(h)).collect(),
        });
    }

    // The first key runs along the x axis, at its own values when they are numbers.
    let mut x_order: Vec<&str> = Vec::new();
    for &x in &grid.values[0] {
        if !x_order.contains(&x) {
            x_order.push(x);
        }
    }
    let numeric: Option<Vec<f64>> = x_order
        .iter()
        .map(|x| x.parse().ok().filter(|v: &f64| v.is_finite()))
        .collect();
    let x_of = |point: usize| {
        let i = x_order
            .iter()
            .position(|&x| x == grid.values[0][point])
            .unwrap_or(0);
        numeric.as_ref().map_or(i as f64, |v| v[i])
    };
    let mut lines: Vec<String> = Vec::new();
    for point in 0..points {
        let l = grid.line(point);
        if !lines.contains(&l) {
            lines.push(l);
        }
    }
    let on_line = |l: &str| -> Vec<usize> { (0..points).filter(|&p| grid.line(p) == l).collect() };

    let mut page = Page::new(
        &format!(
            "Sweep: {} over {}",
            config_name(&run.get("config")),
            grid.keys.join(" × ")
        ),
        &format!(
            "{}, {} each on the same seeds, bots {}, seed {}",
            headline::count(points, "point"),
            headline::games(run.count("games")),
            run.get("bots"),
            run.get("seed")
        ),
    );
    page.command(&run.get("reproduce"));
    let strong = strength(dir, run)?;
    page.lead(std::slice::from_ref(&strong.lead));
    let values_at = |p: usize| (0..keys).map(|k| grid.values[k][p]).collect::<Vec<_>>();

    let mut findings = Vec::new();
    if run.partial() {
        findings.push(format!(
            "This sweep was interrupted: {} of {} points were finished.",
            run.get("points_finished"),
            run.get("points")
        ));
    }
    let across = if grid.keys.len() > 1 {
        "across the grid"
    } else {
        "across the sweep"
    };
    // Which points stall, at the cap or in an ending the game calls a stall: they are named
    // first, as on every page, and none is a candidate for the most even point.
    let mut stalled = vec![false; points];
    if let Some(c) = curves.iter().find(|c| c.metric == "capped_rate") {
        let shares: Vec<(String, f64)> = (0..points)
            .filter_map(|p| Some((grid.at(p), c.values[p]?)))
            .collect();
        for (p, stalls) in stalled.iter_mut().enumerate() {
            *stalls |= c.values[p].is_some_and(|v| v >= headline::STALLED);
        }
        findings.extend(headline::swept_stall(
            &shares,
            super::folder::cap_in(dir, "config.toml"),
        ));
    }
    // And the endings the game names as stalls.
    if let Some(items) = CsvFile::read(dir, "sweep_items.csv")? {
        let (file, item, column) = (
            items.text("file")?,
            items.text("item")?,
            items.text("column")?,
        );
        let values = items.optional("value")?;
        // Each row's point, named from its key columns as the grid names it.
        let rows = SweepGrid {
            keys: grid.keys.clone(),
            values: grid
                .keys
                .iter()
                .map(|k| items.text(k))
                .collect::<Result<_, _>>()?,
        };
        let shares = |ending: &str| -> Vec<(String, f64)> {
            (0..items.len())
                .filter(|&i| file[i] == "endings.csv" && item[i] == ending && column[i] == "share")
                .filter_map(|i| Some((rows.at(i), values[i]?)))
                .collect()
        };
        let declared = super::folder::stalls_in(dir, "config.toml");
        for stall in declared {
            for (point, share) in shares(stall.ending) {
                if share >= headline::STALLED
                    && let Some(p) = (0..points).find(|&p| grid.at(p) == point)
                {
                    stalled[p] = true;
                }
            }
        }
        findings.extend(headline::swept_stalls(declared, shares));
    }
    // Each point's seats: those with a win rate there. Where the count moves, so does every
    // seat's fair share, and a seat's rate with it.
    let seats_at: Vec<usize> = (0..points)
        .map(|p| {
            curves
                .iter()
                .filter(|c| headline::is_seat_rate(&c.metric) && c.values[p].is_some())
                .count()
        })
        .collect();
    let one_size = seats_at.iter().all(|&s| s == seats_at[0]);
    findings.extend(headline::swept_tables(&seats_at));
    // A seat that wins no game anywhere is said, however even the rest.
    for c in curves.iter().filter(|c| headline::is_seat_rate(&c.metric)) {
        if c.values.iter().flatten().all(|&v| v == 0.0) {
            findings.push(format!(
                "{} wins no game at any point of the sweep.",
                named(c.metric.trim_end_matches("_win_rate"))
            ));
        }
    }
    // Where the table's size moves, a seat's rate is read over its point's fair share: the
    // fair share is a fixed number, so the rate's interval moves with it.
    let over_fair = |c: &Curve| {
        let fair = |p: usize| 1.0 / seats_at[p].max(1) as f64;
        Curve {
            metric: crate::stats::compare::over_fair(&c.metric),
            values: (0..points)
                .map(|p| c.values[p].map(|v| v - fair(p)))
                .collect(),
            bands: (0..points)
                .map(|p| c.bands[p].map(|(lo, hi)| (lo - fair(p), hi - fair(p))))
                .collect(),
        }
    };
    let told = curves.iter().filter(|c| told(&c.metric)).map(|c| {
        if !one_size && headline::is_seat_rate(&c.metric) {
            (over_fair(c), true)
        } else {
            (c.clone(), false)
        }
    });
    let mut small = Vec::new();
    for (c, fair) in told {
        let Some((lo, hi)) = c.extremes() else {
            continue;
        };
        if c.apart(lo, hi) {
            let (l, h) = (c.values[lo].unwrap_or(0.0), c.values[hi].unwrap_or(0.0));
            // A real move smaller than what a designer acts on is named with the small ones;
            // a move over the fair share is one of a rate.
            if !practical(if fair { "win_rate" } else { &c.metric }, l, h) {
                small.push(named(&c.metric));
                continue;
            }
            let value = |x: f64| {
                if fair {
                    crate::stats::compare::findings::signed(true, &c.metric, x, naming.turn)
                } else {
                    scale_of(&c.metric).format(x)
                }
            };
            findings.push(format!(
                "{} moves {across}, from {} at {} to {} at {}.",
                named(&c.metric),
                value(c.values[lo].unwrap_or(0.0)),
                grid.at(lo),
                value(c.values[hi].unwrap_or(0.0)),
                grid.at(hi)
            ));
        }
    }
    let names: Vec<String> = (0..points).map(|p| grid.at(p)).collect();
    let gaps: Vec<Option<Gap>> = match curves.iter().find(|c| c.metric == "seat_gap") {
        Some(c) => (0..points)
            .map(|p| c.values[p].map(|v| (v, c.bands[p])))
            .collect(),
        None => vec![None; points],
    };
    let answer = evenness(
        &SweepPoints {
            names: &names,
            gaps: &gaps,
            stalled: &stalled,
            seats: &seats_at,
        },
        |best| {
            // Its balance may be the default bots' alone.
            strong
                .doubted_at(&values_at(best))
                .0
                .iter()
                .filter(|m| m.ends_with("_win_rate") || *m == "seat_gap")
                .map(|m| named(m))
                .collect()
        },
    );
    findings.extend(answer.finding);
    let (most_even, even) = (answer.most_even, answer.paragraph);
    page.findings(&findings);
    if let Some(even) = even {
        page.paragraph(&even);
    }
    if !small.is_empty() {
        // "Also" only after findings: after "Nothing stands out" these are the only real moves.
        page.paragraph(&format!(
            "{}, but moving less than {} across the sweep: {}.",
            if findings.is_empty() {
                "Real"
            } else {
                "Also real"
            },
            crate::stats::compare::findings::sizes_that_matter(naming.turn),
            small.join(", ")
        ));
    }

    // Dots with error bars where a line would suggest values in between: named values, or a
    // single point.
    let discrete = numeric.is_none() || x_order.len() == 1;
    let x_names = numeric
        .is_none()
        .then(|| x_order.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    let line = |c: &Curve, on: &[usize]| -> Vec<Point> {
        on.iter()
            .filter_map(|&p| {
                c.values[p].map(|y| Point {
                    x: x_of(p),
                    y,
                    band: c.bands[p],
                })
            })
            .collect()
    };
    let chart = |title: String, y_label: String, unit: Scale, series, legend| {
        Lines::new(title, grid.keys[0].clone(), y_label, unit, series)
            .legend(legend)
            .x_names(x_names.clone())
            .discrete(discrete)
    };
    let seats: Vec<&Curve> = curves
        .iter()
        .filter(|c| headline::is_seat_rate(&c.metric))
        .collect();
    let mut sections = Vec::new();
    if lines.len() == 1 && !seats.is_empty() {
        let all = on_line(&lines[0]);
        let c = chart(
            "Win rate by seat".into(),
            "games won (%)".into(),
            Scale::Percent,
            seats.iter().take(SERIES).map(|c| line(c, &all)).collect(),
            seats
                .iter()
                .take(SERIES)
                .map(|c| named(&c.metric).trim_end_matches(" win rate").to_string())
                .collect(),
        );
        // One fair share only where every point seats as many players and its average seat
        // wins as often (as simulate's page draws it, so shared victories count): where the
        // swept value moves shared or capped games, each point has its own.
        let fairs: Vec<f64> = all
            .iter()
            .filter_map(|&p| {
                let rates: Vec<f64> = seats.iter().filter_map(|c| c.values[p]).collect();
                (!rates.is_empty()).then(|| rates.iter().sum::<f64>() / rates.len() as f64)
            })
            .collect();
        let (low, high) = fairs
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &f| (l.min(f), h.max(f)));
        let fair = (one_size && !fairs.is_empty() && high - low < FAIR_SPREAD)
            .then(|| fairs.iter().sum::<f64>() / fairs.len() as f64);
        let c = c.reference(fair.and_then(fair_line));
        sections.push(Section {
            question: format!("How does each seat's win rate move with {}?", grid.keys[0]),
            how: format!(
                "Share of games each seat won at every point, with 95% intervals{}.{}",
                if fair.is_some() {
                    "; the dashed line is a fair share (the average seat's over the points, so shared victories count)"
                } else {
                    ""
                },
                series_note(seats.len(), "seats")
            ),
            svg: c.svg(),
        });
    }
    for c in &curves {
        if lines.len() == 1 && headline::is_seat_rate(&c.metric) {
            continue;
        }
        // The seat chart draws seat 1's curve.
        if repeats_seat_1(c, &curves) {
            continue;
        }
        let unit = scale_of(&c.metric);
        let y_label = match unit {
            Scale::Percent => format!("{} (%)", named(&c.metric)),
            Scale::Gap => format!("{} (points)", named(&c.metric)),
            _ => named(&c.metric),
        };
        let series = lines
            .iter()
            .take(SERIES)
            .map(|l| line(c, &on_line(l)))
            .collect();
        let legend = if lines.len() > 1 {
            lines.iter().take(SERIES).cloned().collect()
        } else {
            vec![]
        };
        sections.push(Section {
            question: format!("How does {} move with {}?", named(&c.metric), grid.keys[0]),
            how: format!(
                "The metric at every point of the sweep, with its 95% interval.{}",
                series_note(lines.len(), "lines")
            ),
            svg: chart(named(&c.metric), y_label, unit, series, legend).svg(),
        });
    }
    for s in &sections {
        page.figure(s);
    }

    page.heading("Every point");
    // Whether each point holds under strong play comes next to its values, not behind the
    // dozen figures that scroll out of sight.
    let mut columns: Vec<String> = grid.keys.clone();
    if strong.played {
        columns.push(STRONG_COLUMN.into());
    }
    let shown: Vec<&Curve> = curves
        .iter()
        .filter(|c| !repeats_seat_1(c, &curves))
        .collect();
    columns.extend(shown.iter().map(|c| named(&c.metric)));
    let column_refs: Vec<&str> = columns.iter().map(String::as_str).collect();
    let table: Vec<Vec<String>> = (0..points)
        .map(|p| {
            let mut row: Vec<String> = (0..keys).map(|k| grid.values[k][p].to_string()).collect();
            if strong.played {
                // One figure a line, so the column stays narrow.
                let (doubted, marked) = strong.doubted_at(&values_at(p));
                row.push(if doubted.is_empty() {
                    "all confirmed".into()
                } else {
                    let names: Vec<String> = doubted.iter().map(|m| named(m)).collect();
                    let mark = if marked { "! " } else { "" };
                    format!("{mark}not confirmed:\n{}", names.join("\n"))
                });
            }
            row.extend(
                shown
                    .iter()
                    .map(|c| c.values[p].map_or(String::new(), |v| scale_of(&c.metric).format(v))),
            );
            row
        })
        .collect();
    let marked: Vec<usize> = most_even.into_iter().collect();
    page.table(&column_refs, &table, &marked);
    if !marked.is_empty() {
        page.paragraph(if one_size {
            "The marked row is the most even point (smallest seat gap)."
        } else {
            "The marked row is the most even point for its table's size (smallest seat gap against its fair share)."
        });
    }
    page.run(
        &[
            ("config", run.get("config")),
            ("varied", run.get("vary")),
            ("overrides", run.get("set")),
            ("seed", run.get("seed")),
            ("games a point", run.count("games")),
            ("bots", run.get("bots")),
            ("whisker", run.get("whisker_version")),
        ],
        Some(&run.get("reproduce")),
    );
    Ok(page.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest gap is named, with the points it cannot be told from; the least even is
    /// apart from it, so the answer is a finding.
    #[test]
    fn the_most_even_point_names_the_points_as_even_within_the_intervals() {
        let names = ["a", "b", "c", "d"].map(String::from);
        let gaps = [
            Some((0.10, Some((0.08, 0.12)))),
            Some((0.11, Some((0.09, 0.13)))),
            Some((0.30, Some((0.28, 0.32)))),
            Some((0.10, Some((0.05, 0.15)))),
        ];
        let mut stalled = [false, false, false, true];
        fn points<'a>(
            names: &'a [String],
            gaps: &'a [Option<Gap>],
            stalled: &'a [bool],
        ) -> SweepPoints<'a> {
            SweepPoints {
                names,
                gaps,
                stalled,
                seats: &[4; 4],
            }
        }
        let answer = evenness(&points(&names, &gaps, &stalled), |_| Vec::new());
        assert_eq!(
            answer.finding.as_deref(),
            Some(
                "Of the points whose games do not stall (1 of 4 stall in 5.0% or more of their games), the most even is a (seat gap 10.0 points), though b is as even within the intervals."
            )
        );
        stalled[3] = false;
        let answer = evenness(&points(&names, &gaps, &stalled), |_| Vec::new());
        assert!(
            answer
                .finding
                .unwrap()
                .ends_with(", though b and d are as even within the intervals.")
        );
    }
}
