//! The rules of Mouse Chaos as a state machine paused at each decision: a turn's mouse or cat
//! move (the piece, then where), where a caught mouse goes, and the chair or cheese moved at the
//! end. The cheese holder is turned over by chance when a turn begins, and filled nests are
//! turned over without a decision. Seat 0 takes the first turn and owns nest 0 (the top-left);
//! the others follow clockwise.

use arrayvec::ArrayVec;

use super::config::{
    Look, MAX_CATS, MAX_CELLS, MAX_CHAIRS, MAX_CHEESE, MAX_HOLDERS, MAX_MICE, MAX_NEST, Mothers,
    NESTS, NONE, Rules, opposite,
};
use crate::core::game::{MAX_SEATS, MAX_VALUES, Outcome, Seat, next_seat};
use crate::core::play::{Decisions, Observe, Options, nth_of};
use crate::core::rng::{Dice, GameRng, deal, fresh, game_rng, shuffle};

pub use super::squares::Squares;

/// Where a mouse is: a square, or `IN_NEST + n` in nest `n`.
pub const IN_NEST: u8 = MAX_CELLS as u8;

/// Where a mouse can go this turn: squares it can stop on, squares it can stop on after
/// crossing cheese, and the same for nests (bit `n`).
#[derive(Clone, Copy, Default, Debug)]
pub struct Reach {
    /// Where the mouse stands.
    pub from: u8,
    pub plain: Squares,
    pub cheese: Squares,
    pub nests: u8,
    pub cheese_nests: u8,
}

impl Reach {
    pub fn is_empty(&self) -> bool {
        self.plain.is_empty() && self.cheese.is_empty() && self.nests | self.cheese_nests == 0
    }

    /// Each square it can stop on, in order, and whether it can stop there without a look and
    /// with one. Looking is a choice ("you may look"), so every square is an option without
    /// it, but the one the mouse stands on: going back there is a move only to look.
    pub fn squares(&self) -> impl Iterator<Item = (u8, bool, bool)> + '_ {
        let mut all = self.plain;
        all.or(&self.cheese);
        all.iter()
            .map(|to| (to, to != self.from, self.cheese.has(to)))
    }

    /// Each nest it can step into, in order, and whether it can with a look too.
    pub fn nest_ways(&self) -> impl Iterator<Item = (u8, bool)> + '_ {
        (0..NESTS as u8)
            .filter(|&nest| (self.nests | self.cheese_nests) >> nest & 1 == 1)
            .map(|nest| (nest, self.cheese_nests >> nest & 1 == 1))
    }

    /// Its options, in order: each square (not looking, then looking where it can), then each
    /// nest the same way.
    pub fn options(&self) -> impl Iterator<Item = Action> + '_ {
        let squares = self.squares().flat_map(|(to, plain, look)| {
            [
                plain.then_some(Action::Go { to, look: false }),
                look.then_some(Action::Go { to, look: true }),
            ]
        });
        let nests = self.nest_ways().flat_map(|(nest, look)| {
            [
                Some(Action::Enter { nest, look: false }),
                look.then_some(Action::Enter { nest, look: true }),
            ]
        });
        squares.chain(nests).flatten()
    }

    pub fn count(&self) -> usize {
        let mut all = self.plain;
        all.or(&self.cheese);
        let nests = (self.nests | self.cheese_nests).count_ones() + self.cheese_nests.count_ones();
        all.len() - usize::from(all.has(self.from)) + self.cheese.len() + nests as usize
    }
}

/// The pieces as sets of squares, and where they let a mouse step: kept with the position, as
/// the reach of every mouse and cat asks, the engine's and the bots' alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Walls {
    /// The squares a mouse may step from in each direction: no beam on the edge crossed, no
    /// cat on the square beyond.
    go: [Squares; 4],
    /// Each nest's mouseholes a mouse may leave through (no beam across, the nest not full),
    /// and all of them.
    holes: [Squares; NESTS],
    any_hole: Squares,
    mice: Squares,
    cats: Squares,
    cheese: Squares,
}

impl Walls {
    /// The squares with a mouse.
    pub fn mice(&self) -> &Squares {
        &self.mice
    }

    /// Where the squares of `layer` lead in one step.
    fn step<const W: usize>(&self, rules: &Rules, layer: &Squares<W>) -> Squares<W> {
        let w = rules.board.width as i32;
        let mut out = Squares::default();
        for (d, by) in [-w, 1, w, -1].into_iter().enumerate() {
            out.or(&layer.and(&self.go[d].narrowed()).shifted(by));
        }
        out
    }

    /// The nests a mouse on one of `layer` can step into.
    fn nests<const W: usize>(&self, layer: &Squares<W>) -> u8 {
        // Most walks pass no mousehole.
        if layer.and(&self.any_hole.narrowed()).is_empty() {
            return 0;
        }
        (0..NESTS).fold(0, |bits, n| {
            bits | u8::from(!layer.and(&self.holes[n].narrowed()).is_empty()) << n
        })
    }

    /// Where a cat on `from` can stop in up to `steps` steps: a cat crosses anything, and
    /// stops on floor, on a chair without a cat, or on a mouse (catching it unless a chair
    /// covers it). `steps` is a holder's number, so at most [`Rules::most_steps`]: the balls
    /// are built that far.
    pub fn cat_reach(&self, rules: &Rules, from: u8, steps: u8) -> Squares {
        let ball = &rules.cat_ball[usize::from(steps)][usize::from(from)];
        ball.without(&self.cats).without(&self.cheese)
    }

    /// Where a mouse on `from` can go in up to `steps` steps.
    pub fn mouse_reach(&self, rules: &Rules, from: u8, steps: u8) -> Reach {
        // The default room's 100 cells fit two words: the walk's every step costs half.
        if rules.board.cells.len() <= 128 {
            self.walk::<2>(rules, from, steps)
        } else {
            self.walk::<4>(rules, from, steps)
        }
    }

    /// [`Self::mouse_reach`] in the first `W` words of every set, which hold the room's
    /// cells: breadth first over (square, crossed cheese yet), so a walk may turn back on
    /// itself.
    fn walk<const W: usize>(&self, rules: &Rules, from: u8, steps: u8) -> Reach {
        let mut reach = Reach {
            from,
            ..Reach::default()
        };
        let (mut seen, mut seen_cheese) = (Squares::<W>::default(), Squares::default());
        seen.add(from);
        let (mut plain, mut cheese) = (seen, Squares::default());
        // The squares fewer than `steps` steps away, where a mouse can still step into a nest.
        let (mut inner, mut inner_cheese) = (Squares::default(), Squares::default());
        let all_cheese = self.cheese.narrowed();
        for _ in 0..steps {
            (inner, inner_cheese) = (seen, seen_cheese);
            let mut next_cheese = self.step(rules, &plain);
            plain = next_cheese.without(&all_cheese).without(&seen);
            next_cheese = next_cheese.and(&all_cheese);
            if !cheese.is_empty() {
                next_cheese.or(&self.step(rules, &cheese));
            }
            cheese = next_cheese.without(&seen_cheese);
            if plain.is_empty() && cheese.is_empty() {
                break;
            }
            seen.or(&plain);
            seen_cheese.or(&cheese);
        }
        reach.nests = self.nests(&inner);
        reach.cheese_nests = self.nests(&inner_cheese);
        seen.remove(from);
        // A walk ends on no other mouse and no cheese.
        let mut taken = self.mice.narrowed();
        taken.remove(from);
        taken.or(&all_cheese);
        reach.plain = seen.without(&taken).widened();
        reach.cheese = seen_cheese.without(&taken).widened();
        reach
    }
}

/// A piece a seat can move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Mouse(u8),
    Cat(u8),
    Chair(u8),
    Cheese(u8),
}

/// The decision a seat faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Step 2: which mouse or cat to move, or none.
    Move,
    /// Step 2: where the piece goes.
    MoveTo(Piece),
    /// A caught mouse: which free square it goes to.
    Place(u8),
    /// Step 3: which chair or piece of cheese to move, or none.
    Shift,
    /// Step 3: where it goes.
    ShiftTo(Piece),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move nothing in this step.
    Skip,
    Pick(Piece),
    /// A mouse, cat or piece of cheese to a square; `look`: a mouse crosses cheese on the way
    /// and its mover looks at its colour.
    Go {
        to: u8,
        look: bool,
    },
    /// A mouse through a mousehole into a nest.
    Enter {
        nest: u8,
        look: bool,
    },
    /// A caught mouse onto a square.
    Put(u8),
    /// A chair to a square, its front facing a way.
    Chair {
        to: u8,
        facing: u8,
    },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Ending {
    /// A mouse moved into a player's nest filled it with the player's colour.
    Nest,
    /// A nest filled with its colour when a wrong mouse was handed on from another nest.
    Chain,
    /// A non-player colour's nest filled with its colour: every player loses.
    NonPlayer,
    /// The turn cap.
    Capped,
}

/// The names `endings.csv` lists, in [`Ending`] order.
pub const ENDINGS: [&str; 4] = [
    "own_nest",
    "own_nest_by_chain",
    "non_player_nest",
    crate::core::game::CAPPED_ENDING,
];

/// Per-game events the shared layers and the report count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events {
    /// Mice looked at when crossing cheese.
    pub looks: u32,
    /// Mice caught by cats.
    pub catches: u32,
    /// Mice turned over in filled nests.
    pub turned: u32,
    /// Nests filled, and of those the fills that found a wrong colour.
    pub fills: u32,
    pub failed: u32,
    /// Fills caused by a mouse handed on from another nest.
    pub chained: u32,
    /// Mice moved into a nest.
    pub entries: u32,
    /// Chairs and pieces of cheese moved in step 3.
    pub chairs: u32,
    pub cheese: u32,
}

/// Everything on the table every seat can see.
#[derive(Clone)]
pub struct Public {
    /// Where each mouse is ([`IN_NEST`] + nest inside one).
    pub mouse: [u8; MAX_MICE],
    /// The mouse, cat, chair and cheese on each square, or [`NONE`].
    pub mouse_on: [u8; MAX_CELLS],
    pub cat_on: [u8; MAX_CELLS],
    pub chair_on: [u8; MAX_CELLS],
    pub cheese_on: [u8; MAX_CELLS],
    pub cat: [u8; MAX_CATS],
    /// Each chair's square and facing.
    pub chair: [(u8, u8); MAX_CHAIRS],
    pub cheese: [u8; MAX_CHEESE],
    /// Each nest's mice, in the order they came in (the mother first).
    pub nests: [ArrayVec<u8, MAX_NEST>; NESTS],
    /// The numbers of the cheese holders still on the table: every number is declared when
    /// drawn, so which are left is known to all.
    pub left: ArrayVec<u8, MAX_HOLDERS>,
    /// The number turned over this turn.
    pub roll: u8,
    pub seat: Seat,
    pub turns: u32,
    /// Mice every seat has seen the colour of (turned over in a nest, or shown to all).
    pub seen_by_all: u32,
    /// The mouse caught and waiting to be placed.
    pub caught: u8,
    pub events: Events,
    /// The square of the last look (the cheese crossed) and of the last catch.
    pub looked_at: u8,
    pub caught_at: u8,
}

/// What a seat sees.
pub struct View<'a> {
    pub rules: &'a Rules,
    pub public: &'a Public,
    pub me: Seat,
    pub asked: Option<Decision>,
    /// Each mouse's colour if this seat has seen it, else [`NONE`].
    pub colours: [u8; MAX_MICE],
    /// The public squares that stop a mover (the engine's kept walls, see `Public::walls`).
    pub walls: &'a Walls,
}

#[derive(Clone)]
pub struct Engine<'r> {
    pub rules: &'r Rules,
    public: Public,
    decision: Option<Decision>,
    colour: [u8; MAX_MICE],
    /// The mice each seat has seen the colour of itself (besides [`Public::seen_by_all`]).
    known: [u32; MAX_SEATS],
    rng: GameRng,
    ending: Option<Ending>,
    winners: u8,
    /// The step-2 pieces that can go somewhere this turn, and where the picked piece can go:
    /// worked out once when the decision begins, since listing options asks again and again.
    movers: ArrayVec<Piece, { MAX_MICE + MAX_CATS }>,
    dest: Dest,
    /// [`Public::walls`] at every decision that reads it (a step-2 move): mice update it as
    /// they move, and it is rebuilt when the movers are listed and after a cat moves. A chair
    /// or cheese move ends the turn, so it leaves the walls to the next turn's rebuild.
    walls: Walls,
}

impl Public {
    /// Whether a chair's beams on square `s` stop a mouse crossing its edge in direction `d`.
    fn beam(&self, rules: &Rules, s: u8, d: u8) -> bool {
        let c = self.chair_on[usize::from(s)];
        if c == NONE {
            return false;
        }
        rules.beams.across(self.chair[usize::from(c)].1, d)
    }

    /// The square a mouse on `s` reaches by one step in direction `d`, if it may take it.
    fn mouse_step(&self, rules: &Rules, s: u8, d: u8) -> Option<u8> {
        let t = rules.board.step[usize::from(s)][usize::from(d)];
        (t != NONE
            && self.cat_on[usize::from(t)] == NONE
            && !self.beam(rules, s, d)
            && !self.beam(rules, t, opposite(d)))
        .then_some(t)
    }

    /// The nest a mouse on `s` can step into, if `s` is a mousehole it may leave through.
    fn hole_exit(&self, rules: &Rules, s: u8) -> Option<u8> {
        let (nest, side) = rules.board.hole[usize::from(s)];
        (nest != NONE
            && !self.beam(rules, s, side)
            && self.nests[usize::from(nest)].len() < rules.nest_size)
            .then_some(nest)
    }

    /// The pieces as sets of squares, and what stops a walking mouse.
    pub fn walls(&self, rules: &Rules) -> Walls {
        let b = &rules.board;
        let mut w = Walls {
            go: rules.exits,
            holes: [Squares::default(); NESTS],
            any_hole: Squares::default(),
            mice: Squares::default(),
            cats: Squares::default(),
            cheese: Squares::default(),
        };
        for (n, holes) in w.holes.iter_mut().enumerate() {
            if self.nests[n].len() < rules.nest_size {
                *holes = rules.holes[n];
            }
        }
        for &(s, facing) in &self.chair[..b.chairs.len()] {
            for d in (0..4).filter(|&d| rules.beams.across(facing, d)) {
                // A beam stops steps across its edge either way.
                w.go[usize::from(d)].remove(s);
                let beyond = b.step[usize::from(s)][usize::from(d)];
                if beyond != NONE {
                    w.go[usize::from(opposite(d))].remove(beyond);
                }
            }
            let (nest, side) = b.hole[usize::from(s)];
            if nest != NONE && rules.beams.across(facing, side) {
                w.holes[usize::from(nest)].remove(s);
            }
        }
        for &s in &self.cat[..rules.cats] {
            w.cats.add(s);
            for (d, &beyond) in (0..4).zip(&b.step[usize::from(s)]) {
                if beyond != NONE {
                    w.go[usize::from(opposite(d))].remove(beyond);
                }
            }
        }
        for holes in &w.holes {
            w.any_hole.or(holes);
        }
        for &s in &self.cheese[..b.cheese.len()] {
            w.cheese.add(s);
        }
        for &s in self.mouse[..rules.mice].iter().filter(|&&s| s < IN_NEST) {
            w.mice.add(s);
        }
        w
    }

    /// Whether a mouse may be put on `s`: no other mouse, no cat on the floor or a chair, no
    /// cheese (a chair or the table above is shelter, not an obstacle).
    pub fn free_for_mouse(&self, s: u8) -> bool {
        let s = usize::from(s);
        self.mouse_on[s] == NONE && self.cat_on[s] == NONE && self.cheese_on[s] == NONE
    }

    /// Whether the mouse on `s` is sheltered from cats: under a chair or the table.
    pub fn sheltered(&self, rules: &Rules, s: u8) -> bool {
        self.chair_on[usize::from(s)] != NONE || rules.board.is_table(s)
    }

    /// Where a caught mouse may go: a free square under the table; if none, a free start
    /// space; if none, the free squares nearest the table.
    pub fn spill(&self, rules: &Rules) -> Squares {
        let b = &rules.board;
        let mut out = Squares::default();
        for s in b
            .squares()
            .filter(|&s| b.is_table(s) && self.free_for_mouse(s))
        {
            out.add(s);
        }
        if out.is_empty() {
            for &s in b.starts.iter().filter(|&&s| self.free_for_mouse(s)) {
                out.add(s);
            }
        }
        if out.is_empty() {
            let nearest = b
                .squares()
                .filter(|&s| self.free_for_mouse(s))
                .map(|s| b.from_table[usize::from(s)])
                .min()
                .expect("the map has room for every piece");
            for s in b.squares() {
                if self.free_for_mouse(s) && b.from_table[usize::from(s)] == nearest {
                    out.add(s);
                }
            }
        }
        out
    }

    /// Squares a chair may be put on: no table, other chair, cat or cheese there.
    fn chair_squares(&self, rules: &Rules, h: u8) -> impl Iterator<Item = u8> {
        let b = &rules.board;
        b.squares().filter(move |&s| {
            let i = usize::from(s);
            !b.is_table(s)
                && (self.chair_on[i] == NONE || self.chair_on[i] == h)
                && self.cat_on[i] == NONE
                && self.cheese_on[i] == NONE
        })
    }

    /// Every place chair `h` can go: each free square and facing, but where it stands now.
    pub fn chair_moves(&self, rules: &Rules, h: u8) -> impl Iterator<Item = Action> {
        let now = self.chair[usize::from(h)];
        self.chair_squares(rules, h).flat_map(move |to| {
            (0..4u8)
                .filter(move |&facing| (to, facing) != now)
                .map(move |facing| Action::Chair { to, facing })
        })
    }

    /// Every square a piece of cheese can go to: one with nothing on it, off the table.
    pub fn cheese_moves(&self, rules: &Rules) -> impl Iterator<Item = Action> {
        let b = &rules.board;
        b.squares()
            .filter(move |&s| {
                let i = usize::from(s);
                !b.is_table(s)
                    && self.chair_on[i] == NONE
                    && self.cat_on[i] == NONE
                    && self.mouse_on[i] == NONE
                    && self.cheese_on[i] == NONE
            })
            .map(|to| Action::Go { to, look: false })
    }

    /// The mice on the board (not in a nest, nor caught and waiting to be placed).
    pub fn mice_on_board(&self, rules: &Rules) -> impl Iterator<Item = u8> {
        (0..rules.mice as u8).filter(|&m| self.mouse[usize::from(m)] < IN_NEST)
    }
}

impl<'r> Engine<'r> {
    /// The game of `seed`: colours dealt, seat 0's cheese holder turned over.
    pub fn new(rules: &'r Rules, seed: u64) -> Self {
        let mut rng = game_rng(seed);
        let b = &rules.board;
        let mut colour = [NONE; MAX_MICE];
        for (m, c) in colour.iter_mut().take(rules.mice).enumerate() {
            *c = (m / rules.mice_per_colour) as u8;
        }
        match rules.mothers {
            Mothers::Shuffled => shuffle(&mut colour[..rules.mice], &mut rng),
            Mothers::OwnColour => {
                // Mother `n` takes one of colour `n`'s mice; the rest shuffle.
                let mut small: ArrayVec<u8, MAX_MICE> = ArrayVec::new();
                for c in 0..NESTS as u8 {
                    small.extend(std::iter::repeat_n(c, rules.mice_per_colour - 1));
                }
                shuffle(&mut small, &mut rng);
                for (n, c) in colour.iter_mut().take(NESTS).enumerate() {
                    *c = n as u8;
                }
                colour[NESTS..rules.mice].copy_from_slice(&small);
            }
        }
        let mut p = Public {
            mouse: [NONE; MAX_MICE],
            mouse_on: [NONE; MAX_CELLS],
            cat_on: [NONE; MAX_CELLS],
            chair_on: [NONE; MAX_CELLS],
            cheese_on: [NONE; MAX_CELLS],
            cat: [NONE; MAX_CATS],
            chair: [(NONE, 0); MAX_CHAIRS],
            cheese: [NONE; MAX_CHEESE],
            nests: Default::default(),
            left: ArrayVec::new(),
            roll: 0,
            seat: 0,
            turns: 0,
            seen_by_all: 0,
            caught: NONE,
            events: Events::default(),
            looked_at: NONE,
            caught_at: NONE,
        };
        for n in 0..NESTS {
            p.nests[n].push(n as u8);
            p.mouse[n] = IN_NEST + n as u8;
            if rules.mothers == Mothers::OwnColour {
                // The rule tells every seat her colour.
                p.seen_by_all |= 1 << n;
            }
        }
        for (i, &s) in b.starts.iter().enumerate() {
            let m = (NESTS + i) as u8;
            p.mouse[usize::from(m)] = s;
            p.mouse_on[usize::from(s)] = m;
        }
        let cats = b.chairs.iter().filter(|c| c.cat).map(|c| c.at);
        for (k, s) in cats.chain(b.cats.iter().copied()).enumerate() {
            p.cat[k] = s;
            p.cat_on[usize::from(s)] = k as u8;
        }
        for (h, c) in b.chairs.iter().enumerate() {
            p.chair[h] = (c.at, c.facing);
            p.chair_on[usize::from(c.at)] = h as u8;
        }
        for (k, &s) in b.cheese.iter().enumerate() {
            p.cheese[k] = s;
            p.cheese_on[usize::from(s)] = k as u8;
        }
        let mut game = Self {
            rules,
            public: p,
            decision: None,
            colour,
            known: [0; MAX_SEATS],
            rng,
            ending: None,
            winners: 0,
            movers: ArrayVec::new(),
            dest: Dest::Cheese,
            walls: Walls::default(),
        };
        game.begin_turn();
        game
    }

    pub fn public(&self) -> &Public {
        &self.public
    }

    pub fn decision(&self) -> Option<Decision> {
        self.decision
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The colour of mouse `m` (for tallies and tests: a seat learns colours through its view).
    pub fn colour(&self, m: u8) -> u8 {
        self.colour[usize::from(m)]
    }

    fn cats(&self) -> u8 {
        self.rules.cats as u8
    }

    fn chairs(&self) -> u8 {
        self.rules.board.chairs.len() as u8
    }

    fn cheeses(&self) -> u8 {
        self.rules.board.cheese.len() as u8
    }

    /// Step 2.1: turn over a cheese holder, gathering and shuffling all of them first when one
    /// is left.
    fn begin_turn(&mut self) {
        let p = &mut self.public;
        if p.left.len() <= 1 {
            p.left.clear();
            p.left.extend(self.rules.holders.iter().copied());
        }
        let k = self.rng.below(p.left.len() as u32) as usize;
        p.roll = p.left.swap_remove(k);
        self.decision = Some(Decision::Move);
        self.list_movers();
    }

    /// Where cat `c` can stop in up to `steps` steps.
    pub fn cat_reach(&self, c: u8, steps: u8) -> Squares {
        let from = self.public.cat[usize::from(c)];
        self.walls.cat_reach(self.rules, from, steps)
    }

    /// Where mouse `m` can go in up to `steps` steps.
    pub fn mouse_reach(&self, m: u8, steps: u8) -> Reach {
        let from = self.public.mouse[usize::from(m)];
        self.walls.mouse_reach(self.rules, from, steps)
    }

    /// Whether mouse `m` can go anywhere this turn: most can stop on a square next to them,
    /// which spares the search, and one that cannot take a step at all (boxed in by cats and
    /// beams) goes nowhere but through its mousehole.
    fn mouse_can_move(&self, m: u8) -> bool {
        let (p, rules) = (&self.public, self.rules);
        let from = p.mouse[usize::from(m)];
        let mut boxed = true;
        for d in (0..4).filter(|&d| self.walls.go[d].has(from)) {
            let t = usize::from(rules.board.step[usize::from(from)][d]);
            if p.mouse_on[t] == NONE && p.cheese_on[t] == NONE {
                return true;
            }
            boxed = false;
        }
        p.roll > 0 && p.hole_exit(rules, from).is_some()
            || !boxed && !self.mouse_reach(m, p.roll).is_empty()
    }

    /// Lists the step-2 pieces that can go somewhere, from walls rebuilt for the turn.
    fn list_movers(&mut self) {
        self.walls = self.public.walls(self.rules);
        let movers: ArrayVec<Piece, { MAX_MICE + MAX_CATS }> = self.movers_now().collect();
        self.movers = movers;
    }

    fn end_turn(&mut self) {
        let p = &mut self.public;
        p.turns += 1;
        if p.turns >= self.rules.max_turns {
            self.ending = Some(Ending::Capped);
            self.decision = None;
            return;
        }
        p.seat = next_seat(p.seat, self.rules.players);
        self.begin_turn();
    }

    /// The step-2 pieces that can go somewhere this turn.
    fn movers_now(&self) -> impl Iterator<Item = Piece> + use<'_, 'r> {
        let (p, rules) = (&self.public, self.rules);
        let mice = p
            .mice_on_board(rules)
            .filter(move |&m| self.mouse_can_move(m))
            .map(Piece::Mouse);
        let cats = (0..self.cats())
            .filter(move |&c| !self.cat_reach(c, p.roll).is_empty())
            .map(Piece::Cat);
        mice.chain(cats)
    }

    /// The step-3 pieces: chairs without a cat on them, and the cheese.
    fn shifters(&self) -> impl Iterator<Item = Piece> + '_ {
        let p = &self.public;
        let chairs = (0..self.chairs())
            .filter(move |&h| p.cat_on[usize::from(p.chair[usize::from(h)].0)] == NONE)
            .map(Piece::Chair);
        // Cheese is offered only when some square is free for it (a crowded room may have none).
        let room = p.cheese_moves(self.rules).next().is_some();
        let cheese = if room { self.cheeses() } else { 0 };
        chairs.chain((0..cheese).map(Piece::Cheese))
    }

    /// A seat sees mouse `m`'s colour: the mover alone or everyone, as `look` says.
    fn reveal(&mut self, m: u8, look: Look) {
        match look {
            Look::Mover => self.known[self.public.seat] |= 1 << m,
            Look::Everyone => self.public.seen_by_all |= 1 << m,
        }
    }

    /// Orthogonal steps a mouse could take from `from` to every square within `steps`, by the
    /// mouse's rules of movement.
    fn mouse_steps(&self, from: &[u8], steps: u8) -> [u8; MAX_CELLS] {
        let mut d = [NONE; MAX_CELLS];
        let mut layer = Squares::default();
        for &s in from {
            d[usize::from(s)] = 0;
            layer.add(s);
        }
        for k in 1..=steps {
            let mut next = Squares::default();
            for s in layer.iter() {
                for dir in 0..4 {
                    if let Some(t) = self.public.mouse_step(self.rules, s, dir)
                        && d[usize::from(t)] == NONE
                    {
                        d[usize::from(t)] = k;
                        next.add(t);
                    }
                }
            }
            layer = next;
        }
        d
    }

    /// The cheese a mouse crossed on a walk from `from` to one of `to` (`extra` steps beyond:
    /// one into a nest), for the heat map: the first piece, in the map's order, that some walk
    /// of the roll's length crosses (the move names the destination, not the path).
    fn cheese_crossed(&self, from: u8, to: &[u8], extra: u8) -> u8 {
        let roll = self.public.roll;
        let (a, b) = (self.mouse_steps(&[from], roll), self.mouse_steps(to, roll));
        self.public.cheese[..usize::from(self.cheeses())]
            .iter()
            .copied()
            .find(|&k| {
                let (x, y) = (a[usize::from(k)], b[usize::from(k)]);
                x != NONE
                    && y != NONE
                    && u32::from(x) + u32::from(y) + u32::from(extra) <= u32::from(roll)
            })
            .expect("a look crossed cheese")
    }

    fn take_mouse_off(&mut self, m: u8) {
        let at = self.public.mouse[usize::from(m)];
        self.public.mouse_on[usize::from(at)] = NONE;
        self.public.mouse[usize::from(m)] = NONE;
        self.walls.mice.remove(at);
    }

    fn put_mouse(&mut self, m: u8, s: u8) {
        self.public.mouse[usize::from(m)] = s;
        self.public.mouse_on[usize::from(s)] = m;
        self.walls.mice.add(s);
    }

    /// Section 3: nest `n` has filled. Its mice are turned over one by one, oldest first; the
    /// first of a wrong colour goes to its colour's nest, which may fill in turn.
    fn settle(&mut self, mut n: u8) {
        let mut handed = false;
        while self.public.nests[usize::from(n)].len() == self.rules.nest_size {
            let p = &mut self.public;
            p.events.fills += 1;
            if handed {
                p.events.chained += 1;
            }
            let nest = p.nests[usize::from(n)].clone();
            let wrong = nest.iter().position(|&m| {
                p.seen_by_all |= 1 << m;
                p.events.turned += 1;
                self.colour[usize::from(m)] != n
            });
            let Some(i) = wrong else {
                // The turn a nest wins in is a turn played, as a capped game's last one is.
                p.turns += 1;
                let owner = self.rules.owner[usize::from(n)];
                self.ending = Some(if owner == NONE {
                    Ending::NonPlayer
                } else if handed {
                    Ending::Chain
                } else {
                    Ending::Nest
                });
                self.winners = if owner == NONE { 0 } else { 1 << owner };
                self.decision = None;
                return;
            };
            p.events.failed += 1;
            let m = p.nests[usize::from(n)].remove(i);
            let to = self.colour[usize::from(m)];
            debug_assert!(p.nests[usize::from(to)].len() < self.rules.nest_size);
            p.nests[usize::from(to)].push(m);
            p.mouse[usize::from(m)] = IN_NEST + to;
            n = to;
            handed = true;
        }
    }

    /// Applies `action` to the decision now and plays on to the next one.
    pub fn play(&mut self, action: Action) {
        let decision = self.decision.expect("a decision to take");
        let rules = self.rules;
        match (decision, action) {
            (Decision::Move, Action::Skip) => self.decision = Some(Decision::Shift),
            (Decision::Move, Action::Pick(piece)) => {
                self.dest = self.destinations(piece);
                self.decision = Some(Decision::MoveTo(piece));
            }
            (Decision::MoveTo(Piece::Mouse(m)), Action::Go { to, look }) => {
                let from = self.public.mouse[usize::from(m)];
                if look {
                    self.looked(m, from, &[to], 0);
                }
                self.take_mouse_off(m);
                self.put_mouse(m, to);
                self.decision = Some(Decision::Shift);
            }
            (Decision::MoveTo(Piece::Mouse(m)), Action::Enter { nest, look }) => {
                let from = self.public.mouse[usize::from(m)];
                if look {
                    let holes: ArrayVec<u8, MAX_CELLS> = rules
                        .board
                        .squares()
                        .filter(|&s| {
                            self.public.hole_exit(rules, s) == Some(nest)
                                && self.public.cat_on[usize::from(s)] == NONE
                        })
                        .collect();
                    self.looked(m, from, &holes, 1);
                }
                self.take_mouse_off(m);
                self.public.nests[usize::from(nest)].push(m);
                self.public.mouse[usize::from(m)] = IN_NEST + nest;
                self.public.events.entries += 1;
                self.decision = Some(Decision::Shift);
                self.settle(nest);
            }
            (Decision::MoveTo(Piece::Cat(c)), Action::Go { to, .. }) => {
                let p = &mut self.public;
                relocate(&mut p.cat, &mut p.cat_on, c, to);
                let m = p.mouse_on[usize::from(to)];
                if m != NONE && p.chair_on[usize::from(to)] == NONE {
                    p.events.catches += 1;
                    p.caught_at = to;
                    p.caught = m;
                    self.take_mouse_off(m);
                    self.reveal(m, rules.catch_look);
                    self.decision = Some(Decision::Place(m));
                } else {
                    self.decision = Some(Decision::Shift);
                }
                // A cat moved changes where mice may step and cats stop.
                self.walls = self.public.walls(rules);
            }
            (Decision::Place(m), Action::Put(to)) => {
                self.put_mouse(m, to);
                self.public.caught = NONE;
                self.decision = Some(Decision::Shift);
            }
            (Decision::Shift, Action::Skip) => self.end_turn(),
            (Decision::Shift, Action::Pick(piece)) => {
                self.dest = self.destinations(piece);
                self.decision = Some(Decision::ShiftTo(piece));
            }
            (Decision::ShiftTo(Piece::Chair(h)), Action::Chair { to, facing }) => {
                let p = &mut self.public;
                let (from, _) = p.chair[usize::from(h)];
                p.chair_on[usize::from(from)] = NONE;
                p.chair[usize::from(h)] = (to, facing);
                p.chair_on[usize::from(to)] = h;
                p.events.chairs += 1;
                self.end_turn();
            }
            (Decision::ShiftTo(Piece::Cheese(k)), Action::Go { to, .. }) => {
                let p = &mut self.public;
                relocate(&mut p.cheese, &mut p.cheese_on, k, to);
                p.events.cheese += 1;
                self.end_turn();
            }
            _ => panic!("{action:?} is no option at {decision:?}"),
        }
    }

    /// The mover looks at mouse `m`, which crossed cheese between `from` and one of `to`
    /// (`extra` steps beyond it: one into a nest).
    fn looked(&mut self, m: u8, from: u8, to: &[u8], extra: u8) {
        let at = self.cheese_crossed(from, to, extra);
        self.public.events.looks += 1;
        self.public.looked_at = at;
        self.reveal(m, self.rules.cheese_look);
    }

    /// The mice `seat` knows the colour of.
    pub fn known(&self, seat: Seat) -> u32 {
        self.known[seat] | self.public.seen_by_all
    }

    fn destinations(&self, piece: Piece) -> Dest {
        let roll = self.public.roll;
        match piece {
            Piece::Mouse(m) => Dest::Mouse(self.mouse_reach(m, roll)),
            Piece::Cat(c) => Dest::Squares(self.cat_reach(c, roll)),
            Piece::Chair(h) => Dest::Chair(h),
            Piece::Cheese(_) => Dest::Cheese,
        }
    }
}

/// Where a picked piece can go.
#[derive(Clone, Copy)]
enum Dest {
    Mouse(Reach),
    Squares(Squares),
    Chair(u8),
    Cheese,
}

/// Moves piece `k` to square `to`: `at` holds each piece's square of its kind, `on` each
/// square's piece of that kind.
#[inline]
fn relocate(at: &mut [u8], on: &mut [u8], k: u8, to: u8) {
    on[usize::from(at[usize::from(k)])] = NONE;
    at[usize::from(k)] = to;
    on[usize::from(to)] = k;
}

impl<'r> Decisions for Engine<'r> {
    type Action = Action;

    fn to_move(&self) -> Option<Seat> {
        self.decision.map(|_| self.public.seat)
    }

    fn option_count(&self) -> usize {
        let (p, rules) = (&self.public, self.rules);
        match self.decision {
            None => 0,
            Some(Decision::Move) => 1 + self.movers.len(),
            Some(Decision::Shift) => 1 + self.shifters().count(),
            Some(Decision::Place(_)) => p.spill(rules).len(),
            Some(Decision::MoveTo(_) | Decision::ShiftTo(_)) => match self.dest {
                Dest::Mouse(r) => r.count(),
                Dest::Squares(s) => s.len(),
                Dest::Chair(h) => p.chair_moves(rules, h).count(),
                Dest::Cheese => p.cheese_moves(rules).count(),
            },
        }
    }

    fn option(&self, k: usize) -> Action {
        let (p, rules) = (&self.public, self.rules);
        match self.decision.expect("a seat is to move") {
            Decision::Move => match k {
                0 => Action::Skip,
                _ => Action::Pick(self.movers[k - 1]),
            },
            Decision::Shift => match k {
                0 => Action::Skip,
                _ => Action::Pick(nth_of(self.shifters(), k - 1)),
            },
            Decision::Place(_) => Action::Put(nth_of(p.spill(rules).iter(), k)),
            Decision::MoveTo(_) | Decision::ShiftTo(_) => match self.dest {
                Dest::Mouse(r) => nth_of(r.options(), k),
                Dest::Squares(s) => nth_of(s.iter().map(|to| Action::Go { to, look: false }), k),
                Dest::Chair(h) => nth_of(p.chair_moves(rules, h), k),
                Dest::Cheese => nth_of(p.cheese_moves(rules), k),
            },
        }
    }

    /// Listed in one pass (the default asks for each option by number, walking the list
    /// again each time).
    fn options(&self, out: &mut Options<Action>) {
        let (p, rules) = (&self.public, self.rules);
        match self.decision {
            None => {}
            Some(Decision::Move) => {
                out.push(Action::Skip);
                out.extend(self.movers.iter().copied().map(Action::Pick));
            }
            Some(Decision::Shift) => {
                out.push(Action::Skip);
                out.extend(self.shifters().map(Action::Pick));
            }
            Some(Decision::Place(_)) => out.extend(p.spill(rules).iter().map(Action::Put)),
            Some(Decision::MoveTo(_) | Decision::ShiftTo(_)) => match self.dest {
                Dest::Mouse(r) => out.extend(r.options()),
                Dest::Squares(s) => out.extend(s.iter().map(|to| Action::Go { to, look: false })),
                Dest::Chair(h) => out.extend(p.chair_moves(rules, h)),
                Dest::Cheese => out.extend(p.cheese_moves(rules)),
            },
        }
    }

    fn apply(&mut self, action: Action) {
        self.play(action);
    }

    /// A game consistent with everything `seat` has seen: the colours of the mice it has not
    /// seen dealt anew among themselves, and a new generator for the cheese holders still to
    /// come. Which mice the others have seen is public; what they saw is dealt anew with the
    /// colours.
    fn sample(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut game = self.clone();
        let known = self.known(seat);
        let mut unseen: ArrayVec<u8, MAX_MICE> = ArrayVec::new();
        for m in (0..self.rules.mice).filter(|&m| known >> m & 1 == 0) {
            unseen.push(self.colour[m]);
        }
        deal(&mut unseen, rng);
        for m in (0..self.rules.mice).filter(|&m| known >> m & 1 == 0) {
            game.colour[m] = unseen.pop().expect("a colour for every unseen mouse");
        }
        game.rng = fresh(rng);
        game
    }

    fn outcome(&self) -> Outcome {
        let ending = self.ending.expect("the game is over");
        let mut scores = [0; MAX_SEATS];
        for (s, score) in scores.iter_mut().enumerate().take(self.rules.players) {
            let n = self.rules.nest_of[s];
            *score = self.public.nests[usize::from(n)]
                .iter()
                .filter(|&&m| self.colour[usize::from(m)] == n)
                .count() as i32;
        }
        let e = &self.public.events;
        let mut values = [0u32; MAX_VALUES];
        values[..4].copy_from_slice(&[e.looks, e.catches, e.turned, e.failed]);
        Outcome {
            turns: self.public.turns,
            capped: ending == Ending::Capped,
            scores,
            winners: self.winners,
            ending: Some(ending as u8),
            values,
        }
    }

    /// A rough reckoning, not tuned: a nest's chance grows with the mice of its colour in it
    /// (twice) and in other nests, which a fill there hands on; a non-player nest's chance goes
    /// to no seat.
    fn standing(&self) -> Option<[f32; MAX_SEATS]> {
        let mut weight = [1.0f32; NESTS];
        for (n, nest) in self.public.nests.iter().enumerate() {
            for &m in nest {
                let c = usize::from(self.colour[usize::from(m)]);
                weight[c] += if c == n { 2.0 } else { 1.0 };
            }
        }
        let total: f32 = weight.iter().sum();
        let mut chances = [0.0; MAX_SEATS];
        for (s, chance) in chances.iter_mut().enumerate().take(self.rules.players) {
            *chance = weight[usize::from(self.rules.nest_of[s])] / total;
        }
        Some(chances)
    }
}

impl<'a, 'r> Observe<'a> for Engine<'r> {
    type View = View<'a>;

    fn view(&'a self, seat: Seat) -> View<'a> {
        let known = self.known(seat);
        let mut colours = [NONE; MAX_MICE];
        for (m, c) in colours.iter_mut().enumerate().take(self.rules.mice) {
            if known >> m & 1 == 1 {
                *c = self.colour[m];
            }
        }
        View {
            rules: self.rules,
            public: &self.public,
            me: seat,
            asked: self.decision.filter(|_| self.public.seat == seat),
            colours,
            walls: &self.walls,
        }
    }
}

impl Engine<'_> {
    /// Panics unless every piece is in exactly one place and the boards of who is where agree.
    #[cfg(test)]
    pub fn assert_pieces(&self) {
        let (p, rules) = (&self.public, self.rules);
        let mut in_nests = 0;
        for (n, nest) in p.nests.iter().enumerate() {
            assert!(
                nest.len() < rules.nest_size || self.ending.is_some(),
                "nest {n} full"
            );
            for &m in nest {
                assert_eq!(p.mouse[usize::from(m)], IN_NEST + n as u8);
            }
            in_nests += nest.len();
        }
        let mut on_board = 0;
        for m in 0..rules.mice as u8 {
            let at = p.mouse[usize::from(m)];
            if at < IN_NEST {
                on_board += 1;
                assert_eq!(p.mouse_on[usize::from(at)], m, "mouse {m}");
                assert!(rules.board.is_square(at));
                assert_eq!(p.cheese_on[usize::from(at)], NONE, "mouse {m} on cheese");
                let cat = p.cat_on[usize::from(at)];
                assert!(
                    cat == NONE || p.chair_on[usize::from(at)] != NONE,
                    "mouse {m} under a cat"
                );
            } else if at == NONE {
                assert_eq!(p.caught, m, "only a caught mouse is off the board");
                on_board += 1;
            }
        }
        assert_eq!(in_nests + on_board, rules.mice);
        assert_eq!(
            p.mouse_on.iter().filter(|&&m| m != NONE).count() + usize::from(p.caught != NONE),
            on_board
        );
        for c in 0..self.cats() {
            let at = p.cat[usize::from(c)];
            assert_eq!(p.cat_on[usize::from(at)], c);
            assert!(!rules.board.is_table(at), "cat {c} on the table");
            assert_eq!(p.cheese_on[usize::from(at)], NONE);
        }
        assert_eq!(
            p.cat_on.iter().filter(|&&c| c != NONE).count(),
            usize::from(self.cats())
        );
        for h in 0..self.chairs() {
            let (at, _) = p.chair[usize::from(h)];
            assert_eq!(p.chair_on[usize::from(at)], h);
            assert!(!rules.board.is_table(at));
        }
        assert_eq!(
            p.chair_on.iter().filter(|&&c| c != NONE).count(),
            usize::from(self.chairs())
        );
        for k in 0..self.cheeses() {
            let at = p.cheese[usize::from(k)];
            assert_eq!(p.cheese_on[usize::from(at)], k);
            assert_eq!(p.chair_on[usize::from(at)], NONE);
            assert!(!rules.board.is_table(at));
        }
        assert_eq!(
            p.cheese_on.iter().filter(|&&c| c != NONE).count(),
            usize::from(self.cheeses())
        );
        let mut colours = [0usize; NESTS];
        for m in 0..rules.mice {
            colours[usize::from(self.colour[m])] += 1;
        }
        assert_eq!(colours, [rules.mice_per_colour; NESTS]);
    }
}

/// Hand-arranged positions for rule-step tests: pieces moved where a test wants them, and the
/// pieces that can move listed again.
#[cfg(test)]
impl Engine<'_> {
    /// Mouse `m` onto square `to` (off the board or out of a nest first).
    pub fn put(&mut self, m: u8, to: u8) {
        let at = self.public.mouse[usize::from(m)];
        if at >= IN_NEST && at != NONE {
            self.public.nests[usize::from(at - IN_NEST)].retain(|x| *x != m);
        } else if at != NONE {
            self.public.mouse_on[usize::from(at)] = NONE;
        }
        self.put_mouse(m, to);
        self.list_movers();
    }

    /// Mouse `m` into nest `n`, last in.
    pub fn nest(&mut self, m: u8, n: u8) {
        let at = self.public.mouse[usize::from(m)];
        if at < IN_NEST {
            self.public.mouse_on[usize::from(at)] = NONE;
        } else {
            self.public.nests[usize::from(at - IN_NEST)].retain(|x| *x != m);
        }
        self.public.nests[usize::from(n)].push(m);
        self.public.mouse[usize::from(m)] = IN_NEST + n;
        self.list_movers();
    }

    pub fn set_roll(&mut self, roll: u8) {
        self.public.roll = roll;
        self.list_movers();
    }

    /// Chair `h` onto square `to`, facing `facing`.
    pub fn put_chair(&mut self, h: u8, to: u8, facing: u8) {
        let p = &mut self.public;
        p.chair_on[usize::from(p.chair[usize::from(h)].0)] = NONE;
        p.chair[usize::from(h)] = (to, facing);
        p.chair_on[usize::from(to)] = h;
        self.list_movers();
    }

    /// Cat `c` onto square `to`.
    pub fn put_cat(&mut self, c: u8, to: u8) {
        let p = &mut self.public;
        p.cat_on[usize::from(p.cat[usize::from(c)])] = NONE;
        p.cat[usize::from(c)] = to;
        p.cat_on[usize::from(to)] = c;
        self.list_movers();
    }
}

#[cfg(test)]
impl Engine<'_> {
    /// Sets every mouse's colour, `colours[m]` for mouse `m`.
    pub fn set_colours(&mut self, colours: &[u8]) {
        self.colour[..colours.len()].copy_from_slice(colours);
    }
}

/// The walk by sets of squares ([`Walls::mouse_reach`]) against the rules stepped one square at
/// a time ([`Public::mouse_step`], [`Public::hole_exit`]): the movement rules live in both, and
/// this holds them together.
#[cfg(test)]
mod walk_tests {
    use super::*;
    use crate::core::play::{Decisions, Table};
    use crate::games::mouse_chaos::tests::rules_with;

    /// Where the mouse on `from` can go in up to `steps` steps, one square at a time.
    fn reach_by_steps(p: &Public, rules: &Rules, from: u8, steps: u8) -> Reach {
        let mut reach = Reach {
            from,
            ..Reach::default()
        };
        let (mut seen, mut seen_cheese) = (Squares::default(), Squares::default());
        seen.add(from);
        let (mut plain, mut cheese) = (seen, Squares::default());
        for _ in 0..steps {
            let (mut next, mut next_cheese) = (Squares::default(), Squares::default());
            for (layer, crossed) in [(plain, false), (cheese, true)] {
                for s in layer.iter() {
                    if let Some(n) = p.hole_exit(rules, s) {
                        *if crossed {
                            &mut reach.cheese_nests
                        } else {
                            &mut reach.nests
                        } |= 1 << n;
                    }
                    for t in (0..4).filter_map(|d| p.mouse_step(rules, s, d)) {
                        if crossed || p.cheese_on[usize::from(t)] != NONE {
                            next_cheese.add(t);
                        } else {
                            next.add(t);
                        }
                    }
                }
            }
            plain = next.without(&seen);
            cheese = next_cheese.without(&seen_cheese);
            seen.or(&plain);
            seen_cheese.or(&cheese);
        }
        seen.remove(from);
        let m = p.mouse_on[usize::from(from)];
        let can_end = |s: u8| {
            let s = usize::from(s);
            (p.mouse_on[s] == NONE || p.mouse_on[s] == m) && p.cheese_on[s] == NONE
        };
        for s in seen.iter().filter(|&s| can_end(s)) {
            reach.plain.add(s);
        }
        for s in seen_cheese.iter().filter(|&s| can_end(s)) {
            reach.cheese.add(s);
        }
        reach
    }

    fn fields(r: Reach) -> (Squares, Squares, u8, u8) {
        (r.plain, r.cheese, r.nests, r.cheese_nests)
    }

    /// At every decision of many games, under each chair reading, every mouse on the board
    /// reaches the same squares and nests both ways, for every roll a holder can show; and the
    /// walls the engine keeps move by move are the position's.
    #[test]
    fn the_walk_by_sets_of_squares_is_the_walk_step_by_step() {
        let mut compared = 0;
        for (players, beams) in [(4, "back_and_sides"), (3, "back"), (2, "sides")] {
            let rules = rules_with(&[&format!("rules.chair_beams=\"{beams}\"")], players);
            let lineup = vec![
                super::super::Agent::of(&crate::core::lineup::Bot::new(
                    &super::super::bots::SHEPHERD
                ));
                players
            ];
            for seed in 0..4 {
                let mut table: Table<Engine, crate::games::mouse_chaos::bots::Memory> =
                    Table::new(Engine::new(&rules, seed), seed);
                while let Some(action) = table.decide(&lineup) {
                    let p = &table.game.public;
                    // The engine's walls, kept up to date move by move, are the position's.
                    let walls = table.game.walls;
                    assert_eq!(walls, p.walls(&rules), "{beams}, seed {seed}");
                    for m in p.mice_on_board(&rules) {
                        let from = p.mouse[usize::from(m)];
                        for steps in 1..=rules.most_steps() {
                            let by_steps = fields(reach_by_steps(p, &rules, from, steps));
                            let at = format!("{beams}, seed {seed}, mouse {m} on {from}");
                            // The room fits two words: the walk in all four, as a larger room's
                            // goes, must find the same.
                            for walked in [
                                walls.mouse_reach(&rules, from, steps),
                                walls.walk::<4>(&rules, from, steps),
                            ] {
                                assert_eq!(fields(walked), by_steps, "{at}, {steps} steps");
                            }
                            compared += 1;
                        }
                    }
                    table.game.apply(action);
                }
            }
        }
        assert!(compared > 10_000, "{compared} walks compared");
    }
}
