//! `random`: uniform among the legal options at every decision. It is the reference the tests
//! measure against, so each choice is spelled out:
//!
//! - obstacle: each job with an obstacle left, equally likely;
//! - bet: every distinct bet equally likely. A bet is how many stash cheese (0..=stash) and which
//!   covered skills give their cheese (any subset, when the config allows betting from covered
//!   skills), so the stash part is uniform in 0..=stash and each covered skill joins on a coin
//!   flip;
//! - uncovering when abstaining: "none" or each covered skill, equally likely;
//! - activation: "stop" or each uncovered skill (while it has a cheese to pay), equally likely;
//! - flip / replace target: each chip of the test, equally likely;
//! - learning: "decline" or each market skill, equally likely; at the skill limit the options are
//!   "decline" or each (market skill, held skill to return) pair, equally likely;
//! - food: each remaining token, equally likely.

use super::{Bet, Learn, Policy, View};
use crate::games::mice_heist::cheese::config::EffectKind;
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
        let mut bet = Bet {
            from_stash: rng.below(u32::from(p.stash) + 1) as u8,
            from_covered: 0,
        };
        if v.rules.bet_from_covered {
            for (i, _) in p.skills.iter().enumerate().filter(|(_, h)| h.covered) {
                if rng.coin() {
                    bet.from_covered |= 1 << i;
                }
            }
        }
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
        rng.below(v.state.test.drawn.chips.len() as u32) as u8
    }

    fn learn(&self, v: &View, rng: &mut GameRng) -> Option<Learn> {
        let market = v.state.market.len() as u32;
        let held = v.player().skills.len() as u32;
        let full = held >= v.rules.max_skills as u32;
        let returns = if full { held } else { 1 };
        let k = rng.below(market * returns + 1);
        (k > 0).then(|| Learn {
            market: ((k - 1) / returns) as u8,
            discard: full.then_some(((k - 1) % returns) as u8),
        })
    }

    fn choose_food(&self, v: &View, job: u8, rng: &mut GameRng) -> u8 {
        rng.below(v.state.jobs[job as usize].food.len() as u32) as u8
    }
}
