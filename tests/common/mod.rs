//! What the binary's test files share: running `whisker` and scratch folders.

#![allow(dead_code)] // Each test file uses its own part of this.

use std::ffi::OsStr;
use std::fs;
use std::path::Path;
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

/// The binary under test: this build's, or `WHISKER_BIN` (to run these tests against another
/// build, such as the one before a fix, to see them fail).
pub(crate) fn bin() -> std::ffi::OsString {
    std::env::var_os("WHISKER_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_whisker").into())
}

/// Mouse Chaos's own bot as it was before it pushed mice on out of patience: at two players
/// more than half its games stall until the turn cap, the stall a test needs to see told.
pub(crate) const STALLING: &str = "shepherd(drive=0)";

/// A two-player Mouse Chaos run of `games` games by [`STALLING`] bots.
pub(crate) const fn stalling_run(games: &'static str) -> [&'static str; 8] {
    [
        "simulate",
        "mouse-chaos",
        "--players",
        "2",
        "--bots",
        STALLING,
        "--games",
        games,
    ]
}

/// The strength sample is off in every run a test starts unless it asks for one with
/// `--strength`: the default search plays each game hundreds of times slower than the default
/// bots in a debug build.
const NO_SAMPLE: (&str, &str) = ("WHISKER_STRENGTH", "off");

/// The binary under test, with no strength sample unless asked.
pub(crate) fn command() -> Command {
    let mut command = Command::new(bin());
    command.env(NO_SAMPLE.0, NO_SAMPLE.1);
    with_stopping_signals(&mut command);
    command
}

/// Starts `command` with the stopping signals' default actions. The tests may themselves run
/// with SIGINT or SIGHUP ignored (started as a background job of a shell without job control,
/// or under nohup), and whisker leaves a signal it was started to ignore alone: a run the test
/// stops with SIGINT would then play all its games instead.
pub(crate) fn with_stopping_signals(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec the closure only calls `signal`, which is async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            for sig in [libc::SIGINT, libc::SIGHUP, libc::SIGTERM] {
                libc::signal(sig, libc::SIG_DFL);
            }
            Ok(())
        });
    }
}

pub(crate) fn whisker(args: &[&str]) -> Output {
    command().args(args).output().expect("runs")
}

/// Runs whisker in `dir` (where its default `results/` folder goes), with any arguments,
/// UTF-8 or not.
pub(crate) fn whisker_in<S: AsRef<OsStr>>(dir: &Path, args: &[S]) -> Output {
    command()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("runs")
}

/// Starts whisker in the background.
pub(crate) fn spawn(args: &[&str]) -> Child {
    command()
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts")
}

/// How soon a run that must stop or be refused does so. A run that went on would play
/// [`endless`]'s games for hours; a loaded CI machine can take several seconds to finish the chunk
/// under way, so a tight bound here only measured the machine.
pub(crate) const PROMPTLY: Duration = Duration::from_secs(60);

/// The built-in configs, by the names `whisker games` lists: one a registered game.
pub(crate) fn builtins() -> impl Iterator<Item = String> {
    whisker::games::REGISTRY.iter().map(|e| e.name())
}

/// Starts `command` (with its own arguments) playing more games than it will finish, on one
/// thread, writing to `out`: a run to stop.
pub(crate) fn endless(command: &[&str], out: &Path) -> Child {
    spawn(&endless_args(command, out))
}

/// [`endless`]'s run, stopped at a known point by the test hook (`WHISKER_TEST_STOP`, see
/// `src/core/signals.rs`): `hook` is `N`, `N,now`, or `N,INT` (`TERM`, `HUP`) to be sent that real
/// signal once N games are finished. No clock decides when.
pub(crate) fn stopped(run: &[&str], out: &Path, hook: &str) -> Output {
    command()
        .env("WHISKER_TEST_STOP", hook)
        .args(endless_args(run, out))
        .output()
        .expect("runs")
}

fn endless_args<'a>(command: &[&'a str], out: &'a Path) -> Vec<&'a str> {
    let mut args = command.to_vec();
    args.extend(["--games", "50000000", "--threads", "1", "--quiet", "--out"]);
    args.push(out.to_str().unwrap());
    args
}

/// Sends `signal` (a `kill -s` name: INT, TERM, HUP, KILL) to `child`.
pub(crate) fn signal(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args(["-s", signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Waits until `ready` holds, for at most a minute (a slow machine may take long to start).
pub(crate) fn wait_for(mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < Duration::from_secs(60), "timed out");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether `dir` holds a staging folder (`.NAME.partial-PID`) of some run.
pub(crate) fn staging_in(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|d| {
        d.flatten()
            .any(|e| e.file_name().to_string_lossy().contains(".partial-"))
    })
}

pub(crate) use scratch::scratch;

#[path = "../../src/io/scratch.rs"]
mod scratch;

pub(crate) fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The value of `key` in a `run.toml`.
pub(crate) fn run_value(dir: &Path, key: &str) -> Option<toml::Value> {
    let text = fs::read_to_string(dir.join("run.toml")).ok()?;
    text.parse::<toml::Table>().ok()?.remove(key)
}
