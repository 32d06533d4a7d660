//! `shepherd`, Mouse Chaos's heuristic bot. It reckons each mouse's colour from what its seat
//! has seen (the mice it looked at, every catch and nest shown to all) and the count of each
//! colour; walks the mice likely its own towards its nest and the others' away from theirs;
//! sends cats after rivals' mice and unknown ones; and in step 3 moves a chair to shelter a
//! mouse of its own a cat could reach, to block a rival's mousehole, or off its own.

use super::config::{Beams, MAX_CELLS, NESTS, NONE, Rules, opposite};
use super::engine::{Action, Decision, Engine, IN_NEST, Piece, Squares, View};
use crate::bots::Own;
use crate::core::game::Seat;
use crate::core::lineup::{Bot, Kind, Param};
use crate::core::play::{Decider, Seen};
use crate::core::rng::{Dice, GameRng};

const SPITE: Param = Param {
    name: "spite",
    default: 100,
    min: 0,
    max: 300,
    about: "how much a rival colour's step towards its nest (a non-player colour's too) weighs against its own, in percent",
    names: &[],
};

const LOOK: Param = Param {
    name: "look",
    default: 3,
    min: 0,
    max: 20,
    about: "what learning an unknown mouse's colour is worth, in steps of its own mice towards home",
    names: &[],
};

const CAUTION: Param = Param {
    name: "caution",
    default: 100,
    min: 0,
    max: 300,
    about: "how much it weighs what a catch would cost (the chance a cat reaches a mouse of its, times the steps lost), when it moves a mouse and when it puts a chair over one, in percent",
    names: &[],
};

const BLOCK: Param = Param {
    name: "block",
    default: 100,
    min: 0,
    max: 300,
    about: "how much a chair blocking a mousehole is worth, in percent of the rivals' mice near it",
    names: &[],
};

const PATIENCE: Param = Param {
    name: "patience",
    default: 2,
    min: 1,
    max: 100,
    about: "turns in a row it moves no mouse or cat because every move helps a rival more than itself; then it makes its least bad move, a mouse into a nest before any other, so two cautious players stall less",
    names: &[],
};

const DRIVE: Param = Param {
    name: "drive",
    default: 200,
    min: 0,
    max: 300,
    about: "once out of patience, what each step a mouse takes towards its nearest nest adds to a move, in percent of a step of its own; it stays out of patience until it moves a mouse into a nest or catches one with a cat, so a stalled game moves on (0: any move restores its patience, as before this parameter)",
    names: &[],
};

pub const SHEPHERD: Kind = Kind {
    name: "shepherd",
    about: "reckons each mouse's colour from what its seat saw and the colour counts, walks likely own mice home and rivals' away, catches rivals' and unknown mice, looks at unknown mice on cheese, shelters its mice under chairs and blocks rivals' mouseholes with them",
    params: &[SPITE, LOOK, CAUTION, BLOCK, PATIENCE, DRIVE],
    roles: &[],
    searches: false,
};

/// Steps a mouse of one colour in another colour's nest is reckoned from home: it goes home
/// only when that nest fills.
const DETOUR: f32 = 1.0;

/// What an impatient bot adds to a move into a nest, in steps.
const PUSH: f32 = 10.0;

/// What the bot remembers within a game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memory {
    /// The destination chosen with the piece, for the decision that asks for it: the turn and
    /// the piece it was chosen for, and where the piece goes.
    plan: Option<(u32, Piece, Action)>,
    /// Its turns in a row without a mouse or cat move; with a `drive`, once out of patience,
    /// its turns since it last moved a mouse into a nest or caught one.
    idle: u8,
}

/// What the bot reckons of the table.
struct Reckoning<'v> {
    view: &'v View<'v>,
    rules: &'v Rules,
    /// What it believes of a mouse seen to be of each colour, and of one not seen (last): all
    /// of a kind are alike.
    beliefs: [Belief; NESTS + 1],
    /// How much a step of each colour towards its nest is worth to the bot.
    weight: [f32; NESTS],
    params: Shepherd,
}

/// What the bot believes of a mouse.
#[derive(Clone, Copy, Default)]
struct Belief {
    /// Its chance of each colour.
    odds: [f32; NESTS],
    /// What each step of it from each colour's nest is worth to the bot: the colour's weight
    /// times the mouse's chance of it, negated.
    stake: [f32; NESTS],
    /// What it is worth under the table.
    caught: f32,
}

impl Belief {
    /// What a mouse so believed is worth to the bot at `place`: each colour's distance from
    /// its nest, weighed by the chance it is that colour and what that colour's progress means
    /// to the bot.
    fn worth(&self, rules: &Rules, place: u8) -> f32 {
        (0..NESTS)
            .map(|c| {
                let d = if place >= IN_NEST {
                    if usize::from(place - IN_NEST) == c {
                        0.0
                    } else {
                        DETOUR
                    }
                } else {
                    rules.steps_home[usize::from(place)][c]
                };
                self.stake[c] * d
            })
            .sum()
    }

    /// What a catch of a mouse so believed, where it is worth `worth`, would cost the bot,
    /// weighed by `threat`, the chance of a cat reaching it.
    fn exposure(&self, worth: f32, sheltered: bool, threat: f32) -> f32 {
        if sheltered {
            return 0.0;
        }
        let loss = worth - self.caught;
        // No loss, no need of its chance (which might turn the nought's sign, no more).
        if loss <= 0.0 {
            return 0.0;
        }
        loss * threat
    }
}

/// `shepherd` with its parameters' values.
#[derive(Clone, Copy, Debug)]
pub struct Shepherd {
    spite: f32,
    look: f32,
    caution: f32,
    block: f32,
    patience: i32,
    drive: f32,
}

impl Own for Shepherd {
    fn of(bot: &Bot) -> Self {
        Self {
            spite: bot.value(&SPITE) as f32 / 100.0,
            look: bot.value(&LOOK) as f32,
            caution: bot.value(&CAUTION) as f32 / 100.0,
            block: bot.value(&BLOCK) as f32 / 100.0,
            patience: bot.value(&PATIENCE),
            drive: bot.value(&DRIVE) as f32 / 100.0,
        }
    }

    fn heuristic(_: Seat) -> Self {
        Self::of(&Bot::new(&SHEPHERD))
    }
}

impl Decider<Engine<'_>> for Shepherd {
    type Memory = Memory;

    fn decide(&self, seen: &Seen<Engine>, memory: &mut Memory, rng: &mut GameRng) -> Action {
        shepherd(self, seen, memory, rng)
    }
}

impl<'v> Reckoning<'v> {
    fn new(view: &'v View<'v>, params: Shepherd) -> Self {
        let rules = view.rules;
        let mut known = [0usize; NESTS];
        let mut unknown = 0;
        for m in 0..rules.mice {
            match view.colours[m] {
                NONE => unknown += 1,
                c => known[usize::from(c)] += 1,
            }
        }
        let mine = rules.nest_of[view.me];
        let mut weight = [-params.spite; NESTS];
        weight[usize::from(mine)] = 1.0;
        let mut beliefs = [Belief::default(); NESTS + 1];
        for (k, b) in beliefs.iter_mut().enumerate() {
            for c in 0..NESTS {
                b.odds[c] = match k {
                    // Every mouse not seen has the same chances (no use when there is none).
                    NESTS => (rules.mice_per_colour - known[c]) as f32 / unknown as f32,
                    _ if k == c => 1.0,
                    _ => 0.0,
                };
                b.stake[c] = -weight[c] * b.odds[c];
            }
            b.caught = (0..NESTS)
                .map(|c| b.stake[c] * rules.table_to_nest[c])
                .sum();
        }
        Self {
            view,
            rules,
            beliefs,
            weight,
            params,
        }
    }

    fn belief(&self, m: u8) -> &Belief {
        match self.view.colours[usize::from(m)] {
            NONE => &self.beliefs[NESTS],
            c => &self.beliefs[usize::from(c)],
        }
    }

    fn unknown(&self, m: u8) -> bool {
        self.view.colours[usize::from(m)] == NONE
    }

    /// What mouse `m` at `place` is worth to the bot.
    fn worth(&self, m: u8, place: u8) -> f32 {
        self.belief(m).worth(self.rules, place)
    }

    /// The chance some cat can reach each cell next turn: worked out for the whole room at
    /// once, in the decisions that weigh catches.
    fn threats(&self) -> [f32; MAX_CELLS] {
        let (odds, cells) = (&self.rules.cat_odds, self.rules.board.cells.len());
        let mut threat = [0.0; MAX_CELLS];
        for &at in &self.view.public.cat[..self.rules.cats] {
            let row = &odds[usize::from(at) * cells..][..cells];
            // No chance is NaN: the greater of two is the one compared greater.
            for (t, &chance) in threat.iter_mut().zip(row) {
                // A choice, not a branch: it goes four cells at a time.
                *t = if chance > *t { chance } else { *t };
            }
        }
        threat
    }

    /// Step 2: the best mouse or cat move, if any gains; of `only`, if given, gaining or not.
    fn best_move(
        &self,
        impatient: bool,
        only: Option<Piece>,
        rng: &mut GameRng,
    ) -> (Action, Action) {
        let (p, rules) = (self.view.public, self.rules);
        // Moving must gain more than the noise, or a move that changes nothing would do;
        // an impatient bot takes the least bad move.
        let least = if impatient || only.is_some() {
            f32::MIN
        } else {
            0.001
        };
        let mut best = (Action::Skip, Action::Skip, least);
        let mut consider = |piece: Action, to: Action, gain: f32, rng: &mut GameRng| {
            // A little noise breaks ties between equal moves.
            let gain = gain + rng.below(1000) as f32 * 1e-6;
            if gain > best.2 && only.is_none_or(|o| piece == Action::Pick(o)) {
                best = (piece, to, gain);
            }
        };
        let walls = self.view.walls;
        let threat = self.threats();
        // Out of patience, a step towards the nearest nest, whoever's, is worth taking: a
        // stalled game ends only by fills.
        let drive = if impatient { self.params.drive } else { 0.0 };
        let pushing = drive > 0.0;
        let nearest = |s: u8| {
            rules.steps_home[usize::from(s)]
                .iter()
                .fold(f32::MAX, |a, &d| a.min(d))
        };
        for m in p.mice_on_board(rules) {
            let from = p.mouse[usize::from(m)];
            let b = self.belief(m);
            let here = b.worth(rules, from);
            let safe = p.sheltered(rules, from);
            let now =
                here - self.params.caution * b.exposure(here, safe, threat[usize::from(from)]);
            let looked = if self.unknown(m) {
                self.params.look
            } else {
                0.0
            };
            let reach = walls.mouse_reach(rules, from, p.roll);
            let pick = Action::Pick(Piece::Mouse(m));
            let near = if pushing { nearest(from) } else { 0.0 };
            // In the order of the mouse's options (each place without a look, then with one),
            // as the noise is drawn.
            for (s, plain, look) in reach.squares() {
                let safe = p.sheltered(rules, s);
                let worth = b.worth(rules, s);
                let exposure = b.exposure(worth, safe, threat[usize::from(s)]);
                let mut gain = worth - self.params.caution * exposure - now;
                if pushing {
                    gain += drive * (near - nearest(s));
                }
                if plain {
                    consider(pick, Action::Go { to: s, look: false }, gain, rng);
                }
                if look {
                    consider(pick, Action::Go { to: s, look: true }, gain + looked, rng);
                }
            }
            // Out of patience, it takes a move that cannot be undone: a mouse into a nest
            // brings a fill, and the colours it shows, closer.
            let push = if impatient { PUSH + drive * near } else { 0.0 };
            for (nest, look) in reach.nest_ways() {
                let gain = b.worth(rules, IN_NEST + nest) - now;
                consider(pick, Action::Enter { nest, look: false }, gain + push, rng);
                if look {
                    let to = Action::Enter { nest, look: true };
                    consider(pick, to, gain + looked + push, rng);
                }
            }
        }
        for c in 0..rules.cats as u8 {
            // Only a catch can gain.
            let reach = walls.cat_reach(rules, p.cat[usize::from(c)], p.roll);
            for s in reach.and(walls.mice()).iter() {
                let m = p.mouse_on[usize::from(s)];
                if p.chair_on[usize::from(s)] != NONE {
                    continue;
                }
                let looked = if self.unknown(m) {
                    self.params.look
                } else {
                    0.0
                };
                let gain = self.belief(m).caught - self.worth(m, s) + looked;
                consider(
                    Action::Pick(Piece::Cat(c)),
                    Action::Go { to: s, look: false },
                    gain,
                    rng,
                );
            }
        }
        (best.0, best.1)
    }

    /// The facing that lets a mouse under a chair on `s` step towards the bot's nest.
    fn homeward(&self, s: u8) -> u8 {
        let b = &self.rules.board;
        let mine = usize::from(self.rules.nest_of[self.view.me]);
        (0..4u8)
            .filter(|&d| b.step[usize::from(s)][usize::from(d)] != NONE)
            .min_by_key(|&d| b.to_nest[usize::from(b.step[usize::from(s)][usize::from(d)])][mine])
            .unwrap_or(0)
    }

    /// The facing of a chair on hole `s` whose beams stop mice leaving through it.
    fn blocking(&self, side: u8) -> u8 {
        match self.rules.beams {
            Beams::BackAndSides | Beams::Back => opposite(side),
            Beams::Sides => (side + 1) & 3,
        }
    }

    /// The mice near each nest: the chance each is the nest's colour, the more the nearer.
    fn near(&self) -> [f32; NESTS] {
        let p = self.view.public;
        let mut near = [0.0; NESTS];
        for m in p.mice_on_board(self.rules) {
            let home = &self.rules.steps_home[usize::from(p.mouse[usize::from(m)])];
            let odds = &self.belief(m).odds;
            for n in 0..NESTS {
                near[n] += odds[n] * (6.0 - home[n]).max(0.0) / 5.0;
            }
        }
        near
    }

    /// What a chair on `s` facing `facing` is worth to the bot: the mouse it shelters, the
    /// mousehole it blocks (`near`: the mice near each nest; `threat`: [`Self::threats`]).
    fn chair_worth(&self, s: u8, facing: u8, near: &[f32; NESTS], threat: &[f32]) -> f32 {
        let (p, b) = (self.view.public, &self.rules.board);
        let mut worth = 0.0;
        let m = p.mouse_on[usize::from(s)];
        if m != NONE {
            let b = self.belief(m);
            let exposure = b.exposure(b.worth(self.rules, s), false, threat[usize::from(s)]);
            worth += self.params.caution * exposure;
        }
        let (nest, side) = b.hole[usize::from(s)];
        if nest != NONE && self.rules.beams.across(facing, side) {
            let n = usize::from(nest);
            worth -= self.weight[n] * self.params.block * near[n];
        }
        worth
    }

    /// Step 3: the best chair move, if any gains; of `only`, if given, gaining or not.
    fn best_shift(&self, only: Option<Piece>, rng: &mut GameRng) -> (Action, Action) {
        let (p, rules) = (self.view.public, self.rules);
        let b = &rules.board;
        // A chair with a cat on it stays.
        let movable = |h: u8| {
            p.cat_on[usize::from(p.chair[usize::from(h)].0)] == NONE
                && only.is_none_or(|o| o == Piece::Chair(h))
        };
        if !(0..b.chairs.len() as u8).any(movable) {
            return (Action::Skip, Action::Skip);
        }
        let (near, threat) = (self.near(), self.threats());
        // Whether a chair may go to `s` but for another chair there.
        let open = |s: u8| {
            let i = usize::from(s);
            p.cat_on[i] == NONE && p.cheese_on[i] == NONE && !b.is_table(s)
        };
        // Where a chair could do some good: over each mouse, on each mousehole, and anywhere
        // out of the way; each with what a chair there is worth, the same for every chair.
        let spot = |s: u8, facing: u8| {
            let worth = self.chair_worth(s, facing, &near, &threat);
            (s, facing, worth, open(s))
        };
        let mut spots: arrayvec::ArrayVec<(u8, u8, f32, bool), 64> = arrayvec::ArrayVec::new();
        for m in p.mice_on_board(rules) {
            let s = p.mouse[usize::from(m)];
            if !b.is_table(s) && spots.len() < 48 {
                spots.push(spot(s, self.homeward(s)));
            }
        }
        let mut holes = Squares::default();
        for h in &rules.holes {
            holes.or(h);
        }
        for s in holes.iter() {
            if spots.len() < 63 {
                spots.push(spot(s, self.blocking(b.hole[usize::from(s)].1)));
            }
        }
        let mut best = (
            Action::Skip,
            Action::Skip,
            if only.is_some() { f32::MIN } else { 0.5 },
        );
        for h in (0..b.chairs.len() as u8).filter(|&h| movable(h)) {
            let (at, facing) = p.chair[usize::from(h)];
            let here = self.chair_worth(at, facing, &near, &threat);
            let free = |s: u8| {
                let c = p.chair_on[usize::from(s)];
                c == NONE || c == h
            };
            // A chair doing harm where it stands (blocking its own hole) may also just go
            // somewhere out of the way.
            let aside = (here <= 0.0)
                .then(|| {
                    b.squares().find(|&s| {
                        free(s)
                            && open(s)
                            && s != at
                            && b.hole[usize::from(s)].0 == NONE
                            && p.mouse_on[usize::from(s)] == NONE
                    })
                })
                .flatten()
                .map(|s| spot(s, facing));
            let mut weigh = |(s, f, worth, open): (u8, u8, f32, bool)| {
                if !(open && free(s)) || (s, f) == (at, facing) {
                    return;
                }
                let gain = worth - here + rng.below(1000) as f32 * 1e-6;
                if gain > best.2 {
                    best = (
                        Action::Pick(Piece::Chair(h)),
                        Action::Chair { to: s, facing: f },
                        gain,
                    );
                }
            };
            // The spots, then the place aside: not chained, as the chain's every step asks
            // which half it is in.
            for &spot in &spots {
                weigh(spot);
            }
            if let Some(spot) = aside {
                weigh(spot);
            }
        }
        (best.0, best.1)
    }

    /// Where a caught mouse goes: the free square it is worth most on to the bot.
    fn best_place(&self, m: u8) -> Action {
        let (p, rules) = (self.view.public, self.rules);
        let spill = p.spill(rules);
        let best = spill
            .iter()
            .map(|s| (s, self.worth(m, s)))
            .fold((NONE, f32::MIN), |a, b| if b.1 > a.1 { b } else { a });
        Action::Put(best.0)
    }
}

/// `shepherd`'s decision. It picks the piece and its destination together and remembers the
/// destination for the decision that asks for it.
pub fn shepherd(
    bot: &Shepherd,
    seen: &Seen<Engine>,
    memory: &mut Memory,
    rng: &mut GameRng,
) -> Action {
    let view = seen.view();
    let asked = view.asked.expect("asked to decide");
    if let (Decision::MoveTo(piece) | Decision::ShiftTo(piece), Some((turn, planned, plan))) =
        (asked, memory.plan.take())
        // A search may have picked another piece than the one this bot planned for when it
        // was asked for its choice to start from: a plan holds only for its piece and turn.
        && (turn, planned) == (view.public.turns, piece)
    {
        return plan;
    }
    let params = *bot;
    let r = Reckoning::new(&view, params);
    let (pick, plan) = match asked {
        Decision::Move => {
            let impatient = i32::from(memory.idle) >= params.patience;
            let (pick, plan) = r.best_move(impatient, None, rng);
            // With a drive, a move it made only because it was out of patience does not
            // restore it: a mouse shuffled to and fro would stall the game again.
            let progress = match (pick, plan) {
                (Action::Skip, _) => false,
                (_, Action::Enter { .. }) | (Action::Pick(Piece::Cat(_)), _) => true,
                _ => !impatient || params.drive == 0.0,
            };
            memory.idle = if progress {
                0
            } else {
                memory.idle.saturating_add(1)
            };
            (pick, plan)
        }
        Decision::Shift => r.best_shift(None, rng),
        Decision::Place(m) => return r.best_place(m),
        // No plan: a search playing the game out from between the two halves of a step. The
        // best place for the piece picked, or (for a piece it would never pick, cheese) the
        // first.
        Decision::MoveTo(piece) | Decision::ShiftTo(piece) => {
            let (_, to) = match asked {
                Decision::MoveTo(_) => r.best_move(false, Some(piece), rng),
                _ => r.best_shift(Some(piece), rng),
            };
            return if to == Action::Skip {
                seen.option(0)
            } else {
                to
            };
        }
    };
    memory.plan = match pick {
        Action::Pick(piece) => Some((view.public.turns, piece, plan)),
        _ => None,
    };
    pick
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_read_by_their_names() {
        // Each parameter a value of its own, so a swapped pair shows.
        let bot = crate::core::lineup::parse(
            "shepherd(spite=10,look=11,caution=12,block=13,patience=14,drive=15)",
            super::super::KINDS,
            &[],
        )
        .unwrap();
        let p = Shepherd::of(&bot);
        assert_eq!(
            (p.spite, p.look, p.caution, p.block, p.patience, p.drive),
            (0.1, 11.0, 0.12, 0.13, 14, 0.15)
        );
    }
}
