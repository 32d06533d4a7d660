//! `whisker report` and `--report`: the page parses, every chart is there with data, and nothing
//! outside the file is referenced.

mod common;

use std::fs;
use std::path::Path;

use common::{scratch, stalling_run, stderr, whisker};

/// Runs `args` with `--report --quiet --out DIR` added and returns the page it wrote.
fn reported(args: &[&str], out: &Path) -> String {
    let mut all = args.to_vec();
    all.extend(["--report", "--quiet", "--out", out.to_str().unwrap()]);
    let o = whisker(&all);
    assert!(o.status.success(), "{}", stderr(&o));
    fs::read_to_string(out.join("report.html")).unwrap()
}

/// The charts of a page by title, each with how many marks carry data: bars of some size,
/// lines with at least two points, dots.
fn charts(html: &str) -> Vec<(String, usize)> {
    // `<!DOCTYPE html>` is HTML's; the rest of the page is well-formed XML.
    let doc = roxmltree::Document::parse_with_options(
        html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .expect("the report is well-formed");
    doc.descendants()
        .filter(|n| n.has_tag_name("svg"))
        .map(|svg| {
            let title = svg
                .children()
                .find(|c| c.has_tag_name("title"))
                .and_then(|t| t.text())
                .expect("every chart has a title")
                .to_string();
            let class = |n: &roxmltree::Node, c: &str| {
                n.attribute("class")
                    .is_some_and(|v| v.split(' ').any(|x| x == c))
            };
            let marks = svg
                .descendants()
                .filter(|n| {
                    let size = |a: &str| n.attribute(a).and_then(|v| v.parse::<f64>().ok());
                    (class(n, "bar") && size("width") > Some(0.0) && size("height") > Some(0.0))
                        || (class(n, "line")
                            && n.attribute("points")
                                .is_some_and(|p| p.split(' ').count() >= 2))
                        || class(n, "dot")
                })
                .count();
            (title, marks)
        })
        .collect()
}

/// Nothing the page needs lives outside it: no links, sources, scripts, imports or URLs.
fn self_contained(html: &str) {
    let doc = roxmltree::Document::parse_with_options(
        html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap();
    for n in doc.descendants().filter(|n| n.is_element()) {
        let tag = n.tag_name().name();
        assert!(
            ![
                "script", "link", "img", "iframe", "object", "embed", "image", "use"
            ]
            .contains(&tag),
            "a <{tag}> element"
        );
        for a in n.attributes() {
            assert!(
                !["href", "src", "srcset"].contains(&a.name()),
                "<{tag} {}=\"{}\">",
                a.name(),
                a.value()
            );
            assert!(
                !a.value().contains("url("),
                "<{tag}> refers out: {}",
                a.value()
            );
        }
    }
    for style in doc.descendants().filter(|n| n.has_tag_name("style")) {
        let css = style.text().unwrap_or_default();
        assert!(
            !css.contains("url(") && !css.contains("@import"),
            "CSS refers out"
        );
    }
    // The SVG namespace is a name, not a fetch; no other address appears.
    let stripped = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!stripped.contains("http"), "an address in the page");
}

/// The page with its markup's word wrappers taken out, as a reader sees the text.
fn text(html: &str) -> String {
    html.replace("<span class=\"word\">", "")
        .replace("</span>", "")
}

/// Every chart in `expected` is on the page with data, and there are no others.
fn has_charts(html: &str, expected: &[&str]) {
    let found = charts(html);
    let titles: Vec<&str> = found.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(titles, expected);
    for (title, marks) in &found {
        assert!(*marks > 0, "chart `{title}` has no data drawn");
    }
}

#[test]
fn a_simulate_report_shows_every_chart_with_data() {
    let d = scratch("report-sim");
    let html = reported(
        &["simulate", "--bots", "greedy", "--games", "400"],
        &d.join("r"),
    );
    has_charts(
        &html,
        &[
            "Win rate by seat",
            "Final score distribution by seat",
            "Game length",
            "Which job ended the game",
            "Chip faces drawn",
            "Chip totals",
            "Pass rate by chip total",
            "Obstacle success rates, hardest first",
            "Skill activations per game",
            "Win rate of players holding each skill at the end",
            "Win rate by colour",
        ],
    );
    self_contained(&html);
    let shown = text(&html);
    for needed in [
        "Things to look at",
        "whisker simulate mice-heist-cheese --games 400 --seed 1 --players 4 --bots greedy,greedy,greedy,greedy",
        // Greedy's first seat wins about 40% of games: the report points at it.
        "Seat 1 (greedy) wins",
    ] {
        assert!(shown.contains(needed), "the page lacks `{needed}`");
    }
    // The page is made from the folder alone: `whisker report` makes the same bytes again,
    // sealed with their fingerprint.
    let (body, seal) = html.trim_end().rsplit_once('\n').unwrap();
    assert!(
        seal.starts_with("<!-- whisker page fingerprint ") && body.ends_with("</html>"),
        "{seal}"
    );
    let again = d.join("again.html");
    let report_to = |out: &std::path::Path| {
        whisker(&[
            "report",
            d.join("r").to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let o = report_to(&again);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&again).unwrap(), html);
    // A page as whisker wrote it is replaced, a copy of the folder's too; an edited one is a
    // person's work and kept, as is a page with no seal.
    let copy = d.join("copy.html");
    fs::write(&copy, &html).unwrap();
    assert!(report_to(&again).status.success());
    assert!(report_to(&copy).status.success());
    let edited = html.replace("Things to look at", "Things to look at (my notes)");
    fs::write(&again, &edited).unwrap();
    let unsealed = format!("{body}\n");
    fs::write(&copy, &unsealed).unwrap();
    for (page, kept) in [(&again, &edited), (&copy, &unsealed)] {
        let o = report_to(page);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("has changed since whisker wrote it"),
            "{}",
            stderr(&o)
        );
        assert_eq!(&fs::read_to_string(page).unwrap(), kept);
    }
    // In the result folder too: its own page, edited, or a copy edited under another name, is
    // kept (both were once replaced, and the copy then listed as whisker's).
    let folder = d.join("r");
    let own = folder.join("report.html");
    let mine = folder.join("mine.html");
    fs::write(&own, &edited).unwrap();
    fs::write(&mine, &edited).unwrap();
    for (page, named) in [(&own, false), (&mine, true)] {
        let o = if named {
            report_to(page)
        } else {
            whisker(&["report", folder.to_str().unwrap()])
        };
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("has changed since whisker wrote it"),
            "{}",
            stderr(&o)
        );
        assert_eq!(fs::read_to_string(page).unwrap(), edited);
    }
    assert!(
        !fs::read_to_string(folder.join(".whisker-result"))
            .unwrap()
            .contains("mine.html")
    );
}

#[test]
fn a_ratings_report_adds_its_own_charts() {
    let d = scratch("report-ratings");
    let html = reported(
        &[
            "simulate",
            "configs/mice-heist/ratings.toml",
            "--games",
            "300",
            "--rotate-seats",
            "--bots",
            "greedy,random",
        ],
        &d.join("r"),
    );
    let titles: Vec<String> = charts(&html).into_iter().map(|c| c.0).collect();
    for t in [
        "Win rate by bot",
        "Pass rate of tests each assist card joined",
        "Skill ratings at the end of the game",
        "Win rate by identity",
    ] {
        assert!(
            titles.iter().any(|x| x == t),
            "no chart `{t}` in {titles:?}"
        );
    }
    // Each bot holds two of the four seats.
    assert!(
        html.contains("greedy (fair 50.0%)"),
        "bots are held to their own fair share"
    );
    self_contained(&html);
}

/// Cat & The Mouse: when no game ends by three clues, the page says which readings let the Mouse
/// answer a check without a clue and names the switches that take both answers away; with both
/// switched, three clues decide games and the finding is gone.
#[test]
fn a_cat_and_the_mouse_report_says_why_no_game_ends_by_three_clues() {
    let d = scratch("report-cat-clues");
    let page = |sets: &[&str], out: &str| {
        let mut args = vec!["simulate", "cat-and-the-mouse", "--games", "2000"];
        for set in sets {
            args.extend(["--set", set]);
        }
        text(&reported(&args, &d.join(out)))
    };
    let switches = "Clues decide games only when both answers are taken away: --set \
                    rules.own_room=forbidden --set rules.clue_room_again=clue";
    let defaults = page(&[], "defaults");
    let both_safe = format!(
        "No game ends by three clues: the readings let the Mouse answer a check without giving \
         a clue by naming its own room (rules.own_room is allowed) and by naming a face-up clue \
         room again (rules.clue_room_again is nothing). {switches}"
    );
    assert!(
        defaults.contains(&both_safe),
        "the defaults' page lacks `{both_safe}`"
    );
    let own = page(&["rules.own_room=forbidden"], "own");
    let face_up = format!(
        "No game ends by three clues: the readings let the Mouse answer a check without giving \
         a clue by naming a face-up clue room again (rules.clue_room_again is nothing). \
         {switches}"
    );
    assert!(own.contains(&face_up), "the page lacks `{face_up}`");
    let both = page(
        &["rules.own_room=forbidden", "rules.clue_room_again=clue"],
        "both",
    );
    assert!(!both.contains("No game ends by three clues"));
    // The ending keeps its label, but the page counts the clues the config plays to.
    let two = page(&["rules.clues_to_win=2"], "two");
    assert!(
        two.contains("No game ends by two clues: the readings"),
        "{two}"
    );
    assert!(two.contains("by it: two clues or the trap"), "{two}");
    assert!(!two.contains("three clues"), "{two}");
}

#[test]
fn small_and_large_tables_and_tiny_runs_still_make_a_page() {
    let d = scratch("report-tables");
    let six = reported(
        &[
            "simulate",
            "--players",
            "6",
            "--bots",
            "greedy",
            "--games",
            "300",
        ],
        &d.join("six"),
    );
    // Every seat of six in the legend and on the seat chart.
    for s in 1..=6 {
        assert!(
            six.contains(&format!("seat {s} (greedy)")),
            "seat {s} missing"
        );
        assert!(
            six.contains(&format!("seat {s}, mean")),
            "seat {s} not in the legend"
        );
    }
    self_contained(&six);
    let tiny = reported(&["simulate", "--games", "5"], &d.join("tiny"));
    assert!(tiny.contains("Only 5 games: the intervals are wide"));
    // With five games no obstacle's interval is narrow enough to call it extreme.
    assert!(!tiny.contains("almost nobody passes") && !tiny.contains("almost everybody"));
    for (title, marks) in charts(&tiny) {
        assert!(marks > 0, "chart `{title}` has no data drawn");
    }
}

#[test]
fn a_compare_report_puts_a_and_b_side_by_side() {
    let d = scratch("report-cmp");
    let html = reported(
        &[
            "compare",
            "--games",
            "600",
            "--set-b",
            "jobs.A.obstacles.1.target=9",
        ],
        &d.join("r"),
    );
    has_charts(
        &html,
        &[
            "Rates, A against B",
            "Mean final score by seat, A against B",
            "Difference B − A in each rate, with its 95% interval",
            "Game length, A against B",
            "Per-item rates that changed, B − A with its 95% interval",
            "Per-item counts that changed, relative to A",
        ],
    );
    self_contained(&html);
    // The obstacle whose target B changed is the largest per-item change, named first.
    let page = text(&html);
    let first = page
        .find("Obstacles A2 ")
        .expect("the changed obstacle is named");
    assert!(
        page.find("Obstacles ").is_some_and(|i| i == first),
        "another item is named before the changed obstacle"
    );
    // Two series (A and B) in the side-by-side charts, and the significant rows marked.
    assert!(html.contains("A: configs/mice-heist/cheese.toml"));
    assert!(html.contains("B: configs/mice-heist/cheese.toml with jobs.A.obstacles.1.target=9"));
    assert!(
        html.contains("class=\"significant\""),
        "no row marked significant"
    );
    // The charts mark a row as the findings do (significant and large enough), and their
    // captions say so: one once said "Marked rows differ significantly" beside a significant
    // row left unmarked for being small.
    assert!(!page.contains("Marked rows"), "{page}");
    assert_eq!(
        page.matches("marked ! differs significantly and by enough to act on")
            .count(),
        2
    );
    assert!(page.contains(
        "marked ! stays significant after Holm's correction and differs by enough to act on"
    ));
}

#[test]
fn a_sweep_report_draws_each_metric_against_the_varied_value() {
    let d = scratch("report-sweep");
    let html = reported(
        &[
            "sweep",
            "--vary",
            "chips.blue.high=2..4",
            "--bots",
            "greedy",
            "--games",
            "300",
        ],
        &d.join("r"),
    );
    let found = charts(&html);
    assert!(found.len() >= 6, "{found:?}");
    assert_eq!(found[0].0, "Win rate by seat");
    for (title, marks) in &found {
        // One dot per point of the sweep, per line.
        assert!(*marks >= 3, "chart `{title}` has {marks} marks");
    }
    // The length in the game's own turns: a Mice Heist turn is a test.
    assert!(found.iter().any(|(t, _)| t == "mean game length (tests)"));
    // Each finding reads as a sentence, from a capital.
    assert!(
        html.contains("<li>Mean game length (tests) moves across the sweep, from "),
        "{html}"
    );
    assert!(html.contains("class=\"band"), "no interval band");
    // Every point's table, set to fit the text's width, holds seat 1's rate once.
    let table = &html[html.find("<h2>Every point").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    assert!(table.contains("<table class=\"wide\">"), "{table}");
    assert!(
        table.contains(">seat 1 win rate<") && !table.contains(">first seat win rate<"),
        "{table}"
    );
    assert!(
        text(&html).contains("whisker sweep mice-heist-cheese --vary"),
        "no command to play it again"
    );
    self_contained(&html);
    // Cat & The Mouse's room count moves its seat gap far.
    let rooms = |vary: &str, games: &str, name: &str| {
        let args = [
            "sweep",
            "cat-and-the-mouse",
            "--vary",
            vary,
            "--games",
            games,
        ];
        text(&reported(&args, &d.join(name)))
    };
    // A seat gap that moves is told in points, as every seat gap sentence is.
    let page = rooms("rules.rooms=8,12", "1000", "cat");
    let from = page.find("Seat gap moves").expect("the seat gap moves");
    let moves: String = page[from..].chars().take(100).collect();
    assert!(
        moves.starts_with("Seat gap moves across the sweep, from 59.4 points at rules.rooms=12 to 100.0 points at rules.rooms=8"),
        "{moves}"
    );
    // The most even point's balance may be the default bots' alone: where strong play does
    // not confirm it (here a "strong" lineup of random bots, which plays another game), the
    // page says so beside it, and every point's row says which figures it does not confirm.
    let html = reported(
        &[
            "sweep",
            "cat-and-the-mouse",
            "--vary",
            "rules.rooms=8,12",
            "--games",
            "1000",
            "--strength",
            "200",
            "--strength-bots",
            "random",
        ],
        &d.join("weak"),
    );
    let page = text(&html);
    assert!(
        page.contains("The most even point is rules.rooms=12 (seat gap 59.4 points). Under strong play its seat gap, seat 1 (inspector) win rate and seat 2 (mouse) win rate are not confirmed (sweep_strength.csv)."),
        "{page}"
    );
    assert!(page.contains("2 of 2 points have figures not confirmed (sweep_strength.csv). Every point's column “under strong play” names them."));
    // Next to the point's values, not scrolled out of sight behind a dozen figures.
    assert!(
        html.contains("<th>rules.rooms</th><th class=\"n\">under strong play</th>"),
        "{html}"
    );
    assert!(
        html.contains("<td class=\"n\">! not confirmed:<br/>mean game length (rounds)<br/>"),
        "{html}"
    );
    // Where the table's size moves, the most even point is the one whose gap is smallest
    // against its fair share: 7.0 points of 33.3% at 3 players, not 4.9 of 20.0% at 5.
    let page = text(&reported(
        &[
            "sweep",
            "mice-heist-ratings",
            "--vary",
            "rules.players=3,5",
            "--bots",
            "greedy",
            "--games",
            "1000",
        ],
        &d.join("players"),
    ));
    assert!(
        page.contains("The most even point for its table's size is rules.players=3 (seat gap 7.0 points against a fair share of 33.3%)"),
        "{page}"
    );
    assert!(page.contains("The marked row is the most even point for its table's size"));
    // A point whose games stall is no candidate, however even its seats: here nest_size=4's
    // 0.6-point gap over the 53.8% of its games that the cap ended, and nest_size=2, where
    // 37.2% of games end with every player losing. With one point left, the page says why it
    // names none.
    let page = text(&reported(
        &[
            "sweep",
            "mouse-chaos",
            "--players",
            "2",
            "--bots",
            "shepherd(drive=0)",
            "--vary",
            "rules.nest_size=2..4",
            "--games",
            "500",
        ],
        &d.join("stalls"),
    ));
    assert!(
        page.contains(
            "with no winner (53.8% at rules.nest_size=4). The cap ended them, not the rules."
        ) && page.contains("every player loses (37.2% at rules.nest_size=2)."),
        "{page}"
    );
    assert!(
        page.contains("No point is named the most even: 2 of 3 points stall in 5.0% or more of their games, leaving only rules.nest_size=3."),
        "{page}"
    );
    assert!(!page.contains("marked row"), "{page}");
    // Nor is a point whose games end in a stall the game declares: goal_5_players=5's 4.1
    // points, where the draw pile ran out in 5.0% or more of its games, not the goal.
    let page = text(&reported(
        &[
            "sweep",
            "cheesy-heist",
            "--players",
            "5",
            "--vary",
            "rules.goal_5_players=3..5",
            "--games",
            "1000",
        ],
        &d.join("declared"),
    ));
    assert!(
        page.contains("end when the draw pile runs out, won on the cheese in hand, not the goal (")
            && page.contains("% at rules.goal_5_players=5)."),
        "{page}"
    );
    assert!(
        page.contains("Of the points whose games do not stall (1 of 3 stall in 5.0% or more of their games), the most even is rules.goal_5_players=4 (seat gap 4.9 points)"),
        "{page}"
    );
    // Where every point has the same seat gap none is named the most even, and where nothing
    // stands out the small moves are not "also" real.
    let page = rooms("rules.rooms=8..9", "500", "tie");
    // The Mouse never wins there: its line is drawn at 0% (it was once left out, and the fair
    // share read 100.0%), each seat named by its role.
    let html = fs::read_to_string(d.join("tie/report.html")).unwrap();
    let win_rates = charts(&html)
        .into_iter()
        .find(|(t, _)| t == "Win rate by seat")
        .expect("a win rate chart");
    assert_eq!(win_rates.1, 6, "two seats' lines, each with its two points");
    assert!(html.contains("fair share 50.0%") && !html.contains("fair share 100.0%"));
    assert!(page.contains("seat 1 (inspector)") && page.contains("seat 2 (mouse)"));
    // The seat gap is charted in points, as the sentences read it, and never past 100.
    assert!(html.contains("seat gap (points)") && !html.contains("seat gap (%)"));
    assert!(!html.contains(">102<") && !html.contains(">101%<"));
    // The Mouse winning nothing anywhere is the finding: the page once said "Nothing stands
    // out" above a chart of it.
    assert!(page.contains("Seat 2 (mouse) wins no game at any point of the sweep."));
    assert!(!page.contains("Nothing stands out"));
    assert!(page.contains("Every point is as even as the others: seat gap 100.0 points."));
    assert!(!page.contains("most even"), "a tie named a most even point");
    assert!(page.contains("Also real, but moving less than"));
}

#[test]
fn a_sweep_over_named_values_or_a_grid_draws_every_point() {
    let d = scratch("report-sweep-kinds");
    // Named values: points with error bars, no line between them.
    let named = reported(
        &[
            "sweep",
            "--vary",
            "rules.game_end=immediate,finish_round",
            "--games",
            "200",
        ],
        &d.join("named"),
    );
    let found = charts(&named);
    assert!(!found.is_empty());
    for (title, marks) in &found {
        assert!(*marks >= 2, "chart `{title}` has {marks} marks");
    }
    assert!(
        !named.contains("class=\"band"),
        "a band between named values"
    );
    assert!(
        named.contains(">finish_round</text>"),
        "the values name the x axis"
    );
    // A 2 × 2 grid: one line per value of the second key, named in the legend.
    let grid = reported(
        &[
            "sweep",
            "--vary",
            "chips.blue.high=2,4",
            "--vary",
            "rules.track_length=8,10",
            "--games",
            "200",
        ],
        &d.join("grid"),
    );
    assert!(grid.contains("rules.track_length=8</text>"));
    assert!(grid.contains("rules.track_length=10</text>"));
    self_contained(&grid);
}

#[test]
fn report_fails_clearly_on_a_folder_that_is_not_a_result() {
    let d = scratch("report-bad");
    let o = whisker(&["report", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not a whisker result folder"),
        "{}",
        stderr(&o)
    );
    assert!(!d.join("report.html").exists());

    // A damaged file is named with its line and field.
    let r = d.join("r");
    reported(&["simulate", "--games", "50"], &r);
    let seats = fs::read_to_string(r.join("seats.csv")).unwrap();
    let mut lines: Vec<String> = seats.lines().map(String::from).collect();
    let mut cells: Vec<String> = lines[1].split(',').map(String::from).collect();
    // The win rate, garbled in place (the file keeps its size, so only the cell is wrong); an
    // infinity is no figure whisker writes either: it once drew a chart without end.
    for garbled in [
        "x".repeat(cells[4].len()),
        format!("{:>w$}", "-inf", w = cells[4].len()),
    ] {
        cells[4] = garbled;
        lines[1] = cells.join(",");
        fs::write(r.join("seats.csv"), lines.join("\n") + "\n").unwrap();
        let o = whisker(&[
            "report",
            r.to_str().unwrap(),
            "--out",
            d.join("x.html").to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let said = format!(
            "seats.csv:2: field `win_rate`: `{}` is not a finite number",
            cells[4].trim()
        );
        assert!(stderr(&o).contains(&said), "{}", stderr(&o));
        assert!(!d.join("x.html").exists());
    }

    fs::write(r.join("seats.csv"), &seats).unwrap();
    // A file cut short, at a line's end or inside one, is named: never a page of half the data.
    let summary = fs::read_to_string(r.join("summary.csv")).unwrap();
    let page = fs::read(r.join("report.html")).unwrap();
    for cut in [
        summary.len() / 2,
        summary[..summary.len() / 2].rfind('\n').unwrap() + 1,
    ] {
        fs::write(r.join("summary.csv"), &summary[..cut]).unwrap();
        let o = whisker(&["report", r.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("summary.csv"), "{}", stderr(&o));
        assert_eq!(fs::read(r.join("report.html")).unwrap(), page);
    }
    fs::write(r.join("summary.csv"), &summary).unwrap();
    // A file of the result that is gone: not a whole result either.
    let lengths = fs::read(r.join("game_length.csv")).unwrap();
    fs::remove_file(r.join("game_length.csv")).unwrap();
    let o = whisker(&["report", r.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("game_length.csv"), "{}", stderr(&o));
    fs::write(r.join("game_length.csv"), lengths).unwrap();
    // A page is a file, not a folder.
    let o = whisker(&["report", r.to_str().unwrap(), "--out", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("that is a folder"), "{}", stderr(&o));
    // A sweep folder whose sweep.csv names no varied key.
    let s = d.join("s");
    fs::create_dir_all(&s).unwrap();
    fs::write(s.join("run.toml"), "command = \"sweep\"\n").unwrap();
    fs::write(
        s.join("sweep.csv"),
        "games,mean_turns,mean_turns_ci_low,mean_turns_ci_high\n",
    )
    .unwrap();
    let o = whisker(&["report", s.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no varied key"), "{}", stderr(&o));
    let o = whisker(&[
        "report",
        r.to_str().unwrap(),
        "--out",
        d.join("missing/x.html").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
}

/// A CSV as rows of named cells.
fn csv_rows(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            header
                .iter()
                .map(String::from)
                .zip(rec.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// `n / d` as a percentage to a tenth, halves up, in whole numbers: the figure a designer
/// would work out from the CSV's counts.
fn tenths(n: u64, d: u64) -> String {
    let t = (2 * 1000 * n + d) / (2 * d);
    format!("{}.{}", t / 10, t % 10)
}

/// The page's and the terminal's first sentences say what the CSVs beside them hold: an ending
/// that stalls one game in twenty or more comes first and with its share, then the seat gap,
/// recomputed here from `seats.csv`'s counts.
#[test]
fn the_headline_agrees_with_the_csv_beside_it() {
    let d = scratch("report-headline");
    for (name, args, stall) in [
        (
            "cheese",
            &["simulate", "mice-heist-cheese", "--games", "600"][..],
            None,
        ),
        (
            "cat",
            &["simulate", "cat-and-the-mouse", "--games", "600"][..],
            None,
        ),
        (
            "chaos-2",
            &stalling_run("60")[..],
            Some((
                "summary.csv",
                "capped_rate",
                "hit the turn cap with no winner",
            )),
        ),
        // Mice Heist scores a game the cap stops as it stands: its seats win those games.
        (
            "cheese-capped",
            &[
                "simulate",
                "mice-heist-cheese",
                "--set",
                "rules.max_turns=12",
                "--games",
                "600",
            ][..],
            Some((
                "summary.csv",
                "capped_rate",
                "hit the turn cap and were scored as they stood",
            )),
        ),
        (
            "cheesy-5",
            &[
                "simulate",
                "cheesy-heist",
                "--players",
                "5",
                "--set",
                "rules.goal_5_players=5",
                "--games",
                "600",
            ][..],
            Some(("endings.csv", "deck_empty", "the draw pile runs out")),
        ),
    ] {
        let out = d.join(name);
        let mut all = args.to_vec();
        all.extend(["--report", "--quiet", "--out", out.to_str().unwrap()]);
        let o = whisker(&all);
        assert!(o.status.success(), "{}", stderr(&o));
        let terminal = String::from_utf8_lossy(&o.stdout).into_owned();
        let html = fs::read_to_string(out.join("report.html")).unwrap();
        let doc = roxmltree::Document::parse_with_options(
            &html,
            roxmltree::ParsingOptions {
                allow_dtd: true,
                ..Default::default()
            },
        )
        .unwrap();
        let lead: Vec<String> = doc
            .descendants()
            .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("lead")))
            .map(|n| n.text().unwrap_or_default().to_string())
            .collect();

        let seats = csv_rows(&out.join("seats.csv"));
        let wins: Vec<u64> = seats.iter().map(|r| r["wins"].parse().unwrap()).collect();
        let games: u64 = seats[0]["games"].parse().unwrap();
        let (best, worst) = (
            (0..wins.len())
                .max_by_key(|&s| (wins[s], std::cmp::Reverse(s)))
                .unwrap(),
            (0..wins.len()).min_by_key(|&s| (wins[s], s)).unwrap(),
        );
        let gap = tenths(wins[best] - wins[worst], games);
        let said = format!(
            "Seat gap {gap} points: seat {} ({}",
            seats[best]["seat"],
            seats[best].get("role").unwrap_or(&seats[best]["bot"])
        );
        let sentence = lead
            .iter()
            .find(|s| s.starts_with("Seat gap"))
            .expect("a seat gap sentence");
        assert!(
            sentence.starts_with(&said),
            "{name}: `{sentence}`, expected `{said}…`"
        );
        assert!(
            sentence.contains(&format!("wins {}% of games", tenths(wins[best], games)))
                && sentence.contains(&format!(
                    "seat {} ({}",
                    seats[worst]["seat"],
                    seats[worst].get("role").unwrap_or(&seats[worst]["bot"])
                ))
                && sentence.contains(&format!(" {}% (95% CI", tenths(wins[worst], games))),
            "{name}: {sentence}"
        );
        // summary.csv's seat_gap is the same difference.
        let summary = csv_rows(&out.join("summary.csv"));
        let row = summary.iter().find(|r| r["metric"] == "seat_gap").unwrap();
        let exact = (wins[best] - wins[worst]) as f64 / games as f64;
        assert!(
            (row["value"].parse::<f64>().unwrap() - exact).abs() < 1e-6,
            "{name}: {row:?}"
        );
        // The terminal says it in the same words.
        assert!(terminal.contains(sentence.as_str()), "{name}: {terminal}");

        match stall {
            // The seat gap, then the strength the figures hold for (none here).
            None => {
                assert_eq!(lead.len(), 2, "{name}: {lead:?}");
                assert!(lead[1].starts_with("No strength sample was played with this run"));
            }
            Some((file, key, says)) => {
                let rows = csv_rows(&out.join(file));
                let share = rows
                    .iter()
                    .find(|r| r.get("metric").or(r.get("ending")) == Some(&key.to_string()))
                    .map(|r| {
                        r.get("value")
                            .or(r.get("share"))
                            .unwrap()
                            .parse::<f64>()
                            .unwrap()
                    })
                    .unwrap();
                assert!(share >= 0.05, "{name}: the run no longer stalls ({share})");
                let first = &lead[0];
                let pct = format!("{:.1}%", (share * 1000.0).round() / 10.0);
                assert!(
                    first.starts_with(&format!("! {pct} of games")) && first.contains(says),
                    "{name}: `{first}` should lead with {pct} and `{says}`"
                );
                assert!(terminal.contains(first.as_str()), "{name}: {terminal}");
                // How the seat gap counts the capped games, as seats.csv does: each won by
                // someone where the seats' wins cover every game, else by no one.
                if key == "capped_rate" {
                    let counted = if wins.iter().sum::<u64>() >= games {
                        "counted as won by whoever led when it stopped them."
                    } else {
                        "counted as won by no one."
                    };
                    assert!(sentence.ends_with(counted), "{name}: `{sentence}`");
                }
            }
        }
    }
}

#[test]
fn a_comparison_names_each_seat_by_its_role_where_the_game_has_roles() {
    let d = scratch("report-compare-roles");
    let args = [
        "compare",
        "cat-and-the-mouse",
        "--set-b",
        "rules.room_loot=3",
        "--games",
        "1000",
    ];
    let out = d.join("r");
    let html = reported(&args, &out);
    let page = text(&html);
    // The Inspector's share falls and the Mouse's rises: each told by seat and role, on the
    // page and in the terminal, which reads the same findings.
    assert!(page.contains("seat 1 (inspector) win rate:"), "{page}");
    assert!(page.contains("seat 2 (mouse) win rate:"), "{page}");
    let mut again = args.to_vec();
    let out = d.join("t");
    again.extend(["--quiet", "--out", out.to_str().unwrap()]);
    let o = whisker(&again);
    let terminal = String::from_utf8_lossy(&o.stdout);
    assert!(
        terminal.contains("! seat 1 (inspector) win rate:"),
        "{terminal}"
    );
    // The page's count of significant rows is compare.csv's, seat 1's rate under both its
    // names counted as the table lists it.
    let csv = fs::read_to_string(d.join("r").join("compare.csv")).unwrap();
    let column = |i: usize| -> Vec<String> {
        csv.lines()
            .skip(1)
            .map(|l| l.split(',').nth(i).unwrap_or("").to_string())
            .collect()
    };
    // p_holm and significant.
    let tested = column(7).iter().filter(|p| !p.is_empty()).count();
    let yes = column(8).iter().filter(|s| *s == "yes").count();
    assert!(yes >= 2, "{csv}");
    let key = format!("<b>{yes}</b><span>of compare.csv's {tested} tested rows differ");
    assert!(html.contains(&key), "{key} not in {html}");
    // A game without roles names its seats by number alone.
    let plain = text(&reported(
        &[
            "compare",
            "--set-b",
            "rules.obstacle_cheese=none",
            "--games",
            "500",
        ],
        &d.join("p"),
    ));
    assert!(
        plain.contains("seat 1 win rate") && !plain.to_lowercase().contains("seat 1 ("),
        "{plain}"
    );
}

#[test]
fn pages_over_tables_of_different_sizes_or_games_say_so() {
    let d = scratch("report-sizes");
    // The terminal and the page of a run of 200 games a side or point.
    let played = |args: &[&str], name: &str| {
        let out = d.join(name);
        let mut all = args.to_vec();
        all.extend(["--games", "200", "--report", "--out", out.to_str().unwrap()]);
        let o = whisker(&all);
        assert!(o.status.success(), "{}", stderr(&o));
        let html = fs::read_to_string(out.join("report.html")).unwrap();
        (String::from_utf8_lossy(&o.stdout).into_owned(), html)
    };
    // A sweep over the player count: every seat's fair share moves with it, so no one fair
    // share is drawn (one was, at the largest table's), and the page says why rates move.
    let (terminal, html) = played(
        &["sweep", "cheesy-heist", "--vary", "rules.players=3..5"],
        "sweep",
    );
    let said =
        "The points seat 3 to 5 players: a seat's fair share of wins is 33.3% at 3 and 20.0% at 5";
    assert!(text(&html).contains(said), "the page does not say it");
    assert!(terminal.contains(&format!("! {said}")), "{terminal}");
    assert!(!html.contains("fair share 20.0%"), "one fair share drawn");
    // Two games compared: Cat & The Mouse's roles are not Mice Heist's seats' (its seats 3
    // and 4 were called the Inspector's).
    let (terminal, html) = played(
        &[
            "compare",
            "cat-and-the-mouse",
            "mice-heist-cheese",
            "--bots",
            "random",
        ],
        "games",
    );
    let page = text(&html);
    assert!(
        !page.contains("(inspector)") && !page.contains("(mouse)"),
        "{page}"
    );
    assert!(!terminal.contains("(inspector)"), "{terminal}");
}

/// The tiles at the top of a page are the figures a designer reads first: each rate and mean
/// has its 95% interval, and strong play's figure where it does not confirm the run's, as
/// summary.csv says.
#[test]
fn headline_tiles_give_intervals_and_strong_play_s_doubts() {
    let d = scratch("report-tiles");
    let html = reported(
        &[
            "simulate",
            "mice-heist-cheese",
            "--games",
            "3000",
            "--strength",
            "30",
        ],
        &d,
    );
    let summary = fs::read_to_string(d.join("summary.csv")).unwrap();
    let verdict = |metric: &str| {
        summary
            .lines()
            .find(|l| l.starts_with(&format!("{metric},")))
            .and_then(|l| l.rsplit(',').next())
            .unwrap()
            .to_string()
    };
    let tile = |meaning: &str| {
        let at = html
            .find(meaning)
            .unwrap_or_else(|| panic!("no tile {meaning}"));
        html[at..at + html[at..].find("</span>").unwrap()].to_string()
    };
    for (metric, meaning) in [
        ("mean_turns", "tests a game on average"),
        ("test_success_rate", "of tests passed"),
        ("first_seat_win_rate", "of games won by the first player"),
    ] {
        let said = tile(meaning);
        assert!(said.contains("(95% CI "), "{said}");
        assert_eq!(
            said.contains("not confirmed under strong play: "),
            verdict(metric) == "not confirmed",
            "{said}"
        );
    }
    // Greedy passes far more tests than the search does: the tile says so.
    assert_eq!(verdict("test_success_rate"), "not confirmed");

    // Where the first seat is a role's, its tile says whose.
    let html = reported(
        &[
            "simulate",
            "cat-and-the-mouse",
            "--games",
            "500",
            "--strength",
            "off",
        ],
        &d.join("cat"),
    );
    assert!(
        html.contains("of games won by seat 1, the inspector (95% CI "),
        "{html}"
    );
}
