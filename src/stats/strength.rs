//! The strength sample: a run's first games played again, on the same seeds, by strong bots (the
//! game's default search at every seat), so that each headline figure says whether it holds for
//! good players or is only the opinion of the bots that played the run.

use serde::Serialize;

use crate::core::game::{Game, MAX_SEATS, seat_name};
use crate::core::runner::Totals;
use crate::stats::metrics::Counts;
use crate::stats::num;
use crate::stats::{Estimate, wilson};

/// The result file that sets each headline figure beside its value under strong play.
pub(crate) const FILE: &str = "strength.csv";

/// A sweep's file of each point's figures beside the strength sample's.
pub(crate) const SWEEP_FILE: &str = "sweep_strength.csv";

/// The strong lineup when `--strength-bots` is not given, as `--bots` names it: the game's
/// default search at every seat.
pub(crate) const BOTS: &str = crate::bots::ismcts::NAME;

/// Whether a lineup, as `run.toml` records it, has a search at some seat. Without one,
/// `--strength-bots` has named hand-written bots, and the sample is only as strong as they are.
pub(crate) fn searches(bots: &str) -> bool {
    crate::core::lineup::split(bots).iter().any(|b| {
        // `ismcts(iterations=200)`, or by role as a sweep records it, `mouse=ismcts`.
        let kind = b.split('(').next().unwrap_or(b);
        kind.rsplit('=').next() == Some(crate::bots::ismcts::NAME)
    })
}

/// How a sentence names the sample's lineup, as `run.toml` records it: one bot `at every seat`,
/// or each seat's in turn, and whether it searches when it does not.
pub(crate) fn played_by(bots: &str) -> String {
    let seats = crate::core::lineup::named(bots);
    if searches(bots) {
        seats
    } else {
        format!("{seats}, a lineup that does not search")
    }
}

/// How a sentence opens on the sample's figures, `of` saying whose and on which seeds: as strong
/// play's only when its lineup searches; else as the lineup `--strength-bots` named.
pub(crate) fn under(bots: &str, of: &str) -> String {
    if searches(bots) {
        format!("Under strong play ({of})")
    } else {
        format!("Under the --strength-bots lineup ({of})")
    }
}

/// The sentence for a run its strength lineup played itself, `what` naming its figures
/// ("figures"): strong play's only when that lineup searches.
pub(crate) fn itself_sentence(bots: &str, what: &str) -> String {
    if searches(bots) {
        format!("These {what} are strong play's: {}.", played_by(bots))
    } else {
        format!(
            "No strength sample was played: the run's bots are the --strength-bots lineup ({}), so these {what} are their opinion and may not hold for good players.",
            played_by(bots)
        )
    }
}

/// The end of a command line that plays `played` games of sample with `bots` (as `run.toml`
/// records them): `--strength N`, and `--strength-bots` when they are not the default. No
/// count (`None`) where the run's own bots are the lineup: `--strength off` would make the
/// same run say no sample was played.
pub(crate) fn reproduce(played: Option<u64>, bots: Option<&str>) -> String {
    let mut out = played.map_or_else(String::new, |n| format!(" --strength {}", Asked::arg(n)));
    if let Some(b) = bots.filter(|&b| b != BOTS) {
        out += &format!(" --strength-bots {}", crate::io::record::quote(b));
    }
    out
}

impl Sample {
    /// [`reproduce`] for this sample. A run whose own lineup was the strong one names it again,
    /// so the rerun says so too rather than "not played".
    pub(crate) fn reproduce(&self) -> String {
        match self {
            Self::Played(bots, games) => reproduce(Some(*games), Some(bots)),
            Self::Itself(bots) => reproduce(None, Some(bots)),
            Self::Not(_) => reproduce(Some(0), None),
        }
    }
}

/// Why a shard, and so a merged result, has no strength sample.
pub(crate) const NONE_IN_SHARDS: &str = "(a shard plays none, so a merged result has none)";

/// Why a sample stopped before its first game has no figures.
pub(crate) const STOPPED_FIRST: &str = "(it was stopped before its first game)";

/// Why a result page's run has no sample: its terminal said why (`--strength off`, a shard).
pub(crate) const NOT_RECORDED: &str = "with this run";

/// The fewest games a strength sample plays: one game has no spread, so a mean's interval
/// would be a point and every figure off it "not confirmed".
pub(crate) const MIN_GAMES: u64 = 2;

/// Fewer sample games than this (the least a default sample plays) leave intervals so wide
/// that a figure inside one is only not contradicted: a sentence saying all hold says so.
pub(crate) const FEW_GAMES: u64 = 300;

/// What follows "… hold" from a sample of `games` (a point): nothing, or, under
/// [`FEW_GAMES`], how little that says.
fn as_far_as(games: u64, unit: &str) -> String {
    if games < FEW_GAMES {
        format!(
            ", as far as {games} games{unit} can tell: their intervals are wide, and rule out only large differences"
        )
    } else {
        String::new()
    }
}

/// What follows a sentence naming the figures not confirmed, from a sample of `games` (a point)
/// under [`FEW_GAMES`]: that those it confirms are only not contradicted.
fn others_hold(games: u64, unit: &str, others: &str) -> String {
    if games < FEW_GAMES {
        format!(" {others} hold{}.", as_far_as(games, unit))
    } else {
        String::new()
    }
}

/// `--strength`: how many of the run's first games the strong bots play again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    Off,
    /// The game's own size: about ten seconds on two cores.
    Auto,
    Games(u64),
}

impl std::str::FromStr for Asked {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "off" | "0" => Ok(Self::Off),
            "auto" => Ok(Self::Auto),
            n => match n.parse() {
                Ok(n) if n < MIN_GAMES => Err(format!(
                    "`{s}`: one game has no spread to judge a figure by; give {MIN_GAMES} or more, auto or off"
                )),
                Ok(n) => Ok(Self::Games(n)),
                Err(_) => Err(format!("`{s}` is not off, auto or a number of games")),
            },
        }
    }
}

impl Asked {
    /// The sample's games in a run of `games` whose game samples `auto` games by default: never
    /// more than the run plays, as the sample replays the run's own seeds, and none below
    /// [`MIN_GAMES`].
    pub fn games(self, auto: u64, games: u64) -> u64 {
        let n = match self {
            Self::Off => 0,
            Self::Auto => auto.min(games),
            Self::Games(n) => n.min(games),
        };
        if n < MIN_GAMES { 0 } else { n }
    }

    /// Why a run asked this way of `games` games plays no sample: `--strength off`, or a run
    /// too short for one.
    pub(crate) fn none(self) -> &'static str {
        if self == Self::Off {
            "(--strength off)"
        } else {
            "(the run is too short: a sample needs at least 2 games)"
        }
    }

    /// How a command line asks for `played` games of sample, to reproduce a run exactly.
    pub fn arg(played: u64) -> String {
        if played == 0 {
            "off".into()
        } else {
            played.to_string()
        }
    }
}

/// What stands beside a run's figures: the strong bots' games, or why there are none.
pub(crate) enum Strong<'a> {
    Played {
        /// The lineup, as the run's `bots` are written.
        bots: String,
        totals: &'a Totals,
        counts: &'a Counts,
    },
    /// The run's own bots are the strong lineup (named so): its figures are strong play's.
    Itself(String),
    /// No sample, and why, as the end of "no strength sample was played …".
    Not(String),
}

/// The strength sample as a run's words name it.
pub(crate) enum Sample {
    /// Its lineup and games.
    Played(String, u64),
    /// The run's own lineup, the strong one.
    Itself(String),
    /// Why none was played, as the end of "no strength sample was played …".
    Not(String),
}

impl Sample {
    /// The sentence over a sweep's table: `doubted` of its `points` have a figure not
    /// confirmed, `marked` of them one by enough to act on ([`by_enough`]); true if it warns.
    pub(crate) fn points_sentence(
        &self,
        doubted: usize,
        marked: usize,
        points: usize,
    ) -> (bool, String) {
        let Self::Played(bots, games) = self else {
            let (warns, said) = self.sentence([]);
            return (
                warns,
                said.replace("these figures", "the figures at every point"),
            );
        };
        let of = format!(
            "{}, on the first {games} seeds of each point",
            played_by(bots)
        );
        if doubted == 0 {
            let said = format!(
                "{}, every figure at every point holds ({SWEEP_FILE}){}.",
                under(bots, &of),
                as_far_as(*games, " a point")
            );
            return (false, said);
        }
        let (noun, verb) = (
            if points == 1 { "point" } else { "points" },
            if doubted == 1 { "has" } else { "have" },
        );
        let by = match marked {
            0 => ", none by enough to act on",
            m if m == doubted => "",
            _ => ", some by enough to act on",
        };
        let said = format!(
            "{}, {doubted} of {points} {noun} {verb} figures not confirmed{by} ({SWEEP_FILE}).",
            under(bots, &of)
        );
        (marked > 0, said)
    }

    /// What follows [`Self::points_sentence`] where `doubted` points have figures not
    /// confirmed: from a small sample, that the figures it confirms are only not contradicted.
    pub(crate) fn points_caveat(&self, doubted: usize) -> String {
        match self {
            Self::Played(_, games) if doubted > 0 => {
                others_hold(*games, " a point", "The figures confirmed")
            }
            _ => String::new(),
        }
    }

    /// The sentence under a run's headline that says which strength its figures hold for,
    /// given each figure's name, verdict and whether it differs from strong play's by enough to
    /// act on ([`by_enough`]); true if it warns, as `!` warns everywhere: of a difference large
    /// enough to act on.
    pub(crate) fn sentence<'a>(
        &self,
        figures: impl IntoIterator<Item = (&'a str, Verdict, bool)>,
    ) -> (bool, String) {
        match self {
            Self::Played(bots, games) => {
                let figures: Vec<(&str, Verdict, bool)> = figures.into_iter().collect();
                let doubted = |large: bool| -> Vec<&str> {
                    figures
                        .iter()
                        .filter(|f| f.1 == Verdict::NotConfirmed && f.2 == large)
                        .map(|f| f.0)
                        .collect()
                };
                let (large, small) = (doubted(true), doubted(false));
                let of = format!("{}, on the run's first {games} seeds", played_by(bots));
                let count = large.len() + small.len();
                if count == 0 {
                    let all = figures.len();
                    (
                        false,
                        format!(
                            "{}, all {all} figures of {FILE} hold{}.",
                            under(bots, &of),
                            as_far_as(*games, "")
                        ),
                    )
                } else {
                    let verb = if count == 1 { "is" } else { "are" };
                    let others = if count < figures.len() {
                        others_hold(*games, "", "The others")
                    } else {
                        String::new()
                    };
                    let warns = !large.is_empty();
                    let (large, small) = (large.join(", "), small.join(", "));
                    // Each group after the words that say how far it is off, so a list of
                    // several reads as one group.
                    let named = match (large.is_empty(), small.is_empty()) {
                        (false, true) => format!(": {large}"),
                        (true, _) if count == 1 => {
                            format!(", by less than enough to act on: {small}")
                        }
                        (true, _) => format!(", each by less than enough to act on: {small}"),
                        (false, false) => {
                            format!(", by enough to act on: {large}; by less: {small}")
                        }
                    };
                    (
                        warns,
                        format!(
                            "{}, {count} of {} figures {verb} not confirmed{named} ({FILE}).{others}",
                            under(bots, &of),
                            figures.len(),
                        ),
                    )
                }
            }
            Self::Itself(bots) => (false, itself_sentence(bots, "figures")),
            Self::Not(why) => (
                false,
                format!(
                    "No strength sample was played {why}: these figures are the run's bots' opinion and may not hold for good players."
                ),
            ),
        }
    }
}

impl Strong<'_> {
    /// How the run's words name it.
    pub(crate) fn sample(&self) -> Sample {
        match self {
            Self::Played { bots, totals, .. } => Sample::Played(bots.clone(), totals.games),
            Self::Itself(bots) => Sample::Itself(bots.clone()),
            Self::Not(why) => Sample::Not(why.clone()),
        }
    }
}

/// Whether a figure of the run holds under strong play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The run's value lies inside the strong sample's 95% interval.
    Confirmed,
    /// It lies outside: strong players see the game otherwise.
    NotConfirmed,
    /// The run was played by the strong lineup itself.
    Itself,
    NotPlayed,
}

impl Verdict {
    pub(crate) fn of(ours: Estimate, strong: Estimate) -> Self {
        if strong.low.is_nan() || ours.value.is_nan() {
            Self::NotPlayed
        } else if ours.value < strong.low || ours.value > strong.high {
            Self::NotConfirmed
        } else {
            Self::Confirmed
        }
    }

    /// The verdict `word` names.
    pub(crate) fn from_word(word: &str) -> Self {
        [Self::Confirmed, Self::NotConfirmed, Self::Itself]
            .into_iter()
            .find(|v| v.word() == word)
            .unwrap_or(Self::NotPlayed)
    }

    /// Its word in `strength.csv`'s and `summary.csv`'s `strong_play` column.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Self::Confirmed => "confirmed",
            Self::NotConfirmed => "not confirmed",
            Self::Itself => "strong play",
            Self::NotPlayed => "not played",
        }
    }
}

/// Whether a figure of the run (`from` its file, `name`d there) and strong play's differ by
/// enough to act on, as `!` marks a finding everywhere: 2 points of a share, a turn of mean
/// length (more than one of a median), a tenth and 0.1 a game of any other figure. A large sample's interval leaves out differences
/// nobody would act on; those are not confirmed, and not marked.
pub(crate) fn by_enough(from: &str, name: &str, ours: f64, strong: f64) -> bool {
    use crate::stats::compare::findings::{LENGTH, size};
    if name == "median_turns" {
        // A median moves in whole turns, so a step of one can come from any small shift of
        // the lengths; more than a turn is one a designer acts on, as a mean's turn is.
        return (ours - strong).abs() > LENGTH;
    }
    let share = from != "summary" || name.ends_with("_rate") || name == "seat_gap";
    size(share, name, ours, strong, strong - ours) >= 1.0
}

/// Whether a difference B − A of a comparison keeps its sign under strong play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sign {
    /// The sample's interval lies wholly on the run's side of 0.
    Keeps,
    /// It lies wholly on the other side: strong players see the change the other way round.
    Flips,
    /// The run found no difference (0), and the sample one on either side.
    Differs,
    /// The sample's interval holds 0: it cannot tell.
    Unsettled,
    /// The run found no difference (0), and the sample's interval holds 0: neither moves.
    Same,
    Itself,
    NotPlayed,
}

impl Sign {
    /// A difference `diff` of the run against the sample's interval `low`..`high`.
    pub(crate) fn of(diff: f64, low: f64, high: f64) -> Self {
        if low.is_nan() || high.is_nan() || diff.is_nan() {
            Self::NotPlayed
        } else if low <= 0.0 && high >= 0.0 {
            if diff == 0.0 {
                Self::Same
            } else {
                Self::Unsettled
            }
        } else if diff == 0.0 {
            Self::Differs
        } else if (diff > 0.0) == (low > 0.0) {
            Self::Keeps
        } else {
            Self::Flips
        }
    }

    /// Its word in `compare.csv`'s `strong_play` column.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Self::Keeps => "keeps its sign",
            Self::Flips => "flips",
            Self::Differs => "differs",
            Self::Unsettled => "unsettled",
            Self::Same => "same",
            Self::Itself => Verdict::Itself.word(),
            Self::NotPlayed => Verdict::NotPlayed.word(),
        }
    }
}

/// A headline figure of the run: its value, and its value under strong play.
#[derive(Clone, Debug)]
pub(crate) struct Figure {
    /// Which of the run's files holds it: `seats`, `roles`, `endings` or `summary`.
    pub from: &'static str,
    /// A seat (`seat 1`), a role, an ending or a `summary.csv` metric, in the game's words.
    pub name: String,
    pub ours: Estimate,
    pub strong: Estimate,
    pub verdict: Verdict,
}

impl Figure {
    /// Whether it differs from strong play's by enough to act on ([`by_enough`]).
    pub(crate) fn by_enough(&self) -> bool {
        by_enough(self.from, &self.name, self.ours.value, self.strong.value)
    }

    /// Whether it is marked `!`: not confirmed, by enough to act on.
    pub(crate) fn marked(&self) -> bool {
        self.verdict == Verdict::NotConfirmed && self.by_enough()
    }
}

/// A row of `strength.csv`.
#[derive(Serialize)]
struct StrengthRow<'a> {
    from: &'static str,
    figure: &'a str,
    value: String,
    ci_low: String,
    ci_high: String,
    strong_value: String,
    strong_ci_low: String,
    strong_ci_high: String,
    strong_play: &'static str,
}

/// The run's headline figures against the strong sample's: each seat's and role's win rate,
/// each ending's share, and every estimate of `summary.csv` but the first seat's win rate
/// (seat 1's row says it).
pub(crate) fn figures<G: Game>(
    game: &G,
    totals: &Totals,
    counts: &Counts,
    strong: &Strong,
) -> Vec<Figure> {
    let ours = Headline::of(game, totals, counts);
    let theirs = match strong {
        Strong::Played { totals, counts, .. } => Some(Headline::of(game, totals, counts)),
        _ => None,
    };
    ours.0
        .into_iter()
        .map(|(from, name, e)| {
            let (strong_e, verdict) = match (strong, &theirs) {
                (Strong::Played { .. }, Some(t)) => {
                    // By name: a figure with nothing to estimate from on one side only (a rate
                    // of no trials) is left out there.
                    let s =
                        t.0.iter()
                            .find(|(f, n, _)| *f == from && *n == name)
                            .map_or(Estimate::UNKNOWN, |x| x.2);
                    (s, Verdict::of(e, s))
                }
                (Strong::Itself(_), _) => (e, Verdict::Itself),
                _ => (Estimate::UNKNOWN, Verdict::NotPlayed),
            };
            Figure {
                from,
                name,
                ours: e,
                strong: strong_e,
                verdict,
            }
        })
        .collect()
}

/// Every headline figure of one set of games, in a fixed order: which file holds it, its name,
/// its estimate.
pub(crate) fn headline<G: Game>(
    game: &G,
    totals: &Totals,
    counts: &Counts,
) -> Vec<(&'static str, String, Estimate)> {
    Headline::of(game, totals, counts).0
}

/// The change `now − then` of two estimates made on separate games, with an approximate 95%
/// interval: the half-widths of their intervals added in quadrature.
pub(crate) fn change(now: Estimate, then: Estimate) -> Estimate {
    let half = |e: Estimate| (e.high - e.low) / 2.0;
    let value = now.value - then.value;
    let spread = half(now).hypot(half(then));
    Estimate {
        value,
        low: value - spread,
        high: value + spread,
    }
}

struct Headline(Vec<(&'static str, String, Estimate)>);

impl Headline {
    fn of<G: Game>(game: &G, totals: &Totals, counts: &Counts) -> Self {
        let players = game.players().min(MAX_SEATS);
        let mut out = Vec::new();
        for s in 0..players {
            out.push((
                "seats",
                seat_name(s),
                wilson(totals.seat_wins[s], totals.games),
            ));
        }
        if let Some(roles) = game.roles() {
            for (r, name) in roles.names.iter().enumerate() {
                let seats = (0..players).filter(|&s| usize::from(roles.of_seat[s]) == r);
                let (n, wins) = seats.fold((0, 0), |(n, w), s| (n + 1, w + totals.seat_wins[s]));
                out.push(("roles", (*name).to_string(), wilson(wins, totals.games * n)));
            }
        }
        for (name, e) in crate::stats::figures::endings(game.declared(), counts, totals.games) {
            out.push(("endings", name, e));
        }
        for row in crate::stats::figures::summary(game, totals) {
            if row.metric == "first_seat_win_rate" {
                continue;
            }
            if let Some(e) = row.parsed() {
                out.push(("summary", row.metric, e));
            }
        }
        Self(out)
    }
}

/// Writes `strength.csv`.
pub(crate) fn write(
    dir: &crate::io::result_dir::ResultDir,
    figures: &[Figure],
) -> anyhow::Result<()> {
    dir.csv(
        FILE,
        figures.iter().map(|f| StrengthRow {
            from: f.from,
            figure: &f.name,
            value: num(f.ours.value),
            ci_low: num(f.ours.low),
            ci_high: num(f.ours.high),
            strong_value: num(f.strong.value),
            strong_ci_low: num(f.strong.low),
            strong_ci_high: num(f.strong.high),
            strong_play: f.verdict.word(),
        }),
    )
}

/// A figure of the strength sample as the terminal and the page name it: a summary metric in
/// words in the game's own turns (`median game length (tests)`), a seat, role or ending as its own
/// table names it.
pub(crate) fn figure_words(from: &str, name: &str, turn: &'static str) -> String {
    use crate::io::report::headline::{Naming, metric_words};
    if from == "summary" {
        metric_words(name, Naming { roles: &[], turn })
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_holds_only_inside_the_strong_interval() {
        let strong = Estimate {
            value: 0.446,
            low: 0.415,
            high: 0.477,
        };
        let at = |value| Estimate {
            value,
            low: value - 0.01,
            high: value + 0.01,
        };
        assert_eq!(Verdict::of(at(0.402), strong), Verdict::NotConfirmed);
        assert_eq!(Verdict::of(at(0.478), strong), Verdict::NotConfirmed);
        assert_eq!(Verdict::of(at(0.415), strong), Verdict::Confirmed);
        assert_eq!(Verdict::of(at(0.46), strong), Verdict::Confirmed);
        assert_eq!(Verdict::of(at(0.46), Estimate::UNKNOWN), Verdict::NotPlayed);
    }

    /// "All hold" from a handful of games says only that nothing large is contradicted: a
    /// 40-game sweep point once read "every figure at every point holds" over a 37-point interval.
    #[test]
    fn only_a_lineup_that_searches_is_called_strong_play() {
        let itself = |bots: &str| Sample::Itself(bots.into()).sentence([]).1;
        assert_eq!(
            itself("ismcts(iterations=200)"),
            "These figures are strong play's: ismcts(iterations=200) at every seat."
        );
        assert_eq!(
            itself("greedy"),
            "No strength sample was played: the run's bots are the --strength-bots lineup (greedy at every seat, a lineup that does not search), so these figures are their opinion and may not hold for good players."
        );
        assert_eq!(
            played_by("greedy,greedy,greedy"),
            "greedy at every seat, a lineup that does not search"
        );
        // A run its own lineup played is made again without --strength off, which would
        // make it say no sample was played.
        assert_eq!(
            Sample::Itself("greedy".into()).reproduce(),
            " --strength-bots greedy"
        );
        assert_eq!(
            under("greedy", "greedy at every seat"),
            "Under the --strength-bots lineup (greedy at every seat)"
        );
        assert!(searches("sleuth,ismcts"));
        assert!(searches("inspector=sleuth,mouse=ismcts(iterations=20)"));
        assert!(!searches("inspector=sleuth,mouse=thief(ismcts=1)"));
        assert!(!searches("sleuth,thief"));
        assert_eq!(
            played_by("sleuth,thief"),
            "sleuth,thief, seat by seat, a lineup that does not search"
        );
    }

    #[test]
    fn all_hold_from_few_games_says_how_little_that_is() {
        let all = [
            ("seat 1", Verdict::Confirmed, false),
            ("seat 2", Verdict::Confirmed, false),
        ];
        let said = |games| Sample::Played("ismcts".into(), games).sentence(all).1;
        assert_eq!(
            said(FEW_GAMES),
            "Under strong play (ismcts at every seat, on the run's first 300 seeds), all 2 figures of strength.csv hold."
        );
        assert_eq!(
            said(40),
            "Under strong play (ismcts at every seat, on the run's first 40 seeds), all 2 figures of strength.csv hold, as far as 40 games can tell: their intervals are wide, and rule out only large differences."
        );
        let points = |games| Sample::Played("ismcts".into(), games).points_sentence(0, 0, 3);
        assert!(points(40).1.ends_with(
            "holds (sweep_strength.csv), as far as 40 games a point can tell: their intervals are wide, and rule out only large differences."
        ));
        assert!(points(FEW_GAMES).1.ends_with("holds (sweep_strength.csv)."));
        // Where some figures are not confirmed, those it confirms are as little sure.
        let some = [
            ("seat 1", Verdict::NotConfirmed, true),
            ("seat 2", Verdict::Confirmed, false),
        ];
        let said = |games| Sample::Played("ismcts".into(), games).sentence(some).1;
        assert!(said(40).ends_with(
            "1 of 2 figures is not confirmed: seat 1 (strength.csv). The others hold, as far as 40 games can tell: their intervals are wide, and rule out only large differences."
        ), "{}", said(40));
        assert!(said(FEW_GAMES).ends_with("not confirmed: seat 1 (strength.csv)."));
        let doubted = |d, n| {
            Sample::Played("ismcts".into(), 40)
                .points_sentence(d, d, n)
                .1
        };
        let caveat = |games, d| Sample::Played("ismcts".into(), games).points_caveat(d);
        assert_eq!(
            caveat(40, 1),
            " The figures confirmed hold, as far as 40 games a point can tell: their intervals are wide, and rule out only large differences."
        );
        assert_eq!(caveat(40, 0), "");
        assert_eq!(caveat(FEW_GAMES, 1), "");
        assert!(doubted(1, 1).contains(", 1 of 1 point has figures not confirmed"));
        assert!(doubted(1, 5).contains(", 1 of 5 points has figures not confirmed"));
        assert!(doubted(2, 5).contains(", 2 of 5 points have figures not confirmed"));
    }

    /// `!` marks a figure not confirmed by enough to act on, as it marks a finding everywhere;
    /// one a large sample leaves out by less is named, not marked.
    #[test]
    fn only_a_difference_large_enough_to_act_on_is_marked() {
        assert!(by_enough("seats", "seat 1", 0.40, 0.42));
        assert!(!by_enough("seats", "seat 1", 0.795, 0.802));
        assert!(by_enough("summary", "test_success_rate", 0.494, 0.435));
        assert!(!by_enough("summary", "seat_gap", 0.591, 0.605));
        assert!(!by_enough("summary", "median_turns", 19.0, 18.0));
        assert!(!by_enough("summary", "median_turns", 7.0, 8.0));
        assert!(by_enough("summary", "median_turns", 64.0, 69.0));
        assert!(by_enough("summary", "median_turns", 16.0, 13.0));
        assert!(!by_enough("summary", "mean_turns", 19.13, 18.65));
        assert!(!by_enough("endings", "heist_no_set", 0.0004, 0.012));

        let sample = Sample::Played("ismcts".into(), FEW_GAMES);
        let (warns, said) = sample.sentence([
            ("seat 1", Verdict::NotConfirmed, false),
            ("seat 2", Verdict::NotConfirmed, false),
            ("seat gap", Verdict::Confirmed, false),
        ]);
        assert!(!warns);
        assert!(said.ends_with(
            "2 of 3 figures are not confirmed, each by less than enough to act on: seat 1, seat 2 (strength.csv)."
        ), "{said}");
        let (warns, said) = sample.sentence([
            ("length", Verdict::NotConfirmed, true),
            ("seat 1", Verdict::NotConfirmed, false),
        ]);
        assert!(warns);
        assert!(said.ends_with(
            "2 of 2 figures are not confirmed, by enough to act on: length; by less: seat 1 (strength.csv)."
        ), "{said}");
        let (warns, said) = sample.sentence([("seat 1", Verdict::NotConfirmed, false)]);
        assert!(!warns);
        assert!(
            said.ends_with("not confirmed, by less than enough to act on: seat 1 (strength.csv)."),
            "{said}"
        );

        let (warns, said) = sample.points_sentence(2, 0, 5);
        assert!(!warns);
        assert!(
            said.contains("2 of 5 points have figures not confirmed, none by enough to act on"),
            "{said}"
        );
        let (warns, said) = sample.points_sentence(2, 1, 5);
        assert!(warns);
        assert!(
            said.contains("not confirmed, some by enough to act on"),
            "{said}"
        );
    }

    #[test]
    fn a_difference_keeps_its_sign_only_when_the_sample_s_interval_is_on_its_side() {
        assert_eq!(Sign::of(0.02, 0.01, 0.05), Sign::Keeps);
        assert_eq!(Sign::of(-0.02, -0.05, -0.01), Sign::Keeps);
        assert_eq!(Sign::of(0.02, -0.05, -0.01), Sign::Flips);
        assert_eq!(Sign::of(-0.02, 0.01, 0.05), Sign::Flips);
        assert_eq!(Sign::of(0.02, -0.01, 0.05), Sign::Unsettled);
        assert_eq!(Sign::of(0.02, 0.0, 0.05), Sign::Unsettled);
        assert_eq!(Sign::of(0.0, 0.01, 0.05), Sign::Differs);
        // Nothing moved on either side: a capped rate of 0 against 0.
        assert_eq!(Sign::of(0.0, 0.0, 0.0), Sign::Same);
        assert_eq!(Sign::of(0.0, -0.01, 0.02), Sign::Same);
        assert_eq!(Sign::of(0.02, f64::NAN, f64::NAN), Sign::NotPlayed);
    }

    #[test]
    fn strength_is_off_auto_or_a_count_never_above_the_run() {
        let asked = |s: &str| s.parse::<Asked>();
        assert_eq!(asked("off"), Ok(Asked::Off));
        assert_eq!(asked("0"), Ok(Asked::Off));
        assert_eq!(asked("auto"), Ok(Asked::Auto));
        assert_eq!(asked("250"), Ok(Asked::Games(250)));
        assert!(asked("-3").unwrap_err().contains("`-3` is not off, auto"));
        assert_eq!(Asked::Auto.games(1200, 100_000), 1200);
        assert_eq!(Asked::Auto.games(1200, 400), 400);
        assert_eq!(Asked::Games(5000).games(1200, 2000), 2000);
        assert_eq!(Asked::Off.games(1200, 2000), 0);
        assert_eq!(Asked::arg(0), "off");
        assert_eq!(Asked::arg(300), "300");
    }
}
