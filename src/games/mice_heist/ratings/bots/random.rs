//! `random`: uniform among the legal options at every decision:
//!
//! - test: every (job with an obstacle left, way to test its top obstacle) pair equally likely —
//!   one way for a plain test, one per skill for an "or" test;
//! - chips: 0 to the player's chips, equally likely;
//! - playing cards: "stop" or each card in hand, equally likely;
//! - flip / replace target: each chip of the test, equally likely;
//! - learning after failing: "none", each played card, each hand card, or the deck's top card
//!   (when a card is left to draw), equally likely;
//! - a non-assisting player after a failure: "nothing", learning each hand card, or drawing
//!   (when the hand has room and a card is left), equally likely;
//! - discarding before the refill: every subset of the hand equally likely;
//! - food: each remaining token, equally likely.

use super::{Choice, Learn, Policy, Spare, View};
use crate::games::mice_heist::ratings::config::EffectKind;
use crate::rng::{Dice, GameRng};

pub struct Random;

/// Whether a card can be drawn: the deck, or a discard pile to reshuffle, holds one.
fn can_draw(v: &View) -> bool {
    v.state.skill_deck_left > 0 || !v.state.skill_discard.is_empty()
}

impl Policy for Random {
    fn choose_test(&self, v: &View, rng: &mut GameRng) -> Choice {
        let choices = || {
            v.state.open_jobs(v.rules).flat_map(move |job| {
                v.state
                    .obstacle(v.rules, job)
                    .options()
                    .map(move |skills| Choice { job, skills })
            })
        };
        let k = rng.below(choices().count() as u32);
        choices().nth(k as usize).expect("k is below the count")
    }

    fn bet(&self, v: &View, rng: &mut GameRng) -> u8 {
        rng.below(u32::from(v.rules.player_chips) + 1) as u8
    }

    fn play_card(&self, v: &View, rng: &mut GameRng) -> Option<u8> {
        let k = rng.below(v.hand.len() as u32 + 1);
        (k > 0).then(|| (k - 1) as u8)
    }

    fn pick_chip(&self, v: &View, _kind: EffectKind, rng: &mut GameRng) -> u8 {
        rng.below(v.state.test.drawn.chips.len() as u32) as u8
    }

    fn learn(&self, v: &View, rng: &mut GameRng) -> Option<Learn> {
        let played = v.state.test.played.len() as u32;
        let hand = v.hand.len() as u32;
        let top = u32::from(can_draw(v));
        let k = rng.below(1 + played + hand + top);
        match k {
            0 => None,
            k if k <= played => Some(Learn::Played((k - 1) as u8)),
            k if k <= played + hand => Some(Learn::Hand((k - 1 - played) as u8)),
            _ => Some(Learn::DeckTop),
        }
    }

    fn spare(&self, v: &View, rng: &mut GameRng) -> Option<Spare> {
        let hand = v.hand.len() as u32;
        let draw = u32::from(can_draw(v) && (hand as usize) < v.rules.max_hand);
        let k = rng.below(1 + hand + draw);
        match k {
            0 => None,
            k if k <= hand => Some(Spare::Learn((k - 1) as u8)),
            _ => Some(Spare::Draw),
        }
    }

    fn discard(&self, v: &View, rng: &mut GameRng) -> u16 {
        (0..v.hand.len())
            .filter(|_| rng.coin())
            .fold(0, |m, i| m | 1 << i)
    }

    fn choose_food(&self, v: &View, job: u8, rng: &mut GameRng) -> u8 {
        rng.below(v.state.jobs[job as usize].food.len() as u32) as u8
    }
}
