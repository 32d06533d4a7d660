//! The report of one `simulate` run: one function per section, each adding its chart and the
//! findings its data gives.

use std::path::Path;

use super::page::{Page, Section};
use super::svg::{Bar, Columns, HBars, Lines, Point, SERIES, SPARSE, Unit, grouped, tail_note};
use super::table::Table;
use super::{Run, config_name, fair_line, series_note};
use crate::output::UsageError;
use crate::stats::wilson;

/// How far a seat's win rate may sit from a fair share before the report points at it, when its
/// interval already excludes the fair share: smaller gaps are real but rarely worth a change.
const SEAT_GAP: f64 = 0.02;
/// An obstacle whose interval lies wholly under this pass rate, or wholly over 1 minus it, is
/// pointed at.
const EXTREME: f64 = 0.10;
/// A skill whose holders win this much more (or less) than a fair share is pointed at.
const SKILL_GAP: f64 = 0.05;
/// Balance whose interval lies wholly under this is pointed at.
const UNEVEN: f64 = 0.9;
/// Fewer games than this and the report says its intervals are too wide to act on.
const FEW_GAMES: f64 = 1000.0;
/// Most findings listed per kind, so the list stays readable.
const PER_KIND: usize = 4;

fn pct(x: f64) -> String {
    Unit::Percent.format(x)
}

/// Adds `found` to `findings`, at most `PER_KIND` of them, saying how many more there were.
fn capped(findings: &mut Vec<String>, found: Vec<String>, more: &str) {
    let extra = found.len().saturating_sub(PER_KIND);
    findings.extend(found.into_iter().take(PER_KIND));
    if extra > 0 {
        findings.push(format!("… and {extra} more {more}."));
    }
}

/// What every section reads, and what they add up to.
struct Report<'a> {
    dir: &'a Path,
    summary: Table,
    games: f64,
    players: usize,
    /// The average seat's win rate: 1 / players, plus what shared victories add.
    fair: f64,
    findings: Vec<String>,
    sections: Vec<Section>,
}

impl Report<'_> {
    fn metric(&self, m: &str) -> anyhow::Result<Option<f64>> {
        self.summary.metric(m, "value")
    }

    fn add(&mut self, question: &str, how: impl Into<String>, svg: String) {
        self.sections.push(Section {
            question: question.into(),
            how: how.into(),
            svg,
        });
    }
}

pub fn render(dir: &Path, run: &Run) -> anyhow::Result<String> {
    let summary = Table::needed(dir, "summary.csv", "simulate")?;
    let seats = Table::needed(dir, "seats.csv", "simulate")?;
    if seats.len() == 0 {
        return Err(UsageError(format!("{}: no seats", dir.join("seats.csv").display())).into());
    }
    let players = seats.len();
    let rates = seats.numbers("win_rate")?;
    let mut r = Report {
        dir,
        games: summary.metric("games", "value")?.unwrap_or(0.0),
        summary,
        players,
        fair: rates.iter().sum::<f64>() / players as f64,
        findings: Vec::new(),
        sections: Vec::new(),
    };

    let mut page = Page::new(
        &format!("Balance report: {}", config_name(&run.get("config"))),
        &format!(
            "{} games, {players} players ({}), seed {}",
            run.count("played"),
            run.get("bots"),
            run.get("seed")
        ),
    );
    page.command(&run.get("reproduce"));
    page.keys(&keys(&r)?);

    if run.partial() {
        r.findings.push(format!(
            "This run was interrupted: the figures are for the {} games played before it stopped.",
            run.count("played")
        ));
    }
    if r.games < FEW_GAMES {
        r.findings.push(format!(
            "Only {} games: the intervals are wide, so run more before changing anything.",
            grouped(r.games as u64)
        ));
    }
    if let Some(capped) = r.metric("capped_games")?.filter(|&c| c > 0.0) {
        r.findings.push(format!(
            "{capped} games hit the turn cap without a job ending them: the cap decided them, not the rules."
        ));
    }
    if let (Some(b), Some(high)) = (
        r.metric("balance")?,
        r.summary.metric("balance", "ci_high")?,
    ) && high < UNEVEN
    {
        r.findings.push(format!(
            "Balance is {b:.3}: the worst seat wins {:.0}% as often as the best.",
            b * 100.0
        ));
    }

    seat_section(&mut r, &seats)?;
    bot_section(&mut r)?;
    score_section(&mut r, &seats)?;
    length_section(&mut r)?;
    job_section(&mut r)?;
    chip_sections(&mut r)?;
    obstacle_section(&mut r)?;
    skill_sections(&mut r)?;
    assist_section(&mut r)?;
    rating_section(&mut r)?;

    page.findings(&r.findings);
    for s in &r.sections {
        page.figure(s);
    }
    page.run(
        &[
            ("config", run.get("config")),
            ("seed", run.get("seed")),
            ("games", run.count("played")),
            ("players", players.to_string()),
            ("bots", run.get("bots")),
            ("seats rotated", run.get("rotate_seats")),
            ("overrides", run.get("set")),
            ("whisker", run.get("whisker_version")),
        ],
        Some(&run.get("reproduce")),
    );
    Ok(page.finish())
}

/// The headline numbers.
fn keys(r: &Report) -> anyhow::Result<Vec<(String, String)>> {
    let mut keys = Vec::new();
    if let Some(mean) = r.metric("mean_turns")? {
        let ci = |c| r.summary.metric("mean_turns", c).map(|v| v.unwrap_or(mean));
        keys.push((
            format!("{mean:.2}"),
            format!(
                "tests a game on average (CI {:.2}–{:.2})",
                ci("ci_low")?,
                ci("ci_high")?
            ),
        ));
    }
    if let Some(b) = r.metric("balance")? {
        keys.push((
            format!("{b:.3}"),
            "balance: the worst seat's win rate over the best's (1 is even)".into(),
        ));
    }
    for (m, meaning) in [
        ("first_seat_win_rate", "of games won by the first player"),
        ("test_success_rate", "of tests passed"),
        ("shared_victory_rate", "of games end in a shared victory"),
    ] {
        if let Some(v) = r.metric(m)? {
            keys.push((pct(v), meaning.into()));
        }
    }
    Ok(keys)
}

fn seat_section(r: &mut Report, seats: &Table) -> anyhow::Result<()> {
    let rate = seats.numbers("win_rate")?;
    let (low, high) = (seats.numbers("ci_low")?, seats.numbers("ci_high")?);
    let bots = seats.text("bot")?;
    let fair = r.fair;
    let mut bars = Vec::new();
    for s in 0..r.players {
        let off = low[s] > fair + SEAT_GAP || high[s] < fair - SEAT_GAP;
        if off {
            r.findings.push(format!(
                "Seat {s} ({}) wins {} of games (CI {}–{}), against a fair share of {}.",
                bots[s],
                pct(rate[s]),
                pct(low[s]),
                pct(high[s]),
                pct(fair)
            ));
        }
        bars.push(Bar {
            label: format!("seat {s} ({})", bots[s]),
            value: rate[s],
            interval: Some((low[s], high[s])),
            series: 0,
            flagged: off,
        });
    }
    let chart = HBars {
        title: "Win rate by seat".into(),
        x_label: "games won (%)".into(),
        unit: Unit::Percent,
        bars,
        reference: fair_line(fair),
        legend: vec![],
    };
    r.add(
        "Does any seat have an edge?",
        "Share of games each seat won, seat 0 playing first; whiskers are 95% intervals and the dashed line is a fair share (the average seat's, so shared victories count). A marked seat's interval misses it by more than 2 points.",
        chart.svg(),
    );
    Ok(())
}

/// With `--rotate-seats`: each bot over every seat.
fn bot_section(r: &mut Report) -> anyhow::Result<()> {
    let Some(by_bot) = Table::read(r.dir, "bots.csv")? else {
        return Ok(());
    };
    let (rate, lo, hi) = (
        by_bot.numbers("win_rate")?,
        by_bot.numbers("ci_low")?,
        by_bot.numbers("ci_high")?,
    );
    let (names, fair) = (by_bot.text("bot")?, by_bot.numbers("fair_share")?);
    let same_share = fair.windows(2).all(|w| w[0] == w[1]);
    let chart = HBars {
        title: "Win rate by bot".into(),
        x_label: "games won (%)".into(),
        unit: Unit::Percent,
        bars: (0..by_bot.len())
            .map(|i| Bar {
                label: format!("{} (fair {})", names[i], pct(fair[i])),
                value: rate[i],
                interval: Some((lo[i], hi[i])),
                series: 0,
                flagged: false,
            })
            .collect(),
        reference: same_share.then(|| fair_line(fair[0])).flatten(),
        legend: vec![],
    };
    r.add(
        "Which bot plays best, over every seat?",
        "Share of games each bot won (any of its seats), seats rotated so each bot played every seat equally often; its fair share is the share of seats it holds.",
        chart.svg(),
    );
    Ok(())
}

fn score_section(r: &mut Report, seats: &Table) -> anyhow::Result<()> {
    let scores = Table::needed(r.dir, "scores.csv", "simulate")?;
    let (seat_of, score, count) = (
        scores.numbers("seat")?,
        scores.numbers("score")?,
        scores.numbers("games")?,
    );
    let means = seats.numbers("mean_score")?;
    let mut series = Vec::new();
    for s in 0..r.players.min(SERIES) {
        let rows: Vec<(i64, f64)> = (0..scores.len())
            .filter(|&i| seat_of[i] as usize == s)
            .map(|i| (score[i] as i64, count[i] / r.games.max(1.0)))
            .collect();
        // Scores no game ended with are drawn at 0, not bridged.
        let (xs, ys) = Columns::filled(&rows);
        series.push(
            xs.iter()
                .zip(ys)
                .map(|(&x, y)| Point {
                    x: x as f64,
                    y,
                    band: None,
                })
                .collect(),
        );
    }
    let chart = Lines {
        title: "Final score distribution by seat".into(),
        x_label: "final score (points)".into(),
        y_label: "games (%)".into(),
        unit: Unit::Percent,
        series,
        legend: (0..r.players.min(SERIES))
            .map(|s| format!("seat {s}, mean {:.1}", means[s]))
            .collect(),
        x_names: None,
        from_zero: true,
        discrete: false,
        reference: None,
    };
    r.add(
        "How do final scores spread, seat by seat?",
        format!(
            "Share of games ending with each final score, one line per seat.{}",
            series_note(r.players, "seats")
        ),
        chart.svg(),
    );
    Ok(())
}

fn length_section(r: &mut Report) -> anyhow::Result<()> {
    let length = Table::needed(r.dir, "game_length.csv", "simulate")?;
    let (turns, games) = (length.numbers("turns")?, length.numbers("games")?);
    let (categories, shares) = Columns::filled(
        &turns
            .iter()
            .zip(&games)
            .map(|(&t, &g)| (t as i64, g / r.games.max(1.0)))
            .collect::<Vec<_>>(),
    );
    let mut markers = Vec::new();
    if let Some(mean) = r.metric("mean_turns")? {
        markers.push((mean, format!("mean {mean:.1}")));
    }
    if let Some(median) = r.metric("median_turns")? {
        markers.push((median, format!("median {median:.0}")));
    }
    let mut chart = Columns {
        title: "Game length".into(),
        x_label: "tests in the game".into(),
        y_label: "games (%)".into(),
        unit: Unit::Percent,
        categories,
        series: vec![shares],
        legend: vec![],
        markers,
    };
    let cut = chart.cut_tail(SPARSE);
    r.add(
        "How long do games last?",
        format!(
            "Share of games lasting each number of tests (one test is one player's turn).{}",
            tail_note(cut, "games")
        ),
        chart.svg(),
    );
    Ok(())
}

fn job_section(r: &mut Report) -> anyhow::Result<()> {
    let Some(jobs) = Table::read(r.dir, "jobs.csv")? else {
        return Ok(());
    };
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
    r.add(
        "Which job ends the game?",
        "Share of games each job ended (its finale overcome, or its stack emptied).",
        chart.svg(),
    );
    Ok(())
}

fn chip_sections(r: &mut Report) -> anyhow::Result<()> {
    if let Some(chips) = Table::read(r.dir, "chips.csv")? {
        let (kind, face) = (chips.text("chip")?, chips.text("face")?);
        let (value, share, draws) = (
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
        r.add(
            "Which chip faces come up?",
            "Share of all chips drawn showing each face (and its value).",
            chart.svg(),
        );
    }
    let Some(totals) = Table::read(r.dir, "chip_totals.csv")? else {
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
        discrete: false,
        reference: None,
    };
    r.add(
        "What do the chips add up to?",
        "Share of tests by the sum of the chips drawn (before skills and help).",
        spread.svg(),
    );
    r.add(
        "How much does the chip total decide a test?",
        "Share of tests passed at each chip total; the band is the 95% interval. Skills and help decide the rest.",
        pass.svg(),
    );
    Ok(())
}

fn obstacle_section(r: &mut Report) -> anyhow::Result<()> {
    let obstacles = Table::needed(r.dir, "obstacles.csv", "simulate")?;
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
        bars.push(Bar {
            label: names[i].into(),
            value: rate,
            interval: Some((low, high)),
            series: 0,
            flagged: extreme,
        });
    }
    extremes.sort_by(|a, b| b.0.total_cmp(&a.0));
    capped(
        &mut r.findings,
        extremes.into_iter().map(|e| e.1).collect(),
        "obstacles at an extreme",
    );
    let overall = r.metric("test_success_rate")?.unwrap_or(0.0);
    let chart = HBars {
        title: "Obstacle success rates, hardest first".into(),
        x_label: "attempts passed (%)".into(),
        unit: Unit::Percent,
        bars,
        reference: Some((overall, format!("all tests {}", pct(overall)))),
        legend: vec![],
    };
    r.add(
        "Which obstacles are too hard or too easy?",
        "Share of attempts that passed each obstacle, hardest at the top; the dashed line is the rate over all tests. A marked obstacle's interval lies under 10% or over 90%.",
        chart.svg(),
    );
    Ok(())
}

/// Skill cards: how often each is used, and how often its holders win.
fn skill_sections(r: &mut Report) -> anyhow::Result<()> {
    let Some(skills) = Table::read(r.dir, "skills.csv")? else {
        return Ok(());
    };
    let (names, deck) = (skills.text("name")?, skills.text("deck")?);
    let (learned, used) = (skills.numbers("learned")?, skills.numbers("activations")?);
    let rates = skills.optional("holder_win_rate")?;
    let (lo, hi) = (skills.optional("ci_low")?, skills.optional("ci_high")?);
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
    capped(&mut r.findings, unused, "skills never used");
    capped(
        &mut r.findings,
        strong,
        "skills whose holders win unusually often or rarely",
    );

    let legend = vec!["learned from the deck".to_string(), "starting skill".into()];
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
                value: used[i] / r.games.max(1.0),
                interval: None,
                series: usize::from(deck[i] == "starting"),
                flagged: used[i] == 0.0,
            })
            .collect(),
        reference: None,
        legend: legend.clone(),
    };
    r.add(
        "Which skills get used?",
        "Times each skill card was activated, per game, most used first. Marked cards were never used.",
        use_chart.svg(),
    );

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
                flagged: off_fair[i],
            })
            .collect(),
        reference: fair_line(fair),
        legend,
    };
    r.add(
        "Do some skills win games?",
        "Share of players holding each skill at the end who won. Holding a skill is not its cause: strong players learn more. Marked cards' intervals sit over 5 points from a fair share.",
        win_chart.svg(),
    );
    Ok(())
}

/// The ratings edition's assist cards.
fn assist_section(r: &mut Report) -> anyhow::Result<()> {
    let Some(assists) = Table::read(r.dir, "assists.csv")? else {
        return Ok(());
    };
    let (names, modifier) = (assists.text("name")?, assists.numbers("modifier")?);
    let rates = assists.optional("pass_rate")?;
    let (lo, hi) = (assists.optional("ci_low")?, assists.optional("ci_high")?);
    let overall = r.metric("test_success_rate")?.unwrap_or(0.0);
    let chart = HBars {
        title: "Pass rate of tests each assist card joined".into(),
        x_label: "tests passed (%)".into(),
        unit: Unit::Percent,
        bars: (0..assists.len())
            .filter_map(|i| {
                rates[i].map(|rate| Bar {
                    label: format!("{} ({:+})", names[i], modifier[i]),
                    value: rate,
                    interval: lo[i].zip(hi[i]),
                    series: 0,
                    flagged: false,
                })
            })
            .collect(),
        reference: Some((overall, format!("all tests {}", pct(overall)))),
        legend: vec![],
    };
    r.add(
        "Do assist cards change the odds?",
        "Share of tests passed among those each assist card was revealed in.",
        chart.svg(),
    );
    Ok(())
}

/// The ratings edition's skill ratings at the end.
fn rating_section(r: &mut Report) -> anyhow::Result<()> {
    let Some(ratings) = Table::read(r.dir, "ratings.csv")? else {
        return Ok(());
    };
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
        discrete: false,
        reference: None,
    };
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
