//! Mouse Chaos's part of a `simulate` report: how games end (a player's nest, a non-player
//! colour's, the cap), what reveals colours and how often, and the board as a heat map of where
//! cats catch mice and where mice are looked at on cheese.

use crate::io::report::headline::{Cap, STALLED, Stall};
use crate::io::report::parts::{FEW_GAMES, Parts, Sections, pct};
use crate::io::report::svg::{Bar, HBars, HeatMap, Scale};
use crate::io::report::table::CsvFile;

pub(super) const PARTS: Parts = Parts {
    turn: "turn",
    stalls: &[Stall {
        ending: "non_player_nest",
        says: "end with a non-player colour's nest filled: every player loses",
    }],
    cap: Cap::NoWinner,
    add,
};

fn add(r: &mut Sections) -> anyhow::Result<()> {
    r.section("endings.csv", endings)?;
    r.section("events.csv", events)?;
    heat(
        r,
        "catches_per_game",
        "Where do cats catch mice?",
        "Catches a game on each square (hover for the figure); T marks the table, o a mousehole, s a start space. A dark square is a trap the board sets; a square reading 0 saw no catch in these games, one reading <0.01 fewer than one in a hundred games.",
    )?;
    heat(
        r,
        "looks_per_game",
        "Where are mice looked at on cheese?",
        "Looks a game at a mouse crossing the cheese on each square. Cheese moves, so this shows where players leave it.",
    )
}

fn words(ending: &str) -> String {
    match ending {
        "own_nest" => "a player's nest filled with its colour".into(),
        "own_nest_by_chain" => "a player's nest filled by a mouse handed on".into(),
        "non_player_nest" => "a non-player colour's nest: everyone loses".into(),
        other => other.replace('_', " "),
    }
}

fn endings(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let ending = t.text("ending")?;
    let (share, lo, hi) = t.estimates("share")?;
    let mut bars = Vec::new();
    for i in 0..t.len() {
        let flagged = ending[i] == "capped" && lo[i] > 0.0 && r.games >= FEW_GAMES;
        // At `STALLED` and above the page's headline says it.
        let told = share[i] >= STALLED;
        if ending[i] == "non_player_nest" && r.players < 4 {
            r.keys.push((
                pct(share[i]),
                format!(
                    "of games won by a non-player colour, every player losing (95% CI {}–{})",
                    pct(lo[i]),
                    pct(hi[i])
                ),
            ));
        }
        if flagged && !told {
            r.findings.push(format!(
                "{} of games stall until the turn cap (CI {}–{}): no nest fills in time.",
                pct(share[i]),
                pct(lo[i]),
                pct(hi[i])
            ));
        }
        bars.push(
            Bar::new(words(ending[i]), share[i])
                .within(lo[i], hi[i])
                .flagged(flagged),
        );
    }
    let chart = HBars::new("How games end", "games (%)", Scale::Percent, bars);
    r.add(
        "How do games end?",
        "Share of games won by a player whose nest filled with its colour (by a mouse it moved in, or by one handed on from another nest), lost by everyone when a non-player colour's nest filled, or stopped by the turn cap; 95% intervals.",
        chart.svg(),
    );
    Ok(())
}

fn events(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let (event, per_game) = (t.text("event")?, t.numbers("per_game")?);
    let bars = (0..t.len())
        .map(|i| Bar::new(event[i].to_string(), per_game[i]))
        .collect();
    for (name, key) in [
        ("mice caught by cats", "catches a game"),
        ("mice looked at on cheese", "looks on cheese a game"),
        (
            "nest fills that found a wrong colour",
            "failed nest fills a game",
        ),
    ] {
        if let Some(i) = event.iter().position(|e| *e == name) {
            r.keys.push((Scale::Number.format(per_game[i]), key.into()));
        }
    }
    let chart = HBars::new("What happens in a game", "per game", Scale::Number, bars);
    r.add(
        "How much do the reveals matter?",
        "Mean count a game of each event: colours seen when a mouse crosses cheese or a cat catches it, mice turned over when a nest fills, fills that failed on a wrong colour (which hand the mouse on), and the chairs and cheese moved.",
        chart.svg(),
    );
    Ok(())
}

/// The board shaded by `column` of `squares.csv`.
fn heat(r: &mut Sections, column: &str, question: &str, how: &str) -> anyhow::Result<()> {
    let Some(t) = CsvFile::read(r.dir, "squares.csv")? else {
        return Ok(());
    };
    let side = super::config::MAX_SIDE as u64;
    let (row, col, kind) = (
        t.whole("row", 1, side)?,
        t.whole("column", 1, side)?,
        t.text("kind")?,
    );
    let value = t.numbers(column)?;
    let mark = |k: &str| match k {
        "table" => "T",
        "mousehole" => "o",
        "start" => "s",
        _ => "",
    };
    let cells: Vec<(usize, usize, f64, String)> = (0..t.len())
        .map(|i| {
            (
                row[i] as usize - 1,
                col[i] as usize - 1,
                value[i],
                mark(kind[i]).to_string(),
            )
        })
        .collect();
    let rows = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let columns = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
    let grid = HeatMap {
        title: question.trim_end_matches('?').to_string(),
        rows,
        columns,
        cells,
        unit: Scale::Number,
        caption: "a game, on each square".into(),
    };
    r.add(question, how, grid.svg());
    Ok(())
}
