//! Hostile and careless inputs and faults: each test is one finding of the battery in issue 10,
//! and fails without its fix. Nothing a designer wrote is lost, finished games are kept, and a
//! mistake is exit 2 with a message naming what is wrong — never a panic.

mod common;

use std::ffi::OsString;
use std::fs;
use std::os::unix::ffi::OsStringExt;
use std::path::Path;
use std::time::Instant;

use common::*;

/// A failing command: exit 2, each of `says` in the message, no panic.
fn refused(o: &std::process::Output, says: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    for s in says {
        assert!(err.contains(s), "expected `{s}` in: {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

fn ok(o: &std::process::Output) {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
}

// 1. A folder is replaced only when whisker can prove it wrote it, and a user's file survives.
#[test]
fn a_run_toml_alone_does_not_make_a_folder_replaceable() {
    let d = scratch("marker");
    let p = d.join("p");
    fs::create_dir_all(p.join("src")).unwrap();
    fs::write(p.join("run.toml"), "[task]\n").unwrap();
    fs::write(p.join("src/main.c"), "int main;\n").unwrap();
    let o = whisker_in(&d, &["simulate", "--games", "20", "--out", "p", "--quiet"]);
    refused(&o, &["did not write it"]);
    assert_eq!(
        fs::read_to_string(p.join("src/main.c")).unwrap(),
        "int main;\n"
    );

    let r = d.join("r");
    ok(&whisker_in(
        &d,
        &["simulate", "--games", "20", "--out", "r", "--quiet"],
    ));
    fs::write(r.join("notes.txt"), "blue chip too strong?").unwrap();
    ok(&whisker_in(
        &d,
        &["simulate", "--games", "30", "--out", "r", "--quiet"],
    ));
    assert_eq!(
        fs::read_to_string(r.join("notes.txt")).unwrap(),
        "blue chip too strong?"
    );
    assert_eq!(run_value(&r, "games").unwrap().as_integer(), Some(30));
}

// 2a. Nor do two that differ only in a flag the folder's name leaves out: the strength sample,
// or a sequential comparison. Before, the later run replaced the earlier's result; now it goes to `-2`.
#[test]
fn a_flag_the_name_leaves_out_still_keeps_each_result() {
    let d = scratch("unnamed");
    let sample = ["simulate", "cat-and-the-mouse", "--games", "200", "--quiet"];
    let compare = [
        "compare",
        "cheesy-heist",
        "--set-b",
        "rules.goal_4_players=6",
        "--games",
        "1000",
        "--quiet",
    ];
    for args in [
        &[&sample[..], &["--strength", "20"]].concat(),
        &sample[..],
        &compare[..],
        &[&compare[..], &["--sequential"]].concat(),
        // The same command line again reuses its folder.
        &[&sample[..], &["--strength", "20"]].concat(),
    ] {
        ok(&whisker_in(&d, args));
    }
    let folders = files(&d.join("results"));
    assert_eq!(folders.len(), 4, "{folders:?}");
    let value = |f: &str, key: &str| run_value(&d.join("results").join(f), key);
    let cat = "cat-and-the-mouse+games-200";
    let sampled = |f: &str| value(f, "strength_games").and_then(|v| v.as_integer());
    assert_eq!(sampled(cat), Some(20));
    assert_eq!(
        sampled(&format!("{cat}-2")),
        None,
        "played without a sample"
    );
    let cmp = "compare-cheesy-heist-vs-cheesy-heist+games-1000+b-rules.goal_4_players=6";
    assert!(folders.contains(&cmp.to_string()), "{folders:?}");
    assert!(folders.contains(&format!("{cmp}-2")), "{folders:?}");
}

// 2. Two different command lines never share a default folder.
#[test]
fn different_command_lines_write_different_default_folders() {
    let d = scratch("defaults");
    for args in [
        &["simulate", "--games", "20"][..],
        &[
            "simulate",
            "--games",
            "20",
            "--players",
            "3",
            "--set",
            "rules.track_length=8",
        ],
        &["simulate", "--games", "20", "--bots", "random"],
        &["sweep", "--vary", "chips.blue.high=3,4", "--games", "20"],
        &["sweep", "--vary", "chips.blue.high=2..6", "--games", "20"],
    ] {
        ok(&whisker_in(&d, &[args, &["--quiet"]].concat()));
    }
    // Two tunes of the same keys with different targets or seeds: each answer keeps its folder.
    for extra in [
        &["mouse_win_rate=35%±3%"][..],
        &["mouse_win_rate=50%±3%"],
        &["mouse_win_rate=35%±3%", "--seed", "2"],
    ] {
        let tune = [
            "tune",
            "cat-and-the-mouse",
            "--vary",
            "rules.rooms=12..14",
            "--quiet",
            "--target",
        ];
        let o = whisker_in(&d, &[&tune[..], extra].concat());
        assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    }
    let folders = files(&d.join("results"));
    assert_eq!(folders.len(), 8, "{folders:?}");
    assert!(
        folders.contains(&"cheese+players-3+games-20+rules.track_length=8".to_string()),
        "{folders:?}"
    );
    // Another config of the same file name gets a folder of its own; the same command line
    // again reuses its folder.
    fs::create_dir(d.join("v2")).unwrap();
    let edited = include_str!("../configs/mice-heist/cheese.toml").replace("high = 4", "high = 3");
    fs::write(d.join("v2/cheese.toml"), edited).unwrap();
    for args in [
        &["simulate", "v2/cheese.toml", "--games", "20", "--quiet"][..],
        &["simulate", "--games", "20", "--quiet"],
    ] {
        ok(&whisker_in(&d, args));
    }
    let folders = files(&d.join("results"));
    assert!(
        folders.contains(&"cheese+games-20-2".to_string()),
        "{folders:?}"
    );
    assert_eq!(folders.len(), 9, "{folders:?}");
    let config = |f: &str| run_value(&d.join("results").join(f), "config").unwrap();
    assert_eq!(config("cheese+games-20-2").as_str(), Some("v2/cheese.toml"));
    assert!(
        config("cheese+games-20")
            .as_str()
            .unwrap()
            .starts_with("<built-in")
    );
}

// 3. SIGTERM and SIGHUP keep the finished games, as Ctrl-C does, with 128 + the signal. Each
// is sent, for real, once 300 games are finished (the test hook: no clock decides when), so the
// run keeps its chunks of 128 up to the one under way.
#[test]
fn sigterm_and_sighup_keep_the_finished_games() {
    let d = scratch("signals");
    for (sig, code) in [("TERM", 143), ("HUP", 129)] {
        let out = d.join(sig);
        let o = stopped(
            &["simulate", "--bots", "greedy"],
            &out,
            &format!("300,{sig}"),
        );
        assert_eq!(o.status.code(), Some(code), "{sig}: {}", stderr(&o));
        assert_eq!(run_value(&out, "partial").unwrap().as_bool(), Some(true));
        assert_eq!(
            run_value(&out, "played").unwrap().as_integer(),
            Some(384),
            "{sig}"
        );
    }
    // Started under nohup, a run is not stopped by SIGHUP.
    let nohup = d.join("nohup");
    let ignoring = std::process::Command::new("sh")
        .env("WHISKER_STRENGTH", "off")
        .env("WHISKER_TEST_STOP", "300,HUP")
        .args([
            "-c",
            &format!(
                "trap '' HUP; exec {} simulate --bots greedy --games 3000 --threads 1 --quiet --out {}",
                bin().to_string_lossy(),
                nohup.display()
            ),
        ])
        .output()
        .unwrap();
    assert!(ignoring.status.success(), "{}", stderr(&ignoring));
    assert_eq!(
        run_value(&nohup, "played").unwrap().as_integer(),
        Some(3000)
    );
}

// 4. A killed run's staging folder is cleaned by the next run; compare keeps its games too.
#[test]
fn killed_runs_leave_nothing_behind_for_long() {
    let d = scratch("killed");
    let out = d.join("r");
    let child = endless(&["simulate"], &out);
    wait_for(|| staging_in(&d));
    signal(&child, "KILL");
    let _ = child.wait_with_output();
    assert!(staging_in(&d), "the kill left its staging folder");
    ok(&whisker(&[
        "simulate",
        "--games",
        "20",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(!staging_in(&d), "{:?}", files(&d));

    let c = d.join("c");
    let o = stopped(&["compare"], &c, "300,INT");
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(!staging_in(&d), "{:?}", files(&d));
    assert_eq!(run_value(&c, "partial").unwrap().as_bool(), Some(true));
    // Its reproduce line plays the games it holds.
    let played = run_value(&c, "played").unwrap().as_integer().unwrap();
    let reproduce = run_value(&c, "reproduce").unwrap();
    assert!(
        reproduce
            .as_str()
            .unwrap()
            .contains(&format!("--games {played} ")),
        "{reproduce}"
    );
}

// 1. A result that cannot be put where it was asked for is kept beside it, even when the
// warning that says so cannot be printed.
#[test]
fn a_finished_result_is_never_lost_to_a_closed_stderr() {
    let d = scratch("closed-stderr");
    let r = d.join("r");
    ok(&whisker(&[
        "simulate",
        "--games",
        "20",
        "--quiet",
        "--out",
        r.to_str().unwrap(),
    ]));
    // The user's own config.toml: the next result would overwrite it.
    fs::write(r.join("config.toml"), "mine").unwrap();
    let mut child = spawn(&[
        "simulate",
        "--games",
        "30",
        "--quiet",
        "--out",
        r.to_str().unwrap(),
    ]);
    drop(child.stderr.take());
    assert!(child.wait().unwrap().success());
    assert_eq!(fs::read_to_string(r.join("config.toml")).unwrap(), "mine");
    assert_eq!(
        run_value(&d.join("r-2"), "played").unwrap().as_integer(),
        Some(30)
    );
}

/// An answer that cannot be written fails the run: `check --format json > answer.json` on a
/// full disk once gave exit 0 and an empty file. A closed pipe (`| head`) stays no error.
#[test]
fn an_answer_that_cannot_be_written_fails_the_run() {
    let d = scratch("full-stdout");
    let to_full = |args: &[&str]| {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        command().args(args).stdout(full).output().expect("runs")
    };
    let r = d.join("r");
    let o = to_full(&[
        "simulate",
        "cat-and-the-mouse",
        "--games",
        "200",
        "--games-csv",
        "--quiet",
        "--out",
        r.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("writing to standard output"),
        "{}",
        stderr(&o)
    );
    // The games are written all the same.
    assert_eq!(run_value(&r, "played").unwrap().as_integer(), Some(200));
    let o = to_full(&[
        "check",
        "--baseline",
        r.to_str().unwrap(),
        "--format",
        "json",
        "--quiet",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("writing to standard output"),
        "{}",
        stderr(&o)
    );
    let o = to_full(&["games"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // Help and the version too: they once exited 0 with nothing written.
    for args in [
        &["--help"][..],
        &["--version"],
        &["simulate", "--help"],
        &["help", "compare"],
    ] {
        let o = to_full(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("writing to standard output"),
            "{args:?}"
        );
    }
    // A reader that stops early is no failure.
    let mut child = command()
        .args([
            "simulate",
            "cat-and-the-mouse",
            "--games",
            "200",
            "--quiet",
            "--out",
            d.join("p").to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    assert!(child.wait().unwrap().success());
}

// 5. A second run to the same folder is refused before it plays, and the first loses nothing.
#[test]
fn a_second_run_to_the_same_folder_is_refused_before_it_plays() {
    let d = scratch("concurrent");
    let out = d.join("same");
    let first = spawn(&[
        "simulate",
        "--games",
        "6000",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    wait_for(|| staging_in(&d));
    let started = Instant::now();
    let second = endless(&["simulate"], &out).wait_with_output().unwrap();
    refused(&second, &["another whisker run is writing"]);
    assert!(started.elapsed() < PROMPTLY, "refused before playing");
    let first = first.wait_with_output().unwrap();
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(run_value(&out, "played").unwrap().as_integer(), Some(6000));
}

// 6. --out values that cannot take a result are refused before any game is played.
#[test]
fn unusable_out_folders_are_refused_before_playing() {
    let d = scratch("outs");
    let empty = d.join("empty");
    fs::create_dir(&empty).unwrap();
    let long = ["simulate", "--games", "50000000", "--quiet", "--out"];
    let started = Instant::now();
    refused(
        &whisker_in(&empty, &[&long[..], &["."]].concat()),
        &["folder you are working in"],
    );
    refused(
        &whisker_in(&empty, &[&long[..], &[".."]].concat()),
        &["folder you are working in"],
    );
    // /proc is a mount point on every Linux machine.
    refused(
        &whisker(&[&long[..], &["/proc"]].concat()),
        &["mount point"],
    );
    fs::write(d.join("file"), "").unwrap();
    refused(
        &whisker_in(&d, &[&long[..], &["file"]].concat()),
        &["is a file"],
    );
    assert!(started.elapsed() < PROMPTLY, "checked before playing");
    // `res/.` names res.
    ok(&whisker_in(
        &empty,
        &["simulate", "--games", "20", "--quiet", "--out", "res/."],
    ));
    assert!(empty.join("res/summary.csv").is_file());
    assert_eq!(files(&empty), ["res"]);
}

/// `bytes` as a file name: not UTF-8.
fn raw(bytes: &[u8]) -> OsString {
    OsString::from_vec(bytes.to_vec())
}

// 7. Paths that are not UTF-8 never panic, in any command.
#[test]
fn paths_that_are_not_utf8_work() {
    let d = scratch("nonutf8");
    let config = raw(b"conf\xff.toml");
    fs::write(
        d.join(&config),
        include_str!("../configs/mice-heist/cheese.toml"),
    )
    .unwrap();
    let out = raw(b"r\xff\xfes");
    let sim = |extra: &[&str], out: &OsString| {
        let mut args: Vec<OsString> = vec![
            "simulate".into(),
            config.clone(),
            "--out".into(),
            out.clone(),
        ];
        args.extend(["--games", "40", "--quiet", "--report"].map(OsString::from));
        args.extend(extra.iter().map(OsString::from));
        whisker_in(&d, &args)
    };
    ok(&sim(&[], &out));
    assert!(d.join(&out).join("report.html").is_file());
    let shards = [raw(b"s0\xff"), raw(b"s1\xff")];
    for (i, s) in shards.iter().enumerate() {
        ok(&sim(&["--shard", &format!("{i}/2")], s));
    }
    let mut merge: Vec<OsString> = vec!["merge".into()];
    merge.extend(shards.iter().cloned());
    merge.extend(["--out".into(), raw(b"m\xff")]);
    ok(&whisker_in(&d, &merge));
    let mut compare: Vec<OsString> = vec![
        "compare".into(),
        config.clone(),
        "--out".into(),
        raw(b"c\xff"),
    ];
    compare.extend(["--games", "40", "--quiet", "--report"].map(OsString::from));
    ok(&whisker_in(&d, &compare));
    let mut sweep: Vec<OsString> = vec![
        "sweep".into(),
        config.clone(),
        "--out".into(),
        raw(b"w\xff"),
    ];
    sweep.extend(
        [
            "--vary",
            "chips.blue.high=3,4",
            "--games",
            "40",
            "--quiet",
            "--report",
        ]
        .map(OsString::from),
    );
    ok(&whisker_in(&d, &sweep));
    ok(&whisker_in(&d, &[OsString::from("report"), out]));
}

// 8. Game counts too large to number are refused with the limit.
#[test]
fn game_counts_that_overflow_are_refused_with_the_limit() {
    let scratch_dir = scratch("overflow");
    let out = scratch_dir.join("never");
    for (seats, bots, games, limit) in [
        (
            "4",
            "greedy,random",
            "9223372036854775808",
            "at most 9223372036854775807",
        ),
        (
            "3",
            "greedy,random,random",
            "6148914691236517206",
            "at most 6148914691236517205",
        ),
    ] {
        let o = whisker(&[
            "simulate",
            "--players",
            seats,
            "--bots",
            bots,
            "--rotate-seats",
            "--games",
            games,
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        refused(&o, &[limit]);
    }
    assert!(!out.exists());
}

// 9. A sweep's grid is bounded before anything is built.
#[test]
fn sweep_grids_are_bounded() {
    let scratch_dir = scratch("grid");
    let out = scratch_dir.join("never");
    let o = whisker(&[
        "sweep",
        "--vary",
        "chips.blue.high=-9223372036854775808..9223372036854775807",
        "--out",
        out.to_str().unwrap(),
    ]);
    refused(&o, &["at most 1001 values"]);
    let mut args = vec![
        "sweep".to_string(),
        "--out".into(),
        out.to_str().unwrap().into(),
    ];
    for key in [
        "chips.blue.high",
        "chips.blue.low",
        "chips.green.high",
        "chips.green.low",
        "chips.yellow.high",
        "chips.yellow.low",
        "rules.track_length",
    ] {
        args.extend(["--vary".into(), format!("{key}=1..10")]);
    }
    let started = Instant::now();
    let o = whisker(&args.iter().map(String::as_str).collect::<Vec<_>>());
    refused(&o, &["10000000 points", "at most 10000"]);
    assert!(started.elapsed() < PROMPTLY);
    assert!(!out.exists());
}

/// The rows of a CSV file as maps from column to cell.
fn rows(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records()
        .map(|row| {
            header
                .iter()
                .cloned()
                .zip(row.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

// 10. Sweeping the player count gives each point its own seats.
#[test]
fn sweeping_the_player_count_gives_each_point_its_own_seats() {
    let d = scratch("players");
    for (name, values) in [("up", "2..4"), ("down", "4,2,3")] {
        let out = d.join(name);
        ok(&whisker(&[
            "sweep",
            "--vary",
            &format!("rules.players={values}"),
            "--games",
            "300",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]));
        let rows = rows(&out.join("sweep.csv"));
        let reproduce = run_value(&out, "reproduce").unwrap();
        assert!(
            !reproduce.as_str().unwrap().contains("--players"),
            "{reproduce}"
        );
        for row in &rows {
            let players: usize = row["rules.players"].parse().unwrap();
            for s in 1..=4 {
                assert_eq!(
                    row[&format!("seat_{s}_win_rate")].is_empty(),
                    s > players,
                    "{row:?}"
                );
            }
        }
    }
    // Its page reads each seat over its point's fair share: a raw seat rate moves with the
    // table's size whatever the balance, and is no finding.
    ok(&whisker(&["report", d.join("up").to_str().unwrap()]));
    // Lower-cased: a finding opens with a capital.
    let page = fs::read_to_string(d.join("up/report.html"))
        .unwrap()
        .to_lowercase();
    for s in 1..=4 {
        assert!(
            !page.contains(&format!("seat {s} win rate moves across the sweep")),
            "{page}"
        );
    }
    // The 3-player point is the 3-player game, seat for seat.
    let single = d.join("three");
    ok(&whisker(&[
        "simulate",
        "--players",
        "3",
        "--games",
        "300",
        "--quiet",
        "--out",
        single.to_str().unwrap(),
    ]));
    let seats = rows(&single.join("seats.csv"));
    let point = rows(&d.join("up/sweep.csv"))
        .into_iter()
        .find(|r| r["rules.players"] == "3")
        .unwrap();
    for s in 0..3 {
        assert_eq!(seats[s]["seat"], (s + 1).to_string());
        assert_eq!(
            point[&format!("seat_{}_win_rate", s + 1)],
            seats[s]["win_rate"]
        );
    }
}

// 11. `game` and `edition` choose the game: no override or sweep may change them.
#[test]
fn game_and_edition_cannot_be_overridden() {
    let scratch_dir = scratch("edition");
    let out = scratch_dir.join("never");
    let o = out.to_str().unwrap();
    refused(
        &whisker(&["simulate", "--set", "edition=ratings", "--out", o]),
        &["field `edition`", "cannot be set"],
    );
    refused(
        &whisker(&["simulate", "--set", "game=chess", "--out", o]),
        &["field `game`"],
    );
    refused(
        &whisker(&["sweep", "--vary", "edition=cheese,ratings", "--out", o]),
        &["field `edition`"],
    );
    assert!(!out.exists());
}

// 12. run.toml holds any name or value, and report, check and merge read it back.
#[test]
fn run_toml_holds_any_name_and_value() {
    let d = scratch("names");
    let config = "cafe\u{301}.toml";
    fs::write(
        d.join(config),
        include_str!("../configs/mice-heist/cheese.toml"),
    )
    .unwrap();
    let set = "skills.acrobat.name=Acro\u{1b}[1mbat 'the' \"great\"";
    let run = |out: &str, extra: &[&str]| {
        whisker_in(
            &d,
            &[
                &[
                    "simulate",
                    config,
                    "--games",
                    "60",
                    "--games-csv",
                    "--quiet",
                    "--set",
                    set,
                    "--out",
                    out,
                ][..],
                extra,
            ]
            .concat(),
        )
    };
    ok(&run("base", &[]));
    let text = fs::read_to_string(d.join("base/run.toml")).unwrap();
    let record: toml::Table = text.parse().unwrap();
    assert_eq!(record["config"].as_str(), Some(config));
    assert_eq!(record["set"][0].as_str(), Some(set));
    ok(&whisker_in(&d, &["report", "base"]));
    ok(&whisker_in(&d, &["check", "--baseline", "base", "--quiet"]));
    for i in 0..2 {
        ok(&run(&format!("s{i}"), &["--shard", &format!("{i}/2")]));
    }
    ok(&whisker_in(&d, &["merge", "s0", "s1", "--out", "m"]));
    // The reproduce line plays the same games when a shell runs it.
    let reproduce =
        record["reproduce"]
            .as_str()
            .unwrap()
            .replacen("whisker", &bin().to_string_lossy(), 1);
    let again = std::process::Command::new("sh")
        .env("WHISKER_STRENGTH", "off")
        .current_dir(&d)
        .args(["-c", &format!("{reproduce} --quiet --out again")])
        .output()
        .unwrap();
    ok(&again);
    assert_eq!(
        fs::read(d.join("base/summary.csv")).unwrap(),
        fs::read(d.join("again/summary.csv")).unwrap()
    );
}

/// Three shards of one run with games.csv, in `d`.
fn shards(d: &Path) -> Vec<String> {
    (0..3)
        .map(|i| {
            let out = d.join(format!("shard{i}"));
            ok(&whisker(&[
                "simulate",
                "--games",
                "2003",
                "--games-csv",
                "--quiet",
                "--shard",
                &format!("{i}/3"),
                "--out",
                out.to_str().unwrap(),
            ]));
            out.to_str().unwrap().to_string()
        })
        .collect()
}

// 13. merge refuses damaged shards, naming the shard and the field.
#[test]
fn merge_refuses_damaged_shards() {
    let d = scratch("damaged-shards");
    let s = shards(&d);
    let merge = |out: &str| {
        let o = d.join(out);
        whisker(&["merge", &s[0], &s[1], &s[2], "--out", o.to_str().unwrap()])
    };
    ok(&merge("good"));
    let counters = Path::new(&s[1]).join("counters.txt");
    let original = fs::read_to_string(&counters).unwrap();
    let mut lines: Vec<String> = original.lines().map(String::from).collect();
    // The first number is the games counter.
    let games: u64 = lines[1].parse().unwrap();
    lines[1] = (games + 1000).to_string();
    fs::write(&counters, lines.join("\n") + "\n").unwrap();
    refused(&merge("m1"), &["shard1", "field `games`"]);
    lines[1] = games.to_string();
    lines[3] = u64::MAX.to_string();
    fs::write(&counters, lines.join("\n") + "\n").unwrap();
    refused(&merge("m2"), &["shard1"]);
    // The last counter, one less: every cross-check still holds (a count of wins can always
    // be lower), but the shard's marker knows.
    let mut lines: Vec<String> = original.lines().map(String::from).collect();
    let last = lines.iter().rposition(|l| l != "0").unwrap();
    lines[last] = (lines[last].parse::<u64>().unwrap() - 1).to_string();
    fs::write(&counters, lines.join("\n") + "\n").unwrap();
    refused(&merge("m6"), &["shard1", "counters.txt changed"]);
    fs::write(&counters, &original).unwrap();

    let games_csv = Path::new(&s[2]).join("games.csv");
    let rows = fs::read(&games_csv).unwrap();
    fs::write(&games_csv, &rows[..100]).unwrap();
    refused(&merge("m3"), &["shard2/games.csv"]);
    // A row changed in place: its turns no longer agree with the counters.
    let text = String::from_utf8(rows.clone()).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut cells: Vec<String> = lines[1].split(',').map(String::from).collect();
    cells[3] = (cells[3].parse::<u32>().unwrap() + 1).to_string();
    lines[1] = cells.join(",");
    fs::write(&games_csv, lines.join("\n") + "\n").unwrap();
    refused(&merge("m4"), &["shard2/games.csv", "disagree"]);
    fs::remove_file(&games_csv).unwrap();
    refused(&merge("m5"), &["shard2", "games.csv"]);
    // The merged result may not replace a shard it is made from.
    let into_own = whisker(&["merge", &s[0], &s[1], &s[2], "--out", &s[1]]);
    refused(&into_own, &["one of the shards"]);
    assert!(Path::new(&s[1]).join("counters.txt").is_file());
    for m in ["m1", "m2", "m3", "m4", "m5", "m6"] {
        assert!(!d.join(m).exists(), "{m}");
    }
}

// 13. Shards of one run given the config by two spellings of its path still merge.
#[test]
fn shards_merge_whatever_path_named_their_config() {
    let d = scratch("config-paths");
    fs::create_dir(d.join("configs")).unwrap();
    fs::write(
        d.join("configs/cheese.toml"),
        include_str!("../configs/mice-heist/cheese.toml"),
    )
    .unwrap();
    for (i, config) in ["configs/cheese.toml", "./configs/cheese.toml"]
        .iter()
        .enumerate()
    {
        let shard = format!("{i}/2");
        let out = format!("s{i}");
        let args = [
            "simulate", config, "--games", "60", "--quiet", "--shard", &shard, "--out", &out,
        ];
        ok(&whisker_in(&d, &args));
    }
    ok(&whisker_in(&d, &["merge", "s0", "s1", "--out", "m"]));
}

// 14. check on a damaged baseline: exit 2 with file, line and field, never a huge allocation.
#[test]
fn check_refuses_a_damaged_baseline() {
    let d = scratch("damaged-baseline");
    let b = d.join("b");
    ok(&whisker(&[
        "simulate",
        "--games",
        "50",
        "--games-csv",
        "--quiet",
        "--out",
        b.to_str().unwrap(),
    ]));
    let path = b.join("games.csv");
    let good = fs::read_to_string(&path).unwrap();
    let check = || whisker(&["check", "--baseline", b.to_str().unwrap(), "--quiet"]);
    let check_with = |text: String| {
        fs::write(&path, text).unwrap();
        check()
    };
    ok(&check());
    let edit = |column: usize, value: &str| {
        let mut lines: Vec<String> = good.lines().map(String::from).collect();
        let mut cells: Vec<&str> = lines[1].split(',').collect();
        cells[column] = value;
        lines[1] = cells.join(",");
        lines.join("\n") + "\n"
    };
    let started = Instant::now();
    for (text, says) in [
        (edit(3, "-1"), "games.csv:2: field `turns`"),
        (edit(3, "3000000000"), "games.csv:2: field `turns`"),
        (edit(7, "9"), "games.csv:2: field `winners`"),
        (good[..good.len() - 5].to_string(), "cut short"),
    ] {
        fs::write(&path, text).unwrap();
        refused(&check(), &[says]);
    }
    let mut bytes = good.clone().into_bytes();
    bytes[good.find('\n').unwrap() + 3] = 0xff;
    fs::write(&path, bytes).unwrap();
    refused(&check(), &["games.csv:2", "not text"]);
    assert!(started.elapsed() < PROMPTLY);
    refused(
        &check_with(edit(2, "12345")),
        &["games.csv:2: field `seed`"],
    );
    // A row edited so that it still reads well: the baseline's marker knows.
    fs::write(
        &path,
        edit(
            3,
            &(good
                .lines()
                .nth(1)
                .unwrap()
                .split(',')
                .nth(3)
                .unwrap()
                .parse::<u32>()
                .unwrap()
                + 1)
            .to_string(),
        ),
    )
    .unwrap();
    refused(&check(), &["games.csv changed"]);
    fs::write(&path, &good).unwrap();
    // tolerances.toml takes what --tolerance takes, and says where it does not.
    let tolerances = b.join("tolerances.toml");
    for (text, says) in [
        // A rate's 3 is a `%` left out: with it the check could never fail.
        (
            "mean_turns = 1\nseat_gap = 3\n",
            "tolerances.toml:2: field `seat_gap`: seat_gap is a rate",
        ),
        (
            "seat_gap = -0.01\n",
            "tolerances.toml:1: field `seat_gap`: expected a number at least 0",
        ),
        (
            "mean_turns = \"5%\"\n",
            "tolerances.toml:1: field `mean_turns`: mean_turns is not a rate",
        ),
        (
            "\nseat_gap = [1]\n",
            "tolerances.toml:2: field `seat_gap`: invalid type: array",
        ),
        (
            "\n\nseat_gapp = 0.01\n",
            "tolerances.toml:3: no metric `seat_gapp` is checked",
        ),
    ] {
        fs::write(&tolerances, text).unwrap();
        refused(&check(), &[says]);
    }
    fs::write(&tolerances, "seat_gap = \"2%\"\nmean_turns = 1\n").unwrap();
    let o = check();
    ok(&o);
    let said = String::from_utf8_lossy(&o.stdout).into_owned();
    let tolerance_of = |metric: &str| {
        said.lines()
            .find(|l| l.split_whitespace().next() == Some(metric))
            .map(|l| l.split_whitespace().nth(8).unwrap_or("").to_string())
    };
    assert_eq!(tolerance_of("seat_gap").as_deref(), Some("0.02"), "{said}");
    assert_eq!(tolerance_of("mean_turns").as_deref(), Some("1"), "{said}");
    fs::remove_file(&tolerances).unwrap();
    fs::create_dir(&tolerances).unwrap();
    refused(&check(), &["tolerances.toml", "cannot read"]);

    // The first K games of a run, as a baseline, are a run of K games.
    let k = d.join("k");
    ok(&whisker(&[
        "simulate",
        "--games",
        "80",
        "--stop-after",
        "40",
        "--games-csv",
        "--quiet",
        "--out",
        k.to_str().unwrap(),
    ]));
    assert_eq!(run_value(&k, "games").unwrap().as_integer(), Some(40));
    ok(&whisker(&[
        "check",
        "--baseline",
        k.to_str().unwrap(),
        "--quiet",
    ]));
}

// 15. replay refuses rotations the run did not have.
#[test]
fn replay_refuses_rotations_the_run_did_not_have() {
    refused(
        &whisker(&["replay", "--game", "0", "--rotation", "5"]),
        &["--rotation 5", "one seating"],
    );
    refused(
        &whisker(&[
            "replay",
            "--game",
            "0",
            "--bots",
            "greedy,random",
            "--rotation",
            "99",
        ]),
        &["2 distinct seat rotations (0 to 1)"],
    );
    ok(&whisker(&[
        "replay",
        "--game",
        "0",
        "--bots",
        "greedy,random",
        "--rotation",
        "1",
    ]));
}

// 15a. A Mice Heist job's id that games.csv could not hold bare is refused where it is written:
// a comma in it made whisker write rows of one field too many, exit 0, and then refuse its own
// games.csv in check and merge.
#[test]
fn a_job_id_games_csv_cannot_hold_is_refused() {
    let d = scratch("job-ids");
    for (file, text) in [
        (
            "cheese.toml",
            include_str!("../configs/mice-heist/cheese.toml"),
        ),
        (
            "ratings.toml",
            include_str!("../configs/mice-heist/ratings.toml"),
        ),
    ] {
        for id in [r#""A,B""#, r#""A\"B""#] {
            let renamed = text.replacen("[jobs.A]", &format!("[jobs.{id}]"), 1);
            assert_ne!(renamed, text, "{file}: no [jobs.A] to rename");
            let header = format!("[jobs.{id}]");
            let line = renamed.lines().position(|l| l == header).unwrap() + 1;
            let path = d.join(file);
            fs::write(&path, renamed).unwrap();
            let out = d.join("never");
            refused(
                &whisker(&[
                    "simulate",
                    path.to_str().unwrap(),
                    "--games",
                    "20",
                    "--games-csv",
                    "--out",
                    out.to_str().unwrap(),
                ]),
                &[
                    &format!("{file}:{line}: field `jobs.A"),
                    "may not hold a comma",
                ],
            );
            assert!(!out.exists());
        }
    }
}

// 16. The smaller ones.
#[test]
fn smaller_mistakes_get_plain_answers() {
    let d = scratch("smaller");
    let out = d.join("never");
    let o = out.to_str().unwrap();
    // A "config" that never ends is refused at a bound, not read until memory runs out.
    refused(
        &whisker(&["simulate", "/dev/zero", "--out", o]),
        &["/dev/zero: larger than 64 MiB: not a config"],
    );
    refused(
        &whisker(&[
            "simulate",
            "--set",
            "rules.max_turns=99999999999999999999",
            "--out",
            o,
        ]),
        &["too large for a whole number"],
    );
    refused(
        &whisker(&[
            "simulate",
            "--set",
            "rules.players=3\n[evil]\nx=1",
            "--out",
            o,
        ]),
        &["one line"],
    );
    refused(
        &whisker(&["simulate", "--games", "0", "--out", o]),
        &["play at least 1 game"],
    );
    refused(
        &whisker(&[
            "simulate", "--games", "200", "--shard", "0/1000", "--out", o,
        ]),
        &["use at most 200 shards"],
    );
    refused(
        &whisker(&[
            "sweep",
            "--vary",
            "chips.blue.high=2..3",
            "--set",
            "chips.blue.high=4",
            "--out",
            o,
        ]),
        &["set the same key"],
    );
    fs::write(d.join("afile"), "").unwrap();
    let under_file = d.join("afile/x");
    refused(
        &whisker(&[
            "simulate",
            "--games",
            "20",
            "--out",
            under_file.to_str().unwrap(),
        ]),
        &["afile is a file, not a folder"],
    );
    // One root message, not its knock-ons.
    let e = whisker(&["simulate", "--set", "rules.max_skills=0", "--out", o]);
    refused(&e, &["rules.max_skills"]);
    assert_eq!(stderr(&e).lines().count(), 1, "{}", stderr(&e));
    // A test of 12 chips is the one mistake: the bag of 11 was blamed too, at its line.
    let e = whisker(&["simulate", "--set", "rules.chips_per_test=12", "--out", o]);
    refused(&e, &["rules.chips_per_test", "allowed 1 to 4"]);
    assert_eq!(stderr(&e).lines().count(), 1, "{}", stderr(&e));
    // A max_skills below the starting hands is one mistake, the command line's: it was told
    // once a colour, at the file's lines, as "3 is out of range: allowed 1 to 1".
    let e = whisker(&["simulate", "--set", "rules.max_skills=1", "--out", o]);
    refused(
        &e,
        &[
            "field `rules.max_skills`: 1 is fewer than the 3 skills a colour starts with ([colours]): allowed 3 to",
            "(set on the command line: rules.max_skills=1)",
        ],
    );
    assert_eq!(stderr(&e).lines().count(), 1, "{}", stderr(&e));
    assert!(!out.exists());

    // Interrupted before its first point, a sweep exits 130 and writes nothing.
    let done = stopped(&["sweep", "--vary", "chips.blue.high=3,4"], &out, "300,INT");
    assert_eq!(done.status.code(), Some(130), "{}", stderr(&done));
    assert!(!out.exists() && !staging_in(&d));
}

// 16. A full disk names the file it could not write.
#[test]
fn a_full_disk_names_the_file() {
    let d = scratch("full");
    // The file size limit stands in for a full disk: writes past it fail (EFBIG) once SIGXFSZ
    // is ignored, as a full disk's do (ENOSPC).
    let o = std::process::Command::new("sh")
        .env("WHISKER_STRENGTH", "off")
        .current_dir(&d)
        .args([
            "-c",
            &format!(
                "trap '' XFSZ; ulimit -f 8; exec {} simulate --games 3000 --games-csv --quiet --out r",
                bin().to_string_lossy()
            ),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("games.csv"), "{}", stderr(&o));
    assert!(!d.join("r").exists() && !staging_in(&d), "{:?}", files(&d));
}

// A new user's trips: --report says where the page went; compare and sweep rotate seats; counts
// are whole numbers; check takes --set; every config error is listed.
#[test]
fn what_a_new_user_tripped_on() {
    let d = scratch("newuser");
    let o = whisker_in(&d, &["simulate", "--games", "40", "--quiet", "--report"]);
    ok(&o);
    assert!(
        stdout(&o).contains("report in results/cheese+games-40/report.html"),
        "{}",
        stdout(&o)
    );

    let c = d.join("c");
    ok(&whisker(&[
        "compare",
        "--games",
        "60",
        "--bots",
        "greedy,random",
        "--rotate-seats",
        "--set-b",
        "chips.blue.high=3",
        "--quiet",
        "--out",
        c.to_str().unwrap(),
    ]));
    let compared = rows(&c.join("compare.csv"));
    assert!(
        compared
            .iter()
            .any(|r| r["metric"] == "bot_random_win_rate")
    );
    let tests = compared.iter().find(|r| r["metric"] == "tests").unwrap();
    for col in ["a", "b", "diff", "ci_low", "ci_high"] {
        assert!(tests[col].parse::<i64>().is_ok(), "{col}: {tests:?}");
    }
    let s = d.join("s");
    ok(&whisker(&[
        "sweep",
        "--vary",
        "chips.blue.high=3,4",
        "--games",
        "60",
        "--bots",
        "greedy,random",
        "--rotate-seats",
        "--strength",
        "20",
        "--quiet",
        "--out",
        s.to_str().unwrap(),
    ]));
    assert!(rows(&s.join("sweep.csv"))[0].contains_key("bot_random_win_rate"));
    // The sample plays unrotated, so the bots' rows have no strong value: the page still renders.
    let unrotated = rows(&s.join("sweep_strength.csv"));
    assert!(
        unrotated
            .iter()
            .any(|r| r["metric"] == "bot_random_win_rate" && r["strong_value"].is_empty())
    );
    ok(&whisker(&["report", s.to_str().unwrap()]));
    assert!(s.join("report.html").is_file());

    let b = d.join("b");
    ok(&whisker(&[
        "simulate",
        "--games",
        "400",
        "--games-csv",
        "--quiet",
        "--out",
        b.to_str().unwrap(),
    ]));
    let changed = whisker(&[
        "check",
        "--baseline",
        b.to_str().unwrap(),
        "--set",
        "jobs.A.obstacles.0.target=9",
        "--quiet",
    ]);
    assert_eq!(changed.status.code(), Some(1), "{}", stderr(&changed));

    let bad = d.join("bad.toml");
    let good = include_str!("../configs/mice-heist/cheese.toml");
    fs::write(
        &bad,
        good.replace(
            "track_length = 10",
            "track_length = 10\ntrack_lenght = 9\nshuffle = 1",
        ),
    )
    .unwrap();
    let e = whisker(&[
        "simulate",
        bad.to_str().unwrap(),
        "--out",
        d.join("x").to_str().unwrap(),
    ]);
    refused(
        &e,
        &["unknown field `track_lenght`", "unknown field `shuffle`"],
    );
}

// A comparison of two table sizes plays again from its `reproduce` line, each side at its own.
#[test]
fn a_comparison_of_two_table_sizes_reproduces() {
    let d = scratch("compare-sizes");
    let (first, again) = (d.join("first"), d.join("again"));
    ok(&whisker(&[
        "compare",
        "--set-b",
        "rules.players=3",
        "--bots",
        "greedy",
        "--games",
        "200",
        "--quiet",
        "--out",
        first.to_str().unwrap(),
    ]));
    let reproduce = run_value(&first, "reproduce").unwrap();
    let line = reproduce.as_str().unwrap();
    assert!(!line.contains("--players"), "{line}");
    let mut args: Vec<&str> = line.split(' ').skip(1).collect();
    args.extend(["--quiet", "--out", again.to_str().unwrap()]);
    ok(&whisker(&args));
    assert_eq!(
        fs::read_to_string(first.join("compare.csv")).unwrap(),
        fs::read_to_string(again.join("compare.csv")).unwrap()
    );
    // A's fourth seat keeps its rows, B's side empty (they were dropped), and the terminal and
    // the page say first that each side's fair share differs.
    let csv = fs::read_to_string(first.join("compare.csv")).unwrap();
    for metric in ["seat_4_win_rate,0.", "seat_4_mean_score,"] {
        let row = csv.lines().find(|l| l.starts_with(metric)).expect(metric);
        assert!(row.split(',').nth(2) == Some(""), "{row}");
    }
    let said =
        "A seats 4 players and B 3: a seat's fair share of wins is 25.0% in A and 33.3% in B";
    let o = whisker(&[
        "compare",
        "--set-b",
        "rules.players=3",
        "--bots",
        "greedy",
        "--games",
        "200",
        "--strength",
        "off",
        "--report",
        "--out",
        d.join("told").to_str().unwrap(),
    ]);
    ok(&o);
    let terminal = String::from_utf8_lossy(&o.stdout);
    assert!(terminal.contains(&format!("! {said}")));
    // Each side's lineup is named: B seats three bots, not A's four.
    assert!(
        terminal.contains("bots greedy,greedy,greedy,greedy in A, greedy,greedy,greedy in B"),
        "{terminal}"
    );
    let page = fs::read_to_string(d.join("told/report.html")).unwrap();
    assert!(page.contains(said), "the page does not say it");
    // Each shared seat's win rate, and each win rate of the game's tables, has a row over its
    // side's fair share, and the raw rate (which moves with the fair share) is no finding.
    let told = d.join("told");
    let csv = fs::read_to_string(told.join("compare.csv")).unwrap();
    for seat in 1..=3 {
        let metric = format!("seat_{seat}_win_rate_over_fair_share,");
        assert!(csv.lines().any(|l| l.starts_with(&metric)), "{metric}");
    }
    assert!(!csv.contains("seat_4_win_rate_over_fair_share"));
    let items = fs::read_to_string(told.join("compare_items.csv")).unwrap();
    assert!(items.contains(",holder_win_rate_over_fair_share,rate,"));
    assert!(
        !terminal
            .lines()
            .any(|l| l.contains("! seat") && l.contains(" win rate: ")),
        "{terminal}"
    );
}

// 17. A table size given twice is refused, not dropped: `--set rules.players` beside
// `--players` (or beside the baseline a check replays) was ignored, and check said OK.
#[test]
fn a_table_size_given_twice_is_refused() {
    let d = scratch("players-twice");
    let b = d.join("b");
    let b = b.to_str().unwrap();
    ok(&whisker(&[
        "simulate",
        "--games",
        "40",
        "--games-csv",
        "--strength",
        "off",
        "--quiet",
        "--out",
        b,
    ]));
    refused(
        &whisker(&["check", "--baseline", b, "--set", "rules.players=3"]),
        &["rules.players=3", "at its 4 players"],
    );
    // The baseline's own count, said again, changes nothing.
    ok(&whisker(&[
        "check",
        "--baseline",
        b,
        "--set",
        "rules.players=4",
        "--quiet",
    ]));
    let out = d.join("s");
    let out = out.to_str().unwrap();
    let small = |args: &[&'static str]| {
        let mut args = args.to_vec();
        args.extend([
            "--games",
            "20",
            "--strength",
            "off",
            "--quiet",
            "--out",
            out,
        ]);
        whisker(&args)
    };
    let size = "the table size is already 4 here (--players)";
    for (args, says) in [
        (
            &["simulate", "--players", "4", "--set", "rules.players=9"][..],
            size,
        ),
        (
            &["compare", "--players", "4", "--set-b", "rules.players=3"],
            size,
        ),
        // Any key set twice by one flag: the later once replaced the earlier without a word.
        (
            &[
                "simulate",
                "--set",
                "rules.players=3",
                "--set",
                "rules.players=5",
            ],
            "field `rules.players`: `rules.players=5` (set on the command line): the key is set twice, also by --set rules.players=3: give each key once",
        ),
        (
            &[
                "compare",
                "--set-b",
                "chips.blue.high=3",
                "--set-b",
                "chips.blue.high=3",
            ],
            "`chips.blue.high=3` (set on the command line by --set-b): the key is set twice, also by --set-b chips.blue.high=3",
        ),
    ] {
        refused(&small(args), &[says]);
    }
    // The same key set for each side is not twice.
    ok(&small(&[
        "compare",
        "--set-a",
        "chips.blue.high=3",
        "--set-b",
        "chips.blue.high=5",
    ]));
}

// 18. A comparison of two games shares no table: its compare_items.csv is a header and no
// rows, which the report reads, not an empty file it refused.
#[test]
fn a_comparison_of_two_games_writes_a_table_of_no_items() {
    let d = scratch("two-games");
    let out = d.join("c");
    ok(&whisker(&[
        "compare",
        "mice-heist-cheese",
        "cat-and-the-mouse",
        "--bots",
        "random",
        "--games",
        "100",
        "--strength",
        "off",
        "--quiet",
        "--report",
        "--out",
        out.to_str().unwrap(),
    ]));
    let items = fs::read_to_string(out.join("compare_items.csv")).unwrap();
    assert_eq!(
        items,
        "file,item,name,column,kind,a,b,diff,ci_low,ci_high,p_value,p_holm,significant,over\n"
    );
    assert!(out.join("report.html").exists());
}

// 19. A stopped comparison's page tells the games it played and that it was stopped, as the
// terminal and compare.csv do: it said the games it had planned.
#[test]
fn a_stopped_comparisons_page_tells_the_games_it_played() {
    let d = scratch("compare-stopped");
    let out = d.join("c");
    let o = stopped(
        &[
            "compare",
            "cat-and-the-mouse",
            "--set-b",
            "rules.rooms=13",
            "--strength",
            "off",
            "--report",
        ],
        &out,
        "256,INT",
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let played = run_value(&out, "played").unwrap().as_integer().unwrap();
    assert!((256..50_000_000).contains(&played), "{played}");
    let page = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        page.contains(&format!("{played} games on each side")),
        "{page}"
    );
    assert!(
        page.contains(&format!(
            "This comparison was interrupted: the figures are for the {played} games a side played before it stopped."
        )),
        "{page}"
    );
    assert!(!page.contains("50,000,000 games"), "{page}");
}

// 20. A page is never written into another run's result folder: it replaced that folder's
// report.html, whose marker then read the folder as damaged, and the command exited 0.
#[test]
fn a_report_is_not_written_into_another_result_folder() {
    let d = scratch("report-other");
    for name in ["a", "b"] {
        ok(&whisker_in(
            &d,
            &[
                "simulate",
                "--games",
                "30",
                "--strength",
                "off",
                "--report",
                "--quiet",
                "--out",
                name,
            ],
        ));
    }
    let page = fs::read_to_string(d.join("b/report.html")).unwrap();
    for out in ["b/report.html", "b/other.html"] {
        refused(
            &whisker_in(&d, &["report", "a", "--out", out]),
            &["is the result folder of another run", "whisker report b"],
        );
    }
    refused(
        &whisker_in(&d.join("b"), &["report", "../a", "--out", "a.html"]),
        &["is the result folder of another run"],
    );
    assert_eq!(fs::read_to_string(d.join("b/report.html")).unwrap(), page);
    ok(&whisker_in(&d, &["report", "b"]));
    // Outside any result folder, and into its own, a page is written as before.
    ok(&whisker_in(&d, &["report", "a", "--out", "a.html"]));
    ok(&whisker_in(&d, &["report", "a", "--out", "a/again.html"]));
    // A pipe is not a page to replace: it is refused at once. Whisker read it to the end to see
    // whether it was one, and its own stdout never ends while it runs: `report --out
    // /dev/stdout | cat` waited for good (and `/dev/full` ran out of memory). The timeout turns
    // such a wait into a failure here.
    let piped = std::process::Command::new("sh")
        .current_dir(&d)
        .args(["-c", "exec timeout 20 \"$0\" \"$@\""])
        .arg(common::bin())
        .args(["report", "a", "--out", "/dev/stdout"])
        .output()
        .unwrap();
    refused(&piped, &["the file exists and is not a whisker report"]);
}

/// A mistake is told where it stands: a value in a baseline's run.toml by that file, its line
/// and its field (not by a flag never given), and a config made unsound by a `--set` deep in
/// one of its parts, or in another part, names that `--set` beside the file's line.
#[test]
fn a_mistake_is_blamed_on_where_it_stands() {
    let d = scratch("blame");
    let base: Vec<&str> =
        "simulate --bots greedy --games 30 --strength off --quiet --games-csv --out base"
            .split(' ')
            .collect();
    ok(&whisker_in(&d, &base));
    let record = fs::read_to_string(d.join("base/run.toml")).unwrap();
    for (name, from, to, says) in [
        (
            "bots",
            "\"greedy\", \"greedy\", \"greedy\", \"greedy\"",
            "\"nobot\", \"greedy\", \"greedy\", \"greedy\"",
            "bots/run.toml: field `bots`: unknown bot `nobot`",
        ),
        (
            "games",
            "games = 30",
            "games = \"thirty\"",
            "games/run.toml:5: field `games`: invalid value",
        ),
        // The baseline's own overrides are its record's, not the command line's.
        (
            "set",
            "set = []",
            "set = [\"rules.max_turns=0\"]",
            "0 is out of range: allowed 1 to 100000 (set in set/run.toml: rules.max_turns=0)",
        ),
        (
            "whole",
            "set = []",
            "set = [\"chips.blue.count=16\"]",
            "(with chips.blue.count=16 from whole/run.toml)",
        ),
    ] {
        let dir = d.join(name);
        fs::create_dir(&dir).unwrap();
        for f in fs::read_dir(d.join("base")).unwrap() {
            let f = f.unwrap();
            fs::copy(f.path(), dir.join(f.file_name())).unwrap();
        }
        assert!(record.contains(from), "{record}");
        fs::write(dir.join("run.toml"), record.replace(from, to)).unwrap();
        let o = whisker_in(&d, &["check", "--baseline", name, "--strength", "off"]);
        refused(&o, &[says]);
        assert!(!stderr(&o).contains("--bots"), "{}", stderr(&o));
    }
    refused(
        &whisker_in(&d, &["simulate", "--set", "chips.blue.count=16"]),
        &["field `chips`", "(with --set chips.blue.count=16)"],
    );
    refused(
        &whisker_in(
            &d,
            &[
                "simulate",
                "mouse-chaos",
                "--set",
                "rules.mice_per_colour=5",
            ],
        ),
        &["field `board.map`", "(with --set rules.mice_per_colour=5)"],
    );
    // Of several changes, only the one that made the problem is named.
    let o = whisker_in(
        &d,
        &[
            "simulate",
            "mouse-chaos",
            "--set",
            "rules.mice_per_colour=5",
            "--set",
            "bots.bold=shepherd(caution=5)",
        ],
    );
    refused(
        &o,
        &["field `board.map`", "(with --set rules.mice_per_colour=5)"],
    );
    assert!(!stderr(&o).contains("bots.bold"), "{}", stderr(&o));
}

/// `compare` with a mistake in each side's config names both at once: a designer fixing A
/// should not learn of B's only on the next run.
#[test]
fn compare_names_the_mistakes_of_both_sides() {
    let d = scratch("compare-both");
    let base = include_str!("../configs/mice-heist/cheese.toml");
    fs::write(
        d.join("a.toml"),
        base.replace("starting_cheese = 3 ", "starting_cheese = 99"),
    )
    .unwrap();
    fs::write(
        d.join("b.toml"),
        base.replace("total_cheese = 40 ", "total_cheese = 0 "),
    )
    .unwrap();
    let o = whisker_in(&d, &["compare", "a.toml", "b.toml", "--games", "20"]);
    refused(
        &o,
        &[
            "a.toml",
            "rules.starting_cheese",
            "b.toml",
            "rules.total_cheese",
        ],
    );
    // The same mistake read for both sides (one file, no --set) is said once.
    let o = whisker_in(&d, &["compare", "a.toml", "--games", "20"]);
    refused(&o, &["rules.starting_cheese"]);
    assert_eq!(
        stderr(&o).matches("rules.starting_cheese").count(),
        1,
        "{}",
        stderr(&o)
    );
}

/// A list too short or too long is told by its count of entries, not as if the list were a
/// number out of range ("0 is out of range" read as a value).
#[test]
fn a_list_of_the_wrong_length_is_told_its_count_of_entries() {
    let d = scratch("list-length");
    refused(
        &whisker_in(
            &d,
            &["simulate", "mouse-chaos", "--set", "rules.holders=[]"],
        ),
        &["field `rules.holders`: holds 0 entries: allowed 2 to 12 entries"],
    );
}
