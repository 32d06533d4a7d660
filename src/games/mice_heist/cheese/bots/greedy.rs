//! `greedy`: a one-step heuristic player. It computes exact success odds from the chips still in
//! the bag (the play area is public, so the bag's contents are too), values a contribution step
//! by the food it would win if the game ended now, and:
//!
//! - tests the obstacle with the best expected gain, steering away from a finale it would end
//!   while behind on projected score;
//! - bets when the expected return beats the cheese it hands the tester, betting from covered
//!   skills first (that cheese scores nothing where it lies);
//! - always takes a cheese back from a covered skill when abstaining;
//! - activates skills only while the test is failing and the skills it can still pay for can turn
//!   it, choosing the one that raises the odds most; after a success, activates skills that only
//!   pay out (cheese, contribution) when they gain more than the cheese they cost;
//! - learns the market skill with the highest static value, returning its weakest skill at the
//!   limit; claims the most valuable food.

use super::{Bet, Learn, Policy, View};
use crate::games::mice_heist::cheese::config::{EffectKind, MAX_HELD, Rules};
use crate::games::mice_heist::cheese::state::Player;
use crate::games::mice_heist::chips::Chances;
use crate::games::mice_heist::heuristics::{STEP, best_flip, chosen_chip, helps, worst_chip};
use crate::games::{MAX_SEATS, Seat};

crate::games::mice_heist::edition_greedy!(
    crate::games::mice_heist::CHEESE_GREEDY,
    crate::games::mice_heist::CHEESE_MAX_BET
);

/// Deterministic rating a player can still add with `budget` cheese: its best applicable
/// modifier skills, highest first.
fn potential(rules: &Rules, p: &Player, icons: u8, budget: u8, except: Option<usize>) -> i32 {
    if budget == 0 {
        return 0;
    }
    let mut mods = [0i32; MAX_HELD];
    let (mut n, mut sum) = (0, 0);
    for (i, h) in p.skills.iter().enumerate() {
        let m = i32::from(rules.skill_modifiers[h.skill as usize][icons as usize]);
        if !h.covered && m > 0 && Some(i) != except {
            mods[n] = m;
            n += 1;
            sum += m;
        }
    }
    // Most often the cheese pays for every such skill; only otherwise are they ranked.
    let budget = budget as usize;
    if budget < n {
        // At most `MAX_HELD` values: an insertion sort, not the library's call into quicksort.
        for i in 1..n {
            let mut j = i;
            while j > 0 && mods[j - 1] < mods[j] {
                mods.swap(j - 1, j);
                j -= 1;
            }
        }
        sum = mods[..budget].iter().sum();
    }
    sum
}

/// The chances of the next test's draw, for the bag as it is.
fn draw<'a>(v: &View<'a>) -> Chances<'a> {
    v.rules.odds.draw(
        &v.rules.chips,
        v.state.bag,
        v.state.played,
        v.rules.chips_per_test,
    )
}

/// The chance `seat` passes `job`'s top obstacle if it tested it now, the draw's chances given.
fn odds(v: &View, chances: &Chances, seat: Seat, job: u8) -> f64 {
    let spec = &v.rules.jobs[job as usize].obstacles[v.state.jobs[job as usize].next as usize];
    let p = &v.state.players[seat];
    let boost = potential(v.rules, p, spec.icons, p.stash, None);
    chances.at_least(i32::from(spec.target) - boost)
}

/// Scores as they would stand if the game ended now (food by track place, plus stash).
fn projected(v: &View) -> [f64; MAX_SEATS] {
    let mut score = [0.0; MAX_SEATS];
    for (s, p) in v.state.players.iter().enumerate() {
        score[s] = f64::from(p.stash)
            + v.state
                .jobs
                .iter()
                .map(|j| payout(v).food_now(&j.track, s))
                .sum::<f64>();
    }
    score
}

/// Whether this seat's projected score is above every other seat's.
fn leads(v: &View) -> bool {
    let scores = projected(v);
    let leader = (0..v.rules.players)
        .filter(|&s| s != v.me)
        .map(|s| scores[s])
        .fold(f64::MIN, f64::max);
    scores[v.me] > leader
}

/// A skill's worth to hold, independent of the moment: modifiers weighted by how often their
/// icon shows, chip effects at their typical gain, pay-outs at face value; less the cheese every
/// activation costs.
fn static_value(rules: &Rules, skill: u8) -> f64 {
    const ACTIVATION: f64 = 1.0;
    rules
        .skill(skill)
        .effects
        .iter()
        .map(|e| {
            let v = f64::from(e.value);
            rules.icon_share[e.icon as usize]
                * match e.kind {
                    EffectKind::Modifier => v,
                    EffectKind::Flip => 2.0,
                    EffectKind::Draw => v,
                    EffectKind::Replace => 1.5,
                    EffectKind::Track => STEP * v,
                    EffectKind::Cheese => v,
                }
        })
        .sum::<f64>()
        - ACTIVATION
}

/// The chance the test passes after activating `slot` (with the rest of the budget still
/// usable for modifiers).
fn odds_after(v: &View, slot: usize, target: i32, icons: u8) -> f64 {
    let rules = v.rules;
    let test = &v.state.test;
    let p = v.player();
    let effects = &rules.skill(p.skills[slot].skill).effects;
    let rest = potential(rules, p, icons, p.stash - 1, Some(slot));
    let mut fixed = test.rating(rules) + rest;
    let mut extra_draws = 0;
    let mut bag = v.state.bag;
    for e in effects.iter().filter(|e| e.applies(icons)) {
        match e.kind {
            // As the engine plays it: with no chip drawn (a bag emptied by replacements) there
            // is none to flip or set aside, and the effect does nothing.
            EffectKind::Flip | EffectKind::Replace if test.drawn.chips.is_empty() => {}
            EffectKind::Modifier => fixed += i32::from(e.value),
            EffectKind::Flip => fixed += best_flip(&rules.chips, &test.drawn).0.max(0),
            EffectKind::Draw => extra_draws += e.value as usize,
            EffectKind::Replace => {
                let (face, i) = worst_chip(&rules.chips, &test.drawn);
                fixed -= face;
                bag &= !(1 << test.drawn.chips[i as usize].0);
                extra_draws += 1;
            }
            EffectKind::Track | EffectKind::Cheese => {}
        }
    }
    if extra_draws == 0 {
        return if fixed >= target { 1.0 } else { 0.0 };
    }
    rules.odds.at_least(
        &rules.chips,
        bag,
        v.state.played,
        extra_draws,
        target - fixed,
    )
}

/// Whether every skill it can still pay for, at its best, could turn this test.
fn reachable(v: &View, target: i32, icons: u8) -> bool {
    let rules = v.rules;
    let test = &v.state.test;
    let p = v.player();
    let mut gains = [0i32; MAX_HELD];
    let max_face = i32::from(
        rules
            .chips
            .kinds
            .iter()
            .map(|k| k.high.max(k.low))
            .max()
            .unwrap_or(0),
    );
    for (i, h) in p.skills.iter().enumerate().filter(|(_, h)| !h.covered) {
        gains[i] = rules
            .skill(h.skill)
            .effects
            .iter()
            .filter(|e| e.applies(icons))
            .map(|e| match e.kind {
                EffectKind::Modifier => i32::from(e.value),
                EffectKind::Flip | EffectKind::Replace if test.drawn.chips.is_empty() => 0,
                EffectKind::Flip => best_flip(&rules.chips, &test.drawn).0.max(0),
                EffectKind::Draw => i32::from(e.value) * max_face,
                EffectKind::Replace => max_face - worst_chip(&rules.chips, &test.drawn).0,
                EffectKind::Track | EffectKind::Cheese => 0,
            })
            .sum::<i32>()
            .max(0);
    }
    gains.sort_unstable_by(|a, b| b.cmp(a));
    let best: i32 = gains[..(p.stash as usize).min(gains.len())].iter().sum();
    test.rating(rules) + best >= target
}

impl Policy for Greedy {
    fn choose_obstacle(&self, v: &View) -> u8 {
        // Whether it leads on projected score matters only for a finale, and reckoning it
        // reads every track: done once, at the first finale open.
        let mut ahead = None;
        let learnable = if v.state.market.is_empty() { 0.0 } else { 1.0 };
        let mut best = (f64::MIN, 0u8);
        let chances = draw(v);
        for job in v.state.open_jobs(v.rules) {
            let state = &v.state.jobs[job as usize];
            let spec = &v.rules.jobs[job as usize].obstacles[state.next as usize];
            let p = odds(v, &chances, v.me, job);
            let place = place(v, job);
            let gain =
                place.climb_value(spec.payout) + f64::from(state.cheese[state.next as usize]);
            let mut value = p * gain + (1.0 - p) * (place.climb_value(1) + learnable);
            if spec.finale {
                value += p * if *ahead.get_or_insert_with(|| leads(v)) {
                    self.ending_swing
                } else {
                    -self.ending_swing
                };
            }
            if value > best.0 {
                best = (value, job);
            }
        }
        best.1
    }

    fn bet(&self, v: &View) -> Bet {
        let p = v.player();
        let available = u32::from(p.stash)
            + if v.rules.bet_from_covered {
                u32::from(p.covered())
            } else {
                0
            };
        let top = u32::from(self.max_bet).min(available) as u8;
        if top == 0 {
            return Bet::default();
        }
        let chance = odds(v, &draw(v), v.state.tester, v.state.test.job);
        let refund = if v.state.supply > 0 {
            1.0 - chance
        } else {
            0.0
        };
        let opponents = (v.rules.players - 1) as f64;
        let place = place(v, v.state.test.job);
        let ev =
            |b: u8| chance * place.climb_value(b) + refund - f64::from(b) * (1.0 + 1.0 / opponents);
        let (mut amount, mut best) = (0u8, 0.0);
        for b in 1..=top {
            let value = ev(b);
            if value > best {
                (amount, best) = (b, value);
            }
        }
        let mut bet = Bet::default();
        if v.rules.bet_from_covered {
            for (i, _) in p.skills.iter().enumerate().filter(|(_, h)| h.covered) {
                if amount > 0 {
                    bet.from_covered |= 1 << i;
                    amount -= 1;
                }
            }
        }
        bet.from_stash = amount;
        bet
    }

    fn uncover(&self, v: &View) -> Option<u8> {
        v.player()
            .skills
            .iter()
            .position(|h| h.covered)
            .map(|i| i as u8)
    }

    fn activate(&self, v: &View) -> Option<u8> {
        let rules = v.rules;
        let job = v.state.test.job as usize;
        let spec = &rules.jobs[job].obstacles[v.state.jobs[job].next as usize];
        let target = i32::from(spec.target);
        let p = v.player();
        if v.state.test.rating(rules) >= target {
            // Passing already: only pure pay-outs, when they gain more than they cost.
            return p.activatable().find(|&slot| {
                let effects = &rules.skill(p.skills[slot as usize].skill).effects;
                let payout: f64 = effects
                    .iter()
                    .filter(|e| e.applies(spec.icons))
                    .map(|e| match e.kind {
                        EffectKind::Cheese => f64::from(e.value),
                        EffectKind::Track => STEP * f64::from(e.value),
                        _ => f64::NEG_INFINITY,
                    })
                    .sum();
                payout > 1.0
            });
        }
        if !reachable(v, target, spec.icons) {
            return None;
        }
        let mut best = (0.0, None);
        for slot in p.activatable() {
            if !helps(
                &rules.skill(p.skills[slot as usize].skill).effects,
                spec.icons,
            ) {
                continue;
            }
            let chance = odds_after(v, slot as usize, target, spec.icons);
            if chance > best.0 + 1e-12 {
                best = (chance, Some(slot));
            }
        }
        best.1
    }

    fn pick_chip(&self, v: &View, kind: EffectKind) -> u8 {
        chosen_chip(&v.rules.chips, &v.state.test.drawn, kind)
    }

    fn learn(&self, v: &View) -> Option<Learn> {
        let value = |s: u8| static_value(v.rules, s);
        let (market, gain) = v
            .state
            .market
            .iter()
            .enumerate()
            .map(|(i, &s)| (i as u8, value(s)))
            .fold((0, f64::MIN), |a, b| if b.1 > a.1 { b } else { a });
        if v.state.market.is_empty() || gain <= 0.0 {
            return None;
        }
        let p = v.player();
        if p.skills.len() < v.rules.max_skills {
            return Some(Learn {
                market,
                discard: None,
            });
        }
        let (slot, weakest) = p
            .skills
            .iter()
            .enumerate()
            .map(|(i, h)| (i as u8, value(h.skill)))
            .fold((0, f64::MAX), |a, b| if b.1 < a.1 { b } else { a });
        (weakest < gain).then_some(Learn {
            market,
            discard: Some(slot),
        })
    }

    fn choose_food(&self, v: &View, job: u8) -> u8 {
        let food = &v.state.jobs[job as usize].food;
        (0..food.len())
            .max_by_key(|&i| (food[i], std::cmp::Reverse(i)))
            .unwrap_or(0) as u8
    }
}
