//! The cheese edition's turn, step by step (rulebook "Resolving a test", steps 1–8), and the end
//! game scoring. See RULES.md for every reading of the rulebook made here.

use arrayvec::ArrayVec;

use super::bots::{Bet, Learn, Policy, View};
use super::config::{DiscardedCheese, Effect, EffectKind, GameEnd, MAX_DECK, Rules};
use super::state::{Held, JobState, Player, State, Test};
use crate::games::mice_heist::chips::ChipSet;
use crate::games::mice_heist::jobs::{claim_order, exchange, take, winners};
use crate::games::others;
use crate::games::{MAX_SEATS, Outcome, Seat};
use crate::rng::{GameRng, bot_rng, fresh, game_rng, shuffle};

pub use crate::games::mice_heist::Observer;

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A job's finale obstacle was overcome.
    Finale(u8),
    /// A job's stack ran out without a finale.
    Emptied(u8),
    /// The turn cap was reached first.
    Capped,
}

#[derive(Clone)]
pub struct Engine<'r> {
    pub rules: &'r Rules,
    state: State,
    /// The upgrade deck, top card last. Hidden from every player.
    deck: ArrayVec<u8, MAX_DECK>,
    rng: GameRng,
    /// The bots' own generator: none of them holds the one chance draws from.
    bots_rng: GameRng,
    /// What ended the game, once it is over.
    ending: Option<Ending>,
    /// The first ending reached, while the round is played out (`game_end = "finish_round"`).
    triggered: Option<Ending>,
}

impl<'r> Engine<'r> {
    /// Setup ("Player Components", "Setup", "Skill market", "The rest"). Seat 0 is the starting
    /// player; colours (and with them starting skills) are dealt at random.
    pub fn new(rules: &'r Rules, seed: u64) -> Self {
        let mut rng = game_rng(seed);
        let mut state = State::default();
        let mut colours: ArrayVec<u8, MAX_SEATS> = (0..rules.colours.len() as u8).collect();
        shuffle(&mut colours, &mut rng);
        for &colour in colours.iter().take(rules.players) {
            let skills = rules.starting[colour as usize]
                .iter()
                .map(|&skill| Held {
                    skill,
                    covered: false,
                })
                .collect();
            state.players.push(Player {
                colour,
                stash: rules.starting_cheese,
                skills,
            });
        }
        state.supply = rules.total_cheese - rules.players as u8 * rules.starting_cheese;
        for (j, spec) in rules.jobs.iter().enumerate() {
            let job = JobState::new(
                j as u8,
                &rules.food,
                &spec.cheese,
                rules.obstacle_cheese,
                &mut state.supply,
            );
            state.jobs.push(job);
        }
        let mut deck: ArrayVec<u8, MAX_DECK> = rules.upgrade_deck.iter().copied().collect();
        shuffle(&mut deck, &mut rng);
        for _ in 0..rules.market_size {
            if let Some(card) = deck.pop() {
                state.market.push(card);
            }
        }
        state.deck_left = deck.len() as u8;
        state.bag = ((1u32 << rules.chips.count()) - 1) as ChipSet;
        Self {
            rules,
            state,
            deck,
            rng,
            bots_rng: bot_rng(seed),
            ending: None,
            triggered: None,
        }
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// Mutable state, for building positions by hand in tests.
    pub fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// A game consistent with everything `seat` has seen, for a search bot to play its guesses
    /// on: the same table, the upgrade deck (the one thing no player sees) in a new random
    /// order, and new generators for the chance still to come, so no sample knows the real
    /// game's future. Every seat sees the same, so any seat's sample is alike.
    pub fn sample(&self, _seat: Seat, rng: &mut GameRng) -> Self {
        let mut game = self.clone();
        shuffle(&mut game.deck, rng);
        game.rng = fresh(rng);
        game.bots_rng = fresh(rng);
        game
    }

    /// Puts a decision to `me`, who sees the table through a [`View`].
    fn ask<R>(&mut self, me: Seat, decide: impl FnOnce(&View, &mut GameRng) -> R) -> R {
        let view = View {
            rules: self.rules,
            state: &self.state,
            me,
        };
        decide(&view, &mut self.bots_rng)
    }

    /// Plays one test; returns true once the game has ended.
    pub fn step<P: Policy, O: Observer>(&mut self, bots: &[P], obs: &mut O) -> bool {
        if self.ending.is_some() {
            return true;
        }
        let t = self.state.tester;
        let n = self.rules.players;

        // 1. Select obstacle: the top obstacle of any job with one left.
        let job = self.ask(t, |v, r| bots[t].choose_obstacle(v, r));
        // Bots are checked, not trusted: an illegal decision is a bug that must not quietly make
        // or destroy components. The checks are a few compares a turn.
        assert!(
            self.state.open_jobs(self.rules).any(|j| j == job),
            "a bot chose job {job}, which has no obstacle left"
        );
        self.state.test = Test {
            job,
            ..Test::default()
        };

        // 2. Get help: every bet is decided from the same state, before any is revealed.
        let mut bets = [Bet::default(); MAX_SEATS];
        for s in others(t, n) {
            bets[s] = self.ask(s, |v, r| bots[s].bet(v, r));
        }
        for s in others(t, n) {
            self.place_bet(s, bets[s]);
            obs.bet(s, self.state.test.bets[s]);
        }
        for s in others(t, n) {
            if self.state.test.bets[s] == 0
                && let Some(slot) = self.ask(s, |v, r| bots[s].uncover(v, r))
            {
                let p = &mut self.state.players[s];
                assert!(
                    p.skills.get(slot as usize).is_some_and(|h| h.covered),
                    "a bot uncovered slot {slot}, which holds no cheese"
                );
                p.skills[slot as usize].covered = false;
                p.stash += 1;
            }
        }

        // 3. Draw chips.
        for _ in 0..self.rules.chips_per_test {
            self.draw_chip(obs);
        }

        // 4. Activate skills, one at a time, each paid with a cheese from the stash.
        while self.state.players[t].activatable().next().is_some() {
            let Some(slot) = self.ask(t, |v, r| bots[t].activate(v, r)) else {
                break;
            };
            let p = &mut self.state.players[t];
            assert!(
                p.skills.get(slot as usize).is_some_and(|h| !h.covered) && p.stash > 0,
                "a bot activated slot {slot}, which is covered or unaffordable"
            );
            p.stash -= 1;
            p.skills[slot as usize].covered = true;
            let skill = p.skills[slot as usize].skill;
            obs.skill_activated(skill);
            let icons = self.obstacle(job).icons;
            for &effect in &self.rules.skill(skill).effects {
                if effect.applies(icons) {
                    self.apply(effect, &bots[t], obs);
                }
            }
        }

        // 5. Calculate.
        let (target, payout, finale) = {
            let o = self.obstacle(job);
            (o.target, o.payout, o.finale)
        };
        obs.total(self.state.test.rating(self.rules), i32::from(target));
        let success = self.state.test.rating(self.rules) >= i32::from(target);
        let top = self.state.jobs[job as usize].next;
        self.state.successes += u32::from(success);
        obs.test_resolved(job, top, self.state.test.chip_total(self.rules), success);

        // 6. Resolve. The bets, held in front of the tester until now, join the tester's stash.
        let pot: u8 = self.state.test.bets.iter().sum();
        self.state.players[t].stash += pot;
        let bets = std::mem::take(&mut self.state.test.bets);
        if success {
            let cheese = std::mem::take(&mut self.state.jobs[job as usize].cheese[top as usize]);
            self.state.players[t].stash += cheese;
            for s in others(t, n) {
                self.climb(s, job, bets[s]);
            }
            self.climb(t, job, payout);
        } else {
            for s in others(t, n).filter(|&s| bets[s] > 0) {
                self.state.players[s].stash += take(&mut self.state.supply, 1);
            }
            if let Some(learn) = self.ask(t, |v, r| bots[t].learn(v, r)) {
                self.learn(t, learn, obs);
            }
            self.climb(t, job, 1);
        }

        // 7. Advance obstacle.
        let spec = &self.rules.jobs[job as usize];
        if finale {
            if success {
                // The job is complete: nothing is left to test in it.
                self.state.jobs[job as usize].next = spec.obstacles.len() as u8;
                self.triggered.get_or_insert(Ending::Finale(job));
            }
        } else if self.state.jobs[job as usize].discard_top(
            &spec.cheese,
            self.rules.obstacle_cheese,
            &mut self.state.supply,
        ) {
            self.triggered.get_or_insert(Ending::Emptied(job));
        }

        // 8. Cleanup.
        self.state.test.drawn.into_play_area(&mut self.state.played);
        self.state.tester = (t + 1) % n;
        self.state.turns += 1;
        if let Some(end) = self.triggered {
            let round_over =
                self.state.tester == 0 || self.state.open_jobs(self.rules).next().is_none();
            if self.rules.game_end == GameEnd::Immediate || round_over {
                self.ending = Some(end);
            }
        }
        if self.ending.is_none() && self.state.turns >= self.rules.max_turns {
            self.ending = Some(Ending::Capped);
        }
        self.ending.is_some()
    }

    fn obstacle(&self, job: u8) -> &super::config::Obstacle {
        &self.rules.jobs[job as usize].obstacles[self.state.jobs[job as usize].next as usize]
    }

    fn place_bet(&mut self, seat: Seat, bet: Bet) {
        let p = &mut self.state.players[seat];
        assert!(bet.from_stash <= p.stash, "a bot bet more than its stash");
        assert!(
            u32::from(bet.from_covered) >> p.skills.len() == 0,
            "a bot bet from a skill slot it does not have"
        );
        p.stash -= bet.from_stash;
        let mut amount = bet.from_stash;
        for (i, h) in p.skills.iter_mut().enumerate() {
            if bet.from_covered & (1 << i) != 0 {
                assert!(
                    h.covered && self.rules.bet_from_covered,
                    "a bot bet from slot {i}, which it may not bet from"
                );
                h.covered = false;
                amount += 1;
            }
        }
        self.state.test.bets[seat] = amount;
    }

    fn draw_chip<O: Observer>(&mut self, obs: &mut O) {
        let s = &mut self.state;
        s.test.drawn.draw(
            &mut s.bag,
            &mut s.played,
            &mut self.rng,
            &self.rules.chips,
            obs,
        );
    }

    fn apply<P: Policy, O: Observer>(&mut self, effect: Effect, bot: &P, obs: &mut O) {
        let t = self.state.tester;
        match effect.kind {
            EffectKind::Modifier => self.state.test.modifier += i32::from(effect.value),
            EffectKind::Flip => {
                if !self.state.test.drawn.chips.is_empty() {
                    let i = self.ask(t, |v, r| bot.pick_chip(v, EffectKind::Flip, r)) as usize;
                    self.state.test.drawn.flip(i);
                }
            }
            EffectKind::Draw => {
                for _ in 0..effect.value {
                    self.draw_chip(obs);
                }
            }
            EffectKind::Replace => {
                if !self.state.test.drawn.chips.is_empty() {
                    let i = self.ask(t, |v, r| bot.pick_chip(v, EffectKind::Replace, r)) as usize;
                    self.state.test.drawn.set_aside(i);
                    self.draw_chip(obs);
                }
            }
            EffectKind::Track => {
                let job = self.state.test.job;
                if effect.value > 0 {
                    self.climb(t, job, effect.value as u8);
                } else {
                    self.state.jobs[job as usize]
                        .track
                        .fall(t, effect.value.unsigned_abs());
                }
            }
            EffectKind::Cheese => {
                exchange(
                    &mut self.state.players[t].stash,
                    &mut self.state.supply,
                    effect.value,
                );
            }
        }
    }

    /// Moves `seat` up on `job`'s track; on the final space already, a cheese instead (when the
    /// config's `track_end_cheese` says so).
    fn climb(&mut self, seat: Seat, job: u8, steps: u8) {
        let (s, r) = (&mut self.state, self.rules);
        let stash = &mut s.players[seat].stash;
        s.jobs[job as usize].climb(
            seat,
            steps,
            r.track_length,
            r.track_end_cheese,
            stash,
            &mut s.supply,
        );
    }

    fn learn<O: Observer>(&mut self, seat: Seat, learn: Learn, obs: &mut O) {
        let m = learn.market as usize;
        assert!(
            m < self.state.market.len(),
            "a bot learned from an empty market slot"
        );
        let p = &mut self.state.players[seat];
        if p.skills.len() >= self.rules.max_skills {
            let Some(d) = learn.discard else { return };
            let gone = p.skills.remove(d as usize);
            if gone.covered {
                match self.rules.discarded_skill_cheese {
                    DiscardedCheese::Supply => self.state.supply += 1,
                    DiscardedCheese::Stash => p.stash += 1,
                }
            }
            self.state.boxed += 1;
        }
        let skill = self.state.market[m];
        self.state.players[seat].skills.push(Held {
            skill,
            covered: false,
        });
        obs.skill_learned(skill);
        match self.deck.pop() {
            Some(card) => self.state.market[m] = card,
            None => {
                self.state.market.remove(m);
            }
        }
        self.state.deck_left = self.deck.len() as u8;
    }

    /// End game and scoring ("Jobs pay out", "Most cheese wins").
    pub fn finish<P: Policy>(&mut self, bots: &[P]) -> Outcome {
        let n = self.rules.players;
        let mut food = [0i32; MAX_SEATS];
        for (job, seat) in claim_order(&self.state.jobs, n) {
            if self.state.jobs[job as usize].food.is_empty() {
                self.state.players[seat].stash += take(&mut self.state.supply, 1);
            } else {
                let i = self.ask(seat, |v, r| bots[seat].choose_food(v, job, r)) as usize;
                food[seat] += i32::from(self.state.jobs[job as usize].food.remove(i));
            }
        }
        let mut scores = [0i32; MAX_SEATS];
        let mut cheese = [0i32; MAX_SEATS];
        for (s, p) in self.state.players.iter().enumerate() {
            let covered = if self.rules.covered_cheese_scores {
                p.covered()
            } else {
                0
            };
            cheese[s] = i32::from(p.stash + covered);
            scores[s] = food[s] + cheese[s];
        }
        // "If there is a tie the player with the most cheese is the winner."
        let winners = winners(&scores, &cheese, n);
        let ending = match self.ending {
            Some(Ending::Finale(j) | Ending::Emptied(j)) => Some(j),
            _ => None,
        };
        Outcome {
            turns: self.state.turns,
            capped: self.ending == Some(Ending::Capped),
            scores,
            winners,
            ending,
            values: [self.state.successes, 0, 0, 0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mice_heist::cheese::bots::greedy;
    use crate::games::mice_heist::cheese::tests::rules_with;

    #[test]
    fn a_sample_keeps_the_table_and_deals_only_the_hidden_deck_anew() {
        let rules = rules_with(&[]);
        let mut game = Engine::new(&rules, 11);
        for _ in 0..6 {
            game.step(&[greedy(); 4], &mut ());
        }
        let mut rng = game_rng(3);
        let mut reordered = false;
        for _ in 0..10 {
            let s = game.sample(2, &mut rng);
            assert_eq!(s.state, game.state, "the table every seat sees is kept");
            let (mut a, mut b) = (s.deck.clone(), game.deck.clone());
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "the deck keeps its cards");
            reordered |= s.deck != game.deck;
        }
        assert!(reordered, "the deck's order is drawn anew");
        // A sample plays on to an end of its own.
        let mut s = game.sample(2, &mut rng);
        while !s.step(&[greedy(); 4], &mut ()) {}
        assert!(s.finish(&[greedy(); 4]).turns > game.state.turns);
    }
}
