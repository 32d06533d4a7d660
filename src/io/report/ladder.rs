//! The page of a `whisker ladder` folder, drawn from its files: the matrix as a table and a heat
//! map, the ratings and the strength curve, the seats with the bot that played every seat.

use std::path::Path;

use serde::de::DeserializeOwned;

use super::headline;
use super::page::{Page, Section};
use super::svg::{Bar, HBars, Lines, Matrix, Point, Scale};
use super::table::CsvFile;
use crate::bots::ladder::{
    LadderRecord, MatrixRow, RECORD, RatingRow, SeatRow, Standing, elo, highest,
};
use crate::core::failure::Failure;

/// The rows of `dir/name`, or none when the ladder did not write that file (`seats.csv` of an
/// interrupted one); a malformed row is named with its line.
fn rows<R: DeserializeOwned>(dir: &Path, name: &str, needed: bool) -> anyhow::Result<Vec<R>> {
    let path = dir.join(name);
    if !needed && !path.exists() {
        return Ok(Vec::new());
    }
    let bad = |e: String| Failure::Usage(format!("{}: {e}", path.display()));
    let mut reader = csv::Reader::from_path(&path).map_err(|e| bad(e.to_string()))?;
    reader
        .deserialize()
        .map(|r| r.map_err(|e| bad(e.to_string()).into()))
        .collect()
}

/// Whether `dir` is a ladder's folder.
pub(super) fn is_ladder(dir: &Path) -> bool {
    dir.join(RECORD).is_file()
}

pub(super) fn render(dir: &Path) -> anyhow::Result<String> {
    let path = dir.join(RECORD);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Failure::Usage(format!("{}: {e}", path.display())))?;
    let record: LadderRecord = toml::from_str(&text)
        .map_err(|e| Failure::Usage(crate::io::record::read_error(&path, &text, &e)))?;
    let matrix: Vec<MatrixRow<String>> = rows(dir, "matrix.csv", true)?;
    let rated: Vec<RatingRow<String>> = rows(dir, "ratings.csv", true)?;
    let seats: Vec<SeatRow<String>> = rows(dir, "seats.csv", false)?;
    if rated.is_empty() {
        return Err(
            Failure::Usage(format!("{}: no bots", dir.join("ratings.csv").display())).into(),
        );
    }
    let fair = 1.0 / record.players.max(1) as f64;
    let cell = |a: &str, b: &str| matrix.iter().find(|m| m.bot == a && m.against == b);

    let mut page = Page::new(
        &format!("Ladder: {}", record.config),
        &format!("Made by whisker {}", env!("CARGO_PKG_VERSION")),
    );
    if record.partial {
        page.paragraph("Interrupted: the tables hold the pairings that finished; a bot with none has no rating.");
    }
    // The seats run's capped games, a share: a stall is said first, as on every page.
    // No seats run (interrupted): no estimate, no line.
    let stall = crate::stats::wilson(record.seats_capped, seats.first().map_or(0, |r| r.games));
    let cap = super::folder::cap_in(dir, "config.toml");
    // Who played every seat, as the ratings name it (older ladders: the highest rated).
    let highest_bot = highest(&rated, None).map(|b| rated[b].bot.clone());
    let every_seat = record
        .every_seat
        .clone()
        .or_else(|| highest_bot.clone())
        .unwrap_or_else(|| "the highest-rated bot".into());
    page.lead(
        &headline::stalls(Some(stall), &[], &[], cap)
            .into_iter()
            .map(|s| (true, format!("With {every_seat} at every seat, {s}")))
            .collect::<Vec<_>>(),
    );
    page.lead(&answer(&rated, record.reference.as_deref()));
    // An interrupted ladder's command plays the whole of it: said so at the end, not here.
    if !record.partial {
        page.command(&record.reproduce());
    }
    page.heading("Who beats whom");
    let mut header = vec!["bot (seated once) against"];
    header.extend(rated.iter().map(|r| r.bot.as_str()));
    let table: Vec<Vec<String>> = rated
        .iter()
        .map(|a| {
            let mut row = vec![a.bot.clone()];
            row.extend(rated.iter().map(|b| match cell(&a.bot, &b.bot) {
                // The interval under the rate: the table then fits the page's width.
                Some(m) if m.games > 0 => format!(
                    "{}\n({}–{})",
                    headline::pct(m.win_rate),
                    headline::pct(m.ci_low).trim_end_matches('%'),
                    headline::pct(m.ci_high).trim_end_matches('%')
                ),
                _ => "—".into(),
            }));
            row
        })
        .collect();
    page.table(&header, &table, &[]);
    let names: Vec<String> = rated.iter().map(|r| r.bot.clone()).collect();
    let grid = Matrix {
        title: "Win rate of the row's bot among copies of the column's".into(),
        row_label: "bot seated once (row)".into(),
        column_label: "among copies of (column)".into(),
        rows: names.clone(),
        columns: names,
        cells: rated
            .iter()
            .enumerate()
            .flat_map(|(a, ra)| {
                rated.iter().enumerate().filter_map(move |(b, rb)| {
                    let m = cell(&ra.bot, &rb.bot).filter(|m| m.games > 0)?;
                    Some((a, b, m.win_rate))
                })
            })
            .collect(),
        unit: Scale::Percent,
        note: format!(
            "rows and columns in the table's order; fair share {}",
            headline::pct(fair)
        ),
    };
    page.figure(&Section {
        question: "Which bot beats which?".into(),
        how: "Each square is the row's bot seated once among copies of the column's, every seat in turn on the same seeds; the stronger the colour, the more it wins.".into(),
        svg: grid.svg(),
    });
    page.heading("Ratings");
    let table: Vec<Vec<String>> = rated
        .iter()
        .map(|r| match r.rating() {
            Some(e) => vec![
                r.bot.clone(),
                elo(e.value),
                format!("{} to {}", elo(e.low), elo(e.high)),
            ],
            None => vec![r.bot.clone(), "—".into(), "no pairing finished".into()],
        })
        .collect();
    page.table(&["bot", "Elo", "95% CI"], &table, &[]);
    if let Some((name, bot)) = record.reference.as_ref().zip(record.reference_bot.as_ref()) {
        page.heading("Against the strength reference");
        page.paragraph(&format!(
            "The strength reference is {name}: {bot}. Each bot's rating less the reference's, with the 95% interval of that difference; a bot whose interval holds 0 is level with it: the ladder cannot tell them apart."
        ));
        let table: Vec<Vec<String>> = rated
            .iter()
            .filter(|r| &r.bot != name)
            .filter_map(|r| {
                let v = r.against_reference()?;
                Some(vec![
                    r.bot.clone(),
                    elo(v.value),
                    format!("{} to {}", elo(v.low), elo(v.high)),
                    Standing::of(v).short().into(),
                ])
            })
            .collect();
        page.table(
            &[
                "bot",
                "Elo over the reference",
                "95% CI of the difference",
                "standing",
            ],
            &table,
            &[],
        );
    }
    let curve: Vec<Point> = rated
        .iter()
        .filter_map(|r| {
            let e = r.rating()?;
            r.iterations.map(|i| Point {
                x: f64::from(i),
                y: e.value,
                band: Some((e.low, e.high)),
            })
        })
        .collect();
    // The game's own bot: the first after the reference that does not search.
    let own = rated.iter().skip(1).find(|r| r.iterations.is_none());
    if !curve.is_empty() {
        let lines = Lines::new(
            "Strength against search budget",
            "ismcts iterations a decision",
            format!("Elo ({} = 0)", rated[0].bot),
            Scale::Number,
            vec![curve],
        )
        .legend(vec!["ismcts".into()])
        .discrete(true)
        .reference(own.and_then(|r| Some((r.rating()?.value, r.bot.clone()))));
        page.figure(&Section {
            question: "Does searching longer play better?".into(),
            how: "Each point is ismcts at one budget, with its 95% interval; the line is the game's own bot. A curve still rising means more skill is there to find.".into(),
            svg: lines.svg(),
        });
        // The same curve as a designer reads a table: a search seated once among the game's
        // own bot, against a fair share.
        let against: Vec<Point> = own
            .map(|own| {
                rated
                    .iter()
                    .filter_map(|r| {
                        let m = cell(&r.bot, &own.bot).filter(|m| m.games > 0)?;
                        r.iterations.map(|i| Point {
                            x: f64::from(i),
                            y: m.win_rate,
                            band: Some((m.ci_low, m.ci_high)),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        if let (Some(own), false) = (own, against.is_empty()) {
            let lines = Lines::new(
                format!("Win rate among copies of {}", own.bot),
                "ismcts iterations a decision",
                "win rate",
                Scale::Percent,
                vec![against],
            )
            .legend(vec!["ismcts".into()])
            .y_from_zero()
            .discrete(true)
            .reference(Some((fair, "fair share".into())));
            page.figure(&Section {
                question: format!("At what budget does a search beat {}?", own.bot),
                how: format!("Each point is ismcts at one budget seated once among copies of {}, every seat in turn, with its 95% interval; above the line it wins more than a fair share.", own.bot),
                svg: lines.svg(),
            });
        }
    }
    if !seats.is_empty() {
        page.heading(&format!("Seats when {every_seat} plays every seat"));
        // The ladder seats the reference where it cannot tell the highest rated from it.
        if let Some(best) = highest_bot.filter(|b| *b != every_seat) {
            // The preset's name and the bot it stands for, when they differ.
            let named = match &record.reference_bot {
                Some(bot) if *bot != every_seat => format!("{every_seat} ({bot})"),
                _ => every_seat.clone(),
            };
            page.paragraph(&format!(
                "{best} rates highest, but the ladder cannot tell it from the strength reference, {named}: these are the reference's seats, the strong lineup by design.",
            ));
        }
        let table: Vec<Vec<String>> = seats
            .iter()
            .map(|r| {
                vec![
                    format!("seat {} {}", r.seat, r.role),
                    headline::pct(r.win_rate),
                    headline::span(r.ci_low, r.ci_high),
                ]
            })
            .collect();
        page.table(&["seat", "win rate", "95% CI"], &table, &[]);
        page.paragraph(&crate::bots::ladder::seat_gap(&seats, stall.value, cap));
        if let Some(t) = CsvFile::read(dir, "endings.csv")? {
            let ending = t.text("ending")?;
            let (share, low, high) = t.estimates("share")?;
            let bars = (0..t.len())
                .map(|i| Bar::new(ending[i].replace('_', " "), share[i]).within(low[i], high[i]))
                .collect();
            page.figure(&Section {
                question: "How do those games end?".into(),
                how: format!(
                    "Share of the games with {every_seat} at every seat that ended each way, with 95% intervals (endings.csv).",
                ),
                svg: HBars::new("How games end", "games (%)", Scale::Percent, bars).svg(),
            });
        }
    }
    let set = record.set.join(" ");
    page.run(
        &[
            ("config", record.config.clone()),
            ("bots", record.bots.clone()),
            ("seeds a pairing", record.games.to_string()),
            ("master seed", record.seed.to_string()),
            ("players", record.players.to_string()),
            ("overrides", set),
        ],
        // An interrupted ladder's command plays the whole of it, not the pairings it finished.
        (!record.partial).then(|| record.reproduce()).as_deref(),
    );
    if record.partial {
        page.paragraph("This ladder was interrupted; to play the whole of it:");
        page.command(&record.reproduce());
    }
    Ok(page.finish())
}

/// The answer first: which bot rates highest, and where each stands against the strength
/// reference (`reference`, its row) when the ladder rated them against it.
fn answer(rated: &[RatingRow<String>], reference: Option<&str>) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    if let Some((b, e)) = highest(rated, None).and_then(|b| Some((b, rated[b].rating()?))) {
        let best = &rated[b];
        let tied: Vec<&str> = (0..rated.len())
            .filter(|&i| i != b && rated[i].elo == best.elo)
            .map(|i| rated[i].bot.as_str())
            .collect();
        let next = highest(rated, Some(b)).and_then(|n| Some((&rated[n], rated[n].rating()?)));
        let first = &rated[0].bot;
        let said = if !tied.is_empty() {
            format!(
                "{} and {} share the highest rating: {} Elo over {first}.",
                best.bot,
                tied.join(" and "),
                elo(e.value)
            )
        } else if &best.bot != first {
            format!(
                "{} rates highest: {} Elo over {first} (95% CI {} to {}).",
                best.bot,
                elo(e.value),
                elo(e.low),
                elo(e.high)
            )
        } else if let Some((next, n)) = next {
            // The bot every rating is counted from: the next one says by how much it leads.
            format!(
                "{} rates highest: the next, {}, rates {} Elo against it (95% CI {} to {}).",
                best.bot,
                next.bot,
                elo(n.value),
                elo(n.low),
                elo(n.high)
            )
        } else {
            format!("{} is the only bot rated.", best.bot)
        };
        out.push((false, said));
    }
    if let Some(reference) = reference {
        let parts: Vec<String> = Standing::ALL
            .iter()
            .filter_map(|&standing| {
                let bots: Vec<&str> = rated
                    .iter()
                    .filter(|r| r.bot != reference)
                    .filter(|r| r.against_reference().map(Standing::of) == Some(standing))
                    .map(|r| r.bot.as_str())
                    .collect();
                (!bots.is_empty()).then(|| format!("{}: {}", standing.short(), bots.join(", ")))
            })
            .collect();
        if !parts.is_empty() {
            out.push((
                false,
                format!("Against the strength reference, {}.", parts.join("; ")),
            ));
        }
    }
    out
}
