//! Cheesy Heist's part of a `simulate` report: how games end (the goal, the empty draw pile,
//! everyone losing), scrambles a game, the Cheese held as games go on, and which cards the
//! winners played.

use crate::io::report::headline::{Cap, Stall};
use crate::io::report::parts::{FEW_GAMES, Parts, Sections, WIN_GAP, pct};
use crate::io::report::svg::{Bar, HBars, Lines, Point, Scale};
use crate::io::report::table::CsvFile;

pub(super) const PARTS: Parts = Parts {
    turn: "turn",
    // Rule book: when the draw pile is depleted the most Cheese without a Cat wins, and if
    // everyone still holds a Cat everyone loses; neither is the goal reached.
    stalls: &[
        Stall {
            ending: "deck_empty",
            says: "end when the draw pile runs out, won on the cheese in hand, not the goal",
        },
        Stall {
            ending: "everyone_loses",
            says: "end with everyone losing",
        },
    ],
    cap: Cap::NoWinner,
    add,
};

fn add(r: &mut Sections) -> anyhow::Result<()> {
    r.section("endings.csv", endings)?;
    r.section("scrambles.csv", scrambles)?;
    r.section("cheese.csv", cheese)?;
    r.section("cards.csv", cards)
}

/// The Cheese in the leader's hand and in an average hand, turn by turn, over the games still
/// running: how fast a game heads for its goal.
fn cheese(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let (turn, running) = (t.numbers("turn")?, t.numbers("games_running")?);
    let (leader, held) = (t.optional("leader_cheese")?, t.optional("cheese_in_hands")?);
    let players = r.players as f64;
    // A mark few games reach says little.
    let enough = |i: usize| running[i] >= (r.games / 100.0).max(1.0);
    let line = |ys: &[Option<f64>], scale: f64| -> Vec<Point> {
        (0..t.len())
            .filter(|&i| enough(i))
            .filter_map(|i| {
                ys[i].map(|y| Point {
                    x: turn[i],
                    y: y / scale,
                    band: None,
                })
            })
            .collect()
    };
    let series = vec![line(&leader, 1.0), line(&held, players)];
    if series[0].is_empty() {
        return Ok(());
    }
    let chart = Lines::new(
        "Cheese in hand as games go on",
        "turns played",
        "Cheese",
        Scale::Number,
        series,
    )
    .legend(vec!["the leader".into(), "an average player".into()])
    .y_from_zero();
    r.add(
        "How fast do players collect Cheese?",
        "Mean Cheese held at the end of every fifth turn by the player with the most and by an average player, over the games still running then (marks fewer than 1% of games reach are left out). Scrambles pull the leader back; a goal within reach early makes short games.",
        chart.svg(),
    );
    Ok(())
}

fn endings(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let ending = t.text("ending")?;
    let (share, lo, hi) = t.estimates("share")?;
    let mut bars = Vec::new();
    for i in 0..t.len() {
        let label = ending[i].replace('_', " ");
        if ending[i] == "everyone_loses" && lo[i] > 0.0 && r.games >= FEW_GAMES {
            r.keys
                .push((pct(share[i]), "of games end with everyone losing".into()));
        }
        bars.push(Bar::new(label, share[i]).within(lo[i], hi[i]));
    }
    let chart = HBars::new("How games end", "games (%)", Scale::Percent, bars);
    r.add(
        "How do games end?",
        "Share of games won by reaching the goal, decided by the last scramble when the draw pile ran out, lost by everyone (all held a Cat then), or stopped by the turn cap; 95% intervals.",
        chart.svg(),
    );
    Ok(())
}

fn scrambles(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let (event, per_game) = (t.text("event")?, t.numbers("per_game")?);
    if let Some(i) = event.iter().position(|e| *e == "scrambles") {
        r.keys
            .push((Scale::Number.format(per_game[i]), "scrambles a game".into()));
    }
    Ok(())
}

/// The win rate of the players who played each card, against a fair share: a card whose
/// players win more (or less) is one that decides games.
fn cards(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let card = t.text("card")?;
    let [rate, lo, hi] = t.optional_estimates("win_rate_when_played")?;
    let fair = r.fair;
    let mut bars = Vec::new();
    let mut off = Vec::new();
    for i in 0..t.len() {
        let (Some(v), Some(l), Some(h)) = (rate[i], lo[i], hi[i]) else {
            continue;
        };
        let flagged = l > fair + WIN_GAP || h < fair - WIN_GAP;
        if flagged {
            off.push(format!(
                "Players who play a {} win {} of their games (CI {}–{}), against a fair {}.",
                card[i],
                pct(v),
                pct(l),
                pct(h),
                pct(fair)
            ));
        }
        bars.push(
            Bar::new(card[i].to_string(), v)
                .within(l, h)
                .flagged(flagged),
        );
    }
    r.capped(off, "cards off the fair share");
    let chart = HBars::new(
        "Win rate of the players who played each card",
        "games won (%)",
        Scale::Percent,
        bars,
    )
    .reference(crate::io::report::svg::fair_line(fair));
    r.add(
        "Which cards do the winners play?",
        "Of the players who played each kind of card at least once in a game, the share who won it, with 95% intervals; the dashed line is a fair share. A card its players win more with is one that decides games (or one only a leader gets to play).",
        chart.svg(),
    );
    Ok(())
}
