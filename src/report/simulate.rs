//! The report of one `simulate` run.

use std::path::Path;

use super::page::Page;
use super::svg::{Bar, Columns, HBars, Lines, Point, SERIES, SPARSE, Unit, grouped, tail_note};
use super::table::Table;
use super::{Run, config_name};
use crate::output::UsageError;
use crate::stats::wilson;

/// How far a seat's win rate may sit from a fair share before the report points at it, when its
/// interval already excludes the fair share: smaller gaps are real but rarely worth a change.
const SEAT_GAP: f64 = 0.02;
/// An obstacle passed less often than this, or more often than 1 minus this, is pointed at.
const EXTREME: f64 = 0.10;
/// A skill whose holders win this much more (or less) than a fair share is pointed at.
const SKILL_GAP: f64 = 0.05;
/// Most findings listed per kind, so the list stays readable.
const PER_KIND: usize = 4;

/// Reads `name`, which every simulate folder has.
fn needed(dir: &Path, name: &str) -> anyhow::Result<Table> {
    Table::read(dir, name)?.ok_or_else(|| {
        UsageError(format!(
            "{} has no {name}: not a complete simulate result",
            dir.display()
        ))
        .into()
    })
}

fn pct(x: f64) -> String {
    Unit::Percent.format(x)
}

pub fn render(dir: &Path, run: &Run) -> anyhow::Result<String> {
    let summary = needed(dir, "summary.csv")?;
    let seats = needed(dir, "seats.csv")?;
    let players = seats.len();
    let fair = 1.0 / players.max(1) as f64;
    let metric = |m: &str| summary.metric(m, "value");
    let games = metric("games")?.unwrap_or(0.0);

    let mut page = Page::new(
        &format!("Balance report: {}", config_name(&run.get("config"))),
        &format!(
            "{} games, {players} players ({}), seed {}",
            grouped(games as u64),
            run.get("bots"),
            run.get("seed")
        ),
    );
    let mean = summary.metric("mean_turns", "value")?.unwrap_or(0.0);
    let mean_ci = (
        summary.metric("mean_turns", "ci_low")?.unwrap_or(mean),
        summary.metric("mean_turns", "ci_high")?.unwrap_or(mean),
    );
    let mut keys = vec![(
        format!("{:.2}", mean),
        format!(
            "tests a game on average (CI {:.2}–{:.2})",
            mean_ci.0, mean_ci.1
        ),
    )];
    for (m, meaning) in [
        (
            "balance",
            "balance: the worst seat's win rate over the best's (1 is even)",
        ),
        ("first_seat_win_rate", "of games won by the first player"),
        ("test_success_rate", "of tests passed"),
        ("shared_victory_rate", "of games end in a shared victory"),
    ] {
        if let Some(v) = metric(m)? {
            let shown = if m == "balance" {
                format!("{v:.3}")
            } else {
                pct(v)
            };
            keys.push((shown, meaning.into()));
        }
    }
    page.keys(&keys);

    let mut findings = Vec::new();
    if run.partial() {
        findings.push(format!(
            "This run was interrupted: the figures are for the {} games played, not the {} asked for.",
            run.get("played"),
            run.get("games")
        ));
    }
    if let Some(capped) = metric("capped_games")?.filter(|&c| c > 0.0) {
        findings.push(format!(
            "{capped} games hit the turn cap without a job ending them: the cap decided them, not the rules."
        ));
    }
    if let Some(b) = metric("balance")?.filter(|&b| b < 0.9) {
        findings.push(format!(
            "Balance is {b:.3}: the worst seat wins {:.0}% as often as the best.",
            b * 100.0
        ));
    }

    // Seats.
    let rate = seats.numbers("win_rate")?;
    let (low, high) = (seats.numbers("ci_low")?, seats.numbers("ci_high")?);
    let bots = seats.text("bot")?;
    let mut seat_findings = Vec::new();
    let bars: Vec<Bar> = (0..players)
        .map(|s| {
            let off = low[s] > fair + SEAT_GAP || high[s] < fair - SEAT_GAP;
            if off {
                seat_findings.push(format!(
                    "Seat {s} ({}) wins {} of games (CI {}–{}), against a fair share of {}.",
                    bots[s],
                    pct(rate[s]),
                    pct(low[s]),
                    pct(high[s]),
                    pct(fair)
                ));
            }
            Bar {
                label: format!("seat {s} ({})", bots[s]),
                value: rate[s],
                interval: Some((low[s], high[s])),
                series: 0,
                flagged: off,
            }
        })
        .collect();
    findings.extend(seat_findings);
    let seat_chart = HBars {
        title: "Win rate by seat".into(),
        x_label: "games won (%)".into(),
        unit: Unit::Percent,
        bars,
        reference: Some((fair, format!("fair share {}", pct(fair)))),
        legend: vec![],
    };
    let mut sections: Vec<(String, String, String)> = vec![(
        "Does any seat have an edge?".into(),
        "Share of games each seat won, seat 0 playing first; whiskers are 95% intervals and the dashed line is a fair share. A marked seat's interval misses the fair share by more than 2 points. Shared victories count for every winner.".into(),
        seat_chart.svg(),
    )];

    if let Some(by_bot) = Table::read(dir, "bots.csv")? {
        let (r, lo, hi) = (
            by_bot.numbers("win_rate")?,
            by_bot.numbers("ci_low")?,
            by_bot.numbers("ci_high")?,
        );
        let names = by_bot.text("bot")?;
        let chart = HBars {
            title: "Win rate by bot".into(),
            x_label: "seats won (%)".into(),
            unit: Unit::Percent,
            bars: (0..by_bot.len())
                .map(|i| Bar {
                    label: names[i].into(),
                    value: r[i],
                    interval: Some((lo[i], hi[i])),
                    series: 0,
                    flagged: false,
                })
                .collect(),
            reference: Some((fair, format!("fair share {}", pct(fair)))),
            legend: vec![],
        };
        sections.push((
            "Which bot plays best, over every seat?".into(),
            "Seats rotate, so each bot played every seat equally often.".into(),
            chart.svg(),
        ));
    }

    let scores = needed(dir, "scores.csv")?;
    let (seat_of, score, count) = (
        scores.numbers("seat")?,
        scores.numbers("score")?,
        scores.numbers("games")?,
    );
    let mut series = vec![Vec::new(); players];
    for i in 0..scores.len() {
        let s = seat_of[i] as usize;
        if s < players {
            series[s].push(Point {
                x: score[i],
                y: count[i] / games.max(1.0),
                band: None,
            });
        }
    }
    let means = seats.numbers("mean_score")?;
    let score_chart = Lines {
        title: "Final score distribution by seat".into(),
        x_label: "final score (points)".into(),
        y_label: "games (%)".into(),
        unit: Unit::Percent,
        series: series.into_iter().take(SERIES).collect(),
        legend: (0..players.min(SERIES))
            .map(|s| format!("seat {s}, mean {:.1}", means[s]))
            .collect(),
        x_names: None,
        from_zero: true,
        reference: None,
    };
    sections.push((
        "How do final scores spread, seat by seat?".into(),
        "Share of games ending with each final score, one line per seat.".into(),
        score_chart.svg(),
    ));

    let length = needed(dir, "game_length.csv")?;
    let (turns, per_turns) = (length.numbers("turns")?, length.numbers("games")?);
    let median = metric("median_turns")?.unwrap_or(mean);
    let (categories, shares) = Columns::filled(
        &turns
            .iter()
            .zip(&per_turns)
            .map(|(&t, &g)| (t as i64, g / games.max(1.0)))
            .collect::<Vec<_>>(),
    );
    let mut length_chart = Columns {
        title: "Game length".into(),
        x_label: "tests in the game".into(),
        y_label: "games (%)".into(),
        unit: Unit::Percent,
        categories,
        series: vec![shares],
        legend: vec![],
        markers: vec![
            (mean, format!("mean {mean:.1}")),
            (median, format!("median {median:.0}")),
        ],
    };
    let cut = length_chart.cut_tail(SPARSE);
    sections.push((
        "How long do games last?".into(),
        format!(
            "Share of games lasting each number of tests (one test is one player's turn).{}",
            tail_note(cut, "games")
        ),
        length_chart.svg(),
    ));

    if let Some(jobs) = Table::read(dir, "jobs.csv")? {
        let (names, share, ended) = (
            jobs.text("job")?,
            jobs.numbers("share")?,
            jobs.numbers("completions")?,
        );
        let mut bars = Vec::new();
        for i in 0..jobs.len() {
            let dominant = share[i] > 0.5;
            if dominant {
                findings.push(format!(
                    "Job {} ends {} of games: the other jobs rarely get finished.",
                    names[i],
                    pct(share[i])
                ));
            }
            if ended[i] == 0.0 {
                findings.push(format!("Job {} never ends a game.", names[i]));
            }
            let e = wilson(ended[i] as u64, games as u64);
            bars.push(Bar {
                label: format!("job {}", names[i]),
                value: share[i],
                interval: Some((e.low, e.high)),
                series: 0,
                flagged: dominant || ended[i] == 0.0,
            });
        }
        let even = 1.0 / jobs.len().max(1) as f64;
        let chart = HBars {
            title: "Which job ended the game".into(),
            x_label: "games ended (%)".into(),
            unit: Unit::Percent,
            bars,
            reference: Some((even, format!("even {}", pct(even)))),
            legend: vec![],
        };
        sections.push((
            "Which job ends the game?".into(),
            "Share of games each job ended (its finale overcome, or its stack emptied).".into(),
            chart.svg(),
        ));
    }

    if let Some(chips) = Table::read(dir, "chips.csv")? {
        let (kind, face, value, share, draws) = (
            chips.text("chip")?,
            chips.text("face")?,
            chips.numbers("value")?,
            chips.numbers("share")?,
            chips.numbers("draws")?,
        );
        let total: f64 = draws.iter().sum();
        let chart = HBars {
            title: "Chip faces drawn".into(),
            x_label: "chips drawn (%)".into(),
            unit: Unit::Percent,
            bars: (0..chips.len())
                .map(|i| {
                    let e = wilson(draws[i] as u64, total as u64);
                    Bar {
                        label: format!("{} {} ({:+})", kind[i], face[i], value[i]),
                        value: share[i],
                        interval: Some((e.low, e.high)),
                        series: 0,
                        flagged: false,
                    }
                })
                .collect(),
            reference: None,
            legend: vec![],
        };
        sections.push((
            "Which chip faces come up?".into(),
            "Share of all chips drawn showing each face (and its value).".into(),
            chart.svg(),
        ));
    }

    if let Some(totals) = Table::read(dir, "chip_totals.csv")? {
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
            unit: Unit::Percent,
            categories,
            series: vec![shares],
            legend: vec![],
            markers: vec![],
        };
        let pass = Lines {
            title: "Pass rate by chip total".into(),
            x_label: "sum of the chips drawn in a test".into(),
            y_label: "tests passed (%)".into(),
            unit: Unit::Percent,
            series: vec![
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
            legend: vec![],
            x_names: None,
            from_zero: true,
            reference: None,
        };
        sections.push((
            "What do the chips add up to?".into(),
            "Share of tests by the sum of the chips drawn (before skills and help).".into(),
            spread.svg(),
        ));
        sections.push((
            "How much does the chip total decide a test?".into(),
            "Share of tests passed at each chip total; the band is the 95% interval. Skills and help decide the rest.".into(),
            pass.svg(),
        ));
    }

    let obstacles = needed(dir, "obstacles.csv")?;
    let (names, attempts) = (obstacles.text("obstacle")?, obstacles.numbers("attempts")?);
    let rates = obstacles.optional("success_rate")?;
    let (lo, hi) = (
        obstacles.optional("ci_low")?,
        obstacles.optional("ci_high")?,
    );
    let mut order: Vec<usize> = (0..obstacles.len()).collect();
    order.sort_by(|&a, &b| {
        rates[a]
            .unwrap_or(-1.0)
            .total_cmp(&rates[b].unwrap_or(-1.0))
    });
    let mut obstacle_findings = Vec::new();
    let mut bars = Vec::new();
    for &i in &order {
        let Some(r) = rates[i] else {
            obstacle_findings.push(format!("Obstacle {} was never attempted.", names[i]));
            continue;
        };
        let extreme = !(EXTREME..=1.0 - EXTREME).contains(&r);
        if extreme {
            let who = if r < EXTREME {
                "almost nobody passes"
            } else {
                "almost everybody passes"
            };
            obstacle_findings.push(format!(
                "Obstacle {}: {who} ({} of {} attempts).",
                names[i],
                pct(r),
                attempts[i]
            ));
        }
        bars.push(Bar {
            label: names[i].into(),
            value: r,
            interval: lo[i].zip(hi[i]),
            series: 0,
            flagged: extreme,
        });
    }
    findings.extend(obstacle_findings.into_iter().take(PER_KIND));
    let overall = metric("test_success_rate")?.unwrap_or(0.0);
    let chart = HBars {
        title: "Obstacle success rates, hardest first".into(),
        x_label: "attempts passed (%)".into(),
        unit: Unit::Percent,
        bars,
        reference: Some((overall, format!("all tests {}", pct(overall)))),
        legend: vec![],
    };
    sections.push((
        "Which obstacles are too hard or too easy?".into(),
        "Share of attempts that passed each obstacle, hardest at the top; the dashed line is the rate over all tests. Marked obstacles pass under 10% or over 90% of the time.".into(),
        chart.svg(),
    ));

    if let Some(skills) = Table::read(dir, "skills.csv")? {
        skill_sections(&skills, games, fair, &mut findings, &mut sections)?;
    }
    if let Some(assists) = Table::read(dir, "assists.csv")? {
        let (names, modifier) = (assists.text("name")?, assists.numbers("modifier")?);
        let rates = assists.optional("pass_rate")?;
        let (lo, hi) = (assists.optional("ci_low")?, assists.optional("ci_high")?);
        let chart = HBars {
            title: "Pass rate of tests each assist card joined".into(),
            x_label: "tests passed (%)".into(),
            unit: Unit::Percent,
            bars: (0..assists.len())
                .filter_map(|i| {
                    rates[i].map(|r| Bar {
                        label: format!("{} ({:+})", names[i], modifier[i]),
                        value: r,
                        interval: lo[i].zip(hi[i]),
                        series: 0,
                        flagged: false,
                    })
                })
                .collect(),
            reference: Some((overall, format!("all tests {}", pct(overall)))),
            legend: vec![],
        };
        sections.push((
            "Do assist cards change the odds?".into(),
            "Share of tests passed among those each assist card was revealed in.".into(),
            chart.svg(),
        ));
    }
    if let Some(ratings) = Table::read(dir, "ratings.csv")? {
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
        let chart = Lines {
            title: "Skill ratings at the end of the game".into(),
            x_label: "rating".into(),
            y_label: "players (%)".into(),
            unit: Unit::Percent,
            series: series.into_iter().take(SERIES).collect(),
            legend: names.iter().take(SERIES).map(|n| n.to_string()).collect(),
            x_names: None,
            from_zero: true,
            reference: None,
        };
        sections.push((
            "Where do skill ratings end up?".into(),
            "Share of players ending the game at each rating, one line per skill.".into(),
            chart.svg(),
        ));
    }

    page.findings(&findings);
    for (question, how, svg) in &sections {
        page.figure(question, how, svg);
    }
    let rows = [
        ("config", run.get("config")),
        ("seed", run.get("seed")),
        ("games", run.count("played")),
        ("players", players.to_string()),
        ("bots", run.get("bots")),
        ("seats rotated", run.get("rotate_seats")),
        ("overrides", run.get("set")),
        ("whisker", run.get("whisker_version")),
    ];
    let rows: Vec<(&str, String)> = rows.into_iter().filter(|r| !r.1.is_empty()).collect();
    page.run(&rows, Some(&run.get("reproduce")));
    Ok(page.finish())
}

/// Skill cards: how often each is used, and how often its holders win.
fn skill_sections(
    skills: &Table,
    games: f64,
    fair: f64,
    findings: &mut Vec<String>,
    sections: &mut Vec<(String, String, String)>,
) -> anyhow::Result<()> {
    let (names, deck) = (skills.text("name")?, skills.text("deck")?);
    let (learned, used) = (skills.numbers("learned")?, skills.numbers("activations")?);
    let rates = skills.optional("holder_win_rate")?;
    let (lo, hi) = (skills.optional("ci_low")?, skills.optional("ci_high")?);
    let mut unused = Vec::new();
    let mut strong = Vec::new();
    for i in 0..skills.len() {
        if used[i] == 0.0 {
            let why = if deck[i] != "starting" && learned[i] == 0.0 {
                "never learned"
            } else {
                "never used"
            };
            unused.push(format!("Skill {} was {why}.", names[i]));
        }
        if let (Some(r), Some(l), Some(h)) = (rates[i], lo[i], hi[i])
            && (l > fair + SKILL_GAP || h < fair - SKILL_GAP)
        {
            strong.push(format!(
                "Holders of {} win {} of the time (CI {}–{}), against a fair share of {}.",
                names[i],
                pct(r),
                pct(l),
                pct(h),
                pct(fair)
            ));
        }
    }
    findings.extend(unused.iter().take(PER_KIND).cloned());
    if unused.len() > PER_KIND {
        findings.push(format!(
            "… and {} more skills never used.",
            unused.len() - PER_KIND
        ));
    }
    findings.extend(strong.into_iter().take(PER_KIND));

    let mut order: Vec<usize> = (0..skills.len()).collect();
    order.sort_by(|&a, &b| used[b].total_cmp(&used[a]));
    let use_chart = HBars {
        title: "Skill activations per game".into(),
        x_label: "activations per game".into(),
        unit: Unit::Number,
        bars: order
            .iter()
            .map(|&i| Bar {
                label: names[i].into(),
                value: used[i] / games.max(1.0),
                interval: None,
                series: usize::from(deck[i] == "starting"),
                flagged: used[i] == 0.0,
            })
            .collect(),
        reference: None,
        legend: vec!["learned from the deck".into(), "starting skill".into()],
    };
    sections.push((
        "Which skills get used?".into(),
        "Times each skill card was activated, per game, most used first. Marked cards were never used.".into(),
        use_chart.svg(),
    ));

    let mut order: Vec<usize> = (0..skills.len()).filter(|&i| rates[i].is_some()).collect();
    order.sort_by(|&a, &b| rates[b].unwrap_or(0.0).total_cmp(&rates[a].unwrap_or(0.0)));
    let win_chart = HBars {
        title: "Win rate of players holding each skill at the end".into(),
        x_label: "holders who won (%)".into(),
        unit: Unit::Percent,
        bars: order
            .iter()
            .map(|&i| Bar {
                label: names[i].into(),
                value: rates[i].unwrap_or(0.0),
                interval: lo[i].zip(hi[i]),
                series: usize::from(deck[i] == "starting"),
                flagged: lo[i].is_some_and(|l| l > fair + SKILL_GAP)
                    || hi[i].is_some_and(|h| h < fair - SKILL_GAP),
            })
            .collect(),
        reference: Some((fair, format!("fair share {}", pct(fair)))),
        legend: vec!["learned from the deck".into(), "starting skill".into()],
    };
    sections.push((
        "Do some skills win games?".into(),
        "Share of players holding each skill at the end who won. Holding a skill is not its cause: strong players learn more. Marked cards sit over 5 points from a fair share.".into(),
        win_chart.svg(),
    ));
    Ok(())
}
