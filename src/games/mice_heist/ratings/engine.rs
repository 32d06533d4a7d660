//! The ratings edition's turn (rulebook "YOUR TURN", steps 1–7) and scoring, as a state machine
//! paused at each decision (see [`crate::core::play`]). See RULES.md for every reading of the
//! rulebook made here.

use arrayvec::ArrayVec;

use super::config::{Effect, EffectKind, MAX_DECK, Rules};
use super::state::{Hand, Player, State, Test};
use crate::core::play::{Decisions, Observe, nth_of};
use crate::core::rng::{Dice, GameRng, deal, fresh, game_rng, shuffle};
use crate::games::mice_heist::Observer;
use crate::games::mice_heist::chips::ChipSet;
use crate::games::mice_heist::jobs::{Claims, JobState, exchange, winners};
use crate::games::mice_heist::reckoning::{self, Reckon};
use crate::games::{MAX_SEATS, Outcome, Seat, others};

/// The table as one seat sees it: the public state, its own hand, and how many cards each
/// seat holds. Other hands and the decks' order are not in it, so no bot can read them.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub rules: &'a Rules,
    pub state: &'a State,
    pub me: Seat,
    pub hand: &'a Hand,
    pub hand_sizes: [u8; MAX_SEATS],
    /// The question put to this seat, when it is the one to move.
    pub asked: Option<Decision>,
}

impl View<'_> {
    pub fn player(&self) -> &Player {
        &self.state.players[self.me]
    }
}

/// Step 1: which job's top obstacle to test, and the skills it is tested with (the whole test,
/// or for an "or" test the one chosen), as icon bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub job: u8,
    pub skills: u8,
}

/// What the tester learns after failing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Learn {
    /// A card played this test (an index into the test's played cards).
    Played(u8),
    /// A card in hand.
    Hand(u8),
    /// The top card of the skill deck.
    DeckTop,
}

/// What a non-assisting player does when the tester fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Spare {
    /// Learn a card in hand.
    Learn(u8),
    /// Draw a card from the skill deck.
    Draw,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This job's stack (a config job index) ran out.
    Completed(u8),
    Capped,
}

/// The question put to the seat to move. `random` takes each of its options (listed by
/// [`Decisions::options`]) with equal chance; so each is spelled out:
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Step 1, the tester: each (job with an obstacle left, way to test its top obstacle)
    /// pair — one way for a plain test, one per skill for an "or" test.
    Test,
    /// Step 2, each other seat in turn from the tester's left: 0 to all its player chips.
    Chips,
    /// The tester: the chip of the test a flip or replace effect acts on, each chip.
    Pick(EffectKind),
    /// Step 4, the tester: "stop" or each card in hand.
    Play,
    /// Step 5 after a failure, the tester: "none", each played card, each hand card, or the
    /// deck's top card (when a card is left to draw).
    Learn,
    /// Step 5 after a failure, each seat that revealed no chips: "nothing", learning each hand
    /// card, or drawing (when the hand has room and a card is left).
    Spare,
    /// Step 6, the tester holding any cards: which to discard before the refill, every subset
    /// of the hand.
    Discard,
    /// End scoring, in claim order: each food token left on this job.
    Food(u8),
}

/// One option of a [`Decision`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Test(Choice),
    Chips(u8),
    Chip(u8),
    Play(Option<u8>),
    Learn(Option<Learn>),
    Spare(Option<Spare>),
    /// The hand cards (bit `i` for card `i`) to discard.
    Discard(u16),
    Food(u8),
}

/// Whose effects are being applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Assist(u8),
    Card(u8),
    /// The failed mandatory obstacle's.
    Failure,
}

/// Where play stands between decisions: the decision, and what it needs to resume.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Test,
    Chips(Seat),
    /// Effect `at` of `source` needs its chip.
    Pick {
        source: Source,
        at: u8,
    },
    Play,
    Learn,
    Spare(Seat),
    Discard,
    Food,
    Over,
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
    phase: Phase,
    /// The seat `phase` asks, worked out once when play pauses: bots read it several times
    /// a decision.
    to_move: Option<Seat>,
    /// Chips decided but not yet revealed: each seat sees only its own.
    hidden_chips: [u8; MAX_SEATS],
    claims: Claims,
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
            phase: Phase::Test,
            to_move: Some(0),
            hidden_chips: [0; MAX_SEATS],
            claims: Claims::default(),
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

    /// The food each seat has claimed so far: its score less its cheese, once the game is over.
    pub fn food(&self) -> &[i32] {
        &self.claims.food[..self.rules.players]
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

    /// Goes straight to the end game's claims, to score a hand-built table in tests.
    #[cfg(test)]
    pub fn score_now(&mut self) {
        self.claims = Claims::new(&self.state.jobs, self.rules.players);
        self.ask_food();
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

    /// The question put to the seat to move, if the game is not over.
    pub fn decision(&self) -> Option<Decision> {
        Some(match self.phase {
            Phase::Test => Decision::Test,
            Phase::Chips(_) => Decision::Chips,
            Phase::Pick { source, at } => Decision::Pick(self.effects_of(source)[at as usize].kind),
            Phase::Play => Decision::Play,
            Phase::Learn => Decision::Learn,
            Phase::Spare(_) => Decision::Spare,
            Phase::Discard => Decision::Discard,
            Phase::Food => Decision::Food(self.claims.current()?.0),
            Phase::Over => return None,
        })
    }

    /// Whether a skill card can be drawn: the deck, or a discard pile to reshuffle, holds one.
    fn can_draw(&self) -> bool {
        !self.skill_deck.is_empty() || !self.state.skill_discard.is_empty()
    }

    /// Whether a seat holding `hand` cards may draw instead of learning after a failure.
    fn can_spare_draw(&self, hand: usize) -> bool {
        self.can_draw() && hand < self.rules.max_hand
    }

    /// Every (job with an obstacle left, way to test its top obstacle) pair, in order.
    fn tests(&self) -> impl Iterator<Item = Choice> + '_ {
        let (rules, state) = (self.rules, &self.state);
        state.open_jobs(rules).flat_map(move |job| {
            let ways = state.obstacle(rules, job).options();
            ways.map(move |skills| Choice { job, skills })
        })
    }

    /// Food tokens left on the job being claimed.
    fn food_left(&self) -> usize {
        let (job, _) = self.claims.current().expect("a claim is being decided");
        self.state.jobs[job as usize].food.len()
    }

    /// Plays `action`, telling `obs` what happens, up to the next decision.
    pub fn play<O: Observer>(&mut self, action: Action, obs: &mut O) {
        let rules = self.rules;
        let t = self.state.tester;
        match (self.phase, action) {
            // 1. Evaluate skill rating: the obstacle, and for an "or" test the skill.
            (Phase::Test, Action::Test(choice)) => {
                // Bots are checked, not trusted: an illegal decision is a bug that must not
                // quietly make or destroy components.
                assert!(
                    self.state.open_jobs(rules).any(|j| j == choice.job),
                    "a bot chose job {}, which has no obstacle left",
                    choice.job
                );
                assert!(
                    self.state
                        .obstacle(rules, choice.job)
                        .options()
                        .any(|o| o == choice.skills),
                    "a bot chose skills its test does not allow"
                );
                self.state.test = Test {
                    job: choice.job,
                    skills: choice.skills,
                    ..Test::default()
                };
                self.ask_chips(self.next_seat(t), obs);
            }
            (Phase::Chips(s), Action::Chips(chips)) => {
                assert!(
                    chips <= rules.player_chips,
                    "a bot revealed more chips than it has"
                );
                self.hidden_chips[s] = chips;
                self.ask_chips(self.next_seat(s), obs);
            }
            (Phase::Pick { source, at }, Action::Chip(i)) => {
                assert!(
                    (i as usize) < self.state.test.drawn.chips.len(),
                    "a bot picked chip {i}, which is not in the test"
                );
                let chips = &self.rules.chips;
                if self.effects_of(source)[at as usize].kind == EffectKind::Flip {
                    self.state.test.drawn.flip(i as usize, chips, obs);
                } else {
                    self.state.test.drawn.set_aside(i as usize, chips, obs);
                    self.draw_chip(obs);
                }
                self.effects(source, at + 1, obs);
            }
            (Phase::Play, Action::Play(None)) => self.resolve(obs),
            (Phase::Play, Action::Play(Some(i))) => {
                let card = self.hands[t].remove(i as usize);
                self.state.test.played.push(card);
                obs.skill_activated(card);
                self.effects(Source::Card(card), 0, obs);
            }
            (Phase::Learn, Action::Learn(learn)) => {
                match learn {
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
                self.ask_spare(self.next_seat(t));
            }
            (Phase::Spare(s), Action::Spare(spare)) => {
                match spare {
                    Some(Spare::Learn(i)) => {
                        let card = self.hands[s].remove(i as usize);
                        self.learn_card(s, card, obs);
                    }
                    Some(Spare::Draw) => self.draw_card(s),
                    None => {}
                }
                self.ask_spare(self.next_seat(s));
            }
            (Phase::Discard, Action::Discard(cards)) => {
                assert!(
                    u32::from(cards) >> self.hands[t].len() == 0,
                    "a bot discarded cards {cards:#b}, not all in its hand"
                );
                self.discard(cards);
            }
            (Phase::Food, Action::Food(i)) => {
                self.claims.claim(&mut self.state.jobs, i);
                self.ask_food();
            }
            (phase, action) => panic!("{action:?} is no answer at {phase:?}"),
        }
    }

    /// Play pauses at `phase`, for the seat it asks.
    fn pause(&mut self, phase: Phase) {
        self.phase = phase;
        self.to_move = match phase {
            Phase::Chips(s) | Phase::Spare(s) => Some(s),
            Phase::Test | Phase::Pick { .. } | Phase::Play | Phase::Learn | Phase::Discard => {
                Some(self.state.tester)
            }
            Phase::Food => self.claims.current().map(|(_, seat)| seat),
            Phase::Over => None,
        };
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        crate::core::game::next_seat(seat, self.rules.players)
    }

    /// Step 2, get help: chips decided by everyone before anyone reveals; then the assist
    /// card, when anyone helps.
    fn ask_chips<O: Observer>(&mut self, seat: Seat, obs: &mut O) {
        if seat != self.state.tester {
            self.pause(Phase::Chips(seat));
            return;
        }
        let t = self.state.tester;
        let mut bets = self.hidden_chips;
        bets[t] = 0;
        self.state.test.bets = bets;
        for s in others(t, self.rules.players) {
            obs.bet(s, bets[s]);
        }
        if bets.iter().any(|&b| b > 0) {
            if self.assist_deck.is_empty() {
                self.assist_deck.extend(self.state.assist_discard.drain(..));
                shuffle(&mut self.assist_deck, &mut self.rng);
            }
            let card = self.assist_deck.pop();
            self.state.assist_deck_left = self.assist_deck.len() as u8;
            if let Some(card) = card {
                self.state.test.assist = Some(card);
                self.state.test.modifier +=
                    i32::from(self.rules.assist_cards[card as usize].modifier);
                self.effects(Source::Assist(card), 0, obs);
                return;
            }
        }
        self.draw_chips(obs);
    }

    /// Step 3: Draw chips; then 4. play skill cards.
    fn draw_chips<O: Observer>(&mut self, obs: &mut O) {
        for _ in 0..self.rules.chips_per_test {
            self.draw_chip(obs);
        }
        self.ask_play(obs);
    }

    /// Step 4: Play skill cards, one at a time, while any is in hand.
    fn ask_play<O: Observer>(&mut self, obs: &mut O) {
        if self.hands[self.state.tester].is_empty() {
            self.resolve(obs);
        } else {
            self.pause(Phase::Play);
        }
    }

    fn effects_of(&self, source: Source) -> &'r [Effect] {
        let rules = self.rules;
        match source {
            Source::Assist(card) => &rules.assist_cards[card as usize].effects,
            Source::Card(card) => &rules.skill_cards[card as usize].effects,
            Source::Failure => &self.state.obstacle(rules, self.state.test.job).failure,
        }
    }

    /// `source`'s effects from `from` on, from the tester's point of view against the obstacle
    /// under test, stopping at one that needs a chip picked; then on with the turn.
    fn effects<O: Observer>(&mut self, source: Source, from: u8, obs: &mut O) {
        let t = self.state.tester;
        let job = self.state.test.job;
        let icons = self.state.obstacle(self.rules, job).test;
        for (at, &effect) in self
            .effects_of(source)
            .iter()
            .enumerate()
            .skip(from as usize)
        {
            if !effect.applies(icons) {
                continue;
            }
            match effect.kind {
                EffectKind::Modifier => self.state.test.modifier += i32::from(effect.value),
                EffectKind::Flip | EffectKind::Replace
                    if self.state.test.drawn.chips.is_empty() => {}
                EffectKind::Flip | EffectKind::Replace => {
                    self.pause(Phase::Pick {
                        source,
                        at: at as u8,
                    });
                    return;
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
        match source {
            Source::Assist(_) => self.draw_chips(obs),
            Source::Card(_) => self.ask_play(obs),
            Source::Failure => self.pause(Phase::Learn),
        }
    }

    /// Step 5: Resolve, up to the learning a failure offers.
    fn resolve<O: Observer>(&mut self, obs: &mut O) {
        let rules = self.rules;
        let t = self.state.tester;
        let n = rules.players;
        let test = &self.state.test;
        let obstacle = self.state.obstacle(rules, test.job);
        let job = test.job as usize;
        let spec = self.state.jobs[job].spec;
        let top = self.state.jobs[job].next;
        let chip_total = test.drawn.total(&rules.chips);
        let total = self.state.players[t].rating(test.skills) + chip_total + test.modifier;
        obs.total(total, i32::from(obstacle.target));
        let success = total >= i32::from(obstacle.target);
        self.state.successes += u32::from(success);
        obs.test_resolved(spec, top, chip_total, success);
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
            let bets = self.state.test.bets;
            for s in others(t, n) {
                self.climb(s, job as u8, bets[s]);
            }
            self.climb(t, job as u8, obstacle.payout);
            self.ask_discard();
        } else if obstacle.mandatory {
            self.effects(Source::Failure, 0, obs);
        } else {
            self.ending = leave_play(&mut self.state);
            self.pause(Phase::Learn);
        }
    }

    /// The next seat from `seat` on that revealed no chips, asked what it does with the
    /// failure; after the last, the tester's consolation step.
    fn ask_spare(&mut self, mut seat: Seat) {
        let t = self.state.tester;
        while seat != t {
            if self.state.test.bets[seat] == 0 {
                self.pause(Phase::Spare(seat));
                return;
            }
            seat = self.next_seat(seat);
        }
        self.climb(t, self.state.test.job, 1);
        self.ask_discard();
    }

    /// Step 6: Draw: discard any, then refill the hand; asked only of a tester holding cards.
    fn ask_discard(&mut self) {
        if self.hands[self.state.tester].is_empty() {
            self.discard(0);
        } else {
            self.pause(Phase::Discard);
        }
    }

    /// The discards made, the hand refilled; step 7, cleanup.
    fn discard(&mut self, mask: u16) {
        let t = self.state.tester;
        for i in (0..self.hands[t].len()).rev() {
            if mask & (1 << i) != 0 {
                let card = self.hands[t].remove(i);
                self.state.skill_discard.push(card);
            }
        }
        while self.hands[t].len() < self.rules.hand_size {
            let before = self.hands[t].len();
            self.draw_card(t);
            if self.hands[t].len() == before {
                break;
            }
        }

        if let Some(card) = self.state.test.assist.take() {
            self.state.assist_discard.push(card);
        }
        let played = std::mem::take(&mut self.state.test.played);
        self.state.skill_discard.extend(played);
        self.state.test.drawn.into_play_area(&mut self.state.played);
        self.state.test.bets = [0; MAX_SEATS];
        self.state.tester = self.next_seat(t);
        self.state.turns += 1;
        if self.ending.is_none() && self.state.turns >= self.rules.max_turns {
            self.ending = Some(Ending::Capped);
        }
        if self.ending.is_some() {
            self.claims = Claims::new(&self.state.jobs, self.rules.players);
            self.ask_food();
        } else {
            self.pause(Phase::Test);
        }
    }

    /// End game: the next claim with food to choose from, or the end.
    fn ask_food(&mut self) {
        let s = &mut self.state;
        let players = &mut s.players;
        let next = self
            .claims
            .settle(&s.jobs, &mut s.supply, |seat, c| players[seat].cheese += c);
        self.pause(if next.is_some() {
            Phase::Food
        } else {
            Phase::Over
        });
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
}

impl crate::games::mice_heist::Edition for Engine<'_> {
    fn play<O: Observer>(&mut self, action: Action, obs: &mut O) {
        Engine::play(self, action, obs);
    }
    fn tests_over(&self) -> bool {
        // Not `ending`: the ratings edition knows its ending mid-test, and the test still
        // plays on to its cleanup.
        matches!(self.phase, Phase::Food | Phase::Over)
    }
    fn turns(&self) -> u32 {
        self.state.turns
    }
}

impl reckoning::Reckon for Engine<'_> {
    /// Each seat's chance to win by [`reckoning`], with `spread`: its projected score is its
    /// cheese and the food its track places claim now.
    fn reckon(&self, spread: reckoning::Spread) -> [f32; MAX_SEATS] {
        let (rules, state) = (self.rules, &self.state);
        reckoning::of_table(
            &state.jobs,
            &rules.food,
            rules.track_length,
            |j| rules.jobs[usize::from(j.spec)].obstacles.len(),
            |s: Seat| state.players[s].cheese,
            rules.players,
            spread,
        )
    }
}

impl<'r> Decisions for Engine<'r> {
    type Action = Action;

    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    fn option_count(&self) -> usize {
        let Some(seat) = self.to_move() else { return 0 };
        let hand = self.hands[seat].len();
        match self.phase {
            Phase::Test => self.tests().count(),
            Phase::Chips(_) => usize::from(self.rules.player_chips) + 1,
            Phase::Pick { .. } => self.state.test.drawn.chips.len(),
            Phase::Play => 1 + hand,
            Phase::Learn => 1 + self.state.test.played.len() + hand + usize::from(self.can_draw()),
            Phase::Spare(_) => 1 + hand + usize::from(self.can_spare_draw(hand)),
            Phase::Discard => 1 << hand,
            Phase::Food => self.food_left(),
            Phase::Over => 0,
        }
    }

    fn option(&self, k: usize) -> Action {
        let seat = self.to_move().expect("a seat is to move");
        let hand = self.hands[seat].len();
        match self.phase {
            Phase::Test => Action::Test(nth_of(self.tests(), k)),
            Phase::Chips(_) => Action::Chips(k as u8),
            Phase::Pick { .. } => Action::Chip(k as u8),
            Phase::Play => Action::Play((k > 0).then(|| (k - 1) as u8)),
            Phase::Learn => {
                let played = self.state.test.played.len();
                Action::Learn(match k {
                    0 => None,
                    k if k <= played => Some(Learn::Played((k - 1) as u8)),
                    k if k <= played + hand => Some(Learn::Hand((k - 1 - played) as u8)),
                    _ => Some(Learn::DeckTop),
                })
            }
            Phase::Spare(_) => Action::Spare(match k {
                0 => None,
                k if k <= hand => Some(Spare::Learn((k - 1) as u8)),
                _ => Some(Spare::Draw),
            }),
            Phase::Discard => Action::Discard(k as u16),
            Phase::Food => Action::Food(k as u8),
            Phase::Over => panic!("no option once the game is over"),
        }
    }

    fn apply(&mut self, action: Action) {
        self.play(action, &mut ());
    }

    /// The same table and the same hand for `seat`; the cards it cannot see (the other hands
    /// and the skill deck) dealt anew at random, each hand keeping its size; the assist deck in
    /// a new order; the other seats' chips still unrevealed decided anew at random.
    fn sample(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut game = self.clone();
        let mut unseen: ArrayVec<u8, MAX_DECK> = game.skill_deck.drain(..).collect();
        for s in (0..self.rules.players).filter(|&s| s != seat) {
            unseen.extend(game.hands[s].iter().copied());
        }
        deal(&mut unseen, rng);
        for s in (0..self.rules.players).filter(|&s| s != seat) {
            let size = self.hands[s].len();
            game.hands[s].clear();
            game.hands[s].extend(unseen.drain(..size));
        }
        game.skill_deck.extend(unseen);
        deal(&mut game.assist_deck, rng);
        if let Phase::Chips(to_move) = self.phase {
            let mut s = game.next_seat(game.state.tester);
            while s != to_move {
                if s != seat {
                    game.hidden_chips[s] = rng.below(u32::from(self.rules.player_chips) + 1) as u8;
                }
                s = game.next_seat(s);
            }
        }
        game.rng = fresh(rng);
        game
    }

    /// End game and scoring: food by track place, ties to the highest sum of skill ratings.
    /// While tests remain, the chances [`reckoning`] gives the table as it stands.
    fn standing(&self) -> Option<[f32; MAX_SEATS]> {
        (!matches!(self.phase, Phase::Food | Phase::Over)).then(|| self.reckon(reckoning::SPREAD))
    }

    fn outcome(&self) -> Outcome {
        let n = self.rules.players;
        let mut scores = [0i32; MAX_SEATS];
        let mut ratings = [0i32; MAX_SEATS];
        for (s, p) in self.state.players.iter().enumerate() {
            scores[s] = self.claims.food[s] + i32::from(p.cheese);
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

impl<'a, 'r> Observe<'a> for Engine<'r> {
    type View = View<'a>;

    fn view(&'a self, seat: Seat) -> View<'a> {
        View {
            rules: self.rules,
            state: &self.state,
            me: seat,
            hand: &self.hands[seat],
            hand_sizes: self.hands.each_ref().map(|h| h.len() as u8),
            asked: self.decision().filter(|_| self.to_move() == Some(seat)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::play::{Options, Table};
    use crate::games::mice_heist::Tests;
    use crate::games::mice_heist::ratings::bots::Agent;
    use crate::games::mice_heist::ratings::tests::rules_with;

    fn sorted(cards: impl Iterator<Item = u8>) -> Vec<u8> {
        let mut v: Vec<u8> = cards.collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn a_sample_keeps_what_the_seat_sees_and_deals_the_rest_anew() {
        let rules = rules_with(&[]);
        let mut game = Table::new(Engine::new(&rules, 11), 11);
        for _ in 0..5 {
            game.step(&[Agent::heuristic(0); 4], &mut ());
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
        let mut s = Table::new(game.sample(me, &mut rng), 0);
        assert!(s.finish(&[Agent::heuristic(0); 4]).turns > game.state.turns);
    }

    fn options(game: &Engine) -> Vec<Action> {
        let mut out = Options::new();
        game.options(&mut out);
        out.to_vec()
    }

    #[test]
    fn each_decision_lists_every_legal_choice_once() {
        use Action::*;
        let rules = rules_with(&[]);
        let mut game = Engine::new(&rules, 8);
        let ways: usize = game
            .state
            .open_jobs(&rules)
            .map(|j| game.state.obstacle(&rules, j).options().count())
            .sum();
        let tests = options(&game);
        assert_eq!(tests.len(), ways, "each (job, way to test it) once");
        assert!(tests.iter().all(|a| matches!(a, Test(_))));
        game.pause(Phase::Chips(1));
        assert_eq!(options(&game), [Chips(0), Chips(1), Chips(2)]);
        // The tester (seat 0) holds 3 cards and has played 1.
        assert_eq!(game.hands[0].len(), 3);
        let played = game.hands[0].pop().unwrap();
        game.state.test.played.push(played);
        game.pause(Phase::Play);
        assert_eq!(options(&game), [Play(None), Play(Some(0)), Play(Some(1))]);
        game.pause(Phase::Learn);
        use super::Learn as L;
        assert_eq!(
            options(&game),
            [
                None,
                Some(L::Played(0)),
                Some(L::Hand(0)),
                Some(L::Hand(1)),
                Some(L::DeckTop)
            ]
            .map(Learn)
        );
        game.pause(Phase::Spare(1));
        let spare: Vec<_> = (0..3)
            .map(|i| Spare(Some(super::Spare::Learn(i))))
            .collect();
        let mut want = vec![Spare(None)];
        want.extend(spare);
        want.push(Spare(Some(super::Spare::Draw)));
        assert_eq!(options(&game), want);
        game.pause(Phase::Discard);
        assert_eq!(
            options(&game),
            [Discard(0), Discard(1), Discard(2), Discard(3)]
        );
    }

    #[test]
    fn random_makes_every_discard_equally_likely() {
        let rules = rules_with(&[]);
        let mut game = Engine::new(&rules, 8);
        game.pause(Phase::Discard);
        let mut rng = game_rng(3);
        let seen = crate::core::play::Seen::new(&game, 0);
        // Each subset of a 3-card hand.
        crate::core::play::tests::assert_uniform(40_000, 8, || {
            match crate::core::play::random(&seen, &mut rng) {
                Action::Discard(cards) => cards,
                other => panic!("{other:?}"),
            }
        });
    }
}
