//! The config of Mouse Chaos: the rules and their switches, and the room drawn as a map of
//! characters — parsed, validated with the line and column of every problem, and compiled into
//! the fixed tables the engine moves pieces on.

use serde::Deserialize;

use super::squares::Squares;
use crate::io::config::{Invalid, Problems, length, range};

/// Nests, and so colours: the rulebook's four corners, one colour each. Colour `c` is nest `c`'s.
pub const NESTS: usize = 4;
/// Most cells of a map (squares and nest spaces): a square is a `u8`, with room for the
/// [`Place`] of a mouse in a nest above it.
pub const MAX_CELLS: usize = 240;
/// Most map rows and columns.
pub const MAX_SIDE: usize = 16;
/// Most mice: a seat's knowledge of them is one `u32` bit set.
pub const MAX_MICE: usize = 32;
/// Most cats, chairs and pieces of cheese on a map (the rulebook has four of each at most).
pub const MAX_CATS: usize = 8;
pub const MAX_CHAIRS: usize = 16;
pub const MAX_CHEESE: usize = 8;
/// Most cheese holders (the rulebook has six).
pub const MAX_HOLDERS: usize = 12;
/// Most mice a nest holds: a nest fills at `nest_size`, at most this.
pub const MAX_NEST: usize = 8;
/// No square: the neighbour past the room's edge, the cat a square lacks.
pub const NONE: u8 = u8::MAX;

/// The four directions a piece steps in and a chair faces, clockwise from up.
pub const UP: u8 = 0;
pub const RIGHT: u8 = 1;
pub const DOWN: u8 = 2;
pub const LEFT: u8 = 3;
pub const DIRECTIONS: [&str; 4] = ["up", "right", "down", "left"];

pub fn opposite(d: u8) -> u8 {
    (d + 2) & 3
}

crate::io::config::raw_config! {
    pub struct RawConfig {
        pub rules: RawRules,
        pub board: RawBoard,
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    pub players: usize,
    pub holders: Vec<u8>,
    pub mice_per_colour: usize,
    pub nest_size: usize,
    pub mothers: Mothers,
    pub chair_beams: Beams,
    pub cheese_look: Look,
    pub catch_look: Look,
    pub max_turns: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBoard {
    pub squares: usize,
    pub map: String,
}

/// What a nest's mother mouse is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mothers {
    /// Shuffled with the small mice: any colour, hidden, and one of the mice that fill her nest.
    Shuffled,
    /// Always her nest's colour (hidden all the same), and one of the mice that fill it.
    OwnColour,
}

/// Which edges of a chair's square mice cannot cross (the beams between its legs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Beams {
    /// Every edge but the open front.
    BackAndSides,
    /// The back edge only.
    Back,
    /// The two side edges.
    Sides,
}

impl Beams {
    /// Whether a chair facing `facing` has a beam on its square's edge in direction `d`.
    pub fn across(self, facing: u8, d: u8) -> bool {
        match self {
            Beams::BackAndSides => d != facing,
            Beams::Back => d == opposite(facing),
            Beams::Sides => d != facing && d != opposite(facing),
        }
    }
}

/// Who sees a mouse's colour when it is looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Look {
    /// The player whose move it is.
    Mover,
    /// Every player.
    Everyone,
}

/// One cell of the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tile {
    /// Not part of the room (a cell past a short row never is: rows are equal).
    Nest(u8),
    Floor,
    Table,
}

/// A chair as set up: where, which way its open front faces, whether a cat sits on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chair {
    pub at: u8,
    pub facing: u8,
    pub cat: bool,
}

/// The room, compiled: every cell by index `row * width + column`.
#[derive(Debug, Clone)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Tile>,
    /// Each cell's neighbour in each direction, [`NONE`] past the edge or into a nest.
    pub step: Vec<[u8; 4]>,
    /// The nest a mousehole leads to and the side a mouse leaves through, or `NONE`.
    pub hole: Vec<(u8, u8)>,
    pub starts: Vec<u8>,
    pub chairs: Vec<Chair>,
    pub cats: Vec<u8>,
    pub cheese: Vec<u8>,
    /// Each cell's steps to each nest through its holes, pieces and chairs ignored (the bots'
    /// yardstick); `NONE` for a cell that is no square.
    pub to_nest: Vec<[u8; NESTS]>,
    /// Each square's distance in orthogonal steps from the nearest table square (where a
    /// caught mouse goes when the table and start spaces are full).
    pub from_table: Vec<u8>,
}

impl Board {
    /// The cats: those on the floor and those on chairs.
    pub fn cat_count(&self) -> usize {
        self.cats.len() + self.chairs.iter().filter(|c| c.cat).count()
    }

    pub fn is_square(&self, at: u8) -> bool {
        !matches!(self.cells[usize::from(at)], Tile::Nest(_))
    }

    pub fn is_table(&self, at: u8) -> bool {
        self.cells[usize::from(at)] == Tile::Table
    }

    pub fn squares(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.cells.len() as u8).filter(|&s| self.is_square(s))
    }

    /// What a square is at setup, for the tables: `table`, `mousehole`, `start` or `floor`.
    pub fn kind(&self, at: u8) -> &'static str {
        if self.is_table(at) {
            "table"
        } else if self.hole[usize::from(at)].0 != NONE {
            "mousehole"
        } else if self.starts.contains(&at) {
            "start"
        } else {
            "floor"
        }
    }

    /// `row,column`, counted from 1 as the map is read.
    pub fn name(&self, at: u8) -> String {
        let at = usize::from(at);
        format!("{},{}", at / self.width + 1, at % self.width + 1)
    }
}

#[derive(Debug, Clone)]
pub struct Rules {
    pub players: usize,
    pub holders: Vec<u8>,
    pub mice_per_colour: usize,
    /// Every mouse, mothers first (one per nest), then the small mice on the start spaces.
    pub mice: usize,
    pub nest_size: usize,
    pub mothers: Mothers,
    pub beams: Beams,
    pub cheese_look: Look,
    pub catch_look: Look,
    pub max_turns: u32,
    pub board: Board,
    /// Each nest's owner: a seat, or `NONE` for a non-player colour.
    pub owner: [u8; NESTS],
    /// Each seat's nest (and colour).
    pub nest_of: Vec<u8>,
    // What follows is worked out from the above once, as the engine and the bots ask for it
    // at every decision.
    /// The cats, those on chairs and those on the floor.
    pub cats: usize,
    /// The squares with a neighbour square in each direction.
    pub exits: [Squares; 4],
    /// Each nest's mouseholes.
    pub holes: [Squares; NESTS],
    /// Where a cat on cell `s` may stop in up to `k` steps, pieces aside, `cat_ball[k][s]`: a
    /// cat crosses anything, so only the table (and its own square) is left out.
    pub cat_ball: Vec<Vec<Squares>>,
    /// The chance a cat on cell `a` reaches cell `b` next turn as `shepherd` reckons it: the
    /// chance a cheese holder says at least their distance in rows and columns (15 at most),
    /// `cat_odds[a * cells + b]`.
    pub cat_odds: Vec<f32>,
    /// [`Board::to_nest`] as floats, as `shepherd` weighs them at every place it values.
    pub steps_home: Vec<[f32; NESTS]>,
    /// Each colour's distance to its nest from the nearest table square, where a caught mouse
    /// goes.
    pub table_to_nest: [f32; NESTS],
}

impl Rules {
    /// The most any cheese holder says: how far a piece can move.
    pub fn most_steps(&self) -> u8 {
        most_steps(&self.holders)
    }
}

fn most_steps(holders: &[u8]) -> u8 {
    holders.iter().copied().max().unwrap_or(0)
}

/// Which nests the players own at each table size: clockwise from the top-left corner, and at
/// two players the diagonal pair ("the two nests of the real players should also sit diagonally
/// across eachother").
fn nests_owned(players: usize) -> &'static [u8] {
    match players {
        2 => &[0, 2],
        3 => &[0, 1, 2],
        _ => &[0, 1, 2, 3],
    }
}

/// How many players a game seats, at least and at most: one a nest.
pub const PLAYERS: (usize, usize) = (2, NESTS);

/// Validates `raw` and compiles it. `players` from the command line wins over `rules.players`.
pub fn compile(raw: &RawConfig, players: Option<usize>) -> Result<Rules, Vec<Invalid>> {
    let r = &raw.rules;
    let mut p = Problems::default();
    let players = players.unwrap_or(r.players);
    range(&mut p, "rules.players", players, PLAYERS.0, PLAYERS.1);
    length(&mut p, "rules.holders", r.holders.len(), 2, MAX_HOLDERS);
    for (i, &h) in r.holders.iter().enumerate() {
        range(&mut p, &format!("rules.holders.{i}"), h, 1, 20);
    }
    // The mother is in the nest from the start: a nest of one would be full before play.
    range(&mut p, "rules.nest_size", r.nest_size, 2, MAX_NEST);
    range(
        &mut p,
        "rules.mice_per_colour",
        r.mice_per_colour,
        1,
        MAX_MICE / NESTS,
    );
    range(
        &mut p,
        "rules.max_turns",
        r.max_turns,
        1,
        crate::games::LONGEST_CAP,
    );
    if r.nest_size > r.mice_per_colour {
        p.0.push(Invalid::new(
            "rules.nest_size",
            format!(
                "{}: more than the {} mice of a colour, so no nest could win",
                r.nest_size, r.mice_per_colour
            ),
        ));
    }
    let board = parse_map(&raw.board, &mut p);
    if let Some(b) = &board
        && r.mice_per_colour >= 1
    {
        let small = NESTS * r.mice_per_colour - NESTS;
        p.check(
            b.starts.len() == small,
            "board.map",
            format!(
                "{} start spaces (`s`), but {} colours of {} mice less the {NESTS} mothers make {small} small mice, one per start space",
                b.starts.len(),
                NESTS,
                r.mice_per_colour
            ),
        );
    }
    if let Some(b) = &board {
        // A caught mouse always finds a free square: fewer mice, cats and cheese than squares.
        let cats = b.cat_count();
        let pieces = NESTS * r.mice_per_colour + cats + b.cheese.len();
        let squares = b.squares().count();
        p.check(
            pieces < squares,
            "board.map",
            format!("{pieces} mice, cats and pieces of cheese for {squares} squares: the room needs at least one more square than pieces"),
        );
    }
    if !p.0.is_empty() {
        return Err(p.0);
    }
    let board = board.expect("a map without problems");
    let mut owner = [NONE; NESTS];
    let nest_of = nests_owned(players).to_vec();
    for (seat, &n) in nest_of.iter().enumerate() {
        owner[usize::from(n)] = seat as u8;
    }
    let b = &board;
    let (mut exits, mut holes) = ([Squares::default(); 4], [Squares::default(); NESTS]);
    for s in b.squares() {
        for (d, e) in exits.iter_mut().enumerate() {
            if b.step[usize::from(s)][d] != NONE {
                e.add(s);
            }
        }
        let (nest, _) = b.hole[usize::from(s)];
        if nest != NONE {
            holes[usize::from(nest)].add(s);
        }
    }
    let most = most_steps(&r.holders);
    let mut cat_ball = vec![vec![Squares::default(); b.cells.len()]; usize::from(most) + 1];
    for s in b.squares() {
        for (t, d) in distances(b, &[s]).into_iter().enumerate() {
            let t = t as u8;
            if d == NONE || t == s || b.is_table(t) {
                continue;
            }
            for ball in &mut cat_ball[usize::from(d).min(usize::from(most) + 1)..] {
                ball[usize::from(s)].add(t);
            }
        }
    }
    let n = r.holders.len() as f32;
    let at_least = |d: usize| r.holders.iter().filter(|&&h| usize::from(h) >= d).count() as f32 / n;
    let w = b.width;
    let cat_odds = (0..b.cells.len() * b.cells.len())
        .map(|i| {
            let (a, s) = (i / b.cells.len(), i % b.cells.len());
            let d = (a / w).abs_diff(s / w) + (a % w).abs_diff(s % w);
            at_least(d.min(15))
        })
        .collect();
    let mut table_to_nest = [f32::MAX; NESTS];
    for t in b.squares().filter(|&s| b.is_table(s)) {
        for (c, f) in table_to_nest.iter_mut().enumerate() {
            *f = f.min(f32::from(b.to_nest[usize::from(t)][c]));
        }
    }
    let steps_home = b.to_nest.iter().map(|t| t.map(f32::from)).collect();
    let cats = b.cat_count();
    Ok(Rules {
        players,
        holders: r.holders.clone(),
        mice_per_colour: r.mice_per_colour,
        mice: NESTS * r.mice_per_colour,
        nest_size: r.nest_size,
        mothers: r.mothers,
        beams: r.chair_beams,
        cheese_look: r.cheese_look,
        catch_look: r.catch_look,
        max_turns: r.max_turns,
        board,
        owner,
        nest_of,
        cats,
        exits,
        holes,
        cat_ball,
        cat_odds,
        steps_home,
        table_to_nest,
    })
}

const MAP: &str = "board.map";

/// Reads the map, adding every problem it finds (with its row and column) to `p`; the board
/// if there were none.
fn parse_map(raw: &RawBoard, p: &mut Problems) -> Option<Board> {
    let before = p.0.len();
    let rows: Vec<&str> = raw.map.lines().map(str::trim_end).collect();
    // Lines at the end with nothing on them are the closing quotes' line.
    let rows: Vec<&str> = rows
        .iter()
        .rposition(|r| !r.is_empty())
        .map_or(Vec::new(), |last| rows[..=last].to_vec());
    if rows.is_empty() {
        on_map(
            p,
            0,
            None,
            "the map is empty: draw the room, one line per row".into(),
        );
        return None;
    }
    let width = rows[0].chars().count();
    let height = rows.len();
    if width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_CELLS {
        on_map(
            p,
            0,
            None,
            format!(
                "{height} rows of {width}: whisker draws at most {MAX_SIDE} by {MAX_SIDE} and {MAX_CELLS} cells"
            ),
        );
        return None;
    }
    let mut cells = Vec::with_capacity(width * height);
    let (mut starts, mut chairs, mut cats, mut cheese, mut holes) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (r, line) in rows.iter().enumerate() {
        let n = line.chars().count();
        if n != width {
            on_map(
                p,
                r,
                Some(n.min(width)),
                format!("this row has {n} cells, the first has {width}: every row must be as long"),
            );
            continue;
        }
        for (c, ch) in line.chars().enumerate() {
            let here = cells.len() as u8;
            let facing = |s: &str| s.find(ch).map(|d| d as u8);
            let cell = match ch {
                'N' => Tile::Nest(0),
                'T' => Tile::Table,
                '.' => Tile::Floor,
                'o' => {
                    holes.push((here, r, c));
                    Tile::Floor
                }
                's' => {
                    starts.push(here);
                    Tile::Floor
                }
                'k' => {
                    cheese.push(here);
                    Tile::Floor
                }
                'c' => {
                    cats.push(here);
                    Tile::Floor
                }
                _ if facing("^>v<").is_some() || facing("urdl").is_some() => {
                    let (with_cat, d) = match facing("^>v<") {
                        Some(d) => (true, d),
                        None => (false, facing("urdl").expect("a chair")),
                    };
                    chairs.push(Chair {
                        at: here,
                        facing: d,
                        cat: with_cat,
                    });
                    Tile::Floor
                }
                _ => {
                    on_map(
                        p,
                        r,
                        Some(c),
                        format!(
                            "`{ch}` is not in the legend (. N T o s k c, a chair ^ > v < with a cat or u r d l without)"
                        ),
                    );
                    Tile::Floor
                }
            };
            cells.push(cell);
        }
    }
    if p.0.len() > before {
        return None;
    }
    let mut b = Board {
        width,
        height,
        step: Vec::new(),
        hole: vec![(NONE, NONE); cells.len()],
        cells,
        starts,
        chairs,
        cats,
        cheese,
        to_nest: Vec::new(),
        from_table: Vec::new(),
    };
    let (rc, cell_at) = (
        |i: usize| (i / width, i % width),
        |r: usize, c: usize| r * width + c,
    );

    // Nests: four groups of `N`, one in each quarter of the room, numbered clockwise from the
    // top-left.
    let mut group = vec![usize::MAX; b.cells.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..b.cells.len() {
        if b.cells[i] != Tile::Nest(0) || group[i] != usize::MAX {
            continue;
        }
        let mut members = vec![i];
        group[i] = groups.len();
        let mut k = 0;
        while k < members.len() {
            let (r, c) = rc(members[k]);
            for (dr, dc) in [(-1i32, 0i32), (0, 1), (1, 0), (0, -1)] {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if nr < 0 || nc < 0 || nr >= height as i32 || nc >= width as i32 {
                    continue;
                }
                let j = cell_at(nr as usize, nc as usize);
                if b.cells[j] == Tile::Nest(0) && group[j] == usize::MAX {
                    group[j] = groups.len();
                    members.push(j);
                }
            }
            k += 1;
        }
        groups.push(members);
    }
    let corner = |i: usize| {
        let (r, c) = rc(i);
        (r == 0 || r + 1 == height) && (c == 0 || c + 1 == width)
    };
    if let Some(stray) = groups.iter().find(|g| !g.iter().any(|&i| corner(i))) {
        let (r, c) = rc(stray[0]);
        on_map(
            p,
            r,
            Some(c),
            "nest spaces (`N`) away from the room's corners: each nest fills a corner".into(),
        );
        return None;
    }
    if groups.len() != NESTS {
        on_map(
            p,
            0,
            None,
            format!(
                "{} groups of nest spaces (`N`); the room has {NESTS} nests, one in each corner",
                groups.len()
            ),
        );
        return None;
    }
    // The quarter a group's centre lies in, clockwise from the top-left.
    let mut nest_of_group = [NONE; NESTS];
    let mut taken = [false; NESTS];
    for (g, members) in groups.iter().enumerate() {
        let (mut sr, mut sc) = (0.0, 0.0);
        for &i in members {
            let (r, c) = rc(i);
            sr += r as f64;
            sc += c as f64;
        }
        let n = members.len() as f64;
        let (top, left) = (
            sr / n < (height as f64 - 1.0) / 2.0,
            sc / n < (width as f64 - 1.0) / 2.0,
        );
        let quarter = match (top, left) {
            (true, true) => 0,
            (true, false) => 1,
            (false, false) => 2,
            (false, true) => 3,
        };
        let (r, c) = rc(members[0]);
        if taken[quarter] {
            on_map(
                p,
                r,
                Some(c),
                "a second nest in the same quarter of the room: one nest per corner".into(),
            );
            return None;
        }
        taken[quarter] = true;
        nest_of_group[g] = quarter as u8;
    }
    for (i, cell) in b.cells.iter_mut().enumerate() {
        if *cell == Tile::Nest(0) {
            *cell = Tile::Nest(nest_of_group[group[i]]);
        }
    }

    b.step = (0..b.cells.len())
        .map(|i| {
            let (r, c) = rc(i);
            let mut s = [NONE; 4];
            let around = [
                (r > 0).then(|| cell_at(r - 1, c)),
                (c + 1 < width).then(|| cell_at(r, c + 1)),
                (r + 1 < height).then(|| cell_at(r + 1, c)),
                (c > 0).then(|| cell_at(r, c - 1)),
            ];
            for (d, j) in around.into_iter().enumerate() {
                if let Some(j) = j
                    && b.is_square(i as u8)
                    && b.is_square(j as u8)
                {
                    s[d] = j as u8;
                }
            }
            s
        })
        .collect();

    let squares = b.squares().count();

    // Mouseholes: on the room's edge (not a corner), each leading to the nearest nest.
    for &(h, r, c) in &holes {
        let sides: Vec<u8> = [r == 0, c + 1 == width, r + 1 == height, c == 0]
            .iter()
            .enumerate()
            .filter(|(_, edge)| **edge)
            .map(|(d, _)| d as u8)
            .collect();
        if sides.len() != 1 {
            on_map(
        p,
                r,
                Some(c),
                "a mousehole (`o`) must be on the room's edge, not in a corner: a mouse leaves through the wall".into(),
            );
            continue;
        }
        let mut best: Vec<(usize, u8)> = Vec::new();
        for (i, cell) in b.cells.iter().enumerate() {
            if let Tile::Nest(n) = cell {
                let (nr, nc) = rc(i);
                let d = nr.abs_diff(r) + nc.abs_diff(c);
                match best.first() {
                    Some(&(bd, _)) if d > bd => {}
                    Some(&(bd, _)) if d == bd => {
                        if !best.iter().any(|&(_, m)| m == *n) {
                            best.push((d, *n));
                        }
                    }
                    _ => best = vec![(d, *n)],
                }
            }
        }
        if best.len() != 1 {
            on_map(
                p,
                r,
                Some(c),
                "this mousehole is as close to two nests: move it nearer the one it leads to"
                    .into(),
            );
            continue;
        }
        b.hole[usize::from(h)] = (best[0].1, sides[0]);
    }

    // Every square reachable from every other (pieces and chairs aside), and every nest from
    // a hole.
    let first = b.squares().next();
    if let Some(first) = first {
        let reach = distances(&b, &[first]);
        if let Some(cut) = b.squares().find(|&s| reach[usize::from(s)] == NONE) {
            let (r, c) = rc(usize::from(cut));
            on_map(
        p,
                r,
                Some(c),
                "this square cannot be reached from the rest of the room: every square must connect".into(),
            );
        }
    }
    for n in 0..NESTS as u8 {
        if !b.hole.iter().any(|&(m, _)| m == n) {
            let i = b
                .cells
                .iter()
                .position(|&c| c == Tile::Nest(n))
                .expect("a nest");
            let (r, c) = rc(i);
            on_map(
                p,
                r,
                Some(c),
                "no mousehole (`o`) leads to this nest, so no mouse could reach it".into(),
            );
        }
    }
    let tables: Vec<u8> = b.squares().filter(|&s| b.is_table(s)).collect();
    if tables.is_empty() {
        on_map(
            p,
            0,
            None,
            "no table (`T`): a caught mouse goes under the table".into(),
        );
    }
    if b.cat_count() > MAX_CATS || b.chairs.len() > MAX_CHAIRS || b.cheese.len() > MAX_CHEESE {
        on_map(
            p,
            0,
            None,
            format!(
                "whisker holds at most {MAX_CATS} cats, {MAX_CHAIRS} chairs and {MAX_CHEESE} pieces of cheese"
            ),
        );
    }
    if p.0.len() > before {
        return None;
    }
    p.check(
        squares == raw.squares,
        "board.squares",
        format!(
            "{}: the map has {squares} squares (every cell but the nest spaces); redraw it or change the count",
            raw.squares
        ),
    );
    b.from_table = distances(&b, &tables);
    b.to_nest = vec![[NONE; NESTS]; b.cells.len()];
    for n in 0..NESTS as u8 {
        let holes: Vec<u8> = (0..b.cells.len() as u8)
            .filter(|&h| b.hole[usize::from(h)].0 == n)
            .collect();
        let d = distances(&b, &holes);
        for (i, steps) in d.into_iter().enumerate() {
            // One more step through the hole.
            b.to_nest[i][usize::from(n)] = steps.saturating_add(1).min(NONE - 1);
            if steps == NONE {
                b.to_nest[i][usize::from(n)] = NONE;
            }
        }
    }
    (p.0.len() == before).then_some(b)
}

/// A problem on row `row` of the map, at column `col` when it is one cell's.
fn on_map(p: &mut Problems, row: usize, col: Option<usize>, message: String) {
    let message = match col {
        Some(c) => format!("column {}: {message}", c + 1),
        None => message,
    };
    p.0.push(Invalid::on_row(MAP, row, message));
}

/// Orthogonal steps from the nearest of `from` to every cell, through squares only; `NONE`
/// where none leads.
pub fn distances(b: &Board, from: &[u8]) -> Vec<u8> {
    let mut d = vec![NONE; b.cells.len()];
    let mut queue: Vec<u8> = from.to_vec();
    for &s in from {
        d[usize::from(s)] = 0;
    }
    let mut k = 0;
    while k < queue.len() {
        let s = queue[k];
        for &t in &b.step[usize::from(s)] {
            if t != NONE && d[usize::from(t)] == NONE {
                d[usize::from(t)] = d[usize::from(s)] + 1;
                queue.push(t);
            }
        }
        k += 1;
    }
    d
}
