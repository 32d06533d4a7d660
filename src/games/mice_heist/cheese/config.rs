//! The cheese edition's config: the TOML schema designers edit, its validation, and the compiled
//! form the engine reads.

use std::collections::HashMap;

use arrayvec::ArrayVec;
use serde::Deserialize;

use crate::games::MAX_SEATS;
use crate::games::mice_heist::chips::Odds;
pub use crate::games::mice_heist::parts::*;
use crate::io::config::{Invalid, Named, Problems, range};

crate::io::config::raw_config! {
    pub struct RawConfig {
        pub rules: RawRules,
        pub chips: Named<RawChip>,
        pub jobs: Named<RawJob>,
        pub skills: Named<RawSkill>,
        pub colours: Named<Vec<String>>,
        pub upgrades: Named<u32>,
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    pub players: usize,
    pub track_length: u8,
    pub total_cheese: u32,
    pub starting_cheese: u8,
    pub max_skills: usize,
    pub market_size: usize,
    pub chips_per_test: usize,
    pub food: Vec<u8>,
    pub max_turns: u32,
    pub obstacle_cheese: ObstacleCheese,
    pub bet_from_covered: bool,
    pub covered_cheese_scores: bool,
    pub track_end_cheese: bool,
    pub discarded_skill_cheese: DiscardedCheese,
    pub game_end: GameEnd,
}

/// When a completed job ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// At once, as the rulebook says ("The game is over").
    Immediate,
    /// After the last seat of the round has had its turn, so every player has tested equally
    /// often (a variant to measure the start player's edge against).
    FinishRound,
}

/// Where the cheese on a covered skill goes when the skill is returned to the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiscardedCheese {
    Supply,
    Stash,
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
    pub target: i8,
    #[serde(default)]
    pub icons: Vec<Icon>,
    pub payout: u8,
    #[serde(default)]
    pub cheese: u8,
    #[serde(default)]
    pub finale: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSkill {
    pub name: String,
    pub effects: Vec<RawEffect>,
}

#[derive(Debug, Clone)]
pub struct Skill {
    pub id: String,
    pub name: String,
    pub effects: ArrayVec<Effect, MAX_EFFECTS>,
    pub upgrade: bool,
}

#[derive(Debug, Clone)]
pub struct Obstacle {
    pub name: String,
    pub target: i8,
    pub icons: u8,
    pub payout: u8,
    pub cheese: u8,
    pub finale: bool,
}

#[derive(Debug, Clone)]
pub struct Job {
    pub id: String,
    pub name: String,
    pub obstacles: Vec<Obstacle>,
    /// Each obstacle's printed cheese, top first.
    pub cheese: Vec<u8>,
}

/// The validated, compiled config the engine plays.
#[derive(Debug, Clone)]
pub struct Rules {
    pub players: usize,
    pub track_length: u8,
    pub total_cheese: u8,
    pub starting_cheese: u8,
    pub max_skills: usize,
    pub market_size: usize,
    pub chips_per_test: usize,
    pub food: ArrayVec<u8, MAX_FOOD>,
    pub max_turns: u32,
    pub obstacle_cheese: ObstacleCheese,
    pub bet_from_covered: bool,
    pub covered_cheese_scores: bool,
    pub track_end_cheese: bool,
    pub discarded_skill_cheese: DiscardedCheese,
    pub game_end: GameEnd,
    pub chips: ChipTable,
    pub jobs: Vec<Job>,
    pub skills: Vec<Skill>,
    pub colours: Vec<String>,
    /// Starting skill ids of each colour.
    pub starting: Vec<Vec<u8>>,
    /// The upgrade deck before shuffling: skill ids, one per card.
    pub upgrade_deck: Vec<u8>,
    /// Chip-draw odds by bag, for the bots.
    pub odds: Odds,
    /// Each skill's modifiers against an obstacle showing each set of icons (indexed by skill,
    /// then icon bits): kept apart from the skills, small and contiguous, as bots read it often.
    pub skill_modifiers: Vec<[i8; 8]>,
    /// The share of all obstacles an effect with each icon (as bits) applies to; the bots weigh
    /// a skill by it when deciding what to learn.
    pub icon_share: [f64; 8],
}

impl Rules {
    pub fn face(&self, chip: u8, high: bool) -> i8 {
        self.chips.face(chip, high)
    }

    pub fn skill(&self, id: u8) -> &Skill {
        &self.skills[id as usize]
    }
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
    range(&mut p, "rules.max_skills", r.max_skills, 1, MAX_HELD);
    range(&mut p, "rules.market_size", r.market_size, 0, MAX_MARKET);
    let need = seated as u32 * u32::from(r.starting_cheese);
    p.check(
        need <= r.total_cheese,
        "rules.starting_cheese",
        format!(
            "{players} players × {} starting cheese exceeds total_cheese {}",
            r.starting_cheese, r.total_cheese
        ),
    );

    let chips = compile_chips(&mut p, &raw.chips, r.chips_per_test);

    // Skills and the effect vocabulary.
    let mut ids: HashMap<&str, u8> = HashMap::new();
    let mut skills = Vec::new();
    range(&mut p, "skills", raw.skills.0.len(), 1, MAX_SKILL_DEFS);
    for (id, s) in raw.skills.0.iter().take(MAX_SKILL_DEFS) {
        let at = format!("skills.{id}");
        p.check(
            !s.effects.is_empty() && s.effects.len() <= MAX_EFFECTS,
            format!("{at}.effects"),
            format!("1 to {MAX_EFFECTS} effects"),
        );
        let effects = compile_effects(
            &mut p,
            &format!("{at}.effects"),
            &s.effects,
            EffectKind::ALL,
        );
        ids.insert(id.as_str(), skills.len() as u8);
        skills.push(Skill {
            id: id.clone(),
            name: s.name.clone(),
            effects,
            upgrade: false,
        });
    }
    let lookup = |p: &mut Problems, path: String, id: &str| -> Option<u8> {
        let found = ids.get(id).copied();
        p.check(
            found.is_some(),
            path,
            format!("no skill `{id}` in [skills]"),
        );
        found
    };

    // Colours and their starting skills.
    let mut colours = Vec::new();
    let mut starting = Vec::new();
    range(&mut p, "colours", raw.colours.0.len(), seated, MAX_SEATS);
    // A max_skills below a colour's starting hand is one mistake, told at max_skills (and as
    // set on the command line, when it was), not once a colour; each hand is held to the
    // most any player may hold.
    let largest = raw
        .colours
        .0
        .iter()
        .map(|(_, l)| l.len())
        .max()
        .unwrap_or(0);
    if (1..=MAX_HELD).contains(&r.max_skills) && largest <= MAX_HELD {
        p.check(
            r.max_skills >= largest,
            "rules.max_skills",
            format!(
                "{} is fewer than the {largest} skills a colour starts with ([colours]): allowed {largest} to {MAX_HELD}",
                r.max_skills
            ),
        );
    }
    for (colour, list) in &raw.colours.0 {
        let path = format!("colours.{colour}");
        range(&mut p, &path, list.len(), 1, MAX_HELD);
        let set: Vec<u8> = list
            .iter()
            .enumerate()
            .filter_map(|(i, id)| lookup(&mut p, format!("{path}.{i}"), id))
            .collect();
        colours.push(colour.clone());
        starting.push(set);
    }

    // Upgrade deck.
    let mut upgrade_deck = Vec::new();
    for (id, n) in &raw.upgrades.0 {
        let n = *n;
        range(&mut p, &format!("upgrades.{id}"), n, 1, MAX_DECK as u32);
        if let Some(s) = lookup(&mut p, format!("upgrades.{id}"), id) {
            skills[s as usize].upgrade = true;
            upgrade_deck.extend(std::iter::repeat_n(s, n.min(MAX_DECK as u32) as usize));
        }
    }
    p.check(
        upgrade_deck.len() <= MAX_DECK,
        "upgrades",
        format!("{} cards: at most {MAX_DECK}", upgrade_deck.len()),
    );

    // Jobs.
    let mut jobs = Vec::new();
    range(&mut p, "jobs", raw.jobs.0.len(), 1, MAX_JOBS);
    crate::games::mice_heist::parts::check_job_ids(&mut p, raw.jobs.0.iter().map(|(id, _)| id));
    for (id, j) in raw.jobs.0.iter().take(MAX_JOBS) {
        let at = format!("jobs.{id}.obstacles");
        range(&mut p, &at, j.obstacles.len(), 1, MAX_OBSTACLES);
        let mut obstacles = Vec::new();
        for (i, o) in j.obstacles.iter().enumerate() {
            let path = |f: &str| format!("{at}.{i}.{f}");
            range(&mut p, &path("target"), o.target, -40, 60);
            range(&mut p, &path("payout"), o.payout, 0, 20);
            range(&mut p, &path("cheese"), o.cheese, 0, 20);
            p.check(
                !o.finale || i + 1 == j.obstacles.len(),
                path("finale"),
                "only the last obstacle of a job can be its finale (the cards below it could never be reached)",
            );
            obstacles.push(Obstacle {
                name: o.name.clone(),
                target: o.target,
                icons: o.icons.iter().fold(0, |m, i| m | i.bit()),
                payout: o.payout,
                cheese: o.cheese,
                finale: o.finale,
            });
        }
        jobs.push(Job {
            id: id.clone(),
            name: j.name.clone(),
            cheese: obstacles.iter().map(|o| o.cheese).collect(),
            obstacles,
        });
    }
    if r.obstacle_cheese == ObstacleCheese::AtSetup {
        let on_cards: u32 = jobs
            .iter()
            .flat_map(|j| &j.obstacles)
            .map(|o| u32::from(o.cheese))
            .sum();
        p.check(
            need + on_cards <= r.total_cheese,
            "rules.obstacle_cheese",
            format!("at_setup needs {on_cards} cheese on obstacles plus {need} in stashes: more than total_cheese {}", r.total_cheese),
        );
    }

    if !p.0.is_empty() {
        return Err(p.0);
    }
    let mut rules = Rules {
        players,
        track_length: r.track_length,
        total_cheese: r.total_cheese as u8,
        starting_cheese: r.starting_cheese,
        max_skills: r.max_skills,
        market_size: r.market_size,
        chips_per_test: r.chips_per_test,
        food: r.food.iter().copied().collect(),
        max_turns: r.max_turns,
        obstacle_cheese: r.obstacle_cheese,
        bet_from_covered: r.bet_from_covered,
        covered_cheese_scores: r.covered_cheese_scores,
        track_end_cheese: r.track_end_cheese,
        discarded_skill_cheese: r.discarded_skill_cheese,
        game_end: r.game_end,
        chips,
        jobs,
        skills,
        colours,
        starting,
        upgrade_deck,
        odds: Odds::default(),
        skill_modifiers: Vec::new(),
        icon_share: [0.0; 8],
    };
    rules.skill_modifiers = rules
        .skills
        .iter()
        .map(|s| modifier_by_icons(&s.effects))
        .collect();
    let obstacles = || rules.jobs.iter().flat_map(|j| &j.obstacles);
    let total = obstacles().count().max(1) as f64;
    rules.icon_share = std::array::from_fn(|icon| {
        obstacles()
            .filter(|o| icon == 0 || o.icons & icon as u8 != 0)
            .count() as f64
            / total
    });
    rules.odds = Odds::build(&rules.chips, rules.chips_per_test);
    Ok(rules)
}
