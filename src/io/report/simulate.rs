//! The report of one `simulate` run: one function per section, each adding its chart and the
//! findings its data gives.

use std::path::Path;

use super::headline::{self, STALLED};
use super::page::Page;
use super::parts::{FEW_GAMES, Parts, Sections, WIN_GAP, pct};
use super::svg::{
    Bar, Capped, Columns, HBars, Lines, Point, SERIES, SPARSE, Scale, grouped, tail_note,
};
use super::svg::{fair_line, series_note};
use super::table::CsvFile;
use super::{Run, config_name};
use crate::core::failure::Failure;
use crate::core::game::seat_name;
use crate::core::runner::ROTATED;
use crate::stats::Estimate;
use crate::stats::strength::{self, Sample, Verdict};

/// The page: the shared sections, then the game's own (`parts`).
pub(super) fn render(dir: &Path, run: &Run, parts: Parts) -> anyhow::Result<String> {
    let summary = CsvFile::needed(dir, "summary.csv", "simulate")?;
    let seats = CsvFile::needed(dir, "seats.csv", "simulate")?;
    if seats.is_empty() {
        return Err(
            Failure::Usage(format!("{}: no seats", dir.join("seats.csv").display())).into(),
        );
    }
    let players = seats.len();
    let (rates, lo, hi) = seats.estimates("win_rate")?;
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
    let shard = run.get("shard");
    if !shard.is_empty() {
        r.findings
            .push(headline::one_shard(&shard, &run.count("played")));
    }
    if r.games < FEW_GAMES {
        r.findings.push(format!(
            "Only {}: the intervals are wide, so run more before changing anything.",
            headline::games(grouped(r.games as u64))
        ));
    }
    let capped = estimate(&r.summary, "capped_rate")?;
    let capped_share = capped.map_or(0.0, |c| c.value);
    if let Some(n) = r.metric("capped_games")?.filter(|&c| c > 0.0)
        && capped_share < STALLED
    {
        r.findings.push(format!(
            "{} hit the turn cap before the rules ended them: the cap decided them, not the rules.",
            headline::games(n)
        ));
    }
    // The answer first: endings that stalled games, then the seat gap over every game.
    let endings = match CsvFile::read(dir, "endings.csv")? {
        Some(t) => {
            let names = t.text("ending")?;
            let (share, lo, hi) = t.estimates("share")?;
            (0..t.len())
                .map(|i| {
                    let e = Estimate {
                        value: share[i],
                        low: lo[i],
                        high: hi[i],
                    };
                    (names[i].to_string(), e)
                })
                .collect()
        }
        None => Vec::new(),
    };
    let endings: Vec<(&str, Estimate)> = endings.iter().map(|(n, e)| (n.as_str(), *e)).collect();
    let mut lead: Vec<(bool, String)> = headline::stalls(capped, &endings, parts.stalls, parts.cap)
        .into_iter()
        .map(|s| (true, s))
        .collect();
    let seat_rates: Vec<Estimate> = (0..players)
        .map(|s| Estimate {
            value: rates[s],
            low: lo[s],
            high: hi[s],
        })
        .collect();
    lead.push((
        false,
        headline::seat_gap_sentence(&seat_rates, &seat_names(&seats)?, capped_share, parts.cap),
    ));

    let (strength_lead, strength_rows) = strength(dir, run, parts.turn)?;
    lead.push(strength_lead);

    // In a game with roles the first seat is a role's, and the tile says whose.
    let first = if seats.header().iter().any(|h| h == "role") {
        seats
            .text("role")?
            .first()
            .map(|role| format!("seat 1, the {role}"))
    } else {
        None
    };
    r.keys = keys(&r, parts.turn, first.as_deref())?;
    seat_section(&mut r, &seats)?;
    r.section("bots.csv", bot_section)?;
    r.roles()?;
    score_section(&mut r, &seats)?;
    length_section(&mut r, parts.turn)?;
    (parts.add)(&mut r)?;

    page.lead(&lead);
    let sampled = strength_rows.is_some();
    if let Some((rows, marked)) = strength_rows {
        page.heading("Under strong play");
        page.table(
            &["figure", "this run", "strong play", "95% CI", ""],
            &rows,
            &marked,
        );
    }
    page.keys(&r.keys);
    page.findings(&r.findings);
    if sampled {
        // A pass rate or a card's figure below is the run's bots' alone, however strongly the
        // sample disagrees with a headline figure they rest on.
        page.paragraph(&format!(
            "The things to look at and the charts below come from the run's bots alone ({}): the strength sample checks only the figures under strong play above.",
            run.get("bots")
        ));
    }
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

/// A table's rows of cells, and the rows marked.
type Rows = (Vec<Vec<String>>, Vec<usize>);

/// The sentence that says which strength the figures hold for, and `strength.csv`'s table (its
/// rows, and those not confirmed by enough to act on) when a sample was played.
fn strength(
    dir: &Path,
    run: &Run,
    turn: &'static str,
) -> anyhow::Result<((bool, String), Option<Rows>)> {
    let table = CsvFile::read(dir, strength::FILE)?;
    let verdicts: Vec<Verdict> = match &table {
        Some(t) => t
            .text("strong_play")?
            .into_iter()
            .map(Verdict::from_word)
            .collect(),
        None => Vec::new(),
    };
    let sample = match run.get("strength_bots") {
        bots if !bots.is_empty() => {
            Sample::Played(bots, run.get("strength_games").parse().unwrap_or(0))
        }
        _ if !verdicts.is_empty() && verdicts.iter().all(|v| *v == Verdict::Itself) => {
            Sample::Itself(run.get("bots"))
        }
        _ => Sample::Not(strength::NOT_RECORDED.into()),
    };
    let (Some(t), Sample::Played(..)) = (&table, &sample) else {
        return Ok((sample.sentence([]), None));
    };
    let (from, names) = (t.text("from")?, t.text("figure")?);
    // The page names endings in words, as its charts do; the terminal keeps strength.csv's.
    let words: Vec<String> = (0..t.len())
        .map(|i| strength::figure_words(from[i], names[i], turn).replace('_', " "))
        .collect();
    let (ours, strong) = (t.numbers("value")?, t.numbers("strong_value")?);
    let by_enough: Vec<bool> = (0..t.len())
        .map(|i| strength::by_enough(from[i], names[i], ours[i], strong[i]))
        .collect();
    let lead =
        sample.sentence((0..t.len()).map(|i| (words[i].as_str(), verdicts[i], by_enough[i])));
    let (lo, hi) = (t.numbers("strong_ci_low")?, t.numbers("strong_ci_high")?);
    // As the terminal writes them: a whole median bare, a gap's unit once after its interval.
    let shown = |i: usize, x: f64| match (from[i], names[i]) {
        ("summary", "seat_gap") => headline::tenths(x),
        ("summary", m) if !m.ends_with("_rate") => headline::plain(m, x),
        _ => pct(x),
    };
    let unit = |i: usize| {
        if names[i] == "seat_gap" {
            " points"
        } else {
            ""
        }
    };
    let rows = (0..t.len())
        .map(|i| {
            vec![
                words[i].clone(),
                format!("{}{}", shown(i, ours[i]), unit(i)),
                format!("{}{}", shown(i, strong[i]), unit(i)),
                format!("{} – {}{}", shown(i, lo[i]), shown(i, hi[i]), unit(i)),
                verdicts[i].word().to_string(),
            ]
        })
        .collect();
    let marked = (0..t.len())
        .filter(|&i| verdicts[i] == Verdict::NotConfirmed && by_enough[i])
        .collect();
    Ok((lead, Some((rows, marked))))
}

/// A `summary.csv` figure with its interval.
fn estimate(summary: &CsvFile, metric: &str) -> anyhow::Result<Option<Estimate>> {
    let at = |c| summary.metric(metric, c);
    Ok(match (at("value")?, at("ci_low")?, at("ci_high")?) {
        (Some(value), Some(low), Some(high)) => Some(Estimate { value, low, high }),
        _ => None,
    })
}

/// Each seat as the page names it: by number from 1, with its role in a game with roles and
/// its bot unless it held different bots in turn.
fn seat_names(seats: &CsvFile) -> anyhow::Result<Vec<String>> {
    let bots = seats.text("bot")?;
    // `role` is written in a game with roles (older results have no such column).
    let roles = if seats.header().iter().any(|h| h == "role") {
        seats.text("role")?
    } else {
        Vec::new()
    };
    Ok((0..seats.len())
        .map(|s| {
            let mut what: Vec<&str> = Vec::new();
            if let Some(role) = roles.get(s) {
                what.push(role);
            }
            // A seat that held different bots in turn has none of its own.
            if bots[s] != ROTATED {
                what.push(bots[s]);
            }
            if what.is_empty() {
                seat_name(s)
            } else {
                format!("{} ({})", seat_name(s), what.join(", "))
            }
        })
        .collect())
}

/// The headline numbers every game has, `first` naming the first seat where it is a role's; a
/// game's part adds its own.
fn keys(r: &Sections, turn: &str, first: Option<&str>) -> anyhow::Result<Vec<(String, String)>> {
    let mut keys = Vec::new();
    let mean = format!("{turn}s a game on average");
    keys.extend(r.key("mean_turns", &mean, |v| format!("{v:.2}"))?);
    keys.extend(r.key(
        "seat_gap",
        "seat gap: the best seat's win rate minus the worst's, 0 being even",
        headline::points,
    )?);
    let first = format!("of games won by {}", first.unwrap_or("the first player"));
    for (m, meaning) in [
        ("first_seat_win_rate", first.as_str()),
        ("shared_victory_rate", "of games end in a shared victory"),
    ] {
        keys.extend(r.key(m, meaning, pct)?);
    }
    Ok(keys)
}

fn seat_section(r: &mut Sections, seats: &CsvFile) -> anyhow::Result<()> {
    let (rate, low, high) = seats.estimates("win_rate")?;
    let bots = seats.text("bot")?;
    let names = seat_names(seats)?;
    let fair = r.fair;
    // Where seats have roles, the roles' findings say it (a seat is a role's).
    let roles = r.dir.join("roles.csv").is_file();
    let mut bars = Vec::new();
    for s in 0..r.players {
        let off = low[s] > fair + WIN_GAP || high[s] < fair - WIN_GAP;
        if off && !roles {
            r.findings.push(format!(
                "{} ({}) wins {} of games (CI {}–{}), against a fair share of {}.",
                seat_name(s).replacen('s', "S", 1),
                bots[s],
                pct(rate[s]),
                pct(low[s]),
                pct(high[s]),
                pct(fair)
            ));
        }
        bars.push(
            Bar::new(names[s].clone(), rate[s])
                .within(low[s], high[s])
                .flagged(off),
        );
    }
    let chart = HBars::new("Win rate by seat", "games won (%)", Scale::Percent, bars)
        .reference(fair_line(fair));
    r.add(
        "Does any seat have an edge?",
        "Share of games each seat won, seat 1 playing first; whiskers are 95% intervals and the dashed line is a fair share (the average seat's, so shared victories count). A marked seat's interval misses it by more than 2 points.",
        chart.svg(),
    );
    Ok(())
}

/// With `--rotate-seats`: each bot over every seat.
fn bot_section(r: &mut Sections, by_bot: CsvFile) -> anyhow::Result<()> {
    let (rate, lo, hi) = by_bot.estimates("win_rate")?;
    let (names, fair) = (by_bot.text("bot")?, by_bot.numbers("fair_share")?);
    let same_share = fair.windows(2).all(|w| w[0] == w[1]);
    let chart = HBars::new(
        "Win rate by bot",
        "games won (%)",
        Scale::Percent,
        (0..by_bot.len())
            .map(|i| {
                Bar::new(format!("{} (fair {})", names[i], pct(fair[i])), rate[i])
                    .within(lo[i], hi[i])
            })
            .collect(),
    )
    .reference(same_share.then(|| fair_line(fair[0])).flatten());
    r.add(
        "Which bot plays best, over every seat?",
        "Share of games each bot won (any of its seats), seats rotated so each bot played every seat equally often; its fair share is the share of seats it holds.",
        chart.svg(),
    );
    Ok(())
}

fn score_section(r: &mut Sections, seats: &CsvFile) -> anyhow::Result<()> {
    // A game that keeps no score writes none (older results wrote all zeros).
    let Some(scores) = CsvFile::read(r.dir, "scores.csv")? else {
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
    // Seats count from 1 (results before whisker 0.3 counted them from 0).
    let first = seat_of.iter().copied().fold(f64::INFINITY, f64::min);
    let mut series = Vec::new();
    for s in 0..r.players.min(SERIES) {
        let rows: Vec<(i64, f64)> = (0..scores.len())
            .filter(|&i| seat_of[i] == first + s as f64)
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
    let chart = Lines::new(
        "Final score distribution by seat",
        "final score (points)",
        "games (%)",
        Scale::Percent,
        series,
    )
    .legend(
        (0..r.players.min(SERIES))
            .map(|s| format!("{}, mean {:.1}", seat_name(s), means[s]))
            .collect(),
    )
    .y_from_zero();
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

/// The lengths `game_length.csv` lists, each one no game can pass.
pub(super) fn lengths(length: &CsvFile) -> anyhow::Result<Vec<f64>> {
    let most = u64::from(crate::games::LONGEST_CAP);
    Ok(length
        .whole("turns", 0, most)?
        .into_iter()
        .map(|t| t as f64)
        .collect())
}

fn length_section(r: &mut Sections, turn: &str) -> anyhow::Result<()> {
    let length = CsvFile::needed(r.dir, "game_length.csv", "simulate")?;
    let (turns, games) = (lengths(&length)?, length.numbers("games")?);
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
        unit: Scale::Percent,
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
