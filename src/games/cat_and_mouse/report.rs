//! Cat & The Mouse's part of a `simulate` report: how games end and who wins by each route, the
//! cards the Mouse keeps and the Inspector pockets, the Tricks, and what each side does a game.

use std::path::Path;

use crate::io::report::headline::Cap;
use crate::io::report::parts::{FEW_GAMES, Parts, Sections, pct};
use crate::io::report::svg::{Bar, HBars, Scale};
use crate::io::report::table::CsvFile;

/// A round is the Inspector's turn and the Mouse's.
pub(super) const PARTS: Parts = Parts {
    turn: "round",
    stalls: &[],
    cap: Cap::NoWinner,
    add,
};

fn add(r: &mut Sections) -> anyhow::Result<()> {
    r.section("endings.csv", endings)?;
    r.section("cards.csv", cards)?;
    r.section("tricks.csv", tricks)?;
    r.section("actions.csv", actions)
}

/// The ending by clues, labelled by the rulebook's count ("finding three clues") whatever
/// `rules.clues_to_win` is: the label is a column's name, the same in every config.
const CLUES: &str = "three_clues";

/// An ending label as words: `trap_wrong` → "trap wrong"; the ending by clues with the count
/// the config plays (`clues`): "two clues" when `rules.clues_to_win` is 2.
fn words(label: &str, clues: Option<i64>) -> String {
    const COUNTS: [&str; 6] = [
        "no clues",
        "one clue",
        "two clues",
        "three clues",
        "four clues",
        "five clues",
    ];
    match clues.filter(|_| label == CLUES) {
        Some(n) => usize::try_from(n)
            .ok()
            .and_then(|n| COUNTS.get(n))
            .map_or_else(|| format!("{n} clues"), |w| w.to_string()),
        None => label.replace('_', " "),
    }
}

/// Each ending's share, coloured by who it makes win; the commonest is a headline, and an
/// ending no game reached (the cap aside) is a finding: that route decides nothing. For three
/// clues the finding names the readings that leave the Mouse a safe answer, and the switches.
fn endings(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let (ending, winner) = (t.text("ending")?, t.text("winner")?);
    let (share, lo, hi) = t.estimates("share")?;
    let games = t.numbers("games")?;
    let sides = ["inspector", "mouse", "none"];
    let rules = rules(r.dir);
    let clues = rules
        .as_ref()
        .and_then(|t| t.get("clues_to_win")?.as_integer());
    let words = |label: &str| words(label, clues);
    let safe = rules.as_ref().map(safe_answers).unwrap_or_default();
    let mut bars = Vec::new();
    for i in 0..t.len() {
        let never = games[i] == 0.0 && ending[i] != "capped" && r.games >= FEW_GAMES;
        if never && ending[i] == CLUES && !safe.is_empty() {
            r.findings.push(format!(
                "No game ends by {}: the readings let the Mouse answer a check without giving a clue {}. Clues decide games only when both answers are taken away: --set rules.own_room=forbidden --set rules.clue_room_again=clue (RULES.md, Checking for Clues).",
                words(CLUES),
                safe.join(" and ")
            ));
        } else if never {
            r.findings.push(format!(
                "No game ends by {}: that route never decides a game with these bots.",
                words(ending[i])
            ));
        }
        bars.push(
            Bar::new(words(ending[i]), share[i])
                .within(lo[i], hi[i])
                .series(sides.iter().position(|s| *s == winner[i]).unwrap_or(2))
                .flagged(never),
        );
    }
    if let Some(top) = (0..t.len()).max_by(|&a, &b| share[a].total_cmp(&share[b])) {
        r.keys.push((
            pct(share[top]),
            format!(
                "of games end by {} (95% CI {}–{})",
                words(ending[top]),
                pct(lo[top]),
                pct(hi[top])
            ),
        ));
    }
    let chart = HBars::new("How games end", "games (%)", Scale::Percent, bars).legend(vec![
        "the Inspector wins".into(),
        "the Mouse wins".into(),
        "no one (the cap)".into(),
    ]);
    r.add(
        "How do games end, and who wins by each route?",
        format!("Share of games ending each way, with 95% intervals, coloured by the side that wins by it: {} or the trap on the right room for the Inspector; the trap on a wrong room or a heist with a set for the Mouse; a heist without a set loses it.", words(CLUES)),
        chart.svg(),
    );
    Ok(())
}

/// The config's `rules` table as the run played it, when the folder keeps it.
fn rules(dir: &Path) -> Option<toml::Table> {
    let text = std::fs::read_to_string(dir.join("config.toml")).ok()?;
    text.parse::<toml::Table>()
        .ok()?
        .get("rules")?
        .as_table()
        .cloned()
}

/// The answers to a check that never give a clue under the config's `rules`: the Mouse's own
/// room, and a face-up clue room named again.
fn safe_answers(rules: &toml::Table) -> Vec<&'static str> {
    let is = |key: &str, value: &str| rules.get(key).and_then(|v| v.as_str()) == Some(value);
    let mut safe = Vec::new();
    if is("own_room", "allowed") {
        safe.push("by naming its own room (rules.own_room is allowed)");
    }
    if is("clue_room_again", "nothing") {
        safe.push("by naming a face-up clue room again (rules.clue_room_again is nothing)");
    }
    safe
}

/// Which cards the Mouse ends with and the Inspector pockets, and how often the Mouse wins
/// holding each.
fn cards(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let card = t.text("card")?;
    let (kept, kept_lo, kept_hi) = (
        t.numbers("kept_rate")?,
        t.numbers("kept_rate_ci_low")?,
        t.numbers("kept_rate_ci_high")?,
    );
    let (pocketed, pocket_lo, pocket_hi) = (
        t.numbers("pocketed")?,
        t.numbers("pocketed_ci_low")?,
        t.numbers("pocketed_ci_high")?,
    );
    let mut bars = Vec::new();
    for i in 0..t.len() {
        bars.push(Bar::new(card[i].to_string(), kept[i]).within(kept_lo[i], kept_hi[i]));
        bars.push(
            Bar::new(card[i].to_string(), pocketed[i])
                .within(pocket_lo[i], pocket_hi[i])
                .series(1),
        );
    }
    let chart =
        HBars::new("Cards held at the end", "games (%)", Scale::Percent, bars).legend(vec![
            "in the Mouse's hand".into(),
            "in the Inspector's pocket".into(),
        ]);
    r.add(
        "Which cards does the Mouse end with, and the Inspector pocket?",
        "Share of games in which the Mouse holds each card when the game ends, and in which the Inspector pocketed it at the start.",
        chart.svg(),
    );
    let wins = t.optional("mouse_win_rate_when_kept")?;
    let (lo, hi) = (
        t.optional("mouse_win_rate_when_kept_ci_low")?,
        t.optional("mouse_win_rate_when_kept_ci_high")?,
    );
    let bars: Vec<Bar> = (0..t.len())
        .filter_map(|i| Some(Bar::new(card[i].to_string(), wins[i]?).within(lo[i]?, hi[i]?)))
        .collect();
    let mouse = match CsvFile::read(r.dir, "seats.csv")? {
        Some(seats) => seats.optional("win_rate")?.get(1).copied().flatten(),
        None => None,
    };
    let chart = HBars::new(
        "The Mouse's win rate by card held",
        "games the Mouse wins (%)",
        Scale::Percent,
        bars,
    )
    .reference(mouse.map(|m| (m, format!("all games {}", pct(m)))));
    r.add(
        "Which cards does a winning Mouse hold?",
        "Share of the games in which the Mouse ends holding each card that the Mouse wins, with 95% intervals; the dashed line is its win rate in all games. A Trick it still holds is one it did not need, or could not use.",
        chart.svg(),
    );
    Ok(())
}

/// How often each Trick is played, and how often the Mouse wins when it is. A game counts once
/// however many copies it plays; the plays themselves are in each bar's label.
fn tricks(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let trick = t.text("trick")?;
    // A folder written before plays were counted apart calls the games with a play `played`.
    let has = |c: &str| t.header().iter().any(|h| h == c);
    let rate = if has("games_with_play_rate") {
        "games_with_play_rate"
    } else {
        "played_rate"
    };
    let played = t.numbers(rate)?;
    let (lo, hi) = (
        t.numbers(&format!("{rate}_ci_low"))?,
        t.numbers(&format!("{rate}_ci_high"))?,
    );
    let plays = if has("plays_per_game") {
        t.optional("plays_per_game")?
    } else {
        vec![None; t.len()]
    };
    let wins = t.optional("mouse_win_rate_when_played")?;
    let (wlo, whi) = (
        t.optional("mouse_win_rate_when_played_ci_low")?,
        t.optional("mouse_win_rate_when_played_ci_high")?,
    );
    let mut bars = Vec::new();
    for i in 0..t.len() {
        if played[i] == 0.0 && r.games >= FEW_GAMES {
            r.findings.push(format!(
                "The {} is never played: the Mouse either never holds it or never gains by it.",
                trick[i]
            ));
        }
        let label = match plays[i] {
            Some(p) => format!("{} ({} plays a game)", trick[i], Scale::Number.format(p)),
            None => trick[i].to_string(),
        };
        bars.push(
            Bar::new(label.clone(), played[i])
                .within(lo[i], hi[i])
                .flagged(played[i] == 0.0),
        );
        if let (Some(w), Some(l), Some(h)) = (wins[i], wlo[i], whi[i]) {
            bars.push(Bar::new(label, w).within(l, h).series(1));
        }
    }
    let chart = HBars::new("Tricks", "games (%)", Scale::Percent, bars).legend(vec![
        "played at least once (% of games)".into(),
        "the Mouse wins when played".into(),
    ]);
    r.add(
        "Are the Tricks used, and do they win?",
        "Share of games in which each Trick is played at least once, and of those the share the Mouse wins, with 95% intervals. The label gives its plays a game: more than the share when the deck holds copies and a game plays one twice.",
        chart.svg(),
    );
    Ok(())
}

/// What each side does in an average game.
fn actions(r: &mut Sections, t: CsvFile) -> anyhow::Result<()> {
    let (action, per_game) = (t.text("action")?, t.numbers("per_game")?);
    let chart = HBars::new(
        "Actions per game",
        "per game",
        Scale::Number,
        (0..t.len())
            .map(|i| Bar::new(action[i].to_string(), per_game[i]))
            .collect(),
    );
    r.add(
        "What does each side do in a game?",
        "Checks for clues, traps sprung, clues found, room changes and rooms shuffled back (Subtle Movement), per game on average.",
        chart.svg(),
    );
    Ok(())
}
