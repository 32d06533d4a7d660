//! Per-game random generators.
//!
//! Every game draws from its own generator, seeded from `(master seed, game index)` alone, so a
//! game's outcome never depends on which thread played it or in what order.

use rand::Rng;
use rand_pcg::Pcg64Mcg;

/// The generator every game uses. Named and portable: the same seed gives the same stream on
/// every platform and in every build.
pub type GameRng = Pcg64Mcg;

/// SplitMix64's output function: a bijective mixer whose outputs for consecutive inputs are
/// statistically independent, which is what per-game seeds need.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` in a run with `master` seed.
pub fn game_seed(master: u64, index: u64) -> u64 {
    splitmix64(splitmix64(master) ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// The generator for one game, from its seed.
pub fn game_rng(seed: u64) -> GameRng {
    let hi = splitmix64(seed ^ 0xA076_1D64_78BD_642F);
    let lo = splitmix64(seed);
    // Pcg64Mcg needs an odd state; `new` forces that bit itself.
    Pcg64Mcg::new(((hi as u128) << 64) | lo as u128)
}

/// The bots' generator for one game, from its seed: a stream apart from the game's own, so a
/// bot's coin flips never move the game's chance (a draw, a shuffle) and no bot holds the
/// generator the game's future is drawn from.
pub fn bot_rng(seed: u64) -> GameRng {
    game_rng(splitmix64(seed ^ 0x5851_F42D_4C95_7F2D))
}

/// A new generator drawn from `rng`: the chance a sampled game plays on (a search bot's guess
/// at the future), independent of the real game's.
pub fn fresh(rng: &mut GameRng) -> GameRng {
    game_rng(rng.next_u64())
}

/// Unbiased integer draws, written here rather than taken from `rand`'s distributions so the
/// mapping from generator output to game decisions is pinned by this crate, not by a dependency's
/// minor version (golden-seed tests rely on it).
pub trait Dice {
    /// A uniform integer in `0..n`; `n` must be at least 1.
    fn below(&mut self, n: u32) -> u32;
    /// A fair coin.
    fn coin(&mut self) -> bool;
}

impl<R: Rng> Dice for R {
    fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        // Lemire's nearly-divisionless method: multiply, and only when the low half of the
        // product falls in the biased zone compute the (slow) rejection threshold.
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    fn coin(&mut self) -> bool {
        self.next_u32() & 1 == 1
    }
}

/// Fisher–Yates, with this crate's own unbiased draws.
pub fn shuffle<T>(items: &mut [T], rng: &mut GameRng) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// A shuffle of cards a seat cannot tell apart: sorted first, so the deal depends only on which
/// cards there are and on `rng`, never on the order the real game holds them in. A sample
/// ([`crate::core::play::Decisions::sample`]) deals with this, or a search bot's decisions would
/// follow the hidden order.
pub fn deal<T: Ord>(cards: &mut [T], rng: &mut GameRng) {
    cards.sort_unstable();
    shuffle(cards, rng);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_pinned() {
        // Value stability: changing the mixer silently changes every published result. The
        // figures were computed independently of this code (SplitMix64 and PCG XSL-RR by hand).
        assert_eq!(game_seed(0, 0), 0xA706_DD2F_4D19_7E6F);
        assert_eq!(game_seed(42, 7), 0xDB01_0794_FDE4_CC5D);
        let mut rng = game_rng(game_seed(42, 7));
        assert_eq!(rng.next_u64(), 0x1A94_1A32_4314_5E37);
        let mut bots = bot_rng(game_seed(42, 7));
        assert_eq!(bots.next_u64(), 0x02A0_18FB_D96C_7AA3);
    }

    #[test]
    fn seeds_differ_by_index_and_master() {
        let a: Vec<u64> = (0..1000).map(|i| game_seed(1, i)).collect();
        let mut sorted = a.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1000);
        assert_ne!(game_seed(1, 5), game_seed(2, 5));
    }

    #[test]
    fn below_is_uniform() {
        let mut rng = game_rng(9);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        // Each count is Binomial(60000, 1/6): mean 10000, sd ≈ 91; 5 sd bounds.
        for c in counts {
            assert!((9_545..=10_455).contains(&c), "{counts:?}");
        }
    }
}
