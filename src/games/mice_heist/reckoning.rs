//! Both editions' reckoning of each seat's chance to win from the table as it stands, which a
//! search scores a play-out by when it stops at its horizon ([`crate::core::play::Decisions::standing`]).
//!
//! A seat's projected score is what it would hold if the game ended now: its cheese and the food
//! its place on each track would claim. The chances are a softmax of those scores whose spread
//! narrows as the nearest job nears its end, since fewer tests remain to change the order.

use super::Edition;
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

/// Fitted to greedy games of both editions' default configs by `tests::fit_the_spread` (the least log-loss of the real winner over positions every 5
/// decisions of 400 games, on a grid of steps of 1.5): the cheese edition's best was (4.5, 9),
/// the ratings edition's (1.5, 9), and the loss barely moves between them.
pub const SPREAD: Spread = Spread {
    base: 3.0,
    per_obstacle: 9.0,
};

/// An edition's engine as the search and its tests reckon it.
pub trait Reckon: Edition {
    /// Each seat's chance to win with `spread`: its projected score is its cheese (as the
    /// edition scores it) and the food its track places claim now.
    fn reckon(&self, spread: Spread) -> [f32; MAX_SEATS];
}

/// Checks that the reckoning foretells the winners of games `lineup` plays from `new(seed)`
/// better than an even chance: over positions every 5 decisions of 200 games, its log-loss is
/// at least 5% lower (early in a game nothing foretells much: over a whole game the fitted
/// spread gains 8–11%).
#[cfg(test)]
pub fn assert_foretells<E: Reckon, M: Default, D>(new: impl Fn(u64) -> E, lineup: &[D])
where
    D: crate::core::play::Decider<E, Memory = M>,
{
    let starts = (0..200u64).map(|seed| (new(seed), seed));
    let (reckoned, even) = crate::bots::ismcts::log_loss(starts, lineup, 5, |g: &E| g.standing());
    assert!(reckoned < 0.95 * even, "{reckoned} against {even}");
}

/// Prints the log-loss of spreads on a grid over games `lineup` plays from `new(seed)`, and
/// the best.
#[cfg(test)]
pub fn fit<E: Reckon, M: Default, D>(new: impl Fn(u64) -> E, lineup: &[D])
where
    D: crate::core::play::Decider<E, Memory = M>,
{
    let mut best = (f64::MAX, 0.0, 0.0);
    for base in (0..=10).map(|b| b as f32 * 1.5) {
        for per_obstacle in (0..=10).map(|b| b as f32 * 1.5) {
            let spread = Spread {
                base: base.max(0.25),
                per_obstacle,
            };
            let starts = (0..400u64).map(|seed| (new(seed), seed));
            let (loss, even) = crate::bots::ismcts::log_loss(starts, lineup, 5, |g: &E| {
                (!g.tests_over()).then(|| g.reckon(spread))
            });
            if loss < best.0 {
                best = (loss, base, per_obstacle);
            }
            println!("base {base} per_obstacle {per_obstacle}: {loss:.4} (even {even:.4})");
        }
    }
    println!("best: {best:?}");
}

/// The chances of a table whose jobs are `jobs`, paying `food` by place on tracks of
/// `track_length` spaces, each job's stack `size(job)` obstacles, each seat holding `cheese(s)`.
pub fn of_table(
    jobs: &[JobState],
    food: &[u8],
    track_length: u8,
    size: impl Fn(&JobState) -> usize,
    cheese: impl Fn(Seat) -> u8,
    players: usize,
    spread: Spread,
) -> [f32; MAX_SEATS] {
    let payout = Payout { food, track_length };
    let score = projected(jobs, payout, cheese, players);
    chances(&score, players, left(jobs, size), spread)
}

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
    crate::core::play::softmax(
        score,
        players,
        spread.base + spread.per_obstacle * f32::from(left),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mice_heist::{cheese, ratings};

    /// Both editions' reckonings foretell greedy games' winners ([`assert_foretells`]).
    #[test]
    fn both_editions_foretell_the_winner() {
        let rules = cheese::tests::rules_with(&[]);
        let lineup = [cheese::bots::Agent::heuristic(0); 4];
        let new = |seed| cheese::engine::Engine::new(&rules, seed);
        assert_foretells(new, &lineup[..rules.players]);
        let rules = ratings::tests::rules_with(&[]);
        let lineup = [ratings::bots::Agent::heuristic(0); 4];
        let new = |seed| ratings::engine::Engine::new(&rules, seed);
        assert_foretells(new, &lineup[..rules.players]);
    }

    /// Prints the log-loss of spreads on a grid for each edition, to choose [`SPREAD`]: run
    /// with `cargo test --release fit_the_spread -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn fit_the_spread() {
        let rules = cheese::tests::rules_with(&[]);
        let lineup = [cheese::bots::Agent::heuristic(0); 4];
        fit(
            |seed| cheese::engine::Engine::new(&rules, seed),
            &lineup[..rules.players],
        );
        let rules = ratings::tests::rules_with(&[]);
        let lineup = [ratings::bots::Agent::heuristic(0); 4];
        fit(
            |seed| ratings::engine::Engine::new(&rules, seed),
            &lineup[..rules.players],
        );
    }

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
