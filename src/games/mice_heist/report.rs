//! Mice Heist's part of a `simulate` report: jobs, chips, obstacles, skill cards, win rate by
//! colour or identity, and the ratings edition's assists and ratings.

use crate::io::report::headline::Cap;
use crate::io::report::parts::{FEW_GAMES, Parts, Sections, pct};
use crate::io::report::svg::{Bar, Columns, HBars, Lines, Point, SERIES, Scale, grouped};
use crate::io::report::svg::{fair_line, series_note};
use crate::io::report::table::CsvFile;
use crate::stats::wilson;

/// An obstacle whose interval lies wholly under this pass rate, or wholly over 1 minus it, is
/// pointed at.
const EXTREME: f64 = 0.10;
/// A skill whose holders win this much more (or less) than a fair share is pointed at.
const SKILL_GAP: f64 = 0.05;

/// Both editions' part: a turn is a test.
pub const PARTS: Parts = Parts {
    turn: "test",
    stalls: &[],
    cap: Cap::Scored,
    add,
};

fn add(r: &mut Sections) -> anyhow::Result<()> {
    let passed = r.key("test_success_rate", "of tests passed", pct)?;
    r.keys.extend(passed);
    r.section("jobs.csv", job_section)?;
    chip_sections(r)?;
    obstacle_section(r)?;
    r.section("skills.csv", skill_sections)?;
    r.dealt("colours.csv", "colour")?;
    r.dealt("identities.csv", "identity")?;
    r.section("assists.csv", assist_section)?;
    r.section("ratings.csv", rating_section)
}

fn job_section(r: &mut Sections, jobs: CsvFile) -> anyhow::Result<()> {
    let (names, share, ended) = (
        jobs.text("job")?,
        jobs.numbers("share")?,
        jobs.numbers("completions")?,
    );
    let mut bars = Vec::new();
    for i in 0..jobs.len() {
        let e = wilson(ended[i] as u64, r.games as u64);
        let dominant = e.low > 0.5;
        if dominant {
            r.findings.push(format!(
                "Job {} ends {} of games: the other jobs rarely get finished.",
                names[i],
                pct(share[i])
            ));
        }
        if ended[i] == 0.0 && r.games >= FEW_GAMES {
            r.findings
                .push(format!("Job {} never ends a game.", names[i]));
        }
        bars.push(
            Bar::new(format!("job {}", names[i]), share[i])
                .within(e.low, e.high)
                .flagged(dominant || ended[i] == 0.0),
        );
    }
    let even = 1.0 / jobs.len().max(1) as f64;
    let chart = HBars::new(
        "Which job ended the game",
        "games ended (%)",
        Scale::Percent,
        bars,
    )
    .reference(Some((even, format!("even {}", pct(even)))));
    r.add(
        "Which job ends the game?",
        "Share of games each job ended (its finale overcome, or its stack emptied).",
        chart.svg(),
    );
    Ok(())
}

fn chip_sections(r: &mut Sections) -> anyhow::Result<()> {
    if let Some(chips) = CsvFile::read(r.dir, "chips.csv")? {
        let (kind, face) = (chips.text("chip")?, chips.text("face")?);
        let (value, share, draws) = (
            chips.numbers("value")?,
            chips.numbers("share")?,
            chips.numbers("draws")?,
        );
        let total: f64 = draws.iter().sum();
        let chart = HBars::new(
            "Chip faces drawn",
            "chips drawn (%)",
            Scale::Percent,
            (0..chips.len())
                .map(|i| {
                    let e = wilson(draws[i] as u64, total as u64);
                    Bar::new(
                        format!("{} {} ({:+})", kind[i], face[i], value[i]),
                        share[i],
                    )
                    .within(e.low, e.high)
                })
                .collect(),
        );
        r.add(
            "Which chip faces come up?",
            "Share of all chips drawn showing each face (and its value).",
            chart.svg(),
        );
    }
    let Some(totals) = CsvFile::read(r.dir, "chip_totals.csv")? else {
        return Ok(());
    };
    let (total, tests, passed) = (
        totals.numbers("total")?,
        totals.numbers("tests")?,
        totals.numbers("successes")?,
    );
    let all: f64 = tests.iter().sum();
    let (categories, shares) = Columns::filled(
        &total
            .iter()
            .zip(&tests)
            .map(|(&t, &n)| (t as i64, n / all.max(1.0)))
            .collect::<Vec<_>>(),
    );
    let spread = Columns {
        title: "Chip totals".into(),
        x_label: "sum of the chips drawn in a test".into(),
        y_label: "tests (%)".into(),
        unit: Scale::Percent,
        categories,
        series: vec![shares],
        legend: vec![],
        markers: vec![],
        capped: None,
    };
    let pass = Lines::new(
        "Pass rate by chip total",
        "sum of the chips drawn in a test",
        "tests passed (%)",
        Scale::Percent,
        vec![
            (0..totals.len())
                .filter(|&i| tests[i] > 0.0)
                .map(|i| {
                    let e = wilson(passed[i] as u64, tests[i] as u64);
                    Point {
                        x: total[i],
                        y: e.value,
                        band: Some((e.low, e.high)),
                    }
                })
                .collect(),
        ],
    )
    .y_from_zero();
    // What a test adds to its chips: the ratings edition (the one that writes ratings.csv)
    // also adds the tester's ratings and an assist.
    let added = if r.dir.join("ratings.csv").is_file() {
        "the tester's ratings, assists and modifiers"
    } else {
        "modifiers"
    };
    r.add(
        "What do the chips add up to?",
        format!("Share of tests by the sum of the chips counted: after skills that flip, draw or replace chips, before what {added} add to it."),
        spread.svg(),
    );
    r.add(
        "How much does the chip total decide a test?",
        format!("Share of tests passed at each chip total; the band is the 95% interval. What {added} add decides the rest."),
        pass.svg(),
    );
    Ok(())
}

fn obstacle_section(r: &mut Sections) -> anyhow::Result<()> {
    let obstacles = CsvFile::needed(r.dir, "obstacles.csv", "simulate")?;
    let (names, attempts) = (obstacles.text("obstacle")?, obstacles.numbers("attempts")?);
    let [rates, lo, hi] = obstacles.optional_estimates("success_rate")?;
    let mut order: Vec<usize> = (0..obstacles.len()).collect();
    order.sort_by(|&a, &b| {
        rates[a]
            .unwrap_or(-1.0)
            .total_cmp(&rates[b].unwrap_or(-1.0))
    });
    // The most extreme first, so the cap keeps the ones that matter at either end.
    let mut extremes: Vec<(f64, String)> = Vec::new();
    let mut bars = Vec::new();
    for &i in &order {
        let (Some(rate), Some(low), Some(high)) = (rates[i], lo[i], hi[i]) else {
            extremes.push((1.0, format!("Obstacle {} was never attempted.", names[i])));
            continue;
        };
        let extreme = high < EXTREME || low > 1.0 - EXTREME;
        if extreme {
            let who = if high < EXTREME {
                "almost nobody passes"
            } else {
                "almost everybody passes"
            };
            extremes.push((
                (rate - 0.5).abs(),
                format!(
                    "Obstacle {}: {who} ({} of {} attempts).",
                    names[i],
                    pct(rate),
                    grouped(attempts[i] as u64)
                ),
            ));
        }
        bars.push(Bar::new(names[i], rate).within(low, high).flagged(extreme));
    }
    extremes.sort_by(|a, b| b.0.total_cmp(&a.0));
    r.capped(
        extremes.into_iter().map(|e| e.1).collect(),
        "obstacles at an extreme",
    );
    let overall = r.metric("test_success_rate")?.unwrap_or(0.0);
    let chart = HBars::new(
        "Obstacle success rates, hardest first",
        "attempts passed (%)",
        Scale::Percent,
        bars,
    )
    .reference(Some((overall, format!("all tests {}", pct(overall)))));
    r.add(
        "Which obstacles are too hard or too easy?",
        "Share of attempts that passed each obstacle, hardest at the top; the dashed line is the rate over all tests. A marked obstacle's interval lies under 10% or over 90%.",
        chart.svg(),
    );
    Ok(())
}

/// Skill cards: how often each is used, and how often its holders win.
fn skill_sections(r: &mut Sections, skills: CsvFile) -> anyhow::Result<()> {
    let (names, deck) = (skills.text("name")?, skills.text("deck")?);
    let (learned, used) = (skills.numbers("learned")?, skills.numbers("activations")?);
    let [rates, lo, hi] = skills.optional_estimates("holder_win_rate")?;
    let fair = r.fair;
    let off_fair: Vec<bool> = (0..skills.len())
        .map(|i| match (lo[i], hi[i]) {
            (Some(l), Some(h)) => l > fair + SKILL_GAP || h < fair - SKILL_GAP,
            _ => false,
        })
        .collect();
    let mut unused = Vec::new();
    let mut strong = Vec::new();
    for i in 0..skills.len() {
        if used[i] == 0.0 && r.games >= FEW_GAMES {
            let why = if deck[i] != "starting" && learned[i] == 0.0 {
                "never learned"
            } else {
                "never used"
            };
            unused.push(format!("Skill {} was {why}.", names[i]));
        }
        if off_fair[i] {
            strong.push(format!(
                "Holders of {} win {} of the time (CI {}–{}), against a fair share of {}.",
                names[i],
                pct(rates[i].unwrap_or(0.0)),
                pct(lo[i].unwrap_or(0.0)),
                pct(hi[i].unwrap_or(0.0)),
                pct(fair)
            ));
        }
    }
    r.capped(unused, "skills never used");
    r.capped(strong, "skills whose holders win unusually often or rarely");

    let legend = vec!["learned from the deck".to_string(), "starting skill".into()];
    let mut order: Vec<usize> = (0..skills.len()).collect();
    order.sort_by(|&a, &b| used[b].total_cmp(&used[a]));
    let use_chart = HBars::new(
        "Skill activations per game",
        "activations per game",
        Scale::Number,
        order
            .iter()
            .map(|&i| {
                Bar::new(names[i], used[i] / r.games.max(1.0))
                    .series(usize::from(deck[i] == "starting"))
                    .flagged(used[i] == 0.0)
            })
            .collect(),
    )
    .legend(legend.clone());
    r.add(
        "Which skills get used?",
        "Times each skill card was activated, per game, most used first. Marked cards were never used.",
        use_chart.svg(),
    );

    let mut order: Vec<usize> = (0..skills.len()).filter(|&i| rates[i].is_some()).collect();
    order.sort_by(|&a, &b| rates[b].unwrap_or(0.0).total_cmp(&rates[a].unwrap_or(0.0)));
    let win_chart = HBars::new(
        "Win rate of players holding each skill at the end",
        "holders who won (%)",
        Scale::Percent,
        order
            .iter()
            .map(|&i| {
                Bar::new(names[i], rates[i].unwrap_or(0.0))
                    .interval(lo[i].zip(hi[i]))
                    .series(usize::from(deck[i] == "starting"))
                    .flagged(off_fair[i])
            })
            .collect(),
    )
    .reference(fair_line(fair))
    .legend(legend);
    r.add(
        "Do some skills win games?",
        "Share of players holding each skill at the end who won. Holding a skill is not its cause: strong players learn more. Marked cards' intervals sit over 5 points from a fair share.",
        win_chart.svg(),
    );
    Ok(())
}

/// The ratings edition's assist cards.
fn assist_section(r: &mut Sections, assists: CsvFile) -> anyhow::Result<()> {
    let (names, modifier) = (assists.text("name")?, assists.numbers("modifier")?);
    let [rates, lo, hi] = assists.optional_estimates("pass_rate")?;
    let overall = r.metric("test_success_rate")?.unwrap_or(0.0);
    let chart = HBars::new(
        "Pass rate of tests each assist card joined",
        "tests passed (%)",
        Scale::Percent,
        (0..assists.len())
            .filter_map(|i| {
                rates[i].map(|rate| {
                    Bar::new(format!("{} ({:+})", names[i], modifier[i]), rate)
                        .interval(lo[i].zip(hi[i]))
                })
            })
            .collect(),
    )
    .reference(Some((overall, format!("all tests {}", pct(overall)))));
    r.add(
        "Do assist cards change the odds?",
        "Share of tests passed among those each assist card was revealed in.",
        chart.svg(),
    );
    Ok(())
}

/// The ratings edition's skill ratings at the end.
fn rating_section(r: &mut Sections, ratings: CsvFile) -> anyhow::Result<()> {
    let (skill, rating, share) = (
        ratings.text("skill")?,
        ratings.numbers("rating")?,
        ratings.numbers("share")?,
    );
    let mut names: Vec<&str> = Vec::new();
    let mut series: Vec<Vec<Point>> = Vec::new();
    for i in 0..ratings.len() {
        let k = match names.iter().position(|&n| n == skill[i]) {
            Some(k) => k,
            None => {
                names.push(skill[i]);
                series.push(Vec::new());
                names.len() - 1
            }
        };
        series[k].push(Point {
            x: rating[i],
            y: share[i],
            band: None,
        });
    }
    let chart = Lines::new(
        "Skill ratings at the end of the game",
        "rating",
        "players (%)",
        Scale::Percent,
        series.into_iter().take(SERIES).collect(),
    )
    .legend(names.iter().take(SERIES).map(|n| n.to_string()).collect())
    .y_from_zero();
    r.add(
        "Where do skill ratings end up?",
        format!(
            "Share of players ending the game at each rating, one line per skill.{}",
            series_note(names.len(), "skills")
        ),
        chart.svg(),
    );
    Ok(())
}
