//! The bag of modifier chips: drawing with the refill rule, and exact odds of what a draw gives.

use arrayvec::ArrayVec;

use super::Observer;
use super::parts::{ChipTable, MAX_TEST_CHIPS};
use crate::core::rng::{Dice, GameRng};

/// A set of physical chips, bit `i` for chip `i`.
pub type ChipSet = u16;

/// Chip sums are kept in tables offset by this much; validation bounds faces to ±9 and a test to
/// 16 chips, but odds are only ever taken over at most 4 draws (±36).
pub const SUM_OFFSET: i32 = 40;
pub const SUM_SPAN: usize = 2 * SUM_OFFSET as usize + 1;

/// The chips drawn for the test being resolved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawn {
    /// Each chip and whether its high face shows.
    pub chips: ArrayVec<(u8, bool), MAX_TEST_CHIPS>,
    /// Chips drawn for this test then replaced: they join the play area at cleanup, so a refill
    /// during this test does not return them ("except the ones already drawn for this test").
    pub set_aside: ChipSet,
}

impl Drawn {
    /// The faces showing, added up.
    pub fn total(&self, table: &ChipTable) -> i32 {
        self.chips
            .iter()
            .map(|&(c, high)| i32::from(table.face(c, high)))
            .sum()
    }

    /// Every chip this test has drawn.
    pub fn all(&self) -> ChipSet {
        self.chips
            .iter()
            .fold(self.set_aside, |s, &(c, _)| s | (1 << c))
    }

    /// Draws one more chip, its face up at random, and tells `obs`; nothing when no chip is left
    /// anywhere.
    pub fn draw<O: Observer>(
        &mut self,
        bag: &mut ChipSet,
        played: &mut ChipSet,
        rng: &mut GameRng,
        table: &ChipTable,
        obs: &mut O,
    ) {
        if self.chips.is_full() {
            return;
        }
        if let Some(chip) = draw(bag, played, rng) {
            let high = rng.coin();
            self.chips.push((chip, high));
            obs.chip_drawn(table.kind_of[chip as usize], high);
        }
    }

    /// Turns chip `i` to its other face, and tells `obs` the face now up.
    pub fn flip<O: Observer>(&mut self, i: usize, table: &ChipTable, obs: &mut O) {
        let (chip, high) = &mut self.chips[i];
        *high ^= true;
        obs.chip_flipped(table.kind_of[*chip as usize], *high);
    }

    /// Takes chip `i` out of the test until cleanup, and tells `obs` which it was.
    pub fn set_aside<O: Observer>(&mut self, i: usize, table: &ChipTable, obs: &mut O) {
        let (chip, high) = self.chips.remove(i);
        self.set_aside |= 1 << chip;
        obs.chip_set_aside(table.kind_of[chip as usize], high);
    }

    /// Cleanup: every chip of this test joins the play area.
    pub fn into_play_area(&mut self, played: &mut ChipSet) {
        *played |= self.all();
        self.chips.clear();
        self.set_aside = 0;
    }
}

/// Draws one chip from `bag`. An empty bag is first refilled with every chip in the play area
/// (`played`; chips drawn for the current test are in neither set). `None` when both are empty.
pub fn draw(bag: &mut ChipSet, played: &mut ChipSet, rng: &mut GameRng) -> Option<u8> {
    if *bag == 0 {
        *bag = *played;
        *played = 0;
    }
    let n = bag.count_ones();
    if n == 0 {
        return None;
    }
    let chip = nth_chip(*bag, rng.below(n));
    *bag &= !(1 << chip);
    Some(chip)
}

/// The index of the `k`-th (0-based) chip in `set`.
fn nth_chip(mut set: ChipSet, k: u32) -> u8 {
    for _ in 0..k {
        set &= set - 1;
    }
    set.trailing_zeros() as u8
}

/// Whether `set` holds at least `n` chips.
fn holds(mut set: ChipSet, n: usize) -> bool {
    for _ in 1..n {
        set &= set.wrapping_sub(1);
    }
    n == 0 || set != 0
}

/// Chips of a set, lowest index first.
pub fn chips(mut set: ChipSet) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            c
        })
    })
}

/// The exact distribution of the sum of the next `draws` chips (each face equally likely),
/// drawing from `bag` with the refill rule. `dist[s + SUM_OFFSET]` is the chance of sum `s`.
pub fn sum_distribution(
    table: &ChipTable,
    bag: ChipSet,
    played: ChipSet,
    draws: usize,
) -> [f64; SUM_SPAN] {
    let mut dist = [0.0; SUM_SPAN];
    accumulate(table, bag, played, draws, 0, 1.0, &mut dist);
    dist
}

fn accumulate(
    table: &ChipTable,
    bag: ChipSet,
    played: ChipSet,
    draws: usize,
    sum: i32,
    weight: f64,
    dist: &mut [f64; SUM_SPAN],
) {
    let (bag, played) = if bag == 0 { (played, 0) } else { (bag, played) };
    let n = bag.count_ones();
    if draws == 0 || n == 0 {
        dist[(sum + SUM_OFFSET) as usize] += weight;
        return;
    }
    let w = weight / f64::from(2 * n);
    for chip in chips(bag) {
        for high in [true, false] {
            let face = i32::from(table.face(chip, high));
            accumulate(
                table,
                bag & !(1 << chip),
                played,
                draws - 1,
                sum + face,
                w,
                dist,
            );
        }
    }
}

/// The chance that the next `draws` chips sum to at least `need`, enumerated directly (no
/// distribution array: the few-chip cases bots ask about mid-test are cheaper this way).
pub fn chance_at_least(
    table: &ChipTable,
    bag: ChipSet,
    played: ChipSet,
    draws: usize,
    need: i32,
) -> f64 {
    let (bag, played) = if bag == 0 { (played, 0) } else { (bag, played) };
    let n = bag.count_ones();
    if draws == 0 || n == 0 {
        return if need <= 0 { 1.0 } else { 0.0 };
    }
    let mut hits = 0.0;
    for chip in chips(bag) {
        for high in [true, false] {
            let face = i32::from(table.face(chip, high));
            hits += chance_at_least(table, bag & !(1 << chip), played, draws - 1, need - face);
        }
    }
    hits / f64::from(2 * n)
}

/// The chance that a sum drawn from `dist` is at least `need`.
pub fn at_least(dist: &[f64; SUM_SPAN], need: i32) -> f64 {
    let from = (need + SUM_OFFSET).clamp(0, SUM_SPAN as i32) as usize;
    dist[from..].iter().sum()
}

/// `P(sum of the next draws ≥ need)` looked up by bag instead of enumerated: bots ask it for
/// every obstacle and every bettor each turn. While the bag holds at least as many chips as are
/// drawn, the refill rule cannot apply and the answer depends on the bag alone; otherwise every
/// chip left is drawn and the rest come from the refilled bag, which is again a lookup.
#[derive(Clone, Debug, Default)]
pub struct Odds {
    /// The most chips a face sum can add up: `draws × max |face|`.
    reach: i32,
    width: usize,
    /// `rows[d]`: one row per bag (as a bit set) for `d` draws; entry `i` is the chance of a sum
    /// of at least `i - reach`. Empty when the tables would be too large to build.
    rows: Vec<Vec<f32>>,
}

impl Odds {
    /// Largest tables built: 2^12 bags. Bigger bags fall back to enumeration.
    const MAX_TABLE_CHIPS: usize = 12;

    /// Tables for up to `draws` chips (the chips a test draws).
    pub fn build(chips: &ChipTable, draws: usize) -> Self {
        let max_face = chips
            .kinds
            .iter()
            .map(|k| k.high.abs().max(k.low.abs()))
            .max()
            .unwrap_or(0);
        let reach = draws as i32 * i32::from(max_face);
        let width = (2 * reach + 2) as usize;
        let n = chips.count();
        if n > Self::MAX_TABLE_CHIPS {
            return Self {
                reach,
                width,
                rows: Vec::new(),
            };
        }
        let rows = (0..=draws)
            .map(|d| {
                let mut rows = vec![0.0; width << n];
                for bag in 0..(1u32 << n) {
                    if (bag.count_ones() as usize) < d {
                        continue;
                    }
                    let dist = sum_distribution(chips, bag as ChipSet, 0, d);
                    let row = &mut rows[bag as usize * width..][..width];
                    for (i, cell) in row.iter_mut().enumerate() {
                        *cell = at_least(&dist, i as i32 - reach) as f32;
                    }
                }
                rows
            })
            .collect();
        Self { reach, width, rows }
    }

    /// The chances of one draw of `draws` chips, for as many needs as a bot asks of it: the
    /// table's row is found once.
    pub fn draw<'a>(
        &'a self,
        table: &'a ChipTable,
        bag: ChipSet,
        played: ChipSet,
        draws: usize,
    ) -> Chances<'a> {
        let row = (draws < self.rows.len() && holds(bag, draws))
            .then(|| &self.rows[draws][bag as usize * self.width..][..self.width]);
        Chances {
            odds: self,
            table,
            bag,
            played,
            draws,
            row,
        }
    }

    /// The chance that the next `draws` chips sum to at least `need`.
    pub fn at_least(
        &self,
        table: &ChipTable,
        bag: ChipSet,
        played: ChipSet,
        draws: usize,
        need: i32,
    ) -> f64 {
        if draws >= self.rows.len() {
            return chance_at_least(table, bag, played, draws, need);
        }
        // Most asks find the bag holding enough chips; telling that takes `draws` steps, where a
        // count without a popcount instruction (the x86-64 baseline has none) takes some twenty.
        if holds(bag, draws) {
            return self.lookup(draws, bag, need);
        }
        let left = bag.count_ones() as usize;
        if (played.count_ones() as usize) < draws - left {
            return chance_at_least(table, bag, played, draws, need);
        }
        // Every chip left is drawn, each face equally likely; the rest come from the play area.
        let mut total = 0.0;
        for faces in 0..1u32 << left {
            let sum: i32 = chips(bag)
                .enumerate()
                .map(|(i, c)| i32::from(table.face(c, faces & (1 << i) != 0)))
                .sum();
            total += self.lookup(draws - left, played, need - sum);
        }
        total / f64::from(1u32 << left)
    }

    fn lookup(&self, draws: usize, bag: ChipSet, need: i32) -> f64 {
        self.in_row(
            &self.rows[draws][bag as usize * self.width..][..self.width],
            need,
        )
    }

    fn in_row(&self, row: &[f32], need: i32) -> f64 {
        let i = need + self.reach;
        if i <= 0 {
            1.0
        } else if i as usize >= self.width {
            0.0
        } else {
            f64::from(row[i as usize])
        }
    }
}

/// The chances of one draw from one bag ([`Odds::draw`]).
#[derive(Clone, Copy)]
pub struct Chances<'a> {
    odds: &'a Odds,
    table: &'a ChipTable,
    bag: ChipSet,
    played: ChipSet,
    draws: usize,
    /// The table's row, when the bag alone decides the draw.
    row: Option<&'a [f32]>,
}

impl Chances<'_> {
    /// The chance that the chips drawn sum to at least `need`: [`Odds::at_least`].
    pub fn at_least(&self, need: i32) -> f64 {
        match self.row {
            Some(row) => self.odds.in_row(row, need),
            None => self
                .odds
                .at_least(self.table, self.bag, self.played, self.draws, need),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::game_rng;
    use crate::games::mice_heist::cheese::tests::default_rules;

    #[test]
    fn holds_says_whether_a_set_has_that_many_chips() {
        for set in 0..=u16::MAX {
            for n in 0..=17 {
                assert_eq!(holds(set, n), set.count_ones() as usize >= n, "{set:b} {n}");
            }
        }
    }

    #[test]
    fn refill_returns_only_the_play_area() {
        let mut rng = game_rng(1);
        let mut bag: ChipSet = 0b100;
        let mut played: ChipSet = 0b011;
        assert_eq!(draw(&mut bag, &mut played, &mut rng), Some(2));
        assert_eq!((bag, played), (0, 0b011));
        // Empty bag: the play area goes back in; the chip drawn above (the current test's) does not.
        let c = draw(&mut bag, &mut played, &mut rng).unwrap();
        assert!(c < 2);
        assert_eq!(played, 0);
        assert_eq!(bag, 0b011 & !(1 << c));
        // Nothing anywhere: nothing drawn.
        let (mut b, mut p) = (0, 0);
        assert_eq!(draw(&mut b, &mut p, &mut rng), None);
    }

    #[test]
    fn draws_are_uniform_over_the_bag() {
        let mut rng = game_rng(5);
        let mut counts = [0u32; 11];
        for _ in 0..110_000 {
            let (mut bag, mut played) = (0x7FF, 0);
            counts[draw(&mut bag, &mut played, &mut rng).unwrap() as usize] += 1;
        }
        // Binomial(110000, 1/11): sd ≈ 95; bounds at 5 sd.
        assert!(
            counts.iter().all(|&c| (9_525..=10_475).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn two_chip_odds_from_a_full_bag() {
        let rules = default_rules();
        let full = (1u16 << rules.chips.count()) - 1;
        let d = sum_distribution(&rules.chips, full, 0, 2);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // Highest possible: blue +4 with purple +3 (2 chips of 11 ordered: 110 pairs × 4 faces),
        // blue-high & purple-high in either order: 2 / 440.
        assert!((d[(7 + SUM_OFFSET) as usize] - 2.0 / 440.0).abs() < 1e-12);
        assert_eq!(at_least(&d, 8), 0.0);
        assert!((at_least(&d, -100) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_odds_table_agrees_with_enumeration() {
        let rules = default_rules();
        let odds = Odds::build(&rules.chips, 2);
        for (bag, played) in [
            (0x7FF, 0),
            (0b101_0110_0001, 0b010_1001_1110),
            (0b11, 0),
            (1, 0x7FE),
            (0, 0x7FF),
        ] {
            let dist = sum_distribution(&rules.chips, bag, played, 2);
            for need in -20..20 {
                let want = at_least(&dist, need);
                assert!(
                    (odds.at_least(&rules.chips, bag, played, 2, need) - want).abs() < 1e-6,
                    "{bag:b} {need}"
                );
                let one = at_least(&sum_distribution(&rules.chips, bag, played, 1), need);
                assert!(
                    (odds.at_least(&rules.chips, bag, played, 1, need) - one).abs() < 1e-6,
                    "{bag:b} {need}"
                );
                assert!((chance_at_least(&rules.chips, bag, played, 2, need) - want).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn a_draws_chances_are_the_tables_to_the_bit() {
        let rules = default_rules();
        // Built for 2 draws, so 3 is past the table, as a config with more chips a test asks.
        let odds = Odds::build(&rules.chips, 2);
        let mut seen_row = [false; 2];
        for bag in (0..=0x7FFu16).step_by(7) {
            let played = 0x7FF & !bag & 0x5A5;
            for draws in 0..=3 {
                let chances = odds.draw(&rules.chips, bag, played, draws);
                seen_row[usize::from(chances.row.is_some())] = true;
                for need in -25..25 {
                    let want = odds.at_least(&rules.chips, bag, played, draws, need);
                    assert_eq!(
                        chances.at_least(need).to_bits(),
                        want.to_bits(),
                        "{bag:b} {draws} {need}"
                    );
                }
            }
        }
        assert_eq!(
            seen_row,
            [true, true],
            "both the row and the other paths were asked"
        );
    }

    #[test]
    fn one_chip_left_draws_it_then_refills() {
        let rules = default_rules();
        // Only chip 0 (blue) in the bag, chip 10 in the play area: blue then whatever chip 10 is.
        let d = sum_distribution(&rules.chips, 1, 1 << 10, 2);
        let mut want = [0.0; SUM_SPAN];
        for a in [rules.chips.face(0, true), rules.chips.face(0, false)] {
            for b in [rules.chips.face(10, true), rules.chips.face(10, false)] {
                want[(i32::from(a + b) + SUM_OFFSET) as usize] += 0.25;
            }
        }
        assert_eq!(d, want);
    }
}
