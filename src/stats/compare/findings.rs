//! What a comparison found, in the order a designer acts on it, written once for the terminal
//! and the page: how games end and how even the seats are first, then length, then the game's
//! own tables, each by the size of its change in the game's units; a change is marked `!` only
//! when it is real (Holm-corrected) and large enough to matter. Statistics such as the KS test
//! come last, for those who want them.

use super::{OVER_FAIR, fair_shares, in_points, over_fair};
use crate::io::report::headline::{Naming, metric_words, pct, points};

/// A real change in a share smaller than this (2 points) is listed as small: a point or two of
/// win rate is where a designer starts to care.
pub(crate) const SHARE: f64 = 0.02;
/// A real change in mean length smaller than this (one turn, test or round) is small.
pub(crate) const LENGTH: f64 = 1.0;
/// A real change in any other figure smaller than this part of its value is small.
pub(crate) const RELATIVE: f64 = 0.1;
/// …or smaller than this much a game: something done once in fifty games instead of once in
/// forty is a quarter more, and still nothing a designer feels at the table.
pub(crate) const COUNT: f64 = 0.1;
/// Most `!` findings named one by one; the rest are counted.
pub(crate) const NAMED: usize = 12;
/// Most small changes named; the rest are counted.
const SMALL_NAMED: usize = 8;

/// One compared figure, as `compare.csv` (file empty) or `compare_items.csv` has it, B − A.
pub(crate) struct Change {
    /// `endings.csv`, `cards.csv`, …, or empty for a row of `compare.csv`.
    pub file: String,
    /// The row of `file` (a card, an ending), or empty for a row of `compare.csv`.
    item: String,
    /// What it is, in words: `seat 1 win rate`, `games ending deck empty`.
    pub what: String,
    metric: String,
    /// A proportion: its change is in points.
    share: bool,
    a: f64,
    b: f64,
    diff: f64,
    interval: Option<(f64, f64)>,
    significant: bool,
    /// A turn as the game says it, for a change in its length.
    turn: &'static str,
    /// Whether each side counts only some of its games (those still running at a turn): its
    /// two sides then count different games, so it comes after every other finding.
    subset: bool,
}

impl Change {
    /// A row of `compare.csv`, its cells as written there, said in the game's words.
    pub(crate) fn metric(
        metric: &str,
        cells: [&str; 5],
        significant: bool,
        naming: Naming,
    ) -> Option<Self> {
        Self::new(
            [String::new(), String::new()],
            metric_words(metric, naming),
            metric,
            in_points(metric),
            cells,
            significant,
        )
        .map(|c| Self {
            turn: naming.turn,
            ..c
        })
    }

    /// A row of `compare_items.csv` (file, item, name, column, over), said in the game's words
    /// (`turn`: its turn).
    pub(crate) fn item(
        row @ [file, item, _, column, over]: [&str; 5],
        share: bool,
        cells: [&str; 5],
        significant: bool,
        turn: &'static str,
    ) -> Option<Self> {
        Self::new(
            [file.into(), item.into()],
            item_words(row, turn),
            column,
            share,
            cells,
            significant,
        )
        .map(|c| Self {
            turn,
            subset: !over.is_empty(),
            ..c
        })
    }

    /// `cells`: a, b, diff, ci_low, ci_high. A row without both sides' values (a count with no
    /// test, the KS statistic) is none.
    fn new(
        [file, item]: [String; 2],
        what: String,
        metric: &str,
        share: bool,
        [a, b, diff, lo, hi]: [&str; 5],
        significant: bool,
    ) -> Option<Self> {
        let n = |s: &str| s.parse::<f64>().ok();
        Some(Self {
            file,
            item,
            what,
            metric: metric.into(),
            share,
            a: n(a)?,
            b: n(b)?,
            diff: n(diff)?,
            interval: n(lo).zip(n(hi)),
            significant,
            turn: Naming::PLAIN.turn,
            subset: false,
        })
    }

    /// What a designer acts on first: endings and stalls, then seat and role balance, then
    /// length, then everything else; last, a row whose sides count different games.
    fn tier(&self) -> u8 {
        let m = self.metric.as_str();
        if self.subset {
            5
        } else if self.file == "endings.csv" || matches!(m, "capped_rate" | "shared_victory_rate") {
            0
        } else if self.file == "roles.csv"
            || m == "seat_gap"
            || (self.file.is_empty() && (m.ends_with("_win_rate") || m.ends_with(OVER_FAIR)))
        {
            1
        } else if self.file.is_empty() && m == "mean_turns" {
            2
        } else if m.ends_with("_mean_score") {
            4
        } else {
            3
        }
    }

    /// The change over the size that matters: 1 is where it starts to.
    fn size(&self) -> f64 {
        size(self.share, &self.metric, self.a, self.b, self.diff)
    }

    fn value(&self, x: f64) -> String {
        // The seat gap is a difference of two shares: read in points, as its change is.
        if self.metric == "seat_gap" {
            points(x)
        } else if self.metric.ends_with(OVER_FAIR) {
            // Above or below the fair share: its sign is the point.
            self.change(x)
        } else if self.share {
            pct(x)
        } else {
            three(x)
        }
    }

    fn change(&self, x: f64) -> String {
        signed(self.share, &self.metric, x, self.turn)
    }

    /// `seat 1 win rate: 24.1% in B against 20.5% in A, +3.6 points (95% CI +2.9 points to
    /// +4.3 points).`
    pub(crate) fn sentence(&self) -> String {
        let mut text = format!(
            "{}: {} in B against {} in A, {}",
            self.what,
            self.value(self.b),
            self.value(self.a),
            self.change(self.diff)
        );
        if let Some((lo, hi)) = self.interval {
            text += &format!(" (95% CI {} to {})", self.change(lo), self.change(hi));
        }
        text + "."
    }
}

/// A row of a game's own table (file, item, its name where the item does not say it, column,
/// the games it counts where not every game) in words: `games ending deck empty`, `cards ace:
/// holder win rate`, `cards Focus (white-focus): played` (`cards Steady nerves` for
/// `steady-nerves`), a length in the game's turns
/// (`… mean game length (rounds)`), and `… (over the games still running then)`.
pub(crate) fn item_words(
    [file, item, name, column, over]: [&str; 5],
    turn: &'static str,
) -> String {
    // The id is said too unless it only spells the name (`steady-nerves`, "Steady nerves").
    // A numbered row's name says what its number counts (`turn 75`, `chip total 7`), so it
    // stands without the id or the table's name.
    let slug = name.to_lowercase().replace(' ', "-");
    let numbered = name.ends_with(&format!(" {item}"));
    let named;
    let item = if name.is_empty() {
        item
    } else if slug == item || numbered {
        name
    } else {
        named = format!("{name} ({item})");
        &named
    };
    let table = file.trim_end_matches(".csv");
    // Nor is a table's name said twice by an item that starts with it (Cheesy Heist's
    // scrambles.csv, rows `scrambles` and `scrambles a Decoy skipped`).
    let table = if numbered || item == table || item.starts_with(&format!("{table} ")) {
        None
    } else {
        Some(table)
    };
    let words = item_row_words(file, table, item, column, turn);
    if over.is_empty() {
        words
    } else {
        format!("{words} (over {over})")
    }
}

fn item_row_words(
    file: &str,
    table: Option<&str>,
    item: &str,
    column: &str,
    turn: &'static str,
) -> String {
    if file == "endings.csv" && column == "share" {
        format!("games ending {}", item.replace('_', " "))
    } else {
        let naming = Naming { roles: &[], turn };
        let words = metric_words(column, naming);
        // A game's own table counts a length only for the games its item ended (an item that
        // ends the game): not the length of every game, which the summary's row is.
        let whose = if column == "mean_turns" {
            " of the games it ended"
        } else {
            ""
        };
        match table {
            Some(table) => format!("{table} {item}: {words}{whose}"),
            None => format!("{item}: {words}{whose}"),
        }
    }
}

/// A change B − A as a finding says it: a share's in points, the length's in the game's turns,
/// with its sign (a typographic minus, as the tables' headers write B − A).
pub(crate) fn signed(share: bool, metric: &str, x: f64, turn: &str) -> String {
    let sign = if x > 0.0 {
        "+"
    } else if x < 0.0 {
        "−"
    } else {
        ""
    };
    let x = x.abs();
    if share {
        format!("{sign}{}", points(x))
    } else if metric == "mean_turns" {
        format!("{sign}{} {turn}s", three(x))
    } else {
        format!("{sign}{}", three(x))
    }
}

/// A change `diff` from `a` to `b` over the size that matters, 1 where it starts to: 2 points
/// of a share, a turn of length, and for any other figure both a tenth of it and 0.1 a game.
pub(crate) fn size(share: bool, metric: &str, a: f64, b: f64, diff: f64) -> f64 {
    let d = diff.abs();
    if share {
        // As the report's charts and tables read a change under 10 points, to a hundredth of a
        // point: one that reads "+1.99 points" there is not marked, and one marked reads at
        // least "+2.00" there and "+2.0" in its sentence.
        crate::io::report::svg::rounded(d, 4) / SHARE
    } else if metric == "mean_turns" {
        d / LENGTH
    } else {
        let relative = d / (RELATIVE * a.abs().max(b.abs()).max(1e-9));
        relative.min(d / COUNT)
    }
}

/// `x` to three significant digits: 0.0213, 1.23, 52.4, 1234.
pub(crate) fn three(x: f64) -> String {
    let places = if x == 0.0 {
        0
    } else {
        (2 - x.abs().log10().floor() as i32).clamp(0, 6) as usize
    };
    format!("{x:.places$}")
}

/// The findings of a comparison.
pub(crate) struct Findings {
    /// Real and large enough to matter, most important first: each a `!` line.
    pub marked: Vec<String>,
    /// How many more such changes `marked` leaves out.
    pub more: usize,
    /// Real but small, named together.
    pub small: Vec<String>,
    /// How many of `marked` are rows of the game's own tables, which no strength sample plays.
    tables: usize,
    /// A turn as the game says it.
    turn: &'static str,
}

/// Said before any finding where the sides seat different numbers of players: every seat's
/// fair share of wins moves with the count, so a seat's win rate moves with no change in
/// balance.
pub(crate) fn seat_counts_sentence(players_a: usize, players_b: usize) -> Option<String> {
    fair_shares(players_a, players_b).map(|(fair_a, fair_b)| {
        let moved = fair_b - fair_a;
        format!(
            "A seats {players_a} players and B {players_b}: a seat's fair share of wins is {} in A and {} in B, so every win rate {} by about {} with the balance unchanged. The findings read each win rate over its side's fair share (the rows ending over_fair_share), and the seat gap.",
            pct(fair_a),
            pct(fair_b),
            if moved > 0.0 { "rises" } else { "falls" },
            points(moved.abs())
        )
    })
}

/// Every row of a comparison, as it was just written to `compare.csv` and `compare_items.csv`.
pub(crate) fn changes(
    rows: &[super::Row],
    items: &[super::items::ItemRow],
    naming: Naming,
) -> Vec<Change> {
    fn cells<'a>(a: &'a str, b: &'a str, d: &'a str, l: &'a str, h: &'a str) -> [&'a str; 5] {
        [a, b, d, l, h]
    }
    rows.iter()
        .filter_map(|r| {
            Change::metric(
                &r.metric,
                cells(&r.a, &r.b, &r.diff, &r.ci_low, &r.ci_high),
                r.significant == "yes",
                naming,
            )
        })
        .chain(items.iter().filter_map(|r| {
            Change::item(
                [&r.file, &r.item, &r.name, &r.column, r.over],
                super::items::proportion(r.kind),
                cells(&r.a, &r.b, &r.diff, &r.ci_low, &r.ci_high),
                r.significant == "yes",
                naming.turn,
            )
        }))
        .collect()
}

/// Ranks `changes`: the significant ones, by tier then by size. A win rate read over its fair
/// share (sides of different sizes) is found by that row alone.
pub(crate) fn rank(mut changes: Vec<Change>) -> Findings {
    // The game's turn, as its figures' rows carry it (the items' have no length).
    let turn = changes
        .iter()
        .find(|c| c.file.is_empty())
        .map_or(Naming::PLAIN.turn, |c| c.turn);
    let superseded: Vec<bool> = changes
        .iter()
        .map(|c| {
            let read = over_fair(&c.metric);
            changes
                .iter()
                .any(|o| o.file == c.file && o.item == c.item && o.metric == read)
        })
        .collect();
    let mut superseded = superseded.into_iter();
    changes.retain(|c| {
        !superseded.next().unwrap_or(false) && c.significant && c.metric != "first_seat_win_rate"
    });
    changes.sort_by(|x, y| {
        let large = |c: &Change| c.size() >= 1.0;
        large(y)
            .cmp(&large(x))
            .then(x.tier().cmp(&y.tier()))
            .then(y.size().total_cmp(&x.size()))
    });
    let (large, small): (Vec<Change>, Vec<Change>) =
        changes.into_iter().partition(|c| c.size() >= 1.0);
    Findings {
        more: large.len().saturating_sub(NAMED),
        tables: large
            .iter()
            .take(NAMED)
            .filter(|c| !c.file.is_empty())
            .count(),
        marked: large.iter().take(NAMED).map(Change::sentence).collect(),
        small: small.into_iter().map(|c| c.what).collect(),
        turn,
    }
}

/// The least change that matters, as sentences list it: "2.0 points of a share, a test of
/// length, or 10.0% and 0.1 a game of other figures".
pub(crate) fn sizes_that_matter(turn: &str) -> String {
    let length = if LENGTH == 1.0 {
        format!("a {turn}")
    } else {
        format!("{LENGTH} {turn}s")
    };
    format!(
        "{} of a share, {length} of length, or {} and {COUNT} a game of other figures",
        points(SHARE),
        pct(RELATIVE)
    )
}

impl Findings {
    /// The sentence after the marked findings that names the small ones.
    pub(crate) fn small_sentence(&self) -> Option<String> {
        (!self.small.is_empty()).then(|| {
            format!(
                "Also real, but under {}: {}.",
                sizes_that_matter(self.turn),
                if self.small.len() > SMALL_NAMED {
                    format!(
                        "{} and {} more",
                        self.small[..SMALL_NAMED].join(", "),
                        self.small.len() - SMALL_NAMED
                    )
                } else {
                    self.small.join(", ")
                }
            )
        })
    }

    /// Where a strength sample was played (`sampled`) and a marked finding is a row of the
    /// game's own tables: the sentence that says strong play did not check it.
    pub(crate) fn tables_sentence(&self, sampled: bool) -> Option<String> {
        (sampled && self.tables > 0).then(|| {
            format!(
                "{} from the game's own tables (compare_items.csv) {} the run's bots' alone: the strength sample measures only the figures of compare.csv.",
                if self.tables == 1 { "The finding" } else { "The findings" },
                if self.tables == 1 { "is" } else { "are" },
            )
        })
    }

    /// As lines for the terminal; `sampled`: whether a strength sample was played.
    pub(crate) fn text(&self, sampled: bool) -> String {
        let mut out = String::new();
        if self.marked.is_empty() {
            out += &format!(
                "  No change large enough to matter ({}).\n",
                sizes_that_matter(self.turn)
            );
        }
        for m in &self.marked {
            out += &format!("  ! {m}\n");
        }
        if self.more > 0 {
            out += &format!(
                "  … and {} more such {} (compare.csv, compare_items.csv).\n",
                self.more,
                if self.more == 1 { "change" } else { "changes" }
            );
        }
        if let Some(s) = self.tables_sentence(sampled) {
            out += &format!("  {s}\n");
        }
        if let Some(s) = self.small_sentence() {
            out += &format!("  {s}\n");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game that calls a turn a round.
    const ROUNDS: Naming = Naming {
        roles: &[],
        turn: "round",
    };

    fn row(metric: &str, a: &str, b: &str, diff: &str, significant: bool) -> Change {
        Change::metric(metric, [a, b, diff, diff, diff], significant, ROUNDS).unwrap()
    }

    #[test]
    fn sides_of_different_sizes_are_said_to_have_different_fair_shares() {
        assert_eq!(seat_counts_sentence(4, 4), None);
        let said = seat_counts_sentence(4, 3).unwrap();
        assert!(
            said.starts_with("A seats 4 players and B 3: a seat's fair share of wins is 25.0% in A and 33.3% in B, so every win rate rises by about 8.3 points with the balance unchanged. The findings read each win rate over its side's fair share"),
            "{said}"
        );
        assert!(
            seat_counts_sentence(3, 5)
                .unwrap()
                .contains("falls by about 13.3 points")
        );
    }

    /// Sides of different sizes: a win rate that rose with the fair share is no finding; the
    /// same rate over its fair share is, signed on both sides.
    #[test]
    fn a_win_rate_over_its_fair_share_stands_in_for_the_rate() {
        let holder = |column: &str, cells: [&str; 5]| {
            Change::item(
                ["cards.csv", "ace", "", column, ""],
                true,
                cells,
                true,
                "turn",
            )
            .unwrap()
        };
        let f = rank(vec![
            row("seat_2_win_rate", "0.249", "0.330", "0.081", true),
            Change::metric(
                "seat_2_win_rate_over_fair_share",
                ["-0.001", "-0.003", "-0.002", "-0.006", "0.002"],
                false,
                Naming::PLAIN,
            )
            .unwrap(),
            Change::metric(
                "seat_3_win_rate_over_fair_share",
                ["-0.086", "-0.124", "-0.038", "-0.041", "-0.035"],
                true,
                Naming::PLAIN,
            )
            .unwrap(),
            holder(
                "holder_win_rate",
                ["0.274", "0.390", "0.117", "0.111", "0.122"],
            ),
            holder(
                "holder_win_rate_over_fair_share",
                ["0.024", "0.057", "0.033", "0.028", "0.039"],
            ),
        ]);
        assert_eq!(
            f.marked,
            [
                "seat 3 win rate over fair share: −12.4 points in B against −8.6 points in A, −3.8 points (95% CI −4.1 points to −3.5 points).",
                "cards ace: holder win rate over fair share: +5.7 points in B against +2.4 points in A, +3.3 points (95% CI +2.8 points to +3.9 points).",
            ]
        );
        assert!(f.small.is_empty(), "{:?}", f.small);
        // The card's row is the game's own table's, which no strength sample plays.
        assert_eq!(
            f.tables_sentence(true).unwrap(),
            "The finding from the game's own tables (compare_items.csv) is the run's bots' alone: the strength sample measures only the figures of compare.csv."
        );
        assert!(f.text(true).contains("is the run's bots' alone"));
        assert_eq!(f.tables_sentence(false), None);
        assert!(!f.text(false).contains("alone"));
    }

    #[test]
    fn endings_and_seats_come_before_scores_and_small_changes_after_large() {
        let items = Change::item(
            ["endings.csv", "deck_empty", "", "share", ""],
            true,
            ["0.0004", "0.19", "0.1896", "0.18", "0.19"],
            true,
            "round",
        )
        .unwrap();
        let f = rank(vec![
            row("seat_1_mean_score", "2.1", "2.8", "0.65", true),
            row("mean_turns", "33.1", "52.4", "19.3", true),
            row("seat_2_win_rate", "0.21", "0.218", "0.008", true),
            row("seat_3_win_rate", "0.20", "0.25", "0.05", false),
            items,
        ]);
        // A statistic without two sides (the KS test) is no finding: the table has it.
        assert!(
            Change::metric(
                "game_length_distribution_ks",
                ["", "", "0.43", "", ""],
                true,
                Naming::PLAIN
            )
            .is_none()
        );
        assert_eq!(f.marked.len(), 3, "{:?}", f.marked);
        assert!(
            f.marked[0].starts_with(
                "games ending deck empty: 19.0% in B against 0.04% in A, +19.0 points"
            )
        );
        assert!(
            f.marked[1].starts_with(
                "mean game length (rounds): 52.4 in B against 33.1 in A, +19.3 rounds"
            )
        );
        assert!(f.marked[2].starts_with("seat 1 mean score"));
        // 0.8 points is real but small; an insignificant 5 points is no finding at all.
        assert_eq!(f.small, ["seat 2 win rate"]);
        assert!(f.small_sentence().unwrap().contains("under 2.0 points"));
    }

    /// A game's own table's length is in the game's turns, and says whose games it counts.
    #[test]
    fn a_tables_length_is_in_the_games_turns_and_of_the_games_its_item_ended() {
        let c = Change::item(
            ["jobs.csv", "C", "", "mean_turns", ""],
            false,
            ["18.9", "20.2", "1.34", "1.06", "1.62"],
            true,
            "test",
        )
        .unwrap();
        assert_eq!(
            c.sentence(),
            "jobs C: mean game length (tests) of the games it ended: 20.2 in B against 18.9 in A, +1.34 tests (95% CI +1.06 tests to +1.62 tests)."
        );
    }

    /// A row whose table names its item (a card's name beside its id) says both, as
    /// `compare_items.csv` has them, or the name alone where the id only spells it.
    #[test]
    fn a_named_item_reads_by_its_name_then_its_id() {
        let words = |item, name| item_words(["cards.csv", item, name, "played", ""], "turn");
        assert_eq!(
            words("white-focus", "Focus"),
            "cards Focus (white-focus): played"
        );
        assert_eq!(
            words("steady-nerves", "Steady nerves"),
            "cards Steady nerves: played"
        );
        assert_eq!(words("tumble", ""), "cards tumble: played");
        // A numbered row, named by what its number counts; a table named as its one item.
        assert_eq!(
            item_words(["cheese.csv", "75", "turn 75", "leader_cheese", ""], "turn"),
            "turn 75: leader cheese"
        );
        assert_eq!(
            item_words(["scrambles.csv", "scrambles", "", "per_game", ""], "turn"),
            "scrambles: per game"
        );
        assert_eq!(
            item_words(
                [
                    "scrambles.csv",
                    "scrambles a Decoy skipped",
                    "",
                    "per_game",
                    ""
                ],
                "turn"
            ),
            "scrambles a Decoy skipped: per game"
        );
    }

    /// A row that counts only some games (those still running at a turn) compares different
    /// games on each side: it says so, and comes after a smaller change of every game.
    #[test]
    fn a_row_of_only_some_games_says_so_and_comes_last() {
        let item = |file: &str, over: &str, cells: [&str; 5]| {
            Change::item(
                [file, "65", "", "cheese_in_hands", over],
                false,
                cells,
                true,
                "turn",
            )
            .unwrap()
        };
        let f = rank(vec![
            item(
                "cheese.csv",
                "the games still running then",
                ["13.5", "16.0", "2.50", "2.44", "2.56"],
            ),
            item("cards.csv", "", ["13.5", "15.0", "1.50", "1.44", "1.56"]),
        ]);
        assert_eq!(
            f.marked,
            [
                "cards 65: cheese in hands: 15.0 in B against 13.5 in A, +1.50 (95% CI +1.44 to +1.56).",
                "cheese 65: cheese in hands (over the games still running then): 16.0 in B against 13.5 in A, +2.50 (95% CI +2.44 to +2.56).",
            ]
        );
    }

    /// A change is as large as it reads: +1.9995 and +1.996 points read "+2.00 points" in the
    /// report and "+2.0 points" in a sentence, and are marked; +1.994 reads "+1.99" and is
    /// listed among those "under 2.0 points".
    #[test]
    fn a_change_is_as_large_as_it_reads() {
        let f = rank(vec![
            row(
                "test_success_rate",
                "0.640764",
                "0.660759",
                "0.019995",
                true,
            ),
            row("capped_rate", "0.10", "0.11996", "0.01996", true),
            row("shared_victory_rate", "0.10", "0.11994", "0.01994", true),
        ]);
        assert_eq!(f.marked.len(), 2, "{:?}", f.marked);
        assert!(
            f.marked.iter().all(|m| m.contains("+2.0 points (")),
            "{:?}",
            f.marked
        );
        assert_eq!(f.small, ["shared victory rate"]);
    }

    /// The seat gap reads in points on both sides, as its change does.
    #[test]
    fn the_seat_gap_reads_in_points() {
        let c = row("seat_gap", "0.619", "0.251", "-0.368", true);
        assert!(
            c.sentence()
                .starts_with("seat gap: 25.1 points in B against 61.9 points in A, −36.8 points"),
            "{}",
            c.sentence()
        );
    }

    #[test]
    fn a_fall_reads_as_a_minus() {
        let c = row("capped_rate", "0.10", "0.04", "-0.06", true);
        assert_eq!(
            c.sentence(),
            "capped rate: 4.0% in B against 10.0% in A, −6.0 points (95% CI −6.0 points to −6.0 points)."
        );
    }
}
