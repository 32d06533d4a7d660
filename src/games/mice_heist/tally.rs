//! What both Mice Heist editions count, declared from one config: chips, chip totals, jobs,
//! obstacles, skill cards, and win rate by what a player is dealt (a colour, an identity).

use super::Observer;
use super::chips::{SUM_OFFSET, SUM_SPAN};
use super::parts::ChipTable;
use crate::games::Outcome;
use crate::stats::metrics::{Block, Cell, Counts, Declared, Grid, Per, Total, count_table};

/// The per-game value `games.csv` keeps: tests passed.
pub const SUCCESSES: usize = 0;

/// The names the counters are declared with, taken from an edition's config.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    pub chips: ChipTable,
    pub jobs: Vec<CatalogueJob>,
    /// Every card definition the counters are indexed by.
    pub cards: Vec<CatalogueCard>,
    /// What a player is dealt at setup ("colour"), and every one there is.
    pub dealt: (&'static str, Vec<String>),
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

/// Where each counter lives.
#[derive(Clone, Debug)]
pub struct Tally {
    /// Draws of each chip colour, high face then low face.
    chip_draws: Grid,
    /// Tests and passes by chip sum (offset by `SUM_OFFSET`).
    chip_tests: Block,
    chip_passes: Block,
    attempts: Grid,
    successes: Grid,
    learned: Block,
    activations: Block,
    /// Player-games holding the card at the end, and how many of those won.
    held: Block,
    held_wins: Block,
    endings: Block,
    ending_turns: Block,
    /// Player-games dealt each colour or identity, and how many of those won.
    dealt: Block,
    dealt_wins: Block,
}

fn text(s: &str) -> Cell {
    Cell::Text(s.into())
}

impl Tally {
    /// Declares the counters and the tables `chips.csv`, `chip_totals.csv`, `jobs.csv`,
    /// `obstacles.csv`, `skills.csv` and `colours.csv` (or the file `dealt` names).
    pub fn declare(d: &mut Declared, names: &Catalogue, dealt_file: &str) -> Self {
        let kinds = names.chips.names.len();
        let jobs = names.jobs.len();
        let deepest = names.jobs.iter().map(|j| j.obstacles.len()).max();
        let cards = names.cards.len();
        let t = Self {
            chip_draws: d.grid("chip_draws", kinds, 2),
            chip_tests: d.block("chip_totals", SUM_SPAN),
            chip_passes: d.block("chip_passes", SUM_SPAN),
            attempts: d.grid("attempts", jobs, deepest.unwrap_or(0)),
            successes: d.grid("successes", jobs, deepest.unwrap_or(0)),
            learned: d.block("learned", cards),
            activations: d.block("activations", cards),
            held: d.block("held", cards),
            held_wins: d.block("held_wins", cards),
            endings: d.block("endings", jobs),
            ending_turns: d.block("ending_turns", jobs),
            dealt: d.block("dealt", names.dealt.1.len()),
            dealt_wins: d.block("dealt_wins", names.dealt.1.len()),
        };
        d.sums_to(t.attempts.block(), Total::Turns);
        d.sums_to(t.chip_tests, Total::Turns);
        d.at_most(t.chip_passes, t.chip_tests);
        d.at_most_games(t.endings);

        let mut chips = count_table!("chips.csv", "chip face";
            chip: Text, face: Text, value: Int, draws: Count, share: Share
        );
        for (k, (name, kind)) in names.chips.names.iter().zip(&names.chips.kinds).enumerate() {
            for (face, value, i) in [("high", kind.high, 0), ("low", kind.low, 1)] {
                let slot = t.chip_draws.at(k, i);
                chips.row(
                    format!("{name} {face}"),
                    vec![
                        text(name),
                        text(face),
                        Cell::Int(value.into()),
                        Cell::Count(slot),
                        Cell::Of(slot, Per::Block(t.chip_draws.block())),
                    ],
                );
            }
        }
        d.tables.push(chips);

        let mut totals = count_table!("chip_totals.csv", "chip total";
            total: Int, tests: Count, successes: Count
        );
        for i in 0..SUM_SPAN {
            let total = i as i64 - i64::from(SUM_OFFSET);
            totals.row(
                total.to_string(),
                vec![
                    Cell::Int(total),
                    Cell::Count(t.chip_tests.at(i)),
                    Cell::Count(t.chip_passes.at(i)),
                ],
            );
        }
        totals.skip_zero = Some(1);
        d.tables.push(totals);

        let mut job_table = count_table!("jobs.csv", "job";
            job: Text, completions: Count, share: Rate, mean_turns: Mean
        );
        let mut obstacles = count_table!("obstacles.csv", "obstacle";
            obstacle: Text, job: Text, target: Int, attempts: ComparedCount, successes: Count,
            success_rate: Rate
        );
        for (j, job) in names.jobs.iter().enumerate() {
            let ended = t.endings.at(j);
            job_table.row(
                &job.id,
                vec![
                    text(&job.id),
                    Cell::Count(ended),
                    Cell::Of(ended, Per::Games),
                    Cell::Of(t.ending_turns.at(j), Per::Slot(ended)),
                ],
            );
            for (i, (name, target)) in job.obstacles.iter().enumerate() {
                let label = format!("{}{} {name}", job.id, i + 1);
                let (tried, passed) = (t.attempts.at(j, i), t.successes.at(j, i));
                obstacles.row(
                    label.clone(),
                    vec![
                        Cell::Text(label),
                        text(&job.id),
                        Cell::Int((*target).into()),
                        Cell::Count(tried),
                        Cell::Count(passed),
                        Cell::Of(passed, Per::Slot(tried)),
                    ],
                );
            }
        }
        d.tables.push(job_table);
        d.tables.push(obstacles);

        let mut skills = count_table!("skills.csv", "skill";
            skill: Text, name: Text, deck: Text, learned: ComparedCount, activations: ComparedCount,
            held_at_end: Count, holder_wins: Count, holder_win_rate: Rate
        );
        for (i, card) in names.cards.iter().enumerate() {
            skills.row(
                &card.id,
                vec![
                    text(&card.id),
                    text(&card.name),
                    text(card.deck),
                    Cell::Count(t.learned.at(i)),
                    Cell::Count(t.activations.at(i)),
                    Cell::Count(t.held.at(i)),
                    Cell::Count(t.held_wins.at(i)),
                    Cell::Of(t.held_wins.at(i), Per::Slot(t.held.at(i))),
                ],
            );
        }
        d.tables.push(skills);

        let (item, dealt) = &names.dealt;
        let mut by_dealt = count_table!(dealt_file, item;
            (item): Text, player_games: Count, wins: Count, win_rate: Rate
        );
        for (i, name) in dealt.iter().enumerate() {
            by_dealt.row(
                name,
                vec![
                    text(name),
                    Cell::Count(t.dealt.at(i)),
                    Cell::Count(t.dealt_wins.at(i)),
                    Cell::Of(t.dealt_wins.at(i), Per::Slot(t.dealt.at(i))),
                ],
            );
        }
        d.tables.push(by_dealt);
        t
    }

    /// Counts through the engine's [`Observer`] hooks into `counts`.
    pub fn counting<'a>(&'a self, counts: &'a mut Counts) -> Counting<'a> {
        Counting { at: self, counts }
    }

    /// Counts what ended a game.
    pub fn ended(&self, counts: &mut Counts, outcome: &Outcome) {
        if let Some(j) = outcome.ending {
            counts.bump(self.endings.at(j as usize));
            counts.add_n(self.ending_turns.at(j as usize), u64::from(outcome.turns));
        }
    }

    /// Counts what one seat ended a game with: the cards it held (each once however many
    /// copies) and what it was dealt at setup.
    pub fn seat(&self, counts: &mut Counts, cards: &[u8], dealt: u8, won: bool) {
        let won = u64::from(won);
        counts.bump(self.dealt.at(dealt as usize));
        counts.add_n(self.dealt_wins.at(dealt as usize), won);
        for (i, &c) in cards.iter().enumerate() {
            if !cards[..i].contains(&c) {
                counts.bump(self.held.at(c as usize));
                counts.add_n(self.held_wins.at(c as usize), won);
            }
        }
    }
}

/// The engine's hooks, counting.
pub struct Counting<'a> {
    at: &'a Tally,
    pub counts: &'a mut Counts,
}

impl Observer for Counting<'_> {
    fn chip_drawn(&mut self, kind: u8, high: bool) {
        let slot = self.at.chip_draws.at(kind as usize, usize::from(!high));
        self.counts.bump(slot);
    }

    fn skill_activated(&mut self, skill: u8) {
        self.counts.bump(self.at.activations.at(skill as usize));
    }

    fn skill_learned(&mut self, skill: u8) {
        self.counts.bump(self.at.learned.at(skill as usize));
    }

    fn test_resolved(&mut self, job: u8, obstacle: u8, chip_total: i32, success: bool) {
        let s = u64::from(success);
        let i = (chip_total + SUM_OFFSET).clamp(0, SUM_SPAN as i32 - 1) as usize;
        self.counts.bump(self.at.chip_tests.at(i));
        self.counts.add_n(self.at.chip_passes.at(i), s);
        let (j, o) = (job as usize, obstacle as usize);
        self.counts.bump(self.at.attempts.at(j, o));
        self.counts.add_n(self.at.successes.at(j, o), s);
    }
}
