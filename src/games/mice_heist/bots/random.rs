//! `random`: uniform among the legal options at every decision. It is the reference the tests
//! measure against, so each choice is spelled out:
//!
//! - obstacle: each job with an obstacle left, equally likely;
//! - bet: an amount uniform in 0..=A, where A is the cheese it could bet (stash, plus one per
//!   covered skill when the config allows betting from covered skills); then that many of those A
//!   cheese, every subset of that size equally likely;
//! - uncovering when abstaining: "none" or each covered skill, equally likely;
//! - activation: "stop" or each uncovered skill (while it has a cheese to pay), equally likely;
//! - flip / replace target: each chip of the test, equally likely;
//! - learning: "decline" or each market skill, equally likely; at the skill limit, then each held
//!   skill equally likely to be returned;
//! - food: each remaining token, equally likely.

use super::{Bet, Learn, Policy, View};
use crate::games::mice_heist::config::EffectKind;
use crate::rng::{Dice, GameRng};

pub struct Random;

/// The `k`-th item of an iterator (`k` drawn uniformly by the caller).
fn nth<I: Iterator<Item = u8>>(mut it: I, k: u32) -> u8 {
    it.nth(k as usize)
        .expect("k is below the iterator's length")
}

impl Policy for Random {
    fn choose_obstacle(&self, v: &View, rng: &mut GameRng) -> u8 {
        let open = v.state.open_jobs(v.rules).count() as u32;
        nth(v.state.open_jobs(v.rules), rng.below(open))
    }

    fn bet(&self, v: &View, rng: &mut GameRng) -> Bet {
        let p = v.player();
        let covered = if v.rules.bet_from_covered {
            u32::from(p.covered())
        } else {
            0
        };
        let tokens = u32::from(p.stash) + covered;
        let mut want = rng.below(tokens + 1);
        // Selection sampling (Knuth's algorithm S) over the covered skills' cheese, then the
        // stash's: each token is kept with probability wanted/remaining, which makes every subset
        // of the drawn size equally likely. Stash cheese are interchangeable, so whatever is still
        // wanted when the covered skills are done comes from the stash without further draws.
        let mut left = tokens;
        let mut bet = Bet::default();
        if covered > 0 {
            for (i, _) in p.skills.iter().enumerate().filter(|(_, h)| h.covered) {
                if want > 0 && rng.below(left) < want {
                    bet.from_covered |= 1 << i;
                    want -= 1;
                }
                left -= 1;
            }
        }
        bet.from_stash = want as u8;
        bet
    }

    fn uncover(&self, v: &View, rng: &mut GameRng) -> Option<u8> {
        let p = v.player();
        let k = rng.below(u32::from(p.covered()) + 1);
        let covered = p
            .skills
            .iter()
            .enumerate()
            .filter(|(_, h)| h.covered)
            .map(|(i, _)| i as u8);
        (k > 0).then(|| nth(covered, k - 1))
    }

    fn activate(&self, v: &View, rng: &mut GameRng) -> Option<u8> {
        let p = v.player();
        let k = rng.below(p.activatable().count() as u32 + 1);
        (k > 0).then(|| nth(p.activatable(), k - 1))
    }

    fn pick_chip(&self, v: &View, _kind: EffectKind, rng: &mut GameRng) -> u8 {
        rng.below(v.state.test.chips.len() as u32) as u8
    }

    fn learn(&self, v: &View, rng: &mut GameRng) -> Option<Learn> {
        let k = rng.below(v.state.market.len() as u32 + 1);
        if k == 0 {
            return None;
        }
        let held = v.player().skills.len();
        let discard = (held >= v.rules.max_skills).then(|| rng.below(held as u32) as u8);
        Some(Learn {
            market: (k - 1) as u8,
            discard,
        })
    }

    fn choose_food(&self, v: &View, job: u8, rng: &mut GameRng) -> u8 {
        rng.below(v.state.jobs[job as usize].food.len() as u32) as u8
    }
}
