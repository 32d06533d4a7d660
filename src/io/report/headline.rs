//! The sentences a designer reads first, in the terminal and at the top of the page, written
//! once here so both say the same thing: how many games never reached the game's own ending,
//! and the seat gap.

use super::svg::rounded;
use crate::stats::Estimate;
use crate::stats::figures::seat_gap;

/// An ending that is not the game played to its goal (a fallback rule decides it, or everyone
/// loses), with how a headline says it. The turn cap is every game's and needs no declaring.
#[derive(Clone, Copy, Debug)]
pub struct Stall {
    /// Its name in `endings.csv`.
    pub ending: &'static str,
    /// What happens, after "N% of games …".
    pub says: &'static str,
}

/// An ending this share of games or more takes is the headline, before any balance figure:
/// one game in twenty not finishing as the rules intend changes what every other figure means.
pub(crate) const STALLED: f64 = 0.05;

/// How a game the turn cap stops is decided, by the game's rules: what its headlines say of
/// the capped games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// Won by no one.
    NoWinner,
    /// Scored as it stands, so the seats ahead win it.
    Scored,
    /// Not known here: a page drawn from a folder that does not say which game it played.
    Unknown,
}

impl Cap {
    /// What such games did, after "N% of games".
    fn did(self) -> &'static str {
        match self {
            Cap::NoWinner => "hit the turn cap with no winner",
            Cap::Scored => "hit the turn cap and were scored as they stood",
            Cap::Unknown => "hit the turn cap",
        }
    }

    /// The turn cap's headline, after "N% of games".
    fn says(self) -> String {
        format!("{}: the cap ended them, not the rules", self.did())
    }

    /// How the seat gap counts them, after "the N% that hit the turn cap counted as".
    fn counted(self) -> &'static str {
        match self {
            Cap::NoWinner => "won by no one",
            Cap::Scored => "won by whoever led when it stopped them",
            Cap::Unknown => "the game's rules decide a game the cap stops",
        }
    }
}

/// A summary figure that is no share as the terminal and page write it: a whole number bare, a
/// median (`median_turns`; of an even count of games, a half) to its half, a mean to two
/// decimals.
pub(crate) fn plain(metric: &str, x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else if metric.starts_with("median") && (x * 2.0).fract() == 0.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// A share as the terminal and page write it: to a tenth of a point.
pub(crate) fn pct(x: f64) -> String {
    super::svg::Scale::Percent.format(x)
}

/// A share's 95% interval as the terminal and tables write it: `36.8 – 41.1%`.
pub(crate) fn span(low: f64, high: f64) -> String {
    format!("{} – {}", pct(low).trim_end_matches('%'), pct(high))
}

/// How a game names what its figures count: each seat's role, seat 1's first (nothing in a
/// game without roles), and one turn as its players say it ("test", "round").
#[derive(Clone, Copy)]
pub(crate) struct Naming<'a> {
    pub roles: &'a [String],
    pub turn: &'static str,
}

impl Naming<'static> {
    /// A game without roles that calls a turn a turn.
    pub(crate) const PLAIN: Self = Self {
        roles: &[],
        turn: "turn",
    };
}

/// A metric in words, a seat named with its role where the game has roles (`seat_1_win_rate`:
/// `seat 1 (hunter) win rate`), a game's length in its own turns (`mean game length (tests)`).
pub(crate) fn metric_words(metric: &str, naming: Naming) -> String {
    let roles = naming.roles;
    if let Some(which) = metric.strip_suffix("_turns")
        && matches!(which, "mean" | "median")
    {
        return format!("{which} game length ({}s)", naming.turn);
    }
    let words = metric.replace('_', " ");
    let seat = metric
        .strip_prefix("seat_")
        .and_then(|rest| rest.split('_').next())
        .and_then(|n| n.parse::<usize>().ok());
    match seat.and_then(|n| Some((n, roles.get(n.checked_sub(1)?)?))) {
        Some((n, role)) => words.replacen(&format!("seat {n}"), &format!("seat {n} ({role})"), 1),
        None => words,
    }
}

/// Said first where a sweep's points seat `fewest` to `most` players (each point's seats
/// given): every seat's fair share of wins moves with the table's size, and its rate with it.
pub(crate) fn swept_tables(seats: &[usize]) -> Option<String> {
    let (fewest, most) = (*seats.iter().min()?, *seats.iter().max()?);
    (fewest > 0 && fewest != most).then(|| {
        format!(
            "The points seat {fewest} to {most} players: a seat's fair share of wins is {} at {fewest} and {} at {most}, so every seat's win rate moves with the table's size; read each seat against its point's fair share, and the seat gap.",
            pct(1.0 / fewest as f64),
            pct(1.0 / most as f64)
        )
    })
}

/// A seat's win rate (`seat_2_win_rate`), not the seat gap: a seat's row of a summary, its
/// count at a point the seats the point has.
pub(crate) fn is_seat_rate(metric: &str) -> bool {
    metric.starts_with("seat_") && metric.ends_with("_win_rate")
}

/// `n` games, as a sentence says them: `1 game`, `2,000 games`.
pub(crate) fn games(n: impl std::fmt::Display) -> String {
    count(n, "game")
}

/// `n` of `noun`, plural unless one: "1 point", "3 points".
pub(crate) fn count(n: impl std::fmt::Display, noun: &str) -> String {
    match n.to_string() {
        one if one == "1" => format!("1 {noun}"),
        many => format!("{many} {noun}s"),
    }
}

/// A difference of two shares in points, to a tenth of a point.
pub(crate) fn points(x: f64) -> String {
    format!("{} points", tenths(x))
}

/// A share in percent to one decimal, halves rounded away from zero as people round them, so
/// the figure reads the same from the exact count and from the CSV's six decimals.
pub(crate) fn tenths(x: f64) -> String {
    format!("{:.1}", rounded(x, 3) * 100.0 + 0.0)
}

/// One headline for each way of ending that `STALLED` of games or more take: the turn cap (its
/// share of all games, `capped`, decided as `cap` says), then the game's declared `stalls`
/// found in `endings` (name and share).
pub(crate) fn stalls(
    capped: Option<Estimate>,
    endings: &[(&str, Estimate)],
    declared: &[Stall],
    cap: Cap,
) -> Vec<String> {
    let mut found: Vec<(Estimate, String)> = Vec::new();
    if let Some(c) = capped {
        found.push((c, cap.says()));
    }
    for s in declared {
        if let Some((_, e)) = endings.iter().find(|(name, _)| *name == s.ending) {
            found.push((*e, s.says.to_string()));
        }
    }
    found
        .into_iter()
        .filter(|(e, _)| e.value >= STALLED)
        .map(|(e, says)| {
            format!(
                "{} of games {says} (95% CI {}–{}).",
                pct(e.value),
                pct(e.low),
                pct(e.high)
            )
        })
        .collect()
}

/// A comparison's headline when either side's games stall at the turn cap (shares `a` and
/// `b`, each side's game deciding them as its `caps` entry says): every other difference is
/// between games that mostly never finished.
pub(crate) fn compared_stall(a: f64, b: f64, [cap_a, cap_b]: [Cap; 2]) -> Option<String> {
    (a.max(b) >= STALLED).then(|| {
        if cap_a == cap_b {
            format!(
                "{} of A's games and {} of B's {}.",
                pct(a),
                pct(b),
                cap_a.says()
            )
        } else {
            format!(
                "{} of A's games {} and {} of B's {}: the cap ended them, not the rules.",
                pct(a),
                cap_a.did(),
                pct(b),
                cap_b.did()
            )
        }
    })
}

/// A sweep's headline when games stall at the turn cap at some of its points (`capped`, each
/// point's name, as `key=value, …`, and share).
pub(crate) fn swept_stall(capped: &[(String, f64)], cap: Cap) -> Option<String> {
    swept(capped, cap.did(), " The cap ended them, not the rules.")
}

/// A sweep's headline for each of the game's `declared` stalls that `STALLED` of games or more
/// take at some of its points; `shares` gives each point's name and an ending's share there, as
/// simulate's headline reads it from endings.csv.
pub(crate) fn swept_stalls(
    declared: &[Stall],
    shares: impl Fn(&str) -> Vec<(String, f64)>,
) -> Vec<String> {
    declared
        .iter()
        .filter_map(|s| swept(&shares(s.ending), s.says, ""))
        .collect()
}

/// The points a sweep's stall sentence names, most stalled first; the rest are counted (all
/// are named where naming the last takes no more room than counting it).
const NAMED_POINTS: usize = 3;

/// "At 2 of 3 points 5.0% or more of games `says` (63.7% at k=3; 43.1% at k=2).`tail`", when
/// any of `shares` reaches `STALLED`: the designer sees which points to read with care, not
/// only how many. In brackets, since a game's stall may have a colon of its own; parted by
/// semicolons, since a point of a grid is named with commas.
fn swept(shares: &[(String, f64)], says: &str, tail: &str) -> Option<String> {
    let mut stalled: Vec<&(String, f64)> = shares.iter().filter(|(_, c)| *c >= STALLED).collect();
    (!stalled.is_empty()).then(|| {
        // Stable, so points stalled alike keep the sweep's order.
        stalled.sort_by(|a, b| b.1.total_cmp(&a.1));
        let shown = if stalled.len() > NAMED_POINTS + 1 {
            NAMED_POINTS
        } else {
            stalled.len()
        };
        let mut named: Vec<String> = stalled[..shown]
            .iter()
            .map(|(point, share)| format!("{} at {point}", pct(*share)))
            .collect();
        if stalled.len() > shown {
            named.push(format!(
                "and {}",
                count(stalled.len() - shown, "more point")
            ));
        }
        format!(
            "At {} of {} points {} or more of games {says} ({}).{tail}",
            stalled.len(),
            shares.len(),
            pct(STALLED),
            named.join("; ")
        )
    })
}

/// What a shard's figures are, on its page and in its terminal: `shard` as `--shard` gave it,
/// `games` as the page writes a count.
pub(crate) fn one_shard(shard: &str, games: &str) -> String {
    format!(
        "This is one shard (--shard {shard}) of a run: the figures are for its own {games} games; `whisker merge` joins the shards into the whole result."
    )
}

/// The seat gap in words: which seat wins most and least (`names`, as people name the seats),
/// by how many points, and, when many games never finished (`capped`, a share, decided as
/// `cap` says), that the figure counts them.
pub(crate) fn seat_gap_sentence(
    rates: &[Estimate],
    names: &[String],
    capped: f64,
    cap: Cap,
) -> String {
    let (gap, best, worst) = seat_gap(rates);
    let mut text = if gap.value == 0.0 {
        format!(
            "Seat gap 0 points: every seat wins {} of games (95% CI of the gap 0–{}).",
            pct(rates[best].value),
            points(gap.high)
        )
    } else {
        format!(
            "Seat gap {}: {} wins {} of games, {} {} (95% CI of the gap {}–{}).",
            points(gap.value),
            names[best],
            pct(rates[best].value),
            names[worst],
            pct(rates[worst].value),
            points(gap.low).trim_end_matches(" points"),
            points(gap.high)
        )
    };
    if capped >= STALLED {
        text += &format!(
            " Over every game, the {} that hit the turn cap counted as {}.",
            pct(capped),
            cap.counted()
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::wilson;

    #[test]
    fn a_median_of_an_even_count_is_read_to_its_half() {
        assert_eq!(plain("median_turns", 32.0), "32");
        assert_eq!(plain("median_turns", 18.5), "18.5");
        // A mean beside its interval keeps two decimals, a half as well.
        assert_eq!(plain("mean_turns", 7.5), "7.50");
        assert_eq!(plain("mean_turns", 7.29), "7.29");
        assert_eq!(plain("mean_turns", 7.0), "7");
    }

    #[test]
    fn one_game_is_a_game() {
        assert_eq!(games(1u64), "1 game");
        assert_eq!(games("2,000"), "2,000 games");
        assert_eq!(games(0), "0 games");
        assert_eq!(games(1.0), "1 game");
        assert_eq!(count(1, "point"), "1 point");
        assert_eq!(count(4, "point"), "4 points");
    }

    #[test]
    fn a_seat_is_named_with_its_role_where_the_game_has_roles() {
        let roles = ["hunter".to_string(), "prey".to_string()];
        let metric_words = |m: &str, roles: &[String]| {
            metric_words(
                m,
                Naming {
                    roles,
                    turn: "round",
                },
            )
        };
        assert_eq!(
            metric_words("seat_1_win_rate", &roles),
            "seat 1 (hunter) win rate"
        );
        assert_eq!(
            metric_words("seat_2_mean_score", &roles),
            "seat 2 (prey) mean score"
        );
        // No role for a seat past the list, none in a game without roles, and only a seat's
        // number is a seat.
        assert_eq!(metric_words("seat_3_win_rate", &roles), "seat 3 win rate");
        assert_eq!(metric_words("seat_1_win_rate", &[]), "seat 1 win rate");
        assert_eq!(metric_words("seat_gap", &roles), "seat gap");
        assert_eq!(
            metric_words("first_seat_win_rate", &roles),
            "first seat win rate"
        );
        // A game's length in its own turns.
        assert_eq!(metric_words("mean_turns", &[]), "mean game length (rounds)");
        assert_eq!(
            metric_words("median_turns", &[]),
            "median game length (rounds)"
        );
        assert_eq!(metric_words("seat_1_turns", &[]), "seat 1 turns");
    }

    #[test]
    fn the_gap_is_the_best_seat_minus_the_worst() {
        // Four seats, the best winning 40.2% and the worst 16.4% of 1,000 games.
        let rates = [
            wilson(402, 1000),
            wilson(250, 1000),
            wilson(164, 1000),
            wilson(184, 1000),
        ];
        let (gap, best, worst) = seat_gap(&rates);
        assert_eq!((best, worst), (0, 2));
        assert!((gap.value - 0.238).abs() < 1e-12);
        assert!(gap.low < gap.value && gap.value < gap.high);
        let names: Vec<String> = (1..=4).map(|s| format!("seat {s}")).collect();
        let text = seat_gap_sentence(&rates, &names, 0.0, Cap::NoWinner);
        assert!(
            text.starts_with("Seat gap 23.8 points: seat 1 wins 40.2% of games, seat 3 16.4%"),
            "{text}"
        );
        assert!(!text.contains("turn cap"));
        let capped = seat_gap_sentence(&rates, &names, 0.568, Cap::NoWinner);
        assert!(capped.ends_with("the 56.8% that hit the turn cap counted as won by no one."));
        let scored = seat_gap_sentence(&rates, &names, 0.568, Cap::Scored);
        assert!(
            scored.ends_with(
                "the 56.8% that hit the turn cap counted as won by whoever led when it stopped them."
            ),
            "{scored}"
        );
    }

    /// A game the cap stops is said to have no winner only where the rules give it none.
    #[test]
    fn the_cap_headline_says_how_the_game_decides_a_capped_game() {
        let capped = Some(wilson(570, 1000));
        let [none] = stalls(capped, &[], &[], Cap::NoWinner).try_into().unwrap();
        assert!(
            none.starts_with(
                "57.0% of games hit the turn cap with no winner: the cap ended them, not the rules (95% CI"
            ),
            "{none}"
        );
        let [scored] = stalls(capped, &[], &[], Cap::Scored).try_into().unwrap();
        assert!(
            scored.starts_with(
                "57.0% of games hit the turn cap and were scored as they stood: the cap ended them, not the rules (95% CI"
            ),
            "{scored}"
        );
        assert_eq!(
            compared_stall(0.57, 0.0, [Cap::Scored; 2]).unwrap(),
            "57.0% of A's games and 0.0% of B's hit the turn cap and were scored as they stood: the cap ended them, not the rules."
        );
        let points = [("k=1".to_string(), 0.0), ("k=2".to_string(), 0.57)];
        assert_eq!(
            swept_stall(&points, Cap::Scored).unwrap(),
            "At 1 of 2 points 5.0% or more of games hit the turn cap and were scored as they stood (57.0% at k=2). The cap ended them, not the rules."
        );
        assert!(
            swept_stall(&points, Cap::NoWinner)
                .unwrap()
                .contains("games hit the turn cap with no winner (57.0% at k=2). The cap")
        );
        assert_eq!(
            compared_stall(0.57, 0.06, [Cap::Scored, Cap::NoWinner]).unwrap(),
            "57.0% of A's games hit the turn cap and were scored as they stood and 6.0% of B's hit the turn cap with no winner: the cap ended them, not the rules."
        );
        let [unknown] = stalls(capped, &[], &[], Cap::Unknown).try_into().unwrap();
        assert!(
            unknown.starts_with("57.0% of games hit the turn cap: the cap ended them"),
            "{unknown}"
        );
    }

    #[test]
    fn only_endings_at_one_game_in_twenty_are_headlines() {
        let declared = [Stall {
            ending: "deck_empty",
            says: "end when the draw pile runs out",
        }];
        let endings = [
            ("goal", wilson(800, 1000)),
            ("deck_empty", wilson(194, 1000)),
        ];
        let found = stalls(Some(wilson(49, 1000)), &endings, &declared, Cap::NoWinner);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("19.4% of games end when the draw pile runs out (95% CI"));
        let found = stalls(Some(wilson(568, 1000)), &endings, &declared, Cap::NoWinner);
        assert_eq!(found.len(), 2);
        assert!(found[0].starts_with("56.8% of games hit the turn cap"));
        assert!(stalls(None, &[], &declared, Cap::NoWinner).is_empty());
    }

    /// A sweep names a declared stall as simulate does, at the points where it reaches one
    /// game in twenty; an ending the game does not declare, or under that share, is not one.
    #[test]
    fn a_sweep_names_the_endings_its_game_calls_stalls() {
        let declared = [
            Stall {
                ending: "deck_empty",
                says: "end when the draw pile runs out",
            },
            Stall {
                ending: "everyone_loses",
                says: "end with everyone losing",
            },
        ];
        let at = |values: [f64; 3]| -> Vec<(String, f64)> {
            (1..=3).map(|k| format!("cat={k}")).zip(values).collect()
        };
        let shares = |ending: &str| match ending {
            "deck_empty" => at([0.019, 0.431, 0.637]),
            "everyone_loses" => at([0.001, 0.04, 0.049]),
            _ => at([0.9, 0.9, 0.9]),
        };
        assert_eq!(
            swept_stalls(&declared, shares),
            [
                "At 2 of 3 points 5.0% or more of games end when the draw pile runs out (63.7% at cat=3; 43.1% at cat=2)."
            ]
        );
    }

    /// A long sweep names its most stalled points and counts the rest; points stalled alike
    /// keep the sweep's order.
    #[test]
    fn a_sweep_names_its_three_most_stalled_points() {
        let capped: Vec<(String, f64)> = [0.2, 0.01, 0.5, 0.2, 0.3, 0.06]
            .iter()
            .enumerate()
            .map(|(i, &c)| (format!("rules.max_turns={}", 100 * (i + 1)), c))
            .collect();
        assert_eq!(
            swept_stall(&capped, Cap::NoWinner).unwrap(),
            "At 5 of 6 points 5.0% or more of games hit the turn cap with no winner (50.0% at rules.max_turns=300; 30.0% at rules.max_turns=500; 20.0% at rules.max_turns=100; and 2 more points). The cap ended them, not the rules."
        );
        // One more than three is named, not counted.
        assert!(
            swept_stall(&capped[..5], Cap::NoWinner)
                .unwrap()
                .contains("20.0% at rules.max_turns=100; 20.0% at rules.max_turns=400)."),
        );
    }

    #[test]
    fn shares_read_to_a_tenth_of_a_point() {
        assert_eq!(pct(0.389), "38.9%");
        assert_eq!(pct(0.25), "25.0%");
        // A tenth would double it: 5 games in 10,000 read as themselves.
        assert_eq!(pct(0.0005), "0.05%");
        assert_eq!(pct(0.0), "0.0%");
        // The exact gap and its six-decimal CSV figure read alike.
        assert_eq!(points(0.216 - 0.2145), points(0.001500));
        assert_eq!(points(0.2224), "22.2 points");
    }
}
