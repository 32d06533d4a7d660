//! Issue 29, item 6: a run that will take more than about a minute says so first, on stderr,
//! with how to make it shorter; a quick one says nothing. The rate is the test hook's
//! (`WHISKER_TEST_RATE`, games a second), never the clock's, so every figure is exact.

mod common;

use std::fs;
use std::path::Path;
use std::process::Output;

use common::*;

/// `whisker` in `dir` at `rate` games a second, as the note projects it.
fn at_rate(rate: &str, dir: &Path, args: &[&str]) -> Output {
    let o = command()
        .current_dir(dir)
        .env("WHISKER_TEST_RATE", rate)
        .args(args)
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    o
}

#[test]
fn a_long_run_says_what_it_will_cost_and_how_to_make_it_shorter() {
    let d = scratch("cost-long");
    let o = at_rate(
        "10",
        &d,
        &[
            "simulate",
            "--bots",
            "greedy",
            "--games",
            "2000",
            "--threads",
            "1",
            "--out",
            "a",
        ],
    );
    // 2,000 games at 10 a second: 200 s. A minute's worth is 600 games, and 1.96 √(¼ / 600)
    // is 4.0 points.
    assert_eq!(
        stderr(&o),
        "note: this run will take about 3 minutes (2,000 games at about 10 games/s on 1 thread). \
         Ctrl-C stops it and keeps every finished game; or play fewer: --games 600 takes about \
         60 seconds and gives win rates to within ±4.0 points (95%).\n"
    );
}

#[test]
fn every_command_projects_its_whole_run() {
    let d = scratch("cost-commands");
    // A check runs where its baseline's config is, and writes nothing.
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases: [(&[&str], &str); 5] = [
        // Each seat rotation is a game of each rate: 2 × 300 games give ±4.0.
        (
            &[
                "simulate",
                "--games",
                "1000",
                "--bots",
                "greedy,random",
                "--rotate-seats",
            ],
            "(2,000 games at about 10 games/s on 1 thread). Ctrl-C stops it and keeps every finished game; or play fewer: --games 300 takes about 60 seconds and gives win rates to within ±4.0 points (95%).",
        ),
        // Both sides' games; a paired difference's widest interval is 1.96 √(1 / 300).
        (
            &[
                "compare",
                "--set-b",
                "chips.blue.high=3",
                "--bots",
                "greedy",
                "--games",
                "1000",
            ],
            "(2,000 games at about 10 games/s on 1 thread). Ctrl-C stops it and keeps every finished game; or play fewer: --games 300 takes about 60 seconds and gives each difference of win rates to within ±11.3 points (95%; at most, and less the more often the two sides' games end alike).",
        ),
        (
            &[
                "sweep",
                "--vary",
                "chips.blue.high=2..3",
                "--bots",
                "greedy",
                "--games",
                "1000",
            ],
            "(2,000 games at about 10 games/s on 1 thread). Ctrl-C stops it and keeps every finished point; or play fewer: --games 300 takes about 60 seconds and gives the win rates at each point to within ±5.7 points (95%).",
        ),
        // Two bots at two seats: each pairing plays its 200 seeds twice (each bot in each seat
        // once), and the strongest bot plays every seat 400 games: 1,200 games.
        (
            &[
                "ladder",
                "cat-and-the-mouse",
                "--bots",
                "random,sleuth+thief",
                "--games",
                "200",
            ],
            "note: this ladder will take about 2 minutes (1,200 games at about 10 games/s on 1 thread). Ctrl-C stops it and keeps every finished pairing; or play fewer: --games 100 takes about 60 seconds and gives each pairing's win rate to within ±6.9 points (95%).",
        ),
        (
            &["check", "--baseline", "results/baselines/cheese"],
            "note: this check will take about 7 minutes (4,000 games at about 10 games/s on 1 thread). Ctrl-C stops it, checking nothing. A baseline of 600 games would check in about 60 seconds (made with `whisker simulate … --games 600 --games-csv`).",
        ),
    ];
    for (i, (command, says)) in cases.into_iter().enumerate() {
        let mut args = command.to_vec();
        let out = format!("r{i}");
        args.extend(["--threads", "1"]);
        let dir = if command[0] == "check" {
            repo
        } else {
            args.extend(["--out", &out]);
            &d
        };
        let err = stderr(&at_rate("10", dir, &args));
        assert!(err.contains(says), "{command:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{command:?}: once: {err}");
    }
}

#[test]
fn a_quick_run_and_a_quiet_one_say_nothing() {
    let d = scratch("cost-quick");
    // 2,000 games at 1,000 a second: 2 s.
    let quick = at_rate(
        "1000",
        &d,
        &[
            "simulate", "--bots", "greedy", "--games", "2000", "--out", "a",
        ],
    );
    assert_eq!(stderr(&quick), "");
    // Only just long: 2,000 games in 91 s, then in 89 s.
    let long = at_rate(
        "21.9",
        &d,
        &[
            "simulate", "--bots", "greedy", "--games", "2000", "--out", "b",
        ],
    );
    assert!(stderr(&long).starts_with("note: "), "{}", stderr(&long));
    let short = at_rate(
        "22.5",
        &d,
        &[
            "simulate", "--bots", "greedy", "--games", "2000", "--out", "c",
        ],
    );
    assert_eq!(stderr(&short), "");
    let quiet = at_rate(
        "10",
        &d,
        &[
            "simulate", "--bots", "greedy", "--games", "2000", "--quiet", "--out", "d",
        ],
    );
    assert_eq!(stderr(&quiet), "");
}

#[test]
fn the_note_changes_no_byte_of_the_result() {
    let d = scratch("cost-same");
    let run = |rate: &str, dir: &str| {
        let dir = d.join(dir);
        fs::create_dir_all(&dir).unwrap();
        let o = at_rate(
            rate,
            &dir,
            &[
                "simulate",
                "--games",
                "2000",
                "--bots",
                "greedy,random",
                "--rotate-seats",
                "--games-csv",
                "--out",
                "r",
            ],
        );
        // All but the line that tells the run's own speed.
        let said: Vec<String> = stdout(&o)
            .lines()
            .filter(|l| !l.contains("games/s"))
            .map(String::from)
            .collect();
        (stderr(&o), said)
    };
    let (noted, noted_out) = run("10", "noted");
    let (quiet, quiet_out) = run("1000000", "plain");
    assert!(
        noted.starts_with("note: ") && quiet.is_empty(),
        "{noted}{quiet}"
    );
    assert_eq!(noted_out, quiet_out);
    let (noted, plain) = (d.join("noted/r"), d.join("plain/r"));
    let names = files(&noted);
    assert_eq!(names, files(&plain));
    for name in names.iter().filter(|n| *n != "host.toml") {
        assert_eq!(
            fs::read(noted.join(name)).unwrap(),
            fs::read(plain.join(name)).unwrap(),
            "{name} differs"
        );
    }
}

/// What a run plays when not told: the games in its `run.toml`, and its folder's name (which
/// names `games-N` only for a count other than that). Each run stops after its first game.
fn default_run(name: &str, args: &[&str]) -> (u64, String) {
    let d = scratch(name);
    let o = command()
        .current_dir(&d)
        .env("WHISKER_TEST_STOP", "1,now")
        .args(args)
        .args(["--threads", "1", "--quiet"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let folders = files(&d.join("results"));
    assert_eq!(folders.len(), 1, "{folders:?}");
    let dir = d.join("results").join(&folders[0]);
    let games = run_value(&dir, "games")
        .and_then(|v| v.as_integer())
        .unwrap();
    (games as u64, folders[0].clone())
}

#[test]
fn a_run_plays_the_default_games_unless_told_and_its_folder_names_only_another_count() {
    // Every built-in config plays 100,000 games when not told, at every table size (Mouse Chaos
    // at 2 and 3 players once played fewer, when most of its games ran to the turn cap), but
    // Mice Heist: its default bots search, and 8,000 games take about half a minute.
    let cases: [(&[&str], u64, &str); 9] = [
        (&["simulate"], 8_000, "cheese"),
        (
            &["simulate", "--games", "100000"],
            100_000,
            "cheese+games-100000",
        ),
        (
            &[
                "compare",
                "mice-heist-ratings",
                "--set-b",
                "rules.track_length=12",
            ],
            8_000,
            "compare-ratings-vs-ratings+b-rules.track_length=12",
        ),
        (
            &["simulate", "mouse-chaos", "--players", "2"],
            100_000,
            "mouse-chaos+players-2",
        ),
        (
            &[
                "simulate",
                "mouse-chaos",
                "--players",
                "2",
                "--games",
                "20000",
            ],
            20_000,
            "mouse-chaos+players-2+games-20000",
        ),
        (
            &[
                "simulate",
                "mouse-chaos",
                "--players",
                "2",
                "--games",
                "100000",
            ],
            100_000,
            "mouse-chaos+players-2",
        ),
        (
            &["simulate", "mouse-chaos", "--players", "3"],
            100_000,
            "mouse-chaos+players-3",
        ),
        (&["simulate", "mouse-chaos"], 100_000, "mouse-chaos"),
        (
            &["compare", "mouse-chaos", "--set-a", "rules.players=2"],
            100_000,
            "compare-mouse-chaos-vs-mouse-chaos+a-rules.players=2",
        ),
    ];
    for (i, (args, games, folder)) in cases.into_iter().enumerate() {
        let got = default_run(&format!("cost-default-{i}"), args);
        assert_eq!(got, (games, folder.to_string()), "{args:?}");
    }
    // A sweep's cost counts every point's games.
    let d = scratch("cost-default-sweep");
    let o = command()
        .current_dir(&d)
        .env("WHISKER_TEST_STOP", "1,now")
        .env("WHISKER_TEST_RATE", "1")
        .args([
            "sweep",
            "mouse-chaos",
            "--vary",
            "rules.players=4,2",
            "--threads",
            "1",
        ])
        .output()
        .expect("runs");
    assert!(
        stderr(&o).contains("(200,000 games at about 1.0 games/s"),
        "{}",
        stderr(&o)
    );
}

/// A tune's long round says its cost before it is played out, and a tune with figures under
/// strong play says beforehand what those may cost (the search's rate is the game's own, not
/// timed: Cat & The Mouse's strength sample is 20,000 games, about ten seconds' worth).
#[test]
fn a_tune_says_what_its_rounds_and_its_strong_play_may_cost() {
    let d = scratch("cost-tune");
    let tune = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "cat-and-the-mouse",
            "--vary",
            "rules.rooms=12..14",
            "--threads",
            "1",
        ];
        args.extend_from_slice(extra);
        at_rate("10", &d, &args)
    };
    let o = tune(&["--target", "mouse_win_rate=35%±3%", "--out", "a"]);
    let err = stderr(&o);
    // Round 1: 3 values × 1,000 games at 10 a second.
    assert!(
        err.contains(
            "note: this round will take about 5 minutes (3,000 games at about 10 games/s on 1 \
             thread). Ctrl-C stops it and keeps every finished round; or tune fewer points: \
             each plays its round's games, on every table.\n"
        ),
        "{err}"
    );
    assert!(!err.contains("under strong play"), "{err}");
    let o = tune(&["--target", "mouse_win_rate=35%±3%", "--quiet", "--out", "b"]);
    assert_eq!(stderr(&o), "", "quiet says nothing");
    // Half the default budget of 1,000,000 games is the strong table's: at 2,000 games a second
    // (20,000 in ten seconds), about 4 minutes. (A target no value can meet: round 1 ends it.)
    let o = command()
        .current_dir(&d)
        .env("WHISKER_TEST_RATE", "10")
        .args([
            "tune",
            "cat-and-the-mouse",
            "--vary",
            "rules.rooms=12,13",
            "--threads",
            "1",
        ])
        .args(["--target", "mouse_win_rate@strong=..5%", "--out", "c"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with(
            "tune: 2 values of rules.rooms, at most 1000000 games (--max-games), up to 500000 of \
             them under strong play: at about 2,000 games/s on two cores, up to 4 minutes \
             (Ctrl-C keeps every finished round)\n"
        ),
        "{}",
        stderr(&o)
    );
}
