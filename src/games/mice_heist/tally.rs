//! The cheese edition's own counters and the CSV files made from them.

use serde::Serialize;

use super::Observer;
use super::chips::{SUM_OFFSET, SUM_SPAN};
use super::parts::{ChipTable, MAX_CHIP_KINDS, MAX_JOBS, MAX_OBSTACLES, MAX_SKILL_DEFS};
use crate::games::Outcome;
use crate::ints::{require, shown, sum};
use crate::output::{SummaryRow, num};
use crate::result_dir::ResultDir;
use crate::stats::wilson;

/// Integer counters only: they merge exactly in any order.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// Draws of each chip colour, high face then low face.
    chip_draws: [[u64; 2]; MAX_CHIP_KINDS],
    /// Tests and successes by chip sum (offset by `SUM_OFFSET`).
    chip_totals: [[u64; 2]; SUM_SPAN],
    attempts: [[u64; MAX_OBSTACLES]; MAX_JOBS],
    successes: [[u64; MAX_OBSTACLES]; MAX_JOBS],
    learned: [u64; MAX_SKILL_DEFS],
    activations: [u64; MAX_SKILL_DEFS],
    /// Player-games holding the skill at the end, and how many of those won.
    held: [u64; MAX_SKILL_DEFS],
    held_wins: [u64; MAX_SKILL_DEFS],
    endings: [u64; MAX_JOBS],
    ending_turns: [u64; MAX_JOBS],
}

/// The names the shared files are written with, taken from an edition's config.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    pub chips: ChipTable,
    pub jobs: Vec<CatalogueJob>,
    /// Every card definition the counters are indexed by.
    pub cards: Vec<CatalogueCard>,
}

#[derive(Clone, Debug)]
pub struct CatalogueJob {
    pub id: String,
    /// Each obstacle's name and target.
    pub obstacles: Vec<(String, i8)>,
}

#[derive(Clone, Debug)]
pub struct CatalogueCard {
    pub id: String,
    pub name: String,
    /// Which deck or set it belongs to (`starting`, `upgrade`, `skill`, …).
    pub deck: &'static str,
}

impl Default for Tally {
    fn default() -> Self {
        Self {
            chip_draws: [[0; 2]; MAX_CHIP_KINDS],
            chip_totals: [[0; 2]; SUM_SPAN],
            attempts: [[0; MAX_OBSTACLES]; MAX_JOBS],
            successes: [[0; MAX_OBSTACLES]; MAX_JOBS],
            learned: [0; MAX_SKILL_DEFS],
            activations: [0; MAX_SKILL_DEFS],
            held: [0; MAX_SKILL_DEFS],
            held_wins: [0; MAX_SKILL_DEFS],
            endings: [0; MAX_JOBS],
            ending_turns: [0; MAX_JOBS],
        }
    }
}

crate::ints_struct!(Tally {
    chip_draws,
    chip_totals,
    attempts,
    successes,
    learned,
    activations,
    held,
    held_wins,
    endings,
    ending_turns,
});

impl Observer for Tally {
    fn chip_drawn(&mut self, kind: u8, high: bool) {
        self.chip_draws[kind as usize][usize::from(!high)] += 1;
    }

    fn skill_activated(&mut self, skill: u8) {
        self.activations[skill as usize] += 1;
    }

    fn skill_learned(&mut self, skill: u8) {
        self.learned[skill as usize] += 1;
    }

    fn test_resolved(&mut self, job: u8, obstacle: u8, chip_total: i32, success: bool) {
        let s = u64::from(success);
        let t =
            &mut self.chip_totals[(chip_total + SUM_OFFSET).clamp(0, SUM_SPAN as i32 - 1) as usize];
        t[0] += 1;
        t[1] += s;
        self.attempts[job as usize][obstacle as usize] += 1;
        self.successes[job as usize][obstacle as usize] += s;
    }
}

impl Tally {
    /// What must hold of the counters of `games` games that lasted `turns` turns (tests) in all.
    pub fn check(&self, games: u64, turns: u64) -> Result<(), String> {
        let attempts = sum(self.attempts.iter().flatten());
        require(attempts == Some(turns), "attempts", || {
            format!(
                "{} tests counted, but the games lasted {turns}",
                shown(attempts)
            )
        })?;
        let tests = sum(self.chip_totals.iter().map(|t| &t[0]));
        require(tests == Some(turns), "chip_totals", || {
            format!(
                "{} tests counted, but the games lasted {turns}",
                shown(tests)
            )
        })?;
        let cells = self
            .attempts
            .iter()
            .flatten()
            .zip(self.successes.iter().flatten());
        require(cells.clone().all(|(a, s)| s <= a), "successes", || {
            "more successes than attempts at an obstacle".into()
        })?;
        require(
            self.chip_totals.iter().all(|t| t[1] <= t[0]),
            "chip_totals",
            || "more passes than tests at a chip total".into(),
        )?;
        require(
            self.held.iter().zip(&self.held_wins).all(|(h, w)| w <= h),
            "held_wins",
            || "more wins than holders of a skill".into(),
        )?;
        let endings = sum(&self.endings);
        require(endings.is_some_and(|e| e <= games), "endings", || {
            format!("{} games ended by a job, of {games}", shown(endings))
        })
    }

    /// Counts which job (by its config index) ended a game.
    pub fn ended(&mut self, job: Option<u8>, outcome: &Outcome) {
        if let Some(j) = job {
            self.endings[j as usize] += 1;
            self.ending_turns[j as usize] += u64::from(outcome.turns);
        }
    }

    /// Counts the cards one player held at the end, each card once however many copies.
    pub fn held(&mut self, cards: &[u8], won: bool) {
        for (i, &c) in cards.iter().enumerate() {
            if !cards[..i].contains(&c) {
                self.held[c as usize] += 1;
                self.held_wins[c as usize] += u64::from(won);
            }
        }
    }

    pub fn summary(&self) -> Vec<SummaryRow> {
        let tests: u64 = self.chip_totals.iter().map(|t| t[0]).sum();
        let passed: u64 = self.chip_totals.iter().map(|t| t[1]).sum();
        vec![
            SummaryRow::count("tests", tests),
            SummaryRow::estimate("test_success_rate", wilson(passed, tests)),
        ]
    }

    pub fn export(&self, names: &Catalogue, games: u64, dir: &ResultDir) -> anyhow::Result<()> {
        #[derive(Serialize)]
        struct ChipRow<'a> {
            chip: &'a str,
            face: &'static str,
            value: i8,
            draws: u64,
            share: String,
        }
        let all: u64 = self.chip_draws.iter().flatten().sum();
        let share = |n: u64| {
            num(if all == 0 {
                f64::NAN
            } else {
                n as f64 / all as f64
            })
        };
        dir.csv(
            "chips.csv",
            names
                .chips
                .names
                .iter()
                .zip(&names.chips.kinds)
                .enumerate()
                .flat_map(|(k, (name, kind))| {
                    [("high", kind.high, 0), ("low", kind.low, 1)].map(|(face, value, i)| ChipRow {
                        chip: name,
                        face,
                        value,
                        draws: self.chip_draws[k][i],
                        share: share(self.chip_draws[k][i]),
                    })
                }),
        )?;

        #[derive(Serialize)]
        struct TotalRow {
            total: i32,
            tests: u64,
            successes: u64,
        }
        dir.csv(
            "chip_totals.csv",
            self.chip_totals
                .iter()
                .enumerate()
                .filter(|(_, t)| t[0] > 0)
                .map(|(i, t)| TotalRow {
                    total: i as i32 - SUM_OFFSET,
                    tests: t[0],
                    successes: t[1],
                }),
        )?;

        #[derive(Serialize)]
        struct JobRow<'a> {
            job: &'a str,
            completions: u64,
            share: String,
            mean_turns: String,
        }
        dir.csv(
            "jobs.csv",
            names.jobs.iter().enumerate().map(|(j, spec)| {
                let n = self.endings[j];
                JobRow {
                    job: &spec.id,
                    completions: n,
                    share: num(if games == 0 {
                        f64::NAN
                    } else {
                        n as f64 / games as f64
                    }),
                    mean_turns: num(if n == 0 {
                        f64::NAN
                    } else {
                        self.ending_turns[j] as f64 / n as f64
                    }),
                }
            }),
        )?;

        #[derive(Serialize)]
        struct ObstacleRow<'a> {
            obstacle: String,
            job: &'a str,
            target: i8,
            attempts: u64,
            successes: u64,
            success_rate: String,
            ci_low: String,
            ci_high: String,
        }
        dir.csv(
            "obstacles.csv",
            names.jobs.iter().enumerate().flat_map(|(j, spec)| {
                spec.obstacles
                    .iter()
                    .enumerate()
                    .map(move |(i, (name, target))| {
                        let (a, s) = (self.attempts[j][i], self.successes[j][i]);
                        let r = wilson(s, a);
                        ObstacleRow {
                            obstacle: format!("{}{} {name}", spec.id, i + 1),
                            job: &spec.id,
                            target: *target,
                            attempts: a,
                            successes: s,
                            success_rate: num(r.value),
                            ci_low: num(r.low),
                            ci_high: num(r.high),
                        }
                    })
            }),
        )?;

        #[derive(Serialize)]
        struct SkillRow<'a> {
            skill: &'a str,
            name: &'a str,
            deck: &'static str,
            learned: u64,
            activations: u64,
            held_at_end: u64,
            holder_wins: u64,
            holder_win_rate: String,
            ci_low: String,
            ci_high: String,
        }
        dir.csv(
            "skills.csv",
            names.cards.iter().enumerate().map(|(i, s)| {
                let r = wilson(self.held_wins[i], self.held[i]);
                SkillRow {
                    skill: &s.id,
                    name: &s.name,
                    deck: s.deck,
                    learned: self.learned[i],
                    activations: self.activations[i],
                    held_at_end: self.held[i],
                    holder_wins: self.held_wins[i],
                    holder_win_rate: num(r.value),
                    ci_low: num(r.low),
                    ci_high: num(r.high),
                }
            }),
        )
    }
}
