//! Every registered game through every command, as a designer would run them: simulate (with
//! rotated seats and a report), compare, sweep, check against a baseline, replay, shards and
//! merge. A new game is covered by registering it.

mod common;

use std::fs;
use std::path::Path;

use common::{scratch, stderr, stdout, whisker};
use whisker::games::REGISTRY;

/// Runs whisker and insists it succeeded; returns what it printed.
fn ok(args: &[&str]) -> String {
    let o = whisker(args);
    assert!(
        o.status.success(),
        "whisker {}: {}",
        args.join(" "),
        stderr(&o)
    );
    stdout(&o)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn every_game_runs_through_every_command() {
    let d = scratch("every-game");
    for entry in REGISTRY {
        let name = &entry.name();
        let at = |what: &str| d.join(format!("{name}-{what}"));
        // Each of the game's bots, named in the order `whisker bots` lists them.
        let listed = ok(&["bots", name]);
        let bots: Vec<&str> = listed
            .lines()
            .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
            .filter_map(|l| l.split_whitespace().next())
            .take_while(|w| *w != "presets")
            // The search bot is slow in a debug build: `tests/cli.rs` plays it on short runs.
            .filter(|w| *w != "ismcts")
            .collect();
        assert!(!bots.is_empty(), "{name}: no bots listed in {listed}");
        // Every bot, one a seat; in a game with roles, the default, one a role.
        let lineup = if listed.contains("ROLE=BOT") {
            let default = listed.split("without --bots: `").nth(1).unwrap();
            default[..default.find('`').unwrap()].to_string()
        } else {
            bots.join(",")
        };

        // 300 games with games.csv, as a baseline and as shards are made.
        let recorded = |extra: &[&str], out: &Path| {
            let mut args = vec!["simulate", name, "--games", "300", "--games-csv", "--quiet"];
            args.extend(extra);
            args.extend(["--out", path(out)]);
            ok(&args)
        };
        let base = at("base");
        recorded(&[], &base);
        assert!(base.join("games.csv").is_file() && base.join("summary.csv").is_file());

        let rotated = at("rotated");
        let rotate = |lineup: &str| {
            whisker(&[
                "simulate",
                name,
                "--games",
                "200",
                "--bots",
                lineup,
                "--rotate-seats",
                "--report",
                "--quiet",
                "--out",
                path(&rotated),
            ])
        };
        if listed.contains("ROLE=BOT") {
            // Bots that each play one role have one seating: nothing would rotate.
            let o = rotate(&lineup);
            assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
            assert!(
                stderr(&o).contains("so nothing would rotate"),
                "{name}: {}",
                stderr(&o)
            );
            assert!(!rotated.exists());
            // `random` and the search play every role: they swap seats.
            let o = rotate("random,ismcts(iterations=2)");
            assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        } else {
            let o = rotate(&lineup);
            assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        }
        assert!(rotated.join("report.html").is_file(), "{name}: no report");
        if bots.len() > 1 {
            assert!(rotated.join("bots.csv").is_file(), "{name}: no bots.csv");
        }

        let compared = at("compare");
        ok(&[
            "compare",
            name,
            name,
            "--games",
            "200",
            "--report",
            "--quiet",
            "--out",
            path(&compared),
        ]);
        let items = fs::read_to_string(compared.join("compare_items.csv")).unwrap();
        assert!(
            items.lines().count() > 1,
            "{name}: no per-item rows compared"
        );

        let swept = at("sweep");
        ok(&[
            "sweep",
            name,
            "--vary",
            "rules.max_turns=300,400",
            "--games",
            "100",
            "--report",
            "--quiet",
            "--out",
            path(&swept),
        ]);
        assert_eq!(
            fs::read_to_string(swept.join("sweep.csv"))
                .unwrap()
                .lines()
                .count(),
            3,
            "{name}: one sweep row a point"
        );
        let items = fs::read_to_string(swept.join("sweep_items.csv")).unwrap();
        assert!(items.lines().count() > 2, "{name}: no per-item rows swept");

        let checked = ok(&["check", "--baseline", path(&base), "--quiet"]);
        assert!(checked.contains("OK"), "{name}: {checked}");

        let told = ok(&["replay", name, "--game", "7"]);
        assert!(told.lines().count() > 2, "{name}: replay told nothing");

        // Two shards merge into the very files one run writes.
        let shards: Vec<_> = (0..2)
            .map(|i| {
                let s = at(&format!("shard{i}"));
                recorded(&["--shard", &format!("{i}/2")], &s);
                s
            })
            .collect();
        let merged = at("merged");
        ok(&[
            "merge",
            path(&shards[0]),
            path(&shards[1]),
            "--out",
            path(&merged),
        ]);
        for file in ["summary.csv", "seats.csv", "games.csv"] {
            assert_eq!(
                fs::read(merged.join(file)).unwrap(),
                fs::read(base.join(file)).unwrap(),
                "{name}: merged {file} differs from one run's"
            );
        }
        ok(&["report", path(&merged)]);
    }
}
