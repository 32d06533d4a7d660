//! The ratings edition's config: identity cards, jobs whose obstacles test skill ratings, the skill
//! and assist decks — validated and compiled for the engine.

use arrayvec::ArrayVec;
use serde::Deserialize;

use crate::games::MAX_SEATS;
use crate::games::mice_heist::chips::Odds;
pub use crate::games::mice_heist::parts::*;
use crate::io::config::{Invalid, Named, Problems, range};

/// The three skills, in rating order.
pub const SKILLS: [Icon; 3] = [Icon::Agility, Icon::Charm, Icon::Dexterity];
/// Most cards a hand can hold (`rules.max_hand` is at most this).
pub const MAX_HAND: usize = 12;
/// Most jobs a config can define (the rulebook has 6 and plays 4); the counters are this wide.
pub const MAX_JOB_DEFS: usize = MAX_JOBS;

crate::io::config::raw_config! {
    pub struct RawConfig {
        pub rules: RawRules,
        pub chips: Named<RawChip>,
        pub identities: Named<RawIdentity>,
        pub jobs: Named<RawJob>,
        pub skill_cards: Named<RawSkillCard>,
        pub assist_cards: Named<RawAssistCard>,
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    pub players: usize,
    pub track_length: u8,
    pub total_cheese: u32,
    pub jobs_in_play: usize,
    pub hand_size: usize,
    pub max_hand: usize,
    pub player_chips: u8,
    pub max_rating: u8,
    pub chips_per_test: usize,
    pub food: Vec<u8>,
    pub max_turns: u32,
    pub obstacle_cheese: ObstacleCheese,
    pub track_end_cheese: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawIdentity {
    pub agility: u8,
    pub charm: u8,
    pub dexterity: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawJob {
    pub name: String,
    pub obstacles: Vec<RawObstacle>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawObstacle {
    pub name: String,
    /// The skills tested: their ratings are added, or with `choose` the tester picks one.
    pub test: Vec<Icon>,
    #[serde(default)]
    pub choose: bool,
    pub target: i8,
    pub payout: u8,
    #[serde(default)]
    pub cheese: u8,
    #[serde(default)]
    pub mandatory: bool,
    /// What failing a mandatory obstacle does to the tester.
    #[serde(default)]
    pub failure: Vec<RawEffect>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSkillCard {
    pub name: String,
    /// The skill learning this card raises.
    pub skill: Icon,
    pub copies: u8,
    pub effects: Vec<RawEffect>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAssistCard {
    pub name: String,
    /// The number printed in the circle, added to the test.
    pub modifier: i8,
    pub copies: u8,
    #[serde(default)]
    pub effects: Vec<RawEffect>,
}

#[derive(Debug, Clone)]
pub struct Obstacle {
    pub name: String,
    /// Icon bits of the skills tested.
    pub test: u8,
    pub choose: bool,
    pub target: i8,
    pub payout: u8,
    pub mandatory: bool,
    pub failure: ArrayVec<Effect, MAX_EFFECTS>,
}

impl Obstacle {
    /// The ways this obstacle can be tested: one per skill for a choice, else the whole test.
    pub fn options(&self) -> impl Iterator<Item = u8> + '_ {
        let whole = (!self.choose).then_some(self.test);
        let each = SKILLS
            .iter()
            .map(|s| s.bit())
            .filter(move |b| self.choose && self.test & b != 0);
        whole.into_iter().chain(each)
    }
}

#[derive(Debug, Clone)]
pub struct Job {
    pub id: String,
    pub name: String,
    pub obstacles: Vec<Obstacle>,
    /// Each obstacle's printed cheese, top first.
    pub cheese: Vec<u8>,
}

#[derive(Debug, Clone)]
pub struct SkillCard {
    pub id: String,
    pub name: String,
    /// Index into `SKILLS`.
    pub skill: u8,
    pub effects: ArrayVec<Effect, MAX_EFFECTS>,
    pub modifier: [i8; 8],
}

#[derive(Debug, Clone)]
pub struct AssistCard {
    pub id: String,
    pub name: String,
    pub modifier: i8,
    pub effects: ArrayVec<Effect, MAX_EFFECTS>,
}

/// The validated, compiled config the engine plays.
#[derive(Debug, Clone)]
pub struct Rules {
    pub players: usize,
    pub track_length: u8,
    pub total_cheese: u8,
    pub jobs_in_play: usize,
    pub hand_size: usize,
    pub max_hand: usize,
    pub player_chips: u8,
    pub max_rating: u8,
    pub chips_per_test: usize,
    pub food: ArrayVec<u8, MAX_FOOD>,
    pub max_turns: u32,
    pub obstacle_cheese: ObstacleCheese,
    pub track_end_cheese: bool,
    pub chips: ChipTable,
    pub identities: Vec<(String, [u8; 3])>,
    pub jobs: Vec<Job>,
    pub skill_cards: Vec<SkillCard>,
    pub assist_cards: Vec<AssistCard>,
    /// The decks before shuffling: card definitions, one entry per card.
    pub skill_deck: Vec<u8>,
    /// For each set of tested skills (icon bits), the positive modifiers of the whole skill
    /// deck added up: what a card a player cannot see is worth on average, made once.
    pub deck_modifiers: [i32; 8],
    pub assist_deck: Vec<u8>,
    pub odds: Odds,
}

/// Validates `raw` and compiles it. `players` from the command line wins over `rules.players`.
pub fn compile(raw: &RawConfig, players: Option<usize>) -> Result<Rules, Vec<Invalid>> {
    let mut p = Problems::default();
    let r = &raw.rules;
    let players = players.unwrap_or(r.players);
    let table = TableRules {
        players,
        track_length: r.track_length,
        total_cheese: r.total_cheese,
        chips_per_test: r.chips_per_test,
        max_turns: r.max_turns,
        food: &r.food,
    };
    let seated = check_table(&mut p, &table);
    range(&mut p, "rules.hand_size", r.hand_size, 0, MAX_HAND);
    let least = r.hand_size.min(MAX_HAND);
    // A deal out of range is refused on its own line; the limit is then read against the most.
    if r.max_hand < least && r.hand_size <= MAX_HAND {
        // Said against the deal, whose line may be the one just edited.
        p.0.push(Invalid {
            allowed: Some(format!("{least} to {MAX_HAND}")),
            ..Invalid::new(
                "rules.max_hand",
                format!(
                    "{}: fewer than the {least} cards a hand is dealt (rules.hand_size); allowed {least} to {MAX_HAND}",
                    r.max_hand
                ),
            )
        });
    } else {
        range(&mut p, "rules.max_hand", r.max_hand, least, MAX_HAND);
    }
    range(&mut p, "rules.player_chips", r.player_chips, 1, 9);
    range(&mut p, "rules.max_rating", r.max_rating, 1, 20);
    let chips = compile_chips(&mut p, &raw.chips, r.chips_per_test);

    range(
        &mut p,
        "identities",
        raw.identities.0.len(),
        seated,
        MAX_SEATS,
    );
    let identities = raw
        .identities
        .0
        .iter()
        .map(|(name, i)| {
            for (skill, v) in [
                ("agility", i.agility),
                ("charm", i.charm),
                ("dexterity", i.dexterity),
            ] {
                range(
                    &mut p,
                    &format!("identities.{name}.{skill}"),
                    v,
                    0,
                    r.max_rating,
                );
            }
            (name.clone(), [i.agility, i.charm, i.dexterity])
        })
        .collect();

    range(&mut p, "jobs", raw.jobs.0.len(), 1, MAX_JOB_DEFS);
    crate::games::mice_heist::parts::check_job_ids(&mut p, raw.jobs.0.iter().map(|(id, _)| id));
    range(
        &mut p,
        "rules.jobs_in_play",
        r.jobs_in_play,
        1,
        raw.jobs.0.len().clamp(1, MAX_JOBS),
    );
    let jobs = raw
        .jobs
        .0
        .iter()
        .take(MAX_JOB_DEFS)
        .map(|(id, j)| {
            let at = format!("jobs.{id}.obstacles");
            range(&mut p, &at, j.obstacles.len(), 1, MAX_OBSTACLES);
            let obstacles: Vec<Obstacle> = j
                .obstacles
                .iter()
                .take(MAX_OBSTACLES)
                .enumerate()
                .map(|(i, o)| {
                    let path = |f: &str| format!("{at}.{i}.{f}");
                    range(&mut p, &path("target"), o.target, -40, 60);
                    range(&mut p, &path("payout"), o.payout, 0, 20);
                    range(&mut p, &path("cheese"), o.cheese, 0, 20);
                    let test = o.test.iter().fold(0, |m, s| m | s.bit());
                    p.check(
                        test.count_ones() as usize == o.test.len(),
                        path("test"),
                        "a skill is listed twice",
                    );
                    p.check(
                        test != 0,
                        path("test"),
                        "an obstacle tests at least one skill",
                    );
                    p.check(
                        !o.choose || test.count_ones() >= 2,
                        path("choose"),
                        "a choice needs at least two skills to choose from",
                    );
                    p.check(
                        o.mandatory || o.failure.is_empty(),
                        path("failure"),
                        "only a mandatory obstacle has a failure effect",
                    );
                    let failure = compile_effects(
                        &mut p,
                        &path("failure"),
                        &o.failure,
                        &[EffectKind::Track, EffectKind::Cheese],
                    );
                    Obstacle {
                        name: o.name.clone(),
                        test,
                        choose: o.choose,
                        target: o.target,
                        payout: o.payout,
                        mandatory: o.mandatory,
                        failure,
                    }
                })
                .collect();
            Job {
                id: id.clone(),
                name: j.name.clone(),
                cheese: j
                    .obstacles
                    .iter()
                    .take(MAX_OBSTACLES)
                    .map(|o| o.cheese)
                    .collect(),
                obstacles,
            }
        })
        .collect();

    let (skill_cards, skill_deck) = deck(
        &mut p,
        "skill_cards",
        &raw.skill_cards,
        |c| c.copies,
        |p, id, at, c| {
            let effects = compile_effects(p, &format!("{at}.effects"), &c.effects, EffectKind::ALL);
            SkillCard {
                id: id.to_string(),
                name: c.name.clone(),
                skill: SKILLS.iter().position(|s| *s == c.skill).unwrap_or(0) as u8,
                modifier: modifier_by_icons(&effects),
                effects,
            }
        },
    );
    let (assist_cards, assist_deck) = deck(
        &mut p,
        "assist_cards",
        &raw.assist_cards,
        |c| c.copies,
        |p, id, at, c| {
            range(p, &format!("{at}.modifier"), c.modifier, -9, 9);
            // Assist effects resolve before the chips are drawn, so none can act on a chip.
            let allowed = [
                EffectKind::Modifier,
                EffectKind::Draw,
                EffectKind::Track,
                EffectKind::Cheese,
            ];
            let effects = compile_effects(p, &format!("{at}.effects"), &c.effects, &allowed);
            AssistCard {
                id: id.to_string(),
                name: c.name.clone(),
                modifier: c.modifier,
                effects,
            }
        },
    );

    if !p.0.is_empty() {
        return Err(p.0);
    }
    let deck_modifiers = std::array::from_fn(|icons| {
        skill_deck
            .iter()
            .map(|&c| i32::from(skill_cards[c as usize].modifier[icons]).max(0))
            .sum()
    });
    let mut rules = Rules {
        players,
        track_length: r.track_length,
        total_cheese: r.total_cheese as u8,
        jobs_in_play: r.jobs_in_play,
        hand_size: r.hand_size,
        max_hand: r.max_hand,
        player_chips: r.player_chips,
        max_rating: r.max_rating,
        chips_per_test: r.chips_per_test,
        food: r.food.iter().copied().collect(),
        max_turns: r.max_turns,
        obstacle_cheese: r.obstacle_cheese,
        track_end_cheese: r.track_end_cheese,
        chips,
        identities,
        jobs,
        skill_cards,
        assist_cards,
        deck_modifiers,
        skill_deck,
        assist_deck,
        odds: Odds::default(),
    };
    rules.odds = Odds::build(&rules.chips, rules.chips_per_test);
    Ok(rules)
}

/// Compiles a `[section.*]` of card definitions, each with its `copies`, and the deck they make
/// (one definition index per card).
fn deck<R, C>(
    p: &mut Problems,
    section: &str,
    raw: &Named<R>,
    copies: impl Fn(&R) -> u8,
    mut card: impl FnMut(&mut Problems, &str, &str, &R) -> C,
) -> (Vec<C>, Vec<u8>) {
    range(p, section, raw.0.len(), 1, MAX_SKILL_DEFS);
    let mut deck = Vec::new();
    let cards = raw
        .0
        .iter()
        .take(MAX_SKILL_DEFS)
        .enumerate()
        .map(|(k, (id, r))| {
            let at = format!("{section}.{id}");
            let n = copies(r);
            range(p, &format!("{at}.copies"), n, 1, MAX_DECK as u8);
            deck.extend(std::iter::repeat_n(k as u8, n as usize));
            card(p, id, &at, r)
        })
        .collect();
    range(p, section, deck.len(), 1, MAX_DECK);
    (cards, deck)
}
