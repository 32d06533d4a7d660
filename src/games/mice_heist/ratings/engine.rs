//! The ratings edition's turn (rulebook "YOUR TURN", steps 1–7) and scoring. See RULES.md for
//! every reading of the rulebook made here.

use arrayvec::ArrayVec;

use super::bots::{Learn, Policy, Spare, View};
use super::config::{Effect, EffectKind, MAX_DECK, Rules};
use super::state::{Hand, Player, State, Test};
use crate::games::mice_heist::Observer;
use crate::games::mice_heist::chips::ChipSet;
use crate::games::mice_heist::jobs::{JobState, claim_order, exchange, take, winners};
use crate::games::others;
use crate::games::{MAX_SEATS, Outcome, Seat};
use crate::rng::{GameRng, bot_rng, fresh, game_rng, shuffle};

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This job's stack (a config job index) ran out.
    Completed(u8),
    Capped,
}

#[derive(Clone)]
pub struct Engine<'r> {
    pub rules: &'r Rules,
    state: State,
    /// Each seat's hand: seen by its own seat only.
    hands: [Hand; MAX_SEATS],
    /// The decks, top card last. Hidden from every player.
    skill_deck: ArrayVec<u8, MAX_DECK>,
    assist_deck: ArrayVec<u8, MAX_DECK>,
    rng: GameRng,
    /// The bots' own generator: none of them holds the one chance draws from.
    bots_rng: GameRng,
    ending: Option<Ending>,
}

impl<'r> Engine<'r> {
    /// Setup: identities dealt at random, `jobs_in_play` jobs drawn at random (kept in config
    /// order), both decks shuffled, a hand dealt to each player, all cheese in the supply.
    pub fn new(rules: &'r Rules, seed: u64) -> Self {
        let mut rng = game_rng(seed);
        let mut state = State {
            supply: rules.total_cheese,
            ..State::default()
        };
        let mut identities: ArrayVec<u8, MAX_SEATS> = (0..rules.identities.len() as u8).collect();
        shuffle(&mut identities, &mut rng);
        for &identity in identities.iter().take(rules.players) {
            let ratings = rules.identities[identity as usize].1;
            state.players.push(Player {
                identity,
                ratings,
                ..Player::default()
            });
        }
        let mut jobs: ArrayVec<u8, MAX_DECK> = (0..rules.jobs.len() as u8).collect();
        shuffle(&mut jobs, &mut rng);
        let mut chosen: ArrayVec<u8, MAX_DECK> =
            jobs.iter().copied().take(rules.jobs_in_play).collect();
        chosen.sort_unstable();
        for &spec in &chosen {
            let printed = &rules.jobs[spec as usize].cheese;
            state.jobs.push(JobState::new(
                spec,
                &rules.food,
                printed,
                rules.obstacle_cheese,
                &mut state.supply,
            ));
        }
        let mut skill_deck: ArrayVec<u8, MAX_DECK> = rules.skill_deck.iter().copied().collect();
        shuffle(&mut skill_deck, &mut rng);
        let mut assist_deck: ArrayVec<u8, MAX_DECK> = rules.assist_deck.iter().copied().collect();
        shuffle(&mut assist_deck, &mut rng);
        state.bag = ((1u32 << rules.chips.count()) - 1) as ChipSet;
        state.skill_deck_left = skill_deck.len() as u8;
        state.assist_deck_left = assist_deck.len() as u8;
        let mut engine = Self {
            rules,
            state,
            hands: Default::default(),
            skill_deck,
            assist_deck,
            rng,
            bots_rng: bot_rng(seed),
            ending: None,
        };
        for seat in 0..rules.players {
            for _ in 0..rules.hand_size {
                engine.draw_card(seat);
            }
        }
        engine
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// Mutable state, for building positions by hand in tests.
    pub fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// A seat's hand: for counting at the end and for tests, never for a bot.
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.hands[seat]
    }

    /// A seat's hand, for building positions by hand in tests.
    pub fn hand_mut(&mut self, seat: Seat) -> &mut Hand {
        &mut self.hands[seat]
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// A game consistent with everything `seat` has seen, for a search bot to play its guesses
    /// on: the same table and the same hand for `seat`; the cards it cannot see (the other
    /// hands and the skill deck) dealt anew at random, each hand keeping its size; the assist
    /// deck in a new order; and new generators for the chance still to come, so no sample
    /// knows the real game's future.
    pub fn sample(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut game = self.clone();
        let mut unseen: ArrayVec<u8, MAX_DECK> = game.skill_deck.drain(..).collect();
        for s in (0..self.rules.players).filter(|&s| s != seat) {
            unseen.extend(game.hands[s].iter().copied());
        }
        shuffle(&mut unseen, rng);
        for s in (0..self.rules.players).filter(|&s| s != seat) {
            let size = self.hands[s].len();
            game.hands[s].clear();
            game.hands[s].extend(unseen.drain(..size));
        }
        game.skill_deck.extend(unseen);
        shuffle(&mut game.assist_deck, rng);
        game.rng = fresh(rng);
        game.bots_rng = fresh(rng);
        game
    }

    /// Every skill card: in the deck or out of it. The rules neither make nor destroy cards.
    pub fn skill_cards(&self) -> u32 {
        self.skill_deck.len() as u32
            + self.state.skill_cards_shown()
            + self.hands.iter().map(|h| h.len() as u32).sum::<u32>()
    }

    /// Every assist card: in the deck, discarded, or revealed for this test.
    pub fn assist_cards(&self) -> u32 {
        let revealed = u32::from(self.state.test.assist.is_some());
        self.assist_deck.len() as u32 + self.state.assist_discard.len() as u32 + revealed
    }

    fn ask<R>(&mut self, me: Seat, decide: impl FnOnce(&View, &mut GameRng) -> R) -> R {
        let view = View {
            rules: self.rules,
            state: &self.state,
            me,
            hand: &self.hands[me],
            hand_sizes: self.hands.each_ref().map(|h| h.len() as u8),
        };
        decide(&view, &mut self.bots_rng)
    }

    /// Takes the top skill card, reshuffling the discard pile into a new deck when the deck is
    /// empty ("At times you may need to draw a card when the deck is empty").
    fn take_skill_card(&mut self) -> Option<u8> {
        if self.skill_deck.is_empty() {
            self.skill_deck.extend(self.state.skill_discard.drain(..));
            shuffle(&mut self.skill_deck, &mut self.rng);
        }
        let card = self.skill_deck.pop();
        self.state.skill_deck_left = self.skill_deck.len() as u8;
        card
    }

    /// Draws a skill card into `seat`'s hand, if the hand has room and a card is left.
    fn draw_card(&mut self, seat: Seat) {
        if self.hands[seat].len() >= self.rules.max_hand {
            return;
        }
        if let Some(card) = self.take_skill_card() {
            self.hands[seat].push(card);
        }
    }

    /// "Increasing your skill rating": +1, ignoring increases beyond the maximum.
    fn learn_card<O: Observer>(&mut self, seat: Seat, card: u8, obs: &mut O) {
        let skill = self.rules.skill_cards[card as usize].skill as usize;
        let r = &mut self.state.players[seat].ratings[skill];
        *r = (*r + 1).min(self.rules.max_rating);
        self.state.skill_discard.push(card);
        obs.skill_learned(card);
    }

    fn climb(&mut self, seat: Seat, job: u8, steps: u8) {
        let (s, r) = (&mut self.state, self.rules);
        let cheese = &mut s.players[seat].cheese;
        s.jobs[job as usize].climb(
            seat,
            steps,
            r.track_length,
            r.track_end_cheese,
            cheese,
            &mut s.supply,
        );
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

    /// One effect, from the tester's point of view, against the obstacle under test.
    fn apply<P: Policy, O: Observer>(&mut self, effect: Effect, bot: &P, obs: &mut O) {
        let t = self.state.tester;
        let job = self.state.test.job;
        if !effect.applies(self.state.obstacle(self.rules, job).test) {
            return;
        }
        match effect.kind {
            EffectKind::Modifier => self.state.test.modifier += i32::from(effect.value),
            EffectKind::Flip | EffectKind::Replace if self.state.test.drawn.chips.is_empty() => {}
            EffectKind::Flip => {
                let i = self.ask(t, |v, r| bot.pick_chip(v, EffectKind::Flip, r)) as usize;
                self.state.test.drawn.flip(i);
            }
            EffectKind::Replace => {
                let i = self.ask(t, |v, r| bot.pick_chip(v, EffectKind::Replace, r)) as usize;
                self.state.test.drawn.set_aside(i);
                self.draw_chip(obs);
            }
            EffectKind::Draw => {
                for _ in 0..effect.value {
                    self.draw_chip(obs);
                }
            }
            EffectKind::Track if effect.value > 0 => self.climb(t, job, effect.value as u8),
            EffectKind::Track => self.state.jobs[job as usize]
                .track
                .fall(t, effect.value.unsigned_abs()),
            EffectKind::Cheese => exchange(
                &mut self.state.players[t].cheese,
                &mut self.state.supply,
                effect.value,
            ),
        }
    }

    /// Plays one test; returns true once the game has ended.
    pub fn step<P: Policy, O: Observer>(&mut self, bots: &[P], obs: &mut O) -> bool {
        if self.ending.is_some() {
            return true;
        }
        let rules = self.rules;
        let t = self.state.tester;
        let n = rules.players;

        // 1. Evaluate skill rating: the obstacle, and for an "or" test the skill.
        let choice = self.ask(t, |v, r| bots[t].choose_test(v, r));
        assert!(
            self.state.open_jobs(rules).any(|j| j == choice.job),
            "a bot chose job {}, which has no obstacle left",
            choice.job
        );
        let obstacle = self.state.obstacle(rules, choice.job);
        assert!(
            obstacle.options().any(|o| o == choice.skills),
            "a bot chose skills its test does not allow"
        );
        self.state.test = Test {
            job: choice.job,
            skills: choice.skills,
            ..Test::default()
        };

        // 2. Get help: chips decided by everyone before anyone reveals.
        let mut bets = [0u8; MAX_SEATS];
        for s in others(t, n) {
            bets[s] = self.ask(s, |v, r| bots[s].bet(v, r));
            assert!(
                bets[s] <= rules.player_chips,
                "a bot revealed more chips than it has"
            );
        }
        self.state.test.bets = bets;
        for s in others(t, n) {
            obs.bet(s, bets[s]);
        }
        if bets.iter().any(|&b| b > 0) {
            if self.assist_deck.is_empty() {
                self.assist_deck.extend(self.state.assist_discard.drain(..));
                shuffle(&mut self.assist_deck, &mut self.rng);
            }
            if let Some(card) = self.assist_deck.pop() {
                self.state.test.assist = Some(card);
                let spec = &rules.assist_cards[card as usize];
                self.state.test.modifier += i32::from(spec.modifier);
                for &effect in &spec.effects {
                    self.apply(effect, &bots[t], obs);
                }
            }
            self.state.assist_deck_left = self.assist_deck.len() as u8;
        }

        // 3. Draw chips.
        for _ in 0..rules.chips_per_test {
            self.draw_chip(obs);
        }

        // 4. Play skill cards, one at a time.
        while !self.hands[t].is_empty() {
            let Some(i) = self.ask(t, |v, r| bots[t].play_card(v, r)) else {
                break;
            };
            let card = self.hands[t].remove(i as usize);
            self.state.test.played.push(card);
            obs.skill_activated(card);
            for &effect in &rules.skill_cards[card as usize].effects {
                self.apply(effect, &bots[t], obs);
            }
        }

        // 5. Resolve.
        let job = choice.job as usize;
        let spec = self.state.jobs[job].spec;
        let top = self.state.jobs[job].next;
        let rating = self.state.players[t].rating(choice.skills);
        let total = rating + self.state.test.drawn.total(&rules.chips) + self.state.test.modifier;
        obs.total(total, i32::from(obstacle.target));
        let success = total >= i32::from(obstacle.target);
        self.state.successes += u32::from(success);
        obs.test_resolved(
            spec,
            top,
            self.state.test.drawn.total(&rules.chips),
            success,
        );
        if let Some(card) = self.state.test.assist {
            obs.assist_resolved(card, success);
        }
        // The obstacle leaves play where the rulebook lists it: right after its cheese is taken on
        // a success, before any learning on a failure. An empty stack ends the game at cleanup.
        let printed = &rules.jobs[spec as usize].cheese;
        let leave_play = |state: &mut State| {
            if state.jobs[job].discard_top(printed, rules.obstacle_cheese, &mut state.supply) {
                Some(Ending::Completed(spec))
            } else {
                None
            }
        };
        if success {
            let cheese = std::mem::take(&mut self.state.jobs[job].cheese[top as usize]);
            self.state.players[t].cheese += cheese;
            self.ending = leave_play(&mut self.state);
            for s in others(t, n) {
                self.climb(s, choice.job, bets[s]);
            }
            self.climb(t, choice.job, obstacle.payout);
        } else {
            if obstacle.mandatory {
                for &effect in &obstacle.failure {
                    self.apply(effect, &bots[t], obs);
                }
            } else {
                self.ending = leave_play(&mut self.state);
            }
            match self.ask(t, |v, r| bots[t].learn(v, r)) {
                Some(Learn::Played(i)) => {
                    let card = self.state.test.played.remove(i as usize);
                    self.learn_card(t, card, obs);
                }
                Some(Learn::Hand(i)) => {
                    let card = self.hands[t].remove(i as usize);
                    self.learn_card(t, card, obs);
                }
                Some(Learn::DeckTop) => {
                    if let Some(card) = self.take_skill_card() {
                        self.learn_card(t, card, obs);
                    }
                }
                None => {}
            }
            for s in others(t, n).filter(|&s| bets[s] == 0) {
                match self.ask(s, |v, r| bots[s].spare(v, r)) {
                    Some(Spare::Learn(i)) => {
                        let card = self.hands[s].remove(i as usize);
                        self.learn_card(s, card, obs);
                    }
                    Some(Spare::Draw) => self.draw_card(s),
                    None => {}
                }
            }
            self.climb(t, choice.job, 1);
        }

        // 6. Draw: discard any, then refill the hand.
        let discard = self.ask(t, |v, r| bots[t].discard(v, r));
        for i in (0..self.hands[t].len()).rev() {
            if discard & (1 << i) != 0 {
                let card = self.hands[t].remove(i);
                self.state.skill_discard.push(card);
            }
        }
        while self.hands[t].len() < rules.hand_size {
            let before = self.hands[t].len();
            self.draw_card(t);
            if self.hands[t].len() == before {
                break;
            }
        }

        // 7. Cleanup.
        if let Some(card) = self.state.test.assist.take() {
            self.state.assist_discard.push(card);
        }
        let played = std::mem::take(&mut self.state.test.played);
        self.state.skill_discard.extend(played);
        self.state.test.drawn.into_play_area(&mut self.state.played);
        self.state.test.bets = [0; MAX_SEATS];
        self.state.tester = (t + 1) % n;
        self.state.turns += 1;
        if self.ending.is_none() && self.state.turns >= rules.max_turns {
            self.ending = Some(Ending::Capped);
        }
        self.ending.is_some()
    }

    /// End game and scoring: food by track place, ties to the highest sum of skill ratings.
    pub fn finish<P: Policy>(&mut self, bots: &[P]) -> Outcome {
        let n = self.rules.players;
        let mut food = [0i32; MAX_SEATS];
        for (job, seat) in claim_order(&self.state.jobs, n) {
            if self.state.jobs[job as usize].food.is_empty() {
                self.state.players[seat].cheese += take(&mut self.state.supply, 1);
            } else {
                let i = self.ask(seat, |v, r| bots[seat].choose_food(v, job, r)) as usize;
                food[seat] += i32::from(self.state.jobs[job as usize].food.remove(i));
            }
        }
        let mut scores = [0i32; MAX_SEATS];
        let mut ratings = [0i32; MAX_SEATS];
        for (s, p) in self.state.players.iter().enumerate() {
            scores[s] = food[s] + i32::from(p.cheese);
            ratings[s] = p.ratings.iter().map(|&r| i32::from(r)).sum();
        }
        // "If there is a tie the player with the highest sum of skill ratings is the winner."
        let winners = winners(&scores, &ratings, n);
        Outcome {
            turns: self.state.turns,
            capped: self.ending == Some(Ending::Capped),
            scores,
            winners,
            ending: match self.ending {
                Some(Ending::Completed(j)) => Some(j),
                _ => None,
            },
            values: [self.state.successes, 0, 0, 0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mice_heist::ratings::bots::greedy;
    use crate::games::mice_heist::ratings::tests::rules_with;

    fn sorted(cards: impl Iterator<Item = u8>) -> Vec<u8> {
        let mut v: Vec<u8> = cards.collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn a_sample_keeps_what_the_seat_sees_and_deals_the_rest_anew() {
        let rules = rules_with(&[]);
        let mut game = Engine::new(&rules, 11);
        for _ in 0..5 {
            game.step(&[greedy(); 4], &mut ());
        }
        let me = 1;
        // What seat 1 cannot see: the other hands and the skill deck, as one pool.
        let unseen = |e: &Engine| {
            let others = (0..4).filter(|&s| s != me).flat_map(|s| e.hands[s].clone());
            sorted(others.chain(e.skill_deck.iter().copied()))
        };
        let mut rng = game_rng(3);
        let mut dealt_anew = false;
        for _ in 0..10 {
            let s = game.sample(me, &mut rng);
            assert_eq!(s.state, game.state, "the public table is kept");
            assert_eq!(s.hands[me], game.hands[me], "the seat's own hand is kept");
            for seat in 0..4 {
                assert_eq!(
                    s.hands[seat].len(),
                    game.hands[seat].len(),
                    "hand sizes are public"
                );
            }
            assert_eq!(s.skill_deck.len(), game.skill_deck.len());
            assert_eq!(
                unseen(&s),
                unseen(&game),
                "the unseen cards are the same cards"
            );
            assert_eq!(
                sorted(s.assist_deck.iter().copied()),
                sorted(game.assist_deck.iter().copied())
            );
            dealt_anew |= (0..4).any(|seat| s.hands[seat] != game.hands[seat]);
        }
        assert!(dealt_anew, "the other hands are dealt anew");
        // A sample plays on to an end of its own.
        let mut s = game.sample(me, &mut rng);
        while !s.step(&[greedy(); 4], &mut ()) {}
        assert!(s.finish(&[greedy(); 4]).turns > game.state.turns);
    }
}
