//! What users read in the terminal, snapshot by snapshot: every command on one small seeded run
//! of every game, so a change in the words, the order or the figures shows in review as a diff
//! of `tests/snapshots/*.snap`. Accept a deliberate change with `cargo insta review` (or
//! `INSTA_UPDATE=always cargo test --test snapshots`) and commit the files with it.
//!
//! Only what depends on the machine is blanked: the seconds a run took, its games per second,
//! and the scratch folder's path.

mod common;

use std::path::Path;

use common::{scratch, whisker};

/// One game's config, and what its compare, sweep and ladder change or seat.
struct Game {
    name: &'static str,
    config: &'static str,
    players: Option<&'static str>,
    change: &'static str,
    vary: &'static str,
    ladder: &'static str,
    games: &'static str,
    /// The strength sample's games in `simulate`, `compare` and each point of `sweep`: a few,
    /// as the search is slow in a debug build.
    strength: &'static str,
}

const GAMES: [Game; 6] = [
    Game {
        name: "mice-heist-cheese",
        config: "mice-heist-cheese",
        players: None,
        change: "chips.blue.high=3",
        vary: "chips.blue.high=2,6",
        ladder: "random,greedy,cautious",
        strength: "30",
        games: "400",
    },
    Game {
        name: "mice-heist-ratings",
        config: "mice-heist-ratings",
        players: None,
        change: "chips.blue.high=3",
        vary: "chips.blue.high=2,6",
        ladder: "random,greedy",
        strength: "30",
        games: "400",
    },
    Game {
        name: "cat-and-the-mouse",
        config: "cat-and-the-mouse",
        players: None,
        change: "variants.subtle_movement=true",
        vary: "variants.subtle_movement=false,true",
        ladder: "random,sleuth+thief",
        strength: "200",
        games: "400",
    },
    Game {
        name: "cheesy-heist-5",
        config: "cheesy-heist",
        players: Some("5"),
        change: "rules.goal_5_players=5",
        vary: "rules.goal_5_players=4,5",
        ladder: "random,sly",
        strength: "6",
        games: "300",
    },
    Game {
        name: "mouse-chaos",
        config: "mouse-chaos",
        players: None,
        change: "rules.cheese_look=everyone",
        vary: "rules.cheese_look=mover,everyone",
        ladder: "random,shepherd",
        strength: "4",
        games: "40",
    },
    Game {
        name: "mouse-chaos-2",
        config: "mouse-chaos",
        players: Some("2"),
        change: "rules.cheese_look=everyone",
        vary: "rules.cheese_look=mover,everyone",
        ladder: "random,shepherd",
        strength: "2",
        games: "40",
    },
];

/// What a command printed, with its exit code, the machine's part blanked.
fn shown(args: &[&str], dir: &Path) -> String {
    let o = whisker(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut text = format!(
        "$ whisker {}\nexit {}\n",
        args.join(" "),
        o.status.code().unwrap_or(-1)
    );
    text += &String::from_utf8_lossy(&o.stdout);
    untimed(&text.replace(&dir.display().to_string(), "[scratch]"))
}

/// `2000 games in 0.03 s (59725 games/s), seed 1` with the seconds and the rate blanked: the
/// one thing about a run its seed does not fix.
fn untimed(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        match (line.find(" games in "), line.find(" games/s)")) {
            (Some(i), Some(j)) if j > i => {
                out += &format!(
                    "{} games in [seconds] s ([rate] games/s){}\n",
                    &line[..i],
                    &line[j + " games/s)".len()..]
                );
            }
            _ => out += &format!("{line}\n"),
        }
    }
    out
}

#[test]
fn timing_is_all_that_is_blanked() {
    assert_eq!(
        untimed("whisker\n2000 games in 0.03 s (59725 games/s), seed 1\n  seat 1"),
        "whisker\n2000 games in [seconds] s ([rate] games/s), seed 1\n  seat 1\n"
    );
}

fn with_players<'a>(g: &'a Game, mut args: Vec<&'a str>) -> Vec<&'a str> {
    if let Some(p) = g.players {
        args.extend(["--players", p]);
    }
    args
}

/// Every command on game `g`, each output against its committed snapshot.
fn every_command_reads_as_reviewed(g: &Game) {
    let d = scratch(&format!("snapshots-{}", g.name));
    let dir = d.join(g.name);
    let at = |what: &str| dir.join(what).to_str().unwrap().to_string();
    let (sim, cmp, sweep, ladder) = (at("simulate"), at("compare"), at("sweep"), at("ladder"));
    let run = |name: &str, args: Vec<&str>| {
        insta::assert_snapshot!(format!("{}-{name}", g.name), shown(&args, &d));
    };
    run(
        "simulate",
        with_players(
            g,
            vec![
                "simulate",
                g.config,
                "--games",
                g.games,
                "--games-csv",
                "--strength",
                g.strength,
                "--quiet",
                "--out",
                &sim,
            ],
        ),
    );
    run("check", vec!["check", "--baseline", &sim, "--quiet"]);
    run(
        "replay",
        with_players(g, vec!["replay", g.config, "--game", "0"]),
    );
    run(
        "compare",
        with_players(
            g,
            vec![
                "compare",
                g.config,
                "--set-b",
                g.change,
                "--games",
                g.games,
                "--strength",
                g.strength,
                "--quiet",
                "--out",
                &cmp,
            ],
        ),
    );
    run(
        "sweep",
        with_players(
            g,
            vec![
                "sweep",
                g.config,
                "--vary",
                g.vary,
                "--games",
                g.games,
                "--strength",
                g.strength,
                "--quiet",
                "--out",
                &sweep,
            ],
        ),
    );
    run(
        "ladder",
        with_players(
            g,
            vec![
                "ladder", g.config, "--bots", g.ladder, "--games", "4", "--quiet", "--out", &ladder,
            ],
        ),
    );
    run("bots", vec!["bots", g.config]);
}

// One test a game, so the games run side by side.
#[test]
fn mice_heist_cheese() {
    every_command_reads_as_reviewed(&GAMES[0]);
}

#[test]
fn mice_heist_ratings() {
    every_command_reads_as_reviewed(&GAMES[1]);
}

#[test]
fn cat_and_the_mouse() {
    every_command_reads_as_reviewed(&GAMES[2]);
}

#[test]
fn cheesy_heist_at_5() {
    every_command_reads_as_reviewed(&GAMES[3]);
}

#[test]
fn mouse_chaos() {
    every_command_reads_as_reviewed(&GAMES[4]);
}

#[test]
fn mouse_chaos_at_2() {
    every_command_reads_as_reviewed(&GAMES[5]);
}

/// A registered game without snapshots would change unseen: each built-in config has an entry
/// in `GAMES` (what its compare, sweep and ladder change), and each entry a test above that runs
/// it (one test an entry, so the games run side by side).
#[test]
fn every_registered_config_has_snapshots() {
    for entry in whisker::games::REGISTRY {
        assert!(
            GAMES.iter().any(|g| g.config == entry.name()),
            "{}: add it to `GAMES` and a test that runs it (docs/adding-a-game.md)",
            entry.name()
        );
    }
    // The tests above, read from this file: which entries of `GAMES` they run.
    let call = concat!("every_command_reads_as_reviewed(&GAMES", "[");
    let mut run: Vec<usize> = include_str!("snapshots.rs")
        .match_indices(call)
        .filter_map(|(at, _)| {
            let rest = &include_str!("snapshots.rs")[at + call.len()..];
            rest[..rest.find(']')?].parse().ok()
        })
        .collect();
    run.sort_unstable();
    let all: Vec<usize> = (0..GAMES.len()).collect();
    assert_eq!(run, all, "each entry of `GAMES` needs a test that runs it");
}

#[test]
fn games_lists_every_config() {
    let d = scratch("snapshots-games");
    insta::assert_snapshot!("games", shown(&["games"], &d));
}
