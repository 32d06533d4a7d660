//! Mouse Chaos: rule steps on hand-built boards, pieces conserved over many seeds, a golden
//! game, and `shepherd` against `random`.

use super::config::{DOWN, LEFT, NONE, RIGHT, Rules, UP};
use super::engine::{Action, Decision, Ending, Engine, Piece};
use super::{Agent, MouseChaos};
use crate::core::lineup::Bot;
use crate::core::play::Observe;
use crate::core::play::{Decisions, Table};
use crate::games::{Game, Registered, Ruleset};
use crate::io::config::{Override, Source};

/// The built-in config with `--set` style overrides, at `players`.
pub(super) fn rules_with(sets: &[&str], players: usize) -> Rules {
    MouseChaos::builtin_rules(sets, Some(players))
}

/// The built-in config with its map replaced by `rows`, two mice of each colour (so four
/// start spaces) and nests that fill at two.
fn board(rows: &[&str], sets: &[&str], players: usize) -> Rules {
    let text = super::STANDARD;
    let (head, rest) = text.split_at(text.find("map = '''").unwrap());
    let tail = &rest[rest[9..].find("'''").unwrap() + 12..];
    let squares: usize = rows
        .iter()
        .map(|r| r.chars().filter(|&c| c != 'N').count())
        .sum();
    let text = format!("{head}map = '''\n{}\n'''{tail}", rows.join("\n"));
    let source = Source::embedded("test", "test", &text);
    let mut all = vec![
        "rules.mice_per_colour=2".to_string(),
        "rules.nest_size=2".into(),
        format!("board.squares={squares}"),
    ];
    all.extend(sets.iter().map(|s| s.to_string()));
    let overrides: Vec<Override> = all.iter().map(|s| s.parse().unwrap()).collect();
    MouseChaos::load(&source, &overrides, Some(players))
        .unwrap_or_else(|e| panic!("{e}"))
        .rules
}

/// A 7 by 7 room: a nest in each corner, two mouseholes to each, the table in the middle and
/// four start spaces; `X` at row 3, column 4 (square 17) is replaced by `piece`.
fn room(piece: char) -> [String; 7] {
    [
        "N.o.o.N", ".s...s.", "o..X..o", "...T...", "o.....o", ".s...s.", "N.o.o.N",
    ]
    .map(|r| r.replace('X', &piece.to_string()))
}

fn rows(r: &[String; 7]) -> Vec<&str> {
    r.iter().map(String::as_str).collect()
}

/// Square of row `r`, column `c` (from 0) in the 7-wide room.
fn sq(r: u8, c: u8) -> u8 {
    r * 7 + c
}

/// The first small mouse (on the start space at row 2, column 2).
const MOUSE: u8 = 4;

/// [`MOUSE`], put on `from` and rolled `roll`, walks into `nest` without looking at a mouse.
fn walk_in(g: &mut Engine, from: u8, roll: u8, nest: u8) {
    g.put(MOUSE, from);
    g.set_roll(roll);
    g.apply(Action::Pick(Piece::Mouse(MOUSE)));
    g.apply(Action::Enter { nest, look: false });
}

#[test]
fn a_chair_s_beams_stop_mice_on_the_edges_each_reading_says() {
    let chair = sq(2, 3);
    for (reading, open) in [
        ("back_and_sides", [true, false, false, false]),
        ("back", [true, true, false, true]),
        ("sides", [true, false, true, false]),
    ] {
        for facing in [UP, RIGHT, DOWN, LEFT] {
            let piece = ['u', 'r', 'd', 'l'][usize::from(facing)];
            let rules = board(
                &rows(&room(piece)),
                &[&format!("rules.chair_beams=\"{reading}\"")],
                4,
            );
            for side in [UP, RIGHT, DOWN, LEFT] {
                // `open[k]`: the edge k quarter-turns clockwise from the front lets mice by.
                let allowed = open[usize::from((side + 4 - facing) & 3)];
                let next = rules.board.step[usize::from(chair)][usize::from(side)];
                let mut g = Engine::new(&rules, 1);
                g.set_roll(1);
                // Onto the chair's square by that edge, and off it the same way.
                for (from, to, way) in [(next, chair, "from"), (chair, next, "out by")] {
                    g.put(MOUSE, from);
                    let reach = g.mouse_reach(MOUSE, 1);
                    let said = format!("{reading}, facing {facing}, {way} side {side}");
                    assert_eq!(reach.plain.has(to), allowed, "{said}");
                }
            }
        }
    }
}

#[test]
fn a_mousehole_leads_into_its_nest_for_one_more_step() {
    let rules = board(&rows(&room('.')), &[], 4);
    let mut g = Engine::new(&rules, 1);
    g.put(MOUSE, sq(0, 2));
    assert_eq!(g.mouse_reach(MOUSE, 1).nests, 1 << 0);
    g.put(MOUSE, sq(1, 2));
    assert_eq!(g.mouse_reach(MOUSE, 1).nests, 0);
    assert_eq!(g.mouse_reach(MOUSE, 2).nests, 1 << 0);
    // From row 2, column 1: three steps reach the top-left nest by the hole below it, four
    // the bottom-left nest's hole too.
    g.put(MOUSE, sq(1, 0));
    assert_eq!(g.mouse_reach(MOUSE, 3).nests, 1 << 0);
    assert_eq!(g.mouse_reach(MOUSE, 4).nests, 1 << 0 | 1 << 3);
    // Entering ends the move; with its mother, the mouse fills the nest with its colour.
    g.set_colours(&[0, 1, 2, 3, 0, 1, 2, 3]);
    walk_in(&mut g, sq(0, 2), 3, 0);
    assert_eq!(g.public().nests[0].as_slice(), [0, MOUSE]);
    assert_eq!(g.ending(), Some(Ending::Nest));
    assert_eq!(g.outcome().winners, 1);
}

#[test]
fn a_chair_on_a_mousehole_blocks_it_with_its_back_to_the_wall() {
    let rules = board(&rows(&room('u')), &[], 4);
    for (facing, open) in [(DOWN, false), (UP, true), (LEFT, false)] {
        let mut g = Engine::new(&rules, 1);
        g.put_chair(0, sq(0, 2), facing);
        g.put(MOUSE, sq(0, 2));
        let nests = g.mouse_reach(MOUSE, 2).nests;
        assert_eq!(nests & 1 == 1, open, "a chair facing {facing} on the hole");
    }
}

#[test]
fn a_cat_catches_a_mouse_in_the_open_but_not_under_a_chair_or_the_table() {
    let mut r = room('c');
    r[1] = ".s.u.s.".into();
    let rules = board(&rows(&r), &[], 4);
    let mut g = Engine::new(&rules, 1);
    let chair = sq(1, 3);
    g.set_roll(1);
    g.put(MOUSE, chair);
    g.put(5, sq(2, 4));
    let reach = g.cat_reach(0, 1);
    assert!(reach.has(chair) && reach.has(sq(2, 4)));
    assert!(!reach.has(sq(3, 3)), "a cat cannot stop on the table");
    // On the chair: the mouse under it is safe.
    g.apply(Action::Pick(Piece::Cat(0)));
    g.apply(Action::Go {
        to: chair,
        look: false,
    });
    assert_eq!(
        (g.public().events.catches, g.decision()),
        (0, Some(Decision::Shift))
    );
    assert_eq!(g.public().mouse_on[usize::from(chair)], MOUSE);
    // In the open: caught, seen by all, and put under the table.
    let mut g = Engine::new(&rules, 1);
    g.set_roll(1);
    g.put(5, sq(2, 4));
    g.apply(Action::Pick(Piece::Cat(0)));
    g.apply(Action::Go {
        to: sq(2, 4),
        look: false,
    });
    assert_eq!(g.public().events.catches, 1);
    assert_eq!(g.decision(), Some(Decision::Place(5)));
    assert!(g.view(1).colours[5] != NONE && g.view(3).colours[5] != NONE);
    assert_eq!(g.option_count(), 1);
    assert_eq!(g.option(0), Action::Put(sq(3, 3)));
    g.apply(Action::Put(sq(3, 3)));
    assert_eq!(g.public().mouse[5], sq(3, 3));
}

#[test]
fn a_caught_mouse_spills_to_start_spaces_then_the_nearest_squares() {
    let rules = board(&rows(&room('c')), &[], 4);
    let catch = |g: &mut Engine| {
        g.set_roll(1);
        g.apply(Action::Pick(Piece::Cat(0)));
        g.apply(Action::Go {
            to: sq(2, 4),
            look: false,
        });
        let mut options = crate::core::play::Options::new();
        g.options(&mut options);
        let mut at: Vec<u8> = options
            .iter()
            .map(|a| match a {
                Action::Put(s) => *s,
                _ => panic!("{a:?}"),
            })
            .collect();
        at.sort_unstable();
        at
    };
    // The table is taken: the free start spaces.
    let mut g = Engine::new(&rules, 1);
    g.put(7, sq(2, 4));
    g.put(6, sq(3, 3));
    assert_eq!(catch(&mut g), [sq(5, 1), sq(5, 5)]);
    // The start spaces too: the free squares one step from the table (not the cat's).
    let mut g = Engine::new(&rules, 1);
    g.put(7, sq(2, 4));
    g.put(6, sq(3, 3));
    g.put(0, sq(5, 1));
    g.put(1, sq(5, 5));
    assert_eq!(catch(&mut g), [sq(2, 3), sq(3, 2), sq(3, 4), sq(4, 3)]);
}

#[test]
fn a_wrong_mouse_handed_on_can_fill_and_win_another_nest() {
    let rules = board(&rows(&room('.')), &[], 4);
    let mut g = Engine::new(&rules, 1);
    // The top-left mother is of the top-right colour, as is that nest's own mother.
    g.set_colours(&[1, 1, 2, 3, 0, 0, 2, 3]);
    walk_in(&mut g, sq(0, 2), 1, 0);
    assert_eq!(g.ending(), Some(Ending::Chain));
    let e = g.public().events;
    assert_eq!((e.fills, e.failed, e.chained, e.turned), (2, 1, 1, 3));
    assert_eq!(g.public().nests[0].as_slice(), [MOUSE]);
    assert_eq!(g.public().nests[1].as_slice(), [1, 0]);
    let o = g.outcome();
    assert_eq!((o.winners, o.ending), (1 << 1, Some(Ending::Chain as u8)));
}

#[test]
fn a_failed_fill_shows_the_mice_turned_over_and_the_game_goes_on() {
    let rules = board(&rows(&room('.')), &[], 4);
    let mut g = Engine::new(&rules, 1);
    // The top-left mother is its own colour; the mouse coming in is the bottom-left's, whose
    // mother is out of her nest.
    g.set_colours(&[0, 1, 2, 3, 3, 0, 2, 1]);
    g.put(3, sq(3, 1));
    walk_in(&mut g, sq(0, 2), 1, 0);
    assert_eq!(g.ending(), None);
    assert_eq!(g.decision(), Some(Decision::Shift));
    assert_eq!(g.public().nests[0].as_slice(), [0]);
    assert_eq!(g.public().nests[3].as_slice(), [MOUSE]);
    assert_eq!(g.public().events.failed, 1);
    for seat in 0..4 {
        assert_eq!((g.view(seat).colours[0], g.view(seat).colours[4]), (0, 3));
    }
}

#[test]
fn a_non_player_colour_filling_its_nest_makes_everyone_lose() {
    let rules = board(&rows(&room('.')), &[], 2);
    assert_eq!(rules.owner, [0, NONE, 1, NONE]);
    let mut g = Engine::new(&rules, 1);
    g.set_colours(&[0, 1, 2, 3, 1, 0, 2, 3]);
    walk_in(&mut g, sq(0, 4), 1, 1);
    assert_eq!(g.ending(), Some(Ending::NonPlayer));
    assert_eq!(g.outcome().winners, 0);
}

#[test]
fn a_search_stopped_early_weighs_each_nest_by_the_mice_of_its_colour_in_nests() {
    let rules = board(&rows(&room('.')), &[], 2);
    let mut g = Engine::new(&rules, 1);
    // Each mother in her own nest: every nest weighs 1 + 2 of 12. The seats hold nests 0 and
    // 2; nests 1 and 3, of no player, take the rest.
    g.set_colours(&[0, 1, 2, 3, 1, 0, 2, 3]);
    let chances = g.standing().expect("Mouse Chaos reckons a standing");
    assert_eq!(chances[..3], [0.25, 0.25, 0.0]);
    // Mouse 5, of colour 0, in nest 2 counts once toward nest 0, which a fill of 2 hands it.
    g.nest(5, 2);
    let chances = g.standing().unwrap();
    assert_eq!(chances[..2], [4.0 / 13.0, 3.0 / 13.0]);
    // In its own nest it counts twice.
    g.nest(5, 0);
    assert_eq!(g.standing().unwrap()[..2], [5.0 / 14.0, 3.0 / 14.0]);
}

#[test]
fn crossing_cheese_shows_the_mover_the_colour() {
    for (reading, others_see) in [("mover", false), ("everyone", true)] {
        let mut r = room('.');
        r[1] = ".sk..s.".into();
        let rules = board(&rows(&r), &[&format!("rules.cheese_look=\"{reading}\"")], 4);
        let mut g = Engine::new(&rules, 1);
        g.set_roll(2);
        let reach = g.mouse_reach(MOUSE, 2);
        assert!(reach.cheese.has(sq(1, 3)) && !reach.plain.has(sq(1, 2)));
        assert!(!reach.cheese.has(sq(1, 2)), "no mouse stops on cheese");
        g.apply(Action::Pick(Piece::Mouse(MOUSE)));
        g.apply(Action::Go {
            to: sq(1, 3),
            look: true,
        });
        assert_eq!(g.public().looked_at, sq(1, 2));
        assert!(g.view(0).colours[usize::from(MOUSE)] != NONE);
        assert_eq!(g.view(1).colours[usize::from(MOUSE)] != NONE, others_see);
    }
}

#[test]
fn mice_cannot_cross_a_cat() {
    let mut r = room('.');
    r[1] = ".sc..s.".into();
    let rules = board(&rows(&r), &[], 4);
    let g = Engine::new(&rules, 1);
    let reach = g.mouse_reach(MOUSE, 2);
    assert!(!reach.plain.has(sq(1, 3)) && !reach.plain.has(sq(1, 2)));
    assert!(reach.plain.has(sq(3, 1)));
}

/// Five turns draw five of the six cheese holders; the sixth turn gathers all six first.
#[test]
fn cheese_holders_are_drawn_five_at_a_time() {
    let rules = rules_with(&[], 4);
    for seed in 0..20 {
        let mut g = Engine::new(&rules, seed);
        let mut rolls = vec![];
        for turn in 0..6 {
            rolls.push(g.public().roll);
            assert_eq!(g.public().left.len(), 5 - turn % 5);
            g.apply(Action::Skip);
            g.apply(Action::Skip);
        }
        // The five drawn are the six less one.
        let mut rest = rules.holders.clone();
        for d in &rolls[..5] {
            let i = rest
                .iter()
                .position(|x| x == d)
                .expect("a holder drawn once");
            rest.remove(i);
        }
        assert_eq!(rest.len(), 1);
    }
}

/// Every piece is in exactly one place after every decision of many games.
#[test]
fn every_piece_is_in_one_place() {
    for players in 2..=4 {
        for sets in [
            &[][..],
            &[
                "rules.mothers=\"own_colour\"",
                "rules.chair_beams=\"sides\"",
            ],
        ] {
            let rules = rules_with(sets, players);
            // `random` and `shepherd`; `ismcts` plays the same engine, far slower.
            for kind in [&crate::core::play::RANDOM, &super::bots::SHEPHERD] {
                let lineup = vec![Agent::of(&Bot::new(kind)); players];
                for seed in 0..8 {
                    let mut table: Table<Engine, super::bots::Memory> =
                        Table::new(Engine::new(&rules, seed), seed);
                    let o = table.play_watched(&lineup, |g| rules.assert_in_place(g));
                    assert!(o.turns <= rules.max_turns);
                    assert!(!o.capped || o.turns == rules.max_turns);
                }
            }
        }
    }
}

/// `shepherd` beats `random` by far, seated in turn at each place.
#[test]
fn shepherd_beats_random() {
    let game = MouseChaos::load(&MouseChaos::builtin_source(), &[], Some(2)).unwrap();
    let (mut won, mut games) = (0, 0);
    for seed in 0..100u64 {
        let seat = (seed % 2) as usize;
        let mut lineup = vec![Bot::new(&crate::core::play::RANDOM); 2];
        lineup[seat] = Bot::new(&super::bots::SHEPHERD);
        let mut counts = game.declared().counts();
        let o = game.play(seed, &lineup, &mut (), &mut counts);
        games += 1;
        if o.won(seat) {
            won += 1;
        }
    }
    assert!(won * 100 > games * 70, "shepherd won {won} of {games}");
}

/// Two `shepherd`s out of patience walk mice towards the nests until they move one in: two-player
/// games end by the rules, not at the turn cap, where the bot before its `drive` stalled more
/// than half of them.
#[test]
fn two_shepherds_do_not_stall() {
    let game = MouseChaos::load(&MouseChaos::builtin_source(), &[], Some(2)).unwrap();
    let capped = |bot: &str| {
        let lineup = vec![crate::core::lineup::parse(bot, super::KINDS, &[]).unwrap(); 2];
        (0..60u64)
            .filter(|&seed| {
                let mut counts = game.declared().counts();
                game.play(seed, &lineup, &mut (), &mut counts).capped
            })
            .count()
    };
    let (now, before) = (capped("shepherd"), capped("shepherd(drive=0)"));
    assert!(now <= 3, "{now} of 60 games capped");
    assert!(before >= 20, "{before} of 60 games capped before the drive");
}

/// `shepherd` makes the same decision on a sample of what its seat cannot see (the colours of
/// the mice it has not seen) as on the real game, with the same memory and generator; and a
/// sample keeps every colour the seat has seen.
#[test]
fn shepherd_decides_the_same_on_every_game_its_seat_cannot_tell_apart() {
    use crate::core::play::{Decider, Seen};
    use crate::core::rng::{bot_rng, game_rng};
    let rules = rules_with(&[], 3);
    let shepherd = Agent::of(&Bot::new(&super::bots::SHEPHERD));
    let mut sampler = game_rng(11);
    let mut differed = 0;
    for seed in 0..6 {
        let mut game = Engine::new(&rules, seed);
        let mut rng = bot_rng(seed);
        let mut memory = [super::bots::Memory::default(); 3];
        while let Some(seat) = game.to_move() {
            let sample = game.sample(seat, &mut sampler);
            assert_eq!(sample.view(seat).colours, game.view(seat).colours);
            differed += (0..rules.mice as u8)
                .filter(|&m| sample.colour(m) != game.colour(m))
                .count();
            let there = shepherd.decide(
                &Seen::new(&sample, seat),
                &mut memory[seat].clone(),
                &mut rng.clone(),
            );
            let here = shepherd.decide(&Seen::new(&game, seat), &mut memory[seat], &mut rng);
            assert_eq!(here, there, "seed {seed}");
            game.apply(here);
        }
    }
    assert!(differed > 1000, "samples deal unseen colours anew");
}

/// A golden game: four `shepherd` players, seed 3. The same seed gives exactly this game.
#[test]
fn golden_game() {
    let rules = rules_with(&[], 4);
    let lineup = [Agent::of(&Bot::new(&super::bots::SHEPHERD)); 4];
    let mut table: Table<Engine, super::bots::Memory> = Table::new(Engine::new(&rules, 3), 3);
    let (actions, o) = table.play_logged(&lineup);
    // Seat 0's cat catches the mouse on the start space at row 6, column 7 and puts it under
    // the table, then a chair goes over the mouse at row 3, column 4; seat 1 does the same
    // from the other side; seat 2 walks a mouse over the cheese at row 9, column 6 and looks.
    assert_eq!(
        actions[..11].join(" "),
        "Pick(Cat(1)) Go { to: 56, look: false } Put(54) Pick(Chair(1)) Chair { to: 23, facing: 0 } \
         Pick(Cat(2)) Go { to: 62, look: false } Put(45) Pick(Chair(2)) Chair { to: 37, facing: 1 } \
         Pick(Mouse(15))"
    );
    // Seat 3 wins on turn 51 when a wrong mouse handed on fills its nest with its colour.
    assert_eq!(actions.len(), 208);
    assert_eq!((o.turns, o.winners, o.ending), (51, 0b1000, Some(1)));
    assert_eq!(o.scores[..4], [2, 3, 2, 4]);
    let e = table.public().events;
    assert_eq!(
        (
            e.looks, e.catches, e.turned, e.fills, e.failed, e.chained, e.entries
        ),
        (15, 8, 17, 9, 8, 6, 8)
    );
}

/// A broken map is refused with the file's line of the row at fault and the column.
#[test]
fn a_broken_map_names_its_line_and_column() {
    let text = super::STANDARD;
    let line_of = |row: &str| text.lines().position(|l| l == row).unwrap() + 1;
    let refused = |changes: &[(&str, &str)]| {
        let mut t = text.to_string();
        for (row, broken) in changes {
            t = t.replacen(row, broken, 1);
        }
        match MouseChaos::load(&Source::embedded("broken", "broken", &t), &[], None) {
            Ok(_) => panic!("{changes:?} is refused"),
            Err(e) => e,
        }
    };
    for (row, broken, says) in [
        (
            "...sTT<.k.",
            "...sTT<.kX",
            "column 10: `X` is not in the legend",
        ),
        ("...sTT<.k.", "...sTT<.k", "column 10: this row has 9 cells"),
        (
            "...s..s...",
            "...s..so..",
            "column 8: a mousehole (`o`) must be on the room's edge",
        ),
        (
            "o.s.vs.s.o",
            "o.s.vs.s.N",
            "column 10: nest spaces (`N`) away from the room's corners",
        ),
    ] {
        let e = refused(&[(row, broken)]);
        assert!(e.to_string().contains(says), "{e}");
        assert_eq!(
            (e.field.as_str(), e.line),
            ("board.map", Some(line_of(row))),
            "{e}"
        );
    }
    let e = refused(&[("...s..s...", "...s..s.s.")]);
    assert!(e.to_string().contains("13 start spaces"), "{e}");
    let e = refused(&[("NN.o..o.NN", "NN....o.NN"), ("o.s.vs.s.o", "..s.vs.s.o")]);
    assert!(
        e.to_string()
            .contains("no mousehole (`o`) leads to this nest"),
        "{e}"
    );
    let wrong_count = text.replace("squares = 84", "squares = 83");
    let e = MouseChaos::load(&Source::embedded("count", "count", &wrong_count), &[], None)
        .err()
        .expect("refused");
    assert!(e.to_string().contains("the map has 84 squares"), "{e}");
    assert_eq!(
        e.line,
        Some(line_of(
            "squares = 84                   # the rulebook's count; the map must have exactly this many"
        ))
    );
}

/// Settings no game could be played with are refused, not played or panicked on.
#[test]
fn impossible_settings_are_refused() {
    for (set, says) in [
        ("rules.nest_size=1", "out of range"),
        ("rules.mice_per_colour=0", "out of range"),
        ("rules.nest_size=5", "more than the 4 mice of a colour"),
    ] {
        let overrides: Vec<Override> = vec![set.parse().unwrap()];
        let e = MouseChaos::load(&MouseChaos::builtin_source(), &overrides, None)
            .err()
            .unwrap_or_else(|| panic!("{set} is refused"));
        assert!(e.to_string().contains(says), "{set}: {e}");
    }
}

/// With mothers of their nest's colour, every seat knows each mother's colour from the start,
/// and a sample never deals her another.
#[test]
fn own_colour_mothers_are_known_to_all() {
    use crate::core::rng::game_rng;
    let rules = rules_with(&["rules.mothers=\"own_colour\""], 3);
    let g = Engine::new(&rules, 4);
    for seat in 0..3 {
        assert_eq!(g.view(seat).colours[..4], [0, 1, 2, 3]);
        let s = g.sample(seat, &mut game_rng(seat as u64));
        assert_eq!(
            (0..4).map(|m| s.colour(m)).collect::<Vec<_>>(),
            [0, 1, 2, 3]
        );
    }
}
