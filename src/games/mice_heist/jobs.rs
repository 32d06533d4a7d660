//! Jobs both editions share: an obstacle stack with cheese on its cards, a contribution track and
//! food tokens, and the end game's food claims and winner.

use arrayvec::ArrayVec;

use super::parts::{MAX_FOOD, MAX_JOBS, MAX_OBSTACLES, ObstacleCheese};
use super::track::{Climb, Track};
use crate::games::{MAX_SEATS, Seat};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JobState {
    /// Which job of the config this is.
    pub spec: u8,
    /// Index of the obstacle on top of the stack; equal to the stack's size when it is done.
    pub next: u8,
    /// Cheese lying on each obstacle of the stack.
    pub cheese: [u8; MAX_OBSTACLES],
    pub track: Track,
    /// Food tokens not yet claimed.
    pub food: ArrayVec<u8, MAX_FOOD>,
}

impl JobState {
    /// A job at setup: its food, and the cheese `mode` puts on its obstacles now (`printed` is
    /// each obstacle's printed cheese, top first).
    pub fn new(
        spec: u8,
        food: &[u8],
        printed: &[u8],
        mode: ObstacleCheese,
        supply: &mut u8,
    ) -> Self {
        let mut job = Self {
            spec,
            food: food.iter().copied().collect(),
            ..Self::default()
        };
        let now = match mode {
            ObstacleCheese::OnReveal => 1,
            ObstacleCheese::AtSetup => printed.len(),
            ObstacleCheese::None => 0,
        };
        for (i, &c) in printed.iter().enumerate().take(now) {
            job.cheese[i] = take(supply, c);
        }
        job
    }

    /// The top obstacle leaves play: its cheese goes back to the supply and the next card is
    /// revealed (receiving its cheese when `mode` is on reveal). True when the stack is empty.
    pub fn discard_top(&mut self, printed: &[u8], mode: ObstacleCheese, supply: &mut u8) -> bool {
        *supply += std::mem::take(&mut self.cheese[self.next as usize]);
        self.next += 1;
        let next = self.next as usize;
        if next >= printed.len() {
            return true;
        }
        if mode == ObstacleCheese::OnReveal {
            self.cheese[next] = take(supply, printed[next]);
        }
        false
    }

    /// Moves `seat` up `steps` on this job's track of `length` spaces; on the final space already,
    /// one cheese from the supply instead when `end_cheese` (both editions' switch).
    pub fn climb(
        &mut self,
        seat: Seat,
        steps: u8,
        length: u8,
        end_cheese: bool,
        cheese: &mut u8,
        supply: &mut u8,
    ) {
        if self.track.climb(seat, steps, length) == Climb::AtEnd && end_cheese {
            *cheese += take(supply, 1);
        }
    }

    /// Cheese lying on the obstacles still in the stack of `size` cards.
    pub fn cheese_lying(&self, size: usize) -> u32 {
        self.cheese[(self.next as usize).min(size)..size]
            .iter()
            .map(|&c| u32::from(c))
            .sum()
    }
}

/// Takes up to `n` from a pile, returning what was taken.
pub fn take(pile: &mut u8, n: u8) -> u8 {
    let got = n.min(*pile);
    *pile -= got;
    got
}

/// Moves cheese between the supply and a player: `delta` > 0 takes from the supply, < 0 pays
/// back; either way no more than the giver has.
pub fn exchange(player: &mut u8, supply: &mut u8, delta: i8) {
    if delta >= 0 {
        *player += take(supply, delta as u8);
    } else {
        *supply += take(player, delta.unsigned_abs());
    }
}

/// The order of the end game's claims: job by job in table order, each job's track from the
/// highest space down ("The player in 1st place on the track gets first choice").
pub fn claim_order(
    jobs: &[JobState],
    players: usize,
) -> ArrayVec<(u8, Seat), { MAX_JOBS * MAX_SEATS }> {
    let mut order = ArrayVec::new();
    for (j, job) in jobs.iter().enumerate() {
        for seat in job.track.ranking(players) {
            order.push((j as u8, seat));
        }
    }
    order
}

/// The end game's food claims in [`claim_order`], taken one decision at a time.
#[derive(Clone, Debug, Default)]
pub struct Claims {
    order: ArrayVec<(u8, Seat), { MAX_JOBS * MAX_SEATS }>,
    at: u8,
    /// The food each seat has claimed.
    pub food: [i32; MAX_SEATS],
}

impl Claims {
    pub fn new(jobs: &[JobState], players: usize) -> Self {
        Self {
            order: claim_order(jobs, players),
            ..Self::default()
        }
    }

    /// The claim being decided: a job, and the seat choosing one of its food tokens.
    pub fn current(&self) -> Option<(u8, Seat)> {
        self.order.get(self.at as usize).copied()
    }

    /// Passes the claims that are no choice, each paying `pay(seat, cheese)` one cheese from
    /// the supply instead of food (its job has none left); the claim to decide next, if any.
    pub fn settle(
        &mut self,
        jobs: &[JobState],
        supply: &mut u8,
        mut pay: impl FnMut(Seat, u8),
    ) -> Option<(u8, Seat)> {
        while let Some((job, seat)) = self.current() {
            if !jobs[job as usize].food.is_empty() {
                return Some((job, seat));
            }
            pay(seat, take(supply, 1));
            self.at += 1;
        }
        None
    }

    /// The current claimant takes food token `index` of its job.
    pub fn claim(&mut self, jobs: &mut [JobState], index: u8) {
        let (job, seat) = self.current().expect("a claim is being decided");
        let food = &mut jobs[job as usize].food;
        assert!(
            (index as usize) < food.len(),
            "a bot claimed food token {index}, which is not there"
        );
        self.food[seat] += i32::from(food.remove(index as usize));
        self.at += 1;
    }
}

/// The winners as a seat bit set: the highest score, ties broken by `tiebreak` (higher wins),
/// still-tied seats sharing the victory.
pub fn winners(scores: &[i32; MAX_SEATS], tiebreak: &[i32; MAX_SEATS], players: usize) -> u8 {
    let best = (0..players)
        .map(|s| (scores[s], tiebreak[s]))
        .max()
        .unwrap_or_default();
    (0..players)
        .filter(|&s| (scores[s], tiebreak[s]) == best)
        .fold(0u8, |m, s| m | 1 << s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cheese_is_placed_by_mode_and_returned_on_discard() {
        let printed = [1, 0, 2];
        let mut supply = 10;
        let mut job = JobState::new(
            0,
            &[12, 6, 3],
            &printed,
            ObstacleCheese::OnReveal,
            &mut supply,
        );
        assert_eq!((job.cheese, supply), ([1, 0, 0, 0, 0, 0, 0, 0], 9));
        assert!(!job.discard_top(&printed, ObstacleCheese::OnReveal, &mut supply));
        assert_eq!((job.next, supply), (1, 10));
        assert!(!job.discard_top(&printed, ObstacleCheese::OnReveal, &mut supply));
        assert_eq!((job.cheese[2], supply, job.cheese_lying(3)), (2, 8, 2));
        assert!(job.discard_top(&printed, ObstacleCheese::OnReveal, &mut supply));
        assert_eq!((supply, job.cheese_lying(3)), (10, 0));

        let mut supply = 2;
        let all = JobState::new(0, &[], &printed, ObstacleCheese::AtSetup, &mut supply);
        assert_eq!(
            (all.cheese[0], all.cheese[2], supply),
            (1, 1, 0),
            "a short supply gives what it has"
        );
    }

    #[test]
    fn claims_go_job_by_job_highest_first() {
        let mut a = JobState::default();
        a.track.set(0, 2);
        a.track.set(2, 5);
        let mut b = JobState::default();
        b.track.set(1, 1);
        assert_eq!(
            claim_order(&[a, b], 3).as_slice(),
            &[(0, 2), (0, 0), (1, 1)]
        );
    }

    #[test]
    fn ties_break_then_share() {
        let mut s = [0; MAX_SEATS];
        let mut t = [0; MAX_SEATS];
        s[..3].copy_from_slice(&[9, 9, 4]);
        t[..3].copy_from_slice(&[1, 2, 9]);
        assert_eq!(winners(&s, &t, 3), 0b010);
        t[0] = 2;
        assert_eq!(winners(&s, &t, 3), 0b011);
    }
}
