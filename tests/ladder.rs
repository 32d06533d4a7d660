//! The search bot and `whisker ladder` as a user runs them: every game, the same files on any
//! thread count, and clear refusals.

mod common;

use std::fs;
use std::path::Path;

use common::{builtins, files, scratch, stderr, stdout, whisker};

/// Short games for a debug build: Mouse Chaos's play-outs run to its turn cap.
fn short(name: &str) -> Vec<&'static str> {
    match name {
        "mouse-chaos" => vec!["--set", "rules.max_turns=12"],
        _ => vec![],
    }
}

fn run(args: &[&str]) -> String {
    let o = whisker(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

fn same_files(one: &Path, two: &Path) {
    for name in files(one).iter().filter(|n| *n != "host.toml") {
        assert_eq!(
            fs::read(one.join(name)).unwrap(),
            fs::read(two.join(name)).unwrap(),
            "{name} differs"
        );
    }
}

#[test]
fn ismcts_plays_every_game_the_same_on_any_thread_count() {
    let d = scratch("ismcts");
    for name in &builtins().collect::<Vec<_>>() {
        let play = |threads: &str| {
            let out = d.join(format!("{name}-{threads}"));
            let mut args = vec![
                "simulate",
                name,
                "--bots",
                "ismcts(iterations=3)",
                "--games",
                "6",
                "--threads",
                threads,
                "--games-csv",
                "--quiet",
                "--out",
                out.to_str().unwrap(),
            ];
            args.extend(short(name));
            run(&args);
            out
        };
        same_files(&play("1"), &play("2"));
    }
}

#[test]
fn a_ladder_writes_its_tables_the_same_on_any_thread_count() {
    let d = scratch("ladder");
    let play = |threads: &str| {
        let out = d.join(format!("t{threads}"));
        let text = run(&[
            "ladder",
            "cat-and-the-mouse",
            "--bots",
            "random,sleuth+thief,ismcts(iterations=8)",
            "--games",
            "8",
            "--threads",
            threads,
            "--report",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        (out, text)
    };
    let ((one, text), (two, _)) = (play("1"), play("2"));
    same_files(&one, &two);
    for file in [
        "matrix.csv",
        "ratings.csv",
        "seats.csv",
        "endings.csv",
        "report.html",
    ] {
        assert!(one.join(file).is_file(), "no {file}");
    }
    // Three bots: six pairings, each 8 seeds at both seats.
    let matrix = fs::read_to_string(one.join("matrix.csv")).unwrap();
    assert_eq!(matrix.lines().count(), 7, "{matrix}");
    assert!(
        matrix.lines().skip(1).all(|l| l.contains(",16,")),
        "{matrix}"
    );
    let page = fs::read_to_string(one.join("report.html")).unwrap();
    // Well-formed XML, as every page is, its matrix's intervals under their rates included.
    let strict = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(&page, strict).expect("a well-formed ladder page");
    assert!(
        page.contains("%<br/>("),
        "the matrix's intervals under their rates"
    );
    for chart in [
        "Which bot beats which?",
        "Does searching longer play better?",
        "At what budget does a search beat sleuth+thief?",
    ] {
        assert!(page.contains(chart), "the report lacks {chart}");
    }
    assert!(text.contains("ratings (Elo points, random = 0"), "{text}");
    // A ladder's folder is no baseline and no shard: `check` once advised making a baseline
    // with --out there, which would have replaced the ladder.
    let check = whisker(&["check", "--baseline", one.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(2));
    assert!(
        stderr(&check).contains("a baseline is a `simulate` result; this one is `ladder`"),
        "{}",
        stderr(&check)
    );
    let merge = whisker(&[
        "merge",
        one.to_str().unwrap(),
        "--out",
        d.join("m").to_str().unwrap(),
    ]);
    assert_eq!(merge.status.code(), Some(2));
    assert!(
        stderr(&merge).contains("a `ladder` result, not a shard"),
        "{}",
        stderr(&merge)
    );
    // The strength curve's budgets are searches that differ from the default in their budget
    // alone: not the default ladder's reference, which also doubles its trust.
    let out = d.join("curve");
    run(&[
        "ladder",
        "cat-and-the-mouse",
        "--games",
        "2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let ratings = fs::read_to_string(out.join("ratings.csv")).unwrap();
    let budget = |bot: &str| {
        let row = ratings.lines().find(|l| l.starts_with(&format!("{bot},")));
        row.and_then(|l| l.split(',').nth(1)).map(String::from)
    };
    assert_eq!(
        budget("ismcts(iterations=10)").as_deref(),
        Some("10"),
        "{ratings}"
    );
    assert_eq!(budget("ismcts").as_deref(), Some("30"), "{ratings}");
    assert_eq!(budget("reference").as_deref(), Some(""), "{ratings}");
    assert!(text.contains("seat 2 mouse"), "{text}");
    // The deduction bots beat random as the Inspector and as the Mouse.
    let row = matrix
        .lines()
        .find(|l| l.starts_with("sleuth+thief,random,"))
        .unwrap();
    let rate: f64 = row.split(',').nth(5).unwrap().parse().unwrap();
    assert!(rate > 0.7, "{row}");
}

#[test]
fn a_ladder_plays_every_game_by_default_names() {
    let d = scratch("ladder-games");
    for name in ["mice-heist-ratings", "cheesy-heist", "mouse-chaos"] {
        let out = d.join(name);
        let mut args = vec![
            "ladder",
            name,
            "--bots",
            "random,ismcts(iterations=2)",
            "--games",
            "2",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend(short(name));
        let text = run(&args);
        assert!(text.contains("highest rated"), "{name}: {text}");
        // Every file the terminal cites is written (the seats run's endings were not).
        let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'));
        for file in words.filter(|w| w.ends_with(".csv")) {
            assert!(out.join(file).is_file(), "{name}: cites {file}: {text}");
        }
        assert_eq!(
            text.contains("(endings.csv)"),
            name != "mice-heist-ratings",
            "{name}: {text}"
        );
    }
}

#[test]
fn a_ladder_refuses_what_it_cannot_play() {
    let d = scratch("ladder-bad");
    let out = d.join("r");
    for (bots, says) in [
        ("random", "at least two bots"),
        ("random,random", "listed twice"),
        // Each seat takes the first bot of its role: the same two bots, in either order.
        (
            "sleuth+thief,thief+sleuth",
            "`thief+sleuth` is listed twice",
        ),
        (
            "random,sleuth",
            "no bot for the mouse (seat 2); join one with `+`",
        ),
        ("random,clever", "unknown bot `clever`"),
    ] {
        let o = whisker(&[
            "ladder",
            "cat-and-the-mouse",
            "--bots",
            bots,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{bots}");
        assert!(stderr(&o).contains(says), "{bots}: {}", stderr(&o));
        assert!(!out.exists(), "{bots}: nothing is written");
    }
}

#[test]
fn an_interrupted_ladder_keeps_the_pairings_it_finished() {
    let d = scratch("ladder-stop");
    let out = d.join("r");
    // A real SIGINT once 30 games are finished: the first pairing (10 seeds at both seats) is
    // whole, the second half played, and a stop waits only for the game under way.
    let o = common::command()
        .env("WHISKER_TEST_STOP", "30,INT")
        .args([
            "ladder",
            "cat-and-the-mouse",
            "--bots",
            "random,sleuth+thief,ismcts(iterations=30),ismcts(iterations=30,explore=100)",
            "--games",
            "10",
            "--threads",
            "1",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let record = fs::read_to_string(out.join("ladder.toml")).unwrap();
    assert!(record.contains("partial = true"), "{record}");
    // Only whole pairings (10 seeds at both seats), the first among them, and not all twelve.
    // Read as CSV: a bot's name with parameters holds commas and comes quoted.
    let matrix = fs::read_to_string(out.join("matrix.csv")).unwrap();
    let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(matrix.as_bytes())
        .records()
        .map(Result::unwrap)
        .collect();
    assert!(!rows.is_empty(), "the first pairing finished: {matrix}");
    assert_eq!(
        (&rows[0][0], &rows[0][1]),
        ("random", "sleuth+thief"),
        "{matrix}"
    );
    assert_eq!(rows.len(), 1, "{matrix}");
    assert!(rows.iter().all(|r| &r[2] == "20"), "{matrix}");
    assert!(out.join("ratings.csv").is_file());
    assert!(
        !out.join("seats.csv").exists(),
        "no seats without the whole ladder"
    );
    // Its page offers the command as the whole ladder's, not as these games again.
    let o = whisker(&["report", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        !page.contains("To play exactly these games again"),
        "{page}"
    );
    assert!(
        page.contains("This ladder was interrupted; to play the whole of it:"),
        "{page}"
    );
}

/// The page's first sentence names the highest-rated bot against another when it is the bot
/// every rating counts from, and finds the strength reference by the bot it stands for.
#[test]
fn a_ladder_page_says_who_leads_whatever_the_order() {
    let d = scratch("ladder-lead");
    let page = |name: &str, bots: &str| {
        let out = d.join(name);
        run(&[
            "ladder",
            "cat-and-the-mouse",
            "--bots",
            bots,
            "--set",
            "bots.reference=ismcts(iterations=3)",
            "--games",
            "10",
            "--report",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        fs::read_to_string(out.join("report.html")).unwrap()
    };
    let first = page("first", "sleuth+thief,random");
    assert!(
        first.contains("sleuth+thief rates highest: the next, random, rates −"),
        "{first}"
    );
    assert!(!first.contains("over sleuth+thief"), "{first}");
    assert!(!first.contains("Against the strength reference"), "{first}");
    let by_bot = page("by-bot", "random,sleuth+thief,ismcts(iterations=3)");
    assert!(
        by_bot.contains("The strength reference is ismcts(iterations=3): ismcts(iterations=3)."),
        "{by_bot}"
    );
    assert!(
        by_bot.contains("Against the strength reference, ") && by_bot.contains("weaker: random"),
        "{by_bot}"
    );
}

/// A cheap search that leads the reference by noise in a short ladder does not stand for strong
/// play: the reference plays every seat, and the terminal, seats.csv and the page say so.
#[test]
fn the_reference_plays_every_seat_where_the_ladder_cannot_tell_the_highest_from_it() {
    let d = scratch("ladder-level");
    let out = d.join("level");
    let said = run(&[
        "ladder",
        "cat-and-the-mouse",
        "--bots",
        "ismcts(iterations=10),ismcts,reference",
        "--games",
        "30",
        "--report",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    // On these seeds the 10-iteration search rates highest, level with the reference.
    assert!(
        said.contains("  ismcts(iterations=10)        0  (95% CI 0 to 0)  highest rated"),
        "{said}"
    );
    assert!(
        said.contains("seats when reference plays every seat (60 games), since the ladder cannot tell ismcts(iterations=10) from it:"),
        "{said}"
    );
    let seats = fs::read_to_string(out.join("seats.csv")).unwrap();
    assert!(
        seats.contains("1,inspector,\"ismcts(iterations=120,trust=40)\",60,"),
        "{seats}"
    );
    let page = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        page.contains("ismcts(iterations=10) rates highest, but the ladder cannot tell it from the strength reference, reference (ismcts(iterations=120,trust=40)): these are the reference's seats"),
        "{page}"
    );
    // How those games end, as the terminal lists them.
    assert!(
        page.contains("How do those games end?") && page.contains(">trap right<"),
        "{page}"
    );

    // With no reference among the bots, the highest rated plays every seat, named as the
    // ratings name it (a pair of bots by both), and nothing is said of a reference.
    let out = d.join("pair");
    run(&[
        "ladder",
        "cat-and-the-mouse",
        "--bots",
        "random,sleuth+thief",
        "--games",
        "20",
        "--report",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let page = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        page.contains("Seats when sleuth+thief plays every seat")
            && !page.contains("cannot tell it from the strength reference"),
        "{page}"
    );
}

#[test]
fn an_interrupted_search_run_keeps_the_games_it_finished() {
    let d = scratch("ismcts-stop");
    let out = d.join("r");
    // Each game is its own work unit when a bot searches, so a SIGINT once 3 games are finished
    // stops the run after the game under way, not after 128 of them.
    let o = common::stopped(
        &[
            "simulate",
            "cat-and-the-mouse",
            "--bots",
            "ismcts(iterations=500)",
        ],
        &out,
        "3,INT",
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert_eq!(
        common::run_value(&out, "partial").unwrap().as_bool(),
        Some(true)
    );
    let played = common::run_value(&out, "played")
        .unwrap()
        .as_integer()
        .unwrap();
    assert_eq!(played, 3, "{played} games kept");
}

/// A ladder whose strongest bot stalls at the turn cap says so first on its page, as the
/// terminal does, from the capped games its ladder.toml records.
#[test]
fn a_stalling_ladder_says_so_first() {
    let scratch_dir = scratch("ladder-stall");
    let out = scratch_dir.join("l");
    let o = whisker(&[
        "ladder",
        "mouse-chaos",
        "--players",
        "2",
        "--bots",
        "random,shepherd",
        "--games",
        "4",
        "--quiet",
        "--report",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let record: toml::Table = fs::read_to_string(out.join("ladder.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let capped = record["seats_capped"].as_integer().unwrap();
    assert!(capped > 0, "{record:?}");
    let page = fs::read_to_string(out.join("report.html")).unwrap();
    let lead = page
        .find("With random at every seat, ")
        .expect("a stall line");
    assert!(
        lead < page.find("Who beats whom").unwrap(),
        "the stall comes first"
    );
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("  ! "),
        "the terminal says it too"
    );
}

/// The default `ismcts` is at least as strong as each game's own bot: in a ladder of the two,
/// its rating's 95% interval reaches the own bot's 0 or above. Release build, about a minute:
/// `cargo test --release --test ladder -- --ignored --nocapture`. (The search before issue 30
/// fails it: in Mice Heist cheese it rated −38 Elo, interval −63 to −13.)
#[test]
#[ignore]
fn the_default_search_is_as_strong_as_each_game_s_own_bot() {
    let d = scratch("strength");
    for (name, own, games) in [
        ("mice-heist-cheese", "greedy", "100"),
        ("mice-heist-ratings", "greedy", "50"),
        ("cat-and-the-mouse", "sleuth+thief", "400"),
        ("cheesy-heist", "sly", "50"),
        ("mouse-chaos", "shepherd", "30"),
    ] {
        let out = d.join(name);
        let bots = format!("{own},ismcts");
        run(&[
            "ladder",
            name,
            "--bots",
            &bots,
            "--games",
            games,
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        let ratings = fs::read_to_string(out.join("ratings.csv")).unwrap();
        let row = ratings.lines().nth(2).expect("a row for ismcts");
        let cells: Vec<&str> = row.split(',').collect();
        let [elo, low, high]: [f64; 3] = [2, 3, 4].map(|i| cells[i].parse().unwrap());
        println!("{name}: ismcts {elo:+.0} Elo against {own} (95% CI {low:+.0} to {high:+.0})");
        assert!(high >= 0.0, "{name}: {row}");
    }
}

/// A config's `reference` preset joins the default ladder, and every bot is rated against it:
/// the same fit as the ratings, shifted so the reference is 0, with the interval of the
/// difference.
#[test]
fn a_ladder_rates_every_bot_against_the_config_s_reference() {
    let d = scratch("ladder-reference");
    let out = d.join("lad");
    // A small reference, so a debug build plays it in seconds.
    let text = run(&[
        "ladder",
        "cat-and-the-mouse",
        "--set",
        "bots.reference=ismcts(iterations=3)",
        "--set",
        "bots.weak=random",
        "--games",
        "20",
        "--bots",
        "weak,sleuth+thief,reference",
        "--report",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        text.contains(
            "against the strength reference (reference, the config's `reference`: ismcts(iterations=3)), Elo"
        ),
        "{text}"
    );
    let ratings = fs::read_to_string(out.join("ratings.csv")).unwrap();
    let mut lines = ratings.lines();
    assert_eq!(
        lines.next(),
        Some(
            "bot,iterations,elo,ci_low,ci_high,vs_reference,vs_reference_low,vs_reference_high,games,wins"
        )
    );
    let rows: Vec<Vec<f64>> = lines
        .map(|l| {
            l.split(',')
                .skip(2)
                .take(6)
                .map(|c| c.parse().unwrap())
                .collect()
        })
        .collect();
    let reference = &rows[2];
    assert_eq!(reference[3..6], [0.0, 0.0, 0.0], "{ratings}");
    for (row, name) in rows.iter().zip(["weak", "sleuth+thief"]) {
        // A shift of the same fit: the difference of the two ratings.
        // Each written to six decimals.
        assert!((row[3] - (row[0] - reference[0])).abs() < 2e-6, "{ratings}");
        assert!(row[4] < row[3] && row[3] < row[5], "{ratings}");
        // Signed as every difference: a typographic minus for a fall.
        let elo = format!("{:+.0}", row[3]).replace('-', "−");
        assert!(
            text.contains(&format!("\n  {name:12}  {elo:>7}  (95% CI ")),
            "{text}"
        );
    }
    // Random never wins a game as the Mouse against a deduction Inspector here, so it rates
    // below the reference, and the interval says so.
    assert!(rows[0][5] < 0.0, "{ratings}");
    assert!(text.contains("weaker"), "{text}");
    // Every figure to six decimals, as every other file writes them.
    for file in ["ratings.csv", "matrix.csv", "seats.csv"] {
        let csv = fs::read_to_string(out.join(file)).unwrap();
        let long = csv
            .split([',', '\n'])
            .filter_map(|c| c.split_once('.'))
            .find(|(_, decimals)| decimals.len() != 6);
        assert!(long.is_none(), "{file}: {long:?} in\n{csv}");
    }

    // The page says the answer first, where each bot stands against the reference, and how to
    // play the ladder again; that command plays the same games.
    let page = fs::read_to_string(out.join("report.html"))
        .unwrap()
        .replace("<span class=\"word\">", "")
        .replace("</span>", "");
    let lead = page
        .find("rates highest: +")
        .expect("no answer on the page");
    assert!(
        lead < page.find("Who beats whom").unwrap(),
        "the answer is not first"
    );
    assert!(
        page.contains("Against the strength reference, level with it: sleuth+thief; weaker: weak."),
        "{page}"
    );
    assert!(
        page.contains("<h2>Against the strength reference</h2>"),
        "{page}"
    );
    assert!(
        page.contains("The strength reference is reference: ismcts(iterations=3)."),
        "{page}"
    );
    let start = page
        .find("whisker ladder ")
        .expect("no command on the page");
    let command = &page[start..start + page[start..].find('<').unwrap()];
    assert_eq!(
        command,
        "whisker ladder cat-and-the-mouse --bots weak,sleuth+thief,reference --games 20 --seed 1 --players 2 --set 'bots.reference=ismcts(iterations=3)' --set bots.weak=random"
    );
    let again = d.join("again");
    let mut args: Vec<&str> = command
        .split(' ')
        .skip(1)
        .map(|w| w.trim_matches('\''))
        .collect();
    args.extend(["--quiet", "--out", again.to_str().unwrap()]);
    run(&args);
    for file in ["ratings.csv", "matrix.csv", "seats.csv"] {
        assert_eq!(
            fs::read(out.join(file)).unwrap(),
            fs::read(again.join(file)).unwrap(),
            "{file} differs when played again"
        );
    }
}
