//! Rule steps of the ratings edition on hand-built positions, invariants over many seeds, and a
//! pinned golden game.

use super::RatingsGame;
use super::bots::{Agent, Choice, Learn, Policy, Spare, View};
const GREEDY: &crate::core::lineup::Kind = &crate::games::mice_heist::RATINGS_GREEDY;
use super::config::{EffectKind, Rules};
use super::engine::{Ending, Engine};
use crate::core::play::Table;
use crate::games::Outcome;
use crate::games::mice_heist::Observer;
use crate::games::mice_heist::Tests;
use crate::games::mice_heist::testing::{
    FLAT_YELLOW, YELLOWS, bag_only, mixed, play_checked, tester_first,
};
use crate::games::{Registered, Ruleset};

pub fn rules_with(sets: &[&str]) -> Rules {
    RatingsGame::builtin_rules(sets, None)
}

/// The position of job `spec` (a config job) among the jobs in play, forcing it into play.
fn in_play(e: &mut Engine, spec: u8) -> u8 {
    let jobs = &mut e.state_mut().jobs;
    if let Some(i) = jobs.iter().position(|j| j.spec == spec) {
        return i as u8;
    }
    jobs[0].spec = spec;
    jobs[0].next = 0;
    0
}

/// A game of `rules` from `seed`, with its bots' memory.
fn table(rules: &Rules, seed: u64) -> Table<Engine<'_>, ()> {
    Table::new(Engine::new(rules, seed), seed)
}

/// A bot that does exactly what its script says.
#[derive(Clone, Copy, Default)]
struct Script {
    choice: Option<Choice>,
    bet: u8,
    play: bool,
    learn: Option<Learn>,
    spare: Option<Spare>,
    discard: u16,
}

/// A seat that bets `bet` cheese on each test, and otherwise does what [`Script::default`]
/// does.
fn betting(bet: u8) -> Script {
    Script {
        bet,
        ..Script::default()
    }
}

impl Policy for Script {
    fn choose_test(&self, v: &View) -> Choice {
        self.choice.unwrap_or_else(|| {
            let job = v.state.open_jobs(v.rules).next().unwrap();
            Choice {
                job,
                skills: v.state.obstacle(v.rules, job).options().next().unwrap(),
            }
        })
    }
    fn bet(&self, _: &View) -> u8 {
        self.bet
    }
    fn play_card(&self, v: &View) -> Option<u8> {
        (self.play && !v.hand.is_empty()).then_some(0)
    }
    fn pick_chip(&self, _: &View, _: EffectKind) -> u8 {
        0
    }
    fn learn(&self, _: &View) -> Option<Learn> {
        self.learn
    }
    fn spare(&self, _: &View) -> Option<Spare> {
        self.spare
    }
    fn discard(&self, _: &View) -> u16 {
        self.discard
    }
    fn choose_food(&self, v: &View, job: u8) -> u8 {
        let food = &v.state.jobs[job as usize].food;
        (0..food.len()).max_by_key(|&i| food[i]).unwrap() as u8
    }
}

#[derive(Default)]
struct Seen {
    tests: Vec<(u8, u8, i32, bool)>,
    assists: Vec<(u8, bool)>,
}

impl Observer for Seen {
    fn test_resolved(&mut self, job: u8, obstacle: u8, chip_total: i32, success: bool) {
        self.tests.push((job, obstacle, chip_total, success));
    }
    fn assist_resolved(&mut self, card: u8, success: bool) {
        self.assists.push((card, success));
    }
}

/// Gives seat 0 the ratings and hand wanted and makes job `spec`'s obstacle `index` the one on
/// top; returns the job's position in play.
fn set_up(e: &mut Engine, spec: u8, index: u8, ratings: [u8; 3]) -> u8 {
    let job = in_play(e, spec);
    let printed = e.rules.jobs[spec as usize].cheese[index as usize];
    let s = e.state_mut();
    let j = &mut s.jobs[job as usize];
    // The cheese lying on the job goes back; the new top obstacle gets its own.
    s.supply += j.cheese.iter().sum::<u8>();
    j.cheese = [0; 8];
    j.cheese[index as usize] = crate::games::mice_heist::jobs::take(&mut s.supply, printed);
    j.next = index;
    s.players[0].ratings = ratings;
    job
}

#[test]
fn setup_follows_the_rulebook() {
    let rules = rules_with(&[]);
    let e = Engine::new(&rules, 5);
    let s = e.state();
    let mut ids: Vec<u8> = s.players.iter().map(|p| p.identity).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 4, "each player a different identity");
    for (seat, p) in s.players.iter().enumerate() {
        assert_eq!(p.ratings, rules.identities[p.identity as usize].1);
        assert_eq!((e.hand(seat).len(), p.cheese), (3, 0));
    }
    assert_eq!(s.jobs.len(), 4);
    assert!(
        s.jobs.windows(2).all(|w| w[0].spec < w[1].spec),
        "distinct jobs, in config order"
    );
    let on_top: u32 = s
        .jobs
        .iter()
        .map(|j| u32::from(rules.jobs[j.spec as usize].cheese[0]))
        .sum();
    assert_eq!(u32::from(s.supply), 40 - on_top);
    assert_eq!(
        (s.skill_deck_left, e.skill_cards(), e.assist_cards()),
        (37 - 12, 37, 42)
    );
}

#[test]
fn a_sum_test_adds_ratings_and_a_choice_uses_the_one_chosen() {
    // A4 tests dexterity + agility against 7; A3 is agility or charm against 5.
    let rules = rules_with(&[FLAT_YELLOW]);
    for (index, skills, ratings, passes) in [
        (3u8, 0b101u8, [3, 0, 2], true), // 3 + 2 + chips 2 = 7
        (3, 0b101, [3, 5, 1], false),    // charm is not tested: 3 + 1 + 2 = 6
        (2, 0b010, [0, 3, 0], true),     // charm chosen: 3 + 2 = 5
        (2, 0b001, [0, 3, 0], false),    // agility chosen: 0 + 2 = 2
    ] {
        let mut e = table(&rules, 1);
        let job = set_up(&mut e, 0, index, ratings);
        (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
        let tester = Script {
            choice: Some(Choice { job, skills }),
            ..Script::default()
        };
        let mut seen = Seen::default();
        e.step(&tester_first(tester), &mut seen);
        assert_eq!(
            seen.tests[0].3,
            passes,
            "A{} with {skills:b} and {ratings:?}",
            index + 1
        );
    }
}

#[test]
fn an_unusable_choice_is_refused() {
    let rules = rules_with(&[]);
    let mut e = table(&rules, 1);
    let job = set_up(&mut e, 0, 2, [1, 1, 1]);
    let tester = Script {
        choice: Some(Choice { job, skills: 0b100 }),
        ..Script::default()
    };
    let refused = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        e.step(&tester_first(tester), &mut ())
    }));
    assert!(refused.is_err(), "dexterity is not among A3's choices");
}

#[test]
fn success_pays_cheese_then_chips_clockwise_then_payout() {
    // A1: agility vs 4, payout 1, 1 cheese. Rating 2 + chips 2 = 4 passes.
    let rules = rules_with(&[
        FLAT_YELLOW,
        "assist_cards.boost.modifier=0",
        "assist_cards.helping-paw.modifier=0",
        "assist_cards.clumsy.modifier=0",
        "assist_cards.noisy.modifier=0",
        "assist_cards.share-spoils.modifier=0",
    ]);
    let mut e = table(&rules, 2);
    let job = set_up(&mut e, 0, 0, [2, 0, 0]);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    let supply = e.state().supply;
    let bots = [Script::default(), betting(1), betting(2), Script::default()];
    let mut seen = Seen::default();
    e.step(&bots, &mut seen);
    assert!(seen.tests[0].3);
    assert_eq!(
        seen.assists.len(),
        1,
        "someone assisted, so an assist card was revealed"
    );
    let s = e.state();
    let track = &s.jobs[job as usize].track;
    // Seat 1 climbs 1, seat 2 climbs 2, then the tester's payout of 1 lands on 1 → 2 → 3.
    assert_eq!([0, 1, 2, 3].map(|seat| track.position(seat)), [3, 1, 2, 0]);
    assert!(
        s.players[0].cheese >= 1,
        "A1's cheese (and any the assist card gave)"
    );
    assert_eq!(s.jobs[job as usize].next, 1, "the obstacle left play");
    assert_eq!(s.cheese_total(&rules), 40);
    assert!(s.supply <= supply);
}

#[test]
fn no_assist_card_without_an_assisting_player() {
    let rules = rules_with(&[]);
    let mut e = table(&rules, 2);
    let assists = e.state().assist_deck_left;
    let mut seen = Seen::default();
    e.step(&[Script::default(); 4], &mut seen);
    assert!(seen.assists.is_empty());
    assert_eq!(
        (e.state().assist_deck_left, e.state().assist_discard.len()),
        (assists, 0)
    );
}

#[test]
fn an_empty_assist_deck_is_reshuffled_from_its_discards() {
    let rules = rules_with(&[]);
    let mut e = table(&rules, 2);
    let helper = betting(1);
    let bots = [helper; 4];
    for _ in 0..45 {
        if e.step(&bots, &mut ()) {
            break;
        }
        assert_eq!(e.assist_cards(), 42);
    }
    assert!(e.state().turns > 42 || e.ending().is_some());
}

#[test]
fn failing_a_plain_obstacle_discards_it_learns_and_lets_abstainers_draw() {
    // A1 against 60 cannot pass; the tester learns from the deck top, seat 3 (abstaining) draws.
    let rules = rules_with(&["jobs.A.obstacles.0.target=60"]);
    let mut e = table(&rules, 3);
    let job = set_up(&mut e, 0, 0, [1, 1, 1]);
    let supply = e.state().supply;
    let lying = e.state().jobs[job as usize].cheese[0];
    let bots = [
        Script {
            learn: Some(Learn::DeckTop),
            ..Script::default()
        },
        betting(1),
        Script::default(),
        Script {
            spare: Some(Spare::Draw),
            ..Script::default()
        },
    ];
    e.step(&bots, &mut ());
    let s = e.state();
    assert_eq!(
        s.players[0]
            .ratings
            .iter()
            .map(|&r| u32::from(r))
            .sum::<u32>(),
        4,
        "one rating up"
    );
    assert_eq!(e.hand(3).len(), 4, "the abstainer drew");
    assert_eq!(e.hand(1).len(), 3, "the assistant may not");
    assert_eq!(s.jobs[job as usize].track.position(0), 1);
    assert_eq!(
        s.jobs[job as usize].next, 1,
        "a plain obstacle leaves play when failed"
    );
    let revealed = rules.jobs[0].cheese[1];
    assert_eq!(
        s.supply,
        supply + lying - revealed,
        "its cheese back, the next one's out"
    );
    assert_eq!(e.skill_cards(), 37);
}

#[test]
fn failing_a_mandatory_obstacle_keeps_it_and_applies_its_failure() {
    // B3 (mandatory, failure: lose a cheese) against 60.
    let rules = rules_with(&["jobs.B.obstacles.2.target=60"]);
    let mut e = table(&rules, 3);
    let job = set_up(&mut e, 1, 2, [1, 1, 1]);
    e.state_mut().players[0].cheese = 2;
    e.state_mut().supply -= 2;
    e.step(&[Script::default(); 4], &mut ());
    let s = e.state();
    assert_eq!(s.jobs[job as usize].next, 2, "still on top");
    assert_eq!(s.players[0].cheese, 1);
    assert_eq!(s.cheese_total(&rules), 40);
}

#[test]
fn ratings_stop_at_the_maximum() {
    let rules = rules_with(&["jobs.A.obstacles.0.target=60"]);
    let mut e = table(&rules, 3);
    set_up(&mut e, 0, 0, [5, 5, 5]);
    let tester = Script {
        learn: Some(Learn::Hand(0)),
        ..Script::default()
    };
    e.step(&tester_first(tester), &mut ());
    assert_eq!(e.state().players[0].ratings, [5, 5, 5]);
    assert_eq!(
        e.state().skill_discard.len(),
        1,
        "the card is spent all the same"
    );
}

#[test]
fn the_draw_step_discards_then_refills_to_the_hand_size() {
    let rules = rules_with(&[]);
    let mut e = table(&rules, 4);
    let tester = Script {
        discard: 0b101,
        ..Script::default()
    };
    e.step(&tester_first(tester), &mut ());
    let s = e.state();
    assert_eq!(e.hand(0).len(), 3);
    assert!(s.skill_discard.len() >= 2);
    assert_eq!(e.skill_cards(), 37);
}

#[test]
fn playing_a_card_adds_its_effect() {
    // Rating 2 + chips 2 = 4 misses A1 at 5; a +1 card makes it.
    let rules = rules_with(&[FLAT_YELLOW, "jobs.A.obstacles.0.target=5"]);
    let quick = rules
        .skill_cards
        .iter()
        .position(|c| c.id == "quick-step")
        .unwrap() as u8;
    let mut e = table(&rules, 6);
    set_up(&mut e, 0, 0, [2, 0, 0]);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    e.hand_mut(0)[0] = quick;
    // One card in hand: the script plays it, then stops with the hand empty.
    e.hand_mut(0).truncate(1);
    let tester = Script {
        play: true,
        ..Script::default()
    };
    let mut seen = Seen::default();
    e.step(&tester_first(tester), &mut seen);
    assert!(seen.tests[0].3);
    assert!(
        e.state().skill_discard.contains(&quick),
        "played cards are discarded at cleanup"
    );
}

#[test]
fn an_emptied_stack_ends_the_game_even_on_a_failure() {
    // A5 made plain and impossible: failing it still removes the last card.
    let rules = rules_with(&[
        "jobs.A.obstacles.4.mandatory=false",
        "jobs.A.obstacles.4.failure=[]",
        "jobs.A.obstacles.4.target=60",
    ]);
    let mut e = table(&rules, 3);
    set_up(&mut e, 0, 4, [1, 1, 1]);
    let turns = e.state().turns;
    assert!(e.step(&[Script::default(); 4], &mut ()));
    assert_eq!(e.ending(), Some(Ending::Completed(0)));
    // The test that ends the game plays out to its cleanup: the tester's consolation step
    // and the next tester.
    assert_eq!(e.state().turns, turns + 1);
    assert_eq!(e.state().tester, 1);
    assert_eq!(e.state().jobs[0].track.position(0), 1);
}

#[test]
fn ties_go_to_the_highest_rating_sum() {
    let rules = rules_with(&[]);
    let mut e = table(&rules, 3);
    for (seat, (cheese, ratings)) in [
        (5, [1, 1, 1]),
        (5, [2, 2, 1]),
        (4, [5, 5, 5]),
        (0, [0, 0, 0]),
    ]
    .into_iter()
    .enumerate()
    {
        e.state_mut().players[seat].cheese = cheese;
        e.state_mut().players[seat].ratings = ratings;
    }
    e.score_now();
    let o = e.finish(&[Script::default(); 4]);
    assert_eq!(o.winners, 0b0010);
}

/// Every component is conserved after every test ([`Ruleset::assert_in_place`]), no hand or
/// rating outgrows its limit and no game runs past its cap, for both bots mixed, every player
/// count and many seeds.
#[test]
fn components_are_conserved_over_many_games() {
    for players in 2..=6 {
        let game = RatingsGame::load(&RatingsGame::builtin_source(), &[], Some(players)).unwrap();
        let rules = &game.rules;
        for seed in 0..120u64 {
            let lineup: Vec<Agent> = mixed(players, seed);
            let cap = rules.max_turns;
            play_checked(&mut table(rules, seed), &lineup, seed, cap, |e| {
                rules.assert_in_place(e);
                assert!((0..players).all(|seat| e.hand(seat).len() <= rules.max_hand));
                let ratings = e.state().players.iter().flat_map(|p| p.ratings);
                assert!(ratings.into_iter().all(|r| r <= rules.max_rating));
            });
        }
    }
}

#[test]
fn golden_game() {
    let game = RatingsGame::load(&RatingsGame::builtin_source(), &[], None).unwrap();
    assert_eq!(
        crate::games::mice_heist::testing::golden(&game, GREEDY),
        Outcome {
            turns: 16,
            capped: false,
            scores: [38, 5, 35, 16, 0, 0],
            winners: 0b0001,
            ending: Some(0),
            values: [9, 0, 0, 0],
        }
    );
}
