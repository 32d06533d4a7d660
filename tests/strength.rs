//! The strength sample: the run's first seeds played again by the default search at every seat,
//! and each headline figure's verdict beside it, in the terminal, the CSV files and the page.

mod common;

use std::fs;
use std::path::Path;

use common::{builtins, scratch, stderr, stdout, whisker};

/// A small Mice Heist run with a sample of 24 games, on seed 9.
fn sampled(d: &Path, name: &str, threads: &str) -> String {
    let out = d.join(name);
    let o = whisker(&[
        "simulate",
        "mice-heist-cheese",
        "--bots",
        "greedy",
        "--games",
        "200",
        "--seed",
        "9",
        "--strength",
        "24",
        "--threads",
        threads,
        "--quiet",
        "--report",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    stdout(&o)
}

/// A CSV file's rows, each as its cells.
fn rows(path: &Path) -> Vec<Vec<String>> {
    let text = fs::read_to_string(path).unwrap();
    text.lines()
        .map(|l| l.split(',').map(String::from).collect())
        .collect()
}

fn column(table: &[Vec<String>], name: &str) -> usize {
    table[0].iter().position(|h| h == name).expect(name)
}

/// Seat 1's win rate, as `seats.csv` writes it, in `games` Cat & The Mouse games played by the
/// search at every seat with `sets`, to `out`.
fn searched_seat_1(out: &Path, games: &str, sets: &[&str]) -> String {
    let out = out.to_str().unwrap();
    let mut args = vec![
        "simulate",
        "cat-and-the-mouse",
        "--games",
        games,
        "--bots",
        "ismcts",
        "--quiet",
        "--out",
        out,
    ];
    for s in sets {
        args.extend(["--set", s]);
    }
    let o = whisker(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let seats = rows(&Path::new(out).join("seats.csv"));
    seats[1][column(&seats, "win_rate")].clone()
}

#[test]
fn the_sample_replays_the_run_s_first_seeds_with_the_search() {
    let d = scratch("strength-seeds");
    sampled(&d, "run", "2");
    // The same first 24 seeds, played by the search at every seat as a run of its own.
    let o = whisker(&[
        "simulate",
        "mice-heist-cheese",
        "--games",
        "24",
        "--seed",
        "9",
        "--bots",
        "ismcts",
        "--quiet",
        "--out",
        d.join("search").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("These figures are strong play's: ismcts at every seat."));

    let strength = rows(&d.join("run/strength.csv"));
    let seats = rows(&d.join("search/seats.csv"));
    let (from, strong) = (column(&strength, "from"), column(&strength, "strong_value"));
    let sampled: Vec<&str> = strength[1..]
        .iter()
        .filter(|r| r[from] == "seats")
        .map(|r| r[strong].as_str())
        .collect();
    let played: Vec<&str> = seats[1..]
        .iter()
        .map(|r| r[column(&seats, "win_rate")].as_str())
        .collect();
    assert_eq!(sampled, played);

    // Every summary figure's strong value is the search run's own value.
    let summary = rows(&d.join("run/summary.csv"));
    let theirs = rows(&d.join("search/summary.csv"));
    let at = column(&summary, "strong_value");
    for (ours, their) in summary[1..].iter().zip(&theirs[1..]) {
        assert_eq!(ours[0], their[0]);
        assert_eq!(ours[at], their[1], "{}", ours[0]);
    }

    let run = fs::read_to_string(d.join("run/run.toml")).unwrap();
    assert!(
        run.contains("strength_bots = \"ismcts\"\nstrength_games = 24\n"),
        "{run}"
    );
    assert!(run.contains("--strength 24\""), "{run}");
}

/// On seed 9 the 24 searched games confirm some figures and not others; each verdict is the
/// run's value against the sample's interval, as the file has them, and the terminal and the
/// page name the figures not confirmed.
#[test]
fn each_figure_s_flag_is_its_value_against_the_sample_s_interval() {
    let d = scratch("strength-flags");
    let out = sampled(&d, "run", "1");
    let strength = rows(&d.join("run/strength.csv"));
    let c = |n| column(&strength, n);
    let number = |s: &str| s.parse::<f64>().unwrap();
    let mut doubted = Vec::new();
    for r in &strength[1..] {
        let (value, low, high) = (
            number(&r[c("value")]),
            number(&r[c("strong_ci_low")]),
            number(&r[c("strong_ci_high")]),
        );
        let inside = low <= value && value <= high;
        let word = if inside { "confirmed" } else { "not confirmed" };
        assert_eq!(r[c("strong_play")], word, "{r:?}");
        if !inside {
            doubted.push(r[c("figure")].clone());
        }
    }
    let figures: Vec<&str> = strength[1..]
        .iter()
        .map(|r| r[c("figure")].as_str())
        .collect();
    assert_eq!(
        figures,
        [
            "seat 1",
            "seat 2",
            "seat 3",
            "seat 4",
            "mean_turns",
            "median_turns",
            "seat_gap",
            "shared_victory_rate",
            "capped_rate",
            "test_success_rate"
        ]
    );
    assert_eq!(doubted, ["seat 3", "test_success_rate"]);
    // The terminal and the page name a summary figure in words, as the findings do.
    let line = "! Under strong play (ismcts at every seat, on the run's first 24 seeds), 2 of 10 figures are not confirmed: seat 3, test success rate (strength.csv).";
    assert!(out.contains(line), "{out}");
    let page = fs::read_to_string(d.join("run/report.html")).unwrap();
    assert!(page.contains(line), "page lead");
    assert!(page.contains("<h2>Under strong play</h2>"));

    // The first seat's rate in summary.csv carries seat 1's verdict.
    let summary = rows(&d.join("run/summary.csv"));
    let first = summary
        .iter()
        .find(|r| r[0] == "first_seat_win_rate")
        .unwrap();
    assert_eq!(
        first[column(&summary, "strong_play")],
        strength[1][c("strong_play")]
    );
}

#[test]
fn the_sample_is_the_same_on_any_thread_count() {
    let d = scratch("strength-threads");
    let one = sampled(&d, "one", "1");
    let two = sampled(&d, "two", "2");
    for file in ["strength.csv", "summary.csv", "seats.csv", "run.toml"] {
        assert_eq!(
            fs::read(d.join("one").join(file)).unwrap(),
            fs::read(d.join("two").join(file)).unwrap(),
            "{file}"
        );
    }
    let strip = |s: &str| s.lines().skip(2).collect::<Vec<_>>().join("\n");
    let blank = |s: String| {
        s.lines()
            .filter(|l| !l.starts_with("strength sample:") && !l.contains(" in /"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(blank(strip(&one)), blank(strip(&two)));
}

#[test]
fn a_run_without_a_sample_says_so_everywhere() {
    let d = scratch("strength-off");
    let out = d.join("off");
    let o = whisker(&[
        "simulate",
        "cat-and-the-mouse",
        "--games",
        "300",
        "--strength",
        "off",
        "--report",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let said = "No strength sample was played (--strength off): these figures are the run's bots' opinion and may not hold for good players.";
    assert!(stdout(&o).contains(said), "{}", stdout(&o));
    let page = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        page.contains(&said.replace("(--strength off)", "with this run")),
        "page"
    );
    let strength = rows(&out.join("strength.csv"));
    let at = column(&strength, "strong_play");
    assert!(strength[1..].iter().all(|r| r[at] == "not played"));
    let run = fs::read_to_string(out.join("run.toml")).unwrap();
    assert!(!run.contains("strength_"), "{run}");
    assert!(run.contains("--strength off\""), "{run}");

    // Asked for by a word it does not know: the flag is named, exit 2.
    let o = whisker(&["simulate", "--strength", "lots", "--games", "10"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("--strength") && err.contains("`lots` is not off, auto or a number of games"),
        "{err}"
    );
}

/// One game has no spread: a sample of one would give a mean an interval of a single point and
/// call every other value "not confirmed" (or, in check, "moves"). `--strength 1` is refused,
/// and a one-game run plays no sample and says why.
#[test]
fn a_sample_is_never_a_single_game() {
    let d = scratch("strength-one");
    let one = d.join("one");
    for command in [
        vec!["simulate", "--games", "30"],
        vec!["compare", "--set-b", "chips.blue.high=3", "--games", "30"],
        vec!["sweep", "--vary", "chips.blue.high=3,4", "--games", "30"],
    ] {
        let mut args = command.clone();
        args.extend(["--strength", "1", "--out", one.to_str().unwrap()]);
        let o = whisker(&args);
        assert_eq!(o.status.code(), Some(2), "{command:?}");
        assert!(
            stderr(&o).contains("--strength")
                && stderr(&o)
                    .contains("one game has no spread to judge a figure by; give 2 or more"),
            "{}",
            stderr(&o)
        );
        assert!(!one.exists());
    }
    let out = d.join("single");
    let o = whisker(&[
        "simulate",
        "--games",
        "1",
        "--strength",
        "auto",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(
            "No strength sample was played (the run is too short: a sample needs at least 2 games)"
        ),
        "{}",
        stdout(&o)
    );
    let strength = rows(&out.join("strength.csv"));
    let at = column(&strength, "strong_play");
    assert!(strength[1..].iter().all(|r| r[at] == "not played"));
    // More asked than the run plays: the sample is the run's every game, and says why.
    let o = whisker(&[
        "simulate",
        "cat-and-the-mouse",
        "--games",
        "6",
        "--strength",
        "10",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("strength sample: 6 games in ")
            && stdout(&o)
                .contains("(every game of the run: --strength 10 asks for more than it played)"),
        "{}",
        stdout(&o)
    );
}

/// A run whose own lineup is the one `--strength-bots` names is strong play itself, and its
/// `reproduce` line says so again: the rerun writes the very same files.
#[test]
fn a_run_of_the_strong_lineup_reproduces_as_one() {
    let d = scratch("strength-itself");
    let first = d.join("first");
    let o = whisker(&[
        "simulate",
        "--games",
        "40",
        "--bots",
        "greedy",
        "--strength-bots",
        "greedy",
        "--quiet",
        "--out",
        first.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let record: toml::Table = fs::read_to_string(first.join("run.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let line = record["reproduce"].as_str().unwrap();
    assert!(line.contains("--strength-bots greedy"), "{line}");
    let again = d.join("again");
    let mut args: Vec<&str> = line.split(' ').skip(1).collect();
    args.extend(["--quiet", "--out", again.to_str().unwrap()]);
    let o = whisker(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for file in ["summary.csv", "strength.csv", "seats.csv"] {
        assert_eq!(
            fs::read_to_string(first.join(file)).unwrap(),
            fs::read_to_string(again.join(file)).unwrap(),
            "{file}"
        );
    }
    let strength = rows(&again.join("strength.csv"));
    let at = column(&strength, "strong_play");
    assert!(strength[1..].iter().all(|r| r[at] == "strong play"));
}

/// `compare` plays its sample on both sides from the same first seeds: each difference of the
/// sample is the difference of two runs of the search on those seeds, and a difference the
/// sample confirms says it keeps its sign, in the terminal and on the page.
#[test]
fn compare_s_sample_is_the_search_on_both_sides() {
    let d = scratch("strength-compare");
    let at = |name: &str| d.join(name).to_str().unwrap().to_string();
    let change = "variants.deep_pockets=true";
    let o = whisker(&[
        "compare",
        "cat-and-the-mouse",
        "--set-b",
        change,
        "--games",
        "3000",
        "--strength",
        "400",
        "--report",
        "--quiet",
        "--out",
        &at("compare"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let seat = |sets: &[&str], name: &str| -> f64 {
        searched_seat_1(&d.join(name), "400", sets).parse().unwrap()
    };
    let diff = seat(&[change], "b") - seat(&[], "a");
    let compared = rows(&d.join("compare/compare.csv"));
    let row = compared.iter().find(|r| r[0] == "seat_1_win_rate").unwrap();
    let strong: f64 = row[column(&compared, "strong_diff")].parse().unwrap();
    assert!((strong - diff).abs() < 1e-6, "{strong} against {diff}");
    assert_eq!(row[column(&compared, "strong_play")], "keeps its sign");
    let line =
        "Under strong play (ismcts at every seat, on the first 400 seeds of both sides), of the";
    assert!(out.contains(line), "{out}");
    assert!(
        out.contains("of the 4 significant differences the sample measures: keeps its sign: seat gap, seat 1 (inspector) win rate, seat 2 (mouse) win rate; unsettled (the sample cannot tell its sign): mean game length (rounds)."),
        "{out}"
    );
    let page = fs::read_to_string(d.join("compare/report.html")).unwrap();
    assert!(page.contains(line), "page");
    let run = fs::read_to_string(d.join("compare/run.toml")).unwrap();
    assert!(run.contains("--strength 400\""), "{run}");
}

/// `sweep` plays its sample at every point, on the point's first seeds: the sample's seat 1 at
/// a point is a run of the search there; the terminal, the page and `run.toml` say so.
#[test]
fn sweep_s_sample_is_the_search_at_every_point() {
    let d = scratch("strength-sweep");
    let at = |name: &str| d.join(name).to_str().unwrap().to_string();
    let o = whisker(&[
        "sweep",
        "cat-and-the-mouse",
        "--vary",
        "variants.subtle_movement=false,true",
        "--games",
        "600",
        "--strength",
        "200",
        "--report",
        "--quiet",
        "--out",
        &at("sweep"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "Under strong play (ismcts at every seat, on the first 200 seeds of each point)"
        ),
        "{out}"
    );
    let page = fs::read_to_string(d.join("sweep/report.html")).unwrap();
    assert!(
        page.contains("on the first 200 seeds of each point"),
        "page"
    );
    let swept = rows(&d.join("sweep/sweep_strength.csv"));
    let (metric, strong) = (column(&swept, "metric"), column(&swept, "strong_value"));
    for value in ["false", "true"] {
        let set = format!("variants.subtle_movement={value}");
        let searched = searched_seat_1(&d.join(format!("point-{value}")), "200", &[&set]);
        let row = swept
            .iter()
            .find(|r| r[0] == value && r[metric] == "seat_1_win_rate")
            .unwrap();
        assert_eq!(row[strong], searched, "{value}");
    }
    let run = fs::read_to_string(d.join("sweep/run.toml")).unwrap();
    assert!(
        run.contains("strength_games = 200\n") && run.contains("--strength 200\""),
        "{run}"
    );
}

/// Stopped during the sample (the test hook stands in for Ctrl-C once 230 games are played: the
/// run's 200 and some of the sample's), the run keeps every game, the sample's finished ones
/// are used, the exit code says it was interrupted, and `run.toml` replays exactly those.
#[test]
fn a_stopped_sample_keeps_its_games_and_says_so() {
    let d = scratch("strength-stopped");
    let out = d.join("run");
    let o = common::command()
        .env("WHISKER_TEST_STOP", "230")
        .args([
            "simulate",
            "cat-and-the-mouse",
            "--games",
            "200",
            "--strength",
            "100",
            "--threads",
            "1",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let text = stdout(&o);
    let kept: u64 = text
        .split("during the strength sample: its first ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!((1..100).contains(&kept), "{kept}");
    assert!(text.contains("every game of the run was played"), "{text}");
    let run = fs::read_to_string(out.join("run.toml")).unwrap();
    assert!(run.contains(&format!("strength_games = {kept}\n")), "{run}");
    assert!(run.contains(&format!("--strength {kept}\"")), "{run}");
    let summary = rows(&out.join("summary.csv"));
    assert_eq!(summary[1][0], "games");
    assert_eq!(summary[1][1], "200");
    assert_eq!(
        summary[1][column(&summary, "strong_value")],
        kept.to_string()
    );
}

/// A sweep stopped in a point's strength sample keeps the points before it, each whole with its
/// sample, and says the sweep is partial.
#[test]
fn a_sweep_stopped_in_a_sample_keeps_the_points_before_it() {
    let d = scratch("strength-sweep-stopped");
    let out = d.join("sweep");
    // The first point's 300 games and 100 of sample, then the second point's 300: the hook
    // fires in the second point's sample.
    let o = common::command()
        .env("WHISKER_TEST_STOP", "720")
        .args([
            "sweep",
            "cat-and-the-mouse",
            "--vary",
            "variants.subtle_movement=false,true",
            "--games",
            "300",
            "--strength",
            "100",
            "--threads",
            "1",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let run = fs::read_to_string(out.join("run.toml")).unwrap();
    assert!(
        run.contains("points_finished = 1\n") && run.contains("partial = true"),
        "{run}"
    );
    let swept = rows(&out.join("sweep_strength.csv"));
    assert!(swept[1..].iter().all(|r| r[0] == "false"), "{swept:?}");
    let at = column(&swept, "strong_play");
    assert!(swept[1..].iter().all(|r| r[at] != "not played"));
}

/// `--strength-bots` chooses the strong lineup: the sample is that lineup's own run on the first
/// seeds, run.toml and its reproduce line name it spelled out (a preset too), and a lineup that
/// is not one is refused by that flag's name.
#[test]
fn strength_bots_chooses_the_lineup_the_sample_plays() {
    let d = scratch("strength-bots");
    let run = d.join("run");
    let o = whisker(&[
        "simulate",
        "cat-and-the-mouse",
        "--games",
        "60",
        "--strength",
        "30",
        "--set",
        "bots.reference=ismcts(iterations=4)",
        "--strength-bots",
        "reference",
        "--quiet",
        "--out",
        run.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("strength sample: 30 games in ")
            && stdout(&o).contains("ismcts(iterations=4) at every seat\n"),
        "{}",
        stdout(&o)
    );
    let strength = rows(&run.join("strength.csv"));
    let seat_1 = &strength[1];
    assert_eq!(seat_1[1], "seat 1");
    let theirs = searched_seat_1(&d.join("search"), "30", &[]);
    let ours = &seat_1[column(&strength, "strong_value")];
    let o = whisker(&[
        "simulate",
        "cat-and-the-mouse",
        "--games",
        "30",
        "--bots",
        "ismcts(iterations=4)",
        "--quiet",
        "--out",
        d.join("asked").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let seats = rows(&d.join("asked/seats.csv"));
    assert_eq!(ours, &seats[1][column(&seats, "win_rate")]);
    // The default search plays other games: the sample is not it.
    assert_ne!(
        ours, &theirs,
        "the sample played the default search, not the one asked"
    );

    let record = fs::read_to_string(run.join("run.toml")).unwrap();
    assert!(
        record.contains("strength_bots = \"ismcts(iterations=4)\"\nstrength_games = 30\n"),
        "{record}"
    );
    assert!(
        record.contains("--strength 30 --strength-bots 'ismcts(iterations=4)'"),
        "{record}"
    );

    let o = whisker(&[
        "simulate",
        "cat-and-the-mouse",
        "--games",
        "10",
        "--strength-bots",
        "nosuch",
        "--quiet",
        "--out",
        d.join("bad").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--strength-bots: unknown bot `nosuch`"),
        "{}",
        stderr(&o)
    );
    assert!(!d.join("bad").exists());
}

/// `check` plays the baseline's strength sample again: on an unchanged game it plays the same
/// games, so nothing moves there; with a rule changed, each metric's change under strong play
/// is the changed game's sample less the baseline's, as their own runs give them.
#[test]
fn check_replays_the_baseline_s_sample_and_says_what_holds() {
    let d = scratch("strength-check");
    let base = d.join("base");
    let search = "ismcts(iterations=3)";
    let o = whisker(&[
        "simulate",
        "cat-and-the-mouse",
        "--games",
        "300",
        "--games-csv",
        "--strength",
        "40",
        "--strength-bots",
        search,
        "--quiet",
        "--out",
        base.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let check = |extra: &[&str]| {
        let mut args = vec!["check", "--baseline", base.to_str().unwrap(), "--quiet"];
        args.extend(extra);
        if !extra.contains(&"--strength") {
            args.extend(["--strength", "auto"]);
        }
        whisker(&args)
    };

    let o = check(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains(&format!(
            "Under strong play ({search} at every seat, on the baseline's first 40 seeds): nothing moved here to hold or not."
        )),
        "{text}"
    );
    // The same games: every change under strong play is exactly 0, and says `same`.
    // Every checked metric of the game but the length distribution's KS has a figure there:
    // the 7 of seats and summary, and the share of each of the 5 endings but the cap's.
    let unchanged = text
        .lines()
        .filter(|l| l.contains(" 0.000000 (") && l.ends_with(") same"))
        .count();
    assert_eq!(unchanged, 12, "{text}");
    assert!(!text.contains(" moves\n") && !text.contains("! "), "{text}");
    // More games than the baseline's sample: all of it, and said (it was cut down unsaid).
    let o = check(&["--strength", "500"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("on the baseline's first 40 seeds (all of the baseline's sample: --strength 500 asks for more than it played)"),
        "{}",
        stdout(&o)
    );

    // Fewer games than the baseline's sample are set against the whole of it, and said.
    let o = check(&["--strength", "20"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("on the baseline's first 20 seeds, against the baseline's whole sample of 40: even an unchanged game moves by chance there)"),
        "{}",
        stdout(&o)
    );

    // Subtle movement helps the Mouse a great deal.
    let changed = "variants.subtle_movement=true";
    let o = check(&["--set", changed, "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["strength"]["games"], 40);
    let metric = |name: &str| {
        json["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["metric"] == name)
            .unwrap()
            .clone()
    };
    // The changed game's own sample, played as a run of its own.
    let o = whisker(&[
        "simulate",
        "cat-and-the-mouse",
        "--set",
        changed,
        "--games",
        "40",
        "--bots",
        search,
        "--quiet",
        "--out",
        d.join("deep").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let seats = rows(&d.join("deep/seats.csv"));
    let now: f64 = seats[1][column(&seats, "win_rate")].parse().unwrap();
    let strength = rows(&base.join("strength.csv"));
    let then: f64 = strength[1][column(&strength, "strong_value")]
        .parse()
        .unwrap();
    let seat_1 = metric("seat_1_win_rate");
    let strong = seat_1["strong_change"].as_f64().unwrap();
    assert!((strong - (now - then)).abs() < 1e-6, "{seat_1}");
    assert!(seat_1["strong_ci_low"].as_f64().unwrap() < strong);
    // The word is the sign rule's: a change that moved, against the sample's interval.
    let word = seat_1["strong_play"].as_str().unwrap();
    let (low, high) = (
        seat_1["strong_ci_low"].as_f64().unwrap(),
        seat_1["strong_ci_high"].as_f64().unwrap(),
    );
    let diff = seat_1["diff"].as_f64().unwrap();
    assert_ne!(seat_1["status"], "same", "{seat_1}");
    let expected = if low <= 0.0 && high >= 0.0 {
        "unsettled"
    } else if (diff > 0.0) == (low > 0.0) {
        "keeps its sign"
    } else {
        "flips"
    };
    assert_eq!(word, expected, "{seat_1}");

    // With no sample, what moved is said to be unknown under strong play; with nothing moved,
    // nothing is in question.
    let o = check(&["--set", changed, "--strength", "off"]);
    assert!(
        stdout(&o).contains("No strength sample was played (--strength off): whether these changes hold for good players is not known."),
        "{}",
        stdout(&o)
    );
    let o = check(&["--strength", "off"]);
    assert!(
        stdout(&o).contains(
            "No strength sample was played (--strength off); nothing moved here to hold or not."
        ),
        "{}",
        stdout(&o)
    );
}

/// Every built-in config names a strength reference, and `results/reference/<config>/` is what
/// `scripts/reference.sh` makes of it today: the preset at every seat, the config as built in,
/// each seat's interval within ±2.5 points, and the convergence table true to its strength.csv.
/// A rules change that leaves the reference behind fails here: remake it with the script.
#[test]
fn every_built_in_config_has_its_strength_reference_committed() {
    let d = scratch("strength-reference");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/reference");
    for name in &builtins().collect::<Vec<_>>() {
        let dir = root.join(name);
        let o = whisker(&["bots", name]);
        let listing = stdout(&o);
        let preset = listing
            .lines()
            .find_map(|l| l.trim().strip_prefix("reference"))
            .and_then(|l| l.trim().strip_prefix('='))
            .unwrap_or_else(|| panic!("{name}: no `reference` preset:\n{listing}"))
            .trim();
        let run = fs::read_to_string(dir.join("run.toml")).unwrap();
        let record: toml::Table = toml::from_str(&run).unwrap();
        let bots = record["bots"].as_array().unwrap();
        assert!(
            bots.iter().all(|b| b.as_str() == Some(preset)),
            "{name}: {run}"
        );
        assert_eq!(record["games"].as_integer(), Some(1600), "{name}");

        // The config as built in today.
        let fresh = d.join(name);
        let o = whisker(&[
            "simulate",
            name,
            "--games",
            "1",
            "--quiet",
            "--out",
            fresh.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(
            fs::read_to_string(dir.join("config.toml")).unwrap(),
            fs::read_to_string(fresh.join("config.toml")).unwrap(),
            "{name}: the config changed since its reference was made; run scripts/reference.sh {name}"
        );

        let seats = rows(&dir.join("seats.csv"));
        let (low, high) = (column(&seats, "ci_low"), column(&seats, "ci_high"));
        for s in &seats[1..] {
            let half = (s[high].parse::<f64>().unwrap() - s[low].parse::<f64>().unwrap()) / 2.0;
            assert!(half <= 0.025, "{name}: {s:?}");
        }

        let strength = rows(&dir.join("strength.csv"));
        let table = rows(&dir.join("convergence.csv"));
        assert_eq!(
            table[0],
            [
                "from",
                "figure",
                "value",
                "ci_low",
                "ci_high",
                "doubled",
                "moved",
                "allowed",
                "converged"
            ]
        );
        assert_eq!(table.len(), strength.len(), "{name}");
        let c = |t: &[Vec<String>], n| column(t, n);
        for (row, s) in table[1..].iter().zip(&strength[1..]) {
            let f = |i: usize| row[i].parse::<f64>().unwrap();
            assert_eq!(row[1], s[c(&strength, "figure")]);
            assert_eq!(row[c(&table, "doubled")], s[c(&strength, "strong_value")]);
            let (value, low, high, doubled) = (f(2), f(3), f(4), f(5));
            let (moved, allowed) = (f(6), f(7));
            assert!(
                (moved - (doubled - value).abs()).abs() < 1e-6,
                "{name}: {row:?}"
            );
            assert!((allowed - (high - low)).abs() < 1e-6, "{name}: {row:?}");
            let converged = if moved <= allowed + 1e-9 { "yes" } else { "no" };
            assert_eq!(row[8], converged, "{name}: {row:?}");
        }
    }
}
