//! Rule steps on hand-built positions, invariants over many seeds, and pinned golden games.

use super::CheeseGame;
use super::bots::{Agent, Bet, Learn, Memory, Policy, View};
const GREEDY: &crate::core::lineup::Kind = &crate::games::mice_heist::CHEESE_GREEDY;
use super::config::{EffectKind, Rules};
use super::engine::{Ending, Engine, Observer};
use super::state::Held;
use crate::core::play::Table;
use crate::games::Outcome;
use crate::games::mice_heist::Tests;
use crate::games::mice_heist::testing::{
    ALL_CHIPS, FLAT_YELLOW, YELLOWS, bag_only, mixed, play_checked, tester_first,
};
use crate::games::{Registered, Ruleset};

/// The built-in config, compiled for 4 players.
pub fn default_rules() -> Rules {
    rules_with(&[])
}

/// The built-in config with `--set` style overrides.
pub fn rules_with(sets: &[&str]) -> Rules {
    CheeseGame::builtin_rules(sets, None)
}

fn skill_id(rules: &Rules, id: &str) -> u8 {
    rules.skills.iter().position(|s| s.id == id).unwrap() as u8
}

/// Job A's finale (A5) on top of its stack, carrying the cheese A1 had.
fn finale_on_top(e: &mut Engine) {
    let a = &mut e.state_mut().jobs[0];
    a.next = 4;
    a.cheese[4] = std::mem::take(&mut a.cheese[0]);
}

/// Seat 0 holds only `skill`, uncovered.
fn only_skill(e: &mut Engine, skill: u8) {
    e.state_mut().players[0].skills = [Held {
        skill,
        covered: false,
    }]
    .into_iter()
    .collect();
}

/// A table where the tester (seat 0) activates every skill it can and nobody bets.
fn tester_activates() -> [Script; 4] {
    let mut bots = [Script::default(); 4];
    bots[0].activate = true;
    bots
}

/// A game of `rules` from `seed`, with its bots' memory.
fn table(rules: &Rules, seed: u64) -> Table<Engine<'_>, Memory> {
    Table::new(Engine::new(rules, seed), seed)
}

/// A bot that does exactly what its script says.
#[derive(Clone, Copy, Default)]
struct Script {
    job: u8,
    bet: Bet,
    uncover: Option<u8>,
    /// Activate the first uncovered skill while the stash lasts.
    activate: bool,
    learn: Option<Learn>,
}

/// A seat that bets `from_stash` cheese from its stash and `from_covered` from under its
/// covered skills, and otherwise does what [`Script::default`] does.
fn betting(from_stash: u8, from_covered: u8) -> Script {
    Script {
        bet: Bet {
            from_stash,
            from_covered,
        },
        ..Script::default()
    }
}

impl Policy for Script {
    fn choose_obstacle(&self, _: &View) -> u8 {
        self.job
    }
    fn bet(&self, _: &View) -> Bet {
        self.bet
    }
    fn uncover(&self, _: &View) -> Option<u8> {
        self.uncover
    }
    fn activate(&self, v: &View) -> Option<u8> {
        if self.activate {
            v.player().activatable().next()
        } else {
            None
        }
    }
    fn pick_chip(&self, v: &View, _: EffectKind) -> u8 {
        // The chip showing its lower face: the one worth flipping or replacing.
        let chips = &v.state.test.drawn.chips;
        (0..chips.len())
            .min_by_key(|&i| v.rules.face(chips[i].0, chips[i].1))
            .unwrap() as u8
    }
    fn learn(&self, _: &View) -> Option<Learn> {
        self.learn
    }
    fn choose_food(&self, v: &View, job: u8) -> u8 {
        let food = &v.state.jobs[job as usize].food;
        (0..food.len()).max_by_key(|&i| food[i]).unwrap() as u8
    }
}

/// Records chip totals of resolved tests.
#[derive(Default)]
struct Totals(Vec<(i32, bool)>);

impl Observer for Totals {
    fn test_resolved(&mut self, _: u8, _: u8, chip_total: i32, success: bool) {
        self.0.push((chip_total, success));
    }
}

#[test]
fn setup_follows_the_rulebook() {
    let rules = default_rules();
    let e = Engine::new(&rules, 7);
    let s = e.state();
    assert_eq!(s.players.len(), 4);
    let mut colours: Vec<u8> = s.players.iter().map(|p| p.colour).collect();
    colours.sort_unstable();
    colours.dedup();
    assert_eq!(colours.len(), 4, "every player has a different colour");
    for p in &s.players {
        assert_eq!(p.stash, 3);
        let starting: Vec<u8> = p.skills.iter().map(|h| h.skill).collect();
        assert_eq!(starting, rules.starting[p.colour as usize]);
        assert!(p.skills.iter().all(|h| !h.covered));
    }
    // On reveal: A1, C1 carry 1 cheese, B1 and D1 none; 40 − 12 in stashes − 2.
    assert_eq!(
        s.jobs.iter().map(|j| j.cheese[0]).collect::<Vec<_>>(),
        vec![1, 0, 1, 0]
    );
    assert_eq!(s.supply, 26);
    assert!(
        s.jobs
            .iter()
            .all(|j| j.next == 0 && j.food.as_slice() == [12, 6, 3])
    );
    assert_eq!(s.market.len(), 4);
    assert_eq!(s.deck_left, 33);
    assert_eq!(s.bag, ALL_CHIPS);
    assert_eq!(s.tester, 0);
}

#[test]
fn obstacle_cheese_at_setup_puts_every_card_s_cheese_out() {
    let rules = rules_with(&["rules.obstacle_cheese=at_setup"]);
    let e = Engine::new(&rules, 7);
    let on_cards: u32 = rules
        .jobs
        .iter()
        .flat_map(|j| &j.obstacles)
        .map(|o| u32::from(o.cheese))
        .sum();
    assert_eq!(u32::from(e.state().supply), 40 - 12 - on_cards);
    let none = rules_with(&["rules.obstacle_cheese=none"]);
    assert_eq!(Engine::new(&none, 7).state().supply, 28);
}

#[test]
fn success_pays_cheese_bets_and_contribution_in_clockwise_order() {
    let rules = rules_with(&[FLAT_YELLOW]);
    let mut e = table(&rules, 1);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    let bots = [
        Script::default(),
        betting(1, 0),
        betting(2, 0),
        Script::default(),
    ];
    let mut seen = Totals::default();
    assert!(!e.step(&bots, &mut seen));
    assert_eq!(seen.0, vec![(2, true)]);
    let s = e.state();
    // Tester: 3 + bets 3 + A1's cheese 1.
    assert_eq!(
        s.players.iter().map(|p| p.stash).collect::<Vec<_>>(),
        vec![7, 2, 1, 3]
    );
    // Seat 1 climbs 1 (space 1), seat 2 climbs 2 (space 2), then the tester's payout of 1 lands
    // on taken space 1, moves on past taken 2 to 3.
    let track = &s.jobs[0].track;
    assert_eq!([0, 1, 2, 3].map(|seat| track.position(seat)), [3, 1, 2, 0]);
    assert_eq!(s.jobs[0].next, 1);
    assert_eq!(s.supply, 26, "A2 carries no cheese");
    assert_eq!(s.played, ALL_CHIPS & !YELLOWS | (YELLOWS & !s.bag));
    assert_eq!((s.tester, s.turns), (1, 1));
}

#[test]
fn failure_refunds_assistants_lets_the_tester_learn_and_discards_the_obstacle() {
    let rules = rules_with(&[FLAT_YELLOW, "jobs.A.obstacles.0.target=5"]);
    let mut e = table(&rules, 1);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    let market0 = e.state().market[0];
    let bots = [
        Script {
            learn: Some(Learn {
                market: 0,
                discard: None,
            }),
            ..Script::default()
        },
        betting(1, 0),
        Script::default(),
        Script::default(),
    ];
    assert!(!e.step(&bots, &mut ()));
    let s = e.state();
    assert_eq!(
        s.players.iter().map(|p| p.stash).collect::<Vec<_>>(),
        vec![4, 3, 3, 3]
    );
    assert_eq!(s.players[0].skills.len(), 4);
    assert_eq!(
        s.players[0].skills[3],
        Held {
            skill: market0,
            covered: false
        }
    );
    assert_eq!((s.market.len(), s.deck_left), (4, 32));
    assert_eq!(s.jobs[0].track.position(0), 1);
    assert_eq!(
        s.jobs[0].track.position(1),
        0,
        "assistants gain no contribution on failure"
    );
    // A1 left play and its cheese went back: 26 − 1 refund + 1.
    assert_eq!((s.jobs[0].next, s.supply), (1, 26));
}

#[test]
fn a_finale_stays_when_failed_and_ends_the_game_when_passed() {
    let failing = rules_with(&[FLAT_YELLOW, "jobs.A.obstacles.4.target=3"]);
    let mut e = table(&failing, 1);
    finale_on_top(&mut e);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    assert!(!e.step(&[Script::default(); 4], &mut ()));
    assert_eq!(
        (e.state().jobs[0].next, e.state().jobs[0].cheese[4]),
        (4, 1)
    );
    assert_eq!(e.ending(), None);

    let passing = rules_with(&[FLAT_YELLOW, "jobs.A.obstacles.4.target=2"]);
    let mut e = table(&passing, 1);
    finale_on_top(&mut e);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    assert!(e.step(&[Script::default(); 4], &mut ()));
    assert_eq!(e.ending(), Some(Ending::Finale(0)));
    assert_eq!(
        e.state().players[0].stash,
        4,
        "the finale's cheese goes to the tester"
    );
}

#[test]
fn the_last_obstacle_of_a_job_leaving_ends_the_game() {
    let rules = rules_with(&["jobs.A.obstacles.4.finale=false"]);
    let mut e = table(&rules, 3);
    e.state_mut().jobs[0].next = 4;
    assert!(e.step(&[Script::default(); 4], &mut ()));
    assert_eq!(e.ending(), Some(Ending::Emptied(0)));
}

#[test]
fn the_turn_cap_ends_a_game_and_says_so() {
    let rules = rules_with(&["rules.max_turns=3", "jobs.A.obstacles.4.target=60"]);
    let mut e = table(&rules, 3);
    finale_on_top(&mut e);
    let mut steps = 0;
    while !e.step(&[Script::default(); 4], &mut ()) {
        steps += 1;
    }
    assert_eq!((steps, e.ending()), (2, Some(Ending::Capped)));
    let o = e.finish(&[Script::default(); 4]);
    assert!(o.capped && o.turns == 3 && o.ending.is_none());
}

#[test]
fn activating_a_skill_covers_it_with_a_cheese_and_adds_its_modifier() {
    let rules = rules_with(&[FLAT_YELLOW, "jobs.A.obstacles.0.target=5"]);
    let acrobat = skill_id(&rules, "acrobat"); // +3 on agility; A1 shows agility
    let mut e = table(&rules, 1);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    only_skill(&mut e, acrobat);
    let mut seen = Totals::default();
    e.step(&tester_activates(), &mut seen);
    assert_eq!(
        seen.0,
        vec![(2, true)],
        "2 from chips + 3 from the skill meets 5"
    );
    let p = &e.state().players[0];
    assert_eq!(
        p.skills[0],
        Held {
            skill: acrobat,
            covered: true
        }
    );
    assert_eq!(p.stash, 3 - 1 + 1, "paid one cheese, took A1's");
}

#[test]
fn icon_skills_do_nothing_on_obstacles_without_the_icon() {
    // A2 shows dexterity only.
    let rules = rules_with(&[FLAT_YELLOW, "jobs.A.obstacles.1.target=5"]);
    let acrobat = skill_id(&rules, "acrobat");
    let mut e = table(&rules, 1);
    e.state_mut().jobs[0].next = 1;
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    only_skill(&mut e, acrobat);
    let mut seen = Totals::default();
    e.step(&tester_activates(), &mut seen);
    assert_eq!(seen.0, vec![(2, false)]);
    assert!(e.state().players[0].skills[0].covered, "still paid for");
}

#[test]
fn flip_turns_the_chosen_chip() {
    let rules = rules_with(&[FLAT_YELLOW]);
    let flip = skill_id(&rules, "lucky-whisker");
    // Purple (+3/−3) and one yellow: flipping purple to +3 when it shows −3 always gives 4.
    for seed in 0..20 {
        let mut e = table(&rules, seed);
        (e.state_mut().bag, e.state_mut().played) = bag_only(1 << 10 | 1 << 3);
        only_skill(&mut e, flip);
        let mut seen = Totals::default();
        e.step(&tester_activates(), &mut seen);
        let (total, _) = seen.0[0];
        // With purple already +3 the script flips the yellow (1 → 1).
        assert_eq!(total, 4, "seed {seed}");
    }
}

#[test]
fn replace_sets_a_chip_aside_until_cleanup() {
    let rules = rules_with(&[FLAT_YELLOW]);
    let replace = skill_id(&rules, "second-look");
    const RED: u8 = 9;
    for seed in 0..20 {
        let mut e = table(&rules, seed);
        // Red and a yellow are the whole bag: both are drawn, the red (lower) is replaced, and
        // the replacement comes from the refilled play area, which must not hold the red.
        (e.state_mut().bag, e.state_mut().played) = bag_only(1 << RED | 1 << 3);
        only_skill(&mut e, replace);
        let mut seen = Draws::default();
        e.step(&tester_activates(), &mut seen);
        assert_eq!(seen.kinds.len(), 3, "two drawn, one replacement");
        let red_kind = rules.chips.kind_of[RED as usize];
        assert_ne!(
            seen.kinds[2], red_kind,
            "the set-aside chip came back, seed {seed}"
        );
        let replacement = i32::from(if seen.faces[2] {
            rules.chips.kinds[seen.kinds[2] as usize].high
        } else {
            rules.chips.kinds[seen.kinds[2] as usize].low
        });
        assert_eq!(seen.total, 1 + replacement, "the red no longer counts");
        let s = e.state();
        assert_eq!(
            s.played & (1 << RED),
            1 << RED,
            "it joins the play area at cleanup"
        );
        assert_eq!(s.chip_count(), 11);
        assert!(s.chips_disjoint());
    }
}

/// A bag of one chip, drawn one a test, runs dry once a skill sets that chip aside: a `replace`
/// then has no chip to act on and does nothing, as the engine plays it. greedy, asked then
/// whether to activate one on a failing test, must reckon it so, not look for a chip that is
/// not there (it indexed the empty draw and panicked).
#[test]
fn with_no_chip_drawn_a_replace_is_worth_nothing_to_greedy() {
    use crate::bots::Own;
    let rules = rules_with(&["jobs.A.obstacles.0.target=3"]);
    let mut e = table(&rules, 1);
    only_skill(&mut e, skill_id(&rules, "second-look"));
    let s = e.state_mut();
    (s.tester, s.test.job) = (0, 0);
    s.test.drawn = Default::default();
    s.players[0].stash = 2;
    let v = View {
        rules: &rules,
        state: e.state(),
        me: 0,
        asked: None,
    };
    assert_eq!(super::bots::Greedy::heuristic(0).activate(&v), None);
}

/// Records every chip drawn and the test's chip total.
#[derive(Default)]
struct Draws {
    kinds: Vec<u8>,
    faces: Vec<bool>,
    total: i32,
}

impl Observer for Draws {
    fn chip_drawn(&mut self, kind: u8, high: bool) {
        self.kinds.push(kind);
        self.faces.push(high);
    }
    fn test_resolved(&mut self, _: u8, _: u8, chip_total: i32, _: bool) {
        self.total = chip_total;
    }
}

#[test]
fn bets_can_come_from_covered_skills_and_abstainers_uncover_one() {
    let rules = rules_with(&["jobs.A.obstacles.0.target=60"]);
    let mut e = table(&rules, 4);
    for seat in [1, 3] {
        let p = &mut e.state_mut().players[seat];
        p.skills[0].covered = true;
        p.stash -= 1;
    }
    let bots = [
        Script::default(),
        betting(0, 1),
        Script::default(),
        Script {
            uncover: Some(0),
            ..Script::default()
        },
    ];
    e.step(&bots, &mut ());
    let s = e.state();
    assert!(!s.players[1].skills[0].covered && !s.players[3].skills[0].covered);
    assert_eq!(
        s.players[1].stash, 3,
        "the bet came off the covered skill; the failure refunds 1"
    );
    assert_eq!(
        s.players[3].stash, 3,
        "the abstainer's cheese went back to its stash"
    );
    assert_eq!(s.cheese_total(&rules), 40);
}

#[test]
fn learning_at_the_limit_returns_a_skill_to_the_box_with_its_cheese() {
    let rules = rules_with(&["jobs.A.obstacles.0.target=60"]);
    let mut e = table(&rules, 5);
    let extra = rules.skills.iter().position(|s| s.upgrade).unwrap() as u8;
    let p = &mut e.state_mut().players[0];
    while p.skills.len() < 6 {
        p.skills.push(Held {
            skill: extra,
            covered: false,
        });
    }
    p.skills[2].covered = true;
    p.stash -= 1; // the cheese now lying on skill 2
    e.state_mut().supply += 1;
    e.state_mut().boxed = 0;
    let supply = e.state().supply;
    let tester = Script {
        learn: Some(Learn {
            market: 1,
            discard: Some(2),
        }),
        ..Script::default()
    };
    e.step(&tester_first(tester), &mut ());
    let s = e.state();
    assert_eq!(s.players[0].skills.len(), 6);
    assert!(s.players[0].skills.iter().all(|h| !h.covered));
    assert_eq!(s.boxed, 1);
    assert_eq!(
        s.supply,
        supply + 1 + 1,
        "A1's cheese and the covered skill's cheese"
    );
}

#[test]
fn an_empty_deck_shrinks_the_market() {
    let rules = rules_with(&["jobs.A.obstacles.0.target=60"]);
    let mut e = table(&rules, 5);
    // Learn 33 times to empty the deck, once more to take a market card with no replacement.
    let tester = Script {
        learn: Some(Learn {
            market: 0,
            discard: Some(0),
        }),
        ..Script::default()
    };
    let mut bots = [Script::default(); 4];
    for turn in 0..34 {
        bots[turn % 4] = tester;
        e.state_mut().jobs[0].next = 0;
        e.set_tester(turn % 4);
        e.step(&bots, &mut ());
        bots[turn % 4] = Script::default();
    }
    assert_eq!((e.state().deck_left, e.state().market.len()), (0, 3));
}

#[test]
fn track_end_pays_a_cheese() {
    let rules = rules_with(&[FLAT_YELLOW]);
    let mut e = table(&rules, 1);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    e.state_mut().jobs[0].track.set(0, 10);
    e.step(&[Script::default(); 4], &mut ());
    // 3 + A1's cheese + 1 for the increase at the end.
    assert_eq!(e.state().players[0].stash, 5);
    let off = rules_with(&[FLAT_YELLOW, "rules.track_end_cheese=false"]);
    let mut e = table(&off, 1);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    e.state_mut().jobs[0].track.set(0, 10);
    e.step(&[Script::default(); 4], &mut ());
    assert_eq!(e.state().players[0].stash, 4);
}

fn score(e: &mut Table<Engine, Memory>, stashes: [u8; 4], places: [u8; 4]) -> Outcome {
    for seat in 0..4 {
        e.state_mut().players[seat].stash = stashes[seat];
        e.state_mut().jobs[0].track.set(seat, places[seat]);
    }
    e.score_now();
    e.finish(&[Script::default(); 4])
}

#[test]
fn scoring_pays_food_in_track_order_then_cheese() {
    let rules = default_rules();
    let mut e = table(&rules, 1);
    let supply = e.state().supply;
    let o = score(&mut e, [3, 10, 0, 7], [3, 2, 5, 1]);
    // Job A: seat 2 takes 12, seat 0 6, seat 1 3, seat 3 finds the food gone and takes a cheese.
    assert_eq!(&o.scores[..4], &[9, 13, 12, 8]);
    assert_eq!(o.winners, 0b0010);
    assert_eq!(e.state().supply, supply - 1);
}

#[test]
fn ties_go_to_the_most_cheese_then_are_shared() {
    let rules = default_rules();
    let mut e = table(&rules, 1);
    // Seat 1: 6 food + 7 cheese; seat 2: 12 food + 1 cheese. Both 13: seat 1 has more cheese.
    let o = score(&mut e, [0, 7, 1, 0], [0, 2, 5, 0]);
    assert_eq!((o.scores[1], o.scores[2], o.winners), (13, 13, 0b0010));
    let mut e = table(&rules, 1);
    let o = score(&mut e, [5, 0, 0, 5], [0, 0, 0, 0]);
    assert_eq!(o.winners, 0b1001);
    assert!(o.shared());
}

#[test]
fn covered_cheese_scores_only_when_switched_on() {
    for (switch, want) in [("false", 3), ("true", 4)] {
        let rules = rules_with(&[&format!("rules.covered_cheese_scores={switch}")]);
        let mut e = table(&rules, 1);
        e.state_mut().players[0].skills[0].covered = true;
        let o = score(&mut e, [3, 0, 0, 0], [0, 0, 0, 0]);
        assert_eq!(o.scores[0], want);
    }
}

/// Every component is conserved after every test ([`Ruleset::assert_in_place`]), no hand
/// outgrows its limit and no game runs past its cap, for both bots mixed, every player count and
/// many seeds.
#[test]
fn components_are_conserved_over_many_games() {
    for players in 2..=6 {
        let game = CheeseGame::load(&crate::games::default_source(), &[], Some(players)).unwrap();
        let rules = &game.rules;
        for seed in 0..150u64 {
            let lineup: Vec<Agent> = mixed(players, seed);
            let cap = rules.max_turns;
            play_checked(&mut table(rules, seed), &lineup, seed, cap, |e| {
                rules.assert_in_place(e);
                let s = e.state();
                assert!(s.players.iter().all(|p| p.skills.len() <= rules.max_skills));
            });
        }
    }
}

/// The first test of a game, with no skills used, passes with exactly the probability the chip
/// odds give.
#[test]
fn first_test_pass_rate_matches_the_exact_chip_odds() {
    let rules = default_rules();
    let target = i32::from(rules.jobs[0].obstacles[0].target);
    let exact =
        crate::games::mice_heist::chips::chance_at_least(&rules.chips, ALL_CHIPS, 0, 2, target);
    let n = 40_000u32;
    let mut passed = 0;
    for seed in 0..u64::from(n) {
        let mut e = table(&rules, seed);
        let mut seen = Totals::default();
        e.step(&[Script::default(); 4], &mut seen);
        passed += u32::from(seen.0[0].1);
    }
    let rate = f64::from(passed) / f64::from(n);
    let sd = (exact * (1.0 - exact) / f64::from(n)).sqrt();
    assert!(
        (rate - exact).abs() < 5.0 * sd,
        "measured {rate}, exact {exact}"
    );
}

/// Value stability: one seed's whole game, pinned. A change here changes published results.
#[test]
fn golden_game() {
    let game = CheeseGame::load(&crate::games::default_source(), &[], None).unwrap();
    assert_eq!(
        crate::games::mice_heist::testing::golden(&game, GREEDY),
        Outcome {
            turns: 13,
            capped: false,
            scores: [57, 19, 24, 16, 0, 0],
            winners: 0b0001,
            ending: Some(1),
            values: [6, 0, 0, 0],
        }
    );
}

#[test]
fn finish_round_lets_every_seat_test_equally_often() {
    let rules = rules_with(&[
        FLAT_YELLOW,
        "rules.game_end=finish_round",
        "jobs.A.obstacles.4.target=2",
    ]);
    let mut e = table(&rules, 1);
    finale_on_top(&mut e);
    (e.state_mut().bag, e.state_mut().played) = bag_only(YELLOWS);
    // Seat 0 passes A5, the finale: the game goes on until seat 3 has had its turn.
    let bots = [
        Script::default(),
        Script {
            job: 1,
            ..Script::default()
        },
        Script {
            job: 1,
            ..Script::default()
        },
        Script {
            job: 1,
            ..Script::default()
        },
    ];
    assert!(!e.step(&bots, &mut ()));
    assert!(
        !e.state().open_jobs(&rules).any(|j| j == 0),
        "the finished job cannot be tested again"
    );
    assert!(!e.step(&bots, &mut ()));
    assert!(!e.step(&bots, &mut ()));
    assert!(e.step(&bots, &mut ()));
    assert_eq!((e.ending(), e.state().turns), (Some(Ending::Finale(0)), 4));
}
