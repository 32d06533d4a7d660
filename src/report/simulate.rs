//! The report of one `simulate` run: one function per section, each adding its chart and the
//! findings its data gives.

use std::path::Path;

use super::page::Page;
use super::parts::{FEW_GAMES, Parts, Sections, WIN_GAP, pct};
use super::svg::{
    Bar, Capped, Columns, HBars, Lines, Point, SERIES, SPARSE, Unit, grouped, tail_note,
};
use super::table::Table;
use super::{Run, config_name, fair_line, series_note};
use crate::output::Failure;

/// Balance whose interval lies wholly under this is pointed at.
const UNEVEN: f64 = 0.9;

/// The page: the shared sections, then the game's own (`parts`).
pub fn render(dir: &Path, run: &Run, parts: Parts) -> anyhow::Result<String> {
    let summary = Table::needed(dir, "summary.csv", "simulate")?;
    let seats = Table::needed(dir, "seats.csv", "simulate")?;
    if seats.is_empty() {
        return Err(
            Failure::Usage(format!("{}: no seats", dir.join("seats.csv").display())).into(),
        );
    }
    let players = seats.len();
    let rates = seats.numbers("win_rate")?;
    let mut r = Sections {
        dir,
        games: summary.metric("games", "value")?.unwrap_or(0.0),
        summary,
        players,
        fair: rates.iter().sum::<f64>() / players as f64,
        keys: Vec::new(),
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
            "{capped} games hit the turn cap before the rules ended them: the cap decided them, not the rules."
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

    r.keys = keys(&r, parts.turn)?;
    seat_section(&mut r, &seats)?;
    bot_section(&mut r)?;
    r.roles()?;
    score_section(&mut r, &seats)?;
    length_section(&mut r, parts.turn)?;
    (parts.add)(&mut r)?;

    page.keys(&r.keys);
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

/// The headline numbers every game has; a game's part adds its own.
fn keys(r: &Sections, turn: &str) -> anyhow::Result<Vec<(String, String)>> {
    let mut keys = Vec::new();
    if let Some(mean) = r.metric("mean_turns")? {
        let ci = |c| r.summary.metric("mean_turns", c).map(|v| v.unwrap_or(mean));
        keys.push((
            format!("{mean:.2}"),
            format!(
                "{turn}s a game on average (CI {:.2}–{:.2})",
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
        ("shared_victory_rate", "of games end in a shared victory"),
    ] {
        if let Some(v) = r.metric(m)? {
            keys.push((pct(v), meaning.into()));
        }
    }
    Ok(keys)
}

fn seat_section(r: &mut Sections, seats: &Table) -> anyhow::Result<()> {
    let rate = seats.numbers("win_rate")?;
    let (low, high) = (seats.numbers("ci_low")?, seats.numbers("ci_high")?);
    let bots = seats.text("bot")?;
    let fair = r.fair;
    // Where seats have roles, the roles' findings say it (a seat is a role's).
    let roles = r.dir.join("roles.csv").is_file();
    let mut bars = Vec::new();
    for s in 0..r.players {
        let off = low[s] > fair + WIN_GAP || high[s] < fair - WIN_GAP;
        if off && !roles {
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
fn bot_section(r: &mut Sections) -> anyhow::Result<()> {
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

fn score_section(r: &mut Sections, seats: &Table) -> anyhow::Result<()> {
    // A game that keeps no score writes none (older results wrote all zeros).
    let Some(scores) = Table::read(r.dir, "scores.csv")? else {
        return Ok(());
    };
    let (seat_of, score, count) = (
        scores.numbers("seat")?,
        scores.numbers("score")?,
        scores.numbers("games")?,
    );
    if score.iter().all(|&x| x == 0.0) {
        // A game that keeps no score.
        return Ok(());
    }
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

fn length_section(r: &mut Sections, turn: &str) -> anyhow::Result<()> {
    let length = Table::needed(r.dir, "game_length.csv", "simulate")?;
    let (turns, games) = (length.numbers("turns")?, length.numbers("games")?);
    let (categories, mut shares) = Columns::filled(
        &turns
            .iter()
            .zip(&games)
            .map(|(&t, &g)| (t as i64, g / r.games.max(1.0)))
            .collect::<Vec<_>>(),
    );
    // A capped game lasts exactly the cap, the longest length there is: those games get a
    // column of their own, which a long axis or a cut tail cannot hide.
    let capped = match (r.metric("capped_games")?, categories.last()) {
        (Some(count), Some(&at)) if count > 0.0 => {
            let share = count / r.games.max(1.0);
            if let Some(last) = shares.last_mut() {
                *last = (*last - share).max(0.0);
            }
            Some(Capped {
                at,
                name: format!("capped at {at} {turn}s"),
                heights: vec![share],
            })
        }
        _ => None,
    };
    let mut markers = Vec::new();
    if let Some(mean) = r.metric("mean_turns")? {
        markers.push((mean, format!("mean {mean:.1}")));
    }
    if let Some(median) = r.metric("median_turns")? {
        markers.push((median, format!("median {median:.0}")));
    }
    let mut chart = Columns {
        title: "Game length".into(),
        x_label: format!("{turn}s in the game"),
        y_label: "games (%)".into(),
        unit: Unit::Percent,
        categories,
        series: vec![shares],
        legend: vec![],
        markers,
        capped,
    };
    let cut = chart.cut_tail(SPARSE);
    r.add(
        "How long do games last?",
        format!(
            "Share of games lasting each number of {turn}s.{}",
            tail_note(cut, "games")
        ),
        chart.svg(),
    );
    Ok(())
}
