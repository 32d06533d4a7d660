//! A battery that stays: random mutations of the shipped configs, of finished results and shards,
//! and random command lines, all run through the real binary. Whatever goes in, whisker never
//! panics or aborts, answers 0 or 2 (1 only when `check` finds a regression or `tune` no value
//! that meets its targets), keeps the user's
//! files, and touches no file outside its result folder.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime};

use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;

const CONFIGS: [&str; 2] = [
    include_str!("../configs/mice-heist/cheese.toml"),
    include_str!("../configs/mice-heist/ratings.toml"),
];

/// The user's own files inside the finished results: they must survive every command.
const NOTES: [&str; 3] = ["res/notes.txt", "s0/notes.txt", "s1/notes.txt"];

/// A change to a text file, at a line picked by index (wrapped to the file's length).
#[derive(Debug, Clone)]
enum Mutation {
    /// The line's value after `=` (or, in a CSV, its `n`th cell) becomes `value`.
    Value(usize, usize, String),
    Delete(usize),
    Duplicate(usize),
    /// `text` is put in front of the line.
    Insert(usize, String),
    /// The file is cut at this share of its length (per mille).
    Truncate(u16),
}

fn values() -> impl Strategy<Value = String> {
    prop_oneof![
        select(
            &[
                "0",
                "-1",
                "1",
                "3",
                "255",
                "256",
                "65536",
                "4294967296",
                "9223372036854775807",
                "-9223372036854775808",
                "18446744073709551615",
                "99999999999999999999",
                "1.5",
                "nan",
                "\"x\"",
                "[]",
                "{}",
                "true",
                "\"\"",
                "9",
                ""
            ][..]
        )
        .prop_map(String::from),
        (-20i64..120).prop_map(|v| v.to_string()),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), 0usize..12, values()).prop_map(|(l, c, v)| Mutation::Value(l, c, v)),
        1 => any::<usize>().prop_map(Mutation::Delete),
        1 => any::<usize>().prop_map(Mutation::Duplicate),
        1 => (any::<usize>(), prop_oneof![
            Just("[".to_string()),
            Just("x = 1".to_string()),
            Just("[rules]".to_string()),
            Just("\u{1b}é\u{301}\"\u{0}".to_string()),
            "[a-z_.]{1,12} = [0-9]{1,3}",
        ]).prop_map(|(l, t)| Mutation::Insert(l, t)),
        1 => (0u16..1000).prop_map(Mutation::Truncate),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    for m in mutations {
        if lines.is_empty() {
            break;
        }
        let n = lines.len();
        match m {
            Mutation::Value(l, cell, v) => {
                let line = &mut lines[l % n];
                if let Some((key, _)) = line.split_once('=') {
                    *line = format!("{key}= {v}");
                } else if line.contains(',') {
                    let mut cells: Vec<String> = line.split(',').map(String::from).collect();
                    let k = cell % cells.len();
                    cells[k] = v.clone();
                    *line = cells.join(",");
                } else {
                    *line = v.clone();
                }
            }
            Mutation::Delete(l) => {
                lines.remove(l % n);
            }
            Mutation::Duplicate(l) => {
                let line = lines[l % n].clone();
                lines.insert(l % n, line);
            }
            Mutation::Insert(l, t) => lines.insert(l % n, t.clone()),
            Mutation::Truncate(per_mille) => {
                let joined = lines.join("\n");
                let mut cut = joined.len() * usize::from(*per_mille) / 1000;
                while !joined.is_char_boundary(cut) {
                    cut -= 1;
                }
                // Cut mid-line, as a crash or a full disk would leave it.
                return joined[..cut].to_string();
            }
        }
    }
    lines.join("\n") + "\n"
}

fn pick(flag: &'static str, values: &'static [&'static str]) -> BoxedStrategy<Vec<String>> {
    select(values)
        .prop_map(move |v| vec![flag.to_string(), v.to_string()])
        .boxed()
}

fn switch(flag: &'static str) -> BoxedStrategy<Vec<String>> {
    Just(vec![flag.to_string()]).boxed()
}

/// Where results go: mostly over an existing result (whose user files must survive).
const OUTS: &[&str] = &[
    "res",
    "res",
    "res",
    "res/.",
    "s0",
    "out",
    "out/sub/..",
    ".",
    "..",
    "c.toml",
    "a/b/c",
    "",
    "keep",
];

/// The flags that make sense for `command` (with good and bad values), and now and then one
/// that does not.
fn flags(command: &str) -> BoxedStrategy<Vec<String>> {
    let games = pick(
        "--games",
        &[
            "0",
            "1",
            "7",
            "20",
            "-5",
            "abc",
            "99999999999999999999",
            "1e3",
        ],
    );
    let seed = pick("--seed", &["0", "18446744073709551615", "-1", "x"]);
    let players = pick("--players", &["2", "3", "6", "7", "1", "x"]);
    let bots = pick(
        "--bots",
        &[
            "greedy",
            "random",
            "greedy,random",
            "random,greedy,random",
            "clever",
            ",",
            "",
        ],
    );
    let set = pick(
        "--set",
        &[
            "rules.players=3",
            "rules.track_length=8",
            "rules.max_turns=50",
            "chips.blue.high=9",
            "rules.nope=1",
            "edition=ratings",
            "game=chess",
            "rules.max_turns=99999999999999999999",
            "rules.players=3\n[evil]\nx=1",
            "=",
            "jobs.A.obstacles.9.target=3",
            "rules.max_skills=0",
            "skills.grey-luck.name=\u{1b}x'\"",
        ],
    );
    let out = pick("--out", OUTS);
    let threads = pick("--threads", &["1", "2", "0", "x"]);
    let run = || {
        vec![
            games.clone(),
            seed.clone(),
            players.clone(),
            bots.clone(),
            threads.clone(),
            out.clone(),
            out.clone(),
            out.clone(),
            switch("--rotate-seats"),
            switch("--report"),
        ]
    };
    let valid: Vec<BoxedStrategy<Vec<String>>> = match command {
        "simulate" => [
            run(),
            vec![
                set.clone(),
                switch("--games-csv"),
                pick("--shard", &["0/2", "1/2", "2/2", "x", "0/0"]),
                pick("--stop-after", &["3", "0", "x"]),
            ],
        ]
        .concat(),
        "compare" => [
            run(),
            vec![
                pick(
                    "--set-b",
                    &[
                        "chips.blue.high=3",
                        "rules.players=5",
                        "nope=1",
                        "edition=ratings",
                    ],
                ),
                pick("--set-a", &["rules.track_length=12", "x=1"]),
                switch("--sequential"),
                pick("--tolerance", &["seat_gap=0.1", "nope=1", "mean_turns=-1"]),
            ],
        ]
        .concat(),
        "sweep" => [
            run(),
            vec![
                set.clone(),
                pick(
                    "--vary",
                    &[
                        "chips.blue.high=3,4",
                        "rules.players=2..3",
                        "rules.players=3,2",
                        "chips.blue.high=5..2",
                        "x",
                        "chips.blue.high=-9223372036854775808..9223372036854775807",
                        "edition=cheese,ratings",
                    ],
                ),
            ],
        ]
        .concat(),
        "replay" => vec![
            seed,
            players,
            bots,
            set.clone(),
            pick("--game", &["0", "5", "-1", "18446744073709551615"]),
            pick("--rotation", &["0", "1", "5", "99"]),
            pick("--format", &["table", "json", "xml"]),
        ],
        "check" => vec![
            threads,
            set.clone(),
            pick("--baseline", &["res", "s0", "out", "nothing", "keep"]),
            pick(
                "--tolerance",
                &[
                    "seat_gap=0.1",
                    "seat_gap=x",
                    "nope=1",
                    "seat_gap=-1",
                    "seat_gap=nan",
                ],
            ),
            pick("--format", &["table", "json"]),
            switch("--sequential"),
        ],
        "tune" => vec![
            seed,
            players,
            bots,
            threads,
            out.clone(),
            out,
            set.clone(),
            pick(
                "--vary",
                &[
                    "chips.blue.high=3..5",
                    "rules.track_length=8,12",
                    "x",
                    "chips.blue.high=5..2",
                ],
            ),
            pick(
                "--target",
                &[
                    "seat_1_win_rate=40%±3%",
                    "mean_turns=10..30",
                    "nope=1±1",
                    "seat_1_win_rate=0.4",
                    "seat_1_win_rate=0.5..0.4",
                ],
            ),
            pick("--max-games", &["4000", "0", "x", "100"]),
        ],
        _ => vec![out],
    };
    let foreign = prop_oneof![switch("--rotate-seats"), switch("--games-csv"), set].boxed();
    prop_oneof![12 => proptest::strategy::Union::new(valid), 1 => foreign].boxed()
}

fn command() -> impl Strategy<Value = Vec<String>> {
    select(
        &[
            "simulate", "compare", "sweep", "replay", "check", "report", "merge", "tune",
        ][..],
    )
    .prop_flat_map(|name| {
        let positional: &'static [&'static str] = match name {
            "report" => &["res", "res", "s0", "keep", "nothing", "c.toml"],
            "merge" => &[
                "s0 s1",
                "s0 s1",
                "s1 s0",
                "s0",
                "s0 s0",
                "res s1",
                "s0 s1 keep",
            ],
            "check" => &["", "", "c.toml"],
            _ => &["c.toml", "c.toml", "c.toml", "", "missing.toml", "res"],
        };
        (
            select(positional),
            proptest::collection::vec(flags(name), 0..4),
        )
            .prop_map(move |(pos, flags)| {
                let mut args = vec![name.to_string()];
                args.extend(pos.split_whitespace().map(String::from));
                args.extend(flags.into_iter().flatten());
                let given = |args: &[String], flag: &str| args.iter().any(|a| a == flag);
                let required = match name {
                    "sweep" => Some(["--vary", "chips.blue.high=3,4"]),
                    "check" => Some(["--baseline", "res"]),
                    "replay" => Some(["--game", "0"]),
                    "merge" => Some(["--out", "out"]),
                    "tune" => Some(["--vary", "chips.blue.high=3..4"]),
                    _ => None,
                };
                if let Some([flag, value]) = required.filter(|[f, _]| !given(&args, f)) {
                    args.extend([flag.to_string(), value.to_string()]);
                }
                // Quick: few games unless a flag says otherwise, and no bar.
                if ["simulate", "compare", "sweep"].contains(&name) {
                    if !given(&args, "--games") {
                        args.extend(["--games".into(), "20".into()]);
                    }
                    args.push("--quiet".into());
                }
                if name == "check" {
                    args.push("--quiet".into());
                }
                // A tune needs a target; few games, unless a flag says otherwise.
                if name == "tune" {
                    if !given(&args, "--target") {
                        args.extend(["--target".into(), "seat_1_win_rate=40%±5%".into()]);
                    }
                    if !given(&args, "--max-games") {
                        args.extend(["--max-games".into(), "4000".into()]);
                    }
                    // Mice Heist's default search would spend most of a case's 30 seconds on
                    // those games.
                    if !given(&args, "--bots") {
                        args.extend(["--bots".into(), "greedy".into()]);
                    }
                    args.push("--quiet".into());
                }
                args
            })
    })
}

fn whisker_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_whisker"))
        .env("WHISKER_STRENGTH", "off")
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// This process's fixtures folder.
fn fixtures_dir() -> PathBuf {
    std::env::temp_dir().join(format!("whisker-battery-{}", std::process::id()))
}

/// A finished result `res` (with games.csv) and two shards `s0`, `s1` of one run, made once.
fn fixtures() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = fixtures_dir();
        let _ = fs::remove_dir_all(&dir);
        // A static outlives every test, so no guard removes it: the process does as it exits.
        extern "C" fn remove_fixtures() {
            let _ = fs::remove_dir_all(fixtures_dir());
        }
        // SAFETY: registers a plain function to run at exit; it touches no state of ours.
        unsafe {
            libc::atexit(remove_fixtures);
        }
        let made = dir.join("made");
        fs::create_dir_all(&made).unwrap();
        for (out, shard) in [("res", None), ("s0", Some("0/2")), ("s1", Some("1/2"))] {
            let mut args = vec![
                "simulate",
                "--games",
                "30",
                "--games-csv",
                "--quiet",
                "--out",
                out,
            ];
            args.extend(shard.map(|s| ["--shard", s]).into_iter().flatten());
            assert!(whisker_in(&made, &args).status.success());
        }
        made
    })
}

/// Every file of the fixtures that a case may damage.
fn damageable() -> &'static [PathBuf] {
    static FILES: OnceLock<Vec<PathBuf>> = OnceLock::new();
    FILES.get_or_init(|| {
        let mut files: Vec<PathBuf> = tree(fixtures())
            .into_keys()
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|p| p.strip_prefix(fixtures()).unwrap().to_path_buf())
            .collect()
    })
}

/// Every entry under `dir`: its size and modification time.
fn tree(dir: &Path) -> BTreeMap<PathBuf, (u64, SystemTime)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            let Ok(m) = fs::symlink_metadata(&p) else {
                continue;
            };
            if m.is_dir() {
                stack.push(p.clone());
            }
            let size = if m.is_dir() { 0 } else { m.len() };
            out.insert(p, (size, m.modified().unwrap_or(SystemTime::UNIX_EPOCH)));
        }
    }
    out
}

/// Whether the run `args` may have written `changed`: inside its result folder (its `--out`,
/// whose parents it may make, or `results/` by default; for `report`, the folder it reports on),
/// the `NAME-2` beside it, or the staging folders and lock beside it.
fn allowed(case: &Path, args: &[String], changed: &Path) -> bool {
    let top = |p: &str| {
        Path::new(p)
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    // clap keeps the last --out.
    let out = args
        .windows(2)
        .rev()
        .find(|w| w[0] == "--out")
        .map(|w| top(&w[1]));
    let target = match (out, args[0].as_str()) {
        (Some(o), _) => o,
        (None, "report") => args.get(1).map(|d| top(d)).unwrap_or_default(),
        (None, _) => "results".into(),
    };
    if target.is_empty() || target == "." || target == ".." {
        return false;
    }
    let first = top(&changed
        .strip_prefix(case)
        .unwrap_or(changed)
        .to_string_lossy());
    // `res-2`: where a result goes when `res` holds a user's file of one of its names.
    let beside = first
        .strip_prefix(&format!("{target}-"))
        .is_some_and(|n| n.parse::<u32>().is_ok());
    first == target || beside || first.starts_with(&format!(".{target}."))
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

fn run_case(
    case: &Path,
    config: &str,
    damage: Option<(usize, Vec<Mutation>)>,
    args: &[String],
) -> Result<(), TestCaseError> {
    let _ = fs::remove_dir_all(case);
    copy_dir(fixtures(), case);
    fs::write(case.join("c.toml"), config).unwrap();
    fs::create_dir_all(case.join("keep")).unwrap();
    fs::write(case.join("keep/mine.txt"), "mine").unwrap();
    for notes in NOTES {
        fs::write(case.join(notes), "notes").unwrap();
    }
    if let Some((i, mutations)) = damage {
        let file = case.join(&damageable()[i % damageable().len()]);
        let text = String::from_utf8_lossy(&fs::read(&file).unwrap()).into_owned();
        fs::write(&file, mutate(&text, &mutations)).unwrap();
    }
    let before = tree(case);
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_whisker"))
        .env("WHISKER_STRENGTH", "off")
        .current_dir(case)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A mutated config can make long games; such a case is stopped, not judged.
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let Some(status) = status else {
        return Ok(());
    };
    let mut err = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
    prop_assert!(!err.contains("panicked"), "{args:?}: {err}");
    let code = status.code();
    // A verdict, already printed: a regression, or no value that meets the targets.
    let verdict = matches!(args[0].as_str(), "check" | "tune") && code == Some(1);
    prop_assert!(
        matches!(code, Some(0) | Some(2)) || verdict,
        "{args:?}: exit {code:?}: {err}"
    );
    if code == Some(2) {
        prop_assert!(err.starts_with("error"), "{args:?}: {err}");
    }
    for notes in NOTES {
        prop_assert_eq!(
            fs::read_to_string(case.join(notes)).ok(),
            Some("notes".to_string()),
            "{:?} lost {}",
            args,
            notes
        );
    }
    prop_assert_eq!(
        fs::read_to_string(case.join("keep/mine.txt")).ok(),
        Some("mine".to_string())
    );
    let after = tree(case);
    for (path, meta) in &before {
        prop_assert!(
            after.get(path) == Some(meta) || allowed(case, args, path),
            "{:?} changed or removed {}",
            args,
            path.display()
        );
    }
    for path in after.keys().filter(|p| !before.contains_key(*p)) {
        prop_assert!(
            allowed(case, args, path),
            "{:?} wrote {}",
            args,
            path.display()
        );
    }
    Ok(())
}

/// Where case `n` runs.
fn case_dir(n: u32) -> PathBuf {
    fixtures().parent().unwrap().join(format!("case{n}"))
}

/// `WHISKER_BATTERY_CASES` and `WHISKER_BATTERY_SEED` run a longer or another battery; CI runs
/// the same 300 cases every time, so a failure there is never luck.
fn config() -> ProptestConfig {
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    ProptestConfig {
        cases: env("WHISKER_BATTERY_CASES").map_or(300, |c| c as u32),
        rng_seed: proptest::test_runner::RngSeed::Fixed(env("WHISKER_BATTERY_SEED").unwrap_or(10)),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn damaged_inputs_and_command_lines_never_panic_or_stray(
        which in 0usize..2,
        config_mutations in proptest::collection::vec(mutation(), 0..3),
        damage in proptest::option::weighted(0.4, (any::<usize>(), proptest::collection::vec(mutation(), 1..3))),
        args in command(),
        n in 0u32..u32::MAX,
    ) {
        let config = mutate(CONFIGS[which], &config_mutations);
        let case = case_dir(n);
        let result = run_case(&case, &config, damage, &args);
        let _ = fs::remove_dir_all(&case);
        result?;
    }
}
