//! Both editions' reckoning of each seat's chance to win from the table as it stands, which a
//! search scores a play-out by when it stops at its horizon ([`crate::play::Decisions::standing`]).
//!
//! A seat's projected score is what it would hold if the game ended now: its cheese and the food
//! its place on each track would claim. The chances are a softmax of those scores whose spread
//! narrows as the nearest job nears its end, since fewer tests remain to change the order.

use super::heuristics::Payout;
use super::jobs::JobState;
use crate::games::{MAX_SEATS, Seat};

/// How much a projected lead is still worth: chances go as `exp(score / spread)`, with
/// `spread = base + per_obstacle × obstacles left on the job nearest its end`.
#[derive(Clone, Copy, Debug)]
pub struct Spread {
    pub base: f32,
    pub per_obstacle: f32,
}

/// Fitted to greedy games of both editions' default configs by each edition's
/// `fit_the_spread` test (the least log-loss of the real winner over positions every 5
/// decisions of 400 games, on a grid of steps of 1.5): the cheese edition's best was (4.5, 9),
/// the ratings edition's (1.5, 9), and the loss barely moves between them.
pub const SPREAD: Spread = Spread {
    base: 3.0,
    per_obstacle: 9.0,
};

/// Each seat's projected score: `cheese[s]` plus the food its place on each job's track would
/// claim now.
pub fn projected(
    jobs: &[JobState],
    payout: Payout,
    cheese: impl Fn(Seat) -> u8,
    players: usize,
) -> [f32; MAX_SEATS] {
    let mut score = [0.0; MAX_SEATS];
    for (s, score) in score.iter_mut().enumerate().take(players) {
        let food: f64 = jobs.iter().map(|j| payout.food_now(&j.track, s)).sum();
        *score = f32::from(cheese(s)) + food as f32;
    }
    score
}

/// Obstacles left on the job nearest its end: the fewest of any job's (`size` gives a job's
/// stack).
pub fn left(jobs: &[JobState], size: impl Fn(&JobState) -> usize) -> u8 {
    jobs.iter()
        .map(|j| size(j).saturating_sub(usize::from(j.next)) as u8)
        .min()
        .unwrap_or(0)
}

/// Each seat's chance to win: a softmax of the projected scores with the spread `left` gives.
pub fn chances(
    score: &[f32; MAX_SEATS],
    players: usize,
    left: u8,
    spread: Spread,
) -> [f32; MAX_SEATS] {
    crate::play::softmax(
        score,
        players,
        spread.base + spread.per_obstacle * f32::from(left),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leader_is_likelier_and_more_so_near_the_end() {
        let mut score = [0.0; MAX_SEATS];
        score[..3].copy_from_slice(&[10.0, 14.0, 10.0]);
        let early = chances(&score, 3, 5, SPREAD);
        let late = chances(&score, 3, 1, SPREAD);
        assert!((early[..3].iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert_eq!(early[0], early[2]);
        assert!(
            early[1] > early[0] && late[1] > early[1],
            "{early:?} {late:?}"
        );
        assert_eq!(early[3..], [0.0; 3]);
        // Equal scores: equal chances.
        let even = chances(&[7.0; MAX_SEATS], 4, 3, SPREAD);
        assert!(even[..4].iter().all(|&c| (c - 0.25).abs() < 1e-6));
    }
}
