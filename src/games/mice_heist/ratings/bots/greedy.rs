//! `greedy` for the ratings edition: a one-step heuristic player, the same as the cheese
//! edition's where the rules are the same. It computes exact chip odds from the bag, values
//! contribution by the food it would win now, and:
//!
//! - tests the (obstacle, skill) with the best expected gain — its rating plus the cards in its
//!   hand against the target — steering away from ending the game while behind;
//! - reveals chips when the steps they buy beat the chance to learn or draw it gives up;
//! - plays cards only while the test is failing and its hand can still turn it, the card that
//!   raises the odds most first, and once passing, cards that only pay out (cheese,
//!   contribution) when their skill is little tested;
//! - learns the card whose skill the remaining obstacles test most (played cards first, as they
//!   are spent anyway); when it abstained and the test failed, learns such a card from its hand
//!   or draws; never discards; claims the most valuable food.

use super::{Choice, Learn, Policy, Spare, View};
use crate::games::Seat;
use crate::games::mice_heist::chips::Chances;
use crate::games::mice_heist::heuristics::{best_flip, chosen_chip, helps, worst_chip};
use crate::games::mice_heist::ratings::config::{EffectKind, MAX_HAND, SKILLS};

crate::games::mice_heist::edition_greedy!(
    crate::games::mice_heist::RATINGS_GREEDY,
    crate::games::mice_heist::RATINGS_MAX_BET
);

/// What learning or drawing a card is worth, in cheese.
const CARD: f64 = 1.0;

/// The chances of the next test's draw, for the bag as it is.
fn draw<'a>(v: &View<'a>) -> Chances<'a> {
    v.rules.odds.draw(
        &v.rules.chips,
        v.state.bag,
        v.state.played,
        v.rules.chips_per_test,
    )
}

/// The modifier `hand` can add against an obstacle testing `icons`, leaving out card `except`.
fn potential(v: &View, hand: &[u8], icons: u8, except: Option<usize>) -> i32 {
    hand.iter()
        .enumerate()
        .filter(|&(i, _)| Some(i) != except)
        .map(|(_, &c)| i32::from(v.rules.skill_cards[c as usize].modifier[icons as usize]).max(0))
        .sum()
}

/// What a hand of `cards` unseen cards is likely to add against an obstacle testing `icons`: the
/// mean over the skill deck's cards (its make-up is public, the cards in a hand are not).
fn expected_potential(v: &View, cards: u8, icons: u8) -> i32 {
    let sum = v.rules.deck_modifiers[icons as usize];
    let deck = v.rules.skill_deck.len().max(1) as f64;
    (f64::from(cards) * f64::from(sum) / deck).round() as i32
}

/// What `seat`'s hand adds against an obstacle testing `icons`: its own hand for the viewer,
/// the likely worth of one it cannot see for anyone else.
fn hand_boost(v: &View, seat: Seat, icons: u8) -> i32 {
    if seat == v.me {
        potential(v, v.hand, icons, None)
    } else {
        expected_potential(v, v.hand_sizes[seat], icons)
    }
}

/// The chance `seat` passes `job`'s top obstacle tested with `skills`, playing a hand worth
/// `hand` ([`hand_boost`]); the draw's chances given.
fn odds(v: &View, chances: &Chances, seat: Seat, job: u8, skills: u8, hand: i32) -> f64 {
    let o = v.state.obstacle(v.rules, job);
    let p = &v.state.players[seat];
    chances.at_least(i32::from(o.target) - p.rating(skills) - hand)
}

/// How many obstacles still to come in open jobs test each skill (by its index into the
/// ratings): read once a decision, for every card it weighs.
fn skill_weights(v: &View) -> [usize; SKILLS.len()] {
    let mut weights = [0; SKILLS.len()];
    for j in &v.state.jobs {
        let spec = &v.rules.jobs[j.spec as usize];
        for o in spec.obstacles.iter().skip(j.next as usize) {
            for (skill, w) in weights.iter_mut().enumerate() {
                *w += usize::from(o.test >> skill & 1);
            }
        }
    }
    weights
}

/// What learning `card` is worth to the viewer: its skill's weight, unless already at the top.
fn learn_value(v: &View, weights: &[usize; SKILLS.len()], card: u8) -> f64 {
    let skill = v.rules.skill_cards[card as usize].skill as usize;
    if v.player().ratings[skill] >= v.rules.max_rating {
        0.0
    } else {
        weights[skill] as f64
    }
}

fn best_card(v: &View, weights: &[usize; SKILLS.len()], cards: &[u8]) -> Option<(u8, f64)> {
    cards
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as u8, learn_value(v, weights, c)))
        .filter(|&(_, value)| value > 0.0)
        .fold(None, |best, x| match best {
            Some((_, b)) if b >= x.1 => best,
            _ => Some(x),
        })
}

/// Scores as they would stand if the game ended now.
fn projected(v: &View, seat: Seat) -> f64 {
    let p = &v.state.players[seat];
    f64::from(p.cheese)
        + v.state
            .jobs
            .iter()
            .map(|j| payout(v).food_now(&j.track, seat))
            .sum::<f64>()
}

/// The chance the failing test passes after playing hand card `i`, the rest of the hand
/// still counted for its modifiers.
fn odds_after(v: &View, i: usize, target: i32, icons: u8) -> f64 {
    let rules = v.rules;
    let test = &v.state.test;
    let p = v.player();
    let card = &rules.skill_cards[v.hand[i] as usize];
    let mut fixed = p.rating(test.skills)
        + test.drawn.total(&rules.chips)
        + test.modifier
        + potential(v, v.hand, icons, Some(i));
    let mut draws = 0;
    for e in card.effects.iter().filter(|e| e.applies(icons)) {
        match e.kind {
            EffectKind::Modifier => fixed += i32::from(e.value),
            EffectKind::Flip => fixed += best_flip(&rules.chips, &test.drawn).0.max(0),
            EffectKind::Draw => draws += e.value as usize,
            EffectKind::Replace => {
                fixed -= worst_chip(&rules.chips, &test.drawn).0;
                draws += 1;
            }
            EffectKind::Track | EffectKind::Cheese => {}
        }
    }
    if draws == 0 {
        return if fixed >= target { 1.0 } else { 0.0 };
    }
    rules.odds.at_least(
        &rules.chips,
        v.state.bag,
        v.state.played,
        draws,
        target - fixed,
    )
}

impl Policy for Greedy {
    fn choose_test(&self, v: &View) -> Choice {
        // Whether it leads on projected score matters only for a last obstacle, and reckoning
        // it reads every track: done once, at the first such obstacle.
        let leads = || {
            let leader = (0..v.rules.players)
                .filter(|&s| s != v.me)
                .map(|s| projected(v, s))
                .fold(f64::MIN, f64::max);
            projected(v, v.me) > leader
        };
        let mut ahead = None;
        let mut best = (f64::MIN, Choice { job: 0, skills: 0 });
        let chances = draw(v);
        for job in v.state.open_jobs(v.rules) {
            let j = &v.state.jobs[job as usize];
            let o = v.state.obstacle(v.rules, job);
            let last = j.next as usize + 1 == v.rules.jobs[j.spec as usize].obstacles.len();
            // What passing or failing is worth does not depend on the skills tested.
            let place = place(v, job);
            let win = place.climb_value(o.payout) + f64::from(j.cheese[j.next as usize]);
            let penalty: f64 = o.failure.iter().map(|e| -f64::from(e.value).min(0.0)).sum();
            let lose = place.climb_value(1) + CARD - penalty;
            let hand = hand_boost(v, v.me, o.test);
            for skills in o.options() {
                let p = odds(v, &chances, v.me, job, skills, hand);
                let mut value = p * win + (1.0 - p) * lose;
                if last {
                    let ends = if o.mandatory { p } else { 1.0 };
                    value += ends
                        * if *ahead.get_or_insert_with(leads) {
                            self.ending_swing
                        } else {
                            -self.ending_swing
                        };
                }
                if value > best.0 {
                    best = (value, Choice { job, skills });
                }
            }
        }
        best.1
    }

    fn bet(&self, v: &View) -> u8 {
        let test = &v.state.test;
        let o = v.state.obstacle(v.rules, test.job);
        let hand = hand_boost(v, v.state.tester, o.test);
        let p = odds(v, &draw(v), v.state.tester, test.job, test.skills, hand);
        let place = place(v, test.job);
        // Abstaining keeps the chance to learn or draw if the test fails.
        let ev = |b: u8| p * place.climb_value(b) - if b > 0 { (1.0 - p) * CARD } else { 0.0 };
        (0..=v.rules.player_chips.min(self.max_bet))
            .map(|b| (b, ev(b)))
            .fold((0, 0.0), |best, x| if x.1 > best.1 { x } else { best })
            .0
    }

    fn play_card(&self, v: &View) -> Option<u8> {
        let rules = v.rules;
        let test = &v.state.test;
        let o = v.state.obstacle(rules, test.job);
        let p = v.player();
        let total = p.rating(test.skills) + test.drawn.total(&rules.chips) + test.modifier;
        let target = i32::from(o.target);
        if total >= target {
            // Passing already: spend a card that only pays out (cheese, contribution), unless
            // its skill is worth learning more.
            let mut weights = None;
            return v
                .hand
                .iter()
                .position(|&c| {
                    let card = &rules.skill_cards[c as usize];
                    let pays = card.effects.iter().any(|e| {
                        matches!(e.kind, EffectKind::Track | EffectKind::Cheese) && e.value > 0
                    });
                    pays && !helps(&card.effects, o.test)
                        && learn_value(v, weights.get_or_insert_with(|| skill_weights(v)), c) < 2.0
                })
                .map(|i| i as u8);
        }
        let mut best = (0.0, None);
        for i in 0..v.hand.len().min(MAX_HAND) {
            if !helps(&rules.skill_cards[v.hand[i] as usize].effects, o.test) {
                continue;
            }
            let chance = odds_after(v, i, target, o.test);
            if chance > best.0 + 1e-12 {
                best = (chance, Some(i as u8));
            }
        }
        best.1
    }

    fn pick_chip(&self, v: &View, kind: EffectKind) -> u8 {
        chosen_chip(&v.rules.chips, &v.state.test.drawn, kind)
    }

    fn learn(&self, v: &View) -> Option<Learn> {
        let weights = skill_weights(v);
        if let Some((i, _)) = best_card(v, &weights, &v.state.test.played) {
            return Some(Learn::Played(i));
        }
        if let Some((i, _)) = best_card(v, &weights, v.hand) {
            return Some(Learn::Hand(i));
        }
        let can_draw = v.state.skill_deck_left > 0 || !v.state.skill_discard.is_empty();
        can_draw.then_some(Learn::DeckTop)
    }

    fn spare(&self, v: &View) -> Option<Spare> {
        if let Some((i, _)) = best_card(v, &skill_weights(v), v.hand) {
            return Some(Spare::Learn(i));
        }
        let room = v.hand.len() < v.rules.max_hand;
        let can_draw = v.state.skill_deck_left > 0 || !v.state.skill_discard.is_empty();
        (room && can_draw).then_some(Spare::Draw)
    }

    fn discard(&self, _v: &View) -> u16 {
        0
    }

    fn choose_food(&self, v: &View, job: u8) -> u8 {
        let food = &v.state.jobs[job as usize].food;
        (0..food.len())
            .max_by_key(|&i| (food[i], std::cmp::Reverse(i)))
            .unwrap_or(0) as u8
    }
}
