//! Stopping a run from outside. SIGINT (Ctrl-C), SIGTERM (what `timeout`, Slurm and Kubernetes
//! send) and SIGHUP (a closed terminal) all ask a run to stop: the chunk of games under way
//! finishes, and every game finished is kept as a partial result. A second signal stops it
//! sooner: the last chunk taken stops after its game under way (see `runner::play_all`), and
//! every game finished is still kept. A third ends the process at once (the next run cleans up
//! what it left).
//!
//! A test stops a run without a clock through a hook: `WHISKER_TEST_STOP=N` acts as one signal
//! once N games are finished, `WHISKER_TEST_STOP=N,now` as two, and `WHISKER_TEST_STOP=N,TERM`
//! (or `INT`, `HUP`) sends the process that real signal then, so the handlers (and a signal the
//! process was started to ignore) are tested at a known point rather than after a sleep.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// The signal that asked the run to stop, or 0.
static STOP: AtomicUsize = AtomicUsize::new(0);
/// How many stopping signals came: 2 or more is "stop now".
static ASKED: AtomicUsize = AtomicUsize::new(0);

/// The signals that stop a run.
pub(crate) const STOPPING: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// The test hook's environment variable.
const HOOK: &str = "WHISKER_TEST_STOP";

/// Whether `sig` is ignored, as `nohup` (SIGHUP) or a shell's background process (SIGINT) leaves it:
/// such a signal was not meant to reach the run, so it is left alone.
fn ignored(sig: i32) -> bool {
    // SAFETY: sigaction with a null new action only reads the current one into `old`.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(sig, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
    }
}

/// What one stopping signal does: the first asks the run to stop, the second to stop now, the
/// third ends the process. Only atomics and `_exit`: safe in a signal handler.
fn asked(sig: i32) {
    let _ = STOP.compare_exchange(0, sig as usize, Ordering::SeqCst, Ordering::SeqCst);
    if ASKED.fetch_add(1, Ordering::SeqCst) >= 2 {
        signal_hook::low_level::exit(128 + sig);
    }
}

/// Starts catching the stopping signals (once per process), all but those the process was
/// started to ignore.
pub(crate) fn catch() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for sig in STOPPING.into_iter().filter(|&s| !ignored(s)) {
            // SAFETY: the handler only touches atomics and calls `_exit` (see `asked`).
            let _ = unsafe { signal_hook::low_level::register(sig, move || asked(sig)) };
        }
    });
}

/// The signal that asked the run to stop, if one did.
pub(crate) fn stopped() -> Option<i32> {
    match STOP.load(Ordering::Relaxed) {
        0 => None,
        s => Some(s as i32),
    }
}

/// Whether a second signal asked the run to stop now: after the game under way.
pub(crate) fn now() -> bool {
    ASKED.load(Ordering::Relaxed) >= 2
}

/// What the test hook does when its count of games is reached.
#[derive(Clone, Copy)]
enum Act {
    /// As one stopping signal.
    Once,
    /// As two: stop now.
    Now,
    /// Sends the process this signal.
    Raise(i32),
}

/// The test hook, read once: after this many games, what it does.
fn hook() -> Option<(u64, Act)> {
    static HOOKED: OnceLock<Option<(u64, Act)>> = OnceLock::new();
    *HOOKED.get_or_init(|| {
        let text = std::env::var(HOOK).ok()?;
        let (n, act) = match text.split_once(',') {
            None => (text.as_str(), Act::Once),
            Some((n, "now")) => (n, Act::Now),
            Some((n, "INT")) => (n, Act::Raise(SIGINT)),
            Some((n, "TERM")) => (n, Act::Raise(SIGTERM)),
            Some((n, "HUP")) => (n, Act::Raise(SIGHUP)),
            Some(_) => return None,
        };
        Some((n.trim().parse().ok()?, act))
    })
}

/// Whether the test hook is set (so the runner counts games for it).
pub(crate) fn hooked() -> bool {
    hook().is_some()
}

/// Counts one finished game for the test hook, which asks the run to stop (as SIGINT, once or
/// twice, or by sending a real signal) when its count is reached.
pub(crate) fn finished_game() {
    static GAMES: AtomicU64 = AtomicU64::new(0);
    static FIRED: AtomicBool = AtomicBool::new(false);
    let Some((after, act)) = hook() else {
        return;
    };
    if GAMES.fetch_add(1, Ordering::SeqCst) + 1 >= after && !FIRED.swap(true, Ordering::SeqCst) {
        match act {
            Act::Once => asked(SIGINT),
            Act::Now => {
                asked(SIGINT);
                asked(SIGINT);
            }
            // SAFETY: raise only sends this process a signal; the handlers are `asked`.
            Act::Raise(sig) => unsafe {
                libc::raise(sig);
            },
        }
    }
}

/// The signal's name, for messages.
pub(crate) fn name(signal: i32) -> &'static str {
    match signal {
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}
