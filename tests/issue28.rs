//! Issue 28: nothing silent, nothing hollow. Each test is one finding of the hostile-input
//! battery, the rule checks or a new user, fails without its fix (run it against the build
//! before: `WHISKER_BIN=… cargo test --test issue28`), and covers every command it concerns.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use common::*;

/// A failing command: exit 2, each of `says` in the message, no panic.
fn refused(o: &Output, says: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    for s in says {
        assert!(err.contains(s), "expected `{s}` in: {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

fn ok(o: &Output) {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
}

/// `args` run without a strength sample or a progress bar, into `out`.
fn quietly(args: &[&str], out: &Path) -> Output {
    let mut all = args.to_vec();
    all.extend([
        "--strength",
        "off",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    whisker(&all)
}

fn whisker_with(env: (&str, &str), dir: &Path, args: &[&str]) -> Output {
    command()
        .current_dir(dir)
        .env(env.0, env.1)
        .args(args)
        .output()
        .expect("runs")
}

/// Whether some folder under `dir` looks like a finished result (holds a marker).
fn finished_folders(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.path().join(".whisker-result").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

// 1. A write that fails fails the run: exit 1, the file and the OS error named, and no folder
// that looks finished — for the completion marker of every command, and for each file of a run.
#[test]
fn a_failed_write_fails_the_run_and_leaves_nothing_that_looks_finished() {
    let d = scratch("i28-full");
    ok(&whisker_in(
        &d,
        &[
            "simulate", "--games", "40", "--shard", "0/1", "--quiet", "--out", "shard",
        ],
    ));
    let commands: [&[&str]; 6] = [
        &["simulate", "--games", "40", "--games-csv", "--report"],
        &["compare", "--set-b", "chips.blue.high=3", "--games", "20"],
        &["sweep", "--vary", "chips.blue.high=2..3", "--games", "20"],
        &[
            "ladder",
            "cat-and-the-mouse",
            "--games",
            "2",
            "--bots",
            "random,sleuth+thief",
        ],
        &["merge", "shard"],
        &["simulate", "cat-and-the-mouse", "--games", "40"],
    ];
    for command in commands {
        for file in [".whisker-result", "run.toml"] {
            if command[0] == "ladder" && file == "run.toml" {
                continue;
            }
            let mut args = command.to_vec();
            if command[0] != "merge" {
                args.push("--quiet");
            }
            args.extend(["--out", "r"]);
            let o = whisker_with(("WHISKER_TEST_FULL_DISK", file), &d, &args);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(1), "{command:?} {file}: {err}");
            assert!(
                err.contains(file) && err.contains("No space left on device"),
                "{command:?} {file}: {err}"
            );
            assert!(!err.contains("panicked"), "{err}");
            assert_eq!(finished_folders(&d), ["shard"], "{command:?} {file}");
            assert!(!staging_in(&d), "{command:?} {file}: {:?}", files(&d));
        }
    }
    // Every file of a run, one at a time.
    for file in [
        "games.csv",
        "summary.csv",
        "seats.csv",
        "config.toml",
        "host.toml",
    ] {
        let o = whisker_with(
            ("WHISKER_TEST_FULL_DISK", file),
            &d,
            &[
                "simulate",
                "--games",
                "40",
                "--games-csv",
                "--quiet",
                "--out",
                "r",
            ],
        );
        assert_eq!(o.status.code(), Some(1), "{file}: {}", stderr(&o));
        assert!(stderr(&o).contains(file), "{}", stderr(&o));
        assert_eq!(finished_folders(&d), ["shard"], "{file}");
    }
    // A report page that cannot be written fails the run, but the finished games are kept.
    for command in [
        &["simulate", "--games", "40", "--report"][..],
        &["report", "kept"][..],
    ] {
        let mut args = command.to_vec();
        if command[0] == "simulate" {
            args.extend(["--quiet", "--out", "kept"]);
        }
        let o = whisker_with(("WHISKER_TEST_FULL_DISK", "report.html"), &d, &args);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(stderr(&o).contains("report.html"), "{}", stderr(&o));
        assert!(d.join("kept/summary.csv").is_file());
        assert!(d.join("kept/.whisker-result").is_file());
        assert!(!d.join("kept/report.html").exists());
    }
}

/// Mounts a tmpfs of `kib` KiB at `at`, if this machine lets the test (it needs root).
fn tmpfs(at: &Path, kib: u64) -> bool {
    let _ = Command::new("umount").arg(at).output();
    fs::create_dir_all(at).unwrap();
    Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
        .arg(at)
        .output()
        .is_ok_and(|o| o.status.success())
}

// 1, for real: a disk that fills up at every point of a run, from before the first file to
// after the last. Each run either succeeds whole or fails naming the file, leaving nothing that
// looks finished.
#[test]
fn a_disk_that_fills_up_anywhere_fails_the_run_cleanly() {
    let scratch_dir = scratch("i28-tmpfs");
    let mnt = scratch_dir.join("mnt");
    if !tmpfs(&mnt, 512) {
        eprintln!("skipped: cannot mount a tmpfs here (not root); the injected faults cover it");
        return;
    }
    let page = 4096;
    let (mut failed, mut succeeded) = (0, 0);
    for free in 0..24u64 {
        // Fill all but `free` pages (a tmpfs counts whole pages), then run.
        let _ = fs::remove_dir_all(mnt.join("r"));
        for e in fs::read_dir(&mnt).unwrap().flatten() {
            let _ = fs::remove_file(e.path());
            let _ = fs::remove_dir_all(e.path());
        }
        let avail = {
            let o = Command::new("df")
                .args(["-B1", "--output=avail"])
                .arg(&mnt)
                .output()
                .unwrap();
            stdout(&o)
                .lines()
                .last()
                .unwrap()
                .trim()
                .parse::<u64>()
                .unwrap()
        };
        let filler = vec![0u8; ((avail / page).saturating_sub(free) * page) as usize];
        fs::write(mnt.join("filler"), filler).unwrap();
        let o = whisker_in(
            &mnt,
            &["simulate", "--games", "200", "--quiet", "--out", "r"],
        );
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{err}");
        let left: Vec<String> = files(&mnt).into_iter().filter(|f| f != "filler").collect();
        if o.status.success() {
            succeeded += 1;
            assert_eq!(left, ["r"], "{free} pages free: {err}");
            let marker = fs::read_to_string(mnt.join("r/.whisker-result")).unwrap();
            assert!(marker.contains("summary.csv"), "{marker}");
        } else {
            failed += 1;
            assert_eq!(o.status.code(), Some(1), "{free} pages free: {err}");
            assert!(
                err.contains("writing ") && err.contains("No space left on device"),
                "{free} pages free: {err}"
            );
            assert!(left.is_empty(), "{free} pages free left {left:?}: {err}");
        }
    }
    let _ = Command::new("umount").arg(&mnt).output();
    assert!(
        failed > 0 && succeeded > 0,
        "{failed} failed, {succeeded} succeeded"
    );
}

// 2. Seeds and game counts of 2^63 and more round-trip through every file whisker writes and
// reads: run.toml, shards and merge, ladder.toml, reports, check.
#[test]
fn seeds_and_counts_beyond_two_to_the_63_round_trip() {
    let d = scratch("i28-wide");
    for seed in ["9223372036854775808", "18446744073709551615"] {
        let _ = fs::remove_dir_all(d.join("r"));
        ok(&whisker_in(
            &d,
            &[
                "simulate",
                "--games",
                "30",
                "--seed",
                seed,
                "--games-csv",
                "--report",
                "--quiet",
                "--out",
                "r",
            ],
        ));
        assert!(d.join("r/report.html").is_file());
        let text = fs::read_to_string(d.join("r/run.toml")).unwrap();
        let table: toml::Table = text.parse().expect("run.toml reads back");
        assert_eq!(table["seed"].as_str(), Some(seed));
        assert!(
            table["reproduce"]
                .as_str()
                .unwrap()
                .contains(&format!("--seed {seed} "))
        );
        ok(&whisker_in(&d, &["report", "r"]));
        let o = whisker_in(&d, &["check", "--baseline", "r", "--quiet"]);
        ok(&o);
        assert!(stdout(&o).contains("OK"), "{}", stdout(&o));
        // The same games again from the seed, as replay plays them.
        let o = whisker_in(&d, &["replay", "--game", "3", "--seed", seed]);
        ok(&o);
    }
    // Shards of a run of 2^64 - 1 games, with a seed past i64.
    let seed = "18446744073709551615";
    let games = "18446744073709551615";
    for (i, out) in [(0, "s0"), (1, "s1")] {
        ok(&whisker_in(
            &d,
            &[
                "simulate",
                "--games",
                games,
                "--seed",
                seed,
                "--shard",
                &format!("{i}/3689348814741910323"),
                "--quiet",
                "--out",
                out,
            ],
        ));
        let table: toml::Table = fs::read_to_string(d.join(out).join("run.toml"))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(table["games"].as_str(), Some(games));
    }
    ok(&whisker_in(&d, &["report", "s0"]));
    // Two of 3,689,348,814,741,910,323 shards are not the whole run: said, not a panic.
    refused(
        &whisker_in(&d, &["merge", "s0", "s1", "--out", "m"]),
        &["needs each of 0 to 3689348814741910322 exactly once"],
    );
    for (i, out) in [(0, "t0"), (1, "t1")] {
        ok(&whisker_in(
            &d,
            &[
                "simulate",
                "--games",
                "40",
                "--seed",
                seed,
                "--shard",
                &format!("{i}/2"),
                "--games-csv",
                "--quiet",
                "--out",
                out,
            ],
        ));
    }
    ok(&whisker_in(&d, &["merge", "t0", "t1", "--out", "m"]));
    ok(&whisker_in(&d, &["report", "m"]));
    ok(&whisker_in(&d, &["check", "--baseline", "m", "--quiet"]));
    // Ladder, sweep and compare record the seed too.
    ok(&whisker_in(
        &d,
        &[
            "ladder",
            "cat-and-the-mouse",
            "--bots",
            "random,sleuth+thief",
            "--games",
            "3",
            "--seed",
            seed,
            "--quiet",
            "--out",
            "lad",
        ],
    ));
    let table: toml::Table = fs::read_to_string(d.join("lad/ladder.toml"))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(table["seed"].as_str(), Some(seed));
    for (command, out) in [
        (&["sweep", "--vary", "chips.blue.high=2..3"][..], "sw"),
        (&["compare", "--set-b", "chips.blue.high=3"][..], "cmp"),
    ] {
        let mut args = command.to_vec();
        args.extend([
            "--games", "20", "--seed", seed, "--report", "--quiet", "--out", out,
        ]);
        ok(&whisker_in(&d, &args));
        assert!(d.join(out).join("report.html").is_file(), "{out}");
        ok(&whisker_in(&d, &["report", out]));
    }
}

// 3. A result folder whose marker is missing or damaged cannot be verified, so every command
// that reads one refuses it, saying how to make it again; an edited file is never read as good.
#[test]
fn an_unverifiable_result_folder_is_refused_by_every_command() {
    let d = scratch("i28-unverifiable");
    ok(&whisker_in(
        &d,
        &[
            "simulate",
            "--games",
            "200",
            "--games-csv",
            "--quiet",
            "--out",
            "r",
        ],
    ));
    ok(&whisker_in(
        &d,
        &[
            "simulate", "--games", "200", "--shard", "0/1", "--quiet", "--out", "shard",
        ],
    ));
    // An edit that still reads well: one game's length.
    let games = fs::read_to_string(d.join("r/games.csv")).unwrap();
    let mut lines: Vec<String> = games.lines().map(String::from).collect();
    let mut cells: Vec<String> = lines[1].split(',').map(String::from).collect();
    cells[3] = (cells[3].parse::<u64>().unwrap() + 1).to_string();
    lines[1] = cells.join(",");
    let marker = fs::read_to_string(d.join("r/.whisker-result")).unwrap();
    for damage in ["gone", "cut short"] {
        match damage {
            "gone" => fs::remove_file(d.join("r/.whisker-result")).unwrap(),
            _ => fs::write(d.join("r/.whisker-result"), &marker[..marker.len() / 2]).unwrap(),
        }
        for shard_damage in [false, true] {
            if shard_damage {
                fs::remove_file(d.join("shard/.whisker-result")).unwrap();
            }
            let o = whisker_in(&d, &["merge", "shard", "--out", "m"]);
            if shard_damage {
                refused(&o, &["shard", ".whisker-result"]);
            } else {
                ok(&o);
                fs::remove_dir_all(d.join("m")).unwrap();
            }
        }
        fs::remove_dir_all(d.join("shard")).unwrap();
        ok(&whisker_in(
            &d,
            &[
                "simulate", "--games", "200", "--shard", "0/1", "--quiet", "--out", "shard",
            ],
        ));
        for edited in [false, true] {
            if edited {
                fs::write(
                    d.join("r/games.csv"),
                    lines.join(
                        "
",
                    ) + "
",
                )
                .unwrap();
            }
            for args in [
                &["check", "--baseline", "r", "--quiet"][..],
                &["report", "r"][..],
            ] {
                let o = whisker_in(&d, args);
                refused(&o, &[".whisker-result", "cannot tell", "reproduce"]);
                assert!(!stdout(&o).contains("OK"), "{}", stdout(&o));
            }
            assert!(!d.join("r/report.html").exists());
        }
        fs::write(d.join("r/games.csv"), &games).unwrap();
    }
}

// 6. `+` joins bots into one ladder entry only where seats have roles; elsewhere it is refused,
// never read as its first bot.
#[test]
fn plus_is_refused_where_it_does_not_apply() {
    let d = scratch("i28-plus");
    refused(
        &whisker_in(
            &d,
            &[
                "ladder",
                "cheesy-heist",
                "--bots",
                "random,sly+random",
                "--quiet",
            ],
        ),
        &["`sly+random`", "no roles"],
    );
    refused(
        &whisker_in(
            &d,
            &[
                "ladder",
                "cat-and-the-mouse",
                "--bots",
                "random,sleuth+thief+random",
                "--quiet",
            ],
        ),
        &["random takes no seat"],
    );
    refused(
        &whisker_in(
            &d,
            &[
                "ladder",
                "cat-and-the-mouse",
                "--bots",
                "random,sleuth+sleuth+thief",
                "--quiet",
            ],
        ),
        &["sleuth is joined twice"],
    );
    refused(
        &whisker_in(
            &d,
            &[
                "ladder",
                "cat-and-the-mouse",
                "--bots",
                "random,sleuth+thief",
                "--games",
                "9223372036854775808",
                "--quiet",
            ],
        ),
        &["more games than whisker counts"],
    );
    refused(
        &whisker_in(
            &d,
            &[
                "simulate",
                "cat-and-the-mouse",
                "--bots",
                "sleuth+thief",
                "--quiet",
            ],
        ),
        &["`+` joins bots only in `whisker ladder`", "ROLE=BOT"],
    );
    assert!(files(&d).is_empty(), "{:?}", files(&d));
    ok(&whisker_in(
        &d,
        &[
            "ladder",
            "cat-and-the-mouse",
            "--bots",
            "random,sleuth+thief",
            "--games",
            "2",
            "--quiet",
            "--out",
            "l",
        ],
    ));
}

// 7. `--rotate-seats` takes the same lineups in either order, and gives the same answer; a
// lineup with only one seating that fits its roles is refused in either order.
#[test]
fn rotate_seats_does_not_depend_on_list_order() {
    let d = scratch("i28-rotate");
    for (command, extra) in [
        ("simulate", &[][..]),
        ("compare", &["--set-b", "variants.subtle_movement=true"][..]),
        ("sweep", &["--vary", "rules.clues_to_win=2..3"][..]),
    ] {
        // Bots that both play every role, so the seats rotate.
        for (bots, out) in [
            ("random,ismcts(iterations=2)", "a"),
            ("ismcts(iterations=2),random", "b"),
        ] {
            let mut args = vec![
                command,
                "cat-and-the-mouse",
                "--bots",
                bots,
                "--rotate-seats",
            ];
            args.extend(extra);
            args.extend(["--games", "30", "--quiet", "--out", out]);
            let o = whisker_in(&d, &args);
            ok(&o);
        }
        for f in files(&d.join("a")) {
            // The answer: every table (sweep's run.toml keeps the command as typed).
            if !f.ends_with(".csv") {
                continue;
            }
            // The same cells: a table of bots lists them, in rows or columns, in the order
            // given. (No cell here holds a comma.)
            let rows = |side: &str| {
                let text = fs::read_to_string(d.join(side).join(&f)).unwrap();
                let mut lines = text.lines();
                let header: Vec<&str> = lines.next().unwrap_or_default().split(',').collect();
                let mut rows: Vec<Vec<String>> = lines
                    .map(|l| {
                        let mut cells: Vec<String> = header
                            .iter()
                            .zip(l.split(','))
                            .map(|(h, v)| format!("{h}={v}"))
                            .collect();
                        cells.sort();
                        cells
                    })
                    .collect();
                rows.sort();
                rows
            };
            assert!(rows("a") == rows("b"), "{command}: {f} differs");
        }
        fs::remove_dir_all(d.join("a")).unwrap();
        fs::remove_dir_all(d.join("b")).unwrap();
    }
    // With a bot that plays one role, only one seating fits, in either order: nothing would
    // rotate, and the run is refused the same way.
    for bots in ["random,sleuth", "sleuth,random"] {
        refused(
            &whisker_in(
                &d,
                &[
                    "simulate",
                    "cat-and-the-mouse",
                    "--bots",
                    bots,
                    "--rotate-seats",
                    "--quiet",
                ],
            ),
            &["--rotate-seats: no other seating puts each of sleuth, random in a role it plays"],
        );
    }
    // No rotation of these seats them in roles they play: refused, naming why.
    refused(
        &whisker_in(
            &d,
            &[
                "simulate",
                "cat-and-the-mouse",
                "--bots",
                "thief,sleuth",
                "--quiet",
            ],
        ),
        &["thief does not play the inspector"],
    );
}

/// The game index of each row of a `games.csv`, in file order.
fn game_indices(path: &Path) -> Vec<u64> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect()
}

/// Runs whisker in `dir` with the deterministic stop hook: as a signal once `after` games are
/// finished (`after,now`: as two).
fn stopped_at(dir: &Path, hook: &str, args: &[&str]) -> Output {
    whisker_with(("WHISKER_TEST_STOP", hook), dir, args)
}

// 4. A ladder stopped before its first pairing finishes writes nothing that claims a result; one
// stopped later keeps its whole pairings, and a bot with none has no rating and is not named
// strongest. 5. `whisker report` draws a ladder's folder, the same page the ladder wrote.
#[test]
fn an_interrupted_ladder_is_never_hollow_and_every_ladder_folder_has_a_page() {
    let d = scratch("i28-ladder");
    let bots = "random,sleuth+thief,ismcts(iterations=10)";
    let ladder = [
        "ladder",
        "cat-and-the-mouse",
        "--bots",
        bots,
        "--games",
        "10",
        "--threads",
        "1",
        "--quiet",
        "--out",
    ];
    // Seat 0 of the first pairing (10 games) is played, seat 1 is not.
    let mut args = ladder.to_vec();
    args.push("none");
    let o = stopped_at(&d, "10", &args);
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(
            "INTERRUPTED by SIGINT before its first pairing (20 games) was finished: nothing written"
        ),
        "{}",
        stdout(&o)
    );
    assert!(files(&d).is_empty(), "{:?}", files(&d));
    // The first pairing (both seats, 20 games) is whole; the others are not played.
    let mut args = ladder.to_vec();
    args.push("first");
    let o = stopped_at(&d, "20", &args);
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("the tables below hold the 20 games of the pairings finished"),
        "{}",
        stdout(&o)
    );
    let matrix = fs::read_to_string(d.join("first/matrix.csv")).unwrap();
    assert_eq!(matrix.lines().count(), 2, "{matrix}");
    assert!(
        matrix
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("random,sleuth+thief,20,"),
        "{matrix}"
    );
    let ratings = fs::read_to_string(d.join("first/ratings.csv")).unwrap();
    let search = ratings.lines().find(|l| l.contains("ismcts")).unwrap();
    assert!(
        search.contains(",10,,,,,,,0,0"),
        "no rating without a pairing: {ratings}"
    );
    let out = stdout(&o);
    let line = out
        .lines()
        .skip_while(|l| !l.starts_with("ratings"))
        .find(|l| l.contains("ismcts(iterations=10)"))
        .unwrap();
    assert!(
        line.contains("no pairing finished") && !line.contains("highest rated"),
        "{out}"
    );
    assert!(!d.join("first/seats.csv").exists());
    ok(&whisker_in(&d, &["report", "first"]));
    let page = fs::read_to_string(d.join("first/report.html")).unwrap();
    assert!(page.contains("Interrupted") && page.contains("no pairing finished"));
    // A whole ladder: `whisker report` on its folder draws the page the ladder wrote.
    let mut args = ladder.to_vec();
    args.extend(["whole", "--report"]);
    ok(&whisker_in(&d, &args));
    let written = fs::read_to_string(d.join("whole/report.html")).unwrap();
    let o = whisker_in(&d, &["report", "whole", "--out", "again.html"]);
    ok(&o);
    assert_eq!(fs::read_to_string(d.join("again.html")).unwrap(), written);
    for label in [
        "random",
        "sleuth+thief",
        "ismcts(iterations=10)",
        "Seats when",
    ] {
        assert!(written.contains(label), "{label}");
    }
}

// 12. A stopped run keeps every game it finished: threads take chunks in order, so the chunks
// finished are all those before the first not taken.
#[test]
fn a_stopped_run_keeps_every_game_it_finished() {
    let d = scratch("i28-keep");
    let run = |hook: &str, threads: &str, out: &str| {
        let o = stopped_at(
            &d,
            hook,
            &[
                "simulate",
                "--bots",
                "greedy",
                "--games",
                "100000",
                "--games-csv",
                "--threads",
                threads,
                "--quiet",
                "--out",
                out,
            ],
        );
        assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
        let played = run_value(&d.join(out), "played")
            .unwrap()
            .as_integer()
            .unwrap() as u64;
        let games = game_indices(&d.join(out).join("games.csv"));
        assert_eq!(games, (0..played).collect::<Vec<_>>());
        (played, stdout(&o))
    };
    // One thread: the stop comes in chunk 23 (games 2,944 to 3,071), which finishes.
    let (played, out) = run("3000", "1", "one");
    assert_eq!(played, 3072);
    assert!(out.contains("3072 of 100000 games played"), "{out}");
    // Two threads: every game finished is kept, whatever the other thread was doing.
    let (played, _) = run("3000", "2", "two");
    assert!(
        played >= 3000 && played % 128 == 0 && played <= 3000 + 2 * 128,
        "{played}"
    );
}

// 11. A second signal stops after the game under way, keeps the games finished before it as a
// marked partial result, and leaves no lock or staging folder; a lock whose process is gone
// does not block the next run.
#[test]
fn a_second_signal_stops_now_and_keeps_the_finished_games() {
    let d = scratch("i28-now");
    let o = stopped_at(
        &d,
        "1500,now",
        &[
            "simulate",
            "--games",
            "100000",
            "--threads",
            "1",
            "--quiet",
            "--out",
            "r",
        ],
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert_eq!(files(&d), ["r"], "no lock, no staging folder left");
    assert_eq!(
        run_value(&d.join("r"), "played").unwrap().as_integer(),
        Some(1500)
    );
    // Two threads: the chunk before the last one taken runs to its end, so every game finished
    // before the second signal is kept, whatever the other thread was doing.
    let o = stopped_at(
        &d,
        "1500,now",
        &[
            "simulate",
            "--games",
            "100000",
            "--threads",
            "2",
            "--games-csv",
            "--quiet",
            "--out",
            "r2",
        ],
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let played = run_value(&d.join("r2"), "played")
        .unwrap()
        .as_integer()
        .unwrap() as u64;
    assert!((1500..1500 + 2 * 128).contains(&played), "{played}");
    let games = game_indices(&d.join("r2/games.csv"));
    assert_eq!(games, (0..played).collect::<Vec<_>>());
    fs::remove_dir_all(d.join("r2")).unwrap();
    assert_eq!(
        run_value(&d.join("r"), "partial").unwrap().as_bool(),
        Some(true)
    );
    let reproduce = run_value(&d.join("r"), "reproduce").unwrap();
    assert!(
        reproduce.as_str().unwrap().contains("--games 1500 "),
        "{reproduce}"
    );
    // A run killed outright leaves its lock and staging folder; the next run is not blocked.
    let mut child = spawn(&[
        "simulate",
        "mouse-chaos",
        "--games",
        "50000000",
        "--threads",
        "1",
        "--quiet",
        "--out",
        d.join("k").to_str().unwrap(),
    ]);
    wait_for(|| staging_in(&d));
    signal(&child, "KILL");
    child.wait().unwrap();
    assert!(files(&d).iter().any(|f| f == ".k.lock"), "{:?}", files(&d));
    ok(&whisker_in(
        &d,
        &["simulate", "--games", "100", "--quiet", "--out", "k"],
    ));
    assert_eq!(files(&d), ["k", "r"]);
}

// 8. Each message names the flag, or the file, line, column and key.
#[test]
fn messages_name_the_flag_or_the_file_line_column_and_key() {
    let d = scratch("i28-messages");
    refused(
        &whisker_in(
            &d,
            &["simulate", "cat-and-the-mouse", "--players", "3", "--quiet"],
        ),
        &["--players 3: Cat & The Mouse is for two players"],
    );
    assert!(
        !stderr(&whisker_in(
            &d,
            &["simulate", "cat-and-the-mouse", "--players", "3"]
        ))
        .contains("standard.toml")
    );
    let cheese = include_str!("../configs/mice-heist/cheese.toml");
    let mut bytes = cheese
        .replacen("name = ", "name = \"caf\u{e9}\" #", 1)
        .into_bytes();
    let at = bytes.iter().position(|&b| b == 0xa9).unwrap();
    bytes[at] = 0xff; // the second byte of é, now not UTF-8
    // The broken sequence starts at é's first byte.
    let (at, line) = (at - 1, cheese[..at].matches('\n').count() + 1);
    fs::write(d.join("latin.toml"), &bytes).unwrap();
    refused(
        &whisker_in(&d, &["simulate", "latin.toml", "--quiet"]),
        &[
            &format!("latin.toml:{line}: column"),
            &format!("(byte {at} of the file)"),
            "not UTF-8",
        ],
    );
    fs::write(
        d.join("twice.toml"),
        cheese.replacen("[rules]\n", "[rules]\nplayers = 3\n", 1),
    )
    .unwrap();
    refused(
        &whisker_in(&d, &["simulate", "twice.toml", "--quiet"]),
        &["duplicate key `players`"],
    );
    fs::write(
        d.join("tables.toml"),
        format!("{cheese}\n[bots]\nx = \"greedy\"\n"),
    )
    .unwrap();
    refused(
        &whisker_in(&d, &["simulate", "tables.toml", "--quiet"]),
        &["duplicate key `bots`"],
    );
    fs::write(
        d.join("four.toml"),
        cheese.replacen("players = 4", "players = \"four\"", 1),
    )
    .unwrap();
    let o = whisker_in(&d, &["simulate", "four.toml", "--quiet"]);
    refused(
        &o,
        &[
            "four.toml:13: field `rules.players`",
            "expected a whole number from 2 to 6",
        ],
    );
    assert!(!stderr(&o).contains("usize"), "{}", stderr(&o));
    assert!(
        files(&d).iter().all(|f| f.ends_with(".toml")),
        "{:?}",
        files(&d)
    );
}

// 9. Presets that name each other validate in linear time, and a loop is an error naming it.
#[test]
fn chained_presets_validate_in_linear_time() {
    let d = scratch("i28-presets");
    let cheese = include_str!("../configs/mice-heist/cheese.toml");
    // 20,000 presets each naming the one before: quadratic checking took minutes.
    let mut chain = String::from("[bots]\np0 = \"greedy(max_bet=2)\"\n");
    for i in 1..20_000 {
        chain += &format!("p{i} = \"p{}\"\n", i - 1);
    }
    fs::write(d.join("chain.toml"), cheese.replacen("[bots]\n", &chain, 1)).unwrap();
    let started = std::time::Instant::now();
    ok(&whisker_in(
        &d,
        &[
            "simulate",
            "chain.toml",
            "--bots",
            "p19999",
            "--games",
            "10",
            "--quiet",
            "--out",
            "r",
        ],
    ));
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    let run = fs::read_to_string(d.join("r/run.toml")).unwrap();
    assert!(run.contains("greedy(max_bet=2)"), "{run}");
    fs::write(
        d.join("loop.toml"),
        cheese.replacen(
            "[bots]\n",
            "[bots]\na = \"b\"\nb = \"c(max_bet=1)\"\nc = \"a\"\n",
            1,
        ),
    )
    .unwrap();
    refused(
        &whisker_in(&d, &["simulate", "loop.toml", "--quiet"]),
        &[
            "field `bots.a`",
            "the presets a → b → c → a refer to each other in a loop",
        ],
    );
}

// 13. Smaller things: a chip whose high face is below its low one; check run from another folder
// than the baseline's; `--vary x=2-6`.
#[test]
fn smaller_mistakes_are_named() {
    let d = scratch("i28-small");
    refused(
        &whisker_in(&d, &["simulate", "--set", "chips.blue.high=1", "--quiet"]),
        &["chips.blue.high", "1 is below the chip's low face (2)"],
    );
    refused(
        &whisker_in(&d, &["sweep", "--vary", "chips.blue.high=2-6", "--quiet"]),
        &["a range is written LO..HI: `chips.blue.high=2..6`"],
    );
    // An empty value is a typo, not a point to drop: `10,,12` once swept 2 points.
    for list in ["rules.track_length=6,,8", "rules.track_length=6,8,"] {
        for command in ["sweep", "tune"] {
            refused(
                &whisker_in(&d, &[command, "--vary", list, "--quiet"]),
                &["an empty value between commas"],
            );
        }
    }
    // Two bands on one figure: no value can meet both, and tune once played its games to say
    // "NOT FOUND".
    refused(
        &whisker_in(
            &d,
            &[
                "tune",
                "cat-and-the-mouse",
                "--vary",
                "rules.rooms=12..14",
                "--target",
                "mouse_win_rate=35%±3%",
                "--target",
                "mouse_win_rate=30%±3%",
                "--quiet",
            ],
        ),
        &[
            "--target mouse_win_rate=35%±3% and --target mouse_win_rate=30%±3% both set a band on mouse_win_rate; give one",
        ],
    );
    // A bot's parameter is tune's to vary: sweep once called it a key missing from the config.
    refused(
        &whisker_in(
            &d,
            &[
                "sweep",
                "cat-and-the-mouse",
                "--vary",
                "bots.thief.flee_at=30,60",
                "--quiet",
            ],
        ),
        &["--vary bots.thief.flee_at=30,60: a bot's parameter is varied by `whisker tune`"],
    );
    // A metric's tolerance given twice: the later one once won unsaid.
    refused(
        &whisker_in(
            &d,
            &[
                "compare",
                "--sequential",
                "--tolerance",
                "seat_gap=0.05",
                "--tolerance",
                "seat_gap=0.01",
                "--quiet",
            ],
        ),
        &["--tolerance seat_gap=0.05 and --tolerance seat_gap=0.01 both set seat_gap; give one"],
    );
    // Names with accents and dashes are values, not ranges (and no panic).
    let o = whisker_in(
        &d,
        &["sweep", "--vary", "chips.blue.high=café-thé,2", "--quiet"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        !stderr(&o).contains("panicked") && !stderr(&o).contains("LO..HI"),
        "{}",
        stderr(&o)
    );
    // A baseline made with a config file named relative to where it ran.
    fs::create_dir_all(d.join("project")).unwrap();
    fs::write(
        d.join("project/my.toml"),
        include_str!("../configs/mice-heist/cheese.toml"),
    )
    .unwrap();
    ok(&whisker_in(
        &d.join("project"),
        &[
            "simulate",
            "my.toml",
            "--games",
            "100",
            "--games-csv",
            "--quiet",
            "--out",
            "base",
        ],
    ));
    let o = whisker_in(&d, &["check", "--baseline", "project/base", "--quiet"]);
    refused(
        &o,
        &[
            "`my.toml`",
            "is not in the folder you run from",
            "name the config",
        ],
    );
    ok(&whisker_in(
        &d,
        &[
            "check",
            "project/my.toml",
            "--baseline",
            "project/base",
            "--quiet",
        ],
    ));
}

// 10. A game without scores (Cat & The Mouse) shows none: not in the terminal, the CSVs or the
// report, for simulate, compare and sweep; a game with scores keeps them.
#[test]
fn a_game_without_scores_shows_none() {
    let d = scratch("i28-scores");
    let o = whisker_in(
        &d,
        &[
            "simulate",
            "cat-and-the-mouse",
            "--bots",
            "random",
            "--rotate-seats",
            "--games",
            "200",
            "--report",
            "--quiet",
            "--out",
            "s",
        ],
    );
    ok(&o);
    assert!(!stdout(&o).contains("score"), "{}", stdout(&o));
    assert!(!d.join("s/scores.csv").exists());
    for f in ["seats.csv", "bots.csv", "summary.csv", "report.html"] {
        let text = fs::read_to_string(d.join("s").join(f)).unwrap();
        assert!(!text.to_lowercase().contains("score"), "{f}: {text}");
    }
    let o = whisker_in(
        &d,
        &[
            "compare",
            "cat-and-the-mouse",
            "--set-b",
            "variants.subtle_movement=true",
            "--games",
            "100",
            "--report",
            "--quiet",
            "--out",
            "c",
        ],
    );
    ok(&o);
    assert!(!stdout(&o).contains("score"), "{}", stdout(&o));
    for f in ["compare.csv", "report.html"] {
        let text = fs::read_to_string(d.join("c").join(f))
            .unwrap()
            .to_lowercase();
        assert!(
            !text.contains("mean_score") && !text.contains("mean score"),
            "{f}"
        );
    }
    let o = whisker_in(
        &d,
        &[
            "sweep",
            "cat-and-the-mouse",
            "--vary",
            "rules.clues_to_win=2..3",
            "--games",
            "100",
            "--quiet",
            "--out",
            "w",
        ],
    );
    ok(&o);
    assert!(!stdout(&o).contains("score"), "{}", stdout(&o));
    assert!(
        !fs::read_to_string(d.join("w/sweep.csv"))
            .unwrap()
            .contains("score")
    );
    // Mice Heist keeps its scores everywhere.
    let o = whisker_in(&d, &["simulate", "--games", "100", "--quiet", "--out", "m"]);
    ok(&o);
    assert!(stdout(&o).contains("mean score"));
    assert!(d.join("m/scores.csv").is_file());
    assert!(
        fs::read_to_string(d.join("m/seats.csv"))
            .unwrap()
            .contains("mean_score")
    );
}

// 11, with real signals: two stopping signals stop a run and leave no lock or staging folder behind,
// whatever it had finished (a result marked partial, or nothing); three end it at once, and the
// next run to the folder is not blocked by what it left.
#[test]
fn real_second_and_third_signals_leave_nothing_in_the_way() {
    let d = scratch("i28-signals");
    for (count, out) in [(2, "two"), (3, "three")] {
        let child = endless(&["simulate", "mouse-chaos"], &d.join(out));
        wait_for(|| staging_in(&d));
        // SIGTERM: a shell's background job ignores SIGINT, which a run then leaves alone.
        for _ in 0..count {
            signal(&child, "TERM");
        }
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(143), "{count}: {}", stderr(&o));
        if count == 2 {
            let left: Vec<String> = files(&d)
                .into_iter()
                .filter(|f| f.starts_with('.'))
                .collect();
            assert!(left.is_empty(), "{left:?}");
            if d.join(out).exists() {
                assert_eq!(
                    run_value(&d.join(out), "partial").unwrap().as_bool(),
                    Some(true)
                );
            }
        }
        ok(&whisker_in(
            &d,
            &["simulate", "--games", "10", "--quiet", "--out", out],
        ));
        assert!(!staging_in(&d), "{:?}", files(&d));
    }
}

/// A tune stopped before it answered is marked partial in its tune.toml, and its page gives its
/// command as the whole tune's, not as "these games again".
#[test]
fn a_stopped_tune_is_marked_partial() {
    let d = scratch("i28-tune");
    let o = stopped_at(
        &d,
        "3000",
        &[
            "tune",
            "cat-and-the-mouse",
            "--vary",
            "rules.rooms=10..14",
            "--target",
            "mouse_win_rate=30%±3%",
            "--threads",
            "1",
            "--quiet",
            "--report",
            "--out",
            "t",
        ],
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let record = fs::read_to_string(d.join("t/tune.toml")).unwrap();
    assert!(record.contains("partial = true"), "{record}");
    let page = fs::read_to_string(d.join("t/report.html")).unwrap();
    assert!(page.contains("to play the whole tune:"), "{page}");
    assert!(
        !page.contains("To play exactly these games again"),
        "{page}"
    );
}

/// Two games whose default bots differ: the refusal names the defaults, not a --bots that was
/// never given, and says what to give.
#[test]
fn comparing_games_with_different_default_bots_asks_for_bots_both_offer() {
    let d = scratch("compare-defaults");
    let out = d.join("c");
    let o = quietly(
        &["compare", "cheesy-heist", "mouse-chaos", "--games", "10"],
        &out,
    );
    refused(
        &o,
        &[
            "A and B seat different default bots (seat 1 gets sly in A but shepherd in B)",
            "--bots random",
        ],
    );
    assert!(!stderr(&o).contains("error: --bots"), "{}", stderr(&o));
    assert!(!out.exists());
}

/// A game with one edition, given one anyway: the message says to leave it out, not that the
/// known editions are an empty list.
#[test]
fn an_edition_for_a_game_of_one_edition_is_refused_at_its_line() {
    let d = scratch("one-edition");
    let text = fs::read_to_string("configs/cheesy-heist/standard.toml").unwrap();
    let text = text.replacen(
        "game = \"cheesy-heist\"\n",
        "game = \"cheesy-heist\"\nedition = \"gold\"\n",
        1,
    );
    let line = text.lines().position(|l| l.starts_with("edition")).unwrap() + 1;
    let file = d.join("gold.toml");
    fs::write(&file, text).unwrap();
    let o = whisker(&["simulate", file.to_str().unwrap(), "--games", "10"]);
    refused(
        &o,
        &[
            &format!("gold.toml:{line}"),
            "cheesy-heist has one edition: leave `edition` out (it says `gold`)",
        ],
    );
}

/// A shard's terminal says it is one, as its page does: its figures are a part of a run's.
#[test]
fn a_shard_says_so_in_the_terminal() {
    let d = scratch("shard-terminal");
    let out = d.join("s");
    let o = quietly(
        &[
            "simulate",
            "cheesy-heist",
            "--games",
            "40",
            "--shard",
            "1/2",
        ],
        &out,
    );
    ok(&o);
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains("This is one shard (--shard 1/2) of a run: the figures are for its own 20 games; `whisker merge` joins the shards into the whole result."),
        "{said}"
    );
}

/// A hand limit below the deal is told against the deal, whose value made it wrong.
#[test]
fn a_hand_limit_below_the_deal_names_the_deal() {
    let o = whisker(&[
        "simulate",
        "mice-heist-ratings",
        "--set",
        "rules.hand_size=9",
        "--games",
        "10",
    ]);
    refused(
        &o,
        &[
            "rules.max_hand",
            "8: fewer than the 9 cards a hand is dealt (rules.hand_size); allowed 9 to 12",
        ],
    );
}

/// A rotated run's row for each bot says how many seats it holds and its fair share, as
/// bots.csv does: a bot in two seats of four wins half of the games by holding them.
#[test]
fn a_rotated_bot_is_read_against_its_fair_share() {
    let d = scratch("rotated-fair");
    let out = d.join("r");
    let bots = "greedy,random,cautious";
    let o = quietly(
        &[
            "simulate",
            "mice-heist-cheese",
            "--bots",
            bots,
            "--rotate-seats",
            "--games",
            "20",
        ],
        &out,
    );
    ok(&o);
    let said = String::from_utf8_lossy(&o.stdout);
    for row in [
        "greedy (2 of 4 seats, fair 50.0%)",
        "random (1 of 4 seats, fair 25.0%)",
        "greedy(max_bet=1) (1 of 4 seats, fair 25.0%)",
    ] {
        assert!(said.contains(row), "{row} not in {said}");
    }
    let csv = fs::read_to_string(out.join("bots.csv")).unwrap();
    assert!(
        csv.contains("\ngreedy,2,") && csv.contains(",0.500000,"),
        "{csv}"
    );
}

/// A negative number after a flag is refused by that flag's own check, not as an unknown flag
/// with advice to write `-- -5`.
#[test]
fn a_negative_number_is_refused_by_its_flag() {
    for (flag, value) in [("--games", "-5"), ("--seed", "-1"), ("--strength", "-1")] {
        let o = whisker(&["simulate", "cheesy-heist", flag, value]);
        refused(&o, &[&format!("'{value}' for '{flag}")]);
        assert!(!stderr(&o).contains("'-- "), "{}", stderr(&o));
    }
}

/// An item the change renames is on one side only: the terminal and the page say the
/// comparison leaves it out, rather than dropping its rows without a word.
#[test]
fn a_renamed_item_is_said_to_be_left_out() {
    let d = scratch("renamed-item");
    let text = fs::read_to_string("configs/mice-heist/cheese.toml").unwrap();
    assert!(text.contains("Creaky door") && text.contains("Dark corner"));
    let b = d.join("squeaky.toml");
    let renamed = text
        .replace("Creaky door", "Squeaky door")
        .replace("Dark corner", "Darker corner");
    fs::write(&b, renamed).unwrap();
    let o = quietly(
        &[
            "compare",
            "mice-heist-cheese",
            b.to_str().unwrap(),
            "--games",
            "20",
            "--report",
        ],
        &d.join("c"),
    );
    ok(&o);
    let said = String::from_utf8_lossy(&o.stdout);
    // A's and B's in turn, so each renamed item's two names stand together.
    let sentence = "4 rows of the game's tables on one side only (renamed, added or removed), so not compared: obstacles.csv A1 Creaky door (A only), obstacles.csv A1 Squeaky door (B only), obstacles.csv B2 Dark corner (A only), obstacles.csv B2 Darker corner (B only).";
    assert!(said.contains(&format!("  ! {sentence}\n")), "{said}");
    // The page reads them from run.toml, so `whisker report` redraws it the same.
    let page = fs::read_to_string(d.join("c/report.html")).unwrap();
    assert!(page.contains(sentence), "the page does not say it");
    fs::remove_file(d.join("c/report.html")).unwrap();
    ok(&whisker(&["report", d.join("c").to_str().unwrap()]));
    assert_eq!(fs::read_to_string(d.join("c/report.html")).unwrap(), page);
    // The same config on both sides pairs every row.
    let o = quietly(
        &["compare", "mice-heist-cheese", "--games", "20"],
        &d.join("same"),
    );
    ok(&o);
    assert!(!String::from_utf8_lossy(&o.stdout).contains("on one side only"));
    let record = fs::read_to_string(d.join("same/run.toml")).unwrap();
    assert!(!record.contains("unpaired"), "{record}");
}
