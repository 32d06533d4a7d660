//! The report pages as a reader sees them, laid out by headless Chromium at a desktop's width, a
//! phone's, and in dark mode: no chart text clipped, overlapping, too small or too faint, every
//! axis and heat cell labelled, and games stopped by the turn cap drawn and named.
//!
//! Chromium is `WHISKER_CHROMIUM` or the first of `chromium`, `chromium-browser`,
//! `google-chrome` on the PATH. Without one the test says it skipped and passes, unless
//! `WHISKER_REQUIRE_CHROMIUM=1`.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{STALLING, scratch, stalling_run, stderr};

/// Measures a page once laid out (see the file for each check).
const PROBE: &str = include_str!("pages/probe.js");

/// The reports checked: a name, and the run that writes one (small, so a debug build is quick).
const RUNS: &[(&str, &[&str])] = &[
    (
        "mice-heist-cheese",
        // With a strength sample: its table leads the page.
        &[
            "simulate",
            "mice-heist-cheese",
            "--games",
            "200",
            "--strength",
            "10",
        ],
    ),
    (
        "mice-heist-ratings",
        &["simulate", "mice-heist-ratings", "--games", "200"],
    ),
    (
        "cat-and-the-mouse",
        &["simulate", "cat-and-the-mouse", "--games", "200"],
    ),
    (
        "cheesy-heist",
        &["simulate", "cheesy-heist", "--games", "200"],
    ),
    ("mouse-chaos", &["simulate", "mouse-chaos", "--games", "6"]),
    // Two players who never push a mouse on once out of patience stall until the turn cap in
    // over half the games.
    ("mouse-chaos-2", &stalling_run("6")),
    // …and a comparison of it draws both sides' capped games too.
    (
        "mouse-chaos-2-compare",
        &[
            "compare",
            "mouse-chaos",
            "--players",
            "2",
            "--bots",
            STALLING,
            "--set-b",
            "rules.cheese_look=everyone",
            "--games",
            "6",
        ],
    ),
    // Mice Heist's obstacles have the longest names a bar chart labels.
    (
        "compare",
        &["compare", "--set-b", "chips.blue.high=3", "--games", "1500"],
    ),
    (
        "sweep",
        &["sweep", "--vary", "chips.blue.high=2..4", "--games", "100"],
    ),
    (
        "ladder",
        &[
            "ladder",
            "cat-and-the-mouse",
            "--bots",
            "random,sleuth+thief,ismcts(iterations=8),reference",
            "--games",
            "4",
        ],
    ),
];

/// Chromiums laying out pages at once.
const CHROMIUMS: usize = 4;

/// How each page is looked at: the frame's width, and whether the reader's system is dark.
const VIEWS: &[(u32, bool)] = &[(1400, false), (390, false), (1400, true)];

fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("WHISKER_CHROMIUM") {
        return Some(path.into());
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// What the probe found on `page` seen in `view`: its list of problems and its facts.
fn look(chromium: &Path, page: &Path, (width, dark): (u32, bool)) -> serde_json::Value {
    let html = fs::read_to_string(page).unwrap();
    let dir = page.parent().unwrap();
    let name = format!("probe-{width}-{dark}");
    let probed = dir.join(format!("{name}.html"));
    fs::write(
        &probed,
        html.replacen("</head>", &format!("<script>{PROBE}</script></head>"), 1),
    )
    .unwrap();
    // Headless Chromium keeps its window at least 500px wide: a frame sets the page's width.
    let host = dir.join(format!("{name}-host.html"));
    fs::write(
        &host,
        format!(
            r#"<!DOCTYPE html><html><body style="margin:0"><pre id="whisker-problems"></pre><iframe src="{name}.html" style="width:{width}px;height:4000px;border:0"></iframe><script>addEventListener("message", e => document.getElementById("whisker-problems").textContent = e.data)</script></body></html>"#
        ),
    )
    .unwrap();
    let mut command = Command::new(chromium);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1400,4000",
        "--virtual-time-budget=5000",
        "--dump-dom",
    ]);
    if dark {
        command.args([
            "--force-dark-mode",
            "--blink-settings=preferredColorScheme=0",
        ]);
    }
    let mut child = command
        .arg(format!("file://{}", host.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("chromium did not finish {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let dom = String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).into_owned();
    let json = dom
        .split_once(r#"<pre id="whisker-problems">"#)
        .and_then(|(_, rest)| rest.split_once("</pre>"))
        .map(|(text, _)| {
            text.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&nbsp;", "\u{a0}")
                .replace("&amp;", "&")
        })
        .unwrap_or_default();
    serde_json::from_str(&json).unwrap_or_else(|e| {
        panic!(
            "no report from the probe on {} ({e}): {dom:.500}",
            page.display()
        )
    })
}

#[test]
fn every_chart_reads_whole_at_any_width_and_in_dark_mode() {
    let Some(chromium) = chromium() else {
        assert!(
            std::env::var_os("WHISKER_REQUIRE_CHROMIUM").is_none_or(|v| v != "1"),
            "no Chromium, and WHISKER_REQUIRE_CHROMIUM=1"
        );
        eprintln!("skipped: no Chromium (set WHISKER_CHROMIUM, or put chromium on the PATH)");
        return;
    };
    let d = scratch("pages");
    let pages: Vec<(&str, PathBuf)> = std::thread::scope(|s| {
        let runs: Vec<_> = RUNS
            .iter()
            .map(|&(name, args)| {
                let out = d.join(name);
                let d = &d;
                s.spawn(move || {
                    let mut all = args.to_vec();
                    all.extend([
                        "--threads",
                        "1",
                        "--report",
                        "--quiet",
                        "--out",
                        out.to_str().unwrap(),
                    ]);
                    let o = common::whisker_in(d, &all);
                    assert!(o.status.success(), "{name}: {}", stderr(&o));
                    (name, out)
                })
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    // A few Chromiums at a time: thirty at once on two busy cores took over a minute each.
    let views: Vec<_> = pages
        .iter()
        .flat_map(|(name, out)| VIEWS.iter().map(move |&view| (name, out, view)))
        .collect();
    let mut looks: Vec<(String, serde_json::Value)> = Vec::new();
    for batch in views.chunks(CHROMIUMS) {
        looks.extend(std::thread::scope(|s| {
            let jobs: Vec<_> = batch
                .iter()
                .map(|&(name, out, view)| {
                    let chromium = &chromium;
                    s.spawn(move || {
                        (
                            format!("{name} at {}px, dark {}", view.0, view.1),
                            look(chromium, &out.join("report.html"), view),
                        )
                    })
                })
                .collect();
            jobs.into_iter()
                .map(|j| j.join().unwrap())
                .collect::<Vec<_>>()
        }));
    }
    let mut wrong = Vec::new();
    for ((page, found), view) in looks.iter().zip(pages.iter().flat_map(|_| VIEWS)) {
        let facts = &found["facts"];
        // A flag Chromium ignored would pass the dark checks unseen.
        assert_eq!(
            facts["dark"], view.1,
            "{page}: Chromium did not take the colour scheme asked for"
        );
        assert_eq!(
            facts["width"], view.0,
            "{page}: the frame's width did not hold"
        );
        for p in found["problems"].as_array().unwrap() {
            wrong.push(format!(
                "{page}: {}: {} ({})",
                p["chart"], p["what"], p["text"]
            ));
        }
    }
    // Mouse Chaos with two players ends most games at the cap: that column is drawn and named.
    for (page, found) in looks
        .iter()
        .filter(|(page, _)| page.starts_with("mouse-chaos-2"))
    {
        let capped = found["facts"]["capped"].as_array().unwrap();
        let shown = capped.iter().any(|c| {
            c["height"].as_f64().unwrap() > 1.0
                && c["label"].as_array().unwrap().iter().any(|l| {
                    let l = l.as_str().unwrap();
                    l.starts_with("capped at 1000 turns: ") && l.ends_with('%')
                })
        });
        if !shown {
            wrong.push(format!(
                "{page}: no capped column drawn and named: {capped:?}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} problems:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
