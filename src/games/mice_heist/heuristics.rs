//! What the greedy bots of both editions estimate: the food a track place is worth if the game
//! ended now, and the best chip to flip or replace.

use super::chips::Drawn;
use super::parts::{ChipTable, Effect, EffectKind};
use super::track::{Climb, Track};
use crate::games::Seat;

/// What a contribution step is worth, in cheese, beyond the food it wins if the game ended now:
/// a lead also has to survive later climbs.
pub const STEP: f64 = 0.5;

/// How a job's track pays: the food tokens in order, then a cheese each.
#[derive(Clone, Copy)]
pub struct Payout<'a> {
    pub food: &'a [u8],
    pub track_length: u8,
}

impl<'a> Payout<'a> {
    /// The food `seat` would claim on `track` if the game ended now.
    pub fn food_now(&self, track: &Track, seat: Seat) -> f64 {
        self.food_at(track, seat, track.position(seat))
    }

    /// The food `seat` would claim standing on `space`.
    fn food_at(&self, track: &Track, seat: Seat, space: u8) -> f64 {
        match track.rank_at(seat, space) {
            Some(rank) => self.food.get(rank).map_or(1.0, |&f| f64::from(f)),
            None => 0.0,
        }
    }

    /// What climbing `steps` on `track` is worth to `seat`: the food it would win now, plus
    /// `STEP` a step.
    pub fn climb_value(&self, track: &Track, seat: Seat, steps: u8) -> f64 {
        self.place(track, seat).climb_value(steps)
    }

    /// `seat`'s place on `track`, read once to value several climbs from it.
    pub fn place<'t>(&self, track: &'t Track, seat: Seat) -> Place<'t>
    where
        'a: 't,
    {
        let now = track.position(seat);
        Place {
            payout: *self,
            track,
            seat,
            now,
            food: self.food_at(track, seat, now),
        }
    }
}

/// A seat's place on one track, with the food it claims there now.
#[derive(Clone, Copy)]
pub struct Place<'a> {
    payout: Payout<'a>,
    track: &'a Track,
    seat: Seat,
    now: u8,
    food: f64,
}

impl Place<'_> {
    /// What climbing `steps` from here is worth: the food it would win now, plus `STEP` a step.
    pub fn climb_value(&self, steps: u8) -> f64 {
        let then = match self
            .track
            .landing(self.seat, steps, self.payout.track_length)
        {
            Climb::To(space) => space,
            Climb::AtEnd => self.now,
        };
        // Not moving wins no food; the ranks are not looked up for it.
        let food = if then == self.now {
            0.0
        } else {
            self.payout.food_at(self.track, self.seat, then) - self.food
        };
        food + STEP * f64::from(steps)
    }
}

/// Whether a card can raise this test's total itself (rather than only pay out): counting the
/// rest of a hand's potential, a card that does nothing here would otherwise look as good as the
/// one that does.
pub fn helps(effects: &[Effect], icons: u8) -> bool {
    effects
        .iter()
        .filter(|e| e.applies(icons))
        .any(|e| match e.kind {
            EffectKind::Modifier => e.value > 0,
            EffectKind::Flip | EffectKind::Draw | EffectKind::Replace => true,
            EffectKind::Track | EffectKind::Cheese => false,
        })
}

/// The best rating gain a flip gives, and the chip to flip for it.
pub fn best_flip(chips: &ChipTable, drawn: &Drawn) -> (i32, u8) {
    let mut best = (i32::MIN, 0);
    for (i, &(c, high)) in drawn.chips.iter().enumerate() {
        let gain = i32::from(chips.face(c, !high)) - i32::from(chips.face(c, high));
        if gain > best.0 {
            best = (gain, i as u8);
        }
    }
    best
}

/// The chip an effect of `kind` acts on: the one whose flip gains most for a flip, else the
/// lowest showing.
pub fn chosen_chip(chips: &ChipTable, drawn: &Drawn, kind: EffectKind) -> u8 {
    match kind {
        EffectKind::Flip => best_flip(chips, drawn).1,
        _ => worst_chip(chips, drawn).1,
    }
}

/// The lowest chip showing, and its index ((0, 0) with no chip drawn).
pub fn worst_chip(chips: &ChipTable, drawn: &Drawn) -> (i32, u8) {
    if drawn.chips.is_empty() {
        return (0, 0);
    }
    let mut worst = (i32::MAX, 0);
    for (i, &(c, high)) in drawn.chips.iter().enumerate() {
        let face = i32::from(chips.face(c, high));
        if face < worst.0 {
            worst = (face, i as u8);
        }
    }
    worst
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_climb_is_worth_the_food_it_wins_and_half_a_cheese_a_step() {
        let payout = Payout {
            food: &[6, 4, 2],
            track_length: 8,
        };
        let mut track = Track::default();
        for (seat, space) in [(0, 2), (1, 4), (3, 8)] {
            track.set(seat, space);
        }
        // Seat 1 (space 2) is third behind seat 2's 4 and seat 4's 8: it claims 2 food now.
        let place = payout.place(&track, 0);
        assert_eq!(place.climb_value(1), 0.5, "to space 3, still third");
        assert_eq!(
            place.climb_value(2),
            4.0 - 2.0 + 1.0,
            "past space 4, taken, to 5: second"
        );
        assert_eq!(payout.climb_value(&track, 0, 2), place.climb_value(2));
        // Off the track, one step is fourth place, past the food: a cheese.
        assert_eq!(payout.place(&track, 2).climb_value(1), 1.0 + 0.5);
        // At the end a climb moves nothing and wins no food.
        assert_eq!(payout.place(&track, 3).climb_value(3), 1.5);
    }
}
