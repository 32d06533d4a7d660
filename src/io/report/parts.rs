//! What a game's own part of a `simulate` report is written with: the sections so far, the
//! findings, the numbers every section reads, and the shared charts a game calls with its own
//! files (win rate by what a player is dealt).

use std::path::Path;

use super::headline::{Cap, Stall};
use super::page::Section;
use super::svg::{Bar, HBars, Scale};
use super::table::CsvFile;
use crate::stats::strength::Verdict;

/// Fewer games than this and the report says its intervals are too wide to act on.
pub(crate) const FEW_GAMES: f64 = 1000.0;
/// Most findings listed per kind, so the list stays readable.
pub(crate) const PER_KIND: usize = 4;
/// How far a win rate may sit from a fair share before the report points at it, when its
/// interval already excludes the fair share: smaller gaps are real but rarely worth a change.
pub(crate) const WIN_GAP: f64 = 0.02;

/// A game's part of the report: what it calls one turn, and the sections it adds.
#[derive(Clone, Copy)]
pub struct Parts {
    /// A turn as the game's players say it ("test"), for the game-length chart and headline.
    pub turn: &'static str,
    /// The endings that are not the game played to its goal, for the headline.
    pub stalls: &'static [Stall],
    /// How the game's rules decide a game the turn cap stops, for the headline.
    pub cap: Cap,
    pub add: fn(&mut Sections) -> anyhow::Result<()>,
}

/// A game with no part of its own.
pub(crate) const NONE: Parts = Parts {
    turn: "turn",
    stalls: &[],
    cap: Cap::Unknown,
    add: |_| Ok(()),
};

pub(crate) use super::headline::pct;

/// What every section reads, and what they add up to.
pub struct Sections<'a> {
    pub dir: &'a Path,
    pub summary: CsvFile,
    pub games: f64,
    pub players: usize,
    /// The average seat's win rate: 1 / players, plus what shared victories add.
    pub fair: f64,
    /// Headline numbers: the value and what it means.
    pub keys: Vec<(String, String)>,
    pub findings: Vec<String>,
    pub sections: Vec<Section>,
}

impl Sections<'_> {
    /// A headline tile for `summary.csv`'s `metric`: its value as `shown` writes it, and what
    /// it means with its 95% interval, and strong play's figure where that does not confirm it
    /// (the tiles are what a designer reads first). None where the run has no such figure.
    pub fn key(
        &self,
        metric: &str,
        meaning: &str,
        shown: impl Fn(f64) -> String,
    ) -> anyhow::Result<Option<(String, String)>> {
        let Some(value) = self.metric(metric)? else {
            return Ok(None);
        };
        let at = |column| self.summary.metric(metric, column);
        let mut said = meaning.to_string();
        if let (Some(low), Some(high)) = (at("ci_low")?, at("ci_high")?) {
            said += &format!(" (95% CI {}–{})", shown(low), shown(high));
        }
        let doubted = self.summary.header().iter().any(|h| h == "strong_play")
            && self
                .summary
                .text("metric")?
                .iter()
                .zip(self.summary.text("strong_play")?)
                .any(|(m, p)| *m == metric && p == Verdict::NotConfirmed.word());
        if let (true, Some(strong), Some(low), Some(high)) = (
            doubted,
            at("strong_value")?,
            at("strong_ci_low")?,
            at("strong_ci_high")?,
        ) {
            said += &format!(
                "; not confirmed under strong play: {} ({}–{})",
                shown(strong),
                shown(low),
                shown(high)
            );
        }
        Ok(Some((shown(value), said)))
    }

    /// A `summary.csv` value.
    pub fn metric(&self, m: &str) -> anyhow::Result<Option<f64>> {
        self.summary.metric(m, "value")
    }

    pub fn add(&mut self, question: &str, how: impl Into<String>, svg: String) {
        self.sections.push(Section {
            question: question.into(),
            how: how.into(),
            svg,
        });
    }

    /// Runs `section` on `file` of the result folder, when the run wrote it (older results, or
    /// runs without what it counts, have none).
    pub fn section(
        &mut self,
        file: &str,
        section: impl FnOnce(&mut Self, CsvFile) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        match CsvFile::read(self.dir, file)? {
            Some(t) => section(self, t),
            None => Ok(()),
        }
    }

    /// Adds `found` to the findings, at most `PER_KIND` of them, saying how many more there were.
    pub fn capped(&mut self, found: Vec<String>, more: &str) {
        let extra = found.len().saturating_sub(PER_KIND);
        self.findings.extend(found.into_iter().take(PER_KIND));
        if extra > 0 {
            self.findings.push(format!("… and {extra} more {more}."));
        }
    }

    /// Win rate by role (`roles.csv`, in a game whose seats have roles): each role's, against
    /// an even split between the roles, and each bot's in each role when several played; a
    /// finding for a role whose interval misses the even split by more than [`WIN_GAP`].
    pub fn roles(&mut self) -> anyhow::Result<()> {
        let Some(t) = CsvFile::read(self.dir, "roles.csv")? else {
            return Ok(());
        };
        let (role, bot) = (t.text("role")?, t.text("bot")?);
        let [rates, lo, hi] = t.optional_estimates("win_rate")?;
        let mut names: Vec<&str> = role.clone();
        names.dedup();
        let even = 1.0 / names.len().max(1) as f64;
        let mut bars = Vec::new();
        for i in 0..t.len() {
            let (Some(rate), Some(low), Some(high)) = (rates[i], lo[i], hi[i]) else {
                continue;
            };
            let all = bot[i] == "all";
            let flagged = all && (low > even + WIN_GAP || high < even - WIN_GAP);
            if flagged {
                self.findings.push(format!(
                    "The {} wins {} of games (CI {}–{}), against an even {} between the roles.",
                    role[i],
                    pct(rate),
                    pct(low),
                    pct(high),
                    pct(even)
                ));
            }
            bars.push(
                Bar::new(
                    if all {
                        role[i].to_string()
                    } else {
                        format!("{} ({})", role[i], bot[i])
                    },
                    rate,
                )
                .within(low, high)
                .series(usize::from(!all))
                .flagged(flagged),
            );
        }
        let chart = HBars::new("Win rate by role", "games won (%)", Scale::Percent, bars)
            .reference(Some((even, format!("even {}", pct(even)))));
        self.add(
            "Does one role win more often?",
            "Share of games won by the player in each role, and by each bot in it when several played; the dashed line is an even split between the roles.",
            chart.svg(),
        );
        Ok(())
    }

    /// Win rate by what a player is dealt (`file`, rows named in column `item`: a colour, an
    /// identity): a chart with the overall rate as the fair line, and a finding for each one
    /// whose interval misses it by more than [`WIN_GAP`].
    pub fn dealt(&mut self, file: &str, item: &str) -> anyhow::Result<()> {
        let Some(t) = CsvFile::read(self.dir, file)? else {
            return Ok(());
        };
        let names = t.text(item)?;
        let (played, wins) = (t.numbers("player_games")?, t.numbers("wins")?);
        let [rates, lo, hi] = t.optional_estimates("win_rate")?;
        let fair = wins.iter().sum::<f64>() / played.iter().sum::<f64>().max(1.0);
        let mut bars = Vec::new();
        let mut off = Vec::new();
        for i in 0..t.len() {
            let (Some(rate), Some(low), Some(high)) = (rates[i], lo[i], hi[i]) else {
                continue;
            };
            let flagged = low > fair + WIN_GAP || high < fair - WIN_GAP;
            if flagged {
                off.push(format!(
                    "Players dealt {item} {} win {} of their games (CI {}–{}), against {} for all players.",
                    names[i],
                    pct(rate),
                    pct(low),
                    pct(high),
                    pct(fair)
                ));
            }
            bars.push(
                Bar::new(format!("{item} {}", names[i]), rate)
                    .within(low, high)
                    .flagged(flagged),
            );
        }
        self.capped(off, &format!("{item}s off the fair share"));
        let chart = HBars::new(
            format!("Win rate by {item}"),
            "games won (%)",
            Scale::Percent,
            bars,
        )
        .reference(super::svg::fair_line(fair));
        self.add(
            &format!("Does any {item} have an edge?"),
            format!(
                "Share of games won by the players dealt each {item} at setup, with 95% intervals; the dashed line is the win rate of all players. A marked {item}'s interval misses it by more than 2 points."
            ),
            chart.svg(),
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sections(dir: &Path) -> Sections<'_> {
        Sections {
            dir,
            summary: CsvFile::default(),
            games: 4000.0,
            players: 4,
            fair: 0.25,
            keys: Vec::new(),
            findings: Vec::new(),
            sections: Vec::new(),
        }
    }

    #[test]
    fn a_dealt_item_off_the_overall_rate_is_pointed_at() {
        let dir = crate::io::scratch::scratch("dealt");
        // Red wins 40% of 1,000 games, blue 10%: both intervals miss the overall 25%; green
        // sits on it.
        let rows = [
            ("red", 1000, 400),
            ("blue", 1000, 100),
            ("green", 2000, 500),
        ];
        let mut csv = String::from("colour,player_games,wins,win_rate,ci_low,ci_high\n");
        for (name, n, w) in rows {
            let e = crate::stats::wilson(w, n);
            csv += &format!("{name},{n},{w},{},{},{}\n", e.value, e.low, e.high);
        }
        std::fs::write(dir.join("colours.csv"), csv).unwrap();
        let mut r = sections(&dir);
        r.dealt("colours.csv", "colour").unwrap();
        std::fs::remove_file(dir.join("colours.csv")).unwrap();
        assert_eq!(r.findings.len(), 2, "{:?}", r.findings);
        assert!(r.findings[0].starts_with("Players dealt colour red win 40.0%"));
        assert!(r.findings[1].contains("colour blue"));
        assert!(
            r.findings
                .iter()
                .all(|f| f.contains("against 25.0% for all players"))
        );
        assert_eq!(r.sections.len(), 1);
        // Roles: the cat wins 70% of 1,000 games, well off an even split.
        let mut csv = String::from("role,bot,player_games,wins,win_rate,ci_low,ci_high\n");
        for (role, bot, n, w) in [("cat", "all", 1000, 700), ("mouse", "all", 1000, 300)] {
            let e = crate::stats::wilson(w, n);
            csv += &format!("{role},{bot},{n},{w},{},{},{}\n", e.value, e.low, e.high);
        }
        std::fs::write(dir.join("roles.csv"), csv).unwrap();
        let mut r = sections(&dir);
        r.roles().unwrap();
        assert_eq!(r.findings.len(), 2, "{:?}", r.findings);
        assert!(
            r.findings[0].starts_with("The cat wins 70.0% of games"),
            "{:?}",
            r.findings
        );
        assert!(r.findings[1].contains("against an even 50.0%"));
        assert_eq!(r.sections.len(), 1);
        // A game without the file has no such section.
        let mut none = sections(Path::new("/nonexistent"));
        none.dealt("colours.csv", "colour").unwrap();
        assert!(none.sections.is_empty() && none.findings.is_empty());
    }
}
