//! The cheese edition's turn, step by step (rulebook "Resolving a test", steps 1–8), and the end
//! game scoring, as a state machine paused at each decision (see [`crate::core::play`]). See RULES.md
//! for every reading of the rulebook made here.

use arrayvec::ArrayVec;

use super::config::{DiscardedCheese, EffectKind, GameEnd, MAX_DECK, Rules};
use super::state::{Held, JobState, Player, State, Test};
use crate::core::play::{Decisions, Observe, nth_of};
use crate::core::rng::{Dice, GameRng, deal, fresh, game_rng, shuffle};
use crate::games::mice_heist::chips::ChipSet;
use crate::games::mice_heist::jobs::{Claims, exchange, take, winners};
use crate::games::mice_heist::reckoning::{self, Reckon};
use crate::games::{MAX_SEATS, Outcome, Seat};

/// The table as one seat sees it.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub rules: &'a Rules,
    pub state: &'a State,
    pub me: Seat,
    /// The question put to this seat, when it is the one to move.
    pub asked: Option<Decision>,
}

impl View<'_> {
    pub fn player(&self) -> &Player {
        &self.state.players[self.me]
    }
}

/// A bet: cheese from the stash, plus one cheese from each covered skill in the `from_covered`
/// bit set (bit `i` for skill slot `i`), which uncovers it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bet {
    pub from_stash: u8,
    pub from_covered: u8,
}

/// Learning after a failed test: a market slot, and the skill slot to return to the box first
/// when already holding the maximum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Learn {
    pub market: u8,
    pub discard: Option<u8>,
}

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

/// The question put to the seat to move. `random` takes each of its options (listed by
/// [`Decisions::options`]) with equal chance; so each is spelled out:
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Step 1, the tester: each job with an obstacle left.
    Job,
    /// Step 2, each other seat in turn from the tester's left: how much stash cheese to bet,
    /// 0 to the whole stash.
    Stash,
    /// Step 2, right after [`Decision::Stash`], when bets may come from covered skills and the
    /// seat has any: which of them give their cheese to the bet, every subset. (With the stash
    /// choice, every distinct bet is equally likely for `random`.)
    Covered,
    /// Step 2, each seat that bet nothing: "none" or each covered skill to take a cheese back
    /// from.
    Uncover,
    /// Step 4, the tester, while a skill is uncovered and a cheese pays for it: "stop" or each
    /// such skill.
    Activate,
    /// Step 4, the tester: the chip of the test a flip or replace effect acts on, each chip.
    Pick(EffectKind),
    /// Step 6 after a failure, the tester: "decline" or each market skill; at the skill limit,
    /// "decline" or each (market skill, held skill to return) pair.
    Learn,
    /// End scoring, in claim order: each food token left on this job.
    Food(u8),
}

/// One option of a [`Decision`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Job(u8),
    Stash(u8),
    /// The skill slots (bit `i` for slot `i`) whose cheese joins the bet.
    Give(u8),
    Uncover(Option<u8>),
    Activate(Option<u8>),
    Chip(u8),
    Learn(Option<Learn>),
    Food(u8),
}

/// Where play stands between decisions: the decision, and what it needs to resume.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Job,
    Stash(Seat),
    Covered(Seat),
    Uncover(Seat),
    Activate,
    /// Effect `at` of `skill` (being activated) needs its chip.
    Pick {
        skill: u8,
        at: u8,
    },
    Learn,
    Food,
    Over,
}

#[derive(Clone)]
pub struct Engine<'r> {
    pub rules: &'r Rules,
    state: State,
    /// The upgrade deck, top card last. Hidden from every player.
    deck: ArrayVec<u8, MAX_DECK>,
    rng: GameRng,
    phase: Phase,
    /// The seat `phase` asks, worked out once when play pauses: bots read it several times
    /// a decision.
    to_move: Option<Seat>,
    /// Bets decided but not yet revealed: each seat sees only its own.
    hidden_bets: [Bet; MAX_SEATS],
    claims: Claims,
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
            phase: Phase::Job,
            to_move: Some(0),
            hidden_bets: [Bet::default(); MAX_SEATS],
            claims: Claims::default(),
            ending: None,
            triggered: None,
        }
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

    /// Hands the test about to be chosen to `seat`, to build positions in tests.
    #[cfg(test)]
    pub fn set_tester(&mut self, seat: Seat) {
        assert_eq!(self.phase, Phase::Job, "between tests");
        self.state.tester = seat;
        self.pause(Phase::Job);
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

    /// The question put to the seat to move, if the game is not over.
    pub fn decision(&self) -> Option<Decision> {
        Some(match self.phase {
            Phase::Job => Decision::Job,
            Phase::Stash(_) => Decision::Stash,
            Phase::Covered(_) => Decision::Covered,
            Phase::Uncover(_) => Decision::Uncover,
            Phase::Activate => Decision::Activate,
            Phase::Pick { skill, at } => {
                Decision::Pick(self.rules.skill(skill).effects[at as usize].kind)
            }
            Phase::Learn => Decision::Learn,
            Phase::Food => Decision::Food(self.claims.current()?.0),
            Phase::Over => return None,
        })
    }

    /// Plays `action`, telling `obs` what happens, up to the next decision.
    pub fn play<O: Observer>(&mut self, action: Action, obs: &mut O) {
        let t = self.state.tester;
        match (self.phase, action) {
            (Phase::Job, Action::Job(job)) => {
                // Bots are checked, not trusted: an illegal decision is a bug that must not
                // quietly make or destroy components. The checks are a few compares a turn.
                assert!(
                    self.state.open_jobs(self.rules).any(|j| j == job),
                    "a bot chose job {job}, which has no obstacle left"
                );
                self.state.test = Test {
                    job,
                    ..Test::default()
                };
                self.ask_bet(self.next_seat(t), obs);
            }
            (Phase::Stash(s), Action::Stash(amount)) => {
                self.hidden_bets[s] = Bet {
                    from_stash: amount,
                    from_covered: 0,
                };
                if self.rules.bet_from_covered && self.state.players[s].covered() > 0 {
                    self.pause(Phase::Covered(s));
                } else {
                    self.ask_bet(self.next_seat(s), obs);
                }
            }
            (Phase::Covered(s), Action::Give(slots)) => {
                // Checked at placing too; here so the bot that chose it is the one named.
                let skills = &self.state.players[s].skills;
                assert!(
                    (0..skills.len()).all(|i| slots & 1 << i == 0 || skills[i].covered)
                        && u32::from(slots) >> skills.len() == 0,
                    "a bot bet from skill slots {slots:#b}, not all covered"
                );
                self.hidden_bets[s].from_covered = slots;
                self.ask_bet(self.next_seat(s), obs);
            }
            (Phase::Uncover(s), Action::Uncover(slot)) => {
                if let Some(slot) = slot {
                    let p = &mut self.state.players[s];
                    assert!(
                        p.skills.get(slot as usize).is_some_and(|h| h.covered),
                        "a bot uncovered slot {slot}, which holds no cheese"
                    );
                    p.skills[slot as usize].covered = false;
                    p.stash += 1;
                }
                self.ask_uncover(self.next_seat(s), obs);
            }
            (Phase::Activate, Action::Activate(None)) => self.resolve(obs),
            (Phase::Activate, Action::Activate(Some(slot))) => {
                let p = &mut self.state.players[t];
                assert!(
                    p.skills.get(slot as usize).is_some_and(|h| !h.covered) && p.stash > 0,
                    "a bot activated slot {slot}, which is covered or unaffordable"
                );
                p.stash -= 1;
                p.skills[slot as usize].covered = true;
                let skill = p.skills[slot as usize].skill;
                obs.skill_activated(skill);
                self.effects(skill, 0, obs);
            }
            (Phase::Pick { skill, at }, Action::Chip(i)) => {
                let drawn = &mut self.state.test.drawn;
                assert!(
                    (i as usize) < drawn.chips.len(),
                    "a bot picked chip {i}, which is not in the test"
                );
                if self.rules.skill(skill).effects[at as usize].kind == EffectKind::Flip {
                    drawn.flip(i as usize, &self.rules.chips, obs);
                } else {
                    drawn.set_aside(i as usize, &self.rules.chips, obs);
                    self.draw_chip(obs);
                }
                self.effects(skill, at + 1, obs);
            }
            (Phase::Learn, Action::Learn(learn)) => {
                if let Some(learn) = learn {
                    self.learn(t, learn, obs);
                }
                self.climb(t, self.state.test.job, 1);
                self.end_test(false);
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
            Phase::Stash(s) | Phase::Covered(s) | Phase::Uncover(s) => Some(s),
            Phase::Job | Phase::Activate | Phase::Pick { .. } | Phase::Learn => {
                Some(self.state.tester)
            }
            Phase::Food => self.claims.current().map(|(_, seat)| seat),
            Phase::Over => None,
        };
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        crate::core::game::next_seat(seat, self.rules.players)
    }

    /// Step 2: Get help: every bet is decided from the same state, before any is revealed.
    fn ask_bet<O: Observer>(&mut self, seat: Seat, obs: &mut O) {
        if seat != self.state.tester {
            self.pause(Phase::Stash(seat));
            return;
        }
        let t = self.state.tester;
        let mut s = self.next_seat(t);
        while s != t {
            self.place_bet(s, self.hidden_bets[s]);
            obs.bet(s, self.state.test.bets[s]);
            s = self.next_seat(s);
        }
        self.ask_uncover(self.next_seat(t), obs);
    }

    /// The next seat from `seat` on that bet nothing, asked whether to uncover a skill.
    fn ask_uncover<O: Observer>(&mut self, mut seat: Seat, obs: &mut O) {
        let t = self.state.tester;
        while seat != t {
            if self.state.test.bets[seat] == 0 {
                self.pause(Phase::Uncover(seat));
                return;
            }
            seat = self.next_seat(seat);
        }
        // 3. Draw chips.
        for _ in 0..self.rules.chips_per_test {
            self.draw_chip(obs);
        }
        self.ask_activate(obs);
    }

    /// Step 4: Activate skills, one at a time, each paid with a cheese from the stash.
    fn ask_activate<O: Observer>(&mut self, obs: &mut O) {
        if self.state.players[self.state.tester]
            .activatable()
            .next()
            .is_some()
        {
            self.pause(Phase::Activate);
        } else {
            self.resolve(obs);
        }
    }

    /// The activated `skill`'s effects from `from` on, stopping at one that needs a chip picked.
    fn effects<O: Observer>(&mut self, skill: u8, from: u8, obs: &mut O) {
        let t = self.state.tester;
        let rules = self.rules;
        let icons = self.obstacle(self.state.test.job).icons;
        let effects = &rules.skill(skill).effects;
        for (at, &effect) in effects.iter().enumerate().skip(from as usize) {
            if !effect.applies(icons) {
                continue;
            }
            match effect.kind {
                EffectKind::Modifier => self.state.test.modifier += i32::from(effect.value),
                EffectKind::Flip | EffectKind::Replace => {
                    if !self.state.test.drawn.chips.is_empty() {
                        self.pause(Phase::Pick {
                            skill,
                            at: at as u8,
                        });
                        return;
                    }
                }
                EffectKind::Draw => {
                    for _ in 0..effect.value {
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
        self.ask_activate(obs);
    }

    /// Step 5: Calculate, and 6. Resolve, up to the learning a failure offers.
    fn resolve<O: Observer>(&mut self, obs: &mut O) {
        let t = self.state.tester;
        let n = self.rules.players;
        let job = self.state.test.job;
        let (target, payout) = {
            let o = self.obstacle(job);
            (o.target, o.payout)
        };
        obs.total(self.state.test.rating(self.rules), i32::from(target));
        let success = self.state.test.rating(self.rules) >= i32::from(target);
        let top = self.state.jobs[job as usize].next;
        self.state.successes += u32::from(success);
        obs.test_resolved(job, top, self.state.test.chip_total(self.rules), success);

        // The bets, held in front of the tester until now, join the tester's stash.
        let pot: u8 = self.state.test.bets.iter().sum();
        self.state.players[t].stash += pot;
        let bets = std::mem::take(&mut self.state.test.bets);
        if success {
            let cheese = std::mem::take(&mut self.state.jobs[job as usize].cheese[top as usize]);
            self.state.players[t].stash += cheese;
            for s in crate::games::others(t, n) {
                self.climb(s, job, bets[s]);
            }
            self.climb(t, job, payout);
            self.end_test(true);
        } else {
            for s in crate::games::others(t, n).filter(|&s| bets[s] > 0) {
                self.state.players[s].stash += take(&mut self.state.supply, 1);
            }
            self.pause(Phase::Learn);
        }
    }

    /// Step 7: Advance obstacle, and 8. Cleanup; then the next test, or the end game's claims.
    fn end_test(&mut self, success: bool) {
        let t = self.state.tester;
        let job = self.state.test.job;
        let spec = &self.rules.jobs[job as usize];
        if self.obstacle(job).finale {
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

        self.state.test.drawn.into_play_area(&mut self.state.played);
        self.state.tester = self.next_seat(t);
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
        if self.ending.is_some() {
            self.claims = Claims::new(&self.state.jobs, self.rules.players);
            self.ask_food();
        } else {
            self.pause(Phase::Job);
        }
    }

    /// End game ("Jobs pay out"): the next claim with food to choose from, or the end.
    fn ask_food(&mut self) {
        let s = &mut self.state;
        let players = &mut s.players;
        let next = self
            .claims
            .settle(&s.jobs, &mut s.supply, |seat, c| players[seat].stash += c);
        self.pause(if next.is_some() {
            Phase::Food
        } else {
            Phase::Over
        });
    }

    /// The held skills a learner may return for each market skill: one choice ("none to
    /// return") below the limit, any of them at it.
    fn returns(&self, p: &Player) -> usize {
        if p.skills.len() >= self.rules.max_skills {
            p.skills.len()
        } else {
            1
        }
    }

    /// Food tokens left on the job being claimed.
    fn food_left(&self) -> usize {
        let (job, _) = self.claims.current().expect("a claim is being decided");
        self.state.jobs[job as usize].food.len()
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
    /// stash (and covered cheese, where it scores) and the food its track places claim now.
    fn reckon(&self, spread: reckoning::Spread) -> [f32; MAX_SEATS] {
        let (rules, state) = (self.rules, &self.state);
        reckoning::of_table(
            &state.jobs,
            &rules.food,
            rules.track_length,
            |j| rules.jobs[usize::from(j.spec)].obstacles.len(),
            |s: Seat| {
                let p = &state.players[s];
                p.stash
                    + if rules.covered_cheese_scores {
                        p.covered()
                    } else {
                        0
                    }
            },
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
        let p = &self.state.players[seat];
        match self.phase {
            Phase::Job => self.state.open_jobs(self.rules).count(),
            Phase::Stash(_) => usize::from(p.stash) + 1,
            Phase::Covered(_) => 1 << p.covered(),
            Phase::Uncover(_) => 1 + usize::from(p.covered()),
            Phase::Activate => 1 + p.activatable().count(),
            Phase::Pick { .. } => self.state.test.drawn.chips.len(),
            Phase::Learn => 1 + self.state.market.len() * self.returns(p),
            Phase::Food => self.food_left(),
            Phase::Over => 0,
        }
    }

    fn option(&self, k: usize) -> Action {
        let seat = self.to_move().expect("a seat is to move");
        let p = &self.state.players[seat];
        match self.phase {
            Phase::Job => Action::Job(nth_of(self.state.open_jobs(self.rules), k)),
            Phase::Stash(_) => Action::Stash(k as u8),
            Phase::Covered(_) => {
                // Bit j of k says whether the j-th covered skill gives.
                let covered = p.skills.iter().enumerate().filter(|(_, h)| h.covered);
                let slots = covered
                    .enumerate()
                    .filter(|&(j, _)| k & 1 << j != 0)
                    .fold(0u8, |m, (_, (i, _))| m | 1 << i);
                Action::Give(slots)
            }
            Phase::Uncover(_) => Action::Uncover((k > 0).then(|| {
                let covered = p.skills.iter().enumerate().filter(|(_, h)| h.covered);
                nth_of(covered.map(|(i, _)| i as u8), k - 1)
            })),
            Phase::Activate => Action::Activate((k > 0).then(|| nth_of(p.activatable(), k - 1))),
            Phase::Pick { .. } => Action::Chip(k as u8),
            Phase::Learn => Action::Learn((k > 0).then(|| {
                let returns = self.returns(p);
                Learn {
                    market: ((k - 1) / returns) as u8,
                    discard: (p.skills.len() >= self.rules.max_skills)
                        .then_some(((k - 1) % returns) as u8),
                }
            })),
            Phase::Food => Action::Food(k as u8),
            Phase::Over => panic!("no option once the game is over"),
        }
    }

    fn apply(&mut self, action: Action) {
        self.play(action, &mut ());
    }

    /// The same table; the upgrade deck (the one card order no player sees) in a new random
    /// order; the other seats' bets still unrevealed decided anew at random (each distinct bet
    /// equally likely). Every seat sees the same table, so any seat's sample is alike.
    fn sample(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut game = self.clone();
        deal(&mut game.deck, rng);
        if let Phase::Stash(to_move) | Phase::Covered(to_move) = self.phase {
            let mut s = game.next_seat(game.state.tester);
            while s != to_move {
                if s != seat {
                    let p = &game.state.players[s];
                    let mut bet = Bet {
                        from_stash: rng.below(u32::from(p.stash) + 1) as u8,
                        from_covered: 0,
                    };
                    if game.rules.bet_from_covered {
                        for (i, h) in p.skills.iter().enumerate() {
                            bet.from_covered |= u8::from(h.covered && rng.coin()) << i;
                        }
                    }
                    game.hidden_bets[s] = bet;
                }
                s = game.next_seat(s);
            }
        }
        game.rng = fresh(rng);
        game
    }

    /// While tests remain, the chances [`reckoning`] gives the table as it stands.
    fn standing(&self) -> Option<[f32; MAX_SEATS]> {
        (!matches!(self.phase, Phase::Food | Phase::Over)).then(|| self.reckon(reckoning::SPREAD))
    }

    /// End game and scoring ("Jobs pay out", "Most cheese wins").
    fn outcome(&self) -> Outcome {
        let n = self.rules.players;
        let mut scores = [0i32; MAX_SEATS];
        let mut cheese = [0i32; MAX_SEATS];
        for (s, p) in self.state.players.iter().enumerate() {
            let covered = if self.rules.covered_cheese_scores {
                p.covered()
            } else {
                0
            };
            cheese[s] = i32::from(p.stash + covered);
            scores[s] = self.claims.food[s] + cheese[s];
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

impl<'a, 'r> Observe<'a> for Engine<'r> {
    type View = View<'a>;

    fn view(&'a self, seat: Seat) -> View<'a> {
        View {
            rules: self.rules,
            state: &self.state,
            me: seat,
            asked: self.decision().filter(|_| self.to_move() == Some(seat)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::play::{Options, Table};
    use crate::games::mice_heist::Tests;
    use crate::games::mice_heist::cheese::bots::Agent;
    use crate::games::mice_heist::cheese::tests::rules_with;

    #[test]
    fn a_sample_keeps_the_table_and_deals_only_the_hidden_deck_anew() {
        let rules = rules_with(&[]);
        let mut game = Table::new(Engine::new(&rules, 11), 11);
        for _ in 0..6 {
            game.step(&[Agent::heuristic(0); 4], &mut ());
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
        let mut s = Table::new(game.sample(2, &mut rng), 0);
        assert!(s.finish(&[Agent::heuristic(0); 4]).turns > game.state.turns);
    }

    fn options(game: &Engine) -> Vec<Action> {
        let mut out = Options::new();
        game.options(&mut out);
        out.to_vec()
    }

    /// A table where seat 1 has 2 cheese and skills 0 and 2 (of 3) covered, and seat 0 holds
    /// the most skills (6) beside a market of 4.
    fn position(rules: &Rules) -> Engine<'_> {
        let mut game = Engine::new(rules, 11);
        let s = game.state_mut();
        s.players[1].stash = 2;
        s.players[1].skills[0].covered = true;
        s.players[1].skills[2].covered = true;
        let extra = s.players[0].skills[0];
        while s.players[0].skills.len() < 6 {
            s.players[0].skills.push(extra);
        }
        game
    }

    #[test]
    fn each_decision_lists_every_legal_choice_once() {
        use Action::*;
        let rules = rules_with(&[]);
        let mut game = position(&rules);
        assert_eq!(options(&game), [Job(0), Job(1), Job(2), Job(3)]);
        game.pause(Phase::Stash(1));
        assert_eq!(options(&game), [Stash(0), Stash(1), Stash(2)]);
        // The stash part, then which covered skills give (slots 0 and 2; slot 1 is not
        // covered).
        game.play(Stash(1), &mut ());
        assert_eq!(game.phase, Phase::Covered(1));
        assert_eq!(
            options(&game),
            [Give(0), Give(0b001), Give(0b100), Give(0b101)]
        );
        game.play(Give(0b001), &mut ());
        assert_eq!(game.phase, Phase::Stash(2), "the next seat's bet");
        assert_eq!(
            game.hidden_bets[1],
            Bet {
                from_stash: 1,
                from_covered: 0b001
            }
        );
        game.pause(Phase::Uncover(1));
        assert_eq!(
            options(&game),
            [Uncover(None), Uncover(Some(0)), Uncover(Some(2))]
        );
        game.state.tester = 2;
        game.pause(Phase::Activate);
        let activate = (0..3).map(|i| Activate(Some(i)));
        assert_eq!(
            options(&game),
            [Activate(None)]
                .into_iter()
                .chain(activate)
                .collect::<Vec<_>>()
        );
        game.state.tester = 0;
        game.pause(Phase::Learn);
        let learn = options(&game);
        assert_eq!(
            learn.len(),
            1 + 4 * 6,
            "decline, or each (market, return) pair"
        );
        let mut distinct = learn.clone();
        distinct.sort_unstable_by_key(|a| format!("{a:?}"));
        distinct.dedup();
        assert_eq!(distinct.len(), learn.len());
    }

    #[test]
    fn random_makes_every_distinct_bet_equally_likely() {
        let rules = rules_with(&[]);
        let mut game = position(&rules);
        game.pause(Phase::Stash(1));
        let mut rng = game_rng(3);
        // 0 to 2 from the stash, times each of the 2 covered skills giving or not.
        crate::core::play::tests::assert_uniform(60_000, 12, || {
            let mut g = game.clone();
            while g.to_move() == Some(1) {
                let action =
                    crate::core::play::random(&crate::core::play::Seen::new(&g, 1), &mut rng);
                g.apply(action);
            }
            (g.hidden_bets[1].from_stash, g.hidden_bets[1].from_covered)
        });
    }
}
